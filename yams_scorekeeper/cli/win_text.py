"""``yams hint --win`` / ``--target N`` and play's ``hint w``: the choice that maximises the
chance to win (or to reach a score), beside the expected-score one, as text lines."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..base.errors import ConfigError
from ..i18n import Message, say

if TYPE_CHECKING:  # pragma: no cover
    from ..advice.adviser import Solved
    from ..advice.chances import WinHint
    from ..engine.game import Game


METHOD_KEYS = {"exact": "cli.advice.win_exact", "plan": "cli.advice.win_plan",
               "approximation": "cli.advice.win_approx"}
WIN_KEYS = {"now": "cli.advice.win_now", "keep": "cli.advice.win_keep",
            "cell": "cli.advice.win_cell"}
TARGET_KEYS = {"now": "cli.advice.target_now", "keep": "cli.advice.target_keep",
               "cell": "cli.advice.target_cell"}


def check_win(game: Game, target: int | None) -> None:
    """Refuse what the chances cannot answer: --win alone at the table, a target on several
    columns, or several columns before the dice of the turn are entered."""
    from ..advice.spec import solvable

    if target is None and len(game.sheets) < 2:
        raise ConfigError(Message("cli.advice.win_alone"), expected="yams hint --target 250")
    if solvable(game.rules, len(game.columns)):
        return
    if target is not None:
        raise ConfigError(Message("cli.advice.win_columns", title=game.rules.title),
                          expected="yams hint --win")
    if not game.coups or game.finished:
        raise ConfigError(Message("cli.advice.win_sim_coup"), expected="yams enter 55533/2")


def simulated_win(game: Game) -> tuple[list[Any], dict[str, Any]]:
    """Several columns: the heuristic's cells for the coup entered, each judged by simulated
    games; (the cells, the JSON)."""
    from ..advice.sim_chances import SAMPLES, position_seed, simulated_win_cells

    cells = simulated_win_cells(game)
    data = {"goal": "win", "method": "simulation", "exact": False, "samples": SAMPLES,
            "seed": position_seed(game),
            "cells": [{**c.cell.to_json(), "probability": round(c.chance, 6),
                       "interval": round(c.half, 6)} for c in cells]}
    return cells, data


def simulated_lines(game: Game, lang: str) -> list[str]:
    """The text of :func:`simulated_win`: a title saying the estimate, a line a cell."""
    from ..advice.sim_chances import SAMPLES, position_seed

    cells, _ = simulated_win(game)
    names = {c.id: c.name for c in game.columns}
    lines = [say("cli.advice.win_sim_title", lang, n=SAMPLES, seed=position_seed(game))]
    for i, c in enumerate(cells, 1):
        where = f"{names[c.cell.column]} · " if len(names) > 1 else ""
        lines.append(say("cli.advice.win_sim_cell", lang, i=i,
                         cell=f"{where}{game.rules.row(c.cell.row).name} {c.cell.score}",
                         chance=100 * c.chance, half=100 * c.half))
    return lines


def game_win(game: Game, solved: Solved, values, roll: int | None, joker_used: bool,
             target: int | None) -> WinHint:
    from ..advice.game_chances import game_win_hint

    check_win(game, target)
    return game_win_hint(game, solved, values, roll, joker_used, target)


def win_lines(win: WinHint, lang: str, rules) -> list[str]:
    """The chance now, and the choice for it beside the expected-score one."""
    method = say(METHOD_KEYS[win.method], lang)
    key = WIN_KEYS if win.target is None else TARGET_KEYS
    if win.keep is None and win.cell is None:
        return [say(key["now"], lang, chance=100 * win.chance_now,
                    average=100 * win.chance_average, method=method, target=win.target)]
    lines = [method]
    chance, average = 100 * (win.chance or 0.0), 100 * (win.average_chance or 0.0)
    if win.keep is not None:
        held = " ".join(map(str, win.keep.keep)) or say("cli.advice.nothing", lang)
        lines.append(say(key["keep"], lang, dice=held, chance=chance,
                         average=average, target=win.target))
    elif win.cell is not None:
        cell = win.cell
        joker = (say("cli.advice.with_joker", lang, a=cell.joker[0], b=cell.joker[1])
                 if cell.joker else "")
        lines.append(say(key["cell"], lang,
                         cell=f"{joker}{rules.row(cell.row).name} {cell.score}",
                         chance=chance, average=average,
                         target=win.target))
    return lines
