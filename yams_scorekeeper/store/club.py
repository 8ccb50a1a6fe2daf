"""A club's own files beside its games: its named house rules and its evenings.

Crash invariant: each file is one atomic write under the lock (``houses.json``,
``evenings.json``); a change is computed whole before it is written, so a change that
raises writes nothing, and a crash leaves the file before or after the change.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING

from .folder import Doc, StoreFolder, one, set_one

if TYPE_CHECKING:
    from typing import Any, TypeVar

    T = TypeVar("T")


_HOUSES = "houses"
_EVENINGS = "evenings"


class ClubFiles:
    """The house rules and evenings of the store in ``folder`` (the caller holds the lock,
    or reads a store it may not write)."""

    def __init__(self, folder: StoreFolder):
        self.folder = folder

    def house_rules(self) -> dict[str, Doc]:
        """The named house rules ``{name: {"family": ..., "settings": {...}}}``, by name."""
        with self.folder.open(self.folder.houses_path) as db:
            houses = one(db, _HOUSES) or {}
        return {k: v for k, v in sorted(houses.items())
                if isinstance(v, dict) and isinstance(v.get("settings"), dict)}

    def save_house_rules(self, name: str, family: str, settings: dict[str, Any]) -> None:
        """Keep ``settings`` of ``family`` under ``name`` (replacing one of that name)."""
        with self.folder.open(self.folder.houses_path) as db:
            houses = one(db, _HOUSES) or {}
            houses[name] = {"family": family, "settings": dict(settings)}
            set_one(db, _HOUSES, houses)

    def has_evenings(self) -> bool:
        """True once the store has an evenings' file."""
        return os.path.exists(self.folder.evenings_path)

    def evenings(self) -> Doc:
        """The evenings' file ``{"open": id or None, "evenings": {id: {...}}}``."""
        with self.folder.open(self.folder.evenings_path) as db:
            found = one(db, _EVENINGS) or {}
        evenings = found.get("evenings")
        return {"open": found.get("open") if isinstance(found.get("open"), str) else None,
                "evenings": evenings if isinstance(evenings, dict) else {}}

    def change_evenings(self, change: Callable[[Doc], T]) -> T:
        """Apply ``change`` to the evenings' file and write it back, all or nothing."""
        with self.folder.open(self.folder.evenings_path) as db:
            found = one(db, _EVENINGS) or {}
            data = {"open": found.get("open"), "evenings": dict(found.get("evenings") or {})}
            result = change(data)
            set_one(db, _EVENINGS, data)
        return result
