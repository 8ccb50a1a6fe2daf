"""`yams records/history/stats/export/import` on a temp store holding a few finished games."""

from __future__ import annotations

import json
import os

import pytest
from helpers import js, ok, one_line_error, run

from yams_scorekeeper.engine.config import make_config
from yams_scorekeeper.store import Store
from yams_scorekeeper.store.session import TableSession

#: Duel au Yam dice per row: rows 1-6 make 3+6+9+12+20+12 = 62 (no bonus), figures
#: 12+20+25+30+40+0+23 = 150: 212; a yam (66666) makes 262, a chance of 66655 five more.
DICE = {"1": "11123", "2": "22256", "3": "33345", "4": "44412", "5": "55551", "6": "66123",
        "brelan": "44456", "carre": "55552", "full": "33322", "petite-suite": "12346",
        "grande-suite": "23456", "yam": "11234", "chance": "65543"}
YAM = {"yam": "66666"}
BIG_CHANCE = {"chance": "66655"}


def play_duel(db: str, players: dict[str, dict], turns: int | None = None,
              leave_last: bool = False, at: str | None = None) -> str:
    """A Duel game played through the session: each player fills the rows in DICE order with
    DICE and their own overrides; ``turns`` stops the game after that many rounds;
    ``leave_last`` leaves the last turn (the chance row of the last player) to be played;
    ``at``: the time of every event (default: the system clock, to the second)."""
    from yams_scorekeeper.base.clock import fixed_clock, system_clock

    session = TableSession.start(Store(db), make_config("duel", list(players)),
                                 clock=fixed_clock(at) if at else system_clock)
    for n, row in enumerate(DICE):
        if turns is not None and n == turns:
            session.end()
            break
        for name, overrides in players.items():
            if leave_last and row == "chance" and name == list(players)[-1]:
                return session.game.id
            session.enter(overrides.get(row, DICE[row]), 3)
            session.mark(None, row)
    assert session.game.finished
    return session.game.id


DATES = ("2024-04-30T20:00:00+00:00", "2024-05-01T21:30:00+00:00", "2024-06-15T18:00:00+00:00")


# -- records ----------------------------------------------------------------------------------


def test_records_json_best_of_each_part(book):
    db, ids = book
    data = js(db, "records")
    assert data["games_counted"] == 3 and list(data["configs"]) == ["duel"]
    duel = data["configs"]["duel"]
    assert duel["label"] == "Duel au Yam" and duel["family"] == "duel"
    records = duel["records"]
    assert (records["total"]["value"], records["total"]["player"], records["total"]["game"]) == (
        267, "Bob", ids[1])
    assert records["figures"]["value"] == 205 and records["figures"]["player"] == "Bob"
    assert records["chiffres"]["value"] == 62 and records["chiffres"]["game"] == ids[0]
    # equal 62s later: listed in each summary's order (ranking order: Bob won game 2)
    assert [t["player"] for t in records["chiffres"]["tied"]] == ["Bob", "Bob", "Alice"]
    assert js(db, "records", "--rules", "gaby") == {"configs": {}, "games_counted": 3}
    assert js(db, "records", "--rules", "duel-au-yam")["configs"] == data["configs"]


def test_records_table(book):
    db, _ = book
    out = ok(db, "records").stdout
    assert "Duel au Yam" in out
    grand = next(line for line in out.splitlines() if "Grand total" in line)
    assert "267" in grand and "Bob" in grand
    # the 62 of chiffres, equalled by Bob twice then Alice: each player once, with the times
    chiffres = next(line for line in out.splitlines() if "Chiffres" in line)
    assert chiffres.split()[1:] == ["62", "Alice", "2024-04-30", "Bob", "×2,", "Alice"]
    assert "Total général" in ok(db, "records", lang="fr").stdout
    assert max(len(line) for line in out.splitlines()) <= 80


def test_records_of_an_empty_store_and_bad_family(tmp_path):
    db = str(tmp_path / "empty")
    os.makedirs(db)                                    # an empty folder is a new store
    assert "No record yet" in ok(db, "records").stdout
    one_line_error(run(db, "records", "--rules", "poker"), "unknown rule set 'poker'", code=2)


def test_the_mark_that_ends_a_game_reports_the_records_beaten(book):
    db, _ = book
    # Alice: rows 1-6 make 80 (+35), figures 205: 320, beating Bob's 267 and the 62 of chiffres
    play_duel(db, {"Alice": {"6": "66666", **YAM, **BIG_CHANCE}, "Bob": {}}, leave_last=True)
    ok(db, "enter", "65543/3")
    out = ok(db, "mark", "chance").stdout
    assert "Game over." in out
    assert "New record, Duel au Yam: grand total 320 by Alice (was 267 by Bob, 2024-05-01)" in out
    assert "New record, Duel au Yam: chiffres 115 by Alice (was 62 by Alice, 2024-04-30)" in out
    assert "figures" not in out                     # 205 equals the record: a tie, not beaten
    data = js(db, "records")["configs"]["duel"]["records"]
    assert data["total"]["value"] == 320 and data["figures"]["tied"][-1]["player"] == "Alice"


# -- history ----------------------------------------------------------------------------------


def test_history_json_filters(book):
    db, ids = book
    assert [g["game"] for g in js(db, "history")["games"]] == ids[::-1]      # newest first
    games = js(db, "history", "--oldest-first")["games"]
    assert [g["game"] for g in games] == ids
    assert games[0]["players"] == [{"name": "Alice", "total": 262, "rank": 1},
                                   {"name": "Bob", "total": 212, "rank": 2}]
    assert [g["stopped_early"] for g in games] == [False, False, True]
    alice = js(db, "history", "--player", "ALICE", "--oldest-first")["games"]
    assert [(g["player"], g["total"], g["rank"]) for g in alice] == [
        ("Alice", 262, 1), ("Alice", 212, 2), ("Alice", 3, 2)]
    assert [g["game"] for g in js(db, "history", "-p", "chloé")["games"]] == [ids[2]]
    assert js(db, "history", "--rules", "gaby")["games"] == []
    assert len(js(db, "history", "--rules", "duel")["games"]) == 3


def test_history_table(book):
    db, _ = book
    out = ok(db, "history", "--player", "Bob").stdout
    lines = [line for line in out.splitlines() if "Duel au Yam" in line]
    assert len(lines) == 2 and "1. Bob 267" in lines[0] and "2. Alice 212" in lines[0]
    assert "(stopped)" in ok(db, "history").stdout
    assert "(arrêtée)" in ok(db, "history", lang="fr").stdout
    assert "No finished game matches." in ok(db, "history", "-p", "Zoé").stdout


def test_history_dates(book):
    db, ids = book
    dated = db

    def ids_of(*args):
        return [g["game"] for g in js(dated, "history", "--oldest-first", *args)["games"]]

    assert ids_of("--since", "2024-05-01") == ids[1:]
    assert ids_of("--until", "2024-05-01") == ids[:2]          # the whole day counts
    assert ids_of("--since", "2024-05", "--until", "2024-05") == [ids[1]]
    assert ids_of("--since", "2024-07-01") == []
    one_line_error(run(dated, "history", "--since", "2024-13-01"),
                   "--since '2024-13-01' is not a date", code=2)
    one_line_error(run(dated, "history", "--until", "yesterday"), "is not a date", code=2)


def test_history_pages(book):
    db, ids = book
    newest = ids[::-1]

    def ids_of(*args):
        return [g["game"] for g in js(db, "history", *args)["games"]]

    assert ids_of("--limit", "2") == newest[:2]
    assert ids_of("--limit", "2", "--page", "2") == newest[2:]
    assert ids_of("--limit", "2", "--page", "3") == []
    assert ids_of("--limit", "0") == newest
    assert ids_of("--limit", "1", "--page", "2", "--oldest-first") == [ids[1]]
    assert ids_of("-p", "alice", "--rules", "duel", "--since", "2024-05",
                  "--limit", "1") == [ids[2]]
    out = ok(db, "history", "--limit", "2").stdout
    assert "games 1-2 of 3; the next ones: --page 2, all: --limit 0" in out
    assert "--page" not in ok(db, "history").stdout
    last = ok(db, "history", "--limit", "2", "--page", "2", lang="fr").stdout
    assert "parties 3 à 3 sur 3" in last and "--page" not in last
    one_line_error(run(db, "history", "--page", "0"), "--page", code=2)


# -- stats ------------------------------------------------------------------------------------


def test_stats_json(book):
    db, ids = book
    data = js(db, "stats", "alice")
    assert (data["games"], data["complete"], data["wins"]) == (3, 2, 1)
    assert data["average"] == 237
    assert (data["best"]["total"], data["best"]["game"]) == (262, ids[0])
    assert (data["worst"]["total"], data["worst"]["game"]) == (212, ids[1])
    assert [row["game"] for row in data["history"]] == ids and data["history_total"] == 3
    assert data["by_config"]["duel"]["games"] == 3
    chloe = js(db, "stats", "Chloé")
    # G7: a Duel stopped after one round has no winner (Chloé led 4 to 3)
    assert (chloe["games"], chloe["wins"], chloe["average"], chloe["best"]) == (1, 0, None, None)


def test_stats_chart_draws_a_bar_per_game(book):
    db, _ = book
    out = ok(db, "stats", "Alice").stdout
    lines = out.splitlines()
    assert lines[0] == "Alice: games 3 (2 complete), wins 1 (33 % of the games of two or more)"
    duel = next(line for line in lines if line.strip().startswith("Duel au Yam"))
    # games, wins, win rate, average, median, best, worst, std dev (of 262 and 212)
    assert duel.split()[3:] == ["3", "1", "33", "%", "237", "237", "262", "212", "25"]
    bars = [line for line in lines if "█" in line or "▏" in line]
    assert len(bars) == 3
    lengths = [line.count("█") for line in bars]
    assert lengths[0] > lengths[1] > lengths[2] and lengths[0] >= 40   # scaled to the width
    assert [line.split()[-1] for line in bars] == ["262", "212", "3"]
    assert max(len(line) for line in lines) <= 80
    assert "Alice : totaux" in ok(db, "stats", "Alice", lang="fr").stdout


def test_stats_unknown_player(book):
    db, _ = book
    one_line_error(run(db, "stats", "Zoé"), "no finished game for player 'Zoé'",
                   "Alice, Bob, Chloé", code=2)
    one_line_error(run(db, "stats"), "name the player", code=2)


# -- export / import ----------------------------------------------------------------------------


def archive_bytes(db: str) -> dict[str, bytes]:
    """Every file of the store's archive (one a finished game) and of its record book."""
    files = [os.path.join("archive", name) for name in os.listdir(os.path.join(db, "archive"))]
    return {name: open(os.path.join(db, name), "rb").read()
            for name in files + ["records.json"]}


def test_export_then_import_twice(book, tmp_path):
    db, ids = book
    path = tmp_path / "book.json"
    out = ok(db, "export", str(path)).stdout
    assert out.strip() == f"3 finished games exported to {path}"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "yams-scorekeeper-book" and data["version"] == 1
    assert [g["doc"]["id"] for g in data["games"]] == ids
    assert all(set(g) == {"doc", "summary", "transcript"} for g in data["games"])
    assert data["records"]["configs"]["duel"]["records"]["total"]["value"] == 267
    # each transcript replays to the totals of its summary
    for game in data["games"]:
        replayed = js(None, "replay", "-", input=game["transcript"])
        totals = {p["name"]: p["totals"]["grand"] for p in replayed["players"]}
        assert totals == {p["name"]: p["total"] for p in game["summary"]["players"]}

    fresh = str(tmp_path / "fresh")
    assert js(fresh, "import", str(path)) == {"added": 3, "skipped": 0}
    after_first = archive_bytes(fresh)
    assert ok(fresh, "import", str(path)).stdout.strip() == \
        "0 games added, 3 skipped (already in the store)"
    assert js(fresh, "import", "-", input=path.read_text(encoding="utf-8")) == {
        "added": 0, "skipped": 3}
    assert archive_bytes(fresh) == after_first
    assert js(fresh, "records")["configs"] == js(db, "records")["configs"]
    assert js(fresh, "history") == js(db, "history")
    assert js(fresh, "stats", "Bob") == js(db, "stats", "Bob")


def test_export_to_stdout_and_french_messages(book, tmp_path):
    db, _ = book
    data = json.loads(ok(db, "export", "-").stdout)
    assert len(data["games"]) == 3
    fresh = str(tmp_path / "fresh")
    path = tmp_path / "b.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert ok(fresh, "import", str(path), lang="fr").stdout.strip() == \
        "3 parties ajoutées, 0 ignorée (déjà dans le registre)"   # French: 0 is singular


def test_import_refuses_bad_files_and_changes_nothing(book, tmp_path):
    db, _ = book
    before = archive_bytes(db)
    bad = tmp_path / "bad.json"
    bad.write_text("rules: duel\n", encoding="utf-8")
    one_line_error(run(db, "import", str(bad)), "is not JSON", "nothing was imported", code=4)
    bad.write_text(json.dumps({"format": "something else"}), encoding="utf-8")
    one_line_error(run(db, "import", str(bad)), "wrong 'format'", code=4)
    one_line_error(run(db, "import", str(tmp_path / "missing.json")), "cannot read", code=2)
    one_line_error(run(db, "import"), "name the file", code=2)
    one_line_error(run(db, "export", str(tmp_path / "no" / "dir" / "x.json")), "cannot write",
                   code=2)
    assert archive_bytes(db) == before


@pytest.mark.parametrize("command", ["records", "history", "stats", "export", "import"])
def test_every_command_has_help_with_an_example(command):
    result = run(None, command, "--help")
    assert result.exit_code == 0
    assert "Example" in result.stdout
    assert f"  yams {command}" in result.stdout      # examples stay indented under the title
    assert "--db" in result.stdout


def test_import_replays_each_game_and_refuses_a_false_summary(book, tmp_path):
    """An imported book is checked, not trusted: a summary whose total its own events do not
    make, or events the rules refuse, stop the import and nothing is added."""
    db, _ = book
    path = tmp_path / "book.json"
    ok(db, "export", str(path))
    data = json.loads(path.read_text(encoding="utf-8"))
    fresh = str(tmp_path / "fresh")
    os.makedirs(fresh)
    ok(fresh, "games")                                 # an empty store

    forged = json.loads(json.dumps(data))
    forged["games"][0]["summary"]["players"][0]["total"] = 9999
    path.write_text(json.dumps(forged), encoding="utf-8")
    one_line_error(run(fresh, "import", str(path)), "does not match", "nothing was imported",
                   code=4)

    broken = json.loads(json.dumps(data))
    first = next(e for e in broken["games"][0]["doc"]["events"] if e["type"] == "enter")
    first["dice"] = ["9", "9"]
    path.write_text(json.dumps(broken), encoding="utf-8")
    one_line_error(run(fresh, "import", str(path)), "does not replay", code=4)
    assert js(fresh, "history")["games"] == []
