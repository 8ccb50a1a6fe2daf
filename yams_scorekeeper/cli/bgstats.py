"""Finished games as a BG Stats play file (``yams history --bgstats FILE``).

BG Stats (the Board Game Stats app) imports a JSON "play file" that lists the players, the
locations and the games it refers to, then the plays: each play names its game
(``gameRefId``), its date (``playDate``, ``YYYY-MM-DD HH:MM:SS`` local time), its duration in
minutes (``durationMin``), its place (``locationRefId``) and one ``playerScores`` entry per
player (``playerRefId``, ``score``, ``winner``, ``rank``, ``startPlayer``, ``seatOrder``,
``newPlayer``). Each game of the rules (one label, e.g. "Yams · Duel") is a game of its own
there, so that totals of different families are never mixed. Every uuid is derived from what
it names (a game's id, a player's case-folded name), so the same game exported twice is the
same play for the app, which then does not count it twice.
"""

from __future__ import annotations

import datetime as _dt
import uuid
from collections.abc import Iterable

#: the namespace of every uuid of the file (uuid5 of the project's name)
NAMESPACE = uuid.uuid5(uuid.NAMESPACE_DNS, "yams-scorekeeper.invalid")
ABOUT = ("This is a Play file that can be read by Board Game Stats. Written by "
         "yams-scorekeeper: import it in the app (share, export or open-in).")


def _uuid(kind: str, key: str) -> str:
    return str(uuid.uuid5(NAMESPACE, f"{kind}:{key}"))


def _local(iso: str) -> str:
    """An ISO date as BG Stats writes it: ``YYYY-MM-DD HH:MM:SS`` (the time where it was
    played: the offset is dropped)."""
    value = _dt.datetime.fromisoformat(iso)
    return value.strftime("%Y-%m-%d %H:%M:%S")


def duration_minutes(summary: dict) -> int | None:
    """Minutes from the game's creation to its last entry (its summary's date), when both are
    known and in that order."""
    try:
        start = _dt.datetime.fromisoformat(summary["created"])
        end = _dt.datetime.fromisoformat(summary["date"])
        minutes = (end - start).total_seconds() / 60
    except (KeyError, TypeError, ValueError):
        return None
    return round(minutes) if minutes >= 0 else None


def play_file(entries: Iterable[dict], stopped_wins) -> dict:
    """The BG Stats play file of archived games (``{"doc", "summary"}``: the doc gives the
    seating order, hence who started, and the place); ``stopped_wins(family)`` says whether a
    game stopped early still has a winner (G7)."""
    from ..store.summary_index import fold

    players: dict[str, dict] = {}
    locations: dict[str, dict] = {}
    games: dict[str, dict] = {}
    plays = []
    for entry in entries:
        summary, doc = entry["summary"], entry["doc"]
        label = summary.get("config_label") or summary["config_key"]
        game = games.setdefault(summary["config_key"], {
            "id": len(games) + 1, "uuid": _uuid("game", summary["config_key"]),
            "name": f"Yams · {label}", "cooperative": False, "highestWins": True,
            "noPoints": False, "usesTeams": False})
        place = doc.get("place")
        location = None
        if isinstance(place, str) and place.strip():
            location = locations.setdefault(fold(place), {
                "id": len(locations) + 1, "uuid": _uuid("location", fold(place)),
                "name": place.strip()})
        stopped = bool(summary.get("stopped_early"))
        has_winner = not stopped or stopped_wins(summary.get("family"))
        seats = list(doc.get("players") or ())
        scores = []
        for p in summary["players"]:
            person = players.setdefault(fold(p["name"]), {
                "id": len(players) + 1, "uuid": _uuid("player", fold(p["name"])),
                "name": p["name"], "isAnonymous": False})
            seat = seats.index(p["name"]) if p["name"] in seats else None
            scores.append({"playerRefId": person["id"], "score": str(p["total"]),
                           "winner": has_winner and len(summary["players"]) > 1
                           and p.get("rank") == 1,
                           "rank": p.get("rank"), "startPlayer": seat == 0,
                           "seatOrder": seat, "newPlayer": False})
        play = {"uuid": _uuid("play", summary["id"]), "gameRefId": game["id"],
                "playDate": _local(summary.get("created") or summary["date"]),
                "durationMin": duration_minutes(summary) or 0, "ignored": False,
                "manualWinner": False, "rounds": 0, "playerScores": scores}
        if location is not None:
            play["locationRefId"] = location["id"]
        plays.append(play)
    return {"about": ABOUT, "players": list(players.values()),
            "locations": list(locations.values()), "games": list(games.values()),
            "plays": plays}
