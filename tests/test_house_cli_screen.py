"""``yams play --house annoncee`` (issue 22): a whole two-player game on the saved house sheet
``annoncee`` in a real 80 x 24 pseudo-terminal (:mod:`pty_screen`), every column filled in
the order its kind allows, then the final ranking and the game archived."""

from __future__ import annotations

import shutil
from pathlib import Path

from pty_screen import PtyScreen

from yams_scorekeeper.store import Store

REPO = Path(__file__).resolve().parent.parent
ANNONCEE = REPO / "examples" / "house" / "annoncee.toml"
ROWS = ["1", "2", "3", "4", "5", "6", "brelan", "carre", "full", "petite-suite",
        "grande-suite", "yams", "chance"]
#: every cell of a sheet in an order the columns allow: down, up, any, then each announced
CELLS = ([f"descendante.{r}" for r in ROWS] + [f"montante.{r}" for r in reversed(ROWS)]
         + [f"libre.{r}" for r in ROWS] + [f"annoncee.{r}" for r in ROWS])
DICE = "dice/roll"
CELL = "Cell ("


def test_play_house_annoncee_plays_a_whole_game_for_two_in_80_by_24(tmp_path):
    db = tmp_path / "store"
    (db / "houses").mkdir(parents=True)
    shutil.copy(ANNONCEE, db / "houses" / "annoncee.toml")
    with PtyScreen(["play", "--db", str(db), "--house", "annoncee"]) as term:
        term.wait("Players")
        assert "Rules (" not in term.text()                  # the sheet says its rules
        term.line("Ann, Bob")
        term.wait("Columns")
        term.line("")
        for n, cell in enumerate(c for c in CELLS for _ in range(2)):
            name = ("Ann", "Bob")[n % 2]
            term.wait(DICE)
            assert [line for line in term.lines() if line][-1].startswith(f"{name}, ")
            column, _, row = cell.partition(".")
            term.line("12345/1" + (f" announce {row}" if column == "annoncee" else ""))
            term.wait(CELL)
            screen = term.lines()
            assert len(screen) == 24 and max(len(line) for line in screen) <= 80
            term.line(cell)
        term.wait("archived.")
        text = term.text()
        assert "Game over!" in term.since.decode()
        term.line("q")                      # leave (not: take back the last cell)
        assert term.finish() == 0
    # 12345 every turn: 1+2+3+4+5, petite and grande suite, chance 15 = 100 a column (x4)
    assert "Grand total: Ann 400 · Bob 400" in text and "Tied for first: Ann, Bob." in text
    (finished,) = Store(str(db)).summaries()
    assert finished["config_key"].startswith("house/annoncee#")
    assert sorted(p["name"] for p in finished["players"]) == ["Ann", "Bob"], finished
