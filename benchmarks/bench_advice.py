"""The solver of ``yams hint``: table build time and size per family, load time, hint time,
and solitaire games played by the hints against the solver's expectation.

Run from the repository root (the package importable, e.g. ``pip install -e .``)::

    python benchmarks/bench_advice.py                      # every family, 10,000 games each
    python benchmarks/bench_advice.py --games 500 --family duel --family yahtzee

1. Per family: solve the table in a fresh cache folder (goal: at most 60 s), its size on disk,
   then the load from the cache (spec + memory-mapped table, goal < 200 ms, median of 5), and
   a hint (keeps after roll 1, keeps after roll 2, cells after roll 3; goal < 50 ms, median of
   20 random sheets).
2. ``--games`` solitaire games following the hints (``advice.selfplay``): their mean and
   standard error against the solver's expectation (should be within 2 standard errors).

Yatzy and Yahtzee use the rule families when they exist, else the test-only specs of
``tests/advice_specs.py`` (written from rulings Z1-Z3 and H1-H4).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time

from yams_scorekeeper.advice.adviser import Solved
from yams_scorekeeper.advice.selfplay import play_solitaire
from yams_scorekeeper.advice.spec import spec_for
from yams_scorekeeper.rules import get_rules


def _spec(family: str):
    try:
        rules = get_rules(family)
        if rules.family == family:
            return spec_for(rules), (lambda: spec_for(get_rules(family)))
    except Exception:
        pass
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests"))
    import advice_specs

    make = {"yatzy": advice_specs.yatzy_spec, "yahtzee": advice_specs.yahtzee_spec,
            "yahtzee-no-bonus": lambda: advice_specs.yahtzee_spec(bonus=False)}[family]
    return make(), make


FAMILIES = ("duel", "classic", "yatzy", "yahtzee")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--family", action="append", choices=FAMILIES + ("yahtzee-no-bonus",))
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=13)
    args = parser.parse_args()
    for family in args.family or FAMILIES:
        spec, make = _spec(family)
        with tempfile.TemporaryDirectory() as folder:
            start = time.perf_counter()
            solved = Solved.for_spec(spec, folder)
            build = time.perf_counter() - start
            size = os.path.getsize(solved.path) if solved.path else 0
            loads = []
            for _ in range(5):
                start = time.perf_counter()
                again = Solved.for_spec(make(), folder)
                again.future(again.state({}))
                loads.append(time.perf_counter() - start)
            hints = _hint_times(again, random.Random(args.seed))
            print(f"{family:17} build {build:6.1f} s  size {size / 1e6:6.1f} MB  "
                  f"load {statistics.median(loads) * 1e3:6.1f} ms  hint median "
                  f"{statistics.median(hints) * 1e3:5.1f} ms, max {max(hints) * 1e3:5.1f} ms  "
                  f"expected {solved.future(solved.state({})):.4f}")
            if args.games:
                rng = random.Random(args.seed)
                start = time.perf_counter()
                scores = [play_solitaire(solved, rng) for _ in range(args.games)]
                took = time.perf_counter() - start
                mean = statistics.mean(scores)
                se = statistics.stdev(scores) / len(scores) ** 0.5
                gap = (mean - solved.future(solved.state({}))) / se
                print(f"{'':17} {args.games} games by the hints: mean {mean:.2f} ± {se:.2f} "
                      f"(SE), {gap:+.2f} SE from the expectation, {took:.0f} s")


def _hint_times(solved: Solved, rng: random.Random) -> list[float]:
    """Time a whole turn of hints on random part-filled sheets."""
    spec = solved.spec
    times = []
    for _ in range(20):
        rows = rng.sample(spec.rows, rng.randint(0, spec.n_rows - 1))
        filled = {r: int(rng.choice(spec.scores[spec.row_index(r)])) for r in rows}
        state = solved.state(filled)
        dice = [rng.randint(1, 6) for _ in range(5)]
        start = time.perf_counter()
        solved.keep_choices(state, dice, 2)
        solved.keep_choices(state, dice, 1)
        solved.cell_choices(state, dice)
        times.append((time.perf_counter() - start) / 3)
    return times


if __name__ == "__main__":
    main()
