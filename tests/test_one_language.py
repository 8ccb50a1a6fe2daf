"""Every entry of the catalogue, said with sample values, holds no word of the other language:
English never says a French word of the lists below, French never an English one. Names of
rows, figures and columns stay French in both (as on the paper sheet), so the French list
holds none of them."""

from __future__ import annotations

import re
from string import Formatter

from test_texts import _forms, po_file

#: French words an English sentence must not hold (no row, figure or column name among them)
FRENCH = {"harmonie", "couleur", "taille", "pourquoi", "lancer", "lancers", "dés", "joueur",
          "joueurs", "partie", "parties", "ligne", "lignes", "clairs", "foncés", "petits",
          "grands", "trois", "quatre", "cinq", "et", "ou", "avec", "sans", "jet", "premier",
          "annonce", "lettres", "feuille", "soirée", "haut", "bas"}
#: English words a French sentence must not hold
ENGLISH = {"harmony", "colour", "size", "why", "roll", "rolls", "dice", "player", "players",
           "game", "games", "row", "rows", "cell", "cells", "light", "dark", "small", "big",
           "three", "four", "five", "and", "or", "with", "without", "first", "announce",
           "letters", "sheet", "upper", "lower", "none", "yes", "no", "expected", "the"}
#: words that are the same in both languages' entries or are names typed as such: commands,
#: options and what a player types (``announce`` is the Double Yams keyword in English only)
TYPED = re.compile(r"--?[\w-]+(?: dice)?|yams [\w -]+|`[^`]*`|'[^']*'|\"[^\"]*\"|«[^»]*»"
                   r"|\w+\[[^\]]*\]")
WORD = re.compile(r"[^\W\d_]+")


class Sample(str):
    """A value for any placeholder, in any format (``{e:.2f}``, ``{n:>3}``)."""

    def __format__(self, spec: str) -> str:
        return "7"


class _Filler(Formatter):
    def get_value(self, key: object, args: object, kwargs: object) -> Sample:
        return Sample("7")


def _said(template: str) -> str:
    """``template`` with a sample in every placeholder, named or not."""
    return _Filler().format(template)


def _words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(TYPED.sub(" ", text))}


def test_no_entry_says_a_word_of_the_other_language():
    english = {e.msgid: e for e in po_file("en") if not e.comment}
    french = {e.msgid: e for e in po_file("fr") if not e.comment}
    mixed = []
    for msgid, entry in english.items():
        for form in _forms(entry):
            found = _words(_said(form)) & FRENCH
            mixed += [("en", msgid, sorted(found))] if found else []
        for form in _forms(french[msgid]):
            found = _words(_said(form)) & ENGLISH
            mixed += [("fr", msgid, sorted(found))] if found else []
    for entry in po_file("fr"):                 # --help, Click's and Typer's words
        for form in _forms(entry) if entry.comment else ():
            found = _words(_said(form)) & ENGLISH
            mixed += [("fr", entry.msgid[:40], sorted(found))] if found else []
    assert mixed == []
