"""What a player's phone posts to the live sheet (``yams serve --write``): their dice, the cell
they picked, or taking back their own last entry, written through the library API as
``yams enter``, ``mark`` and ``undo`` write them (the same rules, store and crash safety).

Each entry names the length of the log it was made for (``at``, its id): a resend is
written once, a stale page or another player's turn is refused
(:func:`~yams_scorekeeper.api.enter`). The answer is one line in the page's language.
"""

from __future__ import annotations

import asyncio
import urllib.parse
from typing import TYPE_CHECKING, Any

from ..base.errors import EntryError, IllegalMoveError, StoreBusyError, YamsError
from ..i18n import Message, words
from .lang import LANGS

if TYPE_CHECKING:  # pragma: no cover
    from starlette.requests import Request

    from .live_server import GameWatcher

#: the most a form may send (its fields are a few short words)
MAX_BODY = 4096
#: the actions a form may ask for
ACTIONS = ("enter", "mark", "undo")


async def write_entry(watcher: GameWatcher, seat: int, request: Request,
                      lang: str) -> tuple[int, str]:
    """Write what the form of the player at ``seat`` posted: the status and the line to show."""
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            return 413, "Payload Too Large"
    try:
        pairs = urllib.parse.parse_qsl(body.decode("utf-8"), max_num_fields=20)
    except (UnicodeDecodeError, ValueError):
        pairs = []
    fields = dict(pairs)
    chosen = fields.get("lang", lang) if fields.get("lang") in LANGS else lang
    game = watcher.state.game
    try:
        at = int(fields.get("at", ""))
    except ValueError:
        at = -1
    if game is None or at < 0 or fields.get("do") not in ACTIONS:
        return 400, words("cli.serve", chosen)["bad_form"]
    name = game.sheets[seat].name
    try:
        await asyncio.to_thread(_write, watcher, name, fields, at)
    except YamsError as err:
        return _status(err), page_error(err, chosen)
    if await asyncio.to_thread(watcher.refresh):
        watcher.wake()
    return 200, words("cli.serve", chosen)["written"]


def _write(watcher: GameWatcher, name: str, fields: dict[str, str], at: int) -> None:
    from .. import api

    store, game_id = watcher.store, watcher.game_id
    action = fields["do"]
    if action == "enter":
        api.enter(store, fields.get("dice", ""), fields.get("roll", ""), game_id=game_id,
                  player=name, at=at)
    elif action == "mark":
        api.mark(store, _cell(fields.get("cell", "")), game_id=game_id, player=name, at=at)
    else:
        api.undo(store, game_id, player=name, at=at)


def _cell(value: str) -> dict[str, Any]:
    """A picked cell, ``column|row|coup`` as the form gives it."""
    column, _, rest = value.partition("|")
    row, _, coup = rest.partition("|")
    if not row or not coup.isdigit():
        raise EntryError(Message("cli.serve.bad_form"))
    return {"column": column, "row": row, "coup": int(coup)}


def _status(err: YamsError) -> int:
    if isinstance(err, StoreBusyError):
        return 503
    if isinstance(err, EntryError):
        return 400
    return 409 if isinstance(err, IllegalMoveError) else 422


def page_error(err: YamsError, lang: str) -> str:
    """The refusal as the page says it: the message in ``lang``, with what is expected
    unless that is a command line (the family never sees one)."""
    if err.expected and ("yams" in err.expected or "--" in err.expected):
        return err.message.text(lang)
    return err.text(lang)
