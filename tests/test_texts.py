"""The message catalogue (yams_scorekeeper/locale/*/LC_MESSAGES/yams.po, read by
yams_scorekeeper/i18n): one home for every sentence, every language.

Each entry has its text in every language with the same placeholders (each plural form too);
every key the code names exists and every entry is used; the compiled .mo files are those of
the .po files; a new language is one .po file; no error of the YamsError family is built from a
literal sentence, and no module outside the catalogue keeps an English/French table of its own."""

from __future__ import annotations

import ast
import pathlib
import shutil
import subprocess
import sys
from string import Formatter

import polib
import pytest

from yams_scorekeeper import i18n as texts
from yams_scorekeeper.base.errors import ConfigError, IllegalMoveError
from yams_scorekeeper.i18n import AREAS, Joined, Message, say, words

ROOT = pathlib.Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "yams_scorekeeper"
CATALOGUE = PACKAGE / "i18n"
#: every language of the catalogue, English (the source) first
LANGS = ("en", *sorted(p.parent.name for p in (PACKAGE / "locale").glob("*/LC_MESSAGES")
                       if p.parent.name != "en"))
ERRORS = {"YamsError", "EntryError", "IllegalMoveError", "ConfigError", "DamagedGameError",
          "StoreError", "StoreCorruptError", "StoreBusyError"}
#: keys built by adding to another key (``key + "_list"`` in cli/play.py)
DERIVED = {"table.choose_prompt_list", "table.pool_prompt_list"}


def _fields(template: str) -> set[str]:
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in Formatter().parse(template)
            if name}


def po_file(lang: str, locale: pathlib.Path = PACKAGE / "locale") -> polib.POFile:
    return polib.pofile(str(locale / lang / "LC_MESSAGES" / "yams.po"))


def _forms(entry: polib.POEntry) -> list[str]:
    return [entry.msgstr_plural[i] for i in sorted(entry.msgstr_plural)] if entry.msgid_plural \
        else [entry.msgstr]


def all_entries() -> dict[str, tuple[str, str]]:
    """Every keyed entry by msgid ('area.name', 'area.name[n]'): (English, French) texts, the
    forms of a plural joined by ' | '."""
    by_lang = [{e.msgid: " | ".join(_forms(e)) for e in po_file(lang) if not e.comment}
               for lang in LANGS]
    return {key: (by_lang[0][key], by_lang[1].get(key, "")) for key in by_lang[0]}


def _base(msgid: str) -> str:
    """The key the code names for a msgid: 'a.b[n]' -> 'a.b', 'a.b.v[v]' (a second count) ->
    'a.b'."""
    if "[" not in msgid:
        return msgid
    head, _, var = msgid[:-1].partition("[")
    return head[: -len(var) - 1] if head.endswith("." + var) else head


def _modules():
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if not rel.startswith("texts/"):
            yield rel, ast.parse(path.read_text(encoding="utf-8"))


def _name(func: ast.AST) -> str | None:
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)


def _const(node: ast.AST) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _own_nodes(scope: ast.AST):
    """The nodes of a module or function, without those of the functions inside it."""
    todo = list(ast.iter_child_nodes(scope))
    while todo:
        node = todo.pop()
        yield node
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            todo.extend(ast.iter_child_nodes(node))


def _consts(node: ast.AST) -> list[str]:
    """The string constants ``node`` may be: itself, or both branches of ``a if c else b``."""
    if isinstance(node, ast.IfExp):
        return _consts(node.body) + _consts(node.orelse)
    return [_const(node)] if _const(node) else []


def _keys_named():
    """(module, key) for every catalogue key the code names: ``Message("k")``, ``say("k")``,
    ``template("k")``, ``msg("k")`` (table.*), ``typed("k")`` (input.*), ``words("prefix")[...]``
    subscripts."""
    for rel, tree in _modules():
        for func in [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.Module))]:
            sections: dict[str, str] = {}
            for node in _own_nodes(func):
                if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) \
                        and _name(node.value.func) == "words" and node.value.args \
                        and _const(node.value.args[0]) and isinstance(node.targets[0], ast.Name):
                    sections[node.targets[0].id] = _const(node.value.args[0])
            for node in _own_nodes(func):
                if isinstance(node, ast.Call) and node.args:
                    name = _name(node.func)
                    for first in _consts(node.args[0]):
                        if name in ("Message", "say", "template", "both"):
                            yield rel, first
                        elif name in ("msg", "_err", "t"):
                            yield rel, f"table.{first}"
                        elif name == "typed":
                            yield rel, f"input.{first}"
                if isinstance(node, ast.Subscript):
                    value = node.value
                    for name in _consts(node.slice):
                        if isinstance(value, ast.Name) and value.id in sections:
                            yield rel, f"{sections[value.id]}.{name}"
                        elif isinstance(value, ast.Call) and _name(value.func) == "words" \
                                and value.args and _const(value.args[0]):
                            yield rel, f"{_const(value.args[0])}.{name}"


def test_every_entry_has_every_language_with_the_same_placeholders():
    catalogues = {lang: {e.msgid: e for e in po_file(lang)} for lang in LANGS}
    english = {msgid: e for msgid, e in catalogues["en"].items() if not e.comment}
    assert len(english) > 450
    for msgid, entry in english.items():
        assert msgid.split(".")[0] in AREAS, msgid
        expected = set().union(*map(_fields, _forms(entry)))     # a singular may omit {n}
        for lang in LANGS:
            other = catalogues[lang].get(msgid)
            assert other is not None, (lang, msgid)
            assert bool(other.msgid_plural) == bool(entry.msgid_plural), (lang, msgid)
            assert all(_forms(other)), (lang, msgid)
            assert set().union(*map(_fields, _forms(other))) == expected, (lang, msgid)
    # the French translations of --help and Click's and Typer's words keep their msgid's
    # placeholders (a plural's: those of its two msgids, which a singular may omit)
    for entry in catalogues["fr"].values():
        if entry.comment:
            said = _fields(entry.msgid) | _fields(entry.msgid_plural or entry.msgid)
            assert all(_forms(entry)), entry.msgid
            assert set().union(*map(_fields, _forms(entry))) == said, entry.msgid
    assert set(catalogues["fr"]) - set(english) == {
        e.msgid for e in catalogues["fr"].values() if e.comment}


def test_every_key_the_code_names_exists_and_every_entry_is_used():
    entries = {_base(msgid) for msgid in all_entries()}
    named = set(_keys_named())
    missing = sorted((rel, key) for rel, key in named if key not in entries)
    assert missing == []
    used = {key for _, key in named} | DERIVED
    # a key chosen at run time (``known(..., "rules.unknown_option")``, ``w[name]``, ``msg(key)``)
    # is used when its module names it whole, or both its prefix and the rest
    for _, tree in _modules():
        constants = {n.value for n in ast.walk(tree)
                     if isinstance(n, ast.Constant) and isinstance(n.value, str)}
        if any(_name(n.func) in ("msg", "_err", "t") for n in ast.walk(tree)
               if isinstance(n, ast.Call)):
            constants.add("table")
        for key in entries:
            prefix, _, rest = key.rpartition(".")
            if key in constants or (prefix in constants and rest in constants):
                used.add(key)
    unused = sorted(k for k in entries if k not in used)
    assert unused == []


def test_the_compiled_catalogues_are_those_of_the_po_files(tmp_path):
    check = [sys.executable, str(ROOT / "scripts" / "compile_catalogues.py"), "--check"]
    done = subprocess.run(check, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout == "", done.stdout + done.stderr
    # and the check sees a .po edited without compiling: a copy of the tree, one text changed
    copy = tmp_path / "tree"
    shutil.copytree(ROOT / "scripts", copy / "scripts")
    shutil.copytree(PACKAGE / "locale", copy / "yams_scorekeeper" / "locale")
    po = po_file("fr", copy / "yams_scorekeeper" / "locale")
    po.find("game.already_written").msgstr = "{column} : {row} déjà écrit"
    po.save()
    check[1] = str(copy / "scripts" / "compile_catalogues.py")
    done = subprocess.run(check, capture_output=True, text=True, timeout=120)
    assert done.returncode == 1 and "fr/LC_MESSAGES/yams-game.mo" in done.stdout


def test_a_new_language_is_one_po_file(tmp_path, monkeypatch):
    """A pseudo-language 'xx' (every English text in brackets), one .po file compiled into a
    copy of the catalogue folder, is chosen with YAMS_LANG=xx: messages, plurals, errors and
    --help speak it, and what it lacks is said in English."""
    sys.path.insert(0, str(ROOT / "scripts"))
    from compile_catalogues import compiled

    from yams_scorekeeper.cli import lang as cli_lang
    from yams_scorekeeper.cli.app import app

    locale = tmp_path / "locale"
    shutil.copytree(PACKAGE / "locale", locale)
    pseudo = polib.POFile()
    pseudo.metadata = {**po_file("en").metadata, "Language": "xx"}
    for entry in po_file("en"):
        if entry.msgid == "cli.sheet.pool[n]":
            continue                                    # lacking: said in English
        if entry.msgid_plural:
            entry.msgstr_plural = {i: f"⟦{t}⟧" for i, t in entry.msgstr_plural.items()}
        else:
            entry.msgstr = f"⟦{entry.msgstr}⟧"
        pseudo.append(entry)
    pseudo.append(polib.POEntry(msgid="Show this message and exit.", msgstr="⟦help⟧",
                                comment="help"))
    for entry in po_file("fr"):                         # Click's and Typer's own words
        if entry.comment == "click":
            if entry.msgid_plural:
                entry.msgstr_plural = {0: f"⟦{entry.msgid}⟧", 1: f"⟦{entry.msgid_plural}⟧"}
            else:
                entry.msgstr = f"⟦{entry.msgid}⟧"
            pseudo.append(entry)
    folder = locale / "xx" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    pseudo.save(str(folder / "yams.po"))
    assert {p.name for p in compiled(folder / "yams.po", folder)} >= {"yams-game.mo"}
    monkeypatch.setattr(texts, "LOCALE_DIR", locale)
    monkeypatch.setattr(texts, "_loaded", {})
    monkeypatch.setattr(cli_lang, "LANGS", ("fr", "en", "xx"))

    assert say("table.die_count", "xx", got=1, want=2) == "⟦1 die typed for ⟦2 players⟧⟧"
    assert say("cli.sheet.pool", "xx", n=2) == "2 rolls left in the pool"
    from typer.testing import CliRunner

    result = CliRunner().invoke(app, ["score", "--rules", "classic", "--roll", "1", "1", "1"],
                                prog_name="yams", env={"YAMS_LANG": "xx", "NO_COLOR": "1"})
    assert result.exit_code == 2 and "⟦" in result.output, result.output
    shown = CliRunner().invoke(app, ["score", "--help"], prog_name="yams",
                               env={"YAMS_LANG": "xx", "NO_COLOR": "1", "COLUMNS": "100"})
    assert "⟦help⟧" in shown.output and " ⟦Usage:⟧ yams score" in shown.output
    wide = {"YAMS_LANG": "xx", "NO_COLOR": "1", "COLUMNS": "200"}
    refused = CliRunner().invoke(app, ["enter", "--jsn"], prog_name="yams", env=wide)
    assert refused.stderr.startswith("⟦Usage:⟧ yams enter [OPTIONS] [DICE...]\n")
    assert "⟦No such option: --jsn⟧ ⟦Did you mean --json?⟧" in refused.stderr
    for extra, said in ((["a"], "⟦Got unexpected extra argument (a)⟧"),
                        (["a", "b"], "⟦Got unexpected extra arguments (a b)⟧")):
        refused = CliRunner().invoke(app, ["undo", *extra], prog_name="yams", env=wide)
        assert refused.exit_code == 2 and said in refused.stderr, refused.stderr
    cli_lang.serve_click("en")


def test_no_error_is_built_from_a_literal_sentence():
    """An error of the YamsError family takes a Message: a str, an f-string or a concatenation
    as its text would be a sentence outside the catalogue."""
    found = []
    for rel, tree in _modules():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _name(node.func) in ERRORS:
                for arg in node.args:
                    if not (isinstance(arg, ast.Call) and _name(arg.func) == "Message") \
                            and not isinstance(arg, (ast.Name, ast.Attribute)):
                        found.append(f"{rel}:{node.lineno}")
    assert found == []


def test_no_module_outside_the_catalogue_keeps_a_two_language_table():
    found = []
    for rel, tree in _modules():
        for node in ast.walk(tree):
            if isinstance(node, ast.Dict):
                keys = {_const(k) for k in node.keys if k is not None}
                if {"en", "fr"} <= keys and any(not isinstance(v, ast.Call) for v in node.values):
                    found.append(f"{rel}:{node.lineno}")
    assert found == []


def test_no_module_outside_the_catalogue_picks_a_text_by_language():
    """``"..." if lang == "fr" else "..."`` is a two-language text outside the catalogue (the
    French colon is :func:`yams_scorekeeper.i18n.wording.colon`)."""
    found = []
    for rel, tree in _modules():
        if rel == "i18n/wording.py":
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.IfExp) and isinstance(node.test, ast.Compare) \
                    and any(_const(c) in ("fr", "en") for c in node.test.comparators) \
                    and _const(node.body) is not None and _const(node.orelse) is not None:
                found.append(f"{rel}:{node.lineno}")
    assert found == []


def test_a_message_is_said_in_either_language_with_its_values():
    message = Message("game.already_written", column="Libre", row="Full")
    assert message.text("en") == "Libre: Full is already written"
    assert message.text("fr") == "Libre : Full est déjà rempli"
    assert str(message) == message.en
    err = IllegalMoveError(message, rule="G3")
    assert str(err) == "Libre: Full is already written [G3]"
    assert err.text("fr") == "Libre : Full est déjà rempli [G3]"
    assert err.en == message.en and err.fr == message.fr and err.exit_code == 3


def test_values_that_are_messages_follow_the_language():
    inner = ConfigError(Message("store.disk_full"), expected="space")
    outer = Message("store.cannot_write_nothing_changed", path="x.json", why=inner.message)
    assert outer.text("fr") == \
        "impossible d'écrire x.json : le disque est plein ; rien n'a été modifié"
    joined = Joined("; ", [Message("store.free_some_space"), Message("store.fix_that")])
    assert joined.text("fr") == "Libérez de la place; Réglez cela"


def test_plurals_and_decimal_commas_in_french():
    assert say("cli.sheet.pool", "fr", n=1) == "1 jet restant dans la réserve"
    assert say("cli.sheet.pool", "fr", n=0) == "0 jet restant dans la réserve"
    assert say("cli.sheet.pool", "en", n=1) == "1 roll left in the pool"
    assert say("cli.sheet.pool", "en", n=2) == "2 rolls left in the pool"
    assert words("cli.sheet", "fr")["total"] == "Total"


def test_an_unknown_key_is_an_error_not_a_silent_english():
    with pytest.raises(KeyError):
        say("game.no_such_text", "en")
    with pytest.raises(KeyError):
        say("nowhere.text", "fr")


def test_explanations_come_in_both_languages_from_the_rules(monkeypatch):
    from yams_scorekeeper.rules import get_rules

    rules = get_rules("classic")
    fig = rules.figure("3", rules.parse_dice("33152"), 2)
    assert fig.explain.text("fr") == "Les 3 : 2 x 3 = 6"
    assert fig.explain.text("en") == "The 3s: 2 x 3 = 6"
    full = rules.figure("full", rules.parse_dice("55533"), 1)
    assert full.explain.text("en") == "Full 5-5-5 / 3-3: 25 + (5 + 5 + 5 + 3 + 3) = 46"
    assert fig.to_json("en")["explain"] == "The 3s: 2 x 3 = 6"     # the output's language
    assert fig.to_json("fr")["explain"] == "Les 3 : 2 x 3 = 6"
    monkeypatch.setattr(texts, "EXPLAIN_LANG", "fr")               # a fixed language
    assert fig.to_json("en")["explain"] == "Les 3 : 2 x 3 = 6"


def test_a_double_yams_explanation_is_said_piece_by_piece():
    from yams_scorekeeper.rules import get_rules

    rules = get_rules("double")
    fig = rules.figure("6", rules.parse_dice("cp666 fp12 cg34 fg566"), 1)
    assert fig.explain.text("fr").startswith("Les 6 : ")
    assert fig.explain.text("en").startswith("The 6s: ")
    assert "harmonie" not in fig.explain.text("en")
