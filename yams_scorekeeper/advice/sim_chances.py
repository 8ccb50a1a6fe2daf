"""Chances to win a game of several columns (or a house sheet beyond the exact solver): an
estimate, every player's remaining turns played by the heuristic adviser in simulated games
from the sheets as they stand (a fixed seed: the same position gives the same figures)."""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .game_chances import LiveChances

if TYPE_CHECKING:  # pragma: no cover
    from ..engine.game import Game
    from .heuristic import HeuristicCell

#: simulated games of an estimate (a 95 % interval of about ±20 points at 50 %)
SAMPLES = 24


def position_seed(game: Game) -> int:
    """A seed made of the game's id and how many cells are written: a position's own."""
    written = sum(len(s.marks) for s in game.sheets)
    digest = hashlib.sha256(f"{game.id}:{written}".encode()).digest()
    return int.from_bytes(digest[:8], "little")


def simulated_chances(game: Game, samples: int = SAMPLES, seed: int | None = None
                      ) -> LiveChances:
    """Each player's share of ``samples`` games played to the end by the heuristic adviser
    (a tie shares the win), with the sample size, the seed and a 95 % half-interval."""
    from ..engine.game import Game as Copy

    seed = position_seed(game) if seed is None else seed
    wins = [0.0] * len(game.sheets)
    for i in range(samples):
        copy = Copy(game.config, game.events, id=game.id, created=game.created)
        for j, share in enumerate(_shares(copy, random.Random(seed + i))):
            wins[j] += share
    shares = tuple(w / samples for w in wins)
    half = tuple(1.96 * (p * (1 - p) / samples) ** 0.5 for p in shares)
    return LiveChances(tuple(s.name for s in game.sheets), shares, False, samples, seed, half)


def _shares(game: Game, rng: random.Random) -> list[float]:
    """``game`` played to the end by the heuristic: each player's share of the win."""
    from .heuristic import play_game

    play_game(game, rng)
    best = max(game.totals(s).grand for s in game.sheets)
    first = [j for j, s in enumerate(game.sheets) if game.totals(s).grand == best]
    return [1.0 / len(first) if j in first else 0.0 for j in range(len(game.sheets))]


@dataclass(frozen=True)
class SimulatedCell:
    """A cell the heuristic proposes, and the player's share of the simulated games won after
    writing it (the same seeds for every cell), with its 95 % half-interval."""

    cell: HeuristicCell
    chance: float
    half: float


def simulated_win_cells(game: Game, top: int = 3, samples: int = SAMPLES,
                        seed: int | None = None) -> list[SimulatedCell]:
    """The heuristic's ``top`` cells for the coup entered, each written on a copy of the game,
    then every player's remaining turns played by the heuristic in ``samples`` games; the
    heuristic's first choice first, then the others by chance (best first)."""
    from ..engine.game import Game as Copy
    from .heuristic import HeuristicAdviser

    seed = position_seed(game) if seed is None else seed
    me = game.current
    out = []
    for cell in HeuristicAdviser(game).cell_choices()[:top]:
        won = 0.0
        for i in range(samples):
            copy = Copy(game.config, game.events, id=game.id, created=game.created)
            second = None if cell.second is None else cell.second[:2]
            copy.mark(cell.column, cell.row, coup=cell.coup or None, second=second)
            won += _shares(copy, random.Random(seed + i))[me]
        p = won / samples
        out.append(SimulatedCell(cell, p, 1.96 * (p * (1 - p) / samples) ** 0.5))
    return out[:1] + sorted(out[1:], key=lambda c: -c.chance)
