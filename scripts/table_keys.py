"""Play every family and example house sheet of tests/test_table_walk.py to the end in an
80 x 24 pty and print, per game, the keys typed per turn and one turn's screen::

    python scripts/table_keys.py --lang fr            # every game, in French
    python scripts/table_keys.py --lang en --only gaby

"Play keys" count the dice, the cells and the Enter of a second-coup prompt; "all keys" add
the typo, the help, why, hint, the sheet and the undo each game types once. Needs the test
extras (``pyte``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))


def main(argv: list[str]) -> int:
    from table_walk import Walk
    from test_table_walk import FAMILIES, house_games

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lang", choices=("en", "fr"), default="fr")
    parser.add_argument("--only", help="the games whose label holds this word")
    parser.add_argument("--turn", type=int, default=8, help="the cell prompt to show")
    args = parser.parse_args(argv)
    rows, shots = [], []
    for game in FAMILIES + house_games():
        if args.only and args.only not in game.label:
            continue
        walk = Walk(game, args.lang).run()
        rows.append(f"{game.label:<16} {walk.kept:>4} turns  {walk.play_keys / walk.kept:5.1f} "
                    f"play keys/turn  {walk.keys / walk.kept:5.1f} all keys/turn"
                    f"  {len(walk.faults)} faults")
        screen = walk.screens.get(f"cell{args.turn}") or walk.screens.get("cell1", "")
        shots.append(f"--- {game.label}, cell {args.turn}, {args.lang}, 80 x 24 ---\n{screen}")
    print("\n".join(rows))
    print()
    print("\n\n".join(shots))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
