"""The message catalogue: every sentence the program says, core and CLI, in GNU gettext form.

One catalogue per language, ``yams_scorekeeper/locale/<lang>/LC_MESSAGES/yams.po`` (English
``en``, French ``fr``; another language is one more ``.po``), compiled by
``scripts/compile_catalogues.py`` into one ``.mo`` per area (per command for ``cli``: see
:func:`domain_of`) and read with the standard library's :mod:`gettext`, so that a command
parses only the areas it speaks. A msgid is a key
``"<area>.<name>"`` (``game``, ``store``, ``entry``, ``rules``, ``explain``, ``table``, ``cli``,
``evening``, ``carnet``, ``book``; ``input``: the words a player types, see :func:`typed`);
its ``msgstr`` a ``str.format`` template with the same
placeholders in every language, filled by :func:`~yams_scorekeeper.i18n.wording.fill` (French
decimal commas). A plural is an ``ngettext`` entry ``"<area>.<name>[<value>]"`` counted by the value
named in brackets (``cli.sheet.pool[n]``: ``say("cli.sheet.pool", lang, n=3)``); a second count
in the same sentence is the plural entry ``"<area>.<name>.<value>[<value>]"``, whose text fills
that placeholder. Row, figure and column names stay French in every language, as on the paper
sheet. A language that lacks an entry says it in English, as gettext does.

- :func:`say` gives the text of a key in a language (the one way to fetch a text; :func:`words`
  and :func:`template` are thin forms of it for the modules that read many keys of a section);
- :class:`Message` is a key with its values, not yet in a language: errors carry one
  (``raise IllegalMoveError(Message("game.already_written", column=..., row=...), rule="G3")``) and
  the core returns explanations as one; ``message.text(lang)`` renders it, and a value that has
  a ``text(lang)`` method itself (a :class:`Message`, a :class:`Joined` list of them, a
  :class:`~yams_scorekeeper.base.errors.YamsError`) is rendered in the same language.

To add a sentence: add its entry to every ``.po`` (``msgid "<area>.<name>"``), run
``scripts/compile_catalogues.py``, use its key. ``tests/test_texts.py`` checks that every language
has every entry with the same placeholders, that every key used exists, that every entry is used
and that no ``.mo`` is stale. Standard library only.
"""

from __future__ import annotations

import gettext
import os
from string import Formatter
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Any

#: the folder of the catalogues, one sub-folder per language (gettext's layout)
LOCALE_DIR = os.path.join(os.path.dirname(os.path.dirname(__file__)), "locale")
#: the gettext text domain: Click's and Typer's strings; the areas are ``yams-<area>``
DOMAIN = "yams"
#: the language the score explanations (``explain.*``) are said in whatever the output
#: language; ``None``: they follow the output language like every other text (English output,
#: English explanations; the row names in them stay French). See :func:`explain_lang`.
EXPLAIN_LANG: str | None = None

#: the areas of the catalogue, each a domain ``yams-<area>``
AREAS = ("game", "store", "entry", "rules", "explain", "table", "cli", "evening", "carnet",
         "book", "input")
#: the source language: every msgid has its text there, and a language without an entry
#: falls back to it
SOURCE = "en"

_loaded: dict[tuple[str, str], gettext.NullTranslations] = {}


def catalogue(domain: str, lang: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``domain`` in ``lang`` (an empty one when there is none)."""
    found = _loaded.get((domain, lang))
    if found is None:
        try:
            with open(os.path.join(LOCALE_DIR, lang, "LC_MESSAGES", f"{domain}.mo"), "rb") as mo:
                found = gettext.GNUTranslations(mo)
        except FileNotFoundError:
            found = gettext.NullTranslations()
        _loaded[(domain, lang)] = found
    return found


def domain_of(key: str) -> str:
    """The compiled catalogue that holds ``key``: ``yams-<area>``, and for the other commands'
    sections ``yams-cli.<command>`` (``cli.sheet.total``), so a command parses only its own."""
    area, _, rest = key.partition(".")
    section, dot, _ = rest.partition(".")
    return f"{DOMAIN}-{area}.{section}" if area == "cli" and dot else f"{DOMAIN}-{area}"


def _count(value: Any) -> int:
    return value if isinstance(value, int) else int(abs(value))


def _lookup(key: str, lang: str, values: dict[str, Any]) -> str:
    """The template of ``key`` in ``lang``: its plural form when the entry counts one of
    ``values``; KeyError when no language has it."""
    area, _, _ = key.partition(".")
    if area not in AREAS:
        raise KeyError(key)
    texts = catalogue(domain_of(key), lang)
    text = texts.gettext(key)
    if text != key:
        return text
    for name, value in values.items():
        msgid = f"{key}[{name}]"
        if isinstance(value, (int, float)) and (text := texts.ngettext(
                msgid, msgid, _count(value))) != msgid:
            for field in _fields(text) - {name}:
                sub = f"{key}.{field}[{field}]"
                if isinstance(values.get(field), (int, float)) and (part := texts.ngettext(
                        sub, sub, _count(values[field]))) != sub:
                    text = text.replace(f"{{{field}}}", part)
            return text
    if lang != SOURCE:
        return _lookup(key, SOURCE, values)
    raise KeyError(key)


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in Formatter().parse(template) if name}


def template(key: str, lang: str = "en") -> str:
    """The template of ``key`` in ``lang`` (not a plural: :func:`say` counts those)."""
    return _lookup(key, lang, {})


def say(key: str, lang: str = "en", /, **values: Any) -> str:
    """The text of ``key`` in ``lang``, filled with ``values`` (see the module doc)."""
    text = _lookup(key, lang, values)
    if not values:
        return text
    values = {k: (v.text(lang) if callable(getattr(v, "text", None)) else v)
              for k, v in values.items()}
    if lang == "fr" and any(isinstance(v, float) for v in values.values()):
        from .wording import fill
        return fill(text, lang, **values)
    return text.format(**values)


def languages() -> tuple[str, ...]:
    """The languages of the catalogue (its folders), French first, then English."""
    found = [name for name in os.listdir(LOCALE_DIR)
             if os.path.isdir(os.path.join(LOCALE_DIR, name, "LC_MESSAGES"))]
    return tuple(sorted(found, key=lambda lang: (lang != "fr", lang != SOURCE, lang)))


def typed(name: str) -> tuple[str, ...]:
    """The words a player may type for ``name`` (``input.<name>``: ``yes``, ``quit``...), in
    any language of the catalogue, whatever the output language: ``("o", "oui", "y", "yes")``."""
    found: list[str] = []
    for lang in languages():
        found += [word for word in say(f"input.{name}", lang).split() if word not in found]
    return tuple(found)


def explain_lang(lang: str) -> str:
    """The language a score explanation is said in when the output is in ``lang``."""
    return EXPLAIN_LANG or lang


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
    ``template("cli.sheet.total", lang)`` (for a command that says many short things; a
    plural is said with :func:`say`)."""
    return _Section(prefix, lang)
