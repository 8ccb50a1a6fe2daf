"""The library API: one documented function per command, the product the command line shows.

Each function takes a store (a :class:`~yams_scorekeeper.store.Store`, or the path of its
folder), does what the command of the same name does, and returns plain data or core objects;
every refusal is a :class:`~yams_scorekeeper.base.errors.YamsError` raised before anything is
written. The command line only parses what was typed, calls one of these, and draws the
answer. A whole game from Python::

    from yams_scorekeeper import api

    store = api.open_store("club")                  # a folder; created when first written
    game = api.new(store, "duel", ["Ana", "Bob"]).game
    api.enter(store, "55533", 2)                    # Ana's dice, kept after the 2nd roll
    api.mark(store, "full")                         # -> Step: .written, .game, .records
    api.amend(store, {1: "55566/1 -> full"})        # turn 1 corrected, later turns checked
    api.export_book(store, "book.json")             # every finished game, with transcripts
    api.import_book(api.open_store("other"), "book.json")

``game_id`` (a unique start of an id will do) picks the game; without it, the only game in
progress. ``clock`` and ``new_id`` (:mod:`.clock`) date and name what is created: the system's
by default, fixed ones for the same documents every run.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .base.clock import Clock, IdFactory, random_id, system_clock
from .base.errors import ConfigError, EntryError, IllegalMoveError, StoreError, YamsError
from .engine.game import Game, LegalCell, Mark, effective_events, reopen_note
from .i18n import Message

if TYPE_CHECKING:  # pragma: no cover
    import random
    from typing import Any, TextIO, TypeAlias

    from .store import Store
    from .store.session import TableSession

#: a store, or the path of its folder
StoreLike: TypeAlias = "Store | str | os.PathLike[str]"

#: the words of a start order (``yams new --order``), English and French, and what they mean
ORDER_WORDS = {"given": "given", "donne": "given", "random": "random", "hasard": "random",
               "aleatoire": "random", "dice": "dice", "des": "dice", "de": "dice"}


@dataclass
class Step:
    """What a command did to a game: the game after it, and what there is to show."""

    #: the game after the step (finished, and archived, when the step finished it)
    game: Game
    #: the cells the player to play may write now (after :func:`enter`)
    cells: list[LegalCell] = field(default_factory=list)
    #: the cells this step wrote (after :func:`mark`)
    written: list[Mark] = field(default_factory=list)
    #: the event stored, as the rules normalised it (an amendment: with its old entries)
    event: dict[str, Any] | None = None
    #: the event an :func:`undo` cancelled
    cancelled: dict[str, Any] | None = None
    #: the game before the step (:func:`undo`, :func:`amend`)
    before: Game | None = None
    #: the records the game broke when this step finished it (see ``Store.finish_game``)
    records: list[dict[str, Any]] = field(default_factory=list)
    #: the game was finished and archived, and the step (an undo, an amendment) reopened it
    reopened: bool = False
    #: the game was found over (its archiving had been cut short, a full disk) and was
    #: archived now; the step asked for was not done
    finished_earlier: bool = False


# -- the store -----------------------------------------------------------------------------------

def open_store(path: str | os.PathLike[str] | None = None, **options: Any) -> Store:
    """The store in the folder ``path`` (default: ``$YAMS_DB``, else the user's application
    folder); ``options`` go to :class:`~yams_scorekeeper.store.Store` (``timeout``,
    ``notify``...)."""
    from .store import Store

    return Store(path, **options)


def _store(store: StoreLike) -> Store:
    from .store import Store

    return store if isinstance(store, Store) else Store(store)


# -- a game --------------------------------------------------------------------------------------

def new(store: StoreLike, rules: str, players: Iterable[str], *,
        columns: Iterable[str] | None = None, rows: Iterable[str] | None = None,
        options: Iterable[str] | None = None, preset: str | None = None,
        variant: str | None = None, direction: str | None = None,
        imposed: Iterable[str] | None = None, settings: dict[str, Any] | None = None,
        order: str | None = None, start_dice: dict[str, list[int]] | None = None,
        rng: random.Random | None = None, clock: Clock = system_clock,
        new_id: IdFactory = random_id, evening: str | None = None,
        place: str | None = None, house: dict[str, Any] | None = None) -> Step:
    """``yams new``: start a game of ``rules`` (a family id or alias) for ``players`` (in
    seating order) and keep it in the store. The options are those of
    :func:`~yams_scorekeeper.engine.config.make_config`; ``order`` is ``given``, ``random`` (drawn
    with ``rng``) or ``dice`` (from each player's ``start_dice``, C6), by default the rule
    set's (random in Gaby, Y9); ``evening``: the evening it belongs to (default: the one open
    in the store, ``yams soiree``); ``place``: where it is played; ``house``: a house sheet's
    rules (``HouseSheet.rules_doc``), played instead of ``rules``. Returns the step; its game
    holds the players in turn order."""
    import dataclasses

    from .engine.config import make_config, random_order, start_die_order
    from .store.session import TableSession

    names = list(players)
    if evening is not None:
        from .engine.provenance import checked_evening_id

        evening = checked_evening_id(evening)
    if not names:
        raise ConfigError(Message("game.name_players"),
                          expected="--player Alice --player Bob")
    config = make_config(rules, names, columns=columns, optional_rows=rows, options=options,
                         variant=variant, direction=direction, imposed=imposed,
                         settings=settings, preset=preset, house=house)
    seated = list(config.players)
    default = "dice" if start_dice else config.rules.default_order    # Gaby: random (Y9)
    how = ORDER_WORDS.get((order or default).strip().lower())
    if how is None:
        raise ConfigError(Message("game.unknown_order", order=order),
                          expected="given, random or dice")
    if how == "dice":
        if not start_dice:
            raise ConfigError(Message("game.order_dice_needs_each"),
                              expected='--start-dice "Alice=3 Bob=2,5"', rule="C6")
        seated = start_die_order(seated, start_dice)
    elif start_dice:
        raise ConfigError(Message("game.start_dice_goes_order"), expected="--order dice")
    elif how == "random":
        seated = random_order(seated, rng)
    config = dataclasses.replace(config, players=tuple(seated))
    session = TableSession.start(_store(store), config, clock=clock, new_id=new_id,
                                 evening=evening, place=place)
    return Step(session.game, event=None)


def resume(store: StoreLike, game_id: str | None = None, *,
           clock: Clock = system_clock) -> Step:
    """The game in progress ``game_id`` (else the only one). A game found over, whose
    archiving was cut short, is archived now (``finished_earlier``, with its records)."""
    session = _session(store, game_id, clock)
    return Step(session.game, cells=session.game.legal_cells(), records=session.broken,
                finished_earlier=session.game.finished)


def load(store: StoreLike, game_id: str | None = None) -> Game:
    """A game to look at (``yams sheet``, ``log``, ``transcript``): the one in progress
    ``game_id`` (else the only one), or the finished game ``game_id``. Changes nothing."""
    return Game.from_doc(load_doc(store, game_id))


def load_doc(store: StoreLike, game_id: str | None = None) -> dict[str, Any]:
    """The stored document of the game :func:`load` gives (its ``reopened`` field says when
    a finished game was reopened)."""
    from .base.errors import StoreCorruptError
    from .store.session import resolve_game_id

    store = _store(store)
    try:
        return store.load_game(resolve_game_id(store, game_id))
    except StoreError as err:
        if game_id is None or isinstance(err, StoreCorruptError) or hasattr(err, "game_id"):
            raise           # the game is there but cannot be read: say so, not "no game"
        found = [e for e in store.archived_games() if e["id"].startswith(game_id)]
        if len(found) > 1:
            raise StoreError(Message("game.matches_several_games", game_id=game_id),
                             expected=", ".join(e["id"][:12] for e in found)) from None
        if not found:
            raise StoreError(
                Message("game.no_game_with_id_in_progress_or_finished", game_id=game_id),
                expected="yams games, yams history") from None
        doc: dict[str, Any] = found[0]["doc"]
        return doc


def _session(store: StoreLike, game_id: str | None, clock: Clock) -> TableSession:
    from .store.session import TableSession

    return TableSession.resume(_store(store), game_id, clock=clock)


def enter(store: StoreLike, dice: Any, roll: int | str, *, game_id: str | None = None,
          joker: str | tuple[int, int] | None = None, announce: str | None = None,
          player: str | None = None, at: int | None = None,
          clock: Clock = system_clock) -> Step:
    """``yams enter``: the dice the player to play kept (``"55533"``, ``"5 5 5 3 3"``, a list,
    Double Yams tagged dice) after ``roll`` rolls, with a Duel ``joker`` (``"4:6"``) or a
    Double Yams sixth-roll ``announce``. Returns the step with the cells they may write.
    ``player``: refused unless it is theirs to play; ``at``: the entry's id, the length of
    the log it was made for (written once there, refused once the game moved on)."""
    session = _session(store, game_id, clock)
    if session.game.finished and at is None:
        return Step(session.game, records=session.broken, finished_earlier=True)
    session.apply(session.entry(dice, roll, dict(joker=joker, announce=announce), player), at)
    cells = session.game.legal_cells()
    return Step(session.game, cells=cells, event=session.game.events[-1])


def mark(store: StoreLike, cell: str | dict[str, Any], *, game_id: str | None = None,
         coup: int | None = None, scratch: bool = False, doblar: str | dict[str, Any] | None = None,
         player: str | None = None, at: int | None = None,
         clock: Clock = system_clock) -> Step:
    """``yams mark``: write a cell for the player to play: ``cell`` as typed (a number of the
    list of legal cells, ``libre.full``, ``full``, ``.5``, ``sec.yam@2``, ``full=0``; see
    :func:`~yams_scorekeeper.engine.notation.parse_cell`) or a cell dict; ``coup`` the coup it is
    written from, ``scratch`` to scratch it, ``doblar`` a second cell from the other coup
    (Gaby, Y7); ``player`` and ``at`` as :func:`enter` takes them. Returns the step with the
    marks written (and the records broken when it finished the game). On a game another
    command has just finished: IllegalMoveError, saying who wrote the last cell."""
    from .engine.notation import parse_cell
    from .store.session import ended_by, just_ended

    store = _store(store)
    try:
        session = _session(store, game_id, clock)
    except StoreError as err:
        raise just_ended(store, game_id, err, clock) from None
    game = session.game
    if game.finished and at is None:    # its last cell was written by another command
        raise ended_by(game.events)
    first = parse_cell(game, cell) if isinstance(cell, str) else dict(cell)
    if coup is not None:
        if first.get("coup") is not None and first["coup"] != coup:
            raise EntryError(Message("game.cell_from_coup", cell=cell, coup=first['coup'],
                                     coup2=coup))
        first["coup"] = coup
    first["scratch"] = bool(first.get("scratch")) or scratch
    cells = [first]
    if doblar is not None:
        cells.append(parse_cell(game, doblar) if isinstance(doblar, str) else dict(doblar))
    name = player or game.player.name
    before = set(game.player.marks)
    stored = session.apply({"type": "mark", "player": name, "cells": cells}, at)
    sheet = next(s for s in session.game.sheets if s.name == name)
    written = [m for key, m in sheet.marks.items() if key not in before]
    return Step(session.game, written=written, event=stored, records=session.broken)


def add_played(store: StoreLike, game: Game, marks: dict[str, Any] | None = None, *,
               clock: Clock = system_clock) -> list[dict[str, Any]]:
    """Keep a game whose every event is already there (typed from a paper sheet, played on
    another program): stored with the provenance ``marks``
    (:mod:`~yams_scorekeeper.engine.provenance`), then finished and archived as any game, its
    summary dated by ``clock``. Returns the records it broke."""
    from .store.session import TableSession

    store = _store(store)
    store.create_game({**game.to_doc(), **(marks or {})})
    return TableSession.resume(store, game.id, clock=clock).broken


def end(store: StoreLike, game_id: str | None = None, *, clock: Clock = system_clock) -> Step:
    """``yams end``: stop the game before the sheets are full; it is archived (who wins a
    stopped game is the rule set's say, G7, Y9)."""
    session = _session(store, game_id, clock)
    if session.game.finished:
        return Step(session.game, records=session.broken, finished_earlier=True)
    session.end()
    return Step(session.game, event=session.game.events[-1], records=session.broken)


def undo(store: StoreLike, game_id: str | None = None, *, player: str | None = None,
         at: int | None = None, clock: Clock = system_clock) -> Step:
    """``yams undo``: cancel the last entry still in force of the game in progress
    ``game_id`` (else the only one); on the finished game ``game_id``, take back its last
    cell and reopen it (``reopened``). The step names the event ``cancelled``. With
    ``player`` only that player's own entry of a game in progress is taken back; ``at`` as
    :func:`enter` takes it."""
    if player is not None or at is not None:
        return _undo_own(_store(store), game_id, player, at, clock)
    step = _change(_store(store), game_id, {"type": "undo"}, clock)
    assert step.before is not None              # _change keeps the game as it was
    step.cancelled = effective_events(step.before.events)[-1]
    return step


def _undo_own(store: Store, game_id: str | None, player: str | None, at: int | None,
              clock: Clock) -> Step:
    """:func:`undo` of the game in progress, refused unless its last entry is ``player``'s."""
    from .store.session import ended_by

    session = _session(store, game_id, clock)
    game = session.game
    if game.finished:
        raise ended_by(game.events)
    before = Game(game.config, game.events, id=game.id, created=game.created)
    kept = effective_events(game.events if at is None else game.events[:at])
    if not kept:
        raise IllegalMoveError(Message("game.nothing_undo"), rule="G3")
    owner = kept[-1].get("player")
    if player is not None and owner != player:
        raise IllegalMoveError(Message("game.not_yours_to_undo", player=owner, name=player))
    session.apply({"type": "undo"}, at)
    return Step(session.game, before=before, records=session.broken, cancelled=kept[-1])


def amend(store: StoreLike, changes: Mapping[int, dict[str, Any] | str], *,
          game_id: str | None = None,
          clock: Clock = system_clock) -> Step:
    """``yams fix``: replace the entries of past turns in one go, ``{turn: new entry}`` (turn
    1 is the first; an entry is a dict, see :mod:`.amend`, or a transcript line such as
    ``"44442/2 -> 4"`` or ``"Léo: 44442/2"``); every later turn is checked again and a turn
    it breaks refuses the whole change. On a finished game it reopens it (``reopened``).
    The step's ``event`` is the amendment stored, with the old entries."""
    store = _store(store)
    if any(isinstance(entry, str) for entry in changes.values()):
        changes = _parsed_changes(_game_to_change(store, game_id, clock), changes)
    event = {"type": "amend", "changes": [{"turn": t, "new": e} for t, e in changes.items()]}
    step = _change(store, game_id, event, clock)
    step.event = next(e for e in reversed(step.game.events) if e["type"] == "amend")
    return step


def _game_to_change(store: Store, game_id: str | None, clock: Clock) -> Game:
    """The game an amendment reads its entries against: the one in progress, else (with an
    id) the finished one."""
    if game_id is None:
        try:
            return _session(store, None, clock).game
        except StoreError as err:
            raise _with_last_finished(store, err) from None
    return load(store, game_id)


def _parsed_changes(game: Game,
                    changes: Mapping[int, dict[str, Any] | str]) -> dict[int, dict[str, Any]]:
    """Transcript entries read against ``game``, each one's player checked."""
    from .engine.notation import parse_entry

    parsed: dict[int, dict[str, Any]] = {}
    for turn, entry in changes.items():
        if not isinstance(entry, str):
            parsed[turn] = entry
            continue
        player, parsed[turn] = parse_entry(game, entry)
        log = game.turn_log()
        if player is not None and 1 <= turn <= len(log) and log[turn - 1].player != player:
            owner = log[turn - 1].player
            raise EntryError(Message("game.turn_was_not_theirs", turn=turn, owner=owner,
                                     player=player),
                             expected="yams log")
    return parsed


def _change(store: Store, game_id: str | None, event: dict[str, Any], clock: Clock) -> Step:
    """Record ``event`` (an undo or an amendment) on the game in progress ``game_id`` (else
    the only one), or on the finished game ``game_id``, which it reopens."""
    from .store.session import TableSession

    if game_id is None or any(g["id"].startswith(game_id) for g in store.games_in_progress([])):
        try:
            session = _session(store, game_id, clock)
        except StoreError as err:
            raise (_with_last_finished(store, err) if game_id is None else err) from None
        before = Game(session.game.config, session.game.events, id=session.game.id,
                      created=session.game.created)
        session.apply(event)
        return Step(session.game, before=before, records=session.broken)
    before = load(store, game_id)
    session = TableSession.reopen(store, game_id, event, clock=clock)
    return Step(session.game, before=before, records=session.broken, reopened=True)


def _with_last_finished(store: Store, err: StoreError) -> StoreError:
    """'No game in progress', with the command that reopens the game finished last."""
    if store.games_in_progress([]):
        return err
    last = store.last_finished()
    if last is None:
        return err
    short = last["id"][:8]
    return StoreError(Message("game.reopen_finished_last", why=err.message, short=short),
                      expected=f"--game {short}")


# -- the record book: export and import ----------------------------------------------------------

def export_games(store: StoreLike) -> Iterator[dict[str, Any]]:
    """Every finished game as a book holds it, oldest first, one at a time: ``{"doc",
    "summary", "transcript"}`` (``transcript`` None for a game this version cannot read).
    The games are not replayed: each was checked when it was archived (an import replays
    them again)."""
    return map(_book_game, _store(store).iter_archived())


def _book_game(entry: dict[str, Any]) -> dict[str, Any]:
    """An archive entry as a book holds it (:func:`export_games`)."""
    from .engine.transcript import doc_transcript

    try:
        transcript = doc_transcript(entry["doc"])
    except (YamsError, KeyError, TypeError, ValueError, AttributeError):
        transcript = None    # a game of another version: doc and summary still go
    return {"doc": entry["doc"], "summary": entry["summary"], "transcript": transcript}


def _book_line(entry: dict[str, Any]) -> str:
    """An archive entry's line in the book (on an export's workers)."""
    from .store.book_file import game_line

    return game_line(_book_game(entry))


def export_book(store: StoreLike, target: str | os.PathLike[str] | TextIO, *,
                jobs: int | None = None, force: bool = False) -> int:
    """``yams export``: write every finished game and the records to ``target`` (a path,
    written all or nothing, or an open text stream) as one JSON book that
    :func:`import_book` reads back; returns the number of games. Memory holds a few chunks
    of games, not the book; a big book's games are read, checked and encoded on ``jobs``
    processes (one per core by default, :meth:`~yams_scorekeeper.store.Store.export_lines`),
    the file the same byte for byte. A read-only file is written over only with ``force``."""
    from .store import BOOK_FORMAT, BOOK_VERSION
    from .store.book_file import write_book

    store = _store(store)
    return write_book(target, {"format": BOOK_FORMAT, "version": BOOK_VERSION},
                      store.export_lines(_book_line, jobs=jobs),
                      lambda: {"records": store.records()}, force=force)


def import_book(store: StoreLike, source: str | os.PathLike[str] | TextIO, *,
                name: str | None = None) -> tuple[int, int]:
    """``yams import``: add the finished games of the book at ``source`` (a path, or an open
    text stream that errors call ``name``); returns ``(added, skipped)``. A game already in the
    store is skipped (importing twice adds nothing), and so is the same game given twice; two
    different games under one id refuse the book, and every other game must replay through the
    rules to its summary (:func:`check_summary`), else nothing is imported. Read one game at a
    time."""
    from .store import check_book_header, not_a_book
    from .store.book_file import read_book

    def on_header(header: dict[str, Any], has_games: bool) -> None:
        check_book_header(header)
        if not has_games:
            raise not_a_book(Message("store.games_must_list"))

    store = _store(store)
    if not isinstance(source, (str, os.PathLike)):
        return store.import_games(read_book(source, name or str(getattr(source, "name", "-")),
                                            on_header, texts=True, blocks=True),
                                  check_summary)
    from .store.files import open_regular_text

    name = os.fspath(source)
    try:
        handle = open_regular_text(name)
    except OSError as exc:
        raise EntryError(Message("store.cannot_read", path=name, strerror=exc.strerror)) from None
    with handle:
        return store.import_games(read_book(handle, name, on_header, texts=True, blocks=True),
                                  check_summary)


def check_summary(doc: dict[str, Any], summary: dict[str, Any]) -> dict[str, Any]:
    """Raise a YamsError unless ``doc`` replays, through the rules, to a finished game whose
    players, totals, parts, ranks, family and configuration key are those ``summary`` states
    (what an imported record book claims is checked, not trusted). Returns the summary to
    keep: the replayed one, with the date of ``summary`` (which must be an ISO date)."""
    from datetime import datetime

    # the dates a game may bear: a day inside the calendar's ends, so that it can be shown in
    # every time zone (0001-01-01T00:00+14:00 is in year 0 in UTC, which Python cannot hold)
    earliest, latest = datetime(1, 1, 2), datetime(9999, 12, 30, 23, 59, 59)
    game_id = str(doc.get("id") if isinstance(doc, dict) else "?")
    try:
        game = Game.from_doc(doc)
    except (YamsError, KeyError, TypeError, ValueError) as err:
        reason = err.en if isinstance(err, YamsError) else f"malformed ({err!r})"
        raise StoreError(Message("game.game_does_not_replay_nothing", game_id=game_id,
                                 reason=reason)) from None
    from .engine.config import new_names_problem

    problem = new_names_problem(game.config.players)
    if problem is not None:
        raise StoreError(Message("game.game_does_not_replay_nothing", game_id=game_id,
                                 reason=problem.text("en")))
    mine = game.summary()
    keys = ("name", "total", "parts", "rank")
    want = [{k: p.get(k) for k in keys} for p in summary.get("players", [])]
    got = [{k: p[k] for k in keys} for p in mine["players"]]
    if (not game.finished or want != got or summary.get("family") != mine["family"]
            or bool(summary.get("stopped_early")) != mine["stopped_early"]):
        raise StoreError(Message("game.game_its_summary_does_not_match", game_id=game_id))
    if summary.get("config_key") != mine["config_key"] or summary.get("id") != mine["id"]:
        raise StoreError(Message("game.game_summary_says_configuration", game_id=game_id,
                                 get=summary.get('config_key'), config_key=mine['config_key']))
    try:
        when = datetime.fromisoformat(summary["date"])
    except (KeyError, TypeError, ValueError):
        raise StoreError(Message("game.game_its_date_is_not_an_iso", game_id=game_id,
                                 get=summary.get('date'))) from None
    if not earliest <= when.replace(tzinfo=None) <= latest:
        raise StoreError(Message("game.date_calendar_end", game_id=game_id,
                                 date=summary["date"], earliest=earliest.date(),
                                 latest=latest.date()))
    from .engine.provenance import marks

    note = reopen_note(doc.get("reopened"))
    return {**mine, "date": summary["date"], **({"reopened": note} if note else {}),
            **marks(doc)}
