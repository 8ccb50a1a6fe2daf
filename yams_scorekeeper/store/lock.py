"""The store lock: one operation at a time on a store, across every yams process.

Crash invariant: the lock is an exclusive ``flock`` on ``store.lock``, which the kernel
releases when its process dies, so a killed command never leaves the store locked and the
next one takes it at once. Nothing is written under the lock's name: it holds no data.
"""

from __future__ import annotations

import os

#: Seconds to wait for another yams command to release the store.
DEFAULT_TIMEOUT = 10.0


class StoreLock:
    """An exclusive ``flock`` on the file ``path``, shared by every yams process: waits up to
    ``timeout`` seconds by :meth:`clock` (trying again every ``POLL`` seconds, :meth:`pause`),
    then raises ``TimeoutError``. Reentrant within one holder. The kernel releases it when
    the process dies, so a killed command never leaves the store locked."""

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
