"""Soak: two ``yams mark`` processes race for the last cell of a game, many times.

Run from the repository, with the package installed (``pip install -e .``)::

    python benchmarks/soak_last_cell.py              # 200 races
    python benchmarks/soak_last_cell.py --runs 20

Each run stores a Yatzy game of Alice and Léa with one cell left (Léa's), starts two
``yams mark 1`` at once on it, and checks: one exits 0, the other exits 3 (a rules refusal)
saying "the game has just finished: Léa wrote the last cell", never exit 4 (a store error);
the game is archived once and counted once in the record book. It prints the tally of exit
codes and messages. Exit 1 at the first run that breaks this.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

LAST = "the game has just finished: Léa wrote the last cell"


def near_finished(db: str, seed: int) -> str:
    """A two-player Yatzy game stored in ``db`` with every cell but Léa's last written."""
    from yams_scorekeeper.engine.config import make_config
    from yams_scorekeeper.engine.game import Game
    from yams_scorekeeper.engine.simulate import play_random_game
    from yams_scorekeeper.store import Store

    config = make_config("yatzy", ["Alice", "Léa"])
    played = play_random_game(config, random.Random(seed), scratch_rate=0.0)
    game = Game(config, played.events[:-1], id=f"{seed:032x}",
                created="2026-05-01T19:30:00+00:00")
    Store(db).create_game(game.to_doc())
    return game.id


def race(db: str) -> list[tuple[int, str]]:
    env = {**os.environ, "YAMS_DB": db, "YAMS_LANG": "en", "NO_COLOR": "1"}
    argv = [sys.executable, "-m", "yams_scorekeeper", "mark", "1"]
    procs = [subprocess.Popen(argv, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for _ in range(2)]
    outcomes = []
    for proc in procs:
        out, err = proc.communicate(timeout=60)
        outcomes.append((proc.returncode, (err.strip().splitlines() or [""])[-1]))
    return sorted(outcomes)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    args = parser.parse_args()
    from yams_scorekeeper.store import Store

    tally: dict[str, int] = {}
    start = time.monotonic()
    root = tempfile.mkdtemp(prefix="yams-race-")
    try:
        for run in range(args.runs):
            db = os.path.join(root, f"db{run}")
            game_id = near_finished(db, seed=run + 1)
            (won, _), (lost, said) = race(db)
            key = f"exit {won} and exit {lost}: {said}"
            tally[key] = tally.get(key, 0) + 1
            store = Store(db)
            archived = [g["id"] for g in store.archived_games()]
            if (won, lost) != (0, 3) or LAST not in said or archived != [game_id] \
                    or store.records()["counted"] != [game_id] or store.games_in_progress():
                print(f"run {run}: {key}; archived {archived}", file=sys.stderr)
                return 1
            shutil.rmtree(db)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    for key, count in sorted(tally.items()):
        print(f"{count:5d}  {key}")
    print(f"{args.runs} races in {time.monotonic() - start:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
