"""``yams rules [FAMILY] [ROW]``: what a row is, how it scores, an example, the ruling.

The text comes from :mod:`yams_scorekeeper.engine.rulebook`, the source of the row reference in
``docs/rules.md`` too; the examples are scored by the rules themselves.
"""

from __future__ import annotations

import typer

from ..base.errors import EntryError
from ..i18n import Message, explain_lang, wording, words
from .house_files import house_option
from .lang import current_lang
from .options import examples

EPILOG = examples(
    "yams rules                     every family and its rows",
    "yams rules gaby                every row of Yams Gaby, in one line each",
    "yams rules gaby nenette        what a nénette is, how it scores, an example",
    "yams rules gaby sec            a column, a bonus, an option: what it does",
    "yams --lang fr rules duel \"petite suite\"",
    "yams rules --house examples/house/sirtin.toml brelan",
    note="Row names as printed on the sheet or as typed at the table (ps, 3 pareils).")


def rules(
    ctx: typer.Context,
    family: str | None = typer.Argument(None, metavar="[FAMILY]",
                                        help="classic, gaby, double or duel (or a French name)."),
    row: str | None = typer.Argument(None, metavar="[ROW]",
                                        help="A row: its id, its printed name or a short name."),
    house: str | None = house_option(
        "A house sheet instead of a family (a TOML file or a saved one's name); then the one "
        "argument is the ROW."),
) -> None:
    """Print the rule of a row (what makes it, how it scores, an example, the ruling), every
    row of a family, or the families."""
    from ..base.safetext import shown
    from ..engine.rulebook import family_rules, family_topics, row_rule, topic_rule
    from ..rules import RULESETS, RuleSet, get_rules

    lang = current_lang(ctx)
    w = words("cli.rules", lang)
    chosen: str | RuleSet | None = family
    if house is not None:
        from .house_files import command_sheet

        if row is not None:
            raise EntryError(Message("cli.house.option_does_not_go_with_house", option="FAMILY"),
                             expected=f"yams rules --house {house} {row}")
        sheet = command_sheet(None, house, {}, None)
        chosen, row = (sheet.ruleset() if sheet else None), family
    if chosen is None:
        for cls in RULESETS:
            rows = " ".join(r.id for r in cls.rows)
            typer.echo(f"{cls.family:<8} {cls.title}: {rows}")
        typer.echo(w["more"])
        return
    ruleset = chosen if isinstance(chosen, RuleSet) else get_rules(chosen)
    if row is None:
        typer.echo(f"{ruleset.title} ({ruleset.source})")
        import textwrap

        for entry in family_rules(ruleset):
            text = f"{entry.row:<20} {entry.text(lang)} [{entry.rulings}]"
            typer.echo(textwrap.fill(text, 78, initial_indent="  ", subsequent_indent=" " * 23,
                                     break_on_hyphens=False))
        for topic in family_topics(ruleset):
            text = f"{topic.id:<20} {topic.text(lang)} [{topic.rulings}]"
            typer.echo(textwrap.fill(text, 78, initial_indent="  ", subsequent_indent=" " * 23,
                                     break_on_hyphens=False))
        return
    import textwrap

    colon = wording.colon(lang)
    try:
        entry = row_rule(ruleset, row)
    except EntryError:
        found = topic_rule(ruleset, row)
        if found is None:
            raise EntryError(Message("rules.no_row_or_topic", word=row, title=ruleset.title),
                             expected=" ".join([*(r.id for r in ruleset.rows),
                                                *ruleset.hints.topic_texts])) from None
        typer.echo(f"{found.name} ({ruleset.title}, {found.id})")
        for line in (found.text(lang), f"{w['rulings']}{colon}{found.rulings}"):
            typer.echo(textwrap.fill(line, 78, initial_indent="  ", subsequent_indent="    ",
                                     break_on_hyphens=False))
        return
    typer.echo(f"{entry.name} ({ruleset.title}, {entry.row})")
    for line in (entry.text(lang),
                 f"{w['example']}{colon}{entry.dice} /{entry.roll} → "
                 f"{entry.example.text(explain_lang(lang))}",
                 f"{w['rulings']}{colon}{entry.rulings}",
                 f"{w['typed']}{colon}{', '.join(shown(t) for t in entry.typed)}"):
        typer.echo(textwrap.fill(line, 78, initial_indent="  ", subsequent_indent="    ",
                                 break_on_hyphens=False))


COMMANDS = ((rules, {"epilog": EPILOG}),)
