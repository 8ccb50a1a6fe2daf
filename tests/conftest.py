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


@pytest.fixture(scope="session")
def cache_with(solver_cache, solved):
    """``cache_with(family, settings)``: the session's cache folder, holding the table of those
    rules, solved first by ``solved`` (under the workers' lock). For the tests whose commands
    read the folder themselves ($YAMS_CACHE): a command that finds no table solves it without
    the lock, and two workers solved Duel's one-joker table at the same time (6 s each)."""
    from yams_scorekeeper.advice.spec import spec_for
    from yams_scorekeeper.rules import get_rules

    def get(family: str, settings: dict | None = None) -> str:
        solved(spec_for(get_rules(family, settings or {})))
        return solver_cache

    return get


# -- fixtures several test modules share (defined here, not imported from one test module into
# another, where the import would shadow the fixture's name and hide a redefinition) ----------


@pytest.fixture
def book(tmp_path):
    """Three finished Duel games: Alice 262 - Bob 212, Alice 212 - Bob 267, and Chloé 4 -
    Alice 3, stopped after one round; dated DATES (played in a scratch store, then exported,
    dated and imported, since games finished in the same second would sort by id)."""
    from test_cli_book import BIG_CHANCE, DATES, YAM, play_duel

    from yams_scorekeeper.store import Store

    scratch = str(tmp_path / "scratch")
    ids = [play_duel(scratch, {"Alice": YAM, "Bob": {}}),
           play_duel(scratch, {"Alice": {}, "Bob": {**YAM, **BIG_CHANCE}}),
           play_duel(scratch, {"Chloé": {"1": "11112"}, "Alice": {}}, turns=1)]
    data = Store(scratch).export_book()
    for game in data["games"]:
        game["summary"]["date"] = DATES[ids.index(game["summary"]["id"])]
    db = str(tmp_path / "store")
    assert Store(db).import_book(data) == (3, 0)
    return db, ids


@pytest.fixture(scope="module")
def template(tmp_path_factory) -> dict:
    """The fuzz tests' store: a finished Duel game (it set the records), a game in progress
    with dice entered, and house rules; its exported book."""
    from helpers import js, ok
    from test_cli_book import play_duel

    from yams_scorekeeper.store import Store

    base = tmp_path_factory.mktemp("fuzz")
    db = str(base / "db")
    finished = play_duel(db, {"Alice": {"yam": "66666"}, "Bob": {}})
    game = js(db, "new", "-R", "duel", "-p", "Chloé", "-p", "Dan")["game"]
    ok(db, "enter", "11123/3")
    Store(db).save_house_rules("club", "duel", {"yam": 60})
    ok(db, "export", str(base / "book.json"))
    return {"db": db, "base": str(base), "game": game, "finished": finished,
            "book": (base / "book.json").read_bytes()}


@pytest.fixture
def small_parallel(monkeypatch):
    """An import goes parallel from 6 games, in chunks of 3, two chunks ahead."""
    from yams_scorekeeper.store import import_check

    monkeypatch.setattr(import_check, "PARALLEL_FROM", 6)
    monkeypatch.setattr(import_check, "CHUNK", 3)
    monkeypatch.setattr(import_check, "AHEAD", 2)


@pytest.fixture
def small_blocks(monkeypatch, small_parallel):
    """Blocks of a few games (a game here is ~10-20 KB of text)."""
    from yams_scorekeeper.store import book_file

    monkeypatch.setattr(book_file, "CHUNK", 4000)
    monkeypatch.setattr(book_file, "BLOCK_MOST", 1 << 20)


# -- the browser of the tests that open pages in Chromium ---------------------------------

def _need_chromium() -> None:
    from serving import CHROMIUM

    missing = None
    if not os.path.exists(CHROMIUM):
        missing = f"{CHROMIUM} is missing (apt-get install chromium)"
    else:
        try:
            import playwright.sync_api  # noqa: F401
        except ImportError:
            missing = "playwright is missing (pip install -e '.[test]')"
    if missing:
        if os.environ.get("CI") == "true":
            pytest.fail(f"the browser test must run in CI: {missing}")
        pytest.skip(missing)


@pytest.fixture(scope="module")
def browser():
    """One Chromium for the module (each test opens its own pages and contexts)."""
    _need_chromium()
    from playwright.sync_api import sync_playwright
    from serving import CHROMIUM, CHROMIUM_ARGS

    with sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()
