"""A game: its settings plus an ordered log of events; everything else is derived by replay.

Events are plain JSON-able dicts:

- ``{"type": "enter", "player": NAME, "dice": [...], "roll": N}`` with the optional fields
  the game's mechanics read (a Duel joker, an announce: :mod:`.mechanics`);
- ``{"type": "mark", "player": NAME, "cells": [{"column", "row", "coup", "scratch"}, ...]}``
  (two cells when a mechanic writes a pair, the Gaby doblar);
- ``{"type": "undo"}`` cancels the last event still in force; ``{"type": "end"}`` stops the game;
- ``{"type": "amend", "when": ISO, "changes": [{"turn", "player", "old", "new"}, ...]}`` replaces
  the entries of past turns, every later turn kept and checked again (:mod:`.amend`).

:meth:`Game.legal_cells` is the first-class query (python-chess's ``legal_moves``): every cell
the player may fill now, with its score and why. Every refusal is an ``IllegalMoveError``
naming the rule, raised before anything changes.

The game reads no clock and draws no random id: its ``id``, its ``created`` date and a
``clock`` (for the dates of amendments and of the summary) are given by whoever makes it
(:mod:`.clock`; the session, the API and the command line pass the system's), so that the same
entries on the same clock give the same documents.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import TYPE_CHECKING

from ..base.columns import Column
from ..base.dice import Dice, parse_roll
from ..base.errors import DamagedGameError, EntryError, IllegalMoveError, YamsError
from ..base.sheet import SCRATCHED, _why
from ..base.sheet import Coup as Coup
from ..base.sheet import LegalCell as LegalCell
from ..base.sheet import Mark as Mark
from ..base.sheet import Sheet as Sheet
from ..base.sheet import Turn as Turn
from ..base.totals import Totals, sheet_totals
from ..i18n import Joined, Message
from ..mechanics import ENTRY_FIELDS, RESTING, CellRefusal, Mechanics, entry_fields
from ..mechanics import announce_name as announce_name
from ..mechanics import parse_joker as parse_joker
from ..rules import RuleSet
from ..rules.base import normalise_id
from .amend import amended, completed, entry_of, turn_spans
from .config import GameConfig
from .judge import CellJudge

if TYPE_CHECKING:  # pragma: no cover
    from typing import Any, Literal, TypeAlias

    from ..base.clock import Clock

_Refusal = CellRefusal
#: an event, a game's document, a summary: a JSON-able dict
Doc: TypeAlias = "dict[str, Any]"
#: what :meth:`Game._enter` and :meth:`Game._mark` keep until the log asks (:func:`_logged`)
_Entered: TypeAlias = 'tuple[Literal["enter"], str, Coup, tuple[str, ...]]'
_Marked: TypeAlias = 'tuple[Literal["mark"], str, tuple[Mark, ...]]'
_Plain: TypeAlias = "Doc | _Entered | _Marked"
#: (turn, player, amended, error) of a turn an amendment breaks (:meth:`Game._replay_checked`)
_Broken = tuple[int, str | None, bool, YamsError]


@cache
def _turn_order(players: int) -> tuple[tuple[int, ...], ...]:
    """After each player, the others in turn, then that player."""
    return tuple(tuple((i + step) % players for step in range(1, players + 1))
                 for i in range(players))


def effective_events(events: Iterable[Doc]) -> list[Doc]:
    """The events still in force once every ``undo`` has cancelled the one before it."""
    kept: list[Doc] = []
    for event in events:
        if event.get("type") == "undo":
            if kept:
                kept.pop()
        else:
            kept.append(event)
    return kept


class Game:
    """A game being played (or finished): settings, log, and the state derived from them.

    ``id`` and ``created`` are the game's (None for a game nobody keeps, such as a demo);
    ``clock()`` gives the time now as an ISO string when one is needed (``created`` when not
    given, the date of an amendment, of the summary); without a clock those dates are None.
    """

    def __init__(self, config: GameConfig, events: Iterable[Doc] = (), *, id: str | None = None,
                 created: str | None = None, clock: Clock | None = None):
        self.config = config
        self.clock = clock
        self.id = id or None
        self.created = created or self._now()
        self.rules: RuleSet = config.rules
        self.rows: tuple[str, ...] = config.rows(self.rules)
        self.columns: tuple[Column, ...] = self.rules.build_columns(config, self.rows)
        #: how many cells each sheet has
        self.cells_per_sheet = self._cells = len(self.columns) * len(self.rows)
        # what the configuration fixes, asked at every event of a replay: asked once
        self._row_set = frozenset(self.rows)
        self._column_of = {c.id: c for c in self.columns}
        #: the mechanics this game is played with (they own their counters and checks)
        self.mechanics: Mechanics = self.rules.game_mechanics(config, self.columns)
        self._coups_allowed = self.mechanics.coups
        self._turn_order = _turn_order(len(config.players))
        #: the checks at mark (what a cell takes from a coup)
        self.judge = CellJudge(self)
        self._replay(list(events))          # sets the sheets and the log

    # -- construction --------------------------------------------------------------------------

    def _reset(self) -> None:
        self.sheets = [Sheet(name, state=self.mechanics.start(), resting=RESTING)
                       for name in self.config.players]
        self.current = 0
        self.coups: list[Coup] = []
        self.stopped = False
        self.forced = False         # a turn forced through as written (see _force)
        #: True while the stored log is read again (a mechanic reads old entries as stored)
        self.replaying = False
        # enter/mark/end in force, amendments applied: see _plain_log
        self._plain: list[_Plain] = []
        # (player, coups, marks) of each finished turn
        self._played: list[tuple[str, tuple[Coup, ...], tuple[Mark, ...]]] = []
        self._amendments: list[Doc] = []

    def _now(self) -> str | None:
        """The time now by the game's clock (None without one)."""
        return self.clock() if self.clock is not None else None

    @classmethod
    def from_doc(cls, doc: Doc, clock: Clock | None = None) -> Game:
        """Rebuild a game from its stored document (settings + log).

        A document that does not replay (a configuration or an event the rules refuse, a
        field missing or of the wrong type: damaged or edited by hand) raises
        :class:`~yams_scorekeeper.base.errors.DamagedGameError` saying what, never another
        exception."""
        try:
            return cls(GameConfig.from_json(doc["config"]), doc.get("events", ()),
                       id=doc.get("id"), created=doc.get("created"), clock=clock)
        except (YamsError, KeyError, TypeError, ValueError, AttributeError, IndexError) as err:
            game_id = doc.get("id") if isinstance(doc, dict) else "?"
            why = err.message if isinstance(err, YamsError) else f"malformed ({repr(err)[:200]})"
            raise DamagedGameError(
                Message("game.stored_game_does_not_replay", game_id=game_id, why=why)) from None

    def to_doc(self) -> Doc:
        return {"id": self.id, "created": self.created, "config": self.config.to_json(),
                "events": list(self.events), "family": self.config.family,
                "players": list(self.config.players), "label": self.config.label}

    # -- state queries -------------------------------------------------------------------------

    @property
    def player(self) -> Sheet:
        return self.sheets[self.current]

    def sheet_full(self, sheet: Sheet) -> bool:
        return len(sheet.marks) >= self._cells

    @property
    def finished(self) -> bool:
        if self.stopped:
            return True
        cells = self._cells                 # asked at every event of a replay: the current
        if len(self.sheets[self.current].marks) < cells:    # sheet not full answers at once
            return False
        return all(len(s.marks) >= cells for s in self.sheets)

    def totals(self, sheet: Sheet | int) -> Totals:
        if isinstance(sheet, int):
            sheet = self.sheets[sheet]
        return sheet_totals(self.rules, self.columns, sheet.marks)

    @property
    def stopped_early(self) -> bool:
        """Stopped before every sheet was full."""
        return self.stopped and not all(self.sheet_full(s) for s in self.sheets)

    def winners(self) -> list[Sheet]:
        """Who won: the best total(s) of a finished game of two players or more. A solo game is
        practice (G6); a game stopped early has no winner, except in Gaby (G7, Y9)."""
        if not self.finished or len(self.sheets) < 2:
            return []
        if self.stopped_early and not self.rules.stopped_game_has_winner:
            return []
        return [sheet for rank, sheet, _ in self.ranking() if rank == 1]

    def ranking(self, totals: list[Totals] | None = None) -> list[tuple[int, Sheet, int]]:
        """(rank, sheet, total), best first; equal totals share a rank (``totals``: each
        sheet's, when they were added up already)."""
        totals = totals or [self.totals(s) for s in self.sheets]
        pairs = enumerate(zip(self.sheets, totals, strict=True))
        scored = sorted(((t.grand, i, s) for i, (s, t) in pairs),
                        key=lambda t: (-t[0], t[1]))
        out: list[tuple[int, Sheet, int]] = []
        rank = 0
        for pos, (total, _, sheet) in enumerate(scored):
            if pos == 0 or total != out[-1][2]:
                rank = pos + 1
            out.append((rank, sheet, total))
        return out

    def max_roll(self) -> int:
        """The most rolls the current coup may have taken (the rule set says, Y4, and then
        the mechanics: D9, D10)."""
        most = self.rules.max_roll(self)
        if self.mechanics.limits:
            return self.mechanics.max_roll(self, self.player, most)
        return most

    @property
    def turn_number(self) -> int:
        """The number of the turn being played (1 = the game's first): the whole game's turns
        counted, as the turn log, ``yams fix`` and ``yams review`` number them."""
        return len(self._played) + 1

    def coups_allowed(self) -> int:
        return self._coups_allowed

    def next_cells(self, sheet: Sheet, column: Column, extra: Iterable[str] = ()
                   ) -> tuple[str, ...]:
        """Rows of ``column`` the sheet may fill now (ordered columns: only the next one)."""
        marks, cid = sheet.marks, column.id
        if column.sequence is not None:     # ordered: the first empty row of its sequence
            for row in column.sequence:
                if (cid, row) not in marks and row not in extra:
                    return (row,)
            return ()
        return tuple(r for r in column.rows if (cid, r) not in marks and r not in extra)

    # -- the query -----------------------------------------------------------------------------

    def legal_cells(self) -> list[LegalCell]:
        """Every cell the current player may fill now, with its score and why.

        Empty before dice are entered, except in the 165 variant once the pool is empty
        (every remaining cell may then be scratched, D10).
        """
        if self.finished:
            return []
        sheet, judge, mechanics = self.player, self.judge, self.mechanics
        if not self.coups:
            if mechanics.scratchers and mechanics.only_scratch(self, sheet):
                return judge.scratch_only(sheet)
            return []
        out: list[LegalCell] = []
        rescored = bool(mechanics.rescorers)     # the figures then depend on the column (K3)
        for index, coup in enumerate(self.coups, start=1):
            figures = {f.row: f for f in judge.figures(sheet, coup, self.columns[0])}
            for column in self.columns:
                if rescored and column is not self.columns[0]:
                    figures = {f.row: f for f in judge.figures(sheet, coup, column)}
                for row in self.next_cells(sheet, column):
                    try:
                        out.append(judge.cell(sheet, column, row, index, coup, figures[row]))
                    except _Refusal:
                        continue
        return out


    # -- events --------------------------------------------------------------------------------

    def record(self, event: Doc) -> None:
        """Check ``event`` against the rules, apply it and append it to the log.

        Raises EntryError / IllegalMoveError and leaves the game unchanged on refusal.
        """
        kind = event.get("type")
        if kind == "enter":
            plain: _Plain = self._enter(event)
        elif kind == "mark":
            plain = self._mark(event)
        elif kind == "undo":
            kept = effective_events(self.events)
            if not kept:
                raise IllegalMoveError(Message("game.nothing_undo"), rule="G3")
            log = self.events + [dict(event)]
            self._replay(log)
            return
        elif kind == "end":
            if self.finished:
                raise IllegalMoveError(Message("game.game_already_over"))
            if self.coups:
                raise IllegalMoveError(Message("game.turn_under_way_mark"))
            self.stopped = True
            plain = event
        elif kind == "amend":
            self.events.append(self._amend(event))
            return
        else:
            raise EntryError(Message("game.unknown_event_type", kind=kind),
                             expected="enter, mark, undo, end, amend")
        self._plain.append(plain)
        if not self.replaying:             # a replay's log is the one replayed
            self.events.append(_logged(plain))

    def _replay(self, log: list[Doc]) -> None:
        self._reset()
        self.events = []
        kept = effective_events(log)
        self.replaying = True
        record = self.record
        try:
            for event in kept:
                record(event)
        finally:
            self.replaying = False
        self.events = list(log)

    # -- entering dice ------------------------------------------------------------------------

    def enter(self, dice: Dice | str | list[str], roll: int | str, **entries: Any
              ) -> list[LegalCell]:
        """Record a coup (dice kept after ``roll`` rolls; ``entries``: what the player typed
        for the game's mechanics, ``joker="4:6"``, ``announce="youpi"``) and return the
        legal cells."""
        if not isinstance(dice, tuple):
            dice = self.rules.parse_dice(dice)
        event: dict[str, Any] = {"type": "enter", "player": self.player.name,
                                 "dice": [str(d) for d in dice], "roll": roll,
                                 **entry_fields(entries)}
        self.record(event)
        return self.legal_cells()

    def _playing_sheet(self, event: Doc) -> Sheet:
        """The sheet of the player whose turn it is, once ``event`` (an entry or a mark) is
        known to come in a game not over and from that player."""
        sheet = self.sheets[self.current]
        if (self.stopped or len(sheet.marks) >= self._cells) and self.finished:    # finished,
            raise IllegalMoveError(Message("game.game_over"))   # asked when it may be
        name = event.get("player")
        if name is not None and name != sheet.name:
            self._check_player(event)               # says whose turn it is
        return sheet

    def _enter(self, event: Doc) -> _Entered:
        sheet = self._playing_sheet(event)
        rules, coups, mechanics = self.rules, self.coups, self.mechanics
        if len(coups) >= self._coups_allowed:
            raise IllegalMoveError(Message("game.this_turn_already_has_its_coups", n=len(coups)),
                                   rule=mechanics.coups_rule)
        if mechanics.scratchers and mechanics.only_scratch(self, sheet):
            raise IllegalMoveError(Message("game.pool_of_165_rolls_is_empty_remaining"), rule="D10")
        rolled, rolled_text = rules.read_throw(event["dice"])
        roll = event["roll"]
        if type(roll) is not int or roll < 1:       # as stored: a whole number from 1
            roll = parse_roll(roll, None)
        if roll > 1:                                # one roll is always allowed
            maximum = self.max_roll()
            if roll > maximum:
                refused = rules.refuse_roll(self, roll, maximum)
                if refused is not None:
                    raise refused
                roll = parse_roll(roll, maximum)    # says what is wrong
        dice, texts = rolled, rolled_text
        given: dict[str, Any] = {}
        for name in ENTRY_FIELDS:                   # what was typed for the mechanics
            value = event.get(name)
            if value is None:
                continue
            mechanic = mechanics.by_field.get(name)
            if mechanic is None:
                raise mechanics.absent_error(name)
            given[name] = mechanic.check_entry(self, sheet, value, roll)
        for mechanic in mechanics.without:
            if mechanic.entry_field not in given:
                mechanic.check_without(self, sheet, roll)
        for mechanic in mechanics.appliers:
            if mechanic.entry_field in given:
                dice, texts = mechanic.apply(self, sheet, dice, texts, given[mechanic.entry_field])
        coup = Coup(rolled, dice, roll, texts=texts, **given)
        if not self.replaying and len(coups) + 1 >= self._coups_allowed:
            self.judge.check_takes(sheet, (*coups, coup))   # K2 (a stored log stands)
        coups.append(coup)
        return ("enter", sheet.name, coup, rolled_text)

    def _check_player(self, event: Doc) -> None:
        name = event.get("player")
        if name is not None and name != self.sheets[self.current].name:
            raise IllegalMoveError(Message("game.turn_2", name=self.player.name, name2=name))

    # -- marking -------------------------------------------------------------------------------

    def mark(self, column: str | None, row: str, *, coup: int | None = None, scratch: bool = False,
             second: tuple[str | None, str] | None = None) -> list[Mark]:
        """Write the chosen cell (or scratch it). ``second`` = (column, row) of a doblar's
        second cell, written from the other coup. Returns the marks written."""
        cells = [{"column": column, "row": row, "coup": coup, "scratch": scratch}]
        if second is not None:
            cells.append({"column": second[0], "row": second[1], "coup": None, "scratch": False})
        before = len(self.player.marks)
        sheet = self.player
        self.record({"type": "mark", "player": sheet.name, "cells": cells})
        return list(sheet.marks.values())[before:]

    def resolve(self, column: str | None, row: str) -> tuple[Column, str]:
        """The column and row a cell names (ids, names, accents forgiven; the column may go
        unsaid on a one-column sheet)."""
        col = self._column_of.get(column) if type(column) is str else None
        if col is not None and row in self._row_set:       # as stored: the ids
            return col, row
        row_id = self.rules.row(row).id
        if row_id not in self._row_set:
            raise EntryError(Message("game.row_is_not_in_this_game", row_id=row_id),
                             expected=" ".join(self.rows))
        if column is None:
            if len(self.columns) == 1:
                return self.columns[0], row_id
            raise EntryError(Message("game.say_which_column"),
                             expected=" ".join(c.id for c in self.columns))
        col = self._column_of.get(column) if type(column) is str else None
        if col is not None:                               # as stored: the column's id
            return col, row_id
        key = normalise_id(column)
        for col in sorted(self.columns, key=lambda c: c.id != key):     # ids first (K1)
            if key in (col.id, normalise_id(col.name)):
                return col, row_id
        raise EntryError(Message("game.no_column", column=column),
                         expected=" ".join(c.id for c in self.columns))

    def _mark(self, event: Doc) -> _Marked:
        sheet = self._playing_sheet(event)
        cells = event.get("cells") or []
        if not 1 <= len(cells) <= 2:
            raise EntryError(Message("game.turn_writes_one_cell"))
        mechanics = self.mechanics
        if not self.coups:
            if not (mechanics.scratchers and mechanics.only_scratch(self, sheet)):
                raise IllegalMoveError(Message("game.enter_dice_first"),
                                       rule="G4")
            if len(cells) != 1:
                raise IllegalMoveError(Message("game.one_cell_turn"), rule="G3")
            col, row = self.resolve(cells[0].get("column"), cells[0]["row"])
            if (col.id, row) in sheet.marks:
                name = self.rules.row(row).name
                raise IllegalMoveError(Message("game.already_written", column=col.name,
                                               row=name), rule="G3")
            if row not in self.next_cells(sheet, col):
                raise self.judge.order_refusal(sheet, col, row).error()
            new = [Mark(col.id, row, 0, 0, True, Message("explain.pool_empty_scratched"))]
            self._commit(sheet, new, None)
        elif len(cells) == 1:
            new = [self.write_one(sheet, cells[0])]
            self._commit(sheet, new, None)
        else:
            new, how = mechanics.write_pair(self, sheet, cells)
            self._commit(sheet, new, how)
        return ("mark", sheet.name, tuple(new))

    def write_one(self, sheet: Sheet, cell: Doc, extra: Iterable[str] = (),
                  coup_no: int | None = None) -> Mark:
        """The mark ``cell`` writes: from the coup it names, else from the coup that scores
        best there (the first of equals)."""
        col, row = self.resolve(cell.get("column"), cell["row"])
        coup_no = coup_no or cell.get("coup")
        played = self.coups
        if coup_no is None:
            best, coup_no = self.judge.best_coup(sheet, col, row, extra)
            coup = played[coup_no - 1]
        else:                                       # as stored: the coup named
            coup_no = int(coup_no)
            if not 1 <= coup_no <= len(played):
                raise EntryError(Message("game.there_is_no_coup_this_turn", n=coup_no),
                                 expected=" or ".join(str(i) for i in range(1, len(played) + 1)))
            coup = played[coup_no - 1]
            refusal = None
            try:
                judge = self.judge
                best = judge.assess(sheet, col, row, coup, judge.figure(sheet, row, coup, col),
                                    extra)
            except _Refusal as why:
                refusal = why
            if refusal is not None:
                raise refusal.error()
        score, explain, notes, _, scratchable, _, bonus = best
        if cell.get("scratch"):
            if not scratchable:
                raise IllegalMoveError(Message("game.announced_sixth_roll_row"), rule="D9")
            return Mark(col.id, row, 0, coup_no, True, SCRATCHED, coup.dice, coup.roll,
                        self.rules.scratch_bonus(row, bonus) if bonus else 0)
        return Mark(col.id, row, score, coup_no, False, _why(explain, notes), coup.dice,
                    coup.roll, bonus)

    def _commit(self, sheet: Sheet, marks: Iterable[Mark], how: str | None) -> None:
        """Write the turn's marks and end the turn (``how``: what the mechanic that wrote a
        pair said of it; the mechanics update their counters)."""
        written = sheet.marks
        marks = tuple(marks)
        for m in marks:
            written[(m.column, m.row)] = m
        coups = tuple(self.coups)
        if self.mechanics.afters:
            self.mechanics.after_turn(self, sheet, coups, marks, how)
        sheet.turns += 1
        self._played.append((sheet.name, coups, marks))
        self.coups = []
        self._advance()

    def _advance(self) -> None:
        sheets, cells = self.sheets, self._cells
        for candidate in self._turn_order[self.current]:
            if len(sheets[candidate].marks) < cells:
                self.current = candidate
                return

    # -- amending past turns -------------------------------------------------------------------

    def amend(self, changes: dict[int, Doc] | Iterable[tuple[int, Doc]]) -> Doc:
        """Replace the entries of past turns, in one go: ``{turn: new entry}`` (see
        :mod:`.amend`; a new entry without ``coups`` keeps the dice, without ``cells`` the
        cell). Every later turn is checked again; when one breaks, an IllegalMoveError names
        each broken turn and why, and the game is unchanged. Returns the ``amend`` event."""
        items = changes.items() if isinstance(changes, dict) else changes
        self.record({"type": "amend",
                     "changes": [{"turn": turn, "new": new} for turn, new in items]})
        return self.events[-1]

    def turn_log(self) -> list[Turn]:
        """Every finished turn, in order, with its amendments."""
        by_turn: dict[int, list[Doc]] = {}
        for change in self._amendments:
            by_turn.setdefault(change["turn"], []).append(
                {"when": change["when"], "old": change["old"], "new": change["new"]})
        return [Turn(number, player, coups, marks, tuple(by_turn.get(number, ())))
                for number, (player, coups, marks) in enumerate(self._played, start=1)]

    def turn_entry(self, turn: int) -> Doc:
        """The entry of finished turn ``turn`` (1 = the first), as typed (see :mod:`.amend`)."""
        plain = self._plain_log()
        spans = turn_spans(plain)
        if not isinstance(turn, int) or not 1 <= turn <= len(spans):
            raise EntryError(Message("game.there_is_no_finished_turn", turn=turn),
                             expected=f"1-{len(spans)}" if spans else "a turn played")
        start, end = spans[turn - 1]
        return entry_of(plain[start:end])

    def _plain_log(self) -> list[Doc]:
        """The enter, mark and end events in force, amendments applied, as the log keeps them
        (an entry or a mark is written out the first time it is asked: a replay seldom asks)."""
        plain = self._plain
        for index, item in enumerate(plain):
            if type(item) is tuple:
                plain[index] = _logged(item)
        return plain  # type: ignore[return-value]  # every item written out above

    def _amend(self, event: Doc) -> Doc:
        changes = event.get("changes")
        if not isinstance(changes, list) or not changes:
            raise EntryError(Message("game.amendment_needs_at_least_one"),
                             expected='{"turn": 3, "new": {...}}')
        plain = self._plain_log()
        spans = turn_spans(plain)
        normal: list[Doc] = []
        for change in changes:
            try:
                turn = int(change["turn"])
            except (TypeError, KeyError, ValueError):
                raise EntryError(Message("game.each_change_names_turn"),
                                 expected="3") from None
            old = self.turn_entry(turn)
            player = plain[spans[turn - 1][1] - 1]["player"]
            if change.get("player") not in (None, player):
                raise IllegalMoveError(Message("game.turn_was_not_theirs", turn=turn, owner=player,
                                               player=change["player"]), expected=f"{player}: ...")
            if any(c["turn"] == turn for c in normal):
                raise EntryError(Message("game.turn_corrected_twice", turn=turn),
                                 expected="one change a turn")
            normal.append({"turn": turn, "player": player, "old": old,
                           "new": completed(old, change.get("new"))})
        trial = Game(self.config, id=self.id, created=self.created, clock=self.clock)
        broken = trial._replay_checked(amended(plain, normal), {c["turn"] for c in normal})
        if broken:
            raise _broken_error(broken)
        trial_plain = trial._plain_log()
        tspans = turn_spans(trial_plain)
        for change in normal:
            start, end = tspans[change["turn"] - 1]
            change["new"] = entry_of(trial_plain[start:end])
        if all(c["new"] == c["old"] for c in normal):
            raise EntryError(Message("game.new_entry_one_already"))
        when = event.get("when") or self._now()
        amendments = self._amendments
        self.sheets, self.current, self.coups = trial.sheets, trial.current, trial.coups
        self.stopped, self._plain, self._played = trial.stopped, trial._plain, trial._played
        self._amendments = amendments + [{**c, "when": when} for c in normal]
        return {"type": "amend", "when": when, "changes": normal}

    def _replay_checked(self, plain: list[Doc], amended_turns: set[int]) -> list[_Broken]:
        """Record ``plain`` on this fresh game; a turn the rules refuse is noted and forced
        through as written, so that every later turn is still checked. Returns
        ``(turn, player, amended, error)`` for each broken turn (``turn`` 0: in progress)."""
        broken: list[_Broken] = []
        turn = 1
        spans = turn_spans(plain)
        for event in plain:
            self.replaying = turn not in amended_turns     # old entries are read as stored
            try:
                self.record(event)
            except YamsError as err:
                if not broken or broken[-1][0] != turn:
                    number = turn if turn <= len(spans) else 0
                    broken.append((number, event.get("player"), turn in amended_turns, err))
                self._force(event)
            if event.get("type") == "mark":
                turn += 1
        self.replaying = False
        return broken

    def _force(self, event: Doc) -> None:
        """Apply an event the rules refused, as written, where it can be (see
        :meth:`_replay_checked`); never raises."""
        kind = event.get("type")
        self._plain.append(event)
        self.forced = True
        if kind == "end":
            self.stopped = True
        elif kind == "enter":
            try:
                rolled = self.rules.parse_dice(event["dice"])
            except (YamsError, KeyError, TypeError):
                rolled = ()
            try:
                roll = int(event.get("roll", 1))   # None or missing: 1
            except (TypeError, ValueError):
                roll = 1
            self.coups.append(Coup(rolled, rolled, roll))
        elif kind == "mark" and not self.finished:
            sheet, marks = self.player, list[Mark]()
            for cell in event.get("cells") or ():
                try:
                    col, row = self.resolve(cell.get("column"), cell["row"])
                except (YamsError, KeyError, TypeError, AttributeError):
                    continue
                if (col.id, row) in sheet.marks or any(m.row == row and m.column == col.id
                                                       for m in marks):
                    continue
                coup = (self.coups[min(int(cell.get("coup") or 1), len(self.coups)) - 1]
                        if self.coups else None)
                score = 0
                if coup is not None and coup.dice and not cell.get("scratch"):
                    score = self.rules.score_row(row, coup.dice, coup.roll).score
                marks.append(Mark(col.id, row, score, 1, bool(cell.get("scratch")), Joined("", ()),
                                  coup.dice if coup else (), coup.roll if coup else 0))
            self._commit(sheet, marks, None)

    # -- convenience ---------------------------------------------------------------------------

    def undo(self) -> None:
        """Cancel the last event still in force (repeatable back to the start)."""
        self.record({"type": "undo"})

    def end(self) -> None:
        """Stop the game before the sheets are full: in Gaby the highest total wins (Y9);
        elsewhere a stopped game has no winner (G7)."""
        self.record({"type": "end"})

    def sheet_rows(self, sheet: Sheet, totals: Totals | None = None) -> dict[str, Any]:
        """What the per-row statistics keep of a sheet: ``cells``, each written cell as
        ``[column, row, score, scratched]`` (a fifth item, the bonus written with it, when
        there is one: Yahtzee H4), in sheet order; ``bonuses``, the bonus of each part that
        has one (0 when missed)."""
        cells, marks = [], sheet.marks
        for column in self.columns:
            cid = column.id
            for row in self.rows:
                mark = marks.get((cid, row))
                if mark is not None:
                    cells.append([cid, row, mark.score, mark.scratch, mark.bonus] if mark.bonus
                                 else [cid, row, mark.score, mark.scratch])
        details = (totals or self.totals(sheet)).details
        return {"cells": cells, "bonuses": {part: d["bonus"] for part, d in details.items()
                                            if "bonus" in d}}

    def summary(self) -> dict[str, Any]:
        """What the record book keeps of a finished (or stopped) game, dated by the clock
        (``amendments``: how many past turns were corrected, when any was)."""
        every = [self.totals(s) for s in self.sheets]
        of_sheet = {id(s): t for s, t in zip(self.sheets, every, strict=True)}
        players = []
        for rank, sheet, total in self.ranking(every):
            totals = of_sheet[id(sheet)]
            players.append({"name": sheet.name, "total": total, "parts": totals.parts,
                            "rank": rank, **self.sheet_rows(sheet, totals)})
        return {"id": self.id, "family": self.config.family, "config_key": self.config.config_key,
                "config_label": self.config.label,
                "date": self._now(),
                "created": self.created, "stopped_early": self.stopped and not all(
                    self.sheet_full(s) for s in self.sheets), "players": players,
                **({"amendments": len(self._amendments)} if self._amendments else {})}


def _written(mark: Mark) -> Doc:
    """A cell of a ``mark`` event, as the log keeps it."""
    return {"column": mark.column, "row": mark.row, "coup": mark.coup, "scratch": mark.scratch}


def _logged(plain: _Plain) -> Doc:
    """An event as the log keeps it: ``plain`` is the event itself, or what
    :meth:`Game._enter` (``("enter", player, coup, dice texts)``) and :meth:`Game._mark`
    (``("mark", player, marks)``) recorded."""
    if not isinstance(plain, tuple):
        return plain
    if plain[0] == "mark":
        return {"type": "mark", "player": plain[1], "cells": [_written(m) for m in plain[2]]}
    _, player, coup, texts = plain
    event: Doc = {"type": "enter", "player": player, "dice": list(texts), "roll": coup.roll}
    for name, kind in ENTRY_FIELDS.items():     # what was typed for the mechanics
        value = getattr(coup, name)
        if value:
            event[name] = kind.logged(value)
    return event


def _broken_error(broken: list[_Broken]) -> YamsError:
    """One error naming each broken turn and why. A single broken turn keeps its rule (and,
    when it is the amended turn itself, its class and expected entry)."""
    def name(turn: int, player: str | None, own: bool) -> Message:
        if turn == 0:
            return Message("game.broken_turn_in_progress", player=player)
        return Message("game.broken_turn_amended" if own else "game.broken_turn",
                       turn=turn, player=player)

    one = len(broken) == 1
    turns = Joined("; ", [Message("game.broken_turn_why", turn=name(t, p, own),
                                  why=err.message if one else err)
                          for t, p, own, err in broken])
    rule = broken[0][3].rule if one else None
    if all(own for _, _, own, _ in broken):
        cls = type(broken[0][3]) if one else IllegalMoveError
        return cls(Message("game.broken_turns", turns=turns), rule=rule,
                   expected=broken[0][3].expected if one else None)
    return IllegalMoveError(Message("game.correction_breaks_later_turn", turns=turns), rule=rule)


def plain_events(events: Iterable[Doc]) -> list[Doc]:
    """The ``enter``, ``mark`` and ``end`` events in force, with every amendment applied: the
    log a game would have had if each turn had been typed right the first time. The one
    reader of a game's turns as corrected (after reopenings too): the review, the transcript
    and every other reader that walks a game's turns go through it, never through the raw
    log (where an amendment comes after the turns it replaces)."""
    plain: list[Doc] = []
    for event in effective_events(events):
        if event.get("type") == "amend":
            plain = amended(plain, event["changes"])
        elif event.get("type") in ("enter", "mark", "end"):
            plain.append(event)
    return plain


def replayed_sheet_rows(doc: Doc, summary: Doc) -> list[Doc] | None:
    """Each player's :meth:`Game.sheet_rows`, in the order of ``summary``'s players, from a
    replay of ``doc``; ``None`` when it does not replay to the same players (a game archived
    before the summaries kept their cells)."""
    try:
        mine = Game.from_doc(doc).summary()["players"]
    except Exception:                  # any archived doc, of any version: never fails here
        return None
    if [p["name"] for p in mine] != [p.get("name") for p in summary.get("players", ())]:
        return None
    return [{"cells": p["cells"], "bonuses": p["bonuses"]} for p in mine]


def reopen_note(reopened: Any) -> Doc | None:
    """What a summary says of a reopened game (``reopened`` is its document's field, see
    :meth:`yams_scorekeeper.store.Store.reopen_game`): ``{"at", "times"}``, when it was
    reopened last and how many times; ``None`` for a game never reopened."""
    if not isinstance(reopened, dict) or not isinstance(reopened.get("date"), str):
        return None
    times = reopened.get("times")
    return {"at": str(reopened.get("at") or reopened["date"]),
            "times": times if type(times) is int and times > 0 else 1}
