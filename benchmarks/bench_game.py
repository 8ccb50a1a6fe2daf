"""How fast the game model is: ``Game.legal_cells()`` mid-game, random games per second, and
the replay of stored games.

Run from the repository root (the package importable, e.g. ``pip install -e .``)::

    python benchmarks/bench_game.py                       # defaults
    python benchmarks/bench_game.py --positions 20 --calls 50 --seconds 3 --seed 7
    python benchmarks/bench_game.py --replay-only --replays 200      # the replay alone

1. ``legal_cells()`` in process, goal < 5 ms a call (median and p99 shown):
   - Yams Gaby, 4 players, the ``gaby`` preset (every column, nénette and petit, bloquant,
     2 coups, doblar, cases chance), at mid-game (each sheet about half full), with **both
     coups entered**: the heaviest Gaby query (5 columns x 15 rows x 2 coups, bloquant);
   - Double Yams classique, 2 players, at mid-game, dice entered.
   ``--positions`` different mid-game positions (seeded random play), each queried
   ``--calls`` times, every call timed alone.
2. Random-game throughput per family/preset: whole games played by
   ``simulate.play_random_game`` for ``--seconds`` each: games/s, turns/s, ms per turn.
3. Replay of stored games, what an import does for each game (``api.check_summary``: the
   document replayed through the rules, event by event, and its summary compared): ``--replays``
   different random games per configuration (seeded), each replayed once after one untimed
   pass, with the cyclic garbage collector paused as the import pauses it; ms per game and
   us per event (median of ``--rounds`` rounds).
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time

from yams_scorekeeper.api import check_summary
from yams_scorekeeper.engine.config import make_config
from yams_scorekeeper.engine.game import Game
from yams_scorekeeper.engine.simulate import play_random_game, play_turn, random_dice

GOAL_MS = 5.0

THROUGHPUT = {
    "classic (libre/descendante/montante, 2 players)":
        lambda: make_config("classic", ["A", "B"]),
    "gaby preset, 4 players": lambda: make_config("gaby", ["A", "B", "C", "D"]),
    "gaby-solo preset, 1 player": lambda: make_config("gaby", ["A"]),
    "double classique, 2 players": lambda: make_config("double", ["A", "B"]),
    "double forcé, 2 players": lambda: make_config("double", ["A", "B"], variant="force"),
    "double critique, 2 players": lambda: make_config("double", ["A", "B"], variant="critique"),
    "double 165, 2 players": lambda: make_config("double", ["A", "B"], variant="165"),
    "duel, 2 players": lambda: make_config("duel", ["A", "B"]),
}


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def mid_game(config, rng: random.Random) -> Game:
    """Random legal play until every sheet is about half full, then dice entered (two coups
    when the game has 2 coups, with the second kept after 1 roll so sec cells are open)."""
    game = Game(config)
    half = game.cells_per_sheet // 2
    while min(len(s.marks) for s in game.sheets) < half or game.current != 0:
        play_turn(game, rng)
    for n in range(game.coups_allowed()):
        if game.rules.family == "double":
            roll = rng.randint(1, 5)
        else:
            roll = 3 if n == 0 else 1
        game.enter(random_dice(game, rng), min(roll, game.max_roll()))
    return game


def bench_legal_cells(label: str, config_factory, positions: int, calls: int,
                      seed: int) -> bool:
    rng = random.Random(seed)
    times_ms: list[float] = []
    sizes: list[int] = []
    for _ in range(positions):
        game = mid_game(config_factory(), rng)
        game.legal_cells()                          # warm-up (imports, caches)
        for _ in range(calls):
            start = time.perf_counter_ns()
            cells = game.legal_cells()
            times_ms.append((time.perf_counter_ns() - start) / 1e6)
        sizes.append(len(cells))
    median, p99 = statistics.median(times_ms), percentile(times_ms, 99)
    met = median < GOAL_MS and p99 < GOAL_MS
    print(f"  {label:<44} {statistics.fmean(times_ms):7.3f} {median:7.3f} {p99:7.3f} "
          f"{max(times_ms):7.3f}  {statistics.fmean(sizes):6.1f}   "
          f"< {GOAL_MS:g} ms: {'met' if met else 'MISSED'}")
    return met


def bench_throughput(seconds: float, seed: int) -> None:
    print(f"\nRandom games, simulate.play_random_game, {seconds:g} s per configuration")
    print(f"  {'configuration':<48} {'games':>6} {'games/s':>8} {'turns/s':>8} "
          f"{'ms/turn':>8} {'ms/game':>8}")
    for label, factory in THROUGHPUT.items():
        config = factory()
        rng = random.Random(seed)
        games = turns = 0
        start = time.perf_counter()
        while True:
            game = play_random_game(config, rng)
            games += 1
            turns += sum(s.turns for s in game.sheets)
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                break
        print(f"  {label:<48} {games:>6} {games / elapsed:>8.1f} {turns / elapsed:>8.0f} "
              f"{1000 * elapsed / turns:>8.3f} {1000 * elapsed / games:>8.1f}")


def bench_replay(count: int, rounds: int, seed: int) -> None:
    print(f"\nReplay of stored games (api.check_summary), {count} different games per "
          f"configuration, median of {rounds} rounds")
    print(f"  {'configuration':<48} {'events':>7} {'ms/game':>8} {'us/event':>9}")
    for label, factory in THROUGHPUT.items():
        rng = random.Random(seed)
        stored = []
        for _ in range(count):
            game = play_random_game(factory(), rng)
            summary = {**game.summary(), "date": "2026-01-01T00:00:00"}
            stored.append((game.to_doc(), summary))
        for doc, summary in stored:                 # once untimed: imports, remembered scores
            check_summary(doc, summary)
        per_round = []
        gc.collect()
        gc.disable()
        try:
            for _ in range(rounds):
                start = time.perf_counter()
                for doc, summary in stored:
                    check_summary(doc, summary)
                per_round.append((time.perf_counter() - start) / count)
        finally:
            gc.enable()
        per_game = statistics.median(per_round)
        events = statistics.fmean(len(doc["events"]) for doc, _ in stored)
        print(f"  {label:<48} {events:>7.0f} {1000 * per_game:>8.3f} "
              f"{1e6 * per_game / events:>9.1f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=20,
                        help="mid-game positions per family (default 20)")
    parser.add_argument("--calls", type=int, default=50,
                        help="legal_cells() calls timed per position (default 50)")
    parser.add_argument("--seconds", type=float, default=2.0,
                        help="time spent on each throughput configuration (default 2)")
    parser.add_argument("--replays", type=int, default=100,
                        help="different games replayed per configuration (default 100)")
    parser.add_argument("--rounds", type=int, default=5,
                        help="timed replays of those games (default 5)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--replay-only", action="store_true",
                        help="only the replay of stored games (3.)")
    args = parser.parse_args(argv)
    if args.replay_only:
        bench_replay(args.replays, args.rounds, args.seed)
        return 0

    print(f"legal_cells() in process, mid-game, {args.positions} positions x {args.calls} calls"
          " (times in ms)")
    print(f"  {'position':<44} {'mean':>7} {'median':>7} {'p99':>7} {'max':>7}  "
          f"{'cells':>6}   goal")
    ok = bench_legal_cells("Gaby, 4 players, gaby preset, both coups",
                           lambda: make_config("gaby", ["A", "B", "C", "D"], preset="gaby"),
                           args.positions, args.calls, args.seed)
    ok &= bench_legal_cells("Double Yams classique, 2 players",
                            lambda: make_config("double", ["A", "B"]),
                            args.positions, args.calls, args.seed)
    bench_throughput(args.seconds, args.seed)
    bench_replay(args.replays, args.rounds, args.seed)
    print(f"\nlegal_cells goal (< {GOAL_MS:g} ms, median and p99): "
          f"{'met' if ok else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
