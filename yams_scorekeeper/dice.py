"""Dice as typed at the table: plain values for five-dice families, tagged dice for Double Yams.

A Double Yams die is written ``<value><colour><size>``: colour ``c`` (clair) or ``f`` (foncé),
size ``p`` (petit) or ``g`` (grand), e.g. ``6cp`` or ``3fg`` (rulings G4, D1).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from .errors import EntryError

COLOURS = {"c": "clair", "f": "foncé"}
SIZES = {"p": "petit", "g": "grand"}

#: The physical Double Yams set (rulings D1): 5 small (3 clairs, 2 foncés), 5 large (2 clairs, 3 foncés).
DOUBLE_SET = Counter({("c", "p"): 3, ("f", "p"): 2, ("c", "g"): 2, ("f", "g"): 3})

_TAGGED = re.compile(r"([0-9])([a-z]?)([a-z]?)")
_SPLIT = re.compile(r"[\s,;]+")


@dataclass(frozen=True, order=True)
class Die:
    """One die: its face value and, for Double Yams, its colour and size tags."""

    value: int
    colour: str | None = None
    size: str | None = None

    def __str__(self) -> str:
        return f"{self.value}{self.colour or ''}{self.size or ''}"


Dice = tuple[Die, ...]


def _tokens(entry: str | list[str] | tuple[str, ...]) -> list[str]:
    text = entry if isinstance(entry, str) else " ".join(str(t) for t in entry)
    return [t for t in _SPLIT.split(text.strip().lower()) if t]


def parse_plain(entry: str | list[str] | tuple[str, ...], count: int = 5) -> Dice:
    """Parse ``5 5 5 3 3`` or ``55533`` into ``count`` untagged dice."""
    example = " ".join("5" * 3 + "3" * 2) if count == 5 else " ".join(["1"] * count)
    chars = "".join(_tokens(entry))
    if not chars:
        raise EntryError("no dice typed", "aucun dé saisi", expected=example)
    # ASCII digits only: str.isdigit() also accepts '²' or '٥', which int() refuses or misreads
    bad = [c for c in chars if c not in "0123456789"]
    if bad:
        raise EntryError(f"'{bad[0]}' is not a die value (1-6)",
                         f"« {bad[0]} » n'est pas une valeur de dé (1-6)", expected=example)
    out_of_range = [c for c in chars if c in "0789"]
    if out_of_range:
        v = out_of_range[0]
        raise EntryError(f"{v} is not a die face: values go from 1 to 6",
                         f"{v} n'est pas une face de dé : les valeurs vont de 1 à 6",
                         expected=example)
    if len(chars) != count:
        raise EntryError(f"{len(chars)} dice typed, this game uses {count}",
                         f"{len(chars)} dés saisis, ce jeu en utilise {count}", expected=example)
    return tuple(sorted(Die(int(c)) for c in chars))


TAGGED_EXAMPLE = "1cp 2cp 3cp 4fp 5fp 6cg 6cg 1fg 2fg 3fg"


def parse_tagged(entry: str | list[str] | tuple[str, ...], physical: Counter = DOUBLE_SET) -> Dice:
    """Parse ten tagged dice such as ``6cp 3fg ...`` and check them against the physical set."""
    text = "".join(_tokens(entry))
    if not text:
        raise EntryError("no dice typed", "aucun dé saisi", expected=TAGGED_EXAMPLE)
    dice: list[Die] = []
    pos = 0
    while pos < len(text):
        m = _TAGGED.match(text, pos)
        if not m or m.end() == pos:
            raise EntryError(f"cannot read '{text[pos:pos + 3]}': a die is <value 1-6><c|f><p|g>",
                             f"« {text[pos:pos + 3]} » illisible : un dé s'écrit "
                             "<valeur 1-6><c|f><p|g>", expected="6cp or 3fg")
        value, colour, size = m.groups()
        token = m.group(0)
        if value in "0789":
            raise EntryError(f"{value} is not a die face in '{token}': values go from 1 to 6",
                             f"{value} n'est pas une face de dé dans « {token} » : "
                             "les valeurs vont de 1 à 6", expected="6cp")
        if colour not in COLOURS:
            raise EntryError(f"die '{token}' needs a colour tag c (clair) or f (foncé)",
                             f"le dé « {token} » doit porter une couleur c (clair) ou f (foncé)",
                             expected=f"{value}cp")
        if size not in SIZES:
            raise EntryError(f"die '{token}' needs a size tag p (petit) or g (grand)",
                             f"le dé « {token} » doit porter une taille p (petit) ou g (grand)",
                             expected=f"{value}{colour}p")
        dice.append(Die(int(value), colour, size))
        pos = m.end()
    total = sum(physical.values())
    if len(dice) != total:
        raise EntryError(f"{len(dice)} dice typed, Double Yams uses {total}",
                         f"{len(dice)} dés saisis, le Double Yams en utilise {total}",
                         expected=TAGGED_EXAMPLE)
    seen = Counter((d.colour, d.size) for d in dice)
    if seen != physical:
        wanted = ", ".join(f"{n} {c}{s}" for (c, s), n in sorted(physical.items()))
        got = ", ".join(f"{seen[k]} {k[0]}{k[1]}" for k in sorted(physical))
        raise EntryError(f"the tags do not match the physical dice: typed {got}; the set is {wanted}",
                         f"les marques ne correspondent pas aux dés : saisi {got} ; "
                         f"le jeu compte {wanted}", expected=TAGGED_EXAMPLE, rule="D1")
    return tuple(sorted(dice))


def parse_roll(text: str | int, maximum: int | None) -> int:
    """Parse a roll number: 1 means the dice were kept after the first roll (rulings G4)."""
    try:
        roll = int(str(text).strip())
    except ValueError:
        raise EntryError(f"roll number '{text}' is not a whole number",
                         f"le numéro de lancer « {text} » n'est pas un nombre entier",
                         expected="1-3") from None
    if roll < 1:
        raise EntryError(f"roll number {roll}: the first roll is 1",
                         f"lancer n° {roll} : le premier lancer est le 1",
                         expected=f"1-{maximum}" if maximum else "1+")
    if maximum is not None and roll > maximum:
        raise EntryError(f"roll number {roll} is above the maximum of {maximum} for this turn",
                         f"lancer n° {roll} : au-delà du maximum de {maximum} pour ce tour",
                         expected=f"1-{maximum}", rule="G5")
    return roll


def format_dice(dice: Dice) -> str:
    """Dice as a player would type them back."""
    return " ".join(str(d) for d in dice)
