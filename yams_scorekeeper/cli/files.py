"""What the commands read and write outside their own output: the store they open, and the
files the user names.

:func:`read_text` and :func:`write_text` are the only file reads and writes of the command line
outside the store (a file the user names; ``-`` for standard input or output). The store and
:mod:`~yams_scorekeeper.store.files` are imported inside the functions (start-up stays light).
"""

from __future__ import annotations

import errno
import os
import sys
from typing import TYPE_CHECKING

from ..base.errors import EntryError, StoreError
from ..i18n import Message
from .lang import current_lang
from .render import shown

if TYPE_CHECKING:  # pragma: no cover
    from ..store import Store


def open_store(db: str | None, reading: bool = False) -> Store:
    """The store at ``db``, else ``$YAMS_DB``, else the application folder; what it does on its
    own (a record book rebuilt) is said on stderr. ``reading``: a command that only reads,
    which refuses a folder that does not exist when it was named (a mistyped --db or
    $YAMS_DB) rather than report an empty store."""
    from ..store import ENV_VAR, Store

    store = Store(store_folder(db), notify=_notice)
    if reading and (db or os.environ.get(ENV_VAR)) and not store.exists():
        raise StoreError(Message("cli.no_store_at_check_db_or_yams", path=store.path),
                         expected="the folder of an existing store")
    return store


def store_folder(db: str | None) -> str | None:
    """``--db`` as given, refused when it names nothing (``--db ''`` would be the current
    folder, and a store made in it)."""
    if db is not None and not db.strip():
        raise EntryError(Message("cli.db_empty"), expected="--db ~/yams or --db ./club")
    return db


def _notice(message: Message) -> None:
    """A line on stderr about what the store did on its own (``$YAMS_LANG`` or the locale)."""
    sys.stderr.write(f"note: {shown(message.text(current_lang(None)))}\n")
    sys.stderr.flush()


def read_text(path: str, limit: int | None = None) -> str:
    """The text of a file the user named (``-``: standard input), at most ``limit`` bytes
    (default: the store's cap); a folder, a device or a FIFO is refused unread."""
    from ..store.files import MAX_FILE_BYTES, read_regular

    limit = MAX_FILE_BYTES if limit is None else limit
    too_big = EntryError(Message("cli.path_is_larger_than_kb_not_read", path=path,
                                 limit=limit // 1024))
    if path == "-":
        text = sys.stdin.read(limit + 1)
        if len(text) > limit:
            raise too_big
        return text
    try:
        raw = read_regular(path, limit)
    except OSError as exc:
        if exc.errno == errno.EFBIG:
            raise too_big from None
        raise EntryError(Message("store.cannot_read", path=path, strerror=exc.strerror)) from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise EntryError(Message("store.name_is_not_utf_8_text", name=path)) from None


class _Utf8Stdout:
    """Standard output for a file's text (a book, a page, a transcript): UTF-8 whatever the
    terminal's encoding, as the same file written to disk would be."""

    def __init__(self) -> None:
        sys.stdout.flush()
        self._bytes = getattr(sys.stdout, "buffer", None)

    def write(self, text: str) -> int:
        if self._bytes is None:        # a stream of text only (a test's captured output)
            return sys.stdout.write(text)
        return self._bytes.write(text.encode("utf-8"))

    def flush(self) -> None:
        (self._bytes or sys.stdout).flush()


def file_stdout() -> _Utf8Stdout:
    """Standard output to write a file's text to (``-`` given as the file)."""
    return _Utf8Stdout()


def write_text(path: str, text: str, force: bool = False) -> None:
    """Write ``text`` to the file the user named (``-``: standard output), all or nothing,
    keeping the mode of a file replaced; a read-only one is refused unless ``force``."""
    if path == "-":
        out = file_stdout()
        out.write(text)
        out.flush()
        return
    from ..store.files import write_user_file

    write_user_file(path, lambda handle: handle.write(text), force=force)

