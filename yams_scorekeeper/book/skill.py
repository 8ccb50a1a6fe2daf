"""Skill and luck in the book: each player's points lost to choices and luck, per configuration.

A game's review (``yams review``) splits each player's result into what the dice gave against
the average (luck) and the expected points their choices lost (skill); the book adds up the
reviews it keeps. Points lost are counted per turn (a game of Double Yams has more turns than
one of Yatzy), luck per game. Pure functions over the figures of reviews.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..base.safetext import fold_name


def review_figures(summary: dict[str, Any], players: Iterable[Any]) -> dict[str, Any]:
    """What the book keeps of a game's review: its configuration and each player's expected
    start, final score, points lost, luck and turns (``players``: the review's
    ``PlayerReview`` objects)."""
    return {"config_key": summary["config_key"],
            "label": summary.get("config_label") or summary["config_key"],
            "date": summary["date"],
            "players": [{"name": p.name, "expected_start": round(p.expected_start, 4),
                         "final": p.final, "lost": round(p.lost, 4), "luck": round(p.luck, 4),
                         "turns": len(p.turns)} for p in players]}


def book_skill(reviews: Iterable[dict[str, Any]], player: str | None = None
               ) -> dict[str, dict[str, Any]]:
    """Per configuration key: its label and, per player (by folded name; only ``player`` when
    given), the games reviewed, the turns, the points lost per turn and the luck per game,
    best players first (fewest points lost a turn)."""
    found: dict[str, dict[str, Any]] = {}
    wanted = fold_name(player) if player is not None else None
    for review in reviews:
        cfg = found.setdefault(review["config_key"], {"label": review["label"], "players": {}})
        cfg["label"] = review["label"]
        for p in review["players"]:
            folded = fold_name(p["name"])
            if wanted is not None and folded != wanted:
                continue
            mine = cfg["players"].setdefault(folded, {"name": p["name"], "games": 0,
                                                      "turns": 0, "lost": 0.0, "luck": 0.0})
            mine.update(name=p["name"], games=mine["games"] + 1,
                        turns=mine["turns"] + p["turns"], lost=mine["lost"] + p["lost"],
                        luck=mine["luck"] + p["luck"])
    out: dict[str, dict[str, Any]] = {}
    for key, cfg in found.items():
        rows = [{"name": p["name"], "games": p["games"], "turns": p["turns"],
                 "lost_per_turn": round(p["lost"] / p["turns"], 3) if p["turns"] else 0.0,
                 "luck_per_game": round(p["luck"] / p["games"], 2)}
                for p in cfg["players"].values()]
        if rows:
            out[key] = {"label": cfg["label"], "players": sorted(
                rows, key=lambda r: (r["lost_per_turn"], r["name"].casefold()))}
    return out


def luckiest(reviews: Iterable[dict[str, Any]]) -> tuple[str, float] | None:
    """The player whose dice gave the most over the games of ``reviews`` (an evening), and
    their luck summed over those games; None without a review."""
    luck: dict[str, list[Any]] = {}
    for review in reviews:
        for p in review["players"]:
            mine = luck.setdefault(fold_name(p["name"]), [p["name"], 0.0])
            mine[1] += p["luck"]
    if not luck:
        return None
    name, total = max(luck.values(), key=lambda item: (item[1], item[0]))
    return name, round(total, 1)
