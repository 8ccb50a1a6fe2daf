"""Write the generated blocks of the table guides again from real runs of ``yams play``: the
sessions of docs/guide/table.md and docs/fr/table.md, the screens of docs/guide/screen.md (a
pty of 80 x 24, :mod:`screen_capture`) and the resumed game of docs/guide/data-safety.md, so
that every handle and prompt they show is the program's own.

    python scripts/update_guides.py           # run the sessions, rewrite the marked blocks
    python scripts/update_guides.py --check   # exit 1 if a block is out of date; writes nothing

As for scripts/update_readme.py, only the text between ``<!-- begin generated: NAME -->`` and
``<!-- end generated: NAME -->`` is rewritten; tests/test_docs.py compares the blocks.
"""

from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import update_readme  # noqa: E402
from docgen import REPO, console, rewrite_blocks, run_yams  # noqa: E402

FILES = tuple(REPO / "docs" / name for name in ("guide/table.md", "guide/screen.md",
                                                "guide/data-safety.md", "fr/table.md"))

#: a whole Duel au Yam game for two: Alice's and Bob's lines, turn after turn
DUEL = ["duel", "Alice, Bob",
        "55533/2", "full", "6663/3", "66634/3 joker 4:6", "carre",
        "11456/2", "1", "11145/2", "1", "22245/2", "2", "22245/2", "2",
        "33345/2", "3", "33345/2", "3", "44412/2", "4", "44412/2", "4",
        "55512/2", "5", "55512/2", "5", "66612/2", "6", "66612/2", "6",
        "66612/2", "brelan", "12346/2", "x brelan", "44441/3", "carre", "22333/2", "full",
        "12346/2", "petite suite", "12346/2", "petite suite", "23456/2", "grande suite",
        "11223/3", "x grande suite", "55555/3", "yam", "11223/3", "x yam",
        "65432/2", "chance", "66543/2", "chance"]
#: a Yams Gaby turn with the gaby preset: a full, a second coup, a doblar
GABY = ["gaby", "{a}, {b}", "n", "", "55533/2", "12345/1", "d libre.full@1 sec.suite@2", "q"]
BANNER = re.compile(r"^\S.* · (turn|tour) \d+")


def play(lines: list[str], lang: str = "en", db: str | None = None, *args: str) -> str:
    """What ``yams play`` prints when these lines are typed (a log: each answer echoed)."""
    return run_yams(["play", *args], db=db, stdin="\n".join(lines) + "\n", YAMS_LANG=lang)


def between(text: str, first: str, last: str | None = None) -> str:
    """The lines from the first one starting with ``first`` to the first one after it that
    starts with ``last`` (both kept; to the end without ``last``)."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(first))
    end = len(lines) if last is None else next(
        i for i, line in enumerate(lines) if i > start and line.startswith(last)) + 1
    return "\n".join(lines[start:end])


def duel_block() -> str:
    """The whole game, its first two turns and the last one shown, the others counted."""
    lines = play(DUEL).splitlines()
    turns = [i for i, line in enumerate(lines) if BANNER.match(line)]
    kept = lines[:turns[2]] + [f"[… {len(turns) - 3} more turns, typed the same way (rows 1 "
                               "to 6 as digits: 1 … 6) …]", ""] + lines[turns[-1]:]
    return console(("yams play", "\n".join(kept)))


def fenced(text: str, kind: str = "console") -> str:
    return f"```{kind}\n{text}\n```"


def gaby_block() -> str:
    text = play([line.format(a="Alice", b="Bob") for line in GABY])
    return fenced(between(text, "Alice · turn 1", "Alice's total"))


def gaby_fr_block() -> str:
    text = play([line.format(a="Léo", b="Zoé") for line in GABY], "fr")
    head = between(text, "yams play", "Léo, dés/lancer")
    tail = between(text, "Doblar", "Léo, total")
    return console(("YAMS_LANG=fr yams play", f"{head}\n[… the two grids and the second coup "
                    f"(12345/1), as above …]\n{tail}"))


def double_block() -> str:
    text = play(["double", "Alice", "classique", "66655/2", "cp665 fp12 cg34 fg556 /2",
                 "double brelan", "q"])
    return fenced(between(text, "Alice · turn 1", "Alice's total"))


def rules_block(lang: str, *args: str) -> str:
    said = f"yams --lang fr rules {' '.join(args)}" if lang == "fr" else \
        f"yams rules {' '.join(args)}"
    return console((said, run_yams(["--lang", lang, "rules", *args])))


FR_DUEL = ["duel", "Léa, Hugo", "5553/2", "55533/2", "full", "66634/3 joker 4:6", "carre", "q"]


def fr_duel_block() -> str:
    return console(("YAMS_LANG=fr yams play", play(FR_DUEL, "fr")))


def fr_help_block() -> str:
    text = play(["duel", "Léa, Hugo", "h", "q"], "fr")
    lines = between(text, "À tout moment").splitlines()
    end = next(i for i, line in enumerate(lines) if line.startswith("Léa, dés/lancer"))
    return fenced("\n".join(lines[:end]))


def resume_block() -> str:
    """A game whose input ended while it waited for Bob's cell, resumed: only the cell is
    asked again (as after a kill -9: the dice were stored)."""
    with tempfile.TemporaryDirectory(prefix="yams-doc-") as db:
        first = play(["duel", "Alice, Bob", "55533/2", "full", "66634/3 joker 4:6"], db=db)
        game = re.search(r"yams play --game ([0-9a-f]{8})", first)
        assert game is not None, first
        text = play(["carre", "q"], "en", db, "--game", game.group(1))
    lines = text.splitlines()
    banner = next(i for i, line in enumerate(lines) if BANNER.match(line))
    resumed = next(i for i, line in enumerate(lines) if line.startswith("Resuming"))
    end = next(i for i, line in enumerate(lines) if line.startswith("Bob's total"))
    kept = lines[:resumed + 1] + ["[… the sheets: Alice's Full 25, Bob to play …]", ""] + \
        lines[banner:end + 1]
    return console((f"yams play --game {game.group(1)}", "\n".join(kept)))


EIGHT = "Alexandre, Bérénice, Charlotte, Dominique, Emmanuelle, Françoise, Guillaume, Hippolyte"


def screen_pages_block() -> str:
    """Eight players of Yam classique: ``s`` at Bérénice's first turn, one page a screen."""
    from screen_capture import screen_after

    return fenced(screen_after(["classic", EIGHT, "", ""], [("55533/2", "Cell ("),
                                                            ("full", "dice/roll"),
                                                            ("s", "dice/roll")]), "text")


BLOCKS = {"table-duel": duel_block, "table-gaby": gaby_block, "table-gaby-fr": gaby_fr_block,
          "table-double": double_block, "table-rules": lambda: rules_block(
              "fr", "double", "geante-carre"),
          "fr-duel": fr_duel_block, "fr-help": fr_help_block,
          "fr-rules": lambda: rules_block("fr", "duel", "yam").replace(
              "yams --lang fr rules", "YAMS_LANG=fr yams rules"),
          "safety-resume": resume_block,
          "screen-double": update_readme.double_block, "screen-pages": screen_pages_block}


def main() -> int:
    return rewrite_blocks(FILES, BLOCKS, __doc__)


if __name__ == "__main__":
    raise SystemExit(main())
