"""The store: games in progress, the archive of finished games and the record book, on disk.

One module per concern, each with its crash invariant at its top; :class:`Store`
(:mod:`.facade`) is the door the rest of the program uses.
"""

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

__all__ = [
    "BOOK_FORMAT", "BOOK_VERSION", "DEFAULT_TIMEOUT", "ENV_VAR", "STORE_NAMES", "ArchiveRecord",
    "Finding", "Store", "StoreLock", "archive_record", "book_entry", "check_book_header",
    "default_store_path", "not_a_book",
]
