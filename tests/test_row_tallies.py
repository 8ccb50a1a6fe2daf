"""The per-row tallies of the summaries index (``row_tallies``, what ``yams stats NAME --rows``
reads): every answer equals the sheets counted afresh, whatever the filters; a game indexed,
removed or changed (by this program or by one that does not know the tallies) drops the groups
it touches; an index made before them gets them in place, without a rebuild."""

from __future__ import annotations

import datetime as dt
import json
import os
import random
import sqlite3

import pytest
from helpers import ok, run

from yams_scorekeeper.book.records import row_stats
from yams_scorekeeper.engine.config import make_config
from yams_scorekeeper.engine.simulate import play_random_game
from yams_scorekeeper.store import BOOK_FORMAT, BOOK_VERSION, Store
from yams_scorekeeper.store.archive import Archive
from yams_scorekeeper.store.summary_index import INDEX_FILE

#: (family, columns, player counts): Ana plays every game
KINDS = [("duel", None, (2,)), ("classic", ["libre"], (1, 2, 3))]
FRIENDS = ["Bo", "Cy"]
#: filters of ``stats --rows``: (family, since, until, seats); the periods cut years at a
#: month and at a day, take whole years, or fall between two games
FILTERS = [(None, None, None, None), (None, "2022", "2022", None), ("duel", None, None, None),
           (None, None, None, 2), (None, "2021-07", None, None), (None, None, "2022-03-15", None),
           (None, "2021-05-17", "2023-02", None), ("classic", "2022", None, 3),
           (None, "2023", None, None), (None, None, "2021", None), (None, "2030", None, None),
           (None, "2022-06-01", "2022-06-30", 1)]


def _entries(count: int, seed: int = 7) -> list[dict]:
    """``count`` random legal games of Ana (some stopped early), dated over 2021-2023."""
    rng, out = random.Random(seed), []
    for n in range(count):
        family, columns, seats = KINDS[n % len(KINDS)]
        names = ["Ana", *FRIENDS][:rng.choice(seats)]
        config = make_config(family, names, **({"columns": columns} if columns else {}))
        stopped = n % 7 == 3
        game = play_random_game(config, rng, turns=2 if stopped else None)
        if stopped:
            game.end()
        when = dt.datetime(2021, 1, 1, 20, tzinfo=dt.UTC) + dt.timedelta(
            days=rng.randrange(3 * 365), minutes=n)
        doc, summary = game.to_doc(), game.summary()
        gid = f"g{n:03d}"
        out.append({"doc": {**doc, "id": gid, "created": when.isoformat()},
                    "summary": {**summary, "id": gid, "date": when.isoformat()}})
    return out


def _book(path, entries: list[dict]) -> Store:
    store = Store(str(path))
    added, _ = store.import_book({"format": BOOK_FORMAT, "version": BOOK_VERSION,
                                  "games": entries})
    assert added == len(entries)
    return store


@pytest.fixture(scope="module")
def entries() -> list[dict]:
    return _entries(48)


def _afresh(store: Store, player: str, *filters) -> str:
    """The per-row statistics counted from every sheet (the query of ``stats --rows`` for
    every player, restricted to one), as JSON text: its order is compared too."""
    with store.access.reading():
        index = store.parts.index.in_step()
        stats = row_stats(index.sheet_rows(player, *filters), {})
        labels = index.labels(stats)
    for key, cfg in stats.items():
        cfg["label"] = labels.get(key, key)
    return json.dumps(stats)


def _tallied(store: Store, player: str, *filters) -> str:
    return json.dumps(store.row_stats(player, *filters))


def _groups(store: Store) -> dict[tuple, str]:
    db = sqlite3.connect(os.path.join(store.path, INDEX_FILE))
    rows = {tuple(r[:4]): r[4] for r in db.execute(
        "SELECT folded, config_key, seats, year, tally FROM row_tallies")}
    db.close()
    return rows


def test_every_filter_gives_the_sheets_counted_afresh(tmp_path, entries):
    store = _book(tmp_path / "s", entries)
    for filters in FILTERS:
        for player in ("Ana", "bo"):
            assert _tallied(store, player, *filters) == _afresh(store, player, *filters), filters
    groups = _groups(store)
    years = {(k, n, y) for f, k, n, y in groups if f == "ana"}
    assert {y for _, _, y in years} == {"2021", "2022", "2023"}
    assert {n for _, n, _ in years} == {1, 2, 3}
    assert json.loads(_tallied(store, "Ana", None, "2030", None, None)) == {}


def test_a_game_indexed_later_drops_only_the_groups_it_touches(tmp_path, entries):
    store = _book(tmp_path / "s", entries[:-1])
    before = _tallied(store, "Ana")
    kept = _groups(store)
    last = entries[-1]["summary"]
    assert store.import_book({"format": BOOK_FORMAT, "version": BOOK_VERSION,
                              "games": entries[-1:]}) == (1, 0)
    touched = {(p["name"].casefold(), last["config_key"], len(last["players"]),
                last["date"][:4]) for p in last["players"]}
    left = _groups(store)
    assert touched <= set(kept) and not touched & set(left)
    assert left == {g: t for g, t in kept.items() if g not in touched}
    after = _tallied(store, "Ana")
    assert after == _afresh(store, "Ana") and after != before
    assert set(_groups(store)) == set(kept) - {g for g in touched if g[0] != "ana"}


@pytest.mark.parametrize("change", ["delete sheet", "change sheet", "delete player",
                                    "move player"])
def test_a_program_that_knows_no_tallies_writing_the_index_drops_them(tmp_path, entries,
                                                                      change):
    """The triggers are in the index file: an older program (or a hand edit) that writes
    ``players`` or ``sheets`` drops the tallies of the rows it writes."""
    store = _book(tmp_path / "s", entries)
    before = _tallied(store, "Ana")
    db = sqlite3.connect(os.path.join(store.path, INDEX_FILE))
    game = "g006"          # a Duel of Ana, not stopped
    (seat,) = db.execute("SELECT seat FROM players WHERE game=? AND folded='ana'",
                         (game,)).fetchone()
    if change == "delete sheet":
        db.execute("DELETE FROM sheets WHERE game=? AND seat=?", (game, seat))
    elif change == "change sheet":
        (text,) = db.execute("SELECT sheet FROM sheets WHERE game=? AND seat=?",
                             (game, seat)).fetchone()
        sheet = json.loads(text)
        sheet["cells"][0][2] += 1000
        db.execute("UPDATE sheets SET sheet=? WHERE game=? AND seat=?",
                   (json.dumps(sheet, separators=(",", ":")), game, seat))
    elif change == "delete player":
        db.execute("DELETE FROM players WHERE game=? AND seat=?", (game, seat))
    else:
        db.execute("UPDATE players SET date='2020-01-01' WHERE game=? AND seat=?", (game, seat))
    db.commit()
    db.close()
    fresh = Store(store.path)
    after = _tallied(fresh, "Ana")
    assert after != before and after == _afresh(fresh, "Ana")


def test_an_index_made_before_the_tallies_gets_them_in_place(tmp_path, entries, monkeypatch):
    store = _book(tmp_path / "s", entries[:12])
    expected = _tallied(store, "Ana")
    rows = store.index_rows()
    db = sqlite3.connect(os.path.join(store.path, INDEX_FILE), isolation_level=None)
    for kind, name in db.execute("SELECT type, name FROM sqlite_master WHERE name LIKE "
                                 "'row_tallies%'").fetchall():
        db.execute(f"DROP {kind} {name}")
    db.close()

    def no(self, game_id):
        raise AssertionError(f"the archive file of {game_id} was read (a rebuild)")

    monkeypatch.setattr(Archive, "read", no)
    again = Store(store.path)
    assert _tallied(again, "Ana") == expected and again.index_rows() == rows
    assert _groups(again)


# -- the lines of ``history --csv`` (``history_lines``) ----------------------------------------

def _csv_afresh(store: Store, player: str, *filters) -> str:
    """The CSV of ``player``'s games made from their summaries (what the index keeps)."""
    from yams_scorekeeper.book.book_csv import game_csv, history_csv

    return history_csv(game_csv(s) for s in store.summaries(player, *filters))


def _csv(store: Store, player: str, *filters) -> str:
    from yams_scorekeeper.book.book_csv import history_csv

    return history_csv(store.history_lines(player, *filters))


def _lines(store: Store) -> int:
    db = sqlite3.connect(os.path.join(store.path, INDEX_FILE))
    (count,) = db.execute("SELECT count(*) FROM history_lines").fetchone()
    db.close()
    return count


def test_a_players_csv_lines_equal_those_of_the_summaries(tmp_path, entries):
    """The texts are made when a player's CSV is first asked for (an index that never served
    one keeps no such table), then kept by every game indexed."""
    store = _book(tmp_path / "s", entries[:-1])
    db = sqlite3.connect(os.path.join(store.path, INDEX_FILE))
    names = {n for (n,) in db.execute("SELECT name FROM sqlite_master")}
    db.close()
    assert "history_lines" not in names and "row_tallies" not in names
    for family, since, until, _ in FILTERS:
        for player in ("Ana", "cy"):
            assert _csv(store, player, family, since, until) == _csv_afresh(
                store, player, family, since, until)
    seats = [p["name"] for e in entries[:-1] for p in e["summary"]["players"]]
    assert _lines(store) == seats.count("Ana") + seats.count("Cy")
    assert store.import_book({"format": BOOK_FORMAT, "version": BOOK_VERSION,
                              "games": entries[-1:]}) == (1, 0)
    assert _lines(store) == seats.count("Ana") + seats.count("Cy") + len(
        entries[-1]["summary"]["players"])
    assert _csv(store, "Ana") == _csv_afresh(store, "Ana")
    assert _csv(store, "nobody") == _csv_afresh(store, "nobody") == (
        "date,game,rules,config_key,player,total,rank,stopped,corrections,evening\r\n")


@pytest.mark.parametrize("change", ["summary", "player", "line"])
def test_a_line_written_by_another_program_never_reaches_the_csv(tmp_path, entries, change):
    """A game's summary or player row written by a program that knows no history lines
    drops them (triggers); a line changed by hand fails its digest: the index is rebuilt from
    the archive, and the CSV is the archive's."""
    store = _book(tmp_path / "s", entries)
    truth = ok(store.path, "history", "-p", "Ana", "--csv", "-").stdout
    db = sqlite3.connect(os.path.join(store.path, INDEX_FILE))
    if change == "summary":
        db.execute("UPDATE games SET family=family WHERE id='g006'")
    elif change == "player":
        db.execute("UPDATE players SET total=total WHERE game='g006'")
    else:
        db.execute("UPDATE history_lines SET line=replace(line, ',Ana,', ',Anna,') "
                   "WHERE game='g006'")
    db.commit()
    left = db.execute("SELECT count(*) FROM history_lines WHERE game='g006'").fetchone()[0]
    db.close()
    assert left == (1 if change == "line" else 0)     # Ana's, made by her first CSV
    again = run(store.path, "history", "-p", "Ana", "--csv", "-")
    assert again.exit_code == 0 and again.stdout == truth and ",Anna," not in truth
    assert ("rebuilt from the archive" in again.stderr) == (change == "line")
    db = sqlite3.connect(os.path.join(store.path, INDEX_FILE))
    kept = db.execute("SELECT folded FROM history_lines WHERE game='g006'").fetchall()
    db.close()
    assert kept == [("ana",)]


def test_texts_of_another_csv_version_are_made_again(tmp_path, entries, monkeypatch):
    """Texts written by another version of the CSV are dropped when the index is opened and
    made again from the summaries (no rebuild: no archive file is read)."""
    store = _book(tmp_path / "s", entries[:6])
    truth = _csv(store, "Ana")
    db = sqlite3.connect(os.path.join(store.path, INDEX_FILE))
    db.execute("UPDATE meta SET value=0 WHERE key='history_csv_format'")
    db.execute("UPDATE history_lines SET line='stale'")   # the digests no longer match either
    db.commit()
    db.close()

    def no(self, game_id):
        raise AssertionError(f"the archive file of {game_id} was read (a rebuild)")

    monkeypatch.setattr(Archive, "read", no)
    assert _csv(Store(store.path), "Ana") == truth
