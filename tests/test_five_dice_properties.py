"""Property tests (hypothesis) for the three five-dice families: classic, gaby, duel.

Rulings: G1 ("at least"), G2 (a full needs two different values), C2, Y2, U2, and "every number a
ruling fixes is a setting".
"""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from yams_scorekeeper.base.dice import Die
from yams_scorekeeper.base.errors import ConfigError
from yams_scorekeeper.rules import get_rules

FAMILIES = ("classic", "gaby", "duel")
RULES = {family: get_rules(family) for family in FAMILIES}
SUM_ROWS = {"classic": ("plus", "moins"), "gaby": ("max", "min"), "duel": ("chance",)}

values = st.lists(st.integers(1, 6), min_size=5, max_size=5)
families = st.sampled_from(FAMILIES)
rolls = st.integers(1, 3)

fast = settings(max_examples=150, deadline=None)


def as_dice(vals) -> tuple[Die, ...]:
    return tuple(Die(v) for v in vals)


def table(family: str, vals, roll: int = 1, rules=None) -> dict[str, int]:
    rules = rules or RULES[family]
    return {f.row: f.score for f in rules.figures(as_dice(vals), roll)}


@fast
@given(families, values, st.randoms(use_true_random=False), rolls, rolls)
def test_scores_do_not_depend_on_dice_order_nor_roll(family, vals, rnd, roll_a, roll_b):
    shuffled = list(vals)
    rnd.shuffle(shuffled)
    assert table(family, vals, roll_a) == table(family, shuffled, roll_b)


@fast
@given(families, values)
def test_upper_row_n_is_n_times_count(family, vals):
    got = table(family, vals)
    c = Counter(vals)
    for n in range(1, 7):
        assert got[str(n)] == n * c[n]


@fast
@given(families, values)
def test_sum_rows_score_the_sum(family, vals):
    got = table(family, vals)
    for row in SUM_ROWS[family]:
        assert got[row] == sum(vals)


@fast
@given(families, values)
def test_full_needs_two_different_values(family, vals):
    """G2: 3 of V1 and 2 of V2 with V1 != V2; a yam is not a full."""
    made = table(family, vals)["full"] != 0
    assert made == (sorted(Counter(vals).values()) == [2, 3])


@fast
@given(families, st.integers(1, 6))
def test_a_yam_is_not_a_full(family, v):
    assert table(family, [v] * 5)["full"] == 0


# -- G1 "at least" ----------------------------------------------------------------------------

@fast
@given(families, st.integers(1, 6), st.integers(1, 6))
def test_at_least_carre_is_made_by_a_yam_and_a_carre(family, v, other):
    """A yam scores as carré (all families), a carré as brelan (where the row exists)."""
    yam = table(family, [v] * 5)
    carre = table(family, [v] * 4 + [other])
    for got, total in ((yam, 5 * v), (carre, 4 * v + other)):
        assert got["carre"] == {"classic": 70 + total, "gaby": 40 + 4 * v, "duel": 4 * v}[family]
        if family != "classic":   # Yam classique has no brelan row (C1)
            assert got["brelan"] == {"gaby": 10 + 3 * v, "duel": 3 * v}[family]
    assert yam["yam"] != 0


@fast
@given(families, values)
def test_at_least_rows_are_nested(family, vals):
    """Whatever the dice: yam made => carré made => brelan made (G1)."""
    got = table(family, vals)
    if got["yam"]:
        assert got["carre"]
    if got["carre"] and "brelan" in got:
        assert got["brelan"]
    if family == "duel" and got["grande-suite"]:
        assert got["petite-suite"] == 30   # U2: a grande suite also scores as petite suite


# -- an independent reading of the rulings, checked on every multiset of five dice ----------

def oracle(family: str, vals) -> dict[str, int]:
    """The rulings C2 / Y2 / U2 written out plainly, for comparison with the scorer."""
    c = Counter(vals)
    total = sum(vals)
    top = max(c.values())
    v_top = max(v for v in c if c[v] == top)
    is_full = sorted(c.values()) == [2, 3]
    v1 = next((v for v in c if c[v] == 3), None)
    v2 = next((v for v in c if c[v] == 2), None)
    distinct = set(vals)
    run5 = distinct in ({1, 2, 3, 4, 5}, {2, 3, 4, 5, 6})
    run4 = any(set(range(s, s + 4)) <= distinct for s in (1, 2, 3))
    out = {str(n): n * c[n] for n in range(1, 7)}
    if family == "classic":
        out.update(full=25 + total if is_full else 0,
                   suite=(55 if 1 in distinct else 60) if run5 else 0,
                   carre=70 + total if top >= 4 else 0,
                   plus=total, moins=total,
                   yam=100 + total if top == 5 else 0)
    elif family == "gaby":
        out.update(brelan=10 + 3 * v_top if top >= 3 else 0,
                   full=20 + 3 * v1 + 2 * v2 if is_full else 0,
                   suite=(45 if 1 in distinct else 50) if run5 else 0,
                   carre=40 + 4 * v_top if top >= 4 else 0,
                   max=total, min=total,
                   yam=100 + 5 * v_top if top == 5 else 0,
                   nenette=60 if sorted(vals) == [1, 1, 2, 2, 2] else 0,
                   petit={7: 50, 6: 60, 5: 70}.get(total, 0))
    else:
        out.update(brelan=3 * v_top if top >= 3 else 0,
                   carre=4 * v_top if top >= 4 else 0,
                   full=25 if is_full else 0,
                   **{"petite-suite": 30 if run4 else 0, "grande-suite": 40 if run5 else 0},
                   yam=50 if top == 5 else 0,
                   chance=total)
    return out


MULTISETS = list(itertools.combinations_with_replacement(range(1, 7), 5))


def test_there_are_252_multisets():
    assert len(MULTISETS) == 252


@pytest.mark.parametrize("family", FAMILIES)
def test_scorer_agrees_with_oracle_on_every_multiset(family):
    for vals in MULTISETS:
        assert table(family, vals) == oracle(family, vals), vals


# -- settings -------------------------------------------------------------------------------

def test_duel_yam_setting():
    rules = get_rules("duel", {"yam": 60})
    assert rules.figure("yam", as_dice([3] * 5), 1).score == 60
    assert RULES["duel"].figure("yam", as_dice([3] * 5), 1).score == 50   # default untouched


@pytest.mark.parametrize("family, setting, value, vals, row, expected", [
    ("classic", "full_base", 30, [4, 4, 4, 6, 6], "full", 54),
    ("classic", "suite_petite", 50, [1, 2, 3, 4, 5], "suite", 50),
    ("classic", "suite_grande", 65, [2, 3, 4, 5, 6], "suite", 65),
    ("classic", "carre_base", 80, [3, 3, 3, 3, 2], "carre", 94),
    ("classic", "yam_base", 150, [5] * 5, "yam", 175),
    ("gaby", "brelan_base", 20, [5, 5, 5, 1, 2], "brelan", 35),
    ("gaby", "full_base", 30, [5, 5, 5, 3, 3], "full", 51),
    ("gaby", "suite_petite", 40, [1, 2, 3, 4, 5], "suite", 40),
    ("gaby", "suite_grande", 55, [2, 3, 4, 5, 6], "suite", 55),
    ("gaby", "carre_base", 50, [5, 5, 5, 5, 2], "carre", 70),
    ("gaby", "yam_base", 200, [5] * 5, "yam", 225),
    ("gaby", "nenette", 80, [2, 2, 2, 1, 1], "nenette", 80),
    ("gaby", "petit", {"7": 10, "6": 20, "5": 30, "8": 5}, [1, 1, 1, 1, 4], "petit", 5),
    ("duel", "full", 30, [5, 5, 5, 3, 3], "full", 30),
    ("duel", "petite_suite", 25, [1, 2, 3, 4, 6], "petite-suite", 25),
    ("duel", "grande_suite", 45, [1, 2, 3, 4, 5], "grande-suite", 45),
    ("duel", "yam", 60, [2] * 5, "yam", 60),
])
def test_settings_change_scores(family, setting, value, vals, row, expected):
    rules = get_rules(family, {setting: value})
    assert rules.figure(row, as_dice(vals), 1).score == expected
    assert RULES[family].settings[setting] != value    # the default instance is not changed
    assert RULES[family].with_settings(**{setting: value}).figure(row, as_dice(vals), 1).score \
        == expected


@pytest.mark.parametrize("family", FAMILIES)
def test_unknown_setting_is_a_config_error(family):
    with pytest.raises(ConfigError) as info:
        get_rules(family, {"no_such_setting": 1})
    assert "no_such_setting" in str(info.value)
    assert info.value.expected   # lists the known settings
    with pytest.raises(ConfigError):
        RULES[family].with_settings(no_such_setting=1)


@fast
@given(families, values)
def test_default_settings_are_not_shared_between_instances(family, vals):
    a = get_rules(family)
    a.settings.clear()
    b = get_rules(family)
    assert table(family, vals, rules=b) == table(family, vals)
