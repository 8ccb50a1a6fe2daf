"""Fuzzing the edges of issue 26 (hypothesis, in-process like ``test_fuzz_hostile``): dates,
numbers and names, on every command that reads them.

- names (any text: surrogates, format characters, full-width and folded forms, controls) as
  ``new`` players, the player of ``stats``, ``--vs``, ``stats --rows``, ``history --player``
  and ``sheet --player``: a documented exit, one error line, never a traceback; and two
  names ``new`` accepts are never one player for ``stats`` (one folding everywhere);
- numbers (past 64 bits, negative, as text) as ``--limit``, ``--page``, ``--jokers``,
  ``--top``, ``--roll`` and ``demo --seed``/``--turns``;
- dates as ``history --since``/``--until`` and as the date of an imported game, whose readers
  then run in a time zone at either end of the day.

``FUZZ_EDGES`` gives the examples tried, by kind (about 30 s of CPU in all).
"""

from __future__ import annotations

import datetime as dt
import json
import os
import shutil
import tempfile

from helpers import time_zone
from hypothesis import given
from hypothesis import strategies as st
from test_fuzz_hostile import FUZZ, Copy, cli, no_fsync  # noqa: F401  (the autouse fixture)

from yams_scorekeeper.base.safetext import fold_name

FUZZ_EDGES = {"names": 30, "name pairs": 20, "paging numbers": 40, "numbers": 8,
              "date options": 30, "imported dates": 12}


def fuzz(kind: str):
    scale = int(os.environ.get("YAMS_FUZZ_SCALE", "1"))
    return FUZZ.__class__(FUZZ, max_examples=FUZZ_EDGES[kind] * scale,
                          derandomize=not os.environ.get("YAMS_FUZZ_RANDOM"))


TRICKY_NAMES = ["\udcff", "An\ud800", "Alice\u200b", "\ufeffAlice", "Al\u200dice",
                "Alice\U000e0041", "Ali\u00adce", "ＡＬＩＣＥ", "alice", "ALİCE", "Straße",
                "STRASSE", "ﬁona", "Chloé", "CHLOÉ", "\x1b[31mX", "[bold]B", "\u202eabc", " ",
                "", "-", "--json", "a" * 41, "Ǆ", "ǅ", "\u3164", "李"]
names = (st.text(max_size=12) | st.sampled_from(TRICKY_NAMES)
         | st.text(st.characters(categories=["Cf", "Cs", "Lu", "Ll", "Mn", "Zs"]),
                   min_size=1, max_size=6))


def test_fuzz_names_in_the_reading_commands(template):
    db, game = template["db"], template["game"]

    @fuzz("names")
    @given(name=names)
    def attack(name):
        for args in (("stats", "--", name), ("stats", "Alice", "--vs", name),
                     ("stats", "--rows", "--", name), ("history", f"--player={name}"),
                     ("sheet", "--game", game, f"--player={name}"),
                     ("stats", "--json", "--", name)):
            cli(db, *args)

    attack()


def test_fuzz_name_pairs_at_new_are_two_players_everywhere(template):
    @fuzz("name pairs")
    @given(a=names, b=names)
    def attack(a, b):
        with Copy(template) as copy:
            result = cli(copy.db, "new", "-R", "duel", f"--player={a}", f"--player={b}",
                         "--json")
            if result.exit_code:
                return
            assert fold_name(a) != fold_name(b), (a, b)
            new = json.loads(result.stdout)
            players = new["config"]["players"]
            assert cli(copy.db, "sheet", "--game", new["game"], f"--player={b}").exit_code == 0
            assert len({fold_name(p) for p in players}) == 2

    attack()


numbers = (st.integers(-2**80, 2**80).map(str) | st.integers(-3, 30).map(str)
           | st.sampled_from(["9223372036854775808", "18446744073709551616", "-0", "+1",
                              "1e3", "0x10", "٣", " 1", "1_000", "9" * 30, ""]))


def usage_or_clean(db: str, *args: str):
    """``cli`` where click's own usage error (a value that is no integer, ``--top`` out of its
    range: exit 2, ``Usage:`` and the reason) is a documented outcome too."""
    from helpers import run

    result = run(db, *args)
    if result.exit_code == 2 and result.stderr.startswith("Usage:"):
        assert "Traceback" not in result.stderr and result.stdout == ""
        assert "Invalid value" in result.stderr or "No such option" in result.stderr
        return result
    from test_fuzz_hostile import clean

    clean(result, args)
    return result


def test_fuzz_numbers_in_the_paging_options(template):
    db = template["db"]

    @fuzz("paging numbers")
    @given(n=numbers, m=numbers)
    def attack(n, m):
        for args in (("history", "--limit", n, "--page", m), ("history", "-n", n),
                     ("history", "--json", "--page", n)):
            result = usage_or_clean(db, *args)
            if result.exit_code == 0:
                assert 0 <= int(n) <= 10**9

    attack()


def test_fuzz_numbers_in_the_other_options_that_take_one(template, cache_with, monkeypatch):
    # hint reads the session's table of Duel with one joker (the advice tests' table: the
    # three-joker one would be solved for this test alone, 12 s)
    monkeypatch.setenv("YAMS_CACHE", cache_with("duel", {"jokers": 1}))
    db = template["db"]
    duel = ("-R", "duel", "--setting", "jokers=1")

    @fuzz("numbers")
    @given(n=numbers)
    def attack(n):
        for args in (("hint", *duel, "--jokers", n, "--top", "2", "4", "4", "4", "6", "1",
                      "--roll", "2"),
                     ("hint", *duel, "--top", n, "4", "4", "4", "6", "1", "--roll", "2"),
                     ("score", "--roll", n, "1", "5", "5", "5", "3"),
                     ("demo", "--seed", n, "--turns", "1")):
            usage_or_clean(db, *args)

    attack()


def _iso(value) -> str:
    return value.isoformat()


OFFSETS = [dt.timezone(dt.timedelta(hours=h, minutes=m)) for h, m in
           ((14, 0), (-12, 0), (5, 45), (0, 0), (-3, -30), (13, 59))]
datetimes = st.datetimes(min_value=dt.datetime(1, 1, 1), max_value=dt.datetime(9999, 12, 31, 23,
                                                                                  59, 59),
                         timezones=st.none() | st.sampled_from(OFFSETS))
extreme = (st.datetimes(min_value=dt.datetime(1, 1, 1), max_value=dt.datetime(1, 1, 3),
                        timezones=st.none() | st.sampled_from(OFFSETS))
           | st.datetimes(min_value=dt.datetime(9999, 12, 29), max_value=dt.datetime(9999, 12, 31),
                          timezones=st.none() | st.sampled_from(OFFSETS)))
date_texts = (datetimes.map(_iso) | extreme.map(_iso) | st.dates().map(_iso)
              | st.text(max_size=25) | st.sampled_from(["2024", "2024-13", "0000-01-01",
                                                         "2024-02-30", "9999-12-31T23:59:59",
                                                         "2024-05-01 20:00", "٢٠٢٤"]))


def test_fuzz_dates_in_the_history_options(template):
    db = template["db"]

    @fuzz("date options")
    @given(since=date_texts, until=date_texts)
    def attack(since, until):
        cli(db, "history", "--since", since)
        cli(db, "history", "--json", "--since", since, "--until", until)
        cli(db, "stats", "Alice", "--json")

    attack()


READERS = (("history",), ("history", "--json"), ("records",), ("stats", "Alice"),
           ("stats", "Alice", "--vs", "Bob"), ("records", "--html", "-"))


def test_fuzz_dates_of_an_imported_game_in_every_zone(template):
    data = json.loads(template["book"])
    finished = next(g for g in data["games"] if g["summary"]["id"] == template["finished"])

    @fuzz("imported dates")
    @given(date=extreme.map(_iso) | datetimes.map(_iso),
           zone=st.sampled_from(["Pacific/Kiritimati", "Etc/GMT+12", "Asia/Kathmandu", "UTC"]))
    def attack(date, zone):
        folder = tempfile.mkdtemp(dir=template["base"])
        try:
            book = {**data, "games": [{**finished, "summary": {**finished["summary"],
                                                               "date": date}}]}
            path = os.path.join(folder, "book.json")
            with open(path, "w", encoding="utf-8") as handle:
                json.dump(book, handle)
            db = os.path.join(folder, "db")
            with time_zone(zone):
                result = cli(db, "import", path)
                if result.exit_code:
                    assert "end of the calendar" in result.stderr or "ISO" in result.stderr
                    return
                for args in READERS:
                    assert cli(db, *args).exit_code == 0, args
        finally:
            shutil.rmtree(folder, ignore_errors=True)

    attack()
