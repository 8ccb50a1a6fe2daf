"""Click's own words in the language of the run: the usage line and the usage errors.

Typer 0.28 carries its own Click (``typer._click``), whose usage line and usage errors are
English f-strings that never ask ``gettext``. Typer's own strings ("No such command {name!r}.",
"Missing command.", "Options") do ask the standard ``gettext.gettext``, which
:func:`~yams_scorekeeper.cli.lang.serve_click` points at the catalogue. This module says the
rest through the same ``gettext``, from the catalogue's ``#. click`` entries (msgid: Click's
English sentence, as upstream Click spells it; ``ngettext`` where a count decides):

- :class:`SpokenCommand` writes the usage line with ``_("Usage:")``, in ``--help`` and above
  an error;
- when a command line cannot be parsed, :class:`SpokenCommand` (and :class:`SpokenGroup` for
  an unknown command) says the error again from the exception's own fields: the option typed
  and the possibilities (``NoSuchOption``), the parameter, its kind and its type
  (``MissingParameter``, ``BadParameter``), the option and its arity (``BadOptionUsage``).
  What Click keeps only in the frame that raised (the text a type could not convert, the extra
  arguments) is read from that frame of the exception's traceback.

A sentence the language lacks (English lacks them all) leaves the error as Click says it, so
English output is Click's own, byte for byte. What the user typed is made visible with
:func:`~yams_scorekeeper.base.safetext.shown`; Typer draws the message as plain text, never as
Rich markup.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterator, Sequence
from difflib import get_close_matches
from types import FrameType
from typing import Any

from typer import _click as click
from typer._click import exceptions as errors
from typer._click import types
from typer._types import TyperChoice
from typer.core import TyperGroup

from ..base.safetext import shown

#: the kinds of parameter Click names in a "Missing ..." error, and the sentence of each
MISSING = {"argument": "Missing argument {param_hint}.", "option": "Missing option {param_hint}.",
           "parameter": "Missing parameter {param_hint}."}


def usage_prefix() -> str:
    """What comes before the usage line: ``"Usage: "`` in English."""
    return f"{gettext.gettext('Usage:')} "


class SaidError(errors.UsageError):
    """A usage error said again in the language of the run: Click's context (the usage line
    above it) and exit status, the translated text."""

    def __init__(self, text: str, said: errors.UsageError) -> None:
        super().__init__(text, said.ctx)
        self.exit_code = said.exit_code


class SpokenCommand(click.Command):
    """A Click command whose usage line and parsing errors speak the language of the run."""

    def format_usage(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        pieces = self.collect_usage_pieces(ctx)
        formatter.write_usage(ctx.command_path, " ".join(pieces), prefix=usage_prefix())

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        from .options import bare_to_standard_output

        takes = {name for param in self.params for name in getattr(param, "opts", ())}
        return super().parse_args(ctx, bare_to_standard_output(args, takes))

    def make_context(self, info_name: str | None, args: list[str],
                     parent: click.Context | None = None, **extra: Any) -> click.Context:
        try:
            return super().make_context(info_name, args, parent, **extra)
        except errors.UsageError as err:
            said = spoken(err, self)
            if said is err:
                raise
            raise said from None


class SpokenGroup(SpokenCommand, TyperGroup):
    """Typer's group as a :class:`SpokenCommand`: an unknown command is refused in the
    language of the run, with the close names Typer suggests."""

    def resolve_command(self, ctx: click.Context,
                        args: list[str]) -> tuple[str | None, click.Command | None, list[str]]:
        try:
            return super().resolve_command(ctx, args)
        except errors.UsageError as err:
            text = _translated("No such command {name!r}.")
            if type(err) is not errors.UsageError or not args or text is None:
                raise
            said = text.format(name=shown(args[0]))
            if getattr(self, "suggest_commands", False):
                matches = get_close_matches(args[0], list(self.commands))
                if matches:
                    said += " " + gettext.gettext("Did you mean {suggestions}?").format(
                        suggestions=", ".join(matches))
            raise SaidError(said, err) from None


def spoken(err: errors.UsageError, command: click.Command) -> errors.UsageError:
    """``err`` (raised while ``command`` read its command line) said in the language of the
    run: a :class:`SaidError`, or ``err`` itself when the language lacks its sentence."""
    text: str | None = None
    if isinstance(err, errors.NoSuchOption):
        text = _no_such_option(err)
    elif isinstance(err, errors.BadOptionUsage):
        text = _bad_option_usage(err, command)
    elif isinstance(err, errors.MissingParameter):
        text = _missing(err)
    elif isinstance(err, errors.BadParameter):
        text = _invalid(err)
    elif type(err) is errors.UsageError:
        text = _extra_arguments(err)
    return err if text is None else SaidError(text, err)


def _translated(msgid: str, plural: str | None = None, n: int = 1) -> str | None:
    """The catalogue's text of ``msgid`` (its form for ``n`` when it has a ``plural``), or
    None when the language of the run does not have it."""
    if plural is None:
        text = gettext.gettext(msgid)
        return None if text == msgid else text
    text = gettext.ngettext(msgid, plural, n)
    return None if text in (msgid, plural) else text


def _no_such_option(err: errors.NoSuchOption) -> str | None:
    text = _translated("No such option: {name}")
    if text is None:
        return None
    said = text.format(name=shown(err.option_name))
    if err.possibilities:
        found = sorted(err.possibilities)
        said += " " + gettext.ngettext("Did you mean {possibilities}?",
                                       "(Possible options: {possibilities})", len(found)
                                       ).format(possibilities=", ".join(found))
    return said


def _bad_option_usage(err: errors.BadOptionUsage, command: click.Command) -> str | None:
    """An option given a value it does not take, or not given the values it needs."""
    option = next((p for p in command.params
                   if err.option_name in (*p.opts, *p.secondary_opts)), None)
    if option is None:
        return None
    if getattr(option, "is_flag", False) or getattr(option, "count", False):
        text = _translated("Option {name!r} does not take a value.")
    else:
        text = _translated("Option {name!r} requires an argument.",
                           "Option {name!r} requires {nargs} arguments.", option.nargs)
    return None if text is None else text.format(name=shown(err.option_name), nargs=option.nargs)


def _hint(err: errors.BadParameter) -> str | None:
    """The parameter an error is about, as the user names it (``--limit / -n``, ``DICE...``)."""
    if err.param_hint is not None:
        hints = [err.param_hint] if isinstance(err.param_hint, str) else err.param_hint
        return " / ".join(shown(hint) for hint in hints)
    if err.param is None:
        return None
    return " / ".join(err.param.opts) if err.param.param_type_name == "option" \
        else err.param.human_readable_name


def _missing(err: errors.MissingParameter) -> str | None:
    param, hint = err.param, _hint(err)
    kind = err.param_type or (param.param_type_name if param is not None else "parameter")
    text = _translated(MISSING[kind]) if kind in MISSING and hint else None
    if text is None:
        return None
    said = [text.format(param_hint=hint)]
    if err.message:
        said.append(shown(err.message))
    if param is not None and isinstance(param.type, TyperChoice):
        choices = _choices(param.type, err.ctx)
        said.append(gettext.gettext("Choose from:\n\t{choices}").format(
            choices=",\n\t".join(choices)))
    return " ".join(said)


def _invalid(err: errors.BadParameter) -> str | None:
    hint = _hint(err)
    text = _translated("Invalid value for {param_hint}: {message}") if hint is not None \
        else _translated("Invalid value: {message}")
    if text is None:
        return None
    return text.format(param_hint=hint, message=_conversion(err) or err.message)


def _conversion(err: errors.BadParameter) -> str | None:
    """What a parameter's type says of the text it could not convert, or None when the type
    is not one of Click's number or choice types (its own message then stays)."""
    kind = err.param.type if err.param is not None else None
    found = _raised_in(err, "convert", kind)
    if kind is None or found is None or "value" not in found.f_locals:
        return None
    value = found.f_locals["value"]
    if isinstance(kind, TyperChoice):
        choices = _choices(kind, err.ctx)
        text = gettext.ngettext("{value!r} is not {choices}.",
                                "{value!r} is not one of {choices}.", len(choices))
        return text.format(value=shown(value), choices=", ".join(shown(c) for c in choices))
    if not isinstance(kind, types.IntParamType | types.FloatParamType):
        return None
    try:
        number = kind._number_class(value)
    except (TypeError, ValueError):
        return gettext.gettext("{value!r} is not a valid integer." if isinstance(
            kind, types.IntParamType) else "{value!r} is not a valid float.").format(
            value=shown(value))
    if isinstance(kind, types.IntRange | types.FloatRange):
        return gettext.gettext("{value} is not in the range {range}.").format(
            value=number, range=kind._describe_range())
    return None


def _extra_arguments(err: errors.UsageError) -> str | None:
    """``Got unexpected extra argument(s)``: the arguments that the command's parameters left,
    read from the frame of ``Command.parse_args`` that refused them."""
    frames = list(_frames(err))
    for frame, after in zip(frames, frames[1:], strict=False):
        if frame.f_code is click.Command.parse_args.__code__ \
                and after.f_code is click.Context.fail.__code__:
            left = [str(arg) for arg in frame.f_locals.get("args", ())]
            text = _translated("Got unexpected extra argument ({args})",
                               "Got unexpected extra arguments ({args})", len(left))
            return None if text is None or not left else text.format(
                args=" ".join(shown(arg) for arg in left))
    return None


def _frames(err: BaseException) -> Iterator[FrameType]:
    """The frames ``err`` went through, the outermost first."""
    tb = err.__traceback__
    while tb is not None:
        yield tb.tb_frame
        tb = tb.tb_next


def _raised_in(err: BaseException, name: str, owner: object) -> FrameType | None:
    """The outermost frame of a method ``name`` of ``owner`` that ``err`` went through."""
    return next((f for f in _frames(err)
                 if f.f_code.co_name == name and f.f_locals.get("self") is owner), None)


def _choices(kind: TyperChoice[Any], ctx: click.Context | None) -> Sequence[str]:
    """The texts a choice type accepts, as the command line types them."""
    return list(kind._normalized_mapping(ctx=ctx).values())


