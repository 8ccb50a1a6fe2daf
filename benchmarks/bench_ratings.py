"""Ratings (issue 39): the cost of rating a book, and of ``yams stats --rating`` cold and warm.

1. ``rate`` over synthetic books of 1,000, 10,000 and 50,000 games of 2-4 players from a club of
   12 (microseconds a game).
2. ``yams stats --rating`` on a book of ``--games`` games (random Duel games, imported): the first
   run after the import rates every game (cold), the next ones read the kept figures (warm), beside
   ``python -c pass`` in the same run. Medians of ``--runs``.

Usage: python benchmarks/bench_ratings.py [--games 2000] [--runs 5]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent.parent), str(Path(__file__).resolve().parent)]

from yams_scorekeeper.book.ratings import rate  # noqa: E402


def synthetic(games: int, seed: int = 1):
    rng = random.Random(seed)
    club = [f"p{n}" for n in range(12)]
    for g in range(games):
        seats = rng.sample(club, rng.randint(2, 4))
        ranks = list(range(1, len(seats) + 1))
        rng.shuffle(ranks)
        for name, rank in zip(seats, ranks, strict=True):
            yield "duel", f"g{g:06d}", name, name, rank


def wall_ms(argv: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL)
    return (time.perf_counter() - start) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print(f"load: {os.getloadavg()[0]:.2f}")
    for games in (1000, 10000, 50000):
        rows = list(synthetic(games))
        start = time.process_time()
        rate(rows)
        cpu = time.process_time() - start
        print(f"rate, {games:>6} games: {cpu:6.2f} s CPU ({cpu / games * 1e6:.0f} us a game)")

    from bench_store import book_games, generate_archive, write_book_file

    distinct = [entry for _, entry in generate_archive(min(args.games, 500), 1, 2, True)]
    with tempfile.TemporaryDirectory() as tmp:
        db, book = os.path.join(tmp, "db"), os.path.join(tmp, "book.json")
        write_book_file(book, book_games(distinct, 0, args.games, 1))
        env = {**os.environ, "YAMS_DB": db, "YAMS_LANG": "en"}
        yams = [sys.executable, "-m", "yams_scorekeeper"]
        subprocess.run([*yams, "import", book], env=env, check=True, stdout=subprocess.DEVNULL)
        bare = statistics.median(wall_ms([sys.executable, "-c", "pass"], env)
                                 for _ in range(args.runs))
        cold = wall_ms([*yams, "stats", "--rating"], env)
        warm = statistics.median(wall_ms([*yams, "stats", "--rating"], env)
                                 for _ in range(args.runs))
        print(f"yams stats --rating, {args.games} games: cold {cold:.0f} ms, warm {warm:.0f} ms"
              f" ({warm / bare:.1f}x python -c pass, {bare:.0f} ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
