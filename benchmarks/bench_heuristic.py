"""The heuristic adviser (multi-column families) against the demo's greedy policy.

Run from the repository root (the package importable, e.g. ``pip install -e .``)::

    python benchmarks/bench_heuristic.py                          # 2,000 games per family
    python benchmarks/bench_heuristic.py --games 50 --family gaby
    nice -n 10 python benchmarks/bench_heuristic.py --jobs 2      # games split over processes

For each family, ``--games`` solitaire games are played twice from the same seeds (game ``i``
uses ``random.Random(seed + i)`` for both players): once by ``advice.heuristic.play_game``
(keeps chosen by the one-turn lookahead, cells by value against par), once by the demo's
policy, ``simulate.demo_turn`` (one random throw kept after a random number of rolls, the
legal cell with the best score, a doblar now and then). Printed: each mean with its standard
error, the mean of the per-game differences with its standard error, and the time taken. The
heuristic must beat greedy for every family.

Families (the configurations of ``CONFIGS``): Yam classique with all four columns (libre,
descendante, montante, imposée in the reverse grid order), Yams Gaby with the ``gaby-solo``
preset (five columns, nénette and petit, 2 coups, doblar, cases chance) and Double Yams
classique. ``--jobs N`` splits the games between N processes (each game depends only on its
seed, so the result does not depend on N). First, per family, the time of a hint (keeps after
roll 1, cells after the last roll) from 20 random positions; ``--hints-only`` stops there.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from yams_scorekeeper.advice.heuristic import play_game
from yams_scorekeeper.engine.config import make_config
from yams_scorekeeper.engine.game import Game
from yams_scorekeeper.engine.simulate import demo_turn
from yams_scorekeeper.rules import get_rules


def _classic():
    rows = [r.id for r in get_rules("classic").rows]
    return make_config("classic", ["Solo"], columns=["libre", "descendante", "montante",
                                                     "imposee"], imposed=rows[::-1])


CONFIGS = {
    "classic": _classic,
    "gaby": lambda: make_config("gaby", ["Solo"], preset="gaby-solo"),
    "double": lambda: make_config("double", ["Solo"], variant="classique"),
}


def greedy_game(game: Game, rng: random.Random) -> Game:
    """The demo's player (``yams demo``) to the end of the game."""
    while not game.finished:
        demo_turn(game, rng)
    return game


def play_pair(family: str, seed: int) -> tuple[int, int]:
    """(heuristic, greedy) final scores of the game of this seed."""
    config = CONFIGS[family]()
    smart = play_game(Game(config), random.Random(seed)).totals(0).grand
    greedy = greedy_game(Game(config), random.Random(seed)).totals(0).grand
    return smart, greedy


def _chunk(args: tuple[str, list[int]]) -> list[tuple[int, int]]:
    family, seeds = args
    return [play_pair(family, s) for s in seeds]


def hint_times(family: str, states: int = 20, seed: int = 7) -> tuple[float, list[float]]:
    """(seconds to build the five-dice tables, then the time of each hint): the hint of a
    player in the middle of a random game, keeps after roll 1 and the cells after the last roll
    (``advice.hints.game_heuristic_hint``, as ``yams hint`` calls it)."""
    from yams_scorekeeper.advice.heuristic import HeuristicAdviser, five_dice_tables
    from yams_scorekeeper.advice.hints import game_heuristic_hint
    from yams_scorekeeper.engine.simulate import play_random_game, random_dice

    config = CONFIGS[family]()
    rules = config.rules
    start = time.perf_counter()
    if rules.dice_count == 5 and not rules.tagged:
        five_dice_tables(rules, rules.max_rolls)
    tables = time.perf_counter() - start
    rng = random.Random(seed)
    times = []
    while len(times) < states:
        game = play_random_game(config, rng, turns=rng.randrange(Game(config).cells_per_sheet))
        if game.finished or game.legal_cells():
            continue
        dice = random_dice(game, rng)
        last = HeuristicAdviser(game).horizon()
        for roll in (1, last):
            start = time.perf_counter()
            game_heuristic_hint(game, dice, roll)
            times.append(time.perf_counter() - start)
    return tables, times


def mean_se(values: list[float]) -> tuple[float, float]:
    return statistics.mean(values), statistics.stdev(values) / len(values) ** 0.5


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--family", action="append", choices=tuple(CONFIGS))
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=13_000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--hints-only", action="store_true", help="only the hint times")
    args = parser.parse_args()
    for family in args.family or CONFIGS:
        tables, times = hint_times(family)
        print(f"{family}: hint median {statistics.median(times) * 1e3:.1f} ms, max "
              f"{max(times) * 1e3:.1f} ms over {len(times)} hints (five-dice tables built once "
              f"per process: {tables * 1e3:.0f} ms)")
        if args.hints_only:
            continue
        seeds = list(range(args.seed, args.seed + args.games))
        start = time.perf_counter()
        if args.jobs > 1:
            parts = [(family, seeds[i::args.jobs]) for i in range(args.jobs)]
            with ProcessPoolExecutor(args.jobs) as pool:
                pairs = [p for part in pool.map(_chunk, parts) for p in part]
        else:
            pairs = _chunk((family, seeds))
        took = time.perf_counter() - start
        smart, greedy = mean_se([p[0] for p in pairs]), mean_se([p[1] for p in pairs])
        diff = mean_se([p[0] - p[1] for p in pairs])
        verdict = "beats greedy" if diff[0] - 2 * diff[1] > 0 else "DOES NOT beat greedy"
        print(f"{CONFIGS[family]().label}: {len(pairs)} games, {took:.0f} s "
              f"({args.jobs} process{'es' if args.jobs > 1 else ''})")
        print(f"  heuristic {smart[0]:8.1f} ± {smart[1]:5.1f} (SE)   greedy {greedy[0]:8.1f} ± "
              f"{greedy[1]:5.1f}   difference {diff[0]:+8.1f} ± {diff[1]:5.1f}: {verdict}")


if __name__ == "__main__":
    main()
