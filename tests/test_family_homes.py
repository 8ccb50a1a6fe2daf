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

import yams_scorekeeper
from yams_scorekeeper.mechanics import KINDS
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
    assert {"engine/game.py", "engine/config.py", "base/totals.py", "engine/simulate.py",
            "base/columns.py", "store/facade.py",
            "cli/play.py", "cli/sheet_view.py", "cli/turn_cmds.py", "cli/book_cmds.py",
            "advice/spec.py", "advice/heuristic.py", "cli/advice_cmds.py"} <= set(OUTSIDE)


def test_no_module_outside_rules_names_a_family():
    assert [o for module in OUTSIDE for o in offenders(PACKAGE / module)] == []


def found_in(tmp_path: Path, source: str, words: set[str]) -> list[str]:
    """The literals of a sample module ``source`` that the check finds among ``words``."""
    sample = tmp_path / "sample.py"
    sample.write_text(source, encoding="utf-8")
    return [text for _, text in literals(sample) if normalise_id(text) in words]


def test_the_check_finds_a_family_literal(tmp_path):
    """The check itself can fail: a comparison with a family name is found."""
    assert found_in(tmp_path, '"""Docstring naming classic is fine."""\n'
                    'def f(rules):\n    return rules.family == "gaby"\n',
                    family_words()) == ["gaby"]


# -- mechanics (issue 21): modules outside rules/, texts/ and mechanics/ name no mechanic ----

#: what the check below also reads: every module outside the families, the catalogue and the
#: mechanics themselves
#: the house package is where a house sheet's file names its column kinds and mechanics (its
#: vocabulary: `kind = "annoncee"`), as rules/ is where a built-in family names them
OUTSIDE_MECHANICS = [m for m in OUTSIDE
                     if m.split("/")[0] not in ("texts", "mechanics", "house")]

def mechanic_words() -> set[str]:
    """Every id that names a mechanic, what a player types for it, its counters and help
    topic, and every option and column of a family (the plus/moins rows name C3's)."""
    words: set[str] = {"plus", "moins"}
    kinds = [*KINDS]
    for cls in RULESETS:
        words |= {*cls.options, *cls.column_names, *cls.option_labels.values()}
        for cid, kind in cls.column_kinds.items():
            made = kind.mechanic(kind.column(cid, ()))
            if made is not None:
                kinds.append(type(made))
    for kind in kinds:
        words |= {kind.id, *kind.counters, *(w for w in (kind.entry_field, kind.help_topic) if w)}
    # "grille" is the one column of single-column families: no mechanic
    return {normalise_id(w) for w in words} - {"grille"}


def mechanic_literals(module: str) -> dict[tuple[str, str], int]:
    words = mechanic_words()
    found: dict[tuple[str, str], int] = {}
    for _, text in literals(PACKAGE / module):
        if normalise_id(text) in words:
            found[(module, text)] = found.get((module, text), 0) + 1
    return found


def test_the_mechanic_words_know_every_mechanic():
    assert {"joker", "announce", "doblar", "bank", "pool", "deux-coups", "descente", "sec",
            "imposee", "plus", "moins", "annoncee", "jokers-left"} <= mechanic_words()


def test_no_literal_outside_the_mechanics_names_a_mechanic():
    """The engine, the advisers and the command line ask the mechanics (their entry fields,
    words, help topics, counters, column kinds) and never name one; the modules where issue 21
    found the last literals are among those read."""
    assert {"advice/adviser.py", "advice/heuristic.py", "advice/hints.py", "advice/review.py",
            "cli/advice_cmds.py", "cli/amend_cmds.py", "cli/live_page.py", "cli/play.py",
            "cli/printing.py", "cli/sheet_view.py", "cli/turn_loop.py",
            "engine/notation.py"} <= set(OUTSIDE_MECHANICS)
    found = {k: n for m in OUTSIDE_MECHANICS for k, n in mechanic_literals(m).items()}
    assert found == {}


def test_the_mechanic_check_finds_a_mechanic_literal(tmp_path):
    """The check itself can fail: a test of a mechanic by its id is found."""
    assert found_in(tmp_path, '"""Docstring naming the doblar is fine."""\n'
                    'def f(config):\n    return config.has("doblar")\n',
                    mechanic_words()) == ["doblar"]
    # a JSON key, a column heading and a word inside an f-string are found as well
    assert found_in(tmp_path, 'def g(c):\n    return {"joker": c}, {"Montée": "Mont"}, '
                    'f" joker {c[0]}:{c[1]}"\n', mechanic_words()) == ["joker", "Montée",
                                                                        " joker "]
