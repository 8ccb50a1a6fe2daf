"""The layers hold for type hints too: no import circle among the package's modules, imports
under ``if TYPE_CHECKING:`` counted, and import-linter counts them as well."""

from __future__ import annotations

import tomllib
from pathlib import Path

import grimp

REPO = Path(__file__).resolve().parent.parent


def import_circles(package: str) -> list[list[str]]:
    """Every import circle among the modules of ``package`` (type-only imports and imports
    inside functions counted), each as the chain of modules that closes it, once."""
    graph = grimp.build_graph(package, exclude_type_checking_imports=False, cache_dir=None)
    circles: dict[frozenset[str], list[str]] = {}
    for module in sorted(graph.modules):
        for imported in sorted(graph.find_modules_directly_imported_by(module)):
            back = graph.find_shortest_chain(importer=imported, imported=module)
            if back is not None:
                circles.setdefault(frozenset(back), [module, *back])
    return sorted(circles.values())


def test_no_module_of_the_package_closes_an_import_circle():
    assert import_circles("yams_scorekeeper") == []


def test_a_circle_made_of_a_type_only_import_is_found(tmp_path, monkeypatch):
    pkg = tmp_path / "circled"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("", encoding="utf-8")
    (pkg / "low.py").write_text("from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n"
                                "    from .high import High\n", encoding="utf-8")
    (pkg / "high.py").write_text("from . import low\n", encoding="utf-8")
    (pkg / "alone.py").write_text("from . import low\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert import_circles("circled") == [["circled.high", "circled.low", "circled.high"]]


def test_import_linter_counts_type_only_imports():
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    assert config["tool"]["importlinter"]["exclude_type_checking_imports"] is False
