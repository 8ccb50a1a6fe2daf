"""Start-up: a command imports only its own module; the --json paths never import rich; the
store lock needs no third-party package. (Times are measured in benchmarks/bench_startup.py.)"""

from __future__ import annotations

import importlib
import json
import subprocess
import sys

from yams_scorekeeper.cli.app import COMMAND_MODULES, COMMAND_NAMES

PROBE = """
import json, sys
from yams_scorekeeper.cli.app import app
try:
    app(prog_name="yams", args=sys.argv[1:])
except SystemExit:
    pass
sys.stdout.flush()
print(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] in
                        ("rich", "filelock", "sqlite3", "concurrent", "yams_scorekeeper"))),
      file=sys.stderr)
"""


def loaded(tmp_path, *args: str) -> set[str]:
    return probe(tmp_path, *args)[0]


def probe(tmp_path, *args: str) -> tuple[set[str], str]:
    """The modules ``yams ARGS`` loaded (of the packages PROBE lists), and what it printed."""
    done = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL,
                          env={"YAMS_DB": str(tmp_path), "YAMS_LANG": "en", "PATH": "",
                               "COLUMNS": "100"})
    return set(json.loads(done.stderr.splitlines()[-1])), done.stdout


def test_the_lazy_command_table_lists_every_command_of_every_module():
    for module in COMMAND_MODULES:
        commands = importlib.import_module(f"yams_scorekeeper.cli.{module}").COMMANDS
        names = tuple((e[1].get("name") if isinstance(e, tuple) else None)
                      or (e[0] if isinstance(e, tuple) else e).__name__.replace("_", "-")
                      for e in commands)
        assert COMMAND_NAMES.get(module, names) == names, module


def test_score_json_loads_neither_rich_nor_other_command_modules(tmp_path):
    modules = loaded(tmp_path, "score", "--json", "-R", "classic", "-r", "1", "55533")
    assert "yams_scorekeeper.cli.score" in modules
    assert not {m for m in modules if m.startswith(("rich", "filelock", "sqlite3"))}
    assert not {"yams_scorekeeper.cli.play", "yams_scorekeeper.cli.book_cmds",
                "yams_scorekeeper.store"} & modules


def test_a_table_action_loads_its_module_only_and_no_summaries_index(tmp_path):
    modules = loaded(tmp_path, "new", "-R", "classic", "-p", "Alice", "-p", "Bob")
    assert "yams_scorekeeper.cli.turn_cmds" in modules and "yams_scorekeeper.store" in modules
    assert not {"yams_scorekeeper.cli.play", "yams_scorekeeper.cli.book_cmds",
                "yams_scorekeeper.cli.sheet_cmds", "yams_scorekeeper.cli.transcript_cmds",
                "yams_scorekeeper.store.summary_index", "sqlite3", "filelock",
                "concurrent.futures"} & modules
    modules = loaded(tmp_path, "cells", "--json")
    assert not {m for m in modules if m.startswith("rich")}


def test_table_actions_print_without_rich(tmp_path):
    probe(tmp_path, "new", "-R", "classic", "-p", "Alice", "-p", "Bob")
    for args, said in ((("enter", "11123", "--roll", "1"), "  1   Libre · 1             3"),
                       (("cells",), " 14   Montante · Yam        0"),
                       (("mark", "1"), "Alice wrote Libre · 1: 3"),
                       (("undo",), "Cancelled: Alice: Libre · 1"),
                       (("undo",), "Cancelled: Alice: dice 1 1 1 2 3 (roll 1)")):
        modules, out = probe(tmp_path, *args)
        assert said in out
        assert not {m for m in modules if m.startswith("rich")}, args


def test_a_command_run_builds_that_command_only():
    import typer.main

    from yams_scorekeeper.cli.app import app

    group = typer.main.get_group(app)
    assert group.get_command(None, "enter").name == "enter"
    assert "enter" in group.commands and not {"new", "mark", "cells"} & set(group.commands)
    assert group.get_command(None, "mark").name == "mark"        # its neighbours still load


def test_help_still_lists_every_command():
    from helpers import run

    out = run(None, "--help").stdout
    for names in COMMAND_NAMES.values():
        for name in names:
            assert f" {name} " in out, name
