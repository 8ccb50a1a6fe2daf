"""The sample outputs of the guide's pages are what the program prints now: each generated
block is made again from real runs (scripts/update_docs.py) and compared with the page, never
written; a block the script makes is on its page, and a changed output is seen."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))

import docgen  # noqa: E402
import update_docs  # noqa: E402


@pytest.mark.parametrize("path", sorted(update_docs.PAGES), ids=lambda p: p.name)
def test_generated_blocks_of_the_page_are_what_the_program_prints(path):
    text = path.read_text(encoding="utf-8")
    blocks = update_docs.PAGES[path]
    assert set(docgen.block_names(text)) == set(blocks)
    again = docgen.fill(text, blocks)
    assert docgen.steady(again) == docgen.steady(text), (
        f"{path.name} is out of date: run python scripts/update_docs.py")


def test_an_english_run_shows_english_words_and_spacing():
    page = (docgen.REPO / "docs" / "guide" / "annoncee.md").read_text(encoding="utf-8")
    assert "No yam (5 identical dice): 0" in page and "Pas de yam" not in page
    for path in [*update_docs.PAGES, docgen.REPO / "docs" / "index.md"]:
        for name in docgen.block_names(text := path.read_text(encoding="utf-8")):
            body = text.split(f"<!-- begin generated: {name} -->")[1].split("<!-- end")[0]
            assert " : " not in body.replace(" : -", ""), (path.name, name)


def test_the_check_sees_a_changed_output(monkeypatch):
    path = docgen.REPO / "docs" / "guide" / "annoncee.md"
    text = path.read_text(encoding="utf-8")
    real = update_docs.run_yams
    monkeypatch.setattr(update_docs, "run_yams",
                        lambda args, **kw: real(args, **kw, YAMS_LANG="fr"))
    assert docgen.steady(docgen.fill(text, update_docs.PAGES[path])) != docgen.steady(text)
