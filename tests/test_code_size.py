"""No class of the package has more than 45 methods, no module more than 900 lines.

A method is a function defined in the class's own body (properties, static and class methods
included; inherited ones counted where they are written). Read from the source with ``ast``,
so that a class made at run time from another (a house sheet's) counts once, where it is
written."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "yams_scorekeeper"
MOST_METHODS = 45
MOST_LINES = 900
MODULES = sorted(p for p in PACKAGE.rglob("*.py"))


def methods_by_class(source: str) -> dict[str, int]:
    """Each class of ``source`` (nested ones by their dotted name) and its methods."""
    found: dict[str, int] = {}

    def visit(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            if isinstance(node, ast.ClassDef):
                name = prefix + node.name
                found[name] = sum(isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
                                  for n in node.body)
                visit(node.body, name + ".")
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                visit(node.body, prefix + node.name + ".")

    visit(ast.parse(source).body, "")
    return found


def test_the_count_sees_a_class_over_the_limit_and_nested_ones():
    many = "\n".join(f"    def m{i}(self): ..." for i in range(MOST_METHODS + 1))
    source = (f"class Big:\n{many}\n    x = 1\n    class Inner:\n        @property\n"
              f"        def p(self): ...\n\ndef f():\n    class Local:\n        def g(self): ...\n")
    assert methods_by_class(source) == {"Big": MOST_METHODS + 1, "Big.Inner": 1,
                                        "f.Local": 1}


def test_no_class_has_more_than_45_methods():
    over = {f"{module.relative_to(PACKAGE)}: {name}": n for module in MODULES
            for name, n in methods_by_class(module.read_text(encoding="utf-8")).items()
            if n > MOST_METHODS}
    assert not over, f"classes over {MOST_METHODS} methods: {over}"


def test_no_module_has_more_than_900_lines():
    over = {str(module.relative_to(PACKAGE)): lines for module in MODULES
            if (lines := len(module.read_text(encoding="utf-8").splitlines())) > MOST_LINES}
    assert not over, f"modules over {MOST_LINES} lines: {over}"


def test_the_package_has_modules_and_classes_to_count():
    assert len(MODULES) > 100
    counted = methods_by_class((PACKAGE / "rules" / "base.py").read_text(encoding="utf-8"))
    assert 20 <= counted["RuleSet"] <= MOST_METHODS
