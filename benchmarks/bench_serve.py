"""The live sheet under load: ``yams serve`` with 20 open pages (Server-Sent Events clients)
while an entry is made every second, on loopback only, for a bounded time.

Run from the repository root (the package importable, e.g. ``pip install -e .``)::

    python benchmarks/bench_serve.py                  # 10 minutes, 20 pages (issue 23)
    python benchmarks/bench_serve.py --minutes 1.5    # a shorter run
    python benchmarks/bench_serve.py --pages 50 --interval 0.5

A classic game of 8 players (312 turns: enough for 10 minutes of entries) is kept in a store
in a temporary folder, and a real ``yams serve --port 0`` process serves it on 127.0.0.1. This
process opens ``--pages`` event streams, then, every ``--interval`` seconds, makes the next
entry through the library (``api.enter`` then ``api.mark``, alternately, a random legal game:
what ``yams enter``/``mark`` do). For each entry the clock runs from the moment the entry is
stored (the call returned) to the moment each page receives the event that carries it.

Printed: the latency entry -> page (median, 95th percentile, worst, over every page and
entry; the goal is under 1 s), the entries that some page missed (must be 0), the server's
memory (resident set at the start and at the end, and its peak) and its CPU (seconds and
percent of one core over the run), then the load average of the machine.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import signal
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))

GOAL_S = 1.0
PLAYERS = [f"P{n}" for n in range(1, 9)]


def _proc(pid: int) -> tuple[float, int, int]:
    """CPU seconds (user + system), resident set and its peak (KiB) of process ``pid``."""
    with open(f"/proc/{pid}/stat") as handle:
        fields = handle.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    cpu = (int(fields[11]) + int(fields[12])) / ticks
    rss = hwm = 0
    with open(f"/proc/{pid}/status") as handle:
        for line in handle:
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1])
            elif line.startswith("VmHWM:"):
                hwm = int(line.split()[1])
    return cpu, rss, hwm


class Page:
    """One open page: an event stream read as it comes; ``arrivals`` the time of each event."""

    def __init__(self) -> None:
        self.arrivals: list[tuple[int, float]] = []
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def open(self, port: int, path: str) -> None:
        self.reader, self.writer = await asyncio.open_connection("127.0.0.1", port)
        self.writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                          "Accept: text/event-stream\r\n\r\n".encode())
        await self.writer.drain()
        status = await self.reader.readline()
        assert b" 200 " in status, status
        while (await self.reader.readline()).strip():       # the headers
            pass

    async def read(self) -> None:
        """Note each event's id and arrival until the stream ends (chunked encoding: the
        size lines are skipped, the ``id:`` lines are enough)."""
        assert self.reader is not None
        while True:
            line = await self.reader.readline()
            if not line:
                return
            if line.startswith(b"id: "):
                self.arrivals.append((int(line[4:]), time.monotonic()))

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


def _entries(db: str, seed: int):
    """The entries of a random legal game, one a call: enter, then mark, and so on."""
    from yams_scorekeeper import api
    from yams_scorekeeper.engine.simulate import random_dice

    rng = random.Random(seed)
    game = api.load(db)
    while True:
        dice = [str(d) for d in random_dice(game, rng)]
        step = api.enter(db, dice, 1)
        yield "enter"
        cell = rng.choice(step.cells)
        game = api.mark(db, {"column": cell.column, "row": cell.row, "coup": cell.coup}).game
        yield "mark"
        if game.finished:
            return


async def bench(args: argparse.Namespace) -> int:
    from serving import Served

    from yams_scorekeeper import api

    folder = tempfile.mkdtemp(prefix="yams-bench-serve-")
    db = os.path.join(folder, "db")
    api.new(db, "classic", PLAYERS)
    served = Served(db)
    pid = served.process.pid
    cpu0, rss0, _ = _proc(pid)
    pages = [Page() for _ in range(args.pages)]
    for page in pages:
        await page.open(served.port, f"/{served.token}/events?lang=en")
    readers = [asyncio.create_task(page.read()) for page in pages]
    await asyncio.sleep(1.0)                                 # every page has the first event
    assert all(page.arrivals for page in pages), "a page had no first event"
    started = time.monotonic()
    deadline = started + args.minutes * 60
    entries = _entries(db, args.seed)
    stored: list[tuple[float, float]] = []   # when each entry's call began and returned
    next_at = started
    while time.monotonic() < deadline:
        await asyncio.sleep(max(0.0, next_at - time.monotonic()))
        began = time.monotonic()
        kind = await asyncio.to_thread(next, entries, None)
        if kind is None:
            break
        stored.append((began, time.monotonic()))
        next_at += args.interval
    await asyncio.sleep(1.5)                                 # the last entry's events
    wall = time.monotonic() - started
    cpu1, rss1, hwm = _proc(pid)
    code, _, err = served.stop()
    for page in pages:
        page.close()
    await asyncio.gather(*readers, return_exceptions=True)

    latencies: list[float] = []
    missed = 0
    for page in pages:
        events = [t for _, t in page.arrivals[1:]]           # after the first (the state then)
        for n, (began, at) in enumerate(stored):
            following = stored[n + 1][0] if n + 1 < len(stored) else float("inf")
            got = [t for t in events if began <= t < following]
            if got:
                latencies.append(max(0.0, got[0] - at))
            else:
                missed += 1
    latencies.sort()
    p95 = latencies[int(0.95 * (len(latencies) - 1))] if latencies else float("nan")
    print(f"yams serve: {args.pages} pages, {len(stored)} entries in {wall:.0f} s "
          f"(one every {args.interval:g} s), loopback")
    if latencies:
        print(f"  latency entry -> page: median {statistics.median(latencies) * 1000:.0f} ms, "
              f"p95 {p95 * 1000:.0f} ms, worst {latencies[-1] * 1000:.0f} ms "
              f"(goal < {GOAL_S * 1000:.0f} ms) over {len(latencies)} deliveries")
    print(f"  deliveries missed: {missed}")
    print(f"  server memory: RSS {rss0 / 1024:.1f} MiB at the start, {rss1 / 1024:.1f} MiB at "
          f"the end, peak {hwm / 1024:.1f} MiB")
    print(f"  server CPU: {cpu1 - cpu0:.2f} s over {wall:.0f} s "
          f"({100 * (cpu1 - cpu0) / wall:.1f} % of one core)")
    print(f"  stopped by SIGTERM: exit {code}; load average {os.getloadavg()[0]:.2f} "
          f"on {os.cpu_count()} cores")
    if err.strip():
        print("  server stderr: " + err.strip()[:300])
    ok = (missed == 0 and code == 0 and bool(latencies) and latencies[-1] < GOAL_S)
    return 0 if ok else 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=10.0,
                        help="how long entries are made (default 10, as issue 23 asks)")
    parser.add_argument("--pages", type=int, default=20, help="open pages (default 20)")
    parser.add_argument("--interval", type=float, default=1.0,
                        help="seconds between two entries (default 1)")
    parser.add_argument("--seed", type=int, default=23)
    args = parser.parse_args()
    signal.signal(signal.SIGINT, signal.default_int_handler)
    sys.exit(asyncio.run(bench(args)))


if __name__ == "__main__":
    main()
