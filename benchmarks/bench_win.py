"""Playing to win (``yams hint --win``): the win adviser head-to-head against the expected-score
optimum, the time of a hint to win, and the time of a live update of everyone's chances.

Run from the repository root (the package importable, e.g. ``pip install -e .``)::

    nice -n 10 python benchmarks/bench_win.py --games 100000      # the figure asked for
    python benchmarks/bench_win.py --games 400 --family yatzy     # a few minutes

1. ``--games`` two-player games per family (Yatzy, Yahtzee), the starting player alternating:
   A plays by ``hint --win``, B by the expected-score hints. Before the last 3 turns the win
   adviser's choice *is* the expected-score one (docs/advice.md), so both play alike until A's
   first turn with 3 rows open; there the exact chance of A winning is computed twice: playing
   to win from there (``chance``, the plan's: a floor, as asking again after B's turns can
   only do better) and playing for the average (``average``). Both play the
   average until then, so with alternating starters A's win rate when both play the average is
   exactly 50 %, and A's win rate playing to win is ``50 % + mean(chance - average)``, printed
   with its 95 % interval, beside ``mean(chance)`` (the same rate without that control).
   ``--play-out N``: N games also played to the end, A by the win hint at every roll, their
   share won (an independent check of the chance the hint announces).
2. The time of a hint to win (in process, tables loaded, a fresh ``Chances`` each time as in a
   ``yams hint --win`` command) for every exact family: keeps after roll 1 from an empty sheet
   (approximation) and with 3 rows open (exact), cells after roll 3 with 3 rows open.
3. The time of a live update (everyone's chances after a turn, ``yams play --chances``) over
   the turns of a game, with the per-process memo ``yams play`` keeps, and without it.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time

import numpy as np

from yams_scorekeeper.advice.adviser import Solved
from yams_scorekeeper.advice.chances import EXACT_OPEN, Chances, Sheet
from yams_scorekeeper.advice.dice_space import dice_space
from yams_scorekeeper.advice.solver import best_keep_values, keep_values, last_roll_values
from yams_scorekeeper.advice.spec import spec_for
from yams_scorekeeper.rules import get_rules

FAMILIES = ("yatzy", "yahtzee")
EXACT_FAMILIES = ("duel", "classic", "yatzy", "yahtzee")


def _roll(rng: random.Random, n: int) -> list[int]:
    return [rng.randint(1, 6) for _ in range(n)]


def average_turn(solved: Solved, filled: dict[str, int], rng: random.Random):
    """One turn played for the expected score: the best keeps, then the best cell."""
    space, spec = dice_space(), solved.spec
    st = solved.state(filled)
    m, u, x = (np.array([v], np.int64) for v in (st.mask, st.upper, st.extra))
    before_last = keep_values(last_roll_values(spec, solved.flat, m, u, x))
    before_second = keep_values(best_keep_values(before_last))
    dice = sorted(_roll(rng, 5))
    for values in (before_second, before_last):
        held = space.keeps[max(space.sub_keeps(tuple(dice)), key=lambda k: values[k, 0])]
        dice = sorted(list(held) + _roll(rng, 5 - len(held)))
    return solved.cell_choices(st, dice)[0]


def win_turn(chances: Chances, me: Sheet, other: Sheet, rng: random.Random):
    """One turn played by the win hint at every roll."""
    dice = sorted(_roll(rng, 5))
    for roll in (1, 2):
        held = chances.hint(me, [other], dice=dice, roll=roll).keep.keep  # type: ignore[union-attr]
        dice = sorted(list(held) + _roll(rng, 5 - len(held)))
    return chances.hint(me, [other], dice=dice, roll=3).cell


def _write(solved: Solved, sheet: Sheet, cell) -> Sheet:
    filled = {**sheet.filled, cell.row: cell.score}
    gain = solved.points_so_far(filled) - solved.points_so_far(sheet.filled) + cell.bonus
    return Sheet(filled, sheet.so_far + gain)


def head_to_head(solved: Solved, rng: random.Random, a_first: bool, play_out: bool):
    """(chance, average) at A's first turn with EXACT_OPEN rows open, and A's share won when
    the game is played out (None unless ``play_out``)."""
    chances = Chances(solved)
    sheets = {"A": Sheet({}, 0), "B": Sheet({}, 0)}
    order = ("A", "B") if a_first else ("B", "A")
    found = None
    while len(sheets["A"].filled) < solved.spec.n_rows or \
            len(sheets["B"].filled) < solved.spec.n_rows:
        for who in order:
            me, other = sheets[who], sheets["B" if who == "A" else "A"]
            if len(me.filled) == solved.spec.n_rows:
                continue
            exact = who == "A" and solved.spec.n_rows - len(me.filled) <= EXACT_OPEN
            if exact and found is None:
                hint = chances.hint(me, [other])
                found = (hint.chance_now, hint.chance_average)
                if not play_out:
                    return found, None
            cell = win_turn(chances, me, other, rng) if exact else \
                average_turn(solved, dict(me.filled), rng)
            sheets[who] = _write(solved, me, cell)
    a, b = sheets["A"].so_far, sheets["B"].so_far
    assert found is not None
    return found, 1.0 if a > b else 0.5 if a == b else 0.0


def _interval(values: list[float]) -> tuple[float, float]:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0
    return mean, half


def bench_games(family: str, solved: Solved, games: int, play_out: int, seed: int) -> None:
    rng = random.Random(seed)
    gains, chances, shares, said = [], [], [], []
    start = time.perf_counter()
    for g in range(games):
        (chance, average), won = head_to_head(solved, rng, g % 2 == 0, g < play_out)
        gains.append(chance - average)
        chances.append(chance)
        if won is not None:
            shares.append(won)
            said.append(chance)
    took = time.perf_counter() - start
    gain, half = _interval(gains)
    plain, plain_half = _interval(chances)
    print(f"{family}: {games} games (seed {seed}, {took:.0f} s, {1000 * took / games:.0f} ms a "
          f"game)")
    print(f"  win adviser's win rate vs the expected-score optimum: {100 * (0.5 + gain):.3f} % "
          f"± {100 * half:.3f} (95 %)   [without the control: {100 * plain:.2f} % "
          f"± {100 * plain_half:.2f}]")
    print(f"  games where playing to win changed the chance: "
          f"{sum(1 for d in gains if d > 1e-6)} of {games}; largest gain "
          f"{100 * max(gains):.2f} points")
    if shares:
        won, won_half = _interval(shares)
        print(f"  played out: {len(shares)} games, share won {100 * won:.1f} % ± "
              f"{100 * won_half:.1f}, announced {100 * statistics.fmean(said):.1f} %")


def _sheet_with_open(solved: Solved, rng: random.Random, n_open: int) -> Sheet:
    rows = list(solved.spec.rows)
    rng.shuffle(rows)
    filled = {r: (rng.randint(1, 5) * int(r) if r.isdigit() else rng.choice([0, 15, 20, 25]))
              for r in rows[n_open:]}
    return Sheet(filled, solved.points_so_far(filled), 1 if solved.spec.jokers else None)


def bench_hints(family: str, solved: Solved, seed: int) -> None:
    rng = random.Random(seed)
    cases = {"keeps after roll 1, empty sheets (approximation)": (15, 1),
             f"keeps after roll 1, {EXACT_OPEN} rows open (exact)": (EXACT_OPEN, 1),
             f"cells after roll 3, {EXACT_OPEN} rows open (exact)": (EXACT_OPEN, 3)}
    parts = []
    for label, (n_open, roll) in cases.items():
        times, cpu = [], []
        for _ in range(5):
            me = _sheet_with_open(solved, rng, min(n_open, solved.spec.n_rows))
            other = _sheet_with_open(solved, rng, min(n_open, solved.spec.n_rows))
            dice = _roll(rng, 5)
            start, start_cpu = time.perf_counter(), time.process_time()
            Chances(solved).hint(me, [other], dice=dice, roll=roll)
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
        parts.append(f"{label}: {1000 * statistics.median(times):.0f} ms "
                     f"(max {1000 * max(times):.0f}; CPU {1000 * statistics.median(cpu):.0f})")
    print(f"{family} hint --win (median of 5, goal < 300 ms; CPU: the process's own time on "
          f"the shared machine): " + "; ".join(parts))


def bench_live(family: str, solved: Solved, seed: int) -> None:
    rng = random.Random(seed)
    memo = Chances(solved)
    sheets = [Sheet({}, 0, solved.spec.jokers or None), Sheet({}, 0, solved.spec.jokers or None)]
    kept, fresh = [], []
    for _ in range(solved.spec.n_rows):
        for i in range(2):
            cell = average_turn(solved, dict(sheets[i].filled), rng) if not solved.spec.jokers \
                else solved.cell_choices(solved.state(dict(sheets[i].filled), 0),
                                         sorted(_roll(rng, 5)), allow_joker=False)[0]
            sheets[i] = _write(solved, sheets[i], cell)
            sheets[i] = Sheet(sheets[i].filled, sheets[i].so_far,
                              0 if solved.spec.jokers else None)
            start = time.perf_counter()
            memo.everyone(sheets)
            kept.append(time.perf_counter() - start)
            start = time.perf_counter()
            Chances(solved).everyone(sheets)
            fresh.append(time.perf_counter() - start)
    print(f"{family} live update, {len(kept)} turns: {1000 * statistics.median(kept):.1f} ms "
          f"median, {1000 * max(kept):.0f} ms max (yams play's memo); fresh "
          f"{1000 * statistics.median(fresh):.1f} ms median, {1000 * max(fresh):.0f} ms max")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--family", action="append", choices=FAMILIES)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--play-out", type=int, default=0)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--cache", default=None, help="table cache folder (default: a temp one)")
    parser.add_argument("--skip-games", action="store_true")
    args = parser.parse_args()
    cache = args.cache or tempfile.mkdtemp(prefix="yams-bench-win-")
    solved = {f: Solved.for_spec(spec_for(get_rules(f)), cache) for f in EXACT_FAMILIES}
    for family in EXACT_FAMILIES:
        bench_hints(family, solved[family], args.seed)
    for family in EXACT_FAMILIES:
        bench_live(family, solved[family], args.seed)
    if not args.skip_games:
        for family in args.family or FAMILIES:
            bench_games(family, solved[family], args.games, args.play_out, args.seed)
    print(f"for the full figure: nice -n 10 python benchmarks/bench_win.py --games 100000 "
          f"--cache {cache}")


if __name__ == "__main__":
    main()
