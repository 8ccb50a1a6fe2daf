"""Helpers shared by the test modules: ``from helpers import ...`` (pytest puts this folder on
``sys.path``, as it has no ``__init__.py``).

- the command line: a fixed environment, ``run``/``ok``/``js`` against a store, and the check
  of a one-line error;
- the game model: a ``snapshot`` of everything a refusal must leave untouched, ``refused``
  that checks a refusal three ways, and ``cell`` that finds one legal cell.
"""

from __future__ import annotations

import json
from contextlib import contextmanager

import pytest
from typer.testing import CliRunner

from yams_scorekeeper.base.errors import IllegalMoveError
from yams_scorekeeper.cli.app import app
from yams_scorekeeper.engine.game import Game

# -- the command line -------------------------------------------------------------------------

#: a fixed, English, colourless, 80-column environment with no locale: every run sees the same
#: terminal
ENV = {"YAMS_LANG": "en", "NO_COLOR": "1", "COLUMNS": "80", "LC_ALL": "", "LC_MESSAGES": "",
       "LANG": "C.UTF-8"}


def run(db: str | None, *args: str, input: str | None = None, lang: str = "en"):
    """``yams ARGS`` with the store ``db`` (``$YAMS_DB``; None: not set) in ``lang``."""
    env = {**ENV, "YAMS_LANG": lang}
    if db is not None:
        env["YAMS_DB"] = db
    return CliRunner().invoke(app, list(args), input=input, env=env)


def ok(db, *args, **kw):
    """``run`` that must exit 0."""
    result = run(db, *args, **kw)
    assert result.exit_code == 0, (args, result.stdout, result.stderr, result.exception)
    return result


def js(db, *args, **kw) -> dict:
    """``ok`` with ``--json``: exactly one line, one JSON object."""
    result = ok(db, *args, "--json", **kw)
    lines = result.stdout.splitlines()
    assert len(lines) == 1, result.stdout
    return json.loads(lines[0])


def one_line_error(result, *needles: str, code: int = 2) -> str:
    """Exit ``code``, nothing on stdout, one 'error: ...' line on stderr holding every needle,
    no traceback. Returns the line."""
    assert result.exit_code == code, (result.exit_code, result.stdout, result.stderr)
    assert isinstance(result.exception, SystemExit), result.exception
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert "Traceback" not in result.stderr
    for needle in needles:
        assert needle in lines[0], lines[0]
    return lines[0]


@contextmanager
def time_zone(zone: str):
    """This process's local time zone is ``zone`` (``$TZ``) while the block runs."""
    import os
    import time

    saved = os.environ.get("TZ")
    os.environ["TZ"] = zone
    time.tzset()
    try:
        yield
    finally:
        if saved is None:
            os.environ.pop("TZ", None)
        else:
            os.environ["TZ"] = saved
        time.tzset()


def read_only(monkeypatch, db: str) -> None:
    """Make the store ``db`` one this process may not write (as a read-only folder or disk
    would, also for root): ``os.access`` says no write, and its lock cannot be taken."""
    import os

    from yams_scorekeeper.store import StoreLock

    real_access = os.access
    monkeypatch.setattr(os, "access", lambda path, mode, **kw: False if mode & os.W_OK
                        and str(path).startswith(db) else real_access(path, mode, **kw))

    def no_lock(self, *a, **kw):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(StoreLock, "acquire", no_lock)


# -- the game model ---------------------------------------------------------------------------


def snapshot(game: Game) -> tuple:
    """Everything a refusal must leave untouched: document, sheets, counters, turn."""
    return (game.to_doc(), [(s.name, dict(s.marks), s.doblars_left, sorted(s.doblars_used),
                             s.jokers_left, s.bank, s.pool, s.turns) for s in game.sheets],
            game.current, list(game.coups), game.stopped)


def refused(game: Game, action, rule: str | None, kind=IllegalMoveError):
    """``action`` raises ``kind`` naming ``rule`` (code and ``[rule]`` in the text; None: no
    rule to check) and leaves ``game`` unchanged. Returns the error."""
    before = snapshot(game)
    with pytest.raises(kind) as info:
        action()
    err = info.value
    if rule is not None:
        assert err.rule == rule
        assert f"[{rule}]" in str(err)
    assert snapshot(game) == before
    return err


def cell(game: Game, column: str, row: str, coup: int | None = None):
    """The legal cell ``column.row`` (from coup ``coup`` when given); it must be legal."""
    found = [c for c in game.legal_cells()
             if (c.column, c.row) == (column, row) and coup in (None, c.coup)]
    assert found, f"{column}.{row} (coup {coup}) is not legal"
    return found[0]
