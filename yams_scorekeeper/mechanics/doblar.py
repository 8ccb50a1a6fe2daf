"""Gaby's two coups and the doblar (Y7).

With two coups a turn is a first coup and, if the player wants, a second one; the cell takes
the coup named (or the better). A doblar writes two cells in a turn, one from each coup:
``doblars`` a game, never two cells of one ordered column, except the doblar descendant and
the doblar montant (the next two cells of the descente or of the montée, once each a game).
The counters ``doblars_left`` and ``doblars_used``; typed ``d A B`` at the table, two cells
in a ``mark`` event."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ..base.errors import EntryError, IllegalMoveError
from ..i18n import Message
from .base import Mechanic

if TYPE_CHECKING:  # pragma: no cover
    from typing import Any

    from ..base.sheet import Coup, Mark, Sheet
    from .views import TurnView


class TwoCoups(Mechanic):
    """A turn of up to two coups (Y7)."""

    id = "two-coups"
    rule = "Y7"
    help_topic = "two-coups"

    def coups(self) -> int:
        return 2


class Doblar(Mechanic):
    """``per_game`` doblars a sheet; ``ordered_pairs``: the ordered columns whose next two
    cells one doblar may write, by column id, with the name of that doblar (Y7)."""

    id = "doblar"
    rule = "Y7"
    counters = {"doblars_left": 0, "doblars_used": frozenset()}
    help_topic = "doblar"
    help_line = "table.help_doblar"
    pair_words = ("d", "doblar")

    def __init__(self, per_game: int, ordered_pairs: Mapping[str, str]):
        self.per_game, self.ordered_pairs = per_game, dict(ordered_pairs)

    def start(self) -> dict[str, Any]:
        return {"doblars_left": self.per_game, "doblars_used": set()}

    def pairs_left(self, game: TurnView, sheet: Sheet) -> bool:
        """Whether this turn may still write two cells (a doblar left, two coups entered)."""
        return len(game.coups) == 2 and sheet.state["doblars_left"] > 0

    def pairs_possible(self, sheet: Sheet) -> bool:
        return bool(sheet.state["doblars_left"] > 0)

    def write(self, game: TurnView, sheet: Sheet, cells: list[dict[str, Any]]
              ) -> tuple[list[Mark], str] | None:
        if sheet.state["doblars_left"] <= 0:
            raise IllegalMoveError(Message("game.doblar_left", name=sheet.name), rule="Y7")
        if len(game.coups) != 2:
            raise IllegalMoveError(Message("game.doblar_writes_one_score"), rule="Y7")
        coups = [c.get("coup") for c in cells]
        if coups[0] is None and coups[1] is None:
            # the player named two cells: give each the coup that makes the better pair
            tries = []
            error: IllegalMoveError | EntryError | None = None
            for order in ([1, 2], [2, 1]):
                try:
                    marks = self._marks(game, sheet, [dict(c, coup=n) for c, n in
                                                      zip(cells, order, strict=True)], list(order))
                    tries.append((sum(m.score for m in marks[0]), order == [1, 2], marks))
                except (IllegalMoveError, EntryError) as why:
                    error = why
            if not tries:
                assert error is not None
                raise error
            return max(tries, key=lambda t: (t[0], t[1]))[2]
        return self._marks(game, sheet, cells, coups)

    def _marks(self, game: TurnView, sheet: Sheet, cells: list[dict[str, Any]], coups: list[Any]
               ) -> tuple[list[Mark], str]:
        """The two marks of a doblar with the coups given (one None: the other coup), and
        which doblar it is."""
        rules = game.rules
        if coups[0] is None:
            coups[0] = 3 - int(coups[1])
        elif coups[1] is None:
            coups[1] = 3 - int(coups[0])
        if sorted(int(c) for c in coups) != [1, 2]:
            raise IllegalMoveError(Message("game.doblar_writes_one_score_from_coup_1"), rule="Y7")
        (c1, r1), (c2, r2) = (game.resolve(c.get("column"), c["row"]) for c in cells)
        if (c1.id, r1) == (c2.id, r2):
            raise IllegalMoveError(Message("game.doblar_writes_two_different"), rule="Y7")
        special = None
        if c1.id == c2.id and c1.sequence is not None:
            special = self.ordered_pairs.get(c1.id)
            if special is None:
                raise IllegalMoveError(Message("game.two_scores_one_ordered"), rule="Y7")
            if special in sheet.state["doblars_used"]:
                raise IllegalMoveError(Message("game.doblar_already_used_game", special=special),
                                       rule="Y7")
            nxt = game.next_cells(sheet, c1)
            pair = c1.next_rows({r for (c, r) in sheet.marks if c == c1.id}, 2)
            if sorted((r1, r2)) != sorted(pair) or len(pair) < 2:
                want = " + ".join(rules.row(r).name for r in pair) if nxt else "-"
                raise IllegalMoveError(Message("game.doblar_writes_next_two", name=c1.name,
                                               special=special, want=want), rule="Y7")
            # write the earlier cell of the column first so the order check passes
            if c1.sequence.index(r1) > c1.sequence.index(r2):
                cells, coups, r1, r2 = cells[::-1], coups[::-1], r2, r1
        first = game.write_one(sheet, cells[0], coup_no=int(coups[0]))
        extra = [first.row] if c1.id == c2.id else []
        sheet.marks[(first.column, first.row)] = first      # the second cell sees the first
        try:
            second = game.write_one(sheet, cells[1], extra, coup_no=int(coups[1]))
        finally:
            del sheet.marks[(first.column, first.row)]
        return [first, second], special or ""

    def after_turn(self, game: TurnView, sheet: Sheet, coups: tuple[Coup, ...],
                   marks: tuple[Mark, ...], how: str | None) -> None:
        if how is None:
            return
        sheet.state["doblars_left"] -= 1
        if how:
            sheet.state["doblars_used"].add(how)

    def counters_json(self, sheet: Sheet) -> dict[str, Any]:
        return {"doblars_left": sheet.state.get("doblars_left", 0),
                "doblars_used": sorted(sheet.state.get("doblars_used", ()))}

    def sheet_parts(self, game: TurnView, sheet: Sheet, lang: str) -> list[str]:
        from ..i18n import say, words
        used = ", ".join(sorted(sheet.state["doblars_used"]))
        return [say("cli.sheet.doblars", lang, n=sheet.state["doblars_left"])
                + (f" ({words('cli.sheet', lang)['used'].format(what=used)})" if used else "")]
