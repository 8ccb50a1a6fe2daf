"""Compare a benchmark between two checkouts (e.g. before and after a change), alternating runs.

Run with any Python; each side names its checkout and the interpreter of a venv where that
checkout is installed (``pip install -e CHECKOUT``)::

    git worktree add /tmp/base REF && python3 -m venv /tmp/base-venv \\
        && /tmp/base-venv/bin/pip install -e /tmp/base
    python benchmarks/compare_refs.py /tmp/base /tmp/base-venv/bin/python \\
        . .venv/bin/python --rounds 5 -- benchmarks/bench_score.py --rolls 500 --runs 5

The benchmark script (its path taken in each checkout; ``--script-from new`` or ``old`` runs
the same file on both sides, for a script only one of them has) runs ``--rounds`` times on
each side, old and new alternating (old first on even rounds, new first on odd ones), so that
the load of the machine falls on both. Every output line is read as a label (the line with its
numbers taken out) and its numbers; for each line found on both sides the median of each
number over the rounds is printed, old and new, with new/old (for a time, above 1 is
slower; for a rate, such as games/s, below 1 is slower). The load averages are printed at
the start and the end.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
from collections import defaultdict

NUMBER = re.compile(r"(?<![\w.])(-?\d+(?:\.\d+)?)(ms|s|x|%)?(?![\w.])")


def figures(output: str) -> dict[str, list[float]]:
    """Each line with numbers: its label (numbers replaced by #) -> the numbers."""
    found = {}
    for line in output.splitlines():
        numbers = [float(n) for n, _ in NUMBER.findall(line)]
        if numbers:
            label = NUMBER.sub(lambda m: "#" + (m[2] or ""), line)
            found[" ".join(label.split())] = numbers        # column widths vary with values
    return found


def run_side(checkout: str, python: str, script: str, args: list[str]) -> str:
    done = subprocess.run([python, os.path.join(checkout, script), *args], cwd=checkout,
                          capture_output=True, text=True, env={**os.environ, "YAMS_LANG": "en"})
    if done.returncode not in (0, 1):       # 1: a benchmark's goal missed, figures printed
        raise SystemExit(f"{python} {script} failed ({done.returncode}):\n{done.stderr}")
    return done.stdout


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("old_checkout")
    parser.add_argument("old_python")
    parser.add_argument("new_checkout")
    parser.add_argument("new_python")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--script-from", choices=("each", "old", "new"), default="each")
    parser.add_argument("script", help="the benchmark, a path inside the checkouts")
    parser.add_argument("args", nargs=argparse.REMAINDER, help="its arguments")
    opts = parser.parse_args()
    sides = {"old": (opts.old_checkout, opts.old_python), "new": (opts.new_checkout,
                                                                 opts.new_python)}
    script_home = {side: sides[side if opts.script_from == "each" else opts.script_from][0]
                   for side in sides}
    print(f"{opts.script} {' '.join(opts.args)}: {opts.rounds} rounds, alternating; "
          f"load average {os.getloadavg()[0]:.2f}")
    seen: dict[str, dict[str, list[list[float]]]] = {"old": defaultdict(list),
                                                      "new": defaultdict(list)}
    for n in range(opts.rounds):
        for side in (("old", "new") if n % 2 == 0 else ("new", "old")):
            checkout, python = sides[side]
            script = os.path.abspath(os.path.join(script_home[side], opts.script))
            for label, numbers in figures(run_side(checkout, python, script, opts.args)).items():
                seen[side][label].append(numbers)
    print(f"load average at the end {os.getloadavg()[0]:.2f}")
    print(f"{'line (numbers as #)':<60} {'old':>10} {'new':>10} {'new/old':>8}")
    for label, runs in seen["old"].items():
        other = seen["new"].get(label)
        if not other or len({len(r) for r in runs + other}) != 1:
            continue
        for i in range(len(runs[0])):
            old = statistics.median(r[i] for r in runs)
            new = statistics.median(r[i] for r in other)
            ratio = f"{new / old:8.2f}" if old else "       -"
            print(f"{label[:58]:<58} #{i + 1} {old:10.3f} {new:10.3f} {ratio}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
