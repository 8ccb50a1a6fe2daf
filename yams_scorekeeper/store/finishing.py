"""Finishing a game: from ``games/<id>.json`` to the archive and the record book.

Crash invariant: a finish takes four steps, each an atomic write, in an order that survives a
crash between any two of them: (1) the game file is marked as finishing, its summary in the
finish note (appends are refused from then on); (2) the game is written to
``archive/<id>.json`` (its id names the file, so a retry finds it there and never adds it
twice), then indexed in the summaries index; (3) the record book counts it (the book lists
the games it counted, so a retry does not count it twice); (4) the game file is removed.
After a crash the game is still in progress (listed with ``finishing: True``) or archived,
never lost nor archived twice, and :func:`finish_game` again, or ``yams check``, completes
the steps left. A game in progress deleted after its finish was cut past step 2 stays
archived, and is counted.
"""

from __future__ import annotations

import errno
import os

from ..base.errors import StoreError
from ..book import records as _records
from ..i18n import Message
from .folder import FINISH, Doc, set_one
from .in_progress import unknown
from .parts import Parts


def check_summary(game_id: str, summary: object) -> Doc:
    """``summary`` when it is a sound summary of game ``game_id``, else a StoreError."""
    problem = _records.summary_problem(summary)
    if problem is None and isinstance(summary, dict) and summary["id"] != game_id:
        problem = f"the summary is for game '{summary['id']}'"
    if problem or not isinstance(summary, dict):
        raise StoreError(Message("store.cannot_finish_game", game_id=game_id, problem=problem))
    return summary


def finish_game(parts: Parts, game_id: str, summary: Doc | None = None) -> list[Doc]:
    """:meth:`~yams_scorekeeper.store.Store.finish_game` (the lock is held)."""
    parts.migrate()
    path = parts.folder.game_path(game_id)
    parts.book.check_file()
    with parts.folder.open(path) as db:
        doc, pending = parts.games.docs(db, game_id)
        if doc is None:
            if os.path.exists(parts.folder.archive_file(game_id)):
                return []
            raise unknown(game_id)
        summary = check_summary(
            game_id, summary if summary is not None else (pending or {}).get("summary"))
        if pending != {"summary": summary}:
            set_one(db, FINISH, {"summary": summary})
    try:
        replaced = parts.archive.put({"id": game_id, "doc": doc, "summary": summary})
        parts.index.get().put([summary])   # before the game file goes (module notes)
        broken = parts.book.count(game_id, summary, replaced,
                                  recount=bool(doc.get("reopened")))
        parts.games.remove(game_id)
    except (StoreError, OSError) as err:
        raise finish_cut(game_id, err) from err
    return broken


def delete_game(parts: Parts, game_id: str) -> None:
    """:meth:`~yams_scorekeeper.store.Store.delete_game` (the lock is held)."""
    folder = parts.folder
    if not os.path.exists(folder.game_path(game_id)):
        raise unknown(game_id)
    if os.path.exists(folder.archive_file(game_id)):
        parts.migrate()
        entry = parts.archive.read(game_id)
        if entry is not None:
            parts.book.check_file()
            parts.book.count(game_id, entry["summary"], replaced=False)
    parts.games.remove(game_id)


def finish_cut(game_id: str, err: StoreError | OSError) -> StoreError:
    """The truth about a finish stopped after the game file was marked: the last entry is kept,
    the game is over, and the next command on it completes the finish."""
    why = (_WithoutNothingChanged(err.message) if isinstance(err, StoreError)
           else f"{err.strerror} ({err.filename})")
    cause = err.__cause__ if isinstance(err, StoreError) else err
    full = isinstance(cause, OSError) and cause.errno == errno.ENOSPC
    kind = type(err) if isinstance(err, StoreError) else StoreError
    return kind(Message("store.finish_cut", game_id=game_id, why=why, short=game_id[:8],
                        fix=Message("store.free_some_space" if full else "store.fix_that")))


class _WithoutNothingChanged:
    """A message without its "nothing was changed" tail (when something was, after all)."""

    def __init__(self, message: Message):
        self.message = message

    def text(self, lang: str) -> str:
        """The message in ``lang``, its tail cut."""
        return self.message.text(lang).replace(
            Message("store.nothing_changed_tail").text(lang), "")
