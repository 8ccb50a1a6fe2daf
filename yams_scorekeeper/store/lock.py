"""The store lock: one operation at a time on a store, across every yams process.

Crash invariant: every operation that writes holds ``store.lock`` (an exclusive ``flock``)
from its first read to its last write, so no two writers interleave and every check is made
against what the other wrote; the kernel releases the lock when its process dies, so a killed
command never leaves the store locked. A reader of a store it may not write (a read-only
folder or disk) takes no lock and reads the files as they are: each is replaced atomically,
so it sees a whole old version or a whole new one. The first time one :class:`Access` takes
the lock it sweeps the temporary files killed writers left and completes the operations they
cut (``on_first``: a reopening, :mod:`.reopening`); the rest is completed by the operation
that needs it (a finish, :mod:`.finishing`; an owed recount, :mod:`.record_book`; a
migration, :mod:`.migration`).
"""

from __future__ import annotations

import errno
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from ..errors import StoreBusyError, StoreError
from ..texts import Message
from .files import TEMP_SUFFIX, no_gc
from .folder import StoreFolder
from .index_sync import index_errors

#: Seconds to wait for another yams command to release the store.
DEFAULT_TIMEOUT = 10.0
#: errors of a lock file that cannot be made: the store is read-only for us
_READ_ONLY = (errno.EACCES, errno.EPERM, errno.EROFS)


class StoreLock:
    """An exclusive ``flock`` on the file ``path``, shared by every yams process: waits up to
    ``timeout`` seconds by :meth:`clock` (trying again every ``POLL`` seconds, :meth:`pause`),
    then raises ``TimeoutError``. Reentrant within one holder. The kernel releases it when
    the process dies, so a killed command never leaves the store locked. (The ``filelock``
    package did the same for 13 ms of import at every command start; this is the part of it
    the store needs.)"""

    def __init__(self, path: str, timeout: float):
        self.path, self.timeout = path, timeout
        self._fd: int | None = None
        self._depth = 0

    #: seconds between two tries
    POLL = 0.01

    @property
    def fd(self) -> int | None:
        """The lock file's descriptor while the lock is held (a worker forked then closes it)."""
        return self._fd

    @staticmethod
    def clock() -> float:
        """The time the wait is measured by (tests give a clock of their own)."""
        import time

        return time.monotonic()

    @staticmethod
    def pause(seconds: float) -> None:
        """Wait between two tries (tests give a pause of their own)."""
        import time

        time.sleep(seconds)

    def acquire(self) -> None:
        """Take the lock, waiting up to ``timeout`` seconds (``TimeoutError``)."""
        if self._depth:
            self._depth += 1
            return
        import fcntl

        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        deadline = self.clock() + self.timeout
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if self.clock() >= deadline:
                    os.close(fd)
                    raise TimeoutError(self.path) from None
                self.pause(self.POLL)
            except OSError:
                os.close(fd)
                raise
        self._fd, self._depth = fd, 1

    def release(self) -> None:
        """Give the lock back (the outermost release closes the file, which frees it)."""
        self._depth -= 1
        if self._depth == 0 and self._fd is not None:
            os.close(self._fd)          # closing the file releases the flock
            self._fd = None

    def __enter__(self) -> StoreLock:
        self.acquire()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


class Access:
    """How one :class:`~yams_scorekeeper.store.Store` holds its folder for an operation:
    :meth:`locked` for one that may write, :meth:`reading` for a read. ``on_first()`` runs
    once, the first time the lock is taken; ``on_release()`` each time an operation ends
    (the summaries index closed)."""

    def __init__(self, folder: StoreFolder, timeout: float, *,
                 on_first: Callable[[], None], on_release: Callable[[], None]):
        self.folder = folder
        self.timeout = timeout
        self.on_first = on_first
        self.on_release = on_release
        self.lock: StoreLock | None = None

    @contextmanager
    def reading(self) -> Iterator[bool]:
        """Hold the lock for a read, if we can: yields True when locked (the store may be
        written, a recount owed be paid), False on a store we may not write (a read-only
        folder or disk), which is then read as it is: every file is replaced atomically, so
        a reader sees a whole old version or a whole new one. A folder that is not a store
        is refused; a folder not made yet reads as an empty store. Nothing is created."""
        folder = self.folder
        if os.path.exists(folder.path) and (not os.path.isdir(folder.path)
                                            or not folder.is_store()):
            raise folder.not_a_store()
        if not os.path.exists(folder.path) or not os.access(folder.path, os.W_OK) or (
                os.path.exists(folder.lock_path) and not os.access(folder.lock_path, os.W_OK)):
            folder.read_only = True
            try:
                with no_gc(), index_errors(folder.path):
                    yield False
            finally:
                folder.read_only = False
            return
        with self.locked():
            yield True

    @contextmanager
    def locked(self) -> Iterator[None]:
        """Hold the store lock for one whole operation."""
        folder = self.folder
        if self.lock is None:
            try:
                os.makedirs(folder.games_dir, exist_ok=True)
            except OSError as exc:
                raise StoreError(Message("store.cannot_create_store_folder", path=folder.path,
                                         strerror=exc.strerror)) from exc
            self.lock = StoreLock(folder.lock_path, self.timeout)
            first = True
        else:
            first = False
        lock = self.lock
        try:
            lock.acquire()
        except TimeoutError:
            raise StoreBusyError(
                Message("store.store_busy_another_yams", lock_path=folder.lock_path),
            ) from None
        except OSError as exc:
            if exc.errno in _READ_ONLY:
                raise StoreError(Message("store.cannot_change_store_read", path=folder.path,
                                         strerror=exc.strerror)) from exc
            raise StoreError(Message("store.cannot_lock", lock_path=folder.lock_path,
                                     strerror=exc.strerror)) from exc
        try:
            if first:
                self.sweep_temp_files()
                self.on_first()
            with no_gc(), index_errors(folder.path):  # an operation over a big archive
                yield                                  # builds millions of objects
        except OSError as exc:  # listing or removing files; the storage reports its own
            raise StoreError(Message("store.cannot_use_store", path=folder.path,
                                     strerror=exc.strerror, filename=exc.filename)) from exc
        finally:
            self.on_release()
            lock.release()

    def sweep_temp_files(self) -> None:
        """Remove temporary files left by a writer that was killed (the lock is held).

        Not in ``archive/``, whose listing grows with history: reading it all sweeps it."""
        for folder in (self.folder.path, self.folder.games_dir):
            try:
                names = os.listdir(folder)
            except OSError:
                continue
            for name in names:
                if name.startswith(".") and name.endswith(TEMP_SUFFIX):
                    self.folder.remove_quietly(os.path.join(folder, name))
