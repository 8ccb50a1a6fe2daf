"""The annoncée column of Yam classique (ruling C7), a mechanic of its own: after the first roll
the player announces a row; the turn's dice go only to that cell of the annoncée column (its
score if made, else 0); an annoncée cell is never written without an announce.

Every refusal is checked three ways (the class, the rule ``[C7]`` in its text, the game left as
it was: ``helpers.refused``); the whole game is played through the model, the command line,
a transcript and its replay, and the record book.
"""

from __future__ import annotations

import json
import random

import pytest
from helpers import js, ok, one_line_error, refused, run

from yams_scorekeeper.base.errors import EntryError
from yams_scorekeeper.engine.config import make_config
from yams_scorekeeper.engine.game import Game
from yams_scorekeeper.engine.simulate import play_random_game
from yams_scorekeeper.engine.transcript import format_transcript, parse_transcript

ROWS = "1 2 3 4 5 6 full suite carre plus moins yam".split()

#: a dice throw that makes each row (C2 scores: 25 + sum, 55/60, 70 + sum, sums, 100 + sum)
MAKES = {"1": ("11123", 3), "2": ("22245", 6), "3": ("33356", 9), "4": ("44412", 12),
         "5": ("55512", 15), "6": ("66612", 18), "full": ("55533", 46), "suite": ("23456", 60),
         "carre": ("66662", 96), "plus": ("66655", 28), "moins": ("11123", 8),
         "yam": ("44444", 120)}


def game(*columns: str, players=("Ana",)) -> Game:
    return Game(make_config("classic", list(players), columns=list(columns) or None))


def test_off_by_default_and_placed_after_the_other_columns():
    """C7: off unless chosen (the default sheet is unchanged), and placed after the others
    whatever the order it was chosen in."""
    assert [c.id for c in game().columns] == ["libre", "descendante", "montante"]
    both = game("annoncee", "libre")
    assert [c.id for c in both.columns] == ["libre", "annoncee"]
    assert both.config.label == "Yam classique (Libre / Annoncée)"
    assert both.config.config_key != game("libre").config.config_key


def test_the_announced_cell_takes_the_dice_made_or_missed():
    g = game("libre", "annoncee")
    cells = g.enter("55533", 3, announce="full")
    assert [(c.column, c.row, c.score) for c in cells] == [("annoncee", "full", 46)]
    (mark,) = g.mark("annoncee", "full")
    assert (mark.score, mark.dice, mark.roll) == (46, g.player.marks[("annoncee", "full")].dice, 3)
    cells = g.enter("12346", 2, announce="yam")              # missed: 0
    assert [(c.column, c.row, c.score) for c in cells] == [("annoncee", "yam", 0)]
    g.mark("annoncee", "yam")
    assert g.player.marks[("annoncee", "yam")].score == 0


def test_an_unannounced_coup_never_reaches_the_annoncee_column():
    g = game("libre", "annoncee")
    cells = g.enter("55533", 3)
    assert {c.column for c in cells} == {"libre"} and len(cells) == 12
    err = refused(g, lambda: g.mark("annoncee", "full"), "C7")
    assert "only after an announce" in str(err)


def test_another_cell_after_an_announce_is_refused():
    g = game("libre", "annoncee")
    g.enter("55533", 3, announce="full")
    err = refused(g, lambda: g.mark("libre", "full"), "C7")
    assert "full was announced" in str(err).lower()
    refused(g, lambda: g.mark("annoncee", "yam"), "C7")


def test_an_announce_without_the_column_is_refused():
    g = game("libre")
    err = refused(g, lambda: g.enter("55533", 3, announce="full"), "C7")
    assert "annoncée column" in str(err)


def test_an_announce_of_a_written_or_unknown_row_is_refused():
    g = game("annoncee")
    g.enter("55533", 3, announce="full")
    g.mark(None, "full")
    refused(g, lambda: g.enter("55533", 3, announce="full"), "C7")
    refused(g, lambda: g.enter("55533", 3, announce="brelan"), None, EntryError)


def test_plus_moins_and_the_bonus_apply_to_the_column():
    """C7 with C3 (plus above moins) and C4 (the bonus of rows 1-6)."""
    g = game("annoncee")
    g.enter("11123", 1, announce="plus")
    g.mark(None, "plus")                                     # plus = 8
    cells = g.enter("66655", 1, announce="moins")            # moins 28 >= plus: only 0
    assert [(c.row, c.score, c.zero_only) for c in cells] == [("moins", 0, True)]
    g.mark(None, "moins")
    for row in "123456":
        dice = row * 4 + ("1" if row != "1" else "2")
        g.enter(dice, 1, announce=row)
        g.mark(None, row)
    details = g.totals(0).details["annoncee"]
    assert details["chiffres"] == 4 * 21 - 0 and details["bonus"] == 20


def whole_game(g: Game) -> None:
    """Every row of the annoncée column made, announced, then every libre cell."""
    for row in ROWS:
        dice, score = MAKES[row]
        if row == "moins":
            dice, score = "11112", 6                         # below plus (28)
        (cell,) = g.enter(dice, 3, announce=row)
        assert cell.score == score, row
        g.mark("annoncee", row)
    for row in ROWS:
        g.enter(MAKES[row][0], 2)
        g.mark("libre", row)


def test_a_whole_game_to_the_end_replays_and_round_trips_a_transcript():
    g = game("libre", "annoncee")
    whole_game(g)
    assert g.finished and len(g.player.marks) == 24
    total = g.totals(0)
    assert total.parts["annoncee"] == sum(MAKES[r][1] for r in ROWS) - 8 + 6 + 20
    again = Game.from_doc(json.loads(json.dumps(g.to_doc())))
    assert again.totals(0) == total and again.summary()["players"] == g.summary()["players"]
    text = format_transcript(g)
    assert "Ana: 33555/3 announce full -> annoncee.full" in text
    assert parse_transcript(text).totals(0) == total


def test_random_games_with_the_column_end_and_replay():
    """The random player announces as the column needs: every game ends and replays."""
    for seed in range(6):
        g = play_random_game(make_config("classic", ["Ana", "Bob"],
                                         columns=["annoncee", "descendante"]),
                             random.Random(seed))
        assert g.finished and all(len(s.marks) == 24 for s in g.sheets)
        assert Game.from_doc(g.to_doc()).summary()["players"] == g.summary()["players"]


# -- the command line -----------------------------------------------------------------------


@pytest.fixture
def db(tmp_path):
    return str(tmp_path / "store")


def test_new_enter_mark_score_records_stats_and_replay(db):
    js(db, "new", "--rules", "classic", "-p", "Ana", "--column", "libre",
       "--column", "annoncee")
    entered = js(db, "enter", "55533/3", "--announce", "full")
    assert [(c["column"], c["row"], c["score"]) for c in entered["cells"]] == [
        ("annoncee", "full", 46)]
    one_line_error(run(db, "mark", "libre.full"), "C7", code=3)
    marked = js(db, "mark", "annoncee.full")
    assert marked["marks"][0]["score"] == 46
    one_line_error(run(db, "mark", "annoncee.yam"), "G4", code=3)
    for row in [r for r in ROWS if r != "full"]:
        dice, _ = MAKES[row] if row != "moins" else ("11112", 6)
        js(db, "enter", f"{dice}/3", "--announce", row)
        js(db, "mark", f"annoncee.{row}")
    for row in ROWS:
        js(db, "enter", f"{MAKES[row][0]}/2")
        last = js(db, "mark", f"libre.{row}")
    assert last["finished"] is True
    expected = sum(MAKES[r][1] for r in ROWS) - 8 + 6 + 20
    records = json.loads(ok(db, "records", "--json").stdout)
    (config,) = records["configs"].values()
    assert config["records"]["total"]["value"] == last["ranking"][0]["total"]
    stats = json.loads(ok(db, "stats", "Ana", "--rows", "--json").stdout)
    by_config = stats["by_config"]["classic/libre+annoncee"]
    assert by_config["sheets"] == 1
    moins = {r["row"]: r for r in by_config["by_column"]["annoncee"]}["moins"]
    assert (moins["cells"], moins["best"]) == (1, 6)
    exported = json.loads(ok(db, "export", "-").stdout)
    (game_out,) = exported["games"]
    parts = Game.from_doc(game_out["doc"]).totals(0).parts
    assert parts["annoncee"] == expected


def test_score_and_enter_refuse_an_announce_without_the_column(db):
    js(db, "new", "--rules", "classic", "-p", "Ana", "--column", "libre")
    one_line_error(run(db, "enter", "55533/3", "--announce", "full"), "annoncée", "C7",
                   code=3)
