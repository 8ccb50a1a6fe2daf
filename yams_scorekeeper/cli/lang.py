"""Which language the command line speaks: 'fr' or 'en'.

The choice, first match wins:

1. the ``--lang`` option (``fr`` or ``en``);
2. the ``YAMS_LANG`` environment variable (same values);
3. the locale: French when ``LC_ALL``, else ``LC_MESSAGES``, else ``LANG`` (the first one set
   and not empty, as POSIX reads them) starts with ``fr``;
4. English.

Values are read loosely: ``FR``, ``fr_FR.UTF-8`` or ``français`` mean French, ``en_GB`` English.
The languages are those with a catalogue (``yams_scorekeeper/locale/<lang>/``: another
language is one more ``.po`` file). Anything else in the option or in ``YAMS_LANG`` is a
:class:`~yams_scorekeeper.base.errors.ConfigError` rather than a silent guess.

:func:`serve_click` makes Click's and Typer's own strings ("Usage:", "[default: ...]", usage
errors) speak the chosen language: Click asks the standard ``gettext.gettext``, so the
catalogue's ``yams`` domain becomes the text domain and ``$LANGUAGE`` the chosen language.
This module imports nothing heavy: every command may call it.
"""

from __future__ import annotations

import gettext
import os
import sys
from collections.abc import Mapping, Sequence

from .. import i18n
from ..base.errors import ConfigError
from ..i18n import DOMAIN, SOURCE, Message, languages

#: the languages of the catalogue, French first (read once from the locale folder)
LANGS: tuple[str, ...] = languages()
#: Typer's own words (``typer.rich_utils``, set when it is imported) and their English msgid
TYPER_WORDS = {"ARGUMENTS_PANEL_TITLE": "Arguments", "OPTIONS_PANEL_TITLE": "Options",
               "COMMANDS_PANEL_TITLE": "Commands", "DEFAULT_STRING": "[default: {}]",
               "REQUIRED_LONG_STRING": "[required]", "ENVVAR_STRING": "[env var: {}]",
               "DEPRECATED_STRING": "(deprecated) ", "ERRORS_PANEL_TITLE": "Error",
               "ABORTED_TEXT": "Aborted.",
               "RICH_HELP": "Try [blue]'{command_path} {help_option}'[/] for help."}
ENV_VAR = "YAMS_LANG"
_LOCALE_VARS = ("LC_ALL", "LC_MESSAGES", "LANG")


def _normalise(value: str) -> str | None:
    text = value.strip().lower()
    for lang in LANGS:
        if text.startswith(lang):
            return lang
    return None


def locale_lang(environ: Mapping[str, str] | None = None) -> str:
    """The language of the POSIX locale when the catalogue has it, else 'en'. Never fails."""
    env = os.environ if environ is None else environ
    for name in _LOCALE_VARS:
        value = env.get(name, "")
        if value:
            return _normalise(value) or SOURCE
    return SOURCE


def resolve_lang(option: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The language to speak: ``option``, else ``$YAMS_LANG``, else the locale (see module doc)."""
    env = os.environ if environ is None else environ
    if option is not None and option.strip():
        lang = _normalise(option)
        if lang is None:
            raise ConfigError(Message("cli.unknown_language_lang", option=option),
                              expected=" or ".join(LANGS))
        return lang
    value = env.get(ENV_VAR, "")
    if value.strip():
        lang = _normalise(value)
        if lang is None:
            raise ConfigError(Message("cli.unknown_language", value=value, env_var=ENV_VAR),
                              expected=" or ".join(LANGS))
        return lang
    return locale_lang(env)


def current_lang(ctx: object | None = None) -> str:
    """The language chosen for this run: what the ``yams`` callback stored in ``ctx.obj``.

    Falls back to ``resolve_lang(None)`` (and, if ``YAMS_LANG`` is unusable, to the locale), so
    it never fails: the error reporter calls it too.
    """
    obj = getattr(ctx, "obj", None)
    if isinstance(obj, dict) and obj.get("lang") in LANGS:
        return str(obj["lang"])
    try:
        return resolve_lang(None)
    except ConfigError:
        return locale_lang()


def help_lang(ctx: object | None = None, argv: Sequence[str] | None = None) -> str:
    """The language of ``--help``: a ``--lang`` anywhere on the command line (``yams --lang fr
    play --help``, ``yams play --lang fr --help``: Click prints an eager ``--help`` before it
    reads ``--lang``), else :func:`current_lang`. Never fails."""
    args = list(sys.argv[1:] if argv is None else argv)
    option = None
    for i, arg in enumerate(args):
        if arg == "--lang" and i + 1 < len(args):
            option = args[i + 1]
        elif arg.startswith("--lang="):
            option = arg.partition("=")[2]
    if option:
        try:
            return resolve_lang(option)
        except ConfigError:
            pass
    return current_lang(ctx)


def serve_click(lang: str) -> None:
    """Click's and Typer's own strings in ``lang`` from now on (see the module doc); English
    as they are written when no other language was asked for in this process."""
    if lang == SOURCE and gettext.textdomain() != DOMAIN:
        return
    gettext.bindtextdomain(DOMAIN, str(i18n.LOCALE_DIR))
    gettext.textdomain(DOMAIN)
    os.environ["LANGUAGE"] = lang
    rich_utils = sys.modules.get("typer.rich_utils")
    if rich_utils is not None:          # imported before: its words were said then
        for name, english in TYPER_WORDS.items():
            setattr(rich_utils, name, gettext.gettext(english))
