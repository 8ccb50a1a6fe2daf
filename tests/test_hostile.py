"""Hostile input (issue 8): odd or forged names, numbers, files and store contents.

Each case must end with one clear line on stderr, a non-zero exit, nothing changed, and every
other game and command still working. ``HOSTILE`` counts, by kind, the hostile cases tried
(printed by ``pytest -s -k census``; the fuzz tests add their own examples).
"""

from __future__ import annotations

import json
import os

import pytest

from yams_scorekeeper.store import Store

from helpers import js, ok, one_line_error, run

#: names a terminal would act on: ESC (title, clear screen), CSI C1, CR, BEL, backspace,
#: newline, bidi override and isolate, DEL
CONTROL_NAMES = ["\x1b]0;pwned\x07Eve", "Eve\x1b[2J", "Eve\x9b2J", "Eve\rAlice", "Eve\x07",
                 "Ev\x08e", "Eve\nAlice", "Eve\u202eecilA", "Eve\u2066x", "Eve\x7f"]
#: names Rich would read as markup if it were allowed to
MARKUP_NAMES = ["[/x]", "[bold red]Zed", "[link=https//x]Eve[/link]", "Zed[/]", "[on red]\\[x"]


def _raw_controls(text: str) -> list[str]:
    """The characters of ``text`` a terminal would act on (newlines between lines excepted)."""
    return [ch for ch in text if (ord(ch) < 32 and ch != "\n") or 0x7f <= ord(ch) <= 0x9f
            or ch in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f"]


def store_files(db) -> dict[str, bytes]:
    """Every file under the store folder (lock file aside), by relative path."""
    out = {}
    for root, _, names in os.walk(db):
        for name in names:
            if name != "store.lock":
                path = os.path.join(root, name)
                with open(path, "rb") as handle:
                    out[os.path.relpath(path, db)] = handle.read()
    return out


# -- 1. escaping: control characters and markup in names ------------------------------------------

@pytest.mark.parametrize("name", CONTROL_NAMES)
def test_a_name_with_control_characters_is_refused_at_creation(tmp_path, name):
    db = str(tmp_path / "db")
    result = run(db, "new", "-R", "duel", "-p", name, "-p", "Bob")
    line = one_line_error(result, "control character", code=2)
    assert not _raw_controls(line)
    assert not os.path.exists(os.path.join(db, "games")) or not os.listdir(os.path.join(db, "games"))


@pytest.mark.parametrize("name", MARKUP_NAMES)
def test_markup_in_a_name_is_shown_as_text_by_every_command(tmp_path, name):
    db = str(tmp_path / "db")
    new = js(db, "new", "-R", "duel", "-p", name, "-p", "Bob")
    outputs = [ok(db, "games").stdout, ok(db, "enter", "11123/3").stdout,
               ok(db, "sheet").stdout, ok(db, "mark", "1").stdout, ok(db, "cells").stdout]
    end = run(db, "end")
    assert end.exit_code == 0, (end.stdout, end.stderr, end.exception)
    outputs += [end.stdout, ok(db, "history").stdout, ok(db, "records").stdout,
                ok(db, "stats", name).stdout, ok(db, "sheet", "--game", new["game"]).stdout,
                ok(db, "transcript", "--game", new["game"]).stdout]
    for n, out in enumerate(outputs):
        if n not in (4, 7):      # cells lists cells; a stopped game sets no record
            assert name in out, (n, out)


def _forge(path: str, tables: dict) -> None:
    """Write ``tables`` as a store file with a valid checksum (a hand edit done carefully)."""
    from yams_scorekeeper.storage import AtomicJSONStorage

    os.makedirs(os.path.dirname(path), exist_ok=True)
    AtomicJSONStorage(path, backups=0).write(tables)


def _finished_duel(db: str, first: str = "Alice") -> str:
    ok(db, "new", "-R", "duel", "-p", first, "-p", "Bob")
    ok(db, "enter", "11123/3")
    ok(db, "mark", "1")
    ok(db, "end")
    return Store(db).archived_games()[-1]["id"]


def test_control_characters_read_from_the_archive_are_escaped_on_output(tmp_path):
    """A name that reached the archive some other way (an edit with the checksum recomputed)
    never reaches the terminal raw: history, records, stats and sheet escape it."""
    db = str(tmp_path / "db")
    game_id = _finished_duel(db)
    store = Store(db)
    path = store.archive_file(game_id)
    entry = store.archived_games()[0]
    evil = "\x1b]0;pwned\x07Al\u202eice\x9b2J"
    for player in entry["summary"]["players"]:
        if player["name"] == "Alice":
            player["name"] = evil
    entry["summary"]["config_label"] = "[/x]\x1b[31m"
    _forge(path, {"games": {"1": entry}})
    for args in (("history",), ("records",), ("stats", evil), ("history", "--json"),
                 ("records", "--json")):
        result = run(db, *args)
        assert result.exit_code == 0, (args, result.stdout, result.stderr, result.exception)
        assert not _raw_controls(result.stdout), (args, result.stdout)
        assert "Traceback" not in result.stdout + result.stderr
    assert "\\x1b]0;pwned\\x07" in run(db, "history").stdout


def test_an_input_line_echoed_by_play_is_escaped(tmp_path):
    db = str(tmp_path / "db")
    result = run(db, "play", input="\x1b[2J\x1b]0;pwned\x07\nq\n")
    assert not _raw_controls(result.stdout), result.stdout
