"""A house row's rule in words (``yams house check``, ``yams rules``): what makes it, how it
scores, in English or French, unless the file gives its own rule text."""

from __future__ import annotations

from ..i18n import Joined, Message
from .vocabulary import BonusSpec, ColumnSpec, RowSpec, SheetSpec


def _figure(sheet: SheetSpec, row: RowSpec) -> Message:
    """What the dice must show."""
    kind = row.kind
    if kind == "upper":
        return Message("rules.house_needs_upper", v=row.value)
    if kind == "kind":
        return Message("rules.house_needs_kind", n=row.n)
    if kind == "kind-and":
        if row.other == "opposite":
            return Message("rules.house_needs_kind_opposite", n=row.n)
        return Message("rules.house_needs_kind_value", n=row.n, v=row.value)
    if kind == "full":
        return Message("rules.house_needs_full_yams" if row.yams else "rules.house_needs_full")
    if kind == "straight":
        if row.shape == "run":
            return Message("rules.house_needs_run", n=row.length)
        start = int(row.shape[0])
        run = "-".join(str(v) for v in range(start, start + row.length))
        if row.dice != row.length:
            return Message("rules.house_needs_showing", run=run)
        return Message("rules.house_needs_exactly", run=run)
    if kind == "groups":
        return Message("rules.house_needs_groups", sizes=" + ".join(map(str, row.sizes)))
    if kind == "rigole":
        return Message("rules.house_needs_run", n=3)
    if kind == "yams":
        if row.dice != 5:
            return Message("rules.house_needs_all", n=row.dice)
        return Message("rules.house_needs_yams")
    if kind == "two-pairs":
        return Message("rules.house_needs_two_pairs" if row.distinct
                       else "rules.house_needs_two_pairs_any")
    if kind in ("plus", "moins"):
        other = sheet.rows_of("moins" if kind == "plus" else "plus")[0].name
        plus, moins = (row.name, other) if kind == "plus" else (other, row.name)
        key = "rules.house_plus_c3" if sheet.plus_moins == "C3" else "rules.house_plus_y3"
        return Message(key, plus=plus, moins=moins)
    return Message("rules.house_needs_any")


def _scoring(row: RowSpec) -> Message:
    """How the dice score once they make the figure."""
    how = row.score
    if how == "count":
        return Message("rules.house_scores_count", v=row.value)
    if how == "group" and row.kind == "groups":
        return Message("rules.house_scores_group", n=sum(row.sizes))
    if how == "group":
        return Message("rules.house_scores_group", n=4 if row.kind == "two-pairs" else row.n)
    if how in ("all", "sum"):
        if row.dice != 5:
            return Message("rules.house_scores_sum_n", n=row.dice)
        return Message("rules.house_scores_sum")
    if how == "fixed":
        return Message("rules.house_scores_fixed", points=row.points)
    if how == "base+group":
        return Message("rules.house_scores_base_group", base=row.base, n=row.n)
    if how == "by-run":
        runs = ", ".join("-".join(str(s + i) for i in range(row.length)) + f" = {p}"
                         for s, p in row.runs)
        return Message("rules.house_scores_runs", runs=runs)
    base = row.base if how == "base+all" else row.points
    if row.dice != 5:
        return Message("rules.house_scores_base_sum_n", base=base, n=row.dice)
    return Message("rules.house_scores_base_sum", base=base)


def row_rule(sheet: SheetSpec, row: RowSpec, lang: str) -> str:
    """The row's rule in ``lang``: the file's own text when it gives one, else its figure and
    scoring in words."""
    own = row.text_en if lang == "en" else row.text
    if own:
        return own
    return Message("rules.house_rule", figure=_figure(sheet, row),
                   scoring=_scoring(row)).text(lang)


def column_rule(sheet: SheetSpec, column: ColumnSpec) -> Message:
    """How a column is filled, its factor, whether a game may leave it out."""
    rows = sheet.rows
    what: Message
    if column.kind in ("descendante", "montante"):
        first = rows[0] if column.kind == "descendante" else rows[-1]
        key = ("rules.house_column_descendante" if column.kind == "descendante"
               else "rules.house_column_montante")
        what = Message(key, first=first.name)
    elif column.kind == "imposee" and column.order:
        what = Message("rules.house_column_imposee",
                       order=", ".join(sheet.row(r).name for r in column.order))
    elif column.kind == "imposee":
        what = Message("rules.house_column_imposee_given")
    elif column.rolls is not None:
        what = Message("rules.house_column_limited", n=column.rolls)
    elif column.kind == "annoncee":
        what = Message("rules.house_column_annoncee")
    else:
        what = Message("rules.house_column_libre")
    if column.factor != 1:
        what = Message("rules.house_column_factor", what=what, factor=column.factor)
    if column.optional:
        what = Message("rules.house_column_optional", what=what)
    return what


def bonus_rule(sheet: SheetSpec, bonus: BonusSpec) -> Message:
    """A bonus's rows and steps in words."""
    steps: Joined | Message = Joined(", ", [Message("rules.house_step", threshold=t, bonus=b)
                                            for t, b in bonus.steps])
    if bonus.threshold is not None:
        steps = formula(bonus)
    rows = ", ".join(sheet.row(r).name for r in bonus.rows)
    key = "rules.house_bonus_sheet" if bonus.scope == "sheet" else "rules.house_bonus_column"
    what = Message(key, rows=rows, steps=steps)
    if bonus.when == "filled":
        what = Message("rules.house_bonus_filled", what=what)
    return what


def formula(bonus: BonusSpec) -> Message:
    """A formula bonus in words: ``30 + (total - 60) x 1 at 60 or more``, its cap if any."""
    said = Message("rules.house_formula", base=bonus.base, threshold=bonus.threshold,
                   per=bonus.per)
    return said if bonus.cap is None else Message("rules.house_formula_cap", formula=said,
                                                  cap=bonus.cap)


def topics(sheet: SheetSpec) -> dict[str, tuple[str, str, str]]:
    """The sheet's columns, bonuses and total in words, as a rule set's ``topic_texts``
    (English, French, ruling), braces doubled: the texts are templates."""
    said: dict[str, Message] = {c.id: column_rule(sheet, c) for c in sheet.columns}
    said.update({b.id: bonus_rule(sheet, b) for b in sheet.bonuses})
    said["total"] = Message("rules.house_total")
    return {key: (_literal(m.text("en")), _literal(m.text("fr")), "house")
            for key, m in said.items()}


def _literal(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")
