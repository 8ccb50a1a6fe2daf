"""What a mechanic is: one rule of play that a family switches on, with everything it owns.

A family is its rows, its scoring and a list of mechanics with their settings (python-chess's
Three-check owns its ``remaining_checks``): the two coups and the doblar (Gaby Y7), the Duel
jokers (U4), the announced sixth roll (Double Yams D9), the roll bank and the roll pool (D10),
the annoncée column (C7), plus/moins (C3, Y3), bloquant (Y6), the forced joker (H4). A
mechanic owns

- its **state on each sheet**: :attr:`Mechanic.counters`, kept in ``Sheet.state`` by name
  (``sheet.jokers_left`` reads it; a sheet that does not play the mechanic reads the resting
  value given here);
- its **checks at entry** (:meth:`check_entry`, :meth:`check_without`, :meth:`max_roll`,
  :meth:`only_scratch`) **and at mark** (:meth:`coup_figures`, :meth:`refuse_cell`,
  :meth:`assess`, :meth:`zero_only`, :meth:`cell_bonus`, :meth:`write`);
- **what a player types for it**: the field of an ``enter`` event it reads
  (:attr:`entry_field`), the words before its value in the notation (:attr:`words`,
  :attr:`example`, :attr:`once`), how the log, a transcript and the store write it
  (:meth:`logged`, :meth:`text`) and how a replacement turn keeps it (:meth:`amended`);
- its **JSON fields** (:meth:`counters_json`, :meth:`coup_json`), its lines on the sheet views
  (:meth:`sheet_parts`, :meth:`coup_note`) and in the demo (:meth:`demo_text`), its help topic
  and line in ``yams play`` (:attr:`help_topic`, :attr:`help_line`), what the random player
  types for it (:meth:`random_entry`) and what the advisers need (:attr:`planned`; the kinds
  that write :meth:`apply` and :meth:`write` are the ones they plan, see
  :data:`yams_scorekeeper.mechanics.DIE_CHANGER`).

The game, the store, the command line, transcripts and advisers ask the game's mechanics
(:class:`Mechanics`) and never name one. Every hook's default does nothing, so a mechanic
writes only the hooks it needs. A mechanic is a plain object made with its settings (a
column's id, a number of jokers): code that is not a built-in family (a house sheet) makes
them with its own parameters.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ..base.errors import IllegalMoveError
from ..i18n import Message

if TYPE_CHECKING:  # pragma: no cover
    import random
    from typing import Any, ClassVar, TypeAlias

    from ..base.columns import Column
    from ..base.dice import Dice
    from ..base.figure import Figure
    from ..base.sheet import Coup, Mark, Sheet
    from .views import RulesView, TurnView

#: what :meth:`Mechanic.assess` answers: the fields of a legal cell after its coup (score,
#: explain, notes, zero_only, scratchable, figure, bonus)
Assessment: TypeAlias = "tuple[Any, ...]"


class CellRefusal(Exception):
    """Why a coup may not go in a cell: a message and the rule; the game turns it into an
    :class:`~yams_scorekeeper.base.errors.IllegalMoveError` when the player named the cell, and
    leaves the cell out of the legal cells otherwise."""

    def __init__(self, message: Message, rule: str):
        super().__init__(message.key)
        self.message, self.rule = message, rule

    def error(self) -> IllegalMoveError:
        return IllegalMoveError(self.message, rule=self.rule)


class Mechanic:
    """One mechanic of a game. Subclasses set the class attributes and write the hooks they
    need; the defaults change nothing."""

    #: its id (the help topic, the docs)
    id: ClassVar[str] = ""
    #: the ruling it comes from
    rule: ClassVar[str] = ""
    #: the counters it keeps on each sheet, by name, with the value a sheet shows that does
    #: not play it (the JSON of every sheet lists them all, 0 when not played)
    counters: ClassVar[Mapping[str, Any]] = {}
    #: the field of an ``enter`` event it reads, as a player types it after the dice
    #: (``joker 4:6``), or None
    entry_field: ClassVar[str | None] = None
    #: the words a player types before the entry's value (the first is the one written)
    words: ClassVar[tuple[str, ...]] = ()
    #: the refusal of its entry field in a game that does not play it: catalogue key, rule
    absent: ClassVar[tuple[str, str] | None] = None
    #: how a transcript line shows its entry, to say what may follow the roll
    #: (``joker 4:6``), or None
    example: ClassVar[str | None] = None
    #: the same example in the player's language (catalogue key: ``annonce youpi``), or None
    example_key: ClassVar[str | None] = None
    #: True when its value may be typed in several words (a row name: ``double carré``)
    spaced: ClassVar[bool] = False
    #: the words a player types before the two cells of a turn that writes two (``d A B``)
    pair_words: ClassVar[tuple[str, ...]] = ()
    #: the refusal of its entry typed twice after one roll (catalogue key, rule), or None
    #: when the last one typed counts
    once: ClassVar[tuple[str, str] | None] = None
    #: its topic in the ``yams play`` help: the placeholder of ``table.help`` that its line
    #: (:attr:`help_line`) fills, and that stays empty in a game that does not play it
    help_topic: ClassVar[str | None] = None
    #: the catalogue key of its line in the ``yams play`` help, or None
    help_line: ClassVar[str | None] = None
    #: False when the advisers' plans do not cover it (they then leave its cells to the player)
    planned: ClassVar[bool] = True

    @staticmethod
    def typed(value: Any) -> Any:
        """The entry's value as given to ``Game.enter``, as an ``enter`` event writes it."""
        return value

    # -- the sheet -----------------------------------------------------------------------------

    def start(self) -> dict[str, Any]:
        """The counters a sheet starts the game with (default: none)."""
        return {}

    # -- entering dice -------------------------------------------------------------------------

    def coups(self) -> int:
        """How many coups a turn may take (the game takes the most any mechanic allows)."""
        return 1

    def max_roll(self, game: TurnView, sheet: Sheet, most: int) -> int:
        """The most rolls the current coup may have taken, given the family's ``most``."""
        return most

    def rolls_text(self, game: TurnView, sheet: Sheet) -> tuple[str, dict[str, Any]] | None:
        """What ``yams play`` says of the rolls allowed (a catalogue key and its values), or
        None to leave it to the others."""
        return None

    def random_rolls(self, game: TurnView, rng: random.Random) -> int | None:
        """A roll count for the random player, when this mechanic decides it (else None)."""
        return None

    def only_scratch(self, game: TurnView, sheet: Sheet) -> bool:
        """Whether the sheet may enter no dice and only scratch its cells (165, D10)."""
        return False

    def check_entry(self, game: TurnView, sheet: Sheet, value: Any, roll: int) -> Any:
        """The value of :attr:`entry_field` as the coup keeps it, once checked (raise
        ``IllegalMoveError``/``EntryError`` naming the rule)."""
        return value

    def ahead(self, game: TurnView, text: str) -> tuple[str, int] | None:
        """When its entry may be typed alone before the dice (``announce youpi``, then the
        dice of the sixth roll, D9): the entry as ``text`` says it and the roll its dice
        take; None when it may not."""
        return None

    def asked(self, game: TurnView, sheet: Sheet, roll: int) -> list[str] | None:
        """When a coup of ``roll`` rolls needs its entry and it was not typed: the choices
        the table asks for (``yams play``), else None."""
        return None

    def check_without(self, game: TurnView, sheet: Sheet, roll: int) -> None:
        """Refuse a coup that does not give :attr:`entry_field` when this one needs it."""

    def apply(self, game: TurnView, sheet: Sheet, rolled: Dice, texts: tuple[str, ...],
              value: Any) -> tuple[Dice, tuple[str, ...]]:
        """The dice scored once the entry's value is applied to the throw (default: as
        thrown)."""
        return rolled, texts

    @staticmethod
    def text(value: Any) -> str:
        """The entry's value as a transcript writes it after :attr:`words` (``4:6``)."""
        return str(value)

    @staticmethod
    def logged(value: Any) -> Any:
        """The entry's value as the coup keeps it, as the log, the store and a transcript
        write it."""
        return value

    @staticmethod
    def amended(rules: RulesView, text: str) -> Any:
        """The entry's value typed in a past turn's replacement (``yams fix``), as an
        amendment keeps it (default: as typed)."""
        return text

    @staticmethod
    def coup_json(value: Any) -> Any:
        """The entry's value in the JSON of a coup (``yams log --json``): null when not typed."""
        return value

    @staticmethod
    def demo_text(rules: RulesView, value: Any, lang: str) -> str:
        """What the demo says of the entry after the dice of a coup, in ``lang``."""
        return ""

    def coup_note(self, game: TurnView, coup: Coup, lang: str) -> str | None:
        """What the line of the coup being placed says of its entry (``joker 4→6, rolled
        ...``), in ``lang``, or None."""
        return None

    # -- writing cells -------------------------------------------------------------------------

    def coup_figures(self, game: TurnView, sheet: Sheet, coup: Coup,
                     figures: list[Figure], column: Column) -> list[Figure]:
        """Every row's figure for this coup in ``column`` of this sheet, given the family's
        ``figures`` (the forced joker scores a full house in full, H4); default: as given."""
        return figures

    def coup_figure(self, game: TurnView, sheet: Sheet, row: str, coup: Coup,
                    figure: Figure, column: Column) -> Figure:
        """One row's figure for this coup in ``column`` of this sheet, given the family's
        ``figure`` (:meth:`coup_figures` for one row); default: as given."""
        return figure

    def refuse_cell(self, game: TurnView, sheet: Sheet, column: Column, row: str,
                    coup: Coup) -> CellRefusal | None:
        """Why this coup may not go in (column, row), or None."""
        return None

    def instead(self, game: TurnView, sheet: Sheet, coup: Coup) -> str | None:
        """What to type instead of a coup that no cell can take (K2), as the notation
        writes an entry (``66441/2 announce 4``), or None."""
        return None

    def assess(self, game: TurnView, sheet: Sheet, column: Column, row: str,
               coup: Coup) -> Assessment | None:
        """What (column, row) takes from this coup when the mechanic decides it (an
        :data:`Assessment`), or None to let the family score it."""
        return None

    def zero_only(self, game: TurnView, sheet: Sheet, column: Column, row: str,
                  score: int) -> Message | None:
        """Why a non-zero ``score`` cannot be written in (column, row), only a 0 (C3
        plus/moins, Y6 bloquant), or None."""
        return None

    def cell_bonus(self, game: TurnView, sheet: Sheet, column: Column, row: str,
                   coup: Coup) -> tuple[int, Message] | None:
        """A bonus written with the cell, outside its score, and its note (the Yahtzee
        bonus, H4), or None."""
        return None

    def write(self, game: TurnView, sheet: Sheet, cells: list[dict[str, Any]]
              ) -> tuple[list[Mark], str] | None:
        """The marks of a ``mark`` event of several cells, when the mechanic writes them
        (the doblar), and what it says of the turn (given to :meth:`after_turn`); or None.
        The game commits them."""
        return None

    def pairs_left(self, game: TurnView, sheet: Sheet) -> bool:
        """Whether this turn may still write two cells, one from each coup (the doblar)."""
        return False

    def pairs_possible(self, sheet: Sheet) -> bool:
        """Whether the sheet may still write two cells in some turn (the advisers plan it)."""
        return False

    def after_turn(self, game: TurnView, sheet: Sheet, coups: tuple[Coup, ...],
                   marks: tuple[Mark, ...], how: str | None) -> None:
        """Update the sheet's counters once a turn is written (``how``: what :meth:`write`
        said of the turn, when it wrote it)."""

    # -- what is said of it --------------------------------------------------------------------

    def counters_json(self, sheet: Sheet) -> dict[str, Any]:
        """Its counters as the JSON of a sheet writes them."""
        return {name: sheet.state.get(name, rest) for name, rest in self.counters.items()}

    def sheet_parts(self, game: TurnView, sheet: Sheet, lang: str) -> list[str]:
        """Its lines under a sheet (``2 jokers left``), in ``lang``."""
        return []

    def random_announce(self, game: TurnView, rng: random.Random, demo: bool
                        ) -> tuple[dict[str, Any], int | None]:
        """What the random player (``demo``: the demo's, who takes the best score) types for
        it before the dice are drawn, and the roll count that imposes (None: any)."""
        return {}, None

    def random_entry(self, game: TurnView, rng: random.Random, dice: Dice, roll: int,
                     demo: bool) -> dict[str, Any]:
        """What the random player types for it with these dice (``{"joker": (4, 6)}``)."""
        return {}


def resting_counters(kinds: tuple[type[Mechanic], ...]) -> dict[str, Any]:
    """Every counter of these kinds, by name, with its resting value (in their order)."""
    out: dict[str, Any] = {}
    for kind in kinds:
        for name, value in kind.counters.items():
            out.setdefault(name, value)
    return out
