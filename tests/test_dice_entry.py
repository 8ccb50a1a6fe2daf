"""Dice entry, roll numbers, the rule-set registry and row names (rulings G4, G5, D1)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from yams_scorekeeper.base.dice import (
    DOUBLE_SET,
    GROUPED_EXAMPLE,
    TAGGED_EXAMPLE,
    Die,
    format_dice,
    format_grouped,
    parse_plain,
    parse_roll,
    parse_tagged,
)
from yams_scorekeeper.base.errors import ConfigError, EntryError, YamsError
from yams_scorekeeper.rules import (
    ClassicRules,
    DoubleRules,
    DuelRules,
    GabyRules,
    get_rules,
    rules_class,
)


def values(dice) -> list[int]:
    return [d.value for d in dice]


def assert_entry_error(info, *words: str, rule: str | None = None) -> None:
    """The refusal says what is wrong (en and fr) and what is expected (G5)."""
    err = info.value
    assert isinstance(err, YamsError)
    assert err.en and err.fr
    assert err.expected, "an EntryError must say what would be accepted"
    assert "expected:" in err.text("en") and "attendu" in err.text("fr")
    for word in words:
        assert word in err.en, f"{word!r} not in {err.en!r}"
    if rule is not None:
        assert err.rule == rule
        assert f"[{rule}]" in str(err)


# -- plain dice (five-dice families) --------------------------------------------------------

@pytest.mark.parametrize("entry", [
    "5 5 5 3 3", "55533", "5,5,5,3,3", "5, 5, 5, 3, 3", "5;5;5;3;3", "  3 5 3 5 5  ",
    "35355", ["5", "5", "5", "3", "3"], ("55", "533"), "5\t5\t5\t3\t3",
])
def test_plain_spellings_are_the_same_dice(entry):
    assert parse_plain(entry) == parse_plain("55533")
    assert values(parse_plain(entry)) == [3, 3, 5, 5, 5]


def test_plain_dice_are_untagged_and_sorted():
    dice = parse_plain("6 1 4 1 3")
    assert dice == (Die(1), Die(1), Die(3), Die(4), Die(6))
    assert all(d.colour is None and d.size is None for d in dice)
    assert format_dice(dice) == "1 1 3 4 6"
    assert parse_plain(format_dice(dice)) == dice


@pytest.mark.parametrize("entry, typed", [("5553", 4), ("5 5 5 3", 4), ("555333", 6),
                                          ("1", 1), ("1 2 3 4 5 6", 6), ("1234512345", 10)])
def test_plain_wrong_count(entry, typed):
    with pytest.raises(EntryError) as info:
        parse_plain(entry)
    assert_entry_error(info, f"{typed} {'die' if typed == 1 else 'dice'} typed", "5")
    assert info.value.expected == "5 5 5 3 3"


@pytest.mark.parametrize("entry", ["", "   ", ",,", []])
def test_plain_nothing_typed(entry):
    with pytest.raises(EntryError) as info:
        parse_plain(entry)
    assert_entry_error(info, "no dice")


@pytest.mark.parametrize("entry, bad", [("5 5 5 3 0", "0"), ("0 5 5 3 3", "0"), ("5 5 5 3 7", "7"),
                                        ("75533", "7"), ("5 5 5 3 9", "9"), ("85533", "8")])
def test_plain_value_outside_1_to_6(entry, bad):
    with pytest.raises(EntryError) as info:
        parse_plain(entry)
    assert_entry_error(info, bad, "1 to 6")


@pytest.mark.parametrize("entry, bad", [("5 5 5 3 a", "a"), ("five", "f"), ("5-5-5-3-3", "-"),
                                        ("5 5 5 3 3x", "x"), ("5.5.5.3.3", "."),
                                        ("5 5 5 3 -3", "-")])
def test_plain_letters_and_signs(entry, bad):
    with pytest.raises(EntryError) as info:
        parse_plain(entry)
    assert_entry_error(info, f"'{bad}'", "not a die value")


@pytest.mark.parametrize("entry", ["²5533", "5 5 5 3 ³", "٥5533", "5 5 5 3 ½"])
def test_plain_unicode_digit_lookalikes_are_entry_errors(entry):
    """Characters that str.isdigit() accepts but that are not die faces: an EntryError (G5),
    never a bare ValueError from int()."""
    with pytest.raises(EntryError) as info:
        parse_plain(entry)
    assert_entry_error(info)


@pytest.mark.parametrize("count", [5, 6, 10])
def test_plain_other_counts(count):
    assert len(parse_plain("1" * count, count)) == count
    with pytest.raises(EntryError) as info:
        parse_plain("1" * (count + 1), count)
    assert_entry_error(info, f"uses {count}")


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=15))
def test_any_text_is_dice_or_an_entry_error(text):
    try:
        dice = parse_plain(text)
    except EntryError as err:
        assert err.en and err.expected
    else:
        assert len(dice) == 5 and all(1 <= d.value <= 6 for d in dice)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(1, 6), min_size=5, max_size=5),
       st.sampled_from([" ", "", ",", ", ", ";", "\t"]))
def test_plain_round_trip(vals, sep):
    dice = parse_plain(sep.join(map(str, vals)))
    assert sorted(vals) == values(dice)


# -- tagged dice (Double Yams) --------------------------------------------------------------

VALID = "1cp 2cp 3cp 4fp 5fp 6cg 6cg 1fg 2fg 3fg"   # 3 cp, 2 fp, 2 cg, 3 fg (D1)


@pytest.mark.parametrize("entry", [
    VALID, TAGGED_EXAMPLE, VALID.upper(), VALID.replace(" ", ""), VALID.replace(" ", ", "),
    VALID.split(), "6fg 6fg 6fg 6cg 6cg 6fp 6fp 6cp 6cp 6cp",
])
def test_tagged_valid_set(entry):
    dice = parse_tagged(entry)
    assert len(dice) == 10
    assert Counter((d.colour, d.size) for d in dice) == DOUBLE_SET
    assert list(dice) == sorted(dice)


def test_tagged_values_and_round_trip():
    dice = parse_tagged(VALID)
    assert sorted(values(dice)) == [1, 1, 2, 2, 3, 3, 4, 5, 6, 6]
    assert Die(4, "f", "p") in dice and Die(6, "c", "g") in dice
    assert parse_tagged(format_dice(dice)) == dice
    assert get_rules("double").parse_dice(VALID) == dice


def test_physical_set_is_d1():
    """5 small (3 clairs, 2 foncés) and 5 large (2 clairs, 3 foncés)."""
    assert DOUBLE_SET == Counter({("c", "p"): 3, ("f", "p"): 2, ("c", "g"): 2, ("f", "g"): 3})


@pytest.mark.parametrize("entry, words", [
    (VALID.replace("4fp", "4f"), ["4f", "size"]),          # missing size
    (VALID.replace("4fp", "4"), ["colour"]),               # missing both
    (VALID.replace("5fp", "5p"), ["colour"]),              # size without colour
    (VALID.replace("3fg", "3f"), ["3f", "size"]),          # missing size on the last die
])
def test_tagged_missing_tag(entry, words):
    with pytest.raises(EntryError) as info:
        parse_tagged(entry)
    assert_entry_error(info, *words)


@pytest.mark.parametrize("entry, words", [
    (VALID.replace("6cg 6cg", "6xp 6cg"), ["6xp", "colour"]),   # unknown colour
    (VALID.replace("4fp", "4fx"), ["4fx", "size"]),              # unknown size
    (VALID.replace("4fp", "4fpg"), ["cannot read"]),              # one tag too many
    (VALID.replace("4fp", "4ff"), ["size"]),                      # two colours, no size
])
def test_tagged_unknown_tag(entry, words):
    with pytest.raises(EntryError) as info:
        parse_tagged(entry)
    assert_entry_error(info, *words)


@pytest.mark.parametrize("bad", ["0", "7", "8", "9"])
def test_tagged_value_outside_1_to_6(bad):
    with pytest.raises(EntryError) as info:
        parse_tagged(VALID.replace("4fp", f"{bad}fp"))
    assert_entry_error(info, f"{bad}fp", "1 to 6")


@pytest.mark.parametrize("entry, typed", [
    ("1cp 2cp 3cp 4fp 5fp 6cg 6cg 1fg 2fg", 9),
    (VALID + " 4fg", 11),
    ("1cp", 1),
])
def test_tagged_wrong_count(entry, typed):
    with pytest.raises(EntryError) as info:
        parse_tagged(entry)
    assert_entry_error(info, f"{typed} {'die' if typed == 1 else 'dice'} typed", "10")


def test_tagged_nothing_typed():
    with pytest.raises(EntryError) as info:
        parse_tagged("  ")
    assert_entry_error(info, "no dice")


@pytest.mark.parametrize("entry", [
    "1cp 2cp 3cp 4cp 5fp 6cg 6cg 1fg 2fg 3fg",   # 4 cp (and 1 fp): the set has only 3 cp
    "1cp 2cp 3cp 4fp 5fp 6fp 6cg 1fg 2fg 3fg",   # 3 fp, 1 cg
    "1cg 2cg 3cg 4fg 5fg 6cp 6cp 1fp 2fp 3fp",   # sizes swapped
    "1cp 2cp 3cp 4cp 5cp 6cg 6cg 1cg 2cg 3cg",   # ten clairs
])
def test_tagged_set_the_physical_dice_cannot_show(entry):
    with pytest.raises(EntryError) as info:
        parse_tagged(entry)
    assert_entry_error(info, "tags do not match", rule="D1")
    assert info.value.expected == GROUPED_EXAMPLE   # the grouped form (issue 20)


@pytest.mark.parametrize("entry", [
    "cp123 fp45 cg66 fg123",                       # grouped, tag first (GROUPED_EXAMPLE)
    "fg123 cg66 cp123 fp45",                       # groups in any order
    "123cp 45fp 66cg 123fg",                       # tag after
    "1pc 2cp 3pc 4pf 5fp 6gc 6cg 1gf 2fg 3gf",     # tags in any order, die by die
    "cp12 3cp fp45 66cg fg1 2gf fg3",              # a group split, forms mixed
    "cp123fp45 cg66fg123",                         # groups run together
    "CP123 FP45 CG66 FG123",
])
def test_tagged_grouped_and_any_tag_order_read_the_same_dice(entry):
    assert parse_tagged(entry) == parse_tagged(VALID)
    assert parse_tagged(format_grouped(parse_tagged(entry))) == parse_tagged(VALID)


def test_grouped_form_is_about_15_keystrokes():
    assert format_grouped(parse_tagged(VALID)) == GROUPED_EXAMPLE
    assert len("cp665 fp12 cg34 fg556") == 21 and len("cp665fp12cg34fg556") == 18


@pytest.mark.parametrize("entry", ["66655", "66655 44433", "6665544433"])
def test_bare_values_for_double_yams_explain_the_tags_and_the_grouped_form(entry):
    with pytest.raises(EntryError) as info:
        parse_tagged(entry)
    assert_entry_error(info, "untagged", "tags", "groups", rule="D1")
    assert info.value.expected == GROUPED_EXAMPLE
    assert "groupes" in info.value.fr


@pytest.mark.parametrize("entry, words", [
    ("cp fp12 cg34 fg556 cp665", ["tag 'cp' has no dice"]),
    ("cp665 fp12 cg34 fg5x6", ["'x6'", "colour"]),
    ("cpg665 fp12 cg34 fg556", ["cannot read"]),
])
def test_grouped_form_errors_say_what_is_wrong(entry, words):
    with pytest.raises(EntryError) as info:
        parse_tagged(entry)
    assert_entry_error(info, *words)


def test_tagged_rejects_plain_dice_and_plain_rejects_tags():
    with pytest.raises(EntryError):
        get_rules("double").parse_dice("1 2 3 4 5 6 1 2 3 4")
    with pytest.raises(EntryError):
        get_rules("classic").parse_dice("1cp 2cp 3cp 4fp 5fp")


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="0123456789cfgpx ,", max_size=40))
def test_any_tagged_text_is_dice_or_an_entry_error(text):
    try:
        dice = parse_tagged(text)
    except EntryError as err:
        assert err.en and err.expected
    else:
        assert Counter((d.colour, d.size) for d in dice) == DOUBLE_SET


# -- roll numbers ---------------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [("1", 1), (2, 2), (" 3 ", 3), ("3", 3)])
def test_parse_roll_ok(text, expected):
    assert parse_roll(text, 3) == expected


@pytest.mark.parametrize("text", [0, "0", -1, "-1"])
def test_parse_roll_below_one(text):
    with pytest.raises(EntryError) as info:
        parse_roll(text, 3)
    assert_entry_error(info, "first roll is 1")
    assert info.value.expected == "1-3"


@pytest.mark.parametrize("text", ["a", "", "1.5", "deux", "1 2"])
def test_parse_roll_not_a_number(text):
    with pytest.raises(EntryError) as info:
        parse_roll(text, 3)
    assert_entry_error(info, "not a whole number")


@pytest.mark.parametrize("text, maximum", [(4, 3), ("7", 6), (2, 1)])
def test_parse_roll_above_maximum(text, maximum):
    with pytest.raises(EntryError) as info:
        parse_roll(text, maximum)
    assert_entry_error(info, f"maximum of {maximum}", rule="G5")
    assert info.value.expected == f"1-{maximum}"


def test_parse_roll_without_maximum():
    assert parse_roll("12", None) == 12
    with pytest.raises(EntryError) as info:
        parse_roll(0, None)
    assert info.value.expected == "1+"


@pytest.mark.parametrize("family, allowance", [("classic", 3), ("gaby", 3), ("duel", 3),
                                               ("double", 6)])
def test_rule_set_roll_allowance(family, allowance):
    rules = get_rules(family)
    assert rules.parse_roll(str(allowance)) == allowance
    with pytest.raises(EntryError):
        rules.parse_roll(allowance + 1)
    assert rules.parse_roll(1, maximum=1) == 1
    with pytest.raises(EntryError):
        rules.parse_roll(2, maximum=1)


# -- registry -------------------------------------------------------------------------------

@pytest.mark.parametrize("name, cls", [
    ("classic", ClassicRules), ("classique", ClassicRules), ("yam-classique", ClassicRules),
    ("Classique", ClassicRules),
    ("gaby", GabyRules), ("yams-gaby", GabyRules),
    ("double", DoubleRules), ("double-yams", DoubleRules), ("Double Yams", DoubleRules),
    ("duel", DuelRules), ("duel-au-yam", DuelRules), ("Duel au Yam", DuelRules),
])
def test_registry_finds_families(name, cls):
    rules = get_rules(name)
    assert type(rules) is cls
    assert rules_class(name) is cls
    assert rules.settings == cls.defaults


@pytest.mark.parametrize("name", ["poker", "", "yahtzee-deluxe", "classic2"])
def test_registry_unknown_family(name):
    with pytest.raises(ConfigError) as info:
        get_rules(name)
    err = info.value
    assert f"'{name}'" in err.en
    for family in ("classic", "gaby", "double", "duel"):
        assert family in err.expected


def test_registry_families_have_distinct_names():
    names = []
    for cls in (ClassicRules, GabyRules, DoubleRules, DuelRules):
        names += [cls.family, *cls.aliases]
    assert len(names) == len(set(names))


# -- row names ------------------------------------------------------------------------------

@pytest.mark.parametrize("family", ["classic", "gaby", "double"])
@pytest.mark.parametrize("typed", ["Carré", "carre", "CARRE", "carré", " Carre ", "CARRÉ"])
def test_row_accepts_accents_and_case(family, typed):
    assert get_rules(family).row(typed).id == "carre"


@pytest.mark.parametrize("family, typed, row_id", [
    ("gaby", "Nénette", "nenette"), ("gaby", "NENETTE", "nenette"),
    ("duel", "4 pareils", "carre"), ("duel", "3 pareils", "brelan"), ("duel", "carre", "carre"),
    ("duel", "Petite suite", "petite-suite"), ("duel", "petite_suite", "petite-suite"),
    ("duel", "grande-suite", "grande-suite"), ("classic", "1", "1"), ("classic", "Yam", "yam"),
])
def test_row_by_display_name_or_id(family, typed, row_id):
    assert get_rules(family).row(typed).id == row_id


@pytest.mark.parametrize("family, typed", [
    ("classic", "brelan"),      # Yam classique has no brelan row (C1)
    ("classic", "chance"), ("gaby", "chance"), ("duel", "plus"), ("duel", "nenette"),
    ("gaby", "7"), ("classic", ""), ("duel", "carrée"),
])
def test_row_unknown_lists_the_ids(family, typed):
    rules = get_rules(family)
    with pytest.raises(EntryError) as info:
        rules.row(typed)
    assert_entry_error(info, "no row")
    assert info.value.expected.split() == [r.id for r in rules.rows]


def test_figure_by_row_name():
    rules = get_rules("classic")
    dice = rules.parse_dice("3 3 3 3 2")
    assert rules.figure("Carré", dice, 1).score == 84
    with pytest.raises(EntryError):
        rules.figure("brelan", dice, 1)


def test_dice_as_stored_read_the_same_as_typed():
    """A replay reads the dice of each event as the store wrote them (``str(Die)``) without
    the parser: the same dice as typing them, and the same refusals."""
    import random as _random

    from yams_scorekeeper.base.dice import DOUBLE_SET, parse_plain, parse_tagged

    rng = _random.Random(3)
    tags = [tag for tag, n in DOUBLE_SET.items() for _ in range(n)]
    for _ in range(300):
        plain = [str(rng.randint(1, 6)) for _ in range(5)]
        assert parse_plain(plain) == parse_plain(" ".join(plain))
        tagged = [f"{rng.randint(1, 6)}{c}{s}" for c, s in rng.sample(tags, len(tags))]
        assert parse_tagged(tagged) == parse_tagged(" ".join(tagged))
    with pytest.raises(EntryError, match="physical"):
        parse_tagged(["1cp"] * 10)                   # ten dice as stored, not the set: D1
    with pytest.raises(EntryError, match="not a die face"):
        parse_plain(["1", "2", "3", "4", "7"])
    with pytest.raises(EntryError, match="6 dice typed"):
        parse_plain(["1", "2", "3", "4", "5", "6"])


def test_a_stored_double_throw_reads_as_typed():
    """The store's form of a Double Yams throw (a list of "3cp") has a quicker path; it
    gives what the parser gives for the same dice typed, and refuses what it refuses."""
    import random

    from yams_scorekeeper.base.dice import DOUBLE_SET, parse_tagged

    rng = random.Random(7)
    tags = [c + s for (c, s), n in DOUBLE_SET.items() for _ in range(n)]
    for _ in range(300):
        entry = [f"{rng.randint(1, 6)}{tag}" for tag in tags]
        rng.shuffle(entry)
        assert parse_tagged(entry) == parse_tagged(" ".join(entry))
        wrong = entry[:-1] + [entry[-1][0] + ("cp" if entry[-1][1:] != "cp" else "fg")]
        with pytest.raises(EntryError):
            parse_tagged(wrong)
