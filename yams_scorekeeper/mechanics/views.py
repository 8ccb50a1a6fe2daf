"""What the mechanics and the rule sets read of a game, as protocols that the engine's
``Game`` and ``GameConfig`` satisfy: the layers below the engine name these, never the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Iterable, Mapping, Sequence
    from typing import Any

    from ..base.columns import Column
    from ..base.dice import Dice
    from ..base.figure import Figure
    from ..base.sheet import Coup, Mark, Sheet


class RowView(Protocol):
    """A row as a mechanic names it."""

    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...


class RulesView(Protocol):
    """What a mechanic asks of the game's rule set: its rows and their scores."""

    @property
    def figure_sections(self) -> tuple[str, ...]: ...

    @property
    def valued_rows(self) -> Mapping[str, int]: ...

    def row(self, row_id: str) -> RowView: ...

    def section_of(self, row_id: str) -> str: ...

    def score_row(self, row_id: str, dice: Dice, roll: int) -> Figure: ...

    def figures(self, dice: Dice, roll: int) -> list[Figure]: ...

    def announced_figure(self, row: str, value: int | None, dice: Dice, roll: int
                         ) -> Figure: ...

    def announce_cost(self, row: str, value: int | None) -> int: ...


class ConfigView(Protocol):
    """What a rule set reads of a game's settings (``GameConfig``)."""

    @property
    def columns(self) -> tuple[str, ...]: ...

    @property
    def optional_rows(self) -> tuple[str, ...]: ...

    @property
    def options(self) -> tuple[str, ...]: ...

    @property
    def variant(self) -> str | None: ...

    @property
    def direction(self) -> str | None: ...

    @property
    def imposed(self) -> tuple[str, ...] | None: ...

    def has(self, option: str) -> bool: ...


class TurnView(Protocol):
    """What the hooks of a mechanic and of a rule set read of the game being played
    (``Game``): its sheets, the turn's coups, and the few steps a mechanic takes through it."""

    @property
    def rules(self) -> RulesView: ...

    @property
    def config(self) -> ConfigView: ...

    @property
    def columns(self) -> tuple[Column, ...]: ...

    @property
    def rows(self) -> tuple[str, ...]: ...

    @property
    def cells_per_sheet(self) -> int: ...

    @property
    def sheets(self) -> Sequence[Sheet]: ...

    @property
    def player(self) -> Sheet: ...

    @property
    def coups(self) -> Sequence[Coup]: ...

    @property
    def replaying(self) -> bool: ...

    def max_roll(self) -> int: ...

    def coups_allowed(self) -> int: ...

    def next_cells(self, sheet: Sheet, column: Column, extra: Iterable[str] = ()
                   ) -> tuple[str, ...]: ...

    def resolve(self, column: str | None, row: str) -> tuple[Column, str]: ...

    def write_one(self, sheet: Sheet, cell: dict[str, Any], extra: Iterable[str] = (),
                  coup_no: int | None = None) -> Mark: ...
