"""Changing a finished game: corrected in place, or reopened (in progress again).

Crash invariant: a game still finished after the change is **corrected in place**, in four
steps, each atomic, so that every reader finds the game archived, old or corrected: (1) a
recount is owed in ``records.json``; (2) the archive file's backups (the old version) are
removed; (3) the corrected file replaces the old one (no backup rotated: it would be the old
version), then gets its ``.bak1``, a copy of its own; (4) the summaries index and the book
count the corrected game. A crash after (1) leaves the recount owed; the index follows the
archive folder. A game no longer finished is **reopened** in four steps, each atomic: (1) a
recount is owed; (2) the game file is written; (3) the archive file's backups, then the file
itself, are removed: from then on the game is in progress; (4) the book is recounted without
it. A crash before (3) leaves a game file beside the archive file, with no finish under way:
the first operation that takes the lock completes the reopening
(:func:`complete_cut_reopenings`), and the owed recount is paid as after a cut import. Only
the same game (same ``created``) is taken out of the archive so: a damaged or foreign file
beside it never is.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..base.errors import StoreCorruptError, StoreError
from ..i18n import Message
from .files import backup_path
from .folder import FINISH, GAME, Doc, now, one
from .shapes import GAME_ID, doc_problem

if TYPE_CHECKING:  # pragma: no cover
    from .parts import Parts


def reopen_game(parts: Parts, game_id: str, change: Callable[[Doc], list[Doc]],
                summarize: Callable[[Doc], Doc | None] | None = None
                ) -> tuple[Doc, list[Doc] | None]:
    """:meth:`~yams_scorekeeper.store.Store.reopen_game` (the lock is held)."""
    parts.migrate()
    entry = parts.archive.read(game_id)
    if entry is None:
        raise StoreError(Message("store.finished_game_id", game_id=game_id),
                         expected="an id from 'yams history'")
    if os.path.exists(parts.folder.game_path(game_id)):
        raise StoreError(Message("store.game_being_finished_finish_2", game_id=game_id))
    import copy

    events = change(copy.deepcopy(entry["doc"]))
    before = entry["doc"].get("reopened") or {}
    times = before.get("times", 1 if before else 0)
    reopened = {"date": before.get("date") or entry["summary"]["date"], "at": now(),
                "times": (times if isinstance(times, int) else 1) + 1}
    doc = {**copy.deepcopy(entry["doc"]), "events": list(events), "updated": now(),
           "reopened": reopened}
    summary = summarize(doc) if summarize is not None else None
    if summary is not None:
        return doc, correct_archived(parts, game_id, doc, summary)
    parts.book.owe_recount()
    parts.games.write_new(doc)
    reopen_commit(parts, game_id)
    return doc, None


def correct_archived(parts: Parts, game_id: str, doc: Doc, summary: Doc) -> list[Doc]:
    """A finished game corrected and still finished (the module notes); returns the records
    it broke."""
    from .finishing import check_summary

    check_summary(game_id, summary)
    parts.book.check_file()
    parts.book.owe_recount()
    parts.archive.correct({"id": game_id, "doc": doc, "summary": summary})
    parts.index.get().put([summary])
    return parts.book.count(game_id, summary, replaced=True, recount=True)


def reopen_commit(parts: Parts, game_id: str) -> None:
    """Steps 3 and 4 of a reopening: the archive file's backups go, then the file (so
    that no backup of the version before the reopening outlives it), and the book is
    recounted."""
    parts.archive.remove(game_id)
    parts.index.get().drop(game_id)
    parts.book.recount()


def complete_cut_reopenings(parts: Parts) -> None:
    """A game file beside its archive file, with no finish under way, is a reopening cut
    before its archive file went: complete it (the lock is held). A reopened game whose
    archive file is gone but not its backups (a reopening of an earlier version, cut
    between the two) loses the backups: a restore would bring back the version of before."""
    folder = parts.folder
    for name in os.listdir(folder.games_dir):
        game_id = name[:-len(".json")]
        if name.startswith(".") or not name.endswith(".json") or not GAME_ID.fullmatch(game_id):
            continue
        archived = os.path.exists(folder.archive_file(game_id))
        if not archived and not os.path.lexists(backup_path(folder.archive_file(game_id), 1)):
            continue
        try:
            with folder.open(os.path.join(folder.games_dir, name)) as db:
                doc, finishing = one(db, GAME), one(db, FINISH)
            if (doc is None or not doc.get("reopened") or finishing is not None
                    or doc_problem(doc) is not None or doc["id"] != game_id):
                continue
            if not archived:
                parts.archive.remove_backups(game_id)
                continue
            entry = parts.archive.read(game_id)
        except StoreCorruptError:
            continue
        # only the same game (a reopening writes the archived document, changed): a
        # damaged or foreign file beside it never takes a finished game out of the archive
        if entry is not None and entry["doc"].get("created") == doc.get("created"):
            reopen_commit(parts, game_id)
            folder.repaired.append(Message("store.check_reopening_completed",
                                           game_id=game_id))
