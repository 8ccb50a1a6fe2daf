"""`yams new/enter/mark/cells/sheet/undo/end/games/replay/transcript` against a temp store."""

from __future__ import annotations

import json
import os

import pytest
from helpers import js, ok, one_line_error, run

from yams_scorekeeper.store import Store

#: Duel au Yam, one turn a row: (dice, roll, how Alice names the cell). Alice's rows 1-6 make
#: 3+6+9+16+20+18 = 72 (bonus 35), her figures 12+20+25+30+40+50+23 = 200: 307.
ALICE = [("1 1 1 2 3", "3", ".1"), ("22256", "2", "grille.2"), ("33345/3", None, ".3@1"),
         ("44442", "1", "#"), ("55551", "3", "#"), ("66612", "3", "#"),
         ("44456", "2", "brelan"), ("55552", "3", "Carré"), ("33322", "1", "full"),
         ("12346", "2", "petite-suite"), ("23456", "3", "Grande suite"), ("66666", "2", "yam"),
         ("65543", "3", "chance")]
#: Bob: rows 1-6 3+6+9+12+20+12 = 62 (no bonus), figures 12+20+25+30+40+0+23 = 150: 212.
BOB = {"1": "11123", "2": "22256", "3": "33345", "4": "44412", "5": "55551", "6": "66123",
       "brelan": "44456", "carre": "55552", "full": "33322", "petite-suite": "12346",
       "grande-suite": "23456", "yam": "11234", "chance": "65543"}


@pytest.fixture
def db(tmp_path):
    return str(tmp_path / "store")


def snapshot(path: str) -> dict[str, bytes]:
    """Every file of the store but the lock, with its bytes."""
    files = {}
    for folder, _, names in os.walk(path):
        for name in names:
            if name != "store.lock":
                full = os.path.join(folder, name)
                with open(full, "rb") as handle:
                    files[os.path.relpath(full, path)] = handle.read()
    return files


def number_of(cells: list[dict], row: str, column: str | None = None,
              coup: int | None = None) -> str:
    """The number 'yams mark' takes for this cell of the list."""
    for n, cell in enumerate(cells, 1):
        if cell["row"] == row and column in (None, cell["column"]) and coup in (None, cell["coup"]):
            return str(n)
    raise AssertionError(f"{column}.{row} not in the list")


def new_game(db, *args: str) -> str:
    return js(db, "new", *args)["game"]


# -- a whole game ---------------------------------------------------------------------------


def test_whole_duel_game_through_new_enter_mark(db):
    created = js(db, "new", "--rules", "duel", "--player", "Alice", "--player", "Bob")
    game_id = created["game"]
    assert created["players"] == ["Alice", "Bob"] and created["label"] == "Duel au Yam"
    bob_rows = list(BOB)
    last = None
    for turn, (dice, roll, cell) in enumerate(ALICE):
        entry = [*dice.split(), "--roll", roll] if roll else [dice]
        entered = js(db, "enter", *entry)
        assert entered["game"] == game_id and entered["player"] == "Alice"
        assert entered["coup"] == 1 and len(entered["cells"]) == 13 - turn
        if cell == "#":       # the number shown in the list, for rows 4 to 6
            cell = number_of(entered["cells"], str(turn + 1))
        marked = js(db, "mark", cell)
        assert marked["player"] == "Alice" and marked["next"] == "Bob"
        assert len(marked["marks"]) == 1
        row = bob_rows[turn]
        entered = js(db, "enter", f"{BOB[row]}/3")
        last = js(db, "mark", number_of(entered["cells"], row))
        assert last["marks"][0]["row"] == row
    assert last["finished"] is True and last["next"] is None
    assert last["ranking"] == [{"rank": 1, "name": "Alice", "total": 307},
                               {"rank": 2, "name": "Bob", "total": 212}]
    first_game = {(r["part"], r["player"], r["value"]) for r in last["records"]}
    assert ("total", "Alice", 307) in first_game
    assert all(r["previous"] is None for r in last["records"])
    assert js(db, "games") == {"games": []}
    archived = js(db, "sheet", "--game", game_id[:10])     # finished games by id
    totals = {p["name"]: p["totals"] for p in archived["players"]}
    assert totals["Alice"]["grand"] == 307 and totals["Alice"]["parts"] == {
        "chiffres": 107, "figures": 200}
    assert totals["Bob"]["details"]["chiffres"] == {"chiffres": 62, "bonus": 0, "total": 62}
    assert archived["finished"] and archived["current"] is None


def test_mark_prints_the_cell_the_total_and_who_is_next(db):
    new_game(db, "--rules", "duel", "-p", "Alice", "-p", "Bob")
    out = ok(db, "enter", "55533/2").stdout
    assert "Alice · coup 1 · 3 3 5 5 5 · roll 2" in out
    assert "Full" in out and "25" in out and "yams mark NUMBER" in out
    assert max(len(line) for line in out.splitlines()) <= 80
    out = ok(db, "mark", "full").stdout.splitlines()
    assert out[0].startswith("Alice wrote Full: 25")
    assert out[1:] == ["Alice, total: 25", "Next: Bob"]
    ok(db, "enter", "66666/1")
    out = ok(db, "mark", "yam", lang="fr").stdout
    assert "Bob inscrit Yam : 50" in out and "À suivre : Alice" in out


def test_new_prints_id_turn_order_and_label(db):
    out = ok(db, "new", "--rules", "gaby", "--player", "Alice", "--player", "Bob",
             "--order", "given").stdout
    lines = out.splitlines()
    assert lines[0].startswith("New game ") and "Yams Gaby (Descente / Libre" in lines[0]
    assert lines[1] == "Turn order: 1. Alice, 2. Bob"
    game_id = lines[0].split()[2].rstrip(":")
    assert js(db, "games")["games"][0]["id"] == game_id


# -- numbered cells, doblar, two coups --------------------------------------------------------


def test_numbered_mark_follows_the_legal_cells_order(db):
    new_game(db, "--rules", "gaby", "-p", "Alice", "-p", "Bob", "--order", "given")
    listed = js(db, "enter", "5", "5", "5", "3", "3", "--roll", "2")["cells"]
    now = js(db, "cells")
    assert (now["player"], now["coup"], now["cells"]) == ("Alice", 1, listed)
    n = number_of(listed, "full", "libre")
    table = ok(db, "cells").stdout
    line = next(line for line in table.splitlines() if line.strip().startswith(n + " "))
    assert "Libre · Full" in line and "41" in line
    marked = js(db, "mark", n)
    assert [(m["column"], m["row"], m["score"]) for m in marked["marks"]] == [
        ("libre", "full", 41)]
    alice = js(db, "sheet", "--player", "alice")["players"]
    assert len(alice) == 1 and alice[0]["marks"][0]["row"] == "full"


def test_doblar_in_gaby_writes_two_cells_and_spends_one(db):
    new_game(db, "--rules", "gaby", "-p", "Alice", "-p", "Bob", "--order", "given")
    js(db, "enter", "55533/2")
    second = js(db, "enter", "66666/1")
    assert second["coup"] == 2
    marked = js(db, "mark", "libre.full", "--doblar", "sec.yam")
    assert sorted((m["column"], m["row"], m["score"]) for m in marked["marks"]) == [
        ("libre", "full", 41), ("sec", "yam", 130)]
    assert marked["total"] == 41 + 2 * 130
    sheets = {p["name"]: p for p in js(db, "sheet")["players"]}
    assert sheets["Alice"]["counters"]["doblars_left"] == \
        sheets["Bob"]["counters"]["doblars_left"] - 1
    # Bob: a doblar by numbers, one from each coup
    js(db, "enter", "12345/1")
    cells = js(db, "enter", "22211/1")["cells"]
    marked = js(db, "mark", number_of(cells, "suite", "sec", 1), "--doblar",
                number_of(cells, "nenette", "sec", 2))
    assert sorted((m["row"], m["score"]) for m in marked["marks"]) == [("nenette", 60),
                                                                        ("suite", 45)]


def test_doblar_needs_two_coups_and_changes_nothing(db):
    new_game(db, "--rules", "gaby", "-p", "Alice", "-p", "Bob", "--order", "given")
    js(db, "enter", "55533/2")
    before = snapshot(db)
    one_line_error(run(db, "mark", "libre.full", "--doblar", "libre.max"), "[Y7]", code=3)
    assert snapshot(db) == before


def test_coup_option_picks_the_coup(db):
    new_game(db, "--rules", "gaby", "-p", "Alice", "-p", "Bob", "--order", "given")
    js(db, "enter", "55533/2")
    js(db, "enter", "55555/3")
    marked = js(db, "mark", "libre.brelan", "--coup", "1")
    assert marked["marks"][0]["score"] == 25 and marked["marks"][0]["dice"] == list("33555")


def test_scratch_writes_zero(db):
    new_game(db, "--rules", "gaby", "-p", "Alice", "-p", "Bob", "--order", "given")
    js(db, "enter", "66666/1")
    marked = js(db, "mark", "libre.yam", "--scratch")["marks"]
    assert [(m["row"], m["score"], m["scratch"]) for m in marked] == [("yam", 0, True)]
    js(db, "enter", "66666/1")
    marked = js(db, "mark", "Libre.Yam=0")["marks"]
    assert [(m["row"], m["score"], m["scratch"]) for m in marked] == [("yam", 0, True)]
    js(db, "enter", "12345/1")
    assert ok(db, "mark", "sec.suite=0").stdout.startswith("Alice scratched Sec · Suite: 0")


# -- undo and end ---------------------------------------------------------------------------


def test_undo_cancels_dice_then_a_mark(db):
    game_id = new_game(db, "--rules", "duel", "-p", "Alice", "-p", "Bob")
    js(db, "enter", "55533/2")
    out = ok(db, "undo").stdout
    assert out.splitlines() == ["Cancelled: Alice: dice 3 3 5 5 5 (roll 2)", "To play: Alice"]
    assert js(db, "cells")["cells"] == []
    js(db, "enter", "55533/2")
    js(db, "mark", "full")
    undone = js(db, "undo")
    assert undone["cancelled"]["type"] == "mark" and undone["player"] == "Alice"
    assert undone["coup"] == 1            # back to Alice's dice, the cell not written
    assert js(db, "sheet")["players"][0]["marks"] == []
    assert js(db, "mark", "brelan")["marks"][0]["score"] == 15
    store = Store(db)
    assert [e["type"] for e in store.load_game(game_id)["events"]] == [
        "enter", "undo", "enter", "mark", "undo", "mark"]


def test_undo_with_nothing_to_cancel(db):
    new_game(db, "--rules", "duel", "-p", "Alice")
    before = snapshot(db)
    one_line_error(run(db, "undo"), "nothing to undo", code=3)
    assert snapshot(db) == before


def test_end_stops_early_and_archives(db):
    game_id = new_game(db, "--rules", "duel", "-p", "Alice", "-p", "Bob")
    for dice, cell in (("55533/2", "full"), ("66666/1", "yam"), ("12345/3", "grande-suite")):
        js(db, "enter", dice)
        js(db, "mark", cell)
    js(db, "enter", "11111/1")
    one_line_error(run(db, "end"), "a turn is under way", code=3)
    ok(db, "undo")
    ended = js(db, "end")
    assert ended["stopped"] is True and ended["game"] == game_id
    assert ended["ranking"] == [{"rank": 1, "name": "Alice", "total": 65},
                                {"rank": 2, "name": "Bob", "total": 50}]
    assert ended["records"] == []         # a stopped game sets no record
    assert js(db, "games") == {"games": []}
    [entry] = Store(db).archived_games()
    assert entry["summary"]["stopped_early"] is True
    one_line_error(run(db, "end"), "no game in progress", code=4)


def test_end_prints_the_ranking(db):
    new_game(db, "--rules", "duel", "-p", "Alice", "-p", "Bob")
    js(db, "enter", "55533/2")
    js(db, "mark", "full")
    out = ok(db, "end", lang="fr").stdout
    assert "Partie arrêtée avant que les feuilles soient pleines : pas de vainqueur (G7)" \
        in " ".join(out.split()) and "Classement final" in out
    assert "1  Alice      25" in out and "2  Bob         0" in out
    assert "Alice gagne." not in out                        # G7: no winner outside Gaby


# -- sheet ------------------------------------------------------------------------------------


def test_sheet_json_marks_totals_counters(db):
    game_id = new_game(db, "--rules", "duel", "-p", "Alice", "-p", "Bob")
    js(db, "enter", "55552/3", "--joker", "2:5")
    js(db, "mark", "yam")
    js(db, "enter", "44412/2")
    js(db, "mark", ".4")
    data = js(db, "sheet")
    assert data["game"] == game_id and data["current"] == "Alice" and not data["finished"]
    alice, bob = data["players"]
    assert alice["marks"] == [{"column": "grille", "row": "yam", "score": 50, "scratch": False,
                               "dice": list("55555"), "roll": 3,
                               "why": alice["marks"][0]["why"]}]
    assert alice["totals"]["grand"] == 50 and alice["counters"]["jokers_left"] == 2
    assert bob["totals"]["parts"] == {"chiffres": 12, "figures": 0}
    assert bob["counters"]["jokers_left"] == 3 and bob["counters"]["cells_left"] == 12
    assert data["ranking"][0] == {"rank": 1, "name": "Alice", "total": 50}
    text = ok(db, "sheet").stdout
    assert "Grand total" in text and "Alice" in text and "2 jokers left" in text
    one_line_error(run(db, "sheet", "--player", "Zoé"), "no player 'Zoé'", code=2)


def test_sheet_grid_per_player_for_several_columns(db):
    new_game(db, "--rules", "classic", "-p", "Alice", "-p", "Bob")
    js(db, "enter", "66666/1")
    js(db, "mark", "libre.yam")
    out = ok(db, "sheet", "--player", "Alice").stdout
    assert "Libre" in out and "Descendante" in out and "Bob" not in out
    assert max(len(line) for line in out.splitlines()) <= 80


def test_sheet_and_replay_of_a_one_column_gaby_game(db):
    new_game(db, "--rules", "gaby", "-p", "Alice", "-p", "Bob", "--order", "given",
             "--column", "libre")
    js(db, "enter", "55533/2")
    js(db, "mark", "full")
    out = ok(db, "sheet").stdout
    assert "Yams Gaby (Libre)" in out and "Grand total: Alice 41 · Bob 0" in out
    text = ok(db, "transcript").stdout
    assert "Alice: 33555/2 -> full" in text
    assert "Grand total: Alice 41 · Bob 0" in ok(None, "replay", "-", input=text).stdout


# -- mistakes: one line, non-zero exit, nothing changed ----------------------------------------


@pytest.fixture
def game_under_way(db):
    """Alice wrote a full, Bob has entered 55533 after 2 rolls (Yams Gaby, one column each)."""
    game_id = new_game(db, "--rules", "gaby", "-p", "Alice", "-p", "Bob", "--order", "given",
                       "--column", "libre", "--column", "sec")
    js(db, "enter", "55533/2")
    js(db, "mark", "libre.full")
    js(db, "enter", "55533/2")
    return game_id


@pytest.mark.parametrize("args, code, needles", [
    (["enter", "12345", "--roll", "1"], 3, ["this turn already has its coup"]),
    (["mark", "sec.full"], 3, ["Sec: only a coup kept after at most 1 roll", "[Y4]"]),
    (["mark", "99"], 2, ["no cell number 99"]),
    (["mark", "full"], 2, ["say which column"]),
    (["mark", "libre.quinte"], 2, ["no row 'quinte'"]),
    (["mark", "libre.full", "--game", "nope"], 4, ["no game in progress with id 'nope'"]),
    (["mark", "libre.full", "--coup", "2"], 2, ["there is no coup 2"]),
    (["mark"], 2, ["say which cell"]),
])
def test_bad_entries_leave_the_store_unchanged(db, game_under_way, args, code, needles):
    before, doc = snapshot(db), Store(db).load_game(game_under_way)
    one_line_error(run(db, *args), *needles, code=code)
    assert snapshot(db) == before
    assert Store(db).load_game(game_under_way) == doc


def test_wrong_die_count_and_illegal_cell(db):
    game_id = new_game(db, "--rules", "duel", "-p", "Alice", "-p", "Bob")
    js(db, "enter", "55533/2")
    js(db, "mark", "full")
    js(db, "enter", "66666/1")
    js(db, "mark", "yam")
    before, doc = snapshot(db), Store(db).load_game(game_id)
    one_line_error(run(db, "enter", "5", "5", "3", "3", "--roll", "2"),
                   "4 dice typed, this game uses 5", code=2)
    one_line_error(run(db, "enter", "55539/2"), "9 is not a die face", code=2)
    one_line_error(run(db, "enter", "55533/4"), "above the maximum of 3", code=2)
    one_line_error(run(db, "enter", "55533"), "say after how many rolls", code=2)
    one_line_error(run(db, "enter", "55533/2", "--roll", "2"), "given twice", code=2)
    one_line_error(run(db, "mark", "full"), "enter the dice first", code=3)
    js(db, "enter", "55533/2")
    before, doc = snapshot(db), Store(db).load_game(game_id)
    one_line_error(run(db, "mark", "full"), "Full is already written", "[G3]", code=3)
    one_line_error(run(db, "--lang", "fr", "mark", "full"), "Full est déjà rempli", code=3)
    assert snapshot(db) == before and Store(db).load_game(game_id) == doc


def test_game_choice_errors(db):
    one_line_error(run(db, "cells"), "no game in progress", code=4)
    first = new_game(db, "--rules", "duel", "-p", "Alice")
    second = new_game(db, "--rules", "duel", "-p", "Bob")
    one_line_error(run(db, "cells"), "several games in progress", code=4)
    assert js(db, "enter", "12345/1", "--game", second[:8])["player"] == "Bob"
    assert js(db, "cells", "-g", first)["cells"] == []
    listed = js(db, "games")["games"]
    assert {g["id"] for g in listed} == {first, second}
    assert "Duel au Yam" in ok(db, "games").stdout


@pytest.mark.parametrize("args, needles", [
    ([], ["name the players"]),
    (["-p", "A", "-p", "a"], ["different"]),
    (["--rules", "poker", "-p", "A"], ["unknown rule set 'poker'"]),
    (["--rules", "gaby", "-p", "A", "--option", "doblar"], ["doblar needs the 2 coups", "[Y7]"]),
    (["-p", "A", "-p", "B", "--order", "dice"], ["needs each player's start die"]),
    (["-p", "A", "-p", "B", "--order", "dice", "--start-dice", "A=3"], ["no start die for B"]),
    (["-p", "A", "-p", "B", "--start-dice", "A=3 B=3"], ["tie for the start: A, B must roll"]),
    (["-p", "A", "-p", "B", "--start-dice", "A=3 C=2"], ["'C', who is not a player"]),
    (["-p", "A", "-p", "B", "--order", "random", "--start-dice", "A=1 B=2"],
     ["--start-dice goes with --order dice"]),
    (["-p", "A", "--order", "sideways"], ["unknown order 'sideways'"]),
    (["--rules", "duel", "-p", "A", "--setting", "yams=60"], ["unknown setting 'yams'"]),
    (["--rules", "duel", "-p", "A", "--setting", "yam"], ["cannot read the setting"]),
])
def test_new_refuses_bad_settings_and_creates_nothing(db, args, needles):
    one_line_error(run(db, "new", *args), *needles, code=2)
    assert Store(db).games_in_progress() == []


def test_new_options(db):
    ordered = js(db, "new", "--rules", "duel", "-p", "Alice", "-p", "Bob", "-p", "Chloé",
                 "--order", "dice", "--start-dice", "Alice=3 bob=2,5 Chloé=2,1")
    assert ordered["players"] == ["Chloé", "Alice", "Bob"]     # lowest, then seating order
    drawn = js(db, "new", "--rules", "duel", "-p", "Alice", "-p", "Bob", "--order", "random")
    assert sorted(drawn["players"]) == ["Alice", "Bob"]
    house = js(db, "new", "--rules", "duel", "-p", "Alice", "--setting", "yam=60")
    assert house["config"]["settings"] == {"yam": 60}
    js(db, "enter", "66666/1", "--game", house["game"])
    assert js(db, "mark", "yam", "--game", house["game"])["total"] == 60
    solo = js(db, "new", "--rules", "gaby", "-p", "Alice", "--preset", "gaby-solo")
    assert "bloquant" not in solo["config"]["options"] and "doblar" in solo["config"]["options"]
    small = js(db, "new", "--rules", "gaby", "-p", "Alice", "--column", "libre,sec",
               "--row", "nenette", "--option", "bloquant", "-p", "Bob")
    assert small["config"]["columns"] == ["libre", "sec"]
    assert small["config"]["optional_rows"] == ["nenette"]
    forced = js(db, "new", "--rules", "double", "-p", "A", "--variant", "force",
                "--direction", "croissant")
    assert forced["config_key"] == "double/force"          # both directions share (D11)
    imposed = js(db, "new", "--rules", "classic", "-p", "A", "--column", "imposee", "--imposed",
                 "yam,1,2,3,4,5,6,full,suite,carre,plus,moins")
    assert imposed["config"]["imposed"][0] == "yam"


# -- replay and transcript --------------------------------------------------------------------

TRANSCRIPT = """\
# a short game of Duel
rules: duel
players: Léa, Hugo

Léa: 55533/2 -> full
Hugo: 66666/1 -> yam
Léa: 55552/3 joker 2:5 -> yam
Hugo: 12345/3 -> grande-suite
"""


def test_replay_prints_sheets_and_totals_without_a_store(tmp_path):
    path = tmp_path / "soiree.txt"
    path.write_text(TRANSCRIPT, encoding="utf-8")
    store = tmp_path / "untouched"
    data = json.loads(run(str(store), "replay", "--json", str(path)).stdout)
    assert {p["name"]: p["totals"]["grand"] for p in data["players"]} == {"Léa": 75, "Hugo": 90}
    assert data["current"] == "Léa" and not data["finished"]
    out = ok(str(store), "replay", str(path)).stdout
    assert "Duel au Yam" in out and "Léa" in out and "To play: Léa" in out
    from_stdin = json.loads(ok(str(store), "replay", "-", "--json", input=TRANSCRIPT).stdout)
    assert from_stdin["players"] == data["players"]
    assert not store.exists()


def test_replay_names_the_broken_line_and_the_rule(tmp_path):
    broken = TRANSCRIPT + "Léa: 11111/1 -> full\n"
    path = tmp_path / "broken.txt"
    path.write_text(broken, encoding="utf-8")
    one_line_error(run(str(tmp_path / "s"), "replay", str(path)),
                   "line 9:", "Full is already written", "[G3]", code=3)
    one_line_error(run(None, "replay", "-", input=TRANSCRIPT.replace("12345/3", "1234/3")),
                   "line 8:", "4 dice typed", code=2)
    one_line_error(run(None, "--lang", "fr", "replay", "-", input="players: A\nA: 12345/1\n"),
                   "ligne 2", "rules", code=2)
    one_line_error(run(None, "replay", str(tmp_path / "missing.txt")), "cannot read", code=2)


def test_transcript_of_a_game_in_progress_and_archived(db, tmp_path):
    game_id = new_game(db, "--rules", "duel", "-p", "Léa", "-p", "Hugo")
    for dice, cell in (("55533/2", "full"), ("66666/1", "yam")):
        js(db, "enter", dice)
        js(db, "mark", cell)
    js(db, "enter", "55552/3", "--joker", "2:5")
    text = ok(db, "transcript").stdout
    assert "rules: duel" in text and f"id: {game_id}" in text
    assert text.splitlines()[-1] == "Léa: 25555/3 joker 2:5"
    replayed = js(None, "replay", "-", input=text)
    assert replayed["players"] == js(db, "sheet")["players"]
    js(db, "mark", "yam")
    js(db, "end")
    target = tmp_path / "out" / "game.txt"
    target.parent.mkdir()
    out = ok(db, "transcript", "--game", game_id[:6], "-o", str(target)).stdout
    assert str(target) in out
    written = target.read_text(encoding="utf-8")
    assert written.rstrip().endswith("end")
    assert js(None, "replay", str(target))["stopped"] is True
    assert [p.name for p in target.parent.iterdir()] == ["game.txt"]   # no temp file left
    one_line_error(run(db, "transcript", "--game", "zzz"), "no game with id 'zzz'", code=4)


# -- --db, help ---------------------------------------------------------------------------------


def test_db_option_beats_the_environment(tmp_path):
    env_store, option_store = str(tmp_path / "env"), str(tmp_path / "opt")
    game_id = js(env_store, "new", "--rules", "duel", "-p", "A", "--db", option_store)["game"]
    assert [g["id"] for g in Store(option_store).games_in_progress()] == [game_id]
    assert not os.path.exists(env_store)
    assert js(env_store, "games", "--db", option_store)["games"][0]["id"] == game_id


@pytest.mark.parametrize("command", ["new", "enter", "mark", "cells", "sheet", "undo", "end",
                                     "games", "replay", "transcript"])
def test_every_command_has_help_with_an_example(command):
    result = run(None, command, "--help")
    assert result.exit_code == 0
    assert "Example" in result.stdout
    assert f"  yams {command}" in result.stdout      # examples stay indented under the title
    if command not in ("replay",):
        assert "--db" in result.stdout


def test_a_damaged_game_file_does_not_stop_the_other_games(db):
    """A game file that cannot be read is reported (exit 4) and left as it is; the other
    games in progress are listed and go on (G5: bad data never costs data)."""
    healthy = js(db, "new", "--rules", "duel", "-p", "Ana", "-p", "Bob", "--json")["game"]
    broken = js(db, "new", "--rules", "duel", "-p", "Cy", "-p", "Dee", "--json")["game"]
    path = os.path.join(db, "games", broken + ".json")
    with open(path, "r+b") as f:
        f.truncate(40)
    damaged = open(path, "rb").read()

    listed = run(db, "games")
    assert listed.exit_code == 4
    assert healthy[:8] in listed.stdout and broken[:8] not in listed.stdout
    assert "cannot read" in listed.stderr and broken in listed.stderr

    ok(db, "enter", "--game", healthy[:6], "55533/2")
    assert js(db, "cells", "--game", healthy, "--json")["cells"]
    one_line_error(run(db, "enter", "--game", broken[:6], "55533/2"), "cannot read", code=4)
    assert open(path, "rb").read() == damaged


def test_enter_takes_double_yams_dice_by_groups(db):
    new_game(db, "--rules", "double", "--player", "Alice", "--variant", "critique")
    entered = js(db, "enter", "665cp", "fp12", "cg34", "fg556/2")
    assert sorted(entered["dice"]) == sorted(["6cp", "6cp", "5cp", "1fp", "2fp", "3cg", "4cg",
                                              "5fg", "5fg", "6fg"])



def test_new_gaby_draws_the_start_order_by_default_Y9(db):
    """Y9: Gaby's starting order is drawn at random unless --order says otherwise."""
    seen = set()
    for _ in range(24):
        new = js(db, "new", "--rules", "gaby", "-p", "A", "-p", "B", "-p", "C")
        seen.add(tuple(new["players"]))
    assert len(seen) > 1
    duel = {tuple(js(db, "new", "--rules", "duel", "-p", "A", "-p", "B")["players"])
            for _ in range(6)}
    assert duel == {("A", "B")}
