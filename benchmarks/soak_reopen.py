"""Soak: processes that reopen, amend and finish games again, killed (SIGKILL) at random moments.

Run from the repository, with the package installed (``pip install -e .``)::

    python benchmarks/soak_reopen.py                 # 200 kills
    python benchmarks/soak_reopen.py --kills 20 --seed 3

A child process plays Duel au Yam games (two players, random legal turns) through
``TableSession`` in one store folder, and on finished games takes back the last cell
(``undo``) or amends a random past turn to another random legal entry: both reopen the game
(it leaves the archive, the record book is recounted) and a game still full is archived again.
The parent kills the child after a random delay, then checks the store with a fresh ``Store``
(as the next command would see it):

- every game is either in progress or archived, never both (a game in both places is only
  allowed as a finish cut short, ``finishing``: archived, not yet counted in the book, as for
  any finish; the check completes it with ``finish_game`` as the next command on it would);
- the record book equals the recount of the archive (``records.recompute``), in the same
  order (two games finished in the same second are counted by id, as a recount does);
- the history (the summaries index) lists the games of the archive;
- every archived game replays through the rules to its summary (``api.check_summary``).

It prints the kills, the reopenings and finishes acknowledged, and the time. Exit 1 at the
first inconsistency. The tests kill the same operations at each of their write steps in turn
instead (``tests/test_reopen.py``, deterministic); this soak adds random moments and many
games finished within seconds.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time

CHILD = r"""
import random, sys
from yams_scorekeeper.engine.config import make_config
from yams_scorekeeper.base.errors import YamsError
from yams_scorekeeper.engine.game import Game
from yams_scorekeeper.store.session import TableSession
from yams_scorekeeper.engine.simulate import play_turn
from yams_scorekeeper.store import Store

folder, seed = sys.argv[1], int(sys.argv[2])
rng = random.Random(seed)
store = Store(folder)

def turn(session):
    game = Game(session.game.config, session.game.events, id=session.game.id,
                created=session.game.created)
    start = len(game.events)
    play_turn(game, rng)
    for event in game.events[start:]:
        session.apply(event)

while True:
    progress = [g["id"] for g in store.games_in_progress()]
    finished = store.archived_ids()
    if progress:
        session = TableSession.resume(store, rng.choice(progress))
        while not session.game.finished and rng.random() < 0.9:
            turn(session)
        print("finish" if session.game.finished else "turn", flush=True)
    elif len(finished) < 6 or rng.random() < 0.1:
        session = TableSession.start(store, make_config("duel", ["Ana", "Bob"]))
        print("new", flush=True)
    else:
        game_id = rng.choice(finished)
        entry = next(e for e in store.archived_games() if e["id"] == game_id)
        game = Game.from_doc(entry["doc"])
        turns = len(game.turn_log())
        n = rng.randint(1, turns)
        before = Game(game.config, [])
        from yams_scorekeeper.engine.game import plain_events
        from yams_scorekeeper.engine.amend import turn_spans, entry_of
        plain = plain_events(game.events)
        start, _ = turn_spans(plain)[n - 1]
        before = Game(game.config, plain[:start])
        play_turn(before, rng)
        new = entry_of(before.events[start:])
        event = {"type": "amend", "changes": [{"turn": n, "new": new}]}
        if rng.random() < 0.4 or new == game.turn_entry(n):
            event = {"type": "undo"}
        try:
            TableSession.reopen(store, game_id, event)
        except YamsError:
            TableSession.reopen(store, game_id, {"type": "undo"})
        print("reopen", flush=True)
"""


def check(folder: str) -> tuple[int, int]:
    """The invariants of the module notes; returns (games in progress, archived)."""
    from yams_scorekeeper.api import check_summary
    from yams_scorekeeper.book import records
    from yams_scorekeeper.store import Store

    store = Store(folder)
    progress = {g["id"]: g for g in store.games_in_progress()}
    archived = {e["id"]: e for e in store.archived_games()}
    for game_id in set(progress) & set(archived):
        assert progress[game_id]["finishing"], f"{game_id} both in progress and archived"
    for game_id, game in list(progress.items()):
        if game["finishing"]:       # a finish cut short: the next command on it completes it
            store.finish_game(game_id)
            progress.pop(game_id)
            archived = {e["id"]: e for e in store.archived_games()}
    book = store.records()
    want = records.recompute(e["summary"] for e in archived.values())
    assert book == want, (f"the record book is not the recount of the archive: counted "
                          f"{book['counted']}, a recount counts {want['counted']}, "
                          f"in progress {progress}")
    listed = sorted(s["id"] for s in store.summaries())
    assert listed == sorted(archived) == store.archived_ids(), (
        f"the history lists {listed}, the archive holds {store.archived_ids()}")
    for entry in archived.values():
        check_summary(entry["doc"], entry["summary"])
    return len(progress), len(archived)


def main() -> int:
    from yams_scorekeeper.base.errors import YamsError

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", metavar="FOLDER", help="copy the store there on a failure")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [root, os.environ.get(
        "PYTHONPATH")]))}
    acks: dict[str, int] = {}
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        for kill in range(args.kills):
            seed = str(rng.randrange(10**9))
            child = subprocess.Popen([sys.executable, "-c", CHILD, folder, seed],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                     env=env)
            time.sleep(rng.uniform(0.3, 2.5))
            child.send_signal(signal.SIGKILL)
            out, err = child.communicate()
            if child.returncode != -signal.SIGKILL:
                print(f"kill {kill}: the child stopped by itself:\n{err}")
                return 1
            for line in out.splitlines():
                acks[line] = acks.get(line, 0) + 1
            try:
                progress, archived = check(folder)
            except (AssertionError, YamsError) as problem:
                print(f"kill {kill}: {problem}")
                if args.keep:
                    shutil.copytree(folder, args.keep, dirs_exist_ok=True)
                    print(f"the store is copied to {args.keep}")
                return 1
        seconds = time.perf_counter() - started
    print(f"kills: {args.kills}, consistent after each; games in progress {progress}, "
          f"archived {archived}")
    print("acknowledged: " + ", ".join(f"{k} {v}" for k, v in sorted(acks.items())))
    print(f"time: {seconds:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
