"""A player's page: the figures a player asks for beyond games, wins and averages.

Pure functions of what the summaries index gives (no I/O), used by ``yams stats NAME``:

- :func:`winning_streak`: the longest run of games won in a row;
- :func:`average_trend`: per configuration, the average of the last games against the
  average of those before;
- :func:`rival_and_nemesis`: who played with them most (the rival) and who finished above
  them most often (the nemesis);
- :func:`favourite_rows`: the rows of a sheet they fill best and worst.

A *win* is what the statistics call one (:func:`yams_scorekeeper.engine.records.stopped_game_wins`):
rank 1 in a game of two or more, a game stopped early only where its rules give it a winner
(G7: Gaby). A game that has no winner (solo, or stopped outside Gaby) neither extends nor ends
a streak.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

#: a row of the history, a summary, the statistics of a configuration (JSON-shaped)
Row = dict[str, Any]

#: complete games the recent average of :func:`average_trend` is taken over
RECENT = 10


def _has_winner(row: Row, stopped_wins: Callable[[Any], bool]) -> bool:
    return row["player_count"] > 1 and (not row["stopped_early"] or stopped_wins(row["family"]))


def winning_streak(rows: Iterable[Row], stopped_wins: Callable[[Any], bool]) -> Row | None:
    """``{"games", "from", "to"}`` of the longest run of wins (the first such run when two
    are as long) in ``rows`` (the player's history rows, oldest first), ``None`` without a
    win."""
    best = None
    run: list[Row] = []
    for row in rows:
        if not _has_winner(row, stopped_wins):
            continue
        if row["rank"] == 1:
            run.append(row)
            if best is None or len(run) > best["games"]:
                best = {"games": len(run), "from": run[0]["date"], "to": run[-1]["date"]}
        else:
            run = []
    return best


def average_trend(rows: Iterable[Row], recent: int = RECENT) -> dict[str, Row]:
    """Per configuration with more than ``recent`` complete games: ``{"recent": average of
    the last ``recent``, "before": average of the games before them, "change": recent -
    before}``."""
    totals: dict[str, list[float]] = {}
    for row in rows:
        if not row["stopped_early"]:
            totals.setdefault(row["config_key"], []).append(row["total"])
    out = {}
    for key, mine in totals.items():
        if len(mine) > recent:
            last, before = mine[-recent:], mine[:-recent]
            now, then = sum(last) / len(last), sum(before) / len(before)
            out[key] = {"recent": now, "before": then, "change": now - then}
    return out


def rival_and_nemesis(companions: Iterable[tuple[Any, ...]]) -> tuple[Row | None, Row | None]:
    """The rival ``{"name", "games"}`` (most games together) and the nemesis ``{"name",
    "beaten", "games"}`` (most games that had a winner where they ranked above the player),
    from ``companions``: ``(name, games together, games where they ranked above)`` for each
    other player (:meth:`~yams_scorekeeper.store.summary_index.SummaryIndex.companions`). A tie
    goes to the more games together, then to the name first in alphabetical order (case
    ignored)."""
    others = [(name, games, beaten) for name, games, beaten, *_ in companions]
    if not others:
        return None, None
    name, games, _ = min(others, key=lambda c: (-c[1], c[0].casefold()))
    beaters = [c for c in others if c[2]]
    nemesis = min(beaters, key=lambda c: (-c[2], -c[1], c[0].casefold())) if beaters else None
    return ({"name": name, "games": games},
            nemesis and {"name": nemesis[0], "beaten": nemesis[2], "games": nemesis[1]})


def favourite_rows(rows: list[Row]) -> dict[str, str | None]:
    """``{"favourite": row, "weakest": row}`` of the per-row figures of one configuration
    (:func:`yams_scorekeeper.engine.records.row_stats`' ``rows``): the favourite is the row most
    often scored (worth more than 0), the weakest the one most often left at 0 or struck
    out; ties go to the higher (lower) average, then the sheet's order."""
    if not rows:
        return {"favourite": None, "weakest": None}
    order = {line["row"]: n for n, line in enumerate(rows)}
    favourite = min(rows, key=lambda r: (-r["made_rate"], -r["average"], order[r["row"]]))
    weakest = min(rows, key=lambda r: (-r["zero_rate"], r["average"], order[r["row"]]))
    return {"favourite": favourite["row"],
            "weakest": weakest["row"] if weakest["zero_rate"] > 0 else None}


def in_period(rows: Iterable[Row], since: str | None, until: str | None,
              players: int | None) -> list[Row]:
    """The rows of games on or after ``since``, on or before ``until`` (a date or its start:
    the whole day, month or year counts) and of ``players`` players, as the history filters
    them."""
    return [row for row in rows
            if (since is None or row["date"] >= since)
            and (until is None or row["date"][:len(until)] <= until)
            and (players is None or row["player_count"] == players)]
