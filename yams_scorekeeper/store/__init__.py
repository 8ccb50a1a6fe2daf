"""The store: games in progress, the archive of finished games and the record book, on disk.

One module per concern, each with its crash invariant at its top; :class:`Store`
(:mod:`.facade`) is the door the rest of the program uses. The names below are imported from
their module when first asked for: a table action loads the games in progress, not the
archive's, the record book's or the check's code.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from typing import Any

    from .book_format import (
        BOOK_FORMAT,
        BOOK_VERSION,
        ArchiveRecord,
        archive_record,
        book_entry,
        check_book_header,
        not_a_book,
    )
    from .checkup import Finding
    from .facade import Store
    from .folder import default_store_path
    from .lock import DEFAULT_TIMEOUT, StoreLock
    from .paths import ENV_VAR, STORE_NAMES

#: each public name and the module (of this package) it lives in
_HOMES = {
    "BOOK_FORMAT": "book_format", "BOOK_VERSION": "book_format",
    "ArchiveRecord": "book_format", "archive_record": "book_format",
    "book_entry": "book_format", "check_book_header": "book_format",
    "not_a_book": "book_format", "Finding": "checkup", "Store": "facade",
    "default_store_path": "folder", "DEFAULT_TIMEOUT": "lock", "StoreLock": "lock",
    "ENV_VAR": "paths", "STORE_NAMES": "paths",
}

__all__ = [
    "BOOK_FORMAT", "BOOK_VERSION", "DEFAULT_TIMEOUT", "ENV_VAR", "STORE_NAMES", "ArchiveRecord",
    "Finding", "Store", "StoreLock", "archive_record", "book_entry", "check_book_header",
    "default_store_path", "not_a_book",
]


def __getattr__(name: str) -> Any:
    """A public name, imported from its module the first time it is asked for."""
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{_HOMES[name]}"), name)
    globals()[name] = value
    return value
