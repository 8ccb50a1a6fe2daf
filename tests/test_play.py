"""`yams play` driven through real standard input, a whole game per family; `yams demo`.

Each game is a script of the lines a family would type at the table; the final totals are
worked out by hand in the comments, and the store must hold the game archived with the same
summary. Bad entries are re-asked with their reason and record nothing; Ctrl-C or the end of
input mid-game lose nothing and `yams play --game ID` goes on at the same point.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from itertools import zip_longest
from pathlib import Path

import helpers
import pytest
from typer.testing import CliRunner

from yams_scorekeeper.base.dice import TAGGED_EXAMPLE
from yams_scorekeeper.cli.app import app
from yams_scorekeeper.cli.messages import msg
from yams_scorekeeper.engine.game import effective_events
from yams_scorekeeper.rules import get_rules
from yams_scorekeeper.store import Store

ROOT = Path(__file__).resolve().parents[1]
#: the tests' fixed terminal (English, colourless, 80 columns, no locale), no store named
ENV = {**helpers.ENV, "YAMS_DB": ""}
#: Double Yams dice: a double petite suite in colour harmony / five 5 small + five 2 large
SUITE = TAGGED_EXAMPLE
FIVES = "5cp 5cp 5cp 5fp 5fp 2cg 2cg 2fg 2fg 2fg"


def play(db: Path, lines: list[str], *args: str, env: dict | None = None):
    """Run ``yams play --db DB`` with ``lines`` as standard input."""
    text = "".join(line + "\n" for line in lines)
    result = CliRunner().invoke(app, ["play", "--db", str(db), *args], input=text,
                                env={**ENV, **(env or {})})
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    assert "Traceback" not in result.stdout + result.stderr
    return result


def played(db: Path, lines: list[str], *args: str, env: dict | None = None) -> str:
    """``play`` that must exit 0: its standard output."""
    result = play(db, lines, *args, env=env)
    assert result.exit_code == 0, result.stdout
    return result.stdout


def interleave(*players: list[list[str]]) -> list[str]:
    """The turns of each player, one after the other, as typed at the table."""
    lines: list[str] = []
    for turns in zip_longest(*players):
        for turn in turns:
            if turn is not None:
                lines += turn
    return lines


def only_archived(db: Path) -> dict:
    store = Store(db)
    assert store.games_in_progress() == []
    entries = store.archived_games()
    assert len(entries) == 1
    return entries[0]


def flat(text: str) -> str:
    """The output with Rich's line wrapping undone."""
    return " ".join(text.split())


def totals(entry: dict) -> dict[str, int]:
    return {p["name"]: p["total"] for p in entry["summary"]["players"]}


def the_game(db: Path) -> dict:
    store = Store(db)
    games = store.games_in_progress()
    assert len(games) == 1
    return store.load_game(games[0]["id"])


def assert_plain_80(out: str, typed: list[str]) -> None:
    """No colour codes; every line that Rich drew fits 80 columns (echoed input may not)."""
    assert "\x1b[" not in out
    typed = [t for t in typed if t]
    for line in out.splitlines():
        if any(line.endswith(t) for t in typed) or "yams play --game" in line:
            continue                # echoed input; a command to copy is never wrapped
        assert len(line) <= 80, line


def rows(family: str) -> list[str]:
    return [r.id for r in get_rules(family).rows]


# -- Yam classique ----------------------------------------------------------------------------


def test_classic_game_start_dice_tie_bad_entries_undo_and_archive(tmp_path):
    db = tmp_path / "store"
    setup = ["classic", "Alice, Bob",
             "4 4",          # start dice: a tie...
             "5 2",          # ...Bob rolls lower and starts (C6)
             "libre"]
    alice = [
        ["11123/1", "libre.1"],                    # 3
        ["22234/1", "libre.2"],                    # 6
        ["33345/1", "libre.3"],                    # 9
        ["44456/1", "libre.4"],                    # 12
        ["5553/2", "55561/1", "libre.5"],          # 4 dice refused, then 15
        ["66612/1", "libre.6"],                    # 18: 63 >= 60, bonus +20 (C4)
        ["55533/2", "libre.suite", "u", "full"],   # a wrong cell undone by Bob's prompt: 46
        ["12345/3", "full", "suite"],              # full is written already: refused; 55
        ["66662/1", "carre"],                      # 70 + 26 = 96
        ["66655/1", "plus"],                       # 28
        ["11112/2", "moins"],                      # 6, below plus (C3)
        ["44444/4", "44444/3", "s", "s Bob", "h", "yam"],   # roll 4 refused; 120
    ]
    bob = [["66666/3", "yam"]] + [["12346/3", f"x libre.{r}"] for r in "123456"] + \
          [["12346/3", f"x {r}"] for r in ("full", "suite", "carre", "plus", "moins")]
    # the 'u' after libre.suite is read at Bob's prompt: it undoes Alice's mark
    lines = setup + interleave(bob, alice)
    out = played(db, lines)
    assert "Playing order: Bob, Alice" in out
    assert "Undone: Alice's Suite." in out
    assert "! 4 dice typed, this game uses 5" in out
    assert "! roll number 4 is above the maximum of 3" in out
    assert "! Libre: Full is already written [G3]" in out
    assert "Game over!" in out
    # Alice: 63 + 20 + 46 + 55 + 96 + 28 + 6 + 120 = 434; Bob: 100 + 30 = 130
    assert "1. Alice: 434" in out and "2. Bob: 130" in out
    assert "First game in Yam classique (Libre): its scores are the records to beat " \
           "(best total 434, Alice)." in flat(out)
    entry = only_archived(db)
    assert totals(entry) == {"Alice": 434, "Bob": 130}
    assert entry["summary"]["config_label"] == "Yam classique (Libre)"
    assert entry["doc"]["players"] == ["Bob", "Alice"]
    events = entry["doc"]["events"]
    # 24 turns of enter + mark, plus the mark that was undone and the undo: refused entries
    # left nothing behind
    assert len(effective_events(events)) == 48
    assert len(events) == 50
    assert_plain_80(out, lines)


# -- Duel au Yam --------------------------------------------------------------------------------


def test_duel_game_with_jokers(tmp_path):
    db = tmp_path / "store"
    alice = [
        ["11123/1", "grille.1"],                   # 3
        ["22234/2", "grille.2"],                   # 6
        ["33345/3", "grille.3"],                   # 9
        ["44456/1", "grille.4"],                   # 12
        ["55561/1", "grille.5"],                   # 15
        ["66612/1", "grille.6"],                   # 18: 63, bonus +35 (U3)
        ["55554/3 joker 4:5", "yam"],              # joker 1: 55555, 50
        ["22233/1", "full"],                       # 25
        ["12346/2 joker 6:5", "grande-suite"],     # joker 2: 12345, 40
        ["12356/1 joker 5:4", "petite-suite"],     # joker 3: 12346, 30
        ["44441/1", "carre"],                      # 16
        ["66612/2 joker 1:6", "66612/2", "brelan"],   # no joker left: refused; 18
        ["65432/1", "chance"],                     # 20
    ]
    bob = [["66666/1", "yam"],                     # 50
           ["11112/1 joker 2:2", "11112/1 joker 3:1", "11112/1 joker 2:1", "grille.1"]]  # 5
    bob += [["12346/3", f"x grille.{r}"] for r in "23456"]
    bob += [["12346/3", f"x {r}"] for r in ("brelan", "carre", "full", "petite-suite",
                                             "grande-suite", "chance")]
    lines = ["duel", "Alice Bob"] + interleave(alice, bob)
    out = played(db, lines)
    assert "3 jokers left" in out and "0 jokers left" in out and "2 jokers left" in out
    assert "! Alice has no joker left (3 a game) [U4]" in out
    assert "! a joker turns one die into another face (1-6)" in out
    assert "! no die shows 3 to turn into 1" in out
    assert "Alice: Yam = 50   (Yam of 5: 50 [U2])" in out
    # Alice: 63 + 35 + 50 + 25 + 40 + 30 + 16 + 18 + 20 = 297; Bob: 50 + 5 = 55
    assert "1. Alice: 297" in out and "2. Bob: 55" in out
    entry = only_archived(db)
    assert totals(entry) == {"Alice": 297, "Bob": 55}
    assert entry["summary"]["players"][0]["parts"] == {"chiffres": 98, "figures": 199}
    jokers = [e["joker"] for e in entry["doc"]["events"] if e.get("joker")]
    assert jokers == [[2, 1], [4, 5], [6, 5], [5, 4]]        # Bob's second turn comes first
    assert_plain_80(out, lines)


# -- Yams Gaby ----------------------------------------------------------------------------------

GABY_ROWS = ["1", "2", "3", "4", "5", "6", "brelan", "full", "suite", "carre", "max", "min", "yam"]


def scratch_turn(cell: str) -> list[str]:
    """A first coup kept after one roll (sec accepts it), then the cell scratched straight
    from the 'second coup?' prompt."""
    return ["12346/1", f"x {cell}"]


def test_gaby_game_two_coups_doblar_bloquant_chance(tmp_path):
    db = tmp_path / "store"
    setup = ["gaby", "Alice, Bob", "n", "custom", "libre sec", "-",
             "bloquant deux-coups doblar chance"]
    alice = [["55533/1", "66666/2",
              "d sec.full@1 libre.yam@1",    # two cells of the same coup: refused (Y7)
              "d sec.full libre.yam"]]       # sec.full 41 from coup 1, libre.yam 130 from coup 2
    alice += [scratch_turn(f"libre.{r}") for r in GABY_ROWS if r != "yam"]
    alice += [scratch_turn(f"sec.{r}") for r in GABY_ROWS if r != "full"]
    bob = [["55522/1", "", "full",           # full fits libre and sec: which?
            "sec.full"],                     # 39 < Alice's 41: bloquant, 0 (Y6)
           ["66666/3", "", "libre.yam"],     # 130
           ["11111/3", "", "sec.yam"]]       # chance cell: 0 after 3 rolls (Y8)
    bob += [scratch_turn(f"libre.{r}") for r in GABY_ROWS if r != "yam"]
    bob += [scratch_turn(f"sec.{r}") for r in GABY_ROWS if r not in ("full", "yam")]
    lines = setup + interleave(alice, bob)
    out = played(db, lines)
    assert "New game: Yams Gaby (Libre / Sec, bloquant, 2 coups, doblar, cases chance)" in out
    assert "Second coup? dice/roll, a cell, or Enter to choose now" in out
    assert "! a doblar writes one cell from coup 1 and one from coup 2 [Y7]" in out
    assert "Alice: Sec · Full (1) = 41" in out
    assert "Alice: Libre · Yam (2) = 130" in out
    assert "4 doblars left" in out
    assert "'full' could mean several cells:" in out         # asked, nothing written yet
    assert re.search(r"Bob: Sec · Full = 0 .*bloquant: Alice has 41", " ".join(out.split()))
    assert "chance cell: 0 allowed after 3 rolls" in out
    # Alice: sec 41 x 2 + libre 130 = 212; Bob: libre 130
    assert "1. Alice: 212" in out and "2. Bob: 130" in out
    entry = only_archived(db)
    assert totals(entry) == {"Alice": 212, "Bob": 130}
    assert entry["summary"]["players"][0]["parts"] == {"libre": 130, "sec": 82}
    assert_plain_80(out, lines)


def test_gaby_doblar_descendant_once_a_game(tmp_path):
    db = tmp_path / "store"
    setup = ["gaby", "Alice", "custom", "descente libre", "-", "deux-coups doblar"]
    lines = setup + ["11111/1", "22222/1", "d descente.1 descente.2",      # 5 and 10
                     "33333/1", "44444/2", "d descente.3 descente.4",      # refused: used
                     "d 1 libre.yam",                                       # a simple doblar
                     "q"]
    out = played(db, lines)
    assert "Alice: Descente · 1 (1) = 5" in out and "Alice: Descente · 2 (2) = 10" in out
    assert "4 doblars left (used: descendant)" in out
    assert "! the doblar descendant is already used this game [Y7]" in out
    assert "Alice: Libre · Yam (2) = 120" in out
    assert "Game saved. To resume it: yams play --game" in out
    doc = the_game(db)
    marks = [e for e in doc["events"] if e["type"] == "mark"]
    assert [len(m["cells"]) for m in marks] == [2, 2]


# -- Double Yams --------------------------------------------------------------------------------


def double_scratches(skip: set[str], roll: int = 5) -> list[list[str]]:
    cells = [f"grille.{r}" if r.isdigit() else r for r in rows("double") if r not in skip]
    return [[f"{SUITE} /{roll}", f"x {c}"] for c in cells]


def test_double_critique_banks_unused_rolls(tmp_path):
    db = tmp_path / "store"
    turns = [[f"{SUITE} /1", "double-petite-suite"],       # 25 x2 colour x3 first roll = 150
             [f"{FIVES} /10", f"{FIVES}/9", "double-yams"],  # 5 + 4 banked = 9 at most: 800
             [f"{SUITE} /6", f"{SUITE} /5", "x grille.1"]]   # the bank is spent: 5 at most
    turns += double_scratches({"double-petite-suite", "double-yams", "1"})
    lines = ["double", "Alice", "critique"] + [line for turn in turns for line in turn]
    out = played(db, lines)
    assert "0 rolls banked" in out and "4 rolls banked" in out
    assert "roll 1 to 9: 5 + 4 banked" in out
    assert "! roll number 10 is above the maximum of 9 for this turn" in out
    assert "! roll number 6 is above the maximum of 5 for this turn" in out
    assert "Alice: Double yams = 800" in out
    assert "1. Alice: 950" in out
    entry = only_archived(db)
    assert totals(entry) == {"Alice": 950}
    assert entry["summary"]["config_label"] == "Double Yams critique"
    assert entry["summary"]["players"][0]["parts"]["combinaisons"] == 800
    assert_plain_80(out, lines)


def test_double_classique_sixth_roll_announced_three_ways(tmp_path):
    db = tmp_path / "store"
    turns = [[f"{FIVES} /6 announce youpi", "youpi"],      # made: 25 x2 size harmony = 50
             [f"{SUITE} /6",                               # no announcement typed...
              "rene",                                      # ...asked separately: missed, -50
              "rene x",                                    # the announced row cannot be scratched
              "ek"],                                       # the only cell's handle
             ["announce brelan", FIVES, "brelan"],         # announced first, dice next: 10
             [f"{SUITE} /6 announce 1", f"{SUITE} /5", "x grille.1"]]
    turns += double_scratches({"youpi", "rene", "brelan", "1"})
    lines = ["double", "Alice", ""] + [line for turn in turns for line in turn]
    out = played(db, lines)
    assert "New game: Double Yams classique" in out
    assert "Sixth roll: which row was announced before rolling?" in out
    assert "Dice of the sixth roll (announced: Brelan)" in out
    assert "sixth roll made" in out and "sixth roll missed" in out
    assert "Alice: Yams de René = -50" in out
    assert "! the announced sixth-roll row takes the result, it cannot be scratched [D9]" in out
    assert "! the sixth roll can never be made for chiffres or difference [D9]" in out
    assert "1. Alice: 10" in out                  # 50 - 50 + 10
    entry = only_archived(db)
    assert totals(entry) == {"Alice": 10}
    announced = [e["announce"] for e in entry["doc"]["events"] if e.get("announce")]
    assert announced == ["youpi", "rene", "brelan"]


def test_a_sixth_roll_announce_with_a_space_and_the_refusal_in_french(tmp_path):
    """Issue 34 item 5: ``annonce double carré`` is the row Double carré, typed with the dice
    or alone before them; another word is refused in French, naming only what Double Yams
    takes after the roll (no joker, no English)."""
    dice = "cp112 fp33 cg45 fg666"
    out = played(tmp_path / "store", ["double", "Alice", "classique",
                                      f"{dice} /6 zut carré", f"{dice} /6 annonce double carré",
                                      "u", "annonce double carré", f"{dice}", "q"],
                 env={"YAMS_LANG": "fr"})
    assert "! « zut » inattendu après le lancer (attendu : annonce youpi)" in out
    assert "joker" not in out and " or " not in out
    assert "Dés du 6e jet (annoncé : Double carré) : cp112" in out
    assert len(re.findall(r"Double carré +\w+ -100", out)) == 2    # only the announced row


def test_double_165_scratch_only_once_the_pool_is_empty(tmp_path):
    db = tmp_path / "store"
    lines = ["double", "Alice", "165", f"{SUITE} /165", "double-petite-suite",   # 25 x2 = 50
             f"{SUITE} /1"]                      # the pool is empty: refused (D10)
    lines += ["y"]                               # every other cell scratched: one question
    out = played(db, lines)
    assert "Scratch the 30 remaining cells, one a turn, with no more questions? (y/n)" in out
    assert out.count("(y/n)") == 2              # asked, the dice refused (D10), asked again
    assert "Cell to scratch" not in out         # and no more questions
    assert "165 rolls left in the pool" in out and "0 rolls left in the pool" in out
    assert "The pool of rolls is empty: Alice can only scratch a cell (D10)." in out
    assert "! the pool of 165 rolls is empty: remaining cells can only be scratched [D10]" in out
    assert "1. Alice: 50" in out
    assert totals(only_archived(db)) == {"Alice": 50}


def test_a_record_broken_is_announced(tmp_path):
    """A second Double Yams critique game beats the first one's suites total."""
    db = tmp_path / "store"
    first = [[f"{SUITE} /2", "double-petite-suite"]] + double_scratches({"double-petite-suite"})
    play(db, ["double", "Alice", "critique"] + [x for t in first for x in t])
    second = [[f"{SUITE} /1", "double-petite-suite"]] + double_scratches({"double-petite-suite"})
    result = play(db, ["double", "Bob", "critique"] + [x for t in second for x in t])
    out = flat(result.stdout)
    assert "New record: best Suites total in Double Yams critique, 150, Bob (before: 50, Alice)" \
        in out
    assert "New record: best total in Double Yams critique, 150, Bob (before: 50, Alice)" in out
    french = msg("record", "fr", what=msg("record_part", "fr", part="Suites"),
                 label="Double Yams forcé", value=760, name="Alice")
    assert french == "Nouveau record : meilleur total Suites en Double Yams forcé, 760, Alice"


# -- bad entries, quitting, Ctrl-C, end of input, resuming ------------------------------------


def test_bad_entries_are_asked_again_with_the_reason_and_record_nothing(tmp_path):
    db = tmp_path / "store"
    lines = ["classc", "classic", "", "Alice", "libre",
             "5553/2", "55533/4", "555x3/2", "55533", "55533/", "/2", "55533/2 joker 3:5",
             "55533/2",
             "99", "yams", "descendante.full", "55533/2", "", "d 1 2", "libre.full@3",
             "q"]
    out = played(db, lines)
    # the list of families is longer than a line: the terminal wraps it
    assert ("! unknown rule set 'classc' (expected: classic, gaby, double, duel, yatzy, yahtzee)"
            in " ".join(out.split()))
    for reason in ("! an answer is needed",
                   "! 4 dice typed, this game uses 5",
                   "! roll number 4 is above the maximum of 3 for this turn",
                   "! 'x' is not a die value (1-6)",
                   "! the roll number is missing after '/' (expected: 55533 /2)",
                   "! type the dice, then '/' and the roll number",
                   "! jokers exist only in Duel au Yam [U4]",
                   "! no row '99' in Yam classique",
                   "! no row 'yams' in Yam classique",
                   "! no column 'descendante' in this game",
                   "! this turn's dice are already entered: choose a cell, or u to undo them",
                   "! choose a cell: its letters or its name",
                   "! two cells in one turn need the doblar option [Y7]",
                   "! there is no coup 3 this turn"):
        assert reason in out, reason
    assert "Game saved. To resume it: yams play --game" in out
    doc = the_game(db)
    assert [e["type"] for e in doc["events"]] == ["enter"]       # only the good dice


def test_end_of_input_mid_turn_then_resume_at_the_same_point(tmp_path):
    db = tmp_path / "store"
    result = play(db, ["classic", "Alice, Bob", "", "libre", "55533/2", "full", "12346/1"])
    assert result.exit_code == 0
    game_id = the_game(db)["id"]
    assert f"End of input: nothing is lost. To resume: yams play --game {game_id[:8]} --db " \
        in result.stdout
    # resumed: Bob's dice are still there, the legal cells come first
    out = played(db, ["x yam", "q"], "--game", game_id[:8])
    assert f"Resuming game {game_id[:8]}: Yam classique (Libre)" in out
    assert "Bob · turn 2 (round 1) · total 0" in out   # the game's turn 2, his first
    assert "Coup 1 already typed: 1 2 3 4 6 /1" in out
    assert re.search(r"\n6 +[a-z]+ 6\n", out)    # the grid: the 6s worth 6 for 1 2 3 4 6
    assert "Bob: Yam scratched (0)" in out
    doc = the_game(db)
    assert [e["type"] for e in doc["events"]] == ["enter", "mark", "enter", "mark"]


def test_resume_by_picking_from_the_list(tmp_path):
    db = tmp_path / "store"
    play(db, ["duel", "Alice, Bob", "66666/1", "yam", "q"])
    result = play(db, ["", "11111/1", "yam", "q"])      # Enter: the latest game
    out = result.stdout
    assert "Games in progress:" in out and "1. Duel au Yam · Alice, Bob · 2 entries" in out
    assert "Bob: Yam = 50" in out
    assert len(the_game(db)["events"]) == 4


def test_ctrl_c_mid_game_loses_nothing(tmp_path):
    db = tmp_path / "store"
    proc = subprocess.Popen(
        [sys.executable, "-m", "yams_scorekeeper", "play", "--db", str(db)], cwd=ROOT,
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, **ENV},
        # a test runner's worker may ignore SIGINT, and the child would inherit that
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert proc.stdin is not None
    proc.stdin.write("classic\nAlice, Bob\n\nlibre\n55533/2\nfull\n12346/1\n")
    proc.stdin.flush()
    deadline = time.monotonic() + 30
    while True:                          # wait until the three entries are stored
        games = Store(db).games_in_progress() if (db / "games").exists() else []
        if games and games[0]["events"] == 3:
            break
        assert time.monotonic() < deadline, "the entries were not stored"
        time.sleep(0.05)
    time.sleep(0.2)                      # the prompt for Bob's cell is waiting
    proc.send_signal(signal.SIGINT)
    # stdin stays open until the child has exited: communicate() would close it at once, and
    # an end of input read before the signal is handled would end the game as EOF does (exit 0)
    proc.wait(timeout=30)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, (out, err)
    assert "Traceback" not in err and "Traceback" not in out
    game_id = games[0]["id"]
    assert out.rstrip().splitlines()[-1] == (
        f"Interrupted: nothing is lost. To resume: yams play --game {game_id[:8]} --db {db}")
    result = play(db, ["s", "1", "q"], "--game", game_id)
    out = result.stdout
    assert re.search(r"Full +46 +· *\n", out)        # the sheet: Alice's full, Bob's none
    assert "Grand total: Alice 46 · Bob 0" in out
    assert "Bob: 1 = 1   (The 1s: 1 x 1 = 1 [C2])" in out
    assert len(the_game(db)["events"]) == 4


def test_stop_the_game_early(tmp_path):
    db = tmp_path / "store"
    result = play(db, ["duel", "Alice, Bob", "66666/1", "yam", "end", "n", "end", "y"])
    out = result.stdout
    assert "The game goes on." in out
    assert "Stop the game now? A stopped game has no winner (G7). (y/n)" in out
    assert "Game stopped before the sheets were full: no winner (G7)" in flat(out)
    assert "1. Alice: 50" in out and "Alice wins." not in out
    entry = only_archived(db)
    assert entry["summary"]["stopped_early"] is True


@pytest.mark.parametrize("lang, word, refusal, question", [
    ("en", "end", "! a turn is under way: mark a cell or undo first", "Stop the game now?"),
    ("fr", "fin", "! un tour est en cours : marquez une case ou annulez",
     "Arrêter la partie maintenant ?")])
def test_end_during_a_turn_is_refused_before_the_question(tmp_path, lang, word, refusal,
                                                           question):
    """Issue 34 item 6: the refusal comes at once, never after a yes."""
    db = tmp_path / "store"
    out = played(db, ["duel", "Alice, Bob", "66666/1", word, "yam", "q"], env={"YAMS_LANG": lang})
    assert refusal in out and question not in out
    assert out.index(refusal) < out.index("= 50")          # then the turn goes on
    assert the_game(db)["events"][-1]["type"] == "mark"


def test_quit_before_any_game_creates_nothing(tmp_path):
    db = tmp_path / "store"
    result = play(db, ["gaby", "s", "u", "q"])
    assert result.exit_code == 0
    assert "No game yet: the sheet and undo come once the game has started." in result.stdout
    assert "No game was started." in result.stdout
    assert Store(db).games_in_progress() == []


def test_unknown_game_id_is_one_error_line(tmp_path):
    result = play(tmp_path / "store", [], "--game", "nope")
    assert result.exit_code == 4
    assert result.stderr.startswith("error: no game in progress with id 'nope'")
    assert result.stdout == ""


# -- languages ----------------------------------------------------------------------------------


@pytest.mark.parametrize("args,env", [(["--lang", "fr"], {}), ([], {"YAMS_LANG": "fr"}),
                                      ([], {"YAMS_LANG": "", "LANG": "fr_FR.UTF-8"})])
def test_french_table_mode(tmp_path, args, env):
    result = play(tmp_path / "store", ["classic", "Alice", "libre", "5553/2", "55533/2", "h",
                                       "full", "q"], *args, env=env)
    out = result.stdout
    assert "Règles (classic, gaby, double, duel, yatzy, yahtzee) [classic] : classic" in out
    assert "Nouvelle partie : Yam classique (Libre)" in out
    assert "Alice, dés/lancer (lancer 1 à 3) : " in out
    assert "! 4 dés saisis, ce jeu en utilise 5" in out
    assert "Les lettres à côté d'un score" in out and re.search(r"Full +[a-z]+ 46", out)
    assert "u, annuler         annule la dernière saisie" in out
    assert "Alice : Full = 46   (Full 5-5-5 / 3-3 : 25 + (5 + 5 + 5 + 3 + 3) = 46" in out
    assert "Partie enregistrée. Pour la reprendre : yams play --game" in out


# -- yams demo ----------------------------------------------------------------------------------


@pytest.mark.parametrize("family,variant", [("classic", None), ("gaby", None), ("duel", None),
                                            ("double", "critique"), ("double", "165")])
def test_demo_plays_a_whole_game_without_the_store(tmp_path, family, variant):
    store_dir = tmp_path / "never"
    args = ["demo", "--rules", family, "--seed", "3"] + (["--variant", variant] if variant else [])
    runner = CliRunner()
    env = {**ENV, "YAMS_DB": str(store_dir)}
    first = runner.invoke(app, args, env=env)
    assert first.exit_code == 0, first.stdout
    out = first.stdout
    assert "Turn 1 · Alice" in out and "Turn 2 · Bob" in out
    assert "Game over!" in out and "Ranking:" in out
    assert re.search(r"→ .* = \d+", out)
    assert not store_dir.exists()
    assert runner.invoke(app, args, env=env).stdout == out        # the same game every time
    assert_plain_80(out, [])


def test_demo_player_finishes_a_solo_gaby_game_with_two_coups():
    """When the first coup has no legal cell (only a sec cell left, kept after 2 rolls), the
    demo's player plays the second coup instead of stopping with nothing to write."""
    import random

    from yams_scorekeeper.engine.config import make_config
    from yams_scorekeeper.engine.game import Game
    from yams_scorekeeper.engine.simulate import demo_turn

    for seed in (13000, 13002):
        game = Game(make_config("gaby", ["Solo"], preset="gaby-solo"))
        rng = random.Random(seed)
        while not game.finished:
            demo_turn(game, rng)
        assert len(game.player.marks) == game.cells_per_sheet


def test_demo_turns_and_french():
    result = CliRunner().invoke(app, ["demo", "--turns", "3", "--lang", "fr"], env=ENV)
    out = result.stdout
    assert result.exit_code == 0
    assert "Tour 3 · Alice" in out and "Tour 4" not in out
    assert "Arrêt après 3 tours (--turns) : classement provisoire." in out
    assert "Pour une vraie partie, dés en main : yams play" in out


# -- picking a cell: no silent wrong cell (issue 10) --------------------------------------------


def test_a_digit_is_the_row_and_a_list_number_that_is_also_a_row_asks(tmp_path):
    """Duel, row 3 filled: '6' writes the sixes, never the sixth line of the list (3 pareils);
    with --list, '6' could mean both, so the table asks; sheet names work as typed."""
    lines = ["duel", "Alice, Bob", "33345/1", "3", "11111/1", "1",
             "66612/1", "6",                          # Alice: the sixes, 18
             "66612/1", "petite suite"]               # Bob: the printed name, 0
    out = played(tmp_path / "a", lines + ["q"])
    assert "Alice: 6 = 18   (The 6s: 3 x 6 = 18 [U2])" in out
    assert "Bob: Petite suite = 0" in out
    listed = played(tmp_path / "b", lines[:6] + ["66612/1", "6", "", "6", "q"], "--list")
    assert "'6' could mean several cells:" in listed
    assert "Nothing written." in listed
    assert "Alice: 3 pareils = 18" not in listed
    game = the_game(tmp_path / "b")
    assert [e["type"] for e in game["events"]][-1] == "enter"      # nothing written yet


def test_double_yams_turn_with_the_grouped_entry(tmp_path):
    """Ten tagged dice by groups in 21 keystrokes; a bare 66655 says how to type them."""
    lines = ["double", "Alice", "critique",
             "66655/1",                                   # no tags: explained
             "cp123 fg123 fp45 cg66 /1",                  # groups in any order
             "dps", "q"]
    out = played(tmp_path / "store", lines)
    assert "! 5 untagged dice typed: Double Yams needs its 10 dice with their tags" in flat(out)
    assert "(expected: cp123 fp45 cg66 fg123) [D1]" in flat(out)
    assert "Alice: Double petite suite = 150" in out      # 25 x2 colour x3 first roll
    doc = the_game(tmp_path / "store")
    assert doc["events"][0]["dice"] == [str(d) for d in get_rules("double").parse_dice(SUITE)]


def test_eight_player_classic_game_to_the_end(tmp_path):
    """G6: eight players at 80 columns, every turn a yam, a few scratches; Hugo wins."""
    names = ["Ana", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hugo"]
    order = ["classic", ", ".join(names), "", "libre"]
    rows_ = rows("classic")
    turns = []
    for row in rows_:
        for name in names:
            dice = "66666/1" if name == "Hugo" and row == "yam" else "12346/3"
            turns += [dice, f"x {row}" if not (name == "Hugo" and row == "yam") else "yam"]
    out = played(tmp_path / "store", order + turns)
    assert "Game over!" in out
    assert "1. Hugo: 130" in out and "2. Ana: 0" in out
    assert "Hugo wins." in out
    entry = only_archived(tmp_path / "store")
    assert len(entry["summary"]["players"]) == 8
    assert_plain_80(out, order + turns)


def test_solo_game_is_practice(tmp_path):
    out = played(tmp_path / "store", ["duel", "Alice", "66666/1", "yam", "end", "y"])
    assert "Solo game: practice, never a win (G6)." in out


# -- the turn grid at 80 x 24 (issue 10) ---------------------------------------------------------


def screen_before(out: str, prompt: str, start: str) -> list[str]:
    """The lines from the last ``start`` line up to the last ``prompt`` line: one screen (a
    cell prompt starts with whose turn it is: ``Alice 0 · Cell (...)``)."""
    lines = out.splitlines()
    end = max(i for i, line in enumerate(lines) if prompt in line)
    begin = max(i for i, line in enumerate(lines[:end]) if start in line)
    return lines[begin:end + 1]


def test_gaby_full_preset_turn_with_both_coups_and_a_doblar_fits_80_by_24(tmp_path):
    db = tmp_path / "store"
    lines = ["gaby", "Alice, Bob", "n", "",                    # the full gaby preset
             "55533/1", "66666/2",
             "d sec.full@1 libre.yam@2",                       # doblar: 41 x2 + 130
             "q"]
    out = played(db, lines, env={"LINES": "24"})
    assert "Alice: Sec · Full (1) = 41" in out and "Alice: Libre · Yam (2) = 130" in out
    screen = screen_before(out, "Cell (letters or name", "Second coup?")
    assert len(screen) <= 24, "\n".join(screen)
    assert any(line.startswith("coup 1|2") and "Sec x2" in line for line in screen)
    assert any(line.startswith("Doblar: d ") for line in screen)
    first = screen_before(out, "Second coup?", "Alice, dice/roll")
    assert len(first) <= 24, "\n".join(first)
    assert_plain_80(out, lines)


def test_why_explains_a_cell_and_l_lists_them_once(tmp_path):
    out = played(tmp_path / "store", ["duel", "Alice, Bob", "55533/2", "why full", "l", "q"])
    assert re.search(r"[a-z]+  Full = 25   Full 5-5-5 / 3-3: 25", out)
    assert "Pourquoi" not in out and "Why" in out           # l: the list, with the handles


# -- setup: every answer checked when typed, re-asked alone ------------------------------------


def test_setup_typo_is_asked_again_alone_without_losing_the_answers(tmp_path):
    order = "yam moins plus carre suite full 6 5 4 3 2 1"
    lines = ["classic", "Alice, Bob", "",
             "libre imposee dscendante",              # a typo in a column: columns again
             "libre imposee",
             order.replace("full", "ful"),            # a typo in the order: the order again
             order.replace(" 1", ""),                 # incomplete: the order again, not columns
             order,
             "66666/1", "yam", "q"]
    out = played(tmp_path / "store", lines)
    assert out.count("Columns (libre, descendante, montante, imposee, annoncee)") == 2
    assert out.count("Order of the imposée column") == 3
    assert ("! unknown column 'dscendante' (expected: libre, descendante, montante, imposee, "
            "annoncee)") in flat(out)
    assert "! no row 'ful' in Yam classique" in out
    assert "New game: Yam classique (Libre / Imposée)" in out
    assert "'yam' could mean several cells:" in out        # libre.yam and imposée.yam (next)


def test_setup_typo_in_french_is_refused_in_french(tmp_path):
    lines = ["double", "Alice", "critik", "critique", "q"]
    out = played(tmp_path / "store", lines, "--lang", "fr")
    assert out.count("Variante (classique, force, critique, 165)") == 2
    assert "! variante de Double Yams « critik » inconnue" in out
    assert "Nouvelle partie : Double Yams critique" in out


def test_house_rules_set_from_play_saved_under_a_name_and_listed(tmp_path):
    db = tmp_path / "store"
    out = played(db, ["duel", "Alice, Bob", "66666/1", "yam", "q"],
                 "--setting", "yam=60", "--save-house", "club")
    assert "House rules saved as 'club' (yams play --house club)." in out
    assert "Alice: Yam = 60" in out
    assert played(db, [], "--houses").strip() == "club: duel · yam=60"
    Store(db).delete_game(the_game(db)["id"])
    out = played(db, ["", "Alice, Bob", "66666/1", "yam", "q"], "--house", "club")
    assert "Rules (classic, gaby, double, duel, yatzy, yahtzee) [duel]: " in out  # the house's
    assert "Alice: Yam = 60" in out
    bad = play(db, [], "--house", "nope")
    assert bad.exit_code == 2 and "no house rules named 'nope' (expected: club)" in bad.stderr
    wrong = played(tmp_path / "other", ["classic", "duel", "Alice", "q"], "--setting", "yam=60")
    assert "! unknown setting 'yam' for classic" in wrong


def test_header_shows_the_running_ranking_and_help_is_for_this_family(tmp_path):
    out = played(tmp_path / "store", ["duel", "Alice, Bob", "55533/2", "full", "h",
                                      "66666/1", "yam", "q"])
    assert "Bob · turn 2 (round 1) · total 0 · Alice leads, 25 ahead" in out
    assert "Alice · turn 3 (round 2) · total 25 · Bob leads, 25 ahead" in out
    assert "joker 4:5" in out and "Double Yams" not in out and "doblar" not in out
