"""Text that is safe to show: what a terminal would act on (control characters, ESC, CR, BEL,
bidi overrides) made visible, and the test that refuses such characters in names.

No I/O; the command line's output (:mod:`yams_scorekeeper.cli.render`) uses :func:`shown` on
every data string, and :mod:`yams_scorekeeper.engine.config` refuses names that :func:`has_unsafe`.
"""

from __future__ import annotations

import json
import re
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Any

#: What a terminal would act on rather than show: C0 and C1 control characters (ESC, CR,
#: BEL, backspace, newline...), DEL, and the bidirectional overrides, embeddings, isolates and
#: marks that reorder what is shown (Trojan-source style), plus the line/paragraph separators;
#: and the lone surrogates, which are no text at all (bytes that were not UTF-8 in an
#: argument, ``"\\ud800"`` in a JSON file) and which no stream can encode. Every one of them
#: is a character ``str.isprintable`` refuses, so printable text is looked at no further (and
#: the patterns are compiled when first needed: a one-shot command seldom needs them).
_PATTERNS = {
    "unsafe": "[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029"
              "\u202a-\u202e\u2066-\u2069\ud800-\udfff]",
    "unsafe_keep_newlines": "[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f"
                            "\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]",
    "surrogate": "[\ud800-\udfff]",
    #: characters JSON may hold raw (``ensure_ascii=False``) but a terminal would act on
    "json_unsafe": "[\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e"
                   "\u2066-\u2069\ud800-\udfff]",
    #: characters XML 1.0 cannot hold at all, even escaped (``shown`` already took the controls)
    "not_xml": "[\ud800-\udfff\ufffe\uffff]",
}


@cache
def _pattern(name: str) -> re.Pattern[str]:
    return re.compile(_PATTERNS[name])


def _visible(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def shown(value: Any, keep_newlines: bool = False) -> str:
    """``value`` as text that is safe to show: every control character, ESC, CR, BEL and
    bidi override is replaced by a visible escape (``\\x1b``, ``\\u202e``).

    Use it on every data string (a player's name, a label, anything read from a file) before
    it reaches Rich or the terminal. Rich never reads data as markup here:
    :func:`yams_scorekeeper.cli.render.console` turns markup and emoji codes off, so ``[/x]``
    in a name is just text.
    ``keep_newlines`` keeps ``\\n`` (for the program's own multi-line messages).
    """
    text = value if isinstance(value, str) else str(value)
    if text.isprintable():
        return text
    return _pattern("unsafe_keep_newlines" if keep_newlines else "unsafe").sub(_visible, text)


def json_text(obj: Any, only_ascii: bool = False, **kwargs: Any) -> str:
    """``json.dumps(obj, ensure_ascii=False)`` with the characters a terminal acts on written as
    ``\\uXXXX`` escapes: the same JSON value, safe to print (C0 controls JSON always escapes).
    ``only_ascii``: every character past ASCII escaped (for a stream that cannot show them)."""
    text = json.dumps(obj, ensure_ascii=only_ascii, **kwargs)
    if text.isascii() and "\x7f" not in text:      # nothing past DEL: nothing to escape
        return text
    return _pattern("json_unsafe").sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def has_surrogate(text: str) -> bool:
    """True when ``text`` holds a lone surrogate: bytes that were not UTF-8 (an argument read
    with Python's ``surrogateescape``) or a ``\\ud800`` escape; no file or stream takes it."""
    return not text.isprintable() and _pattern("surrogate").search(text) is not None


def fold_name(name: str) -> str:
    """A player's name as names are compared everywhere (``new``, stats, history, the table):
    surrounding spaces, case and compatibility forms ignored (NFKC, then ``casefold``, then
    NFKC again: ``Straße`` and ``STRASSE``, ``ﬁona`` and ``Fiona``, a full-width ``Ａ`` and
    ``a`` are one name)."""
    import unicodedata

    text = unicodedata.normalize("NFKC", name.strip()).casefold()
    return unicodedata.normalize("NFKC", text).strip()


#: letters that are drawn as nothing though Unicode does not call them format characters
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u034f\u2800")


def has_invisible(text: str) -> bool:
    """True when ``text`` holds a character that is drawn as nothing: a format character
    (zero-width space and joiners, the byte-order mark, soft hyphen, tag characters, bidi
    marks: Unicode's category Cf) or a blank filler letter; ``"Alice\\u200b"`` would look
    like ``"Alice"`` and be another player."""
    if text.isascii():                  # no format character nor filler letter is ASCII
        return False
    import unicodedata

    return any(unicodedata.category(ch) == "Cf" or ch in _BLANK_LETTERS for ch in text)


def markup_text(value: Any) -> str:
    """``value`` as text safe inside XML or HTML, in an element or a quoted attribute: made
    visible by :func:`shown`, then escaped (the printable pages, the live sheet, the charts)."""
    import html

    text = _pattern("not_xml").sub(lambda m: f"\\u{ord(m.group()):04x}", shown(value))
    return html.escape(text, quote=True)


def has_unsafe(text: str) -> bool:
    """True when ``text`` holds a character :func:`shown` would escape (newline included)."""
    return not text.isprintable() and _pattern("unsafe").search(text) is not None
