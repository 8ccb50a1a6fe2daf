"""Write the generated blocks of README.md and docs/index.md again from real runs of ``yams``:
the rule families (from the registry), the version, a score, a table session (``yams play``
fed the lines of :data:`SESSION_INPUT`) and the list of commands (from the Typer app).

    python scripts/update_readme.py           # run the commands, rewrite the marked blocks
    python scripts/update_readme.py --check   # exit 1 if a block is out of date; writes nothing

Only the text between ``<!-- begin generated: NAME -->`` and ``<!-- end generated: NAME -->``
is rewritten. Game ids and dates differ from one run to the next; they alone are no change.
tests/test_docs.py makes the blocks again and compares them with the files.
"""

from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from docgen import (
    REPO,
    commands,
    console,
    families,
    family_count_words,
    rewrite_blocks,
    run_yams,
    summary,
)

FILES = (REPO / "README.md", REPO / "docs" / "index.md")

SCORE_ARGS = ["score", "--rules", "gaby", "55533/2"]
#: what the players type in the README's table session, one line a prompt
SESSION_INPUT = ["duel", "Alice, Bob", "55533/2", "full", "q"]


def families_block() -> str:
    lines = [f"It knows {family_count_words()} (an id or an alias picks one: `yams play` asks, "
             "`--rules` elsewhere):", ""]
    for rules in families():
        names = ", ".join(f"`{name}`" for name in (rules.family, *rules.aliases))
        columns = ", ".join(rules.column_names.values())
        plural = "s" if len(rules.column_names) > 1 else ""
        lines.append(f"- {rules.title} ({names}): column{plural}"
                     f" {columns}; {rules.min_players} to {rules.max_players} players.")
    return "\n".join(lines)


def version_block() -> str:
    return console(("yams --version", run_yams(["--version"])))


def score_block() -> str:
    return console(("yams " + " ".join(SCORE_ARGS), run_yams(SCORE_ARGS)))


def session_block() -> str:
    return console(("yams play", run_yams(["play"], stdin="\n".join(SESSION_INPUT) + "\n")))


def double_block() -> str:
    """A whole Double Yams turn as the player sees it at 80 x 24 (a real pty, read by pyte)."""
    from screen_capture import capture

    return "```text\n" + capture("double", "en", 1, [], 80, 24) + "\n```"


#: a paper sheet of the README's club section, typed into ``yams carnet`` on standard input
CARNET = """rules: yatzy
date: 1998-07
player: Alice
1: 3
2: 6
3: 9
4: 12
5: 15
6: 18
one pair: 12
two pairs: 22
three of a kind: 15
four of a kind: 20
small straight: 15
large straight: x
full house: 26
chance: 23
yatzy: 50
total: 300
"""


def club_block() -> str:
    """A paper sheet typed in, then the history as CSV for a spreadsheet (one store)."""
    with tempfile.TemporaryDirectory(prefix="yams-doc-") as db:
        carnet = run_yams(["carnet", "--file", "-"], db=db, stdin=CARNET)
        csv = run_yams(["history", "--csv", "-"], db=db)
    return console(("yams carnet --file - < grandma-1998.txt", carnet),
                   ("yams history --csv -", csv))


#: the turns of ``yams demo`` docs/index.md shows whole, before the last one
DEMO_TURNS = 2


def demo_block() -> str:
    """``yams demo`` as docs/index.md shows it: its first turns, its last one, the ending."""
    lines = run_yams(["demo"]).splitlines()
    starts = [k for k, line in enumerate(lines) if re.match(r"Turn \d+ · ", line)]
    kept = lines[:starts[DEMO_TURNS]] + [
        f"[… turns {DEMO_TURNS + 1} to {len(starts) - 1} …]", ""] + lines[starts[-1]:]
    return console(("yams demo", "\n".join(kept)))


def commands_block() -> str:
    return "\n".join(f"- `yams {name}`: {summary(command)}" for name, command in commands())


BLOCKS = {"families": families_block, "version": version_block, "score": score_block,
          "double": double_block, "club": club_block,
          "commands": commands_block, "demo": demo_block}


def main() -> int:
    return rewrite_blocks(FILES, BLOCKS, __doc__)


if __name__ == "__main__":
    raise SystemExit(main())
