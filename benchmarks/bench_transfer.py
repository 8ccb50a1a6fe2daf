"""Import, export and review against the size of the book, this version beside a baseline.

Run from the repository, each side a regular install (``pip install .`` into a scratch venv;
figures of an editable install are not reported)::

    python benchmarks/bench_transfer.py --yams /tmp/new/bin/yams --baseline /tmp/old/bin/yams
    python benchmarks/bench_transfer.py --sizes 1000,10000,50000 --yams ... --baseline ...

For each size, a book of random legal games (``bench_store.py``'s, repeated under new ids past
its 1,000 distinct ones) is imported into an empty store by each side in turn (so that the
machine's load falls on both), exported, and a 2-player Double Yams game of it reviewed.
Each row: wall time, CPU time (user + system, workers included) and peak RSS (the largest
process: GNU time's ``%M``) of each side, and a bare interpreter's start for scale. The
issue's goals (import of 20,000 games <= 15 s wall and < 150 MB, export of them <= 8 s:
checked from 20,000 games; review < 2 s and < 200 MB) are checked for this side; wall goals
only mean something at a load below 1, said in the header.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

import bench_store

GOALS = {"import": (15.0, 150), "export": (8.0, None), "review": (2.0, 200)}


def measure(argv: list[str], env: dict) -> tuple[float, float, float]:
    """Wall s, CPU s and peak RSS MB of one command."""
    ms, rss = bench_store.one_shot(argv, env)
    return ms / 1000, bench_store.LAST_CPU_S, rss


def double_game(yams: str, env: dict) -> str | None:
    """The id of a 2-player Double Yams classique game of the book."""
    done = subprocess.run([yams, "history", "-R", "double", "--json"], env=env,
                          capture_output=True, text=True, check=True)
    games = [g["game"] for g in json.loads(done.stdout)["games"]
             if g["config_key"] == "double/classique" and len(g["players"]) == 2]
    return games[0] if games else None


def row(label: str, figures: dict[str, tuple[float, float, float]], goal: str | None,
        size: int) -> bool:
    """Print one row, both sides; returns whether this side meets the goal (if any)."""
    cells = "  ".join(f"{side}: {w:7.2f} s wall {c:7.2f} s CPU {r:7.1f} MB"
                      for side, (w, c, r) in figures.items())
    met = True
    note = ""
    if goal is not None and "this" in figures and (goal == "review" or size >= 20_000):
        wall, rss = GOALS[goal]
        w, _, r = figures["this"]
        met = w <= wall and (rss is None or r < rss)
        note = f"  goal <= {wall:g} s" + (f", < {rss} MB" if rss else "") + (
            ": ok" if met else ": MISSED")
    print(f"  {label:<28} {cells}{note}")
    return met


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--yams", required=True, help="this version's yams script")
    parser.add_argument("--baseline", help="the baseline's yams script")
    parser.add_argument("--sizes", default="1000,10000", help="book sizes (default 1000,10000)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    sides = {"this": args.yams, **({"baseline": args.baseline} if args.baseline else {})}
    distinct = [entry for _, entry in bench_store.generate_archive(bench_store.DISTINCT,
                                                                    args.seed, args.jobs, True)]
    folder = tempfile.mkdtemp(prefix="yams-bench-transfer-")
    env = {**os.environ, "YAMS_LANG": "en", "COLUMNS": "100"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    ok = True
    bare = measure([sys.executable, "-c", "pass"], env)
    print(f"Import, export and review on {os.cpu_count()} CPUs ({os.uname().sysname} "
          f"{os.uname().machine}), load average {os.getloadavg()[0]:.1f} at the start; a bare "
          f"interpreter: {bare[0] * 1000:.0f} ms, {bare[2]:.1f} MB")
    try:
        for size in [int(s) for s in args.sizes.split(",")]:
            book = os.path.join(folder, "book.json")
            bench_store.write_book_file(book, bench_store.book_games(distinct, 0, size,
                                                                     args.seed))
            print(f"book of {size:,} games (load {os.getloadavg()[0]:.1f}):")
            results: dict[str, dict[str, tuple[float, float, float]]] = {
                "import": {}, "export": {}, "review": {}}
            for side, yams in sides.items():
                side_env = {**env, "YAMS_DB": os.path.join(folder, f"store-{side}")}
                results["import"][side] = measure([yams, "import", book], side_env)
                results["export"][side] = measure(
                    [yams, "export", os.path.join(folder, f"out-{side}.json")], side_env)
                game = double_game(yams, side_env)
                if game is not None:
                    results["review"][side] = measure([yams, "review", game, "--json"],
                                                      side_env)
            for what, figures in results.items():
                if figures:
                    ok = row(f"{what} ({size:,} games)", figures, what, size) and ok
            for side in sides:
                shutil.rmtree(os.path.join(folder, f"store-{side}"), ignore_errors=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
