"""House sheets in the commands (issue 22): ``yams score --setting``, ``--house FILE|NAME``,
``yams house new/check/list``, games on a house sheet and their records."""

from __future__ import annotations

import json

from helpers import js, one_line_error, run

# -- yams score --setting ---------------------------------------------------------------------


def test_score_setting_changes_the_score_outside_a_game():
    plain = js(None, "score", "--rules", "classic", "-r", "1", "66666")
    house = js(None, "score", "--rules", "classic", "--setting", "yam_base=60", "-r", "1",
               "66666")
    assert {f["row"]: f["score"] for f in plain["figures"]}["yam"] == 100 + 30     # C2
    assert {f["row"]: f["score"] for f in house["figures"]}["yam"] == 60 + 30


def test_score_setting_reads_the_stream_too():
    result = run(None, "score", "--rules", "classic", "--setting", "yam_base=60", "--json",
                 "-", input="1 66666\n")
    assert result.exit_code == 0, result.stderr
    line = json.loads(result.stdout.splitlines()[0])
    assert {f["row"]: f["score"] for f in line["figures"]}["yam"] == 90


def test_score_unknown_setting_is_one_error_naming_it():
    result = run(None, "score", "--rules", "classic", "--setting", "yam=60", "-r", "1", "66666")
    assert result.exit_code == 2
    one_line_error(result, "'yam'", "yam_base")
