"""The ``yams`` command line: one Typer app, thin commands, one place that reports errors.

Adding a command
----------------

Write the command as a plain function in a module of this package (the function's docstring
is its ``--help``; put an example in it), list it in that module's ``COMMANDS``, and add the
module's name to :data:`COMMAND_MODULES` below. That is all::

    # yams_scorekeeper/cli/records.py
    import typer

    from .lang import current_lang

    def records(ctx: typer.Context, rules: str = typer.Option("classic", "--rules")) -> None:
        \"\"\"Show the record book.

        Example: yams records --rules gaby
        \"\"\"
        from ..rules import get_rules      # heavy imports go inside the function
        ...

    COMMANDS = (records,)
    # or, with options for app.command():  COMMANDS = ((records, {"epilog": "..."}),)

    # yams_scorekeeper/cli/app.py
    COMMAND_MODULES = ("score", "records")
    COMMAND_NAMES = {"score": ("score",), "records": ("records",)}   # loaded when run

A command name is its function name with ``_`` turned into ``-`` (Typer's rule) unless the
options give ``name``. The French of its ``--help`` (docstring, option helps, epilog lines) goes
in the French catalogue (``locale/fr/LC_MESSAGES/yams.po``, msgid: the English, ``#. help``);
``tests/test_french.py`` names any text missing there.
Rules for command modules:

- Raise :class:`~yams_scorekeeper.base.errors.YamsError` (or a subclass) for anything the user got
  wrong; never print it yourself. :class:`YamsGroup` catches it for every command, prints
  ``error: <message>`` in the user's language on stderr and exits with ``err.exit_code``.
- The user's language is ``current_lang(ctx)`` (``--lang``, ``YAMS_LANG``, locale).
- Keep the module top light (``typer`` and the standard library): import ``rich``, the rules
  and the store inside the function, so that ``yams score --json`` starts fast.
"""

from __future__ import annotations

import importlib
import inspect
from typing import TYPE_CHECKING, Any

import typer
from typer.core import TyperCommand

from .. import __version__
from ..base.errors import YamsError
from ..i18n import DOMAIN, SOURCE, catalogue
from .click_words import SpokenCommand, SpokenGroup
from .lang import current_lang, help_lang, resolve_lang, serve_click

if TYPE_CHECKING:  # pragma: no cover
    # the Context class Typer's own methods take (Typer 0.28 carries its own Click)
    from typer._click import Context as ClickContext

from .render import check_arguments, flushed, prepare_streams, print_error, report_output

#: The command modules of this package, in ``--help`` order. Each one lists its commands in
#: a module-level ``COMMANDS`` tuple (see the module docstring).
COMMAND_MODULES: tuple[str, ...] = ("play", "score", "turn_cmds", "sheet_cmds",
                                    "transcript_cmds", "amend_cmds", "book_cmds", "rules_cmd",
                                    "advice_cmds", "check_cmd", "serve_cmd", "evening_cmds",
                                    "carnet_cmds", "where_cmd", "house_cmds")

#: The commands of each module, so that running a command imports only its own module (a
#: one-shot ``yams enter`` does not pay for ``play`` and ``book_cmds``; ``--help`` loads them
#: all). A module of :data:`COMMAND_MODULES` missing here is loaded at start-up, as before.
#: ``tests/test_startup.py`` checks that these names are the modules' ``COMMANDS``.
COMMAND_NAMES: dict[str, tuple[str, ...]] = {
    "play": ("play", "demo"),
    "score": ("score",),
    "turn_cmds": ("new", "enter", "mark", "cells", "undo", "end"),
    "sheet_cmds": ("sheet", "games"),
    "transcript_cmds": ("replay", "transcript"),
    "amend_cmds": ("log", "fix"),
    "book_cmds": ("records", "history", "stats", "export", "import"),
    "rules_cmd": ("rules",),
    "advice_cmds": ("hint", "review"),
    "check_cmd": ("check", "verifier"),
    "serve_cmd": ("serve", "diffuser"),
    "evening_cmds": ("soiree", "evening"),
    "carnet_cmds": ("carnet",),
    "where_cmd": ("where",),
    "house_cmds": ("house", "maison"),
}


class YamsGroup(SpokenGroup):
    """The ``yams`` group: runs a command and turns a :class:`YamsError` into one line.

    The commands of :data:`COMMAND_NAMES` are loaded when first asked for."""

    def list_commands(self, ctx: ClickContext) -> list[str]:
        names: list[str] = []
        for module in COMMAND_MODULES:
            names += COMMAND_NAMES.get(module) or _EAGER.get(module, ())
        return names + [name for name in self.commands if name not in names]

    def get_command(self, ctx: ClickContext, name: str) -> Any:
        if name not in self.commands:
            module = next((m for m in COMMAND_MODULES if name in COMMAND_NAMES.get(m, ())), None)
            if module is not None:
                self._load(module, name)
        return super().get_command(ctx, name)

    def _load(self, module_name: str, name: str) -> None:
        """Build the click command ``name`` of ``module_name`` (its parameters read from its
        signature), not the module's other commands."""
        from typer.main import get_command_from_info

        loaded = typer.Typer()
        register(loaded, module_name, only=name)
        for info in loaded.registered_commands:
            command = get_command_from_info(
                info, pretty_exceptions_short=app.pretty_exceptions_short,
                rich_markup_mode=app.rich_markup_mode)
            self.add_command(command, command.name)

    def parse_args(self, ctx: ClickContext, args: list[str]) -> list[str]:
        try:
            check_arguments(args)
        except YamsError as err:
            print_error(err, current_lang(ctx))
            ctx.exit(err.exit_code)
        return super().parse_args(ctx, args)

    def invoke(self, ctx: ClickContext) -> Any:
        try:
            return super().invoke(ctx)
        except YamsError as err:
            print_error(err, current_lang(ctx))
            ctx.exit(err.exit_code)
        except OSError as exc:    # standard output full or closed (the store reports its own)
            ctx.exit(report_output(exc))

    def main(self, args: Any = None, *rest: Any, **options: Any) -> Any:
        """Run ``yams``: Click's own words (usage errors) in the language of the run."""
        serve_click(help_lang(None, args))
        return super().main(args, *rest, **options)

    def format_help(self, ctx: Any, formatter: Any) -> None:
        """``yams --help`` in the language of the run: the commands listed in it too."""
        lang = help_lang(ctx)
        if lang != SOURCE:
            for command in [self, *(self.get_command(ctx, n) for n in self.list_commands(ctx))]:
                if command is not None:
                    say_help(command, ctx, lang)
        super().format_help(ctx, formatter)


class YamsCommand(SpokenCommand, TyperCommand):
    """A ``yams`` command: its ``--help`` in the language of the run."""

    def format_help(self, ctx: Any, formatter: Any) -> None:
        lang = help_lang(ctx)
        if lang != SOURCE:
            say_help(self, ctx, lang)
        super().format_help(ctx, formatter)

    def invoke(self, ctx: ClickContext) -> Any:
        """Run the command; run with ``--json``, a YamsError is said as a JSON object."""
        try:
            return super().invoke(ctx)
        except YamsError as err:
            if not ctx.params.get("as_json"):
                raise                       # the group says it as one line
            print_error(err, current_lang(ctx), as_json=True)
            ctx.exit(err.exit_code)


app = typer.Typer(
    cls=YamsGroup,
    name="yams",
    help="Score keeper for the French dice game Yams, played with real dice.\n\n"
         "Type the dice you rolled; yams tells what every row of the sheet is worth, and why.",
    epilog="Examples:\n  yams play\n  yams demo --rules gaby\n"
           "  yams score --rules gaby --roll 1 5 5 5 3 3\n"
           "Everything typed is checked; nothing is lost.",
    no_args_is_help=True,
    add_completion=True,
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_show_locals=False,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"yams {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    ctx: typer.Context,
    lang: str | None = typer.Option(
        None, "--lang", metavar="fr|en",
        help="Language of messages and tables. Default: $YAMS_LANG, else French when the "
             "locale is French, else English."),
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                 help="Print the version and exit."),
    db: str | None = typer.Option(
        None, "--db", metavar="PATH", show_default=False,
        help="Store folder. Default: $YAMS_DB, else the user's application folder."),
) -> None:
    ctx.obj = {"lang": resolve_lang(lang)}
    if db is not None and ctx.invoked_subcommand:   # the command's own --db, unless it has one
        ctx.default_map = {**(ctx.default_map or {}), ctx.invoked_subcommand: {"db": db}}


def register(target: typer.Typer, module_name: str, only: str | None = None) -> tuple[str, ...]:
    """Add the commands listed in ``COMMANDS`` of ``yams_scorekeeper.cli.<module_name>``
    (only the one called ``only`` when given); returns their names."""
    module = importlib.import_module(f"{__package__}.{module_name}")
    names = []
    for entry in module.COMMANDS:
        func, options = entry if isinstance(entry, tuple) else (entry, {})
        name = options.get("name") or func.__name__.replace("_", "-")
        if only is None or name == only:
            target.command(**{"cls": YamsCommand, **options})(func)
            names.append(name)
    return tuple(names)


def is_command_line(line: str) -> bool:
    """An epilog line that is only a command to copy (indented, no comment after it)."""
    return line.startswith("  ") and "   " not in line.strip()


def help_texts(command: Any) -> list[str]:
    """Every text of ``command``'s ``--help`` that has a translation (its msgid): the
    docstring as ``inspect.cleandoc`` gives it, the epilog's lines but the bare command lines,
    the options' help."""
    texts = [inspect.cleandoc(command.help)] if command.help else []
    texts += [line for line in (command.epilog or "").split("\n")
              if line and not is_command_line(line)]
    texts += [p.help for p in command.params if getattr(p, "help", None)]
    return texts


def say_help(command: Any, ctx: Any, lang: str) -> None:
    """Put the ``--help`` texts of ``command``, built for this run, in ``lang``: the
    catalogue's ``#. help`` entries, and Click's help option from its ``#. click`` entry. A
    text the language lacks stays English (``tests/test_french.py`` names it)."""
    helps, click = catalogue(f"{DOMAIN}-help", lang), catalogue(DOMAIN, lang)

    def said(text: str) -> str:
        found = helps.gettext(text)
        return found if found != text else click.gettext(text)

    if command.help:
        command.help = said(inspect.cleandoc(command.help))
    if command.epilog:
        command.epilog = "\n".join(line if is_command_line(line) else said(line)
                                   for line in command.epilog.split("\n"))
    for param in [*command.params, command.get_help_option(ctx)]:
        if getattr(param, "help", None):
            param.help = said(param.help)


#: the command names of the modules loaded at start-up (those missing from COMMAND_NAMES)
_EAGER = {name: register(app, name) for name in COMMAND_MODULES if name not in COMMAND_NAMES}


def main() -> None:
    """The console script ``yams``: the Typer app on the command line."""
    prepare_streams()
    try:
        app(prog_name="yams")
    except SystemExit as done:
        raise SystemExit(flushed(done.code)) from None
    except OSError as exc:       # standard output failed outside a command (--help)
        raise SystemExit(report_output(exc)) from None


if __name__ == "__main__":  # pragma: no cover
    main()
