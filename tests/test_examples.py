"""Replay every hand-written game in examples/ and check how it ends.

Each ``examples/*.txt`` is a transcript (yams_scorekeeper/engine/transcript.py) of a whole game. The
test replays it through the rules, checks that the game is finished (every sheet full), or stopped
with ``end`` for a ``*-stopped.txt`` file, and checks each player's grand total.

The totals were added up by hand from the rulings (rulings.md, docs/rules.md), column by column or
section by section, before being compared with the replay; the cells listed in CELLS below were
also checked one by one. The hand arithmetic, per file:

classique.txt (C2, C3, C4)
  Claire libre: 1-6 = 3+6+9+12+20+24 = 74 >= 60 so +20; carré 5-5-5-5-3 = 70+23 = 93;
    full 5-5-5-4-4 = 25+23 = 48; suite 55; plus 26 > moins 9; yam scratched 0
    -> 74+20+48+55+93+26+9+0 = 325.
  Claire descendante: 63 + 20 + full 4-4-4-2-2 (25+16 = 41) + 60 + carré 2-2-2-2-5 (70+13 = 83)
    + 24 + 13 + yam 4-4-4-4-4 (100+20 = 120) = 424.
  Claire montante: 59 (no bonus) + yam 115 + moins 9 + plus 28 + carré 87 + suite 0 + full 44 = 342.
  Claire 325 + 424 + 342 = 1091.
  Marc libre 67+20+43+55+82+26+9+0 = 302; descendante 57 (no bonus) +44+60+79+26+11+0 = 277;
    montante 67+20+33+55+97+27+12+125 = 436. Marc 1015.
gaby.txt (Y1-Y8)
  Odile: descente 63+60+28+39+50+52+28+9 = 329; libre 76+60+377 = 513; montee 54 (no bonus) + 280
    = 334; demi-sec (66+60+205) x 2 = 662; sec (38+86) x 2 = 248. 2086.
  Rémi: descente 69+60+215 = 344; libre 80+60+265 = 405; montee 63+60+335 = 458;
    demi-sec (73+60+264) x 2 = 794; sec (53+111) x 2 = 328. 2329.
  (max > min in every column, so Y3 never cancels.)
gaby-solo-stopped.txt: descente 3+6+9+12+15 = 45; montee petit 60; demi-sec full 4-4-4-6-6
  = 20+12+12 = 44, x2 = 88; sec brelan of 3 = 10+9 = 19, x2 = 38. 45+60+88+38 = 231.
double-force.txt (D2-D9)
  Nadia: chiffres 7+14+36+24+30+42 = 153 >= 147 so +100 -> 253; yams 30+20+50+50-100 = 50;
    suites 50+100+0+200+120+150+0 = 620; combinaisons 120+100+0+0+200+0+0+100 = 520;
    difference (57-14) x 7 = 301. 1744.
  Paul: chiffres 5+12+18+28+35+42 = 140 >= 126 so +60 -> 200; yams 15+20+25+50+100 = 210;
    suites 75+100+200+0+120+120+0 = 615; combinaisons 60+0+100+0+0+0+0+100 = 260;
    difference (56-15) x 5 = 205. 1490.
double-critique.txt (D10): chiffres 6+28+21+28+35+96 = 214 -> +100 = 314;
  yams 30+30+25+50+100+0+400+800 = 1435; suites 75+100+200+200+120+150+240 = 1085;
  combinaisons 60+100+100+0+200+0+0+100 = 560; difference (57-14) x 6 = 258. 3652.
duel.txt (U2-U4): Léa 3+6+12+12+15+18 = 66 >= 63 so +35, figures 15+24+25+30+40+50+23 = 207,
  308; Hugo 2+8+9+8+15+18 = 60 (no bonus), figures 18+24+25+30+40+50+24 = 211, 271.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from yams_scorekeeper.engine.transcript import parse_transcript

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

#: file -> grand total of each player, in the order of the `players:` header
TOTALS = {
    "classique.txt": [1091, 1015],
    "gaby.txt": [2086, 2329],
    "gaby-solo-stopped.txt": [231],
    "double-force.txt": [1744, 1490],
    "double-critique.txt": [3652],
    "duel.txt": [308, 271],
}

#: cells checked by hand: (file, player, column, row, score, why)
CELLS = [
    ("classique.txt", "Claire", "libre", "carre", 93, "5-5-5-5-3 after 3 rolls: 70 + 23 (C2)"),
    ("classique.txt", "Claire", "montante", "suite", 0, "1-2-4-4-5: scratched (G3)"),
    ("classique.txt", "Marc", "montante", "yam", 125, "five 5s: 100 + 25 (C2)"),
    ("classique.txt", "Marc", "libre", "full", 43, "4-4-4-3-3 at the first roll: 25 + 18 (C2)"),
    ("gaby.txt", "Odile", "sec", "full", 47, "5-5-5-6-6 at the first roll: 20 + 15 + 12 (Y2)"),
    ("gaby.txt", "Odile", "montee", "3", 0, "two 3s (6) below Rémi's 9 in that cell (Y6)"),
    ("gaby.txt", "Odile", "sec", "yam", 0, "case chance: 0 after 3 rolls (Y8)"),
    ("gaby.txt", "Odile", "descente", "full", 39, "doblar descendant, coup 2: 5-5-5-2-2 = 20+15+4"),
    ("gaby.txt", "Rémi", "montee", "petit", 0, "sum 7 (50) below Odile's 60 (Y6)"),
    ("gaby.txt", "Rémi", "montee", "yam", 130, "doblar montant, coup 2: five 6s = 100 + 30"),
    ("gaby.txt", "Rémi", "demi-sec", "nenette", 60, "1-2-1-2-2 in 2 rolls (Y2, Y4)"),
    ("double-force.txt", "Nadia", "grille", "3", 36,
     "six 3s, the five petits among them: 2 x 18 (D6)"),
    ("double-force.txt", "Nadia", "grille", "brelan", 30,
     "three clair 5s, first roll: 5 x3 x2 (D4, D5)"),
    ("double-force.txt", "Nadia", "grille", "double-brelan", 120,
     "4-4-4 petits + 3-3-3 grands, first roll: 20 x3 x2 (D5, D7)"),
    ("double-force.txt", "Nadia", "grille", "superieur", -100, "sixth roll announced, missed (D9)"),
    ("double-force.txt", "Paul", "grille", "youpi", 25, "sixth roll announced, made (D9)"),
    ("double-force.txt", "Paul", "grille", "double-petite-suite", 75,
     "4-5-6 twice, first roll: 25 x3"),
    ("double-critique.txt", "Sophie", "grille", "impossible", 800,
     "ten 4s after 20 rolls (D10 bank)"),
    ("double-critique.txt", "Sophie", "grille", "geante-carre", 240,
     "1 to 6 + four 6s: 10 x 24 (D2)"),
    ("double-critique.txt", "Sophie", "grille", "6", 96,
     "eight 6s, the five petits among them: 2 x 48"),
    ("duel.txt", "Léa", "grille", "yam", 50, "5-5-5-5-2 with joker 2:5 (U4)"),
    ("duel.txt", "Léa", "grille", "carre", 24, "6-6-6-1-4 with joker 1:6: four 6s (U2, U4)"),
    ("duel.txt", "Hugo", "grille", "yam", 50, "5-5-5-5-6 with joker 6:5"),
]


def replay(name: str):
    return parse_transcript((EXAMPLES / name).read_text(encoding="utf-8"))


def test_every_example_is_listed():
    """A new example needs its totals here, and the README lists every example."""
    files = sorted(p.name for p in EXAMPLES.glob("*.txt"))
    assert files == sorted(TOTALS)
    readme = (EXAMPLES / "README.md").read_text(encoding="utf-8")
    for name, totals in TOTALS.items():
        assert f"`{name}`" in readme
        assert ", ".join(str(t) for t in totals) in readme


@pytest.mark.parametrize("name", sorted(TOTALS))
def test_example_replays_to_its_totals(name):
    game = replay(name)
    assert game.finished
    if name.endswith("-stopped.txt"):
        assert game.stopped
        assert not all(game.sheet_full(s) for s in game.sheets)
    else:
        assert not game.stopped
        assert all(game.sheet_full(s) for s in game.sheets)
    assert [game.totals(i).grand for i in range(len(game.sheets))] == TOTALS[name]


@pytest.mark.parametrize("name, player, column, row, score, why", CELLS,
                         ids=[f"{c[0]}:{c[1]}:{c[2]}.{c[3]}" for c in CELLS])
def test_hand_checked_cell(name, player, column, row, score, why):
    game = replay(name)
    sheet = next(s for s in game.sheets if s.name == player)
    assert sheet.marks[(column, row)].score == score, why


def test_gaby_doblars():
    """Odile uses her 5 doblars, the descendant among them; Rémi 3, the montant among them (Y7)."""
    odile, remi = replay("gaby.txt").sheets
    assert (odile.doblars_left, odile.doblars_used) == (0, {"descendant"})
    assert (remi.doblars_left, remi.doblars_used) == (2, {"montant"})


def test_duel_jokers():
    """Léa uses her 3 jokers, Hugo one (U4)."""
    lea, hugo = replay("duel.txt").sheets
    assert (lea.jokers_left, hugo.jokers_left) == (0, 2)


def test_critique_bank_before_and_after_the_impossible():
    """Five quick turns bank 19 rolls; the Yams impossible takes 20 of the 24 allowed (D10)."""
    lines = (EXAMPLES / "double-critique.txt").read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if "-> impossible" in line)
    before = parse_transcript("\n".join(lines[:at]))
    assert before.player.bank == 19 and before.max_roll() == 24
    after = parse_transcript("\n".join(lines[:at + 1]))
    assert after.player.bank == 4
