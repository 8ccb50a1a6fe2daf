"""``yams review``: every turn of a finished game against the best choice from the same state.

Only the kept dice are recorded (not the dice shown before each reroll), so a turn is judged on
its cell (and Duel joker): ``loss`` = expected final score of the best choice for those dice
minus that of the choice made. ``luck`` = the best choice's expected final score minus the
expectation before the turn: what the dice gave, against the average (the keeps, which the
sheet does not record, count here too). The game is read as corrected
(:func:`~yams_scorekeeper.engine.game.plain_events`: undos and amendments applied, reopenings
included), so over a game the two add up exactly:

    final score = expected score at the start + sum of luck - sum of loss.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine.game import Game, plain_events
from ..mechanics import DIE_ENTRY
from .adviser import Solved


@dataclass(frozen=True)
class TurnReview:
    """One turn of one player."""

    player: str
    turn: int                   # the game's turn number (as yams log and yams fix count)
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
    round: int = 0              # the player's own turn number (1 = their first)

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "turn": self.turn, "round": self.round,
                "dice": list(self.dice),
                "roll": self.roll, DIE_ENTRY: list(self.joker) if self.joker else None,
                "row": self.row, "score": self.score, "best_row": self.best_row,
                "best_score": self.best_score,
                f"best_{DIE_ENTRY}": list(self.best_joker) if self.best_joker else None,
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

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "expected_start": round(self.expected_start, 4),
                "final": self.final, "lost": round(self.lost, 4), "luck": round(self.luck, 4),
                "turns": [t.to_json() for t in self.turns]}


def review_game(game: Game, solved: Solved) -> list[PlayerReview]:
    """Replay ``game`` turn by turn and judge each cell against the solver's best."""
    replay = Game(game.config, id=game.id, created=game.created)
    duel = bool(solved.spec.jokers)
    start = solved.state({}, None)
    reviews = {name: PlayerReview(name, solved.future(start)) for name in game.config.players}
    for event in plain_events(game.events):
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
        turn = TurnReview(sheet.name, replay.turn_number - 1, rolled, coup.roll, coup.joker,
                          row, after[row], best.row, best.score, best.joker,
                          points + solved.future(state), max(best.expected - chosen, 0.0),
                          best.expected - solved.future(state), len(review.turns) + 1)
        review.turns.append(turn)
        review.lost += turn.loss
        review.luck += turn.luck
    for sheet in replay.sheets:
        reviews[sheet.name].final = replay.totals(sheet).grand
    return list(reviews.values())


# -- multi-column games: the heuristic adviser ---------------------------------------------------

@dataclass(frozen=True)
class HeuristicTurnReview:
    """One turn judged by the heuristic: the cells written against its best choice, in
    heuristic points (score + bonus prospects - the cell's par). ``luck``: the best choice's
    value minus ``expected``, the heuristic's expected value of the turn before rolling (exact
    with five dice; with ten tagged dice an estimate by sampling, ``estimated``)."""

    player: str
    turn: int                                           # the game's turn number
    coups: tuple[tuple[tuple[str, ...], int], ...]     # (dice, roll) of each coup
    written: tuple[tuple[str, str, int], ...]           # (column, row, score) of each cell
    best: tuple[tuple[str, str, int], ...]
    value: float
    best_value: float
    loss: float
    luck: float | None
    expected: float | None = None
    estimated: bool = False
    round: int = 0                                      # the player's own turn number

    def to_json(self) -> dict[str, Any]:
        def cells(items: Sequence[tuple[str, str, int]]) -> list[dict[str, Any]]:
            return [{"column": c, "row": r, "score": s} for c, r, s in items]
        return {"player": self.player, "turn": self.turn, "round": self.round,
                "coups": [{"dice": list(d), "roll": r} for d, r in self.coups],
                "cells": cells(self.written), "best": cells(self.best),
                "value": round(self.value, 4), "best_value": round(self.best_value, 4),
                "loss": round(self.loss, 4),
                "luck": None if self.luck is None else round(self.luck, 4),
                "expected": None if self.expected is None else round(self.expected, 4),
                "luck_estimated": self.estimated}


@dataclass
class HeuristicPlayerReview:
    """A player's game by the heuristic: points lost to choices and luck (heuristic points)."""

    name: str
    final: int = 0
    lost: float = 0.0
    luck: float | None = 0.0
    turns: list[HeuristicTurnReview] = field(default_factory=list)

    @property
    def luck_estimated(self) -> bool:
        """Whether the luck is an estimate (any turn's expected value was sampled)."""
        return any(t.estimated for t in self.turns)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "final": self.final, "lost": round(self.lost, 4),
                "luck": None if self.luck is None else round(self.luck, 4),
                "luck_estimated": self.luck_estimated,
                "turns": [t.to_json() for t in self.turns]}


def turn_rng(game: Game, turn: int) -> random.Random:
    """The sampling dice of the game's ``turn``-th turn (from 0): seeded by the game id and
    the turn, so a review gives the same estimate every time."""
    return random.Random(f"{game.id}:{turn}")


def review_game_heuristic(game: Game) -> list[HeuristicPlayerReview]:
    """Replay ``game`` and judge each turn's cell(s) against the heuristic adviser's best."""
    from .heuristic import DOBLAR_RESERVE, HeuristicAdviser

    replay = Game(game.config, id=game.id, created=game.created)
    adviser = HeuristicAdviser(replay)
    reviews = {name: HeuristicPlayerReview(name) for name in game.config.players}
    before_turn: float | None = None
    turns_seen = 0
    for event in plain_events(game.events):
        kind = event.get("type")
        if kind == "enter" and not replay.coups and not replay.finished:
            before_turn = adviser.turn_value(turn_rng(game, turns_seen))
        if kind != "mark" or not replay.coups:
            replay.record(event)
            continue
        sheet = replay.player
        choices = adviser.cell_choices()
        legal = {(c.column, c.row, c.coup): c.score for c in replay.legal_cells()}
        dice = {n: c.dice for n, c in enumerate(replay.coups, start=1)}
        value, written = 0.0, []
        for cell in event.get("cells") or []:
            column = next(c for c in replay.columns if c.id == cell["column"])
            coup = cell.get("coup") or max((k for (c, r, k) in legal if (c, r) ==
                                            (column.id, cell["row"])), default=1)
            score = 0 if cell.get("scratch") else legal.get((column.id, cell["row"], coup), 0)
            value += adviser.gain(column, cell["row"], score, dice.get(coup, ()))
            written.append((column.id, cell["row"], score))
        if len(written) == 2:
            value -= DOBLAR_RESERVE
        coups = tuple((tuple(str(d) for d in c.dice), c.roll) for c in replay.coups)
        replay.record(event)
        best = choices[0] if choices else None
        best_cells: tuple[Any, ...] = ()
        if best is not None:
            best_cells = ((best.column, best.row, best.score),)
            if best.second is not None:
                best_cells += ((best.second[0], best.second[1], best.second[3]),)
        best_value = value if best is None else max(best.value, value)
        review = reviews[sheet.name]
        luck = None if before_turn is None else best_value - before_turn
        turn = HeuristicTurnReview(sheet.name, replay.turn_number - 1, coups, tuple(written),
                                   best_cells, value, best_value, best_value - value, luck,
                                   before_turn, before_turn is not None and not adviser.five,
                                   len(review.turns) + 1)
        turns_seen += 1
        review.turns.append(turn)
        review.lost += turn.loss
        review.luck = None if luck is None or review.luck is None else review.luck + luck
        before_turn = None
    for sheet in replay.sheets:
        reviews[sheet.name].final = replay.totals(sheet).grand
    return list(reviews.values())
