"""Click's and Typer's own words in French (issue 21, item 5): the usage line in ``--help`` and
above an error, and every usage error the vendored Click raises, said from the exception's
fields through the catalogue's ``#. click`` entries; English stays Click's own."""

from __future__ import annotations

import enum
import os
import subprocess
import sys
from pathlib import Path

import pytest
import typer
from helpers import ENV
from typer.core import TyperCommand
from typer.testing import CliRunner

from yams_scorekeeper.cli.app import app
from yams_scorekeeper.cli.click_words import SpokenCommand, SpokenGroup
from yams_scorekeeper.cli.lang import serve_click

#: the console script the package installs (``pip install -e .`` puts it beside python)
SCRIPT = Path(sys.executable).with_name("yams")
#: wide enough that Typer's error panel wraps no message
WIDE = {**ENV, "COLUMNS": "200"}

#: (command line, usage line or None when Click gives the error no context, French message,
#:  Click's English message)
ERRORS = [
    (["enter", "--bogus"], "yams enter [OPTIONS] [DICE...]", "Option inconnue : --bogus",
     "No such option: --bogus"),
    (["enter", "--jso"], "yams enter [OPTIONS] [DICE...]",
     "Option inconnue : --jso (options possibles : --joker, --json)",
     "No such option: --jso (Possible options: --joker, --json)"),
    (["cells", "--jsn"], "yams cells [OPTIONS]",
     "Option inconnue : --jsn (vouliez-vous dire --json ?)",
     "No such option: --jsn (Possible options: --json)"),
    (["--bogus"], "yams [OPTIONS] COMMAND [ARGS]...", "Option inconnue : --bogus",
     "No such option: --bogus"),
    (["entr"], "yams [OPTIONS] COMMAND [ARGS]...", "Commande « entr » inconnue.",
     "No such command 'entr'."),
    (["--db", "x"], "yams [OPTIONS] COMMAND [ARGS]...", "Commande manquante.",
     "Missing command."),
    (["score", "--rules"], None, "L'option « --rules » demande une valeur.",
     "Option '--rules' requires an argument."),
    (["--lang"], None, "L'option « --lang » demande une valeur.",
     "Option '--lang' requires an argument."),
    (["hint", "--json=1"], None, "L'option « --json » ne prend pas de valeur.",
     "Option '--json' does not take a value."),
    (["hint", "--top", "x"], "yams hint [OPTIONS] [DICE...]",
     "Valeur invalide pour « --top » : « x » n'est pas un nombre entier.",
     "Invalid value for '--top': 'x' is not a valid int range."),
    (["hint", "--top", "0"], "yams hint [OPTIONS] [DICE...]",
     "Valeur invalide pour « --top » : 0 n'est pas dans l'intervalle 1<=x<=50.",
     "Invalid value for '--top': 0 is not in the range 1<=x<=50."),
    (["demo", "--seed", "1.5"], "yams demo [OPTIONS]",
     "Valeur invalide pour « --seed » : « 1.5 » n'est pas un nombre entier.",
     "Invalid value for '--seed': '1.5' is not a valid int."),
    (["undo", "a"], "yams undo [OPTIONS]", "Argument en trop (a)",
     "Got unexpected extra argument(s) (a)"),
    (["undo", "a", "b"], "yams undo [OPTIONS]", "Arguments en trop (a b)",
     "Got unexpected extra argument(s) (a b)"),
]
#: what only Click's English says
ENGLISH = ("Usage:", "No such", "Missing", "Invalid value", "requires", "take a value",
           "unexpected", "Possible", "Did you mean", "is not")


def _script(*args: str, lang: str = "fr", **env: str) -> subprocess.CompletedProcess[str]:
    assert SCRIPT.exists(), f"{SCRIPT}: the console script is not installed"
    return subprocess.run([str(SCRIPT), *args], capture_output=True, text=True, timeout=60,
                          env={**os.environ, **WIDE, "YAMS_LANG": lang, **env})


def _app(*args: str, lang: str = "fr") -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args), prog_name="yams",
                                env={**WIDE, "YAMS_LANG": lang})
    return result.exit_code, result.stdout, result.stderr


def _said(status: int, out: str, err: str, usage: str | None, message: str,
          prefix: str) -> None:
    assert status == 2 and out == "", (status, out, err)
    assert f"│ {message} " in err, err
    if usage is None:
        assert prefix not in err, err
    else:
        assert err.startswith(f"{prefix}{usage}\n"), err


@pytest.mark.parametrize(("args", "usage", "french", "english"), ERRORS,
                         ids=[" ".join(case[0]) for case in ERRORS])
def test_each_usage_error_in_french_through_the_console_script(args, usage, french, english):
    done = _script(*args)
    _said(done.returncode, done.stdout, done.stderr, usage, french, "Utilisation : ")
    assert "Erreur" in done.stderr and not [w for w in ENGLISH if w in done.stderr]


@pytest.mark.parametrize(("args", "usage", "french", "english"), ERRORS,
                         ids=[" ".join(case[0]) for case in ERRORS])
def test_each_usage_error_through_the_typer_app_in_both_languages(args, usage, french,
                                                                   english):
    _said(*_app(*args), usage, french, "Utilisation : ")
    _said(*_app(*args, lang="en"), usage, english, "Usage: ")


def test_the_lang_option_anywhere_chooses_the_language_of_the_error():
    done = _script("--lang", "fr", "enter", "--bogus", lang="en")
    _said(done.returncode, done.stdout, done.stderr, "yams enter [OPTIONS] [DICE...]",
          "Option inconnue : --bogus", "Utilisation : ")
    done = _script("enter", "--bogus", "--lang=fr", lang="en")
    assert "Option inconnue : --bogus" in done.stderr, done.stderr


def test_help_says_its_usage_line_in_french():
    done = _script("--lang", "fr", "enter", "--help", lang="en")
    assert done.returncode == 0 and " Utilisation : yams enter [OPTIONS] [DICE...]" in \
        done.stdout and "Usage:" not in done.stdout, done.stdout
    done = _script(lang="fr")                    # no command: the help of yams
    assert done.returncode == 2 and "Utilisation : yams [OPTIONS] COMMAND" in done.stdout
    assert " Usage: yams enter" in _script("enter", "--help", lang="en").stdout


def test_what_the_user_typed_is_shown_not_obeyed():
    """A control character typed in an option or an argument is made visible; Rich markup in
    it is printed as it was typed."""
    done = _script("undo", "a\x1b[31m", "[red]x[/red]")
    assert "\x1b" not in done.stderr and "Arguments en trop (a\\x1b[31m [red]x[/red])" in \
        done.stderr, done.stderr
    done = _script("enter", "--bo\x07gus")
    assert "\x07" not in done.stderr and "Option inconnue : --bo\\x07gus" in done.stderr


# -- the types and kinds of parameter yams's own commands do not have ----------------------


class Colour(enum.Enum):
    RED = "red"
    GREEN = "green"


class Only(enum.Enum):
    BLUE = "blue"


class Command(SpokenCommand, TyperCommand):
    """A Typer command speaking Click's words in the language of the run."""


small = typer.Typer(cls=SpokenGroup)


@small.callback()
def _group() -> None:
    """A group, so that the command is named."""


@small.command(cls=Command)
def paint(name: str = typer.Argument(..., metavar="NAME"),
          colour: Colour = typer.Option(..., "--colour"),
          only: Only = typer.Option(Only.BLUE, "--only"),
          ratio: float = typer.Option(1.0, "--ratio"),
          share: float = typer.Option(0.5, "--share", min=0, max=1)) -> None:
    """Paint NAME."""


@pytest.fixture
def french():
    serve_click("fr")            # what the yams group does before it parses
    yield
    serve_click("en")


@pytest.mark.parametrize(("args", "french_message", "english"), [
    (["paint", "--colour", "red"], "Argument « NAME » manquant.", "Missing argument 'NAME'."),
    (["paint", "x"], "Option « --colour » manquante. Choisir parmi :",
     "Missing option '--colour'. Choose from:"),
    (["paint", "x", "--colour", "pink"],
     "Valeur invalide pour « --colour » : « pink » n'est pas l'une des valeurs attendues "
     "(red, green).",
     "Invalid value for '--colour': 'pink' is not one of 'red', 'green'."),
    (["paint", "x", "--colour", "red", "--only", "red"],
     "Valeur invalide pour « --only » : « red » n'est pas la valeur attendue (blue).",
     "Invalid value for '--only': 'red' is not one of 'blue'."),
    (["paint", "x", "--colour", "red", "--ratio", "half"],
     "Valeur invalide pour « --ratio » : « half » n'est pas un nombre.",
     "Invalid value for '--ratio': 'half' is not a valid float."),
    (["paint", "x", "--colour", "red", "--share", "2"],
     "Valeur invalide pour « --share » : 2.0 n'est pas dans l'intervalle 0<=x<=1.",
     "Invalid value for '--share': 2.0 is not in the range 0<=x<=1."),
])
def test_missing_parameters_choices_and_floats_in_french(french, args, french_message,
                                                         english):
    result = CliRunner().invoke(small, args, env=WIDE)
    assert result.exit_code == 2 and french_message in result.stderr, result.stderr
    assert "Utilisation : root paint [OPTIONS] " in result.stderr, result.stderr
    serve_click("en")
    result = CliRunner().invoke(small, args, env=WIDE)
    assert result.exit_code == 2 and english in result.stderr, result.stderr
    assert "Usage: root paint [OPTIONS] " in result.stderr, result.stderr


def test_an_unknown_command_with_typers_suggestion_in_french(french):
    result = CliRunner().invoke(small, ["pain"], env=WIDE)
    assert result.exit_code == 2, result.stderr
    assert "│ Commande « pain » inconnue. Vouliez-vous dire paint ? " in result.stderr
    serve_click("en")
    result = CliRunner().invoke(small, ["pain"], env=WIDE)
    assert "│ No such command 'pain'. Did you mean 'paint'? " in result.stderr, result.stderr
