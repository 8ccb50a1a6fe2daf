"""The game a command works on: the one in progress that ``--game`` names (else the only one),
or any game, finished ones included; and :func:`game_step`, which makes a command of a step
that needs nothing but that game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import typer

from .files import open_store
from .lang import current_lang
from .options import db_option, game_option, json_option
from .printing import show_finished

if TYPE_CHECKING:  # pragma: no cover
    from typing import Any

    from ..engine.game import Game
    from ..store.session import TableSession


def game_session(db: str | None, game_id: str | None, lang: str = "en",
                 as_json: bool = False) -> TableSession:
    """The game in progress; one whose finish was cut (a full disk) is finished now, and the
    command then shows it finished (ranking, records) instead of doing its own step."""
    from ..store.session import TableSession

    session = TableSession.resume(open_store(db), game_id)
    if session.game.finished:
        show_finished(session.game, session.broken, lang, as_json)
        raise SystemExit(0)
    return session


def game_step(step: Callable[[TableSession, str, bool], None]) -> Callable[..., None]:
    """A command on the game in progress that takes no option but --game, --json and --db:
    ``step(session, lang, as_json)`` gets the game (the one --game names, else the only one)
    and the user's language. The command has the name and the help of ``step``."""

    def command(
        ctx: typer.Context,
        game_id: str | None = game_option(),
        as_json: bool = json_option(),
        db: str | None = db_option(),
    ) -> None:
        lang = current_lang(ctx)
        step(game_session(db, game_id, lang, as_json), lang, as_json)

    command.__name__ = command.__qualname__ = step.__name__
    command.__doc__ = step.__doc__
    return command


def any_game(db: str | None, game_id: str | None) -> Game:
    """A game in progress, or (with an id) a finished one: see :func:`yams_scorekeeper.api.load`."""
    from ..api import load

    return load(open_store(db, reading=True), game_id)


def any_game_doc(db: str | None, game_id: str | None) -> dict[str, Any]:
    """The document of :func:`any_game` (its ``reopened`` field says when it was reopened)."""
    from ..api import load_doc

    return load_doc(open_store(db, reading=True), game_id)

