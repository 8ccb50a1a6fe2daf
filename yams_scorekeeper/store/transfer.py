"""Import and export: many finished games into the archive, or out of it, a batch at a time.

Crash invariant: an import adds many games before it counts the book: it first writes the
recount marker into ``records.json`` and marks the summaries index stale, then the archive
files, then the book with the new games counted into it (:func:`records.merged`, where that
gives the book a recount gives: no new game comes first in its configuration, brings a part
its first game lacks, or changes its label or family), or recounted, without the marker. A
crash in between leaves the marker, and the next finish, import or ``records()`` recounts
from the whole archive (:mod:`.record_book`). A game is checked before it is written; the
first bad game stops the import and removes the files it had written, so nothing is
imported. A failed write (a full disk) leaves the files written before it, counted by the
next recount. An export writes nothing in the store; it reads each file under the lock.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

from .access import Access
from .archive import archived_entry
from .book_format import ArchiveRecord
from .files import raw_checksum
from .folder import ARCHIVE, Doc
from .parts import Parts

if TYPE_CHECKING:  # pragma: no cover
    from concurrent.futures import Future  # the pool's: not paid by a table action

#: games an import validates, then writes at once
IMPORT_BATCH = 256
#: games an import adds to the summaries index in one transaction (each commit rewrites the
#: journal of every page it touches: fewer, bigger ones halve the index's cost)
INDEX_BATCH = 2048
#: most games an import counts into the record book; past that it counts the book again
IMPORT_TALLIES = 5_000
#: archive files an export reads at a time, under the lock, and sends to a worker
EXPORT_CHUNK = 16
#: chunks waiting or being encoded, per worker (the exporting process holds their bytes)
EXPORT_AHEAD = 4

#: what checks a game of a book: ``check(doc, summary)`` returns the summary to keep
Check = Callable[[Doc, Doc], Doc]


def import_games(parts: Parts, access: Access, games: Iterable[Any], check: Check | None = None,
                 *, jobs: int | None = None) -> tuple[int, int]:
    """:meth:`~yams_scorekeeper.store.Store.import_games`."""
    from .import_check import checked_games

    added = skipped = 0
    written: list[str] = []
    with access.locked():
        book, index_keeper = parts.book, parts.index
        book.check_file()
        index = index_keeper.in_step()
        # the games archived or in progress (the lock is held: no other game comes)
        known = index.ids() | index_keeper.in_progress_ids()
        batch: list[ArchiveRecord] = []
        rows: list[tuple[Any, ...]] = []    # of the games written, for the summaries index
        # what the book needs of each new game, to count them into it rather than count
        # every game again (None: a recount is owed already, or too many games come)
        tallies: list[tuple[Any, ...]] | None = None if book.recount_owed() else []

        def claim(game_id: str) -> bool:
            if game_id in known:
                return False
            known.add(game_id)
            return True

        def flush(last: bool = False) -> None:
            if not written and batch:
                book.owe_recount()
                index.mark_stale()
            nonlocal tallies
            stamps = parts.archive.write_many([(r.id, r.raw) for r in batch])
            rows.extend((r.rows, (*(stamp or (None, None)), raw_checksum(r.raw)))
                        for r, stamp in zip(batch, stamps, strict=True))
            if last or len(rows) >= INDEX_BATCH:
                index.add(rows)             # new ids: nothing to replace
                rows.clear()
            written.extend(r.id for r in batch)
            if tallies is not None:
                tallies.extend(r.tally for r in batch)
                if len(tallies) > IMPORT_TALLIES:
                    tallies = None
            batch.clear()

        lock_fd = access.lock.fd if access.lock is not None else None
        entries = checked_games(games, check, claim, known=known, jobs=jobs,
                                close_fd=lock_fd)
        try:
            while True:
                try:
                    entry = next(entries)
                except StopIteration:
                    break
                except BaseException:       # a bad game: nothing is imported
                    _unwrite(parts, written)
                    raise
                if entry is None:
                    skipped += 1
                    continue
                batch.append(entry)
                if len(batch) >= IMPORT_BATCH:
                    flush()                 # a failed write is healed (module notes)
        finally:
            entries.close()
        flush(last=True)
        added = len(written)
        if added:
            index.put([], in_step=True)
        counted = bool(added) and tallies is not None and book.count_imported(tallies)
        if not counted and (added or book.recount_owed()):
            book.recount()
    return added, skipped


def _unwrite(parts: Parts, game_ids: list[str]) -> None:
    """Remove the archive files of a failed import (games that were not there before)."""
    if not game_ids:
        return
    parts.archive.unwrite(game_ids)
    parts.index.get().resync()
    if parts.book.recount_owed():
        parts.book.recount()


def iter_entries(parts: Parts, access: Access, ids: list[str]) -> Iterator[Doc]:
    """The archive entries of ``ids``, each file read under the lock (a game removed
    meanwhile is passed over)."""
    for game_id in ids:
        with access.reading():
            entry = parts.archive.read(game_id)
        if entry is not None:
            yield entry


def export_lines(parts: Parts, access: Access, line: Callable[[Doc], str], *,
                 jobs: int | None = None) -> Iterator[str]:
    """:meth:`~yams_scorekeeper.store.Store.export_lines`."""
    from .import_check import PARALLEL_FROM, can_fork, default_jobs

    with access.reading():
        ids = parts.index.call(lambda index: [s["id"] for s in index.summaries()])
    jobs = default_jobs() if jobs is None else jobs
    if jobs < 2 or len(ids) < PARALLEL_FROM or not can_fork():
        for entry in iter_entries(parts, access, ids):
            yield line(entry)
        return
    yield from _parallel_lines(parts, access, ids, line, jobs)


def _parallel_lines(parts: Parts, access: Access, ids: list[str], line: Callable[[Doc], str],
                    jobs: int) -> Iterator[str]:
    from .import_check import worker_pool

    pool = worker_pool(jobs)   # forked outside the lock: no worker holds the lock's file
    pending: deque[tuple[list[tuple[str, bytes | None]], Future[list[str | None]]]] = deque()

    def lines() -> Iterator[str]:
        files, future = pending.popleft()
        try:
            results = future.result()
        except Exception:          # a worker died: read them here
            results = [None] * len(files)
        for (game_id, raw), text in zip(files, results, strict=True):
            if text is not None:
                yield text
            elif raw is not None:  # as iter_archived reads it (its error, its migration)
                yield from map(line, iter_entries(parts, access, [game_id]))

    try:
        for start in range(0, len(ids), EXPORT_CHUNK):
            files: list[tuple[str, bytes | None]] = []
            with access.reading():
                for game_id in ids[start:start + EXPORT_CHUNK]:
                    raw: bytes | None
                    try:
                        raw = parts.folder.fs.read_bytes(parts.folder.archive_file(game_id))
                    except FileNotFoundError:    # removed meanwhile: passed over
                        raw = None
                    except Exception:            # read again, for its error
                        raw = b""
                    files.append((game_id, raw))
            pending.append((files, pool.submit(_export_chunk, files, line)))
            while len(pending) >= jobs * EXPORT_AHEAD:
                yield from lines()
        while pending:
            yield from lines()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _export_chunk(files: list[tuple[str, bytes | None]],
                  line: Callable[[Doc], str]) -> list[str | None]:
    """A worker's job in :func:`export_lines`: for each archive file ``(game_id, bytes)``,
    ``line`` of its entry, or ``None`` for the exporting process to read it again (no file,
    or one it must report or migrate)."""
    from .files import SCHEMA, decode

    out: list[str | None] = []
    for game_id, raw in files:
        try:
            if raw is None:
                raise ValueError(game_id)
            tables, schema = decode(raw)
            entries = list(tables.get(ARCHIVE, {}).values())
            found = archived_entry(entries, game_id) if schema >= SCHEMA else None
            out.append(line(found) if isinstance(found, dict) else None)
        except Exception:
            out.append(None)
    return out
