"""The platform's folders (`yams where`) and the move of a version 0.1 store from the old place
(~/.config/yams-scorekeeper) to the data folder, killed at each of its file operations."""

from __future__ import annotations

import os
import shutil

import pytest
from helpers import js, ok
from test_cli_book import YAM, play_duel

from yams_scorekeeper.engine.config import make_config
from yams_scorekeeper.store import Store, paths
from yams_scorekeeper.store.session import TableSession


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A user's folders under tmp_path (the XDG variables), no $YAMS_DB."""
    for name, sub in (("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"),
                      ("XDG_CACHE_HOME", "cache")):
        monkeypatch.setenv(name, str(tmp_path / sub))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("YAMS_DB", raising=False)
    monkeypatch.delenv("YAMS_CACHE", raising=False)
    return tmp_path


def test_the_three_folders(home):
    assert paths.data_dir() == str(home / "data" / "yams-scorekeeper")
    assert paths.cache_dir() == str(home / "cache" / "yams-scorekeeper")
    assert paths.config_dir() == str(home / "config" / "yams-scorekeeper")
    assert paths.old_store_dir() == paths.config_dir()
    data = js(None, "where")
    assert data == {"store": paths.data_dir(), "cache": paths.cache_dir(),
                    "config": paths.config_dir()}
    club = str(home / "club")
    assert js(club, "where") == {"store": club, "cache": club + "-cache",
                                          "config": club}
    out = ok(None, "where", lang="fr").stdout
    assert f"registre (livre des records, parties) : {paths.data_dir()}" in out


def old_store(home) -> str:
    """A version 0.1 store at the old place: a finished game, a game in progress, house
    rules and a solved table."""
    old = paths.old_store_dir()
    play_duel(old, {"Alice": YAM, "Bob": {}})
    TableSession.start(Store(old), make_config("duel", ["Chloé", "Dédé"])).enter("11123", 1)
    Store(old).save_house_rules("club", "duel", {"yam": 60})
    os.makedirs(os.path.join(old, "cache"))
    with open(os.path.join(old, "cache", "solver-abc.npy"), "wb") as handle:
        handle.write(b"table")
    return old


def contents(folder: str) -> dict[str, bytes]:
    """The store's files under ``folder`` (relative path: bytes), its lock, the house rules,
    the cache and the move's mark left out."""
    out = {}
    for root, _dirs, files in os.walk(folder):
        for name in files:
            rel = os.path.relpath(os.path.join(root, name), folder)
            if (rel.startswith(("houses.json", "cache")) or rel in ("store.lock",
                                                                     paths.MOVED_MARK)):
                continue
            with open(os.path.join(root, name), "rb") as handle:
                out[rel] = handle.read()
    return out


class Killed(BaseException):
    """The process dies: nothing after it runs (no except clause catches it)."""


class KillAt(paths.FileOps):
    """File operations that die at the ``at``-th one (counting from 0; -1: never)."""

    def __init__(self, at: int = -1):
        self.at, self.done = at, 0

    def __getattribute__(self, name):
        attr = super().__getattribute__(name)
        if name in ("makedirs", "link", "write", "sync_dir", "rename", "remove", "rmdir"):
            def op(*args):
                if self.done == self.at:
                    raise Killed(name)
                self.done += 1
                return attr(*args)
            return op
        return attr


def test_the_default_store_is_found_without_typer(home):
    import subprocess
    import sys

    js(None, "new", "-R", "classic", "-p", "Alice", "-p", "Bob")
    code = ("import sys; from yams_scorekeeper.store.paths import default_store; "
            "print(default_store()); "
            "print(sorted({'typer', 'click'} & set(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env=os.environ.copy())
    assert out.stdout.split("\n")[:2] == [paths.data_dir(), "[]"]


def test_the_move_killed_at_each_file_operation(home):
    old = old_store(home)
    new = paths.data_dir()
    template = str(home / "template")
    shutil.copytree(old, template)
    whole = contents(old)
    assert len(whole) >= 6 and any(k.startswith("archive") for k in whole)
    count = KillAt()
    said = []
    assert paths.default_store(said.append, count) == new
    total = count.done
    assert total > 15 and len(said) == 1
    kinds = set()
    for at in range(total):
        shutil.rmtree(new, ignore_errors=True)
        shutil.rmtree(new + paths.MOVING_SUFFIX, ignore_errors=True)
        shutil.rmtree(old)
        shutil.copytree(template, old)
        with pytest.raises(Killed) as killed:
            paths.default_store(None, KillAt(at))
        kinds.add(str(killed.value))
        # killed here: still whole at the old place, or whole at the new one
        if paths.holds_store(new):
            assert contents(new) == whole, at
        else:
            assert contents(old) == whole, at
        notes = []
        assert paths.default_store(notes.append) == new        # the next use
        assert contents(new) == whole, at
        assert not paths.holds_store(old) and not os.path.exists(
            new + paths.MOVING_SUFFIX) and not os.path.exists(os.path.join(new,
                                                                            paths.MOVED_MARK))
        assert sorted(os.listdir(old)) == ["houses.json"], at    # the config folder's own
    assert kinds == {"makedirs", "link", "write", "sync_dir", "rename", "remove", "rmdir"}


def test_the_moved_store_is_the_default_one(home):
    old_store(home)
    result = ok(None, "history", "--json")
    note = result.stderr.strip().splitlines()
    assert note == [f"note: the record book moved from {paths.old_store_dir()} to "
                    f"{paths.data_dir()} (the platform's data folder)"]
    assert [p["name"] for p in __import__("json").loads(result.stdout)["games"][0][
        "players"]] == ["Alice", "Bob"]
    again = ok(None, "history", "--json")
    assert again.stderr == ""                                    # moved once
    store = Store()
    assert store.path == paths.data_dir()
    assert store.house_rules() == {"club": {"family": "duel", "settings": {"yam": 60}}}
    assert [g["players"] for g in store.games_in_progress()] == [["Chloé", "Dédé"]]
    # $YAMS_DB and --db keep naming a store of their own
    club = str(home / "club")
    play_duel(club, {"Zoé": {}})
    assert js(club, "history")["games"][0]["players"][0]["name"] == "Zoé"
