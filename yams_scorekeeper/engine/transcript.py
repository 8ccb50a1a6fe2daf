"""The transcript: a plain-text, hand-writable record of a game, replayed through the rules.

::

    # a game of Yams Gaby
    rules: gaby
    players: Alice, Bob
    columns: libre, sec
    options: deux-coups, doblar, chance

    Alice: 55533/2 -> libre.full
    Bob: 12345/1 ; 66666/2 -> sec.suite@1 libre.yam@2
    Alice: 11234/3 -> libre.yam=0

Headers (``key: value``) come first: ``rules`` and ``players`` are required, then
``columns``, ``rows`` (optional rows), ``options``, ``preset``, ``variant``, ``direction``,
``imposed``, ``settings`` (JSON), ``house`` (a house sheet's rules, JSON: ``rules: house``),
``id``, ``created``; a header word that names a player already listed starts a turn. Each
turn is one line ``PLAYER: COUP [; COUP] -> CELL [CELL]``: a coup is ``DICE/ROLL`` with
``joker FROM:TO`` (Duel) or ``announce ROW`` (Double Yams sixth roll) after it; a cell is
``[COLUMN.]ROW`` with ``@N`` for the coup it is written from and ``=0`` when it is scratched.
A line with no ``->`` is a turn in progress; ``end`` stops the game early. ``#`` starts a
comment.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from ..base.errors import ConfigError, EntryError, YamsError
from ..base.safetext import shown
from ..i18n import Message
from ..mechanics import ENTRY_FIELDS, logged_entries
from .config import GameConfig, make_config
from .game import Game, effective_events, plain_events
from .notation import parse_cells, parse_coup

if TYPE_CHECKING:  # pragma: no cover
    from ..base.clock import Clock, IdFactory
    from ..base.sheet import Coup

HEADER_KEYS = ("rules", "house", "players", "columns", "rows", "options", "preset", "variant",
               "direction", "imposed", "settings", "id", "created")
_HEADER = re.compile(r"^([a-z]+)\s*:\s*(.*)$")


def _at(line_no: int, err: YamsError) -> YamsError:
    """The same error, prefixed with the transcript line it comes from."""
    out = type(err)(Message("game.transcript_line", line=line_no, why=err.message),
                    expected=err.expected, rule=err.rule)
    out.line = line_no  # type: ignore[attr-defined]
    return out


def _split_list(value: str) -> list[str]:
    return [v for v in re.split(r"[\s,]+", value.strip()) if v]


def parse_transcript(text: str, *, new_id: IdFactory | None = None,
                     clock: Clock | None = None, house: dict[str, Any] | None = None) -> Game:
    """Replay a transcript through the rules; a broken line raises with its line number.

    The game keeps the ``id`` and ``created`` headers; without them it takes ``new_id()`` and
    ``clock()`` when given (else None: the core reads no clock). ``house``: the rules of the
    house sheet a transcript without a ``house`` header is played on (``rules: house``, or no
    ``rules`` header); a transcript that holds its sheet must hold that one."""
    headers: dict[str, str] = {}
    sheet: dict[str, Any] | None = house
    game: Game | None = None
    for line_no, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        m = _HEADER.match(line)
        if game is None and m and m.group(1) in HEADER_KEYS \
                and m.group(1) not in _split_list(headers.get("players", "")):
            headers[m.group(1)] = m.group(2).strip()
            if m.group(1) == "house":
                try:
                    sheet = _held_sheet(headers["house"], house)
                except YamsError as err:
                    raise _at(line_no, err) from None
            continue
        try:
            if game is None:
                game = _new_game(headers, new_id, clock, sheet)
            _play_line(game, line)
        except YamsError as err:
            raise _at(line_no, err) from None
    if game is None:
        try:
            game = _new_game(headers, new_id, clock, sheet)
        except YamsError as err:
            raise _at(len(text.splitlines()), err) from None
    return game


def _held_sheet(text: str, given: dict[str, Any] | None) -> dict[str, Any]:
    """The house sheet's rules a ``house:`` header holds, checked, and the same sheet as the
    one ``given`` to replay it on, if any."""
    from ..house import HouseFileError, house_from_doc

    try:
        doc = json.loads(text)
    except json.JSONDecodeError:
        doc = None
    if not isinstance(doc, dict):
        raise EntryError(Message("game.transcript_house_json"),
                         expected='house: {"format": "yams-house/1", ...}')
    try:
        held = house_from_doc(doc).identity
    except HouseFileError as err:           # a ConfigError that _at can rebuild
        raise ConfigError(err.message, expected=err.expected) from None
    if given is not None and house_from_doc(given).identity != held:
        raise EntryError(Message("game.transcript_house_differs", held=held,
                                 given=house_from_doc(given).identity),
                         expected="yams replay FILE")
    return doc


def _new_game(headers: dict[str, str], new_id: IdFactory | None = None,
              clock: Clock | None = None, house: dict[str, Any] | None = None) -> Game:
    from ..house import HouseRules

    if house is not None:
        family = headers.setdefault("rules", HouseRules.family)
        if family.strip().lower() != HouseRules.family:
            raise EntryError(Message("game.transcript_house_not_house", rules=shown(family)),
                             expected=f"rules: {HouseRules.family}")
    for key in ("rules", "players"):
        if key not in headers:
            raise EntryError(Message("game.transcript_needs_header_before", key_=key),
                             expected="rules: gaby / players: Alice, Bob")
    if house is None and headers["rules"].strip().lower() == HouseRules.family:
        raise EntryError(Message("game.transcript_house_needs_sheet"),
                         expected="yams replay --house sirtin.toml FILE")
    settings = None
    if headers.get("settings"):
        try:
            settings = json.loads(headers["settings"])
        except json.JSONDecodeError:
            raise EntryError(Message("game.settings_must_json_object"),
                             expected='settings: {"yam": 60}') from None
    explicit = "columns" in headers or "options" in headers or "rows" in headers
    config = make_config(
        headers["rules"], [p.strip() for p in headers["players"].split(",")],
        columns=_split_list(headers["columns"]) if "columns" in headers else None,
        optional_rows=_split_list(headers.get("rows", "")),
        options=_split_list(headers.get("options", "")),
        variant=headers.get("variant") or None, direction=headers.get("direction") or None,
        imposed=_split_list(headers["imposed"]) if "imposed" in headers else None,
        settings=settings, preset=headers.get("preset") or None, explicit=explicit,
        house=house)
    game_id = headers.get("id") or (new_id() if new_id is not None else None)
    return Game(config, id=game_id, created=headers.get("created") or None, clock=clock)


def _play_line(game: Game, line: str) -> None:
    if line.lower() == "end":
        game.end()
        return
    name, sep, rest = line.partition(":")
    if not sep:
        raise EntryError(Message("game.cannot_read_turn_player", line=line),
                         expected="Alice: 55533/2 -> libre.full")
    name = name.strip()
    if name != game.player.name:
        raise EntryError(Message("game.turn_2", name=game.player.name, name2=name),
                         expected=f"{game.player.name}: ...")
    coups_text, arrow, cells_text = rest.partition("->")
    for coup in (c.strip() for c in coups_text.split(";")):
        if coup:
            _enter(game, coup)
    if arrow:
        game.record({"type": "mark", "player": game.player.name,
                     "cells": parse_cells(cells_text)})


def _enter(game: Game, text: str) -> None:
    dice, roll, entries = parse_coup(text, game.rules.dice_example, game.mechanics.by_field)
    game.enter(dice, roll, **entries)


def format_transcript(game: Game, *, comment: str | None = None) -> str:
    """The game as a transcript; replaying it gives the same sheets."""
    return _transcript(game.config, game.id, game.created, game.events,
                       len(game.columns) == 1, comment)


def doc_transcript(doc: dict[str, Any]) -> str:
    """:func:`format_transcript` of a stored game document, without replaying its events
    (what ``yams export`` writes of an archived game, checked when it was archived): the
    same text as ``format_transcript(Game.from_doc(doc))``. A document whose settings no
    longer read raises the YamsError of its configuration."""
    config = GameConfig.from_json(doc["config"])
    columns = config.build_columns(config.rules)
    return _transcript(config, doc.get("id") or None, doc.get("created") or None,
                       doc.get("events", ()), len(columns) == 1)


def _transcript(cfg: GameConfig, game_id: str | None, created: str | None,
                events: Iterable[dict[str, Any]], single_column: bool,
                comment: str | None = None) -> str:
    lines = [f"# {comment or cfg.label}"]
    lines.append(f"rules: {cfg.family}")
    if cfg.house is not None:       # the sheet's rules, on one line ("#" would start a comment)
        lines.append("house: " + json.dumps(cfg.house, sort_keys=True, separators=(",", ":"))
                     .replace("#", "\\u0023"))
    lines += [f"players: {', '.join(cfg.players)}", f"columns: {', '.join(cfg.columns)}"]
    if cfg.optional_rows:
        lines.append(f"rows: {', '.join(cfg.optional_rows)}")
    if cfg.options or cfg.rules.presets:     # no options line would mean "the preset"
        lines.append(f"options: {', '.join(cfg.options)}")
    if cfg.variant:
        lines.append(f"variant: {cfg.variant}")
    if cfg.direction:
        lines.append(f"direction: {cfg.direction}")
    if cfg.imposed:
        lines.append(f"imposed: {', '.join(cfg.imposed)}")
    if cfg.settings:
        lines.append(f"settings: {json.dumps(cfg.settings, sort_keys=True)}")
    lines += [f"{key}: {value}" for key, value in (("id", game_id), ("created", created))
              if value is not None] + [""]
    lines += turn_lines(events, single_column=single_column)
    return "\n".join(lines) + "\n"


def turn_lines(events: Iterable[dict[str, Any]], single_column: bool = False) -> list[str]:
    """One transcript line per turn of the events still in force, amendments applied; a turn
    that was corrected ends with a comment saying what it was (``# was ...``)."""
    was: dict[int, list[str]] = {}
    for event in effective_events(events):
        for change in event.get("changes", ()) if event.get("type") == "amend" else ():
            when = str(event.get("when", ""))[:16].replace("T", " ")
            was.setdefault(change["turn"], []).append(
                f"amended {when}: was {entry_text(change['old'], single_column)}")
    out: list[str] = []
    pending: list[dict[str, Any]] = []
    player, turn = None, 0
    for event in plain_events(events):
        kind = event["type"]
        player = event.get("player", player)
        if kind == "enter":
            pending.append(event)
        elif kind == "mark":
            turn += 1
            text = entry_text({"coups": pending, "cells": event["cells"]}, single_column)
            line = f"{player}: {text}".replace(":  ->", ": ->")
            out.append("  # ".join([line, *was.get(turn, ())]))
            pending = []
        elif kind == "end":
            out.append("end")
    if pending:
        out.append(f"{player}: {' ; '.join(_coup_text(c) for c in pending)}")
    return out


def _coup_text(coup: dict[str, Any]) -> str:
    text = f"{' '.join(coup['dice'])}/{coup['roll']}"
    if len(coup["dice"]) == 5:
        text = f"{''.join(coup['dice'])}/{coup['roll']}"
    return text + _entries_text(coup)


def _entries_text(entries: Mapping[str, Any]) -> str:
    """What was typed for the mechanics with a coup (a coup of the log), as a transcript
    writes it after the roll: `` joker 4:6``."""
    return "".join(f" {kind.words[0]} {kind.text(entries[name])}"
                   for name, kind in ENTRY_FIELDS.items() if entries.get(name))


def typed_text(coup: Coup) -> str:
    """What was typed for the mechanics with a coup of a game (``Game.coups``), as a
    transcript writes it after the roll: `` joker 4:6``."""
    return _entries_text(logged_entries(coup))


def entry_text(entry: dict[str, Any], single_column: bool = False) -> str:
    """One turn's entry (:mod:`yams_scorekeeper.engine.amend`) in transcript notation:
    ``55533/2 -> libre.full``."""
    cells = []
    two = len(entry["cells"]) == 2 or len(entry["coups"]) == 2
    for c in entry["cells"]:
        tok = c["row"] if single_column or not c.get("column") else f"{c['column']}.{c['row']}"
        if two and c.get("coup"):
            tok += f"@{c['coup']}"
        if c.get("scratch"):
            tok += "=0"
        cells.append(tok)
    return f"{' ; '.join(_coup_text(c) for c in entry['coups'])} -> {' '.join(cells)}"
