"""The store folder: where each file of a store is, and what every part of the store shares.

Layout of the store folder::

    store.lock           cross-process lock, held for the whole of each operation (:mod:`.lock`)
    games/<id>.json      one small file per game in progress (:mod:`.in_progress`)
    archive/<id>.json    one file per finished game (:mod:`.archive`)
    records.json         the record book, and the recount marker (:mod:`.record_book`)
    index.sqlite         the summaries index, derived from the archive (:mod:`.summary_index`)
    archive.json         the single archive file of stores of the old layout (:mod:`.migration`)
    houses.json, evenings.json   a club's house rules and evenings (:mod:`.club`)

Every JSON file here is a TinyDB database (:meth:`StoreFolder.open`) on the atomic storage
of :mod:`.files`; ``index.sqlite`` is SQLite, an index derived from the archive and rebuilt
from it.

Crash invariant: none of its own. Every file named here is written whole or not at all by
:class:`~yams_scorekeeper.store.files.AtomicJSONStorage` (:mod:`.files`); the order of the
writes of each operation is stated at the top of the module that makes them.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, MutableMapping
from contextlib import contextmanager
from typing import TYPE_CHECKING

from tinydb import TinyDB
from tinydb.middlewares import CachingMiddleware
from tinydb.table import Document

from ..base.clock import local_now
from ..base.errors import StoreError
from ..i18n import Message
from .files import AtomicJSONStorage, FileSystem
from .paths import BEFORE_FIRST_GAME, ENV_VAR, STORE_NAMES
from .shapes import GAME_ID

if TYPE_CHECKING:
    from typing import Any, TypeAlias

#: a JSON document as the store keeps it
Doc: TypeAlias = "dict[str, Any]"
#: what hears the store's own doings (a record book rebuilt): ``notify(message)``
Notify = Callable[[Message], object]

GAME, FINISH, ARCHIVE, BOOK, RECOUNT = "game", "finish", "games", "book", "recount"
#: doc id of the single document of the game, finish, archive, book and recount tables
ONE = 1


def default_store_path(notify: Notify | None = None) -> str:
    """The store folder: ``$YAMS_DB`` when set, else the user data folder (where a store of
    version 0.1 is moved from the old place first: :func:`yams_scorekeeper.store.paths.
    default_store`, which ``notify`` hears)."""
    from_env = os.environ.get(ENV_VAR)
    if from_env:
        return from_env
    from .paths import default_store  # only here: an explicit path pays no platformdirs

    return default_store(notify)


def now() -> str:
    """The local time, to the second (the ``updated`` of a game, a recount's ``since``)."""
    return local_now()


def check_id(game_id: object) -> str:
    """``game_id`` when it can name a file, else a StoreError."""
    if not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id):
        raise StoreError(Message("store.invalid_game_id", game_id=game_id),
                         expected="1-80 letters, digits, '.', '_' or '-', not starting with '.'")
    return game_id


def file_ids(names: list[str]) -> list[str]:
    """The game ids named by the files ``names`` (``<id>.json``; others passed over)."""
    return [name[:-len(".json")] for name in names
            if name.endswith(".json") and not name.startswith(".")
            and GAME_ID.fullmatch(name[:-len(".json")])]


class StoreFolder:
    """The files of the store at ``path`` and the state its parts share in one
    :class:`~yams_scorekeeper.store.Store`: the file-system calls, the backups kept, who hears
    what the store does on its own, what it repaired, whether it may be written."""

    def __init__(self, path: str, *, backups: int, fs: FileSystem, notify: Notify | None,
                 houses_dir: str | None = None):
        self.path = path
        self.games_dir = os.path.join(path, "games")
        self.archive_dir = os.path.join(path, "archive")
        self.legacy_archive_path = os.path.join(path, "archive.json")
        self.records_path = os.path.join(path, "records.json")
        self.lock_path = os.path.join(path, "store.lock")
        self.houses_path = os.path.join(houses_dir or path, "houses.json")
        self.evenings_path = os.path.join(path, "evenings.json")
        self.backups = backups
        self.fs = fs
        self.notify = notify
        #: reading a store we may not write (:meth:`~.access.Access.reading`)
        self.read_only = False
        #: what the store repaired on its own (derived data rebuilt, cut operations
        #: completed), for ``yams check`` to report
        self.repaired: list[Message] = []

    def say(self, message: Message) -> None:
        """Tell ``notify`` what the store did on its own."""
        if self.notify is not None:
            self.notify(message)

    def game_path(self, game_id: str) -> str:
        """The file of a game in progress."""
        return os.path.join(self.games_dir, check_id(game_id) + ".json")

    def archive_file(self, game_id: str) -> str:
        """The file of a finished game; it exists once the game is archived."""
        return os.path.join(self.archive_dir, check_id(game_id) + ".json")

    def storage(self, path: str, fs: FileSystem | None = None) -> AtomicJSONStorage:
        """The atomic storage of one file of the store."""
        return AtomicJSONStorage(path, fs=fs or self.fs, backups=self.backups)

    def database(self, path: str) -> TinyDB:
        """TinyDB over the file ``path``, read at most once and written only by ``close``
        (TinyDB's ``CachingMiddleware`` over the atomic storage)."""
        caching = CachingMiddleware(AtomicJSONStorage)  # type: ignore[no-untyped-call]  # tinydb leaves it unannotated
        return TinyDB(path, storage=caching, fs=self.fs, backups=self.backups)

    @contextmanager
    def open(self, path: str) -> Iterator[TinyDB]:
        """The database of the file ``path``, written once at the end, on success only."""
        db = self.database(path)
        yield db
        db.close()

    def is_store(self) -> bool:
        """True when the folder holds a store, or nothing yet but its saved house rules and
        sheets (a store before its first game)."""
        try:
            names = os.listdir(self.path)
        except FileNotFoundError:
            return False
        except OSError as exc:
            raise StoreError(Message("store.cannot_read_store_folder", path=self.path,
                                     strerror=exc.strerror)) from exc
        return (not set(names) - set(BEFORE_FIRST_GAME)
                or any(name in names for name in STORE_NAMES))

    def not_a_store(self) -> StoreError:
        """The error for a folder that holds something else than a store."""
        return StoreError(
            Message("store.path_is_not_a_yams_store_no_games", path=self.path),
            expected="the folder of an existing store")

    def remove_quietly(self, path: str) -> None:
        """Remove a file nobody needs (a temporary file a killed writer left)."""
        try:
            self.fs.remove(path)
        except OSError:
            pass


def one(db: TinyDB, table: str) -> Doc | None:
    """A copy of the single document of ``table`` (its values shared), ``None`` when none."""
    doc = db.table(table).get(doc_id=ONE)
    return None if doc is None else dict(doc)


def set_one(db: TinyDB, table: str, doc: Doc) -> None:
    """Make ``doc`` the whole single document of ``table``."""
    rows = db.table(table)
    if not rows.contains(doc_id=ONE):
        rows.insert(Document(doc, doc_id=ONE))
        return

    def whole(old: MutableMapping[str, Any]) -> None:
        old.clear()
        old.update(doc)

    rows.update(whole, doc_ids=[ONE])
