"""Kept reviews: each finished game's skill and luck figures (``yams review``), once made.

A review is derived data: it follows from the game's document and the exact solver, and costs
a solve of the family's table the first time. The book keeps each one as
``<store>/reviews/<game id>.json``: ``{"layout", "key", "figures"}``, where ``key`` is the
SHA-256 of the game's summary, which a correction or a reopening changes (its cells, its
corrections counted, its reopenings): such a game is reviewed again.

Crash invariant: none of its own; nothing here is data. An entry is written to a temporary
file of the same folder and renamed over its place, so a reader finds a whole entry or none;
an entry torn, foreign, of another layout or of another version of the game is a miss, made
again by the next ``yams review --book``. A folder that cannot be written changes nothing but
the time the next review takes.
"""

from __future__ import annotations

import hashlib
import json
import os
from typing import Any

from .files import replace_derived

#: the sub-folder of the store that holds the entries
FOLDER = "reviews"
#: the layout of an entry; changing it makes every old entry a miss
LAYOUT = 1
#: the largest entry read (a review's figures are a few hundred bytes a player)
MOST_BYTES = 64 * 1024


#: what a summary of the archive holds of a player's sheet that the index's copy leaves out
SHEET_KEYS = ("cells", "bonuses")


def game_key(summary: dict[str, Any]) -> str:
    """The SHA-256 of a finished game's summary (the archive's or the index's copy, which
    leaves out the sheets' cells) as canonical JSON: another version of the game (corrected,
    reopened) has another key."""
    same = {**summary, "players": [{k: v for k, v in p.items() if k not in SHEET_KEYS}
                                   for p in summary.get("players", ())]}
    text = json.dumps(same, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def entry_path(store: str, game_id: str) -> str:
    """Where the review of ``game_id`` is kept in the store folder ``store``."""
    return os.path.join(store, FOLDER, f"{game_id}.json")


def kept_review(store: str, game_id: str, key: str) -> dict[str, Any] | None:
    """The figures kept for the version ``key`` of the game ``game_id``, or None."""
    try:
        with open(entry_path(store, game_id), "rb") as handle:
            raw = handle.read(MOST_BYTES + 1)
        entry = json.loads(raw)
        if len(raw) > MOST_BYTES or entry.get("layout") != LAYOUT or entry.get("key") != key:
            return None
        figures = entry["figures"]
    except (OSError, ValueError, TypeError, KeyError, AttributeError, RecursionError):
        return None                     # whatever is wrong with an entry, it is a miss
    return figures if isinstance(figures, dict) else None


def keep_review(store: str, game_id: str, key: str, figures: dict[str, Any]) -> None:
    """Keep ``figures`` as the review of the version ``key`` of ``game_id`` (a folder that
    cannot be written keeps nothing)."""
    replace_derived(entry_path(store, game_id), json.dumps(
        {"layout": LAYOUT, "key": key, "figures": figures}, ensure_ascii=False, sort_keys=True))
