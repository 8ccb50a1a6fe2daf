"""Dice as typed at the table: plain values for five-dice families, tagged dice for Double Yams.

A Double Yams die is written with its value, colour ``c`` (clair) or ``f`` (foncé) and size
``p`` (petit) or ``g`` (grand), the two tags in any order: ``6cp``, ``6pc``, ``3fg``; or by the
set's groups, a tag and the values of its dice: ``cp665 fp12 cg34 fg556`` (rulings G4, D1).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from operator import attrgetter
from typing import TYPE_CHECKING

from ..i18n import Message
from .errors import EntryError

if TYPE_CHECKING:
    from typing import Any

COLOURS = {"c": "clair", "f": "foncé"}
SIZES = {"p": "petit", "g": "grand"}

#: The physical Double Yams set (rulings D1): 5 small (3 clairs, 2 foncés), 5 large (2 clairs,
#: 3 foncés).
DOUBLE_SET = Counter({("c", "p"): 3, ("f", "p"): 2, ("c", "g"): 2, ("f", "g"): 3})

_SPLIT = re.compile(r"[\s,;]+")


@dataclass(frozen=True, order=True)
class Die:
    """One die: its face value and, for Double Yams, its colour and size tags."""

    value: int
    colour: str | None = None
    size: str | None = None
    if TYPE_CHECKING:  # set by __post_init__, no fields of the dataclass at run time
        _hash: int = field(init=False)
        _text: str = field(init=False)

    def __post_init__(self) -> None:
        # a die is hashed (scores are remembered by dice) and written (str) at every event of a
        # replay: both are worked out once (never pickled: see __reduce__)
        object.__setattr__(self, "_hash", hash((self.value, self.colour, self.size)))
        object.__setattr__(self, "_text", f"{self.value}{self.colour or ''}{self.size or ''}")

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        return self._text

    def __reduce__(self) -> tuple[Any, ...]:
        # rebuilt from its fields: a hash worked out in another process would be wrong here
        return type(self), (self.value, self.colour, self.size)


Dice = tuple[Die, ...]

_TEXT = attrgetter("_text")


def dice_texts(dice: Dice) -> tuple[str, ...]:
    """Each die as the store writes it (``str`` of each, quicker)."""
    return tuple(map(_TEXT, dice))


def _tokens(entry: str | list[str] | tuple[str, ...]) -> list[str]:
    text = entry if isinstance(entry, str) else " ".join(str(t) for t in entry)
    return [t for t in _SPLIT.split(text.strip().lower()) if t]


#: each die as the store writes it (``str(Die)``), read at once when a game is replayed
_STORED_PLAIN = {str(v): Die(v) for v in range(1, 7)}
_STORED_TAGGED = {f"{v}{c}{s}": Die(v, c, s) for v in range(1, 7) for c in COLOURS
                  for s in SIZES}


#: the tags of a stored Double Yams die (``"cp"`` of ``"3cp"``) counted as the digits of one
#: number in base 16: ten dice give each tag a count below 16, so the sum of a throw's weights
#: is the physical set's exactly when the throw has its tags
_TAG_WEIGHT = {tag: 16 ** i for i, tag in enumerate(("cp", "fp", "cg", "fg"))}
_STORED_WEIGHT = {text: _TAG_WEIGHT[text[1:]] for text in _STORED_TAGGED}
_DOUBLE_WEIGHT = sum(_TAG_WEIGHT[c + s] * n for (c, s), n in DOUBLE_SET.items())
_DOUBLE_COUNT = sum(DOUBLE_SET.values())


def stored_tagged(entry: object) -> tuple[Dice, tuple[str, ...]] | None:
    """The dice of a Double Yams throw as the store writes it (a list of the ten dice's texts,
    ``"3cp"``), with those texts in the dice's order; ``None`` for anything else (the parser
    then reads it, and says what is wrong)."""
    if type(entry) is not list or len(entry) != _DOUBLE_COUNT:
        return None
    try:
        # a die's text sorts as the die does (one digit, then c < f, then g < p)
        texts = sorted(entry)
        if sum(map(_STORED_WEIGHT.__getitem__, texts)) != _DOUBLE_WEIGHT:
            return None
    except (KeyError, TypeError):
        return None
    return tuple(map(_STORED_TAGGED.__getitem__, texts)), tuple(texts)


def _in_order(die: Die) -> tuple[Any, ...]:
    """The order of ``Die`` (value, colour, size), without building it for each comparison."""
    return (die.value, die.colour or "", die.size or "")


def _stored(entry: object, known: dict[str, Die], count: int) -> list[Die] | None:
    """The dice of ``entry`` when it is a list of ``count`` dice as the store writes them,
    else ``None`` (the parser then reads it, and says what is wrong)."""
    if isinstance(entry, str) or not isinstance(entry, (list, tuple)) or len(entry) != count:
        return None
    try:
        return [known[t] for t in entry]
    except (KeyError, TypeError):
        return None


def parse_plain(entry: str | list[str] | tuple[str, ...], count: int = 5) -> Dice:
    """Parse ``5 5 5 3 3`` or ``55533`` into ``count`` untagged dice."""
    stored = _stored(entry, _STORED_PLAIN, count)
    if stored is not None:
        return tuple(sorted(stored, key=_in_order))
    example = " ".join("5" * 3 + "3" * 2) if count == 5 else " ".join(["1"] * count)
    chars = "".join(_tokens(entry))
    if not chars:
        raise EntryError(Message("entry.dice_typed"), expected=example)
    # ASCII digits only: str.isdigit() also accepts '²' or '٥', which int() refuses or misreads
    bad = [c for c in chars if c not in "0123456789"]
    if bad:
        raise EntryError(Message("entry.die_value", bad=bad[0]), expected=example)
    out_of_range = [c for c in chars if c in "0789"]
    if out_of_range:
        v = out_of_range[0]
        raise EntryError(Message("entry.die_face_values_go", v=v),
                         expected=example)
    if len(chars) != count:
        typed = len(chars)
        raise EntryError(Message("entry.typed_game_uses", typed=typed, count=count),
                         expected=example)
    return tuple(sorted(Die(int(c)) for c in chars))


TAGGED_EXAMPLE = "1cp 2cp 3cp 4fp 5fp 6cg 6cg 1fg 2fg 3fg"
#: the same ten dice typed by the set's groups (a tag, then the values of its dice)
GROUPED_EXAMPLE = "cp123 fp45 cg66 fg123"

_DIGITS_FIRST = re.compile(r"([0-9]+)([a-z]*)")
_TAGS_FIRST = re.compile(r"([a-z]+)([0-9]*)")


def _tag(letters: str, values: str, unit: str) -> tuple[str, str]:
    """(colour, size) from two tag letters in any order (``cp``, ``pc``, ``gf``)."""
    if len(letters) > 2:
        raise EntryError(Message("entry.cannot_read_die_value", unit=unit),
                         expected="6cp, 6pc or cp665")
    colours = [c for c in letters if c in COLOURS]
    sizes = [c for c in letters if c in SIZES]
    if not colours:
        raise EntryError(Message("entry.die_needs_colour_tag", unit=unit),
                         expected=f"{values[:1] or 6}cp")
    if not sizes:
        raise EntryError(Message("entry.die_needs_size_tag", unit=unit),
                         expected=f"{values[:1] or 6}{colours[0]}p")
    return colours[0], sizes[0]


def _groups(token: str) -> list[tuple[str, str, str]]:
    """One typed token as (values, tag letters, unit text) groups: ``665cp`` and ``cp665`` are
    a group of three dice, ``6cp`` a group of one; ``1cp2fg`` and ``cp12fg3`` hold two groups."""
    pattern = _DIGITS_FIRST if token[0].isdigit() else _TAGS_FIRST
    out, pos = [], 0
    while pos < len(token):
        m = pattern.match(token, pos)
        if not m or m.end() == pos:
            bad = token[pos:pos + 3]
            raise EntryError(Message("entry.cannot_read_die_value_2", bad=bad),
                             expected="6cp or cp665")
        first, second = m.groups()
        values, letters = (first, second) if pattern is _DIGITS_FIRST else (second, first)
        if not values:
            raise EntryError(Message("entry.tag_has_no_dice_after", letters=letters),
                             expected=f"{letters}665")
        out.append((values, letters, m.group(0)))
        pos = m.end()
    return out


def _tag_then_values(tokens: list[str]) -> list[str]:
    """A tag typed apart from its dice (``cp 666``) joined to them (``cp666``)."""
    out: list[str] = []
    for token in tokens:
        if out and token.isdigit() and out[-1].isalpha():
            out[-1] += token
        else:
            out.append(token)
    return out


def parse_tagged(entry: str | list[str] | tuple[str, ...],
                 physical: Counter[tuple[str, str]] = DOUBLE_SET) -> Dice:
    """Parse ten tagged dice and check them against the physical set (G4, D1).

    A die is its value with a colour (c/f) and a size (p/g) in any order: ``6cp``, ``6pc``;
    a group is a tag and the values of its dice, the tag before or after: ``cp665``, ``665cp``.
    ``cp665 fp12 cg34 fg556`` is a whole throw in 19 keystrokes.
    """
    if physical is DOUBLE_SET:
        stored = stored_tagged(entry)
        if stored is not None:
            return stored[0]
    total = sum(physical.values())
    tokens = _tag_then_values(_tokens(entry))
    if not tokens:
        raise EntryError(Message("entry.dice_typed"), expected=GROUPED_EXAMPLE)
    if all(t.isdigit() for t in tokens):
        n = sum(len(t) for t in tokens)
        raise EntryError(Message("entry.untagged_dice_typed_double", n=n, total=total),
                         expected=GROUPED_EXAMPLE, rule="D1")
    dice: list[Die] = []
    for token in tokens:
        for values, letters, unit in _groups(token):
            bad = [v for v in values if v in "0789"]
            if bad:
                raise EntryError(Message("entry.die_face_values_go_2", bad=bad[0], unit=unit),
                                 expected="6cp")
            colour, size = _tag(letters, values, unit)
            dice.extend(Die(int(v), colour, size) for v in values)
    if len(dice) != total:
        raise EntryError(Message("entry.typed_double_yams_uses", typed=len(dice), total=total),
                         expected=GROUPED_EXAMPLE)
    seen = Counter((d.colour, d.size) for d in dice)
    if seen != physical:
        wanted = ", ".join(f"{n} {c}{s}" for (c, s), n in sorted(physical.items()))
        got = ", ".join(f"{seen[k]} {k[0]}{k[1]}" for k in sorted(physical))
        raise EntryError(Message("entry.tags_do_not_match_the_physical", got=got, wanted=wanted),
                         expected=GROUPED_EXAMPLE, rule="D1")
    return tuple(sorted(dice))


def format_grouped(dice: Dice) -> str:
    """Tagged dice by groups, as they are quickest to type: ``cp123 fp45 cg66 fg123``."""
    groups: dict[tuple[str, str], list[str]] = {}
    for d in sorted(dice, key=lambda d: (d.size != "p", d.colour != "c", d.value)):
        groups.setdefault((d.colour or "", d.size or ""), []).append(str(d.value))
    return " ".join(f"{c}{s}{''.join(v)}" for (c, s), v in groups.items())


def parse_roll(text: str | int, maximum: int | None) -> int:
    """Parse a roll number: 1 means the dice were kept after the first roll (rulings G4)."""
    try:
        roll = int(str(text).strip())
    except ValueError:
        raise EntryError(Message("entry.roll_number_is_not_a_whole_number", text=text),
                         expected="1-3") from None
    if roll < 1:
        raise EntryError(Message("entry.roll_number_first_roll", roll=roll),
                         expected=f"1-{maximum}" if maximum else "1+")
    if maximum is not None and roll > maximum:
        raise EntryError(Message("entry.roll_number_above_maximum", roll=roll, maximum=maximum),
                         expected=f"1-{maximum}", rule="G5")
    return roll


def format_dice(dice: Dice) -> str:
    """Dice as a player would type them back."""
    return " ".join(str(d) for d in dice)
