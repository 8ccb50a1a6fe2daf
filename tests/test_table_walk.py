"""Issue 34's acceptance: every family and every example house sheet played to the end through
``yams play`` in a real 80 x 24 pty, in French and in English, with a typo, an undo, ``why``,
``hint``, the help and the sheet (:mod:`table_walk`). At every prompt the screen holds the
dice typed, the grid's column header, the player's name, the last message and the prompt; no
line is folded inside a word; every handle shown labels one cell all game long and writes it
when typed."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from table_walk import Game, Walk

HOUSE = Path(__file__).resolve().parent.parent / "examples" / "house"
FIVE = ["12345/1", "66666/1", "33355/1", "11223/1", "44441/1", "22256/1"]
TAGGED = ["cp111 fp11 cg11 fg111 /1", "cp123 fp45 cg66 fg123 /1", "cp555 fp55 cg22 fg222 /1",
          "cp666 fp66 cg11 fg111 /1", "cp123 fp12 cg55 fg155 /1"]
GABY = ["Descente", "Libre", "Montée", "Demi-sec", "Sec"]

#: the built-in families, two players (Gaby alone: its full solo preset is 75 turns a player)
TWO = ["Léa", "Marc"]
FAMILIES = [
    Game("classic", [], ["classic", "Léa, Marc", "", "libre descendante montante annoncee"], TWO,
         FIVE, ["Libre", "Descendante", "Montante", "Annoncée"], hint="hint"),
    Game("gaby", [], ["gaby", "Léa", ""], ["Léa"], FIVE, GABY, hint="hint"),
    Game("double", [], ["double", "Léa, Marc", ""], TWO, TAGGED, ["Léa"], typo="cp12 fp12 /1",
         hint="hint"),
    Game("duel", [], ["duel", "Léa, Marc"], TWO, FIVE, ["Léa"]),
    Game("yatzy", [], ["yatzy", "Léa, Marc"], TWO, FIVE, ["Léa"]),
    Game("yahtzee", [], ["yahtzee", "Léa, Marc"], TWO, FIVE, ["Léa"]),
]


def house_games() -> list[Game]:
    """Every example house sheet (a new one is walked as soon as it is in examples/house),
    its questions answered with their defaults: the columns not optional, the dice it plays."""
    games = []
    for path in sorted(HOUSE.glob("*.toml")):
        sheet = tomllib.loads(path.read_text(encoding="utf-8"))
        columns = [c for c in sheet.get("columns", []) if not c.get("optional")]
        count = sheet.get("dice", 5)
        dice = [d[:count - 5] + d if count > 5 else d for d in FIVE]
        games.append(Game(f"house {path.stem}", ["--house", str(path)], ["Léa"], ["Léa"], dice,
                          [c.get("name", c["id"]) for c in columns] or ["Léa"],
                          columns_en=[c.get("name_en", c.get("name", c["id"]))
                                      for c in columns] or None))
    return games


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("game", FAMILIES + house_games(), ids=lambda g: g.label)
def test_a_whole_game_at_80_by_24(game, lang):
    walk = Walk(game, lang).run()
    assert not walk.faults, "\n\n".join(walk.faults[:3])
    assert walk.turns >= 12 and set(walk.done) >= {"typo", "help", "why", "hint", "sheet",
                                                   "undo", "log"}
