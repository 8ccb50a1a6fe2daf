"""Fuzzing the command line with hostile input (issue 8), in-process (``CliRunner``).

Random JSON shapes (hypothesis recursive strategies, with the store's own keys and some
nasty leaves), random bytes and random strings are fed to

- ``yams import`` (whole files, and a real exported book changed at one random place);
- every kind of store file (a game in progress, its backup, a finished game, the record book,
  the house rules, the summaries index, the lock, an old-layout ``archive.json``, a stray file
  in ``games/`` and ``archive/``, a game file named like a finished game), written as random
  bytes, random JSON, or a file with a valid checksum holding random tables or the real
  tables changed at one place; then the reading commands run on the store;
- player names, ``--setting`` values, typed dice and cells.

Each run must end cleanly: exit status 0 or a documented error (2 bad entry, 3 refused by the
rules, 4 store error), stderr only ``error: ...`` (one line, last) and ``note: ...`` lines,
never a traceback, nothing a terminal would act on; and nothing changes in the store but the
file under attack (and the derived lock and index). ``FUZZ_EXAMPLES`` gives the number of
examples tried, by kind.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from typing import Any

import pytest
from helpers import run
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_hostile import _raw_controls

from yams_scorekeeper.store.files import encode

#: examples per test (about 25 s of CPU in all on a 2-CPU machine)
FUZZ_EXAMPLES = {"import": 60, "store files": 60, "names": 40, "settings": 60,
                 "typed entries": 60}
FUZZ = settings(deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.filter_too_much])


def fuzz(kind: str) -> settings:
    """The settings of the fuzz test of ``kind`` (``FUZZ_EXAMPLES[kind]`` examples, the same
    ones at every run; for a longer hunt, ``YAMS_FUZZ_RANDOM=1`` draws new ones at each run and
    ``YAMS_FUZZ_SCALE=K`` tries K times more)."""
    scale = int(os.environ.get("YAMS_FUZZ_SCALE", "1"))
    return settings(FUZZ, max_examples=FUZZ_EXAMPLES[kind] * scale,
                    derandomize=not os.environ.get("YAMS_FUZZ_RANDOM"))

#: the keys the program reads, so that random objects look like its documents
KEYS = ["id", "doc", "summary", "events", "players", "config", "type", "player", "dice",
        "roll", "cells", "column", "row", "coup", "scratch", "format", "version", "games",
        "counted", "configs", "records", "name", "total", "rank", "date", "config_key",
        "config_label", "family", "label", "stopped_early", "parts", "value", "tied",
        "settings", "created", "updated", "reopened", "summary", "game", "book", "recount",
        "houses", "schema", "sha256", "_meta", "1", "2", "joker", "announce", "changes"]
NASTY = ["\x1b]0;pwned\x07", "[/x]", "[bold red]Z", "\u202eabc", "\r", "\x00", "9" * 400,
         "../../etc/passwd", "", " ", "duel", "gaby", "yams-scorekeeper-book",
         "yams-scorekeeper-records", "2024-05-01T21:00:00+02:00", "not a date", "\ud800",
         "libre.full", "grille", "Alice", "enter", "mark", "end", "undo", "amend"]

leaves = (st.none() | st.booleans() | st.integers(-2**70, 2**70)
          | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=12)
          | st.sampled_from(NASTY))
json_values = st.recursive(
    leaves, lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=6), children, max_size=5),
    max_leaves=25)
json_objects = st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=6), json_values,
                               max_size=6)
#: tables as the store lays them out ({table: {doc id: document}}): they pass its first check
tables = st.dictionaries(st.sampled_from(["game", "finish", "games", "book", "recount",
                                          "houses"]) | st.text(max_size=6),
                         st.dictionaries(st.from_regex(r"[0-9]{1,2}", fullmatch=True),
                                         json_objects, max_size=2), max_size=3)


def dumps(value: Any) -> bytes:
    """JSON text of ``value`` as a hostile file would hold it (NaN, lone surrogates escaped)."""
    return json.dumps(value).encode()


def paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    """Every place inside a JSON value (a key of an object, an index of a list)."""
    found = [prefix]
    if isinstance(value, dict):
        for key, child in value.items():
            found += paths(child, prefix + (key,))
    elif isinstance(value, list):
        for n, child in enumerate(value):
            found += paths(child, prefix + (n,))
    return found


@st.composite
def changed(draw, value: Any) -> Any:
    """``value`` with one place replaced by a random value, or removed."""
    value = json.loads(json.dumps(value))
    where = draw(st.sampled_from(paths(value)))
    new = draw(json_values)
    if not where:
        return new
    parent = value
    for step in where[:-1]:
        parent = parent[step]
    if draw(st.booleans()) and isinstance(parent, dict):
        del parent[where[-1]]
    else:
        parent[where[-1]] = new
    return value


# -- the store every example starts from ---------------------------------------------------

@pytest.fixture(autouse=True)
def no_fsync(monkeypatch):
    """The fuzz tests check what the program makes of its input, not durability (tested
    through the file-system seam elsewhere): fsync is skipped, which makes them 2x faster."""
    monkeypatch.setattr(os, "fsync", lambda fd: None)


class Copy:
    """A copy of the template store for one example, removed afterwards."""

    def __init__(self, template: dict):
        self.folder = tempfile.mkdtemp(dir=template["base"])
        self.db = os.path.join(self.folder, "db")
        shutil.copytree(template["db"], self.db)

    def __enter__(self) -> Copy:
        return self

    def __exit__(self, *exc) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)


DERIVED = ("store.lock", "index.sqlite")


def tree(db: str, attacked: str | None = None) -> dict[str, str]:
    """A digest of every file of the store but the derived ones and ``attacked`` (with its
    backups and the copies made of it: ``attacked.*``)."""
    out = {}
    for root, dirs, names in os.walk(db):
        for name in names + [d for d in dirs if not os.listdir(os.path.join(root, d))]:
            rel = os.path.relpath(os.path.join(root, name), db)
            if rel.startswith(DERIVED) or (attacked and (rel == attacked
                                                         or rel.startswith(attacked + "."))):
                continue
            path = os.path.join(root, name)
            out[rel] = (hashlib.sha256(open(path, "rb").read()).hexdigest()
                        if os.path.isfile(path) else "folder")
    return out


def _json_error(line: str) -> bool:
    """Whether ``line`` is the JSON error object of a --json run (docs/json.md)."""
    try:
        obj = json.loads(line)
    except ValueError:
        return False
    return isinstance(obj, dict) and list(obj) == ["error"] and "message" in obj["error"]


def clean(result, args) -> None:
    """The run ended as a program should: a documented exit status, stderr made of ``note:``
    lines and at most one ``error:`` line (the last, exactly when the status is not 0), no
    traceback, nothing raw a terminal would act on."""
    where = (args, result.exit_code, result.stdout[-500:], result.stderr[-500:])
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        (where, repr(result.exception))
    assert result.exit_code in (0, 2, 3, 4), where
    assert "Traceback" not in result.stdout + result.stderr, where
    lines = result.stderr.splitlines()
    errors = [line for line in lines if line.startswith("error: ")
              or ("--json" in args and _json_error(line))]      # issue 20: --json errors
    assert all(line.startswith("note: ") or line in errors for line in lines), where
    if result.exit_code:
        assert len(errors) == 1 and lines[-1] == errors[0], where
    else:
        assert not errors, where
    assert not _raw_controls(result.stdout + result.stderr), where


def cli(db: str, *args: str, input: str | None = None):
    result = run(db, *args, input=input)
    clean(result, args)
    return result


# -- 1. yams import ----------------------------------------------------------------------------

@st.composite
def import_files(draw, book: bytes) -> bytes:
    kind = draw(st.sampled_from(["bytes", "text", "json", "book changed", "book edited"]))
    if kind == "bytes":
        return draw(st.binary(max_size=400))
    if kind == "text":
        return draw(st.text(max_size=200)).encode("utf-8", "surrogatepass")
    if kind == "json":
        return dumps(draw(json_values))
    if kind == "book changed":
        return dumps(draw(changed(json.loads(book))))
    # a few characters of the exported text inserted, removed or replaced
    raw = bytearray(book)
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(raw) - 1))
        what = draw(st.sampled_from(["insert", "delete", "replace"]))
        if what == "delete":
            del raw[at]
        else:
            byte = draw(st.sampled_from(b'{}[]",:0123456789-.eE \n\\x')) if draw(
                st.booleans()) else draw(st.integers(0, 255))
            raw[at:at + (what == "replace")] = bytes([byte])
    return bytes(raw)


def test_fuzz_import(template):
    @fuzz("import")
    @given(data=import_files(template["book"]))
    def attack(data):
        with Copy(template) as copy:
            path = os.path.join(copy.folder, "book.json")
            with open(path, "wb") as handle:
                handle.write(data)
            before = tree(copy.db)
            result = cli(copy.db, "import", path)
            if result.exit_code:
                assert tree(copy.db) == before       # a refused book changes nothing
            for args in (("history",), ("records",), ("games",)):
                assert cli(copy.db, *args).exit_code == 0

    attack()


# -- 2. every store file ---------------------------------------------------------------------

def targets(template: dict) -> dict[str, str]:
    """Every kind of file a store holds, by the path under the store folder."""
    game, finished = template["game"], template["finished"]
    return {"game": f"games/{game}.json", "game backup": f"games/{game}.json.bak1",
            "finished game": f"archive/{finished}.json",
            "finished backup": f"archive/{finished}.json.bak1",
            "record book": "records.json", "house rules": "houses.json",
            "index": "index.sqlite", "lock": "store.lock", "old archive": "archive.json",
            "stray game": "games/zz.json", "stray finished": "archive/zz.json",
            "game named as a finished one": f"games/{finished}.json"}


def read_tables(path: str) -> dict:
    """The tables of a store file of the template ({} for the lock, the index, a new file)."""
    from yams_scorekeeper.base.errors import StoreError
    from yams_scorekeeper.store.files import AtomicJSONStorage

    try:
        return AtomicJSONStorage(path).read() or {}
    except StoreError:
        return {}


@st.composite
def store_files(draw, template: dict) -> tuple[str, bytes | None]:
    name = draw(st.sampled_from(sorted(targets(template))))
    rel = targets(template)[name]
    kind = draw(st.sampled_from(["bytes", "json", "forged", "forged real", "folder"]))
    if rel == "index.sqlite" and kind.startswith("forged"):
        kind = "sqlite"
    if kind == "bytes":
        return rel, draw(st.binary(max_size=300))
    if kind == "sqlite":
        return rel, b"SQLite format 3\x00" + draw(st.binary(max_size=300))
    if kind == "json":
        return rel, dumps(draw(json_values))
    if kind == "folder":
        return rel, None
    if kind == "forged":      # a valid checksum over random tables
        content = draw(tables)
    else:                     # a valid checksum over the real tables changed at one place
        real = read_tables(os.path.join(template["db"], rel))
        if not real:
            real = read_tables(os.path.join(template["db"], f"archive/{template['finished']}"
                                            ".json"))
        content = draw(changed(real))
        if not isinstance(content, dict) or not all(isinstance(t, dict) for t in
                                                    content.values()):
            return rel, dumps(content)
    try:
        return rel, encode(content)
    except (TypeError, ValueError, UnicodeEncodeError):   # not storable (a lone surrogate)
        return rel, dumps(content)


def test_fuzz_store_files(template):
    game, finished = template["game"], template["finished"]
    reading = [("games",), ("history",), ("records",), ("stats", "Alice"),
               ("sheet", "--game", game), ("sheet", "--game", finished),
               ("play", "--houses"), ("history", "--json")]

    @fuzz("store files")
    @given(attack=store_files(template))
    def attack(attack):
        rel, content = attack
        with Copy(template) as copy:
            path = os.path.join(copy.db, rel)
            if os.path.isdir(path):
                shutil.rmtree(path)
            elif os.path.exists(path):
                os.remove(path)
            if content is None:
                os.makedirs(path)
            else:
                with open(path, "wb") as handle:
                    handle.write(content)
            before = tree(copy.db, rel)
            results = [cli(copy.db, *args) for args in reading]
            export = os.path.join(copy.folder, "out.json")
            results.append(cli(copy.db, "export", export))
            migrated = os.path.exists(os.path.join(copy.db, "archive.json.migrated"))
            if rel == "records.json":       # derived: moved aside and counted again
                before = {k: v for k, v in before.items() if not k.startswith("records.json")}
                after = {k: v for k, v in tree(copy.db, rel).items()
                         if not k.startswith("records.json")}
            else:
                after = tree(copy.db, rel)
            if not migrated:                # an old archive.json accepted is moved in
                assert after == before, (rel, set(after.items()) ^ set(before.items()))
            # the game that was not attacked still takes an entry (then it is taken back)
            if rel not in (f"games/{game}.json", "store.lock") and not rel.startswith("games/"
                                                                                     + game):
                entry = cli(copy.db, "cells", "--game", game)
                if entry.exit_code == 0:
                    assert cli(copy.db, "mark", "1", "--game", game).exit_code == 0
                    assert cli(copy.db, "undo", "--game", game).exit_code == 0

    attack()


# -- 3. names, settings and typed entries ------------------------------------------------------

names = st.text(max_size=24) | st.sampled_from(NASTY) | st.builds(
    lambda a, b: a + b, st.sampled_from(NASTY), st.text(max_size=8))


def test_fuzz_player_names(template):
    @fuzz("names")
    @given(name=names)
    def attack(name):
        with Copy(template) as copy:
            before = tree(copy.db)
            result = cli(copy.db, "new", "-R", "duel", f"--player={name}", "--player=Bob",
                         "--json")
            if result.exit_code:
                assert tree(copy.db) == before
                return
            game = json.loads(result.stdout)["game"]
            for args in (("games",), ("sheet", "--game", game), ("enter", "11123/3", "--game",
                                                                    game)):
                assert cli(copy.db, *args).exit_code == 0
            assert cli(copy.db, "mark", "1", "--game", game).exit_code == 0
            assert cli(copy.db, "end", "--game", game).exit_code == 0
            for args in (("history",), ("records",), ("stats", "--", name),
                         ("transcript", "--game", game)):
                assert cli(copy.db, *args).exit_code in (0, 2)
            assert cli(copy.db, "history", "--json").exit_code == 0

    attack()


SETTING_KEYS = ["yam", "bonus", "bonus_threshold", "jokers", "full", "grande_suite",
                "petite_suite", "column_factors", "column_factors.sec", "bases.youpi", "x", ""]


@st.composite
def setting_values(draw) -> str:
    key = draw(st.sampled_from(SETTING_KEYS) | st.text(max_size=8))
    value = draw(st.text(max_size=20) | st.sampled_from(NASTY)
                 | json_values.map(lambda v: json.dumps(v))
                 | st.integers(-10**30, 10**30).map(str)
                 | st.floats().map(repr))
    return f"{key}={value}"


def test_fuzz_settings(template):
    @fuzz("settings")
    @given(family=st.sampled_from(["duel", "gaby", "classic", "double"]),
           setting=setting_values())
    def attack(family, setting):
        with Copy(template) as copy:
            before = tree(copy.db)
            result = cli(copy.db, "new", "-R", family, "-p", "A", "-p", "B",
                         f"--setting={setting}", "--json")
            if result.exit_code:
                assert tree(copy.db) == before
                return
            game = json.loads(result.stdout)["game"]
            assert cli(copy.db, "sheet", "--game", game).exit_code == 0
            assert cli(copy.db, "end", "--game", game).exit_code == 0
            for args in (("history",), ("records",), ("stats", "A"), ("history", "--json")):
                assert cli(copy.db, *args).exit_code == 0

    attack()


def test_fuzz_typed_dice_and_cells(template):
    game = template["game"]

    @fuzz("typed entries")
    @given(command=st.sampled_from(["enter", "mark", "fix", "score"]),
           text=st.text(max_size=30) | st.sampled_from(NASTY))
    def attack(command, text):
        with Copy(template) as copy:
            path = f"games/{game}.json"
            before = tree(copy.db)
            args = {"enter": ("enter", "--game", game, "--", text),
                    "mark": ("mark", "--game", game, "--", text),
                    "fix": ("fix", "--game", game, "1", "--", text),
                    "score": ("score", "--rules", "duel", "--roll", "1", "--", text)}[command]
            result = cli(copy.db, *args)
            if result.exit_code:
                assert tree(copy.db) == before
            else:                               # written: only this game's file changed
                assert tree(copy.db, path) == {k: v for k, v in before.items()
                                               if k != path and not k.startswith(path + ".")}

    attack()
