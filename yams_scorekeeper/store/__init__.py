"""The store: games in progress, the archive of finished games and the record book, on disk."""

from .facade import (
    BOOK_FORMAT,
    BOOK_VERSION,
    DEFAULT_TIMEOUT,
    ENV_VAR,
    STORE_NAMES,
    ArchiveRecord,
    Finding,
    Store,
    StoreLock,
    archive_record,
    book_entry,
    check_book_header,
    default_store_path,
    not_a_book,
)

__all__ = [
    "BOOK_FORMAT", "BOOK_VERSION", "DEFAULT_TIMEOUT", "ENV_VAR", "STORE_NAMES", "ArchiveRecord",
    "Finding", "Store", "StoreLock", "archive_record", "book_entry", "check_book_header",
    "default_store_path", "not_a_book",
]
