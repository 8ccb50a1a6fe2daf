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
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from docgen import REPO, console, fill, run_yams, write_or_check

#: a command of a session: its arguments, and what of its output the page shows: None all,
#: a number its first lines, a pattern the header of its table (4 lines) and the row that
#: matches (with its wrapped lines), :data:`HIDDEN` neither the command nor its output (a
#: setting up); what is left out is a line ``...``
Run = tuple[Sequence[str], "int | str | None"]
HIDDEN = -1


def session(*runs: Run) -> str:
    """A ```console block of ``runs`` made one after the other on one new store."""
    with tempfile.TemporaryDirectory(prefix="yams-doc-") as db:
        shown = []
        for args, keep in runs:
            out = run_yams(args, db=db)
            if keep != HIDDEN:
                shown.append(("yams " + " ".join(_quoted(a) for a in args), _kept(out, keep)))
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
    return arg if re.fullmatch(r"[\w./=:+-]+", arg) else f'"{arg}"'


def annoncee_game() -> str:
    """docs/guide/annoncee.md: a game with the annoncée column, announces and refusals."""
    return session((["new", "--rules", "classic", "-p", "Ana", "--column", "annoncee",
                     "--column", "libre"], None),
                   (["enter", "55533/3", "--announce", "full"], None),
                   (["mark", "annoncee.full"], None),
                   (["enter", "12346/3", "--announce", "yam"], None),
                   (["mark", "libre.suite"], None),
                   (["mark", "1"], None),
                   (["enter", "66655/2"], 7),
                   (["mark", "annoncee.plus"], None))


def double_cells() -> str:
    """docs/guide/quick-commands.md: a Double Yams entry's cell whose reason wraps at 80."""
    return session((["new", "--rules", "double", "-p", "Alice"], HIDDEN),
                   (["enter", "1cp", "2cp", "3cp", "4fp", "5fp", "6cg", "6cg", "1fg", "2fg",
                     "3fg", "-r", "1"], r"^\s*\d+\s+Double petite suite"))


PAGES: dict[Path, dict[str, Callable[[], str]]] = {
    REPO / "docs" / "guide" / "annoncee.md": {"annoncee-game": annoncee_game},
    REPO / "docs" / "guide" / "quick-commands.md": {"double-cells": double_cells},
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
