"""The checks of an import, game by game, in file order: each game's shape
(:func:`yams_scorekeeper.store.book_entry`) and, for a game the store does not hold yet, its
replay through the rules (the ``check`` the store is given, :func:`yams_scorekeeper.api.
check_summary` for ``yams import``).

Replaying is nearly all the cost of an import, so a big book is checked on several processes
(``jobs``, one per core by default): the games are sent to them as their JSON text, in chunks,
a bounded number ahead (memory holds a few hundred games, not the book), and their verdicts
come back in file order: for each game to add, its :class:`~yams_scorekeeper.store.
ArchiveRecord` (the archive file's bytes, the summaries index's rows, the record book's
tally), so that the importing process only writes what it is given. The first bad game is the one reported, exactly as one process would:
a game after it that was checked already, or a file that stops being JSON after it, is not
looked at. A book of fewer than ``PARALLEL_FROM`` games is checked here, on this process
(starting the processes would cost more than it saves), and so is a book imported without
a replay (``check`` None: the shape checks alone are cheaper than sending the games).

Pure checking: nothing here reads or writes the store (the store decides what to write).
"""

from __future__ import annotations

import json
import os
from collections import deque
from itertools import chain, islice
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator

if TYPE_CHECKING:  # pragma: no cover
    from .store import ArchiveRecord

#: games a book must have before it is checked on several processes (measured: starting
#: and stopping two workers forked from the importing process takes ~10 ms, replaying one
#: game ~3 ms)
PARALLEL_FROM = 16
#: games sent to a worker at a time
CHUNK = 8
#: chunks waiting or being checked, per worker (the main process holds their games)
AHEAD = 8
#: most worker processes
MOST_JOBS = 8

Check = Callable[[dict, dict], Any]


def default_jobs() -> int:
    """Worker processes an import uses: one per core this process may run on."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):      # pragma: no cover - not Linux
        cores = os.cpu_count() or 1
    return max(1, min(cores, MOST_JOBS))


def checked_games(games: Iterable[Any], check: Check | None, claim: Callable[[str], bool],
                  *, jobs: int | None = None, close_fd: int | None = None
                  ) -> Iterator[ArchiveRecord | None]:
    """For each game of ``games`` (a dict, or a :class:`~yams_scorekeeper.book_file.BookGame`),
    in order: the :class:`~yams_scorekeeper.store.ArchiveRecord` of its archive entry
    ``{"id", "doc", "summary"}`` to add (with the summary ``check(doc, summary)`` returned,
    when it returned one), or ``None`` for a game to skip.

    ``claim(game_id)`` says whether a game is new to the store, and from then on counts it
    as there (a second game of the same id in the book is skipped). Raises the error of the
    first bad game, or of the reading of ``games``, once every game before it was given.
    ``jobs``: worker processes (default :func:`default_jobs`; 1: none); ``close_fd``: a file
    descriptor the workers must not keep open (the store's lock).
    """
    stream = _guarded(games)
    head = list(islice(stream, PARALLEL_FROM))
    jobs = default_jobs() if jobs is None else jobs
    if (check is None or jobs < 2 or len(head) < PARALLEL_FROM or not _portable_check(check)
            or not _can_fork()):
        yield from _serial(chain(head, stream), check, claim)
    else:
        yield from _parallel(chain(head, stream), check, claim, jobs, close_fd)


class _ReadFailed:
    """The error the reading of the games raised, in the place of the game it stopped at."""

    def __init__(self, error: BaseException):
        self.error = error


def _guarded(games: Iterable[Any]) -> Iterator[Any]:
    try:
        yield from games
    except Exception as err:           # a book that stops being JSON: reported in its place
        yield _ReadFailed(err)


def _serial(stream: Iterator[Any], check: Check | None,
            claim: Callable[[str], bool]) -> Iterator[ArchiveRecord | None]:
    from .store import book_entry

    for n, item in enumerate(stream, 1):
        if isinstance(item, _ReadFailed):
            raise item.error
        entry = book_entry(_value(item), n)
        if not claim(entry["id"]):
            yield None
            continue
        yield _record(entry, check)


def _record(entry: dict, check: Check | None) -> ArchiveRecord:
    """The archive record of a game to add: ``entry`` with the summary ``check`` returned."""
    from .store import archive_record

    kept = check(entry["doc"], entry["summary"]) if check is not None else None
    return archive_record(entry if kept is None else {**entry, "summary": kept})


def _value(item: Any) -> Any:
    from .book_file import BookGame

    return item.value if isinstance(item, BookGame) else item


def _claimed(game: Any, claim: Callable[[str], bool]) -> bool:
    """Whether ``game`` is to be replayed: its id is new (and now claimed), or it has no
    id one can trust (its shape check then refuses it)."""
    from .shapes import GAME_ID

    summary = game.get("summary") if isinstance(game, dict) else None
    game_id = summary.get("id") if isinstance(summary, dict) else None
    if not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id):
        return True
    return claim(game_id)


def _parallel(stream: Iterator[Any], check: Check | None, claim: Callable[[str], bool],
              jobs: int, close_fd: int | None) -> Iterator[ArchiveRecord | None]:
    from concurrent.futures import ProcessPoolExecutor
    import multiprocessing

    from .book_file import BookGame

    pool = ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("fork"),
                               initializer=_worker_start, initargs=(close_fd, os.getpid()))
    pending: deque = deque()           # (games, payloads, future), or a _ReadFailed

    def send(games: list, payloads: list) -> None:
        pending.append((games, payloads, pool.submit(check_chunk, payloads, check)))

    def verdicts() -> Iterator[ArchiveRecord | None]:
        head = pending.popleft()
        if isinstance(head, _ReadFailed):
            raise head.error
        games, payloads, future = head
        try:
            results = future.result()
        except Exception:              # a worker died, a value would not pickle: check here
            results = check_chunk(payloads, check)
        for result in results:
            if isinstance(result, _Refused):
                raise result.error()
            yield result

    try:
        games: list = []
        payloads: list = []
        for n, item in enumerate(stream, 1):
            if isinstance(item, _ReadFailed):
                pending.append(item)
                break
            value = _value(item)
            replay = _claimed(value, claim)
            text = item.text if isinstance(item, BookGame) else None
            games.append(replay)
            payloads.append((n, text, value if text is None else None, replay))
            if len(games) == CHUNK:
                send(games, payloads)
                games, payloads = [], []
                while len(pending) >= jobs * AHEAD:
                    yield from verdicts()
        if games:
            send(games, payloads)
        while pending:
            yield from verdicts()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


class _Refused:
    """A game a worker refused: the error, rebuilt on the main process (any YamsError,
    whatever its constructor takes)."""

    def __init__(self, error: BaseException):
        self.kind, self.args, self.state = type(error), error.args, dict(vars(error))

    def error(self) -> BaseException:
        error = self.kind.__new__(self.kind)
        error.args = self.args
        vars(error).update(self.state)
        return error


def check_chunk(payloads: list[tuple[int, str | None, Any, bool]],
                check: Check | None) -> list[Any]:
    """A worker's job: for each ``(n, text, value, replay)`` (the game's JSON ``text``, or
    its ``value``), its :class:`~yams_scorekeeper.store.ArchiveRecord` (``None`` when
    ``replay`` is False: a game to skip, its shape checked), or a :class:`_Refused`."""
    from .store import book_entry

    out: list[Any] = []
    for n, text, value, replay in payloads:
        try:
            game = json.loads(text) if text is not None else value
            entry = book_entry(game, n)
            out.append(_record(entry, check) if replay else None)
        except Exception as err:       # reported by the main process, in file order
            out.append(_Refused(err))
    return out


def _worker_start(close_fd: int | None, parent: int | None = None) -> None:
    """A worker forked from the importing process: it lets go of the store's lock, leaves
    Ctrl-C to the main process, dies with it (Linux: a killed import leaves no worker
    behind), and runs without the cyclic garbage collector, as the import does (a replay
    makes no reference cycles; the collector's passes cost a quarter of a worker's time)."""
    import gc
    import signal

    _die_with_parent(parent)
    if close_fd is not None:
        try:
            os.close(close_fd)
        except OSError:
            pass
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    gc.disable()


def _die_with_parent(parent: int | None) -> None:
    """Ask the kernel to kill this worker when the importing process ends (Linux's
    ``PR_SET_PDEATHSIG``; elsewhere a worker ends when it finds its queue closed)."""
    import signal

    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, int(signal.SIGKILL))   # PR_SET_PDEATHSIG
    except (OSError, AttributeError, TypeError):      # pragma: no cover - not Linux
        return
    if parent is not None and os.getppid() != parent:  # it ended before the request
        os._exit(1)


def _portable_check(check: Check | None) -> bool:
    """Whether ``check`` can be sent to a worker (a module-level function)."""
    import pickle

    try:
        pickle.dumps(check)
    except Exception:
        return False
    return True


def _can_fork() -> bool:
    import multiprocessing

    return "fork" in multiprocessing.get_all_start_methods()
