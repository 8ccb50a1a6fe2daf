"""What an import's workers make of each game is what the store itself writes: the archive
file's bytes (:func:`yams_scorekeeper.store.archive_record`), the summaries index's rows (an
index built by the import equals one rebuilt from the archive) and the record book."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path
from typing import Any

import pytest
from test_import_parallel import (
    DISTINCT,
    _forged_event,
    _forged_total,
    book_of,
    files_of,
    imported,
)
from test_store import play

from yams_scorekeeper.api import import_book
from yams_scorekeeper.base.errors import EntryError, StoreError, YamsError
from yams_scorekeeper.store import (
    BOOK_FORMAT,
    BOOK_VERSION,
    Store,
    archive_record,
    book_file,
    import_check,
    shapes,
)
from yams_scorekeeper.store.book_file import write_book

pytestmark = pytest.mark.skipif(not import_check.can_fork(), reason="no fork here")


def exported(games: list[dict]) -> str:
    """The book of ``games`` as ``yams export`` lays it out (one game a line)."""
    out = io.StringIO()
    write_book(out, {"format": BOOK_FORMAT, "version": BOOK_VERSION}, games,
               lambda: {"records": {}})
    return out.getvalue()


def test_an_archive_record_holds_the_bytes_a_finish_writes(tmp_path):
    store = Store(tmp_path / "s")
    play(store, "g1")
    play(store, "g2", date="2024-05-08T21:00:00+02:00", alice=600, bob=700)
    for game_id in ("g1", "g2"):
        entry = store.parts.archive.read(game_id)
        assert archive_record(entry).raw == Path(store.folder.archive_file(game_id)).read_bytes()
        assert archive_record(entry).id == game_id


def test_the_files_and_index_a_parallel_import_writes_are_the_stores_own(tmp_path,
                                                                         small_parallel):
    games = book_of(20)
    assert imported(tmp_path / "db", exported(games), jobs=2)[0] == (20, 0)
    store = Store(tmp_path / "db")
    for name, raw in files_of(store).items():
        entry = store.parts.archive.read(name[:-len(".json")])
        assert archive_record(entry).raw == raw      # the bytes _write_entry writes
    rows = store.index_rows()
    seats = sum(len(DISTINCT[n % 3]["summary"]["players"]) for n in range(20))
    assert [len([r for r in rows if len(r) == width]) for width in (10, 11, 3)] == [
        20, seats, seats]                              # games, players, sheets
    store.rebuild_index()
    assert store.index_rows() == rows
    assert Store(tmp_path / "db").records() == Store(tmp_path / "db").rebuild_records()


# -- block mode: each game decoded once, on a worker; the same outcome as game by game ---------

def outcome(path: Path, source: str | Path, mode: str, monkeypatch) -> tuple:
    """What importing ``source`` (a book's text, or a file) does: the result or the error
    (type, English, French), then the archive's files, the index's rows and the records.
    ``mode``: "exact" (read game by game, checked on this process: the reference),
    "blocks" (blocks, on this process) or "parallel" (blocks, on two workers)."""
    real = book_file.read_book
    with monkeypatch.context() as patch:
        if mode == "exact":
            patch.setattr(book_file, "read_book",
                          lambda *args, **kw: real(*args, **{**kw, "blocks": False}))
        store = Store(path)
        original = store.import_games
        store.import_games = lambda games, check: original(
            games, check, jobs=2 if mode == "parallel" else 1)
        try:
            if isinstance(source, Path):
                result: Any = import_book(store, source)
            else:
                result = import_book(store, io.StringIO(source), name="book.json")
        except YamsError as err:
            result = (type(err), err.en, err.fr)
    store = Store(path)
    files = files_of(store) if os.path.isdir(store.archive_dir) else {}
    rows = [row[:6] + row[7:] if len(row) == 10 else row for row in store.index_rows()]
    return result, files, rows, store.records()          # (not the files' mtimes)


def spoiled(text: str, line: int, bad: str) -> str:
    """``text`` with ``bad`` written into the events of the game on ``line`` (from 1)."""
    lines = text.split("\n")
    cut = lines[line - 1].index('"events": [') + len('"events": [')
    lines[line - 1] = lines[line - 1][:cut] + bad + ", " + lines[line - 1][cut:]
    return "\n".join(lines)


def same_in_every_mode(tmp_path, source, monkeypatch) -> tuple:
    exact, *others = [outcome(tmp_path / mode, source, mode, monkeypatch)
                      for mode in ("exact", "blocks", "parallel")]
    for other in others:
        assert other == exact
    return exact


def test_an_exported_book_is_decoded_on_the_workers_only(tmp_path, small_blocks, monkeypatch):
    games = book_of(30)
    games[7]["summary"] = {**games[7]["summary"], "config_label": "forged label"}  # replaced
    text = exported(games)
    decoded = []
    real_value = book_file._Reader.value
    monkeypatch.setattr(book_file._Reader, "value",
                        lambda self, *a: decoded.append(a) or real_value(self, *a))
    result, files, rows, records = same_in_every_mode(tmp_path, text, monkeypatch)
    assert result == (30, 0) and len(files) == 30 and records["counted"]
    decoded.clear()
    assert outcome(tmp_path / "again", text, "parallel", monkeypatch)[0] == (30, 0)
    assert decoded.count((True,)) == 1      # games: the last one only (no comma after it)
    assert outcome(tmp_path / "again", text, "parallel", monkeypatch)[0] == (0, 30)


def test_a_pretty_printed_book(tmp_path, small_blocks, monkeypatch):
    text = json.dumps({"format": BOOK_FORMAT, "version": BOOK_VERSION, "games": book_of(20)},
                      indent=2)
    assert same_in_every_mode(tmp_path, text, monkeypatch)[0] == (20, 0)


def test_a_bad_game_in_the_middle(tmp_path, small_blocks, monkeypatch):
    games = book_of(30)
    _forged_total(games[17])
    _forged_total(games[25])
    games[21] = {**games[21], "summary": {**games[21]["summary"], "players": "x"}}
    result, files, _, _ = same_in_every_mode(tmp_path, exported(games), monkeypatch)
    assert result[0] is StoreError and "g017" in result[1] and files == {}


def test_a_bad_game_before_text_that_is_not_json(tmp_path, small_blocks, monkeypatch):
    games = book_of(30)
    _forged_total(games[4])
    text = spoiled(exported(games), 21, "@")                # a bad byte in a later block
    result = same_in_every_mode(tmp_path, text, monkeypatch)[0]
    assert "g004" in result[1]


@pytest.mark.parametrize("bad", ["@", "NaN", "12345678901234567", "1e999", "[" * 40 + "]" * 40,
                                 "123456789012345678901234567890"],
                         ids=["byte", "nan", "digits", "infinite", "deep", "past 64 bits"])
def test_a_bad_value_in_a_middle_block_is_reported_on_its_line(tmp_path, small_blocks,
                                                                 monkeypatch, bad):
    text = spoiled(exported(book_of(30)), 13, bad)
    blocks = []
    for item in book_file.read_book(io.StringIO(text), "b", lambda *a: None, blocks=True):
        if item is book_file.BLOCKS_DONE:
            break
        blocks.append(item)
    [middle] = [n for n, block in enumerate(blocks)
                if block.line <= 13 < block.line + block.text.count("\n")]
    assert 2 <= middle < len(blocks) - 2
    result, files, _, _ = same_in_every_mode(tmp_path, text, monkeypatch)
    assert result[0] in (StoreError, EntryError) and files == {}
    assert "line 13" in result[1] or "games[11]" in result[1]


def test_a_bad_value_too_far_to_be_a_game_of_a_block(tmp_path, small_blocks, monkeypatch):
    monkeypatch.setattr(book_file, "BLOCK_MOST", 8000)       # lines longer: game by game
    text = spoiled(exported(book_of(20)), 10, "@")
    assert "line 10" in same_in_every_mode(tmp_path, text, monkeypatch)[0][1]


def test_text_that_is_not_utf8_in_a_later_block(tmp_path, small_blocks, monkeypatch):
    games = book_of(20)
    _forged_total(games[2])
    raw = exported(games).encode("utf-8")
    at = raw.index(b'"g015"')
    for n, body in enumerate([raw[:at] + b"\xff" + raw[at:]]):
        path = tmp_path / f"book{n}.json"
        path.write_bytes(body)
        assert "g002" in same_in_every_mode(tmp_path / f"s{n}", path, monkeypatch)[0][1]
    path.write_bytes(exported(book_of(20)).encode("utf-8")[:at] + b"\xff" + raw[at:])
    result = same_in_every_mode(tmp_path / "t", path, monkeypatch)[0]
    assert result[0] is EntryError and "UTF-8" in result[1]


def test_a_duplicate_id_across_blocks_and_games_already_held(tmp_path, small_blocks,
                                                             monkeypatch):
    games = book_of(30)
    held = exported(games[10:14])
    for mode in ("exact", "blocks", "parallel"):
        assert outcome(tmp_path / mode, held, mode, monkeypatch)[0] == (4, 0)
    for n in range(10, 14):          # already in the store: skipped, not replayed
        _forged_total(games[n])
    text = exported(games + [games[3], games[29]])   # twice: the second is skipped
    assert same_in_every_mode(tmp_path, text, monkeypatch)[0] == (26, 6)


def test_a_game_refused_by_a_worker_is_reported_with_its_place(tmp_path, small_blocks,
                                                               monkeypatch):
    games = book_of(30)
    _forged_event(games[22])
    assert "g022" in same_in_every_mode(tmp_path / "event", exported(games), monkeypatch)[0][1]
    games[19] = {**games[19], "summary": {**games[19]["summary"], "players": "x"}}
    result = same_in_every_mode(tmp_path / "shape", exported(games), monkeypatch)[0]
    assert "games[19]" in result[1]


def _deep(levels: int) -> Any:
    """A value of exactly ``levels`` lists, ``levels`` >= 1."""
    value: Any = [1]
    for _ in range(levels - 1):
        value = [value]
    return value


def _event_too_deep(game: dict) -> None:      # the event itself is a level
    game["doc"]["events"][2]["x"] = _deep(shapes.MAX_EVENT_DEPTH)


def _config_too_deep(game: dict) -> None:
    game["doc"]["config"]["x"] = _deep(shapes.MAX_EVENT_DEPTH)


def _digits_in_an_event(game: dict) -> None:
    game["doc"]["events"][2]["roll"] = 12345678901234567


@pytest.mark.parametrize("spoil, said", [
    (_event_too_deep, "games[13] (game 14): doc: events[2] is nested too deeply"),
    (_config_too_deep, "games[13] (game 14): doc: 'config' is nested too deeply"),
    (_digits_in_an_event, "(line 15, the number 12345678901234567... has more than 15 digits)"),
], ids=["event", "config", "digits"])
def test_a_game_nested_too_deeply_or_with_a_long_number_inside_its_doc(tmp_path, small_blocks,
                                                                      monkeypatch, spoil, said):
    """The one walk of a block's game (:func:`shapes.unchecked_game_problem`) is as strict as
    the walks of the game-by-game reading and of ``doc_problem``: the same refusal, in
    every mode, the first game after it never imported."""
    games = json.loads(json.dumps(book_of(30)))
    spoil(games[13])
    result, files, _, _ = same_in_every_mode(tmp_path, exported(games), monkeypatch)
    assert result[0] is StoreError and said in result[1] and files == {}


def test_one_walk_of_a_game_takes_the_depth_limits_of_its_events_and_config():
    """An event or the config may nest ``MAX_EVENT_DEPTH`` deep, not one more; a whole
    number 15 digits long, not 16; the rest of the game ``MAX_DEPTH`` deep. Where the walk
    finds nothing, ``doc_problem`` without its own walks says what it says with them."""
    from yams_scorekeeper.store.files import MAX_DEPTH
    from yams_scorekeeper.store.shapes import MAX_EVENT_DEPTH, doc_problem, unchecked_game_problem

    base = json.loads(json.dumps(book_of(1)[0]))

    def spoiled_game(where: str, value: Any) -> dict:
        game = json.loads(json.dumps(base))
        doc = game["doc"]
        target = {"event": doc["events"][1], "config": doc["config"], "label": game,
                  "summary": game["summary"]}[where]
        target["x"] = value
        return game

    ok = [spoiled_game("event", _deep(MAX_EVENT_DEPTH - 1)),
          spoiled_game("config", _deep(MAX_EVENT_DEPTH - 1)),
          spoiled_game("event", [10 ** 15 - 1, -(10 ** 15 - 1), 2.5e300, True]),
          spoiled_game("summary", _deep(MAX_DEPTH - 2))]       # game, summary: two levels
    bad = [spoiled_game("event", _deep(MAX_EVENT_DEPTH)),
           spoiled_game("config", _deep(MAX_EVENT_DEPTH)),
           spoiled_game("event", [10 ** 15]), spoiled_game("config", [-(10 ** 15)]),
           spoiled_game("label", 10 ** 15), spoiled_game("summary", _deep(MAX_DEPTH - 1))]
    assert [unchecked_game_problem(game) for game in ok] == [False] * len(ok)
    assert [unchecked_game_problem(game) for game in bad] == [True] * len(bad)
    for game in ok + [base, {"doc": {"events": 5}}, {"doc": {"events": [1], "config": 3}}, 7]:
        doc = game.get("doc") if isinstance(game, dict) else None
        assert doc_problem(doc, nesting_checked=True) == doc_problem(doc)


@pytest.mark.parametrize("layout", ["as exported", "crlf", "two a line", "a float", "past 64 bits",
                                    "a lone surrogate"])
def test_a_block_reads_the_same_games_with_or_without_the_fast_decoder(monkeypatch, layout):
    """:class:`book_file.BlockGames` reads a game alone on its line with orjson, and any
    other layout, or a game orjson reads otherwise (a float; a whole number past 64 bits,
    which it makes a float), with the standard library: the same values and offsets."""
    from yams_scorekeeper.store import files as storage

    games = json.loads(json.dumps(book_of(4)))
    if layout == "a float":
        games[1]["summary"]["x"] = 1e-7
    if layout == "past 64 bits":
        games[2]["doc"]["x"] = 123456789012345678901234567890
    lines = [json.dumps(g, ensure_ascii=False) for g in games]
    if layout == "a lone surrogate":
        lines[1] = lines[1].replace('"summary": {', '"summary": {"x": "\\ud800", ', 1)
    text = {"crlf": ",\r\n".join(lines) + ",\r\n",
            "two a line": lines[0] + ", " + lines[1] + ",\n" + ",\n".join(lines[2:]) + ",\n",
            }.get(layout, ",\n".join(lines) + ",\n")
    fast = _read_block(text)
    monkeypatch.setattr(storage, "fast_json", lambda: None)
    exact = _read_block(text)
    assert fast == exact
    read = [json.loads(line) for line in lines]
    if layout == "past 64 bits":         # more than 15 digits: the block stops at that game
        read = read[:2]
        assert exact[1] == text.index(lines[2])
    else:
        assert exact[1] is None
    assert [value for value, _, _ in exact[0]] == read


def test_an_archive_file_of_an_import_is_the_json_of_its_entry_whatever_encodes_it(
        monkeypatch):
    from yams_scorekeeper.store import files as storage

    entry = json.loads(json.dumps(book_of(1)[0]))
    entry = {"id": entry["summary"]["id"], **entry}
    entry["doc"]["x"] = [1e-7, 2.5e300, -0.0, 10 ** 15, "é\u2028\x1f"]
    fast = archive_record(entry).raw
    monkeypatch.setattr(storage, "fast_json", lambda: None)
    exact = archive_record(entry).raw

    def body(raw: bytes) -> bytes:
        return raw.split(b'"games":', 1)[1]                     # after the checksum

    assert body(fast).replace(b"1e-7", b"1e-07") == body(exact)
    for raw in (fast, exact):
        assert storage.decode(raw)[0]["games"]["1"] == entry


@pytest.mark.parametrize("spoil", [False, True], ids=["good", "a bad game on line 13"])
def test_a_book_file_with_crlf_line_ends_reads_as_with_lf(tmp_path, small_blocks, spoil):
    """``yams import FILE`` reads the file without newline translation (its lines end at each
    ``\\n``): a book written with ``\\r\\n`` imports the same games, or fails on the same line."""
    text = exported(book_of(30))
    if spoil:
        text = spoiled(text, 13, "@")
    outcomes = []
    for end in ("\n", "\r\n"):
        path = tmp_path / f"book{len(end)}.json"
        path.write_bytes(text.replace("\n", end).encode())
        store = Store(tmp_path / f"db{len(end)}")
        try:
            outcomes.append((import_book(store, str(path)), sorted(files_of(store))))
        except YamsError as err:
            outcomes.append((type(err), str(err).replace(str(path), "BOOK")))
    assert outcomes[0] == outcomes[1]
    assert ("line 13" in outcomes[0][1]) if spoil else outcomes[0][0] == (30, 0)


def _read_block(text: str) -> tuple[list, int | None]:
    found = book_file.BlockGames(text)
    return list(found), found.stop
