"""``yams end --help`` says what a stopped game comes to in every family (ruling G7): in Gaby
the highest total wins, elsewhere no one wins; in English and in French."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from helpers import ENV

#: (language, the Gaby clause, the clause of the other families)
SAID = [("en", "In Gaby the highest total wins (Y9)", "elsewhere no one wins"),
        ("fr", "En Gaby le plus haut total gagne (Y9)", "ailleurs personne ne gagne")]


def help_text(lang: str, *args: str) -> str:
    """The help, as the command prints it (its own process: the French help is put on the
    commands in place), its words one space apart."""
    proc = subprocess.run([sys.executable, "-m", "yams_scorekeeper", *args, "--help"],
                          env={**os.environ, **ENV, "YAMS_LANG": lang}, capture_output=True,
                          text=True, timeout=60, check=True)
    return " ".join(proc.stdout.replace("│", " ").split())


@pytest.mark.parametrize("lang, gaby, others", SAID, ids=["en", "fr"])
def test_end_help_says_who_wins_a_stopped_game_in_every_family(lang, gaby, others):
    text = help_text(lang, "end")
    assert gaby in text and others in text and "(G7)" in text
    short = help_text(lang)
    assert "the highest total wins" not in short and "le plus haut total gagne" not in short
