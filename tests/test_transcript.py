"""Transcripts: a handwritten game per family replays through the rules; a line that breaks a
rule is reported with its line number and the rule; format -> parse is a round trip.

Issue "Game sheets and turns". Expected scores below are worked out by hand from the rulings
(/work/shared/rulings.md), cited beside each line.
"""

from __future__ import annotations

import random

import pytest

from yams_scorekeeper.base.errors import ConfigError, EntryError, IllegalMoveError
from yams_scorekeeper.engine.config import make_config
from yams_scorekeeper.engine.game import Game
from yams_scorekeeper.engine.simulate import play_random_game, play_turn
from yams_scorekeeper.engine.transcript import format_transcript, parse_transcript


def sheets(game: Game) -> list[tuple]:
    return [(s.name, {k: m.score for k, m in s.marks.items()}, s.doblars_left,
             sorted(s.doblars_used), s.jokers_left, s.bank, s.pool, s.turns)
            for s in game.sheets]


def full_state(game: Game) -> tuple:
    return ([(s.name, dict(s.marks), s.doblars_left, sorted(s.doblars_used), s.jokers_left,
              s.bank, s.pool, s.turns) for s in game.sheets],
            game.current, list(game.coups), game.stopped, game.finished)


# -- one handwritten game per family ----------------------------------------------------------

CLASSIC = """\
# Yam classique, one player, the libre column only (C5), to the end
rules: classic
players: Ana
columns: libre

Ana: 11122/3 -> libre.1        # 3
Ana: 22256/2 -> libre.2        # 6
Ana: 33314/3 -> libre.3        # 9
Ana: 44441/1 -> libre.4        # 16
Ana: 55523/3 -> libre.5        # 15
Ana: 66612/3 -> libre.6        # 18: rows 1-6 = 67, all filled: +20 (C4)
Ana: 33355/2 -> libre.full     # 25 + 19 = 44 (C2)
Ana: 23456/3 -> libre.suite    # 60 (C2)
Ana: 22226/3 -> libre.carre    # 70 + 14 = 84 (C2)
Ana: 66554/3 -> libre.plus     # 26
Ana: 11223/3 -> libre.moins    # 9 < 26 (C3)
Ana: 12346/3 -> libre.yam=0    # scratched (G3)
"""


def test_classic_transcript_replays():
    game = parse_transcript(CLASSIC)
    assert game.finished
    marks = {r: m.score for (_, r), m in game.sheets[0].marks.items()}
    assert marks == {"1": 3, "2": 6, "3": 9, "4": 16, "5": 15, "6": 18, "full": 44,
                     "suite": 60, "carre": 84, "plus": 26, "moins": 9, "yam": 0}
    t = game.totals(0)
    assert t.details["libre"]["bonus"] == 20
    assert t.grand == 67 + 20 + 44 + 60 + 84 + 26 + 9 == 310


GABY = """\
rules: gaby
players: Ana, Bob
columns: libre, sec
rows: petit
options: bloquant, deux-coups, doblar, chance

Ana: 66666/3 ; 12345/1 -> libre.yam@1 sec.suite@2    # doblar (Y7): 130, and 45 in sec
Bob: 55555/2 -> libre.yam                            # 125 < Ana's 130: 0 only (Y6)
Ana: 44444/3 -> sec.yam                              # chance cell: 0 after 3 rolls (Y8)
Bob: 11112/1 ; 66666/1 -> sec.petit@1 sec.yam@2      # doblar: 60 and 130 in sec
Ana: 66666/3 ; 55555/1 -> sec.5@2                    # coup 2 kept after 1 roll (Y7): 25
"""


def test_gaby_transcript_replays():
    game = parse_transcript(GABY)
    ana, bob = game.sheets
    assert {k: m.score for k, m in ana.marks.items()} == {
        ("libre", "yam"): 130, ("sec", "suite"): 45, ("sec", "yam"): 0, ("sec", "5"): 25}
    assert {k: m.score for k, m in bob.marks.items()} == {
        ("libre", "yam"): 0, ("sec", "petit"): 60, ("sec", "yam"): 130}
    assert (ana.doblars_left, bob.doblars_left) == (4, 4)
    assert game.totals(ana).parts == {"libre": 130, "sec": (45 + 25) * 2}        # Y5
    assert game.totals(bob).parts == {"libre": 0, "sec": (60 + 130) * 2}
    assert [(r, s.name) for r, s, _ in game.ranking()] == [(1, "Bob"), (2, "Ana")]


DOUBLE = """\
rules: double
players: Ana
variant: classique

Ana: 1cp 1cp 1cp 1fp 2fp 3cg 4cg 5fg 6fg 6fg/2 -> 1                      # four 1s: 4
Ana: 6cp 6cp 6cp 6fp 6fp 6cg 6cg 6fg 6fg 6fg/3 -> plus                   # 60
Ana: 2cp 2cp 2cp 3fp 4fp 2cg 2cg 4fg 5fg 6fg/6 announce youpi -> youpi   # D9: 25 x2 harmony
Ana: 1cp 1cp 1cp 1fp 1fp 1cg 1cg 1fg 1fg 2fg/1 -> moins                  # 11
"""


def test_double_transcript_replays():
    game = parse_transcript(DOUBLE)
    marks = {r: m.score for (_, r), m in game.sheets[0].marks.items()}
    assert marks == {"1": 4, "plus": 60, "youpi": 50, "moins": 11}
    t = game.totals(0)
    assert t.parts == {"chiffres": 4, "yams": 50, "suites": 0, "combinaisons": 0,
                       "difference": (60 - 11) * 4}                                    # D3
    assert t.grand == 250


DUEL = """\
rules: duel
players: Ana, Bob

Ana: 44443/2 joker 3:4 -> yam      # U4: a 4 pareils made a yam, 50
Bob: 12345/1 -> grande-suite       # 40
Ana: 66612/3 -> 6                  # 18
Bob: 66666/3 -> chance             # 30
"""


def test_duel_transcript_replays():
    game = parse_transcript(DUEL)
    ana, bob = game.sheets
    assert {r: m.score for (_, r), m in ana.marks.items()} == {"yam": 50, "6": 18}
    assert {r: m.score for (_, r), m in bob.marks.items()} == {"grande-suite": 40, "chance": 30}
    assert (ana.jokers_left, bob.jokers_left) == (2, 3)
    assert [(s.name, t) for _, s, t in game.ranking()] == [("Bob", 70), ("Ana", 68)]


def test_end_and_turn_in_progress_replay():
    game = parse_transcript(DUEL + "end\n")
    assert game.stopped and game.finished
    game = parse_transcript(DUEL + "Ana: 55555/1\n")
    assert game.player.name == "Ana" and len(game.coups) == 1
    assert {c.row for c in game.legal_cells()} >= {"5", "carre"}


# -- a line breaking a rule: its line number and the rule ---------------------------------------


def _line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), start=1) if needle in line)


CLASSIC_OPEN = "\n".join(CLASSIC.splitlines()[:-1]) + "\n"      # the yam still empty


@pytest.mark.parametrize("base, bad, rule, kind", [
    (CLASSIC_OPEN.replace("columns: libre", "columns: libre, montante"),
     "Ana: 66666/1 -> montante.1", "C5", IllegalMoveError),
    (CLASSIC_OPEN, "Ana: 66666/4 -> libre.yam", "G5", EntryError),
    (GABY, "Bob: 66666/2 -> sec.6", "Y4", IllegalMoveError),
    (GABY, "Bob: 11111/3 ; 22222/3 -> libre.1@1 libre.2@1", "Y7", IllegalMoveError),
    (DOUBLE, "Ana: 1cp 2cp 3cp 4fp 5fp 6cg 6cg 1fg 2fg 3fg/6 -> brelan", "D9",
     IllegalMoveError),
    (DOUBLE, "Ana: 1cp 2cp 3cp 4fp 5fp 6cg 6cg 1fg 2fg 3fg/6 announce 2 -> 2", "D9",
     IllegalMoveError),
    (DOUBLE, "Ana: 1cp 2cp 3cp 4cp 5fp 6cg 6cg 1fg 2fg 3fg/2 -> 2", "D1", EntryError),
], ids=["classic-C5", "classic-G5", "gaby-Y4", "gaby-Y7", "double-D9-unannounced",
        "double-D9-chiffres", "double-D1"])
def test_a_line_breaking_a_rule_names_its_line_and_the_rule(base, bad, rule, kind):
    text = base + bad + "\n" + base.splitlines()[-1] + "\n"     # a good line after it
    with pytest.raises(kind) as info:
        parse_transcript(text)
    err = info.value
    line_no = _line_of(text, bad)
    assert err.line == line_no
    assert str(err).startswith(f"line {line_no}: ")
    assert err.rule == rule and f"[{rule}]" in str(err)


def test_fourth_joker_line_is_reported_U4():
    text = DUEL + "".join(f"Ana: 44443/1 joker 3:4 -> {row}\nBob: 12345/1 -> {b}\n"
                          for row, b in [("carre", "1"), ("brelan", "2")])
    game = parse_transcript(text)
    assert game.sheets[0].jokers_left == 0
    bad = text + "Ana: 55554/1 joker 4:5 -> 5\n"
    with pytest.raises(IllegalMoveError) as info:
        parse_transcript(bad)
    assert info.value.line == len(bad.splitlines()) and info.value.rule == "U4"


def test_wrong_player_and_unreadable_lines_are_reported_with_their_line():
    text = DUEL.replace("Bob: 66666/3 -> chance", "Ana: 66666/3 -> chance")
    with pytest.raises(EntryError) as info:
        parse_transcript(text)
    assert info.value.line == _line_of(text, "Ana: 66666/3") and "Bob's turn" in str(info.value)
    with pytest.raises(EntryError) as info:
        parse_transcript(DUEL + "Bob 12345/1 -> 1\n")
    assert info.value.line == len(DUEL.splitlines()) + 1


def test_bad_headers_are_reported():
    with pytest.raises(ConfigError) as info:
        parse_transcript("rules: belote\nplayers: Ana\nAna: 12345/1 -> 1\n")
    assert info.value.line == 3
    with pytest.raises(EntryError):
        parse_transcript("players: Ana\nAna: 12345/1 -> 1\n")
    with pytest.raises(ConfigError) as info:
        parse_transcript("rules: gaby\nplayers: Ana\noptions: bloquant\n")
    assert info.value.rule == "Y6"


# -- format -> parse round trip -----------------------------------------------------------------


ROUND_TRIP_CONFIGS = [
    make_config("classic", ["Ana", "Bob"]),
    make_config("classic", ["Ana"], columns=["libre", "imposee"],
                imposed="yam moins plus carre suite full 6 5 4 3 2 1".split()),
    make_config("gaby", ["Ana", "Bob", "Cy"]),
    make_config("gaby", ["Ana"], preset="gaby-solo"),
    make_config("gaby", ["Ana"], columns=["libre", "montee"], optional_rows=["nenette"]),
    make_config("double", ["Ana", "Bob"]),
    make_config("double", ["Ana"], variant="force", direction="decroissant"),
    make_config("double", ["Ana"], variant="critique"),
    make_config("double", ["Ana"], variant="165"),
    make_config("duel", ["Ana", "Bob"]),
    make_config("duel", ["Ana"], settings={"yam": 60, "jokers": 5}),
]


@pytest.mark.parametrize("index", range(len(ROUND_TRIP_CONFIGS)))
def test_format_then_parse_gives_the_same_game(index):
    config = ROUND_TRIP_CONFIGS[index]
    for seed in range(3):
        game = play_random_game(config, random.Random(seed))
        text = format_transcript(game)
        again = parse_transcript(text)
        assert again.config == game.config and again.config.settings == game.config.settings
        assert full_state(again) == full_state(game)
        assert [again.totals(i) for i in range(len(game.sheets))] == \
            [game.totals(i) for i in range(len(game.sheets))]
        assert (again.id, again.created) == (game.id, game.created)
        assert format_transcript(again) == text


def test_round_trip_of_a_game_in_progress_with_undos_and_an_early_end():
    rng = random.Random(5)
    game = Game(make_config("gaby", ["Ana", "Bob"]))
    for _ in range(9):
        play_turn(game, rng)
    game.undo()
    game.undo()
    play_turn(game, rng)
    game.end()
    again = parse_transcript(format_transcript(game))
    assert full_state(again) == full_state(game) and again.stopped
    game.undo()                                   # undo the end, then a turn half-played
    game.enter("66666", 3)
    again = parse_transcript(format_transcript(game))
    assert full_state(again) == full_state(game) and len(again.coups) == 1


def test_round_trip_of_the_handwritten_games():
    for text in (CLASSIC, GABY, DOUBLE, DUEL):
        game = parse_transcript(text)
        again = parse_transcript(format_transcript(game))
        assert sheets(again) == sheets(game)


def test_two_jokers_in_one_entry_are_refused_U4():
    """U4: one joker a turn; a second 'joker' on the same coup is refused, not swallowed."""
    text = "rules: duel\nplayers: Ana, Bob\n\nAna: 55533/2 joker 5:6 joker 3:6 -> chance\n"
    with pytest.raises(IllegalMoveError) as info:
        parse_transcript(text)
    assert "line 4" in str(info.value) and "[U4]" in str(info.value)


def test_double_transcript_takes_the_grouped_form():
    """The same game typed by groups (a tag then its dice, tag first or after) replays the same."""
    grouped = DOUBLE.replace("1cp 1cp 1cp 1fp 2fp 3cg 4cg 5fg 6fg 6fg", "cp111 fp12 cg34 fg566") \
                    .replace("6cp 6cp 6cp 6fp 6fp 6cg 6cg 6fg 6fg 6fg", "666cp 66fp 66cg 666fg") \
                    .replace("2cp 2cp 2cp 3fp 4fp 2cg 2cg 4fg 5fg 6fg",
                             "2pc 2pc 2pc fp34 gc22 fg456")
    assert grouped != DOUBLE
    game = parse_transcript(grouped)
    assert game.totals(0).grand == parse_transcript(DOUBLE).totals(0).grand == 250


def test_a_stored_document_gives_the_transcript_of_its_replay():
    """``yams export`` writes doc_transcript(doc) without replaying: the same text as the
    replayed game's, for every example, a game with an undo and an amendment, random games."""
    from pathlib import Path

    from yams_scorekeeper.base.clock import fixed_clock
    from yams_scorekeeper.engine.transcript import doc_transcript

    clock = fixed_clock("2024-05-01T21:00:00+00:00")
    games = [parse_transcript(path.read_text(encoding="utf-8"), clock=clock)
             for path in sorted((Path(__file__).parent.parent / "examples").glob("*.txt"))]
    amended = Game(make_config("duel", ["Ana", "Bob"]), id="g-1", clock=clock)
    for dice, row in (("11123", "1"), ("22256", "2"), ("33345", "3")):
        amended.enter(dice, 2)
        amended.mark(None, row)
    amended.enter("66666", 1)
    amended.undo()
    amended.amend({1: {"coups": [{"dice": ["4", "4", "4", "1", "2"], "roll": 3}],
                       "cells": [{"column": "grille", "row": "4"}]}})
    games.append(amended)
    rng = random.Random(12)
    games += [play_random_game(make_config(family, ["Ana", "Bob"]), rng, turns=15)
              for family in ("classic", "gaby", "double", "duel", "yatzy", "yahtzee")]
    for game in games:
        doc = game.to_doc()
        assert doc_transcript(doc) == format_transcript(Game.from_doc(doc))
    assert "# was" in doc_transcript(amended.to_doc()) or "amended" in doc_transcript(
        amended.to_doc())
