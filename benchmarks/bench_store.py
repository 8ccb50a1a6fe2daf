"""How the store behaves as history grows, and when its writers are killed.

Run from the repository, with the package installed (``pip install -e .``)::

    python benchmarks/bench_store.py             # 10,000 archived games, 300 kills
    python benchmarks/bench_store.py --quick     # 2,000 games, 40 kills: a short run
    python benchmarks/bench_store.py --games 10000 --actions 300 --kills 500 --seed 7

1. Table action: ``append_event`` to a game in progress (the game already holds 40 events),
   timed one call at a time in a store with an empty record book and in a store holding
   ``--games`` archived games, the two stores taking turns so that machine load hits both.
   Goal: median with the archive <= 1.5 x median without. The archive is written directly
   (synthetic games: a summary of 2-4 players and a doc of ~40 events each, realistic sizes),
   not through 10,000 ``finish_game`` calls. The cost of ``finish_game``, ``create_game`` and
   a full archive read at that size is shown too (they do grow with history).
2. Kill soak: a child process appends events to one game, and every few events creates and
   finishes a small game, printing an acknowledgement after each call returns; it is killed
   with SIGKILL at a random moment, ``--kills`` times. After each kill the store must be
   readable and hold every acknowledged event and game exactly once. Goal: 0 lost, 0 unreadable.

Exit status 1 when a goal is missed.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from yams_scorekeeper.errors import StoreError
from yams_scorekeeper.records import recompute
from yams_scorekeeper.storage import AtomicJSONStorage
from yams_scorekeeper.store import Store

RATIO_GOAL = 1.5
ROOT = Path(__file__).resolve().parent.parent
NAMES = ["Alice", "Bruno", "Chloé", "Dédé", "Émile", "Fanny", "Gaby", "Hugo"]
PARTS = ["chiffres", "yams", "suites", "combinaisons", "difference"]
TAGS = ["cp", "cp", "cp", "fp", "fp", "cg", "cg", "fg", "fg", "fg"]
ROWS = ["1", "2", "3", "4", "5", "6", "brelan", "carre", "youpi", "rene", "double-brelan"]


def synthetic_game(n: int, rng: random.Random, events: int = 40) -> dict:
    """An archive entry ``{"id", "doc", "summary"}`` of realistic size."""
    players = rng.sample(NAMES, rng.randint(2, 4))
    gid = f"{n:08x}{rng.getrandbits(64):016x}"
    day = f"20{rng.randint(20, 25)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
    log = []
    for k in range(events):
        player = players[(k // 2) % len(players)]
        if k % 2 == 0:
            log.append({"type": "enter", "player": player, "roll": rng.randint(1, 5),
                        "dice": [f"{rng.randint(1, 6)}{t}" for t in TAGS]})
        else:
            log.append({"type": "mark", "player": player, "cells": [
                {"column": None, "row": rng.choice(ROWS), "coup": None, "scratch": False}]})
    doc = {"id": gid, "created": f"{day}T20:00:00+02:00",
           "config": {"family": "double", "variant": "force", "direction": "asc",
                      "players": players, "options": []},
           "events": log, "players": players, "family": "double",
           "label": "Double Yams forcé (montant)", "updated": f"{day}T22:00:00+02:00"}
    scored = []
    for name in players:
        parts = {part: rng.randint(-50, 900) for part in PARTS}
        scored.append({"name": name, "total": sum(parts.values()), "parts": parts})
    scored.sort(key=lambda p: -p["total"])
    for rank, player in enumerate(scored, 1):
        player["rank"] = rank
    summary = {"id": gid, "family": "double", "config_key": rng.choice(["double/force-asc",
                                                                        "double/classique"]),
               "config_label": "Double Yams forcé (montant)", "date": f"{day}T22:00:00+02:00",
               "created": doc["created"], "stopped_early": rng.random() < 0.05,
               "players": scored}
    return {"id": gid, "doc": doc, "summary": summary}


def fill_archive(store: Store, games: int, seed: int) -> float:
    """Write ``games`` synthetic finished games and their record book; the archive's MB."""
    rng = random.Random(seed)
    entries = [synthetic_game(n, rng) for n in range(games)]
    os.makedirs(store.path, exist_ok=True)
    AtomicJSONStorage(store.archive_path).write(
        {"games": {str(i): entry for i, entry in enumerate(entries, 1)}})
    AtomicJSONStorage(store.records_path).write(
        {"book": {"1": recompute(e["summary"] for e in entries)}})
    return os.path.getsize(store.archive_path) / 1e6


def start_game(store: Store, gid: str, rng: random.Random) -> None:
    entry = synthetic_game(0, rng)
    store.create_game({**entry["doc"], "id": gid, "events": entry["doc"]["events"]})


def timed(call) -> float:
    start = time.perf_counter()
    call()
    return (time.perf_counter() - start) * 1000


def bench_table_action(games: int, actions: int, seed: int, folder: str) -> bool:
    rng = random.Random(seed)
    empty, full = Store(os.path.join(folder, "empty")), Store(os.path.join(folder, "full"))
    start = time.perf_counter()
    size = fill_archive(full, games, seed)
    print(f"Table action: append_event to a game of 40 events, {actions} calls a store")
    print(f"  archive of {games:,} games written in {time.perf_counter() - start:.1f} s "
          f"({size:.1f} MB archive.json, {os.path.getsize(full.records_path) / 1e3:.0f} kB "
          f"records.json)")
    for store in (empty, full):
        start_game(store, "bench", rng)
        for _ in range(5):                               # warm-up
            store.append_event("bench", {"type": "warm-up"})
    times = {"empty": [], "full": []}
    for n in range(actions):
        for name, store in (("empty", empty), ("full", full))[::1 if n % 2 else -1]:
            event = {"type": "enter", "player": "Alice", "roll": 2,
                     "dice": [f"{rng.randint(1, 6)}{t}" for t in TAGS]}
            times[name].append(timed(lambda: store.append_event("bench", event)))
    print(f"  {'record book':<24} {'median':>8} {'p90':>8} {'max':>8}")
    for name, label in (("empty", "empty"), ("full", f"{games:,} archived games")):
        t = sorted(times[name])
        print(f"  {label:<24} {statistics.median(t):6.2f}ms {t[int(0.9 * len(t))]:6.2f}ms "
              f"{t[-1]:6.2f}ms")
    ratio = statistics.median(times["full"]) / statistics.median(times["empty"])
    ok = ratio <= RATIO_GOAL
    print(f"  ratio of medians {ratio:.2f} (goal <= {RATIO_GOAL}): {'ok' if ok else 'MISSED'}")

    print(f"  with {games:,} archived games (these grow with history; not table actions):")
    start_game(full, "to-finish", rng)
    summary = synthetic_game(games + 1, rng)["summary"]
    for label, call in (
        ("create_game", lambda: start_game(full, "another", rng)),
        ("games_in_progress", full.games_in_progress),
        ("records", full.records),
        ("finish_game", lambda: full.finish_game("to-finish", {**summary, "id": "to-finish"})),
        ("archived_games (all)", full.archived_games),
    ):
        print(f"    {label:<22} {timed(call):8.1f} ms")
    return ok


CHILD = """
import sys
from yams_scorekeeper.store import Store
def ack(kind, ident):                        # one write a line, even with PYTHONUNBUFFERED
    sys.stdout.write(f"{kind} {ident}\\n")
    sys.stdout.flush()
store, tag = Store(sys.argv[1], backups=2), sys.argv[2]
for g in store.games_in_progress():          # finishes cut by an earlier kill
    if g["finishing"]:
        store.finish_game(g["id"])
        ack("fin", g["id"])
for n in range(10 ** 6):
    store.append_event("soak", {"id": f"{tag}-{n}"})
    ack("ev", f"{tag}-{n}")
    if n % 4 == 3:
        gid = f"{tag}-g{n}"
        store.create_game({"id": gid, "created": "2024-01-01T20:00:00", "config": {},
                           "events": [], "players": ["A", "B"], "family": "duel", "label": "Duel"})
        ack("new", gid)
        store.finish_game(gid, {"id": gid, "family": "duel", "config_key": "duel",
                                "config_label": "Duel", "date": f"2024-01-01T{n % 24:02d}:00",
                                "stopped_early": False, "players": [
                                    {"name": "A", "total": n, "parts": {}, "rank": 1},
                                    {"name": "B", "total": 0, "parts": {}, "rank": 2}]})
        ack("fin", gid)
"""


def kill_once(folder: str, tag: str, rng: random.Random) -> list[tuple[str, str]]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT),
                                                                     os.environ.get("PYTHONPATH")]))}
    child = subprocess.Popen([sys.executable, "-c", CHILD, folder, tag], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, env=env)
    lines = []
    for _ in range(rng.randint(0, 12)):
        line = child.stdout.readline()
        if not line:
            break
        lines.append(line)
    time.sleep(rng.uniform(0, 0.005))
    child.send_signal(signal.SIGKILL)
    out, err = child.communicate()
    if child.returncode != -signal.SIGKILL:
        raise RuntimeError(f"the child stopped by itself ({child.returncode}): {err}")
    # only whole lines are acknowledgements: the child may die in the middle of one
    return [tuple(line.split()) for line in lines + out.splitlines(keepends=True)
            if line.endswith("\n")]


def check(folder: str, acks: list[tuple[str, str]]) -> tuple[int, list[str]]:
    """Acknowledged things missing from the store, and problems found (unreadable, doubles)."""
    store = Store(folder)
    events = [e["id"] for e in store.load_game("soak")["events"]]
    listed = store.games_in_progress()
    in_progress = {g["id"] for g in listed}
    finishing = {g["id"] for g in listed if g["finishing"]}
    archived = [e["id"] for e in store.archived_games()]
    counted = store.records()["counted"]
    problems = []
    if len(events) != len(set(events)):
        problems.append("an event stored twice")
    if len(archived) != len(set(archived)) or len(counted) != len(set(counted)):
        problems.append("a game archived or counted twice")
    if (in_progress - finishing) & set(archived):
        problems.append("a game both in progress (not finishing) and archived")
    have = {"ev": set(events), "new": in_progress | set(archived), "fin": set(archived)}
    lost = sum(1 for kind, ident in acks if ident not in have[kind])
    return lost, problems


def bench_kills(kills: int, seed: int, folder: str) -> bool:
    rng = random.Random(seed)
    Store(folder).create_game({"id": "soak", "created": "2024-01-01", "config": {}, "events": [],
                               "players": ["A"], "family": "duel", "label": "soak"})
    acks: list[tuple[str, str]] = []
    lost = unreadable = mid_write = 0
    problems: list[str] = []
    start = time.perf_counter()
    for k in range(kills):
        acks += kill_once(folder, f"k{k}", rng)
        mid_write += any(name.endswith(".tmp") for sub in (folder, os.path.join(folder, "games"))
                         for name in os.listdir(sub))
        try:
            missing, found = check(folder, acks)
            lost, problems = missing, problems + found
        except StoreError as exc:
            unreadable += 1
            problems.append(str(exc))
    elapsed = time.perf_counter() - start
    final = Store(folder)
    counts = {kind: sum(1 for a in acks if a[0] == kind) for kind in ("ev", "new", "fin")}
    print(f"Kill soak: {kills} SIGKILLs at random moments in {elapsed:.1f} s")
    print(f"  kills that left a half-written temporary file: {mid_write}")
    print(f"  acknowledged: {counts['ev']} events, {counts['new']} games created, "
          f"{counts['fin']} finished")
    print(f"  stored: {len(final.load_game('soak')['events'])} events, "
          f"{len(final.archived_games())} archived games, "
          f"{sum(g['finishing'] for g in final.games_in_progress())} finishes left pending")
    print(f"  lost acknowledgements: {lost} (goal 0)")
    print(f"  unreadable stores: {unreadable} (goal 0)")
    for problem in dict.fromkeys(problems):
        print(f"  problem: {problem}")
    return lost == 0 and unreadable == 0 and not problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="2,000 games, 100 actions, 40 kills")
    parser.add_argument("--games", type=int, help="archived games (default 10,000)")
    parser.add_argument("--actions", type=int, help="timed table actions a store (default 300)")
    parser.add_argument("--kills", type=int, help="SIGKILLs in the soak (default 300)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    games = args.games or (2_000 if args.quick else 10_000)
    actions = args.actions or (100 if args.quick else 300)
    kills = args.kills if args.kills is not None else (40 if args.quick else 300)
    with tempfile.TemporaryDirectory(prefix="yams-bench-") as folder:
        ok = bench_table_action(games, actions, args.seed, os.path.join(folder, "table"))
        print()
        if kills and hasattr(signal, "SIGKILL"):
            ok = bench_kills(kills, args.seed, os.path.join(folder, "soak")) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
