"""The house sheets read before (store/house_cache.py): an entry gives the very sheet the file
gives, and anything wrong with an entry is only a miss."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from yams_scorekeeper.house import HouseFileError, load_house
from yams_scorekeeper.store import house_cache
from yams_scorekeeper.store.house_cache import cached_house, entry_path

EXAMPLES = sorted((Path(__file__).resolve().parent.parent / "examples" / "house").glob("*.toml"))


def read(path: Path, cache: Path):
    return cached_house(path.read_text(encoding="utf-8"), name=path.stem, source=str(path),
                        cache=str(cache))


def no_reading(monkeypatch) -> None:
    """Reading a house file's text from now on fails the test: only an entry may answer."""
    def refuse(*args, **kwargs):
        raise AssertionError("the text was read again")

    monkeypatch.setattr(house_cache, "load_house", refuse)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_an_entry_gives_the_sheet_the_file_gives(tmp_path, monkeypatch, path):
    text = path.read_text(encoding="utf-8")
    first = read(path, tmp_path)
    entry = Path(entry_path(str(tmp_path), text, path.stem))
    assert entry.is_file() and entry.parent == tmp_path / "houses"
    no_reading(monkeypatch)
    again = read(path, tmp_path)
    plain = load_house(text, name=path.stem, source=str(path))
    assert again == first == plain and again.source == plain.source == str(path)
    assert again.identity == plain.identity and again.rules_doc == plain.rules_doc
    rules, want = again.ruleset(), plain.ruleset()
    dice = rules.parse_dice("55533" + "1" * (rules.dice_count - 5))     # five or six dice
    assert ([f.to_json() for f in rules.figures(dice, 1)]
            == [f.to_json() for f in want.figures(dice, 1)])


def test_the_key_is_the_text_the_name_and_the_version(tmp_path, monkeypatch):
    text = EXAMPLES[0].read_text(encoding="utf-8")
    keys = {entry_path("c", text, "a"), entry_path("c", text + "\n", "a"),
            entry_path("c", text, "b")}
    monkeypatch.setattr(house_cache, "__version__", "0.0.0")
    keys.add(entry_path("c", text, "a"))
    assert len(keys) == 4


SIRTIN = next(p for p in EXAMPLES if p.stem == "sirtin")


@pytest.mark.parametrize("written", [
    b"", b"{", b"\xff\xfe", b"[]", b'{"name": "sirtin"}', b"x" * (house_cache.MOST_BYTES + 2),
    b"[" * 100_000, "another sheet", "another name",
])
def test_a_bad_entry_is_a_miss_and_is_written_again(tmp_path, written):
    text = SIRTIN.read_text(encoding="utf-8")
    entry = Path(entry_path(str(tmp_path), text, "sirtin"))
    entry.parent.mkdir(parents=True)
    if written == "another sheet":
        other = load_house(EXAMPLES[0].read_text(encoding="utf-8"), name="sirtin")
        written = json.dumps({"key": entry.stem, "rules": other.rules_doc}).encode()
        entry.with_name("moved.json").write_bytes(written)          # the entry of no key
        written = json.dumps({"key": "0" * 64, "rules": other.rules_doc}).encode()
    elif written == "another name":
        doc = load_house(text, name="sirtin").rules_doc
        written = json.dumps({"key": entry.stem, "rules": {**doc, "name": "other"}}).encode()
    entry.write_bytes(written)
    sheet = read(SIRTIN, tmp_path)
    assert sheet == load_house(text, name="sirtin", source=str(SIRTIN))
    assert json.loads(entry.read_text(encoding="utf-8")) == {"key": entry.stem,
                                                              "rules": sheet.rules_doc}


def test_a_bad_file_is_refused_as_before_and_nothing_is_kept(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('[[rows]]\nid = "x"\nkind = "nope"\n', encoding="utf-8")
    with pytest.raises(HouseFileError) as plain:
        load_house(bad.read_text(encoding="utf-8"), name="bad", source=str(bad))
    with pytest.raises(HouseFileError) as cached:
        read(bad, tmp_path / "cache")
    assert str(cached.value) == str(plain.value)
    assert not (tmp_path / "cache").exists()


def test_a_cache_that_cannot_be_written_changes_only_the_speed(tmp_path):
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the folder would be", encoding="utf-8")
    sheet = read(SIRTIN, blocked)
    assert sheet == load_house(SIRTIN.read_text(encoding="utf-8"), name="sirtin")
    assert blocked.read_text(encoding="utf-8") == "a file where the folder would be"
    assert not [n for n in os.listdir(tmp_path) if n != "blocked"]


def test_score_reads_a_house_file_once_then_its_entry(tmp_path):
    """The console script: the same output from the entry, without tomllib."""
    code = ("import sys, json\nfrom yams_scorekeeper.cli.app import main\n"
            "sys.argv = ['yams', *sys.argv[1:]]\ntry:\n    main()\nexcept SystemExit:\n    pass\n"
            "sys.stdout.flush()\nprint(json.dumps('tomllib' in sys.modules), file=sys.stderr)\n")
    args = ["score", "--json", "--house", str(SIRTIN), "-r", "1", "55533"]
    env = {**os.environ, "YAMS_DB": str(tmp_path / "db"), "YAMS_LANG": "en"}
    env.pop("YAMS_CACHE", None)
    runs = [subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                           env=env) for _ in range(2)]
    assert [json.loads(r.stderr.splitlines()[-1]) for r in runs] == [True, False]
    assert runs[0].stdout == runs[1].stdout and json.loads(runs[0].stdout)
    assert len(os.listdir(tmp_path / "db-cache" / "houses")) == 1
