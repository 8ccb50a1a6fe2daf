"""Chances to win a game of several columns (or a house sheet beyond the exact solver): an
estimate, every player's remaining turns played by the heuristic adviser in simulated games
from the sheets as they stand (a fixed seed: the same position gives the same figures)."""

from __future__ import annotations

import hashlib
import random
from typing import TYPE_CHECKING

from .game_chances import LiveChances

if TYPE_CHECKING:  # pragma: no cover
    from ..engine.game import Game

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
    from .heuristic import play_game

    seed = position_seed(game) if seed is None else seed
    wins = [0.0] * len(game.sheets)
    for i in range(samples):
        copy = Copy(game.config, game.events, id=game.id, created=game.created)
        play_game(copy, random.Random(seed + i))
        best = max(copy.totals(s).grand for s in copy.sheets)
        first = [j for j, s in enumerate(copy.sheets) if copy.totals(s).grand == best]
        for j in first:
            wins[j] += 1.0 / len(first)
    shares = tuple(w / samples for w in wins)
    half = tuple(1.96 * (p * (1 - p) / samples) ** 0.5 for p in shares)
    return LiveChances(tuple(s.name for s in game.sheets), shares, False, samples, seed, half)
