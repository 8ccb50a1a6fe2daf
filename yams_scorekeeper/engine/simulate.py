"""Random legal play: dice drawn by a seeded generator, choices among the legal cells.

Two players: :func:`play_turn` picks at random (the property tests, the benchmarks);
:func:`demo_turn` takes the best score (``yams demo``, the adviser's benchmarks). Nothing here
is needed at the table, where the dice are real. Deterministic for a given ``random.Random``
seed.
"""

from __future__ import annotations

import random

from ..base.dice import DOUBLE_SET, Dice, Die
from ..base.errors import IllegalMoveError, YamsError
from ..mechanics import best_joker as best_joker
from .config import GameConfig
from .game import Game


def random_dice(game: Game, rng: random.Random) -> Dice:
    """A throw of the family's dice (for Double Yams, the physical tagged set, D1)."""
    if game.rules.tagged:
        dice = [Die(rng.randint(1, 6), c, s) for (c, s), n in sorted(DOUBLE_SET.items())
                for _ in range(n)]
        return tuple(sorted(dice))
    return tuple(sorted(Die(rng.randint(1, 6)) for _ in range(game.rules.dice_count)))


def _roll_count(game: Game, rng: random.Random) -> int:
    """How many rolls a coup took (a mechanic's policy, the bank or the pool allowing, else
    the rule set's: Double Yams 1-5)."""
    if game.mechanics.played:
        said = game.mechanics.random_rolls(game, rng)
        if said is not None:
            return said
    return game.rules.random_roll_count(game, rng)


def _pair_now(game: Game, rng: random.Random, rate: float) -> bool:
    """Whether the random player writes two cells this turn (a doblar, ``rate`` of the time
    it may)."""
    return game.mechanics.pairs_left(game, game.player) and rng.random() < rate


#: how many throws the random player tries before a turn is deemed stuck (K2)
TRIES = 200


def _enter_random(game: Game, rng: random.Random, demo: bool) -> None:
    """Random dice entered with what the mechanics' random player types; a coup no cell can
    take is refused at entry (K2), and the player throws again."""
    mechanics = game.mechanics
    for _ in range(TRIES):
        entries, roll = mechanics.random_announce(game, rng, demo)
        roll = roll or _roll_count(game, rng)
        dice = random_dice(game, rng)
        entries.update(mechanics.random_entry(game, rng, dice, roll, demo))
        try:
            game.enter(dice, roll, **entries)
            return
        except IllegalMoveError:
            continue
    raise AssertionError(f"no coup {game.player.name} may enter takes a cell")


def play_turn(game: Game, rng: random.Random, *, scratch_rate: float = 0.1,
              doblar_rate: float = 0.3) -> None:
    """Play one random legal turn for the current player."""
    cells = game.legal_cells()
    if not cells:
        _enter_random(game, rng, False)
        if game.coups_allowed() == 2 and (rng.random() < 0.5 or not game.legal_cells()):
            game.enter(random_dice(game, rng), _roll_count(game, rng))
        cells = game.legal_cells()
    if not cells:
        raise AssertionError(f"no legal cell for {game.player.name}")
    if _pair_now(game, rng, doblar_rate):
        one = [c for c in cells if c.coup == 1]
        two = [c for c in cells if c.coup == 2]
        if one and two:
            a, b = rng.choice(one), rng.choice(two)
            if (a.column, a.row) != (b.column, b.row):
                try:
                    game.mark(a.column, a.row, coup=1, second=(b.column, b.row))
                    return
                except YamsError:
                    pass
    cell = rng.choice(cells)
    scratch = cell.scratchable and rng.random() < scratch_rate
    game.mark(cell.column, cell.row, coup=cell.coup or None, scratch=scratch)


def demo_turn(game: Game, rng: random.Random) -> None:
    """One turn of ``yams demo``: random dice, a random roll count, and a player who takes the
    best score among the legal cells (what the mechanics' random player types: a doblar now
    and then, a Duel joker when it pays)."""
    cells = game.legal_cells()
    if not cells:
        for n in range(game.coups_allowed()):
            if n and rng.random() < 0.5 and game.legal_cells():
                break
            _enter_random(game, rng, True)
        cells = game.legal_cells()
    if _pair_now(game, rng, 0.5):
        one = max((c for c in cells if c.coup == 1), key=lambda c: c.score, default=None)
        two = one and max((c for c in cells if c.coup == 2
                           and (c.column, c.row) != (one.column, one.row)),
                          key=lambda c: c.score, default=None)
        if one is not None and two is not None and one.score > 0 and two.score > 0:
            try:
                game.mark(one.column, one.row, coup=1, second=(two.column, two.row))
                return
            except YamsError:
                pass
    top = max(c.score for c in cells)
    cell = rng.choice([c for c in cells if c.score == top])
    game.mark(cell.column, cell.row, coup=cell.coup or None,
              scratch=top <= 0 and cell.scratchable)


def play_random_game(config: GameConfig, rng: random.Random, *, turns: int | None = None,
                     **kw: float) -> Game:
    """A game played by random legal turns, to the end (or for ``turns`` turns)."""
    game = Game(config)
    done = 0
    while not game.finished and (turns is None or done < turns):
        play_turn(game, rng, **kw)
        done += 1
    return game
