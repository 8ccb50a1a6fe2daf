"""The terminal of ``yams play`` and ``yams demo``: lines in from standard input, Rich out on
standard output, in one language; messages wrapped between words; the yes/no question; and the
words a player may type at any prompt (``q`` quits, ``h`` helps, ...).

Input is read one line at a time (``input()`` on a terminal, for line editing; a plain read
otherwise, echoed so that a log of the session reads like the conversation), so a script or a
test can drive a whole game.
"""

from __future__ import annotations

import sys
from typing import Any

import typer

from ..base.errors import YamsError
from ..i18n import typed
from .lang import current_lang, resolve_lang
from .messages import NO, YES, msg
from .render import shown, wrap_words

#: the commands at hand at every prompt of the table, by name, each with the words a player
#: may type for it (every language: the catalogue's ``input.*``); the turn loop dispatches on
#: this table and the cell handles are drawn outside it (:mod:`~yams_scorekeeper.cli.choice`)
COMMANDS: dict[str, tuple[str, ...]] = {
    "quit": typed("quit"), "help": typed("help"), "sheet": typed("sheet"),
    "sheets": typed("sheets"), "undo": typed("undo"), "list": typed("list"), "why": typed("why"),
    "end": typed("end"), "log": typed("log"), "fix": typed("fix"), "hint": typed("hint")}
#: the answers a question of the table takes (yes/no, none), never a handle either
ANSWERS: dict[str, tuple[str, ...]] = {"yes": typed("yes"), "no": typed("no"),
                                       "none": typed("none")}
QUIT_WORDS = COMMANDS["quit"]
HELP_WORDS = COMMANDS["help"]
SHEET_WORDS = COMMANDS["sheet"]
STACKED_WORDS = COMMANDS["sheets"]
UNDO_WORDS = COMMANDS["undo"]
LIST_WORDS = COMMANDS["list"]
END_WORDS = COMMANDS["end"]
WHY_WORDS = COMMANDS["why"]
LOG_WORDS = COMMANDS["log"]
FIX_WORDS = COMMANDS["fix"]
HINT_WORDS = COMMANDS["hint"]
NONE_WORDS = ANSWERS["none"]

#: the columns a prompt leaves at the end of its line for the answer (a cell, a few dice)
TYPING_ROOM = 12


class Quit(Exception):
    """``q`` at a prompt: everything is stored already; leave."""


def lang_option(help: str) -> Any:
    """``--lang fr|en`` of a command that talks (play, demo); see :func:`terminal`."""
    return typer.Option(None, "--lang", metavar="fr|en", show_default=False, help=help)


class _Counted:
    """An output stream that counts the lines written to it."""

    def __init__(self, stream: Any):
        self.stream, self.lines = stream, 0

    def write(self, text: str) -> int:
        self.lines += text.count("\n")
        return self.stream.write(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


class Terminal:
    """Lines in from standard input, Rich out on standard output, in one language."""

    def __init__(self, lang: str):
        from .render import console

        self.lang = lang
        self.out = console()
        self._counted = _Counted(self.out.file)
        self.out.file = self._counted  # type: ignore[assignment]  # a stream that counts
        try:
            self.tty = sys.stdin.isatty()
        except (AttributeError, ValueError):
            self.tty = False
        if self.tty:
            try:
                import readline  # noqa: F401  (line editing and history for input())
            except ImportError:  # pragma: no cover
                pass

    def t(self, key: str, **values: Any) -> str:
        return msg(key, self.lang, **values)

    def say(self, text: str, style: str | None = None, wrap: bool = True,
            keep: str = "") -> None:
        """One message, wrapped between words (:func:`wrap_words`), never inside ``keep`` (a
        command to copy; a line holding one is wrapped only on a terminal, and stays whole in a
        log); ``wrap=False`` for lines laid out already."""
        if wrap and (not keep or self.out.is_terminal):
            text = "\n".join(wrap_words(text, max(self.out.width, 20), keep=keep))
        self.out.print(text, style=style, markup=False, highlight=False, soft_wrap=True)

    def show(self, renderable: Any) -> None:
        self.out.print(renderable)

    def page(self, what: Any, hold: bool = False) -> None:
        """A long output (a text of lines, or a Rich renderable) a screen at a time on a
        terminal, Enter between two (``q`` stops); all of it elsewhere (a log keeps it all).
        ``hold``: wait for Enter after the last screen too (the grid is drawn again after)."""
        if not self.tty:
            self.say(what) if isinstance(what, str) else self.show(what)
            return
        with self.out.capture() as captured:
            self.say(what) if isinstance(what, str) else self.show(what)
        lines = captured.get().splitlines()
        size = max(self.out.height - 1, 2)
        while lines:
            shown, lines = lines[:size], lines[size:]
            self._counted.write("".join(line + "\n" for line in shown))
            self._counted.flush()
            if not lines and not hold:
                return
            if self.read(self.t("more_prompt" if lines else "back_prompt")).strip().lower() \
                    in QUIT_WORDS:
                return

    def refuse(self, reason: YamsError | str) -> None:
        """The reason an entry is asked again, on one line."""
        text = reason.text(self.lang) if isinstance(reason, YamsError) else reason
        self.say("! " + " ".join(text.split()), style="red")

    @property
    def since_enter(self) -> int:
        """The lines on screen from the last line typed (that line included) to the cursor."""
        return self._counted.lines

    def read(self, prompt: str) -> str:
        """One line of input: EOFError at the end of input, KeyboardInterrupt on Ctrl-C."""
        prompt = shown(prompt)
        if self.tty:
            line = input(prompt)
            self._counted.lines = self.rows(prompt + line)
            return line
        out = sys.stdout
        out.write(prompt)
        out.flush()
        line = sys.stdin.readline()
        if not line:
            raise EOFError
        line = line.rstrip("\r\n")
        out.write(shown(line) + "\n")      # echoed: a log of the session reads as the talk
        out.flush()
        self._counted.lines = self.rows(prompt + line)
        return line

    def rows(self, text: str) -> int:
        """The lines of the screen ``text`` takes as the terminal folds it (one at least)."""
        from rich.cells import cell_len

        width = max(self.out.width, 20)
        return max(1, -(-cell_len(text) // width))

    def prompt_lines(self, prompt: str, default: str | None = None, room: int = 1
                     ) -> list[str]:
        """The lines :meth:`ask` shows for ``prompt``: wrapped between words, leaving ``room``
        columns on the last one for the answer."""
        label = (f"{prompt} [{default}]" if default else prompt) + self.t("colon")
        width = max(self.out.width, 20) - room + 1
        if len(label) <= width:
            return [label]
        lines = wrap_words(shown(label), width - 1)
        return [*lines[:-1], lines[-1] + " "]

    def ask(self, prompt: str, default: str | None = None, room: int = 1) -> str:
        """The answer, stripped; Enter gives ``default`` (shown in brackets). ``room``: the
        columns left at the end of the prompt's line for the answer."""
        lines = self.prompt_lines(prompt, default, room)
        for line in lines[:-1]:         # wrapped between words; the last line is the prompt
            self.say(line, wrap=False)
        text = self.read(lines[-1]).strip()
        return text if text else (default or "")


def terminal(ctx: typer.Context, lang: str | None) -> Terminal:
    """The terminal of play and demo, in the language of their --lang, else the one chosen for
    the whole run (yams --lang, $YAMS_LANG, the locale)."""
    return Terminal(resolve_lang(lang) if lang else current_lang(ctx))


def ask_yes(term: Terminal, key: str, default: str, **values: Any) -> bool:
    """A yes/no question (o/oui/y/yes, n/non/no); ``q`` quits."""
    while True:
        answer = term.ask(term.t(key, **values), default).lower()
        if answer in QUIT_WORDS:
            raise Quit
        if answer in YES:
            return True
        if answer in NO:
            return False
        term.refuse(term.t("yes_no"))

