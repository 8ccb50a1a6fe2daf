"""Shared fixtures: one cache folder of solved tables for the whole test session (and for every
xdist worker), so a table is solved once per session, never once per test."""

from __future__ import annotations

import pytest


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
