"""Output of the command line: one-line errors, JSON lines, and Rich tables for people.

The top of this module imports only the standard library: ``rich`` is imported inside the
functions that draw tables, so the JSON and error paths never pay for it.

Rich decides colours itself: none when the output is not a terminal, none when ``NO_COLOR``
is set, and 80 columns when it cannot measure the terminal. The consoles made here leave those
checks alone (no ``force_terminal``, no fixed colour system).
"""

from __future__ import annotations

import errno
import io
import os
import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..base.errors import YamsError
from ..base.safetext import has_surrogate, json_text, shown
from ..i18n import explain_lang, say, words

if TYPE_CHECKING:  # pragma: no cover
    from typing import Any, TextIO

    from rich.console import Console

    from ..rules.base import Figure, RuleSet


#: stands for a space that must not break a line while :func:`wrap_words` works (private use)
_GLUE = "\ue000"
#: a space before French ``: ; ? ! »`` or after ``«``: the sign stays with its word; and the
#: space after the ``!`` that starts a refusal, which stays with what it marks
_FRENCH_SPACE = r" (?=[:;?!»])|(?<=«) |(?<=^!) "


def _french_space():
    import re

    return re.compile(_FRENCH_SPACE)


def wrap_words(text: str, width: int, keep: str = "") -> list[str]:
    """``text`` as lines of at most ``width`` characters, broken between words only: a word
    longer than a line stands alone rather than being cut (a refusal's ``!`` stays in front of
    it), and a French ``:`` ``;`` ``?`` ``!`` or ``»`` never starts a line (nor does a ``«`` end
    one); ``keep`` (a command to copy) is never broken. Each line of ``text`` is wrapped on its
    own."""
    import textwrap

    out: list[str] = []
    for line in text.split("\n"):
        if len(line) <= width:
            out.append(line)
            continue
        glued = line.replace(keep, keep.replace(" ", _GLUE)) if keep else line
        glued = _french_space().sub(_GLUE, glued)
        out += [part.replace(_GLUE, " ") for part in
                textwrap.wrap(glued, width, break_long_words=False, break_on_hyphens=False)]
    return out


def echo(text: str, err: bool = False) -> None:
    """One message on standard output (or error): on a terminal, wrapped between words at its
    width, so that no word is cut at the edge; elsewhere as it is, one line."""
    out = sys.stderr if err else sys.stdout
    out.write("\n".join(_for_terminal(text, out)) + "\n")
    out.flush()


def _for_terminal(text: str, out: TextIO) -> list[str]:
    try:
        tty = out.isatty()
    except (AttributeError, ValueError):
        tty = False
    if not tty:
        return [text]
    import shutil

    return wrap_words(text, max(shutil.get_terminal_size().columns, 20))


def print_error(err: YamsError, lang: str, line: int | None = None,
                stream: TextIO | None = None, as_json: bool = False) -> None:
    """Print ``error: <message>`` on one line of stderr; ``line`` names an input line. With
    ``as_json`` (a command run with ``--json``), one JSON object instead (docs/json.md):
    ``{"error": {"message", "expected", "rule", "exit_code"}}``, and ``"line"`` when given."""
    out = stream if stream is not None else sys.stderr
    if as_json:
        error = {"message": " ".join(err.message.text(lang).split()), "expected": err.expected,
                 "rule": err.rule, "exit_code": err.exit_code}
        if line is not None:
            error["line"] = line
        out.write(json_text({"error": error}) + "\n")
    else:
        where = words("cli.render", lang)["line"].format(n=line) if line is not None else ""
        text = shown(" ".join(err.text(lang).split()))   # one line, whatever the message holds
        out.write("\n".join(_for_terminal(f"error: {where}{text}", out)) + "\n")
    out.flush()


def print_json(obj: Any, stream: TextIO | None = None) -> None:
    """One JSON object on one line (UTF-8 text, accents kept), flushed; on a stream whose
    encoding cannot hold the accents (``PYTHONIOENCODING=ascii``) they are ``\\u`` escapes."""
    out = stream if stream is not None else sys.stdout
    text = json_text(obj)
    try:
        text.encode(getattr(out, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        text = json_text(obj, only_ascii=True)
    out.write(text + "\n")
    out.flush()


class OutputError(YamsError):
    """Standard output could not be written: a full disk, ``/dev/full``, a closed pipe."""

    exit_code = 4


def prepare_streams() -> None:
    """Standard output and error never raise ``UnicodeEncodeError``: what the terminal's
    encoding cannot show (``PYTHONIOENCODING=ascii`` and a name with accents) is written as a
    backslash escape (``\\xe9``) instead. A closed standard output (``>&-``) fails at the
    first write, as a full one does."""
    if sys.stdout is None:
        sys.stdout = _ClosedOutput()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(errors="backslashreplace")   # type: ignore[union-attr]
        except (AttributeError, ValueError):
            pass


class _ClosedOutput(io.TextIOBase):
    """Standard output when the program was started without one."""

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, os.strerror(errno.EBADF))


def output_failed(exc: OSError) -> OutputError:
    """The error of a write to standard output that failed; standard output then goes to
    the null device, so that Python's last flush at exit cannot fail a second time."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):     # no descriptor (a test's captured output)
        pass
    from ..i18n import Message

    if exc.filename is not None:
        return OutputError(Message("store.cannot_write", path=exc.filename,
                                   strerror=exc.strerror))
    return OutputError(Message("cli.output_failed", strerror=exc.strerror or str(exc)))


def check_arguments(args: list[str]) -> None:
    """Refuse an argument holding bytes that are not UTF-8 (Python reads them as lone
    surrogates): no name, file or store may hold them."""
    from ..base.errors import EntryError
    from ..i18n import Message

    for arg in args:
        if has_surrogate(arg):
            raise EntryError(Message("cli.argument_not_utf8", arg=shown(arg)),
                             expected="text in UTF-8")


def flushed(code: Any) -> Any:
    """``code``, once standard output is flushed; 4 and one line on stderr when it cannot be
    (the last block of a table written to a full disk)."""
    try:
        sys.stdout.flush()
    except OSError as exc:
        return report_output(exc)
    return code


def report_output(exc: OSError) -> int:
    """Say on stderr that standard output failed (``exc``); returns the exit code."""
    from .lang import current_lang

    err = output_failed(exc)
    print_error(err, current_lang(None))
    return err.exit_code


def console(stderr: bool = False) -> Console:
    """A Rich console that follows the terminal: colour only on a terminal without NO_COLOR.

    Markup and emoji codes are off: style with ``style=`` and ``Text``, never with ``[tags]``
    in a string, so that no data is ever read as markup. Every string it draws (table cells,
    titles) goes through :func:`shown` as a second guard; ``Text`` objects made from data must
    be given ``shown(...)`` text.
    """
    from rich.console import Console

    class SafeConsole(Console):
        def render_str(self, text: str, **kwargs: Any):  # type: ignore[override]
            kwargs["markup"] = False
            kwargs["emoji"] = False
            return super().render_str(shown(text, keep_newlines=True), **kwargs)

        def on_broken_pipe(self) -> None:     # said as every failed output is (app.py)
            raise BrokenPipeError(errno.EPIPE, os.strerror(errno.EPIPE))

    return SafeConsole(stderr=stderr, highlight=False, markup=False, emoji=False)


def figures_table(rules: RuleSet, roll: int, dice_text: str, figures: Iterable[Figure],
                  lang: str, total_rows: int | None = None):
    """A Rich table of ``figures`` (row name, score, why), one block per section of the sheet."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    w = words("cli.render", lang)
    figures = list(figures)
    made = sum(1 for f in figures if f.made)
    total = len(rules.rows) if total_rows is None else total_rows
    table = Table(
        title=Text(f"{rules.title} · {w['roll']} {roll} · {dice_text}", style="bold"),
        caption=say("cli.render.made", lang, made=made, total=total),
        box=box.SIMPLE_HEAD, pad_edge=False, expand=False,
    )
    table.add_column(w["row"], style="bold", no_wrap=True)
    table.add_column(w["score"], justify="right", no_wrap=True)
    table.add_column(w["why"], overflow="fold")
    section = None
    for fig in figures:
        if section is not None and fig.section != section:
            table.add_section()
        section = fig.section
        style = None if fig.made else "dim"
        cited = rules.cite(fig.row, fig.factors)
        table.add_row(Text(rules.row(fig.row).name), Text(str(fig.score)),
                      Text(f"{fig.explain.text(explain_lang(lang))} [{cited}]" if cited
                           else fig.explain.text(explain_lang(lang))), style=style)
    return table


def print_figures(rules: RuleSet, roll: int, dice_text: str, figures: list[Figure],
                  lang: str) -> None:
    """Print the table of ``figures``, or one sentence when there is none."""
    out = console()
    if not figures:
        roll_word = words("cli.render", lang)["roll"]
        out.print(f"{rules.title} · {roll_word} {roll} · {dice_text}", markup=False)
        out.print(words("cli.render", lang)["none"], markup=False)
        return
    out.print(figures_table(rules, roll, dice_text, figures, lang))
