"""Everyone's chance to win, as text bars (``yams hint --chances``, ``yams play --chances``)
and, for a game played, as a chart turn by turn with the turns that swung it (``yams review
--chart``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..base.safetext import shown
from ..i18n import say

if TYPE_CHECKING:  # pragma: no cover
    from ..advice.adviser import Solved
    from ..advice.game_chances import LiveChances
    from ..engine.game import Game

BAR = 20
#: a change of a player's chance this large in one turn names the turn
SWING = 0.15


def cached_chances(game: Game, db: str | None) -> LiveChances | None:
    """Everyone's chance now, when the game is one column and its table is in the cache
    already (a turn never waits for a solve); else None."""
    from ..advice.game_chances import cached_solved, live_chances
    from ..store import paths

    solved = cached_solved(game, paths.solver_cache(db))
    return None if solved is None else live_chances(game, solved)


def estimated_chances(game: Game) -> LiveChances:
    """Everyone's chance in a game the exact solver does not cover, by simulated games."""
    from ..advice.sim_chances import simulated_chances

    return simulated_chances(game)


def chance_lines(live: LiveChances, lang: str) -> list[str]:
    """A title (exact, approximation or simulation), then a bar a player: name, bar,
    percent (and its 95 % interval for a simulation)."""
    if live.samples is not None:
        method = say("cli.chances.simulated", lang, n=live.samples, seed=live.seed)
    else:
        method = say("cli.chances.exact" if live.exact else "cli.chances.approx", lang)
    width = max(len(shown(n)) for n in live.names)
    lines = [say("cli.chances.title", lang, method=method)]
    for i, (name, chance) in enumerate(zip(live.names, live.chances, strict=True)):
        bar = "█" * round(BAR * chance)
        figure = say("cli.chances.percent", lang, chance=100 * chance) if live.half is None \
            else say("cli.chances.percent_pm", lang, chance=100 * chance,
                     half=100 * live.half[i])
        lines.append(f"  {shown(name):<{width}} {bar:<{BAR}} {figure}")
    return lines


def swings(game: Game, by_turn: list[LiveChances]) -> list[tuple[int, str, str, float, float]]:
    """The turns that moved a player's chance by ``SWING`` or more, biggest first (at most
    three): (turn, who played it, whose chance moved most, before, after)."""
    from ..engine.game import plain_events

    players = [e.get("player") for e in plain_events(game.events) if e.get("type") == "mark"]
    found = []
    for k in range(1, len(by_turn)):
        before, after = by_turn[k - 1].chances, by_turn[k].chances
        i = max(range(len(after)), key=lambda j: abs(after[j] - before[j]))
        if abs(after[i] - before[i]) >= SWING:
            who = players[k - 1] if k - 1 < len(players) and players[k - 1] else "?"
            found.append((k, str(who), by_turn[k].names[i], before[i], after[i]))
    found.sort(key=lambda t: -abs(t[4] - t[3]))
    return sorted(found[:3])


def write_chart(game: Game, solved: Solved, path: str, lang: str) -> list[str]:
    """Write the chart of the chances turn by turn to ``path`` (SVG); the lines to say."""
    from ..advice.game_chances import chances_by_turn
    from .charts import chances_chart
    from .files import write_text

    by_turn = chances_by_turn(game, solved)
    swung = swings(game, by_turn)
    title = say("cli.chances.chart_title", lang, label=game.config.label)
    series = [[c.chances[i] for c in by_turn] for i in range(len(by_turn[0].names))]
    write_text(path, chances_chart(title, list(by_turn[0].names), series,
                                   [k for k, *_ in swung]))
    lines = [say("cli.chances.chart_written", lang, path=shown(path))]
    for turn, who, name, before, after in swung:
        lines.append(say("cli.chances.swing", lang, turn=turn, name=shown(who),
                         player=shown(name), before=100 * before, after=100 * after))
    return lines
