"""A finished game corrected (``yams fix --game``) stays archived at every step, and a
reopening leaves no backup of its archive file behind (issue 26, items 2 and 17). The kills
at every write step are in ``tests/test_reopen.py``."""

from __future__ import annotations

import os

from test_reopen import duel, one_day_a_game, total_record, two_games  # noqa: F401

from yams_scorekeeper.store import Store
from yams_scorekeeper.store.folder import set_one
from yams_scorekeeper.store.session import TableSession

AMEND = {"type": "amend", "changes": [
    {"turn": 24, "new": {"coups": [{"dice": list("66666"), "roll": 1}]}}]}


def _files_of(store: Store, game_id: str) -> dict[str, bytes]:
    out = {}
    for name in sorted(os.listdir(store.archive_dir)):
        if name.startswith(game_id):
            with open(os.path.join(store.archive_dir, name), "rb") as handle:
                out[name] = handle.read()
    return out


def test_reopening_leaves_no_backup_and_a_correction_only_its_own(tmp_path):
    store = Store(tmp_path)
    game_id = two_games(store)
    old = _files_of(store, game_id)
    assert set(old) == {f"{game_id}.json", f"{game_id}.json.bak1"}
    session = TableSession.reopen(store, game_id, {"type": "undo"})
    assert _files_of(store, game_id) == {}            # no .bak1 to restore the old game from
    session.mark(None, "yam")
    again = _files_of(store, game_id)
    assert set(again) == {f"{game_id}.json", f"{game_id}.json.bak1"}
    assert len(set(again.values())) == 1
    TableSession.reopen(store, game_id, AMEND)         # still finished: corrected in place
    fixed = _files_of(store, game_id)
    assert set(fixed) == {f"{game_id}.json", f"{game_id}.json.bak1"}
    assert len(set(fixed.values())) == 1 and not set(fixed.values()) & set(again.values())


def test_a_correction_that_stays_finished_never_puts_the_game_in_progress(tmp_path):
    """The correction is written over the archive file: at no step is there a game file."""
    store = Store(tmp_path)
    game_id = two_games(store)
    seen = []

    class Watching(type(store.fs)):
        def replace(self, src, dst):
            seen.append(os.listdir(store.games_dir))
            super().replace(src, dst)

    session = TableSession.reopen(Store(tmp_path, fs=Watching()), game_id, AMEND)
    assert session.game.finished and seen and all(
        not any(n.endswith(".json") for n in names) for names in seen)
    assert total_record(store)["value"] == 80 and session.broken[0]["value"] == 80


def test_a_correction_cut_by_an_earlier_version_is_archived_without_a_new_record(tmp_path):
    """What an earlier version left when killed mid-correction: the corrected game in
    progress, full, its archive file gone. The next command archives it and announces no
    record again (they were announced when the game was first finished)."""
    store = Store(tmp_path)
    game_id = two_games(store)
    reopened = TableSession.reopen(store, game_id, {"type": "undo"})   # in progress
    doc = store.load_game(game_id)
    doc["events"] = doc["events"][:-1] + [_amended_event(reopened)]
    with store.access.locked(), store.folder.open(store.folder.game_path(game_id)) as db:
        set_one(db, "game", doc)
    again = TableSession.resume(store, game_id)
    assert again.game.finished and again.broken == []
    assert game_id in store.archived_ids() and store.games_in_progress() == []


def _amended_event(session: TableSession) -> dict:
    """An undo taken back by the amendment event an earlier version's ``fix`` stored."""
    from yams_scorekeeper.engine.game import Game

    game = Game.from_doc(session.store.load_game(session.game.id))
    events = [e for e in game.events if e.get("type") != "undo"]
    full = Game(game.config, events, id=game.id, created=game.created)
    full.record(AMEND)
    return full.events[-1]
