"""The book's skill figures on the command line: the club ranked by rating (``yams stats
--rating``), each configuration's best rated player (``yams records``), and a player's
rating and kept review figures on their page (``yams stats NAME``)."""

from __future__ import annotations

import os

import typer

from ..base.safetext import fold_name
from ..i18n import words
from ..i18n.wording import number
from .files import open_store
from .plain_text import print_lines, print_table
from .render import console, print_json, shown


def winning_families() -> list[str]:
    """The families whose games stopped early still have a winner (G7)."""
    from ..rules import RULESETS

    return [cls.family for cls in RULESETS if cls.stopped_game_has_winner]


def add_ratings(data: dict, store, player: str) -> None:
    """A player's page gets ``ratings``: for each of its configurations where the player is
    rated, the figure, its range, the games rated and the place in the club."""
    from ..book.ratings import ranked
    from ..book.records import record_key

    rated, _ = store.ratings(winning_families())
    folded, data["ratings"] = fold_name(player), {}
    for key in data["by_config"]:
        table = ranked(rated.get(record_key({"config_key": key})[0], {}))
        place = next((n for n, r in enumerate(table, 1) if fold_name(r.name) == folded), None)
        if place:
            r = table[place - 1]
            data["ratings"][key] = {"rating": round(r.mu, 2), "low": round(r.low, 2),
                                    "high": round(r.high, 2), "games": r.games,
                                    "place": place, "of": len(table)}


def add_skill(data: dict, store, player: str, filters: tuple) -> None:
    """A player's page gets ``skill``: per configuration, the points lost a turn and the luck
    a game of the player's games that ``yams review --book`` reviewed (kept reviews only)."""
    from ..book.skill import book_skill
    from ..store.reviews import FOLDER, game_key, kept_review

    data["skill"] = {}
    if not os.path.isdir(os.path.join(store.path, FOLDER)):
        return
    since, until, seats = filters
    kept = [kept_review(store.path, s["id"], game_key(s))
            for s in store.summaries(player, since=since, until=until)
            if seats is None or len(s["players"]) == seats]
    for key, cfg in book_skill([k for k in kept if k is not None], player).items():
        (mine,) = cfg["players"]
        data["skill"][key] = {k: mine[k] for k in ("games", "turns", "lost_per_turn",
                                                   "luck_per_game")}


def club_ratings(player: str | None, as_json: bool, lang: str, db: str | None) -> None:
    """``yams stats --rating``: the club ranked by rating, one table per configuration (the
    configurations ``player`` has a rating in, when named)."""
    from ..book.ratings import ranked
    rated, labels = open_store(db, reading=True).ratings(winning_families())
    name = fold_name(player.strip()) if player and player.strip() else None
    tables = [(key, ranked(by_name)) for key, by_name in sorted(
        rated.items(), key=lambda item: labels[item[0]].casefold())
        if name is None or name in by_name]
    if as_json:
        print_json({"ratings": [
            {"config_key": key, "label": labels[key], "players": [
                {"name": r.name, "rating": round(r.mu, 2), "low": round(r.low, 2),
                 "high": round(r.high, 2), "sigma": round(r.sigma, 2), "games": r.games}
                for r in table]} for key, table in tables]})
        return
    w = words("cli.book_rating", lang)
    if not tables:
        typer.echo(w["none"])
        return
    from rich.text import Text

    out = console()
    for key, table in tables:
        title = shown(w["title"].format(label=labels[key]))
        print_lines(out, [title], Text(title, style="bold"))
        print_table(out, [(w["rank"], "right"), (w["player"], "left"), (w["rating"], "right"),
                          (w["range"], "right"), (w["games"], "right")],
                    [[str(n), shown(r.name), number(round(r.mu, 1), lang),
                      f"{number(round(r.low, 1), lang)} – {number(round(r.high, 1), lang)}",
                      str(r.games)] for n, r in enumerate(table, 1)])
    out.print(Text(w["how"]))


def best_rated(store) -> dict:
    """The best rated player of each configuration (:func:`~..book.ratings.ranked`)."""
    from ..book.ratings import ranked
    return {key: ranked(by_name)[0]
            for key, by_name in store.ratings(winning_families())[0].items()}
