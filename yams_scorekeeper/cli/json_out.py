"""The JSON shapes of the commands' ``--json`` output: a mark, a sheet, a game, a ranking, the
legal cells. Plain dictionaries; :func:`~yams_scorekeeper.cli.render.print_json` prints them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..i18n import explain_lang

if TYPE_CHECKING:  # pragma: no cover
    from typing import Any

    from ..engine.game import Game, LegalCell, Mark, Sheet


def mark_json(mark: Mark, lang: str = "en") -> dict[str, Any]:
    """One written cell: where, its score, the dice and roll it came from, and why (in
    ``lang``)."""
    return {"column": mark.column, "row": mark.row, "score": mark.score, "scratch": mark.scratch,
            "dice": [str(d) for d in mark.dice], "roll": mark.roll,
            "why": mark.explain.text(explain_lang(lang))}


def sheet_json(game: Game, sheet: Sheet, lang: str = "en") -> dict[str, Any]:
    """One player's sheet: marks in grid order, totals and counters."""
    marks = [mark_json(sheet.marks[(c.id, r)], lang) for c in game.columns for r in game.rows
             if (c.id, r) in sheet.marks]
    return {"name": sheet.name, "marks": marks, "totals": game.totals(sheet).to_json(),
            "counters": {"turns": sheet.turns, "cells_left": game.cells_per_sheet - len(marks),
                         **game.mechanics.counters_json(sheet)}}


def game_json(game: Game, lang: str = "en") -> dict[str, Any]:
    """A whole game: settings, whose turn, every sheet, and the ranking."""
    return {"game": game.id, "label": game.config.label, "family": game.config.family,
            "config_key": game.config.config_key, "finished": game.finished,
            "stopped": game.stopped, "current": None if game.finished else game.player.name,
            "players": [sheet_json(game, s, lang) for s in game.sheets],
            "ranking": ranking_json(game)}


def ranking_json(game: Game) -> list[dict[str, Any]]:
    """The players by rank: ``[{"rank": 1, "name": ..., "total": ...}, ...]``."""
    return [{"rank": rank, "name": sheet.name, "total": total}
            for rank, sheet, total in game.ranking()]


def cells_json(game: Game, cells: list[LegalCell], lang: str = "en") -> dict[str, Any]:
    """The cells the player to play may write now (``yams enter``, ``yams cells``)."""
    return {"game": game.id, "player": None if game.finished else game.player.name,
            "coup": len(game.coups), "cells": [c.to_json(lang) for c in cells]}

