"""``yams house`` (also ``yams maison``): make, check and list house sheet files.

- ``new NAME [--from FAMILY]`` writes a commented file that starts as a built-in sheet, among
  the saved house sheets (or where ``--to`` says);
- ``check FILE|NAME`` reads it as every command would, and prints the sheet and each row's
  rule in words (a bad file: one error naming its line and key, exit 2);
- ``list`` lists the saved ones (the ``--save-house`` presets of earlier versions moved in).

The files and their folder are :mod:`~yams_scorekeeper.cli.house_files`; the vocabulary is
:mod:`yams_scorekeeper.house`.
"""

from __future__ import annotations

import json
import os
import re
from typing import TYPE_CHECKING, Any

import typer

from ..base.errors import ConfigError, EntryError
from ..base.safetext import shown
from ..i18n import Message, say
from .house_files import SUFFIX, checked_name, houses_folder, read_house, resolve_house
from .lang import current_lang
from .options import db_option, examples, force_option, json_option
from .render import echo, print_json

if TYPE_CHECKING:  # pragma: no cover
    from ..house import HouseSheet

#: what each action may be called, English and French
ACTIONS = {"new": "new", "nouvelle": "new", "nouveau": "new", "check": "check",
           "verifier": "check", "vérifier": "check", "list": "list", "liste": "list"}

EPILOG = examples(
    "yams house new club                    a file that starts as Yam classique",
    "yams house new sirtin --from yatzy     ... as Yatzy",
    "yams house check club                  the sheet and each row's rule in words",
    "yams house check examples/house/sirtin.toml --json",
    "yams house list",
    "yams play --house club",
    note="Exit: 0 ok, 2 bad file or name (its line and key are named), 4 store error.")


def house(
    ctx: typer.Context,
    action: str | None = typer.Argument(None, metavar="new|check|list", show_default=False,
                                        help="new (nouvelle), check (verifier) or list "
                                             "(liste); default: list."),
    which: str | None = typer.Argument(None, metavar="NAME|FILE", show_default=False,
                                       help="new: the name of the sheet; check: a house file "
                                            "or the name of a saved one."),
    family: str | None = typer.Option(None, "--from", metavar="FAMILY", show_default=False,
                                      help="new: the built-in family the file starts as "
                                           "(default: the first, Yam classique)."),
    to: str | None = typer.Option(None, "--to", metavar="FILE", show_default=False,
                                  help="new: write the file there instead of among the saved "
                                       "house sheets ('-': standard output)."),
    force: bool = force_option(),
    as_json: bool = json_option(),
    db: str | None = db_option(),
) -> None:
    """Make, check and list house sheets: a family's own rules as a TOML file.

    new NAME: a commented file that starts as a built-in sheet, to edit.

    check FILE|NAME: the file read as every command reads it, each row's rule in words.

    list: the saved house sheets, each played by its name: yams play --house NAME."""
    lang = current_lang(ctx)
    verb = ACTIONS.get((action or "list").strip().lower())
    if verb is None:
        raise EntryError(Message("cli.house.unknown_action", action=shown(action or "")),
                         expected="new, check, list")
    if verb == "list":
        _list(db, as_json, lang)
        return
    if not which:
        raise EntryError(Message("cli.house.needs_which", action=verb),
                         expected=f"yams house {verb} club")
    if verb == "new":
        _new(which, family, to, force, db, as_json, lang)
    else:
        _check(resolve_house(which, db), as_json, lang)


# -- new -------------------------------------------------------------------------------------

def _new(name: str, family: str | None, to: str | None, force: bool, db: str | None,
         as_json: bool, lang: str) -> None:
    from ..house import house_toml_from_family, load_house
    from ..rules import get_rules
    from .files import open_store, write_text
    from .options import default_family

    name = checked_name(name)
    base = get_rules(family or default_family())
    text = named_file(house_toml_from_family(base.family), name)
    sheet = load_house(text, name=name, source=to or name)     # never a file that fails
    if to is None:
        folder = houses_folder(open_store(db))
        path = os.path.join(folder, name + SUFFIX)
    else:
        path = to
    if path != "-" and os.path.exists(path) and not force:
        raise ConfigError(Message("cli.house.exists", path=path),
                          expected="--force to write over it, or another NAME")
    if path != "-" and to is None:
        os.makedirs(os.path.dirname(path), exist_ok=True)
    write_text(path, text, force=force)
    if path == "-":
        return
    if as_json:
        print_json({"name": name, "path": path, "identity": sheet.identity,
                    "from": base.family, "rules": sheet.rules_doc})
        return
    echo(say("cli.house.written", lang, name=name, path=shown(path), title=base.title))


def named_file(text: str, name: str) -> str:
    """A family's house file with its ``title`` line made the new sheet's ``name``."""
    title = "title = " + json.dumps(name, ensure_ascii=False)
    out, n = re.subn(r'(?m)^title\s*=.*$', lambda _: title, text, count=1)
    return out if n else f"{title}\n{text}"


# -- check -----------------------------------------------------------------------------------

def sheet_json(sheet: HouseSheet, lang: str) -> dict[str, Any]:
    """The JSON of a checked sheet: its identity, rows in words, columns, the canonical rules."""
    spec = sheet.spec
    return {"name": sheet.name, "identity": sheet.identity, "title": sheet.spec.title,
            "source": sheet.source, "rolls": spec.rolls, "dice": spec.dice,
            "saved_rolls": spec.saved_rolls,
            "players": [spec.min_players, spec.max_players],
            "columns": [{"id": c.id, "name": c.name, "kind": c.kind, "factor": c.factor}
                        for c in spec.columns],
            "rows": [{"id": i, "name": n, "rule": rule} for i, n, rule in sheet.describe(lang)],
            "bonuses": [{"id": b.id, "name": b.name, "rows": list(b.rows),
                         "steps": [list(s) for s in b.steps], "scope": b.scope,
                         **({} if b.threshold is None else {"formula": {
                             "threshold": b.threshold, "base": b.base, "per": b.per,
                             "cap": b.cap}})}
                        for b in spec.bonuses],
            "rules": sheet.rules_doc}


def _check(sheet: HouseSheet, as_json: bool, lang: str) -> None:
    from ..house.words import formula

    data = sheet_json(sheet, lang)
    if as_json:
        print_json({"ok": True, **data})
        return
    echo(say("cli.house.checked", lang, title=shown(sheet.spec.title),
             identity=shown(sheet.identity)))
    echo(say("cli.house.shape", lang, rolls=data["rolls"], low=data["players"][0],
             high=data["players"][1]))
    if sheet.spec.dice != 5:
        echo(say("cli.house.dice", lang, n=sheet.spec.dice))
    if sheet.spec.saved_rolls:
        echo(say("cli.house.saved_rolls", lang))
    columns = ", ".join(f"{shown(c['name'])} ({c['kind']}"
                        f"{'' if c['factor'] == 1 else ' x' + str(c['factor'])})"
                        for c in data["columns"])
    echo(say("cli.house.columns", lang, columns=columns))
    width = max(len(r["name"]) for r in data["rows"]) + 2
    for row in data["rows"]:
        echo(f"  {shown(row['name']):<{width}}{shown(row['rule'])}")
    for bonus, spec in zip(data["bonuses"], sheet.spec.bonuses, strict=True):
        steps = ", ".join(say("cli.house.step", lang, points=p, bonus=b) for p, b in bonus["steps"])
        if spec.threshold is not None:
            steps = formula(spec).text(lang)
        echo(say("cli.house.bonus", lang, name=shown(bonus["name"]), rows=" ".join(bonus["rows"]),
                 steps=steps))


# -- list ------------------------------------------------------------------------------------

def _list(db: str | None, as_json: bool, lang: str) -> None:
    from ..base.errors import YamsError
    from .files import open_store
    from .house_files import migrate_presets, saved_names

    store = open_store(db)
    moved = migrate_presets(store)
    folder = houses_folder(store)
    found: list[dict[str, Any]] = []
    for name in saved_names(store):
        path = os.path.join(folder, name + SUFFIX)
        try:
            sheet = read_house(path)
        except YamsError as err:
            found.append({"name": name, "path": path, "error": err.text(lang)})
            continue
        found.append({"name": name, "path": path, "title": sheet.spec.title,
                      "identity": sheet.identity})
    if as_json:
        print_json({"folder": folder, "houses": found, "migrated": moved})
        return
    for name in moved:
        echo(say("cli.house.migrated", lang, name=shown(name)), err=True)
    if not found:
        echo(say("cli.house.none", lang, folder=shown(folder)))
        return
    for entry in found:
        what = (say("cli.house.broken", lang, why=shown(entry["error"])) if "error" in entry
                else f"{shown(entry['title'])} · {shown(entry['identity'])}")
        echo(f"{shown(entry['name'])}: {what}")


COMMANDS = ((house, {"epilog": EPILOG}),
            (house, {"name": "maison", "epilog": EPILOG,
                     "help": "The French name of 'yams house': make, check and list house "
                             "sheets."}))
