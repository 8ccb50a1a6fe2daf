"""A TinyDB storage that never leaves a half-written file: atomic writes, backups, checksums.

Crash invariant: every write goes to a temporary file in the same folder, which is written,
flushed and fsynced, then renamed over the target with ``os.replace``; the folder is fsynced
last so that the rename itself is durable. A crash or a failure at any step leaves either the
old file or the new one, never a mixture; on failure the temporary file is removed and the
original is untouched.

Before the rename, the previous version is kept as ``<name>.bak1`` (older ones move up to
``.bak2`` .. ``.bakN``; N is the ``backups`` setting, default 5).

File format: a TinyDB JSON document (``{table: {doc_id: document}}``) with one extra table,
``_meta``, which TinyDB never sees (it is removed on read and added on write)::

    {"_meta": {"1": {"schema": 3, "sha256": "..."}}, "games": {"1": {...}}, ...}

``sha256`` is the digest of ``"<schema>:"`` followed by the compact JSON text of the other
tables exactly as written (the bytes after the ``_meta`` table), so a file that still parses
but was damaged or edited by hand (one digit of a total changed, even a space added) is
refused too. Reading never returns ``None`` or an empty store for a file that exists but
cannot be read: it raises :class:`StoreCorruptError` and leaves the file alone, so nothing
ever writes over it. Only a missing file reads as a new, empty store.

Schemas (``SCHEMA`` is the current one; ``MIGRATIONS[n]`` turns schema n tables into schema
n + 1 tables, and an older file is rewritten, atomically, in the current schema when read):

1. ``_meta`` is ``{"schema": 1}``; archive entries (table ``games``) are ``{"doc", "summary"}``.
2. archive entries also carry their game id at top level, ``{"id", "doc", "summary"}``, so
   they can be looked up by id.
3. ``_meta`` also carries the ``sha256`` checksum; the tables are unchanged.

No file of schema 1 or 2 was ever published; ``tests/data/store_v1.json`` and
``store_v2.json`` exercise the migration path that later schemas will use.

The storage assumes one writer at a time; :mod:`yams_scorekeeper.store.lock` holds a lock for
that.
"""

from __future__ import annotations

import errno
import gc
import json
import os
import stat
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from tinydb.storages import Storage

from ..base.errors import EntryError, StoreCorruptError, StoreError
from ..i18n import Message
from .checksum import checksum as _checksum

if TYPE_CHECKING:
    from typing import Any, TextIO, TypeAlias

#: The schema this version writes.
SCHEMA = 3
#: Number of previous versions kept next to each file by default.
DEFAULT_BACKUPS = 5

META = "_meta"
TEMP_SUFFIX = ".tmp"

Tables: TypeAlias = "dict[str, dict[str, dict[str, Any]]]"


def _v1_to_v2(tables: Tables) -> Tables:
    """Schema 2: archive entries carry their game id at top level."""
    games = tables.get("games", {})
    for doc_id, entry in games.items():
        doc = entry.get("doc")
        if "id" not in entry and isinstance(doc, dict) and "id" in doc:
            games[doc_id] = {"id": doc["id"], **entry}
    return tables


def _v2_to_v3(tables: Tables) -> Tables:
    """Schema 3: the checksum in ``_meta``; the writer adds it, the tables do not change."""
    return tables


#: ``MIGRATIONS[n]`` turns the tables of a schema-n file into schema n + 1 tables.
MIGRATIONS: dict[int, Callable[[Tables], Tables]] = {1: _v1_to_v2, 2: _v2_to_v3}


#: largest file read, store file or file named by the user (the archive of a big club, in the
#: old single-file layout, is a few dozen MB)
MAX_FILE_BYTES = 256 * 1024 * 1024


class NotReadable(OSError):
    """A path that exists but is no file to read: a folder, a device, a FIFO, or too large;
    ``message`` says which."""

    def __init__(self, code: int, message: Message, path: str):
        super().__init__(code, message.en, path)
        self.message = message


def _open_regular(path: str) -> tuple[int, os.stat_result]:
    """A descriptor of the regular file ``path`` (opened non-blocking: a FIFO cannot hang
    it) and its stat; :class:`NotReadable` for a folder, a device, a FIFO or a socket."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        raise NotReadable(errno.EINVAL, Message("store.not_a_regular_file_a_folder" if stat.S_ISDIR(
            info.st_mode) else "store.not_a_regular_file_a_device"), path)
    return fd, info


def open_regular_text(path: str) -> TextIO:
    """``open(path, encoding="utf-8", newline="")`` for a regular file only (see
    :func:`read_regular`). Its lines end at each ``\n``, a ``\r`` before it kept (JSON's
    space): the universal newlines' translation was most of an import's reading time."""
    fd, _ = _open_regular(path)
    return os.fdopen(fd, "r", encoding="utf-8", newline="")


def check_write_target(path: str) -> None:
    """Refuse to write over what is not a regular file: a device (``/dev/full``), a FIFO, a
    folder, or a symbolic link (its target is named instead: replacing the link would cut
    it, writing through it would change a file elsewhere). A new path or a regular file is
    fine."""
    try:
        there = os.lstat(path)
    except FileNotFoundError:
        there = None
    except OSError as exc:
        raise EntryError(Message("store.cannot_write", path=path, strerror=exc.strerror)) from None
    if there is not None and not stat.S_ISREG(there.st_mode):
        link = stat.S_ISLNK(there.st_mode)
        raise EntryError(
            Message("store.will_not_write_it_is_a_symbolic" if link
                    else "store.will_not_write_special", path=path),
            expected="a new file name, or an existing regular file")


#: the temporary files of :func:`write_user_file`: ``.yams-<random>.tmp`` beside the target
USER_TEMP_PREFIX = ".yams-"
#: a temporary file of ours younger than this is never swept (its writer may not hold its
#: lock yet); one whose writer cannot be asked (no ``fcntl``) must be a day old
SWEEP_AFTER_S, SWEEP_UNLOCKED_AFTER_S = 10, 86400


def _kept_mode(path: str, force: bool) -> int | None:
    """The mode of the file ``path`` replaces (None: a new file); a read-only one is
    refused unless ``force``."""
    try:
        there = os.stat(path)
    except FileNotFoundError:
        return None
    mode = stat.S_IMODE(there.st_mode)
    if not force and (not mode & 0o222 or not os.access(path, os.W_OK)):
        raise EntryError(Message("store.target_read_only", path=path),
                         expected="--force to write over it, or another file name")
    return mode


def _lock_temp(fd: int) -> int | None:
    """An exclusive lock on the temporary file ``fd`` while it is written (a descriptor to
    close after the rename), so that :func:`sweep_user_temps` leaves it alone."""
    try:
        import fcntl
    except ImportError:          # pragma: no cover (Windows: the sweep goes by age alone)
        return None
    held = os.dup(fd)
    fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
    return held


def sweep_user_temps(folder: str) -> None:
    """Remove the temporary files a killed :func:`write_user_file` left in ``folder``: ours
    by name, no writer holding their lock, and not just made."""
    import time

    try:
        import fcntl
    except ImportError:          # pragma: no cover
        fcntl = None             # type: ignore[assignment]
    try:
        names = [n for n in os.listdir(folder)
                 if n.startswith(USER_TEMP_PREFIX) and n.endswith(TEMP_SUFFIX)]
    except OSError:
        return
    for name in names:
        temp = os.path.join(folder, name)
        try:
            fd = os.open(temp, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0)
                         | getattr(os, "O_NONBLOCK", 0))
        except OSError:
            continue
        try:
            info = os.fstat(fd)
            age = time.time() - info.st_mtime
            if not stat.S_ISREG(info.st_mode) or age < (
                    SWEEP_AFTER_S if fcntl is not None else SWEEP_UNLOCKED_AFTER_S):
                continue
            if fcntl is not None:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)   # OSError: its writer lives
            os.remove(temp)
        except OSError:
            pass
        finally:
            os.close(fd)


def write_user_file(path: str, write: Callable[[Any], Any], force: bool = False) -> Any:
    """Write a file the user named (an export, a transcript), all or nothing: ``write(handle)``
    fills a temporary file beside it, which then replaces ``path`` (see
    :func:`check_write_target` for what is refused) and keeps its mode; a read-only ``path``
    is refused unless ``force``. Returns what ``write`` returns; a failed write is an
    EntryError and leaves no temporary file; those a killed writer left are swept first."""
    import tempfile

    check_write_target(path)
    mode = _kept_mode(path, force)
    folder = os.path.dirname(os.path.abspath(path))
    sweep_user_temps(folder)
    tmp = held = None
    try:
        fd, tmp = tempfile.mkstemp(prefix=USER_TEMP_PREFIX, suffix=TEMP_SUFFIX, dir=folder)
        held = _lock_temp(fd)
        if mode is not None and hasattr(os, "fchmod"):
            os.fchmod(fd, mode)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            result = write(handle)
        os.replace(tmp, path)
        tmp = None
        return result
    except OSError as exc:
        raise EntryError(Message("store.cannot_write", path=path, strerror=exc.strerror)) from None
    finally:
        if tmp is not None and os.path.exists(tmp):
            os.remove(tmp)
        if held is not None:
            os.close(held)


def replace_derived(path: str, text: str) -> None:
    """Write ``text`` to a temporary file beside ``path`` and rename it over ``path``, so a
    reader finds the old file or the new one, whole. For derived files only (a cache entry:
    no fsync, no backup); a folder that cannot be written keeps nothing."""
    temp = f"{path}.{os.getpid()}.tmp"
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(temp, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(temp, path)
    except OSError:
        try:
            os.unlink(temp)
        except OSError:
            pass


def read_regular(path: str, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them.

    A folder, a device (``/dev/zero``), a FIFO or a socket raises :class:`NotReadable` without
    a byte read (the file is opened non-blocking, so a FIFO with no writer cannot hang), and so
    does a file over ``limit`` bytes (checked while reading too, for a file that grows). A
    missing file raises ``FileNotFoundError`` as ``open`` does."""
    fd, info = _open_regular(path)
    try:
        too_big = NotReadable(errno.EFBIG, Message("store.larger_than", mb=limit // (1024 * 1024)),
                              path)
        if info.st_size > limit:
            raise too_big
        chunks, size = [], 0
        while True:
            chunk = os.read(fd, min(max(info.st_size + 1 - size, 65536), limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:
                raise too_big
        return b"".join(chunks)
    finally:
        os.close(fd)


#: temporary files made by this process (their names: :meth:`FileSystem.mkstemp`)
_TEMP_COUNT = 0
#: how :meth:`FileSystem.mkstemp` opens a file: new (never an existing one or a link), private
_NEW_FILE = (os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
             | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0))


class FileSystem:
    """The file-system calls of a read and of an atomic write, one method per step.

    Tests pass a subclass whose methods fail (``OSError``, ``KeyboardInterrupt``) to check
    that every step can fail without damage.
    """

    def read_bytes(self, path: str) -> bytes:
        return read_regular(path)

    def mkstemp(self, folder: str, prefix: str) -> tuple[int, str]:
        """A new temporary file ``<prefix><pid>-<n>.tmp`` of ``folder``, open for writing
        (``tempfile.mkstemp``'s random names where that name is taken: its name generator
        cost an import of 20,000 files a quarter of a second)."""
        global _TEMP_COUNT
        _TEMP_COUNT += 1
        path = os.path.join(folder, f"{prefix}{os.getpid()}-{_TEMP_COUNT}{TEMP_SUFFIX}")
        try:
            return os.open(path, _NEW_FILE, 0o600), path
        except FileExistsError:
            import tempfile

            return tempfile.mkstemp(dir=folder, prefix=prefix, suffix=TEMP_SUFFIX)

    def write(self, fd: int, data: bytes) -> None:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]

    def fsync(self, fd: int) -> None:
        os.fsync(fd)

    def close(self, fd: int) -> None:
        os.close(fd)

    def replace(self, src: str, dst: str) -> None:
        os.replace(src, dst)

    def link(self, src: str, dst: str) -> None:
        """A second name for ``src`` (a copy where the file system has no hard links)."""
        try:
            os.link(src, dst)
        except OSError as exc:
            if exc.errno not in (errno.EPERM, errno.EXDEV, errno.EMLINK, errno.ENOSYS,
                                 errno.EOPNOTSUPP, errno.ENOTSUP):
                raise
            import shutil

            shutil.copyfile(src, dst)

    def sync_files(self, folder: str, paths: list[str]) -> None:
        """Make the data of the files ``paths`` of ``folder``, written and closed, durable:
        one ``syncfs`` of the folder's file system where Linux has it (for a bulk write,
        thousands of fsyncs cost the disk far more), else an fsync of each file."""
        if _syncfs(folder):
            return
        for path in paths:
            fd = os.open(path, os.O_RDWR)            # Windows fsyncs only what it may write
            try:
                os.fsync(fd)
            finally:
                os.close(fd)

    def fsync_dir(self, folder: str) -> None:
        if os.name == "nt":  # Windows cannot open a folder; its renames are journaled
            return
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)

    def remove(self, path: str) -> None:
        os.remove(path)

    def exists(self, path: str) -> bool:
        return os.path.exists(path)


def _syncfs(folder: str) -> bool:
    """``syncfs(2)`` of the file system holding ``folder``: True when it flushed it, False
    where there is no such call or it reported an error (the caller then fsyncs each file,
    which reports it)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        syncfs = ctypes.CDLL(None, use_errno=True).syncfs
    except (OSError, AttributeError):              # pragma: no cover - no syncfs in libc
        return False
    fd = os.open(folder, os.O_RDONLY)
    try:
        return bool(syncfs(fd) == 0)
    finally:
        os.close(fd)


def write_new_files(fs: FileSystem, folder: str, files: list[tuple[str, bytes]]) -> None:
    """Write many new files ``(path, bytes)`` of ``folder`` (an import), each atomically as
    :meth:`AtomicJSONStorage.write_encoded` writes one, but made durable together: every
    temporary file is written and closed, one :meth:`FileSystem.sync_files` flushes them
    all, then each is renamed into place, and the folder is fsynced once. A file's data
    still reaches the disk before its name does. After a failure the temporary files not
    renamed yet are removed and a StoreError says which file failed; those renamed before
    it stay."""
    if not files:
        return
    temps: list[tuple[str, str]] = []
    renamed = 0
    path = folder
    try:
        for path, raw in files:
            fd, tmp = fs.mkstemp(folder, temp_prefix(path))
            temps.append((tmp, path))
            try:
                fs.write(fd, raw)
            finally:
                fs.close(fd)
        path = folder
        fs.sync_files(folder, [tmp for tmp, _ in temps])
        for tmp, path in temps:
            fs.replace(tmp, path)
            renamed += 1
        path = folder
        fs.fsync_dir(folder)
    except BaseException as exc:
        for tmp, _ in temps[renamed:]:
            _quietly(fs.remove, tmp)
        if isinstance(exc, OSError):
            raise _write_error(path, exc) from exc
        raise


def _write_error(path: str, exc: OSError) -> StoreError:
    """What a failed write of ``path`` says (a full disk by name)."""
    why = Message("store.disk_full") if exc.errno == errno.ENOSPC else exc.strerror
    return StoreError(Message("store.cannot_write_nothing_changed", path=path, why=why))


def backup_path(path: str, n: int) -> str:
    """The n-th backup of ``path`` (1 is the newest)."""
    return f"{path}.bak{n}"


def temp_prefix(path: str) -> str:
    """The name prefix of the temporary files written for ``path``."""
    return "." + os.path.basename(path) + "."


@contextmanager
def no_gc() -> Iterator[None]:
    """Pause the cyclic garbage collector while a large store is built, read or dumped.

    JSON data holds no reference cycles, but with the collector on, its full passes over a
    big archive's millions of objects dominate. Reference counting still frees everything as
    usual.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


#: deepest nesting accepted in JSON read from outside (a book, a setting): real data is 6 deep
MAX_DEPTH = 32
#: most digits of a whole number read from outside (scores have 4)
MAX_DIGITS = 15


class BadJSON(ValueError):
    """Text that is not JSON this program accepts; ``message`` says why."""

    def __init__(self, message: Message):
        super().__init__(message.en)
        self.message = message

    @property
    def en(self) -> str:
        return self.message.en

    @property
    def fr(self) -> str:
        return self.message.fr


def _no_constant(name: str) -> Any:
    raise BadJSON(Message("store.number_program_accepts", name=name))


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise BadJSON(Message("store.number_more_than_digits", text=text[:20],
                              max_digits=MAX_DIGITS))
    return int(text)


def _finite_float(text: str) -> float:
    value = float(text)
    if value != value or value in (float("inf"), float("-inf")):
        raise BadJSON(Message("store.number_too_large", text=text[:20]))
    return value


def depth_problem(value: Any, limit: int = MAX_DEPTH) -> str | None:
    """Why ``value`` is nested too deeply (more than ``limit`` lists/objects), else ``None``.

    ``value`` is data as :mod:`json` decodes it (its objects and arrays are exactly ``dict``
    and ``list``). Walks one level at a time without recursion, so any depth is measured
    safely, and stacks only the containers (a game's thousands of strings and numbers are
    looked at once each: an import checks every game of a book)."""
    containers = (dict, list)
    level = [value] if type(value) in containers else []
    depth = 0
    while level:
        depth += 1
        if depth > limit:
            return f"nested more than {limit} levels deep"
        below: list[Any] = []
        keep = below.append
        for item in level:
            for child in (item.values() if type(item) is dict else item):
                if type(child) in containers:
                    keep(child)
        level = below
    return None


def fast_json() -> Any:
    """The ``orjson`` module, where it is installed (it decodes a game about twice as fast as
    the standard library and encodes it four times as fast), else ``None``: only what
    reads or writes thousands of games (an import) uses it, each time with the standard
    library's reading as the rule (:func:`unchecked_problem`, :func:`encode`)."""
    try:
        import orjson
    except ImportError:                  # pragma: no cover - a platform without its wheel
        return None
    return orjson


def bounded_decoder() -> json.JSONDecoder:
    """A JSON decoder with the number checks of :func:`loads_bounded` (its callers catch
    :class:`BadJSON` and ``RecursionError``, and check the depth with :func:`depth_problem`)."""
    return json.JSONDecoder(parse_constant=_no_constant, parse_int=_bounded_int,
                            parse_float=_finite_float)


def fast_decoder() -> json.JSONDecoder:
    """:func:`bounded_decoder` but for whole numbers, read without a Python call each (the
    bulk of a game): :func:`unchecked_problem` checks them with the depth."""
    return json.JSONDecoder(parse_constant=_no_constant, parse_float=_finite_float)


_MOST_WHOLE = 10 ** MAX_DIGITS


def unchecked_problem(value: Any, limit: int = MAX_DEPTH, floats: bool = True) -> bool:
    """Whether ``value``, as :func:`fast_decoder` decoded it, would fail a check of
    :func:`bounded_decoder` or :func:`depth_problem` (a whole number of more than
    ``MAX_DIGITS`` digits, nesting deeper than ``limit``, by default ``MAX_DEPTH``): one
    walk, as :func:`depth_problem` makes, strings (most of a game) looked at first.
    ``floats`` False: any float is a problem too (a value :func:`fast_json` decoded, which
    reads a whole number past 64 bits as a float: read it again with :func:`fast_decoder`)."""
    most = _MOST_WHOLE
    least = -most
    level = [value] if type(value) in (dict, list) else []
    if type(value) is int:
        level = [[value]]
    depth = 0
    while level:
        depth += 1
        if depth > limit:
            return True
        below: list[Any] = []
        keep = below.append
        for item in level:
            for child in (item.values() if type(item) is dict else item):
                kind = type(child)
                if kind is str:
                    continue
                if kind is int:
                    if not least < child < most:
                        return True
                elif kind is dict or kind is list:
                    keep(child)
                elif kind is float and not floats:
                    return True
        level = below
    return False


def loads_bounded(text: str | bytes) -> Any:
    """``json.loads`` for data from outside (a book to import, a --setting): refuses NaN and
    Infinity, numbers of more than ``MAX_DIGITS`` digits or beyond a float, and nesting deeper
    than ``MAX_DEPTH``, with a :class:`BadJSON` (a ``ValueError``); never a RecursionError."""
    try:
        value = json.loads(text, parse_constant=_no_constant, parse_int=_bounded_int,
                           parse_float=_finite_float)
    except BadJSON:
        raise
    except json.JSONDecodeError as exc:
        raise BadJSON(Message("store.not_valid_json_at_line_column", lineno=exc.lineno,
                              colno=exc.colno, msg=exc.msg)) from None
    except RecursionError:
        raise BadJSON(Message("store.nested_more_than_levels", max_depth=MAX_DEPTH)) from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise BadJSON(Message("store.valid_json", exc=exc)) from None
    problem = depth_problem(value)
    if problem:
        raise BadJSON(Message("store.nested_more_than_levels", max_depth=MAX_DEPTH))
    return value


def _meta_prefix(meta_table: dict[str, Any]) -> bytes:
    return b'{"' + META.encode() + b'":' + json.dumps(meta_table, separators=(",", ":")).encode()


#: the compact JSON text (as the files hold it) of data with no reference cycles, as JSON
#: decodes it: an encoder made once, without the cycle check (an import encodes every game)
compact_json = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"),
                                check_circular=False).encode


def encode(tables: Tables, *, decoded: bool = False) -> bytes:
    """The bytes of a current-schema file holding ``tables`` (``decoded``: data decoded from
    JSON, encoded without looking for reference cycles, by :func:`_compact_bytes`).

    The file is ``{"_meta":<meta>,`` followed by the compact JSON of the tables without its
    opening brace; the checksum covers that JSON text as written, so reading it back needs no
    second encoding.
    """
    tables = {name: table for name, table in tables.items() if name != META}
    if decoded:
        payload = _compact_bytes(tables)
    else:
        with no_gc():
            payload = json.dumps(tables, ensure_ascii=False, separators=(",", ":")).encode(
                "utf-8")
    body = memoryview(payload)[1:]
    prefix = _meta_prefix({"1": {"schema": SCHEMA, "sha256": _checksum(SCHEMA, body)}})
    return prefix + (b"" if payload == b"{}" else b",") + body


def compact_text(data: Any) -> str:
    """:func:`_compact_bytes` as text (the rows of the summaries index)."""
    return _compact_bytes(data).decode("utf-8")


def _compact_bytes(data: Any) -> bytes:
    """The compact JSON of decoded ``data`` as UTF-8, by :func:`fast_json` where it can:
    the same text as :data:`compact_json` but for the spelling of a float's exponent
    (``1e-7`` for ``1e-07``: the same number)."""
    orjson = fast_json()
    if orjson is not None:
        try:
            dumped: bytes = orjson.dumps(data)
            return dumped
        except TypeError:                # a whole number past 64 bits, a key not a string
            pass
    return compact_json(data).encode("utf-8")


def _checksum_matches(raw: bytes, meta_table: dict[str, Any], schema: int,
                      expected: str) -> bool:
    """True when ``raw`` is laid out by :func:`encode` and its tables' text has the digest."""
    prefix = _meta_prefix(meta_table)
    if not raw.startswith(prefix):
        return False
    rest = memoryview(raw)[len(prefix):]
    if len(rest) == 1 and rest[0] == ord("}"):
        body = rest
    elif len(rest) > 0 and rest[0] == ord(","):
        body = rest[1:]
    else:
        return False
    return _checksum(schema, body) == expected


#: how a current-schema file begins, up to its checksum
_CHECKSUM_PREFIX = b'{"' + META.encode() + b'":{"1":{"schema":%d,"sha256":"' % SCHEMA
_CHECKSUM_AT = len(_CHECKSUM_PREFIX)


def raw_checksum(raw: bytes) -> str | None:
    """The ``sha256`` a current-schema file's bytes carry in their ``_meta`` (as
    :func:`encode` lays it out), ``None`` for bytes laid out otherwise."""
    if not raw.startswith(_CHECKSUM_PREFIX):
        return None
    digest = raw[_CHECKSUM_AT:_CHECKSUM_AT + 64]
    if raw[_CHECKSUM_AT + 64:_CHECKSUM_AT + 65] != b'"' or len(digest) != 64:
        return None
    try:
        return digest.decode("ascii")
    except UnicodeDecodeError:
        return None


def file_checksum(path: str) -> str | None:
    """:func:`raw_checksum` of the file ``path`` (its first bytes read), ``None`` when it is
    missing or laid out otherwise."""
    try:
        fd, _ = _open_regular(path)
    except OSError:
        return None
    try:
        return raw_checksum(os.read(fd, _CHECKSUM_AT + 65))
    finally:
        os.close(fd)


class _Corrupt(Exception):
    """Internal: why a file cannot be read (``message``)."""

    def __init__(self, message: Message):
        super().__init__(message.key)
        self.message = message


def _check_shape(data: Any) -> None:
    if not isinstance(data, dict):
        raise _Corrupt(Message("store.top_level_is_not_a_json_object"))
    for name, table in data.items():
        if not isinstance(table, dict):
            raise _Corrupt(Message("store.table_is_not_an_object", name=name))
        for doc_id, doc in table.items():
            if not doc_id.isdecimal() or not doc_id.isascii():
                raise _Corrupt(Message("store.table_bad_document_id", name=name, doc_id=doc_id))
            if not isinstance(doc, dict):
                raise _Corrupt(Message("store.document_of_table_is_not_an_object", doc_id=doc_id,
                                       name=name))


def _read_meta(data: dict[str, Any]) -> dict[str, Any]:
    meta_table = data.get(META)
    if meta_table is None:
        raise _Corrupt(Message("store.meta_table_schema_version"))
    if list(meta_table) != ["1"]:
        raise _Corrupt(Message("store.meta_table_must_hold"))
    meta: dict[str, Any] = meta_table["1"]
    schema = meta.get("schema")
    if type(schema) is not int or schema < 1:
        raise _Corrupt(Message("store.schema_version_is_missing_or_not_a_positive"))
    if schema > SCHEMA:
        raise _Corrupt(Message("store.schema_newer_than_program", schema=schema, schema2=SCHEMA))
    expected_keys = {"schema", "sha256"} if schema >= 3 else {"schema"}
    if set(meta) != expected_keys:
        raise _Corrupt(Message("store.meta_document_schema_file", schema=schema,
                               expected_keys=sorted(expected_keys)))
    return meta


def decode(raw: bytes) -> tuple[Tables, int]:
    """The tables (without ``_meta``) and schema of a file's bytes; raises ``_Corrupt``."""
    if not raw:
        raise _Corrupt(Message("store.file_empty"))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _Corrupt(Message("store.byte_is_not_utf", start=exc.start)) from None
    try:
        with no_gc():
            data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise _Corrupt(Message("store.not_valid_json_at_line_column", lineno=exc.lineno,
                               colno=exc.colno, msg=exc.msg)) from None
    except BadJSON as exc:
        raise _Corrupt(exc.message) from None
    except RecursionError:
        raise _Corrupt(Message("store.nested_too_deeply")) from None
    except ValueError as exc:
        raise _Corrupt(Message("store.valid_json", exc=exc)) from None
    _check_shape(data)
    meta = _read_meta(data)
    schema = meta["schema"]
    tables = {name: table for name, table in data.items() if name != META}
    if "sha256" in meta and not _checksum_matches(raw, data[META], schema, meta["sha256"]):
        raise _Corrupt(Message("store.checksum_does_not_match_the_content"))
    return tables, schema


def migrate(tables: Tables, schema: int) -> Tables:
    """``tables`` of a schema-``schema`` file brought up to :data:`SCHEMA`."""
    for version in range(schema, SCHEMA):
        tables = MIGRATIONS[version](tables)
    return tables


def corrupt_error(path: str, why: Message | str,
                  backups: int = DEFAULT_BACKUPS) -> StoreCorruptError:
    """The error for an unreadable ``path``: what is wrong (``why``), where the backups are, how to
    restore."""
    found = [backup_path(path, n) for n in range(1, max(backups, 1) + 1)
             if os.path.exists(backup_path(path, n))]
    if found:
        names = ", ".join(os.path.basename(b) for b in found)
        folder = os.path.dirname(path) or "."
        import shlex

        restore = f"cp {shlex.quote(found[0])} {shlex.quote(path)}"
        advice = Message("store.backups_in", folder=folder, names=names, restore=restore)
    else:
        advice = Message("store.no_backup")
    return StoreCorruptError(
        Message("store.cannot_read_the_file_was_left_as", path=path, why=why, advice=advice),
        expected=f"a yams-scorekeeper store file, schema {SCHEMA}, with a valid checksum",
    )


class AtomicJSONStorage(Storage):
    """A TinyDB storage over one JSON file, written atomically with rotating backups:
    ``TinyDB(path, storage=AtomicJSONStorage, fs=..., backups=...)``, ``fs`` being the
    :class:`FileSystem` used for every call (the store wraps it in TinyDB's
    ``CachingMiddleware``: :meth:`~.folder.StoreFolder.open`)."""

    def __init__(self, path: str | os.PathLike[str], fs: FileSystem | None = None,
                 backups: int = DEFAULT_BACKUPS):
        self.path = os.fspath(path)
        self.fs = fs or FileSystem()
        self.backups = backups

    def read(self) -> Tables | None:
        """The tables, ``None`` when the file does not exist; never ``None`` for an existing
        file."""
        try:
            raw = self.fs.read_bytes(self.path)
        except FileNotFoundError:
            return None
        except NotReadable as exc:
            raise corrupt_error(self.path, exc.message, self.backups) from None
        except OSError as exc:
            raise StoreError(Message("store.cannot_read", path=self.path,
                                     strerror=exc.strerror)) from exc
        try:
            tables, schema = decode(raw)
        except _Corrupt as exc:
            raise corrupt_error(self.path, exc.message, self.backups) from None
        if schema < SCHEMA:
            tables = migrate(tables, schema)
            self.write(tables)
        return tables

    def write(self, data: Tables) -> None:
        """Replace the file by ``data`` atomically, keeping the old version as ``.bak1``."""
        try:
            raw = encode(data)
        except (TypeError, ValueError) as exc:
            raise StoreError(Message("store.cannot_store_data_nothing", path=self.path,
                                     exc=exc)) from exc
        self.write_encoded(raw)

    def write_encoded(self, raw: bytes) -> None:
        """:meth:`write` of tables already encoded (:func:`encode`: an import encodes its
        games on its worker processes)."""
        folder = os.path.dirname(self.path) or "."
        fs = self.fs
        tmp = fd = None
        try:
            fd, tmp = fs.mkstemp(folder, temp_prefix(self.path))
            fs.write(fd, raw)
            fs.fsync(fd)
            closing, fd = fd, None
            fs.close(closing)
            self._rotate_backups()
            fs.replace(tmp, self.path)
            tmp = None
        except BaseException as exc:
            if fd is not None:
                _quietly(fs.close, fd)
            if tmp is not None:
                _quietly(fs.remove, tmp)
            if isinstance(exc, OSError):
                raise _write_error(self.path, exc) from exc
            raise
        try:
            fs.fsync_dir(folder)
        except OSError as exc:
            raise StoreError(
                Message("store.wrote_but_could_not_make", path=self.path, strerror=exc.strerror),
            ) from exc

    def _rotate_backups(self) -> None:
        if self.backups < 1 or not self.fs.exists(self.path):
            return
        for n in range(self.backups - 1, 0, -1):
            if self.fs.exists(backup_path(self.path, n)):
                self.fs.replace(backup_path(self.path, n), backup_path(self.path, n + 1))
        newest = backup_path(self.path, 1)
        if self.fs.exists(newest):  # only with backups=1: the loop above moved nothing
            self.fs.remove(newest)
        self.fs.link(self.path, newest)

    def close(self) -> None:
        pass


def _quietly(call: Callable[..., Any], *args: Any) -> None:
    try:
        call(*args)
    except OSError:
        pass
