"""Solved tables in the cache are verified before they are trusted (issue 26, item 7).

Every kind of bad file is tried on a small spec (solved in milliseconds): a file of the wrong
size (empty, cut, longer), a damaged header, a FIFO or a folder in its place, values that are
wrong with the checksum recomputed (NaN, infinities, zeros, negated) or flipped bytes with the
old checksum, and a table of the format before checksums. Each is refused with a reason, solved
again and replaced by a sound table; the command line says so in one line and its JSON holds
no NaN."""

from __future__ import annotations

import hashlib
import json
import os
import threading

import numpy as np
import pytest
from advice_specs import yahtzee_score, yahtzee_spec
from helpers import ENV, ok, run

from yams_scorekeeper.advice import cache
from yams_scorekeeper.advice.adviser import Solved
from yams_scorekeeper.advice.spec import OneColumnSpec, score_table


def _spec() -> OneColumnSpec:
    rows = ("5", "6", "yahtzee")
    return OneColumnSpec("test", rows, score_table(yahtzee_score, rows),
                         (True, True, False), 12, 20)


def _solved_file(folder: str) -> tuple[OneColumnSpec, np.ndarray, str]:
    spec = _spec()
    first = Solved.for_spec(spec, folder)
    assert first.built_seconds is not None and first.path == cache.table_path(folder, spec.key())
    return spec, np.array(first.table), first.path


def _with_values(path: str, change) -> None:
    """Rewrite the table file with ``change(values)``, header and checksum made to match."""
    with open(path, "rb") as handle:
        raw = handle.read()
    head = json.loads(raw[len(cache.MAGIC):cache.HEADER])
    values = np.frombuffer(raw[cache.HEADER:], dtype=cache.DTYPE).reshape(head["shape"]).copy()
    with open(path, "wb") as handle:
        handle.write(cache.encode_table(change(values)))


def _flip(path: str, at: int) -> None:
    with open(path, "r+b") as handle:
        handle.seek(at)
        byte = handle.read(1)
        handle.seek(at)
        handle.write(bytes([byte[0] ^ 0x40]))


def _truncate(path: str, size: int) -> None:
    with open(path, "r+b") as handle:
        handle.truncate(size)


def _header(path: str, text: bytes) -> None:
    with open(path, "r+b") as handle:
        handle.seek(len(cache.MAGIC))
        handle.write(text)


def _nan(values):
    values[3, 0, 0] = np.nan
    return values


def _inf(values):
    values[0, 0, 0] = np.inf
    return values


def _zeros(values):
    return np.zeros_like(values)


def _negated(values):
    return -values


def _too_big(values):
    return values * 1000


def _start_in_header_changed(path: str) -> None:
    """The header's empty-sheet values changed, the checksum (of the values) still right."""
    with open(path, "rb") as handle:
        raw = handle.read()
    head = json.loads(raw[len(cache.MAGIC):cache.HEADER])
    head["start"] = [v + 1 for v in head["start"]]
    text = cache.MAGIC + json.dumps(head).encode()
    with open(path, "wb") as handle:
        handle.write(text + b" " * (cache.HEADER - 1 - len(text)) + b"\n" + raw[cache.HEADER:])


def _full_sheet_not_0(values):
    values[-1] = 1.0                 # the full sheet has no points still to come
    return values


DAMAGE = {
    "empty": lambda p: _truncate(p, 0),
    "cut": lambda p: _truncate(p, os.path.getsize(p) - 4),
    "longer": lambda p: open(p, "ab").write(b"\0\0\0\0"),
    "header JSON": lambda p: _header(p, b'{"shape": [8, 13'),
    "header magic": lambda p: _flip(p, 2),
    "header fields": lambda p: _header(p, b'{"shape": 3}' + b" " * 40),
    "flipped value byte": lambda p: _flip(p, cache.HEADER + 4 * 5 + 2),
    "flipped checksum": lambda p: _flip(p, os.path.getsize(p) - 1),
    "NaN": lambda p: _with_values(p, _nan),
    "infinity": lambda p: _with_values(p, _inf),
    "zeros": lambda p: _with_values(p, _zeros),
    "negated": lambda p: _with_values(p, _negated),
    "beyond any sheet": lambda p: _with_values(p, _too_big),
    "full sheet not 0": lambda p: _with_values(p, _full_sheet_not_0),
    "header start changed": _start_in_header_changed,
}


@pytest.mark.parametrize("kind", list(DAMAGE))
def test_a_damaged_table_is_refused_solved_again_and_replaced(tmp_path, kind):
    spec, good, path = _solved_file(str(tmp_path))
    DAMAGE[kind](path)
    heard = []
    again = Solved.for_spec(spec, str(tmp_path), heard.append)
    assert again.built_seconds is not None                  # solved again, not trusted
    assert len(heard) == 1 and heard[0] is not None
    assert heard[0].key == "cli.advice.table_refused" and path in heard[0].en
    assert np.array_equal(again.table, good)
    assert np.isfinite(again.table).all()
    trusted = Solved.for_spec(spec, str(tmp_path), heard.append)   # the file was replaced
    assert trusted.built_seconds is None and len(heard) == 1
    assert np.array_equal(np.asarray(trusted.table), good)


def test_values_no_solved_table_holds_are_refused_by_the_file_check_before_the_rules(tmp_path):
    """The file's own values check refuses each of these, not only the Bellman sample after
    it: the damages it lets through are listed."""
    let_through = []
    for kind in ("negated", "beyond any sheet", "full sheet not 0"):
        folder = str(tmp_path / kind)
        spec, _, path = _solved_file(folder)
        DAMAGE[kind](path)
        heard = []
        Solved.for_spec(spec, folder, heard.append)
        if "its values are not those of a solved table" not in heard[0].en:
            let_through.append(kind)
    assert let_through == []


def _halved(values):
    return values / 2


def _permuted(values):
    """The sheet states shuffled, the full sheet left in its place (its values stay 0)."""
    order = np.random.default_rng(7).permutation(len(values) - 1)
    values[:-1] = values[order]
    return values


def _halved_past_the_first_turn(values):
    """Every sheet with two cells or more filled halved: the empty sheet and its successors
    keep their values, so only a check of the later states sees it."""
    filled = np.array([bin(m).count("1") for m in range(len(values))])
    values[filled >= 2] /= 2
    return values


FORGED = {"halved": _halved, "states permuted": _permuted,
          "halved past the first turn": _halved_past_the_first_turn}


@pytest.mark.parametrize("kind", list(FORGED))
def test_a_plausible_forgery_fails_the_rules_one_turn_on_and_is_solved_again(tmp_path, kind):
    """Values in range, the full sheet 0, the checksum recomputed: only the Bellman check of
    a sample of states (each value the best expected value one turn on) sees the forgery."""
    spec, good, path = _solved_file(str(tmp_path))
    _with_values(path, FORGED[kind])
    found = cache.read_table(str(tmp_path), spec.key(), good.shape, spec.most_points())
    assert found.problem is None                              # every older check passes
    heard = []
    again = Solved.for_spec(spec, str(tmp_path), heard.append)
    assert again.built_seconds is not None and np.array_equal(again.table, good)
    assert [m.key for m in heard] == ["cli.advice.table_refused"]
    assert path in heard[0].en and "do not follow from the rules" in heard[0].en
    assert "ne découlent pas des règles" in heard[0].text("fr")
    assert Solved.for_spec(spec, str(tmp_path), heard.append).built_seconds is None


def _duel_one_joker():
    from yams_scorekeeper.advice.spec import spec_for
    from yams_scorekeeper.rules import get_rules

    return spec_for(get_rules("duel", {"jokers": 1}))


@pytest.mark.parametrize("make", [_duel_one_joker, yahtzee_spec], ids=["duel", "yahtzee"])
def test_the_session_tables_follow_the_rules_and_their_forgeries_do_not(solved, make):
    """Real tables (the session's, which the advice tests solve anyway): the sample checks
    out; halved, or with their sheet states permuted, it does not."""
    from yams_scorekeeper.advice.solver import follows_the_rules

    spec = make()
    table = np.array(solved(spec).table)
    assert follows_the_rules(spec, table)
    for forge in FORGED.values():
        assert not follows_the_rules(spec, forge(table.copy()))


@pytest.mark.parametrize("kind", ["fifo", "folder"])
def test_no_regular_file_in_its_place_is_never_opened_for_reading(tmp_path, kind):
    spec, good, path = _solved_file(str(tmp_path))
    os.remove(path)
    os.mkfifo(path) if kind == "fifo" else os.mkdir(path)
    heard, done = [], []
    worker = threading.Thread(target=lambda: done.append(
        Solved.for_spec(spec, str(tmp_path), heard.append)), daemon=True)
    worker.start()
    worker.join(60)
    if kind == "fifo" and not done:            # unblock the reader, then fail
        os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
    assert done, "a FIFO in the table's place hung the read"
    assert "not a regular file" in heard[0].en
    assert np.array_equal(done[0].table, good)
    if kind == "fifo":                         # replaced by the table
        assert Solved.for_spec(spec, str(tmp_path)).built_seconds is None


def test_a_table_of_the_format_before_checksums_is_solved_again_and_removed(tmp_path):
    spec, good, path = _solved_file(str(tmp_path))
    os.remove(path)
    old = os.path.join(str(tmp_path), f"solver-{spec.key()}.npy")
    np.save(old, good)
    heard = []
    again = Solved.for_spec(spec, str(tmp_path), heard.append)
    assert again.built_seconds is not None and "checksum" in heard[0].en
    assert not os.path.exists(old) and os.path.exists(path)


def test_a_sound_file_is_trusted_and_its_header_holds_the_checksum(tmp_path):
    spec, good, path = _solved_file(str(tmp_path))
    with open(path, "rb") as handle:
        raw = handle.read()
    head = json.loads(raw[len(cache.MAGIC):cache.HEADER])
    assert head["sha256"] == hashlib.sha256(raw[cache.HEADER:]).hexdigest()
    assert head["start"] == good[0, 0].tolist() and head["start"][0] > 0
    assert len(raw) == cache.HEADER + good.size * 4
    found = cache.read_table(str(tmp_path), spec.key(), good.shape, spec.most_points())
    assert found.problem is None and np.array_equal(found.table, good)


def test_hint_on_an_empty_table_file_says_so_once_and_prints_finite_json(tmp_path, solved,
                                                                       monkeypatch):
    """The 0-byte file that made ``hint`` print "Aborted." on every run: one line on stderr,
    the table solved again (once), then trusted; the JSON has no NaN."""
    from yams_scorekeeper.advice import adviser
    from yams_scorekeeper.advice.spec import spec_for
    from yams_scorekeeper.rules import get_rules

    folder = tmp_path / "cache"
    folder.mkdir()
    spec = spec_for(get_rules("duel", {"jokers": 1}))
    # solving is pure: the solve here returns the session's table of this spec (the advice
    # tests' one), not 6 s of CPU to find the same numbers again
    table = solved(spec).table
    solves = []

    def solve(asked):
        solves.append(asked.key())
        return np.array(table)

    monkeypatch.setattr(adviser, "solve", solve)
    (folder / os.path.basename(cache.table_path(str(folder), spec.key()))).write_bytes(b"")
    args = ("hint", "--rules", "duel", "--setting", "jokers=1", "--start", "--json")
    ENV["YAMS_CACHE"] = str(folder)
    try:
        first = run(str(tmp_path / "store"), *args)
        assert first.exit_code == 0, (first.stdout, first.stderr)
        notice = first.stderr.splitlines()
        assert len(notice) == 2 and "was not used (not the size of the table)" in notice[0]
        data = json.loads(first.stdout, parse_constant=lambda name: pytest.fail(name))
        assert 0 < data["expected"] < 400
        second = ok(str(tmp_path / "store"), *args)
        assert second.stderr == "" and json.loads(second.stdout) == data
        assert solves == [spec.key()]
    finally:
        del ENV["YAMS_CACHE"]


def test_hint_on_a_halved_table_says_so_and_gives_the_true_expectation(tmp_path, solved,
                                                                      monkeypatch):
    """The forgery of issue 37: Duel's table halved, checksum recomputed. ``hint`` says in one
    line that the table was not used, solves it again (here: the session's table, solving
    being pure) and gives the true expectation, not half of it."""
    from yams_scorekeeper.advice import adviser

    folder = tmp_path / "cache"
    folder.mkdir()
    spec = _duel_one_joker()
    table = solved(spec).table
    path = cache.table_path(str(folder), spec.key())
    with open(path, "wb") as handle:
        handle.write(cache.encode_table(_halved(np.array(table))))
    monkeypatch.setattr(adviser, "solve", lambda asked: np.array(table))
    ENV["YAMS_CACHE"] = str(folder)
    try:
        first = run(str(tmp_path / "store"), "hint", "--rules", "duel", "--setting", "jokers=1",
                    "--start", "--json")
    finally:
        del ENV["YAMS_CACHE"]
    assert first.exit_code == 0, (first.stdout, first.stderr)
    assert "was not used (its values do not follow from the rules" in first.stderr
    expected = json.loads(first.stdout)["expected"]
    assert expected == pytest.approx(float(table[0, 0, 1]), abs=0.01)
