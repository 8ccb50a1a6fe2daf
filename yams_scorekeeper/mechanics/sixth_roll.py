"""The announced sixth roll of Double Yams (D9): a row of the figure sections is announced
before a sixth roll; the coup then goes only to that row, its score if made, else minus the
announce's cost, and it cannot be scratched. Typed ``... /6 announce youpi`` (a géante names
its value: ``announce geante-carre:6``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..base.errors import IllegalMoveError
from ..i18n import Message
from .base import Assessment, CellRefusal, Mechanic

if TYPE_CHECKING:  # pragma: no cover
    import random
    from typing import Any

    from ..base.columns import Column
    from ..base.sheet import Coup, Sheet
    from .views import RulesView, TurnView


def split_announce(announce: str) -> tuple[str, int | None]:
    """``geante-carre:6`` -> ("geante-carre", 6); ``youpi`` -> ("youpi", None) (D9)."""
    row, _, value = announce.partition(":")
    return row, int(value) if value else None


def announce_name(rules: RulesView, announce: str) -> str:
    """An announce in words: ``Suite géante + carré de 6``, ``Youpi Yams``."""
    row, value = split_announce(announce)
    name = rules.row(row).name
    return f"{name} de {value}" if value else name


class SixthRoll(Mechanic):
    """``per_turn`` rolls a turn, one more when a row is announced (D9)."""

    id = "sixth-roll"
    rule = "D9"
    entry_field = "announce"
    words = ("announce", "annonce", "a")
    absent = ("game.sixth_roll_exists_only", "D9")
    example = "announce youpi"
    example_key = "entry.example_announce"
    spaced = True
    help_topic = "announce"
    help_line = "table.help_announce"
    planned = False

    def __init__(self, per_turn: int):
        self.per_turn = per_turn

    def max_roll(self, game: TurnView, sheet: Sheet, most: int) -> int:
        return max(most, self.per_turn + 1)

    def rolls_text(self, game: TurnView, sheet: Sheet) -> tuple[str, dict[str, Any]] | None:
        return "table.rolls_sixth", {"max": self.per_turn}

    def check_entry(self, game: TurnView, sheet: Sheet, value: Any, roll: int) -> Any:
        rules = game.rules
        if roll != self.per_turn + 1:
            raise IllegalMoveError(Message("game.announced_row_goes_sixth"), rule="D9")
        text, _, value_text = str(value).partition(":")
        row = rules.row(text).id
        if rules.section_of(row) not in rules.figure_sections:
            raise IllegalMoveError(Message("game.sixth_roll_can_never"), rule="D9")
        if row not in game.next_cells(sheet, game.columns[0]):
            raise IllegalMoveError(Message("game.announced_row_is_not_a_cell_you",
                                           name=rules.row(row).name), rule="D9")
        if row in rules.valued_rows:
            if not value_text and game.replaying:
                return row              # stored before D9 named the value: read as it was
            if value_text not in ("1", "2", "3", "4", "5", "6"):
                raise IllegalMoveError(Message("game.announce_names_value_group",
                                               name=rules.row(row).name),
                                       expected=f"{row}:6", rule="D9")
            return f"{row}:{value_text}"
        if value_text:
            raise IllegalMoveError(Message("game.only_g_ante_rows", name=rules.row(row).name),
                                   expected=row, rule="D9")
        return row

    @staticmethod
    def amended(rules: RulesView, text: str) -> str:
        return rules.row(text).id

    @staticmethod
    def demo_text(rules: RulesView, value: Any, lang: str) -> str:
        from ..i18n import say
        return say("table.demo_announce", lang, row=announce_name(rules, value))

    def ahead(self, game: TurnView, text: str) -> tuple[str, int] | None:
        row, _, value = text.partition(":")
        return game.rules.row(row).id + (f":{value}" if value else ""), self.per_turn + 1

    def asked(self, game: TurnView, sheet: Sheet, roll: int) -> list[str] | None:
        if roll != self.per_turn + 1:
            return None
        rules = game.rules
        return [f"{r}:V" if r in rules.valued_rows else r
                for r in game.next_cells(sheet, game.columns[0])
                if rules.section_of(r) in rules.figure_sections]

    def check_without(self, game: TurnView, sheet: Sheet, roll: int) -> None:
        if roll > self.per_turn:
            raise IllegalMoveError(Message("game.sixth_roll_must_announced"),
                                   expected="--announce youpi", rule="D9")

    def assess(self, game: TurnView, sheet: Sheet, column: Column, row: str,
               coup: Coup) -> Assessment | None:
        """Only the announced row takes the coup, made or missed."""
        if not coup.announce:
            return None
        rules = game.rules
        ann_row, value = split_announce(coup.announce)
        if row != ann_row:
            raise CellRefusal(Message("game.sixth_roll_announced_score",
                                      ann=rules.row(ann_row).name), "D9")
        figure = rules.announced_figure(row, value, coup.dice, coup.roll)
        if figure.made:
            return (figure.score, figure.explain, (Message("explain.sixth_roll_made"),), False,
                    False, figure, 0)
        base = rules.announce_cost(row, value)
        what = announce_name(rules, coup.announce)
        return (-base, Message("explain.sixth_roll_missed", what=what, cost=base), (), False,
                False, figure, 0)

    def random_announce(self, game: TurnView, rng: random.Random, demo: bool
                        ) -> tuple[dict[str, Any], int | None]:
        if demo or rng.random() > 0.08:
            return {}, None
        rules = game.rules
        rows = [r for r in game.next_cells(game.player, game.columns[0])
                if rules.section_of(r) in rules.figure_sections]
        if not rows:
            return {}, None
        row = rng.choice(rows)
        if row in rules.valued_rows:
            row = f"{row}:{rng.randint(1, 6)}"      # a géante names its value (D9)
        return {"announce": row}, self.per_turn + 1
