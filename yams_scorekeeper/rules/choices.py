"""The words of a family's choices as a player types them: accents, case and spaces forgiven
(:func:`normalise_id`); every family's spellings are made from them (``RuleSet``)."""

from __future__ import annotations


def normalise_id(text: str) -> str:
    """Lower-case ASCII form of a row or column name: 'Carré' -> 'carre',
    'Demi sec' -> 'demi-sec'."""
    return text.strip().lower().translate(_ASCII)


_ASCII = str.maketrans("éèêëàâäîïôöûüùç _", "eeeeaaaiioouuuc--")
