"""``--help`` in the language of the run: every command's help, option help and epilog line,
and Typer's own words, from the catalogue (:mod:`yams_scorekeeper.i18n`).

The English texts stay where Typer reads them (the command's docstring,
``typer.Option(help=...)``, the ``epilog`` in ``COMMANDS``); each is the msgid of its
translation in the ``yams-help`` domain (a docstring as ``inspect.cleandoc`` gives it, an
option's help, one line of an epilog; the command lines of an epilog, ``  yams play --list``,
need none). :func:`translated` puts the translations into the Click commands while Typer
draws them and the English back afterwards. Click's own strings ("Usage:", "Show this message
and exit.") come from the ``yams`` domain through :func:`~yams_scorekeeper.cli.lang.serve_click`.
A text missing from a language stays English; ``tests/test_french.py`` names it.

Only a ``--help`` in another language than English imports this module.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from ..i18n import DOMAIN, catalogue
from .lang import TYPER_WORDS


def is_command_line(line: str) -> bool:
    """An epilog line that is only a command to copy (indented, no comment after it)."""
    return line.startswith("  ") and "   " not in line.strip()


def english_texts(command: Any) -> list[str]:
    """Every text of ``command``'s help that needs a translation: docstring, option helps, the
    epilog's lines other than bare command lines."""
    texts = [inspect.cleandoc(command.help)] if command.help else []
    texts += [line for line in (command.epilog or "").split("\n")
              if line and not is_command_line(line)]
    texts += [p.help for p in command.params if getattr(p, "help", None)]
    return texts


@contextmanager
def translated(commands: Iterable[Any], ctx: Any, lang: str) -> Iterator[None]:
    """The texts of ``commands`` (Click commands or groups) and Typer's own words in ``lang``
    while the block runs, the English put back after it: a process that shows a French
    ``--help`` (a test, a script calling the app) still shows the English one afterwards."""
    from typer import rich_utils

    helps, click = catalogue(f"{DOMAIN}-help", lang), catalogue(DOMAIN, lang)

    def said(text: str) -> str:
        found = helps.gettext(text)
        return found if found != text else click.gettext(text)

    saved: list[tuple[Any, str, Any]] = [(rich_utils, name, getattr(rich_utils, name))
                                         for name in TYPER_WORDS]
    for command in commands:
        saved += [(command, "help", command.help), (command, "epilog", command.epilog)]
        if command.help:
            command.help = said(inspect.cleandoc(command.help))
        if command.epilog:
            command.epilog = "\n".join(line if is_command_line(line) else said(line)
                                       for line in command.epilog.split("\n"))
        for param in command.params:
            if getattr(param, "help", None):
                saved.append((param, "help", param.help))
                param.help = said(param.help)
        option = command.get_help_option(ctx)
        if option is not None and option.help:
            saved.append((option, "help", option.help))
            option.help = said(option.help)
    for name, english in TYPER_WORDS.items():
        setattr(rich_utils, name, click.gettext(english))
    try:
        yield
    finally:
        for owner, name, value in reversed(saved):
            setattr(owner, name, value)
