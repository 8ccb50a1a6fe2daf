"""Where solved tables are kept: the only module of the advice package that touches files.

A table is a ``.npy`` file named by the spec's key (a hash of the rules and settings) in the
cache folder: ``$YAMS_CACHE`` when set; else, for a store named by ``--db`` or ``$YAMS_DB``, the
folder ``<store>-cache`` beside it; else the user cache folder (:func:`yams_scorekeeper.paths.
solver_cache`). A cache file is never data: one that cannot be read is solved again and
replaced.
"""

from __future__ import annotations

import os
import tempfile

import numpy as np

from ..paths import CACHE_ENV  # noqa: F401  (named here since 0.1)


def cache_folder(store_path: str | None = None) -> str:
    """The folder for solved tables (see the module docstring)."""
    from ..paths import solver_cache

    return solver_cache(store_path)


def table_path(folder: str, key: str) -> str:
    return os.path.join(folder, f"solver-{key}.npy")


def load_table(folder: str, key: str, shape: tuple[int, ...]) -> np.ndarray | None:
    """The cached table, memory-mapped (so loading costs no copy), or None when it is missing
    or is not a float32 array of ``shape``."""
    path = table_path(folder, key)
    try:
        table = np.load(path, mmap_mode="r", allow_pickle=False)
    except (OSError, ValueError):
        return None
    if table.shape != tuple(shape) or table.dtype != np.float32:
        return None
    return table


def save_table(folder: str, key: str, table: np.ndarray) -> str | None:
    """Write the table atomically (a temporary file renamed over); returns its path, or None
    when the folder cannot be written (the table is then only used in memory)."""
    path = table_path(folder, key)
    tmp = None
    try:
        os.makedirs(folder, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".solver-", suffix=".tmp", dir=folder)
        with os.fdopen(fd, "wb") as handle:
            np.save(handle, np.ascontiguousarray(table, dtype=np.float32), allow_pickle=False)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
        return path
    except OSError:
        if tmp is not None and os.path.exists(tmp):
            os.remove(tmp)
        return None
