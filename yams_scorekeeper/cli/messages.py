"""The table mode's helpers (``yams play``, ``yams demo``): :func:`msg` says a ``table.*`` text
of the message catalogue (:mod:`yams_scorekeeper.i18n`), :func:`outcome` who won, and the
yes/no words. Figure, row and column names are not translated: they stay French in both
languages, as on the paper sheet.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..i18n import say, typed

if TYPE_CHECKING:
    from ..engine.game import Game

#: the words of a yes or a no, in every language (the catalogue's ``input.yes``, ``input.no``)
YES = typed("yes")
NO = typed("no")


def msg(key: str, lang: str, **values: object) -> str:
    """The catalogue's text ``table.<key>`` in ``lang`` ('fr' or 'en'), filled with ``values``
    (plurals, French decimal commas: see :func:`yams_scorekeeper.i18n.say`)."""
    return say(f"table.{key}", lang, **values)


def outcome(game: Game, lang: str) -> str | None:
    """Who won a finished game, in one sentence; None while it goes on or when a stopped game
    has no winner (G7: the stop message says so)."""
    if not game.finished:
        return None
    if len(game.sheets) < 2:
        return msg("no_win_solo", lang)
    winners = game.winners()
    if not winners:
        return None
    from ..base.safetext import shown
    if len(winners) == 1:
        return msg("win_one", lang, name=shown(winners[0].name))
    return msg("win_tie", lang, names=", ".join(shown(s.name) for s in winners))
