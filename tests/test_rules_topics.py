"""``yams rules FAMILY WORD`` explains what the sheet shows besides its rows (issue 20,
item 10): every column, bonus, total, section, option, preset, variant and counter, by its
id or by the name the sheet prints, in English and French, with its rulings."""

from __future__ import annotations

import pytest
from helpers import one_line_error, run

from yams_scorekeeper.i18n import words
from yams_scorekeeper.rules import RULESETS, get_rules


def shown_names(rules) -> set[str]:
    """Every label of a sheet of ``rules`` that is not a row, as the sheet and the setup
    questions print it (English and French), and every id of those choices."""
    names = {*rules.column_names, *rules.column_names.values(), *rules.options,
             *(rules.option_labels.get(o, o) for o in rules.options), *rules.presets,
             *rules.variants, *rules.variants.values(), *rules.directions}
    for lang in ("en", "fr"):
        w = words("cli.sheet", lang)
        names |= {w["bonus"], w["grand"], w["subtotal"]}
        names |= {f"{w['total']} {s.name.split(' ', 1)[-1]}" for s in rules.sections}
    if rules.jokers:
        names.add("jokers")
    if rules.options and "doblar" in rules.options:
        names.add("doblars")
    return names


@pytest.mark.parametrize("family", [cls.family for cls in RULESETS])
def test_every_name_the_sheet_shows_is_explained(family):
    rules = get_rules(family)
    for name in shown_names(rules):
        found = rules.hints.topic(name)
        assert found is not None, (family, name)
        ident, _, en, fr, rulings = found
        assert en and fr and en != fr and rulings, (family, name)
        assert "{" not in en + fr, (family, name)          # every setting filled in


def test_yams_rules_gaby_sec_and_bonus():
    sec = run(None, "rules", "gaby", "sec")
    assert sec.exit_code == 0
    assert sec.stdout.splitlines()[0] == "Sec (Yams Gaby, sec)"
    text = " ".join(sec.stdout.split())
    assert "only for a coup kept after the first roll" in text and "counts 2 x" in text
    assert "rulings: Y4, Y5, Y8" in text
    bonus = " ".join(run(None, "rules", "gaby", "bonus").stdout.split())
    assert "rows 1-6 adding up to 60 or more give +60" in bonus and "Y1, Y5" in bonus
    fr = " ".join(run(None, "--lang", "fr", "rules", "gaby", "2 coups").stdout.split())
    assert fr.startswith("2 coups (Yams Gaby, deux-coups)") and "règles : Y7" in fr


def test_the_numbers_come_from_the_settings():
    double = get_rules("double")
    assert "105+ -> +30, 126+ -> +60, 147+ -> +100" in double.hints.topic("bonus")[2]
    house = get_rules("duel", {"bonus": 50, "jokers": 1})
    assert "give +50" in house.hints.topic("bonus")[2]
    assert house.hints.topic("jokers")[2].startswith("1 ")


def test_the_family_lists_them_after_its_rows():
    out = run(None, "rules", "duel").stdout
    assert out.index("  chance ") < out.index("  bonus ") < out.index("  joker ")


def test_an_unknown_word_lists_rows_and_topics():
    line = one_line_error(run(None, "rules", "gaby", "nope"), "no row 'nope' in Yams Gaby",
                          "nor a column, bonus, option or variant")
    assert "demi-sec" in line and "doblar" in line and "brelan" in line
