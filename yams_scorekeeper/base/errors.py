"""The one error family raised by the core; the CLI catches it in one place.

Split by cause, like python-chess splits bad syntax from illegal moves:

- ``EntryError``: what was typed cannot be read (dice, roll number, cell name, option).
- ``IllegalMoveError``: what was typed is readable but the rules refuse it; names the rule.
- ``ConfigError``: an unknown rule set, variant, column or option combination.
- ``StoreError``: the record book cannot be read, written or locked.
- ``DamagedGameError``: a stored or imported game document does not replay (damaged or edited
  by hand); exit status 4, as a store error, though the core raises it.

Every error carries a :class:`~yams_scorekeeper.i18n.Message` (a key of the message catalogue
and its values), said in English or French by ``text(lang)``; ``str(err)`` is the English.
``expected`` is a language-neutral example of what would be accepted, ``rule`` the ruling or seed
that refuses. Raise one as ``IllegalMoveError(Message("game.already_written", column=..., row=...),
rule="G3")``; the sentences live in :mod:`yams_scorekeeper.i18n`, never at the raise.
"""

from __future__ import annotations

from ..i18n import Message, say


class YamsError(Exception):
    """Base of every error the core raises on purpose."""

    exit_code = 1

    def __init__(self, message: Message, *, expected: str | None = None,
                 rule: str | None = None):
        super().__init__(message.key)
        self.message = message
        self.expected = expected
        self.rule = rule

    @property
    def en(self) -> str:
        """The message alone (no expected, no rule) in English."""
        return self.message.text("en")

    @property
    def fr(self) -> str:
        """The message alone (no expected, no rule) in French."""
        return self.message.text("fr")

    def text(self, lang: str = "en") -> str:
        """The full one-line message in ``lang`` ('en' or 'fr')."""
        message = self.message.text(lang)
        if self.expected:
            message += say("entry.expected", lang, example=self.expected)
        if self.rule:
            message += f" [{self.rule}]"
        return message

    def __str__(self) -> str:
        return self.text("en")


class EntryError(YamsError, ValueError):
    """Input that cannot be parsed: wrong dice count, value out of 1-6, unknown tag, bad roll."""

    exit_code = 2


class IllegalMoveError(YamsError):
    """A well-formed entry that the rules refuse; ``rule`` cites the ruling or seed."""

    exit_code = 3


class ConfigError(YamsError):
    """Unknown rule set, variant, column or option, or options that do not go together."""

    exit_code = 2


class DamagedGameError(YamsError):
    """A game document (stored, or in a book to import) that the rules cannot replay: a
    missing or mistyped field, a configuration or an event they refuse."""

    exit_code = 4


class StoreError(YamsError):
    """The store cannot be used; nothing was changed."""

    exit_code = 4
    #: the game whose file it is, when Store.games_in_progress lists it as damaged (not set
    #: otherwise: ``hasattr`` says which)
    game_id: str


class StoreCorruptError(StoreError):
    """The store file cannot be read; it is never overwritten."""


class StoreBusyError(StoreError):
    """Another process holds the store lock for too long."""

    exit_code = 5
