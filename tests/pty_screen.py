"""``yams`` in a real pseudo-terminal, its output read through a VT100 screen emulator.

:class:`PtyScreen` starts ``python -m yams_scorekeeper ARGS`` on the slave side of a pty of
80 x 24 (the size is set on the pty, so Rich and ``input()`` see a real terminal of that size),
types lines into it and feeds everything it prints to ``pyte``: :meth:`PtyScreen.lines` is what a
player would see on the screen at that moment, scrolled as a terminal scrolls. Used by
``tests/test_screen.py`` and ``scripts/screen_capture.py``.
"""

from __future__ import annotations

import fcntl
import os
import platform
import pty
import re
import select
import struct
import subprocess
import sys
import termios
import time

import pyte

#: a candidate score of the turn grid: its handle, then the score (``e 3``, ``tb0!``)
CANDIDATE = re.compile(r"([a-z]{1,3}) ?(-?\d+)!?")

#: the system calls of a process blocked reading its terminal (fd 0), by machine: read(0, ...)
#: and, with readline, select / pselect6 on fd 0 alone (nfds 1)
WAITING_CALLS = {"x86_64": ({0}, {23, 270}), "aarch64": ({63}, {72})}


def waits_for_input(pid: int) -> bool | None:
    """Whether process ``pid`` is blocked reading a line from its standard input (it has
    written all it will before that line); None where ``/proc/PID/syscall`` cannot say."""
    calls = WAITING_CALLS.get(platform.machine())
    if calls is None:
        return None
    try:
        with open(f"/proc/{pid}/syscall") as handle:
            fields = handle.read().split()
    except OSError:
        return None
    if len(fields) < 2 or not fields[0].isdigit():
        return False                     # "running", or "-1 ..." (blocked outside a call)
    number, first = int(fields[0]), int(fields[1], 16)
    reads, selects = calls
    return (number in reads and first == 0) or (number in selects and first == 1)


class PtyScreen:
    """One ``yams`` process on a pty of ``cols`` x ``rows``, and the screen it draws."""

    def __init__(self, args: list[str], cols: int = 80, rows: int = 24,
                 env: dict[str, str] | None = None, lang: str = "en"):
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        environ = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
        environ.update({"TERM": "xterm", "NO_COLOR": "1", "YAMS_LANG": lang,
                        "PYTHONIOENCODING": "utf-8", **(env or {})})
        self.proc = subprocess.Popen([sys.executable, "-m", "yams_scorekeeper", *args],
                                     stdin=slave, stdout=slave, stderr=slave, env=environ,
                                     close_fds=True, start_new_session=True)
        os.close(slave)
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.since = b""            # what was printed since the last line typed

    def _pump(self, timeout: float) -> bool:
        """Read what is there within ``timeout`` s into the screen; False at the end of output."""
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return True
        try:
            data = os.read(self.master, 65536)
        except OSError:
            return False
        if not data:
            return False
        self.since += data
        self.stream.feed(data)
        return True

    def wait(self, marker: str, timeout: float = 30.0) -> None:
        """Until ``marker`` has been printed since the last line typed, then the rest of what the
        program prints before it waits for a line."""
        deadline = time.monotonic() + timeout
        wanted = marker.encode()
        while wanted not in self.since:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no {marker!r} in {self.since[-600:]!r}")
            if not self._pump(left):
                raise EOFError(f"ended before {marker!r}: {self.since[-600:]!r}")
        self._settle()              # the rest of that burst (a prompt comes last)

    def _settle(self, most: float = 10.0) -> None:
        """Read on until the program waits for a line (everything it printed before is on the
        screen), ends, or ``most`` seconds have passed. Where this system cannot tell what the
        program waits for, until 0.1 s of silence."""
        deadline = time.monotonic() + most
        while time.monotonic() < deadline:
            waiting = waits_for_input(self.proc.pid)
            if waiting is None:
                while self._pump(0.05):
                    if not select.select([self.master], [], [], 0.05)[0]:
                        break
                return
            # read after asking: what it printed before it began to wait is here now
            if not self._drain() or waiting:
                return
            select.select([self.master], [], [], 0.01)      # busy still: wakes at its output

    def _drain(self) -> bool:
        """Read everything printed so far into the screen; False at the end of output. A
        non-blocking read of the master waits for what the kernel is still moving over from
        the program's side, then says there is nothing (EAGAIN)."""
        os.set_blocking(self.master, False)
        try:
            while True:
                try:
                    data = os.read(self.master, 65536)
                except BlockingIOError:
                    return True
                except OSError:
                    return False
                if not data:
                    return False
                self.since += data
                self.stream.feed(data)
        finally:
            os.set_blocking(self.master, True)

    def wait_prompt(self, markers: tuple[str, ...], timeout: float = 30.0) -> str:
        """Until one of ``markers`` has been printed since the last line typed; which one."""
        deadline = time.monotonic() + timeout
        while True:
            for marker in markers:
                if marker.encode() in self.since:
                    self.wait(marker)
                    return marker
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"none of {markers} in {self.since[-600:]!r}")
            if not self._pump(left):
                raise EOFError(f"ended before {markers}: {self.since[-600:]!r}")

    def line(self, text: str) -> None:
        """Type ``text`` and Enter."""
        self.since = b""
        os.write(self.master, text.encode() + b"\r")

    def finish(self, timeout: float = 30.0) -> int:
        """Read until the process has ended; its exit status."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and self._pump(0.1):
            if self.proc.poll() is not None and not select.select([self.master], [], [], 0.1)[0]:
                break
        return self.proc.wait(timeout=max(deadline - time.monotonic(), 1))

    def lines(self) -> list[str]:
        """The screen now, a string per row, trailing spaces dropped."""
        return [row.rstrip() for row in self.screen.display]

    def text(self) -> str:
        return "\n".join(self.lines())

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        os.close(self.master)

    def __enter__(self) -> PtyScreen:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _spans(line: str) -> list[tuple[int, int, str]]:
    """The pieces of ``line`` two spaces or more apart: (start, end, text)."""
    return [(m.start(), m.end(), m.group()) for m in re.finditer(r"\S+(?: \S+)*", line)]


def grid_cells(lines: list[str]) -> tuple[list[str], dict[tuple[str, str], str]]:
    """The turn grid on a screen: its column headers (the first panel's) and what every cell
    shows (a candidate ``e 3``, a score written, ``·``), by row and column header."""
    rule = next(i for i, line in enumerate(lines) if line.strip() and set(line) <= {"─", " "})
    panels = [(m.start(), m.end()) for m in re.finditer("─+", lines[rule])]
    headers: list[str] = []
    cells: dict[tuple[str, str], str] = {}
    for start, end in panels:
        heads = _spans(lines[rule - 1][start:end].ljust(end - start))
        headers = headers or [text for _, _, text in heads]
        for line in lines[rule + 1:]:
            spans = _spans(line[start:end])
            if not spans or spans[0][0] != 0:
                continue
            row = spans[0][2]
            for _start, b, text in spans[1:]:
                column = next((h for _, e, h in heads if e == b), None)
                if column is not None:
                    cells[(row, column)] = text
            if row == "Total":
                break
    return headers, cells


def turn_grid(lines: list[str]) -> tuple[list[str], dict[str, tuple[str, str, int]]]:
    """The turn grid on a screen: its column headers (the first panel's) and every handle
    shown, with the row, the column header and the score it labels (a candidate
    ``e0|vz1`` of two coups: the part of its coup, the header ``... (2)``)."""
    headers, cells = grid_cells(lines)
    found: dict[str, tuple[str, str, int]] = {}
    for (row, column), text in cells.items():
        for coup, part in enumerate(text.split("|"), start=1):
            m = CANDIDATE.fullmatch(part)
            if m:
                label = column + (f" ({coup})" if "|" in text else "")
                found[m.group(1)] = (row, label, int(m.group(2)))
    return headers, found
