"""The scripting command line (issue 20, item 11): with ``--json`` an error is one JSON object
on standard error, ``{"error": {"message", "expected", "rule", "exit_code"}}`` (docs/json.md),
nothing on standard output, the exit status unchanged; ``--db`` before the command works as
after it."""

from __future__ import annotations

import json

import pytest
from helpers import ENV, js, ok, one_line_error, run
from typer.testing import CliRunner

from yams_scorekeeper.cli.app import app


def json_error(result, code: int) -> dict:
    """The one JSON error object of a refused ``--json`` run: exit ``code``, stdout empty."""
    assert result.exit_code == code, (result.stdout, result.stderr)
    assert result.stdout == ""
    (line,) = result.stderr.splitlines()
    obj = json.loads(line)
    assert list(obj) == ["error"]
    assert set(obj["error"]) >= {"message", "expected", "rule", "exit_code"}
    assert obj["error"]["exit_code"] == code
    return obj["error"]


def test_each_kind_of_error_as_json(tmp_path):
    db = str(tmp_path / "store")
    bad = json_error(run(None, "score", "--json", "-r", "1", "5553"), 2)      # entry
    assert bad["message"] == "4 dice typed, this game uses 5" and bad["expected"] == "5 5 5 3 3"
    js(db, "new", "-R", "duel", "-p", "Ana")
    ok(db, "enter", "66612", "--roll", "3")
    ok(db, "mark", "grille.6")
    ok(db, "enter", "66612", "--roll", "3")
    refused = json_error(run(db, "mark", "grille.6", "--json"), 3)           # the rules
    assert "already written" in refused["message"] and refused["rule"] == "G3"
    missing = json_error(run(str(tmp_path / "none"), "history", "--json"), 4)   # the store
    assert missing["message"].startswith("no store at")
    config = json_error(run(db, "new", "-R", "belote", "-p", "A", "--json"), 2)
    assert "belote" in config["message"] and "duel" in config["expected"]


def test_the_json_error_is_said_in_the_language_of_the_run():
    fr = json_error(run(None, "score", "--json", "-r", "1", "5553", lang="fr"), 2)
    assert fr["message"] == "4 dés saisis, ce jeu en utilise 5"


def test_without_json_the_error_stays_one_line():
    one_line_error(run(None, "score", "-r", "1", "5553"), "4 dice typed")


def test_a_stream_of_lines_says_each_bad_line_as_json():
    result = CliRunner().invoke(app, ["score", "-", "--json"], input="1 55533\n2 5553\n",
                                env=ENV)
    assert result.exit_code == 2
    assert json.loads(result.stdout.splitlines()[0])["roll"] == 1
    (line,) = result.stderr.splitlines()
    assert json.loads(line)["error"]["line"] == 2


@pytest.mark.parametrize("before", [True, False])
def test_db_before_the_command(tmp_path, before):
    db = str(tmp_path / "store")

    def yams(*args: str):
        argv = ["--db", db, *args] if before else [*args, "--db", db]
        result = CliRunner().invoke(app, argv, env={**ENV, "YAMS_DB": ""})
        assert result.exit_code == 0, (argv, result.stdout, result.stderr)
        return result

    game = json.loads(yams("new", "-R", "duel", "-p", "Ana", "--json").stdout)["game"]
    yams("enter", "66612", "--roll", "3")
    assert json.loads(yams("games", "--json").stdout)["games"][0]["id"] == game
    assert json.loads(run(db, "games", "--json").stdout)["games"][0]["id"] == game


def test_the_command_s_own_db_wins(tmp_path):
    one, two = str(tmp_path / "one"), str(tmp_path / "two")
    js(one, "new", "-R", "duel", "-p", "Ana")
    result = CliRunner().invoke(app, ["--db", two, "games", "--db", one, "--json"], env=ENV)
    assert len(json.loads(result.stdout)["games"]) == 1
    missing = CliRunner().invoke(app, ["--db", two, "games", "--json"], env=ENV)
    json_error(missing, 4)
