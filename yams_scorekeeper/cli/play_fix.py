"""``yams play``: the numbered turn log (``t``), correcting a past turn (``f N``), and taking
back the last cell of a finished game (issue 11).

A correction is tried on a copy of the game first: the player sees the turn, types its new
entry (transcript notation: ``44442/2``, ``44442/2 -> 4``, or a cell alone), sees which cells
and totals change, and confirms; only then is it written (an ``amend`` event). When a later
turn breaks, the refusal names it, and ``+N`` adds turn N to the same correction. On a finished
game the correction (or ``u``) reopens it, after a confirmation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..base.errors import EntryError, StoreError, YamsError
from ..i18n import Message
from .messages import NO, YES, msg
from .terminal import FIX_WORDS as FIX
from .terminal import LOG_WORDS as LOG
from .terminal import QUIT_WORDS, UNDO_WORDS

if TYPE_CHECKING:  # pragma: no cover
    from typing import Protocol

    from ..engine.game import Game
    from ..store import Store
    from ..store.session import TableSession
    from .terminal import Terminal

    class Table(Protocol):
        """The table being played (``turn_loop.Table``), as the log and corrections use it."""

        term: Terminal
        session: TableSession
        _header_key: Any
        _cells_key: Any

        @property
        def game(self) -> Game: ...

        @property
        def lang(self) -> str: ...

        def show_long(self, what: Any) -> None: ...

def t(term: Terminal, key: str, **values: Any) -> str:
    """The catalogue's message ``key`` in the player's language."""
    return msg(key, term.lang, **values)


def _yes(term: Terminal, key: str) -> bool:
    """``key`` said (unless it is the question itself), then a yes/no question."""
    if key != "confirm":
        term.say(t(term, key))
    while True:
        answer = term.ask(t(term, "confirm" if key == "confirm" else "go_on")).strip().lower()
        if answer in YES:
            return True
        if answer in NO or not answer:
            return False
        term.refuse(term.t("yes_no"))


def show_log(table: Table) -> None:
    from .amend_cmds import log_table

    if not table.game.turn_log():
        table.term.say(t(table.term, "no_turn_yet"))
        return
    table.show_long(log_table(table.game, table.lang))


def _turn_text(game: Game, turn: int) -> str:
    from ..engine.transcript import entry_text

    log = game.turn_log()[turn - 1]
    entry = entry_text(game.turn_entry(turn), len(game.columns) == 1)
    return f"{entry} ({' + '.join(str(m.score) for m in log.marks)})"


def _number(term: Terminal, game: Game, text: str) -> int | None:
    turns = len(game.turn_log())
    if not turns:
        term.say(t(term, "no_turn_yet"))
        return None
    text = text.strip() or term.ask(t(term, "which_turn")).strip()
    if not text:
        return None
    if not text.isdigit() or not 1 <= int(text) <= turns:
        term.refuse(EntryError(Message("cli.finished_turn", text=text),
                               expected=f"1-{turns}"))
        return None
    return int(text)


def _more(answer: str) -> tuple[str, str | None]:
    """``answer`` and the turn its trailing ``+N`` adds (``"55523/2 -> 5 +6"``: the entry and
    ``"6"``; ``"+6"`` alone: no entry), or ``(answer, None)``."""
    if answer.startswith("+"):
        return "", answer[1:]
    head, sep, tail = answer.rpartition(" +")
    if sep and tail.strip().isdigit():
        return head.strip(), tail.strip()
    return answer, None


def _breaks_a_later_turn(err: YamsError) -> bool:
    """Whether ``err`` refuses a correction only for a later turn it breaks (which ``+N``
    corrects in the same go), not for the entry itself."""
    return err.message.key == "game.correction_breaks_later_turn"


def fix(table: Table, text: str) -> None:
    """``f N``: correct turn N (and others in the same go), after seeing what changes.

    A line refused for itself leaves nothing held; an entry refused only because it breaks a
    later turn is held for the same go, said so, until ``+N`` corrects that turn too (or Enter
    cancels everything). ``ENTRY +N`` on one line holds ENTRY and goes on to turn N."""
    from ..engine.game import Game
    from ..engine.notation import parse_entry

    term, game = table.term, table.game
    turn = _number(term, game, text)
    if turn is None:
        return
    changes: dict[int, dict] = {}       # the entries held for this go, by turn
    trial = None
    while trial is None:
        log = game.turn_log()[turn - 1]
        term.say(t(term, "turn_line", turn=turn, name=log.player,
                   entry=_turn_text(game, turn).rsplit(" (", 1)[0],
                   score=" + ".join(str(m.score) for m in log.marks)), style="bold")
        if not changes:
            term.say(t(term, "new_entry_hint"), style="dim")
        answer = term.ask(t(term, "new_entry", turn=turn)).strip()
        if not answer:
            term.say(t(term, "cancelled"))
            return
        line, more = _more(answer)
        other = None if more is None else _number(term, game, more)
        if more is not None and other is None:
            continue                        # a bad +N, said by _number: nothing held
        if not line:
            turn = other or turn
            continue
        tried = {**changes}
        try:
            player, tried[turn] = parse_entry(game, line)
            if player is not None and player != log.player:
                raise EntryError(Message("game.turn_was_not_theirs", turn=turn, owner=log.player,
                                         player=player))
            candidate = Game(game.config, game.events, id=game.id, created=game.created)
            candidate.amend(tried)
        except YamsError as err:
            if not _breaks_a_later_turn(err):
                term.refuse(err)
                continue                    # the entry itself is wrong: nothing of it is held
            if other is None:               # with +N the later turn is being corrected
                term.refuse(err)
            candidate = None
        if candidate is None or other is not None:
            term.say(t(term, "held", turn=turn), style="dim")
            changes, turn = tried, other or turn
            continue
        changes, trial = tried, candidate
    if not _show_changes(term, game, trial):
        term.say(t(term, "no_change"))
    if not _yes(term, "confirm" if not game.finished else
                "confirm_correct_archived" if trial.finished else "confirm_reopen"):
        term.say(t(term, "cancelled"))
        return
    was_finished = game.finished
    try:
        table.session.amend(changes)
    except YamsError as err:
        term.refuse(err)
        return
    if was_finished:
        term.say(t(term, "corrected_archived" if table.game.finished else "reopened"))
    term.say(t(term, "fixed"), style="bold")
    table._header_key = table._cells_key = None


def _show_changes(term: Terminal, game: Game, trial: Game) -> bool:
    """Say each cell and total the correction changes; False when it changes none."""
    from .sheet_view import cell_label

    lines: list[tuple[str, str | None]] = []
    for old, new in zip(game.sheets, trial.sheets, strict=True):
        for key in dict.fromkeys([*old.marks, *new.marks]):
            a, b = old.marks.get(key), new.marks.get(key)
            if a is None or b is None or a.score != b.score or a.scratch != b.scratch:
                label = cell_label(game, a if a is not None else new.marks[key])
                lines.append((t(term, "cell_change", name=old.name, cell=label,
                                old="-" if a is None else a.score,
                                new="-" if b is None else b.score), None))
    for i, sheet in enumerate(game.sheets):
        before, after = game.totals(i).grand, trial.totals(i).grand
        if before != after:
            lines.append((t(term, "total_change", name=sheet.name, old=before, new=after),
                          "bold"))
    if lines:
        term.say(t(term, "changes"))
    for line, style in lines:
        term.say(line, style=style)
    return bool(lines)


def after_end(table: Table) -> bool:
    """After the final ranking: leave, or take back the last cell, correct a turn, see the
    turns. True when something was changed (the game may go on)."""
    term = table.term
    while True:
        try:
            answer = term.ask(t(term, "after_end")).strip()
        except EOFError:
            return False
        word, _, rest = answer.partition(" ")
        word = word.lower()
        if not word or word in QUIT_WORDS:
            return False
        if word in LOG:
            show_log(table)
        elif word in UNDO_WORDS:
            if _yes(term, "undo_reopen"):
                try:
                    table.session.undo()
                except YamsError as err:
                    term.refuse(err)
                    continue
                term.say(t(term, "reopened"))
                table._header_key = table._cells_key = None
                return True
        elif word in FIX:
            events = len(table.game.events)
            fix(table, rest)
            if len(table.game.events) != events or not table.game.finished:
                return True
        else:
            term.refuse(term.t("bad_choice", text=answer))


def finished_session(store: Store, game_id: str) -> TableSession:
    """The finished game ``game_id`` (a unique prefix), ready to be looked at and reopened."""
    from ..engine.game import Game
    from ..store.session import TableSession, resolve_finished_id

    full = resolve_finished_id(store, game_id)
    entry = next((e for e in store.archived_games() if e["id"] == full), None)
    if entry is None:     # pragma: no cover  (listed, then gone: another command reopened it)
        raise StoreError(Message("cli.game_id", game_id=game_id))
    return TableSession(store, Game.from_doc(entry["doc"]))
