"""A house sheet as a rule set: a :class:`RuleSet` subclass made from a :class:`SheetSpec`.

The class is made once per sheet (its rows, sections and columns are class data, as a built-in
family's are), and played everywhere a built-in family is: scoring, legal cells, explanations,
totals, the solvers. Each hook below is the house vocabulary's reading of a rule the built-in
families fix: the forced joker (Yahtzee H4), plus/moins (C3 or Y3), the bonuses' threshold
tables, the extra-yams and yams-servi bonuses, column kinds with their order, roll limit and
factor.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache, partial
from typing import TYPE_CHECKING

from ..base.columns import DOWN, UP, Column
from ..base.dice import Dice
from ..base.totals import Totals
from ..i18n import Joined, Message
from ..mechanics import (
    GIVEN,
    ColumnKind,
    ForcedJoker,
    Jokers,
    Mechanic,
    Mechanics,
    PlusAboveMoins,
    PlusMoins,
    RollBank,
)
from ..mechanics.annoncee import AnnonceeColumn, Announced
from ..rules.base import Figure, Row, RuleSet, Section, Setup, columns_setup
from ..rules.hints import SolverHints, TableHints
from . import scoring, words
from .vocabulary import BonusSpec, ColumnSpec, SheetSpec

if TYPE_CHECKING:  # pragma: no cover
    from typing import Any, ClassVar

    from ..base.sheet import Coup, Sheet
    from ..base.totals import Cells
    from ..mechanics.views import ConfigView, TurnView

#: the ruling a house sheet's refusals cite: the sheet itself
HOUSE_RULE = "house"


class NoAnnoncee(Announced):
    """The announce of a sheet without an annoncée column: refused in its own words."""

    absent = ("game.announce_no_annoncee_column", HOUSE_RULE)


class SavedRolls(RollBank):
    """A house sheet's unused rolls, saved for the player's later turns (Maxi Yatzy)."""

    rule = HOUSE_RULE


class HouseRules(RuleSet):
    """The rules of one house sheet (a subclass per sheet: :func:`house_rules_class`)."""

    family = "house"
    sheet: ClassVar[SheetSpec]
    #: the sheet's identity (its name and a short hash of its rules)
    identity: ClassVar[str] = ""
    score_rule = HOUSE_RULE
    rows_rule = HOUSE_RULE
    yams_rows: ClassVar[tuple[str, ...]] = ()

    # -- scoring ---------------------------------------------------------------------------

    def score_row(self, row_id: str, dice: Dice, roll: int) -> Figure:
        values = tuple(d.value for d in dice)
        points, why = scoring.score(self.sheet.row(row_id), values)
        return self._fig(row_id, points, why)

    def _joker_figure(self, row_id: str, dice: Dice) -> Figure:
        """A jokered row's figure (a full or a straight scored in full, as Yahtzee H4)."""
        values = tuple(d.value for d in dice)
        points, why = scoring.score(self.sheet.row(row_id), values, joker=True)
        return self._fig(row_id, points, why)

    def cell_bonus(self, game: TurnView, sheet: Sheet, column: Column, row: str,
                   coup: Coup) -> tuple[int, Message] | None:
        """The extra-yams bonus (a yams rolled when the yams row holds a score) and the yams
        servi bonus (a yams made on the first roll, written in the yams row)."""
        spec = self.sheet
        if len({d.value for d in coup.dice}) != 1 or not (spec.extra_yams or spec.yams_servi):
            return None
        yams = spec.rows_of("yams")[0].id
        got: list[tuple[int, Message]] = []
        mark = sheet.marks.get((column.id, yams))
        if spec.extra_yams and mark is not None and mark.score > 0:
            got.append((spec.extra_yams, Message("explain.house_extra_yams",
                                                 bonus=spec.extra_yams)))
        if spec.yams_servi and row == yams and coup.roll == 1:
            got.append((spec.yams_servi, Message("explain.house_yams_servi",
                                                 bonus=spec.yams_servi)))
        if not got:
            return None
        if len(got) == 1:
            return got[0]
        return sum(b for b, _ in got), Message("explain.house_bonuses",
                                               notes=Joined(Message("explain.and"),
                                                            [m for _, m in got]))

    def scratch_bonus(self, row: str, bonus: int) -> int:
        """K3: the yams servi bonus needs the yams written, so a scratched yams row keeps no
        bonus (its only bonus: an extra yams needs that row already holding a score)."""
        return 0 if row in self.yams_rows else bonus

    # -- a game of this sheet ------------------------------------------------------------------

    def configure(self, setup: Setup) -> Setup:
        """The columns chosen (default: those not optional). Columns that are all optional
        are added to the default ones, in the sheet's order (K7: naming Gaby's sec never
        drops its libre); naming a default column chooses the columns as given. An imposée
        column without its order in the file takes the players' order at creation (C5)."""
        optional = {c.id for c in self.sheet.columns if c.optional}
        if setup.columns and not setup.explicit and set(setup.columns) <= optional:
            given = tuple(c.id for c in self.sheet.columns
                          if c.id in setup.columns or not c.optional)
            setup = Setup(setup.players, given, setup.optional_rows, setup.options,
                          setup.variant, setup.direction, setup.imposed, setup.preset,
                          setup.explicit)
        return columns_setup(self, setup, HOUSE_RULE)

    def build_columns(self, config: ConfigView, rows: tuple[str, ...]) -> tuple[Column, ...]:
        """The columns as their kinds make them; an imposée column takes the order the file
        gives, else the players' (C5)."""
        orders = {c.id: c.order for c in self.sheet.columns}
        return tuple(self.column_kinds[cid].column(cid, rows, orders[cid] or config.imposed)
                     for cid in config.columns)

    def label(self, config: ConfigView) -> str:
        if len(self.sheet.columns) == 1:
            return self.title
        return self.columns_label(config)

    def config_key_parts(self, config: ConfigView) -> list[str]:
        return [self.identity, *self.columns_key_parts(config)]

    def max_roll(self, game: TurnView) -> int:
        """The most rolls a coup may take and still have a cell to go to: when only sèche or
        demi-sèche cells are left, their roll limit (as Gaby's Y4)."""
        written = game.player.marks.keys()
        cap = 0
        for column in game.columns:
            if written >= column.cells:
                continue
            if column.max_roll is None:
                return self.max_rolls
            cap = max(cap, column.max_roll)
        return cap or self.max_rolls

    def game_mechanics(self, config: ConfigView, columns: tuple[Column, ...]) -> Mechanics:
        """The game's mechanics; on a sheet without an annoncée column an announce is
        refused saying so (not as a sixth roll, which house sheets do not have)."""
        made = super().game_mechanics(config, columns)
        if not any(c.kind == "annoncee" for c in self.sheet.columns):
            made.offered += (NoAnnoncee("", ""),)
        return made

    def mechanics(self, config: ConfigView) -> list[Mechanic]:
        """The joker rule (as Yahtzee H4: a yams rolled when the yams row is filled scores
        the fulls and straights in full, and, forced, goes to the upper row of its value if
        empty, else to an empty lower row, else to an empty upper row as a 0), Duel's jokers
        when the sheet has some (U4), plus and moins read as C3 (once one is written, the
        other keeps plus strictly above moins, else only a 0)."""
        spec = self.sheet
        played: list[Mechanic] = []
        if spec.joker != "none":
            upper: dict[int, str] = {}
            for r in spec.rows_of("upper"):
                upper.setdefault(r.value, r.id)     # the first row of each value
            jokered = {r.id: partial(self._joker_figure, r.id) for r in spec.rows
                       if r.kind in ("full", "straight")}
            played.append(ForcedJoker(
                spec.rows_of("yams")[0].id, jokered, upper=upper,
                lower=frozenset(r.id for r in spec.rows if r.kind != "upper"),
                names={r.id: r.name for r in self.rows}, forced=spec.joker == "forced",
                rule=HOUSE_RULE))
        if spec.die_jokers:
            played.append(Jokers(spec.die_jokers, spec.die_jokers_per_turn))
        if spec.saved_rolls:
            played.append(SavedRolls(spec.rolls))
        if spec.rows_of("plus") and spec.plus_moins == "C3":
            plus, moins = spec.rows_of("plus")[0].id, spec.rows_of("moins")[0].id
            played.append(PlusAboveMoins(plus, moins, (self._name(plus), self._name(moins))))
        return played

    # -- totals --------------------------------------------------------------------------------

    def sheet_totals(self, columns: tuple[Column, ...], cells: Cells) -> Totals:
        """Each column's rows (plus and moins voided when read as Y3 and plus is not above
        moins), its bonuses, times its factor, and the yams bonuses written beside its cells,
        which the factor does not multiply (K3); the sheet's bonuses, each a part of its own.
        A sheet of one column is added up by section, whatever its bonuses or factor (K5),
        its yams bonuses a part of their own, as the built-in one-column families; a sheet
        of several columns by column, whatever columns a game chose."""
        spec = self.sheet
        parts: dict[str, int] = {}
        details: dict[str, dict[str, int]] = {}
        by_section = len(spec.columns) == 1
        yams_key = f"{spec.rows_of('yams')[0].id}_bonus" if spec.extra_yams or spec.yams_servi \
            else None
        for col in columns:
            scores = {r: m.score for (c, r), m in cells.items() if c == col.id}
            self._void_plus_moins(scores)
            sections = {s.id: 0 for s in spec.sections}
            for row in col.rows:
                sections[spec.row(row).section] += scores.get(row, 0)
            bonuses = {b.id: self._bonus(b, [scores], col.rows) for b in spec.bonuses
                       if b.scope == "column"}
            factor = col.factor
            if by_section:
                for sec in spec.sections:
                    own = {b: v for b, v in bonuses.items()
                           if spec.row(self._bonus_spec(b).rows[0]).section == sec.id}
                    total = (sections[sec.id] + sum(own.values())) * factor
                    parts[sec.id] = total
                    detail = {sec.id: sections[sec.id], **own} if own else {}
                    if factor != 1:
                        detail["factor"] = factor
                    details[sec.id] = {**detail, "total": total}
                continue
            extra = {yams_key: sum(getattr(m, "bonus", 0) for (c, _), m in cells.items()
                                   if c == col.id)} \
                if yams_key else {}
            parts[col.id] = (sum(sections.values()) + sum(bonuses.values())) * factor \
                + sum(extra.values())
            details[col.id] = {**sections, **bonuses, **extra, "total": parts[col.id]}
            if factor != 1:
                details[col.id]["factor"] = factor
        for bonus in spec.bonuses:
            if bonus.scope == "sheet":
                per_column = []
                for col in columns:
                    scores = {r: m.score for (c, r), m in cells.items() if c == col.id}
                    self._void_plus_moins(scores)
                    per_column.append(scores)
                rows = tuple(r for col in columns for r in col.rows)
                parts[bonus.id] = self._bonus(bonus, per_column, rows, len(columns))
                details[bonus.id] = {"total": parts[bonus.id]}
        if yams_key and by_section:
            extra_total = sum(getattr(mark, "bonus", 0) for mark in cells.values())
            parts[yams_key] = extra_total
            details[yams_key] = {"total": extra_total}
        return Totals(parts, details, sum(parts.values()))

    def _bonus_spec(self, bonus_id: str) -> BonusSpec:
        return next(b for b in self.sheet.bonuses if b.id == bonus_id)

    def _bonus(self, bonus: BonusSpec, columns: list[dict[str, int]], rows: tuple[str, ...],
               count: int = 1) -> int:
        """The step a bonus's rows reach (the highest threshold reached; 0 below the first,
        and, when ``when`` is ``filled``, until every one of its cells is filled)."""
        present = [r for r in bonus.rows if r in rows]
        if bonus.when == "filled" and any(r not in scores for scores in columns
                                          for r in present):
            return 0
        total = sum(scores.get(r, 0) for scores in columns for r in present)
        return self._set(bonus).given(total)

    def _set(self, bonus: BonusSpec) -> BonusSpec:
        """A bonus as played; the first bonus of one step reads its numbers from the settings
        (``bonus_threshold``, ``bonus``: ``yams score --setting`` and the solver see them)."""
        if bonus is self.sheet.bonuses[0] and "bonus" in self.settings:
            step = (int(self.settings["bonus_threshold"]), int(self.settings["bonus"]))
            return replace(bonus, steps=(step,))
        return bonus

    def _void_plus_moins(self, scores: dict[str, int]) -> None:
        """Y3: when plus and moins are both written and plus is not above moins, both
        count 0."""
        if self.sheet.plus_moins != "Y3" or not self.sheet.rows_of("plus"):
            return
        plus, moins = self.sheet.rows_of("plus")[0].id, self.sheet.rows_of("moins")[0].id
        if PlusMoins.cancelled(scores.get(plus), scores.get(moins)):
            scores[plus] = scores[moins] = 0

class HouseHints(TableHints):
    """What the command line asks of a house sheet (a subclass per sheet gives its layout and
    its topics): each row's rule in words, from the sheet."""

    rules: HouseRules

    def row_text(self, row_id: str) -> tuple[str, str, str, int]:
        sheet = self.rules.sheet
        row = sheet.row(row_id)
        return (words.row_rule(sheet, row, "en"), words.row_rule(sheet, row, "fr"),
                scoring.example(row), 1)


class HouseSolver(SolverHints):
    """What the advisers ask of a house sheet (a subclass per sheet says whether the exact
    solver covers it)."""

    rules: HouseRules

    def state(self, rows: tuple[str, ...]) -> dict[str, Any]:
        """Duel's jokers, the forced joker with its extra-yams bonus, or C3 plus/moins, for
        the sheets whose rules the exact solver knows (:func:`exactly_solvable`)."""
        spec = self.rules.sheet
        idx = {r: i for i, r in enumerate(rows)}
        if spec.die_jokers:
            return {"jokers": spec.die_jokers if spec.die_jokers_per_turn else 0}
        if spec.joker == "forced" and spec.extra_yams:
            jokered = tuple((idx[r.id], r.points) for r in spec.rows
                            if r.kind in ("full", "straight") and r.id in idx)
            return {"forced_joker": (idx[spec.rows_of("yams")[0].id], spec.extra_yams,
                                     jokered)}
        if spec.rows_of("plus") and spec.plus_moins == "C3":
            plus, moins = spec.rows_of("plus")[0].id, spec.rows_of("moins")[0].id
            if plus in idx and moins in idx:
                return {"plus_moins": (idx[plus], idx[moins])}
        return {}


def exactly_solvable(spec: SheetSpec) -> bool:
    """Whether the exact solver covers a one-column game of the sheet (its free column: the
    adviser asks :func:`~yams_scorekeeper.advice.spec.solvable` with the game's columns):
    :func:`solver_gaps` finds nothing."""
    return not solver_gaps(spec)


def solver_gaps(spec: SheetSpec) -> list[Message]:
    """What of the sheet the exact solver's model cannot say, in words (empty: it is solved
    exactly). The model: a free column counting once, three rolls, at most one bonus (one
    step, on rows 1-6, per column; reached or filled is the same at the end), at most one of
    the extra states it tracks (Duel's jokers, the forced joker with fixed-score figures and
    an extra-yams bonus, C3 plus/moins), no yams servi."""
    gaps: list[Message] = []
    if not any(c.kind == "libre" and c.factor == 1 for c in spec.columns):
        gaps.append(Message("rules.house_unsolved_no_free_column"))
    if spec.dice != 5:
        gaps.append(Message("rules.house_unsolved_dice", n=spec.dice))
    if spec.rolls != 3:
        gaps.append(Message("rules.house_unsolved_rolls", n=spec.rolls))
    if spec.saved_rolls:
        gaps.append(Message("rules.house_unsolved_saved_rolls"))
    if len(spec.bonuses) > 1:
        gaps.append(Message("rules.house_unsolved_bonuses", n=len(spec.bonuses)))
    upper = {r.id for r in spec.rows_of("upper")}
    for bonus in spec.bonuses[:1]:
        if bonus.threshold is not None:
            gaps.append(Message("rules.house_unsolved_formula", name=bonus.name))
        if len(bonus.steps) > 1:
            gaps.append(Message("rules.house_unsolved_steps", name=bonus.name, steps=Joined(
                ", ", [Message("rules.house_unsolved_step", bonus=points, at=threshold)
                       for threshold, points in bonus.steps])))
        if bonus.scope != "column":
            gaps.append(Message("rules.house_unsolved_sheet_bonus", name=bonus.name))
        if set(bonus.rows) != upper:
            gaps.append(Message("rules.house_unsolved_bonus_rows", name=bonus.name))
    if not all(r.id == str(r.value) for r in spec.rows_of("upper")) or any(
            r.id.isdigit() for r in spec.rows if r.kind != "upper"):
        gaps.append(Message("rules.house_unsolved_upper_ids"))
    gaps += _joker_gaps(spec)
    states = sum((bool(spec.die_jokers), spec.joker != "none",
                  bool(spec.rows_of("plus")) and spec.plus_moins == "C3"))
    if states > 1:
        gaps.append(Message("rules.house_unsolved_states"))
    if spec.rows_of("plus") and spec.plus_moins == "Y3":
        gaps.append(Message("rules.house_unsolved_y3"))
    if spec.yams_servi:
        gaps.append(Message("rules.house_unsolved_servi", n=spec.yams_servi))
    if spec.die_jokers and not spec.die_jokers_per_turn:
        gaps.append(Message("rules.house_unsolved_die_jokers"))
    return gaps


def _joker_gaps(spec: SheetSpec) -> list[Message]:
    """The joker rule and the extra-yams bonus, where the solver does not model them (it
    knows the forced joker with an extra-yams bonus and fixed-score figures only)."""
    if spec.joker == "free":
        return [Message("rules.house_unsolved_free_joker")]
    if spec.joker == "none":
        return [Message("rules.house_unsolved_extra_yams")] if spec.extra_yams else []
    if not spec.extra_yams:
        return [Message("rules.house_unsolved_forced_no_extra")]
    if not all(r.score == "fixed" for r in spec.rows if r.kind in ("full", "straight")):
        return [Message("rules.house_unsolved_forced_sums")]
    return []


#: a column kind's order in a sheet's columns
_ORDERS = {"descendante": DOWN, "montante": UP, "imposee": GIVEN}


def column_kind(column: ColumnSpec) -> ColumnKind:
    """The mechanics' kind of a house column: its order, roll limit and factor, and the
    announce the annoncée kind brings."""
    if column.kind == "annoncee":       # the annoncée column's announce (C7)
        return AnnonceeColumn(column.name, factor=column.factor, rule=HOUSE_RULE, last=True)
    return ColumnKind(column.name, _ORDERS.get(column.kind), column.rolls, column.factor,
                      HOUSE_RULE)


@lru_cache(maxsize=64)
def house_rules_class(spec: SheetSpec, identity: str) -> type[HouseRules]:
    """The rule set class of a sheet, made once for each sheet (a sheet and its identity)."""
    sections = tuple(Section(s.id, s.name, tuple(r.id for r in spec.rows if r.section == s.id))
                     for s in spec.sections)
    defaults: dict[str, Any] = {}
    if spec.bonuses and len(spec.bonuses[0].steps) == 1:
        threshold, bonus = spec.bonuses[0].steps[0]
        defaults.update(bonus_threshold=threshold, bonus=bonus)
    if spec.die_jokers:
        defaults.update(jokers=spec.die_jokers, jokers_per_turn=spec.die_jokers_per_turn)
    imposed = next((c.id for c in spec.columns if c.kind == "imposee" and c.order is None), None)
    attrs: dict[str, Any] = {
        "sheet": spec, "identity": identity, "title": spec.title, "dice_count": spec.dice,
        "source": identity, "max_rolls": spec.rolls,
        "rows": tuple(Row(r.id, r.name, r.section) for r in spec.rows),
        "sections": sections, "defaults": defaults,
        "min_players": spec.min_players, "max_players": spec.max_players,
        "column_kinds": {c.id: column_kind(c) for c in spec.columns},
        "default_columns": tuple(c.id for c in spec.columns if not c.optional),
        "imposed_column": imposed, "jokers": bool(spec.die_jokers),
        "yams_rows": tuple(r.id for r in spec.rows_of("yams")),
        "hints_class": type("HouseHints", (HouseHints,), {
            "sheet_layout": "columns" if len(spec.columns) > 1 else "players",
            "topic_texts": words.topics(spec)}),
        "solver_class": type("HouseSolver", (HouseSolver,),
                             {"exactly_solved": exactly_solvable(spec)}),
        "__doc__": f"The house sheet {identity}.",
    }
    return type(f"HouseRules_{identity.rpartition('#')[2]}", (HouseRules,), attrs)
