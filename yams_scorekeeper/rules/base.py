"""What every rule family shares: rows as data, a figure per row, settings, and the scoring hooks.

A family is a small subclass of :class:`RuleSet` that sets class attributes (rows, sections,
dice count, roll allowance, columns, options, variants, player counts, default settings),
implements :meth:`RuleSet.score_row` (and, where a shared search pays, :meth:`RuleSet.figures`)
and overrides the game hooks it needs (setup, columns, counters, roll allowance, per-turn
refusals, totals). Like python-chess variants, the game asks its rule set and never which family
it plays: ``game.py``, ``config.py``, ``totals.py``, ``simulate.py``, the store and the CLI name
no family (``tests/test_family_homes.py`` reads every module outside ``rules/``, the advisers
in ``advice/`` included: they read ``rules.solver``, :class:`~.hints.SolverHints`). What only
the command line asks (``rules.hints``) and what only the advisers ask (``rules.solver``) live
beside the rule set (:mod:`.hints`); what it remembers, in one labelled place (:mod:`.memo`);
its settings' checks in :mod:`.settings`.
The hooks' defaults describe the plainest family: one column, no options, up to ``max_rolls``
rolls, rows 1-6 with a threshold bonus (Duel, Yatzy). Rule sets never print, read a file or a
clock.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..base.columns import Column
from ..base.dice import Dice, dice_texts, parse_plain, parse_roll
from ..base.errors import ConfigError, EntryError, IllegalMoveError
from ..base.figure import Figure as Figure
from ..base.totals import Totals, scores_sum, upper_total
from ..i18n import Joined, Message
from ..mechanics import ColumnKind, Mechanic, Mechanics, sheet_order
from .choices import normalise_id as normalise_id
from .hints import SolverHints, TableHints
from .memo import MOST_CONFIGURATIONS, MOST_REMEMBERED, MemoShelf, ScoreMemo
from .rows import Row as Row
from .rows import Section as Section
from .settings import copied, set_setting

if TYPE_CHECKING:  # pragma: no cover
    import random
    from typing import Any, ClassVar

    from ..base.sheet import Coup, Sheet
    from ..base.totals import Cells
    from ..mechanics.views import ConfigView, TurnView


@dataclass(frozen=True)
class Setup:
    """The choices a game is created with, as normalised ids, before and after
    :meth:`RuleSet.configure` checks and completes them."""

    players: tuple[str, ...]
    columns: tuple[str, ...] | None = None
    optional_rows: tuple[str, ...] = ()
    options: tuple[str, ...] = ()
    variant: str | None = None
    direction: str | None = None
    imposed: tuple[str, ...] | None = None
    preset: str | None = None
    explicit: bool = False


def choice_ids(rules: type[RuleSet]) -> dict[str, str]:
    """Every displayed name and spelling of a family's columns, options, optional rows,
    presets, variants and directions, compact (no dash), -> its id; made once a family and
    kept on its class (``_choice_ids``)."""
    made: dict[str, str] | None = vars(rules).get("_choice_ids")
    if made is not None:
        return made
    pairs = [*rules.column_names.items(), *rules.variants.items(),
             *((o, rules.option_labels.get(o, o)) for o in rules.options),
             *((r.id, r.name) for r in rules.rows if r.optional),
             *((p, p) for p in rules.presets), *((d, d) for d in rules.directions)]
    ids: dict[str, str] = {}
    for key, name in pairs:
        for text in (key, name):
            ids[normalise_id(text).replace("-", "")] = key
    for key, _ in pairs:        # K1: an id names its own part, whatever another's name says
        ids[normalise_id(key).replace("-", "")] = key
    for alias, key in rules.choice_aliases.items():
        ids.setdefault(alias.replace("-", ""), key)
    rules._choice_ids = ids
    return ids


def counts(dice: Dice) -> Counter[int]:
    """How many dice show each value."""
    return Counter(d.value for d in dice)


class RuleSet:
    """A rule family. Subclasses set the class attributes and implement ``score_row``.

    Instances carry the settings (every number a ruling calls a setting); the registry hands
    out instances with the default settings, and ``with_settings`` makes a club's variant.
    """

    #: registry name, French display name, other names accepted on the command line
    family: ClassVar[str] = ""
    title: ClassVar[str] = ""
    aliases: ClassVar[tuple[str, ...]] = ()
    #: the seed text and ruling prefix this family comes from
    source: ClassVar[str] = ""
    dice_count: ClassVar[int] = 5
    tagged: ClassVar[bool] = False
    #: most rolls a coup may take (Double Yams: 5, plus the announced sixth roll)
    max_rolls: ClassVar[int] = 3
    rows: ClassVar[tuple[Row, ...]] = ()
    sections: ClassVar[tuple[Section, ...]] = ()
    defaults: ClassVar[dict[str, Any]] = {}
    dice_example: ClassVar[str] = "5 5 5 3 3"
    #: dictionary settings that take new keys (Gaby's petit: a score for another sum)
    open_settings: ClassVar[tuple[str, ...]] = ()
    #: a game stopped before every sheet is full still has a winner (G7: only Gaby, Y9)
    stopped_game_has_winner: ClassVar[bool] = False
    #: how ``yams new`` orders the players when no --order is given: ``given`` or ``random``
    default_order: ClassVar[str] = "given"
    #: the ruling that scores the rows (C2, Y2, D2, U2), and those of the factors (D4, D5)
    score_rule: ClassVar[str] = ""
    factor_rules: ClassVar[dict[str, str]] = {}
    #: short names a player may type for a row (``ps`` for the petite suite), row id by name
    short_names: ClassVar[dict[str, str]] = {}
    #: the rows that are a yams (every die the same): ``yams stats --rows`` counts them made
    yams_rows: ClassVar[tuple[str, ...]] = ("yam",)

    # -- what a game of this family may be made of (read by config.py and the CLI) -----------
    #: players a game takes (rulings G6)
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 8
    #: the columns a sheet may have, id -> display name, in sheet order; the default choice
    column_names: ClassVar[dict[str, str]] = {"grille": "Grille"}
    #: how each column is filled, id -> kind (its name, order, roll limit, factor and the
    #: mechanic it brings, :mod:`~yams_scorekeeper.mechanics.columns`); a family that gives
    #: them has its ``column_names`` made from them
    column_kinds: ClassVar[dict[str, ColumnKind]] = {}
    default_columns: ClassVar[tuple[str, ...]] = ("grille",)
    #: options a game may switch on, in sheet order (Gaby: bloquant, deux-coups, ...)
    options: ClassVar[tuple[str, ...]] = ()
    #: an option in words where its id is not (Gaby: "deux-coups" -> "2 coups"), for labels
    option_labels: ClassVar[dict[str, str]] = {}
    #: named presets of columns, rows and options (Gaby Y10), and variants id -> display name
    presets: ClassVar[tuple[str, ...]] = ()
    variants: ClassVar[dict[str, str]] = {}
    #: directions of an ordered variant, id -> DOWN or UP (Double Yams forcé)
    directions: ClassVar[dict[str, str]] = {}
    #: other spellings of column, option, variant and direction ids (English, short forms)
    choice_aliases: ClassVar[dict[str, str]] = {}
    #: sections where an announced sixth roll may go (Double Yams D9)
    figure_sections: ClassVar[tuple[str, ...]] = ()
    #: True when a player may turn one die into another face (Duel U4)
    jokers: ClassVar[bool] = False
    #: variants that are played in a direction (Double Yams forcé: croissant or décroissant)
    directed_variants: ClassVar[tuple[str, ...]] = ()
    #: the column filled in an order the players give at creation (classic imposée, C5)
    imposed_column: ClassVar[str | None] = None
    #: options that need 2 players or more (Gaby bloquant, Y6)
    multi_player_options: ClassVar[tuple[str, ...]] = ()

    #: the ruling that lists the family's rows (``yams rules``, the docs' row reference)
    rows_rule: ClassVar[str] = ""
    #: what the command line and the advisers ask of the family, beside its rules
    #: (:mod:`.hints`): made with each rule set, as ``rules.hints`` and ``rules.solver``
    hints_class: ClassVar[type[TableHints]] = TableHints
    solver_class: ClassVar[type[SolverHints]] = SolverHints
    #: whether :meth:`read_throw` and :meth:`coup_figure` remember what they computed (worth
    #: it when throws come back: five dice make only 252 different throws)
    remembers_throws: ClassVar[bool] = True
    #: what the rule sets of each configuration remember (:mod:`.memo`)
    memos: ClassVar[MemoShelf] = MemoShelf(MOST_CONFIGURATIONS)
    #: every spelling of the family's choices -> its id (made when first asked:
    #: :func:`choice_ids`)
    _choice_ids: ClassVar[dict[str, str] | None] = None

    #: the family's rows by id (made with the class)
    _rows: ClassVar[dict[str, Row]] = {}
    #: the methods this family has its own of, by name (made with the class): a game does not
    #: ask, at every event, a default hook that refuses nothing and adds nothing
    own_methods: ClassVar[frozenset[str]] = frozenset()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._rows = {r.id: r for r in cls.rows}
        if "column_kinds" in vars(cls):
            cls.column_names = {cid: kind.name for cid, kind in cls.column_kinds.items()}
        cls.own_methods = frozenset(name for name, default in vars(RuleSet).items()
                                    if callable(default) and getattr(cls, name) is not default)

    def __init__(self, settings: Mapping[str, Any] | None = None):
        self.settings: dict[str, Any] = copied(self.defaults)
        for key, value in (settings or {}).items():
            set_setting(self.settings, self.defaults, self.open_settings, self.family, key,
                        value)
        #: what this configuration's rule sets remember (found when first asked: ``memos``)
        self._memo: ScoreMemo | None = None
        self.hints = self.hints_class(self)
        self.solver = self.solver_class(self)

    def with_settings(self, **overrides: Any) -> RuleSet:
        """A copy of this rule set with some settings changed (a house rule)."""
        merged = {**self.settings, **overrides}
        return type(self)(merged)

    # -- input -------------------------------------------------------------------------------

    def parse_dice(self, entry: str | list[str] | tuple[str, ...]) -> Dice:
        """Read the dice as typed for this family (tagged or not)."""
        return parse_plain(entry, self.dice_count)

    def read_throw(self, entry: Any) -> tuple[Dice, tuple[str, ...]]:
        """:meth:`parse_dice` of a stored entry, with the dice as the store writes them
        (``str`` of each die). Remembered for a list of strings when the family
        :attr:`remembers_throws`: a replay reads the same few hundred throws again and
        again. Anything else is parsed each time (and refused as :meth:`parse_dice` refuses
        it)."""
        key = None
        if type(entry) is list and self.remembers_throws:
            try:
                key = tuple(entry)
                throws = (self._memo or self.memos.of(self)).throws
                throw = throws.get(key)         # only lists of strings are kept: a hit is one
            except TypeError:                   # a list in the list: not kept
                key = throw = None
            if throw is not None:
                return throw
        dice = self.parse_dice(entry)
        throw = (dice, dice_texts(dice))
        if (key is not None and len(throws) < MOST_REMEMBERED
                and all(type(d) is str for d in key)):
            throws[key] = throw
        return throw

    def parse_roll(self, roll: str | int, maximum: int | None = None) -> int:
        """Read a roll number, checked against ``maximum`` (default: the family's allowance)."""
        return parse_roll(roll, self.max_rolls if maximum is None else maximum)

    def row(self, row_id: str) -> Row:
        """The row with this id (accents and case forgiven), or an EntryError listing the ids."""
        row = self._rows.get(row_id)
        if row is not None:
            return row
        key = normalise_id(row_id)
        row = self._rows.get(key)       # an id names its own row first (K1)
        if row is not None:
            return row
        compact = key.replace("-", "")
        short = self.short_names.get(compact)
        for row in self.rows:
            name = normalise_id(row.name)
            if (key in (row.id, name) or row.id == short
                    or compact in (row.id.replace("-", ""), name.replace("-", ""))):
                return row
        ids = " ".join(r.id for r in self.rows)
        raise EntryError(Message("rules.row", row_id=row_id, title=self.title), expected=ids)

    def cite(self, row_id: str, factors: Mapping[str, int] | None = None) -> str:
        """The rulings behind a row's score, as cited after an explanation: ``C2``,
        ``D2, D4, D5`` (the factors' rulings follow the row's)."""
        extra = sorted({self.factor_rules[f] for f in factors or {} if f in self.factor_rules})
        return ", ".join(([self.score_rule] if self.score_rule else []) + extra)

    def row_names(self, row_id: str) -> set[str]:
        """Every way a player may type this row, in the compact form :meth:`row` reads
        (lower case, no accents, no spaces or dashes): id, printed name, short names."""
        row = self._rows[row_id]
        names = {row.id, normalise_id(row.name)} | {k for k, v in self.short_names.items()
                                                      if v == row_id}
        return {n.replace("-", "") for n in names}

    def section_of(self, row_id: str) -> str:
        return self._rows[row_id].section

    # -- scoring hooks -----------------------------------------------------------------------

    def score_row(self, row_id: str, dice: Dice, roll: int) -> Figure:  # pragma: no cover
        """Hook: the figure the dice make in ``row_id`` after ``roll`` rolls (0 if not made)."""
        raise NotImplementedError

    def figures(self, dice: Dice, roll: int) -> list[Figure]:
        """Every row of the family, in grid order, with its score and explanation (remembered
        by dice and roll when the family :attr:`remembers_throws`, as :meth:`coup_figure`)."""
        if not self.remembers_throws:
            return [self.score_row(r.id, dice, roll) for r in self.rows]
        remembered = (self._memo or self.memos.of(self)).rows
        found = remembered.get((dice, roll))
        if found is None:
            found = tuple(self.score_row(r.id, dice, roll) for r in self.rows)
            if len(remembered) < MOST_REMEMBERED:
                remembered[(dice, roll)] = found
        return list(found)

    def figure(self, row_id: str, dice: Dice, roll: int) -> Figure:
        return self.score_row(self.row(row_id).id, dice, roll)

    # -- game set-up hooks (config.py) ---------------------------------------------------------

    @property
    def optional_rows(self) -> tuple[str, ...]:
        """The ids of the rows a game may leave out, in grid order."""
        return tuple(r.id for r in self.rows if r.optional)

    def normalise_choice(self, word: str) -> str:
        """A column, option, row, variant or direction as typed, made its canonical id: its
        id, its displayed name (``Demi-sec``, ``2 coups``, ``cases chance``) or another
        spelling, with or without accents, case, spaces or dashes (``demisec``, ``2coups``)."""
        key = normalise_id(" ".join(word.split()))
        key = self.choice_aliases.get(key, key)
        return choice_ids(type(self)).get(key.replace("-", ""), key)

    def names_choice(self, word: str) -> bool:
        """Whether ``word`` names a column, option, optional row, preset, variant or direction
        of the family (see :meth:`normalise_choice`)."""
        return self.normalise_choice(word) in choice_ids(type(self)).values()

    def configure(self, setup: Setup) -> Setup:
        """Hook: check the choices a game is created with and complete them with defaults.

        ``setup`` holds normalised ids; the answer has its ``columns`` set. Raise ConfigError
        naming the rule when choices do not go together. Default: the ``default_columns``
        (another choice of columns is refused), and no option, optional row, variant or
        direction (:meth:`no_extras`)."""
        self.no_extras(setup)
        if setup.columns and setup.columns != self.default_columns:
            raise ConfigError(Message("rules.one_column_per_player", title=self.title))
        return Setup(setup.players, self.default_columns)

    def no_extras(self, setup: Setup, *, variant: bool = True) -> None:
        """Refuse options, optional rows (and, with ``variant``, a variant or direction)."""
        extras = (*setup.options, *setup.optional_rows,
                  *((setup.variant, setup.direction) if variant else ()))
        if any(extras):
            what = ", ".join(str(x) for x in extras if x)
            raise ConfigError(Message("rules.takes", family=self.family, what=what))

    def build_columns(self, config: ConfigView, rows: tuple[str, ...]) -> tuple[Column, ...]:
        """Hook: the columns of every player's sheet, with their order and roll constraints
        (default: as their :attr:`column_kinds` make them, else free columns)."""
        kinds = self.column_kinds
        if kinds:
            return tuple(kinds[cid].column(cid, rows, config.imposed, self.column_factor(cid))
                         for cid in config.columns)
        return tuple(Column(cid, self.column_names.get(cid, cid), rows) for cid in config.columns)

    def column_factor(self, column: str) -> int | None:
        """Hook: the factor of a column's total when a setting gives it (Gaby Y5), else None
        (its kind's)."""
        return None

    def mechanics(self, config: ConfigView) -> list[Mechanic]:
        """Hook: the mechanics a game of this configuration plays besides its columns' (Gaby
        two coups and doblar, Duel jokers, Double Yams sixth roll, bank or pool), made with
        the settings. Default: none."""
        return []

    def game_mechanics(self, config: ConfigView, columns: tuple[Column, ...]) -> Mechanics:
        """Every mechanic of a game: :meth:`mechanics` and those its columns' kinds bring;
        the kinds of columns the game does not have are offered (their entry fields are
        refused in their own words)."""
        kinds, chosen = self.column_kinds, {c.id for c in columns}
        played = self.mechanics(config)
        played += [m for c in columns if c.id in kinds
                   if (m := kinds[c.id].mechanic(c)) is not None]
        offered = [m for cid, kind in kinds.items() if cid not in chosen
                   if (m := kind.mechanic(kind.column(cid, ()))) is not None]
        return Mechanics(played, offered)

    def label(self, config: ConfigView) -> str:
        """Hook: a human name for a configuration, used for records ("Double Yams forcé")."""
        return self.title

    def config_key_parts(self, config: ConfigView) -> list[str]:
        """Hook: what, besides the family, makes two games comparable for records."""
        return []

    def columns_label(self, config: ConfigView) -> str:
        """The label of a several-column family: its columns, optional rows and options."""
        parts = [" / ".join(self.column_names[c] for c in config.columns)]
        parts += [self.row(r).name.lower() for r in config.optional_rows]
        parts += [self.option_labels.get(o, o) for o in config.options]
        return f"{self.title} ({', '.join(parts)})"

    def columns_key_parts(self, config: ConfigView) -> list[str]:
        """The record key parts of a several-column family: columns, rows, options."""
        parts = ["+".join(config.columns)]
        if config.optional_rows:
            parts.append("+".join(config.optional_rows))
        if config.options:
            parts.append("+".join(config.options))
        return parts

    # -- turn hooks (game.py, simulate.py) -------------------------------------------------------

    def max_roll(self, game: TurnView) -> int:
        """Hook: the most rolls the current coup may have taken; at least 1 (a game does not
        ask it for a coup of one roll)."""
        return self.max_rolls

    def refuse_roll(self, game: TurnView, roll: int, maximum: int) -> IllegalMoveError | None:
        """Hook: a refusal with a reason better than "roll above the allowance", or None
        (asked only when ``roll`` is above ``maximum``)."""
        return None

    #: rows whose announce names a value too, with the size of their group (Double Yams D9)
    valued_rows: ClassVar[dict[str, int]] = {}

    def announced_figure(self, row: str, value: int | None, dice: Dice, roll: int) -> Figure:
        """Hook: the figure an announced roll makes in ``row`` (Double Yams D9)."""
        return self.score_row(row, dice, roll)

    def announce_cost(self, row: str, value: int | None) -> int:
        """Hook: what a missed announced roll costs in ``row`` (Double Yams D9; ``value``: the
        value a géante announce names)."""
        return 0

    def chance_cell(self, config: ConfigView, column: Column, row: str) -> bool:
        """Hook: a cell that takes a 0 whatever the coup's roll count (Gaby Y8)."""
        return False

    def coup_figure(self, game: TurnView, sheet: Sheet, row_id: str, coup: Coup) -> Figure:
        """One row's figure for this coup (the game's mechanics may then change it, the forced
        joker's H4): :meth:`score_row`, remembered by row, dice and roll when the family
        :attr:`remembers_throws` (a score depends on nothing else; found again by the dice's
        texts when the coup has them, as a die hashes in Python)."""
        if not self.remembers_throws:
            return self.score_row(row_id, coup.dice, coup.roll)
        memo = self._memo or self.memos.of(self)
        figures, texts, by_texts = memo.scores, coup.texts, memo.by_texts
        if texts is not None:           # the same scores by the dice's texts: no die hashed
            figure = by_texts.get((row_id, texts, coup.roll))
            if figure is not None:
                return figure
        key = (row_id, coup.dice, coup.roll)
        figure = figures.get(key)
        if figure is None:
            figure = self.score_row(row_id, coup.dice, coup.roll)
            if len(figures) < MOST_REMEMBERED:
                figures[key] = figure
        if texts is not None and len(by_texts) < MOST_REMEMBERED:
            by_texts[(row_id, texts, coup.roll)] = figure
        return figure

    def cell_bonus(self, game: TurnView, sheet: Sheet, column: Column, row: str,
                   coup: Coup) -> tuple[int, Message] | None:
        """Hook: a bonus written with the cell, outside its score, and its note (or None)."""
        return None

    def scratch_bonus(self, row: str, bonus: int) -> int:
        """Hook: what of a cell's bonus a scratch of it keeps. Default: all (a yahtzee
        scratched as a joker keeps its Yahtzee bonus, H4)."""
        return bonus

    def random_roll_count(self, game: TurnView, rng: random.Random) -> int:
        """Hook: a roll count the random player (demo, property tests) may use."""
        return rng.randint(1, game.max_roll())

    # -- totals hook (totals.py) -------------------------------------------------------------

    def sheet_totals(self, columns: tuple[Column, ...], cells: Cells) -> Totals:
        """Hook: what one player's sheet adds up to. Default: one column, the first section
        (rows 1-6) with ``bonus`` at ``bonus_threshold``, then every other section."""
        s = self.settings
        col = columns[0]
        upper, _ = upper_total(cells, col.id)
        bonus = s["bonus"] if upper >= s["bonus_threshold"] else 0
        first, *others = self.sections
        parts = {first.id: upper + bonus}
        details = {first.id: {first.id: upper, "bonus": bonus, "total": upper + bonus}}
        for sec in others:
            parts[sec.id] = scores_sum(cells, col.id, (r for r in sec.rows if r in col.rows))
            details[sec.id] = {"total": parts[sec.id]}
        return Totals(parts, details, sum(parts.values()))

    # helpers for subclasses
    def _fig(self, row_id: str, score: int, explain: Message | Joined, base: int | None = None,
             factors: Mapping[str, int] | None = None, **detail: Any) -> Figure:
        return Figure(row_id, self._rows[row_id].section, score, score if base is None else base,
                      explain, dict(factors or {}), detail)

    def _name(self, row_id: str) -> str:
        return self._rows[row_id].name


def columns_setup(rules: RuleSet, setup: Setup, rule: str) -> Setup:
    """A set-up of columns chosen among ``rules.column_names`` (default: its
    ``default_columns``), no option: the column filled in an order the players give
    (``rules.imposed_column``) needs that order, a permutation of the rows, and only it takes
    one (C5; ``rule`` is cited)."""
    rules.no_extras(setup)
    cols = setup.columns or rules.default_columns
    known(cols, rules.column_names, "rules.unknown_column")
    imposed_rows = None
    if rules.imposed_column in cols:
        row_ids = tuple(r.id for r in rules.rows)
        if not setup.imposed:
            raise ConfigError(Message("rules.impos_e_column_needs"),
                              expected="--imposed " + ",".join(reversed(row_ids)), rule=rule)
        imposed_rows = tuple(rules.row(r).id for r in setup.imposed)
        if sorted(imposed_rows) != sorted(row_ids):
            raise ConfigError(Message("rules.impos_e_order_must"),
                              expected=",".join(row_ids), rule=rule)
    elif setup.imposed:
        raise ConfigError(Message("rules.imposed_order_given_but"),
                          expected="--column imposee", rule=rule)
    return Setup(setup.players, sheet_order(tuple(cols), rules.column_kinds),
                 imposed=imposed_rows)


def known(given: Iterable[str], names: Mapping[str, Any] | Iterable[str], unknown: str) -> None:
    """Refuse any id of ``given`` that is not among ``names`` (a ConfigError listing them);
    ``unknown`` is the catalogue key of the refusal (``"rules.unknown_column"``)."""
    names = list(names)
    for item in given:
        if item not in names:
            raise ConfigError(Message(unknown, item=item),
                              expected=", ".join(names))


def upper_figure(rules: RuleSet, value: int, dice: Dice) -> Figure:
    """Rows 1-6 of the five-dice families: value x number of dice showing it."""
    n = [d.value for d in dice].count(value)
    row_id = str(value)
    if n == 0:
        return rules._fig(row_id, 0, Message("explain.upper_none", value=value))
    return rules._fig(row_id, n * value, Message(
        "explain.upper", value=value, n=n, score=n * value))
