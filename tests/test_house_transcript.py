"""Transcripts of house games (issue 22's gap): ``yams transcript`` writes the sheet's rules in
a ``house:`` header, ``yams replay`` plays them (also after the file changed), and ``yams
replay --house FILE|NAME`` plays a transcript written by hand for a house sheet."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from helpers import js, ok, one_line_error, run

REPO = Path(__file__).resolve().parent.parent
SIRTIN = REPO / "examples" / "house" / "sirtin.toml"
ANNONCEE = REPO / "examples" / "house" / "annoncee.toml"

#: a whole solo game of sirtin.toml: (dice/roll, row)
SOLO = [("11123/3", "1"), ("22245/2", "2"), ("33361/3", "3"), ("44412/1", "4"),
        ("55512/3", "5"), ("66612/2", "6"), ("44456/3", "brelan"), ("33332/2", "carre"),
        ("22555/1", "full"), ("12345/2", "petite-suite"), ("23456/3", "grande-suite"),
        ("11111/3", "yams")]


def play(db: str, house: Path, players: list[str], turns: list[tuple[str, str]]) -> None:
    args = [a for p in players for a in ("-p", p)]
    ok(db, "new", "--house", str(house), *args)
    for coup, cell in turns:
        entry = coup.split(" announce ")
        ok(db, "enter", entry[0], *(["--announce", entry[1]] if len(entry) > 1 else []))
        ok(db, "mark", cell if "." in cell else f"libre.{cell}")   # "4" alone: the 4th listed


def edit_sirtin(path: Path) -> None:
    """The same file edited: a bigger bonus, a full worth 30."""
    text = path.read_text(encoding="utf-8")
    text = text.replace("steps = [[63, 35]]", "steps = [[63, 50]]")
    assert "points = 25" in text
    path.write_text(text.replace("points = 25", "points = 30", 1), encoding="utf-8")


def test_transcript_of_a_house_game_replays_the_same_after_the_file_is_edited(tmp_path):
    db, house = str(tmp_path / "db"), tmp_path / "sirtin.toml"
    shutil.copy(SIRTIN, house)
    play(db, house, ["Alice"], SOLO[:-1])       # in progress: the last turn finishes it
    stored = js(db, "sheet")
    text = ok(db, "transcript").stdout
    lines = text.splitlines()
    assert lines[1] == "rules: house"
    assert lines[2].startswith("house: {")
    assert [x for x in lines if x.startswith("house:")] == [lines[2]]
    assert json.loads(lines[2][len("house: "):])["name"] == "sirtin"
    edit_sirtin(house)                          # the file changes; the transcript holds the rules
    (tmp_path / "game.txt").write_text(text, encoding="utf-8")
    replayed = js(None, "replay", str(tmp_path / "game.txt"))
    assert replayed == stored
    assert replayed["players"][0]["totals"]["grand"] == stored["players"][0]["totals"]["grand"]
    assert replayed["config_key"].startswith("house/sirtin#19dade6bf3/")
    # the edited file is another sheet: a new game on it scores the full 30
    play(str(tmp_path / "db2"), house, ["Bob"], [("22555/1", "full")])
    edited = js(str(tmp_path / "db2"), "sheet")
    assert edited["config_key"] != stored["config_key"]


def test_a_finished_house_game_written_by_transcript_game_replays(tmp_path):
    db = str(tmp_path / "db")
    play(db, SIRTIN, ["Alice"], SOLO)           # the last cell finishes the game
    (game,) = json.loads(ok(db, "history", "--json").stdout)["games"]
    text = ok(db, "transcript", "--game", game["game"]).stdout
    assert text.splitlines()[2].startswith("house: {")
    replayed = js(None, "replay", "-", input=text)
    assert replayed["finished"] is True and replayed["game"] == game["game"]
    assert replayed["players"][0]["totals"]["grand"] == game["players"][0]["total"] == \
        3 + 6 + 9 + 12 + 15 + 18 + 35 + 12 + 12 + 25 + 30 + 40 + 50


def test_several_columns_and_an_announce_round_trip(tmp_path):
    db = str(tmp_path / "db")
    turns = [("55532/1 announce brelan", "annoncee.brelan"), ("12345/2", "libre.petite-suite"),
             ("11612/3", "descendante.1"), ("44412/1", "montante.chance")]
    play(db, ANNONCEE, ["Alice", "Bob"], turns)
    stored = js(db, "sheet")
    text = ok(db, "transcript").stdout
    assert "Alice: 23555/1 announce brelan -> annoncee.brelan" in text
    replayed = js(None, "replay", "-", input=text)
    assert replayed == stored


def hand_written(rules: str = "rules: house\n") -> str:
    return (f"# written at the table\n{rules}players: Alice, Bob\n\n"
            "Alice: 55533/2 -> full\nBob: 12345/1 -> petite-suite\nAlice: 66662/3 -> carre\n")


def test_replay_house_file_plays_a_transcript_written_by_hand(tmp_path):
    (tmp_path / "t.txt").write_text(hand_written(), encoding="utf-8")
    data = js(None, "replay", "--house", str(SIRTIN), str(tmp_path / "t.txt"))
    grand = {p["name"]: p["totals"]["grand"] for p in data["players"]}
    assert grand == {"Alice": 25 + 24, "Bob": 30}      # the carré: the four sixes
    assert data["config_key"].startswith("house/sirtin#")
    # without a rules line: --house says what they are
    text = hand_written(rules="")
    assert js(None, "replay", "--house", str(SIRTIN), "-", input=text)["players"] == \
        data["players"]
    # and the shown text says the sheet's title
    shown = ok(None, "replay", "--house", str(SIRTIN), str(tmp_path / "t.txt")).stdout
    assert "Yams du Sirtin" in shown and "Grand total" in shown


def test_replay_house_name_reads_a_saved_sheet(tmp_path):
    db = str(tmp_path / "db")
    (tmp_path / "db").mkdir()
    ok(db, "house", "new", "club", "--from", "classic")
    text = "rules: house\nplayers: Alice\ncolumns: libre\n\nAlice: 66666/1 -> yam\n"
    data = js(db, "replay", "--house", "club", "-", input=text)
    assert data["config_key"].startswith("house/club#")
    assert data["players"][0]["totals"]["grand"] == 100 + 5 * 6         # C2: the base and the dice


def test_a_transcript_of_a_house_sheet_without_its_rules_is_one_error(tmp_path):
    result = run(None, "replay", "-", input=hand_written())
    one_line_error(result, "line 5", "house sheet", "--house")


def test_replay_house_refuses_another_sheet_than_the_one_held(tmp_path):
    db, other = str(tmp_path / "db"), tmp_path / "sirtin.toml"
    play(db, SIRTIN, ["Alice"], SOLO[:2])
    text = ok(db, "transcript").stdout
    shutil.copy(SIRTIN, other)
    edit_sirtin(other)
    result = run(None, "replay", "--house", str(other), "-", input=text)
    line = one_line_error(result, "line 3", "sirtin#19dade6bf3", "leave out --house")
    assert js(None, "replay", "--house", str(SIRTIN), "-", input=text)["players"] == \
        js(db, "sheet")["players"]                      # the same sheet: fine
    assert "sirtin#" in line.split("not those of ")[1]


@pytest.mark.parametrize("text", [
    "rules: classic\nplayers: Alice\nAlice: 55533/2 -> full\n",
    "rules: classic\nhouse: {}\nplayers: Alice\nAlice: 55533/2 -> full\n"])
def test_a_built_in_family_does_not_go_with_a_house_sheet(text):
    args = ["--house", str(SIRTIN)] if "house:" not in text else []
    result = run(None, "replay", *args, "-", input=text)
    if args:
        one_line_error(result, "'rules: classic'", "rules: house")
    else:                       # an empty sheet is refused as a sheet
        one_line_error(result, "line 2")


@pytest.mark.parametrize("value", ["{not json", "[1, 2]", '"sirtin"'])
def test_a_house_header_that_is_not_rules_is_one_error_with_its_line(value):
    text = f"# a\nrules: house\nhouse: {value}\nplayers: Alice\nAlice: 55533/2 -> full\n"
    one_line_error(run(None, "replay", "-", input=text), "line 3", "'house:'", "JSON")


def test_a_hash_in_the_sheet_does_not_start_a_comment(tmp_path):
    house = tmp_path / "club.toml"
    house.write_text(SIRTIN.read_text(encoding="utf-8").replace(
        'title = "Yams du Sirtin"', 'title = "Yams n#2 du club"'), encoding="utf-8")
    db = str(tmp_path / "db")
    play(db, house, ["Alice"], SOLO[:3])
    text = ok(db, "transcript").stdout
    assert "#2" not in text.splitlines()[2]             # escaped in the JSON
    replayed = js(None, "replay", "-", input=text)
    assert replayed["label"] == "Yams n#2 du club" == js(db, "sheet")["label"]


def test_a_player_named_like_the_header_still_plays_a_built_in_transcript():
    text = "rules: duel\nplayers: house, Bob\n\nhouse: 55533/2 -> full\nBob: 12345/1 -> 1\n"
    data = js(None, "replay", "-", input=text)
    assert [p["name"] for p in data["players"]] == ["house", "Bob"]
    assert data["players"][0]["totals"]["grand"] == 25


def test_a_player_named_like_the_header_plays_a_house_game_too(tmp_path):
    db = str(tmp_path / "db")
    play(db, SIRTIN, ["house", "Bob"], [("55533/2", "full")])
    text = ok(db, "transcript").stdout
    assert "\nhouse: 33555/2 -> full\n" in text
    assert js(None, "replay", "-", input=text) == js(db, "sheet")
