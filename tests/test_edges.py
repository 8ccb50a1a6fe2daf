"""The edges that gave tracebacks (issue 26, items 3-6): numbers past 64 bits, text that is not
UTF-8 or that the terminal cannot show, dates at the ends of the calendar, a full disk and a
full or closed standard output. Each one is a class of input, tried with several values and
on every command that reads it; each must give one line on stderr and a documented exit.

The output and encoding cases run the real program in a subprocess (a real ``/dev/full``, real
bytes in ``argv``, a real ``PYTHONIOENCODING``); the full disk is a file size limit
(``RLIMIT_FSIZE``) on the subprocess, which every Linux CI has without a mount.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from helpers import ENV, js, ok, one_line_error, read_only, run, time_zone

# -- running the real program ---------------------------------------------------------------


def yams(db: str, *args: str | bytes, env: dict | None = None, stdout=subprocess.PIPE,
         limit: int | None = None) -> subprocess.CompletedProcess:
    """``python -m yams_scorekeeper ARGS`` on the store ``db`` (bytes args pass unchanged);
    ``limit``: the largest file the program may write (``RLIMIT_FSIZE``), a disk that fills."""
    def preexec() -> None:
        if limit is not None:
            import resource
            import signal

            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)   # a write past it fails, EFBIG
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    command = [sys.executable.encode(), b"-m", b"yams_scorekeeper"]
    command += [a if isinstance(a, bytes) else a.encode() for a in args]
    return subprocess.run(command, stdout=stdout, stderr=subprocess.PIPE,
                          env={**os.environ, **ENV, "YAMS_DB": db, **(env or {})},
                          preexec_fn=preexec, timeout=60)


def one_error_line(proc: subprocess.CompletedProcess, *needles: str, code: int) -> str:
    """The run ended with ``code`` and one ``error:`` line on stderr holding every needle."""
    err = proc.stderr.decode("utf-8", "replace")
    assert proc.returncode == code, (proc.returncode, err)
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    for needle in needles:
        assert needle in lines[0], lines[0]
    return lines[0]


# -- 3: numbers past 64 bits in the counting options ------------------------------------------

HUGE = ["9223372036854775808", "18446744073709551616", "1" + "0" * 22, "-9223372036854775809",
        "1000000001"]


@pytest.mark.parametrize("value", HUGE + ["-1"])
def test_paging_numbers_out_of_range_are_one_usage_error(book, value):
    db, _ = book
    for option in ("--limit", "-n", "--page"):
        line = one_line_error(run(db, "history", option, value), "is not a whole number from",
                              "to 1000000000", code=2)
        assert value[:24] in line
    # the largest page and limit are read, and find nothing (no overflow in SQLite)
    assert js(db, "history", "--page", "1000000000", "--limit", "1000000000") == {"games": []}
    one_line_error(run(db, "history", "--page", "0"), "--page 0", "from 1 to", code=2)


@pytest.mark.parametrize("value", HUGE + ["-1", "4"])
def test_jokers_out_of_range_are_refused(value, tmp_path, monkeypatch):
    monkeypatch.setenv("YAMS_CACHE", str(tmp_path))    # refused before any table is solved
    result = run(None, "hint", "-R", "duel", "--jokers", value, "4", "4", "4", "6", "1",
                 "--roll", "2")
    one_line_error(result, "--jokers", "is not a whole number from 0 to", code=2)
    assert os.listdir(tmp_path) == []


# -- 4: text that is not UTF-8, text the terminal cannot show --------------------------------

NOT_UTF8 = [b"\xff", b"Al\xe9", b"\xc3", b"\xed\xa0\x80", b"A\x80B"]


@pytest.mark.parametrize("raw", NOT_UTF8)
def test_arguments_that_are_not_utf8_are_one_error(book, raw):
    db, _ = book
    for args in ([b"stats", raw], [b"stats", b"Alice", b"--vs", raw],
                 [b"history", b"--player", raw], [b"new", b"-p", raw, b"-p", b"Bob"],
                 [b"sheet", b"--player", raw], [b"history", b"--since", raw]):
        proc = yams(db, *args)
        one_error_line(proc, "not UTF-8", code=2)
        assert proc.stdout == b""


@pytest.mark.parametrize("name", ["Chloé", "Zoë 😀", "Ærøskøbing", "李"])
def test_a_terminal_that_cannot_show_a_name_gets_escapes(tmp_path, name):
    db = str(tmp_path / "db")
    assert yams(db, "new", "-R", "duel", "-p", name, "-p", "Bob").returncode == 0
    for row in ("1", "2"):                                   # a turn each: the name to play
        ok(db, "enter", "11123/3")
        ok(db, "mark", row)
    ascii_only = {"PYTHONIOENCODING": "ascii"}
    for args in (["sheet"], ["games"], ["cells"], ["log"]):
        proc = yams(db, *args, env=ascii_only)
        assert proc.returncode == 0, (args, proc.stderr)
        out = proc.stdout.decode("ascii")                    # nothing but ASCII was written
        assert name.encode("ascii", "backslashreplace").decode() in out, (args, out)
    proc = yams(db, "games", "--json", env=ascii_only)
    assert json.loads(proc.stdout.decode("ascii"))["games"][0]["players"][0] == name


def test_names_of_an_imported_book_on_an_ascii_terminal(book):
    db, _ = book
    ascii_only = {"PYTHONIOENCODING": "ascii"}
    for args in (["history"], ["records"], ["stats", "Chloé"], ["stats", "Alice", "--vs",
                                                                  "Chloé"],
                 ["history", "--player", "chloé"]):
        proc = yams(db, *args, env=ascii_only)
        assert proc.returncode == 0, (args, proc.stderr)
        out = proc.stdout.decode("ascii")
        assert "Chlo\\xe9" in out or args == ["records"], args   # Chloé holds no record
        assert "Duel au Yam" in out or "--vs" in args
    # a file's text is UTF-8 whatever the terminal: the book read back is the same book
    proc = yams(db, "export", "-", env=ascii_only)
    assert proc.returncode == 0
    assert "Chloé" in proc.stdout.decode("utf-8")
    assert json.loads(proc.stdout) == json.loads(yams(db, "export", "-").stdout)


@pytest.mark.parametrize("name", ["An\\ud800", "\\udfff", "A\\udc80B", "\\ud83d"])
def test_a_lone_surrogate_in_an_imported_book_is_refused(book, tmp_path, name):
    db, _ = book
    data = json.loads(ok(db, "export", "-").stdout)
    text = json.dumps(data, ensure_ascii=False).replace('"Chloé"', f'"{name}"')
    assert name in text
    path = tmp_path / "book.json"
    path.write_text(text, encoding="utf-8")
    fresh = str(tmp_path / "fresh")
    result = run(fresh, "import", str(path))
    assert result.exit_code == 4 and "player name" in result.stderr, result.stderr
    assert result.stderr.startswith("error: ") and "Traceback" not in result.stderr
    assert len(result.stderr.splitlines()) == 1
    assert js(fresh, "history")["games"] == []


# -- 6: a full disk under the index, a full or closed standard output ------------------------


def test_a_disk_that_fills_during_an_import_is_one_error(book, tmp_path):
    db, _ = book
    big = tmp_path / "big.json"
    data = json.loads(ok(db, "export", "-").stdout)
    template = data["games"][0]
    games = []
    for n in range(40):                # one game under 40 ids: the index outgrows the limit
        game = json.loads(json.dumps(template))
        game["doc"]["id"] = game["summary"]["id"] = f"{n:032x}"
        games.append(game)
    data["games"] = games
    big.write_text(json.dumps(data), encoding="utf-8")
    target = str(tmp_path / "new")
    proc = yams(target, "import", str(big), limit=60_000)
    one_error_line(proc, "summaries index", "could not be written", code=4)
    # the store stays readable: the index is built again from the archive
    proc = yams(target, "history", "--json", "--limit", "0")
    assert proc.returncode == 0, proc.stderr
    archived = len([n for n in os.listdir(os.path.join(target, "archive"))
                    if n.endswith(".json")])
    assert len(json.loads(proc.stdout)["games"]) == archived


def _full_output_commands(db: str, game: str) -> list[list[str]]:
    return [["export", "-"], ["history"], ["history", "--json"], ["records"],
            ["records", "--json"], ["stats", "Alice"], ["stats", "Alice", "--json"],
            ["transcript", "-g", game], ["transcript", "-g", game, "-o", "-"],
            ["records", "--html", "-"], ["rules"], ["--help"], ["history", "--help"],
            ["score", "--roll", "1", "5", "5", "5", "3", "3"]]


def test_a_full_standard_output_is_one_error(book):
    db, ids = book
    for args in _full_output_commands(db, ids[0]):
        with open("/dev/full", "wb") as full:
            proc = yams(db, *args, stdout=full)
        one_error_line(proc, "cannot write to standard output", "No space left", code=4)


def test_a_closed_standard_output_is_one_error(book):
    db, ids = book
    for args in (["history"], ["records", "--json"], ["export", "-"],
                 ["transcript", "-g", ids[0]]):
        command = [sys.executable, "-m", "yams_scorekeeper", *args]
        proc = subprocess.run(command, stderr=subprocess.PIPE, timeout=60,
                              env={**os.environ, **ENV, "YAMS_DB": db},
                              preexec_fn=lambda: os.close(1))     # started with no stdout
        one_error_line(proc, "cannot write to standard output", code=4)


def test_a_pipe_closed_by_its_reader_is_one_error(book):
    db, _ = book
    for args in (["history", "--limit", "0"], ["export", "-"], ["records", "--json"]):
        command = [sys.executable, "-m", "yams_scorekeeper", *args]
        reader, writer = os.pipe()
        os.close(reader)                                   # nobody will read: EPIPE
        proc = subprocess.run(command, stdout=writer, stderr=subprocess.PIPE,
                              env={**os.environ, **ENV, "YAMS_DB": db}, timeout=60)
        os.close(writer)
        one_error_line(proc, "cannot write to standard output", "Broken pipe", code=4)


# -- 8: one folding of names everywhere, invisible characters refused --------------------------

#: pairs of names that are one name once folded (case, ß, ligatures, full-width forms, NFKC)
SAME_NAMES = [("Straße", "STRASSE"), ("Alice", "ALICE"), ("Ａlice", "alice"), ("ﬁona", "Fiona"),
              ("Ǆemal", "ǆemal"), ("Ｂob", "BOB"), ("Zoë", "ZOË"), ("Σίσυφος", "ΣΊΣΥΦΟΣ")]
#: names that look like another: a character drawn as nothing in them
INVISIBLE = ["Alice\u200b", "\ufeffAlice", "Al\u200dice", "Alice\U000e0041", "Ali\u00adce",
             "Alice\u2060", "\u200cBob", "Bob\u180e", "A\u3164"]


@pytest.mark.parametrize("a, b", SAME_NAMES)
def test_names_that_fold_to_one_are_one_player_at_new(tmp_path, a, b):
    db = str(tmp_path / "db")
    for family in ("duel", "classic", "gaby"):
        one_line_error(run(db, "new", "-R", family, "-p", a, "-p", b), "are one name", code=2)
    assert not os.path.exists(os.path.join(db, "games")) or os.listdir(
        os.path.join(db, "games")) == []
    # a game of ``a``: its sheet, its turns and its history are found under ``b``
    ok(db, "new", "-R", "duel", "-p", a, "-p", "Other")
    assert ok(db, "sheet", "--player", b).stdout.count(a) >= 1


@pytest.mark.parametrize("name", INVISIBLE)
def test_invisible_characters_are_refused_in_names(tmp_path, book, name):
    db = str(tmp_path / "db")
    line = one_line_error(run(db, "new", "-R", "duel", "-p", name, "-p", "Bob"),
                          "drawn as nothing", code=2)
    assert "\\u" in line                                # the invisible one is shown
    # an imported book with that name is refused, nothing imported
    source, _ = book
    text = ok(source, "export", "-").stdout.replace('"Chloé"', json.dumps(name))
    path = tmp_path / "book.json"
    path.write_text(text, encoding="utf-8")
    result = run(db, "import", str(path))
    assert result.exit_code == 4 and "drawn as nothing" in result.stderr, result.stderr
    assert js(db, "history")["games"] == []


def test_stats_and_history_fold_names_as_new_does(book):
    db, ids = book
    alice = js(db, "stats", "Alice")
    for typed in ("ALICE", "ａｌｉｃｅ", " Alice ", "ＡＬＩＣＥ"):
        assert js(db, "stats", typed)["games"] == alice["games"] == 3, typed
        assert [g["game"] for g in js(db, "history", "--player", typed)["games"]] == [
            g["game"] for g in js(db, "history", "--player", "alice")["games"]]
        assert js(db, "stats", "Bob", "--vs", typed)["games"] == 2
    assert js(db, "stats", "CHLOÉ")["games"] == 1


# -- 5: dates at the ends of the calendar -----------------------------------------------------

#: valid ISO dates that no time zone, or not every one, can show
CALENDAR_ENDS = ["0001-01-01T00:00:00+14:00", "0001-01-01T00:00:00", "0001-01-01T05:00:00-00:00",
                 "0001-01-01", "9999-12-31T23:59:59-12:00", "9999-12-31T12:00:00+00:00",
                 "9999-12-31"]
#: the readers of a date, each run in a zone east and west of UTC
READERS = [["history"], ["history", "--json"], ["records"], ["records", "--html", "-"],
           ["stats", "Alice"], ["stats", "Alice", "--vs", "Bob"], ["stats", "--rows"],
           ["history", "--player", "Alice"], ["export", "-"]]


def readers_work_in_zones(db: str, zones: tuple[str, ...]) -> None:
    """Every reader of a date runs cleanly (in this process) in each time zone of ``zones``."""
    for zone in zones:
        with time_zone(zone):
            for args in READERS:
                result = run(db, *args)
                assert result.exit_code == 0, (zone, args, result.stderr, result.exception)


ZONES = ("Pacific/Kiritimati", "Etc/GMT+12", "America/New_York")


def _dated_book(book, tmp_path, date: str) -> str:
    db, _ = book
    data = json.loads(ok(db, "export", "-").stdout)
    data["games"][0]["summary"]["date"] = date
    path = tmp_path / "book.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("date", CALENDAR_ENDS)
def test_a_date_at_an_end_of_the_calendar_is_refused_at_import(book, tmp_path, date):
    path = _dated_book(book, tmp_path, date)
    fresh = str(tmp_path / "fresh")
    line = one_line_error(run(fresh, "import", path), "end of the calendar", code=4)
    assert date in line
    assert js(fresh, "history")["games"] == []


@pytest.mark.parametrize("date", ["0001-01-02T00:00:00+00:00", "0001-01-03T00:00:00+14:00",
                                  "9999-12-30T00:00:00-12:00", "1900-02-28T23:59:59+05:45"])
def test_dates_a_day_inside_the_ends_import_and_show_everywhere(book, tmp_path, date):
    path = _dated_book(book, tmp_path, date)
    fresh = str(tmp_path / "fresh")
    ok(fresh, "import", path)
    readers_work_in_zones(fresh, ZONES)


def test_an_archive_already_holding_such_a_date_keeps_every_reader_working(book):
    """A store of the earlier version may hold one (its import took it): every reader shows it
    as written instead of failing on every later run."""
    db, ids = book
    from yams_scorekeeper.store import Store

    store = Store(db)
    data = store.export_book()
    for game, date in zip(data["games"], ("0001-01-01T00:00:00+14:00",
                                          "9999-12-31T23:59:59-12:00"), strict=False):
        game["summary"]["date"] = date
    target = db + "-old"
    Store(target).import_games(data["games"])         # no check: as the earlier version did
    readers_work_in_zones(target, ZONES)
    for zone in ZONES:                                 # shown as written where it cannot move
        out = yams(target, "history", env={"TZ": zone}).stdout.decode()
        assert "0001-01-01 00:00" in out and "9999-12-31 23:59" in out, (zone, out)


# -- 12: a read of the house rules on a store we may not write --------------------------------


def test_play_houses_lists_the_house_rules_of_a_read_only_store(tmp_path, monkeypatch):
    from yams_scorekeeper.store import Store

    db = str(tmp_path / "db")
    Store(db).save_house_rules("club", "duel", {"yam": 60})
    Store(db).save_house_rules("amis", "gaby", {"bonus": 40})
    expected = ok(db, "play", "--houses").stdout
    assert "club" in expected and "amis" in expected
    before = {name: open(os.path.join(db, name), "rb").read() for name in os.listdir(db)
              if name.endswith(".json")}
    read_only(monkeypatch, db)
    result = run(db, "play", "--houses")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == expected
    # the other reads of the house rules are reads too; a save is still refused as a write
    assert Store(db).house_rules()["club"]["settings"] == {"yam": 60}
    from yams_scorekeeper.base.errors import StoreError

    with pytest.raises(StoreError, match="read-only"):
        Store(db).save_house_rules("x", "duel", {"yam": 50})
    assert {name: open(os.path.join(db, name), "rb").read() for name in os.listdir(db)
            if name.endswith(".json")} == before


# -- 13: empty names of places and things, a version that is not the number -------------------


@pytest.mark.parametrize("empty", ["", " ", "\t"])
def test_an_empty_db_is_refused_by_every_command(tmp_path, monkeypatch, empty):
    monkeypatch.chdir(tmp_path)
    for args in (["history"], ["records"], ["games"], ["stats", "Alice"], ["export", "-"],
                 ["new", "-p", "A", "-p", "B"], ["play", "--houses"], ["sheet"],
                 ["import", "x.json"]):
        one_line_error(run(None, *args, "--db", empty), "--db is empty", code=2)
    assert os.listdir(tmp_path) == []                 # no store made in the current folder


@pytest.mark.parametrize("name", ["", "  ", "\x1b[31m", "club\u200b"])
def test_an_empty_or_invisible_house_name_is_refused(tmp_path, name):
    db = str(tmp_path / "db")
    one_line_error(run(db, "play", "--setting", "yam=60", "--save-house", name, input=""),
                   "--save-house", code=2)
    assert not os.path.exists(os.path.join(db, "houses.json"))


@pytest.mark.parametrize("version", [True, 1.0, "1", [1], None, 1.5])
def test_a_version_that_is_not_the_number_is_refused(book, tmp_path, version):
    db, _ = book
    from yams_scorekeeper.store import Store
    from yams_scorekeeper.store.shapes import book_problem

    data = json.loads(ok(db, "export", "-").stdout)
    data["version"] = version
    path = tmp_path / "book.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    fresh = str(tmp_path / "fresh")
    one_line_error(run(fresh, "import", str(path)), "unknown version", code=4)
    records = Store(db).records()
    assert book_problem(records) is None
    assert book_problem({**records, "version": version}) is not None


# -- 10, 11: the files the user names: stale temporary files, modes, read-only targets ---------


def _writers(db: str, game: str) -> list[tuple[list[str], str]]:
    """Every command that writes a file the user names: its arguments before FILE, FILE's
    option (None: an argument), and what FILE then holds."""
    return [(["export"], None, '"format": "yams-scorekeeper-book"'),
            (["transcript", "-g", game, "-o"], "-o", "rules: duel"),
            (["sheet", "-g", game, "--html"], "--html", "<html"),
            (["sheet", "-g", game, "--svg"], "--svg", "<svg"),
            (["records", "--html"], "--html", "<html")]


@pytest.mark.parametrize("mode", [0o644, 0o640, 0o600, 0o664])
def test_a_file_written_over_keeps_its_mode(book, tmp_path, mode):
    db, ids = book
    for args, _, holds in _writers(db, ids[0]):
        target = tmp_path / "out"
        target.write_text("old", encoding="utf-8")
        os.chmod(target, mode)
        ok(db, *args, str(target))
        assert holds in target.read_text(encoding="utf-8"), args
        assert oct(os.stat(target).st_mode & 0o777) == oct(mode), args
        target.unlink()


@pytest.mark.parametrize("mode", [0o444, 0o400, 0o555])
def test_a_read_only_file_is_written_over_only_with_force(book, tmp_path, mode):
    db, ids = book
    for args, _, holds in _writers(db, ids[0]):
        target = tmp_path / "out"
        target.write_text("old", encoding="utf-8")
        os.chmod(target, mode)
        one_line_error(run(db, *args, str(target)), "read-only", "--force", code=2)
        assert target.read_text(encoding="utf-8") == "old", args
        ok(db, *args, str(target), "--force")
        assert holds in target.read_text(encoding="utf-8"), args
        assert oct(os.stat(target).st_mode & 0o777) == oct(mode), args
        os.chmod(target, 0o644)
        target.unlink()
        assert [n for n in os.listdir(tmp_path) if n.endswith(".tmp")] == []


def test_the_temporary_file_of_a_killed_export_is_swept_by_the_next_write(book, tmp_path):
    import signal
    import time

    db, ids = book
    target = str(tmp_path / "book.json")
    code = ("import sys, time; from yams_scorekeeper.store.files import write_user_file; "
            "write_user_file(sys.argv[1], lambda h: (h.write('x'), h.flush(), time.sleep(60)))")
    writers = [subprocess.Popen([sys.executable, "-c", code, target]) for _ in range(2)]
    deadline = time.monotonic() + 30
    temps: list[str] = []
    while len(temps) < 2 and time.monotonic() < deadline:
        temps = [n for n in os.listdir(tmp_path) if n.startswith(".yams-")]
        time.sleep(0.05)
    assert len(temps) == 2, temps
    writers[0].send_signal(signal.SIGKILL)             # one writer killed, one alive
    writers[0].wait()
    dead = [n for n in temps if not _locked(str(tmp_path / n))]
    assert len(dead) == 1
    old = time.time() - 3600
    for name in temps:                                 # both from an hour ago
        os.utime(tmp_path / name, (old, old))
    just_made = tmp_path / ".yams-justmade.tmp"         # a writer's, not yet locked
    just_made.write_text("x", encoding="utf-8")
    try:
        for args, _, _holds in _writers(db, ids[0]):
            ok(db, *args, target)
            left = sorted(n for n in os.listdir(tmp_path) if n.startswith(".yams-"))
            assert dead[0] not in left and len(left) == 2, left   # the live and the new one
    finally:
        writers[1].kill()
        writers[1].wait()


def _locked(path: str) -> bool:
    import fcntl

    fd = os.open(path, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return False
    except OSError:
        return True
    finally:
        os.close(fd)
