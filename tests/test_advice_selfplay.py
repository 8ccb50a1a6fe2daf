"""Solitaire games that follow the hints score what the solver expects (the 10,000-game runs
are in benchmarks/bench_advice.py; here a few dozen games, a looser bound)."""

from __future__ import annotations

import random
import statistics

import pytest
from advice_specs import yahtzee_spec

from yams_scorekeeper.advice.selfplay import play_solitaire
from yams_scorekeeper.advice.spec import spec_for
from yams_scorekeeper.rules import get_rules


@pytest.mark.parametrize("make", [lambda: spec_for(get_rules("duel", {"jokers": 1})),
                                  lambda: yahtzee_spec(bonus=True)], ids=["duel", "yahtzee"])
def test_games_by_the_hints_average_the_expectation(make, solved):
    table = solved(make())
    rng = random.Random(2026)
    scores = [play_solitaire(table, rng) for _ in range(40)]
    se = statistics.stdev(scores) / len(scores) ** 0.5
    assert abs(statistics.mean(scores) - table.future(table.state({}))) < 3 * se


def test_random_keeps_score_far_below_the_hints(solved):
    """The check above can fail: a player who keeps nothing and takes the best cell scores
    tens of points less than the expectation."""
    table = solved(spec_for(get_rules("duel", {"jokers": 1})))
    rng = random.Random(7)
    total = 0
    for _ in range(20):
        filled, jokers = {}, 1
        for _ in range(13):
            dice = sorted(rng.randint(1, 6) for _ in range(5))
            best = table.cell_choices(table.state(filled, jokers), dice)[0]
            jokers -= best.joker is not None
            filled[best.row] = best.score
        total += table.points_so_far(filled)
    assert total / 20 < table.future(table.state({})) - 40
