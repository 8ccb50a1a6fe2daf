"""Shared fixtures: one cache folder of solved tables for the whole test session (and for every
xdist worker), so a table is solved once per session, never once per test."""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

# The suite is the same on every run (a property test that fails, fails again on the next run,
# and CI cannot turn red by chance): hypothesis draws its examples from a fixed seed. Set
# YAMS_HYPOTHESIS_RANDOM=1 to explore new examples instead (as YAMS_FUZZ_RANDOM does for the
# fuzz test).
settings.register_profile("fixed", derandomize=True, database=None)
settings.register_profile("explore", derandomize=False)
settings.load_profile("explore" if os.environ.get("YAMS_HYPOTHESIS_RANDOM") else "fixed")


@pytest.fixture(scope="session")
def solver_cache(tmp_path_factory) -> str:
    """A cache folder shared by the workers of this session (a lock serialises the solving)."""
    import os

    base = tmp_path_factory.getbasetemp()
    root = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "solver-cache"
    root.mkdir(exist_ok=True)
    return str(root)


@pytest.fixture(scope="session")
def solved(solver_cache):
    """``solved(spec)``: the table of ``spec``, solved once across the session's workers."""
    import fcntl

    from yams_scorekeeper.advice.adviser import Solved

    memo: dict = {}

    def get(spec):
        key = spec.key()
        if key not in memo:
            with open(f"{solver_cache}/{key}.lock", "w") as lock:
                fcntl.flock(lock, fcntl.LOCK_EX)
                memo[key] = Solved.for_spec(spec, solver_cache)
        return memo[key]

    return get
