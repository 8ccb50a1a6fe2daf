"""The answer time of ``yams house check`` on hostile house files (issue 37, item 2).

Run from the repository root::

    python benchmarks/bench_house_bounds.py            # 3 rounds
    python benchmarks/bench_house_bounds.py --rounds 5

Each shape is written to a file and checked by a real ``yams house check`` process; the figure
is the best wall time over the rounds, beside a plain sheet (``examples/house/sirtin.toml``)
as the baseline, and how the command ended (exit status, the start of its one line). Goal: no
answer slower than 10 s, none a traceback.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
UPPER = "".join(f'[[rows]]\nid = "{v}"\nkind = "upper"\nname = "{v}"\n\n' for v in range(1, 7))
SHAPES = {
    "baseline: sirtin.toml": (REPO / "examples" / "house" / "sirtin.toml").read_text("utf-8"),
    "array 100,000 deep": UPPER + "x = " + "[" * 100_000 + "]" * 100_000 + "\n",
    "inline table 5,000 deep": UPPER + "x = " + "{a = " * 5_000 + "1" + "}" * 5_000 + "\n",
    "bonus steps 1,000 deep": UPPER + '[[bonuses]]\nid = "b"\nsteps = ' + "[" * 1_000
    + "]" * 1_000 + "\n",
    "dotted key 20,000 deep": UPPER + "a" + ".a" * 20_000 + " = 1\n",
    "array 60,000 wide": UPPER + "x = [" + "1, " * 60_000 + "1]\n",
    "inline table 20,000 wide": UPPER + "x = {" + ", ".join(f"k{i} = 1" for i in range(20_000))
    + "}\n",
    "4,000 rows": UPPER * 667,
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    rounds = parser.parse_args().rounds
    env = {**os.environ, "YAMS_LANG": "en", "NO_COLOR": "1"}
    slowest = 0.0
    with tempfile.TemporaryDirectory() as folder:
        env["YAMS_DB"] = os.path.join(folder, "store")
        print(f"{'shape':28} {'bytes':>9} {'best s':>8}  answer")
        for name, text in SHAPES.items():
            path = os.path.join(folder, "club.toml")
            Path(path).write_text(text, encoding="utf-8")
            best, done = float("inf"), None
            for _ in range(rounds):
                start = time.perf_counter()
                done = subprocess.run([sys.executable, "-m", "yams_scorekeeper", "house",
                                       "check", path], capture_output=True, text=True, env=env,
                                      timeout=120)
                best = min(best, time.perf_counter() - start)
            assert done is not None
            said = (done.stderr or done.stdout).strip().splitlines()[0][:60]
            traceback = "Traceback" in done.stderr
            slowest = max(slowest, best)
            print(f"{name:28} {len(text.encode()):>9,} {best:8.3f}  {done.returncode} "
                  f"{'TRACEBACK ' if traceback else ''}{said.replace(folder, '')}")
    print(f"slowest answer {slowest:.3f} s (goal: under 10 s)")
    return 0 if slowest < 10 else 1


if __name__ == "__main__":
    sys.exit(main())
