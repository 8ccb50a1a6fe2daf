"""What a cell of a sheet takes from a coup: the checks at mark, asked by :class:`.game.Game`
for every cell of its legal cells and for every cell it writes.

A :class:`CellJudge` is made once a game, with what the configuration fixes (the columns' order
and their notes, the rule set's hooks, the mechanics played), and says of a cell either what it
takes (an :data:`~yams_scorekeeper.mechanics.Assessment`: score, explanation, notes, zero only,
scratchable, figure, bonus) or a :class:`~yams_scorekeeper.mechanics.CellRefusal` naming the
rule: written already (G3), out of its column's order (C5, Y4, D10), refused by the family or a
mechanic, over its column's roll limit (Y4), or only a 0 (C3, Y6, Y8).
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..base.errors import IllegalMoveError
from ..base.sheet import LegalCell
from ..i18n import Joined, Message
from ..mechanics import Assessment, CellRefusal

if TYPE_CHECKING:  # pragma: no cover
    from typing import Protocol

    from ..base.columns import Column
    from ..base.figure import Figure
    from ..base.sheet import Coup, Sheet
    from ..mechanics import Mechanics
    from ..mechanics.views import TurnView
    from ..rules import RuleSet

    class Judged(TurnView, Protocol):
        """What the checks at mark read of their game (``Game``)."""

        @property
        def rules(self) -> RuleSet: ...

        @property
        def mechanics(self) -> Mechanics: ...

        @property
        def forced(self) -> bool: ...


class CellJudge:
    """The checks at mark of one game (``game``), asked for each cell."""

    def __init__(self, game: Judged):
        # weak: the game owns its judge, and a cycle between them would outlive a replay
        # wherever the cyclic collector is paused (an import)
        self._game = weakref.ref(game)
        self.rules, self.mechanics = game.rules, game.mechanics
        #: the hooks the family writes itself: a default that refuses nothing is not asked
        self.hooks = game.rules.own_methods
        # what the configuration fixes, asked at every event of a replay: asked once
        self.before = {c.id: c.cell_before() for c in game.columns if c.sequence is not None}
        #: what a column says of a coup of each roll count (see :meth:`column_notes`)
        self.said: dict[tuple[str, int], tuple[Message, ...]] = {}

    @property
    def game(self) -> Judged:
        """The game judged."""
        game = self._game()
        assert game is not None, "a judge outlived its game"
        return game

    def figures(self, sheet: Sheet, coup: Coup, column: Column) -> list[Figure]:
        """Every row's figure for this coup in ``column`` of this sheet: the family's, then
        the mechanics' (the forced joker's, H4, judged per column, K3)."""
        figures = self.rules.figures(coup.dice, coup.roll)
        if self.mechanics.rescorers:
            return self.mechanics.coup_figures(self.game, sheet, coup, figures, column)
        return figures

    def figure(self, sheet: Sheet, row: str, coup: Coup, column: Column) -> Figure:
        """One row's figure for this coup in ``column`` (:meth:`figures` for one row)."""
        figure = self.rules.coup_figure(self.game, sheet, row, coup)
        if self.mechanics.rescorers:
            return self.mechanics.coup_figure(self.game, sheet, row, coup, figure, column)
        return figure

    def cell(self, sheet: Sheet, column: Column, row: str, coup_no: int, coup: Coup,
             figure: Figure, extra_filled: Iterable[str] = ()) -> LegalCell:
        """The legal cell (column, row) for this coup, or a CellRefusal naming the rule."""
        return LegalCell(column.id, row, coup_no,
                         *self.assess(sheet, column, row, coup, figure, extra_filled))

    def assess(self, sheet: Sheet, column: Column, row: str, coup: Coup, figure: Figure,
               extra_filled: Iterable[str] = ()) -> Assessment:
        """What (column, row) takes from this coup, as the fields of a :class:`LegalCell`
        after its coup (score, explain, notes, zero_only, scratchable, figure, bonus), or a
        CellRefusal naming the rule. A plain tuple: a replay asks it for every cell it
        writes."""
        if (column.id, row) in sheet.marks:
            raise CellRefusal(Message("game.already_written", column=column.name,
                                      row=self.rules.row(row).name), "G3")
        if column.sequence is not None and not self.in_order(sheet, column, row, extra_filled):
            raise self.order_refusal(sheet, column, row, extra_filled)
        game, rules, hooks, mechanics = self.game, self.rules, self.hooks, self.mechanics
        if mechanics.refusers:
            mechanics.refuse(game, sheet, column, row, coup)
        if mechanics.assessors:
            said = mechanics.assess(game, sheet, column, row, coup)
            if said is not None:
                return said
        score = figure.score
        if column.max_roll is None and column.factor == 1:      # a plain column: no note yet
            notes: tuple[Message, ...] = ()
            zero_only = False
        else:
            notes, zero_only = self.column_notes(column, row, coup)
        if score > 0 and not zero_only:
            # why a non-zero score cannot be written here (C3 plus/moins, Y6 bloquant)
            reason = mechanics.zero_only(game, sheet, column, row, score) if mechanics.zeroers \
                else None
            if reason:
                zero_only = True
                notes += (reason,)
        if zero_only:
            score = 0
        bonus = rules.cell_bonus(game, sheet, column, row, coup) if "cell_bonus" in hooks else None
        if bonus is None and mechanics.bonuses:
            bonus = mechanics.cell_bonus(game, sheet, column, row, coup)
        if bonus:
            return score, figure.explain, notes + (bonus[1],), zero_only, True, figure, bonus[0]
        return score, figure.explain, notes, zero_only, True, figure, 0

    def in_order(self, sheet: Sheet, column: Column, row: str,
                 extra_filled: Iterable[str]) -> bool:
        """Whether the empty cell (column, row) of an ordered column is the one it takes next:
        every cell before it filled (or in ``extra_filled``). Every cell written in such a
        column was the next, so its filled cells are the first of its sequence and the cell
        just before says it; a turn forced through as written (``Game.forced``) may leave a
        gap, and then :meth:`Game.next_cells` walks the column."""
        before = self.before[column.id]
        if extra_filled or self.game.forced or row not in before:
            return row in self.game.next_cells(sheet, column, extra_filled)
        return before[row] is None or before[row] in sheet.marks

    def column_notes(self, column: Column, row: str, coup: Coup
                     ) -> tuple[tuple[Message, ...], bool]:
        """What a column with a roll limit or a factor says of a coup written in it, and
        whether only a 0 may go there (Y4, Y5, Y8): the same for every coup of a roll count,
        said once a game."""
        roll = coup.roll
        zero_only = column.max_roll is not None and roll > column.max_roll
        if zero_only and not self.rules.chance_cell(self.game.config, column, row):
            raise CellRefusal(Message("game.only_coup_kept_after", column=column.name,
                                      n=column.max_roll, roll=roll), "Y4")
        key = (column.id, roll)
        notes = self.said.get(key)
        if notes is None:
            if column.max_roll is None:
                notes = ()
            elif zero_only:
                notes = (Message("explain.chance_cell", roll=roll),)
            else:
                notes = (Message("explain.kept_after", column=column.name.lower(), roll=roll),)
            if column.factor != 1:
                notes += (Message("explain.column_factor", factor=column.factor),)
            self.said[key] = notes
        return notes, zero_only

    def order_refusal(self, sheet: Sheet, column: Column, row: str,
                      extra_filled: Iterable[str] = ()) -> CellRefusal:
        """An ordered column names the one cell it takes next (C5, Y4, D10)."""
        nxt = self.game.next_cells(sheet, column, extra_filled)
        want = self.rules.row(nxt[0]).name if nxt else "-"
        name = self.rules.row(row).name
        return CellRefusal(Message("game.next_cell", name=column.name, want=want, name2=name),
                           column.rule or "C5")

    def best_coup(self, sheet: Sheet, column: Column, row: str, extra: Iterable[str]
                  ) -> tuple[Assessment, int]:
        """The coup of this turn that scores best in (column, row), the first of equals: its
        :meth:`assess` and number; refused as the first coup refused when none may go there."""
        game = self.game
        best, best_no, refusal = None, 0, None
        for n, coup in enumerate(game.coups, start=1):
            try:
                option = self.assess(sheet, column, row, coup,
                                     self.figure(sheet, row, coup, column), extra)
            except CellRefusal as why:
                refusal = refusal or why
                continue
            if best is None or option[0] > best[0]:
                best, best_no = option, n
        if best is None:
            assert refusal is not None
            raise refusal.error()
        return best, best_no

    def check_takes(self, sheet: Sheet, coups: tuple[Coup, ...]) -> None:
        """K2, no stuck turn: refuse the turn's last coup when no cell of the sheet can take
        it nor an earlier coup of the turn, saying each reason once and what to type instead
        (the annoncée column's announce form)."""
        game = self.game
        reasons: dict[str, CellRefusal] = {}
        for coup in coups:
            for column in game.columns:
                for row in game.next_cells(sheet, column):     # the first taker ends it
                    try:
                        self.assess(sheet, column, row, coup,
                                    self.figure(sheet, row, coup, column))
                        return
                    except CellRefusal as why:
                        reasons.setdefault(why.message.text("en"), why)
        if not reasons:
            return                      # a full sheet: the entry is refused as such
        first = next(iter(reasons.values()))
        raise IllegalMoveError(
            Message("game.coup_takes_no_cell",
                    why=Joined("; ", [r.message for r in reasons.values()])),
            rule=first.rule, expected=self.mechanics.instead(game, sheet, coups[-1]))

    def scratch_only(self, sheet: Sheet) -> list[LegalCell]:
        """Every cell the sheet may fill now when it may only scratch (the empty 165 pool,
        D10): each a 0."""
        game = self.game
        return [LegalCell(c.id, r, 0, 0, Message("explain.pool_empty_cell"), zero_only=True)
                for c in game.columns for r in game.next_cells(sheet, c)]
