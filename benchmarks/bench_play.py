"""How long ``yams play`` takes from Enter (the dice typed) to the turn grid being printed.

Run from the repository root (the package importable, e.g. ``pip install -e .``)::

    python benchmarks/bench_play.py                 # 15 turns a family
    python benchmarks/bench_play.py --turns 30 --list

``yams play`` runs in a pseudo-terminal (80 x 24, as at the table), started once per family;
each turn the dice line is written and the clock runs until the prompt that follows the grid
("Cell (" or "Second coup?") has been read back, then the first cell (handle ``e``) is
written. Families: Duel, classic (3 columns, 2 players), Double Yams classique (its grid in two
panels at 80 x 24), Gaby preset with 4 players (coup 1, then both coups: the second coup's grid
is the heaviest), Yatzy, Yahtzee. Median and worst per family are printed, in ms; the goal is
under 25 ms for every family. ``--list`` times the numbered list (``yams play --list``) instead
of the grid, for comparison. The keys of a turn are counted too: every character typed and
every Enter, from the dice to the cell (the handle ``e`` here; a handle is 1 to 2 letters).

Beside the wall time, the CPU time ``yams play`` itself spent on the same stretch (its
``time.process_time()`` from the moment it read the dice line to the moment it asked the next
question, reported by a small wrapper through a pipe): on a machine loaded by other work the
wall time includes waiting for a core and for the disk (every entry is fsynced before the
answer), the CPU time does not. The load average is printed with the figures.
"""

from __future__ import annotations

import argparse
import os
import pty
import select
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time

GOAL_MS = 25.0
SUITE = "cp123 fp45 cg66 fg123"
FAMILIES = {
    "duel": (["duel", "A, B"], ["66612/2"], None),
    "classic": (["classic", "A, B", "", ""], ["55533/2"], None),
    "double": (["double", "A, B", "classique"], [f"{SUITE} /2"], None),
    "gaby 4 players, coup 1": (["gaby", "A, B, C, D", "n", ""], ["55533/1"], "55533/1"),
    "gaby 4 players, 2nd coup": (["gaby", "A, B, C, D", "n", ""], ["55533/1", "66666/2"], None),
    "yatzy": (["yatzy", "A, B"], ["55533/2"], None),
    "yahtzee": (["yahtzee", "A, B"], ["55533/2"], None),
}
PROMPTS = (b"Cell (", b"Second coup?")

#: ``yams play`` with its reads reported: "R cpu" when a line has been read, "P cpu" when the
#: next question is asked (``time.process_time()`` of the process, on the pipe BENCH_CPU_FD)
CHILD = textwrap.dedent("""
    import os, sys, time
    from yams_scorekeeper.cli import terminal
    from yams_scorekeeper.cli.app import main

    fd = int(os.environ["BENCH_CPU_FD"])
    read = terminal.Terminal.read

    def timed_read(self, prompt):
        os.write(fd, b"P %r\\n" % time.process_time())
        line = read(self, prompt)
        os.write(fd, b"R %r\\n" % time.process_time())
        return line

    terminal.Terminal.read = timed_read
    sys.argv = ["yams", *sys.argv[1:]]
    main()
""")


class Pty:
    """``yams play`` in a pseudo-terminal: write lines, read until a marker."""

    def __init__(self, args: list[str], db: str):
        self.master, slave = pty.openpty()
        os.set_blocking(self.master, False)
        self.cpu_in, cpu_out = os.pipe()
        env = {**os.environ, "COLUMNS": "80", "LINES": "24", "YAMS_LANG": "en",
               "NO_COLOR": "1", "TERM": "dumb", "BENCH_CPU_FD": str(cpu_out)}
        self.proc = subprocess.Popen([sys.executable, "-c", CHILD, "play", "--db", db, *args],
                                     stdin=slave, stdout=slave, stderr=slave, env=env,
                                     close_fds=True, pass_fds=(cpu_out,))
        os.close(slave)
        os.close(cpu_out)
        os.set_blocking(self.cpu_in, False)
        self.buffer = b""
        self.cpu_log = b""

    def cpu(self) -> float:
        """CPU ms of ``yams play`` from its last line read to the question it asks now."""
        deadline = time.monotonic() + 10
        while True:
            try:
                self.cpu_log += os.read(self.cpu_in, 65536)
            except BlockingIOError:
                pass
            events = self.cpu_log.decode().split("\n")[:-1]
            if events and events[-1].startswith("P "):
                break
            if time.monotonic() > deadline:
                raise TimeoutError(f"no CPU report: {events[-3:]}")
            time.sleep(0.001)
        self.cpu_log = b""
        read = next(float(e[2:]) for e in reversed(events) if e.startswith("R "))
        return (float(events[-1][2:]) - read) * 1000

    def until(self, markers: tuple[bytes, ...], timeout: float = 30.0) -> bytes:
        deadline = time.monotonic() + timeout
        while True:
            for marker in markers:
                at = self.buffer.rfind(marker)
                if at >= 0:
                    seen, self.buffer = self.buffer, b""
                    return seen
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no {markers} in {self.buffer[-400:]!r}")
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    self.buffer += os.read(self.master, 65536)
                except OSError:
                    raise EOFError(self.buffer[-400:]) from None

    def line(self, text: str) -> None:
        os.write(self.master, text.encode() + b"\r")

    def close(self) -> None:
        self.proc.kill()
        self.proc.wait()
        os.close(self.master)
        os.close(self.cpu_in)


def keys_per_turn(name: str) -> int:
    """The keys typed in one turn: the dice lines, Enter at Gaby's "Second coup?" when one
    coup is enough, the cell's handle, each line with its Enter."""
    setup, dice, _ = FAMILIES[name]
    typed = [*dice, *([""] if len(dice) == 1 and name.startswith("gaby") else []), "e"]
    return sum(len(line) + 1 for line in typed)


def time_family(name: str, turns: int, listed: bool) -> tuple[list[float], list[float]]:
    """Wall and CPU ms of each timed Enter (the last coup of each turn)."""
    setup, dice, _ = FAMILIES[name]
    with tempfile.TemporaryDirectory() as db:
        term = Pty(["--list"] if listed else [], db)
        try:
            for answer in setup:
                term.until((b": ",))
                term.line(answer)
            times, cpus = [], []
            for _ in range(turns):
                term.until((b"dice/roll",))
                term.cpu_log = b""
                for line in dice:
                    start = time.perf_counter()
                    term.line(line)
                    term.until(PROMPTS)
                    times.append((time.perf_counter() - start) * 1000)
                    cpus.append(term.cpu())
                if len(dice) == 1 and name.startswith("gaby"):
                    term.line("")              # Enter: choose from coup 1
                    term.until((b"Cell (",))
                term.line("e")                 # the first cell (a handle in both views)
            # only the last coup of each turn is timed when there are two
            last = slice(len(dice) - 1, None, len(dice))
            return times[last], cpus[last]
        finally:
            term.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--turns", type=int, default=15)
    parser.add_argument("--list", action="store_true", help="time the numbered list instead")
    args = parser.parse_args()
    view = "numbered list" if args.list else "grid"
    print(f"yams play: Enter to {view} printed, {args.turns} turns a family, 80 x 24 pty "
          f"(goal < {GOAL_MS:.0f} ms); load average {os.getloadavg()[0]:.2f} on "
          f"{os.cpu_count()} cores")
    print(f"  {'':<26} {'keys':>5} {'wall median':>12} {'worst':>8}   {'CPU median':>11} "
          f"{'worst':>8}")
    for name in FAMILIES:
        times, cpus = time_family(name, args.turns, args.list)
        median = statistics.median(times)
        flag = "ok" if median < GOAL_MS else "SLOW"
        print(f"  {name:<26} {keys_per_turn(name):5d} {median:9.1f} ms {max(times):6.1f} ms   "
              f"{statistics.median(cpus):8.1f} ms {max(cpus):6.1f} ms   {flag}")
    print(f"  load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
