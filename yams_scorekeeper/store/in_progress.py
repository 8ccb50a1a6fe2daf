"""Games in progress: one small file per game, ``games/<id>.json``, what a table action touches.

Each file holds table ``game`` (the game's document, events included) and, once its finish
has begun, table ``finish`` (the finish note, with the summary).

Crash invariant: every change of a game is one atomic write of its file alone, under the
lock, so an event is on disk when :meth:`GamesInProgress.change_events` returns, and no cost
grows with the archive. Once the finish note is written no event is appended (the finish
completes with the summary it holds: :mod:`.finishing`). A file whose checksum is right but
whose shape is wrong stops its own game only; a listing reports it and lists the others. A
game file is removed before its backups, and only once the archive holds the game.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..base.errors import StoreError
from ..i18n import Message
from .files import corrupt_error
from .folder import FINISH, GAME, Doc, StoreFolder, check_id, now, one, set_one
from .shapes import GAME_ID, doc_problem

if TYPE_CHECKING:
    from typing import TypeVar

    from tinydb import TinyDB

    T = TypeVar("T")



def unknown(game_id: str) -> StoreError:
    """The error for a game that is not in progress."""
    return StoreError(Message("store.no_game_in_progress", game_id=game_id))


class GamesInProgress:
    """The ``games/`` folder of the store in ``folder``."""

    def __init__(self, folder: StoreFolder):
        self.folder = folder

    def docs(self, db: TinyDB, game_id: str) -> tuple[Doc | None, Doc | None]:
        """The game document and the finish note of an open game file, their shape checked:
        a file with a valid checksum but the wrong shape stops this game only."""
        doc, pending = one(db, GAME), one(db, FINISH)
        path = self.folder.game_path(game_id)
        problem = None
        if doc is None and os.path.lexists(path):
            problem = "it holds no game"
        elif doc is not None:
            problem = doc_problem(doc)
            if problem is None and doc["id"] != game_id:
                problem = f"it holds game '{doc['id']}'"
        if problem is None and pending is not None:
            from ..book.records import summary_problem

            problem = summary_problem(pending.get("summary"))
            problem = problem and f"the finish note: {problem}"
        if problem:
            raise corrupt_error(path, problem, self.folder.backups)
        return doc, pending

    @staticmethod
    def new_doc(doc: object) -> Doc:
        """A new game's document as it is stored, its shape checked first."""
        if not isinstance(doc, dict):
            raise StoreError(Message("store.game_must_object"))
        check_id(doc.get("id"))
        if not isinstance(doc.get("events", []), list):
            raise StoreError(Message("store.game_events_must_list"))
        import copy  # only here: a table action makes no new game

        return {**copy.deepcopy(doc), "events": list(doc.get("events", [])), "updated": now()}

    def write_new(self, doc: Doc) -> None:
        """Write the file of a game that has none (a new game, a reopened one)."""
        with self.folder.open(self.folder.game_path(doc["id"])) as db:
            db.table(GAME).insert(doc)

    def change_events(self, game_id: str, change: Callable[[list[Doc]], T]) -> T:
        """``change(events)`` on the stored events of a game, written back (the lock is
        held); refused once the game's finish has begun."""
        with self.folder.open(self.folder.game_path(game_id)) as db:
            doc, pending = self.docs(db, game_id)
            if doc is None:
                raise unknown(game_id)
            if pending is not None:
                raise StoreError(Message("store.game_being_finished_finish", game_id=game_id))
            result = change(doc["events"])
            doc["updated"] = now()
            set_one(db, GAME, doc)
            return result

    def load(self, game_id: str) -> Doc:
        """The document of a game in progress."""
        with self.folder.open(self.folder.game_path(game_id)) as db:
            doc, _ = self.docs(db, game_id)
        if doc is None:
            raise unknown(game_id)
        return doc

    def listing(self, damaged: list[StoreError] | None = None) -> list[Doc]:
        """What :meth:`~yams_scorekeeper.store.Store.games_in_progress` lists, oldest first."""
        folder = self.folder
        summaries = []
        try:
            names = os.listdir(folder.games_dir)
        except FileNotFoundError:
            names = []
        for name in names:
            if name.startswith(".") or not name.endswith(".json"):
                continue
            game_id = name[:-len(".json")]
            try:
                if not GAME_ID.fullmatch(game_id):
                    raise corrupt_error(os.path.join(folder.games_dir, name),
                                        Message("store.name_not_game_id"), folder.backups)
                with folder.open(os.path.join(folder.games_dir, name)) as db:
                    doc, pending = self.docs(db, game_id)
                    finishing = pending is not None
            except StoreError as err:
                if damaged is None:
                    raise
                err.game_id = game_id          # read by cli/check_cmd
                damaged.append(err)
                continue
            if doc is None:
                continue
            summaries.append({"id": doc["id"], "label": doc.get("label"),
                              "family": doc.get("family"), "players": doc.get("players", []),
                              "created": doc.get("created"), "updated": doc.get("updated"),
                              "events": len(doc["events"]), "finishing": finishing})
        return sorted(summaries, key=lambda s: (str(s["created"]), s["id"]))

    def remove(self, game_id: str) -> None:
        """Remove the game's file, then its backups (the archive holds the game now)."""
        folder = self.folder
        path = folder.game_path(game_id)
        folder.fs.remove(path)
        backups = os.path.basename(path) + ".bak"
        for name in os.listdir(folder.games_dir):
            if name.startswith(backups):
                folder.fs.remove(os.path.join(folder.games_dir, name))
        folder.fs.fsync_dir(folder.games_dir)
