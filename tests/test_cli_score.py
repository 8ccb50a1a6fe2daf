"""`yams score`: the table, --all, --json, the stdin batch mode, and one-line errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
import typer
from helpers import ENV, one_line_error
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from yams_scorekeeper.base.dice import TAGGED_EXAMPLE
from yams_scorekeeper.base.errors import ConfigError
from yams_scorekeeper.cli.app import COMMAND_MODULES, app, register
from yams_scorekeeper.cli.lang import current_lang, locale_lang, resolve_lang
from yams_scorekeeper.rules import get_rules

DOUBLE = TAGGED_EXAMPLE.split()
FIGURE_KEYS = {"row", "section", "score", "base", "factors", "explain"}


def run(*args: str, input: str | None = None, env: dict | None = None):
    runner = CliRunner()
    return runner.invoke(app, list(args), input=input, env={**ENV, **(env or {})})


# -- table ----------------------------------------------------------------------------------


def test_table_lists_the_rows_made_with_score_and_why():
    result = run("score", "--rules", "gaby", "--roll", "1", "5", "5", "5", "3", "3")
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert "Yams Gaby" in out and "roll 1" in out and "3 3 5 5 5" in out
    # the explanations in the output's language, the row names French (issue 21)
    for name, score, why in [("Brelan", "25", "Brelan of 5: 10 + 3x5 = 25"),
                             ("Full", "41", "Full 5-5-5 / 3-3: 20 + 3x5 + 2x3 = 41"),
                             ("Max", "21", "Max: 5 + 5 + 5 + 3 + 3 = 21")]:
        line = next(line for line in out.splitlines() if line.strip().startswith(name + " "))
        assert score in line and why in line, line
    assert "Carré" not in out and "Yam " not in out      # rows not made are left out
    assert "6 of 15 rows made" in out
    assert "\x1b[" not in out                            # no colour off a terminal


def test_table_all_lists_rows_scoring_zero():
    result = run("score", "--rules", "gaby", "--roll", "2", "55533", "--all")
    assert result.exit_code == 0, result.stderr
    assert "Carré" in result.stdout and "No carré" in result.stdout
    assert "Nénette" in result.stdout
    assert "6 of 15 rows made" in result.stdout


def test_table_in_french():
    result = run("--lang", "fr", "score", "--rules", "classique", "-r", "1", "12345")
    assert result.exit_code == 0, result.stderr
    assert "Yam classique" in result.stdout and "lancer 1" in result.stdout
    assert "Pourquoi" in result.stdout and "Petite suite 1-2-3-4-5 : 55" in result.stdout


def test_table_fits_80_columns_for_the_widest_family():
    result = run("score", "--rules", "double", "--roll", "1", *DOUBLE, "--all")
    assert result.exit_code == 0, result.stderr
    assert "Double Yams" in result.stdout
    assert max(len(line) for line in result.stdout.splitlines()) <= 80


# -- json -----------------------------------------------------------------------------------


@pytest.mark.parametrize("name, family, dice", [
    ("gaby", "gaby", ["5", "5", "5", "3", "3"]),
    ("classique", "classic", ["55533"]),
    ("duel-au-yam", "duel", ["1", "2", "3", "4", "6"]),
    ("double-yams", "double", DOUBLE),
])
def test_json_shape(name, family, dice):
    result = run("score", "--rules", name, "--roll", "1", "--json", *dice)
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == 1
    obj = json.loads(lines[0])
    assert set(obj) == {"rules", "roll", "dice", "figures"}
    assert obj["rules"] == family and obj["roll"] == 1
    rules = get_rules(family)
    parsed = rules.parse_dice(dice)
    assert obj["dice"] == [str(d) for d in parsed]
    expected = [f.to_json() for f in rules.figures(parsed, 1) if f.made]
    assert obj["figures"] == expected and expected
    for fig in obj["figures"]:
        assert set(fig) == FIGURE_KEYS and fig["score"] != 0


def test_json_all_lists_every_row_in_grid_order():
    result = run("score", "--rules", "gaby", "--roll", "1", "--json", "--all", "55533")
    obj = json.loads(result.stdout)
    rows = [r.id for r in get_rules("gaby").rows]
    assert [f["row"] for f in obj["figures"]] == rows
    assert any(f["score"] == 0 for f in obj["figures"])


def test_json_double_first_roll_multiplies():
    first = json.loads(run("score", "-R", "double", "-r", "1", "--json", *DOUBLE).stdout)
    second = json.loads(run("score", "-R", "double", "-r", "2", "--json", *DOUBLE).stdout)
    by_row = {f["row"]: f for f in second["figures"]}
    tripled = [f for f in first["figures"] if f["factors"].get("premier_jet")]
    assert tripled
    for fig in tripled:
        assert fig["score"] == 3 * by_row[fig["row"]]["score"]


# -- stdin batch ----------------------------------------------------------------------------

BATCH = """\
# my evening
1 5 5 5 3 3

2 55533   # same dice, second roll
3 5 5 5 3
1 66666
"""


def test_batch_prints_one_json_per_good_line_and_names_the_bad_one():
    result = run("score", "--rules", "gaby", "-", input=BATCH)
    assert result.exit_code == 2
    objs = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(o["roll"], o["dice"]) for o in objs] == [
        (1, ["3", "3", "5", "5", "5"]), (2, ["3", "3", "5", "5", "5"]),
        (1, ["6", "6", "6", "6", "6"])]
    errors = result.stderr.splitlines()
    assert errors == ["error: line 5: 4 dice typed, this game uses 5 (expected: 5 5 5 3 3)"]
    assert "Traceback" not in result.stderr


def test_batch_accepts_tabs_and_commas():
    result = run("score", "-R", "gaby", "-", input="1\t5,5,5,3,3\n  2   5 5 5 3 3  \n")
    assert result.exit_code == 0, result.stderr
    assert [json.loads(line)["roll"] for line in result.stdout.splitlines()] == [1, 2]


def test_batch_matches_single_entries():
    single = json.loads(run("score", "-R", "gaby", "-r", "2", "--json", "55533").stdout)
    batch = json.loads(run("score", "-R", "gaby", "-", input="2 55533\n").stdout)
    assert batch == single


def test_batch_all_good_exits_zero_and_honours_all():
    result = run("score", "-R", "double", "--all", "-", input=f"1 {TAGGED_EXAMPLE}\n")
    assert result.exit_code == 0, result.stderr
    obj = json.loads(result.stdout)
    assert len(obj["figures"]) == len(get_rules("double").rows)


@pytest.mark.parametrize("line, needle", [
    ("0 12345", "roll number 0"),
    ("4 12345", "above the maximum of 3"),
    ("1", "no dice after the roll number"),
    ("x 12345", "not a whole number"),
    ("1 1234567", "7 is not a die face"),
])
def test_batch_bad_lines(line, needle):
    result = run("score", "-R", "classic", "-", input=f"1 11111\n{line}\n2 22222\n")
    assert result.exit_code == 2
    assert len(result.stdout.splitlines()) == 2
    assert result.stderr.splitlines() == [result.stderr.strip()]
    assert result.stderr.startswith("error: line 2: ") and needle in result.stderr


def test_batch_refuses_roll_option():
    one_line_error(run("score", "-r", "1", "-", input="1 12345\n"), "--roll")


def test_batch_errors_in_french():
    result = run("--lang", "fr", "score", "-", input="\n9 12345\n")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith("error: ligne 2 : lancer n° 9")


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 3), st.lists(st.integers(1, 6), min_size=5,
                                                        max_size=5)), min_size=1, max_size=6))
def test_batch_any_valid_entries(entries):
    text = "".join(f"{roll} {' '.join(map(str, dice))}\n" for roll, dice in entries)
    result = run("score", "-R", "duel", "-", input=text)
    assert result.exit_code == 0 and result.stderr == ""
    objs = [json.loads(line) for line in result.stdout.splitlines()]
    assert [o["roll"] for o in objs] == [roll for roll, _ in entries]
    assert [o["dice"] for o in objs] == [sorted(map(str, dice)) for _, dice in entries]


# -- bad entries ----------------------------------------------------------------------------

FIVE = ["--rules", "gaby", "--roll", "1"]
DBL = ["--rules", "double", "--roll", "1"]


@pytest.mark.parametrize("args, needle", [
    (FIVE + ["5", "5", "5", "3"], "4 dice typed, this game uses 5"),
    (FIVE + ["5", "5", "5", "3", "3", "3"], "6 dice typed"),
    (FIVE + ["5", "5", "5", "3", "0"], "0 is not a die face"),
    (FIVE + ["5", "5", "5", "3", "7"], "7 is not a die face"),
    (FIVE + ["5", "5", "5", "3", "x"], "'x' is not a die value"),
    (FIVE, "no dice typed"),
    (DBL + DOUBLE[:-1], "9 dice typed, Double Yams uses 10"),
    (DBL + DOUBLE[:-1] + ["3fx"], "needs a size tag"),
    (DBL + DOUBLE[:-1] + ["3xg"], "needs a colour tag"),
    (DBL + DOUBLE[:-1] + ["7fg"], "7 is not a die face"),
    (DBL + DOUBLE[:-1] + ["3cp"], "the tags do not match the physical dice"),
    (DBL + ["5", "5", "5", "3", "3"], "5 untagged dice typed"),
    (["--rules", "gaby", "--roll", "0", "55533"], "roll number 0"),
    (["--rules", "gaby", "--roll", "4", "55533"], "above the maximum of 3"),
    (["--rules", "double", "--roll", "7", *DOUBLE], "above the maximum of 6"),
    (["--rules", "gaby", "--roll", "un", "55533"], "not a whole number"),
    (["--rules", "gaby", "55533"], "--roll"),
])
def test_bad_entries_are_one_line_errors(args, needle):
    one_line_error(run("score", *args), needle)


def test_bad_json_entry_prints_no_json():
    """Nothing on stdout; the error is one JSON object on stderr (issue 20, item 11)."""
    result = run("score", "--json", *FIVE, "5553")
    assert result.exit_code == 2 and result.stdout == ""
    (line,) = result.stderr.splitlines()
    assert "4 dice typed" in json.loads(line)["error"]["message"]
    one_line_error(run("score", *FIVE, "5553"), "4 dice typed")


def test_unknown_rule_set():
    line = one_line_error(run("score", "--rules", "belote", "--roll", "1", "55533"))
    assert line == ("error: unknown rule set 'belote' "
                    "(expected: classic, gaby, double, duel, yatzy, yahtzee)")


def test_physical_tag_error_cites_ruling():
    line = one_line_error(run("score", *DBL, *DOUBLE[:-1], "3cp"))
    assert line.endswith("[D1]")


def test_errors_in_french_by_option_env_and_locale():
    for args, env in [(["--lang", "fr"], {}), ([], {"YAMS_LANG": "fr"}),
                      ([], {"YAMS_LANG": "", "LANG": "fr_FR.UTF-8"})]:
        result = run(*args, "score", *FIVE, "5553", env=env)
        one_line_error(result, "4 dés saisis, ce jeu en utilise 5", "(attendu : ")


def test_bad_language_is_a_one_line_error():
    one_line_error(run("--lang", "de", "score", *FIVE, "55533"), "unknown language 'de'")
    one_line_error(run("score", *FIVE, "55533", env={"YAMS_LANG": "klingon"}),
                          "YAMS_LANG")


# -- language choice ------------------------------------------------------------------------


@pytest.mark.parametrize("option, environ, lang", [
    ("fr", {"YAMS_LANG": "en", "LANG": "en_US.UTF-8"}, "fr"),
    ("EN", {"YAMS_LANG": "fr"}, "en"),
    (None, {"YAMS_LANG": "fr_FR", "LANG": "en_US"}, "fr"),
    (None, {"YAMS_LANG": " ", "LC_ALL": "fr_BE.UTF-8", "LANG": "en_US"}, "fr"),
    (None, {"LC_ALL": "", "LC_MESSAGES": "en_GB", "LANG": "fr_FR"}, "en"),
    (None, {"LANG": "fr_CA.UTF-8"}, "fr"),
    (None, {"LANG": "C"}, "en"),
    (None, {}, "en"),
])
def test_resolve_lang(option, environ, lang):
    assert resolve_lang(option, environ) == lang


def test_resolve_lang_refuses_unknown_values():
    with pytest.raises(ConfigError):
        resolve_lang("de", {})
    with pytest.raises(ConfigError):
        resolve_lang(None, {"YAMS_LANG": "de"})
    assert locale_lang({"LC_ALL": "fr_FR"}) == "fr"


def test_current_lang_without_context_never_fails(monkeypatch):
    monkeypatch.setenv("YAMS_LANG", "nonsense")
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")
    assert current_lang(None) == "fr"


# -- help and registration ------------------------------------------------------------------


def test_help_has_an_example():
    for args in (["--help"], ["score", "--help"]):
        result = run(*args)
        assert result.exit_code == 0
        assert "Example" in result.stdout and "yams score --rules gaby --roll 1" in result.stdout


def test_version():
    result = run("--version")
    assert result.exit_code == 0 and result.stdout.startswith("yams ")


def test_commands_register_from_their_module():
    assert "score" in COMMAND_MODULES
    other = typer.Typer()
    other.callback()(lambda: None)
    register(other, "score")
    result = CliRunner().invoke(other, ["score", "--help"], env=ENV)
    assert result.exit_code == 0 and "--roll" in result.stdout


# -- real processes -------------------------------------------------------------------------

PROC_ENV = {**os.environ, **ENV}


def test_python_dash_m_entry_point_json_and_error():
    ok = subprocess.run([sys.executable, "-m", "yams_scorekeeper", "score", "--rules", "gaby",
                         "--roll", "1", "--json", "5", "5", "5", "3", "3"],
                        capture_output=True, text=True, env=PROC_ENV, timeout=60)
    assert ok.returncode == 0, ok.stderr
    assert json.loads(ok.stdout)["figures"][0]["row"] == "3"
    bad = subprocess.run([sys.executable, "-m", "yams_scorekeeper", "score", "--rules", "gaby",
                          "--roll", "1", "5", "5", "5", "3", "9"],
                         capture_output=True, text=True, env=PROC_ENV, timeout=60)
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr == "error: 9 is not a die face: values go from 1 to 6 (expected: 5 5 5 3 3)\n"


def test_json_path_does_not_import_rich():
    code = ("import sys\n"
            "from yams_scorekeeper.cli.app import app\n"
            "try:\n"
            "    app(['score', '--json', '-R', 'gaby', '-r', '1', '55533'], prog_name='yams')\n"
            "except SystemExit as e:\n"
            "    assert not e.code, e.code\n"
            "heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('rich', 'pydantic'))\n"
            "print('HEAVY', heavy)\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=PROC_ENV, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[-1] == "HEAVY []"


def test_double_yams_grouped_form_scores_like_die_by_die():
    grouped = run("score", "-R", "double", "-r", "1", "--json", "cp123", "fp45", "cg66", "fg123")
    single = run("score", "-R", "double", "-r", "1", "--json", *TAGGED_EXAMPLE.split())
    assert grouped.exit_code == 0 and grouped.stdout == single.stdout


def test_double_yams_bare_values_explain_the_grouped_form():
    result = run("score", "-R", "double", "-r", "1", "66655")
    line = one_line_error(result, "5 untagged dice typed", "by groups", "cp123 fp45 cg66 fg123")
    assert "[D1]" in line


def test_sixth_roll_lists_only_the_rows_it_may_fill_and_what_a_miss_costs_D9():
    obj = json.loads(run("score", "-R", "double", "-r", "6", "--json",
                         "cp666", "fp66", "cg12", "fg345").stdout)
    rows = {f["row"]: f for f in obj["figures"]}
    sections = {f["section"] for f in obj["figures"]}
    assert sections == {"yams", "suites", "combinaisons"}              # no chiffres, no difference
    assert len(rows) == 23
    assert rows["youpi"]["score"] == 50 and "sixth roll made" in rows["youpi"]["explain"]
    assert rows["rene"]["score"] == -50 and "sixth roll missed" in rows["rene"]["explain"]
    assert rows["geante-carre"]["score"] == 240                        # made with 6s
    assert rows["double-full"]["score"] == -100
    out = run("score", "-R", "double", "-r", "5", "--json", "cp666", "fp66", "cg12", "fg345")
    assert {f["section"] for f in json.loads(out.stdout)["figures"]} >= {"chiffres"}


def test_every_explanation_cites_its_rule():
    out = run("score", "-R", "classic", "-r", "1", "66644").stdout
    assert "Full 6-6-6 / 4-4: 25 + (6 + 6 + 6 + 4 + 4) = 51 [C2]" in " ".join(out.split())
    out = " ".join(run("score", "-R", "double", "-r", "1", *DOUBLE).stdout.split())
    assert "x2 colour harmony x3 first roll = 150 [D2, D4, D5]" in out
    assert "[D3]" in out                                                 # the difference
