"""The Duel jokers (U4): a few a game, one a turn at most; a joker turns one die into another
face before the coup is scored. Typed ``55533/2 joker 3:5``; the counter ``jokers_left``."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from ..base.dice import Dice, dice_texts, format_dice
from ..base.errors import EntryError, IllegalMoveError
from ..i18n import Message
from .base import Mechanic

if TYPE_CHECKING:  # pragma: no cover
    import random
    from typing import Any

    from ..base.sheet import Coup, Mark, Sheet
    from .views import RulesView, TurnView

#: most throws remembered with the dice a joker makes of them (252 throws, 30 jokers)
MOST_JOKERED = 20_000


def parse_joker(text: str) -> tuple[int, int]:
    """``4:6`` or ``4>6``: one die showing 4 becomes a 6 (U4)."""
    for sep in (":", ">", "-"):
        if sep in text:
            a, _, b = text.partition(sep)
            try:
                return int(a), int(b)
            except ValueError:
                break
    raise EntryError(Message("entry.cannot_read_joker", text=text),
                     expected="4:6 (a 4 becomes a 6)")


class Jokers(Mechanic):
    """``per_game`` jokers a sheet, ``per_turn`` at most in a turn (U4)."""

    id = "joker"
    rule = "U4"
    counters = {"jokers_left": 0}
    entry_field = "joker"
    words = ("joker", "j")
    absent = ("game.jokers_exist_only_duel", "U4")
    example = "joker 4:6"
    example_key = "entry.example_joker"
    once = ("entry.one_joker_turn", "U4")
    help_topic = "joker"
    help_line = "table.help_joker"

    def __init__(self, per_game: int, per_turn: int = 1):
        self.per_game, self.per_turn = per_game, per_turn

    @staticmethod
    def typed(value: Any) -> list[int]:
        """A joker as given to :meth:`Game.enter` (``"4:6"`` or a pair), as an event keeps it."""
        return list(parse_joker(value)) if isinstance(value, str) else list(value)

    def start(self) -> dict[str, Any]:
        return {"jokers_left": self.per_game}

    def check_entry(self, game: TurnView, sheet: Sheet, value: Any, roll: int) -> Any:
        if sheet.state["jokers_left"] <= 0:
            raise IllegalMoveError(Message("game.joker_left_game", name=sheet.name,
                                           jokers=self.per_game), rule="U4")
        if sum(1 for c in game.coups if c.joker) >= self.per_turn:
            raise IllegalMoveError(Message("game.jokers_per_turn", n=self.per_turn), rule="U4")
        try:
            src, dst = int(value[0]), int(value[1])
        except (TypeError, ValueError, IndexError):
            raise EntryError(Message("game.joker_written_from"), expected="4:6") from None
        if not (1 <= src <= 6 and 1 <= dst <= 6) or src == dst:
            raise EntryError(Message("game.joker_turns_one_die"), expected="4:6")
        return (src, dst)

    def apply(self, game: TurnView, sheet: Sheet, rolled: Dice, texts: tuple[str, ...],
              value: Any) -> tuple[Dice, tuple[str, ...]]:
        src, dst = value
        return _jokered(texts, src, dst, rolled)

    @staticmethod
    def logged(value: Any) -> Any:
        return list(value)

    @staticmethod
    def text(value: Any) -> str:
        return f"{value[0]}:{value[1]}"

    @staticmethod
    def amended(rules: RulesView, text: str) -> list[int]:
        return list(parse_joker(text))

    @staticmethod
    def coup_json(value: Any) -> list[int] | None:
        return list(value) if value else None

    @staticmethod
    def demo_text(rules: RulesView, value: Any, lang: str) -> str:
        from ..i18n import say
        return say("table.demo_joker", lang, a=value[0], b=value[1])

    def coup_note(self, game: TurnView, coup: Coup, lang: str) -> str | None:
        if not coup.joker:
            return None
        from ..i18n import say
        return say("cli.printing.joker", lang, a=coup.joker[0], b=coup.joker[1],
                   rolled=format_dice(coup.rolled))

    def after_turn(self, game: TurnView, sheet: Sheet, coups: tuple[Coup, ...],
                   marks: tuple[Mark, ...], how: str | None) -> None:
        if any(c.joker for c in coups):
            sheet.state["jokers_left"] -= 1

    def sheet_parts(self, game: TurnView, sheet: Sheet, lang: str) -> list[str]:
        from ..i18n import say
        return [say("cli.sheet.jokers", lang, n=sheet.state["jokers_left"])]

    def random_entry(self, game: TurnView, rng: random.Random, dice: Dice, roll: int,
                     demo: bool) -> dict[str, Any]:
        if not game.player.state["jokers_left"]:
            return {}
        if demo:
            return {"joker": best_joker(game, dice, roll)}
        if rng.random() < 0.2:
            src = rng.choice(dice).value
            return {"joker": (src, rng.choice([v for v in range(1, 7) if v != src]))}
        return {}


def best_joker(game: TurnView, dice: Dice, roll: int) -> tuple[int, int] | None:
    """The joker that most raises the best empty row, when it raises it by 10 or more."""
    from ..base.dice import Die

    empty = set(game.next_cells(game.player, game.columns[0]))

    def best(d: Dice) -> int:
        return max((f.score for f in game.rules.figures(d, roll) if f.row in empty), default=0)

    base, choice = best(dice), None
    for src in sorted({d.value for d in dice}):
        for dst in range(1, 7):
            if dst == src:
                continue
            changed = list(dice)
            changed[next(i for i, d in enumerate(changed) if d.value == src)] = Die(dst)
            score = best(tuple(sorted(changed)))
            if score >= base + 10:
                base, choice = score, (src, dst)
    return choice


@lru_cache(maxsize=MOST_JOKERED)
def _jokered(texts: tuple[str, ...], src: int, dst: int,
             rolled: Dice) -> tuple[Dice, tuple[str, ...]]:
    """The dice (and their texts) a joker ``src`` -> ``dst`` makes of a throw: pure, and
    remembered (a five-dice throw comes back)."""
    dice = list(rolled)
    for i, d in enumerate(dice):
        if d.value == src:
            dice[i] = type(d)(dst)
            break
    else:
        raise EntryError(Message("game.die_shows_turn_into", src=src, dst=dst),
                         expected=f"a value among {format_dice(rolled)}")
    scored = tuple(sorted(dice))
    return scored, dice_texts(scored)
