"""The live sheet under load, phones writing: ``yams serve --write`` with 8 players' phones
posting their turns and 20 open pages, the server killed (SIGKILL) at random and restarted,
on loopback only, for a bounded time.

Run from the repository root (the package importable, e.g. ``pip install -e .``)::

    python benchmarks/bench_serve.py                  # 10 minutes, 8 writers, 20 readers
    python benchmarks/bench_serve.py --minutes 2      # a shorter run
    python benchmarks/bench_serve.py --kills 0        # no SIGKILL
    python benchmarks/bench_serve.py --readers 50 --interval 0.2

A classic game of 8 players is kept in a store in a temporary folder (a new one when it ends)
and a real ``yams serve --write --port 0`` process serves it on 127.0.0.1. This process opens
``--readers`` event streams and plays the 8 phones: at each turn the phone of the player to
play posts the dice, then the cell (a random legal game), each post carrying the log position
it was made for (its entry id); one post in ten is sent twice (a double tap), and another
player's phone tries to write too (it must be refused). About every ``60 / --kills`` seconds
(at random) the server gets SIGKILL and is started again; the phones and pages reconnect to
the new address and a post that got no answer is sent again.

Printed: the latency phone post -> page updated (median, 95th percentile, worst, over every
page and entry made away from a kill; the goal is under 1 s), the entries acknowledged, the
acknowledged ones missing from the store (lost) and any entry stored twice (doubled), both
must be 0, the foreign posts refused, the kills and restarts, then the load average.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import signal
import statistics
import sys
import tempfile
import time
import urllib.parse

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))

GOAL_S = 1.0
PLAYERS = [f"P{n}" for n in range(1, 9)]
#: seconds after a kill during which no latency is counted (the server starting again)
SETTLING_S = 3.0


class Page:
    """One open page: an event stream read as it comes; ``arrivals`` the time of each event."""

    def __init__(self) -> None:
        self.arrivals: list[float] = []
        self.task: asyncio.Task | None = None

    async def follow(self, port: int, path: str) -> None:
        """Note each event's arrival until the stream ends."""
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            return
        try:
            writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                         "Accept: text/event-stream\r\n\r\n".encode())
            await writer.drain()
            first = True
            while line := await reader.readline():
                if line.startswith(b"id: "):
                    if not first:                      # the first: the state when opened
                        self.arrivals.append(time.monotonic())
                    first = False
        except (OSError, asyncio.IncompleteReadError):
            pass
        finally:
            writer.close()


async def post(port: int, path: str, fields: dict[str, str]) -> tuple[int, str]:
    """A phone's form posted to ``path``: the status and the answer (0: no answer)."""
    body = urllib.parse.urlencode(fields).encode()
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
    except OSError:
        return 0, ""
    try:
        writer.write(f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                     f"Origin: http://127.0.0.1:{port}\r\nConnection: close\r\n"
                     "Content-Type: application/x-www-form-urlencoded\r\n"
                     f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
        await writer.drain()
        answer = await asyncio.wait_for(reader.read(), 15)
    except (OSError, TimeoutError, asyncio.IncompleteReadError):
        return 0, ""
    finally:
        writer.close()
    head, _, text = answer.partition(b"\r\n\r\n")
    try:
        return int(head.split(b" ", 2)[1]), text.decode("utf-8", "replace")
    except (IndexError, ValueError):
        return 0, ""


class Server:
    """``yams serve --write`` on ``db``: started, killed, started again; its writers' paths."""

    def __init__(self, db: str, readers: int):
        self.db, self.readers = db, readers
        self.served = None
        self.pages: list[Page] = []
        self.kills = self.restarts = 0

    async def start(self) -> None:
        from serving import Served

        if self.served is not None:
            self.restarts += 1
        self.served = await asyncio.to_thread(Served, self.db, "--write")
        links = [re.search(r"(http://\S+/me/\S+/)$", line)[1] for line in self.served.first[1:-1]]
        self.writers = [urllib.parse.urlsplit(link).path + "write" for link in links]
        for page in self.pages:
            if page.task is not None:
                page.task.cancel()
        self.pages = [Page() for _ in range(self.readers)]
        for page in self.pages:
            page.task = asyncio.create_task(page.follow(self.served.port,
                                                        f"/{self.served.token}/events"))

    @property
    def port(self) -> int:
        return self.served.port

    async def stop(self, sig: int) -> None:
        await asyncio.to_thread(self.served.stop, sig)
        if sig == signal.SIGKILL:
            self.kills += 1


async def bench(args: argparse.Namespace) -> int:
    from yams_scorekeeper import api
    from yams_scorekeeper.engine.simulate import random_dice

    rng = random.Random(args.seed)
    folder = tempfile.mkdtemp(prefix="yams-bench-serve-")
    db = os.path.join(folder, "db")
    api.new(db, "classic", PLAYERS, order="given")
    server = Server(db, args.readers)
    await server.start()
    await asyncio.sleep(1.0)
    started = time.monotonic()
    deadline = started + args.minutes * 60
    next_kill = started + (rng.uniform(0.5, 1.5) * 60 / args.kills if args.kills else 1e9)
    acked: dict[tuple[str, int], dict] = {}       # (game, position) -> the entry acknowledged
    timed: list[tuple[float, float, list[Page]]] = []   # each entry: sent, answered, its pages
    refused = foreign = entries = 0
    kill_times: list[float] = []
    all_pages: list[Page] = []
    games: list[str] = []

    async def send(fields: dict[str, str], seat: int) -> tuple[int, str]:
        """Post until answered (a kill in between: the same entry again, to the new server)."""
        while True:
            status, text = await post(server.port, server.writers[seat], fields)
            if status:
                return status, text
            await asyncio.sleep(0.2)

    games.append(api.load(db).id)
    while time.monotonic() < deadline:
        game = await asyncio.to_thread(api.load, db, games[-1])
        if game.finished:                    # the next game, served by a new server
            await server.stop(signal.SIGTERM)
            game = api.new(db, "classic", PLAYERS, order="given").game
            games.append(game.id)
            await server.start()
            await asyncio.sleep(1.0)
        seat, at = game.current, len(game.events)
        if not game.coups:
            fields = {"do": "enter", "at": str(at), "roll": "1",
                      "dice": " ".join(str(d) for d in random_dice(game, rng))}
        else:
            cell = rng.choice(game.legal_cells())
            fields = {"do": "mark", "at": str(at), "cell": f"{cell.column}|{cell.row}|{cell.coup}"}
        other = (seat + rng.randint(1, 7)) % 8
        status, _ = await post(server.port, server.writers[other], fields)
        foreign += status != 0                             # (0: no answer, a kill)
        refused += status == 409
        sent = time.monotonic()
        pages = list(server.pages)
        status, text = await send(fields, seat)
        answered = time.monotonic()
        if rng.random() < 0.1:
            again, _ = await send(fields, seat)                    # the double tap
            assert again == 200, again
        if status == 200:
            acked[(game.id, at)] = fields
            entries += 1
            if not kill_times or sent - kill_times[-1] > SETTLING_S:
                timed.append((sent, answered, pages))
        elif status != 409:
            print(f"  unexpected answer {status}: {text}")
        if time.monotonic() >= next_kill:
            await asyncio.sleep(rng.uniform(0, 0.05))              # at a random moment
            all_pages += server.pages
            await server.stop(signal.SIGKILL)
            kill_times.append(time.monotonic())
            await server.start()
            next_kill = time.monotonic() + rng.uniform(0.5, 1.5) * 60 / args.kills
        await asyncio.sleep(args.interval)
    await asyncio.sleep(1.5)
    all_pages += server.pages
    wall = time.monotonic() - started
    await server.stop(signal.SIGTERM)

    latencies: list[float] = []
    for n, (sent, _, pages) in enumerate(timed):
        following = timed[n + 1][0] if n + 1 < len(timed) else float("inf")
        for page in pages:
            got = [t for t in page.arrivals if sent <= t < following]
            if got:
                latencies.append(got[0] - sent)
    store = api.open_store(db)
    lost = doubled = 0
    for game_id in games:
        events = api.load(store, game_id).events
        for (gid, at), fields in acked.items():
            if gid != game_id:
                continue
            if at >= len(events) or events[at]["type"] != fields["do"] or (
                    fields["do"] == "enter"
                    and sorted(events[at]["dice"]) != sorted(fields["dice"].split())):
                lost += 1
        marks = [(e["player"], c["column"], c["row"]) for e in events if e["type"] == "mark"
                 for c in e["cells"]]
        doubled += len(marks) - len(set(marks))
        enters = [n for n, e in enumerate(events) if e["type"] == "enter"]
        doubled += sum(1 for a, b in zip(enters, enters[1:], strict=False) if b == a + 1)
    latencies.sort()
    p95 = latencies[int(0.95 * (len(latencies) - 1))] if latencies else float("nan")
    print(f"yams serve --write: {len(PLAYERS)} writers, {args.readers} readers, {entries} "
          f"entries in {wall:.0f} s ({len(games)} games), {server.kills} SIGKILLs, "
          f"{server.restarts} restarts, loopback")
    if latencies:
        print(f"  latency phone post -> page updated: median "
              f"{statistics.median(latencies) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, worst "
              f"{latencies[-1] * 1000:.0f} ms (goal < {GOAL_S * 1000:.0f} ms) over "
              f"{len(latencies)} deliveries")
    print(f"  acknowledged entries lost: {lost}, doubled: {doubled}; foreign posts refused: "
          f"{refused} of {foreign}")
    print(f"  load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    ok = lost == 0 and doubled == 0 and refused == foreign and bool(latencies)
    return 0 if ok else 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=10.0,
                        help="how long the phones write (default 10, as issue 36 asks)")
    parser.add_argument("--readers", type=int, default=20, help="open pages (default 20)")
    parser.add_argument("--kills", type=float, default=1.0,
                        help="SIGKILLs of the server a minute, at random (default 1; 0: none)")
    parser.add_argument("--interval", type=float, default=0.3,
                        help="seconds between two entries (default 0.3)")
    parser.add_argument("--seed", type=int, default=36)
    args = parser.parse_args()
    signal.signal(signal.SIGINT, signal.default_int_handler)
    sys.exit(asyncio.run(bench(args)))


if __name__ == "__main__":
    main()
