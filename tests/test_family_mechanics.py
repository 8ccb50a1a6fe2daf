"""Issue 21: plus/moins, bloquant and the Yahtzee forced joker are mechanics the families list
(``RuleSet.mechanics(config)``), and the game asks them: no rule set hook decides them."""

from __future__ import annotations

from yams_scorekeeper.engine.config import make_config
from yams_scorekeeper.engine.game import Game
from yams_scorekeeper.mechanics import Bloquant, ForcedJoker, PlusAboveMoins, PlusMoins
from yams_scorekeeper.rules import RuleSet, get_rules


def kinds(game: Game) -> list[type]:
    return [type(m) for m in game.mechanics.played]


def test_each_family_lists_its_mechanic_with_its_settings():
    assert PlusAboveMoins in kinds(Game(make_config("classic", ["A"])))
    gaby = kinds(Game(make_config("gaby", ["A", "B"], options=["bloquant"])))
    assert Bloquant in gaby and PlusMoins in gaby and PlusAboveMoins not in gaby
    assert Bloquant not in kinds(Game(make_config("gaby", ["A", "B"], options=["chance"],
                                                  columns=["libre", "sec"])))
    assert ForcedJoker in kinds(Game(make_config("yahtzee", ["A"])))
    off = make_config("yahtzee", ["A"])
    off.__dict__["rules"] = get_rules("yahtzee", {"joker_rule": 0})
    assert ForcedJoker not in kinds(Game(off))


def test_the_rule_set_keeps_no_hook_that_the_mechanics_took():
    for hook in ("refuse_cell", "zero_only_reason", "coup_figures", "solver_state",
                 "topic", "row_text", "split_choices", "_remembered"):
        assert not hasattr(RuleSet, hook), hook


def test_plus_moins_c3_is_asked_of_the_mechanic():
    game = Game(make_config("classic", ["A"]))
    game.enter("66655", 1)
    game.mark("libre", "moins")                     # moins 28
    legal = {(c.column, c.row): c for c in game.enter("66655", 1)}
    assert legal[("libre", "plus")].zero_only      # 28 is not above 28 (C3)
    assert legal[("descendante", "1")].score == 0
    assert PlusMoins.cancelled(20, 20) and not PlusMoins.cancelled(21, 20)
    assert not PlusMoins.cancelled(None, 20)
