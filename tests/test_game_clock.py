"""The game reads no clock and draws no id (issue 9): they are given, so the same entries on
the same clock give the same documents; the core raises no store error."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import yams_scorekeeper
from yams_scorekeeper.base.clock import counting_ids, fixed_clock, random_id, system_clock
from yams_scorekeeper.engine.config import make_config
from yams_scorekeeper.engine.game import Game
from yams_scorekeeper.store import Store
from yams_scorekeeper.store.session import TableSession

PACKAGE = Path(yams_scorekeeper.__file__).parent
START, AMEND, FINISH = ("2024-05-01T20:00:00+00:00", "2024-05-01T20:30:00+00:00",
                        "2024-05-01T21:00:00+00:00")


def a_duel_game(clock) -> Game:
    """Two Duel turns each, then Ana's first turn corrected."""
    game = Game(make_config("duel", ["Ana", "Bob"]), id="g-1", clock=clock)
    for dice, row in (("55533", "full"), ("66666", "yam"), ("12345", "chance"),
                      ("22233", "brelan")):
        game.enter(dice, 2)
        game.mark(None, row)
    game.amend({1: {"coups": [{"dice": "55566", "roll": 1}], "cells": [{"row": "full"}]}})
    return game


def test_a_fixed_clock_gives_the_same_document_every_time():
    docs = [a_duel_game(fixed_clock(START, AMEND, FINISH)).to_doc() for _ in range(2)]
    assert docs[0] == docs[1]
    assert docs[0]["id"] == "g-1" and docs[0]["created"] == START
    assert docs[0]["events"][-1]["when"] == AMEND      # the amendment is dated by the clock
    game = a_duel_game(fixed_clock(START, AMEND, FINISH))
    game.end()
    assert game.summary()["date"] == FINISH


def test_without_a_clock_the_game_has_no_date_and_no_id():
    """The core never falls back on the system clock or a random id."""
    game = a_duel_game(None)
    assert Game(game.config).id is None and Game(game.config).created is None
    assert game.to_doc()["events"][-1]["when"] is None
    assert game.summary()["date"] is None
    again = Game.from_doc(game.to_doc())
    assert again.to_doc() == game.to_doc()


def test_a_session_gives_its_game_the_clock_and_the_id(tmp_path):
    store = Store(tmp_path)
    clock = fixed_clock(START, AMEND, FINISH)
    session = TableSession.start(store, make_config("duel", ["Ana"]), clock=clock,
                                 new_id=counting_ids("soir"))
    assert (session.game.id, session.game.created) == ("soir-1", START)
    session.enter("55533", 2)
    session.mark(None, "full")
    session.amend({1: {"cells": [{"row": "brelan"}]}})
    again = TableSession.resume(store, clock=clock)
    assert again.game.to_doc()["events"][-1]["when"] == AMEND
    for row in [r for r in again.game.rows if r != "brelan"]:
        again.enter("12345", 1)
        again.mark(None, row, scratch=True)
    assert store.archived_games()[0]["summary"]["date"] == FINISH


def test_the_system_defaults_are_an_iso_time_and_a_fresh_id():
    from datetime import datetime

    assert datetime.fromisoformat(system_clock()).tzinfo is not None
    assert len({random_id() for _ in range(3)}) == 3
    ids = counting_ids()
    assert [ids(), ids()] == ["game-1", "game-2"]


@pytest.mark.parametrize("offset", [0, 3600, 7200, -5 * 3600, 5 * 3600 + 1800,
                                    -(9 * 3600 + 30 * 60), 4 * 3600 + 31 * 60 + 7, -61,
                                    14 * 3600, -12 * 3600])
def test_the_clock_writes_a_time_as_datetime_isoformat_does(offset):
    import time
    from datetime import datetime, timedelta, timezone

    from yams_scorekeeper.base.clock import iso_seconds

    for stamp in (0, 951_782_399, 1_714_591_800, 1_735_689_599, 4_102_444_800):
        zone = timezone(timedelta(seconds=offset))
        when = datetime.fromtimestamp(stamp, zone)
        shifted = time.gmtime(stamp + offset)
        struct = time.struct_time((*shifted[:9],), {"tm_zone": None, "tm_gmtoff": offset})
        assert iso_seconds(struct) == when.isoformat(timespec="seconds"), (stamp, offset)


def test_the_local_and_utc_clocks_agree_with_datetime():
    from datetime import UTC, datetime

    from yams_scorekeeper.base.clock import local_now
    from yams_scorekeeper.store.folder import now

    for ours, theirs in ((system_clock, lambda: datetime.now(UTC)),
                         (local_now, lambda: datetime.now().astimezone()), (now, None)):
        before = datetime.now(UTC).replace(microsecond=0)
        written = datetime.fromisoformat(ours())
        assert written.tzinfo is not None and before <= written <= datetime.now(UTC)
        if theirs is not None:
            assert written.utcoffset() == theirs().utcoffset()


def imported_names(module: Path) -> set[str]:
    tree = ast.parse(module.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            names |= {(node.module or "").split(".")[0]} | {a.name for a in node.names}
        elif isinstance(node, ast.Name):
            names.add(node.id)
    return names


def test_the_game_imports_no_clock_no_uuid_and_raises_no_store_error():
    # the game, the values it writes (base/sheet.py) and its checks at mark (judge.py)
    names = set().union(*(imported_names(PACKAGE / path)
                          for path in ("engine/game.py", "base/sheet.py", "engine/judge.py")))
    assert not {"datetime", "time", "uuid", "random", "StoreError"} & names
    assert {"dataclass", "IllegalMoveError"} <= names     # the scan reads the real imports
