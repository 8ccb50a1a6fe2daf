"""How fast `yams score` is: recognition in process, and a one-shot command as a process.

Run from the repository, with the package installed (``pip install -e .``)::

    python benchmarks/bench_score.py            # defaults: 2000 rolls a family, 10 runs
    python benchmarks/bench_score.py --rolls 500 --runs 5 --seed 7

1. Recognition: ``rules.figures(dice, roll)`` on random valid rolls of each family (Double Yams:
   ten random values on the physical tag set, 3 cp + 2 fp + 2 cg + 3 fg), timed one call at a
   time. Goal: Double Yams <= 1 ms a roll, judged on the median and the mean (p99 and max
   are shown; on a busy machine they catch the other processes' pauses).
2. Start-up: wall time of ``yams score --json ...`` as a new process beside ``python -c pass``
   of the same interpreter, median of ``--runs`` runs each after one warm-up. Goal: <= 10x.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

from yams_scorekeeper.base.dice import DOUBLE_SET, Die
from yams_scorekeeper.rules import RULESETS

DOUBLE_GOAL_MS = 1.0
STARTUP_GOAL_RATIO = 10.0


def random_dice(rules, rng: random.Random):
    """A random valid roll for ``rules``: plain values, or values on the physical tag set."""
    if rules.tagged:
        tags = [tag for tag, n in sorted(DOUBLE_SET.items()) for _ in range(n)]
        return tuple(sorted(Die(rng.randint(1, 6), c, s) for c, s in tags))
    return tuple(sorted(Die(rng.randint(1, 6)) for _ in range(rules.dice_count)))


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def bench_recognition(rolls: int, seed: int) -> bool:
    print(f"Recognition in process: rules.figures(dice, roll), {rolls} random rolls a family")
    print(f"  {'family':<8} {'mean':>9} {'median':>9} {'p99':>9} {'max':>9}   goal")
    ok = True
    for cls in RULESETS:
        rules = cls()
        rng = random.Random(seed)
        cases = [(random_dice(rules, rng), rng.randint(1, rules.max_rolls)) for _ in range(rolls)]
        for dice, roll in cases[:20]:                 # warm-up (imports, caches)
            rules.figures(dice, roll)
        times_ms = []
        gc.disable()                                   # as timeit does: no collector pauses
        try:
            for dice, roll in cases:
                start = time.perf_counter_ns()
                rules.figures(dice, roll)
                times_ms.append((time.perf_counter_ns() - start) / 1e6)
        finally:
            gc.enable()
        median = statistics.median(times_ms)
        goal = ""
        if cls.family == "double":
            met = median <= DOUBLE_GOAL_MS and statistics.fmean(times_ms) <= DOUBLE_GOAL_MS
            ok = ok and met
            goal = f"<= {DOUBLE_GOAL_MS:g} ms: {'met' if met else 'MISSED'} (median and mean)"
        print(f"  {cls.family:<8} {statistics.fmean(times_ms):7.3f}ms {median:7.3f}ms "
              f"{percentile(times_ms, 99):7.3f}ms {max(times_ms):7.3f}ms   {goal}")
    return ok


def yams_command() -> list[str]:
    """The installed ``yams`` script beside this interpreter, else ``python -m``."""
    here = Path(sys.executable).parent / ("yams.exe" if os.name == "nt" else "yams")
    if here.exists():
        return [str(here)]
    found = shutil.which("yams")
    return [found] if found else [sys.executable, "-m", "yams_scorekeeper"]


def wall_times(cmd: list[str], runs: int) -> list[float]:
    env = {**os.environ, "YAMS_LANG": "en"}
    subprocess.run(cmd, stdout=subprocess.DEVNULL, env=env, check=True)     # warm-up
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, env=env, check=True)
        times.append((time.perf_counter() - start) * 1000)
    return times


def bench_startup(runs: int) -> bool:
    yams = yams_command() + ["score", "--json", "--rules", "double", "--roll", "1",
                             "1cp", "2cp", "3cp", "4fp", "5fp", "6cg", "6cg", "1fg", "2fg", "3fg"]
    bare = [sys.executable, "-c", "pass"]
    print(f"\nOne-shot process, wall time, median of {runs} runs (after one warm-up)")
    print(f"  command: {' '.join(yams)}")
    t_yams = wall_times(yams, runs)
    t_bare = wall_times(bare, runs)
    m_yams, m_bare = statistics.median(t_yams), statistics.median(t_bare)
    ratio = m_yams / m_bare
    met = ratio <= STARTUP_GOAL_RATIO
    print(f"  yams score --json   {m_yams:7.1f} ms  (min {min(t_yams):.1f}, max {max(t_yams):.1f})")
    print(f"  python -c pass      {m_bare:7.1f} ms  (min {min(t_bare):.1f}, max {max(t_bare):.1f})")
    print(f"  ratio               {ratio:7.1f} x   goal <= {STARTUP_GOAL_RATIO:g}x: "
          f"{'met' if met else 'MISSED'}")
    return met


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rolls", type=int, default=2000, help="random rolls a family")
    parser.add_argument("--runs", type=int, default=10, help="process runs for the medians")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]} on {sys.platform}, {os.cpu_count()} CPUs\n")
    ok = bench_recognition(args.rolls, args.seed)
    ok = bench_startup(args.runs) and ok
    print("\nall goals met" if ok else "\nSOME GOALS MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
