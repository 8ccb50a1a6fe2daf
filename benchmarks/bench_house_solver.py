"""The exact solver on house sheets: the optimal expected score of a one-column house file and
the time its table takes to build, and the built-in families' files checked against the
built-in families' own values (the same spec, so the same value).

Run from the repository root (the package importable, e.g. ``pip install -e .``)::

    python benchmarks/bench_house_solver.py                        # examples/house/sirtin.toml
    python benchmarks/bench_house_solver.py examples/house/yatzy.toml --family yatzy

``--family F``: also solve the built-in family F and print both values (they must agree).
"""

from __future__ import annotations

import argparse
import pathlib
import tempfile
import time

from yams_scorekeeper.advice.adviser import Solved
from yams_scorekeeper.advice.spec import spec_for
from yams_scorekeeper.house import load_house
from yams_scorekeeper.rules import get_rules

ROOT = pathlib.Path(__file__).resolve().parent.parent


def solve(rules: object, label: str) -> float:
    """Build the table in a fresh folder; print and return the expected score."""
    spec = spec_for(rules)
    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        solved = Solved.for_spec(spec, folder)
        build = time.perf_counter() - start
        value = float(solved.future(solved.state({})))
    states = (1 << spec.n_rows) * (spec.cap + 1) * spec.n_extra
    print(f"{label:28} rows {spec.n_rows:2}  states {states:>10,}  build {build:6.1f} s  "
          f"expected {value:.4f}")
    return value


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("files", nargs="*", default=[str(ROOT / "examples/house/sirtin.toml")])
    parser.add_argument("--family", action="append", default=[])
    args = parser.parse_args()
    for name in args.files:
        path = pathlib.Path(name)
        sheet = load_house(path.read_text(encoding="utf-8"), name=path.stem, source=str(path))
        solve(sheet.ruleset(), f"house {sheet.identity}")
    for family in args.family:
        solve(get_rules(family), f"built-in {family}")


if __name__ == "__main__":
    main()
