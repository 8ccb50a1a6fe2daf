"""A player's page: the figures a player asks for beyond games, wins and averages.

Pure functions of what the summaries index gives (no I/O), used by ``yams stats NAME``:

- :func:`winning_streak`: the longest run of games won in a row;
- :func:`average_trend`: per configuration, the average of the last games against the
  average of those before;
- :func:`rival_and_nemesis`: who played with them most (the rival) and who finished above
  them most often (the nemesis);
- :func:`favourite_rows`: the rows of a sheet they fill best and worst.

They read a player's games as :class:`GameRows`: columns, one value a game, made from the
summaries index's rows in one transposition (a player of 13,300 games at 50,000 costs no
dict a game), or from history rows (dicts).

A *win* is what the statistics call one (:func:`yams_scorekeeper.book.records.stopped_game_wins`):
rank 1 in a game of two or more, a game stopped early only where its rules give it a winner
(G7: Gaby). A game that has no winner (solo, or stopped outside Gaby) neither extends nor ends
a streak.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

#: a row of the history, a summary, the statistics of a configuration (JSON-shaped)
Row = dict[str, Any]

#: complete games the recent average of :func:`average_trend` is taken over
RECENT = 10
#: the player's last games listed in ``yams stats --json`` (``history_total``: how many)
JSON_HISTORY = 50
#: bars a chart of totals over time shows at most: past that, one bar a month (the average)
CHART_BARS = 30
#: games a line of totals shows one by one; past that, a point a month (their average)
LINE_GAMES = 120


#: the columns of :class:`GameRows`, in the order of the summaries index's player rows
COLUMNS = ("games", "dates", "families", "keys", "stopped", "counts", "names", "totals", "ranks")


class GameRows(Sequence[Row]):
    """A player's games, oldest first, as columns of one value a game: ``games`` (ids),
    ``dates``, ``families``, ``keys`` (configuration keys), ``labels`` (their labels),
    ``stopped`` (stopped early), ``counts`` (how many players), ``names`` (the player's name
    as written), ``totals`` and ``ranks``. As a sequence, each game is its history row
    (:meth:`row`), made when asked for: ``stats --json`` lists the last 50."""

    __slots__ = ("dates", "families", "games", "keys", "labels", "stopped", "counts",
                 "names", "totals", "ranks")

    def __init__(self, columns: Sequence[Sequence[Any]], labels: Sequence[Any]):
        (self.games, self.dates, self.families, self.keys, self.stopped, self.counts,
         self.names, self.totals, self.ranks) = columns
        self.labels = labels

    @classmethod
    def of_index(cls, rows: Sequence[Sequence[Any]], labels: dict[str, str]) -> GameRows:
        """From the summaries index's rows ``(game, date, family, config_key, stopped,
        players, name, total, rank)`` and each configuration's label."""
        columns: list[Sequence[Any]] = (list(zip(*rows, strict=True)) if rows
                                         else [()] * len(COLUMNS))
        columns[4] = tuple(map(bool, columns[4]))
        return cls(columns, tuple(map(labels.get, columns[3], columns[3])))

    @classmethod
    def of_dicts(cls, rows: Iterable[Row]) -> GameRows:
        """From history rows (:func:`~yams_scorekeeper.book.records.history` with a player,
        or the same keys with ``player_count``); a key a row leaves out reads as ``None``."""
        rows = list(rows)
        get = [row.get for row in rows]
        counts = tuple(row["player_count"] if "player_count" in row
                       else len(row.get("players", ())) for row in rows)
        columns: list[Sequence[Any]] = [tuple(g(key) for g in get) for key in
                                        ("game", "date", "family", "config_key",
                                         "stopped_early")]
        columns[4] = tuple(map(bool, columns[4]))
        return cls([*columns, counts, *(tuple(g(key) for g in get)
                                        for key in ("player", "total", "rank"))],
                   tuple(g("config_label") for g in get))

    def __len__(self) -> int:
        return len(self.dates)

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self.row(k) for k in range(len(self))[index]]
        return self.row(range(len(self))[index])

    def __iter__(self) -> Iterator[Row]:
        return map(self.row, range(len(self)))

    def row(self, k: int) -> Row:
        """The history row of game ``k`` (as ``yams stats --json`` lists it)."""
        return {"game": self.games[k], "date": self.dates[k], "family": self.families[k],
                "config_key": self.keys[k], "config_label": self.labels[k],
                "stopped_early": self.stopped[k], "player_count": self.counts[k],
                "player": self.names[k], "total": self.totals[k], "rank": self.ranks[k]}

    def subset(self, picked: Sequence[int]) -> GameRows:
        """The games at the positions ``picked`` (in that order)."""
        def pick(column: Sequence[Any]) -> tuple[Any, ...]:
            return tuple(column[k] for k in picked)

        return GameRows([pick(getattr(self, name)) for name in COLUMNS], pick(self.labels))

    def where(self, since: str | None, until: str | None, players: int | None) -> GameRows:
        """The games of :func:`in_period`."""
        return self.subset([k for k, (date, count) in enumerate(zip(self.dates, self.counts,
                                                                     strict=True))
                            if _inside(date, count, since, until, players)])

    def positions(self, column: str) -> dict[Any, list[int]]:
        """``{value: the positions of the games of that value}`` of one column (``"keys"``,
        ``"families"``), the values in the order of their first game."""
        out: dict[Any, list[int]] = {}
        for k, value in enumerate(getattr(self, column)):
            out.setdefault(value, []).append(k)
        return out

    def complete_totals(self, picked: Iterable[int]) -> list[Any]:
        """The totals of the games at the positions ``picked`` not stopped early."""
        stopped, totals = self.stopped, self.totals
        return [totals[k] for k in picked if not stopped[k]]

    def winners(self, stopped_wins: Callable[[Any], bool]) -> list[bool]:
        """For each game, whether it had a winner: two players or more, not stopped early
        unless its rules give a stopped game a winner (G7)."""
        return [count > 1 and (not stopped or stopped_wins(family)) for count, stopped, family
                in zip(self.counts, self.stopped, self.families, strict=True)]

    def won(self, stopped_wins: Callable[[Any], bool]) -> list[bool]:
        """For each game, whether the player won it (rank 1 in a game that had a winner)."""
        return [winner and rank == 1 for winner, rank in
                zip(self.winners(stopped_wins), self.ranks, strict=True)]


def game_rows(rows: Iterable[Row] | GameRows) -> GameRows:
    """``rows`` as :class:`GameRows` (history rows are read into columns)."""
    return rows if isinstance(rows, GameRows) else GameRows.of_dicts(rows)


def winning_streak(rows: Iterable[Row] | GameRows, stopped_wins: Callable[[Any], bool]
                   ) -> Row | None:
    """``{"games", "from", "to"}`` of the longest run of wins (the first such run when two
    are as long) in ``rows`` (the player's history rows, oldest first), ``None`` without a
    win."""
    games = game_rows(rows)
    best = None
    start = run = 0
    for k, (winner, rank) in enumerate(zip(games.winners(stopped_wins), games.ranks,
                                           strict=True)):
        if not winner:
            continue
        if rank == 1:
            if not run:
                start = k
            run += 1
            if best is None or run > best["games"]:
                best = {"games": run, "from": games.dates[start], "to": games.dates[k]}
        else:
            run = 0
    return best


def average_trend(rows: Iterable[Row] | GameRows, recent: int = RECENT) -> dict[str, Row]:
    """Per configuration with more than ``recent`` complete games: ``{"recent": average of
    the last ``recent``, "before": average of the games before them, "change": recent -
    before}``."""
    games = game_rows(rows)
    totals: dict[str, list[float]] = {}
    for key, stopped, total in zip(games.keys, games.stopped, games.totals, strict=True):
        if not stopped:
            totals.setdefault(key, []).append(total)
    out = {}
    for key, mine in totals.items():
        if len(mine) > recent:
            last, before = mine[-recent:], mine[:-recent]
            now, then = sum(last) / len(last), sum(before) / len(before)
            out[key] = {"recent": now, "before": then, "change": now - then}
    return out


def by_players(rows: Iterable[Row] | GameRows, stopped_wins: Callable[[Any], bool]
               ) -> dict[str, Row]:
    """``{"2": {"games", "wins"}, ...}``: the games and wins of each player count, fewest
    players first."""
    games = game_rows(rows)
    out: dict[str, Row] = {}
    for count, won in zip(games.counts, games.won(stopped_wins), strict=True):
        n = out.setdefault(str(count), {"games": 0, "wins": 0})
        n["games"] += 1
        n["wins"] += won
    return dict(sorted(out.items(), key=lambda kv: int(kv[0])))


def monthly_bars(games: GameRows, most: int = CHART_BARS) -> list[Row]:
    """The bars of a chart of totals over time, oldest first: ``{"date", "total",
    "stopped_early"}`` a game, or past ``most`` games ``{"date": month, "label": "month
    (games)", "total": their average, "stopped_early": all of them}`` a month, the last
    ``most`` months."""
    played = zip(games.dates, games.totals, games.stopped, strict=True)
    if len(games) <= most:
        return [{"date": date, "total": total, "stopped_early": stopped}
                for date, total, stopped in played]
    months: dict[str, tuple[list[Any], list[bool]]] = {}
    for date, total, stopped in played:
        totals, stops = months.setdefault(date[:7], ([], []))
        totals.append(total)
        stops.append(stopped)
    bars = [{"date": month, "label": f"{month} ({len(totals)})",
             "total": sum(totals) / len(totals), "stopped_early": all(stops)}
            for month, (totals, stops) in months.items()]
    return bars[-most:]


def line_points(games: GameRows, most: int = LINE_GAMES) -> list[list[Any]]:
    """The points of a line of totals over time, oldest first: ``[day, total, 1, stopped
    early]`` a game, or past ``most`` games ``[month, the average of its complete games,
    how many]`` a month."""
    played = zip(games.dates, games.totals, games.stopped, strict=True)
    if len(games) <= most:
        return [[date[:10], total, 1, stopped] for date, total, stopped in played]
    months: dict[str, list[Any]] = {}
    for date, total, stopped in played:
        if not stopped:
            months.setdefault(date[:7], []).append(total)
    return [[month, sum(t) / len(t), len(t)] for month, t in months.items()]


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
    (:func:`yams_scorekeeper.book.records.row_stats`' ``rows``): the favourite is the row most
    often scored (worth more than 0), the weakest the one most often left at 0 or struck
    out; ties go to the higher (lower) average, then the sheet's order."""
    if not rows:
        return {"favourite": None, "weakest": None}
    order = {line["row"]: n for n, line in enumerate(rows)}
    favourite = min(rows, key=lambda r: (-r["made_rate"], -r["average"], order[r["row"]]))
    weakest = min(rows, key=lambda r: (-r["zero_rate"], r["average"], order[r["row"]]))
    return {"favourite": favourite["row"],
            "weakest": weakest["row"] if weakest["zero_rate"] > 0 else None}


def _inside(date: str, count: int, since: str | None, until: str | None,
            players: int | None) -> bool:
    return ((since is None or date >= since)
            and (until is None or date[:len(until)] <= until)
            and (players is None or count == players))


def in_period(rows: Iterable[Row], since: str | None, until: str | None,
              players: int | None) -> list[Row]:
    """The rows of games on or after ``since``, on or before ``until`` (a date or its start:
    the whole day, month or year counts) and of ``players`` players, as the history filters
    them."""
    return [row for row in rows
            if _inside(row["date"], row["player_count"], since, until, players)]
