"""Names as players say them (issue 20, item 7): every displayed name of an option, column,
optional row, variant or direction is accepted with or without spaces, accents, dashes or
capitals, in the table's questions and in ``yams new``; a Double Yams tag may stand apart
from its dice (``cp 666``), and Double Yams errors show the grouped way of typing dice."""

from __future__ import annotations

import pytest
from helpers import js, one_line_error, run
from test_play import played

from yams_scorekeeper.base.dice import GROUPED_EXAMPLE, parse_tagged
from yams_scorekeeper.base.errors import EntryError
from yams_scorekeeper.rules import RULESETS, get_rules
from yams_scorekeeper.rules.base import normalise_id
from yams_scorekeeper.store import Store


def spellings(name: str) -> set[str]:
    """A displayed name as a player may type it: as shown, upper case, without accents,
    without spaces or dashes."""
    plain = normalise_id(name)
    return {name, name.upper(), plain, plain.replace("-", " "), plain.replace("-", ""),
            name.replace(" ", "-")}


def displayed(rules) -> list[tuple[str, str]]:
    """(name on screen, id) of every choice a game of ``rules`` may be made of."""
    names = [(n, i) for i, n in rules.column_names.items()]
    names += [(rules.option_labels.get(o, o), o) for o in rules.options]
    names += [(n, i) for i, n in rules.variants.items()]
    names += [(r.name, r.id) for r in rules.rows if r.optional]
    names += [(d, d) for d in rules.directions] + [(p, p) for p in rules.presets]
    return names


@pytest.mark.parametrize("family", [cls.family for cls in RULESETS])
def test_every_displayed_name_reads_as_its_id(family):
    rules = get_rules(family)
    for name, ident in displayed(rules):
        for typed in spellings(name) | spellings(ident):
            assert rules.normalise_choice(typed) == ident, (typed, ident)
            assert [rules.normalise_choice(w) for w in rules.hints.split_choices(typed)] == [ident]


def test_a_list_keeps_names_of_several_words_together():
    gaby = get_rules("gaby")
    assert gaby.hints.split_choices("2 coups doblar, cases chance;bloquant") == [
        "2 coups", "doblar", "cases chance", "bloquant"]
    assert gaby.hints.split_choices("Demi sec Montée libre") == ["Demi sec", "Montée", "libre"]
    assert gaby.hints.split_choices("2 nonsense") == ["2", "nonsense"]     # refused later, as typed


def test_the_gaby_custom_setup_takes_the_names_shown(tmp_path):
    out = played(tmp_path, ["gaby", "Alice, Bob", "n", "custom", "Libre Demi sec", "Nénette",
                            "2 coups, Doblar, cases chance", "q"])
    assert "New game: Yams Gaby (Libre / Demi-sec, nénette, 2 coups, doblar, cases chance)" \
        in out
    assert "!" not in out.split("New game")[0]              # no question was refused
    (game,) = Store(tmp_path).games_in_progress()
    assert game["label"].startswith("Yams Gaby (Libre / Demi-sec")


def test_yams_new_takes_the_names_shown(tmp_path):
    db = str(tmp_path / "store")
    data = js(db, "new", "-R", "gaby", "-p", "A", "-p", "B", "--option", "2 coups",
              "--option", "cases chance, yams bloquant", "--column", "Demi sec",
              "--column", "Montée libre", "--row", "Nénette")
    assert data["label"] == ("Yams Gaby (Libre / Montée / Demi-sec, nénette, bloquant, "
                             "2 coups, cases chance)")
    one_line_error(run(db, "new", "-R", "gaby", "-p", "A", "--option", "3 coups"),
                   "unknown option '3'")


def test_a_tag_apart_from_its_dice():
    assert parse_tagged("cp 665 fp 12 cg 34 fg 556") == parse_tagged("cp665 fp12 cg34 fg556")
    assert parse_tagged("cp 6 fp12 cp65 cg34 fg556") == parse_tagged("cp665 fp12 cg34 fg556")


@pytest.mark.parametrize("typed", ["cp665 fp12 cg34",                  # 7 dice
                                   "1 2 3 4 5 6 6 1 2 3",              # no tag
                                   "cp6665 fp1 cg34 fg556"])           # 4 cp, 1 fp
def test_double_yams_errors_show_the_grouped_form(typed):
    with pytest.raises(EntryError) as info:
        parse_tagged(typed)
    assert info.value.expected == GROUPED_EXAMPLE
    assert get_rules("double").dice_example == GROUPED_EXAMPLE
