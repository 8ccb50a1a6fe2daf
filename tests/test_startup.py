"""Start-up: a command imports only its own module; the --json paths never import rich; the
store lock needs no third-party package. (Times are measured in benchmarks/bench_startup.py.)"""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

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


# -- the console script: each command through the Typer app, its heavy imports inside it ---

#: the packages and modules whose loading the console-script probe reports
WATCHED = ("typer", "click", "rich", "yams_scorekeeper", "tinydb", "dataclasses", "inspect",
           "hashlib", "shutil", "typing", "datetime", "platformdirs", "tomllib", "unicodedata",
           "numpy", "starlette", "uvicorn")

MAIN = f"""
import json, sys
WATCHED = {WATCHED!r}
from yams_scorekeeper.cli.app import main
sys.argv = ["yams", *sys.argv[1:]]
code = 0
try:
    main()
except SystemExit as done:
    code = done.code
sys.stdout.flush()
print(json.dumps([code, sorted(m for m in sys.modules if m.split(".")[0] in WATCHED)]),
      file=sys.stderr)
"""


def yams_run(db, *args: str) -> tuple[str, str, int, set[str]]:
    """What the console script ``yams ARGS`` printed, its status and the modules it loaded."""
    env = {"YAMS_DB": str(db), "YAMS_LANG": "en", "PATH": "", "COLUMNS": "80"}
    done = subprocess.run([sys.executable, "-c", MAIN, *args], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, env=env)
    *said, last = done.stderr.splitlines()
    status, modules = json.loads(last)
    return done.stdout, "\n".join(said), status, set(modules)


#: a turn of each kind of family, refusals included (text and JSON), in order
TURNS = {
    "classic": [("enter", "11123", "--roll", "1"), ("cells",), ("cells", "--json"),
                ("mark", "99"), ("mark", "--json"), ("mark", "1"), ("undo", "--json"),
                ("enter", "1", "--json"), ("enter", "111", "23/1"), ("mark", "libre.1"),
                ("undo",), ("undo",), ("score", "-R", "classic", "-r", "1", "55533"),
                ("score", "--json", "-R", "gaby", "--roll=2", "55533", "--all"),
                ("score", "-R", "nope", "-r1", "55533"), ("enter", "--", "12345/2")],
    "double": [("enter", "1cp", "2cp", "3cp", "4fp", "5fp", "6cg", "6cg", "1fg", "2fg", "3fg",
                "-r", "1", "--json"), ("cells", "--json"), ("cells",), ("mark", "1", "--json"),
               ("score", "-R", "double", "-r", "2", "--json", "cp665", "fp12", "cg34", "fg556")],
}


@pytest.mark.parametrize("family", sorted(TURNS))
def test_a_turn_loads_rich_only_to_draw_a_table_and_no_other_command(tmp_path, family):
    probe(tmp_path, "new", "-R", family, "-p", "Alice", "-p", "Bob")
    statuses = set()
    for args in TURNS[family]:
        out, err, status, modules = yams_run(tmp_path, *args)
        statuses.add(status)
        if args[:2] != ("score", "-R"):                             # a score's table: Rich
            assert not {m for m in modules if m.split(".")[0] == "rich"}, args
        assert not {"yams_scorekeeper.cli.play", "yams_scorekeeper.cli.book_cmds"} & modules, args
    assert statuses == ({0, 2, 3} if family == "classic" else {0})     # refusals said


# -- what a table action loads, in every family --------------------------------------

#: third-party packages a plain table action never needs (Typer, which reads its arguments,
#: brings shutil and datetime; TinyDB, dataclasses and hashlib are the standard ways it works)
NOT_ON_A_TABLE_ACTION = ("click", "rich", "platformdirs", "numpy", "starlette", "uvicorn")
FAMILY_DICE = {"classic": "55533", "gaby": "55533", "duel": "55533", "yatzy": "55533",
               "yahtzee": "55533"}
HOUSE_SHEET = str(Path(__file__).resolve().parent.parent / "examples" / "house" / "sirtin.toml")


def test_a_turn_of_a_house_sheet_loads_no_heavy_module(tmp_path):
    probe(tmp_path, "new", "--house", HOUSE_SHEET, "-p", "Alice", "-p", "Bob")
    for args in (("enter", "55533", "--roll", "1"), ("cells",), ("mark", "1"), ("undo",)):
        out, err, status, modules = yams_run(tmp_path, *args)
        assert status == 0, (args, err)
        assert not {m for m in modules if m.split(".")[0] in NOT_ON_A_TABLE_ACTION}, args
        assert "tinydb" in modules, args                   # the game is read through TinyDB
    # the sheet's file was read by `new`: its entry in the cache answers, no TOML is parsed
    out, err, status, modules = yams_run(tmp_path, "score", "--json", "--house",
                                         HOUSE_SHEET, "-r", "1", "55533")
    assert status == 0 and "tomllib" not in modules, err
    assert not {m for m in modules if m.split(".")[0] in ("click", "rich",
                                                          "platformdirs")}, modules


@pytest.mark.parametrize("family", sorted(FAMILY_DICE))
def test_a_turn_loads_no_needless_package_and_one_family(tmp_path, family):
    from yams_scorekeeper.rules import FAMILIES

    probe(tmp_path, "new", "-R", family, "-p", "Alice", "-p", "Bob")
    for args in (("enter", FAMILY_DICE[family], "--roll", "1"), ("cells",), ("mark", "1"),
                 ("score", "--json", "-R", family, "-r", "1", FAMILY_DICE[family])):
        out, err, status, modules = yams_run(tmp_path, *args)
        assert status == 0, (args, err)
        assert not {m for m in modules if m.split(".")[0] in NOT_ON_A_TABLE_ACTION}, args
        families = {m.rsplit(".", 1)[1] for m in modules
                    if m.startswith("yams_scorekeeper.rules.")} & set(FAMILIES)
        assert families <= {family, "yatzy"}, (args, families)    # yahtzee is made on yatzy
        if args[0] != "score":
            assert "tinydb" in modules, args
            assert not {"yams_scorekeeper.store.archive", "yams_scorekeeper.store.record_book",
                        "yams_scorekeeper.store.checkup", "yams_scorekeeper.book.records",
                        "yams_scorekeeper.store.summary_index"} & modules, args


def test_the_table_path_of_a_house_game_reads_through_tinydb(tmp_path):
    import pathlib

    sheet = pathlib.Path(__file__).parent.parent / "examples" / "house" / "sirtin.toml"
    probe(tmp_path, "new", "--house", str(sheet), "-p", "Alice", "-p", "Bob")
    for args in (("enter", "55533", "--roll", "1"), ("cells",), ("mark", "1")):
        out, err, status, modules = yams_run(tmp_path, *args)
        assert status == 0, (args, err)
        assert not {m for m in modules if m.split(".")[0] in ("click", "rich")}, args
        assert {"tinydb.database", "tinydb.middlewares"} <= modules, args


def test_the_family_registry_names_each_family_where_it_lives():
    code = ("import sys; from yams_scorekeeper.rules import FAMILIES, RULESETS, get_rules; "
            "get_rules('gaby'); import json; "
            "print(json.dumps(sorted(m for m in sys.modules if m.startswith("
            "'yams_scorekeeper.rules.'))))")
    loaded_by_one = json.loads(subprocess.run(
        [sys.executable, "-c", code.replace("RULESETS, ", "")], capture_output=True,
        text=True, check=True).stdout)
    from yams_scorekeeper.rules import FAMILIES, RULESETS, rules_class

    # the rule set's own parts (base, its rows, hints, memo, settings, choices) and gaby's
    # modules, no other family's
    family_modules = {f"yams_scorekeeper.rules.{where.partition(':')[0]}"
                      for where in FAMILIES.values()}
    assert "yams_scorekeeper.rules.base" in loaded_by_one
    assert family_modules & set(loaded_by_one) == {"yams_scorekeeper.rules.gaby"}
    assert set(loaded_by_one) - family_modules <= {
        f"yams_scorekeeper.rules.{m}"
        for m in ("base", "rows", "five_dice", "hints", "memo", "settings", "choices")}

    assert [cls.family for cls in RULESETS] == list(FAMILIES)
    for cls in RULESETS:
        assert rules_class(cls.family) is cls
        for alias in cls.aliases:
            assert rules_class(alias) is cls


def test_every_character_shown_escapes_is_one_isprintable_refuses():
    """safetext returns printable text as it is: that is right only because every character
    its patterns escape is one ``str.isprintable`` refuses (and JSON's are past ASCII or DEL)."""
    from yams_scorekeeper.base import safetext

    everything = "".join(map(chr, range(0x110000)))
    for name in ("unsafe", "unsafe_keep_newlines", "surrogate", "json_unsafe"):
        found = safetext._pattern(name).findall(everything)
        assert found and not any(ch.isprintable() for ch in found), name
    assert all(not ch.isascii() or ch == "\x7f"
               for ch in safetext._pattern("json_unsafe").findall(everything))
    assert safetext.shown("a\x1bb\u202e") == "a\\x1bb\\u202e" and safetext.shown("é ok") == "é ok"
    assert safetext.json_text(["\u2028", "\x7f", "é"]) == '["\\u2028", "\\u007f", "é"]'
