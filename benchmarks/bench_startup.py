"""One-shot wall time of ``yams`` commands, installed as a user gets it, against ``python -c pass``.

Run from the repository (any Python 3.11+ with pip; nothing else needed)::

    python benchmarks/bench_startup.py                   # 10 rounds, a temporary install
    python benchmarks/bench_startup.py --rounds 20
    python benchmarks/bench_startup.py --venv /tmp/yb    # keep the install between runs
    python benchmarks/bench_startup.py --instructions    # and each command's instructions

The package is built as a wheel (``pip wheel --no-deps``, from a copy of the sources) and
installed as pipx installs it: a regular, non-editable install in a fresh virtual environment
(with ``--venv DIR`` an existing one is reused and only the wheel reinstalled). An editable
install's finder adds about 12 ms to every interpreter start, the baseline's included, which
hid the real ratio. ``PYTHONDONTWRITEBYTECODE`` is removed for the runs: an installed ``yams``
runs from cached bytecode, and one untimed run of each command writes what is missing.

Each family of the registry, and a house sheet (``examples/house/sirtin.toml``, as ``house``),
gets its own store with a game in progress (``yams new``); ``default`` is the classic family
again, on the default store (no ``$YAMS_DB``: the user data folder of a temporary ``$HOME``), as
a user plays it. Each
round runs, for every family, a ``python -c pass`` of that environment's interpreter before
each timed command, in the order of a turn (``enter DICE --roll 1``, ``cells``, ``mark 1``,
``undo``, an untimed ``undo`` puts the game back), then ``score --json``; and, on the classic
store, a few commands that are not goals (shown for information). The figure of a command is
its best time over the rounds (the least disturbed by the load of the machine), and its ratio
that over the best baseline.

Goals (issue 33): ``enter``, ``cells``, ``mark``, ``score --json`` and ``score`` at most 12x
``python -c pass`` in every family, ``yams --help`` at most 15x. Exit status 1 when one is
missed. ``--instructions`` also counts, once, the instructions of ``python -c pass`` and of
the classic family's commands under callgrind (``valgrind``), which the load of the machine
does not skew.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOALS = {"enter": 12.0, "cells": 12.0, "mark": 12.0, "score --json": 12.0, "score": 12.0,
         "--help": 15.0}

#: (label, arguments, timed) of one family's turn; DICE stands for the family's dice example
TURN = [
    ("enter", ["enter", "DICE", "--roll", "1"], True),
    ("cells", ["cells"], True),
    ("mark", ["mark", "1"], True),
    ("undo", ["undo"], True),
    ("undo (puts the turn back)", ["undo"], False),
    ("score --json", ["score", "--json", "RULES", "-r", "1", "DICE"], True),
]

#: the house sheet timed as a family of its own (its game made with ``yams new --house``)
HOUSE_SHEET = ROOT / "examples" / "house" / "sirtin.toml"

#: commands without a goal, run on the classic store (after its turn)
OTHERS = [
    ("--help", ["--help"]),
    ("--version", ["--version"]),
    ("score", ["score", "-R", "classic", "-r", "1", "55533"]),
    ("games", ["games"]),
    ("sheet", ["sheet"]),
    ("history --json", ["history", "--json"]),
    ("records", ["records"]),
]

#: the families and their dice example, as the installed package lists them
FAMILIES_CODE = """
from yams_scorekeeper.rules import RULESETS, get_rules
for cls in RULESETS:
    print(cls.family, " ".join(get_rules(cls.family).dice_example.split()), sep="\\t")
"""


def install(venv: Path, work: Path) -> None:
    """Build the wheel from a copy of the sources and install it (regular install) in ``venv``."""
    src = work / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy2(ROOT / name, src / name)
    shutil.copytree(ROOT / "yams_scorekeeper", src / "yams_scorekeeper",
                    ignore=shutil.ignore_patterns("__pycache__"))

    def quiet(*argv: str) -> None:
        subprocess.run(argv, stdout=subprocess.DEVNULL, check=True)

    quiet(*[sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                    "--wheel-dir", str(work / "dist"), str(src)])
    wheel = next((work / "dist").glob("*.whl"))
    python = venv / "bin" / "python"
    if python.exists():
        quiet(str(python), "-m", "pip", "install", "--quiet", "--no-deps", "--force-reinstall",
              str(wheel))
    else:
        quiet(sys.executable, "-m", "venv", str(venv))
        quiet(str(python), "-m", "pip", "install", "--quiet", str(wheel))


def run(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU (user + system) time of one run in milliseconds; a failed run stops the
    benchmark."""
    with tempfile.TemporaryFile() as errors:
        start = time.perf_counter()
        child = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=errors,
                                 stdin=subprocess.DEVNULL)
        _, status, usage = os.wait4(child.pid, 0)
        elapsed = (time.perf_counter() - start) * 1000
        child.returncode = os.waitstatus_to_exitcode(status)
        if child.returncode != 0:
            errors.seek(0)
            raise RuntimeError(f"{' '.join(argv)} failed: {errors.read().decode()}")
    return elapsed, (usage.ru_utime + usage.ru_stime) * 1000


def instructions(argv: list[str], env: dict[str, str], out: Path) -> int:
    """The instructions one run of ``argv`` executes, counted by callgrind."""
    subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *argv],
                   env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   stdin=subprocess.DEVNULL)
    summary = next(line for line in out.read_text().splitlines()
                   if line.startswith(("summary:", "totals:")))
    out.unlink()
    return int(summary.split()[1])


def count_instructions(python: str, yams: str, turn: list[list[str]],
                       env: dict[str, str], work: Path) -> None:
    """Print the instructions of ``python -c pass`` and of each command of ``turn``."""
    out = work / "callgrind.out"
    base = instructions([python, "-c", "pass"], env, out)
    print(f"Instructions (callgrind, one run each): python -c pass {base / 1e6:.0f} M")
    for argv in turn:
        count = instructions([python, yams, *argv], env, out)
        print(f"  {' '.join(argv)[:40]:<40} {count / 1e6:7.0f} M {count / base:6.2f}x")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--venv", type=Path, help="install into (and keep) this environment")
    parser.add_argument("--instructions", action="store_true",
                        help="also count instructions with callgrind")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="yams-bench-startup-"))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(YAMS_LANG="en", COLUMNS="80")
    try:
        venv = args.venv or work / "venv"
        print(f"building the wheel and installing it in {venv} ...", flush=True)
        install(venv.resolve(), work)
        python, yams = str(venv / "bin" / "python"), str(venv / "bin" / "yams")
        lines = subprocess.run([python, "-c", FAMILIES_CODE], env=env, check=True,
                               capture_output=True, text=True).stdout.splitlines()
        families = [tuple(line.split("\t")) for line in lines] + [("house", "5 5 5 3 3")]
        rules = {family: ["-R", family] for family, _ in families}
        rules["house"] = ["--house", str(HOUSE_SHEET)]
        stores = {}
        for family, _ in families:
            stores[family] = {**env, "YAMS_DB": str(work / f"db-{family}")}
        # classic on the default store, as a user without --db or $YAMS_DB plays: the store in
        # the user data folder of a home of its own
        families.append(("default", dict(families)["classic"]))
        rules["default"] = rules["classic"]
        stores["default"] = {**{k: v for k, v in env.items() if not k.startswith(("YAMS_DB",
                                "YAMS_CACHE", "XDG_"))}, "HOME": str(work / "home")}
        for family, _ in families:
            subprocess.run([yams, "new", *rules[family], "-p", "Alice", "-p", "Bob"],
                           env=stores[family], check=True, stdout=subprocess.DEVNULL)
        base = [python, "-c", "pass"]
        times: dict[tuple[str, str], list[tuple[float, float]]] = {}
        for round_ in range(args.rounds + 1):           # round 0 writes the bytecode caches
            for family, dice in families:
                fenv = stores[family]
                for label, argv, timed in TURN:
                    argv = [t for a in argv for t in (rules[family] if a == "RULES" else [a])]
                    argv = [t for a in argv for t in (dice.split() if a == "DICE" else [a])]
                    if timed and round_:
                        times.setdefault(("", "python -c pass"), []).append(run(base, fenv))
                        times.setdefault((family, label), []).append(run([yams, *argv], fenv))
                    else:
                        run([yams, *argv], fenv)
            for label, argv in OTHERS:
                if round_:
                    times.setdefault(("", "python -c pass"), []).append(run(base, env))
                    times.setdefault(("classic", label), []).append(
                        run([yams, *argv], stores["classic"]))
                else:
                    run([yams, *argv], stores["classic"])
        if args.instructions:
            turn = [[t for a in argv for t in (rules["classic"] if a == "RULES" else
                                                dict(families)["classic"].split() if a == "DICE"
                                                else [a])] for _, argv, _ in TURN]
            turn += [argv for label, argv in OTHERS if label in GOALS]
            count_instructions(python, yams, turn, stores["classic"], work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    base_runs = times.pop(("", "python -c pass"))
    baseline, base_cpu = min(w for w, _ in base_runs), min(c for _, c in base_runs)
    print(f"One-shot wall time, best of {args.rounds} rounds, each command after a "
          f"`python -c pass` ({os.cpu_count()} cores; regular install of the wheel); the CPU "
          f"time (user + system, best) for comparison")
    print(f"  {'python -c pass':<26} {baseline:7.1f}ms          {base_cpu:7.1f}ms")
    print(f"  {'family':<10} {'command':<15} {'wall':>9} {'ratio':>7} {'cpu':>9} {'ratio':>7}"
          "  goal (wall)")
    ok = True
    for (family, label), values in times.items():
        best, cpu = min(w for w, _ in values), min(c for _, c in values)
        ratio = best / baseline
        goal = GOALS.get(label)
        verdict = ""
        if goal is not None:
            met = ratio <= goal
            ok = ok and met
            verdict = f"<= {goal:g}x: {'ok' if met else 'MISSED'}"
        print(f"  {family:<10} {label:<15} {best:7.1f}ms {ratio:6.2f}x {cpu:7.1f}ms "
              f"{cpu / base_cpu:6.2f}x  {verdict}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
