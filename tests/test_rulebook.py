"""``yams rules`` and the row reference of docs/rules.md come from one source (issue 10, item 9):
the rulebook's examples are scored by the rules, and the docs section is the rulebook's."""

from __future__ import annotations

from yams_scorekeeper.rules import RULESETS


def test_docs_row_reference_is_the_rulebook():
    from pathlib import Path

    from yams_scorekeeper.engine.rulebook import markdown

    docs = (Path(__file__).resolve().parents[1] / "docs" / "rules.md").read_text(encoding="utf-8")
    section = docs.split("<!-- rulebook:begin -->\n", 1)[1].split("<!-- rulebook:end -->", 1)[0]
    assert section == markdown()


def test_every_rulebook_example_makes_its_row():
    from yams_scorekeeper.engine.rulebook import family_rules

    for cls in RULESETS:
        for entry in family_rules(cls.family):
            assert not entry.example.text("fr").startswith(("Pas ", "Aucun ")), (cls.family,
                                                                     entry.row)
            assert entry.rulings.startswith(cls.rows_rule) and cls.rows_rule


def test_yams_rules_prints_a_row_in_both_languages():
    from typer.testing import CliRunner

    from yams_scorekeeper.cli.app import app

    env = {"YAMS_LANG": "en", "NO_COLOR": "1", "COLUMNS": "80"}
    out = CliRunner().invoke(app, ["rules", "gaby", "Nénette"], env=env).stdout
    assert out.splitlines() == ["Nénette (Yams Gaby, nenette)",
                                "  exactly 2-2-2-1-1; 60 (optional row)",
                                "  example: 1 1 2 2 2 /2 → Nénette 2-2-2-1-1: 60",
                                "  rulings: Y1, Y2", "  typed: nenette, nénette"]
    fr = CliRunner().invoke(app, ["--lang", "fr", "rules", "duel", "ps"], env=env).stdout
    assert "quatre valeurs qui se suivent parmi les cinq ; 30" in fr and "règles : U1, U2" in fr
    bad = CliRunner().invoke(app, ["rules", "gaby", "nope"], env=env)
    assert bad.exit_code != 0 and "no row 'nope' in Yams Gaby" in bad.stderr
