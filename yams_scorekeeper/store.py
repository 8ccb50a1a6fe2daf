"""The store: games in progress, the archive of finished games and the record book, on disk.

This is the only module that reads or writes data files. Layout of the store folder::

    store.lock           cross-process lock, held for the whole of each operation
    games/<id>.json      one small file per game in progress (what a table action touches)
    archive.json         finished games: {"id", "doc", "summary"} per game, keyed by game id
    records.json         the record book (see :mod:`yams_scorekeeper.records`)

Every file is written by :class:`~yams_scorekeeper.storage.AtomicJSONStorage` (atomic
replace, rotating ``.bakN`` backups, checksum). A table action (``append_event``) reads and
writes only its game's file, so its cost does not grow with the archive.

Documents are plain JSON-able dicts; the store does not interpret game events.

Finishing a game takes four steps, each an atomic write, in an order that survives a crash
between any two of them: (1) the game file is marked as finishing (appends are refused from
then on); (2) the game goes into the archive, keyed by id (a retry finds it there and does not
add it twice); (3) the record book counts it (the book lists the games it counted, so a retry
does not count it twice); (4) the game file is removed. After a crash the game is still in
progress (listed with ``finishing: True``) or archived, never lost nor archived twice, and
calling :meth:`Store.finish_game` again completes the steps left.
"""

from __future__ import annotations

import copy
import datetime as _dt
import os
import re
from contextlib import contextmanager
from typing import Any, Iterator

from filelock import FileLock, Timeout
from tinydb import Query, TinyDB
from tinydb.middlewares import CachingMiddleware
from tinydb.table import Document, Table

from . import records as _records
from .errors import StoreBusyError, StoreError
from .storage import DEFAULT_BACKUPS, TEMP_SUFFIX, AtomicJSONStorage, FileSystem, no_gc

APP_NAME = "yams-scorekeeper"
#: Environment variable naming the store folder (overrides the default, not an argument).
ENV_VAR = "YAMS_DB"
#: Seconds to wait for another yams command to release the store.
DEFAULT_TIMEOUT = 10.0
BOOK_FORMAT = "yams-scorekeeper-book"
BOOK_VERSION = 1

_GAME_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,79}")
_GAME, _FINISH, _ARCHIVE, _BOOK = "game", "finish", "games", "book"
_ONE = 1  # doc id of the single document of the game, finish and book tables


def default_store_path() -> str:
    """The store folder: ``$YAMS_DB`` when set, else the user's application folder."""
    from_env = os.environ.get(ENV_VAR)
    if from_env:
        return from_env
    import typer  # only here: the core does not pay typer's import for an explicit path

    return typer.get_app_dir(APP_NAME)


def _now() -> str:
    return _dt.datetime.now().astimezone().isoformat(timespec="seconds")


def _check_id(game_id: Any) -> str:
    if not isinstance(game_id, str) or not _GAME_ID.fullmatch(game_id):
        raise StoreError(f"invalid game id {game_id!r}", f"identifiant de partie invalide {game_id!r}",
                         expected="1-80 letters, digits, '.', '_' or '-', not starting with '.'")
    return game_id


def _unknown(game_id: str) -> StoreError:
    return StoreError(f"no game in progress with id '{game_id}'",
                      f"aucune partie en cours avec l'identifiant « {game_id} »")


class Store:
    """The store folder ``path`` (default :func:`default_store_path`).

    ``timeout``: seconds to wait for the lock before :class:`StoreBusyError`; ``backups``:
    versions kept of each file; ``fs``: the file-system calls (tests inject failures).
    """

    def __init__(self, path: str | os.PathLike | None = None, *, timeout: float = DEFAULT_TIMEOUT,
                 backups: int = DEFAULT_BACKUPS, fs: FileSystem | None = None):
        self.path = os.fspath(path) if path is not None else default_store_path()
        self.games_dir = os.path.join(self.path, "games")
        self.archive_path = os.path.join(self.path, "archive.json")
        self.records_path = os.path.join(self.path, "records.json")
        self.lock_path = os.path.join(self.path, "store.lock")
        self.timeout = timeout
        self.backups = backups
        self.fs = fs or FileSystem()
        self._lock: FileLock | None = None

    # -- plumbing -------------------------------------------------------------------------

    @contextmanager
    def _locked(self) -> Iterator[None]:
        """Hold the store lock for one whole operation."""
        if self._lock is None:
            try:
                os.makedirs(self.games_dir, exist_ok=True)
            except OSError as exc:
                raise StoreError(f"cannot create the store folder {self.path}: {exc.strerror}",
                                 f"impossible de créer le dossier {self.path} : {exc.strerror}") from exc
            self._lock = FileLock(self.lock_path, timeout=self.timeout, poll_interval=0.01)
            first = True
        else:
            first = False
        try:
            self._lock.acquire()
        except Timeout:
            raise StoreBusyError(
                f"store busy: another yams command holds {self.lock_path}; try again",
                f"registre occupé : une autre commande yams tient {self.lock_path} ; réessayez",
            ) from None
        except OSError as exc:
            raise StoreError(f"cannot lock {self.lock_path}: {exc.strerror}",
                             f"impossible de verrouiller {self.lock_path} : {exc.strerror}") from exc
        try:
            if first:
                self._sweep_temp_files()
            with no_gc():  # an operation over a big archive builds millions of objects
                yield
        except OSError as exc:  # listing or removing files; the storage reports its own
            raise StoreError(f"cannot use the store {self.path}: {exc.strerror} ({exc.filename})",
                             f"impossible d'utiliser le registre {self.path} : {exc.strerror} "
                             f"({exc.filename})") from exc
        finally:
            self._lock.release()

    def _sweep_temp_files(self) -> None:
        """Remove temporary files left by a writer that was killed (the lock is held)."""
        for folder in (self.path, self.games_dir):
            for name in os.listdir(folder):
                if name.startswith(".") and name.endswith(TEMP_SUFFIX):
                    try:
                        self.fs.remove(os.path.join(folder, name))
                    except OSError:
                        pass

    @contextmanager
    def _open(self, path: str) -> Iterator[TinyDB]:
        """A TinyDB over ``path``, read at most once and written once at the end, on success."""
        db = TinyDB(path, storage=CachingMiddleware(AtomicJSONStorage), fs=self.fs,
                    backups=self.backups)
        yield db
        db.storage.flush()

    def _game_path(self, game_id: str) -> str:
        return os.path.join(self.games_dir, _check_id(game_id) + ".json")

    @staticmethod
    def _one(db: TinyDB, table: str) -> dict | None:
        doc = db.table(table).get(doc_id=_ONE)
        return None if doc is None else dict(doc)

    @staticmethod
    def _set_one(db: TinyDB, table: str, doc: dict) -> None:
        _replace(db.table(table), _ONE, doc)

    def _book(self) -> dict:
        with self._open(self.records_path) as db:
            return self._one(db, _BOOK) or _records.empty_book()

    def _remove_game_file(self, game_id: str) -> None:
        """Remove the game's file, then its backups (the archive holds the game now)."""
        path = self._game_path(game_id)
        self.fs.remove(path)
        backups = os.path.basename(path) + ".bak"
        for name in os.listdir(self.games_dir):
            if name.startswith(backups):
                self.fs.remove(os.path.join(self.games_dir, name))
        self.fs.fsync_dir(self.games_dir)

    # -- games in progress ----------------------------------------------------------------

    def create_game(self, doc: dict) -> None:
        """Store a new game ``{"id", "created", "config", "events", "players", "family", "label"}``.

        Raises StoreError when a game with that id is in progress or archived.
        """
        if not isinstance(doc, dict):
            raise StoreError("a game must be an object", "une partie doit être un objet")
        game_id = _check_id(doc.get("id"))
        if not isinstance(doc.get("events", []), list):
            raise StoreError("a game's events must be a list", "les événements doivent être une liste")
        doc = {**copy.deepcopy(doc), "events": list(doc.get("events", [])), "updated": _now()}
        with self._locked():
            path = self._game_path(game_id)
            if os.path.exists(path) or game_id in self._book()["counted"]:
                raise StoreError(f"a game with id '{game_id}' already exists",
                                 f"une partie avec l'identifiant « {game_id} » existe déjà")
            with self._open(path) as db:
                db.table(_GAME).insert(doc)

    def _change_events(self, game_id: str, change) -> Any:
        with self._locked(), self._open(self._game_path(game_id)) as db:
            doc = self._one(db, _GAME)
            if doc is None:
                raise _unknown(game_id)
            if self._one(db, _FINISH) is not None:
                raise StoreError(f"game '{game_id}' is being finished; finish it again to complete",
                                 f"la partie « {game_id} » est en cours de clôture ; relancez la fin "
                                 "de partie pour la terminer")
            result = change(doc["events"])
            doc["updated"] = _now()
            self._set_one(db, _GAME, doc)
            return result

    def append_event(self, game_id: str, event: dict) -> int:
        """Add ``event`` at the end of the game's events; it is on disk when this returns.

        Returns the event's index.
        """
        def append(events: list) -> int:
            events.append(event)
            return len(events) - 1

        return self._change_events(game_id, append)

    def append_checked(self, game_id: str, check) -> dict:
        """Under one lock: ``check(events)`` gets the events stored now and returns the event
        to append (or raises, and nothing is written). Two commands on the same game at once
        are thus checked one after the other against what the other wrote.
        """
        def change(events: list) -> dict:
            event = check(list(events))
            events.append(event)
            return event

        return self._change_events(game_id, change)

    def replace_events(self, game_id: str, events: list[dict]) -> None:
        """Replace all the game's events (an undo written as a rewrite)."""
        def replace(old: list) -> None:
            old[:] = events

        self._change_events(game_id, replace)

    def load_game(self, game_id: str) -> dict:
        """The document of a game in progress."""
        with self._locked(), self._open(self._game_path(game_id)) as db:
            doc = self._one(db, _GAME)
        if doc is None:
            raise _unknown(game_id)
        return doc

    def games_in_progress(self) -> list[dict]:
        """``{"id", "label", "family", "players", "created", "updated", "events", "finishing"}``
        for each game in progress (``events`` is a count), oldest first."""
        summaries = []
        with self._locked():
            for name in os.listdir(self.games_dir):
                if name.startswith(".") or not name.endswith(".json"):
                    continue
                with self._open(os.path.join(self.games_dir, name)) as db:
                    doc, finishing = self._one(db, _GAME), self._one(db, _FINISH) is not None
                if doc is None:
                    continue
                summaries.append({"id": doc["id"], "label": doc.get("label"),
                                  "family": doc.get("family"), "players": doc.get("players", []),
                                  "created": doc.get("created"), "updated": doc.get("updated"),
                                  "events": len(doc["events"]), "finishing": finishing})
        return sorted(summaries, key=lambda s: (str(s["created"]), s["id"]))

    def delete_game(self, game_id: str) -> None:
        """Remove a game in progress (and its backups)."""
        with self._locked():
            if not os.path.exists(self._game_path(game_id)):
                raise _unknown(game_id)
            self._remove_game_file(game_id)

    # -- finishing, archive and records ---------------------------------------------------

    def finish_game(self, game_id: str, summary: dict | None = None) -> list[dict]:
        """Archive a game in progress with its ``summary`` and count it in the record book.

        Returns the records it broke (:func:`yams_scorekeeper.records.update_records`). Calling
        it again after a crash completes the steps left (``summary`` may then be ``None``: the
        one given first is kept in the game file); a game already archived returns ``[]``.
        """
        with self._locked():
            path = self._game_path(game_id)
            with self._open(path) as db:
                doc, pending = self._one(db, _GAME), self._one(db, _FINISH)
                if doc is None:
                    if game_id in self._book()["counted"]:
                        return []
                    raise _unknown(game_id)
                summary = summary if summary is not None else (pending or {}).get("summary")
                problem = _records.summary_problem(summary)
                if problem is None and summary["id"] != game_id:
                    problem = f"the summary is for game '{summary['id']}'"
                if problem:
                    raise StoreError(f"cannot finish game '{game_id}': {problem}",
                                     f"impossible de clore la partie « {game_id} » : {problem}")
                if pending != {"summary": summary}:
                    self._set_one(db, _FINISH, {"summary": summary})
            with self._open(self.archive_path) as db:
                table = db.table(_ARCHIVE)
                replaced = _put_entry(table, {"id": game_id, "doc": doc, "summary": summary})
                others = [e["summary"] for e in table.all() if e["id"] != game_id]
            with self._open(self.records_path) as db:
                book = self._one(db, _BOOK) or _records.empty_book()
                counted = set(book["counted"])
                if replaced or any(s["id"] not in counted for s in others):
                    book = _records.recompute(others)   # an earlier import or finish was cut
                new_book, broken = _records.update_records(book, summary)
                if new_book is not book:
                    self._set_one(db, _BOOK, new_book)
            self._remove_game_file(game_id)
            return broken

    def archived_games(self, player: str | None = None, family: str | None = None,
                       since: str | _dt.date | None = None,
                       until: str | _dt.date | None = None) -> list[dict]:
        """Finished games ``{"id", "doc", "summary"}``, oldest first, filtered as
        :func:`yams_scorekeeper.records.matches`."""
        with self._locked(), self._open(self.archive_path) as db:
            entries = [dict(e) for e in db.table(_ARCHIVE).all()]
        chosen = [e for e in entries if _records.matches(e["summary"], player, family, since, until)]
        return sorted(chosen, key=lambda e: (e["summary"]["date"], e["id"]))

    def records(self) -> dict:
        """The record book (:mod:`yams_scorekeeper.records`); an empty book for a new store."""
        with self._locked():
            return self._book()

    def export_book(self) -> dict:
        """Every finished game: ``{"format": "yams-scorekeeper-book", "version": 1,
        "games": [{"doc", "summary"}]}``, oldest first."""
        games = [{"doc": e["doc"], "summary": e["summary"]} for e in self.archived_games()]
        return {"format": BOOK_FORMAT, "version": BOOK_VERSION, "games": games}

    def import_book(self, data: dict) -> tuple[int, int]:
        """Add the finished games of an exported book; returns ``(added, skipped)``.

        A game whose id is already archived, or in progress here, is skipped, so importing
        twice adds nothing. The record book is then recomputed from the whole archive.
        """
        entries = _book_entries(data)
        with self._locked():
            with self._open(self.archive_path) as db:
                table = db.table(_ARCHIVE)
                known = {e["id"] for e in table.all()}
                new = []
                for entry in entries:
                    game_id = entry["id"]
                    if game_id in known or os.path.exists(self._game_path(game_id)):
                        continue
                    known.add(game_id)
                    new.append(entry)
                table.insert_multiple(new)
                added, skipped = len(new), len(entries) - len(new)
                summaries = [e["summary"] for e in table.all()]
            with self._open(self.records_path) as db:
                self._set_one(db, _BOOK, _records.recompute(summaries))
        return added, skipped


def _put_entry(table: Table, entry: dict) -> bool:
    """Put ``entry`` into the archive table, keyed by id; True when it replaced another version.

    The same game finished again (same ``created``) replaces its entry; a different game with
    the same id is a StoreError and changes nothing.
    """
    existing = table.get(Query().id == entry["id"])
    if existing is None:
        table.insert(entry)
        return False
    if existing == entry:
        return False
    if existing["doc"].get("created") != entry["doc"].get("created"):
        raise StoreError(
            f"the archive already holds another game with id '{entry['id']}'; the game stays in "
            "progress",
            f"l'archive contient déjà une autre partie d'identifiant « {entry['id']} » ; la partie "
            "reste en cours")
    _replace(table, existing.doc_id, entry)
    return True


def _replace(table: Table, doc_id: int, doc: dict) -> None:
    """Make ``doc`` the whole document ``doc_id`` of ``table`` (TinyDB's update only merges)."""
    if table.contains(doc_id=doc_id):
        table.update(lambda old: (old.clear(), old.update(doc)), doc_ids=[doc_id])
    else:
        table.insert(Document(doc, doc_id=doc_id))


def _book_entries(data: Any) -> list[dict]:
    """The archive entries of an exported book, or a StoreError saying what is wrong."""
    def bad(en: str, fr: str) -> StoreError:
        return StoreError(f"not a yams-scorekeeper book: {en}; nothing was imported",
                          f"ce n'est pas un registre yams-scorekeeper : {fr} ; rien n'a été importé",
                          expected=f'{{"format": "{BOOK_FORMAT}", "version": {BOOK_VERSION}, '
                                   '"games": [{"doc": ..., "summary": ...}]}')

    if not isinstance(data, dict) or data.get("format") != BOOK_FORMAT:
        raise bad("wrong 'format'", "« format » incorrect")
    if data.get("version") != BOOK_VERSION:
        raise bad(f"unknown version {data.get('version')!r}", f"version inconnue {data.get('version')!r}")
    if not isinstance(data.get("games"), list):
        raise bad("'games' must be a list", "« games » doit être une liste")
    entries = []
    for n, game in enumerate(data["games"], 1):
        doc = game.get("doc") if isinstance(game, dict) else None
        summary = game.get("summary") if isinstance(game, dict) else None
        problem = _records.summary_problem(summary)
        if problem is None and (not isinstance(doc, dict) or doc.get("id") != summary["id"]):
            problem = "'doc' must be an object with the summary's id"
        if problem is None and not _GAME_ID.fullmatch(summary["id"]):
            problem = f"invalid game id {summary['id']!r}"
        if problem:
            raise bad(f"game {n}: {problem}", f"partie {n} : {problem}")
        entries.append({"id": summary["id"], "doc": doc, "summary": summary})
    return entries
