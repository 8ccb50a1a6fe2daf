"""The checks of an import, game by game, in file order: each game's shape
(:func:`yams_scorekeeper.store.book_entry`) and, for a game the store does not hold yet, its
replay through the rules (the ``check`` the store is given, :func:`yams_scorekeeper.api.
check_summary` for ``yams import``).

Replaying is nearly all the cost of an import, so a big book is checked on several processes
(``jobs``, one per core by default), a bounded number of games ahead (memory holds a few
blocks of games, not the book), and their verdicts come back in file order: for each game to
add, its :class:`~yams_scorekeeper.store.ArchiveRecord` (the archive file's bytes, the
summaries index's rows, the record book's tally), so that the importing process only claims
ids and writes what it is given.

A book laid out as ``yams export`` writes it comes as :class:`~yams_scorekeeper.store.book_file.
Block` s of text (``read_book(..., blocks=True)``), each decoded once, on a worker
(:func:`check_block`); the importing process never decodes those games. A game a worker
refuses is checked again here, with its place in the book, for the error to be the one a
game-by-game import reports; where a block stops being games separated by commas (another
layout, text that is not JSON, a game nested deeper than its checks allow or with too long a
number: one walk of each game, :func:`~yams_scorekeeper.store.shapes.unchecked_game_problem`; the
end of the list), the blocks after it are dropped and the rest of the book is read game by
game (:meth:`~yams_scorekeeper.store.book_file.Block.resume`), each game then sent to the
workers as its JSON text. The first bad game is the one reported, exactly as one process
would: a game after it that was checked already, or a file that stops being JSON after it, is not
looked at. A book of fewer than ``PARALLEL_FROM`` games is checked here, on this process
(starting the processes would cost more than it saves), and so is a book imported without
a replay (``check`` None: the shape checks alone are cheaper than sending the games).

Crash invariant: none; pure checking: nothing here reads or writes the store (the store
decides what to write, :mod:`.transfer`), and a worker killed only costs its games a check
here, in the importing process.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections import deque
from collections.abc import Callable, Collection, Generator, Iterable, Iterator
from itertools import chain
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from concurrent.futures import ProcessPoolExecutor

    from .book_file import Block
    from .book_format import ArchiveRecord

#: games a book must have before it is checked on several processes (below, starting the
#: workers costs more than replaying the games)
PARALLEL_FROM = 16
#: games sent to a worker at a time
CHUNK = 8
#: chunks waiting or being checked, per worker (the main process holds their games)
AHEAD = 8
#: blocks waiting or being checked, per worker (the main process holds their text)
BLOCKS_AHEAD = 3
#: most worker processes
MOST_JOBS = 8

Check = Callable[[dict[str, Any], dict[str, Any]], Any]


def default_jobs() -> int:
    """Worker processes an import uses: one per core this process may run on."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):      # pragma: no cover - not Linux
        cores = os.cpu_count() or 1
    return max(1, min(cores, MOST_JOBS))


def checked_games(games: Iterable[Any], check: Check | None, claim: Callable[[str], bool],
                  *, known: Collection[str] = frozenset(), jobs: int | None = None,
                  close_fd: int | None = None) -> Generator[ArchiveRecord | None, None, None]:
    """For each game of ``games`` (a dict, a :class:`~yams_scorekeeper.store.book_file.BookGame`, or
    each game of a :class:`~yams_scorekeeper.store.book_file.Block`), in order: the
    :class:`~yams_scorekeeper.store.ArchiveRecord` of its archive entry
    ``{"id", "doc", "summary"}`` to add (with the summary ``check(doc, summary)`` returned,
    when it returned one), or ``None`` for a game to skip.

    ``claim(game_id)`` says whether a game is new to the store, and from then on counts it
    as there (the same game again in the book is skipped; another game under an id the book
    gave already refuses the book, :class:`BookIds`); ``known``: ids it says
    no of from the start (the store's games: not replayed). Raises the error of the
    first bad game, or of the reading of ``games``, once every game before it was given.
    ``jobs``: worker processes (default :func:`default_jobs`; 1: none); ``close_fd``: a file
    descriptor the workers must not keep open (the store's lock).
    """
    from .book_file import BLOCKS_DONE, Block

    stream = _guarded(games)
    head, count = [], 0                # games seen, a block counting its lines
    for item in stream:
        head.append(item)
        if item is BLOCKS_DONE:
            if count:                  # not past it: the blocks before may be resumed
                break
            continue
        count += item.text.count("\n") if isinstance(item, Block) else 1
        if count >= PARALLEL_FROM:
            break
    jobs = default_jobs() if jobs is None else jobs
    ids = BookIds()
    if (check is None or jobs < 2 or count < PARALLEL_FROM or not _portable_check(check)
            or not can_fork()):
        yield from _serial(chain(head, stream), check, claim, known, ids)
    else:
        yield from _parallel(chain(head, stream), check, claim, jobs, close_fd, known, ids)


def game_digest(doc: Any, summary: Any) -> bytes | None:
    """A hash of a book's game as read (the canonical JSON of its doc and summary: key
    order and spacing do not count), to tell the same game given twice from two games under
    one id; ``None`` for a value JSON cannot hold (its shape check refuses it).

    Encoded by ``orjson`` where it can (the standard library's sorted encoding is several
    times slower), else by the standard library (a lone surrogate, a number past 64 bits):
    the same value always the same way."""
    from .files import fast_json

    orjson = fast_json()
    try:
        if orjson is not None:
            try:
                text = orjson.dumps([doc, summary], option=orjson.OPT_SORT_KEYS)
                return hashlib.blake2b(text, digest_size=16).digest()
            except (TypeError, ValueError, OverflowError):
                pass
        text = json.dumps([doc, summary], sort_keys=True, separators=(",", ":")).encode()
    except (TypeError, ValueError, RecursionError):
        return None
    return hashlib.blake2b(b"json:" + text, digest_size=16).digest()


class BookIds:
    """The ids a book gave so far, each with its first place and its game's digest
    (:func:`game_digest`): the same game given again is skipped, as a game the store holds
    is, but another game under an id given already refuses the book."""

    def __init__(self) -> None:
        self.first: dict[str, tuple[int, bytes | None]] = {}

    def problem(self, game_id: str, digest: bytes | None, n: int) -> Exception | None:
        """The error for game ``n`` of the book (id ``game_id``, digest ``digest``), or
        ``None`` when its id is new to the book or its game the one given before."""
        first = self.first.setdefault(game_id, (n, digest))
        if first[0] == n or first[1] == digest:
            return None
        from ..i18n import Message
        from .book_format import not_a_book

        return not_a_book(Message("store.book_game", index=n - 1, n=n, problem=Message(
            "store.book_other_game_same_id", game_id=game_id, first=first[0] - 1)))

    def check(self, game_id: str, digest: bytes | None, n: int) -> None:
        """Raise :meth:`problem`'s error, if any."""
        error = self.problem(game_id, digest, n)
        if error is not None:
            raise error

    def check_value(self, game: Any, n: int) -> Exception | None:
        """:meth:`problem` for a game not yet checked for shape (``None`` for one without
        an id one can trust: its shape check refuses it)."""
        from .shapes import GAME_ID

        summary = game.get("summary") if isinstance(game, dict) else None
        game_id = summary.get("id") if isinstance(summary, dict) else None
        if not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id):
            return None
        return self.problem(game_id, game_digest(game.get("doc"), summary), n)


class _ReadFailed:
    """The error the reading of the games raised, in the place of the game it stopped at."""

    def __init__(self, error: BaseException):
        self.error = error


def _guarded(games: Iterable[Any]) -> Iterator[Any]:
    try:
        yield from games
    except Exception as err:           # a book that stops being JSON: reported in its place
        yield _ReadFailed(err)


def _serial(stream: Iterator[Any], check: Check | None, claim: Callable[[str], bool],
            known: Collection[str], ids: BookIds) -> Iterator[ArchiveRecord | None]:
    from .book_file import BLOCKS_DONE, Block

    place = [0]                        # games given so far
    for item in stream:
        if isinstance(item, _ReadFailed):
            raise item.error
        if isinstance(item, Block):
            yield from _block_verdicts(item, check_block(item.text, check, known), check, claim,
                                       place, list, ids)
        elif item is not BLOCKS_DONE:
            place[0] += 1
            yield _one_game(_value(item), place[0], check, claim, ids)
            if place[0] % CHUNK == 0:
                _free_replays()


def _one_game(game: Any, n: int, check: Check | None, claim: Callable[[str], bool],
              ids: BookIds) -> ArchiveRecord | None:
    """Game ``n`` of the book checked here: its record, ``None`` to skip it, or its error."""
    from .book_format import book_entry

    entry = book_entry(game, n)
    ids.check(entry["id"], game_digest(entry["doc"], entry["summary"]), n)
    return _record(entry, check) if claim(entry["id"]) else None


def _block_verdicts(block: Block, verdict: tuple[list[Any], int | None], check: Check | None,
                    claim: Callable[[str], bool], place: list[int],
                    later: Callable[[], list[Block]],
                    ids: BookIds) -> Iterator[ArchiveRecord | None]:
    """The records of the games of ``block`` from what :func:`check_block` found
    (``verdict``), in order, ``place[0]`` counting the games; then, where the block stopped
    being games, the book resumed from there (``later()``: the blocks sent after it)."""
    from .files import loads_bounded

    results, stop = verdict
    for result in results:
        place[0] += 1
        if isinstance(result, _Again):      # its error, with its place in the book
            game = loads_bounded(block.text[result.start:result.end])
            yield _one_game(game, place[0], check, claim, ids)
            continue
        result, digest = result
        if isinstance(result, str):         # held by the store when the check started
            ids.check(result, digest, place[0])
            yield None
        else:
            ids.check(result.id, digest, place[0])
            yield result if claim(result.id) else None
    if stop is not None:
        block.resume(stop, later())


def _record(entry: dict[str, Any], check: Check | None) -> ArchiveRecord:
    """The archive record of a game to add: ``entry`` with the summary ``check`` returned."""
    from .book_format import archive_record

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
              jobs: int, close_fd: int | None, known: Collection[str] = frozenset(),
              ids: BookIds | None = None) -> Iterator[ArchiveRecord | None]:
    from .book_file import BLOCKS_DONE, Block, BookGame

    ids = BookIds() if ids is None else ids
    pool = worker_pool(jobs, close_fd, known)
    pending: deque[Any] = deque()      # (block or games, payloads, future), or a _ReadFailed
    place = [0]                        # games given so far

    def send(games: list[Any], payloads: list[Any]) -> None:
        pending.append((games, payloads, pool.submit(check_chunk, payloads, check)))

    def later() -> list[Block]:        # a block was resumed: the ones after it are read again
        blocks = [head[0] for head in pending if isinstance(head, tuple)]
        pending.clear()
        return blocks

    def verdicts() -> Iterator[ArchiveRecord | None]:
        head = pending.popleft()
        if isinstance(head, _ReadFailed):
            raise head.error
        games, payloads, future = head
        try:
            results = future.result()
        except Exception:              # a worker died, a value would not pickle: check here
            results = (check_block(games.text, check, known) if isinstance(games, Block)
                       else check_chunk(payloads, check))
        if isinstance(games, Block):
            yield from _block_verdicts(games, results, check, claim, place, later, ids)
            return
        for result, repeated in zip(results, games, strict=False):
            place[0] += 1
            if isinstance(result, _Refused):
                raise result.error()
            if repeated is not None:       # its shape is right: another game, same id
                raise repeated
            yield result

    try:
        games: list[Any] = []
        payloads: list[Any] = []
        n = 0
        for item in stream:
            if isinstance(item, _ReadFailed):
                pending.append(item)
                break
            if isinstance(item, Block):
                pending.append((item, None, pool.submit(check_block, item.text, check)))
                while len(pending) >= jobs * BLOCKS_AHEAD:
                    yield from verdicts()
                continue
            if item is BLOCKS_DONE:        # every block looked at (maybe resumed) first
                while pending:
                    yield from verdicts()
                n = place[0]
                continue
            n += 1
            value = _value(item)
            repeated = ids.check_value(value, n)    # raised in its place, after its shape
            replay = repeated is None and _claimed(value, claim)
            text = item.text if isinstance(item, BookGame) else None
            games.append(repeated)
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


class _Again:
    """A game a worker refused: the main process checks it again (``start``, ``end``: its
    text in the block), with its place in the book, for the error to report."""

    def __init__(self, start: int, end: int):
        self.start, self.end = start, end


#: what the workers were told the store holds (:func:`_worker_start`)
_known: Collection[str] = frozenset()


def check_block(text: str, check: Check | None,
                known: Collection[str] | None = None) -> tuple[list[Any], int | None]:
    """A worker's job: the games of a :class:`~yams_scorekeeper.store.book_file.Block`'s ``text``,
    decoded one at a time (:class:`~yams_scorekeeper.store.book_file.BlockGames`), each checked:
    its :class:`~yams_scorekeeper.store.ArchiveRecord`, or its id for a game of an id in
    ``known`` (default: what the workers were given; its shape checked, no replay), with
    its :func:`game_digest`; or an :class:`_Again` for a game refused. And the offset where
    the block stops being games separated by commas (``None``: it does not)."""
    from .book_file import BlockGames
    from .book_format import book_entry

    known = _known if known is None else known
    games = BlockGames(text)
    out: list[Any] = []
    for game, start, end in games:
        try:
            # its place is told by the main process; BlockGames walked its nesting
            entry = book_entry(game, 0, nesting_checked=True)
            out.append((entry["id"] if entry["id"] in known else _record(entry, check),
                        game_digest(entry["doc"], entry["summary"])))
        except Exception:
            out.append(_Again(start, end))
    _free_replays()
    return out, games.stop


def check_chunk(payloads: list[tuple[int, str | None, Any, bool]],
                check: Check | None) -> list[Any]:
    """A worker's job: for each ``(n, text, value, replay)`` (the game's JSON ``text``, or
    its ``value``), its :class:`~yams_scorekeeper.store.ArchiveRecord` (``None`` when
    ``replay`` is False: a game to skip, its shape checked), or a :class:`_Refused`."""
    from .book_format import book_entry

    out: list[Any] = []
    for n, text, value, replay in payloads:
        try:
            game = json.loads(text) if text is not None else value
            entry = book_entry(game, n)
            out.append(_record(entry, check) if replay else None)
        except Exception as err:       # reported by the main process, in file order
            out.append(_Refused(err))
    _free_replays()
    return out


def _free_replays() -> None:
    """Free what the games just replayed left in reference cycles (a rule set and its
    hints), which the paused collector would keep until the end; it is all younger than
    the last call, so one pass over the young generation finds it."""
    import gc

    gc.collect(0)


def worker_pool(jobs: int, close_fd: int | None = None,
                known: Collection[str] = frozenset()) -> ProcessPoolExecutor:
    """``jobs`` worker processes forked from this one (:func:`_worker_start`), for an import
    or an export: ``close_fd`` the store's lock (or ``None``: forked outside the lock);
    ``known`` the store's ids (what :func:`check_block` does not replay)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    return ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("fork"),
                               initializer=_worker_start,
                               initargs=(close_fd, os.getpid(), known))


def _worker_start(close_fd: int | None, parent: int | None = None,
                  known: Collection[str] = frozenset()) -> None:
    """A worker forked from the importing process: it keeps the ids ``known`` to the store
    (:func:`check_block` does not replay them), lets go of the store's lock, leaves
    Ctrl-C to the main process, dies with it (Linux: a killed import leaves no worker
    behind), and runs without the cyclic garbage collector, as the import does (its passes
    cost a quarter of a worker's time): each job frees its replays (:func:`_free_replays`)."""
    import gc
    import signal

    global _known
    _known = known
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


def can_fork() -> bool:
    """Whether worker processes can be forked here (:func:`worker_pool`)."""
    import multiprocessing

    return "fork" in multiprocessing.get_all_start_methods()
