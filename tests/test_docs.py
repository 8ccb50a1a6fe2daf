"""The README and the documentation say what the program does: their generated blocks are real
output made again here and compared (never written), the command list is the Typer app's, the
family count the registry's, and the CLI reference is every command's --help."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "scripts"))

import docgen  # noqa: E402
import gen_cli_reference  # noqa: E402
import update_guides  # noqa: E402
import update_readme  # noqa: E402

README = REPO / "README.md"


def _docs_texts() -> dict[str, str]:
    paths = [README, REPO / "pyproject.toml", REPO / "CONTRIBUTING.md", REPO / "CHANGELOG.md",
             *sorted((REPO / "docs").rglob("*.md"))]
    return {str(p.relative_to(REPO)): p.read_text(encoding="utf-8") for p in paths if p.exists()}


def test_readme_is_at_most_200_lines():
    assert len(README.read_text(encoding="utf-8").splitlines()) <= 200


@pytest.mark.parametrize("script, path", [(update_readme, p) for p in update_readme.FILES] +
                         [(update_guides, p) for p in update_guides.FILES],
                         ids=lambda x: getattr(x, "name", ""))
def test_generated_blocks_are_what_the_program_prints_now(script, path):
    """The README's outputs, and the table guides' sessions and screens (issue 34)."""
    text = path.read_text(encoding="utf-8")
    assert docgen.block_names(text), f"{path.name} has no generated block"
    again = docgen.fill(text, script.BLOCKS)
    assert docgen.steady(again) == docgen.steady(text), (
        f"{path.name} is out of date: run python {Path(script.__file__).relative_to(REPO)}")


def test_every_output_in_the_readme_is_in_a_generated_block():
    outside = docgen.BLOCK.sub("", README.read_text(encoding="utf-8"))
    assert "```console" not in outside and "\n$ " not in outside


def test_the_readme_shows_every_block_the_script_makes():
    shown = {name for path in update_readme.FILES
             for name in docgen.block_names(path.read_text(encoding="utf-8"))}
    assert shown == set(update_readme.BLOCKS)
    assert set(update_readme.BLOCKS) - set(docgen.block_names(README.read_text(
        encoding="utf-8"))) == {"demo"}                     # docs/index.md's alone


def test_the_guides_show_every_block_their_script_makes():
    named = [n for p in update_guides.FILES for n in docgen.block_names(p.read_text("utf-8"))]
    assert sorted(named) == sorted(update_guides.BLOCKS)


def test_quick_start_makes_a_venv_installs_and_runs_the_demo_then_the_suite_ci_runs():
    text = README.read_text(encoding="utf-8")
    assert ("```sh\npython3 -m venv .venv && .venv/bin/pip install -e '.[test]' && "
            ".venv/bin/yams demo\n.venv/bin/python -m pytest -n 2\n```") in text
    assert "\npython -m pytest -n 2\n" in (REPO / ".ci" / "run").read_text(encoding="utf-8")


def test_the_readme_lists_every_command_of_the_app_and_no_other():
    listed = re.findall(r"^- `yams ([\w-]+)`: ", README.read_text(encoding="utf-8"), re.M)
    assert listed == [name for name, _ in docgen.commands()]


def test_every_family_count_in_the_docs_is_the_registrys():
    from yams_scorekeeper.rules import RULESETS

    count = re.compile(r"\b(\w+)(?: rule)? families\b", re.I)
    found = {(path, m[1].lower()) for path, text in _docs_texts().items()
             for m in count.finditer(text) if m[1].lower() in docgen.NUMBER_WORDS}
    assert found, "no family count found"
    assert {word for _, word in found} == {docgen.NUMBER_WORDS[len(RULESETS)]}, sorted(found)
    readme = README.read_text(encoding="utf-8")
    for rules in RULESETS:
        assert f"- {rules.title} (`{rules.family}`" in readme


def test_cli_reference_is_every_commands_help():
    page = gen_cli_reference.PAGE.read_text(encoding="utf-8")
    assert page == gen_cli_reference.page(), (
        "docs/reference/cli.md is out of date: run python scripts/gen_cli_reference.py")
    for name, _ in docgen.commands():
        assert f"## `yams {name}`\n" in page


def test_cli_reference_check_sees_a_changed_help(monkeypatch):
    from yams_scorekeeper.cli import turn_cmds

    before = gen_cli_reference.page()
    monkeypatch.setattr(turn_cmds.mark, "__doc__", turn_cmds.mark.__doc__.replace(
        "Write a cell", "Write one cell"))
    after = gen_cli_reference.page()
    assert after != before and "Write one cell" in after


def test_readme_check_sees_a_changed_output(monkeypatch):
    text = README.read_text(encoding="utf-8")
    monkeypatch.setattr(update_readme, "SCORE_ARGS", ["score", "--rules", "gaby", "55533/1"])
    again = docgen.fill(text, update_readme.BLOCKS)
    assert docgen.steady(again) != docgen.steady(text)


def test_architecture_names_every_module_of_the_package():
    text = (REPO / "docs" / "architecture.md").read_text(encoding="utf-8")
    package = REPO / "yams_scorekeeper"
    modules = [p.stem for folder in ("", "base", "engine", "store")
               for p in (package / folder).glob("*.py")
               if p.stem not in ("__init__", "__main__")]
    modules += [p.stem for p in (package / "cli").glob("*.py")
                if p.stem not in ("__init__", "app")]
    missing = [m for m in modules if f"`{m}`" not in text]
    assert missing == []


def test_mkdocs_nav_names_only_pages_that_exist():
    nav = re.findall(r"^\s*- (?:[^:\n]+: )?([\w/.-]+\.md)\s*$",
                     (REPO / "mkdocs.yml").read_text(encoding="utf-8"), re.M)
    assert "guide/table.md" in nav and "fr/table.md" in nav
    assert [page for page in nav if not (REPO / "docs" / page).exists()] == []


def test_version_is_0_2_and_the_changelog_says_so():
    from yams_scorekeeper import __version__

    assert __version__ == "0.2.0"
    changelog = (REPO / "CHANGELOG.md").read_text(encoding="utf-8")
    assert f"## [{__version__}]" in changelog and "## [0.1.0]" in changelog
    assert (REPO / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
