"""The score a throw makes in one row, and why: what every rule set, mechanic and sheet passes
around (:class:`Figure`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..i18n import Joined, Message, explain_lang

if TYPE_CHECKING:  # pragma: no cover
    from typing import Any


@dataclass(frozen=True, slots=True)
class Figure:
    """The score the dice make in one row, and why.

    ``base`` is the score before multipliers, ``factors`` the multipliers applied
    (e.g. ``{"premier_jet": 3, "harmonie": 2}``), ``explain`` the sentence a player can check
    at the table, a :class:`~yams_scorekeeper.i18n.Message` (``explain.text(lang)``).
    ``detail`` carries what a sheet needs later (e.g. how many 1s were written, for the Double
    Yams difference).
    """

    row: str
    section: str
    score: int
    base: int
    explain: Message | Joined
    factors: Mapping[str, int] = field(default_factory=dict, compare=False, hash=False)
    detail: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False)

    @property
    def made(self) -> bool:
        """True when the dice make the figure (a non-zero score)."""
        return self.score != 0

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        return {"row": self.row, "section": self.section, "score": self.score, "base": self.base,
                "factors": dict(self.factors),
                "explain": self.explain.text(explain_lang(lang))}
