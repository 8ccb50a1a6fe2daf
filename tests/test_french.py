"""French polish (issue 10, item 10): plurals, decimal commas, option labels in words, French
typography, prompts wrapped between words, and ``--help`` in French."""

from __future__ import annotations

import re
import subprocess
import sys

import helpers
import typer.main
from test_play import ENV, played
from test_texts import po_file
from typer import _click as click

from yams_scorekeeper.cli.app import app, help_texts
from yams_scorekeeper.cli.terminal import wrap_words
from yams_scorekeeper.engine.config import make_config
from yams_scorekeeper.i18n import say
from yams_scorekeeper.i18n.wording import fill, number

# -- words and numbers ------------------------------------------------------------------------


def test_plurals_french_singular_below_two_english_for_one_only():
    assert say("cli.sheet.doblars", "fr", n=1) == "1 doblar restant"
    assert say("cli.sheet.doblars", "fr", n=0) == "0 doblar restant"
    assert say("cli.sheet.doblars", "fr", n=2) == "2 doblars restants"
    assert say("cli.sheet.jokers", "en", n=1) == "1 joker left"
    assert say("cli.sheet.jokers", "en", n=0) == "0 jokers left"
    assert say("cli.sheet.pool", "fr", n=1.5) == "1,5 jet restant dans la réserve"  # below 2
    # a singular may leave the number out (ngettext forms, not a word swapped in)
    assert say("table.scratch_all", "fr", count=1).startswith("Barrer la dernière case")
    assert say("table.scratch_all", "fr", count=3).startswith("Barrer les 3 cases")


def test_french_numbers_take_a_decimal_comma_and_spaced_thousands():
    assert number(1093.25, "fr") == "1\u202f093,2" or number(1093.25, "fr") == "1\u202f093,3"
    assert number(239.5, "fr") == "239,5" and number(239.5, "en") == "239.5"
    assert number(1200, "fr") == "1\u202f200" and number(1200, "en") == "1200"
    assert number(None, "fr") == "-"
    # any float format a template gives: the hint's expected score, a signed luck
    assert fill("espéré : {e:.2f} ; chance {l:+.2f}", "fr", e=234.567, l=-3.5) == \
        "espéré : 234,57 ; chance -3,50"
    assert fill("expected: {e:.2f}", "en", e=234.567) == "expected: 234.57"
    assert fill("{n} dés", "fr", n=5) == "5 dés"           # integers stay as they are


def test_french_stats_average_uses_a_decimal_comma(book):
    db, _ = book       # Bob: 212 and 267, average 239.5, standard deviation 27.5
    french = helpers.ok(db, "stats", "Bob", lang="fr").stdout
    duel = next(line for line in french.splitlines() if line.strip().startswith("Duel au Yam"))
    assert "239,5" in duel and "27,5" in duel and "239.5" not in french
    english = helpers.ok(db, "stats", "Bob", lang="en").stdout
    assert "239.5" in english and "239,5" not in english


def test_gaby_label_says_the_options_in_words():
    config = make_config("gaby", ["Léo", "Zoé"], preset="gaby")
    assert config.label.endswith("nénette, petit, bloquant, 2 coups, doblar, cases chance)")
    assert "deux-coups" not in config.label and "nenette" not in config.label


# -- typography -------------------------------------------------------------------------------

#: ":" ";" "?" "!" glued to the word before them (and followed by a space or the end): English
#: typography in a French text. Quoted examples (« rules: », "Léo: 44442/2") and syntax in
#: brackets ([JOUEUR:] ... [; COUP]) are left out.
_GLUED = re.compile(r"(?<=[^\s\u00a0\u202f])[:;?!](?=\s|$)")
_QUOTED = re.compile(r"«[^»]*»|\"[^\"]*\"|\[[^\]]*\]")
#: an English quote 'like this' in a French text (French quotes are « »)
_ENGLISH_QUOTE = re.compile(r"(?<![\w])'[^']+'(?![\w])")


def french_defects(text: str) -> list[str]:
    plain = _QUOTED.sub("«»", text)
    return _GLUED.findall(plain) + _ENGLISH_QUOTE.findall(plain)


def test_the_defect_finder_finds_english_typography():
    assert french_defects("Léo: 6 jets") == [":"]
    assert french_defects("Léo : 6 jets ; voir 'yams log'") == ["'yams log'"]
    assert french_defects("Léo : 6 jets, « rules: » et \"Léo: 44442/2\", l'aide, 4:5") == []


def _french_texts():
    for entry in po_file("fr"):
        for french in ([entry.msgstr_plural[i] for i in sorted(entry.msgstr_plural)]
                       if entry.msgid_plural else [entry.msgstr]):
            yield entry.msgid[:40], french


def test_french_texts_put_a_space_before_colons_and_use_french_quotes():
    defects = [(where, found) for where, text in _french_texts() for found in french_defects(text)]
    assert defects == []


# -- wrapping ---------------------------------------------------------------------------------


def test_wrap_between_words_never_mid_word_nor_before_french_punctuation():
    text = ("Tapez les dés puis, après « / », le numéro du lancer où ils ont été gardés "
            "(par exemple cp123 fp45 cg66 fg123 /1) ; un-mot-bien-trop-long-pour-une-ligne-"
            "de-vingt-colonnes : fin ?")
    for width in (20, 33, 79):
        lines = wrap_words(text, width)
        assert " ".join(lines).split() == text.split()     # every word whole, in order
        assert not any(line.startswith((":", ";", "?", "!", "»")) for line in lines)
        assert not any(line.endswith("«") for line in lines)
        assert all(len(line) <= width or "un-mot-bien-trop-long" in line for line in lines)
    assert wrap_words("court\nlignes gardées", 80) == ["court", "lignes gardées"]
    # a refusal of a token longer than the line: its "!" stays in front of it
    assert wrap_words("! '" + "9" * 90 + "' is not one of the choices", 80)[0].startswith("! '9")


def test_french_play_prompts_and_messages_fit_80_columns_between_words(tmp_path):
    lines = ["gaby", "Léo, Zoé", "n", "", "55533/2", "12345/1", "d z bc", "q"]
    out = played(tmp_path / "store", lines, env={"YAMS_LANG": "fr"})
    assert "Nouvelle partie : Yams Gaby (Descente / Libre / Montée / Demi-sec / Sec,\n" \
           "nénette, petit, bloquant, 2 coups, doblar, cases chance)" in out
    assert "5 doblars restants" in out and "4 doblars restants" not in out.split("Zoé ·")[0]
    assert "im ip ge : case chance : 0 permis après 2 lancers (Y8)" in out
    assert "coup gardé en\n1 lancer (Y4)" in out or "coup gardé en 1 lancer (Y4)" in out
    for line in out.splitlines():
        assert len(line) <= 80 or "yams play --game" in line, line    # a command to copy
        assert not re.match(r"\s*[:;?!»]", line), line
    # the dice hint is longer than a line: cut between two words, both whole
    assert "gardés (par\nexemple 55533/2)" in out


# -- --help in French ------------------------------------------------------------------------


def _commands():
    group = typer.main.get_command(app)
    ctx = click.Context(group)
    yield "yams", group
    for name in group.list_commands(ctx):
        yield name, group.get_command(ctx, name)


def test_every_help_text_has_its_french():
    french = {e.msgid for e in po_file("fr") if e.comment == "help" and e.msgstr}
    missing = [(name, text) for name, command in _commands()
               for text in help_texts(command) if text not in french]
    assert missing == [], "add these texts to yams_scorekeeper/locale/fr/LC_MESSAGES/yams.po"
    used = {text for _, command in _commands() for text in help_texts(command)}
    assert french - used == set()      # no French left for a text that is gone


def test_play_help_in_french_when_the_language_is_french(tmp_path):
    french = helpers.ok(str(tmp_path), "play", "--help", lang="fr").stdout
    assert "Tenir les scores à table" in french and "Keep score at the table" not in french
    assert "Afficher cette aide et quitter." in french
    assert "Reprendre cette partie en cours" in french and "Exemples :" in french
    english = helpers.ok(str(tmp_path), "play", "--help", lang="en").stdout
    assert "Keep score at the table" in english and "Show this message and exit." in english
    assert "Tenir les scores" not in english


def test_root_help_lists_the_commands_in_french(tmp_path):
    out = helpers.ok(str(tmp_path), "--help", lang="fr").stdout
    assert "Commandes" in out and "Regarder une partie entière" in out
    assert "Watch a whole game" not in out


def test_lang_option_anywhere_chooses_the_help_language(tmp_path):
    env = {**ENV, "YAMS_LANG": "en", "YAMS_DB": str(tmp_path)}
    for args in (["--lang", "fr", "--help"], ["--lang", "fr", "score", "--help"],
                 ["play", "--lang=fr", "--help"]):
        done = subprocess.run([sys.executable, "-m", "yams_scorekeeper", *args], env=env,
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        assert "Afficher cette aide et quitter." in done.stdout, args
    done = subprocess.run([sys.executable, "-m", "yams_scorekeeper", "rules", "--help"],
                          env=env, capture_output=True, text=True, timeout=60)
    assert "Show this message and exit." in done.stdout


def test_core_refusals_count_in_words():
    import pytest

    from yams_scorekeeper.base.dice import parse_plain
    from yams_scorekeeper.base.errors import ConfigError, EntryError

    with pytest.raises(EntryError) as one:
        parse_plain("5")
    assert str(one.value).startswith("1 die typed") and \
        one.value.text("fr").startswith("1 dé saisi, ce jeu en utilise 5")
    with pytest.raises(EntryError) as four:
        parse_plain("5553")
    assert four.value.text("fr").startswith("4 dés saisis")
    with pytest.raises(ConfigError) as five:
        make_config("gaby", ["A", "B", "C", "D", "E"])
    assert five.value.text("fr").startswith("5 joueurs : le Yams Gaby se joue de 1 à 4")


def test_a_french_help_leaves_the_english_one_english_in_the_same_process():
    """The French texts are put into the Click commands only while a French --help is drawn:
    the next English --help of the same process (a script, a test) is English again."""
    from typer.testing import CliRunner

    def shown(lang: str, *args: str) -> str:
        result = CliRunner().invoke(app, [*args, "--help"], prog_name="yams",
                                    env={"COLUMNS": "100", "NO_COLOR": "1", "YAMS_LANG": lang})
        assert result.exit_code == 0, result.output
        return result.output

    english = shown("en", "end"), shown("en")
    assert "Arrêter une partie" in shown("fr", "end")
    assert "Commandes" in shown("fr") and "Afficher cette aide" in shown("fr")
    assert (shown("en", "end"), shown("en")) == english
    assert "Stop a game" in english[0] and "Commands" in english[1]
