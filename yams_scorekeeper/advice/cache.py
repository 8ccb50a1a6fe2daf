"""Where solved tables are kept: the only module of the advice package that touches files.

A table is a file named by the spec's key (a hash of the rules and settings) in the cache
folder the caller gives (the command line's is :func:`yams_scorekeeper.store.paths.solver_cache`:
``$YAMS_CACHE`` when set; else, for a store named by ``--db`` or ``$YAMS_DB``, the folder
``<store>-cache`` beside it; else the user cache folder). The advisers know no store and no
platform folder.

A cache file is never data, and never trusted as it is: :func:`read_table` opens only a
regular file (non-blocking: a FIFO in its place cannot hang it), and refuses one whose size,
header, checksum or values are not those of a solved table (:data:`HEADER`: a magic line,
then the shape, the SHA-256 of the values and the empty sheet's values, in JSON); a table
scaled or permuted passes these, so the adviser then checks a sample of its states against
the rules (:func:`.solver.follows_the_rules`). A refused file is solved again and replaced;
the caller says so in one line. Tables written before
this format (``solver-<key>.npy``, no checksum) are solved again once, and removed.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import stat
import tempfile
from typing import NamedTuple

import numpy as np

from ..i18n import Message

#: the first line of a table file; the header (this line and its JSON) fills ``HEADER`` bytes
MAGIC = b"yams-scorekeeper solver table 1\n"
HEADER = 512
#: the values: float32, little-endian, C order
DTYPE = np.dtype("<f4")


def table_path(folder: str, key: str) -> str:
    return os.path.join(folder, f"solver-{key}.table")


def _old_path(folder: str, key: str) -> str:
    """Where versions before the checksum kept the table (a plain ``.npy``)."""
    return os.path.join(folder, f"solver-{key}.npy")


class Cached(NamedTuple):
    """What :func:`read_table` found: the ``table`` (``None`` when there is none to trust)
    and, for a file that was there but refused, ``problem`` (a Message saying why)."""

    table: np.ndarray | None
    problem: Message | None = None


def refused(path: str, why: str) -> Cached:
    """A refused file: ``why`` is the key of the reason."""
    return Cached(None, Message("cli.advice.table_refused", path=path,
                                why=Message(why)))


def _read_regular(path: str, size: int) -> bytes:
    """The bytes of the regular file ``path`` if it holds exactly ``size`` of them;
    ``OSError`` otherwise (``EINVAL``: not a regular file, ``EFBIG``: another size)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise OSError(errno.EINVAL, "not a regular file", path)
        if info.st_size != size:
            raise OSError(errno.EFBIG, "wrong size", path)
        chunks, got = [], 0
        while got < size:
            chunk = os.read(fd, size - got)
            if not chunk:
                raise OSError(errno.EFBIG, "wrong size", path)
            chunks.append(chunk)
            got += len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def read_table(folder: str, key: str, shape: tuple[int, ...], most: float) -> Cached:
    """The cached table of ``key``, verified: a regular file of the right size, its header
    (:data:`MAGIC`, the shape, the checksum of the values, the empty sheet's values) read,
    the checksum matched, and every value finite, between 0 and ``most`` (the most points a
    sheet can still make), 0 on the full sheet and on the empty sheet as the header says.
    ``Cached(None)`` when there is no file; ``Cached(None, problem)`` when it is refused."""
    path = table_path(folder, key)
    shape = tuple(shape)
    count = int(np.prod(shape))
    try:
        raw = _read_regular(path, HEADER + count * DTYPE.itemsize)
    except FileNotFoundError:
        if os.path.exists(_old_path(folder, key)):
            return refused(_old_path(folder, key), "cli.advice.table_old")
        return Cached(None)
    except OSError as exc:
        return refused(path, {errno.EINVAL: "cli.advice.table_special",
                                     errno.EFBIG: "cli.advice.table_size"}.get(
            exc.errno or 0, "cli.advice.table_unreadable"))
    try:
        if not raw.startswith(MAGIC):
            raise ValueError("magic")
        head = json.loads(raw[len(MAGIC):HEADER].decode("ascii"))
        if (not isinstance(head, dict) or head.get("shape") != list(shape)
                or not isinstance(head.get("sha256"), str)
                or not isinstance(head.get("start"), list)):
            raise ValueError("fields")
    except (ValueError, UnicodeDecodeError, RecursionError):
        return refused(path, "cli.advice.table_header")
    body = memoryview(raw)[HEADER:]
    if hashlib.sha256(body).hexdigest() != head["sha256"]:
        return refused(path, "cli.advice.table_checksum")
    table = np.frombuffer(body, dtype=DTYPE).reshape(shape)
    with np.errstate(invalid="ignore"):
        sound = bool(np.isfinite(table).all()) and float(table.min()) >= 0.0 \
            and float(table.max()) <= most
    if not sound or table[-1].any() or table[0, 0].tolist() != head["start"] \
            or (most > 0 and not table[0, 0].any()):
        return refused(path, "cli.advice.table_values")
    return Cached(table)


def load_table(folder: str, key: str, shape: tuple[int, ...], most: float) -> np.ndarray | None:
    """:func:`read_table`'s table, or ``None`` (missing or refused)."""
    return read_table(folder, key, shape, most).table


def encode_table(table: np.ndarray) -> bytes:
    """The bytes of a table file holding ``table`` (see :func:`read_table`)."""
    values = np.ascontiguousarray(table, dtype=DTYPE)
    body = values.tobytes()
    head = json.dumps({"shape": list(values.shape), "sha256": hashlib.sha256(body).hexdigest(),
                       "start": values[0, 0].tolist()}, separators=(",", ":")).encode("ascii")
    header = MAGIC + head
    if len(header) >= HEADER:
        raise ValueError("the table's header does not fit")
    return header + b" " * (HEADER - 1 - len(header)) + b"\n" + body


def save_table(folder: str, key: str, table: np.ndarray) -> str | None:
    """Write the table atomically (a temporary file renamed over); returns its path, or None
    when the folder cannot be written (the table is then only used in memory). A table of
    the format before the checksum is removed."""
    path = table_path(folder, key)
    tmp = None
    try:
        os.makedirs(folder, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".solver-", suffix=".tmp", dir=folder)
        with os.fdopen(fd, "wb") as handle:
            handle.write(encode_table(table))
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
        tmp = None
    except OSError:
        if tmp is not None and os.path.exists(tmp):
            os.remove(tmp)
        return None
    try:
        os.remove(_old_path(folder, key))
    except OSError:
        pass
    return path
