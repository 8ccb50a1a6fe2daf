"""One home per rule family (issue 9): modules outside ``rules/`` name no family or variant.

Every difference between families is a hook or class attribute of the rule set; the game,
its configuration, totals, simulation, store and command line ask the rule set and never
compare names. This test
reads the source (``ast``) of those modules and fails on any string literal that is a family
id, an alias, a variant, a direction or a preset of a registered rule set.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import yams_scorekeeper
from yams_scorekeeper.rules import RULESETS, normalise_id

PACKAGE = Path(yams_scorekeeper.__file__).parent

#: every module outside rules/ (the engine, the store, the advisers, the command line)
OUTSIDE = sorted(str(p.relative_to(PACKAGE)) for p in PACKAGE.rglob("*.py")
                 if "rules" not in p.relative_to(PACKAGE).parts)
#: the program's own name is also an alias of the classic family: it names no family here
PROGRAM = "yams"


def family_words() -> set[str]:
    """Every name that identifies a family or one of its variants."""
    words: set[str] = set()
    for cls in RULESETS:
        words |= {cls.family, *cls.aliases, *cls.variants, *cls.directions, *cls.presets}
    return {normalise_id(w) for w in words} - {PROGRAM}


def literals(path: Path) -> list[tuple[int, str]]:
    """(line, text) of every string literal of a module that is not a docstring."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docstrings.add(id(body[0].value))
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in docstrings]


def offenders(path: Path) -> list[str]:
    words = family_words()
    return [f"{path.relative_to(PACKAGE)}:{line}: {text!r}" for line, text in literals(path)
            if normalise_id(text) in words]


def test_the_word_list_knows_every_family_and_variant():
    words = family_words()
    assert {"classic", "gaby", "double", "duel", "yatzy", "yahtzee", "classique", "force",
            "critique", "165", "croissant", "decroissant", "gaby-solo"} <= words


def test_every_module_outside_rules_is_checked():
    assert {"game.py", "config.py", "totals.py", "simulate.py", "columns.py", "store/facade.py",
            "cli/play.py", "cli/sheet_view.py", "cli/turn_cmds.py", "cli/book_cmds.py",
            "advice/spec.py", "advice/heuristic.py", "cli/advice_cmds.py"} <= set(OUTSIDE)


@pytest.mark.parametrize("module", OUTSIDE)
def test_module_outside_rules_names_no_family(module):
    assert offenders(PACKAGE / module) == []


def test_the_check_finds_a_family_literal(tmp_path):
    """The check itself can fail: a comparison with a family name is found."""
    sample = tmp_path / "sample.py"
    sample.write_text('"""Docstring naming classic is fine."""\n'
                      'def f(rules):\n    return rules.family == "gaby"\n', encoding="utf-8")
    found = [text for _, text in literals(sample) if normalise_id(text) in family_words()]
    assert found == ["gaby"]
