"""Random legal games, played to the end, for every family and the main presets.

Issue "Game sheets and turns". Each game is played by ``simulate.play_turn`` (plus a few turns
it never plays: a 165 turn that may empty the pool, the doblar descendant/montant), seeded, so
a failure names the configuration and seed that reproduce it. Checked against the rulings
(/work/shared/rulings.md):

- every turn offers at least one legal cell (G3: "on every turn exactly one cell is filled",
  no turn can be passed; ``play_turn`` raises "no legal cell" otherwise), and a turn writes
  one cell, or two with a doblar (Y7);
- the totals equal the sum of what was written, recomputed here independently from
  ``sheet.marks`` with each family's bonus and factors (C4, Y1, Y3, Y5, D3, D8, U3), and the
  critique bank / 165 pool equal 5 x turns - rolls / 165 - rolls (D10);
- undo of a turn's events one by one gives back the state before the turn, and recording
  them again the state after it (the document without its raw log, sheets, turn, coups);
- every refusal names its rule and changes nothing (G5): a roll above the allowance, and
  every (column, row, coup) not in ``legal_cells()``, written or scratched;
- ``format_transcript`` replayed through ``parse_transcript`` gives the same sheets, and
  ``Game.from_doc(game.to_doc())`` the same state;
- a random past turn amended to another random legal entry (issue 11): the game after the
  amendment equals the edited log replayed from scratch, and an amendment is refused (game
  unchanged) exactly when that replay is refused.

Cost: the cheap checks (a legal cell every turn, cells per turn, totals, counters) run on
every game; the expensive ones (undo/redo and refusals on about UNDO_CHECKS turns, document
and transcript round trips) on every n-th game of each configuration. Plain seeded loops, no
hypothesis: a game is long, shrinking it is of little use, and seeds are cheaper and
reproducible. Test items are split by configuration and seed block so that ``pytest -n 2``
shares them between two workers (about 3,400 games; ~55 s on one core, ~30 s with -n 2).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from yams_scorekeeper.base.errors import EntryError, IllegalMoveError
from yams_scorekeeper.engine.amend import amended, entry_of, turn_spans
from yams_scorekeeper.engine.config import make_config
from yams_scorekeeper.engine.game import Game, effective_events, plain_events
from yams_scorekeeper.engine.simulate import play_turn, random_dice
from yams_scorekeeper.engine.transcript import format_transcript, parse_transcript

CLASSIC_ROWS = "1 2 3 4 5 6 full suite carre plus moins yam".split()
UPPER = ("1", "2", "3", "4", "5", "6")
UNDO_CHECKS = 12        # turns undone and redone in a deep-checked game (about)


def _imposed(seed: int) -> list[str]:
    rows = list(CLASSIC_ROWS)
    random.Random(seed).shuffle(rows)
    return rows


# name -> (config factory, games per block, blocks, deep-check every n-th game)
CONFIGS = {
    "classic": (lambda: make_config("classic", ["Ana", "Bob"]), 60, 4, 10),
    "classic-imposee": (lambda: make_config(
        "classic", ["Ana", "Bob", "Cy"], columns=["libre", "descendante", "montante", "imposee"],
        imposed=_imposed(7)), 30, 2, 10),
    "classic-libre-solo": (lambda: make_config("classic", ["Ana"], columns=["libre"]), 150, 2, 15),
    "gaby-preset-2": (lambda: make_config("gaby", ["Ana", "Bob"], preset="gaby"), 20, 4, 5),
    "gaby-preset-4": (lambda: make_config("gaby", ["Ana", "Bob", "Cy", "Dee"]), 8, 3, 4),
    "gaby-solo": (lambda: make_config("gaby", ["Ana"], preset="gaby-solo"), 40, 3, 8),
    "gaby-sec-chance": (lambda: make_config(
        "gaby", ["Ana", "Bob"], columns=["libre", "sec"], options=["bloquant", "chance"]),
        100, 2, 10),
    "gaby-demisec-2coups": (lambda: make_config(
        "gaby", ["Ana"], columns=["libre", "demi-sec", "montee"], optional_rows=["nenette"],
        options=["deux-coups"]), 80, 2, 10),
    "gaby-descente-doblar": (lambda: make_config(
        "gaby", ["Ana", "Bob"], columns=["descente", "libre"], optional_rows=["petit"],
        options=["deux-coups", "doblar"]), 60, 2, 10),
    "gaby-libre": (lambda: make_config("gaby", ["Ana", "Bob"], columns=["libre"], explicit=True),
                   200, 2, 20),
    "double-classique": (lambda: make_config("double", ["Ana", "Bob"]), 60, 3, 8),
    "double-force-croissant": (lambda: make_config("double", ["Ana"], variant="force"),
                               150, 2, 12),
    "double-force-decroissant": (lambda: make_config(
        "double", ["Ana", "Bob"], variant="force", direction="decroissant"), 70, 2, 10),
    "double-critique": (lambda: make_config("double", ["Ana", "Bob"], variant="critique"),
                        70, 2, 10),
    "double-165": (lambda: make_config("double", ["Ana", "Bob"], variant="165"), 70, 2, 10),
    "duel": (lambda: make_config("duel", ["Ana", "Bob"]), 300, 2, 25),
    "duel-4": (lambda: make_config("duel", ["Ana", "Bob", "Cy", "Dee"]), 100, 2, 10),
}

#: every configuration plays SCALE x its blocks: over a thousand games per family in all
SCALE = 2
CASES = [(name, block) for name, spec in CONFIGS.items() for block in range(spec[2] * SCALE)]


# -- an independent reading of the totals -------------------------------------------------------


def expected_totals(game: Game, sheet) -> tuple[dict[str, int], int]:
    """Column (or section) totals recomputed from the marks, straight from the rulings."""
    s = game.rules.settings
    fam = game.rules.family
    marks = sheet.marks
    if fam in ("classic", "gaby"):
        parts = {}
        for col in game.config.columns:
            written = {r: m.score for (c, r), m in marks.items() if c == col}
            upper = sum(written.get(r, 0) for r in UPPER)
            rest = sum(v for r, v in written.items() if r not in UPPER)
            if fam == "classic":
                # C4: +20 only when rows 1-6 are all filled and reach 60
                complete = all(r in written for r in UPPER)
                bonus = s["bonus"] if complete and upper >= s["bonus_threshold"] else 0
                parts[col] = upper + bonus + rest
            else:
                # Y1: +60 at 60 in rows 1-6; Y3: max <= min -> both count 0; Y5: factor
                bonus = s["bonus"] if upper >= s["bonus_threshold"] else 0
                if "max" in written and "min" in written and written["max"] <= written["min"]:
                    rest -= written["max"] + written["min"]
                parts[col] = (upper + bonus + rest) * s["column_factors"][col]
        return parts, sum(parts.values())
    if fam == "double":
        written = {r: m.score for (_, r), m in marks.items()}
        by_section = {sec.id: sum(written.get(r, 0) for r in sec.rows)
                      for sec in game.rules.sections}
        chiffres = by_section["chiffres"]
        bonus = max([b for t, b in s["chiffres_bonus"] if chiffres >= t], default=0)   # D8
        one = marks.get(("grille", "1"))
        # D3: the number of dice showing 1 written in row 1 (0 when scratched or empty)
        ones = 0 if one is None or one.scratch else sum(1 for d in one.dice if d.value == 1)
        parts = {"chiffres": chiffres + bonus, "yams": by_section["yams"],
                 "suites": by_section["suites"], "combinaisons": by_section["combinaisons"],
                 "difference": (written.get("plus", 0) - written.get("moins", 0)) * ones}
        return parts, sum(parts.values())
    written = {r: m.score for (_, r), m in marks.items()}
    upper = sum(written.get(r, 0) for r in UPPER)
    bonus = s["bonus"] if upper >= s["bonus_threshold"] else 0     # U3
    parts = {"chiffres": upper + bonus,
             "figures": sum(v for r, v in written.items() if r not in UPPER)}
    return parts, sum(parts.values())


# -- state snapshots ----------------------------------------------------------------------------


def sheets_state(game: Game) -> list[tuple]:
    return [(s.name, dict(s.marks), s.doblars_left, sorted(s.doblars_used), s.jokers_left,
             s.bank, s.pool, s.turns) for s in game.sheets]


def state(game: Game) -> tuple:
    """Everything a replay derives, plus the document without the raw log (an undo and a
    redo leave two more events in the log but the same events in force)."""
    doc = game.to_doc()
    doc["events"] = effective_events(doc["events"])
    return (doc, sheets_state(game), game.current, list(game.coups), game.stopped,
            game.finished)


# -- the checks -----------------------------------------------------------------------------


def check_totals(game: Game) -> None:
    for sheet in game.sheets:
        parts, grand = expected_totals(game, sheet)
        got = game.totals(sheet)
        assert got.parts == parts, sheet.name
        assert got.grand == grand, sheet.name


def check_end(game: Game) -> None:
    """A game played to the end: every sheet full (G3: one cell a turn until the grid is
    full), counters within their rulings."""
    assert game.finished and not game.stopped
    for sheet in game.sheets:
        assert len(sheet.marks) == game.cells_per_sheet
        if game.config.has("doblar"):
            # Y7: a doblar writes two cells and costs one of the 5
            assert 0 <= sheet.doblars_left <= 5
            assert len(sheet.marks) - sheet.turns == 5 - sheet.doblars_left
        else:
            assert len(sheet.marks) == sheet.turns                                  # G3
        if game.rules.family == "duel":
            assert 0 <= sheet.jokers_left <= 3                                      # U4
        if game.config.variant == "165":
            assert sheet.pool >= 0                                                  # D10
        if game.config.variant == "critique":
            assert sheet.bank >= 0                                                  # D10
    ranks = game.ranking()
    totals = [t for _, _, t in ranks]
    assert totals == sorted(totals, reverse=True)
    assert ranks[0][0] == 1


def rolls_used(game: Game, sheet_name: str) -> int:
    """Sum of the roll numbers entered by a player in the turns still in force."""
    pending: list[int] = []
    used = 0
    for e in plain_events(game.events):
        if e["type"] == "enter" and e["player"] == sheet_name:
            pending.append(int(e["roll"]))
        elif e["type"] == "mark" and e["player"] == sheet_name:
            used += sum(pending)
            pending = []
    return used


def check_counters(game: Game) -> None:
    """D10: critique bank = sum over turns of (5 - rolls used); 165 pool = 165 - rolls used."""
    for sheet in game.sheets:
        if game.config.variant == "critique":
            assert sheet.bank == 5 * sheet.turns - rolls_used(game, sheet.name)
        elif game.config.variant == "165":
            assert sheet.pool == 165 - rolls_used(game, sheet.name)


def check_undo_redo(game: Game, before: tuple, kept_before: int) -> None:
    """Undo the events of the last turn one by one (dice entries, then the mark), then record
    them again: the undos give back the state before the turn, the re-recording the state
    after it."""
    after = state(game)
    turn = effective_events(game.events)[kept_before:]
    assert turn and turn[-1]["type"] == "mark"
    for _ in turn:
        game.undo()
    assert state(game) == before
    for event in turn:
        game.record(dict(event))
    assert state(game) == after


def check_round_trips(game: Game) -> None:
    again = Game.from_doc(game.to_doc())
    assert state(again) == state(game)
    assert again.events == game.events
    replayed = parse_transcript(format_transcript(game))
    assert sheets_state(replayed) == sheets_state(game)
    assert replayed.current == game.current and replayed.finished == game.finished
    for i, sheet in enumerate(game.sheets):
        assert replayed.totals(i) == game.totals(sheet)


def check_amendment(game: Game, rng: random.Random) -> None:
    """Amend a random past turn to a random legal entry (played on the game as it stood before
    that turn; half the time only its dice, the cell kept): accepted, the game equals the
    edited log replayed from scratch; refused, the game is unchanged and so is the replay."""
    plain = plain_events(game.events)
    spans = turn_spans(plain)
    turn = rng.randrange(len(spans)) + 1
    start, end = spans[turn - 1]
    old = entry_of(plain[start:end])
    before = Game(game.config, plain[:start])
    play_turn(before, rng)
    new = entry_of(before.events[start:])
    if rng.random() < 0.5:
        new["cells"] = old["cells"]
    if new == old:
        return
    edited = amended(plain, [{"turn": turn, "player": plain[end - 1]["player"], "new": new}])
    snap = state(game)
    try:
        game.amend({turn: new})
    except (IllegalMoveError, EntryError):
        assert state(game) == snap
        with pytest.raises((IllegalMoveError, EntryError)):
            Game(game.config, edited)
        return
    scratch = Game(game.config, edited)
    assert sheets_state(scratch) == sheets_state(game)
    assert (scratch.current, scratch.finished) == (game.current, game.finished)
    # the log as stored, the amend event in it, replays to the same game (benchmarks/
    # soak_reopen.py once found an archived amendment that did not replay)
    stored = Game.from_doc(game.to_doc())
    assert sheets_state(stored) == sheets_state(game) and stored.events == game.events
    assert (stored.current, stored.finished) == (game.current, game.finished)
    check_totals(game)
    check_counters(game)


def enter_random(game: Game, rng: random.Random) -> None:
    """Enter one or two coups of random dice with an allowed roll number (no announce)."""
    for n in range(game.coups_allowed()):
        if n and rng.random() < 0.5 and game.legal_cells():
            break                                    # a second coup only when wished or needed
        top = game.max_roll()
        if game.config.variant in ("classique", "force"):
            top = 5                                  # 6 needs an announce (D9)
        game.enter(random_dice(game, rng), rng.randint(1, min(top, 8)))


def check_refusals(game: Game, rng: random.Random) -> None:
    """Every refusal names its rule and changes nothing (G5): a roll above the allowance, and,
    once the dice are in, every (column, row, coup) that legal_cells does not offer, written
    or scratched."""
    before = state(game)
    dice = random_dice(game, rng)
    with pytest.raises((EntryError, IllegalMoveError)) as info:
        game.enter(dice, game.max_roll() + 1)
    assert info.value.rule in ("G5", "Y4", "D10"), str(info.value)
    assert state(game) == before
    enter_random(game, rng)
    entered = state(game)
    legal = {(c.column, c.row, c.coup) for c in game.legal_cells()}
    assert legal
    for col in game.columns:
        for row in game.rows:
            for coup in range(1, len(game.coups) + 1):
                if (col.id, row, coup) in legal:
                    continue
                for scratch in (False, True):
                    with pytest.raises(IllegalMoveError) as info:
                        game.mark(col.id, row, coup=coup, scratch=scratch)
                    assert info.value.rule and f"[{info.value.rule}]" in str(info.value)
    assert state(game) == entered


def special_turn(game: Game, rng: random.Random) -> bool:
    """Turns that ``play_turn`` (almost) never plays: a 165 turn that may empty the pool (D10),
    and the doblar descendant / montant (Y7). Returns True when it played the turn."""
    sheet = game.player
    if game.coups:
        return False
    if game.config.variant == "165" and sheet.pool > 0 and rng.random() < 0.1:
        game.enter(random_dice(game, rng), rng.randint(1, sheet.pool))
        cell = rng.choice(game.legal_cells())
        game.mark(cell.column, cell.row, coup=cell.coup)
        return True
    if game.config.has("doblar") and sheet.doblars_left and rng.random() < 0.15:
        for col in game.columns:
            kind = {"descente": "descendant", "montee": "montant"}.get(col.id)
            filled = {r for (c, r) in sheet.marks if c == col.id}
            pair = col.next_rows(filled, 2) if col.ordered else ()
            if kind and kind not in sheet.doblars_used and len(pair) == 2:
                for _ in range(2):
                    game.enter(random_dice(game, rng), rng.randint(1, game.max_roll()))
                left = sheet.doblars_left
                written = game.mark(col.id, pair[0], coup=1, second=(col.id, pair[1]))
                assert {(m.column, m.row) for m in written} == {(col.id, r) for r in pair}
                assert kind in sheet.doblars_used and sheet.doblars_left == left - 1
                return True
    return False


def play_checked(config, seed: int, deep: bool) -> Game:
    """Play one random game; when ``deep``, about UNDO_CHECKS of its turns are undone and
    redone, and about as many get the refusal check before they are played."""
    rng = random.Random(seed)
    pick = random.Random(-seed - 1)          # which turns get the deep checks
    game = Game(config)
    per_turn = UNDO_CHECKS / (game.cells_per_sheet * len(game.sheets))
    turns = 0
    while not game.finished:
        sheet = game.player
        filled = len(sheet.marks)
        undo_check = deep and pick.random() < per_turn
        if deep and pick.random() < per_turn and not game.legal_cells():
            check_refusals(game, pick)               # then play_turn marks these dice
        before = state(game) if undo_check else None
        kept_before = len(effective_events(game.events)) if undo_check else 0
        # G3: whatever allowed dice came, at least one cell can be filled (play_turn raises
        # AssertionError("no legal cell ...") otherwise)
        if not special_turn(game, rng):
            play_turn(game, rng)
        assert game.coups == []
        written = len(sheet.marks) - filled
        assert written in ((1, 2) if game.config.has("doblar") else (1,))
        if undo_check:
            check_undo_redo(game, before, kept_before)
        turns += 1
        assert turns < 2000
    return game


@pytest.mark.parametrize("name, block", CASES, ids=[f"{n}-{b}" for n, b in CASES])
def test_random_games(name: str, block: int) -> None:
    factory, games, _, deep_every = CONFIGS[name]
    config = factory()
    for i in range(games):
        seed = block * 100_000 + i
        deep = i % deep_every == 0
        try:
            game = play_checked(config, seed, deep)
            check_end(game)
            check_totals(game)
            check_counters(game)
            if deep:
                check_round_trips(game)
                check_amendment(game, random.Random(seed))
        except AssertionError as err:          # name the game to replay it
            raise AssertionError(f"{name}, seed {seed}, deep={deep}: {err}") from err


def test_every_family_is_covered() -> None:
    families = Counter(CONFIGS[n][0]().family for n in CONFIGS)
    assert set(families) == {"classic", "gaby", "double", "duel"}
    per_family = Counter()
    for name, _block in CASES:
        per_family[CONFIGS[name][0]().family] += CONFIGS[name][1]
    assert min(per_family.values()) >= 1000, per_family
