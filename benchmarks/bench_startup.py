"""One-shot wall time of every ``yams`` command against a bare ``python -c pass``.

Run from the repository, with the package installed (``pip install -e .``)::

    python benchmarks/bench_startup.py              # 15 rounds
    python benchmarks/bench_startup.py --rounds 30

Each round runs, one after the other, ``python -c pass`` and then each command, in a new
process (the ``yams`` console script of this interpreter's environment), on a store holding a
Yam classique game in progress and a few finished games. The table actions go in the order of
a turn (``enter``, ``cells``, ``mark``, ``undo``, then an untimed ``undo`` puts the game back),
so that every round starts from the same state. Alternating the baseline with the commands
lets machine load hit both; the figures are medians over the rounds, and the ratio is the
command's median over the baseline's.

Goals (issue 12): ``cells``, ``enter`` and ``mark`` within 6x of ``python -c pass``;
``score --json`` within 4x. Exit status 1 when one is missed.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

GOALS = {"cells": 6.0, "enter": 6.0, "mark": 6.0, "score --json": 4.0}


def yams_command() -> list[str]:
    script = Path(sys.executable).with_name("yams")
    return [str(script)] if script.exists() else [sys.executable, "-m", "yams_scorekeeper"]


#: (label, arguments, timed): the commands of one round, in order
ROUND = [
    ("--version", ["--version"], True),
    ("score --json", ["score", "--json", "-R", "classic", "-r", "1", "55533"], True),
    ("score", ["score", "-R", "classic", "-r", "1", "55533"], True),
    ("games", ["games"], True),
    ("enter", ["enter", "11123", "--roll", "1"], True),
    ("cells", ["cells"], True),
    ("cells --json", ["cells", "--json"], True),
    ("mark", ["mark", "1"], True),
    ("sheet", ["sheet"], True),
    ("undo", ["undo"], True),
    ("undo (puts the round back)", ["undo"], False),
    ("history", ["history"], True),
    ("history --json", ["history", "--json"], True),
    ("stats", ["stats", "Alice"], True),
    ("stats --json", ["stats", "Alice", "--json"], True),
    ("records", ["records"], True),
    ("records --json", ["records", "--json"], True),
    ("transcript", ["transcript"], True),
]


def run(argv: list[str], env: dict) -> float:
    start = time.perf_counter()
    done = subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = (time.perf_counter() - start) * 1000
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)} failed: {done.stderr.decode()}")
    return elapsed


def prepare(folder: str, env: dict) -> None:
    """A store with two finished Duel games and a classic game in progress."""
    import random

    from yams_scorekeeper.config import make_config
    from yams_scorekeeper.session import TableSession
    from yams_scorekeeper.simulate import play_random_game
    from yams_scorekeeper.store import Store

    store = Store(folder)
    for seed in (1, 2):
        game = play_random_game(make_config("duel", ["Alice", "Bob"]), random.Random(seed))
        session = TableSession.start(store, game.config)
        for event in game.events:
            session.apply(event)
    subprocess.run(yams_command() + ["new", "-R", "classic", "-p", "Alice", "-p", "Bob"],
                   env=env, check=True, stdout=subprocess.DEVNULL)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="yams-bench-startup-")
    env = {**os.environ, "YAMS_DB": folder, "YAMS_LANG": "en", "COLUMNS": "80"}
    # An installed yams runs from cached bytecode; with PYTHONDONTWRITEBYTECODE set (some
    # sandboxes set it) every run would compile the package again, about 60 ms of each figure.
    if env.pop("PYTHONDONTWRITEBYTECODE", None):
        print("PYTHONDONTWRITEBYTECODE is set: unset for the runs, so that bytecode is cached")
    try:
        prepare(folder, env)
        base = [sys.executable, "-c", "pass"]
        yams = yams_command()
        times: dict[str, list[float]] = {"python -c pass": []}
        for _ in range(args.rounds):
            for label, argv, timed in ROUND:
                if timed:
                    times["python -c pass"].append(run(base, env))
                    times.setdefault(label, []).append(run(yams + argv, env))
                else:
                    run(yams + argv, env)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    baseline = statistics.median(times["python -c pass"])
    print(f"One-shot wall time, median of {args.rounds} rounds, each command after a "
          f"`python -c pass` ({os.cpu_count()} cores)")
    print(f"  {'command':<18} {'median':>9} {'ratio':>7}  goal")
    ok = True
    for label, values in times.items():
        median = statistics.median(values)
        ratio = median / baseline
        goal = GOALS.get(label)
        verdict = ""
        if goal is not None:
            met = ratio <= goal
            ok = ok and met
            verdict = f"<= {goal:g}x: {'ok' if met else 'MISSED'}"
        print(f"  {label:<18} {median:7.1f}ms {ratio:6.2f}x  {verdict}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
