"""The options and arguments the commands share, and the parsing of what they hold.

``--db``, ``--game``, ``--json``, ``--rules``, the dice and ``--roll``; the epilog of examples
every ``--help`` ends with; small numbers, start dice, ``--setting KEY=VALUE`` and lists typed
as options, declared once, as Typer's ``Option`` and ``Argument``.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from typer import Argument, Option

from ..base.errors import ConfigError, EntryError
from ..base.safetext import fold_name
from ..i18n import Message

if TYPE_CHECKING:  # pragma: no cover
    from typing import Any

    from ..rules.base import RuleSet


def db_option() -> Any:
    """``--db PATH``: the store folder."""
    return Option(None, "--db", metavar="PATH", show_default=False,
                        help="Store folder. Default: $YAMS_DB, else the user's application "
                             "folder.")


def force_option() -> Any:
    """``--force``: write over a read-only file."""
    return Option(False, "--force", help="Write over FILE even when it is read-only.")


def game_option() -> Any:
    """``--game``/``-g ID``: the game a command works on."""
    return Option(None, "--game", "-g", metavar="ID", show_default=False,
                        help="Game id, or a unique start of it (see 'yams games'). Default: the "
                             "only game in progress.")


def evening_option(help: str = "The evening the game belongs to (default: the evening open, "
                                "if any: yams soiree).") -> Any:
    """``--soiree ID``: the evening a new game belongs to (``yams soiree``)."""
    return Option(None, "--soiree", "--evening", metavar="ID", show_default=False,
                        help=help)


def json_option(help: str = "Print one JSON object instead of text.") -> Any:
    """``--json``: one JSON object on standard output instead of text."""
    return Option(False, "--json", help=help)


def rules_option(default: str | None, help: str) -> Any:
    """``--rules``/``-R RULES``: a rule family (its id or an alias, French names welcome)."""
    return Option(default, "--rules", "-R", metavar="RULES", help=help)


#: the help of a --rules option whose default is the registry's first family
RULES_HELP = ("Rule set: a family id or alias, as listed in docs/rules.md (French names work "
              "too); default: the first family, Yam classique.")


def default_family() -> str:
    """The family a command plays when --rules is not given (the registry's first)."""
    from ..rules import DEFAULT_FAMILY

    return DEFAULT_FAMILY


def dice_argument(help: str) -> Any:
    """The ``DICE...`` typed after the command (``yams score``, ``yams enter``)."""
    return Argument(None, metavar="DICE...", show_default=False, help=help)


def roll_option(help: str) -> Any:
    """``--roll``/``-r N``: the roll on which the dice were kept."""
    return Option(None, "--roll", "-r", metavar="N", show_default=False, help=help)


#: The last line of every epilog. Typer strips the indentation common to the lines after the
#: first, so an epilog must end with a line flush left for the examples to stay indented.
EXIT_LINE = "Exit: 0 ok, 2 bad entry, 3 refused by the rules, 4 store error, 5 store busy."


def examples(*lines: str, note: str = EXIT_LINE) -> str:
    """An epilog: 'Example(s):', the command lines indented, then ``note`` flush left."""
    head = "Example:" if len(lines) == 1 else "Examples:"
    return "\n".join([head, *(f"  {line}" for line in lines), note])


#: the largest count an option takes (a page, a limit, jokers): far past any store, and small
#: enough that a page times a limit stays a 64-bit number for SQLite
MAX_COUNT = 10**9


def count_option(default: int | None, *names: str, least: int = 0, most: int = MAX_COUNT,
                 metavar: str = "N", help: str = "") -> Any:
    """A whole-number option from ``least`` to ``most``, checked as it is parsed: a number
    out of range (a negative page, 20 digits) is one clear error, never SQLite's overflow."""

    def check(ctx, param, value: int | None) -> int | None:  # Typer reads these annotations
        if value is not None and not least <= value <= most:
            text = str(value) if abs(value) < 10**24 else f"{str(value)[:24]}..."
            name = param.opts[0]
            raise EntryError(Message("cli.count_range", option=name, value=text, least=least,
                                     most=most), expected=f"{name} {max(least, 1)}")
        return value

    return Option(default, *names, metavar=metavar, help=help, callback=check,
                        show_default=default is not None)


def int_option(text: str, name: str, most: int = 99) -> int:
    """A small whole number typed as an option (1 to ``most``)."""
    token = text.strip()
    if not (token.isascii() and token.isdigit()) or len(token) > 6 or not 1 <= int(token) <= most:
        raise EntryError(Message("cli.whole_number_from", name=name, token=token[:12], most=most),
                         expected=f"{name} 2")
    return int(token)


def parse_start_dice(texts: list[str], players: list[str]) -> dict[str, list[int]]:
    """``"Alice=3 Bob=2,5"`` -> ``{"Alice": [3], "Bob": [2, 5]}`` (each player's start dice)."""
    rolls: dict[str, list[int]] = {}
    pending: list[str] = []
    for token in " ".join(texts).split():
        if "=" not in token:
            pending.append(token)
            continue
        head, _, values = token.partition("=")
        name = " ".join([*pending, head]).strip()
        pending = []
        match = next((p for p in players if fold_name(p) == fold_name(name)), None)
        if match is None:
            raise ConfigError(Message("cli.start_die_for_who_is_not_a_player", name=name),
                              expected=", ".join(players))
        dice = [int(v) for v in values.split(",") if v.strip() in ("1", "2", "3", "4", "5", "6")]
        if len(dice) != len([v for v in values.split(",") if v.strip()]):
            dice = []
        if not dice:
            raise ConfigError(Message("cli.cannot_read_start_dice", dice=token), expected="Bob=2,5")
        rolls[match] = dice
    if pending:
        raise ConfigError(Message("cli.cannot_read_start_dice", dice=" ".join(pending)),
                          expected='"Alice=3 Bob=2,5"')
    missing = [p for p in players if p not in rolls]
    if missing:
        raise ConfigError(Message("rules.no_start_die", who=", ".join(missing)),
                          expected='--start-dice "Alice=3 Bob=2,5"', rule="C6")
    return rolls


def setting_option(help: str = "A house rule, e.g. yam=60 (the value is read as JSON when it "
                               "can be).") -> Any:
    """``--setting KEY=VALUE``: one of the rule set's settings (repeatable)."""
    return Option(None, "--setting", metavar="KEY=VALUE", show_default=False, help=help)


#: longest --setting KEY=VALUE read (the longest real one is a few dozen characters)
MAX_SETTING_TEXT = 1000


def parse_settings(items: list[str]) -> dict[str, Any]:
    """``["yam=60", "bases.youpi=30"]`` -> ``{"yam": 60, "bases.youpi": 30}`` (a value is read
    as JSON when it can be, else kept as text)."""
    settings: dict[str, Any] = {}
    if not items:
        return settings         # without loading the store's JSON reader (one-shot `score`)
    from ..store.files import BadJSON, loads_bounded

    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip() or len(item) > MAX_SETTING_TEXT:
            raise ConfigError(Message("cli.cannot_read_setting", item=item[:40]),
                              expected=f"--setting yam=60 (at most {MAX_SETTING_TEXT} characters)")
        try:
            settings[key.strip()] = loads_bounded(value)
        except BadJSON as exc:
            if value.strip()[:1] in ("[", "{", "-", ".") or value.strip()[:1].isdigit():
                raise ConfigError(Message("cli.bad_setting", key_=key.strip(), why=exc.message),
                                  expected="--setting yam=60") from None
            settings[key.strip()] = value.strip()
    return settings


def split_list(values: list[str] | None, rules: RuleSet | None = None) -> list[str]:
    """Repeated options that may also hold lists: ``["libre,sec", "montee"]`` -> three names;
    with ``rules``, a name of several words stays one (``"2 coups"``, ``"demi sec"``)."""
    if rules is not None:
        return [v for text in values or () for v in rules.hints.split_choices(text)]
    return [v for text in values or () for v in re.split(r"[\s,]+", text.strip()) if v]


#: the options whose FILE may be left out for standard output (``--csv`` alone, as
#: sqlite-utils' ``rows --csv`` writes to standard output)
BARE_IS_STANDARD_OUTPUT = ("--csv",)


def bare_to_standard_output(args: list[str], takes: set[str]) -> list[str]:
    """``args`` with ``-`` given to each option of :data:`BARE_IS_STANDARD_OUTPUT` that the
    command ``takes`` and that is typed last or before another option."""
    out: list[str] = []
    for n, arg in enumerate(args):
        out.append(arg)
        if arg == "--":
            return out + args[n + 1:]
        if arg in BARE_IS_STANDARD_OUTPUT and arg in takes:
            after = args[n + 1] if n + 1 < len(args) else None
            if after is None or (after.startswith("-") and after != "-"):
                out.append("-")
    return out
