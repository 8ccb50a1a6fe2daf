"""Write the generated blocks of the documentation pages again from real runs of ``yams``:
each block is a session of commands typed one after the other on one store of its own, in
English at 80 columns (as ``scripts/update_readme.py`` does for the README).

    python scripts/update_docs.py           # run the sessions, rewrite the marked blocks
    python scripts/update_docs.py --check   # exit 1 if a block is out of date; writes nothing

Only the text between ``<!-- begin generated: NAME -->`` and ``<!-- end generated: NAME -->``
is rewritten; game ids and dates alone are no change. tests/test_doc_runs.py makes the
blocks again and compares them with the pages.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from docgen import REPO, console, fill, run_yams, write_or_check


@dataclass
class Step:
    """A ``$`` line of a session: its commands, run in order, of which the page shows the
    last one's output (the others' goes to ``/dev/null``), and what of that output: None
    all, 0 nothing (``> /dev/null`` too), a number its first lines, a pattern the header of
    its table (4 lines) and the row that matches, with its wrapped lines; what is left out is
    a line ``...``. ``line``: the ``$`` line as written (default: the commands, joined by
    ``&&``); ``hidden``: a setting up, neither line nor output shown."""

    commands: list[list[str]]
    keep: int | str | None = None
    line: str | None = None
    hidden: bool = False

    def said(self) -> str:
        if self.line is not None:
            return self.line
        typed = ["yams " + " ".join(_quoted(a) for a in args) for args in self.commands]
        last = len(typed) - 1 if self.keep != 0 else len(typed)
        return " && ".join(text + (" > /dev/null" if k < last else "")
                           for k, text in enumerate(typed))


def run(*args: str, keep: int | str | None = None) -> Step:
    """A step of one command."""
    return Step([list(args)], keep)


def session(*steps: Step) -> str:
    """A ```console block of ``steps`` made one after the other on one new store."""
    with tempfile.TemporaryDirectory(prefix="yams-doc-") as db:
        shown = []
        for step in steps:
            out = ""
            for args in step.commands:
                out = run_yams(args, db=db)
            if not step.hidden:
                shown.append((step.said(), "" if step.keep == 0 else _kept(out, step.keep)))
    return console(*shown)


def _kept(out: str, keep: int | str | None) -> str:
    lines = out.splitlines()
    if isinstance(keep, str):
        first = next(k for k, line in enumerate(lines) if re.search(keep, line))
        last = next((k for k in range(first + 1, len(lines))
                     if re.match(r"\s*\d+\s|\S", lines[k])), len(lines))
        return "\n".join(lines[:4] + [" ..."] + lines[first:last])
    if keep is not None and len(lines) > keep:
        return "\n".join(lines[:keep] + ["..."])
    return out


def _quoted(arg: str) -> str:
    return arg if re.fullmatch(r"[\w./=:+@-]+", arg) else f'"{arg}"'


def annoncee_game() -> str:
    """docs/guide/annoncee.md: a game with the annoncée column, announces and refusals."""
    return session(run("new", "--rules", "classic", "-p", "Ana", "--column", "annoncee",
                       "--column", "libre"),
                   run("enter", "55533/3", "--announce", "full"),
                   run("mark", "annoncee.full"),
                   run("enter", "12346/3", "--announce", "yam"),
                   run("mark", "libre.suite"),
                   run("mark", "1"),
                   run("enter", "66655/2", keep=7),
                   run("mark", "annoncee.plus"))


def double_cells() -> str:
    """docs/guide/quick-commands.md: a Double Yams entry's cell whose reason wraps at 80."""
    return session(Step([["new", "--rules", "double", "-p", "Alice"]], hidden=True),
                   run("enter", "1cp", "2cp", "3cp", "4fp", "5fp", "6cg", "6cg", "1fg", "2fg",
                       "3fg", "-r", "1", keep=r"^\s*\d+\s+Double petite suite"))


def duel_script() -> str:
    """docs/guide/scripting.md: a Duel game kept one command at a time."""
    return session(Step([], line="export YAMS_DB=$(mktemp -d)"),
                   run("new", "--rules", "duel", "-p", "Alice", "-p", "Bob"),
                   run("enter", "55533/2"),
                   run("mark", "9"),
                   run("enter", "66634/3", "--joker", "4:6", keep=0),
                   run("cells", keep=1),
                   run("mark", "carre"),
                   Step([["enter", "11246", "--roll", "3"], ["mark", ".1"]]),
                   Step([["enter", "12256/3"], ["mark", "yam", "--scratch"]]),
                   run("undo"),
                   run("mark", "chance", "--json"),
                   run("games"),
                   run("end"))


def gaby_doblar() -> str:
    """docs/guide/scripting.md: a Gaby doblar from the command line."""
    return session(run("new", "--rules", "gaby", "-p", "Alice", "-p", "Bob", "--column",
                       "libre", "--column", "sec", "--option", "deux-coups", "--option",
                       "doblar", "--order", "given"),
                   Step([["enter", "55533/2"], ["enter", "12345/1"]], keep=0),
                   run("mark", "libre.full", "--doblar", "sec.suite@2"))


PAGES: dict[Path, dict[str, Callable[[], str]]] = {
    REPO / "docs" / "guide" / "annoncee.md": {"annoncee-game": annoncee_game},
    REPO / "docs" / "guide" / "quick-commands.md": {"double-cells": double_cells},
    REPO / "docs" / "guide" / "scripting.md": {"duel-script": duel_script,
                                               "gaby-doblar": gaby_doblar},
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if out of date; write nothing")
    check = parser.parse_args().check
    status = 0
    for path, blocks in PAGES.items():
        status |= write_or_check(path, fill(path.read_text(encoding="utf-8"), blocks), check)
    return status


if __name__ == "__main__":
    raise SystemExit(main())
