"""The heuristic adviser of multi-column sheets: legal advice only, labelled heuristic, and a
sane preference where the better choice is obvious."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from yams_scorekeeper.advice.heuristic import (
    HeuristicAdviser,
    HeuristicCell,
    doblar_accepted,
    play_game,
)
from yams_scorekeeper.advice.hints import game_heuristic_hint
from yams_scorekeeper.advice.review import review_game_heuristic
from yams_scorekeeper.base.dice import parse_plain
from yams_scorekeeper.engine.config import make_config
from yams_scorekeeper.engine.game import Game
from yams_scorekeeper.engine.simulate import play_random_game, random_dice
from yams_scorekeeper.rules import get_rules


def _classic4():
    rows = [r.id for r in get_rules("classic").rows]
    return make_config("classic", ["A", "B"], columns=["libre", "descendante", "montante",
                                                       "imposee"], imposed=rows[::-1])


CONFIGS = {
    "classic": _classic4,
    "gaby": lambda: make_config("gaby", ["A", "B"], preset="gaby"),
    "gaby-solo": lambda: make_config("gaby", ["A"], preset="gaby-solo"),
    "double": lambda: make_config("double", ["A"], variant="classique"),
    "double-force": lambda: make_config("double", ["A"], variant="force"),
    "double-165": lambda: make_config("double", ["A"], variant="165"),
}


def _random_state(name: str, seed: int) -> Game:
    config = CONFIGS[name]()
    rng = random.Random(seed)
    per_sheet = Game(config).cells_per_sheet
    return play_random_game(config, rng, turns=rng.randrange(per_sheet * len(config.players)))


def _is_sub(keep, dice) -> bool:
    return not Counter(keep) - Counter(str(d) for d in dice)


@pytest.mark.parametrize("name", sorted(CONFIGS))
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6))
def test_only_legal_keeps_and_cells_are_proposed(name, seed):
    game = _random_state(name, seed)
    if game.finished:
        return
    rng = random.Random(seed)
    adviser = HeuristicAdviser(game)
    if not game.legal_cells():                    # the dice are still to be entered
        dice = random_dice(game, rng)
        roll = rng.randint(1, max(1, adviser.horizon() - 1))
        keeps = adviser.keep_choices(dice, roll, rng)
        assert [k.loss for k in keeps] == sorted(k.loss for k in keeps) and keeps[0].loss == 0
        assert all(_is_sub(k.keep, dice) for k in keeps)
        (stop,) = [k for k in keeps if k.stop]
        assert Counter(stop.keep) == Counter(str(d) for d in dice)
        assert all(len(k.keep) < len(dice) for k in keeps if not k.stop)
        game.enter(dice, rng.randint(1, adviser.horizon()))
        if game.coups_allowed() == 2 and (rng.random() < 0.7 or not game.legal_cells()):
            # a slow first coup may leave no cell until the second coup is in (Y7)
            game.enter(random_dice(game, rng), rng.randint(1, game.max_roll()))
    legal = {(c.column, c.row, c.coup, c.score) for c in game.legal_cells()}
    choices = adviser.cell_choices()
    assert choices and choices[0].loss == 0
    for choice in choices:
        assert (choice.column, choice.row, choice.coup, choice.score) in legal
        if choice.second is not None:
            assert choice.second in legal
            assert doblar_accepted(game, choice, HeuristicCell(*choice.second, 0.0))
    best = choices[0]
    before = len(game.player.marks)
    sheet = game.player
    game.mark(best.column, best.row, coup=best.coup or None,
              second=None if best.second is None else best.second[:2])
    assert len(sheet.marks) == before + (1 if best.second is None else 2)


def test_the_hint_and_the_review_say_heuristic():
    game = _random_state("gaby-solo", 3)
    hint = game_heuristic_hint(game)
    assert hint.method == "heuristic" and hint.to_json()["heuristic"] is True
    assert hint.to_json()["expected"] is None
    played = play_game(Game(CONFIGS["classic"]()), random.Random(5))
    reviews = review_game_heuristic(played)
    assert {r.name for r in reviews} == {"A", "B"}
    # the heuristic's own game: every turn is its own best choice
    assert all(t.loss == pytest.approx(0, abs=1e-6) for r in reviews for t in r.turns)
    assert all(len(r.turns) == 4 * 12 for r in reviews)


def test_the_review_finds_the_points_a_greedy_player_lost():
    from yams_scorekeeper.engine.simulate import demo_turn

    game = Game(CONFIGS["classic"]())
    rng = random.Random(9)
    while not game.finished:
        demo_turn(game, rng)
    reviews = review_game_heuristic(game)
    assert all(r.lost > 20 for r in reviews) and sum(r.lost for r in reviews) > 100
    assert all(t.loss >= 0 for r in reviews for t in r.turns)
    # it never rerolls, and the review counts the keeps it cannot see as luck: far below 0
    assert all(r.luck < -300 for r in reviews)


def test_the_obviously_better_cell_and_keep_come_first():
    game = Game(CONFIGS["gaby-solo"]())
    # after a first roll of 1 2 3 4 5, the sec column takes the suite x2: write it now
    keeps = HeuristicAdviser(game).keep_choices(parse_plain("12345"), 1)
    assert keeps[0].stop and keeps[0].value > keeps[1].value + 20
    # a full after three rolls: the full, not a 3 (6 points) nor a 0 in descente
    game.enter(parse_plain("55533"), 3)
    first = HeuristicAdviser(game).cell_choices()[0]
    assert (first.row, first.score) == ("full", 41)
    zero = [c for c in HeuristicAdviser(game).cell_choices() if c.score == 0]
    assert zero and all(c.value < first.value - 20 for c in zero)


def test_the_heuristic_beats_greedy_on_a_few_games():
    """The 2,000-game figures are in benchmarks/bench_heuristic.py; here 3 seeded games."""
    from yams_scorekeeper.engine.simulate import demo_turn

    config = CONFIGS["classic"]()
    smart = [play_game(Game(config), random.Random(s)).totals(0).grand for s in range(3)]
    greedy = []
    for s in range(3):
        game, rng = Game(config), random.Random(s)
        while not game.finished:
            demo_turn(game, rng)
        greedy.append(game.totals(0).grand)
    assert sum(smart) > sum(greedy) + 600


def test_the_play_hint_key_says_heuristic():
    from yams_scorekeeper.cli.advice_cmds import play_hint_lines

    game = Game(CONFIGS["double"]())
    lines = play_hint_lines(game, "cp665 fp12 cg34 fg556/2", None, "en")
    assert "HEURISTIC adviser (not proven optimal)" in lines[0]
    assert any("keep" in line for line in lines)
    game.enter(game.rules.parse_dice("cp665 fp12 cg34 fg556"), 5)
    lines = play_hint_lines(game, "", None, "fr")
    assert "HEURISTIQUE" in lines[0] and any("inscrire" in line for line in lines)


def test_a_double_yams_review_estimates_the_luck_the_same_every_time():
    config = make_config("double", ["A", "B"], variant="classique")
    game, rng = Game(config), random.Random(4)
    adviser = HeuristicAdviser(game)
    for _ in range(4):                       # two turns each
        adviser.play_turn(rng)
    first, again = review_game_heuristic(game), review_game_heuristic(game)
    assert [p.to_json() for p in first] == [p.to_json() for p in again]
    for player in first:
        assert isinstance(player.luck, float) and player.luck_estimated
        assert len(player.turns) == 2
        # the same relation as for five dice: luck = best choice's value - expected value
        assert player.luck == pytest.approx(sum(t.luck for t in player.turns))
        for turn in player.turns:
            assert turn.estimated and turn.to_json()["luck_estimated"] is True
            assert turn.luck == pytest.approx(turn.best_value - turn.expected)
            assert turn.loss == pytest.approx(0, abs=1e-6)     # the heuristic's own play
    # another game id samples other dice: the estimate follows the seed, not a constant
    other = Game(config, game.events, id="another-game")
    assert [t.expected for p in review_game_heuristic(other) for t in p.turns] != \
        [t.expected for p in first for t in p.turns]
    # five dice: the exact turn value, not an estimate
    played = play_game(Game(CONFIGS["gaby-solo"]()), random.Random(2))
    assert not any(p.luck_estimated for p in review_game_heuristic(played))
