"""Play one real turn of ``yams play`` in a pseudo-terminal and print the screen as text.

The screen is what a player sees on a terminal of 80 x 24 (the size is set on the pty; the
output is read through the ``pyte`` VT100 emulator, a test extra: ``pip install -e '.[test]'``),
for the README and the docs::

    python scripts/screen_capture.py                       # a Double Yams turn, in English
    python scripts/screen_capture.py --lang fr --turns 2   # the second turn, in French
    python scripts/screen_capture.py --family gaby --dice 55533/1 --dice 66666/2

The game is played in a store of its own, in a temporary folder deleted afterwards. Each
turn types the dice (``--dice``, once per coup; the family's example by default) and, on
every turn before the last, the first cell offered (handle ``e``); the screen is printed
at the last turn's cell prompt.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

#: the setup answers of a two-player game and a turn's dice, per family
SETUPS = {
    "double": (["double", "Alice, Bob", "classique"], ["cp123 fp45 cg66 fg123 /2"]),
    "gaby": (["gaby", "Alice, Bob", "n", ""], ["55533/1", "66666/2"]),
    "classic": (["classic", "Alice, Bob", "", ""], ["55533/2"]),
    "duel": (["duel", "Alice, Bob"], ["55533/2"]),
    "yatzy": (["yatzy", "Alice, Bob"], ["55533/2"]),
    "yahtzee": (["yahtzee", "Alice, Bob"], ["55533/2"]),
}
CELL = ("Cell (", "Case (")
DICE = ("dice/roll", "dés/lancer")


def capture(family: str, lang: str, turns: int, dice: list[str], cols: int, rows: int) -> str:
    """The screen at the cell prompt of turn ``turns``, as text (trailing spaces dropped)."""
    from pty_screen import PtyScreen

    setup, default = SETUPS[family]
    with tempfile.TemporaryDirectory() as db:
        with PtyScreen(["play", "--db", db], cols=cols, rows=rows, lang=lang) as term:
            for answer in setup:
                term.wait(": ")
                term.line(answer)
            for turn in range(1, turns + 1):
                term.wait_prompt(DICE)
                for coup in dice or default:
                    term.line(coup)
                    term.wait_prompt(CELL + ("Second coup", "dés/lancer"))
                if not term.wait_prompt(CELL + ("Second coup",)).startswith(CELL):
                    term.line("")
                    term.wait_prompt(CELL)
                if turn < turns:
                    term.line("e")
            return "\n".join(term.lines())


def screen_after(setup: list[str], typed: list[tuple[str, str]], lang: str = "en",
                 cols: int = 80, rows: int = 24) -> str:
    """The screen once the setup is answered and each line of ``typed`` is typed, waiting
    after each for its marker (a prompt) to be printed."""
    from pty_screen import PtyScreen

    with tempfile.TemporaryDirectory() as db:
        with PtyScreen(["play", "--db", db], cols=cols, rows=rows, lang=lang) as term:
            for answer in setup:
                term.wait(": ")
                term.line(answer)
            term.wait_prompt(DICE)
            for line, marker in typed:
                term.line(line)
                term.wait(marker)
            return "\n".join(term.lines())


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--family", choices=sorted(SETUPS), default="double")
    parser.add_argument("--lang", choices=("en", "fr"), default="en")
    parser.add_argument("--turns", type=int, default=1, help="the turn to show (from 1)")
    parser.add_argument("--dice", action="append", default=[],
                        help="the dice of a coup, as typed (again for a second coup)")
    parser.add_argument("--cols", type=int, default=80)
    parser.add_argument("--rows", type=int, default=24)
    args = parser.parse_args(argv)
    print(capture(args.family, args.lang, max(args.turns, 1), args.dice, args.cols, args.rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
