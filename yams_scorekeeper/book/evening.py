"""An evening's arithmetic (``yams soiree``): its ranking over all its games and its records.

A club plays several games in one evening, at one table or several, maybe of different
families. The ranking adds up what each player earned in every game of the evening, by one of
three scorings (a setting of the evening, :data:`SCORINGS`):

- ``points`` (the default): in each game a player earns one point for every other player of
  that game they finished above, half a point for each they tied with. Totals of different
  families (or of a 2-player and a 6-player Double Yams) are on different scales; points are
  not, and a player who sat at a larger table is not favoured by the number of games alone;
- ``total``: the sum of the player's totals (for an evening of one family and one sheet);
- ``average``: the player's average total (players who played fewer games are not behind).

Players with the same value share a rank and are named tied with each other. The evening's
records are the record book (:func:`~yams_scorekeeper.book.records.recompute`) of its games only.
Pure functions over game summaries; no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .records import recompute

SCORINGS = ("points", "total", "average")
DEFAULT_SCORING = "points"


def _points(summary: dict[str, Any]) -> dict[str, float]:
    """Each player's points in one game: one per player ranked below, half per tie."""
    ranks = [(p["name"], p.get("rank")) for p in summary["players"]]
    points = {}
    for seat, (name, rank) in enumerate(ranks):
        mine = 0.0
        for other, (_, theirs) in enumerate(ranks):
            if other == seat or rank is None or theirs is None:
                continue
            mine += 1.0 if rank < theirs else 0.5 if rank == theirs else 0.0
        points[name] = mine
    return points


def standings(summaries: Iterable[dict[str, Any]],
              scoring: str = DEFAULT_SCORING) -> list[dict[str, Any]]:
    """The ranking of the players of ``summaries`` by ``scoring``, best first: ``{"rank",
    "player", "value", "games", "wins", "points", "total", "average", "tied_with"}``; a
    player's name is matched across games without regard to case (the first spelling is
    shown); ``wins`` counts the games of two players or more they finished first."""
    players: dict[str, dict[str, Any]] = {}
    for summary in summaries:
        points = _points(summary)
        several = len(summary["players"]) > 1
        for p in summary["players"]:
            row = players.setdefault(p["name"].casefold(), {
                "player": p["name"], "games": 0, "wins": 0, "points": 0.0, "total": 0})
            row["games"] += 1
            row["points"] += points[p["name"]]
            row["total"] += p["total"]
            row["wins"] += int(several and p.get("rank") == 1
                               and not summary.get("stopped_early"))
    rows = list(players.values())
    for row in rows:
        row["average"] = row["total"] / row["games"]
        row["value"] = row[scoring]
    rows.sort(key=lambda r: (-r["value"], r["player"].casefold()))
    for n, row in enumerate(rows):
        row["rank"] = rows[n - 1]["rank"] if n and row["value"] == rows[n - 1]["value"] \
            else n + 1
    for row in rows:
        row["tied_with"] = [r["player"] for r in rows
                            if r["rank"] == row["rank"] and r is not row]
    keys = ("rank", "player", "value", "games", "wins", "points", "total", "average",
            "tied_with")
    return [{k: row[k] for k in keys} for row in rows]


def evening_report(evening: dict[str, Any], summaries: list[dict[str, Any]],
                   scoring: str | None = None) -> dict[str, Any]:
    """What ``yams soiree show`` says of ``evening`` (``{"id", "name", "opened", "closed",
    "scoring"}``, what the store keeps) over its finished games ``summaries``: the evening,
    the scoring used, its games oldest first, the ranking and the records."""
    scoring = scoring or evening.get("scoring") or DEFAULT_SCORING
    games = sorted(summaries, key=lambda s: (s["date"], s["id"]))
    book = recompute(games, ordered=True)
    return {"id": evening["id"], "name": evening.get("name") or evening["id"],
            "opened": evening.get("opened"), "closed": evening.get("closed"),
            "scoring": scoring,
            "games": [{"game": s["id"], "date": s["date"],
                       "config_label": s.get("config_label") or s["config_key"],
                       "stopped_early": bool(s.get("stopped_early")),
                       "players": [{"name": p["name"], "total": p["total"],
                                    "rank": p.get("rank")} for p in s["players"]]}
                      for s in games],
            "ranking": standings(games, scoring),
            "records": book["configs"]}
