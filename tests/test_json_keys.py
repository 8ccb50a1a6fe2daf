"""Every command's ``--json`` output against docs/json.md (issue 9): each key an English ASCII
identifier, each documented there, in every family.

docs/json.md is read as key patterns: under a heading naming a command (``yams enter``) or a
shape (``cell``), each table row ``| `path` | meaning |`` documents a key; a meaning that starts
with ``→ [`shape`](#...)`` says the key holds that shape. In a path, ``a.b`` is a key inside a
key, ``a[]`` the items of a list, ``.`` the object itself (of a shape), ``<player>`` a key that
is data (a name, a rule set's id, a configuration key), not a key of the format: a map.

The outputs come from whole games played in a temporary store, one per family and variant
(the sheets filled by random legal turns, the last turn through ``yams enter`` and ``mark``),
then every command with ``--json`` on them: in progress, finished, corrected, stopped early,
exported and imported."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
import typer.main
from helpers import ENV, run

from yams_scorekeeper.cli.app import app
from yams_scorekeeper.engine.game import Game
from yams_scorekeeper.engine.simulate import play_turn, random_dice
from yams_scorekeeper.rules import RULESETS
from yams_scorekeeper.store import Store

DOC = Path(__file__).resolve().parent.parent / "docs" / "json.md"
IDENTIFIER = re.compile(r"[a-z][a-z0-9_]*\Z")
#: words of a French key (the keys renamed in issue 9 and their like): a key of the format
#: made of one of them is refused even when documented
FRENCH = {"annules", "annule", "facteur", "nombre", "de", "du", "des", "le", "la", "premier",
          "jet", "joueur", "joueurs", "partie", "parties", "colonne", "ligne", "moyenne",
          "meilleur", "pire", "victoires", "coups_restants", "manche", "tour", "somme"}

FAMILIES = {cls.family for cls in RULESETS}
#: the ids a rule set gives (rows, sections, columns, factors, settings, options, variants):
#: they name the game's things, in its language, and appear only as the keys of maps
VOCABULARY = {"total"}
for _cls in RULESETS:
    VOCABULARY |= ({row.id for row in _cls.rows} | {s.id for s in _cls.sections}
                   | set(_cls.column_names) | set(_cls.factor_rules) | set(_cls().settings)
                   | set(_cls.options) | set(_cls.variants))
#: what a placeholder of docs/json.md may stand for (not listed: any key)
PLACEHOLDERS = {"family": FAMILIES, "part": VOCABULARY, "section": VOCABULARY,
                "column": VOCABULARY, "row": VOCABULARY, "factor": VOCABULARY,
                "setting": VOCABULARY}


# -- docs/json.md as key patterns -------------------------------------------------------------

HEADING = re.compile(r"#{2,3} [^`]*`([^`]+)`")
ROW = re.compile(r"\|\s*`([^`]+)`\s*\|(.*)\|\s*$")
SHAPE = re.compile(r"\s*→ \[`([a-z_]+)`\]\(#")


def documented(text: str) -> dict[str, set[tuple[str, ...]]]:
    """Each command label (``enter``, ``stats --rows``) -> its key paths, shapes expanded."""
    rows: dict[str, list[tuple[tuple[str, ...], str | None]]] = {}
    current = None
    for line in text.splitlines():
        heading = HEADING.match(line)
        if heading:
            current = heading[1]
            rows.setdefault(current, [])
            continue
        row = ROW.match(line)
        if row and current is not None:
            shape = SHAPE.match(row[2])
            assert shape or "→" not in row[2], f"docs/json.md: put the shape first: {line}"
            path = () if row[1] == "." else tuple(row[1].split("."))   # `.`: the object itself
            rows[current].append((path, shape and shape[1]))

    def expand(name: str, seen: tuple[str, ...] = ()) -> set[tuple[str, ...]]:
        if name not in rows or name in seen:
            raise AssertionError(f"docs/json.md: no shape `{name}` (or it holds itself)")
        paths = set()
        for path, shape in rows[name]:
            for n in range(1, len(path) + 1):      # `a[].b` documents `a` and `a[]` too
                paths |= {path[:n], path[:n - 1] + (path[n - 1].rstrip("[]"),)}
            if shape:
                paths |= {path + inner for inner in expand(shape, seen + (name,))}
        return paths

    return {name[len("yams "):]: expand(name) for name in rows if name.startswith("yams ")}


def key_paths(obj, prefix: tuple[str, ...] = ()):
    """Every key of a JSON value as a path: ``("cells[]", "row")``."""
    if isinstance(obj, dict):
        for key, value in obj.items():
            yield prefix + (key,)
            yield from key_paths(value, prefix + (key,))
    elif isinstance(obj, list):
        for item in obj:
            yield from key_paths(item, prefix[:-1] + (prefix[-1] + "[]",) if prefix else ())


def _token_matches(pattern: str, key: str) -> bool:
    base = pattern.rstrip("[]")
    suffix = pattern[len(base):]
    if not key.endswith(suffix) or (suffix == "" and key.endswith("[]")):
        return False
    key = key[:len(key) - len(suffix)] if suffix else key
    if base.startswith("<") and base.endswith(">"):
        allowed = PLACEHOLDERS.get(base[1:-1])
        return allowed is None or key in allowed
    return key == base


def problems(label: str, obj, paths: set[tuple[str, ...]]) -> list[str]:
    """What is wrong with the keys of one ``--json`` object of ``yams LABEL``."""
    found = []
    for path in dict.fromkeys(key_paths(obj)):
        key = path[-1].rstrip("[]")
        matches = [p for p in paths if len(p) == len(path)
                   and all(_token_matches(a, b) for a, b in zip(p, path, strict=True))]
        where = f"yams {label} --json: {'.'.join(path)}"
        if not matches:
            found.append(f"{where}: not in docs/json.md")
        elif any(not p[-1].startswith("<") for p in matches):     # a key of the format
            if not IDENTIFIER.match(key):
                found.append(f"{where}: not an ASCII identifier [a-z][a-z0-9_]*")
            elif set(key.split("_")) & FRENCH:
                found.append(f"{where}: French, not English")
    return found


def test_docs_json_md_keys_are_identifiers_and_every_json_command_has_a_section():
    docs = documented(DOC.read_text(encoding="utf-8"))
    for label, paths in docs.items():
        for path in paths:
            for token in path:
                base = token.rstrip("[]")
                assert IDENTIFIER.match(base) or re.fullmatch(r"<[a-z_]+>", base), (label, path)
    group = typer.main.get_command(app)
    with group.make_context("yams", ["--help"], resilient_parsing=True) as ctx:
        commands = {name: group.get_command(ctx, name) for name in group.list_commands(ctx)}
    with_json = {name for name, cmd in commands.items()
                 if any("--json" in getattr(p, "opts", ()) for p in cmd.params)}
    assert with_json == {label.split()[0] for label in docs}


def test_the_check_refuses_undocumented_french_and_odd_keys():
    docs = documented("## `yams cells`\n| `game` | id |\n| `cells[]` | → [`cell`](#cell) |\n"
                      "| `facteur` | (French, documented all the same) |\n"
                      "### The `cell` object\n| `row` | row id |\n"
                      "| `factors.<factor>` | a factor |\n")["cells"]
    assert problems("cells", {"game": "g", "cells": [{"row": "1", "factors": {"harmonie": 2}}]},
                    docs) == []
    assert problems("cells", {"game": "g", "coup": 1}, docs) == [
        "yams cells --json: coup: not in docs/json.md"]
    assert problems("cells", {"cells": [{"row": "1", "max_min_annules": 0}]}, docs) == [
        "yams cells --json: cells[].max_min_annules: not in docs/json.md"]
    assert problems("cells", {"facteur": 1}, docs) == [
        "yams cells --json: facteur: French, not English"]
    assert problems("cells", {"cells": [{"factors": {"Harmonie": 2}}]}, docs) == [
        "yams cells --json: cells[].factors.Harmonie: not in docs/json.md"]


# -- the outputs --------------------------------------------------------------------------------

#: (name, yams new options, players, whether hint and review run: their tables are shared with
#: the advice tests through the session's cache, or the adviser is the quick heuristic)
CONFIGS = [
    ("classic", ["-R", "classic", "-c", "libre", "-c", "imposee", "--imposed",
                 "yam,1,2,3,4,5,6,full,suite,carre,plus,moins"], ["Ana", "Bob"], True),
    ("gaby", ["-R", "gaby", "--preset", "gaby", "-c", "libre", "-c", "sec", "--row", "nenette",
              "--row", "petit"], ["Ana", "Bob"], True),
    ("gaby-solo", ["-R", "gaby", "--preset", "gaby-solo", "-c", "libre", "-c", "demi-sec"],
     ["Ana"], False),
    ("double", ["-R", "double", "--variant", "classique"], ["Ana", "Bob"], False),
    ("double-force", ["-R", "double", "--variant", "force", "--direction", "croissant"],
     ["Ana", "Bob"], False),
    ("double-critique", ["-R", "double", "--variant", "critique"], ["Ana", "Bob"], False),
    ("double-165", ["-R", "double", "--variant", "165"], ["Ana", "Bob"], False),
    ("duel", ["-R", "duel", "--setting", "jokers=1"], ["Ana", "Bob"], True),
    ("yatzy", ["-R", "yatzy"], ["Ana", "Bob"], False),
    ("yahtzee", ["-R", "yahtzee"], ["Ana", "Bob"], True),
]


class Outputs:
    """Runs ``yams`` commands with ``--json`` and keeps each object with its label."""

    def __init__(self) -> None:
        self.seen: list[tuple[str, dict]] = []

    def __call__(self, db: str | None, label: str, *args: str, input: str | None = None) -> dict:
        result = run(db, *label.split()[:1], *args, "--json", input=input)
        assert result.exit_code == 0, (label, args, result.stdout, result.stderr)
        objects = [json.loads(line) for line in result.stdout.splitlines()]
        self.seen += [(label, obj) for obj in objects]
        return objects[-1]


def one_turn_left(db: str, game_id: str, seed: int) -> None:
    """Fill the game's sheets by random legal turns, all but the last turn."""
    store = Store(db)
    doc = store.load_game(game_id)
    game, turns = Game.from_doc(doc), 0
    while not game.finished:
        play_turn(game, random.Random(seed * 1000 + turns))
        turns += 1
    game = Game.from_doc(doc)
    for turn in range(turns - 1):
        play_turn(game, random.Random(seed * 1000 + turn))
    store.delete_game(game_id)              # set back in one write: events are only appended
    store.create_game({**doc, "events": game.to_doc()["events"]})


def play_everything(tmp: Path, out: Outputs) -> None:
    for seed, (name, options, players, advice) in enumerate(CONFIGS):
        db = str(tmp / name)
        seats = [arg for p in players for arg in ("-p", p)]
        game_id = out(db, "new", *options, *seats, "--order", "given")["game"]
        one_turn_left(db, game_id, seed)
        for label in ("cells", "sheet", "games", "log"):
            out(db, label)
        game = Game.from_doc(Store(db).load_game(game_id))
        rng = random.Random(seed)
        dice = [str(d) for d in random_dice(game, rng)]
        family = game.rules.family
        out(None, "score", "-R", family, "-r", "1", *dice, "--all")
        out(None, "score", "-R", family, "-", input=f"1 {' '.join(dice)}\n2 {''.join(dice)}\n")
        if advice:
            out(db, "hint")
            out(db, "hint", *dice, "--roll", "1")                  # keeps
            out(db, "hint", *dice, "--roll", str(game.max_roll()))   # cells
        out(db, "enter", *dice, "--roll", "1")
        out(db, "undo")
        out(db, "enter", *dice, "--roll", "1")
        out(db, "cells")
        out(db, "mark", "1")                                 # the last cell: game over
        out(db, "sheet", "--game", game_id)
        first = out(db, "log", "--game", game_id)["turns"][0]["coups"][0]
        other_roll = 2 if first["roll"] == 1 else 1          # turn 1 kept on another roll
        fixed = run(db, "fix", "1", f"{' '.join(first['dice'])}/{other_roll}", "--game",
                    game_id, "--json")
        if fixed.exit_code == 0:     # (a Gaby sec cell refuses a second roll: nothing to see)
            out.seen.append(("fix", json.loads(fixed.stdout)))
        out(db, "log", "--game", game_id)
        if advice:
            out(db, "review", game_id)
        transcript = run(db, "transcript", "--game", game_id).stdout
        out(None, "replay", "-", input=transcript)
        for label, args in (("history", ()), ("records", ()), ("stats", ("Ana",)),
                            ("stats --rows", ("--rows",)), ("stats --rows", ("Ana", "--rows"))):
            out(db, label, *args)
        if len(players) > 1:
            out(db, "stats --vs", "Ana", "--vs", "Bob")
            out(db, "stats --rating", "--rating")
        if advice:
            out(db, "review --book", "--book")
        out(db, "new", *options, *seats, "--order", "given")         # a game stopped early
        out(db, "enter", *dice, "--roll", "1")
        out(db, "mark", "1")
        out(db, "undo")                                           # a mark cancelled
        out(db, "mark", "1")
        out(db, "enter", *dice, "--roll", "1")
        out(db, "undo")                                           # dice cancelled
        out(db, "end")
        out(db, "check")
        out(db, "verifier")
        book = str(tmp / f"{name}.json")
        assert run(db, "export", book).exit_code == 0
        out(str(tmp / f"{name}-copy"), "import", book)
    out(db, "where")
    assert any(label == "fix" for label, _ in out.seen)
    houses = str(tmp / "houses")                        # yams house: its three actions
    out(houses, "house", "new", "club", "--from", "yahtzee")
    out(houses, "house", "list")
    out(houses, "house", "check", "club")
    annoncee = Path(__file__).resolve().parents[1] / "examples" / "house" / "annoncee.toml"
    out(houses, "maison", "check", str(annoncee))
    evening_and_carnet(tmp, out)


def evening_and_carnet(tmp: Path, out: Outputs) -> None:
    """``yams soiree`` and ``yams carnet``: a paper sheet of an evening, with the records."""
    db, sheet = str(tmp / "evening"), tmp / "carnet.txt"
    cells = "\n".join(f"{row}: 0" for row in ("1", "2", "3", "4", "5", "6", "one-pair",
                                                "two-pairs", "three-of-a-kind", "four-of-a-kind",
                                                "small-straight", "large-straight",
                                                "full-house", "chance"))
    sheet.write_text(f"rules: yatzy\ndate: 1999-12\nrecords: yes\nplayer: Ana\n{cells}\n"
                     f"yatzy: 50\ntotal: 55\nplayer: Bob\n{cells}\nyatzy: x\n")
    out(db, "soiree", "open", "Club")
    out(db, "carnet", "--file", str(sheet), "--soiree", "1999-12-31")
    out(db, "soiree", "list")
    out(db, "soiree", "show", "1999-12-31")
    out(db, "evening", "show", "1999-12-31", "--scoring", "average")
    out(db, "soiree", "close")


@pytest.fixture(scope="module")
def outputs(tmp_path_factory, cache_with):
    out = Outputs()
    cache_with("duel", {"jokers": 1})
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(ENV, "YAMS_CACHE", cache_with("yahtzee"))
        play_everything(tmp_path_factory.mktemp("json-keys"), out)
    return out.seen


def test_every_json_key_of_every_command_is_documented_and_english(outputs):
    docs = documented(DOC.read_text(encoding="utf-8"))
    found = []
    for label, obj in outputs:
        found += problems(label, obj, docs[label])
    assert not found, "\n".join(dict.fromkeys(found))


def test_every_json_command_was_run(outputs):
    assert {label for label, _ in outputs} == set(documented(DOC.read_text(encoding="utf-8")))
