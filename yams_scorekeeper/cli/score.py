"""``yams score``: what every row of the sheet is worth with the dice on the table, and why.

Nothing heavy at the top: the rules are imported in the command, ``rich`` only when a table
is drawn (``render``), so ``yams score --json ...`` starts fast.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING

import typer

from ..base.errors import ConfigError, YamsError
from ..i18n import Joined, Message
from .house_files import house_option
from .lang import current_lang
from .options import (
    RULES_HELP,
    Option,
    db_option,
    dice_argument,
    examples,
    json_option,
    parse_settings,
    roll_option,
    rules_option,
    setting_option,
)
from .render import print_error, print_figures, print_json

if TYPE_CHECKING:  # pragma: no cover
    from typing import Any

    from ..rules.base import RuleSet

EPILOG = examples(
    "yams score --rules gaby --roll 1 5 5 5 3 3",
    "yams score --rules classic --roll 2 55533 --all",
    "yams score --rules classic 55533/2",
    "yams score -R double -r 1 --json 1cp 2cp 3cp 4fp 5fp 6cg 6cg 1fg 2fg 3fg",
    "yams score -R double -r 2 cp665 fp12 cg34 fg556",
    "printf '1 5 5 5 3 3\\n2 12345\\n' | yams score --rules gaby -",
    "yams score -R double -r 6 cp666 fp66 cg12 fg345    the rows a sixth roll may fill (D9)",
    "yams score --rules classic --setting yam_base=60 -r 1 66666",
    "yams score --house examples/house/sirtin.toml --all 55533/2",
    note="Exit status: 0 when every entry was read, 2 for a bad entry or option.")


def score_entry(rules: RuleSet, roll_text: str | int, dice_tokens: str | Iterable[str],
                all_rows: bool = False) -> tuple[int, Any, list]:
    """Read one entry and score it: (roll, dice, figures), the figures made or all of them."""
    roll = rules.parse_roll(roll_text)
    tokens = dice_tokens if isinstance(dice_tokens, str) else list(dice_tokens)
    dice = rules.parse_dice(tokens)
    figures = rules.figures(dice, roll)
    if not all_rows:
        figures = [f for f in figures if f.made]
    return roll, dice, figures


def sixth_roll_figures(rules: RuleSet, dice: Any, roll: int) -> list | None:
    """With the sixth roll (D9: the roll after the last allowed one, Double Yams), only the rows
    it may fill, each with its score if made, else what the miss costs; None for other rolls."""
    per_turn = rules.settings.get("rolls_per_turn")
    if not rules.figure_sections or per_turn is None or roll != int(per_turn) + 1:
        return None
    import dataclasses  # only here: a score of another roll pays no import of inspect

    out = []
    for fig in rules.figures(dice, roll):
        if rules.section_of(fig.row) not in rules.figure_sections:
            continue
        group = rules.valued_rows.get(fig.row)
        if fig.made:
            out.append(dataclasses.replace(fig, explain=Joined(Message("explain.and"), (
                fig.explain, Message("explain.sixth_roll_made")))))
        elif group:
            cost = rules.announce_cost(fig.row, 6)
            out.append(dataclasses.replace(fig, score=-cost, explain=Message(
                "explain.sixth_roll_missed_valued", factor=rules.settings["geante_factor"],
                group=group, cost=cost, row=fig.row)))
        else:
            cost = rules.announce_cost(fig.row, None)
            out.append(dataclasses.replace(fig, score=-cost, explain=Message(
                "explain.sixth_roll_missed", what=rules.row(fig.row).name, cost=cost)))
    return out


def entry_json(rules: RuleSet, roll: int, dice: Any, figures: list,
               lang: str = "en") -> dict[str, Any]:
    """The JSON object of one scored entry (the shape of ``yams score --json``)."""
    return {"rules": rules.family, "roll": roll, "dice": [str(d) for d in dice],
            "figures": [f.to_json(lang) for f in figures]}


def score_stream(rules: RuleSet, lines: Iterable[str], all_rows: bool, lang: str,
                 as_json: bool = False) -> int:
    """Score ``ROLL DICE...`` lines, one JSON object each; bad lines go to stderr (as JSON
    objects too with ``as_json``).

    Returns 0 when every line was read, else the exit code of the first bad line.
    """
    from ..engine.notation import roll_then_dice

    status = 0
    for number, raw in enumerate(lines, 1):
        try:
            parts = roll_then_dice(raw, rules.dice_example)
            if parts is None:
                continue
            roll, dice, figures = score_entry(rules, *parts, all_rows)
        except YamsError as err:
            print_error(err, lang, line=number, as_json=as_json)
            status = status or err.exit_code
            continue
        print_json(entry_json(rules, roll, dice, figures, lang))
    return status


def score(
    ctx: typer.Context,
    dice: list[str] | None = dice_argument(
        "The dice: '5 5 5 3 3' or '55533'; Double Yams: ten tagged dice such as 6cp 3fg "
        "(value, colour c/f and size p/g in any order) or by groups, a tag then its dice: "
        "cp665 fp12 cg34 fg556. '-' reads 'ROLL DICE...' lines from stdin."),
    rules_name: str | None = rules_option(None, RULES_HELP),
    roll: str | None = roll_option(
        "Roll on which the dice were kept: 1 to 3 (Double Yams: 1 to 6). Required, except "
        "with '-'."),
    all_rows: bool = Option(False, "--all", "-a", help="Also list the rows scoring 0."),
    settings: list[str] | None = setting_option(
        "A setting of the rules, e.g. yam_base=60 (the value is read as JSON when it can be; "
        "repeatable)."),
    house: str | None = house_option(),
    as_json: bool = json_option("Print one JSON object instead of a table."),
    db: str | None = db_option(),
) -> None:
    """Show what every row is worth with these dice, and why.

    Lists the rows of the sheet that the dice make (with --all, every row), each with its score and the reason, e.g. "Full 5-5-5 / 3-3 : 20 + 3x5 + 2x3 = 41".

    With - in place of the dice, each line of standard input is ROLL DICE... (blank lines and # comments skipped) and one JSON object is printed per line; a bad line is reported on stderr with its number, the others are still scored, and the exit code is non-zero.
    """  # noqa: E501 (the help text is a msgid of the help catalogue)
    from ..engine.notation import no_roll, take_roll
    from .house_files import command_rules

    lang = current_lang(ctx)
    rules = command_rules(rules_name, house, parse_settings(settings or []), db)
    tokens = list(dice or [])
    if tokens == ["-"]:
        if roll is not None:
            raise ConfigError(Message("cli.roll_does_not_go_with_each"),
                              expected="ROLL DICE... on each line")
        status = score_stream(rules, sys.stdin, all_rows, lang, as_json)
        if status:
            raise SystemExit(status)
        return
    text, roll = take_roll(" ".join(tokens), roll)     # 55533/2, or 55533 --roll 2
    if not roll:
        raise no_roll(expected=f"--roll 1 {rules.dice_example}")
    roll_n, parsed, figures = score_entry(rules, roll, text, all_rows)
    sixth = sixth_roll_figures(rules, parsed, roll_n)
    if sixth is not None:
        figures = sixth
    if as_json:
        print_json(entry_json(rules, roll_n, parsed, figures, lang))
        return
    from ..base.dice import format_dice

    print_figures(rules, roll_n, format_dice(parsed), figures, lang)


COMMANDS = ((score, {"epilog": EPILOG}),)
