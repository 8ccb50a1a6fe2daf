"""The annoncée column (C7, the project's addition to Yam classique): after the first roll of
a turn the player announces one empty row of the column, then rolls on as usual; the turn's
dice go only to the announced cell (its score if the dice make the figure, else 0), and an
annoncée cell is never written without an announce. The program sees only the final dice, so
the announce is typed with them: ``yams enter 55532/3 --announce full``, ``55532/3 announce
full`` in a transcript and in ``yams play``. Bonus (C4) and plus/moins (C3) apply to the
column as to the others; its factor is 1 unless its kind says otherwise."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..base.errors import IllegalMoveError
from ..i18n import Message
from .base import CellRefusal, Mechanic
from .columns import ColumnKind

if TYPE_CHECKING:  # pragma: no cover
    import random
    from typing import Any

    from ..base.columns import Column
    from ..base.sheet import Coup, Sheet
    from .views import TurnView


class Announced(Mechanic):
    """The announce of the annoncée column ``column`` (its id; ``name`` as the sheet says)."""

    id = "annoncee"
    rule = "C7"
    entry_field = "announce"
    absent = ("game.announce_needs_the_annoncee_column", "C7")
    example_key = "entry.example_annoncee"
    help_topic = "annoncee"
    help_line = "table.help_annoncee"
    planned = False

    def __init__(self, column: str, name: str):
        self.column, self.name = column, name

    def check_entry(self, game: TurnView, sheet: Sheet, value: Any, roll: int) -> Any:
        row = game.rules.row(str(value)).id
        if row not in game.rows or (self.column, row) in sheet.marks:
            raise IllegalMoveError(Message("game.announced_row_is_not_a_cell_you",
                                           name=game.rules.row(row).name), rule="C7")
        return row

    def refuse_cell(self, game: TurnView, sheet: Sheet, column: Column, row: str,
                    coup: Coup) -> CellRefusal | None:
        if coup.announce:
            if column.id != self.column or row != coup.announce:
                return CellRefusal(Message("game.annoncee_takes_the_turn", column=self.name,
                                           row=game.rules.row(coup.announce).name), "C7")
            return None
        if column.id == self.column:
            return CellRefusal(Message("game.annoncee_needs_announce", column=self.name), "C7")
        return None

    def instead(self, game: TurnView, sheet: Sheet, coup: Coup) -> str | None:
        """K2: a coup no cell takes is typed again with an announce of the column's best
        empty row for it (another row, or none, when the announce was the trouble)."""
        dice = "".join(str(d) for d in coup.rolled)
        mine = [r for r in game.rows if (self.column, r) not in sheet.marks]
        if coup.announce and game.cells_per_sheet - len(sheet.marks) > len(mine):
            return f"{dice}/{coup.roll}"            # other columns have room: no announce
        choices = [r for r in mine if r != coup.announce]
        if not choices:
            return None
        best = max(choices, key=lambda r: game.rules.score_row(r, coup.dice, coup.roll).score)
        return f"{dice}/{coup.roll} {self.entry_field} {best}"

    def random_announce(self, game: TurnView, rng: random.Random, demo: bool
                        ) -> tuple[dict[str, Any], int | None]:
        """The random player announces an empty row of the column as often as the column
        holds the empty cells (always, once only it has some)."""
        marks = game.player.marks
        mine = [r for r in game.rows if (self.column, r) not in marks]
        if not mine:
            return {}, None
        empty = game.cells_per_sheet - len(marks)
        if rng.random() * empty >= len(mine):
            return {}, None
        return {"announce": rng.choice(mine)}, None


@dataclass(frozen=True)
class AnnonceeColumn(ColumnKind):
    """A column kind whose cells take only announced coups (C7): free order, the announce
    mechanic with it."""

    def mechanic(self, column: Column) -> Mechanic | None:
        return Announced(column.id, column.name)
