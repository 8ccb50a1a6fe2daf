"""A player's sheet and what a game writes on it: the coups entered, the marks written, the
legal cells offered, the turns played: frozen, slotted values, made at every event of a
replay; :mod:`~yams_scorekeeper.engine.game` makes and reads them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..i18n import Joined, Message, explain_lang
from .dice import Dice
from .figure import Figure

if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any


@dataclass(frozen=True, slots=True)
class Coup:
    """The dice a player kept, after how many rolls; ``dice`` is what is scored (after a joker)."""

    rolled: Dice
    dice: Dice
    roll: int
    joker: tuple[int, int] | None = None
    announce: str | None = None
    #: ``dice`` as the store writes them (``str`` of each), when the game read them so: what a
    #: rule set remembers a score by (quicker to look up than the dice themselves)
    texts: tuple[str, ...] | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Mark:
    """A filled cell."""

    column: str
    row: str
    score: int
    coup: int
    scratch: bool
    explain: Message | Joined
    dice: Dice = ()
    roll: int = 0
    #: a bonus the rule set writes with the cell, outside its score (Yahtzee H4)
    bonus: int = 0

    @property
    def ones(self) -> int:
        """Dice showing 1 written in this cell (for the Double Yams difference, D3)."""
        return 0 if self.scratch or self.row != "1" else sum(1 for d in self.dice if d.value == 1)


#: between an explanation and its notes: "; " in English, " ; " in French
AND = Message("explain.and")
#: the explanation of a scratched cell
SCRATCHED = Message("explain.scratched")


def _why(explain: Message | Joined, notes: tuple[Message, ...]) -> Message | Joined:
    """An explanation followed by its notes (a legal cell's, a mark's)."""
    return Joined(AND, (explain, *notes)) if notes else explain


@dataclass(frozen=True, slots=True)
class LegalCell:
    """A cell the current player may fill now: what it would score and why."""

    column: str
    row: str
    coup: int
    score: int
    explain: Message | Joined
    notes: tuple[Message, ...] = ()
    zero_only: bool = False
    scratchable: bool = True
    figure: Figure | None = field(default=None, compare=False)
    bonus: int = 0

    @property
    def why(self) -> Message | Joined:
        """The explanation and its notes (``why.text(lang)``)."""
        return _why(self.explain, self.notes)

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        data = {"column": self.column, "row": self.row, "coup": self.coup, "score": self.score,
                "why": self.why.text(explain_lang(lang)), "zero_only": self.zero_only,
                "scratchable": self.scratchable}
        if self.figure is not None:
            data["factors"] = dict(self.figure.factors)
            data["base"] = self.figure.base
        return data


@dataclass
class Sheet:
    """One player's sheet: its marks, its turns, and the counters of the game's mechanics
    (``state``, by name: see :mod:`~yams_scorekeeper.mechanics`). A counter of ``resting``
    (each with the value of a sheet that does not play its mechanic) reads as an attribute
    too (``sheet.jokers_left``)."""

    name: str
    marks: dict[tuple[str, str], Mark] = field(default_factory=dict)
    turns: int = 0
    state: dict[str, Any] = field(default_factory=dict)
    resting: Mapping[str, Any] = field(default_factory=dict, repr=False, compare=False)

    def __getattr__(self, name: str) -> Any:
        rest = self.__dict__.get("resting", {})
        if name in rest:
            state = self.__dict__.get("state")
            if state is not None and name in state:
                return state[name]
            value = rest[name]
            return set(value) if isinstance(value, frozenset) else value
        raise AttributeError(name)

    def __setattr__(self, name: str, value: Any) -> None:
        if name in self.__dict__.get("resting", {}):
            self.state[name] = value
        else:
            object.__setattr__(self, name, value)


@dataclass(frozen=True, slots=True)
class Turn:
    """One finished turn as replayed: its number, whose, the coups entered, the marks written,
    and the amendments made to it (``{"when", "old", "new"}``, oldest first)."""

    number: int
    player: str
    coups: tuple[Coup, ...]
    marks: tuple[Mark, ...]
    amendments: tuple[dict[str, Any], ...] = ()
