"""Where a game comes from, as its document says: the evening it belongs to, the paper sheet it
was typed from. Both are optional fields of the game document (games of earlier versions have
neither), copied into its summary when it is finished or imported, so that the history, the
statistics, the export and an evening's ranking read them there.

- ``"evening": "2026-12-01-club"``: the id of the evening (``yams soiree``); it travels with
  the game in the archive and in an exported book, so games merged from another laptop count
  in the same evening.
- ``"paper": {"date": "1998-07", "records": false}``: typed from a paper sheet (``yams
  carnet``), on a date maybe known only to the year or month; ``records`` says whether the
  game may hold records (the user's choice at the import).

Pure functions; no I/O.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Any

EVENING = "evening"
PAPER = "paper"
#: what an evening id may be (it names the evening on the command line and in files)
EVENING_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,59}")


def checked_evening_id(text: str) -> str:
    """``text`` as an evening id (spaces around dropped), or an EntryError saying why not."""
    from ..base.errors import EntryError
    from ..i18n import Message

    value = text.strip()
    if not EVENING_ID.fullmatch(value):
        raise EntryError(Message("evening.bad_id", id=text),
                         expected="2026-12-01-club (letters, digits, '.', '_', '-')")
    return value


def evening_of(doc_or_summary: Any) -> str | None:
    """The evening id a game document or summary names, or ``None`` (a malformed id too)."""
    value = doc_or_summary.get(EVENING) if isinstance(doc_or_summary, dict) else None
    return value if isinstance(value, str) and EVENING_ID.fullmatch(value) else None


def paper_of(doc_or_summary: Any) -> dict[str, Any] | None:
    """``{"date", "records"}`` of a game typed from paper, or ``None`` for a game played here."""
    value = doc_or_summary.get(PAPER) if isinstance(doc_or_summary, dict) else None
    if not isinstance(value, dict):
        return None
    date = value.get("date")
    return {"date": date if isinstance(date, str) else None,
            "records": value.get("records") is True}


def marks(doc: Any) -> dict[str, Any]:
    """The provenance fields of a game document, as its summary keeps them (none for a game
    of an earlier version)."""
    found: dict[str, Any] = {}
    evening = evening_of(doc)
    if evening is not None:
        found[EVENING] = evening
    paper = paper_of(doc)
    if paper is not None:
        found[PAPER] = paper
    return found


def counts_in_records(summary: dict[str, Any]) -> bool:
    """Whether a finished game may hold records: every game played here; a paper game only
    when the user said so at its import."""
    paper = paper_of(summary)
    return paper is None or paper["records"]
