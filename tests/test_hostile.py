"""Hostile input (issue 8): odd or forged names, numbers, files and store contents.

Each case must end with one clear line on stderr, a non-zero exit, nothing changed, and every
other game and command still working. The fuzz tests (``test_fuzz_hostile.py``) add random
cases of each kind.
"""

from __future__ import annotations

import json
import os

import pytest
from helpers import js, ok, one_line_error, read_only, run

from yams_scorekeeper.store import Store
from yams_scorekeeper.store.folder import set_one

#: names a terminal would act on: ESC (title, clear screen), CSI C1, CR, BEL, backspace,
#: newline, bidi override and isolate, DEL
CONTROL_NAMES = ["\x1b]0;pwned\x07Eve", "Eve\x1b[2J", "Eve\x9b2J", "Eve\rAlice", "Eve\x07",
                 "Ev\x08e", "Eve\nAlice", "Eve\u202eecilA", "Eve\u2066x", "Eve\x7f"]
#: names Rich would read as markup if it were allowed to
MARKUP_NAMES = ["[/x]", "[bold red]Zed", "[link=https//x]Eve[/link]", "Zed[/]", "[on red]\\[x"]


def _raw_controls(text: str) -> list[str]:
    """The characters of ``text`` a terminal would act on (newlines between lines excepted)."""
    return [ch for ch in text if (ord(ch) < 32 and ch != "\n") or 0x7f <= ord(ch) <= 0x9f
            or ch in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f"]


def store_files(db) -> dict[str, bytes]:
    """Every file under the store folder (the lock and the summaries index, a derived cache,
    aside), by relative path."""
    out = {}
    for root, _, names in os.walk(db):
        for name in names:
            if name != "store.lock" and not name.startswith("index.sqlite"):   # caches
                path = os.path.join(root, name)
                with open(path, "rb") as handle:
                    out[os.path.relpath(path, db)] = handle.read()
    return out


# -- 1. escaping: control characters and markup in names ------------------------------------------

@pytest.mark.parametrize("name", CONTROL_NAMES)
def test_a_name_with_control_characters_is_refused_at_creation(tmp_path, name):
    db = str(tmp_path / "db")
    result = run(db, "new", "-R", "duel", "-p", name, "-p", "Bob")
    line = one_line_error(result, "control character", code=2)
    assert not _raw_controls(line)
    games = os.path.join(db, "games")
    assert not os.path.exists(games) or not os.listdir(games)


@pytest.mark.parametrize("name", MARKUP_NAMES)
def test_markup_in_a_name_is_shown_as_text_by_every_command(tmp_path, name):
    db = str(tmp_path / "db")
    new = js(db, "new", "-R", "duel", "-p", name, "-p", "Bob")
    outputs = [ok(db, "games").stdout, ok(db, "enter", "11123/3").stdout,
               ok(db, "sheet").stdout, ok(db, "mark", "1").stdout, ok(db, "cells").stdout]
    end = run(db, "end")
    assert end.exit_code == 0, (end.stdout, end.stderr, end.exception)
    outputs += [end.stdout, ok(db, "history").stdout, ok(db, "records").stdout,
                ok(db, "stats", name).stdout, ok(db, "sheet", "--game", new["game"]).stdout,
                ok(db, "transcript", "--game", new["game"]).stdout]
    for n, out in enumerate(outputs):
        if n not in (4, 7):      # cells lists cells; a stopped game sets no record
            assert name in out, (n, out)


def _forge(path: str, tables: dict) -> None:
    """Write ``tables`` as a store file with a valid checksum (a hand edit done carefully)."""
    from yams_scorekeeper.store.files import AtomicJSONStorage

    os.makedirs(os.path.dirname(path), exist_ok=True)
    AtomicJSONStorage(path, backups=0).write(tables)


def _finished_duel(db: str, first: str = "Alice") -> str:
    ok(db, "new", "-R", "duel", "-p", first, "-p", "Bob")
    ok(db, "enter", "11123/3")
    ok(db, "mark", "1")
    ok(db, "end")
    return Store(db).archived_games()[-1]["id"]


def test_control_characters_read_from_the_archive_are_escaped_on_output(tmp_path):
    """A name that reached the archive some other way (an edit with the checksum recomputed)
    never reaches the terminal raw: history, records, stats and sheet escape it."""
    db = str(tmp_path / "db")
    game_id = _finished_duel(db)
    store = Store(db)
    path = store.folder.archive_file(game_id)
    entry = store.archived_games()[0]
    evil = "\x1b]0;pwned\x07Al\u202eice\x9b2J"
    for player in entry["summary"]["players"]:
        if player["name"] == "Alice":
            player["name"] = evil
    entry["summary"]["config_label"] = "[/x]\x1b[31m"
    _forge(path, {"games": {"1": entry}})
    for args in (("history",), ("records",), ("stats", evil), ("history", "--json"),
                 ("records", "--json")):
        result = run(db, *args)
        assert result.exit_code == 0, (args, result.stdout, result.stderr, result.exception)
        assert not _raw_controls(result.stdout), (args, result.stdout)
        assert "Traceback" not in result.stdout + result.stderr
    assert "\\x1b]0;pwned\\x07" in run(db, "history").stdout


def test_an_input_line_echoed_by_play_is_escaped(tmp_path):
    db = str(tmp_path / "db")
    result = run(db, "play", input="\x1b[2J\x1b]0;pwned\x07\nq\n")
    assert not _raw_controls(result.stdout), result.stdout


# -- 2. bounds: every number typed --------------------------------------------------------------

HUGE = "9" * 5000


def _duel_with_dice(db: str) -> str:
    game = js(db, "new", "-R", "duel", "-p", "Alice", "-p", "Bob")["game"]
    ok(db, "enter", "11123/3")
    return game


@pytest.mark.parametrize("args,needle", [
    (("mark", HUGE), "no cell number"),
    (("mark", "1" + "0" * 6), "no cell number"),
    (("mark", f"yam@{HUGE}"), "cannot read the cell"),
    (("mark", "1", "--coup", HUGE), "--coup"),
    (("mark", "1", "--coup", "-3"), "--coup"),
    (("mark", "\u00b2"), "no row"),
    (("undo",), None),       # the dice are taken back, then typed with a huge roll
])
def test_huge_or_odd_numbers_typed_are_refused_in_one_line(tmp_path, args, needle):
    db = str(tmp_path / "db")
    _duel_with_dice(db)
    if needle is None:
        ok(db, "undo")
        args, needle = ("enter", "11123", "--roll", HUGE), "roll number"
    before = store_files(db)
    one_line_error(run(db, *args), needle, code=2)
    assert store_files(db) == before


SETTINGS = [f"yam={HUGE}", "yam=1e400", "yam=-1e400", "yam=99999999", "yam=-5", "yam=10001",
            "yam=" + "[" * 100000, "yam=" + "[" * 40 + "]" * 40, "yam=" + "{\"a\":" * 5000,
            "yam=NaN", "yam=Infinity", "yam=1.5", "yam=true", "yam=" + "1" * 1200,
            "jokers=12345678901234567890"]


@pytest.mark.parametrize("setting", SETTINGS, ids=lambda s: s[:24])
def test_settings_out_of_bounds_or_nested_are_refused_and_create_nothing(tmp_path, setting):
    db = str(tmp_path / "db")
    line = one_line_error(run(db, "new", "-R", "duel", "-p", "A", "-p", "B", "--setting",
                              setting), code=2)
    assert "setting" in line or "réglage" in line
    assert len(line) < 400
    games = os.path.join(db, "games")
    assert not os.path.exists(games) or not os.listdir(games)


def test_gaby_dictionary_settings_are_bounded_too(tmp_path):
    db = str(tmp_path / "db")
    for setting in ('column_factors={"sec": 1e400}', 'column_factors={"sec": 100000}',
                    "column_factors.sec=-1", "bonus=99999999", "yam_base=" + HUGE):
        result = run(db, "new", "-R", "gaby", "-p", "A", "-p", "B", "--setting", setting)
        one_line_error(result, code=2)
    assert js(db, "new", "-R", "gaby", "-p", "A", "--setting", "column_factors.sec=3")["game"]


def test_play_refuses_a_huge_cell_number_and_asks_again(tmp_path):
    db = str(tmp_path / "db")
    _duel_with_dice(db)
    result = run(db, "play", input=f"{HUGE}\n\u00b2\n{HUGE}x\nq\n")
    assert result.exit_code == 0, (result.stdout, result.stderr, result.exception)
    assert "Traceback" not in result.stdout + result.stderr
    assert result.stdout.count("! ") >= 3


def test_replay_refuses_a_huge_coup_number(tmp_path):
    path = tmp_path / "t.txt"
    path.write_text(f"rules: duel\nplayers: A, B\nA: 11123/3 -> 1@{HUGE}\n", encoding="utf-8")
    result = run(None, "replay", str(path))
    assert result.exit_code != 0 and "Traceback" not in result.stderr
    assert result.stderr.startswith("error: ")


# -- 3. reads: regular files only, and capped ---------------------------------------------------

def _fifo(path) -> str:
    """A FIFO with no writer. Every 5 s for 2 minutes a watchdog opens and closes its writing
    end (only when a reader is blocked on it), so that a program that would wait on it forever
    fails the test instead of hanging the suite."""
    import threading
    import time

    os.mkfifo(path)

    def unblock():
        for _ in range(24):
            time.sleep(5)
            try:
                os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
            except OSError:
                pass        # no reader waiting (or the FIFO is gone): nothing to unblock

    threading.Thread(target=unblock, daemon=True).start()
    return str(path)


@pytest.mark.parametrize("command", ["import", "replay"])
def test_import_and_replay_refuse_devices_fifos_and_folders(tmp_path, command):
    db = str(tmp_path / "db")
    os.makedirs(db)
    for target in ("/dev/zero", "/dev/null", str(tmp_path), _fifo(tmp_path / "fifo")):
        one_line_error(run(db, command, target), "not a regular file", code=2)
    assert os.listdir(db) == []


def test_reads_are_capped(tmp_path, monkeypatch):
    from yams_scorekeeper.store import files as storage

    monkeypatch.setattr(storage, "MAX_FILE_BYTES", 1000)
    db = str(tmp_path / "db")
    os.makedirs(db)
    big = tmp_path / "big.json"     # the book is read a game at a time: one game is capped
    big.write_text('{"format": "yams-scorekeeper-book", "version": 1, "games": ["'
                   + "x" * 3000 + '"]}', encoding="utf-8")
    one_line_error(run(db, "import", str(big)), "larger than", code=4)
    one_line_error(run(db, "import", "-", input=big.read_text(encoding="utf-8")), "larger than",
                   code=4)
    from yams_scorekeeper.cli import transcript_cmds

    monkeypatch.setattr(transcript_cmds, "MAX_TRANSCRIPT_BYTES", 1000)
    one_line_error(run(None, "replay", str(big)), "larger than", code=2)


def _two_games(db: str) -> tuple[str, str]:
    a = js(db, "new", "-R", "duel", "-p", "Alice", "-p", "Bob")["game"]
    b = js(db, "new", "-R", "duel", "-p", "Chloé", "-p", "Dan")["game"]
    return a, b


def _other_commands_work(db: str, good: str) -> None:
    assert ok(db, "sheet", "--game", good).stdout
    ok(db, "enter", "11123/3", "--game", good)
    ok(db, "undo", "--game", good)
    assert ok(db, "history").stdout and ok(db, "records").stdout


@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "folder", "no-events", "events-not-list",
                                  "event-not-object", "not-a-game", "wrong-id", "deep-events",
                                  "bad-finish-note", "no-game-table"])
def test_a_bad_game_file_stops_that_game_only(tmp_path, kind):
    db = str(tmp_path / "db")
    bad, good = _two_games(db)
    path = Store(db).folder.game_path(bad)
    doc = Store(db).load_game(bad)
    os.remove(path)
    if kind == "fifo":
        _fifo(path)
    elif kind == "dev-zero":
        os.symlink("/dev/zero", path)
    elif kind == "folder":
        os.makedirs(path)
    elif kind == "bad-finish-note":
        _forge(path, {"game": {"1": doc}, "finish": {"1": {"summary": {"id": 5}}}})
    elif kind == "no-game-table":
        _forge(path, {"other": {"1": doc}})
    else:
        changed = {"no-events": {k: v for k, v in doc.items() if k != "events"},
                   "events-not-list": {**doc, "events": "x"},
                   "event-not-object": {**doc, "events": [5]},
                   "not-a-game": {**doc, "id": ["x"]},
                   "wrong-id": {**doc, "id": good},
                   "deep-events": {**doc,
                                   "events": [{"type": "enter", "x": [[[[[[[[[[1]]]]]]]]]]}]},
                   }[kind]
        _forge(path, {"game": {"1": changed}})
    result = run(db, "games")
    assert result.exit_code == 4 and "Traceback" not in result.stderr
    assert good[:8] in result.stdout and bad in result.stderr
    one_line_error(run(db, "sheet", "--game", bad), bad, code=4)
    _other_commands_work(db, good)


@pytest.mark.parametrize("change", [
    lambda d: d.pop("config"),
    lambda d: d.update(config={**d["config"], "players": 5}),
    lambda d: d.update(config={**d["config"], "family": "nope"}),
    lambda d: d.update(config={**d["config"], "settings": {"yam": "x"}}),
    lambda d: d.update(events=[{"type": "mark", "player": "Bob"}]),
    lambda d: d.update(events=[{"type": "enter", "player": "Alice", "dice": 5, "roll": "x"}]),
    lambda d: d.update(events=[{"type": "enter", "player": "Alice", "dice": ["7"] * 5,
                                "roll": 1}]),
], ids=["no-config", "players-number", "unknown-family", "bad-setting", "wrong-turn",
        "dice-number", "die-seven"])
def test_a_game_file_that_does_not_replay_is_one_clear_error(tmp_path, change):
    """A game file of the right shape whose configuration or events the rules cannot replay
    (found by the fuzz test: a missing 'config' was a KeyError traceback)."""
    db = str(tmp_path / "db")
    bad, good = _two_games(db)
    path = Store(db).folder.game_path(bad)
    doc = Store(db).load_game(bad)
    change(doc)
    _forge(path, {"game": {"1": doc}})
    for args in (("sheet", "--game", bad), ("cells", "--game", bad),
                 ("enter", "11123/3", "--game", bad)):
        one_line_error(run(db, *args), bad, "does not replay", code=4)
    assert good[:8] in ok(db, "games").stdout
    _other_commands_work(db, good)


def test_a_damaged_file_beside_a_finished_game_never_takes_it_out_of_the_archive(tmp_path):
    """A game file beside an archive file is how a cut reopening looks; a damaged or foreign
    one (found by the fuzz test) must not remove the finished game from the archive."""
    db = str(tmp_path / "db")
    game = _finished_duel(db)
    entry = Store(db).archived_games()[0]
    before = store_files(db)
    path = Store(db).folder.game_path(game)
    for forged in ({"reopened": 1}, {**entry["doc"], "reopened": {"date": "x"}, "created": "y"},
                   {**entry["doc"], "reopened": {"date": "x"}, "events": 5}):
        _forge(path, {"game": {"1": forged}})
        result = run(db, "history")
        assert result.exit_code == 0 and game[:8] in ok(db, "history", "--json").stdout
        assert Store(db).archived_ids() == [game]
        os.remove(path)
        assert store_files(db) == before


# -- 4. export and transcript targets ------------------------------------------------------------

def test_export_and_transcript_refuse_devices_fifos_folders_and_symlinks(tmp_path):
    import stat

    db = str(tmp_path / "db")
    game = _finished_duel(db)
    fifo = _fifo(tmp_path / "fifo")
    folder = tmp_path / "folder"
    folder.mkdir()
    target = tmp_path / "target.json"
    target.write_text("keep me", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    device = tmp_path / "full"
    try:
        os.mknod(device, stat.S_IFCHR | 0o600, os.makedev(1, 7))
    except (PermissionError, OSError):
        device = None
    targets = [fifo, str(folder), str(link)] + ([str(device)] if device else [])
    for path in targets:
        for args in (("export", path), ("transcript", "--game", game, "-o", path)):
            one_line_error(run(db, *args), "will not write", code=2)
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode) and folder.is_dir() and link.is_symlink()
    assert target.read_text(encoding="utf-8") == "keep me"
    if device:
        assert stat.S_ISCHR(os.lstat(device).st_mode)
    ok(db, "export", str(target))                       # a regular file is replaced
    assert json.loads(target.read_text(encoding="utf-8"))["games"]
    ok(db, "transcript", "--game", game, "-o", str(tmp_path / "new.txt"))


# -- 5. imported books: shapes, forged keys and dates -------------------------------------------

def _export(db: str, tmp_path) -> dict:
    path = tmp_path / "book.json"
    ok(db, "export", str(path))
    return json.loads(path.read_text(encoding="utf-8"))


def _import_refused(db: str, tmp_path, data, *needles) -> str:
    before = store_files(db)
    path = tmp_path / "forged.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    line = one_line_error(run(db, "import", str(path)), *needles, code=4)
    assert store_files(db) == before
    return line


def test_forged_imports_are_refused_whole(tmp_path):
    source = str(tmp_path / "source")
    _finished_duel(source)
    _finished_duel(source, first="Zoé")
    book = _export(source, tmp_path)
    db = str(tmp_path / "db")
    os.makedirs(db)

    def forged(change):
        data = json.loads(json.dumps(book))
        change(data)
        return data

    cases = [
        (lambda d: d.update(games=5), "'games'"),
        (lambda d: d["games"].append(7), "games[2]"),
        (lambda d: d["games"][1].update(summary="x"), "games[1]", "summary"),
        (lambda d: d["games"][0]["summary"].update(players="Alice"), "players"),
        (lambda d: d["games"][0]["doc"].update(players="Alice"), "players"),
        (lambda d: d["games"][0]["doc"].update(events=[1, 2]), "events[0]"),
        (lambda d: d["games"][0]["doc"].update(events="x"), "events"),
        (lambda d: d["games"][0]["doc"].update(config=[]), "config"),
        (lambda d: d["games"][1]["summary"].update(config_key="gaby/libre"), "configuration"),
        (lambda d: d["games"][1]["summary"].update(date="not a date"), "not a date", "date"),
        (lambda d: d["games"][0]["summary"]["players"][0].update(total=1e300), "total"),
        (lambda d: d["games"][0]["summary"]["players"][0].update(rank="1"), "rank"),
        (lambda d: d["games"][0]["summary"].update(stopped_early="no"), "stopped_early"),
        (lambda d: d["games"][0]["summary"].update(id="../../etc"), "id"),
    ]
    for change, *needles in cases:
        _import_refused(db, tmp_path, forged(change), *needles)
    for text in ('{"format": "yams-scorekeeper-book", "version": 1, "games": ' + "[" * 100000,
                 '{"format": "yams-scorekeeper-book", "version": 1, "games": [NaN]}',
                 '{"format": "yams-scorekeeper-book", "version": 1, "games": [' + HUGE + "]}",
                 "[" * 50 + "]" * 50):
        _import_refused(db, tmp_path, text, "nothing was imported")
    # a forged label is not trusted: the one the replay gives is kept
    data = forged(lambda d: d["games"][0]["summary"].update(config_label="Yams Gaby (forged)"))
    path = tmp_path / "label.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert js(db, "import", str(path))["added"] == 2
    labels = {e["summary"]["config_label"] for e in Store(db).archived_games()}
    assert labels == {"Duel au Yam"}


# -- 6. archive files with a valid checksum but the wrong shape ----------------------------------

@pytest.mark.parametrize("change", [
    lambda e: e["summary"].update(players="Alice"),
    lambda e: e["summary"]["players"][0].update(total=float("1e300")),
    lambda e: e["summary"].update(date=5),
    lambda e: e.update(doc=[]),
    lambda e: e["doc"].update(events=None),
    lambda e: e.update(id="other"),
], ids=["players-string", "huge-total", "date-number", "doc-list", "events-none", "wrong-id"])
def test_an_archive_file_of_the_wrong_shape_is_one_clear_error(tmp_path, change):
    db = str(tmp_path / "db")
    game = _finished_duel(db)
    good = js(db, "new", "-R", "duel", "-p", "Chloé", "-p", "Dan")["game"]
    store = Store(db)
    entry = store.archived_games()[0]
    change(entry)
    _forge(store.folder.archive_file(game), {"games": {"1": entry}})
    for args in (("history",), ("stats", "Alice"), ("export", str(tmp_path / "x.json"))):
        one_line_error(run(db, *args), game, code=4)
    ok(db, "enter", "11123/3", "--game", good)       # the table goes on
    assert good[:8] in ok(db, "games").stdout


# -- 7. the record book is derived from the archive ----------------------------------------------

def _records_json(db: str) -> dict:
    return js(db, "records")["configs"]


def test_a_missing_records_json_is_rebuilt_from_the_archive(tmp_path):
    db = str(tmp_path / "db")
    ids = [_finished_duel(db), _finished_duel(db, first="Zoé")]
    # a game that is not stopped early sets records: finish one properly through the store
    from test_cli_book import play_duel

    ids.append(play_duel(db, {"Alice": {}, "Bob": {}}))
    expected = js(db, "records")
    os.remove(os.path.join(db, "records.json"))          # the program's own advice, followed
    result = run(db, "records", "--json")
    assert result.exit_code == 0
    assert "counted again from the archive" in result.stderr
    assert json.loads(result.stdout) == expected
    assert len(Store(db).records()["counted"]) == 3


def test_finishing_after_records_json_was_lost_counts_every_game(tmp_path):
    from test_cli_book import play_duel

    db = str(tmp_path / "db")
    play_duel(db, {"Alice": {"yam": "66666"}, "Bob": {}})
    os.remove(os.path.join(db, "records.json"))
    play_duel(db, {"Chloé": {}, "Dan": {}})
    book = Store(db).records()
    assert len(book["counted"]) == 2
    assert book["configs"]["duel"]["records"]["total"]["player"] == "Alice"


@pytest.mark.parametrize("damage", ["garbage", "fifo", "folder", "bad-shape", "forged-values"])
def test_an_unreadable_records_json_is_moved_aside_and_rebuilt(tmp_path, damage):
    from test_cli_book import play_duel

    db = str(tmp_path / "db")
    play_duel(db, {"Alice": {"yam": "66666"}, "Bob": {}})
    expected = js(db, "records")
    path = os.path.join(db, "records.json")
    os.remove(path)
    if damage == "garbage":
        open(path, "wb").write(b"\x00not json")
    elif damage == "fifo":
        _fifo(path)
    elif damage == "folder":
        os.makedirs(path)
    elif damage == "bad-shape":
        _forge(path, {"book": {"1": {"format": "yams-scorekeeper-records", "version": 1,
                                     "counted": 5, "configs": []}}})
    else:
        _forge(path, {"book": {"1": {"format": "yams-scorekeeper-records", "version": 1,
                                     "counted": [], "configs": {"duel": {"records": {
                                         "total": {"value": "9" * 40, "player": "Eve"}}}}}}})
    result = run(db, "records", "--json")
    assert result.exit_code == 0, (result.stdout, result.stderr)
    assert "moved to" in result.stderr and "records.json.damaged" in result.stderr
    assert json.loads(result.stdout) == expected
    assert os.path.exists(path + ".damaged")


def test_records_rebuild_recounts_on_demand(tmp_path):
    from test_cli_book import play_duel

    db = str(tmp_path / "db")
    play_duel(db, {"Alice": {"yam": "66666"}, "Bob": {}})
    expected = js(db, "records")
    store = Store(db)
    # a book that lost a game
    with store.access.locked(), store.folder.open(store.records_path) as tdb:
        set_one(tdb, "book", {"format": "yams-scorekeeper-records", "version": 1,
                                     "counted": [], "configs": {}})
    assert js(db, "records")["configs"] == {}
    assert js(db, "records", "--rebuild") == expected


# -- 8. a full disk during a finish ------------------------------------------------------------

def test_a_full_disk_during_a_finish_is_told_truthfully_and_completed_later(tmp_path):
    import errno

    from yams_scorekeeper.base.errors import StoreError
    from yams_scorekeeper.store.files import FileSystem
    from yams_scorekeeper.store.session import TableSession

    class FullArchive(FileSystem):
        def mkstemp(self, folder, prefix):
            if folder.endswith("archive") or "records" in prefix:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            return super().mkstemp(folder, prefix)

    db = str(tmp_path / "db")
    game = _duel_with_dice(db)
    ok(db, "mark", "1")
    session = TableSession.resume(Store(db, fs=FullArchive()), game)
    with pytest.raises(StoreError) as info:
        session.end()
    text = str(info.value)
    assert "nothing was changed" not in text
    assert "is over and every entry is kept" in text and "disk is full" in text
    assert "Free some space" in text
    assert "finishing" in ok(db, "games").stdout
    result = run(db, "cells", "--game", game[:8])      # the next command completes the finish
    assert result.exit_code == 0, (result.stdout, result.stderr)
    assert "Game stopped" in result.stdout and "to play" not in result.stdout
    assert "No game in progress" in ok(db, "games").stdout
    assert [e["id"] for e in Store(db).archived_games()] == [game]
    assert Store(db).records()["counted"] == [game]


# -- 9. where the store is ---------------------------------------------------------------------

def test_read_commands_work_on_a_store_we_may_not_write(tmp_path, monkeypatch):
    from test_cli_book import play_duel

    db = str(tmp_path / "db")
    play_duel(db, {"Alice": {"yam": "66666"}, "Bob": {}})
    game = js(db, "new", "-R", "duel", "-p", "Chloé", "-p", "Dan")["game"]
    expected = {args: ok(db, *args).stdout for args in
                (("games",), ("history",), ("records",), ("sheet", "--game", game),
                 ("stats", "Alice"))}
    os.remove(os.path.join(db, "store.lock"))
    os.remove(os.path.join(db, "records.json"))
    before = store_files(db)
    read_only(monkeypatch, db)
    for args, out in expected.items():
        result = run(db, *args)
        assert result.exit_code == 0, (args, result.stdout, result.stderr)
        if args != ("records",):
            assert result.stdout == out
    result = run(db, "records")
    assert "Alice" in result.stdout and "read-only" in result.stderr
    assert store_files(db) == before and not os.path.exists(os.path.join(db, "store.lock"))
    one_line_error(run(db, "new", "-R", "duel", "-p", "A"), "read-only", code=4)


def test_a_read_command_on_a_folder_that_is_not_a_store_says_so(tmp_path):
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "todo.txt").write_text("x", encoding="utf-8")
    missing = str(tmp_path / "mistyped")
    for args in (("games",), ("history",), ("records",), ("stats", "Alice"), ("sheet",),
                 ("export", str(tmp_path / "out.json"))):
        one_line_error(run(None, *args, "--db", str(notes)), "not a yams store", code=4)
        one_line_error(run(None, *args, "--db", missing), "no store at", code=4)
        one_line_error(run(missing, *args), "no store at", code=4)
    assert os.listdir(notes) == ["todo.txt"] and not os.path.exists(missing)
