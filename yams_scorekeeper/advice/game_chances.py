"""Chances in a one-column game: everyone's chance to win now, the player's hint to win (or to
reach a target) from the players' real sheets, and the chances turn by turn of a game played."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .adviser import Solved
from .chances import Chances, Sheet, WinHint

if TYPE_CHECKING:  # pragma: no cover
    from ..engine.game import Game

_MEMO: dict[str, Chances] = {}


def chances_for(solved: Solved) -> Chances:
    """One :class:`~.chances.Chances` a rule set per process (its laws are memoised)."""
    key = solved.spec.key()
    if key not in _MEMO:
        _MEMO[key] = Chances(solved)
    return _MEMO[key]


def sheets_of(game: Game) -> list[Sheet]:
    """Every player's sheet as the chances see it."""
    jokers = bool(game.rules.jokers)
    return [Sheet({r: m.score for (_, r), m in s.marks.items()}, game.totals(s).grand,
                  s.jokers_left if jokers else None) for s in game.sheets]


@dataclass(frozen=True)
class LiveChances:
    """Each player's chance to win (names in the game's order), and whether it is exact."""

    names: tuple[str, ...]
    chances: tuple[float, ...]
    exact: bool

    def to_json(self) -> dict[str, Any]:
        return {"method": "exact" if self.exact else "approximation", "exact": self.exact,
                "players": [{"name": n, "chance": round(c, 6)}
                            for n, c in zip(self.names, self.chances, strict=True)]}


def live_chances(game: Game, solved: Solved) -> LiveChances:
    """Everyone's chance to win from the sheets as they stand, all playing for the expected
    score (a finished game: 1 for the winners shared, 0 for the others)."""
    found, exact = chances_for(solved).everyone(sheets_of(game))
    return LiveChances(tuple(s.name for s in game.sheets), tuple(found), exact)


def game_win_hint(game: Game, solved: Solved, dice: Sequence[int] | None, roll: int | None,
                  joker_used: bool, target: int | None = None) -> WinHint:
    """The hint to win (or to reach ``target``) for the player to play."""
    sheets = sheets_of(game)
    me = sheets[game.current]
    others = [] if target is not None else [s for i, s in enumerate(sheets) if i != game.current]
    return chances_for(solved).hint(me, others, target=target, dice=dice, roll=roll,
                                    max_rolls=game.rules.max_rolls, joker_used=joker_used)


def chances_by_turn(game: Game, solved: Solved) -> list[LiveChances]:
    """The chances before the first turn and after each turn written, replayed from the log."""
    from ..engine.game import Game as Replay
    from ..engine.game import plain_events

    replay = Replay(game.config, id=game.id, created=game.created)
    out = [live_chances(replay, solved)]
    written = 0
    for event in plain_events(game.events):
        replay.record(event)
        now = sum(len(s.marks) for s in replay.sheets)
        if now != written:
            written = now
            out.append(live_chances(replay, solved))
    return out
