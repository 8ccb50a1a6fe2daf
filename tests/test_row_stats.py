"""`yams stats --rows`: per-row figures (average, best, 0 or struck out, bonus rate, yams made)
against values worked out by hand on the small book of test_cli_book (DICE there)."""

from __future__ import annotations

import json
import os

import pytest
from helpers import js, ok, one_line_error, run
from test_cli_book import DICE

from yams_scorekeeper.base.clock import counting_ids, fixed_clock
from yams_scorekeeper.engine.config import make_config
from yams_scorekeeper.engine.game import Game
from yams_scorekeeper.store import Store

CLOCK = "2024-05-01T21:00:00+00:00"


def rows_of(cfg: dict) -> dict:
    return {r["row"]: r for r in cfg["rows"]}


def test_player_rows_by_hand(book):
    # Alice: game 1 with a yam (50), game 2 without (11234 in yam: 0); game 3 stopped after
    # one round: left out. Every other row the same DICE score in both games.
    db, _ = book
    data = js(db, "stats", "Alice", "--rows")
    assert data["player"] == "Alice" and list(data["by_config"]) == ["duel"]
    duel = data["by_config"]["duel"]
    assert (duel["label"], duel["family"], duel["sheets"], duel["stopped"]) == (
        "Duel au Yam", "duel", 2, 1)
    rows = rows_of(duel)
    assert [r["row"] for r in duel["rows"]] == list(DICE)          # the sheet's order
    assert rows["yam"] == {"row": "yam", "cells": 2, "average": 25, "best": 50, "zeros": 1,
                           "zero_rate": 0.5, "scratched": 0, "scratch_rate": 0, "made": 1,
                           "made_rate": 0.5}
    # 55551 in row 5: 4 x 5 = 20; 11123 in row 1: 3; chance 6+5+5+4+3 = 23
    assert (rows["5"]["average"], rows["1"]["average"], rows["chance"]["average"]) == (20, 3, 23)
    assert all(rows[r]["zeros"] == 0 for r in DICE if r != "yam")
    # rows 1-6: 3+6+9+12+20+12 = 62 < 63: no bonus in either game
    assert duel["bonuses"] == {"chiffres": {"sheets": 2, "made": 0, "rate": 0}}
    assert duel["yams"] == {"made": 1, "per_sheet": 0.5}
    assert duel["by_column"] == {}                                  # one column


def test_every_player_and_french_numbers(book):
    # Bob: game 1 plain, game 2 a yam and a chance of 66655 (28): chance (23 + 28) / 2 = 25.5
    db, _ = book
    bob = rows_of(js(db, "stats", "bob", "--rows")["by_config"]["duel"])
    assert bob["chance"]["average"] == 25.5 and bob["chance"]["best"] == 28
    everyone = js(db, "stats", "--rows", "--rules", "duel")
    assert everyone["player"] is None
    duel = everyone["by_config"]["duel"]
    assert (duel["sheets"], duel["stopped"]) == (4, 2)
    assert rows_of(duel)["yam"]["cells"] == 4 and rows_of(duel)["yam"]["made"] == 2
    assert rows_of(duel)["chance"]["average"] == (23 + 23 + 23 + 28) / 4
    assert duel["yams"] == {"made": 2, "per_sheet": 0.5}
    fr = ok(db, "stats", "Bob", "--rows", lang="fr").stdout
    assert "Moy." in fr and "25,5" in fr and "25.5" not in fr
    assert "Yams réussis : 1 (0,5 par feuille)" in fr
    en = ok(db, "stats", "Bob", "--rows").stdout
    assert "25.5" in en and "Yams made: 1 (0.5 a sheet)" in en
    assert "Bonus: Chiffres 0 %" in en
    assert json.loads(ok(db, "stats", "--rows", "--rules", "classic", "--json").stdout) == {
        "player": None, "by_config": {}}


def test_struck_out_cell_and_bonus(tmp_path):
    # One sheet: rows 1-6 of five dice each (5 + 10 + ... + 30 = 105: bonus 35), the yam
    # struck out, every other row from DICE.
    game = Game(make_config("duel", ["Zoé"]), id="zoe-1", clock=fixed_clock(CLOCK))
    for row in DICE:
        dice = {"1": "11111", "2": "22222", "3": "33333", "4": "44444", "5": "55555",
                "6": "66666"}.get(row, DICE[row])
        game.enter(dice, 3)
        game.mark(None, row, scratch=row == "yam")
    store = Store(str(tmp_path))
    store.create_game(game.to_doc())
    store.finish_game(game.id, game.summary())
    duel = store.row_stats("zoé")["duel"]
    yam = rows_of(duel)["yam"]
    assert (yam["zeros"], yam["scratched"], yam["made"], yam["average"]) == (1, 1, 0, 0)
    assert rows_of(duel)["6"]["average"] == 30
    assert duel["bonuses"] == {"chiffres": {"sheets": 1, "made": 1, "rate": 1}}
    assert duel["yams"]["made"] == 0          # struck out: no yams made (rows 1-6 do not count)
    assert "X" in ok(str(tmp_path), "stats", "Zoé", "--rows").stdout


def test_old_archive_without_cells_is_replayed(book, tmp_path):
    # Games archived before summaries kept their cells: the index replays their events.
    db, _ = book
    data = Store(db).export_book()
    for game in data["games"]:
        for player in game["summary"]["players"]:
            del player["cells"], player["bonuses"]
    old = str(tmp_path / "old")
    Store(old).import_book(data)              # no check: the summaries are kept as they are
    assert not any("cells" in p for g in Store(old).export_book()["games"]
                   for p in g["summary"]["players"])
    Store(old).rebuild_index()                # the history replays nothing: no sheet yet
    assert not [r for r in Store(old).index_rows() if len(r) == 3]
    assert Store(old).row_stats("Alice") == Store(db).row_stats("Alice")   # replayed once

    def content(rows):                        # the archive files' stamps and checksums aside
        return [r[:6] if len(r) == 10 else r for r in rows]

    assert content(Store(old).index_rows()) == content(Store(db).index_rows())


def archived_example(folder, name: str) -> tuple[Store, Game]:
    """examples/``name`` replayed and archived in a new store in ``folder``."""
    from yams_scorekeeper.engine.transcript import parse_transcript

    here = os.path.dirname(__file__)
    game = parse_transcript(open(os.path.join(here, "..", "examples", name),
                                 encoding="utf-8").read(), new_id=counting_ids(),
                            clock=fixed_clock(CLOCK))
    store = Store(str(folder))
    store.create_game(game.to_doc())
    store.finish_game(game.id, game.summary())
    return store, game


def test_multi_column_rows_by_column(tmp_path):
    store, game = archived_example(tmp_path, "classique.txt")
    cfg = store.row_stats("Claire")[game.config.config_key]
    assert list(cfg["by_column"]) == ["libre", "descendante", "montante"]
    sheet = game.sheets[[s.name for s in game.sheets].index("Claire")]
    for column, lines in cfg["by_column"].items():
        for line in lines:
            assert line["average"] == sheet.marks[(column, line["row"])].score
    totals = game.totals(sheet).details
    assert {p: b["made"] for p, b in cfg["bonuses"].items()} == {
        c: int(totals[c]["bonus"] > 0) for c in ("libre", "descendante", "montante")}


@pytest.mark.parametrize("cells", ["x", [["grille", "yam", "50", False]],
                                   [["grille", "yam", 50, 0]], [["g", "y", 1, True, 2, 3]]])
def test_forged_cells_are_refused(book, tmp_path, cells):
    db, _ = book
    data = Store(db).export_book()
    data["games"][0]["summary"]["players"][0]["cells"] = cells
    path = tmp_path / "book.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    fresh = str(tmp_path / "fresh")
    one_line_error(run(fresh, "import", str(path)), "cells", code=4)
    assert not os.path.exists(os.path.join(fresh, "archive")) or not os.listdir(
        os.path.join(fresh, "archive"))


def test_unknown_player(book):
    db, _ = book
    one_line_error(run(db, "stats", "Nobody", "--rows"), "Nobody", "Alice")


def test_a_missed_sixth_roll_counts_negative(tmp_path):
    # examples/double-force.txt: Nadia's announced Yams Supérieur missed, -100 (D9)
    store, game = archived_example(tmp_path, "double-force.txt")
    nadia = game.sheets[[s.name for s in game.sheets].index("Nadia")]
    mark = nadia.marks[("grille", "superieur")]
    assert mark.score == -100
    line = rows_of(store.row_stats("Nadia")[game.config.config_key])["superieur"]
    assert (line["best"], line["average"], line["zeros"], line["made"]) == (-100, -100, 0, 0)
    both = rows_of(store.row_stats(family="double")[game.config.config_key])["superieur"]
    paul = game.sheets[[s.name for s in game.sheets].index("Paul")].marks[("grille",
                                                                           "superieur")]
    assert both["best"] == max(-100, paul.score) and both["cells"] == 2


def test_a_game_that_no_longer_replays_is_tried_once(tmp_path):
    store = Store(str(tmp_path))
    store.create_game({"id": "g1", "created": CLOCK, "config": {}, "events": [],
                       "players": ["A"], "family": "duel", "label": "Duel"})
    store.finish_game("g1", {"id": "g1", "family": "duel", "config_key": "duel",
                             "config_label": "Duel", "date": CLOCK, "stopped_early": False,
                             "players": [{"name": "A", "total": 5, "parts": {}, "rank": 1}]})
    index = store.parts.index.get()
    assert index.missing_sheets() == ["g1"]
    assert store.row_stats() == {}
    assert index.missing_sheets() == []          # a seat -1 row: not replayed again
    assert store.summaries()[0]["players"][0]["total"] == 5


def test_the_sheets_full_mark_spares_the_look_up_until_a_game_comes_without_sheets(tmp_path):
    """Once every game has its sheets, ``meta`` says so and missing_sheets() reads that; a
    game indexed without its sheets removes the mark (else its sheet would never be filled)."""
    store = Store(str(tmp_path))

    def finish(game_id: str) -> None:
        store.create_game({"id": game_id, "created": CLOCK, "config": {}, "events": [],
                           "players": ["A"], "family": "duel", "label": "Duel"})
        store.finish_game(game_id, {"id": game_id, "family": "duel", "config_key": "duel",
                                    "config_label": "Duel", "date": CLOCK,
                                    "stopped_early": False, "players": [
                                        {"name": "A", "total": 5, "parts": {}, "rank": 1}]})

    def mark():
        return store._index(lambda index: index._meta("sheets_full"))

    def missing():
        return store._index(lambda index: index.missing_sheets())

    finish("g1")
    assert missing() == ["g1"] and mark() is None
    assert store.row_stats() == {}                       # g1 tried (a seat -1 row)
    assert missing() == [] and mark() == 1
    finish("g2")
    assert mark() is None
    assert missing() == ["g2"]
