"""``yams end --help`` says what a stopped game comes to in every family (ruling G7): in Gaby
the highest total wins, elsewhere no one wins; in English and in French."""

from __future__ import annotations

import pytest
from helpers import ok

#: (language, the Gaby clause, the clause of the other families)
SAID = [("en", "In Gaby the highest total wins (Y9)", "elsewhere no one wins"),
        ("fr", "En Gaby le plus haut total gagne (Y9)", "ailleurs personne ne gagne")]


@pytest.mark.parametrize("lang, gaby, others", SAID, ids=["en", "fr"])
def test_end_help_says_who_wins_a_stopped_game_in_every_family(lang, gaby, others):
    text = " ".join(ok(None, "end", "--help", lang=lang).stdout.replace("│", " ").split())
    assert gaby in text and others in text and "(G7)" in text
    short = " ".join(ok(None, "--help", lang=lang).stdout.replace("│", " ").split())
    assert "the highest total wins" not in short and "le plus haut total gagne" not in short
