"""``yams review``: every turn of a finished game against the best choice from the same state.

Only the kept dice are recorded (not the dice shown before each reroll), so a turn is judged on
its cell (and Duel joker): ``loss`` = expected final score of the best choice for those dice
minus that of the choice made. ``luck`` = the best choice's expected final score minus the
expectation before the turn: what the dice gave, against the average (the keeps, which the
sheet does not record, count here too). Over a game the two add up exactly:

    final score = expected score at the start + sum of luck - sum of loss.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..game import Game, effective_events
from .adviser import Solved


@dataclass(frozen=True)
class TurnReview:
    """One turn of one player."""

    player: str
    turn: int
    dice: tuple[int, ...]
    roll: int
    joker: tuple[int, int] | None
    row: str
    score: int
    best_row: str
    best_score: int
    best_joker: tuple[int, int] | None
    expected_before: float      # expected final score before the turn
    loss: float                 # expected points lost by the choice (0: optimal)
    luck: float                 # the dice against the expectation

    def to_json(self) -> dict:
        return {"player": self.player, "turn": self.turn, "dice": list(self.dice),
                "roll": self.roll, "joker": list(self.joker) if self.joker else None,
                "row": self.row, "score": self.score, "best_row": self.best_row,
                "best_score": self.best_score,
                "best_joker": list(self.best_joker) if self.best_joker else None,
                "expected_before": round(self.expected_before, 4),
                "loss": round(self.loss, 4), "luck": round(self.luck, 4)}


@dataclass
class PlayerReview:
    """A player's game: expected at the start, final score, skill (points lost) and luck."""

    name: str
    expected_start: float
    final: int = 0
    lost: float = 0.0
    luck: float = 0.0
    turns: list[TurnReview] = field(default_factory=list)

    def to_json(self) -> dict:
        return {"name": self.name, "expected_start": round(self.expected_start, 4),
                "final": self.final, "lost": round(self.lost, 4), "luck": round(self.luck, 4),
                "turns": [t.to_json() for t in self.turns]}


def review_game(game: Game, solved: Solved) -> list[PlayerReview]:
    """Replay ``game`` turn by turn and judge each cell against the solver's best."""
    replay = Game(game.config, id=game.id, created=game.created)
    duel = bool(solved.spec.jokers)
    start = solved.state({}, None)
    reviews = {name: PlayerReview(name, solved.future(start)) for name in game.config.players}
    for event in effective_events(game.events):
        if event.get("type") != "mark" or not replay.coups:
            replay.record(event)
            continue
        sheet = replay.player
        coup = replay.coups[-1]
        before = {r: m.score for (_, r), m in sheet.marks.items()}
        points = replay.totals(sheet).grand
        state = solved.state(before, sheet.jokers_left if duel else None)
        rolled = tuple(d.value for d in coup.rolled)
        best = solved.cell_choices(state, rolled)[0]
        replay.record(event)
        after = {r: m.score for (_, r), m in sheet.marks.items()}
        gain = replay.totals(sheet).grand - points
        chosen = gain + solved.future(solved.state(after, sheet.jokers_left if duel else None))
        row = next(r for r in after if r not in before)
        review = reviews[sheet.name]
        turn = TurnReview(sheet.name, len(review.turns) + 1, rolled, coup.roll, coup.joker, row,
                          after[row], best.row, best.score, best.joker,
                          points + solved.future(state), max(best.expected - chosen, 0.0),
                          best.expected - solved.future(state))
        review.turns.append(turn)
        review.lost += turn.loss
        review.luck += turn.luck
    for sheet in replay.sheets:
        reviews[sheet.name].final = replay.totals(sheet).grand
    return list(reviews.values())
