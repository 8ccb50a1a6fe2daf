"""Amendments: a past turn of a game's log replaced by another entry, every later turn kept.

Pure functions over the *plain* log of a game: its ``enter``, ``mark`` and ``end`` events in
force, with earlier amendments already applied (:func:`yams_scorekeeper.engine.game.plain_events`).
Turn ``n`` is the ``n``-th ``mark`` with the ``enter`` events just before it.

An *entry* is what one turn typed::

    {"coups": [{"dice": ["5", "5", "5", "3", "3"], "roll": 2, "joker": [4, 6], "announce": ...}],
     "cells": [{"column": "libre", "row": "full", "coup": 1, "scratch": False}]}

(no coup at all: a 165 turn scratched once the pool is empty). An ``amend`` event holds one or
more changes made in one go, and when::

    {"type": "amend", "when": "2024-05-01T21:30:00+00:00",
     "changes": [{"turn": 3, "player": "Léo", "old": ENTRY, "new": ENTRY}]}

:meth:`yams_scorekeeper.engine.game.Game.amend` checks it: the log is replayed with the new entries
and every later turn is checked again under the rules.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..base.errors import EntryError
from ..i18n import Message
from ..mechanics import ENTRY_FIELDS

if TYPE_CHECKING:
    from typing import Any

#: what a coup of an entry holds: its dice, its roll and what was typed for the mechanics
COUP_KEYS = ("dice", "roll", *ENTRY_FIELDS)


def turn_spans(plain: list[dict[str, Any]]) -> list[tuple[int, int]]:
    """``(start, end)`` of each finished turn's events in ``plain`` (``plain[start:end]``)."""
    spans, start = [], 0
    for index, event in enumerate(plain):
        kind = event.get("type")
        if kind == "mark":
            spans.append((start, index + 1))
            start = index + 1
        elif kind != "enter":
            start = index + 1
    return spans


def entry_of(events: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """The entry of one turn's events (its enters, then its mark)."""
    events = list(events)
    coups = [{k: e[k] for k in COUP_KEYS if k in e} for e in events if e["type"] == "enter"]
    return {"coups": coups, "cells": [dict(c) for c in events[-1]["cells"]]}


def events_of(player: str, entry: dict[str, Any]) -> list[dict[str, Any]]:
    """The events of one turn of ``player`` typing ``entry``."""
    out = [{"type": "enter", "player": player, **coup} for coup in entry["coups"]]
    out.append({"type": "mark", "player": player, "cells": [dict(c) for c in entry["cells"]]})
    return out


def completed(old: dict[str, Any], new: object) -> dict[str, Any]:
    """``new`` with what it leaves out taken from ``old`` (only the cells, or only the dice)."""
    if not isinstance(new, dict):
        raise EntryError(Message("game.new_entry_object_coups"))
    coups = new.get("coups")
    cells = new.get("cells")
    if coups is None and cells is None:
        raise EntryError(Message("game.new_entry_changes_nothing"), expected="44416/2 -> 4")
    return {"coups": [dict(c) for c in (old["coups"] if coups is None else coups)],
            "cells": [dict(c) for c in (old["cells"] if cells is None else cells)]}


def amended(plain: list[dict[str, Any]], changes: Iterable[dict[str, Any]]
            ) -> list[dict[str, Any]]:
    """``plain`` with each change's turn replaced by the events of its ``new`` entry."""
    spans = turn_spans(plain)
    out = list(plain)
    for change in sorted(changes, key=lambda c: -int(c["turn"])):   # from the back: spans hold
        start, end = spans[int(change["turn"]) - 1]
        out[start:end] = events_of(change["player"], change["new"])
    return out
