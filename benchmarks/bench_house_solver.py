"""The exact solver on house sheets: the optimal expected score of a one-column house file and
the time its table takes to build, and the built-in families' files checked against the
built-in families' own values (the same spec, so the same value). First, what reading a sheet
costs: a file's text checked (``load_house``), and a game document's rules read again
(``house_from_doc``, done for every game a replay reads; median of 200).

Run from the repository root (the package importable, e.g. ``pip install -e .``)::

    python benchmarks/bench_house_solver.py                        # examples/house/sirtin.toml
    python benchmarks/bench_house_solver.py yams_scorekeeper/house/sheets/yatzy.toml --family yatzy

``--family F``: also solve the built-in family F and print both values (they must agree).
"""

from __future__ import annotations

import argparse
import json
import pathlib
import statistics
import tempfile
import time

from yams_scorekeeper.advice.adviser import Solved
from yams_scorekeeper.advice.spec import spec_for
from yams_scorekeeper.house import house_from_doc, load_house
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


def read_times(path: pathlib.Path) -> None:
    """Print the median time to check a file and to read its rules back from a document."""
    text = path.read_text(encoding="utf-8")
    loads, docs = [], []
    for _ in range(200):
        start = time.perf_counter()
        sheet = load_house(text, name=path.stem)
        loads.append(time.perf_counter() - start)
        doc = json.loads(json.dumps(sheet.rules_doc))
        start = time.perf_counter()
        house_from_doc(doc).ruleset()
        docs.append(time.perf_counter() - start)
    print(f"{path.name:28} load_house {statistics.median(loads) * 1e3:6.2f} ms  "
          f"house_from_doc + ruleset {statistics.median(docs) * 1e6:6.0f} us")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("files", nargs="*", default=[str(ROOT / "examples/house/sirtin.toml")])
    parser.add_argument("--family", action="append", default=[])
    args = parser.parse_args()
    for name in args.files:
        read_times(pathlib.Path(name))
    for name in args.files:
        path = pathlib.Path(name)
        sheet = load_house(path.read_text(encoding="utf-8"), name=path.stem, source=str(path))
        solve(sheet.ruleset(), f"house {sheet.identity}")
    for family in args.family:
        solve(get_rules(family), f"built-in {family}")


if __name__ == "__main__":
    main()
