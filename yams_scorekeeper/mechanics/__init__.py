"""The mechanics a family's games are played with (see :mod:`.base`), one module each, and
:class:`Mechanics`, the ones a game plays, which the game, the store, the command line,
transcripts and advisers ask (they name none).

``KINDS`` lists every kind in the order their counters appear in a sheet's JSON and their
entry fields in an ``enter`` event: a new mechanic is a module and an entry here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from ..base.errors import EntryError, IllegalMoveError
from ..i18n import Joined, Message
from .annoncee import Announced
from .base import Assessment, CellRefusal, Mechanic, resting_counters
from .bloquant import Bloquant
from .columns import GIVEN, ColumnKind, sheet_order, short_name
from .doblar import Doblar, TwoCoups
from .forced_joker import ForcedJoker
from .jokers import Jokers, best_joker, parse_joker
from .plus_moins import PlusAboveMoins, PlusMoins, plus_moins
from .rolls import RollBank, RollPool
from .sixth_roll import SixthRoll, announce_name, split_announce

if TYPE_CHECKING:  # pragma: no cover
    import random
    from typing import Any

    from ..base.columns import Column
    from ..base.figure import Figure
    from ..base.sheet import Coup, Mark, Sheet
    from .views import RulesView, TurnView

__all__ = ["KINDS", "Assessment", "Bloquant", "CellRefusal", "ColumnKind", "Doblar",
           "ForcedJoker", "GIVEN", "Jokers", "Mechanic", "Mechanics", "PlusAboveMoins",
           "PlusMoins", "RollBank", "RollPool", "SixthRoll", "TwoCoups", "plus_moins",
           "announce_name", "best_joker", "entry_fields", "parse_joker", "sheet_order",
           "split_announce", "RESTING", "ENTRY_FIELDS", "TYPED_WORDS", "AHEAD_WORDS",
           "TYPED_EXAMPLE", "typed_entries", "amended_entries", "logged_entries",
           "coup_entries_json", "demo_entries", "DIE_CHANGER", "PAIR_WRITER",
           "DIE_ENTRY", "DIE_COUNTER", "PAIR", "PAIR_WORDS", "short_name"]

#: every kind of mechanic, in the order of their counters and entry fields (the annoncée
#: column's announce, which a column kind brings, last: its field is the sixth roll's)
KINDS: tuple[type[Mechanic], ...] = (TwoCoups, Doblar, Jokers, RollBank, RollPool, SixthRoll,
                                     PlusMoins, Bloquant, ForcedJoker, Announced)


#: every counter a sheet may show, by name, with its value on a sheet that does not play it
RESTING: dict[str, Any] = resting_counters(KINDS)
#: what a player may type after the dice, by event field, with the first kind that reads it
ENTRY_FIELDS: dict[str, type[Mechanic]] = {}
for _kind in KINDS:
    if _kind.entry_field:
        ENTRY_FIELDS.setdefault(_kind.entry_field, _kind)


#: the words a player types before an entry's value after the roll (``joker 4:6``, ``a
#: youpi``), with the kind whose field it fills
TYPED_WORDS: dict[str, type[Mechanic]] = {w: k for k in KINDS if k.entry_field
                                          for w in k.words}
#: the words of the entries that may be typed alone, before their dice (``announce youpi``,
#: then the dice of the sixth roll: the kinds that write :meth:`Mechanic.ahead`)
AHEAD_WORDS: frozenset[str] = frozenset(w for k in KINDS if k.ahead is not Mechanic.ahead
                                        for w in k.words)
#: what may follow the roll, as the refusal of another word says it (``joker 4:6 or
#: announce youpi``)
TYPED_EXAMPLE = " or ".join(k.example for k in KINDS if k.example)


def typed_entries(words: list[str], played: Mapping[str, Mechanic] | None = None
                  ) -> dict[str, str]:
    """The entries typed after a roll (``["j", "4:6", "a", "youpi"]``), as typed, by the
    field of the mechanic whose word comes before each (a word of :data:`TYPED_WORDS`); a
    value of several words (``a double carré``) runs to the next such word. ``played``: the
    game's mechanics by field (``Mechanics.by_field``), for a refusal that names only theirs."""
    entries: dict[str, str] = {}
    rest = list(words)
    while rest:
        word = rest.pop(0).lower()
        kind = TYPED_WORDS.get(word)
        if kind is None or not rest:
            raise _unexpected(word, played)
        field = kind.entry_field or ""
        if field in entries and kind.once is not None:
            key, rule = kind.once
            raise IllegalMoveError(Message(key), rule=rule)
        value = [rest.pop(0)]
        while kind.spaced and rest and rest[0].lower() not in TYPED_WORDS:
            value.append(rest.pop(0))
        entries[field] = " ".join(value)
    return entries


def _unexpected(word: str, played: Mapping[str, Mechanic] | None) -> EntryError:
    """The refusal of ``word`` after the roll: with what every mechanic takes, or (in a game)
    what the game's own take, in the player's language."""
    if played is None:
        return EntryError(Message("entry.unexpected_after_roll", word=word),
                          expected=TYPED_EXAMPLE)
    forms = [Message(m.example_key) for m in played.values() if m.example_key]
    if not forms:
        return EntryError(Message("entry.nothing_after_roll", word=word))
    return EntryError(Message("entry.unexpected_after_roll_forms", word=word,
                              forms=Joined(Message("entry.or"), forms)))


def amended_entries(rules: RulesView, typed: dict[str, str]) -> dict[str, Any]:
    """The entries of a coup typed in a past turn's replacement, as an amendment keeps them
    (:meth:`Mechanic.amended`), in the log's order."""
    return {name: kind.amended(rules, typed[name]) for name, kind in ENTRY_FIELDS.items()
            if name in typed}


def logged_entries(coup: Coup) -> dict[str, Any]:
    """What was typed for the mechanics with a coup, as the log writes it (a field typed)."""
    out: dict[str, Any] = {}
    for name, kind in ENTRY_FIELDS.items():
        value = getattr(coup, name)
        if value:
            out[name] = kind.logged(value)
    return out


def coup_entries_json(coup: Coup) -> dict[str, Any]:
    """Every entry field of a coup as its JSON writes it (null when not typed): the same keys
    for every family."""
    return {name: kind.coup_json(getattr(coup, name)) for name, kind in ENTRY_FIELDS.items()}


def demo_entries(rules: RulesView, event: dict[str, Any], lang: str) -> str:
    """What the demo says of the entries of an ``enter`` event, after its dice."""
    return "".join(kind.demo_text(rules, event[name], lang)
                   for name, kind in ENTRY_FIELDS.items() if event.get(name))


#: the kind whose entry turns a die into another before the coup is scored (the first that
#: writes :meth:`Mechanic.apply`): the exact solver plans it; what its entry is called is
#: what a cell choice of the advisers carries, its counter what a hint respects
DIE_CHANGER: type[Mechanic] = next(k for k in KINDS if k.apply is not Mechanic.apply)
#: the kind that writes two cells in a turn (the first that writes :meth:`Mechanic.write`):
#: the heuristic adviser plans its pairs, under its id
PAIR_WRITER: type[Mechanic] = next(k for k in KINDS if k.write is not Mechanic.write)
#: the names the advisers' JSON gives what they plan: the die changer's entry (a cell
#: choice's ``joker``) and counter (a hint's ``jokers_left``), the pair writer's id (a
#: cell's ``doblar``)
DIE_ENTRY: str = DIE_CHANGER.entry_field or ""
DIE_COUNTER: str = next(iter(DIE_CHANGER.counters))
PAIR: str = PAIR_WRITER.id
#: the words before the two cells of such a turn, at the table (``d A B``)
PAIR_WORDS: tuple[str, ...] = PAIR_WRITER.pair_words


def entry_fields(entries: dict[str, Any]) -> dict[str, Any]:
    """What a player typed after the dice (``joker="4:6"``, ``announce="youpi"``), as an
    ``enter`` event writes it, in the log's order; an empty value is left out."""
    out: dict[str, Any] = {}
    for name, kind in ENTRY_FIELDS.items():
        value = entries.get(name)
        if value is not None and value != "":
            out[name] = kind.typed(value)
    return out


def _own(kinds: Iterable[Mechanic], hook: str) -> tuple[Mechanic, ...]:
    """The mechanics that write ``hook`` themselves (the game asks only those)."""
    default = getattr(Mechanic, hook)
    return tuple(m for m in kinds if getattr(type(m), hook) is not default)


class Mechanics:
    """The mechanics a game plays, asked by the game at each step (only those that write a
    hook are asked it, so a family without mechanics pays nothing)."""

    def __init__(self, played: Iterable[Mechanic], absent: Iterable[Mechanic] = ()):
        self.played = tuple(played)
        #: mechanics the family offers but this game does not play: their entry fields are
        #: refused with their words (an announce without the annoncée column, C7)
        self.offered = tuple(absent)
        self.coups = max((m.coups() for m in self.played), default=1)
        self.coups_rule = next((m.rule for m in self.played if m.coups() > 1), "G3")
        self.by_field = {m.entry_field: m for m in self.played if m.entry_field}
        self.without = _own(self.played, "check_without")
        self.appliers = _own(self.played, "apply")
        self.limits = _own(self.played, "max_roll")
        self.scratchers = _own(self.played, "only_scratch")
        self.refusers = _own(self.played, "refuse_cell")
        self.assessors = _own(self.played, "assess")
        self.writers = _own(self.played, "write")
        self.afters = _own(self.played, "after_turn")
        self.rescorers = _own(self.played, "coup_figure")
        self.zeroers = _own(self.played, "zero_only")
        self.bonuses = _own(self.played, "cell_bonus")

    def of(self, kind: type[Mechanic]) -> Mechanic | None:
        """The game's mechanic of this kind, if it plays one."""
        return next((m for m in self.played if type(m) is kind), None)

    def help_topics(self) -> set[str]:
        """The ``yams play`` help topics of the mechanics played."""
        return {m.help_topic for m in self.played if m.help_topic}

    def help_lines(self, lang: str) -> dict[str, str]:
        """The lines of the ``yams play`` help by topic (the placeholders of ``table.help``):
        each played mechanic's line in ``lang``, empty for every other kind."""
        from ..i18n import say

        every: list[type[Mechanic]] = [*KINDS, *(type(m) for m in self.offered),
                                       *(type(m) for m in self.played)]
        lines = {k.help_topic: "" for k in every if k.help_topic}
        for m in self.played:
            if m.help_topic and m.help_line:
                lines[m.help_topic] = say(m.help_line, lang)
        return lines

    def coup_notes(self, game: TurnView, coup: Coup, lang: str) -> list[str]:
        """What the line of the coup being placed says of its entries
        (:meth:`Mechanic.coup_note`)."""
        return [note for m in self.played if (note := m.coup_note(game, coup, lang))]

    def start(self) -> dict[str, Any]:
        """The counters a sheet starts with."""
        out: dict[str, Any] = {}
        for m in self.played:
            out.update(m.start())
        return out

    def absent_error(self, field: str) -> IllegalMoveError:
        """The refusal of an entry field no mechanic of the game reads."""
        kind = next((m for m in self.offered if m.entry_field == field), None)
        absent = (kind.absent if kind is not None else
                  ENTRY_FIELDS[field].absent if field in ENTRY_FIELDS else None)
        key, rule = absent or ("game.unknown_event_type", "")
        return IllegalMoveError(Message(key, kind=field), rule=rule or None)

    def max_roll(self, game: TurnView, sheet: Sheet, most: int) -> int:
        for m in self.limits:
            most = m.max_roll(game, sheet, most)
        return most

    def only_scratch(self, game: TurnView, sheet: Sheet) -> bool:
        return any(m.only_scratch(game, sheet) for m in self.scratchers)

    def write_pair(self, game: TurnView, sheet: Sheet, cells: list[dict[str, Any]]
                   ) -> tuple[list[Mark], str]:
        """The two marks of a turn that writes two cells, as the mechanic that allows it
        writes them (the doblar, Y7), and what it says of the turn; refused when none does."""
        for m in self.writers:
            written = m.write(game, sheet, cells)
            if written is not None:
                return written
        raise IllegalMoveError(Message("game.two_cells_one_turn"), rule="Y7")

    def pairs_left(self, game: TurnView, sheet: Sheet) -> bool:
        """Whether this turn may still write two cells (a doblar)."""
        return any(m.pairs_left(game, sheet) for m in self.writers)

    def ahead(self, game: TurnView, text: str) -> tuple[str, str, int] | None:
        """An entry typed alone before its dice: its field, the entry as ``text`` says it and
        the roll the dice take (see :meth:`Mechanic.ahead`), or None when no mechanic takes
        one."""
        return next(((m.entry_field or "", *said) for m in self.played
                     if (said := m.ahead(game, text))), None)

    def asked(self, game: TurnView, sheet: Sheet, roll: int) -> tuple[str, list[str]] | None:
        """When a coup of ``roll`` rolls needs an entry not typed: its field and the choices
        to ask for."""
        return next(((m.entry_field or "", said) for m in self.played
                     if (said := m.asked(game, sheet, roll))), None)

    def pairs_possible(self, sheet: Sheet) -> bool:
        """Whether the sheet may still write two cells in some turn."""
        return any(m.pairs_possible(sheet) for m in self.writers)

    def instead(self, game: TurnView, sheet: Sheet, coup: Coup) -> str | None:
        """What to type instead of a coup no cell can take, when a mechanic says it."""
        return next((said for m in self.played if (said := m.instead(game, sheet, coup))),
                    None)

    def refuse(self, game: TurnView, sheet: Sheet, column: Column, row: str, coup: Coup) -> None:
        for m in self.refusers:
            refused = m.refuse_cell(game, sheet, column, row, coup)
            if refused is not None:
                raise refused

    def coup_figures(self, game: TurnView, sheet: Sheet, coup: Coup,
                     figures: list[Figure], column: Column) -> list[Figure]:
        for m in self.rescorers:
            figures = m.coup_figures(game, sheet, coup, figures, column)
        return figures

    def coup_figure(self, game: TurnView, sheet: Sheet, row: str, coup: Coup,
                    figure: Figure, column: Column) -> Figure:
        for m in self.rescorers:
            figure = m.coup_figure(game, sheet, row, coup, figure, column)
        return figure

    def zero_only(self, game: TurnView, sheet: Sheet, column: Column, row: str,
                  score: int) -> Message | None:
        """The first reason a mechanic gives why only a 0 may go in (column, row)."""
        for m in self.zeroers:
            reason = m.zero_only(game, sheet, column, row, score)
            if reason is not None:
                return reason
        return None

    def cell_bonus(self, game: TurnView, sheet: Sheet, column: Column, row: str,
                   coup: Coup) -> tuple[int, Message] | None:
        for m in self.bonuses:
            bonus = m.cell_bonus(game, sheet, column, row, coup)
            if bonus is not None:
                return bonus
        return None

    def assess(self, game: TurnView, sheet: Sheet, column: Column, row: str,
               coup: Coup) -> Assessment | None:
        for m in self.assessors:
            said = m.assess(game, sheet, column, row, coup)
            if said is not None:
                return said
        return None

    def after_turn(self, game: TurnView, sheet: Sheet, coups: tuple[Coup, ...],
                   marks: tuple[Mark, ...], how: str | None) -> None:
        for m in self.afters:
            m.after_turn(game, sheet, coups, marks, how)

    def rolls_text(self, game: TurnView, sheet: Sheet) -> tuple[str, dict[str, Any]] | None:
        """What ``yams play`` says of the rolls allowed, when a mechanic says it."""
        return next((t for m in self.played if (t := m.rolls_text(game, sheet))), None)

    def counters_json(self, sheet: Sheet) -> dict[str, Any]:
        """Every counter of every kind, as the JSON of a sheet writes them (0 when not
        played): the JSON shape is the same for every family."""
        out: dict[str, Any] = {}
        for kind in KINDS:
            mine = self.of(kind)
            if mine is not None:
                out.update(mine.counters_json(sheet))
            else:
                out.update({k: sorted(v) if isinstance(v, frozenset) else v
                            for k, v in kind.counters.items()})
        return out

    def sheet_parts(self, game: TurnView, sheet: Sheet, lang: str) -> list[str]:
        return [part for m in self.played for part in m.sheet_parts(game, sheet, lang)]

    def random_announce(self, game: TurnView, rng: random.Random, demo: bool
                        ) -> tuple[dict[str, Any], int | None]:
        fields: dict[str, Any] = {}
        roll = None
        for m in self.played:
            said, imposed = m.random_announce(game, rng, demo)
            fields.update(said)
            roll = imposed if imposed is not None else roll
        return fields, roll

    def random_entry(self, game: TurnView, rng: random.Random, dice: Any, roll: int,
                     demo: bool) -> dict[str, Any]:
        fields: dict[str, Any] = {}
        for m in self.played:
            fields.update(m.random_entry(game, rng, dice, roll, demo))
        return fields

    def random_rolls(self, game: TurnView, rng: random.Random) -> int | None:
        return next((n for m in self.played if (n := m.random_rolls(game, rng)) is not None),
                    None)
