"""`yams history --csv / --bgstats` and `yams stats --csv`: the record book for spreadsheets
and for the BG Stats app."""

from __future__ import annotations

import csv
import io
import json

from helpers import js, ok, one_line_error, run
from test_cli_book import YAM, play_duel

from yams_scorekeeper.engine.book_csv import HISTORY_COLUMNS, inert
from yams_scorekeeper.store import Store


def csv_out(*args) -> str:
    """What ``yams ARGS`` writes on standard output, line ends as written."""
    return ok(*args).stdout_bytes.decode("utf-8")


def parsed(text: str) -> list[dict]:
    """The CSV read back by the csv module: RFC 4180 line ends, a header, then records."""
    assert text.endswith("\r\n") and "\n" not in text.replace("\r\n", "")
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert tuple(rows[0]) == HISTORY_COLUMNS
    return [dict(zip(rows[0], row, strict=True)) for row in rows[1:]]


def lines_of_json(games: list[dict]) -> list[dict]:
    """``history --json`` as the CSV says it: one line per player, every cell a string."""
    out = []
    for game in games:
        for p in game["players"]:
            out.append({"date": game["date"], "game": game["game"],
                        "rules": game["config_label"], "config_key": game["config_key"],
                        "player": p["name"], "total": str(p["total"]),
                        "rank": "" if p["rank"] is None else str(p["rank"]),
                        "stopped": "true" if game["stopped_early"] else "false",
                        "corrections": str(game["amendments"]), "evening": ""})
    return out


def test_history_csv_parsed_back_equals_history_json(book, tmp_path):
    db, ids = book
    ok(db, "fix", "1", "11112/1", "--game", ids[0][:8])
    games = js(db, "history", "--oldest-first", "--limit", "0")["games"]
    assert games[0]["amendments"] == 1
    out = csv_out(db, "history", "--csv", "-")
    assert parsed(out) == lines_of_json(games)
    assert len(parsed(out)) == 6 and parsed(out)[-1]["stopped"] == "true"
    # one player, one period, to a file: the same lines as the JSON of the same filters
    path = tmp_path / "alice.csv"
    said = ok(db, "history", "-p", "alice", "--since", "2024-05", "--csv", str(path)).stdout
    assert said.strip() == f"4 lines written to {path}"
    chosen = js(db, "history", "-p", "alice", "--since", "2024-05", "--oldest-first")["games"]
    assert parsed(path.read_bytes().decode()) == lines_of_json(chosen)
    assert len(chosen) == 2
    # --year is --since YEAR --until YEAR; one game by --game
    assert csv_out(db, "history", "--year", "2024", "--csv", "-") == out
    one = parsed(csv_out(db, "history", "--game", ids[1][:8], "--csv", "-"))
    assert {r["game"] for r in one} == {ids[1]} and [r["player"] for r in one] == ["Bob", "Alice"]


def test_a_name_that_looks_like_a_formula_comes_out_inert(tmp_path):
    db = str(tmp_path / "store")
    play_duel(db, {"=1+1": YAM, "@SUM(A1)": {}, "-2": {}, "+33 6": {}})
    records = parsed(csv_out(db, "history", "--csv", "-"))
    assert [r["player"] for r in records] == ["'=1+1", "'@SUM(A1)", "'-2", "'+33 6"]
    # every cell that a spreadsheet would evaluate starts with the quote; numbers stay numbers
    for record in records:
        for value in record.values():
            assert not value.startswith(("=", "+", "@", "\t", "\r")), value
            assert not value.startswith("-") or value.lstrip("-").isdigit()
    assert [inert(x) for x in ("=A1", "plain", -5, 2.5, None, True)] == [
        "'=A1", "plain", -5, 2.5, "", "true"]
    # a tab, a carriage return or any control character: made visible, so inert
    assert [inert(x) for x in ("\tTab", "\rCR", "a\x1bb")] == ["\\x09Tab", "\\x0dCR",
                                                               "a\\x1bb"]


def test_the_evening_column_reads_the_summary(book, tmp_path):
    from yams_scorekeeper.engine.book_csv import evening_of, history_lines

    assert evening_of({"evening": "2024-05-01-club"}) == "2024-05-01-club"
    assert evening_of({"soiree": {"id": "s1", "name": "Club"}}) == "s1"
    assert evening_of({"soiree": True}) is None and evening_of({}) is None
    db, ids = book
    summary = Store(db).summaries()[0]
    lines = list(history_lines([{**summary, "evening": "s7"}]))
    assert {line[-1] for line in lines} == {"s7"}


def test_stats_csv(book, tmp_path):
    db, _ = book
    rows = list(csv.reader(io.StringIO(csv_out(db, "stats", "Alice", "--csv", "-"),
                                       newline="")))
    data = js(db, "stats", "Alice")
    assert rows[0][:7] == ["player", "rules", "config_key", "family", "games", "complete", "wins"]
    cfg = data["by_config"]["duel"]
    assert rows[1][:8] == ["Alice", "Duel au Yam", "duel", "duel", "3", "2", str(cfg["wins"]),
                           str(cfg["win_rate"])]
    assert float(rows[1][8]) == cfg["average"] == 237
    assert rows[1][10:12] == ["262", "212"]
    by_row = list(csv.reader(io.StringIO(csv_out(db, "stats", "Alice", "--rows", "--csv", "-"),
                                         newline="")))
    rows_json = js(db, "stats", "Alice", "--rows")["by_config"]["duel"]["rows"]
    assert [r[4] for r in by_row[1:]] == [line["row"] for line in rows_json]
    assert [float(r[6]) for r in by_row[1:]] == [line["average"] for line in rows_json]


# -- BG Stats --------------------------------------------------------------------------------

#: the fields of a BG Stats play file, as its import format names them (the "Play file" BG
#: Stats writes and reads: players, locations, games, plays with playerScores); type of each
PLAY_FILE = {"about": str, "players": list, "locations": list, "games": list, "plays": list}
PLAYER = {"id": int, "uuid": str, "name": str, "isAnonymous": bool}
LOCATION = {"id": int, "uuid": str, "name": str}
GAME = {"id": int, "uuid": str, "name": str, "cooperative": bool, "highestWins": bool,
        "noPoints": bool, "usesTeams": bool}
PLAY = {"uuid": str, "gameRefId": int, "playDate": str, "durationMin": int, "ignored": bool,
        "manualWinner": bool, "rounds": int, "playerScores": list}
SCORE = {"playerRefId": int, "score": str, "winner": bool, "rank": int, "startPlayer": bool,
         "seatOrder": int, "newPlayer": bool}


def valid(obj: dict, fields: dict, optional: dict | None = None) -> None:
    """Every field named, of its type, and no other (optional ones may be there)."""
    optional = optional or {}
    assert set(fields) <= set(obj) <= set(fields) | set(optional), sorted(obj)
    for name, kind in {**fields, **optional}.items():
        if name in obj:
            assert type(obj[name]) is kind, (name, obj[name])


def test_bgstats_play_file_has_the_fields_its_format_names(book, tmp_path):
    import datetime as dt
    import uuid

    db, ids = book
    path = tmp_path / "plays.json"
    assert ok(db, "history", "--bgstats", str(path)).stdout.strip() == (
        f"3 plays written to {path}")
    data = json.loads(path.read_text(encoding="utf-8"))
    valid(data, PLAY_FILE)
    for player in data["players"]:
        valid(player, PLAYER)
        uuid.UUID(player["uuid"])
    for game in data["games"]:
        valid(game, GAME)
    assert [p["name"] for p in data["players"]] == ["Alice", "Bob", "Chloé"]
    assert [g["name"] for g in data["games"]] == ["Yams · Duel au Yam"]
    ref = {p["id"]: p["name"] for p in data["players"]}
    for play in data["plays"]:
        valid(play, PLAY, {"locationRefId": int})
        dt.datetime.strptime(play["playDate"], "%Y-%m-%d %H:%M:%S")
        assert play["gameRefId"] == data["games"][0]["id"]
        for score in play["playerScores"]:
            valid(score, SCORE)
            assert score["playerRefId"] in ref
    first, second, stopped = data["plays"]
    # game 1: Alice 262 beat Bob 212, Alice sat first; game 2: Bob 267 beat Alice 212
    assert [(ref[s["playerRefId"]], s["score"], s["winner"], s["rank"], s["startPlayer"])
            for s in first["playerScores"]] == [("Alice", "262", True, 1, True),
                                                ("Bob", "212", False, 2, False)]
    assert [(ref[s["playerRefId"]], s["winner"]) for s in second["playerScores"]] == [
        ("Bob", True), ("Alice", False)]
    # a Duel stopped early has no winner (G7); Chloé sat first
    assert [(ref[s["playerRefId"]], s["winner"], s["startPlayer"], s["seatOrder"])
            for s in stopped["playerScores"]] == [("Chloé", False, True, 0),
                                                  ("Alice", False, False, 1)]
    # the same games give the same uuids (the app then does not count a play twice)
    again = json.loads(ok(db, "history", "--bgstats", "-", "-p", "bob").stdout)
    assert [p["uuid"] for p in again["plays"]] == [p["uuid"] for p in data["plays"][:2]]
    one = json.loads(ok(db, "history", "--bgstats", "-", "--game", ids[2][:10]).stdout)
    assert [p["uuid"] for p in one["plays"]] == [stopped["uuid"]]


def test_bad_year_and_unknown_game_are_one_line_errors(book):
    db, _ = book
    one_line_error(run(db, "history", "--year", "24", "--csv", "-"), "--year")
    one_line_error(run(db, "history", "--year", "2024", "--since", "2023"), "--year")
    one_line_error(run(db, "history", "--game", "zzzz", "--csv", "-"), "zzzz", code=4)


def test_the_place_and_the_duration_go_to_bgstats(tmp_path):
    from test_cli_book import DICE

    from yams_scorekeeper.engine.config import make_config
    from yams_scorekeeper.store.session import TableSession

    db = str(tmp_path / "store")
    assert ok(db, "new", "-R", "duel", "-p", "Ana", "-p", "Léo", "--place", " Chez Mamie ")
    (game,) = Store(db).games_in_progress()
    assert Store(db).load_game(game["id"])["place"] == "Chez Mamie"
    ok(db, "end")
    ticks = iter(f"2024-05-01T20:{m:02d}:00+02:00" for m in range(0, 60))
    session = TableSession.start(Store(db), make_config("duel", ["Ana", "Léo"]),
                                 clock=lambda: next(ticks), place="Chez Mamie")
    for row in DICE:
        for _ in range(2):
            session.enter(DICE[row], 3)
            session.mark(None, row)
    data = json.loads(ok(db, "history", "--bgstats", "-").stdout)
    assert data["locations"] == [{"id": 1, "uuid": data["locations"][0]["uuid"],
                                  "name": "Chez Mamie"}]
    played, stopped = data["plays"]          # by date: 2024, then today
    assert "locationRefId" in stopped and played["locationRefId"] == 1
    # created at 20:00, the summary dated by the clock's next tick after the last entry
    summary = Store(db).archived_entry(session.game.id)["summary"]
    assert played["durationMin"] == int(summary["date"][14:16]) == 1
    assert played["playDate"] == "2024-05-01 20:00:00"


def test_csv_with_no_file_writes_to_standard_output(book, tmp_path, monkeypatch):
    db, _ = book
    dash = csv_out(db, "history", "--csv", "-")
    assert csv_out(db, "history", "--csv") == dash                  # last on the line
    assert csv_out(db, "history", "--csv", "--limit", "0") == dash  # before another option
    assert csv_out(db, "stats", "Alice", "--csv") == csv_out(db, "stats", "Alice", "--csv", "-")
    folder = tmp_path / "here"
    folder.mkdir()
    monkeypatch.chdir(folder)                     # a FILE is still a file, named as typed
    assert ok(db, "history", "--csv", "out.csv").stdout.startswith("6 lines written")
    assert list(folder.iterdir()) == [folder / "out.csv"]
    assert (folder / "out.csv").read_bytes().decode() == dash
