"""A game at the table: the rules check every event, the store keeps it before we answer.

``TableSession`` joins :class:`~yams_scorekeeper.engine.game.Game` (pure) and
:class:`~yams_scorekeeper.store.Store` (files): an event is first recorded in the game, which
raises and changes nothing if the rules refuse it, then appended to the store; when the last
cell is filled (or the game is stopped) the game is archived and the record book updated.
An undo or an amendment of a finished game reopens it (:meth:`TableSession.reopen`): it leaves
the archive, the book is recounted without it, and finishing it again archives it again under
the date it was first finished.

The session is where the game gets its clock and its id (:mod:`.clock`: the system's unless
the caller passes others, as the library API and the tests may).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..base.clock import Clock, IdFactory, random_id, system_clock
from ..base.errors import IllegalMoveError, StoreError, YamsError
from ..engine.config import GameConfig
from ..engine.game import Doc, Game, LegalCell, Mark, reopen_note
from ..engine.provenance import EVENING, marks
from ..i18n import Message
from . import Store

if TYPE_CHECKING:
    from typing import Any


def finished_summary(game: Game, reopened: Doc | None, provenance: Doc | None = None) -> Doc:
    """The summary a finished game is archived with, with the ``provenance`` marks of its
    document (:func:`provenance.marks`); a reopened one's is dated when it was first
    finished, and says it was reopened."""
    summary = {**game.summary(), **(provenance or {})}
    if reopened is not None and (note := reopen_note(reopened)) is not None:
        summary.update(date=reopened["date"], reopened=note)
    return summary


def ended_by(events: list[Doc]) -> IllegalMoveError:
    """The refusal of an entry on a game another command has just finished, ``events`` its
    log: who wrote its last cell (or that it was stopped)."""
    last = next((e for e in reversed(events) if e.get("type") in ("mark", "end")), {})
    if last.get("type") == "mark":
        return IllegalMoveError(Message("game.just_finished", player=last.get("player")))
    return IllegalMoveError(Message("game.just_stopped"))


#: seconds after its last entry during which a finished game is one "just finished", for a
#: command that came for it and found it gone (two commands racing for the last cell)
JUST_SECONDS = 60


def just_ended(store: Store, game_id: str | None, err: StoreError,
               clock: Clock = system_clock) -> YamsError:
    """``err`` ("no game in progress"), or :func:`ended_by` when the game asked for
    (``game_id``, a prefix; else the one archived last, no game being in progress) had its
    last entry in the last :data:`JUST_SECONDS`: the command came too late for it."""
    import datetime as dt

    if err.message.key not in ("store.no_game_in_progress", "game.game_progress_start_one"):
        return err
    doc = None
    if game_id is None:
        doc = None if store.games_in_progress([]) else store.last_finished()
    else:
        found = [i for i in store.archived_ids() if i.startswith(game_id)]
        entry = store.archived_entry(found[0]) if len(found) == 1 else None
        doc = entry["doc"] if entry else None
    try:
        age = (dt.datetime.fromisoformat(clock())
               - dt.datetime.fromisoformat(doc["updated"])).total_seconds() if doc else -1
    except (TypeError, ValueError, KeyError):
        return err
    return ended_by(doc["events"]) if doc and 0 <= age <= JUST_SECONDS else err


def _gone(store: Store, game_id: str, err: StoreError) -> YamsError:
    """``err``, or :func:`ended_by` when it says the game is not in progress because another
    command archived it meanwhile (two commands racing for the last cell)."""
    if err.message.key != "store.no_game_in_progress":
        return err
    entry = store.archived_entry(game_id)
    return err if entry is None else ended_by(entry["doc"]["events"])


class _Written(Exception):
    """The entry asked for at a position of the log is the one already there (a resend)."""

    def __init__(self, event: Doc):
        super().__init__()
        self.event = event


def moved_on(game: Game, events: list[Doc], at: int, event: Doc) -> Exception:
    """Why ``event``, made for the log's position ``at``, is not appended to ``events``: a
    :class:`_Written` when the same entry already stands there (written once), else the
    refusal naming who wrote meanwhile."""
    if len(events) > at:
        then = Game(game.config, events[:at], id=game.id, created=game.created)
        try:
            then.record(event)
        except YamsError:
            pass
        else:
            if then.events[at] == events[at]:
                return _Written(events[at])
    writer = next((e["player"] for e in events[at:] if e.get("player")), None)
    if writer is None:
        return IllegalMoveError(Message("game.moved_on"))
    return IllegalMoveError(Message("game.already_wrote", player=writer))


@dataclass
class TableSession:
    """A game loaded from the store; every change goes through :meth:`apply`."""

    store: Store
    game: Game
    broken: list[Doc] = field(default_factory=list)
    #: a reopened game's ``reopened`` field (:meth:`Store.reopen_game`): its summary keeps the
    #: date it was first finished, and says it was reopened, when it is finished again
    reopened: Doc | None = None
    #: the clock of the game's dates (start, amendments, finish)
    clock: Clock = system_clock
    #: where the game comes from (its evening, its paper sheet:
    #: :mod:`~yams_scorekeeper.engine.provenance`)
    marks: Doc = field(default_factory=dict)

    @classmethod
    def start(cls, store: Store, config: GameConfig, *, clock: Clock = system_clock,
              new_id: IdFactory = random_id, evening: str | None = None,
              place: str | None = None) -> TableSession:
        """A new game of ``config``, its id from ``new_id()``, kept in ``store``; it belongs
        to ``evening``, else to the evening open in the store (``yams soiree``), if any;
        ``place``: where it is played (kept in its document, for the exports)."""
        game = Game(config, id=new_id(), clock=clock)
        doc = game.to_doc()
        evening = evening or store.open_evening()
        if evening:
            doc[EVENING] = evening
        if place and place.strip():
            doc["place"] = place.strip()
        store.create_game(doc)
        return cls(store, game, clock=clock, marks=marks(doc))

    @classmethod
    def resume(cls, store: Store, game_id: str | None = None, *,
               clock: Clock = system_clock) -> TableSession:
        """The game ``game_id`` (a unique prefix will do), or the only game in progress."""
        game_id = resolve_game_id(store, game_id)
        try:
            doc = store.load_game(game_id)
        except StoreError as err:
            raise _gone(store, game_id, err) from None
        session = cls(store, Game.from_doc(doc, clock), reopened=doc.get("reopened"),
                      clock=clock, marks=marks(doc))
        if session.game.finished:       # a crash between the last mark and the archive
            session._finish()
            if doc.get("reopened") and doc["events"][-1].get("type") == "amend":
                session.broken = []     # a correction cut by an earlier version: its records
                                        # were announced when the game was first finished
        return session

    def apply(self, event: Doc, at: int | None = None) -> Doc:
        """Check ``event`` with the rules, store it, archive the game if it is over (an
        event on a finished game reopens it first). With ``at`` (the length of the log the
        entry was made for: its id) it is written only there: the same entry found there is
        returned as written (a resend), any other refused (:func:`moved_on`)."""
        if self.game.finished:
            if at is None:
                return self._reopen(event)
            found = moved_on(self.game, self.game.events, at, event)
            if isinstance(found, _Written):
                return found.event
            raise found if len(self.game.events) != at else ended_by(self.game.events)
        before = len(self.game.events)

        def check(stored_events: list[Doc]) -> Doc:
            nonlocal before
            if at is not None and len(stored_events) != at:
                self.game = Game(self.game.config, stored_events, id=self.game.id,
                                 created=self.game.created, clock=self.clock)
                raise moved_on(self.game, stored_events, at, event)
            if stored_events != self.game.events:     # another command wrote meanwhile
                self.game = Game(self.game.config, stored_events, id=self.game.id,
                                 created=self.game.created, clock=self.clock)
                before = len(stored_events)
                if self.game.finished:                 # ... and finished the game
                    raise ended_by(stored_events)
            self.game.record(event)
            return self.game.events[before]

        try:
            stored = self.store.append_checked(self.game_id, check)
        except _Written as written:
            return written.event
        except YamsError as err:
            if len(self.game.events) > before:       # the rules passed, the store failed
                self.game = self._reload(before)
            if isinstance(err, StoreError):
                raise _gone(self.store, self.game_id, err) from None
            raise
        except BaseException:
            # the store failed: take back what it holds (a failed folder fsync may still have
            # kept the event), so memory and disk agree
            self.game = self._reload(before)
            raise
        if self.game.finished:
            self._finish()
        return stored

    def _reload(self, before: int) -> Game:
        try:
            return Game.from_doc(self.store.load_game(self.game_id), self.clock)
        except Exception:
            return Game(self.game.config, self.game.events[:before], id=self.game.id,
                        created=self.game.created, clock=self.clock)

    @classmethod
    def reopen(cls, store: Store, game_id: str, event: Doc, *,
               clock: Clock = system_clock) -> TableSession:
        """The finished game ``game_id`` (a unique prefix will do) changed by ``event`` (an
        undo or an amendment, checked by the rules first: a refusal writes nothing), taken out
        of the archive with the record book recounted without it; archived again at once when
        it is still finished (an amendment that leaves every sheet full)."""
        game_id = resolve_finished_id(store, game_id)

        def change(doc: Doc) -> list[Doc]:
            game = Game.from_doc(doc, clock)
            game.record(event)
            return game.events

        def summarize(doc: Doc) -> Doc | None:
            game = Game.from_doc(doc, clock)
            return finished_summary(game, doc["reopened"], marks(doc)) if game.finished else None

        doc, broken = store.reopen_game(game_id, change, summarize)
        session = cls(store, Game.from_doc(doc, clock), reopened=doc.get("reopened"),
                      clock=clock, marks=marks(doc))
        if broken is not None:          # still finished: corrected in the archive
            session.broken = broken
        return session

    def _reopen(self, event: Doc) -> Doc:
        """``event`` on this session's game, finished and archived: see :meth:`reopen`."""
        again = self.reopen(self.store, self.game_id, event, clock=self.clock)
        self.game, self.broken, self.reopened = again.game, again.broken, again.reopened
        self.marks = again.marks
        return self.game.events[-1]

    @property
    def game_id(self) -> str:
        """The game's id (a game kept in the store always has one)."""
        assert self.game.id is not None
        return self.game.id

    def _finish(self) -> None:
        self.broken = self.store.finish_game(self.game_id,
                                             finished_summary(self.game, self.reopened,
                                                              self.marks))

    # -- the table's verbs -------------------------------------------------------------------

    def enter(self, dice: Any, roll: Any, **entries: Any) -> list[LegalCell]:
        """Enter a coup (``entries``: what the player typed for the game's mechanics, as
        :meth:`Game.enter` takes them)."""
        self.apply(self.entry(dice, roll, entries))
        return self.game.legal_cells()

    def entry(self, dice: Any, roll: Any, entries: dict[str, Any],
              player: str | None = None) -> Doc:
        """The event of a coup entered for ``player`` (default: the one to play)."""
        from ..mechanics import entry_fields

        return {"type": "enter", "player": player or self.game.player.name,
                "dice": dice if isinstance(dice, list) else
                [str(d) for d in self.game.rules.parse_dice(dice)],
                "roll": roll, **entry_fields(entries)}

    def mark(self, column: str | None, row: str, *, coup: int | None = None,
             scratch: bool = False, second: tuple[str | None, str] | None = None) -> list[Mark]:
        name = self.game.player.name
        cells = [{"column": column, "row": row, "coup": coup, "scratch": scratch}]
        if second is not None:
            cells.append({"column": second[0], "row": second[1], "coup": None, "scratch": False})
        stored = self.apply({"type": "mark", "player": name, "cells": cells})
        # the game may have been replayed from the store (another command wrote meanwhile):
        # the marks written are the last ones of the player's sheet in the game as it is now
        sheet = next(s for s in self.game.sheets if s.name == name)
        return list(sheet.marks.values())[-len(stored["cells"]):]

    def undo(self) -> None:
        self.apply({"type": "undo"})

    def amend(self, changes: dict[int, Doc]) -> Doc:
        """Correct past turns in one go (:meth:`Game.amend`); returns the stored event."""
        return self.apply({"type": "amend",
                           "changes": [{"turn": t, "new": new} for t, new in changes.items()]})

    def end(self) -> None:
        self.apply({"type": "end"})


def resolve_game_id(store: Store, game_id: str | None) -> str:
    """A full game id from a prefix, or the only game in progress when none is given.

    A game whose file cannot be read is only an error when it is the one asked for: the
    other games in progress go on."""
    damaged: list[StoreError] = []
    games = store.games_in_progress(damaged)
    unreadable = {err.game_id: err for err in damaged}
    ids: list[str] = [g["id"] for g in games] + list(unreadable)
    if game_id is None:
        if len(ids) == 1:
            if ids[0] in unreadable:
                raise unreadable[ids[0]]
            return ids[0]
        if not ids:
            raise StoreError(Message("game.game_progress_start_one"))
        raise StoreError(Message("game.several_games_progress_say"),
                         expected=", ".join(i[:8] for i in ids))
    matches = [i for i in ids if i.startswith(game_id)]
    if len(matches) == 1:
        if matches[0] in unreadable:
            raise unreadable[matches[0]]
        return matches[0]
    if not matches:
        raise StoreError(Message("store.no_game_in_progress", game_id=game_id),
                         expected="an id from 'yams games'")
    raise _several(game_id, matches)


def _several(game_id: str, matches: list[str]) -> StoreError:
    return StoreError(Message("game.matches_several_games", game_id=game_id),
                      expected=", ".join(m[:12] for m in matches))



def resolve_finished_id(store: Store, game_id: str) -> str:
    """The full id of the finished game that ``game_id`` starts."""
    matches = [i for i in store.archived_ids() if i.startswith(game_id)]
    if len(matches) == 1:
        return matches[0]
    if not matches:
        raise StoreError(Message("game.no_game_with_id_in_progress_or_finished", game_id=game_id),
                         expected="yams games, yams history")
    raise _several(game_id, matches)
