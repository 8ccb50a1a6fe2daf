"""``yams hint --win`` / ``--target N`` and play's ``hint w``: the choice that maximises the
chance to win (or to reach a score), beside the expected-score one, as text lines."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..base.errors import ConfigError
from ..i18n import Message, say

if TYPE_CHECKING:  # pragma: no cover
    from ..advice.adviser import Solved
    from ..advice.chances import WinHint
    from ..engine.game import Game


WIN_KEYS = {"now": "cli.advice.win_now", "keep": "cli.advice.win_keep",
            "cell": "cli.advice.win_cell"}
TARGET_KEYS = {"now": "cli.advice.target_now", "keep": "cli.advice.target_keep",
               "cell": "cli.advice.target_cell"}


def check_win(game: Game, target: int | None) -> None:
    """Refuse what the chances cannot answer: several columns, or --win alone at the table."""
    from ..advice.spec import solvable

    if not solvable(game.rules, len(game.columns)):
        raise ConfigError(Message("cli.advice.win_columns", title=game.rules.title),
                          expected="yams hint")
    if target is None and len(game.sheets) < 2:
        raise ConfigError(Message("cli.advice.win_alone"), expected="yams hint --target 250")


def game_win(game: Game, solved: Solved, values, roll: int | None, joker_used: bool,
             target: int | None) -> WinHint:
    from ..advice.game_chances import game_win_hint

    check_win(game, target)
    return game_win_hint(game, solved, values, roll, joker_used, target)


def win_lines(win: WinHint, lang: str, rules) -> list[str]:
    """The chance now, and the choice for it beside the expected-score one."""
    method = say("cli.advice.win_exact" if win.method == "exact" else "cli.advice.win_approx",
                 lang)
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
