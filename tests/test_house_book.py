"""The record book by house sheet (issue 22's gap): ``yams records``, ``history`` and ``stats
--rows`` take ``--house NAME|FILE`` (every version of that sheet, each its own configuration)
and ``--rules house`` (every house sheet)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from helpers import js, ok, one_line_error, run

REPO = Path(__file__).resolve().parent.parent
SIRTIN = REPO / "examples" / "house" / "sirtin.toml"

#: a whole solo game of a sirtin-like sheet, (coup, cell): 267 points on sirtin.toml
SOLO = [("11123/3", "1"), ("22245/2", "2"), ("33361/3", "3"), ("44412/1", "4"),
        ("55512/3", "5"), ("66612/2", "6"), ("44456/3", "brelan"), ("33332/2", "carre"),
        ("22555/1", "full"), ("12345/2", "petite-suite"), ("23456/3", "grande-suite"),
        ("11111/3", "yams")]


def play_solo(db: str, player: str, *new: str) -> None:
    ok(db, "new", *new, "-p", player)
    for coup, row in SOLO:
        ok(db, "enter", coup)
        ok(db, "mark", f"libre.{row}")


@pytest.fixture(scope="module")
def book(tmp_path_factory) -> tuple[str, Path]:
    """A store with a game of sirtin.toml, one of the same file edited (a new version), one of
    another house sheet named sirtin-bis and one of Duel: (store, the edited file)."""
    root = tmp_path_factory.mktemp("book")
    db, house = str(root / "db"), root / "sirtin.toml"
    shutil.copy(SIRTIN, house)
    play_solo(db, "Alice", "--house", str(house))
    house.write_text(house.read_text(encoding="utf-8").replace("steps = [[63, 35]]",
                                                               "steps = [[63, 50]]"),
                     encoding="utf-8")
    play_solo(db, "Bob", "--house", str(house))
    other = root / "sirtin-bis.toml"
    shutil.copy(SIRTIN, other)
    play_solo(db, "Alice", "--house", str(other))
    ok(db, "new", "--rules", "duel", "-p", "Alice")
    ok(db, "end")
    return db, house


def test_records_house_name_is_every_version_of_that_sheet(book):
    db, house = book
    every = js(db, "records")["configs"]
    assert len(every) == 3                  # the two versions apart, the other sheet (duel
    chosen = js(db, "records", "--house", "sirtin")["configs"]      # stopped: no record)
    assert sorted(chosen) == sorted(k for k in every if k.startswith("house/sirtin#"))
    assert len(chosen) == 2
    assert sorted(c["records"]["total"]["value"] for c in chosen.values()) == [267, 267 + 15]
    assert js(db, "records", "--house", str(house))["configs"] == chosen    # a file: its name
    assert list(js(db, "records", "--house", "sirtin-bis")["configs"]) == \
        [k for k in every if k.startswith("house/sirtin-bis#")]
    assert js(db, "records", "--rules", "house")["configs"] == every
    text = ok(db, "records", "--house", "sirtin").stdout
    assert text.count("Yams du Sirtin") == 2 and "267" in text and "282" in text


def test_history_house_pages_and_counts_that_sheet_only(book):
    db, _ = book
    games = js(db, "history", "--house", "sirtin")["games"]
    # newest first, by date then id: two games played within a second share their date
    assert sorted((g["players"][0]["name"], g["players"][0]["total"]) for g in games) == \
        [("Alice", 267), ("Bob", 282)]
    assert {g["config_key"].split("/")[1].split("#")[0] for g in games} == {"sirtin"}
    assert len(js(db, "history", "--rules", "house")["games"]) == 3
    assert len(js(db, "history")["games"]) == 4
    page = ok(db, "history", "--house", "sirtin", "--limit", "1").stdout
    newest, other = (g["players"][0] for g in games)        # the JSON's order, the page's
    assert "games 1-1 of 2;" in page and f"{newest['name']} {newest['total']}" in page
    assert other["name"] not in page
    mine = js(db, "history", "--house", "sirtin", "--player", "alice")["games"]
    assert [g["total"] for g in mine] == [267]
    csv = ok(db, "history", "--house", "sirtin", "--csv", "-").stdout.splitlines()
    assert len(csv) == 1 + 2 and all("sirtin#" in line for line in csv[1:])


def test_stats_rows_house_is_that_sheet_only(book):
    db, _ = book
    data = js(db, "stats", "--rows", "--house", "sirtin")["by_config"]
    assert len(data) == 2 and all(k.startswith("house/sirtin#") for k in data)
    every = js(db, "stats", "--rows")["by_config"]
    assert set(data) < set(every)
    alice = js(db, "stats", "Alice", "--rows", "--house", "sirtin")["by_config"]
    assert len(alice) == 1 and {r["row"]: r["best"] for r in
                                next(iter(alice.values()))["rows"]}["yams"] == 50


def test_stats_house_without_rows_says_it_goes_with_rows(book):
    db, _ = book
    one_line_error(run(db, "stats", "Alice", "--house", "sirtin"), "--rows",
                   "per configuration")


def test_a_house_sheet_no_game_was_played_on_has_no_games(book):
    db, _ = book
    assert js(db, "history", "--house", "club")["games"] == []
    assert js(db, "records", "--house", "club")["configs"] == {}


@pytest.mark.parametrize(("args", "needles"), [
    (["--house", "sirtin", "--rules", "classic"], ["--rules", "--house"]),
    (["--house", "bad name!"], ["bad name!"]),
    (["--house", "missing.toml"], ["missing.toml"]),
    (["--house", " "], ["--house"]),
])
def test_a_bad_house_filter_is_one_error(book, args, needles):
    db, _ = book
    for command in ("records", "history"):
        one_line_error(run(db, command, *args), *needles)


def test_the_filter_key_is_a_start_of_the_configuration_key(book):
    """'sirtin' does not choose the games of 'sirtin-bis' (the '#' ends the name)."""
    db, _ = book
    keys = {g["config_key"] for g in js(db, "history", "--house", "sirtin")["games"]}
    assert not any(k.startswith("house/sirtin-bis") for k in keys)
    assert json.dumps(sorted(keys)).count("sirtin#") == 2
