"""House sheets in the commands (issue 22): ``yams score --setting``, ``--house FILE|NAME``,
``yams house new/check/list``, games on a house sheet and their records."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import ENV, js, one_line_error, run

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


# -- the two example files (issue 22): checked, scored, played ------------------------------

REPO = Path(__file__).resolve().parent.parent
SIRTIN = REPO / "examples" / "house" / "sirtin.toml"
ANNONCEE = REPO / "examples" / "house" / "annoncee.toml"
UPPER = ["1", "2", "3", "4", "5", "6"]
SIRTIN_ROWS = [*UPPER, "brelan", "carre", "full", "petite-suite", "grande-suite", "yams"]
ANNONCEE_ROWS = [*SIRTIN_ROWS, "chance"]


def yams(*args: str, input: str | None = None, db: str | None = None):
    """``python -m yams_scorekeeper ARGS`` in a real process (English, no colour)."""
    env = {**os.environ, **ENV}
    env.pop("YAMS_DB", None)
    if db is not None:
        env["YAMS_DB"] = db
    return subprocess.run([sys.executable, "-m", "yams_scorekeeper", *args], input=input,
                          capture_output=True, text=True, env=env, timeout=60)


@pytest.mark.parametrize(("path", "rows", "columns"), [
    (SIRTIN, SIRTIN_ROWS, ["libre"]),
    (ANNONCEE, ANNONCEE_ROWS, ["descendante", "libre", "montante", "annoncee"])])
def test_both_example_files_pass_house_check(path, rows, columns):
    text = yams("house", "check", str(path))
    assert text.returncode == 0, text.stderr
    assert text.stdout.splitlines()[0].endswith(": the file is right."), text.stdout
    assert text.stderr == ""
    done = yams("house", "check", str(path), "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["ok"] is True and data["identity"].startswith(path.stem + "#")
    assert [r["id"] for r in data["rows"]] == rows
    assert [c["id"] for c in data["columns"]] == columns
    assert data["rolls"] == 3
    assert [(b["rows"], b["steps"]) for b in data["bonuses"]] == [(UPPER, [[63, 35]])]
    for row in data["rows"]:                 # each row's rule in words, in the text too
        assert row["rule"] and row["rule"] in text.stdout


def by_row(rows: list[str], scores: list[int]) -> dict[str, int]:
    return dict(zip(rows, scores, strict=True))


#: (roll, dice) -> every row's score, worked out by hand from the issue's description
SIRTIN_SCORES = {
    ("2", "55533"): by_row(SIRTIN_ROWS, [0, 0, 6, 0, 15, 0, 15, 0, 25, 0, 0, 0]),
    ("1", "12345"): by_row(SIRTIN_ROWS, [1, 2, 3, 4, 5, 0, 0, 0, 0, 30, 0, 0]),
    ("1", "23456"): by_row(SIRTIN_ROWS, [0, 2, 3, 4, 5, 6, 0, 0, 0, 0, 40, 0]),
    ("3", "66662"): by_row(SIRTIN_ROWS, [0, 2, 0, 0, 0, 24, 18, 24, 0, 0, 0, 0]),
    ("1", "44444"): by_row(SIRTIN_ROWS, [0, 0, 0, 20, 0, 0, 12, 16, 0, 0, 0, 50]),
    ("2", "12346"): by_row(SIRTIN_ROWS, [1, 2, 3, 4, 0, 6, 0, 0, 0, 0, 0, 0]),
}
ANNONCEE_SCORES = {
    ("2", "55533"): by_row(ANNONCEE_ROWS, [0, 0, 6, 0, 15, 0, 21, 0, 25, 0, 0, 0, 21]),
    ("1", "12345"): by_row(ANNONCEE_ROWS, [1, 2, 3, 4, 5, 0, 0, 0, 0, 30, 40, 0, 15]),
    ("1", "23456"): by_row(ANNONCEE_ROWS, [0, 2, 3, 4, 5, 6, 0, 0, 0, 30, 40, 0, 20]),
    ("3", "66662"): by_row(ANNONCEE_ROWS, [0, 2, 0, 0, 0, 24, 26, 26, 0, 0, 0, 0, 26]),
    ("1", "44444"): by_row(ANNONCEE_ROWS, [0, 0, 0, 20, 0, 0, 20, 20, 0, 0, 0, 50, 20]),
    ("2", "12346"): by_row(ANNONCEE_ROWS, [1, 2, 3, 4, 0, 6, 0, 0, 0, 30, 0, 0, 16]),
}


@pytest.mark.parametrize(("path", "expected"), [(SIRTIN, SIRTIN_SCORES),
                                                (ANNONCEE, ANNONCEE_SCORES)])
def test_score_house_all_json_stream_scores_every_row(path, expected):
    lines = "".join(f"{roll} {dice}\n" for roll, dice in expected)
    done = yams("score", "--house", str(path), "--all", "--json", "-", input=lines)
    assert done.returncode == 0, done.stderr
    out = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(out) == len(expected)
    for entry, ((roll, dice), scores) in zip(out, expected.items(), strict=True):
        assert entry["roll"] == int(roll) and "".join(entry["dice"]) == "".join(sorted(dice))
        assert [f["row"] for f in entry["figures"]] == list(scores)
        assert {f["row"]: f["score"] for f in entry["figures"]} == scores, (roll, dice)
        assert all(f["explain"] for f in entry["figures"])


def test_a_file_with_an_unknown_key_is_refused_naming_it(tmp_path):
    bad = tmp_path / "club.toml"
    text = SIRTIN.read_text(encoding="utf-8")
    bad.write_text(text.replace('kind = "yams"', 'kind = "yams"\ncouleur = "rouge"'),
                   encoding="utf-8")
    line = next(n for n, t in enumerate(bad.read_text().splitlines(), 1) if "couleur" in t)
    db = tmp_path / "store"
    for args in (["house", "check", str(bad)], ["score", "--house", str(bad), "-r", "1", "12345"],
                 ["new", "--house", str(bad), "-p", "Alice"],
                 ["house", "check", str(bad), "--json"]):
        done = yams(*args, db=str(db))
        assert done.returncode == 2, (args, done.stdout, done.stderr)
        assert "Traceback" not in done.stderr and done.stderr.count("\n") == 1, done.stderr
        said = json.loads(done.stderr)["error"]["message"] if "--json" in args else done.stderr
        assert "couleur" in said and f"line {line}" in said and "unknown key" in said, said
        assert done.stdout == ""
    assert not db.exists() or not any((db / "games").glob("*"))        # nothing stored


# -- yams house new / list, the presets moved into house files --------------------------------


def test_house_new_writes_a_file_that_checks_and_plays_by_its_name(tmp_path):
    db = str(tmp_path / "store")
    made = js(db, "house", "new", "club", "--from", "yatzy")
    path = Path(made["path"])
    assert path == tmp_path / "store" / "houses" / "club.toml" and path.is_file()
    assert made["identity"].startswith("club#") and made["from"] == "yatzy"
    assert "#" in path.read_text(encoding="utf-8").splitlines()[0]      # a commented file
    checked = js(db, "house", "check", "club")
    assert checked["identity"] == made["identity"] and checked["title"] == "club"
    # the same rows and scores as the family it starts from
    yatzy = js(db, "score", "--rules", "yatzy", "--all", "-r", "2", "55533")
    club = js(db, "score", "--house", "club", "--all", "-r", "2", "55533")
    assert [(f["row"], f["score"]) for f in club["figures"]] == \
        [(f["row"], f["score"]) for f in yatzy["figures"]]
    listed = js(db, "house", "list")
    assert [h["name"] for h in listed["houses"]] == ["club"]
    assert listed["houses"][0]["identity"] == made["identity"]
    again = run(db, "house", "new", "club")
    one_line_error(again, "exists already", "--force")
    assert js(db, "house", "check", "club")["identity"] == made["identity"]   # not written over


def test_house_new_to_standard_output_writes_no_file(tmp_path):
    db = tmp_path / "store"
    done = run(str(db), "house", "new", "sirtin", "--from", "classic", "--to", "-")
    assert done.exit_code == 0, done.stderr
    assert 'title = "sirtin"' in done.stdout and "[[rows]]" in done.stdout
    assert not (db / "houses").exists()


@pytest.mark.parametrize("name", ["", "a/b", "../x", "club\u200b", "\x1b[31m", "x" * 41])
def test_a_bad_house_name_is_refused_and_nothing_written(tmp_path, name):
    db = tmp_path / "store"
    done = run(str(db), "house", "new", name)
    assert done.exit_code == 2, done.stdout
    assert "\x1b" not in done.stderr and "Traceback" not in done.stderr
    assert not (db / "houses").exists()


def test_the_presets_of_earlier_versions_move_into_house_files(tmp_path):
    from yams_scorekeeper.store import Store

    db = str(tmp_path / "store")
    Store(db).save_house_rules("amis", "classic", {"yam_base": 60})
    Store(db).save_house_rules("nen", "gaby", {"bases.youpi": 30})     # no words for it
    before = Path(db, "houses.json").read_bytes()
    listed = js(db, "house", "list")
    assert listed["migrated"] == ["amis"]
    assert [h["name"] for h in listed["houses"]] == ["amis"]
    assert js(db, "house", "list")["migrated"] == []                      # once
    assert Path(db, "houses.json").read_bytes() == before                 # left for 0.x
    preset = js(db, "score", "--rules", "classic", "--setting", "yam_base=60", "--all", "-r",
                "1", "66666")
    moved = js(db, "score", "--house", "amis", "--all", "-r", "1", "66666")
    assert [(f["row"], f["score"]) for f in moved["figures"]] == \
        [(f["row"], f["score"]) for f in preset["figures"]]
    assert {f["row"]: f["score"] for f in moved["figures"]}["yam"] == 90


# -- games on a house sheet: the rules in the game document, records keyed by the sheet ------


def play_sirtin_game(db: str, house: str, name: str = "Alice") -> dict:
    """A whole one-player game on a sirtin-like sheet, 66666 every turn; the last mark."""
    js(db, "new", "--house", house, "-p", name)
    for row in SIRTIN_ROWS[:-1]:
        js(db, "enter", "66666/1")
        js(db, "mark", f"libre.{row}")
    js(db, "enter", "66666/1")
    return js(db, "mark", "libre.yams")


def test_records_are_keyed_by_the_sheet_and_an_edited_file_is_a_new_configuration(tmp_path):
    db = str(tmp_path / "store")
    house = tmp_path / "sirtin.toml"
    house.write_text(SIRTIN.read_text(encoding="utf-8"), encoding="utf-8")
    first = play_sirtin_game(db, str(house))
    assert first["finished"] and first["total"] == 30 + 18 + 24 + 50     # a yams is no full
    old = js(db, "house", "check", str(house))["identity"]
    assert {r["config_key"] for r in first["records"]} == {f"house/{old}/libre"}
    house.write_text(house.read_text(encoding="utf-8").replace("points = 50", "points = 60"),
                     encoding="utf-8")
    new = js(db, "house", "check", str(house))["identity"]
    assert new != old and new.startswith("sirtin#")
    started = run(db, "new", "--house", str(house), "-p", "Bob", "--json")
    assert started.exit_code == 0, started.stderr
    assert json.loads(started.stdout)["house_earlier"] == [old]
    assert started.stderr.startswith("note: the house sheet 'sirtin' has changed")
    assert old in started.stderr and new in started.stderr
    game = json.loads(started.stdout)["game"]
    for row in SIRTIN_ROWS:
        js(db, "enter", "66666/1", "--game", game)
        last = js(db, "mark", f"libre.{row}", "--game", game)
    assert last["total"] == 30 + 18 + 24 + 60
    book = js(db, "records")["configs"]
    assert {k: v["records"]["total"]["value"] for k, v in book.items()} == {
        f"house/{old}/libre": 122, f"house/{new}/libre": 132}
    history = js(db, "history")
    assert sorted(g["config_key"] for g in history["games"]) == sorted(book)
    again = run(db, "new", "--house", str(house), "-p", "Carl")       # this sheet has games:
    assert again.exit_code == 0 and "note:" in again.stderr          # the older one is said
    assert "has changed" in again.stderr


def test_the_game_document_keeps_the_rules_it_was_started_with(tmp_path):
    db = str(tmp_path / "store")
    house = tmp_path / "sirtin.toml"
    house.write_text(SIRTIN.read_text(encoding="utf-8"), encoding="utf-8")
    started = js(db, "new", "--house", str(house), "-p", "Alice")
    assert started["config"]["house"]["name"] == "sirtin"
    assert started["config"]["house"] == js(db, "house", "check", str(house))["rules"]
    house.write_text("this is no longer a house sheet", encoding="utf-8")   # nor read again
    js(db, "enter", "66666/1")
    mark = js(db, "mark", "libre.yams")
    assert mark["marks"][0]["score"] == 50 and "Yams (house)" in mark["marks"][0]["why"]
    from yams_scorekeeper.store import Store

    doc = Store(db).load_game(started["game"])
    assert doc["config"]["house"] == started["config"]["house"]


# -- a game on annoncee.toml through new/enter/mark: exactly the cells the rules allow ---------


def cells_of(step: dict) -> set[str]:
    return {f"{c['column']}.{c['row']}" for c in step["cells"]}


def test_annoncee_columns_down_up_and_free_allow_exactly_their_cells(tmp_path):
    db = str(tmp_path / "store")
    js(db, "new", "--house", str(ANNONCEE), "-p", "Alice")
    first = js(db, "enter", "12345/3")
    assert cells_of(first) == {"descendante.1", "montante.chance",
                               *(f"libre.{r}" for r in ANNONCEE_ROWS)}      # nothing announced
    js(db, "mark", "descendante.1")
    second = cells_of(js(db, "enter", "12345/3"))
    assert "descendante.2" in second and "descendante.1" not in second
    assert not {f"descendante.{r}" for r in ANNONCEE_ROWS[2:]} & second
    assert "montante.chance" in second and "montante.yams" not in second
    js(db, "mark", "montante.chance")
    third = cells_of(js(db, "enter", "12345/3"))
    assert {"descendante.2", "montante.yams"} <= third and "montante.grande-suite" not in third
    refused = run(db, "mark", "montante.1")
    assert refused.exit_code == 3 and "Montante: next cell is Yams, not 1" in refused.stderr


def test_annoncee_cells_need_an_announce_after_the_first_roll(tmp_path):
    db = str(tmp_path / "store")
    js(db, "new", "--house", str(ANNONCEE), "-p", "Alice")
    plain = js(db, "enter", "55533/2")
    assert not [c for c in cells_of(plain) if c.startswith("annoncee.")]   # none unannounced
    js(db, "mark", "libre.full")
    announced = js(db, "enter", "55532/1", "--announce", "brelan")
    assert cells_of(announced) == {"annoncee.brelan"}
    assert announced["cells"][0]["score"] == 5 + 5 + 5 + 3 + 2


# -- advice, rules and demo on a house sheet --------------------------------------------------


def test_hint_refuses_a_one_column_sheet_beyond_the_exact_solver(tmp_path):
    four = tmp_path / "four.toml"
    four.write_text(SIRTIN.read_text(encoding="utf-8").replace("rolls = 3", "rolls = 4"),
                    encoding="utf-8")
    db = str(tmp_path / "store")
    one_line_error(run(db, "hint", "--house", str(four), "--start"),
                   "the exact solver does not cover", "4 rolls a turn", "heuristic adviser")
    cache = tmp_path / "store-cache"            # nothing solved for nothing (the sheet read
    assert sorted(p.name for p in cache.iterdir()) == ["houses"]   # is kept: house_cache)


def test_hint_in_a_game_on_several_house_columns_is_the_heuristic(tmp_path):
    db = str(tmp_path / "store")
    js(db, "new", "--house", str(ANNONCEE), "-p", "Alice", "-p", "Bob")
    js(db, "enter", "55533/2")
    hint = js(db, "hint")
    assert hint["method"] == "heuristic" and hint["family"] == "house"
    assert len(hint["open"]) == 4 * 13
    text = run(db, "hint", "5", "5", "5", "3", "1", "--roll", "1")
    assert text.exit_code == 0, text.stderr
    assert "HEURISTIC" in text.stdout and "keep" in text.stdout


def test_rules_and_demo_take_a_house_sheet():
    listed = run(None, "rules", "--house", str(SIRTIN))
    assert listed.exit_code == 0, listed.stderr
    assert listed.stdout.startswith("Yams du Sirtin (sirtin#")
    rows = [line.split()[0] for line in listed.stdout.splitlines()[1:]]
    assert rows[:len(SIRTIN_ROWS)] == SIRTIN_ROWS
    row = run(None, "rules", "--house", str(SIRTIN), "brelan")
    assert row.exit_code == 0, row.stderr
    assert "the sum of those 3 dice" in row.stdout and "Brelan (house): 3 x 6 = 18" in row.stdout
    french = run(None, "--lang", "fr", "rules", "--house", str(SIRTIN), "brelan")
    assert french.exit_code == 0, french.stderr
    assert "Brelan (maison) : 3 x 6 = 18" in french.stdout      # the explanation's language
    one_line_error(run(None, "rules", "--house", str(SIRTIN), "classic", "brelan"), "--house")
    one_line_error(run(None, "score", "--house", str(SIRTIN), "--rules", "classic", "-r", "1",
                       "12345"), "--rules does not go with --house")
    demo = run(None, "demo", "--house", str(ANNONCEE), "--seed", "3")
    assert demo.exit_code == 0, demo.stderr
    assert demo.stdout.startswith("Demo: Yams annoncé") and "Game over!" in demo.stdout
