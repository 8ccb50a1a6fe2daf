"""What players type, read into entries: one notation for ``yams enter``/``mark``/``fix``,
transcripts (``yams replay``), ``yams play`` (its dice, its corrections, its cell names) and
``yams score``.

- dice and roll: ``55533/2`` or ``5 5 5 3 3`` with ``--roll 2`` (:func:`split_roll`,
  :func:`take_roll`), or the roll first, ``2 55533``, in a line of ``yams score -``
  (:func:`roll_then_dice`);
- a coup: ``DICE/ROLL [WORD VALUE]...`` (:func:`read_coup`, :func:`parse_coup`), the
  entries of the game's mechanics after the roll, each a word the mechanic declares and its
  value (``joker 4:6`` or ``j 4:6``, U4; ``announce youpi``, ``annonce`` or ``a``, D9),
  returned by the mechanic's entry field;
- a cell: ``[COLUMN.]ROW[@COUP][=0]`` (:data:`CELL`, :func:`parse_cell_token`), or for
  ``yams mark`` also a number of the list of legal cells and a row name with spaces
  (:func:`parse_cell`);
- a turn's entry, to amend it: ``[PLAYER:] COUP [; COUP] [-> CELL [CELL]]``
  (:func:`parse_entry`).

Pure: text in, plain values or entry dicts out, or an
:class:`~yams_scorekeeper.base.errors.EntryError` saying what was expected.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..base.errors import EntryError, IllegalMoveError
from ..base.safetext import fold_name
from ..i18n import Message
from ..mechanics import amended_entries, typed_entries

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Mapping
    from typing import Any

    from ..mechanics import Mechanic
    from .game import Game

#: a coup: ``DICE/ROLL`` and what may follow the roll (either side of ``/`` may be missing:
#: :func:`read_coup` says which)
COUP = re.compile(r"^(?P<dice>[^/]*?)\s*/\s*(?P<roll>\S*)\s*(?P<rest>.*)$")
#: a cell as typed: ``[COLUMN.]ROW[@COUP][=0]`` (``.3`` is row 3 of a one-column sheet)
CELL = re.compile(r"^(?:(?P<column>[^.@=\s]*)\.)?(?P<row>[^.@=\s]+)(?:@(?P<coup>[0-9]{1,3}))?"
                  r"(?P<scratch>=0)?$")
#: a cell for ``yams mark``: as :data:`CELL`, the row name may hold spaces (``petite suite``)
_MARK_CELL = (r"^(?:(?P<column>[^.@=]*)\.)?(?P<row>[^.@=]*[^.@=\s])\s*"
              r"(?:@(?P<coup>[0-9]{1,3}))?(?P<scratch>=0)?$")


# -- dice, roll, coup ----------------------------------------------------------------------------

def take_roll(text: str, roll: str | None) -> tuple[str, str | None]:
    """``55533/2`` -> ("55533", "2"); text without ``/`` comes back with ``roll`` (a
    ``--roll`` option, or None). A roll given both ways is refused."""
    text = text.strip()
    if "/" in text:
        text, _, after = text.rpartition("/")
        if roll is not None:
            raise EntryError(Message("entry.roll_given_twice_after"),
                             expected="55533/2 or 55533 --roll 2")
        roll = after.strip()
    return text, roll


def no_roll(expected: str = "--roll 2, or 55533/2") -> EntryError:
    """The refusal of dice typed without the roll they were kept on (``yams enter``,
    ``yams score``)."""
    return EntryError(Message("entry.say_after_how_many"), expected=expected)


def split_roll(text: str, roll: str | None) -> tuple[str, str]:
    """``55533/2`` (or ``55533`` with ``roll``) -> ("55533", "2"): the dice and the roll."""
    if not text.strip():
        raise EntryError(Message("entry.type_dice_were_kept"),
                         expected="yams enter 5 5 5 3 3 --roll 2, or yams enter 55533/2")
    text, roll = take_roll(text, roll)
    if not roll:
        raise no_roll()
    return text, roll


def roll_then_dice(line: str, dice_example: str = "5 5 5 3 3") -> tuple[str, str] | None:
    """A line of ``yams score -``: ``'2 55533  # note'`` -> ("2", "55533"), the roll first;
    None for a blank or comment line."""
    text = line.split("#", 1)[0].strip()
    if not text:
        return None
    roll_text, *rest = text.split(None, 1)
    if not rest:
        raise EntryError(Message("entry.dice_after_roll_number"),
                         expected=f"ROLL DICE..., e.g. 1 {dice_example}")
    return roll_text, rest[0]


def missing_dice(dice_example: str) -> EntryError:
    """The refusal of a coup typed without its dice (``/2``, or nothing)."""
    return EntryError(Message("entry.need_dice"), expected=f"{dice_example} /2")


def missing_roll(dice: str) -> EntryError:
    """The refusal of a coup typed without its roll (``55533/``, or ``55533`` at the table)."""
    return EntryError(Message("entry.need_roll"), expected=f"{' '.join(dice.split())} /2")


def read_coup(text: str, dice_example: str = "5 5 5 3 3",
              played: Mapping[str, Mechanic] | None = None
              ) -> tuple[str, str | None, dict[str, str]]:
    """``DICE/ROLL [WORD VALUE]...`` -> (dice, roll, entries), the values as typed (the rules
    read them), the entries by the field of the mechanic whose word comes before each
    (``{"joker": "4:6"}``, :func:`~yams_scorekeeper.mechanics.typed_entries`). Text without
    ``/`` is dice alone: the roll is None (``yams play`` then asks for it, or takes the
    announced sixth roll). ``played``: the game's mechanics by field, for the refusal of a
    word after the roll."""
    m = COUP.match(text)
    if m is None:
        return text, None, {}
    if not m.group("dice").strip():
        raise missing_dice(dice_example)
    if not m.group("roll"):
        raise missing_roll(m.group("dice"))
    return m.group("dice"), m.group("roll"), typed_entries(m.group("rest").split(), played)


def parse_coup(text: str, dice_example: str = "5 5 5 3 3",
               played: Mapping[str, Mechanic] | None = None
               ) -> tuple[str, str, dict[str, str]]:
    """A coup of a transcript or an amendment, where the roll is required: :func:`read_coup`,
    and text without ``/`` is refused."""
    dice, roll, entries = read_coup(text, dice_example, played)
    if roll is None:
        raise EntryError(Message("entry.cannot_read_coup", text=text),
                         expected="55533/2 or 5 5 5 3 3/2")
    return dice, roll, entries


# -- cells ---------------------------------------------------------------------------------------

def parse_cell_token(token: str) -> dict[str, Any]:
    """One cell of a transcript or an amendment, ``[COLUMN.]ROW[@COUP][=0]``: the cell dict
    of a mark event."""
    m = CELL.match(token.strip())
    if not m:
        raise EntryError(Message("entry.cannot_read_cell", text=token),
                         expected="libre.full, sec.yam@2 or full=0")
    return {"column": m.group("column") or None, "row": m.group("row"),
            "coup": int(m.group("coup")) if m.group("coup") else None,
            "scratch": bool(m.group("scratch"))}


def parse_cells(text: str) -> list[dict[str, Any]]:
    """The one or two cells after ``->``."""
    cells = [parse_cell_token(tok) for tok in text.split()]
    if not 1 <= len(cells) <= 2:
        raise EntryError(Message("entry.write_one_cell_after"),
                         expected="-> libre.full")
    return cells


def parse_cell(game: Game, text: str) -> dict[str, Any]:
    """``libre.full``, ``full``, ``.5``, ``sec.yam@2``, ``full=0``, or a number from the list of
    legal cells (``yams cells``): the cell dict of a mark event."""
    token = text.strip()
    if token.isascii() and token.isdigit():
        cells = game.legal_cells()
        if not cells:
            raise IllegalMoveError(Message("entry.enter_the_dice_first_no_numbered", token=token),
                                   expected="yams enter 55533/2", rule="G4")
        n = int(token) if len(token) <= 6 else 0   # a 5,000-digit number is no cell either
        if not 1 <= n <= len(cells):
            shown_n = token if len(token) <= 6 else token[:6] + "..."
            raise EntryError(Message("entry.cell_number_list_goes", shown_n=shown_n,
                                     n_cells=len(cells)),
                             expected=f"1-{len(cells)}, libre.full")
        cell = cells[n - 1]
        return {"column": cell.column, "row": cell.row, "coup": cell.coup or None,
                "scratch": False}
    m = re.match(_MARK_CELL, token)
    if not m:
        raise EntryError(Message("entry.cannot_read_cell", text=text),
                         expected="3, libre.full, full, .5, sec.yam@2 or full=0")
    return {"column": (m.group("column") or "").strip() or None, "row": m.group("row").strip(),
            "coup": int(m.group("coup")) if m.group("coup") else None,
            "scratch": bool(m.group("scratch"))}


# -- a turn's entry (amendments) -----------------------------------------------------------------

def parse_entry(game: Game, text: str) -> tuple[str | None, dict[str, Any]]:
    """One turn as a transcript line writes it, to correct a past turn with:
    ``[PLAYER:] COUP [; COUP] [-> CELL [CELL]]``. Returns (the player named or None, the new
    entry of :mod:`yams_scorekeeper.engine.amend`): without ``->`` it gives only the coups (the
    cell is kept), with nothing before ``->`` only the cells (the dice are kept); text with
    neither ``/`` nor ``->`` is cells only too (``libre.carre``: no leading dash for a shell
    to read as an option)."""
    player = None
    head, sep, rest = text.partition(":")
    if sep and any(fold_name(head) == fold_name(s.name) for s in game.sheets):
        player = next(s.name for s in game.sheets if fold_name(head) == fold_name(s.name))
        text = rest
    if "->" not in text and "/" not in text:
        text = "->" + text
    coups_text, arrow, cells_text = text.partition("->")
    entry: dict[str, Any] = {}
    coups = [c.strip() for c in coups_text.split(";") if c.strip()]
    if coups:
        entry["coups"] = []
        for coup in coups:
            dice, roll, typed = parse_coup(coup, game.rules.dice_example, game.mechanics.by_field)
            item: dict[str, Any] = {"dice": [str(d) for d in game.rules.parse_dice(dice)],
                                    "roll": roll.strip(), **amended_entries(game.rules, typed)}
            entry["coups"].append(item)
    if arrow:
        entry["cells"] = parse_cells(cells_text)
    if not entry:
        raise EntryError(Message("entry.cannot_read_entry", strip=text.strip()),
                         expected="55533/2 -> libre.full, 55533/2, or -> libre.full")
    return player, entry
