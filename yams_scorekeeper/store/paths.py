"""Where the program keeps its files: the platform's own folders (``platformdirs``).

- the store (the record book, the games): the user data folder, ``$XDG_DATA_HOME/
  yams-scorekeeper`` (default ``~/.local/share/yams-scorekeeper`` on Linux), unless
  ``--db PATH`` or ``$YAMS_DB`` names another;
- the solver's tables: the user cache folder (``$XDG_CACHE_HOME``, ``~/.cache``), unless
  ``$YAMS_CACHE`` names another (a store named by ``--db``/``$YAMS_DB`` keeps them beside it,
  in ``<store>-cache``, as before);
- saved house rules and settings: the user config folder (``$XDG_CONFIG_HOME``,
  ``~/.config``); a store named by ``--db``/``$YAMS_DB`` keeps its house rules inside it.

Version 0.1 kept the store in the config folder (typer's ``get_app_dir``: ``~/.config/
yams-scorekeeper`` on Linux). A store found there is moved to the data folder the first time
the default store is used (:func:`move_store`), crash-safe: its files are linked (or copied,
across file systems) into a temporary folder beside the new place, made durable, and the
folder renamed to the new place in one step; only then are the old files removed. Killed
before the rename, the store is still whole at the old place (the temporary folder is thrown
away by the next try); after it, whole at the new place, and a mark left there
(``.moved-from``) has the next use finish removing the old copy. House rules stay in the
config folder, where they already are on Linux.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from ..i18n import Message

APP_NAME = "yams-scorekeeper"
#: Environment variable naming the store folder (overrides the default, not an argument).
ENV_VAR = "YAMS_DB"
#: what a store folder holds (one of them is enough to tell a store from another folder)
STORE_NAMES = ("games", "archive", "records.json", "archive.json", "store.lock")
#: what a store folder may hold before its first game: its saved house rules and sheets
BEFORE_FIRST_GAME = ("houses.json", "houses")
#: the environment variable naming the solver tables' folder
CACHE_ENV = "YAMS_CACHE"
#: what the old store folder keeps once its store has moved (the config folder's own files)
CONFIG_FILES = ("houses.json",)
#: the temporary folder of a move, beside the new place
MOVING_SUFFIX = ".moving"
#: the mark of a move whose old copy is still being removed (it holds the old folder)
MOVED_MARK = ".moved-from"
#: what the move leaves behind at the old place and removes, unmoved: the lock file and
#: the solved tables (a cache: solved again when needed)
NOT_MOVED = ("store.lock", "cache")


def data_dir() -> str:
    """The user data folder (the default store)."""
    from platformdirs import user_data_dir  # only here: --db and $YAMS_DB need none

    return user_data_dir(APP_NAME, appauthor=False)


def cache_dir() -> str:
    """The user cache folder (solved tables of the default store)."""
    from platformdirs import user_cache_dir  # only here: --db and $YAMS_DB need none

    return user_cache_dir(APP_NAME, appauthor=False)


def config_dir() -> str:
    """The user config folder (saved house rules and settings of the default store)."""
    from platformdirs import user_config_dir  # only here: --db and $YAMS_DB need none

    return user_config_dir(APP_NAME, appauthor=False)


def old_store_dir() -> str:
    """Where version 0.1 kept the default store (typer's application folder)."""
    import typer

    return typer.get_app_dir(APP_NAME)


def holds_store(folder: str) -> bool:
    """True when ``folder`` holds a store's files (an empty or missing folder does not)."""
    try:
        names = os.listdir(folder)
    except (FileNotFoundError, NotADirectoryError):
        return False
    return any(name in names for name in STORE_NAMES)


class FileOps:
    """The file operations of a move, one method each (a test stops the move at any one)."""

    def makedirs(self, path: str) -> None:
        os.makedirs(path, exist_ok=True)

    def link(self, source: str, target: str) -> None:
        """``target`` holds ``source``'s bytes, durably: a hard link, else a copy."""
        try:
            os.link(source, target)
            return
        except OSError:
            pass
        import shutil  # only here: a table action never copies a file

        shutil.copy2(source, target)
        _fsync(target)

    def write(self, path: str, text: str) -> None:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())

    def sync_dir(self, path: str) -> None:
        from .files import FileSystem

        FileSystem().fsync_dir(path)      # (not on Windows: its renames are journaled)

    def rename(self, source: str, target: str) -> None:
        os.rename(source, target)

    def remove(self, path: str) -> None:
        os.remove(path)

    def rmdir(self, path: str) -> None:
        os.rmdir(path)


def _fsync(path: str) -> None:
    """Make a file's bytes durable."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _store_entries(old: str) -> list[str]:
    """The names in the old folder that belong to the store (moved)."""
    return sorted(name for name in os.listdir(old)
                  if name not in NOT_MOVED and not name.startswith(CONFIG_FILES))


def _remove_tree(fs: FileOps, path: str) -> None:
    """Remove ``path`` (a file or a folder and all it holds), one file at a time."""
    if os.path.isdir(path) and not os.path.islink(path):
        for name in sorted(os.listdir(path)):
            _remove_tree(fs, os.path.join(path, name))
        fs.rmdir(path)
    elif os.path.lexists(path):
        fs.remove(path)


def _copy_tree(fs: FileOps, source: str, target: str) -> None:
    if os.path.isdir(source) and not os.path.islink(source):
        fs.makedirs(target)
        for name in sorted(os.listdir(source)):
            _copy_tree(fs, os.path.join(source, name), os.path.join(target, name))
        fs.sync_dir(target)
    else:
        fs.link(source, target)


def finish_move(new: str, fs: FileOps | None = None) -> None:
    """Remove the old copy of a store moved to ``new`` (its mark says where it was), then
    the mark: the last steps of :func:`move_store`, done again after a kill."""
    fs = fs or FileOps()
    mark = os.path.join(new, MOVED_MARK)
    try:
        with open(mark, encoding="utf-8") as handle:
            old = handle.read()
    except FileNotFoundError:
        return
    if os.path.isdir(old):
        for name in _store_entries(old) + [n for n in NOT_MOVED
                                           if os.path.lexists(os.path.join(old, n))]:
            _remove_tree(fs, os.path.join(old, name))
    fs.remove(mark)


def move_store(old: str, new: str, fs: FileOps | None = None) -> None:
    """Move the store at ``old`` to ``new`` (which holds no store), crash-safe (see the
    module notes), under the old store's lock."""
    from .lock import DEFAULT_TIMEOUT, StoreLock

    fs = fs or FileOps()
    with StoreLock(os.path.join(old, "store.lock"), DEFAULT_TIMEOUT):
        if holds_store(new):            # another process moved it meanwhile
            return
        moving = new.rstrip(os.sep) + MOVING_SUFFIX
        if os.path.lexists(moving):     # left by a killed move: the old place is the truth
            _remove_tree(fs, moving)
        fs.makedirs(os.path.dirname(moving) or ".")
        fs.makedirs(moving)
        for name in _store_entries(old):
            _copy_tree(fs, os.path.join(old, name), os.path.join(moving, name))
        fs.write(os.path.join(moving, MOVED_MARK), old)
        fs.sync_dir(moving)
        if os.path.isdir(new) and not os.listdir(new):
            fs.rmdir(new)               # an empty folder made before: the rename replaces it
        try:
            fs.rename(moving, new)
        except OSError as exc:          # a folder of other files is at the new place
            from ..base.errors import StoreError
            from ..i18n import Message

            raise StoreError(Message("book.store_not_moved", old=old, new=new,
                                     strerror=exc.strerror),
                             expected="an empty or missing folder at the new place") from None
        fs.sync_dir(os.path.dirname(new) or ".")
        finish_move(new, fs)


def solver_cache(store: str | None = None) -> str:
    """The cache folder (the solver's tables, the house sheets read before:
    :mod:`.house_cache`): ``$YAMS_CACHE`` when set; else, for a store named by ``--db`` or
    ``$YAMS_DB``, ``<store>-cache`` beside it; else the user cache folder."""
    explicit = os.environ.get(CACHE_ENV)
    if explicit:
        return explicit
    store = store or os.environ.get(ENV_VAR)
    if store:
        return os.path.abspath(store).rstrip(os.sep) + "-cache"
    return cache_dir()


def default_store(notify: Callable[[Message], object] | None = None,
                  fs: FileOps | None = None) -> str:
    """The default store folder (the user data folder), the store of version 0.1 moved there
    first when one is found at the old place (``notify(message)`` hears it, one line)."""
    new = data_dir()
    if holds_store(new):            # the usual case: the old place is not looked at
        finish_move(new, fs)
        return new
    old = old_store_dir()
    if os.path.abspath(new) == os.path.abspath(old):
        return new
    if holds_store(old):
        move_store(old, new, fs)
        if notify is not None:
            from ..i18n import Message

            notify(Message("book.store_moved", old=old, new=new))
    return new
