"""The ``yams`` console script, and the one-shot commands it runs without building Typer.

Typer and Click take about four times a bare interpreter's start-up to import: more than a
one-shot ``yams enter`` may cost altogether. So :func:`main` first tries :func:`run_quick`:
when the command is one of :data:`QUICK` and its arguments are plain (options it declares,
their values, its own arguments), the command's function is called with them directly, read
from the same declarations (:mod:`.options`) Typer reads. Anything else (``--help``, an
option before the command, an unknown or misspelt option, a missing value, shell completion,
a ``YAMS_LANG`` that cannot be read) goes to the Typer app, which says it as it always has.
An error the command raises is said as the Typer app says it (:class:`~.app.YamsGroup`,
:class:`~.app.YamsCommand`). ``tests/test_startup.py`` checks that both ways give the same
values to the command and the same output.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable, Iterator

from ..base.errors import YamsError
from .options import Declared
from .render import check_arguments, flushed, prepare_streams, print_error, report_output

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

#: the commands run without Typer, and the module of each (see :data:`.app.COMMAND_NAMES`)
QUICK: dict[str, str] = {"score": "score", "enter": "turn_cmds", "cells": "turn_cmds",
                         "mark": "turn_cmds", "undo": "turn_cmds"}

#: the settings of a declaration that change nothing in how a value is read
_PLAIN_SETTINGS = frozenset({"metavar", "help", "show_default"})
#: annotations (as written) read as one text, a list of texts, or a flag
_TEXT = ("str", "str | None")
_TEXTS = ("list[str]", "list[str] | None")
#: what a parameter without a default holds in :func:`signature_of`
_NO_DEFAULT = object()
#: the flags of a code object taking ``*args`` and ``**kwargs`` (``inspect.CO_VARARGS``...)
_VARARGS, _VARKEYWORDS = 0x04, 0x08


def signature_of(func: Callable[..., Any]) -> Iterator[tuple[str, object, object]]:
    """Each parameter of ``func`` (followed through ``__wrapped__``, as ``inspect.signature``
    does) as ``(name, annotation as written, default)``, read from its code object: importing
    ``inspect`` costs a one-shot run more than the rest of this module."""
    while hasattr(func, "__wrapped__"):
        func = func.__wrapped__
    code = func.__code__
    positional = code.co_varnames[:code.co_argcount]
    keywords = code.co_varnames[code.co_argcount:code.co_argcount + code.co_kwonlyargcount]
    defaults = func.__defaults__ or ()
    given = dict(zip(positional[len(positional) - len(defaults):], defaults, strict=True))
    given.update(func.__kwdefaults__ or {})
    annotations = func.__annotations__
    for name in (*positional, *keywords):
        yield name, annotations.get(name), given.get(name, _NO_DEFAULT)
    if code.co_flags & (_VARARGS | _VARKEYWORDS):     # *args, **kwargs: no declaration
        yield "*", None, _NO_DEFAULT


class QuickContext:
    """What a command reads of its context in a one-shot run (:class:`.options.Context`)."""

    def __init__(self, lang: str, params: dict[str, Any]) -> None:
        self.obj: Any = {"lang": lang}
        self.params = params


class Parameters:
    """How a command reads its command line, from its declarations: ``None`` from
    :meth:`of` when one of them is more than a text, a list of texts or a flag."""

    def __init__(self) -> None:
        self.context: str | None = None                 # the name of its ``ctx``, if any
        self.defaults: dict[str, Any] = {}
        self.flags: dict[str, str] = {}                 # option name -> parameter
        self.values: dict[str, str] = {}
        self.lists: dict[str, str] = {}
        self.argument: tuple[str, bool] | None = None   # (parameter, takes them all)

    @classmethod
    def of(cls, func: Callable[..., Any]) -> Parameters | None:
        """The parameters of ``func``, or None when Typer must read them."""
        self = cls()
        for name, annotation, decl in signature_of(func):
            if annotation == "Context":
                self.context = name
                continue
            if not isinstance(decl, Declared) or set(decl.settings) - _PLAIN_SETTINGS:
                return None
            self.defaults[name] = decl.default
            if decl.kind == "argument":
                if self.argument is not None or annotation not in _TEXT + _TEXTS:
                    return None
                self.argument = (name, annotation in _TEXTS)
                continue
            table = (self.flags if annotation == "bool" and decl.default is False else
                     self.values if annotation in _TEXT else
                     self.lists if annotation in _TEXTS else None)
            if table is None or any("/" in n or not n.startswith("-") for n in decl.names):
                return None
            table.update(dict.fromkeys(decl.names, name))
        return self

    def read(self, args: list[str]) -> dict[str, Any] | None:
        """The values of ``args`` as Typer gives them to the command (an empty list is None),
        or None when Click must read them (a mistake it says, an option spelt its own way)."""
        values: dict[str, Any] = dict(self.defaults)
        lists: dict[str, list[str]] = {}
        words: list[str] = []
        rest = list(args)
        while rest:
            token = rest.pop(0)
            if token == "--":
                words += rest
                break
            if not token.startswith("-") or token == "-":
                words.append(token)
                continue
            name, value = token, None
            if token.startswith("--") and "=" in token:
                name, _, value = token.partition("=")
            elif not token.startswith("--") and len(token) > 2:
                name, value = token[:2], token[2:]       # -r1
            if name in self.flags and value is None:
                values[self.flags[name]] = True
                continue
            if name not in self.values and name not in self.lists:
                return None
            if value is None:
                if not rest or rest[0].startswith("-"):
                    return None
                value = rest.pop(0)
            if name in self.values:
                values[self.values[name]] = value
            else:
                lists.setdefault(self.lists[name], []).append(value)
        values.update(lists)
        if self.argument is not None:
            name, takes_all = self.argument
            if takes_all:
                values[name] = words or None
            elif len(words) <= 1:
                values[name] = words[0] if words else None
            else:
                return None
        elif words:
            return None
        return values


def command_function(name: str) -> Callable[..., Any]:
    """The function of the command ``name`` of :data:`QUICK` (its module imported)."""
    module = importlib.import_module(f"{__package__}.{QUICK[name]}")
    for entry in module.COMMANDS:
        func: Callable[..., Any]
        func, options = entry if isinstance(entry, tuple) else (entry, {})
        if (options.get("name") or func.__name__.replace("_", "-")) == name:
            return func
    raise LookupError(name)


def quick_call(args: list[str]) -> tuple[Callable[..., Any], dict[str, Any], str] | None:
    """The command function, its keyword arguments and the language of ``yams ARGS``, when it
    runs without Typer; else None."""
    from .lang import resolve_lang

    if not args or args[0] not in QUICK or "_YAMS_COMPLETE" in os.environ:
        return None
    try:
        check_arguments(args)
        lang = resolve_lang(None)
    except YamsError:
        return None
    func = command_function(args[0])
    parameters = Parameters.of(func)
    values = None if parameters is None else parameters.read(args[1:])
    if parameters is None or values is None:
        return None
    if parameters.context is not None:
        values[parameters.context] = QuickContext(lang, dict(values))
    return func, values, lang


def run_quick(args: list[str]) -> int | None:
    """Run ``yams ARGS`` without Typer when it can be (see the module doc): its exit status,
    or None for the Typer app to run it."""
    call = quick_call(args)
    if call is None:
        return None
    func, values, lang = call
    try:
        func(**values)
    except YamsError as err:              # as YamsCommand (with --json) and YamsGroup say it
        print_error(err, lang, as_json=bool(values.get("as_json")))
        return err.exit_code
    except OSError as exc:                # standard output full or closed
        return report_output(exc)
    except (EOFError, KeyboardInterrupt):  # as Click says it
        sys.stderr.write("\nAborted!\n")
        return 1
    return 0


def main() -> None:
    """Console script ``yams``."""
    prepare_streams()
    try:
        code = run_quick(sys.argv[1:])
    except SystemExit as done:
        raise SystemExit(flushed(done.code)) from None
    if code is not None:
        raise SystemExit(flushed(code))
    from .app import main as typer_main

    typer_main()


if __name__ == "__main__":  # pragma: no cover
    main()
