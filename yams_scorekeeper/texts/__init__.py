"""The message catalogue: every sentence the program says, in English and French, core and CLI.

One format, one lookup. A key is ``"<area>.<name>"``; the area names the module of this package
that holds the entry (``game``, ``store``, ``entry``, ``rules``, ``explain``, ``table``, ``cli``),
loaded the first time one of its keys is needed, so a command pays only for the areas it speaks.
Each area module holds ``TEXTS = {"<name>": ("English template", "French template")}``: two
``str.format`` templates with the same placeholders, filled by
:func:`~yams_scorekeeper.wording.fill` (French decimal commas, ``{n:|one|many}`` plurals).
Row, figure and column names stay French in both languages, as on the paper sheet.

- :func:`say` gives the text of a key in a language; :func:`words` the templates of one section;
  :func:`explain_lang` the language of score explanations (``EXPLAIN_LANG``);
- :class:`Message` is a key with its values, not yet in a language: errors carry one
  (``raise IllegalMoveError(Message("game.already_written", column=..., row=...), rule="G3")``) and
  the core returns explanations as one; ``message.text(lang)`` renders it, and a value that has
  a ``text(lang)`` method itself (a :class:`Message`, a :class:`Joined` list of them, a
  :class:`~yams_scorekeeper.errors.YamsError`) is rendered in the same language.

To add a sentence: add the entry to its area module, and use its key. ``tests/test_texts.py``
checks that both languages have the same placeholders, that every key used exists and that every
entry is used. Standard library only, no I/O.
"""

from __future__ import annotations

import importlib
from typing import Any

#: the language the score explanations (``explain.*``) are said in whatever the output
#: language: French, as the paper sheet and the existing transcripts, snapshots and JSON say
#: them. ``None`` makes them follow the output language like every other text (their English
#: is written); see :func:`explain_lang`.
EXPLAIN_LANG: str | None = "fr"

#: the area modules of this package, each a ``TEXTS`` table
AREAS = ("game", "store", "entry", "rules", "explain", "table", "cli", "evening", "carnet",
         "book")
LANGS = ("en", "fr")

_loaded: dict[str, dict[str, tuple[str, str]]] = {}


def _area(area: str) -> dict[str, tuple[str, str]]:
    table = _loaded.get(area)
    if table is None:
        if area not in AREAS:
            raise KeyError(f"no text area {area!r}")
        table = _loaded[area] = importlib.import_module(f"{__name__}.{area}").TEXTS
    return table


def both(key: str) -> tuple[str, str]:
    """The (English, French) templates of ``key``; KeyError when there is none."""
    area, _, name = key.partition(".")
    return _area(area)[name]


def template(key: str, lang: str = "en") -> str:
    """The template of ``key`` in ``lang`` ('en' or 'fr')."""
    en, fr = both(key)
    return fr if lang == "fr" else en


def say(key: str, lang: str = "en", /, **values: Any) -> str:
    """The text of ``key`` in ``lang``, filled with ``values`` (see the module doc)."""
    text = template(key, lang)
    if not values:
        return text
    values = {k: (v.text(lang) if callable(getattr(v, "text", None)) else v)
              for k, v in values.items()}
    if ":|" in text or (lang == "fr" and any(isinstance(v, float) for v in values.values())):
        from ..wording import fill
        return fill(text, lang, **values)
    return text.format(**values)


def explain_lang(lang: str) -> str:
    """The language a score explanation is said in when the output is in ``lang``."""
    return EXPLAIN_LANG or lang


def all_entries() -> dict[str, tuple[str, str]]:
    """Every entry of every area, by full key (loads them all: for tests and tools)."""
    return {f"{area}.{name}": pair for area in AREAS for name, pair in _area(area).items()}


class _Said:
    """What a text to be said later has: ``text(lang)``, and ``en``/``fr``/``str()`` from it."""

    __slots__ = ()

    def text(self, lang: str = "en") -> str:
        raise NotImplementedError

    @property
    def en(self) -> str:
        return self.text("en")

    @property
    def fr(self) -> str:
        return self.text("fr")

    def __str__(self) -> str:
        return self.text("en")


class Message(_Said):
    """A catalogue key and its values, to be said in a language later (``text(lang)``)."""

    __slots__ = ("key", "values")

    def __init__(self, key: str, /, **values: Any):
        self.key = key
        self.values = values

    def text(self, lang: str = "en") -> str:
        """The message in ``lang`` ('en' or 'fr')."""
        return say(self.key, lang, **self.values)

    def __repr__(self) -> str:
        return f"Message({self.key!r}, **{self.values!r})"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Message) and other.key == self.key
                and other.values == self.values)

    def __hash__(self) -> int:
        return hash(self.key)


class Joined(_Said):
    """Texts said in the same language and joined by ``separator`` (a str, or a Message such
    as ``Message("explain.and")``: ``"; "`` in English, ``" ; "`` in French)."""

    __slots__ = ("separator", "parts")

    def __init__(self, separator: str | Message, parts: Any):
        self.separator = separator
        self.parts = tuple(parts)

    def text(self, lang: str = "en") -> str:
        """Each part in ``lang``, joined."""
        return _said(self.separator, lang).join(_said(p, lang) for p in self.parts)

    def __repr__(self) -> str:
        return f"Joined({self.separator!r}, {self.parts!r})"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Joined) and other.separator == self.separator
                and other.parts == self.parts)

    def __hash__(self) -> int:
        return hash(self.parts)


def _said(value: Any, lang: str) -> str:
    return value.text(lang) if callable(getattr(value, "text", None)) else str(value)


class _Section:
    """The templates of the keys under one prefix, in one language (``section["title"]``)."""

    __slots__ = ("prefix", "lang")

    def __init__(self, prefix: str, lang: str):
        self.prefix, self.lang = prefix, lang

    def __getitem__(self, name: str) -> str:
        return template(f"{self.prefix}.{name}", self.lang)


def words(prefix: str, lang: str = "en") -> _Section:
    """The templates under ``prefix`` in ``lang``: ``words("cli.sheet", lang)["total"]`` is
    ``template("cli.sheet.total", lang)`` (for a command that says many short things)."""
    return _Section(prefix, lang)
