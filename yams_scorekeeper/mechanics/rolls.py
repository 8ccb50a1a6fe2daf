"""Where a Double Yams turn's rolls come from (D10): the roll bank of the critique variant
(five rolls a turn, the unused ones banked for later turns) and the pool of the 165 variant
(165 rolls for the whole game; once it is empty, the remaining cells can only be scratched).
The counters ``bank`` and ``pool``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .base import Mechanic

if TYPE_CHECKING:  # pragma: no cover
    import random
    from typing import Any

    from ..base.sheet import Coup, Mark, Sheet
    from .views import TurnView


def _rolls(coups: tuple[Coup, ...]) -> int:
    return sum(c.roll for c in coups)


class RollBank(Mechanic):
    """``per_turn`` rolls a turn; what a turn leaves goes to the bank (D10 critique)."""

    id = "bank"
    rule = "D10"
    counters = {"bank": 0}
    help_topic = "bank"

    def __init__(self, per_turn: int):
        self.per_turn = per_turn

    def start(self) -> dict[str, Any]:
        return {"bank": 0}

    def max_roll(self, game: TurnView, sheet: Sheet, most: int) -> int:
        return most + int(sheet.state["bank"])

    def rolls_text(self, game: TurnView, sheet: Sheet) -> tuple[str, dict[str, Any]] | None:
        return "table.rolls_bank", {"max": game.max_roll(), "bank": sheet.state["bank"]}

    def after_turn(self, game: TurnView, sheet: Sheet, coups: tuple[Coup, ...],
                   marks: tuple[Mark, ...], how: str | None) -> None:
        sheet.state["bank"] += self.per_turn - _rolls(coups)

    def sheet_parts(self, game: TurnView, sheet: Sheet, lang: str) -> list[str]:
        from ..i18n import say
        return [say("cli.sheet.bank", lang, n=sheet.state["bank"])]

    def random_rolls(self, game: TurnView, rng: random.Random) -> int:
        top = self.per_turn + (game.player.state["bank"] if rng.random() < 0.3 else 0)
        return rng.randint(1, top)


class RollPool(Mechanic):
    """``size`` rolls for the whole game (D10 165)."""

    id = "pool"
    rule = "D10"
    counters = {"pool": 0}
    help_topic = "pool"

    def __init__(self, size: int):
        self.size = size

    def start(self) -> dict[str, Any]:
        return {"pool": self.size}

    def max_roll(self, game: TurnView, sheet: Sheet, most: int) -> int:
        return int(sheet.state["pool"])

    def rolls_text(self, game: TurnView, sheet: Sheet) -> tuple[str, dict[str, Any]] | None:
        return "table.rolls_pool", {"max": game.max_roll()}

    def only_scratch(self, game: TurnView, sheet: Sheet) -> bool:
        return bool(sheet.state["pool"] <= 0)

    def after_turn(self, game: TurnView, sheet: Sheet, coups: tuple[Coup, ...],
                   marks: tuple[Mark, ...], how: str | None) -> None:
        sheet.state["pool"] -= _rolls(coups)

    def sheet_parts(self, game: TurnView, sheet: Sheet, lang: str) -> list[str]:
        from ..i18n import say
        return [say("cli.sheet.pool", lang, n=sheet.state["pool"])]

    def random_rolls(self, game: TurnView, rng: random.Random) -> int:
        return rng.randint(1, max(1, min(game.player.state["pool"], 8)))
