"""The companions' tallies of the summaries index (``companion_tallies``, what ``yams stats
NAME`` reads for the rival and the nemesis): every answer equals the plain query over the
``players`` rows, whatever the filters, the winning families and the rows (a rank or a family
missing); a game indexed, removed or changed (by this program or by one that knows no
tallies) drops the marks of its players; an index made before them gets them in place."""

from __future__ import annotations

import os
import sqlite3

import pytest
from test_row_tallies import FILTERS, _book, _entries

from yams_scorekeeper.store import BOOK_FORMAT, BOOK_VERSION, Store
from yams_scorekeeper.store.archive import Archive
from yams_scorekeeper.store.summary_index import INDEX_FILE

WINNING = ([], ["duel"], ["classic", "gaby"])
PLAYERS = ("Ana", "bo", "CY", "nobody")


@pytest.fixture(scope="module")
def entries() -> list[dict]:
    return _entries(48)


def _both(store: Store, player: str, winning, since, until, seats) -> tuple[list, list]:
    """(the plain query's rows, the tallies' rows)."""
    with store.access.reading():
        index = store.parts.index.in_step()
        plain = index.companions(player, winning, since, until, seats)
    return plain, store.companions(player, winning, since, until, seats)


def _marks(store: Store) -> set[str]:
    db = sqlite3.connect(os.path.join(store.path, INDEX_FILE))
    marks = {f for (f,) in db.execute("SELECT folded FROM companion_tallies_full")}
    db.close()
    return marks


#: filters that cut out one group of tallies each (a year and a player count)
ONE_GROUP = [(None, f"{year}", f"{year}", seats) for year in range(2021, 2024)
             for seats in (2, 3)] + [(None, "2031", None, None), (None, "2032", None, None)]


def _every_answer_is_the_plain_querys(store: Store) -> None:
    for _family, since, until, seats in FILTERS + ONE_GROUP:
        for winning in WINNING:
            for player in PLAYERS:
                plain, tallied = _both(store, player, winning, since, until, seats)
                assert tallied == plain, (player, winning, since, until, seats)


def test_every_filter_gives_the_plain_query(tmp_path, entries):
    store = _book(tmp_path / "s", entries)
    _every_answer_is_the_plain_querys(store)
    assert _marks(store) == {"ana", "bo", "cy", "nobody"}      # no game: no companion
    plain, _ = _both(store, "Ana", [], None, None, None)
    assert [name for name, *_ in plain] == ["Bo", "Cy"] and all(games for _, games, *_ in plain)
    assert store.companions("Ana", [], "2030", None, None) == []


def _games_of(db, where: str) -> list[str]:
    """The games of Ana and Bo (by id) whose rows of Ana match ``where``."""
    return [g for (g,) in db.execute(
        "SELECT game FROM players p WHERE folded='ana' AND EXISTS (SELECT 1 FROM players q "
        f"WHERE q.game=p.game AND q.folded='bo') AND {where} ORDER BY game")]


def test_missing_ranks_and_families_count_as_the_query_counts_them(tmp_path, entries):
    """``sum(q.rank<p.rank AND (p.stopped=0 OR p.family IN ...))`` of SQL: a missing rank
    counts nothing (``NULL`` when nothing else is counted), a stopped game without a family
    counts 0 only where the other ranked below (``x AND NULL``); the name of the last game
    together is that of the first game of the last date, by id."""
    store = _book(tmp_path / "s", entries)
    _every_answer_is_the_plain_querys(store)
    db = sqlite3.connect(os.path.join(store.path, INDEX_FILE))
    # a year (2022) of Duels and classic games of two where no rank is known
    db.execute("UPDATE players SET rank=NULL WHERE seats=2 AND substr(date, 1, 4)='2022'")
    # stopped games alone in their year, without a family: Bo's rank unknown (2031, NULL),
    # or below Ana's (2032, 0)
    first, second = _games_of(db, "stopped=1")[:2]
    for game, year, rank in ((first, "2031", None), (second, "2032", 99)):
        db.execute("UPDATE players SET family=NULL, date=? WHERE game=?", (f"{year}-06-01",
                                                                           game))
        db.execute("UPDATE players SET rank=? WHERE game=? AND folded='bo'", (rank, game))
    # three games on Ana's last date, Bo written three ways: two of two players (a Duel, and
    # a classic game of a later id: its group comes first), one of three
    last = (_games_of(db, "seats=2 AND stopped=0 AND family='duel'")[:1]
            + _games_of(db, "seats=2 AND stopped=0 AND family='classic'")[-1:]
            + _games_of(db, "seats=3")[:1])
    assert last[0] < last[1]
    for game, spelling in zip(last, ("bO", "BO", "Bo."), strict=True):
        db.execute("UPDATE players SET date='2033-01-01' WHERE game=?", (game,))
        db.execute("UPDATE players SET name=? WHERE game=? AND folded='bo'", (spelling, game))
    db.commit()
    db.close()
    assert _marks(store) == {"nobody"}              # the triggers dropped those of players
    _every_answer_is_the_plain_querys(Store(store.path))
    for winning, period, beaten in ((["classic", "duel"], ("2022", "2022", 2), None),
                                    (["gaby"], ("2031", "2031", None), None),
                                    (["gaby"], ("2032", "2032", None), 0),
                                    ([], ("2031", "2031", None), 0)):
        plain, tallied = _both(store, "Ana", winning, *period)
        assert tallied == plain and [b for name, _, b, _ in plain if name == "Bo"] == [beaten]
    plain, tallied = _both(store, "Ana", [], None, None, None)
    spelling = dict(zip(last, ("bO", "BO", "Bo."), strict=True))[min(last)]
    assert tallied == plain and plain[0][0] == spelling and plain[0][3] == "2033-01-01"


def test_a_game_indexed_later_drops_the_marks_of_its_players(tmp_path, entries):
    later = next(e for e in reversed(entries)
                 if [p["name"] for p in e["summary"]["players"]] == ["Ana", "Bo"])
    store = _book(tmp_path / "s", [e for e in entries if e is not later])
    before = store.companions("Ana", [])
    for player in ("Bo", "Cy"):
        store.companions(player, [])
    assert store.import_book({"format": BOOK_FORMAT, "version": BOOK_VERSION,
                              "games": [later]}) == (1, 0)
    assert _marks(store) == {"cy"}                  # Ana's and Bo's, who played it, dropped
    after = store.companions("Ana", [])
    assert [games for _, games, *_ in after] == [before[0][1] + 1, before[1][1]]
    assert (after, _marks(store)) == (_both(store, "Ana", [], None, None, None)[0],
                                      {"ana", "cy"})


@pytest.mark.parametrize("change", ["rank", "delete", "move", "insert"])
def test_a_program_that_knows_no_tallies_writing_players_drops_them(tmp_path, entries,
                                                                    change):
    """The triggers are in the index file: an older program (or a hand edit) that writes a
    ``players`` row drops the marks of every player of its game."""
    store = _book(tmp_path / "s", entries)
    before = store.companions("Ana", ["duel"])
    store.companions("Bo", ["duel"])
    db = sqlite3.connect(os.path.join(store.path, INDEX_FILE))
    game = db.execute("SELECT game FROM players WHERE folded='bo' AND seats=3 AND stopped=0 "
                      "AND family='duel' ORDER BY game LIMIT 1").fetchone()
    game = game[0] if game else db.execute(
        "SELECT game FROM players WHERE folded='bo' AND seats=3 AND stopped=0 ORDER BY game "
        "LIMIT 1").fetchone()[0]
    if change == "rank":          # Bo above Ana in a game of three, or below: Ana's nemesis
        db.execute("UPDATE players SET rank=CASE WHEN rank<(SELECT rank FROM players WHERE "
                   "game=?1 AND folded='ana') THEN 99 ELSE 0 END WHERE game=?1 AND "
                   "folded='bo'", (game,))
    elif change == "delete":
        db.execute("DELETE FROM players WHERE game=? AND folded='bo'", (game,))
    elif change == "move":        # their last game together, by Ana's date
        db.execute("UPDATE players SET date='2030-01-01' WHERE game=? AND folded='ana'",
                   (game,))
    else:
        db.execute("INSERT INTO players SELECT 'dé', date, game, 9, 'Dé', total, rank, "
                   "family, config_key, stopped, seats FROM players WHERE game=? AND "
                   "folded='bo'", (game,))
    db.commit()
    db.close()
    assert not {"ana", "bo"} & _marks(store)
    fresh = Store(store.path)
    after = fresh.companions("Ana", ["duel"])
    assert after != before and after == _both(fresh, "Ana", ["duel"], None, None, None)[0]
    _every_answer_is_the_plain_querys(fresh)


def test_an_index_with_the_other_book_tables_gets_them_in_place(tmp_path, entries,
                                                                monkeypatch):
    """An index made before the companions' tallies keeps its other book tables' rows (the
    history lines, the per-row tallies) and its own: no rebuild, no line made again."""
    store = _book(tmp_path / "s", entries[:12])
    expected = store.companions("Ana", [])
    csv, tallies = "".join(store.history_lines("Ana")), store.row_stats("Ana")
    rows = store.index_rows()
    path = os.path.join(store.path, INDEX_FILE)
    db = sqlite3.connect(path, isolation_level=None)
    for kind, name in db.execute("SELECT type, name FROM sqlite_master WHERE name LIKE "
                                 "'companion_tallies%'").fetchall():
        db.execute(f"DROP {kind} {name}")
    kept = db.execute("SELECT * FROM history_lines").fetchall()
    db.close()

    def no(self, game_id):
        raise AssertionError(f"the archive file of {game_id} was read (a rebuild)")

    monkeypatch.setattr(Archive, "read", no)
    again = Store(store.path)
    assert again.companions("Ana", []) == expected and _marks(again) == {"ana"}
    db = sqlite3.connect(path)
    assert db.execute("SELECT * FROM history_lines").fetchall() == kept
    db.close()
    assert "".join(again.history_lines("Ana")) == csv and again.row_stats("Ana") == tallies
    assert again.index_rows() == rows
