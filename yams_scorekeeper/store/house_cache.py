"""House sheets read before: the checked rules of a house file, kept by its text, so that a
one-shot ``yams score --house FILE`` does not parse TOML each time (``tomllib`` and the
checks of every key).

An entry is ``<cache>/houses/<key>.json``: ``{"key": key, "rules": ...}``, the sheet's
canonical rules (:attr:`~yams_scorekeeper.house.HouseSheet.rules_doc`), its name included.
Its key is the SHA-256 of the program's version, the sheet's name and the file's text: the
same text read by the same version gives the same sheet, and an edited file, another name or
another version is another entry. An entry found is checked again as a stored game's rules
are (:func:`~yams_scorekeeper.house.house_from_doc`), and used only when it names its own key
and the sheet of that name: anything else (unreadable, not JSON, refused, an entry copied
from another key) is read from the text again and its entry written anew.

Crash invariant: none of its own; nothing here is data. An entry is written to a temporary
file of the same folder and renamed over its place, so a reader finds a whole entry or none;
a torn or foreign entry is only a miss. A cache that cannot be written (a read-only folder, a
full disk) changes nothing but the speed.
"""

from __future__ import annotations

import json
import os
from hashlib import sha256

from .. import __version__
from ..base.errors import YamsError
from ..house import HouseSheet, house_from_doc, load_house
from .files import replace_derived

#: the sub-folder of the cache folder (:func:`~.paths.solver_cache`) that holds the entries
FOLDER = "houses"
#: the layout of an entry; changing it makes every old entry a miss
LAYOUT = 1
#: the largest entry read (a house sheet's rules are a few kilobytes)
MOST_BYTES = 256 * 1024


def entry_path(cache: str, text: str, name: str) -> str:
    """Where the entry of the sheet ``name`` read from ``text`` is kept under ``cache``."""
    key = sha256(f"{LAYOUT}\0{__version__}\0{name}\0{text}".encode()).hexdigest()
    return os.path.join(cache, FOLDER, f"{key}.json")


def _key(path: str) -> str:
    return os.path.basename(path)[:-len(".json")]


def cached_house(text: str, *, name: str, source: str, cache: str) -> HouseSheet:
    """The house sheet ``text`` declares, as :func:`~yams_scorekeeper.house.load_house` reads
    it (the same sheet, the same errors), from the entry under ``cache`` when there is one."""
    path = entry_path(cache, text, name)
    found = _read(path, name)
    if found is not None:
        return HouseSheet(found.name, found.spec, source)
    sheet = load_house(text, name=name, source=source)
    _write(path, sheet)
    return sheet


def _read(path: str, name: str) -> HouseSheet | None:
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MOST_BYTES + 1)
        entry = json.loads(raw)
        if len(raw) > MOST_BYTES or entry.get("key") != _key(path):
            return None
        sheet = house_from_doc(entry["rules"])
    except (OSError, ValueError, TypeError, KeyError, AttributeError, RecursionError,
            YamsError):            # whatever is wrong with an entry, it is a miss
        return None
    return sheet if sheet.name == name else None


def _write(path: str, sheet: HouseSheet) -> None:
    replace_derived(path, json.dumps({"key": _key(path), "rules": sheet.rules_doc},
                                     ensure_ascii=False, sort_keys=True))
