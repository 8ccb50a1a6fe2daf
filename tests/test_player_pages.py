"""The players' pages of the summaries index (``player_pages``, what ``yams stats NAME`` reads
of a player with no period): a page kept shows what the page made afresh shows, in every
form, and so does the same player over a period that holds every game (never kept); a game
indexed, removed or changed (by this program or by one that knows no pages) drops the pages
of its players; the labels are those of the day; pages of another version are made again."""

from __future__ import annotations

import json
import os
import sqlite3

import pytest
from helpers import js, ok
from test_row_tallies import _book, _entries

from yams_scorekeeper.book import records
from yams_scorekeeper.store import BOOK_FORMAT, BOOK_VERSION, Store
from yams_scorekeeper.store.summary_index import INDEX_FILE

#: every form of ``stats NAME`` that reads the page
FORMS = (("--json",), ("--csv", "-"), ("--html", "-"), ())


@pytest.fixture(scope="module")
def entries() -> list[dict]:
    return _entries(40)


def _pages(store: Store) -> set[str] | None:
    """The players whose page the index keeps (``None``: no table of pages yet)."""
    db = sqlite3.connect(os.path.join(store.path, INDEX_FILE))
    try:
        return {f for (f,) in db.execute("SELECT folded FROM player_pages")}
    except sqlite3.OperationalError:
        return None
    finally:
        db.close()


def _outputs(store: Store, player: str, *more: str) -> list[str]:
    return [ok(store.path, "stats", player, *form, *more).stdout for form in FORMS]


def test_a_kept_page_shows_what_the_games_show(tmp_path, entries):
    store = _book(tmp_path / "s", entries)
    assert _pages(store) is None                    # made when first asked for
    made = _outputs(store, "Ana")                   # the first makes the page, then keeps it
    assert _pages(store) == {"ana"}
    assert _outputs(store, "Ana") == made           # read from the page
    # a period that holds every game: made from the rows, not kept, the same figures
    assert _outputs(store, "Ana", "--since", "2000") == made and _pages(store) == {"ana"}
    data = js(store.path, "stats", "Ana", "--json")
    summaries = [e["summary"] for e in entries]
    expected = json.loads(json.dumps(records.player_stats(summaries, "Ana")))
    assert {k: data[k] for k in expected if k != "history"} == {
        k: v for k, v in expected.items() if k != "history"}
    assert data["history_total"] == len(entries) and len(data["history"]) == 40
    assert [row["game"] for row in data["history"]] == [row["game"] for row in
                                                        expected["history"]][-50:]


def test_a_game_indexed_later_drops_the_pages_of_its_players(tmp_path, entries):
    later = next(e for e in reversed(entries)
                 if [p["name"] for p in e["summary"]["players"]] == ["Ana", "Bo"])
    store = _book(tmp_path / "s", [e for e in entries if e is not later])
    before = {name: _outputs(store, name) for name in ("Ana", "Bo", "Cy")}
    assert store.import_book({"format": BOOK_FORMAT, "version": BOOK_VERSION,
                              "games": [later]}) == (1, 0)
    assert _pages(store) == {"cy"}                  # Ana's and Bo's, who played it, dropped
    after = js(store.path, "stats", "Ana", "--json")
    assert after["games"] == js(store.path, "stats", "Ana", "--json", "--since", "2000")[
        "games"] == len(entries)
    assert _outputs(store, "Cy") == before["Cy"] and _outputs(store, "Bo") != before["Bo"]
    assert _pages(store) == {"ana", "bo", "cy"}


@pytest.mark.parametrize("change", ["total", "delete", "move", "insert"])
def test_a_program_that_knows_no_pages_writing_players_drops_them(tmp_path, entries, change):
    store = _book(tmp_path / "s", entries)
    before = _outputs(store, "Ana")
    db = sqlite3.connect(os.path.join(store.path, INDEX_FILE))
    game = "g006"
    if change == "total":
        db.execute("UPDATE players SET total=total+1000 WHERE game=? AND folded='ana'", (game,))
    elif change == "delete":
        db.execute("DELETE FROM players WHERE game=? AND folded='ana'", (game,))
    elif change == "move":
        db.execute("UPDATE players SET date='2030-01-01' WHERE game=? AND folded='ana'",
                   (game,))
    else:
        db.execute("INSERT INTO players SELECT folded, date, 'g999', seat, name, total, rank, "
                   "family, config_key, stopped, seats FROM players WHERE game=?", (game,))
    db.commit()
    db.close()
    assert "ana" not in _pages(store)
    after = _outputs(store, "Ana")
    assert after != before and after == _outputs(store, "Ana", "--since", "1900")


def test_a_page_names_its_configurations_by_their_keys_and_takes_the_labels_of_the_day():
    """What the index keeps names each configuration by its key (a later game may relabel
    it, whoever played it): read back with the labels, the figures are those of the games
    read with them, the last 50 games as ``history``."""
    from yams_scorekeeper.book.player_page import GameRows

    rows = [(f"g{n:02d}", f"2024-01-{n % 28 + 1:02d}T20:{n:02d}", family, key, n % 9 == 4,
             2 + n % 2, "Ana", 100 + 7 * n % 31 + (0.5 if family == "gaby" else 0), 1 + n % 3)
            for n, (family, key) in enumerate([("duel", "duel"), ("gaby", "gaby/x"),
                                               ("duel", "duel/2")] * 20)]
    labels = {"duel": "Duel au Yam", "gaby/x": "Yams Gaby"}
    page = json.loads(records.page_text(records.page_of_games(GameRows.of_index(rows, {}))))
    assert page["keys"] == ["duel", "gaby/x", "duel/2"] and page["total"] == 60
    read = records.page_stats(page, labels, "ana")
    games = GameRows.of_index(rows, labels)
    expected = records.stats_of_rows(games, "ana")
    assert read == {**expected, "history": games[-50:]}
    assert read["by_config"]["duel/2"]["label"] == "duel/2"        # no label: its key
    assert read["history"][-1]["config_label"] == "duel/2"


def test_pages_of_another_version_are_made_again(tmp_path, entries, monkeypatch):
    store = _book(tmp_path / "s", entries[:10])
    truth = _outputs(store, "Ana")
    db = sqlite3.connect(os.path.join(store.path, INDEX_FILE))
    db.execute("UPDATE player_pages SET page='{\"stale\": true}'")
    db.execute("UPDATE meta SET value=0 WHERE key='player_page_format'")
    db.commit()
    db.close()
    assert _outputs(store, "Ana") == truth and _pages(store) == {"ana"}
