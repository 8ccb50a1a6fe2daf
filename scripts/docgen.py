"""What scripts/update_readme.py and scripts/gen_cli_reference.py share: the commands of the
Typer app, real runs of ``yams``, and the rewriting of marked blocks in a file.

A generated block sits between ``<!-- begin generated: NAME -->`` and
``<!-- end generated: NAME -->``; everything between the two lines is the generator's, the
rest of the file is written by hand. The tests (tests/test_docs.py) call the same functions
and compare their text with the files; they never write them.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

#: the terminal every output is made on: 80 columns, English, no colour
WIDTH = 80
BLOCK = re.compile(r"(<!-- begin generated: (?P<name>[\w-]+) -->\n)(?P<body>.*?)"
                   r"(<!-- end generated: (?P=name) -->)", re.S)
#: what changes from one real run to the next: game ids (8 or 32 hex digits), dates and times
_VARYING = [(re.compile(r"\b[0-9a-f]{32}\b|\b[0-9a-f]{8}\b"), "<id>"),
            (re.compile(r"\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2})?(?:\+00:00)?)?"), "<date>")]

NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                "ten", "eleven", "twelve")


def commands() -> list[tuple[str, object]]:
    """The ``yams`` commands in ``--help`` order, each with its Click command (from the app)."""
    import click
    import typer.main

    from yams_scorekeeper.cli.app import app

    group = typer.main.get_command(app)
    ctx = click.Context(group, info_name="yams")
    return [(name, group.get_command(ctx, name)) for name in group.list_commands(ctx)]


def summary(command) -> str:
    """A command's help in one line: the first sentence of its docstring, unwrapped."""
    first = " ".join((command.help or "").strip().split("\n\n")[0].split())
    sentence = re.match(r"(.*?[.!?])(?:\s|$)", first)
    return sentence.group(1) if sentence else first


def families() -> list[type]:
    """The registered rule families, in registry order."""
    from yams_scorekeeper.rules import RULESETS

    return list(RULESETS)


def family_count_words() -> str:
    """'six rule families' for six registered families."""
    return f"{NUMBER_WORDS[len(families())]} rule families"


def yams_env(db: str, **extra: str) -> dict[str, str]:
    """The environment of a documented run: a store of its own, English, 80 columns."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("YAMS_", "COLUMNS", "LINES"))}
    env.update({"YAMS_DB": db, "YAMS_LANG": "en", "COLUMNS": str(WIDTH), "LINES": "24",
                "NO_COLOR": "1", "TERM": "dumb", "PYTHONIOENCODING": "utf-8",
                "PYTHONPATH": str(REPO)}, **extra)
    return env


def run_yams(args: Iterable[str], db: str | None = None, stdin: str | None = None,
             **extra: str) -> str:
    """The output (stdout, then stderr) of ``yams ARGS`` run for real, lines right-stripped."""
    with tempfile.TemporaryDirectory(prefix="yams-doc-") as tmp:
        done = subprocess.run([sys.executable, "-m", "yams_scorekeeper", *args], input=stdin,
                              capture_output=True, encoding="utf-8", cwd=REPO, timeout=120,
                              env=yams_env(db or tmp, **extra))
    return tidy(done.stdout + done.stderr)


def tidy(text: str) -> str:
    """Lines right-stripped, no blank lines at either end."""
    return "\n".join(line.rstrip() for line in text.splitlines()).strip("\n")


def console(*runs: tuple[str, str]) -> str:
    """A ```console block of ``$ COMMAND`` lines, each followed by its output."""
    lines = ["```console"]
    for command, output in runs:
        lines.append(f"$ {command}")
        if output:
            lines.append(output)
    return "\n".join(lines + ["```"])


def fill(text: str, blocks: dict[str, Callable[[], str]]) -> str:
    """``text`` with each generated block's body made again by its function in ``blocks``
    (a block the file names but ``blocks`` does not is an error)."""
    def one(match: re.Match) -> str:
        name = match["name"]
        if name not in blocks:
            raise KeyError(f"no generator for the block {name!r}")
        return f"{match.group(1)}{blocks[name]().rstrip()}\n{match.group(4)}"

    return BLOCK.sub(one, text)


def block_names(text: str) -> list[str]:
    return [m["name"] for m in BLOCK.finditer(text)]


def steady(text: str) -> str:
    """``text`` with what differs between two real runs (ids, dates) masked, for comparing."""
    for pattern, mask in _VARYING:
        text = pattern.sub(mask, text)
    return text


def rewrite_blocks(files: Iterable[Path], blocks: dict[str, Callable[[], str]],
                   doc: str | None) -> int:
    """The ``main`` of a block generator: make ``files``' blocks again and write them, or with
    ``--check`` only say which file is out of date (exit status 1)."""
    import argparse

    parser = argparse.ArgumentParser(description=(doc or "").split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if out of date; write nothing")
    check = parser.parse_args().check
    status = 0
    for path in files:
        status |= write_or_check(path, fill(path.read_text(encoding="utf-8"), blocks), check)
    return status


def write_or_check(path: Path, new: str, check: bool) -> int:
    """Write ``new`` to ``path`` (or with ``check``, only say whether it differs, ids and dates
    aside). Returns the exit status: 1 when ``--check`` finds a difference."""
    old = path.read_text(encoding="utf-8") if path.exists() else ""
    rel = path.relative_to(REPO)
    if check:
        if steady(old) != steady(new):
            print(f"{rel} is out of date: run python scripts/{Path(sys.argv[0]).name}")
            return 1
        print(f"{rel} is up to date")
        return 0
    if steady(old) != steady(new):          # a new id or date alone is no change
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(new, encoding="utf-8")
        print(f"{rel} written")
    else:
        print(f"{rel} unchanged")
    return 0
