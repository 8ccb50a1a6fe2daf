"""How long the paper carnet takes to check a Double Yams sheet (``yams carnet``).

Run from the repository, with the package installed (``pip install -e .``)::

    python benchmarks/bench_carnet.py

1. The families of throws a Double Yams row's candidates are confirmed with, made once a
   process (``carnet_tagged._throws``), and the memory they hold.
2. Each row's scores worked out, the first time (``tagged_row_scores``), and all 31.
3. The hand-checked sheet of ``tests/test_carnet_double.py`` read and played again, in a
   fresh process (what one ``yams carnet --file`` pays), beside a Yatzy sheet.
"""

from __future__ import annotations

import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_FRESH = """
import sys, time
sys.path.insert(0, {tests!r})
t = time.perf_counter()
from yams_scorekeeper.book.carnet import paper_game, read_carnet
from {module} import {name} as SHEET
game = paper_game(read_carnet(SHEET), "g", "2000-01-01T12:00:00")
assert game.finished
print(round(time.perf_counter() - t, 2))
"""


def fresh(module: str, name: str) -> float:
    code = _FRESH.format(tests=str(ROOT / "tests"), module=module, name=name)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ROOT / "tests")
    return float(out.stdout.split()[-1])


def main() -> None:
    from yams_scorekeeper.book.carnet_tagged import _throws, tagged_row_scores
    from yams_scorekeeper.rules import get_rules

    rules = get_rules("double")
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    t = time.perf_counter()
    colour = _throws("colour")
    pattern = _throws("pattern", 6, 5, 4, 3, 2, 1)
    made = time.perf_counter() - t
    grown = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    print(f"families: {len(pattern)} + {len(colour)} throws made in {made:.2f} s, "
          f"+{grown:.0f} MB")
    rows = []
    t = time.perf_counter()
    for row in rules.rows:
        r = time.perf_counter()
        scores = tagged_row_scores(rules, row.id)
        rows.append((time.perf_counter() - r, row.id, len(scores)))
    total = time.perf_counter() - t
    rows.sort(reverse=True)
    print(f"31 rows worked out in {total:.2f} s; slowest: " + ", ".join(
        f"{rid} {s:.2f} s ({n} scores)" for s, rid, n in rows[:4]))
    print(f"a fresh process, the Double Yams sheet read and replayed: "
          f"{fresh('test_carnet_double', 'SHEET'):.2f} s; a Yatzy sheet: "
          f"{fresh('test_carnet', 'YATZY'):.2f} s")


if __name__ == "__main__":
    main()
