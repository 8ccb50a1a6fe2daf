"""Shape checks of the documents read from outside: a game document, an archive entry, the
record book, an exported book.

A file can carry a valid checksum and still hold the wrong shape (a hand edit with the checksum
recomputed, a file from another version); a book to import can hold anything. Each check
returns the first bad field in words (``"events[3]: must be an object"``), or ``None`` when the
shape is right, so the store refuses that one file, and the import the whole book, before any
code trips over a missing key. Pure functions; no I/O. Values are checked by the rules later
(a game document is replayed); here only what the code reads blindly.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Any

#: the ids a game may have (they name its files)
GAME_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,79}")
#: the deepest nesting of a game's events (an event is 3 deep; a Double Yams mark 4)
MAX_EVENT_DEPTH = 8


def _string(doc: dict[str, Any], key: str, optional: bool = False) -> str | None:
    value = doc.get(key)
    if value is None and optional:
        return None
    if not isinstance(value, str):
        return f"'{key}' must be a string"
    return None


def _depth(value: Any, limit: int) -> bool:
    """Whether the lists and objects in ``value`` nest at most ``limit`` deep (``value``
    itself is depth 1)."""
    from .files import depth_problem

    return depth_problem(value, limit) is None


def unchecked_game_problem(game: Any, floats: bool = True) -> bool:
    """Whether a book's ``game``, as :func:`~yams_scorekeeper.store.files.fast_decoder` decoded
    it, fails :func:`~yams_scorekeeper.store.files.unchecked_problem` (``floats`` passed on) or
    nests its ``doc``'s events or config deeper than :func:`doc_problem` accepts: one walk
    of the game, where those would make three (``False``: ``doc_problem(...,
    nesting_checked=True)`` may skip its walks)."""
    from .files import unchecked_problem

    doc = game.get("doc") if type(game) is dict else None
    if type(doc) is not dict or type(doc.get("events")) is not list:
        return unchecked_problem(game, floats=floats)   # doc_problem refuses it, no walk
    rest = {**game, "doc": {k: v for k, v in doc.items() if k != "events" and k != "config"}}
    return (unchecked_problem(rest, floats=floats)
            or unchecked_problem(doc["events"], MAX_EVENT_DEPTH + 1, floats)
            or unchecked_problem(doc.get("config"), MAX_EVENT_DEPTH, floats))


def doc_problem(doc: Any, *, nesting_checked: bool = False) -> str | None:
    """What is wrong with a game document ``{"id", "created", "config", "events", "players",
    "family", "label"}`` (``updated`` in a game file), or ``None``. What the events and the
    configuration mean is the rules' business (a game is replayed when loaded).
    ``nesting_checked``: the depth of its events and config passed
    :func:`unchecked_game_problem` already."""
    if not isinstance(doc, dict):
        return "the game must be an object"
    game_id = doc.get("id")
    if not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id):
        return "'id' must be 1-80 letters, digits, '.', '_' or '-'"
    for key in ("created", "updated", "family", "label"):
        problem = _string(doc, key, optional=True)
        if problem:
            return problem
    config = doc.get("config", {})
    if not isinstance(config, dict):
        return "'config' must be an object"
    players = doc.get("players", [])
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        return "'players' must be a list of names"
    events = doc.get("events")
    if not isinstance(events, list):
        return "'events' must be a list"
    objects = set(map(type, events)) <= {dict} or all(isinstance(e, dict) for e in events)
    if not objects or not (
            nesting_checked or _depth(events, MAX_EVENT_DEPTH + 1)):  # the event at fault:
        for n, event in enumerate(events):
            if not isinstance(event, dict):
                return f"events[{n}] must be an object"
            if not _depth(event, MAX_EVENT_DEPTH):
                return f"events[{n}] is nested too deeply"
    if not nesting_checked and not _depth(config, MAX_EVENT_DEPTH):
        return "'config' is nested too deeply"
    return None


def entry_problem(entry: Any, game_id: str | None = None, *, summary_checked: bool = False,
                  nesting_checked: bool = False) -> str | None:
    """What is wrong with an archive entry ``{"id", "doc", "summary"}`` (of ``game_id``);
    ``summary_checked``: its summary passed :func:`summary_problem` already;
    ``nesting_checked``: see :func:`doc_problem`."""
    if not isinstance(entry, dict):
        return "the archived game must be an object"
    if game_id is not None and entry.get("id") != game_id:
        return f"it must hold the archived game '{game_id}'"
    problem = doc_problem(entry.get("doc"), nesting_checked=nesting_checked)
    if problem:
        return f"doc: {problem}"
    from ..book.records import summary_problem

    problem = None if summary_checked else summary_problem(entry.get("summary"))
    if problem:
        return f"summary: {problem}"
    if not entry["id"] == entry["doc"]["id"] == entry["summary"]["id"]:
        return "'id', 'doc.id' and 'summary.id' must be the same"
    return None


def _record_problem(record: Any) -> str | None:
    if not isinstance(record, dict):
        return "must be an object"
    from ..book.records import summary_problem

    if summary_problem({"id": "x", "config_key": "x", "date": "2000-01-01",
                        "players": [{"name": record.get("player"),
                                     "total": record.get("value")}]}):
        return "needs a 'player' name and a numeric 'value'"
    for key in ("date", "game"):
        if not isinstance(record.get(key), str):
            return f"'{key}' must be a string"
    tied = record.get("tied", [])
    if not isinstance(tied, list) or not all(
            isinstance(t, dict) and all(isinstance(t.get(k), str) for k in ("player", "date",
                                                                            "game"))
            for t in tied):
        return "'tied' must be a list of {player, date, game}"
    return None


def book_problem(book: Any) -> str | None:
    """What is wrong with a record book (:mod:`yams_scorekeeper.book.records`), or ``None``."""
    if not isinstance(book, dict):
        return "the record book must be an object"
    version = book.get("version")
    from ..book.records import BOOK_FORMAT, BOOK_VERSION

    if book.get("format") != BOOK_FORMAT or type(version) is not int or version != BOOK_VERSION:
        return f"'format' and 'version' must be {BOOK_FORMAT!r} and {BOOK_VERSION}"
    counted = book.get("counted")
    if not isinstance(counted, list) or not all(isinstance(c, str) for c in counted):
        return "'counted' must be a list of game ids"
    configs = book.get("configs")
    if not isinstance(configs, dict):
        return "'configs' must be an object"
    for key, config in configs.items():
        if not isinstance(config, dict) or not isinstance(config.get("records"), dict):
            return f"configs[{key!r}] must be an object with 'records'"
        if config.get("label") is not None and not isinstance(config["label"], str):
            return f"configs[{key!r}].label must be a string"
        if config.get("family") is not None and not isinstance(config["family"], str):
            return f"configs[{key!r}].family must be a string"
        for part, record in config["records"].items():
            problem = _record_problem(record)
            if problem:
                return f"configs[{key!r}].records[{part!r}]: {problem}"
    return None
