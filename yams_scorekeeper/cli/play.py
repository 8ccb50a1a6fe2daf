"""``yams play``: the table mode, the way a family uses it; ``yams demo``: a game that plays itself.

A turn at the table (Duel au Yam, from a real session)::

    Alice · turn 1 · total 0 ───────────────────────────────────────────────────
    3 jokers left
    Alice, dice/roll (roll 1 to 3): 6663/3
    ! 4 dice typed, this game uses 5 (expected: 5 5 5 3 3)
    Alice, dice/roll (roll 1 to 3): 66634/3 joker 4:6
                  Alice
    ───────────────────
    1               e 0
    ...
    6              v 24
    3 pareils      w 18
    4 pareils      z 24
    ...
    Chance        ei 27
    Total             0
    Cell (letters or name; x to scratch): carre
    Alice: 4 pareils = 24   (4 pareils de 6 : 4 x 6 = 24)
    Alice's total: 24

The letters next to a score pick that cell; they are never a row name, and a name that fits
several cells (``full`` in Gaby's five columns) is asked about before anything is written
(:mod:`~yams_scorekeeper.cli.choice`). ``--list`` shows the numbered list instead.

Every entry goes through :class:`~yams_scorekeeper.session.TableSession`, which checks it with
the rules and stores it before anything is printed, so ``q``, Ctrl-C or a closed terminal never
lose anything: ``yams play --game ID`` goes on where the game stopped. A refused entry (a typo,
an illegal cell, a wrong number of dice) is asked again with the reason and records nothing.

Input is read one line at a time from standard input (``input()`` on a terminal, for line
editing; a plain read otherwise, echoed so that a log of the session reads like the
conversation), so a script or a test can drive a whole game.
"""

from __future__ import annotations

import random
import re
import sys
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, List, Optional

import typer

from ..dice import GROUPED_EXAMPLE
from ..errors import ConfigError, EntryError, IllegalMoveError, StoreError, YamsError
from .options import RULES_HELP, db_option, default_family, examples, rules_option
from .render import shown
from .lang import current_lang, resolve_lang
from .messages import NO, YES, msg, outcome

if TYPE_CHECKING:  # pragma: no cover
    from ..config import GameConfig
    from ..game import Game, LegalCell, Mark
    from ..session import TableSession
    from ..store import Store

#: ``55533/2``, ``5 5 5 3 3 /2``, ``1cp ... 3fg /1``, then ``joker 4:5`` or ``announce ROW``
_ENTRY = re.compile(r"^(?P<dice>[^/]*?)\s*/\s*(?P<roll>\S*)\s*(?P<rest>.*)$")
#: ``full``, ``libre.full``, ``sec.yam@2``, ``libre.full=0``
_QUIT = ("q", "quit", "quitter", "exit")
_HELP = ("h", "?", "help", "aide")
_SHEET = ("s", "sheet", "feuille")
_UNDO = ("u", "undo", "annuler")
_LIST = ("l", "list", "liste")
_END = ("end", "fin", "stop")
_WHY = ("why", "pourquoi")
_NONE = ("-", "none", "aucune", "aucun", "rien")
_ANNOUNCE = ("announce", "annonce", "a")
_HINT = ("hint", "conseil")

PLAY_EPILOG = examples(
    "yams play                      start a game, or resume the one in progress",
    "yams play --game 1a2b3c4d      resume this game",
    "yams play --lang en --db ./club-store",
    "yams play --list               the legal cells as a numbered list (screen readers)",
    note="At any prompt: s sheet, u undo, why [CELL], h help, q quit (everything is saved as "
         "you go).")

DEMO_EPILOG = examples(
    "yams demo",
    "yams demo --rules gaby --seed 7 --turns 12",
    "yams demo --rules double --variant critique",
    note="Nothing is stored; the same --seed plays the same game.")


def lang_option(help: str) -> Any:
    """``--lang fr|en`` of a command that talks (play, demo); see :func:`terminal`."""
    return typer.Option(None, "--lang", metavar="fr|en", show_default=False, help=help)


class _Quit(Exception):
    """``q`` at a prompt: everything is stored already; leave."""


def _err(key: str, *, cls: type[YamsError] = EntryError, expected: str | None = None,
         rule: str | None = None, **values: Any) -> YamsError:
    """A YamsError in both languages from the catalog."""
    return cls(msg(key, "en", **values), msg(key, "fr", **values), expected=expected, rule=rule)


def _sixth_roll(game: "Game") -> bool:
    """Double Yams classique and forcé have the announced sixth roll (D9)."""
    return game.rules.sixth_roll_allowed(game.config)


def _yes(term: "Terminal", key: str, default: str, **values: Any) -> bool:
    """A yes/no question (o/oui/y/yes, n/non/no); ``q`` quits."""
    while True:
        answer = term.ask(term.t(key, **values), default).lower()
        if answer in _QUIT:
            raise _Quit
        if answer in YES:
            return True
        if answer in NO:
            return False
        term.refuse(term.t("yes_no"))


def _split(text: str) -> list[str]:
    return [t for t in re.split(r"[\s,;]+", text.strip()) if t]


# -- the terminal -------------------------------------------------------------------------------

#: stands for a space that must not break a line while :func:`wrap_words` works (private use)
_GLUE = "\ue000"
#: a space before French ``: ; ? ! »`` or after ``«``: the sign stays with its word; and the
#: space after the ``!`` that starts a refusal, which stays with what it marks
_FRENCH_SPACE = re.compile(r" (?=[:;?!»])|(?<=«) |(?<=^!) ")


def wrap_words(text: str, width: int) -> list[str]:
    """``text`` as lines of at most ``width`` characters, broken between words only: a word
    longer than a line stands alone rather than being cut (a refusal's ``!`` stays in front of
    it), and a French ``:`` ``;`` ``?`` ``!`` or ``»`` never starts a line (nor does a ``«`` end
    one). Each line of ``text`` is wrapped on its own."""
    import textwrap

    out: list[str] = []
    for line in text.split("\n"):
        if len(line) <= width:
            out.append(line)
            continue
        glued = _FRENCH_SPACE.sub(_GLUE, line)
        out += [part.replace(_GLUE, " ") for part in
                textwrap.wrap(glued, width, break_long_words=False, break_on_hyphens=False)]
    return out



class Terminal:
    """Lines in from standard input, Rich out on standard output, in one language."""

    def __init__(self, lang: str):
        from .render import console

        self.lang = lang
        self.out = console()
        try:
            self.tty = sys.stdin.isatty()
        except (AttributeError, ValueError):
            self.tty = False
        if self.tty:
            try:
                import readline  # noqa: F401  (line editing and history for input())
            except ImportError:  # pragma: no cover
                pass

    def t(self, key: str, **values: Any) -> str:
        return msg(key, self.lang, **values)

    def say(self, text: str, style: str | None = None, wrap: bool = True) -> None:
        """One message, wrapped between words (:func:`wrap_words`); ``wrap=False`` for a line
        holding a command to copy."""
        if wrap:
            text = "\n".join(wrap_words(text, max(self.out.width, 20)))
        self.out.print(text, style=style, markup=False, highlight=False, soft_wrap=True)

    def show(self, renderable: Any) -> None:
        self.out.print(renderable)

    def refuse(self, reason: YamsError | str) -> None:
        """The reason an entry is asked again, on one line."""
        text = reason.text(self.lang) if isinstance(reason, YamsError) else reason
        self.say("! " + " ".join(text.split()), style="red")

    def read(self, prompt: str) -> str:
        """One line of input: EOFError at the end of input, KeyboardInterrupt on Ctrl-C."""
        prompt = shown(prompt)
        if self.tty:
            return input(prompt)
        out = sys.stdout
        out.write(prompt)
        out.flush()
        line = sys.stdin.readline()
        if not line:
            raise EOFError
        line = line.rstrip("\r\n")
        out.write(shown(line) + "\n")      # echoed: a log of the session reads like the conversation
        out.flush()
        return line

    def ask(self, prompt: str, default: str | None = None) -> str:
        """The answer, stripped; Enter gives ``default`` (shown in brackets)."""
        label = (f"{prompt} [{default}]" if default else prompt) + self.t("colon")
        width = max(self.out.width, 20)
        if len(label) > width:          # wrapped between words; the last line is the prompt
            lines = wrap_words(shown(label), width - 1)
            for line in lines[:-1]:
                self.say(line, wrap=False)
            label = lines[-1] + " "
        text = self.read(label).strip()
        return text if text else (default or "")


def terminal(ctx: typer.Context, lang: str | None) -> Terminal:
    """The terminal of play and demo, in the language of their --lang, else the one chosen for
    the whole run (yams --lang, $YAMS_LANG, the locale)."""
    return Terminal(resolve_lang(lang) if lang else current_lang(ctx))


# -- starting or resuming a game ------------------------------------------------------------------


class Setup:
    """The questions asked before a new game; Enter accepts the default in brackets."""

    def __init__(self, term: Terminal, store: "Store", settings: dict | None = None,
                 family: str | None = None, save: str | None = None):
        self.term = term
        self.store = store
        self.save = save                         # --save-house NAME
        self.settings = dict(settings or {})     # house rules (--house, --setting)
        self.family = family                     # the house rules' family, offered first

    def make(self, family: str, names: list[str], **kw: Any) -> "GameConfig":
        """``make_config`` with the house rules: a bad setting is said at once."""
        from ..config import make_config

        return make_config(family, names, settings=self.settings or None, **kw)

    def ask(self, key: str, default: str | None = None, **values: Any) -> str:
        """Ask until an answer comes; ``h`` helps, ``q`` quits, ``s``/``u`` wait for a game."""
        while True:
            answer = self.term.ask(self.term.t(key, **values), default)
            word = answer.lower()
            if word in _QUIT:
                raise _Quit
            if word in _HELP:
                self.term.say(self.term.t("help_setup"))
                continue
            if word.split(" ")[0] in _SHEET + _UNDO:
                self.term.say(self.term.t("no_game_yet"))
                continue
            if answer:
                return answer
            self.term.refuse(self.term.t("empty_answer"))

    def config(self) -> "GameConfig":
        from ..config import make_config
        from ..rules import DEFAULT_FAMILY, family_ids, get_rules, rules_class

        while True:
            try:
                family = rules_class(self.ask("ask_family", self.family or DEFAULT_FAMILY,
                                              families=family_ids())).family
                get_rules(family, self.settings or None)      # the house rules fit this family
                break
            except ConfigError as err:
                self.term.refuse(err)
        while True:
            names = self.players()
            try:
                make_config(family, names)      # the family's player count (G6), different names
                break
            except ConfigError as err:
                self.term.refuse(err)
        names = self.order(family, names)
        config = self.options(family, names)
        if self.save:
            self.store.save_house_rules(self.save, family, self.settings)
            self.term.say(self.term.t("house_saved", name=shown(self.save)))
        return config

    def players(self) -> list[str]:
        text = self.ask("ask_players", self._last_players())
        names = [n.strip() for n in (text.split(",") if "," in text else text.split())]
        return [n for n in names if n]

    def _last_players(self) -> str | None:
        """The players of the latest game in the store, offered as the default."""
        try:
            games = self.store.games_in_progress([])
            if games:
                return ", ".join(games[-1]["players"])
            last = self.store.last_finished()
            if last:
                return ", ".join(last.get("players", []))
        except (StoreError, KeyError, TypeError):
            return None
        return None

    def order(self, family: str, names: list[str]) -> list[str]:
        """As the rule set says: drawn at random (Gaby, Y9); start dice, lowest starts
        (classic, C6); else as typed."""
        from ..config import random_order, start_die_order
        from ..rules import rules_class

        if len(names) < 2:
            return names
        how = rules_class(family).start_order
        if how == "drawn":
            if _yes(self.term, "ask_random_order", "o" if self.term.lang == "fr" else "y"):
                names = random_order(names)
                self.term.say(self.term.t("drawn_order", players=", ".join(names)))
            return names
        if how != "dice":
            return names
        rolls: dict[str, list[int]] = {n: [] for n in names}
        contenders = list(names)
        key = "ask_start_dice"
        while len(contenders) > 1:
            answer = self.term.ask(self.term.t(key, names=", ".join(contenders)))
            if answer.lower() in _QUIT:
                raise _Quit
            if not answer:
                if key == "ask_start_dice":
                    return names
                self.term.refuse(self.term.t("empty_answer"))
                continue
            values = _split(answer) if len(_split(answer)) > 1 else list(answer.strip())
            if len(values) != len(contenders):
                self.term.refuse(self.term.t("die_count", got=len(values), want=len(contenders)))
                continue
            bad = [v for v in values if v not in ("1", "2", "3", "4", "5", "6")]
            if bad:
                self.term.refuse(self.term.t("die_value", text=bad[0]))
                continue
            for name, value in zip(contenders, values):
                rolls[name].append(int(value))
            low = min(rolls[n][-1] for n in contenders)
            contenders = [n for n in contenders if rolls[n][-1] == low]
            key = "ask_tie_dice"
        ordered = start_die_order(names, rolls)
        self.term.say(self.term.t("order", players=", ".join(ordered)))
        return ordered

    def checked(self, key: str, default: str | None, check: Any, **values: Any) -> Any:
        """Ask ``key`` until ``check(answer)`` accepts it: a typo re-asks this question alone,
        with the reason in the player's language; earlier answers stay."""
        while True:
            answer = self.ask(key, default, **values)
            try:
                return check(answer)
            except YamsError as err:
                self.term.refuse(err)

    def options(self, family: str, names: list[str]) -> "GameConfig":
        """The family's own questions, each checked as it is answered (C5, Y10, D10)."""
        from ..rules import get_rules

        def words(text: str) -> list[str]:
            return [] if text.lower() in _NONE else _split(text)

        # the questions follow what the rule set offers: a choice of columns (one of them
        # perhaps imposée), presets with a custom sheet, or variants
        rules = get_rules(family)
        if len(rules.column_names) > 1 and not rules.presets:
            def columns(text: str) -> list[str]:
                cols = _split(text)
                plain = [c for c in cols if rules.normalise_choice(c) != rules.imposed_column]
                if plain or len(cols) != len(plain):
                    self.make(family, names, columns=plain or list(rules.default_columns[:1]))
                return cols

            cols = self.checked("ask_columns_classic", " ".join(rules.default_columns), columns)
            imposed = None
            if any(rules.normalise_choice(c) == rules.imposed_column for c in cols):
                def order(text: str) -> list[str]:
                    ids = [rules.row(r).id for r in _split(text)]
                    self.make(family, names, columns=cols, imposed=ids)
                    return ids

                imposed = self.checked("ask_imposed", " ".join(r.id for r in rules.rows), order)
            return self.make(family, names, columns=cols, imposed=imposed)
        if rules.presets:
            solo = len(names) == 1

            def preset_of(text: str) -> str:
                word = text.lower()
                if word in ("perso", "custom", "personnalise", "personnalisé"):
                    return "custom"
                self.make(family, names, preset=word)
                return word

            preset = self.checked("ask_preset", rules.presets[1 if solo else 0], preset_of)
            if preset != "custom":
                return self.make(family, names, preset=preset)
            cols = self.checked("ask_columns_gaby", " ".join(rules.column_names), lambda t: (
                self.make(family, names, columns=_split(t), optional_rows=[], options=[],
                            explicit=True) and _split(t)))
            rows = self.checked("ask_rows_gaby", " ".join(rules.optional_rows), lambda t: (
                self.make(family, names, columns=cols, optional_rows=words(t), options=[],
                            explicit=True) and words(t)))
            return self.checked("ask_options_gaby", " ".join(
                o for o in rules.options if not (solo and o in rules.multi_player_options)),
                lambda t: (
                self.make(family, names, columns=cols, optional_rows=rows, options=words(t),
                            explicit=True)))
        if rules.variants:
            variant = self.checked("ask_variant", next(iter(rules.variants)), lambda t: (
                self.make(family, names, variant=t) and t), variants=", ".join(rules.variants))
            if rules.normalise_choice(variant) not in rules.directed_variants:
                return self.make(family, names, variant=variant)
            return self.checked("ask_direction", next(iter(rules.directions)), lambda t: (
                self.make(family, names, variant=variant, direction=t)))
        return self.make(family, names)


def resume_command(game_id: str, db: str | None) -> str:
    """The command that goes on with this game."""
    return f"yams play --game {game_id[:8]}" + (f" --db {db}" if db else "")


def open_session(term: Terminal, store: "Store", game_id: str | None,
                 db: str | None, setup: "Setup | None" = None) -> "TableSession":
    """The game named by ``--game``, one picked from those in progress, or a new one."""
    from ..session import TableSession

    if game_id:
        try:
            session = TableSession.resume(store, game_id)
        except StoreError as err:
            from .play_fix import finished_session
            try:
                session = finished_session(store, game_id)   # finished: shown, may be reopened
            except StoreError:
                raise err from None
        term.say(term.t("welcome"), style="dim")
        _resumed(term, session)
        return session
    term.say(term.t("welcome"), style="dim")
    damaged: list = []
    games = sorted(store.games_in_progress(damaged), key=lambda g: (str(g.get("updated") or
                                                                        g.get("created")), g["id"]),
                   reverse=True)
    for err in damaged:         # one unreadable game must not keep the others from the table
        term.say("! " + err.text(term.lang))
    if games:
        term.say(term.t("in_progress"))
        for n, g in enumerate(games, start=1):
            term.say("  " + term.t("game_line", n=n, label=g.get("label") or g.get("family"),
                                   players=", ".join(g.get("players", [])),
                                   events=g.get("events", 0), id=g["id"][:8]))
        setup = Setup(term, store)
        while True:
            answer = setup.ask("ask_resume", "1").lower()
            if answer in ("n", "new", "nouvelle", "nouveau"):
                break
            if answer.isascii() and answer.isdigit() and len(answer) < 6 and \
                    1 <= int(answer) <= len(games):
                session = TableSession.resume(store, games[int(answer) - 1]["id"])
                _resumed(term, session)
                return session
            term.refuse(term.t("bad_choice", text=answer))
    config = (setup or Setup(term, store)).config()
    session = TableSession.start(store, config)
    term.say(term.t("new_game", label=config.label))
    term.say(term.t("order", players=", ".join(config.players)))
    term.say(term.t("game_id", id=session.game.id[:8], cmd=resume_command(session.game.id, db)),
             wrap=False)
    return session


def _resumed(term: Terminal, session: "TableSession") -> None:
    game = session.game
    term.say(term.t("resumed", id=game.id[:8], label=game.config.label), style="bold")
    if game.events:
        from .sheet_view import sheets_view
        term.show(sheets_view(game, term.lang, width=term.out.width))


# -- the table --------------------------------------------------------------------------------


class Table:
    """The turn loop: whose turn, the dice, the legal cells, the choice; until the game ends."""

    def __init__(self, term: Terminal, session: "TableSession", db: str | None = None,
                 numbered: bool = False):
        self.term = term
        self.session = session
        self.db = db
        self.numbered = numbered         # --list: the numbered list, numbers pick from it
        self._auto_scratch: dict[str, bool] = {}    # 165, empty pool: scratch all, said once
        self._list_once = False          # l: the list once, with the handles
        self.choose_now = False          # Enter at "second coup?": choose from coup 1
        self.announced: str | None = None    # a sixth-roll row waiting for its dice
        self._header_key: Any = None
        self._cells_key: Any = None
        self._hinted = False             # the dice hint, once a session
        self._choose_hinted = False      # the cell hint, once a session
        from . import choice, sheet_view  # noqa: F401  (loaded while the first dice roll,
        #                                   not after the first Enter)

    @property
    def game(self) -> "Game":
        return self.session.game

    @property
    def lang(self) -> str:
        return self.term.lang

    def t(self, key: str, **values: Any) -> str:
        return self.term.t(key, **values)

    def run(self) -> None:
        from .play_fix import after_end

        while True:
            while not self.game.finished:
                self.step()
            self.final()
            if not after_end(self):     # take back the last cell, correct a turn (issue 11)
                return

    def step(self) -> None:
        game = self.game
        self.header()
        if not game.coups:
            cells = game.legal_cells()
            if cells:                       # 165 with an empty pool: scratch only (D10)
                if self.scratch_all(cells):
                    return
                self.choose(cells, pool_empty=True)
            else:
                self.dice(first=True)
        elif len(game.coups) < game.coups_allowed() and not self.choose_now:
            self.show_cells(game.legal_cells())
            self.dice(first=False)
        else:
            self.choose(game.legal_cells())

    # -- what is shown ------------------------------------------------------------------------

    def header(self) -> None:
        from rich.text import Text

        game = self.game
        sheet = game.player
        key = (game.current, sheet.turns)
        if key == self._header_key:
            return
        self._header_key = key
        self.term.out.print()
        title = self.t("turn_title", name=shown(sheet.name), turn=sheet.turns + 1,
                       total=game.totals(sheet).grand) + self.standing()
        self.term.out.rule(Text(title, style="bold"), align="left")
        counters = self.counters()
        if counters:
            self.term.say(counters)
        for n, coup in enumerate(game.coups, start=1):     # a turn resumed: its dice so far
            from ..dice import format_dice, format_grouped

            dice = format_grouped(coup.rolled) if game.rules.tagged else format_dice(coup.rolled)
            extra = f" joker {coup.joker[0]}:{coup.joker[1]}" if coup.joker else ""
            self.term.say(self.t("typed_coup", n=n, dice=dice, roll=coup.roll) + extra)
        if not self._hinted and not game.coups:
            self._hinted = True
            example = f"{GROUPED_EXAMPLE} /1" if game.rules.tagged else "55533/2"
            self.term.say(self.t("hint_dice", example=example), style="dim")

    def help_text(self) -> str:
        """The help, without the lines of the other families (jokers, tagged dice, doblar)."""
        game = self.game
        out = []
        for line in self.t("help").splitlines():
            if "joker" in line and not game.rules.jokers:
                continue
            # the tagged-dice lines (grouped, die by die, the announced sixth roll)
            if any(m in line for m in ("cp665", "6pc", "…/6 ")) and not game.rules.tagged:
                continue
            if "55533/2" in line and game.rules.tagged:
                continue
            if "doblar" in line and not game.config.has("doblar"):
                continue
            out.append(line)
        return "\n".join(out)

    def standing(self) -> str:
        """`` · Alice leads by 12`` (or ``· you lead by 5``): the running ranking in a few words."""
        game = self.game
        if len(game.sheets) < 2:
            return ""
        ranking = game.ranking()
        top, second = ranking[0], ranking[1]
        if top[2] == second[2]:
            return self.t("standing_tie", total=top[2]) if top[2] else ""
        gap = top[2] - second[2]
        if top[1] is game.player:
            return self.t("standing_lead", gap=gap)
        return self.t("standing_other", name=shown(top[1].name), gap=top[2] - game.totals(
            game.player).grand)

    def scratch_all(self, cells: list["LegalCell"]) -> bool:
        """165, pool empty (D10): one yes scratches every remaining cell of this player, one a
        turn, with no more questions; True when this turn was scratched."""
        name = self.game.player.name
        if name not in self._auto_scratch:
            self.term.say(self.t("pool_empty", name=shown(name)), style="bold")
            while True:
                answer = self.prompt(self.t("scratch_all", count=len(cells))
                                     + f" [{'o' if self.lang == 'fr' else 'y'}]") or ""
                if "/" in answer:       # dice with an empty pool: the rule says why not
                    self.term.refuse(_err("pool_dice", cls=IllegalMoveError, rule="D10"))
                    continue
                if answer.lower() in YES + NO or not answer:
                    break
                self.term.refuse(self.t("yes_no"))
            if answer.lower() in NO:
                self._auto_scratch[name] = False
                return False
            self._auto_scratch[name] = True
        if not self._auto_scratch[name]:
            return False
        cell = cells[0]
        try:
            marks = self.session.mark(cell.column, cell.row, coup=None, scratch=True)
        except YamsError as err:
            self.term.refuse(err)
            self._auto_scratch[name] = False
            return False
        self.report(name, marks)
        return True

    def counters(self) -> str:
        from .sheet_view import counters_text

        return counters_text(self.game, self.game.player, self.lang)

    def show_cells(self, cells: list["LegalCell"], pool_empty: bool = False) -> None:
        """The numbered legal cells, once for each state of the game (``l`` shows them again)."""
        from .sheet_view import legal_table

        key = len(self.game.events)
        if key == self._cells_key:
            return
        self._cells_key = key
        if pool_empty and self.game.player.name not in self._auto_scratch:
            self.term.say(self.t("pool_empty", name=shown(self.game.player.name)), style="bold")
        if self.numbered or self._list_once:
            self._list_once = False
            self.term.show(legal_table(self.game, cells, self.lang,
                                       None if self.numbered else self.by_handle(cells)))
        else:
            from .sheet_view import turn_grid

            grid, notes = turn_grid(self.game, cells, self.by_handle(cells), self.lang)
            self.term.show(grid)
            for line in notes:
                self.term.say(line, style="yellow")
        if not self._choose_hinted:
            self._choose_hinted = True
            self.term.say(self.t("hint_choose_list" if self.numbered else "hint_choose",
                                 example=self.name_example()), style="dim")
        if (self.game.config.has("doblar") and len(self.game.coups) == 2
                and self.game.player.doblars_left > 0):
            named = (list(enumerate(cells, 1)) if self.numbered else
                     [(h, c) for h, c in self.by_handle(cells).items()])
            one = next(((n, c) for n, c in named if c.coup == 1), None)
            two = next((n for n, c in named if c.coup == 2 and one is not None
                        and (c.column, c.row) != (one[1].column, one[1].row)), None)
            one = one[0] if one else None
            if one and two:
                self.term.say(self.t("hint_doblar", example=f"d {one} {two}"), style="dim")

    def name_example(self) -> str:
        """Cell names as this game spells them: ``full, grille.3`` or ``sec.full``."""
        figure = next(r for r in self.game.rows if not r.isdigit())
        first = self.game.columns[0].id
        if len(self.game.columns) == 1:
            return f"{figure}, {first}.3"
        return f"{self.game.columns[-1].id}.{figure}"

    def rolls_text(self) -> str:
        game, sheet = self.game, self.game.player
        top = game.max_roll()
        counters = game.rules.start_counters(game.config)
        if "bank" in counters:
            return self.t("rolls_bank", max=top, bank=sheet.bank)
        if "pool" in counters:
            return self.t("rolls_pool", max=top)
        if _sixth_roll(game):
            return self.t("rolls_sixth", max=int(game.rules.settings["rolls_per_turn"]))
        return self.t("rolls_one") if top == 1 else self.t("rolls_plain", max=top)

    # -- prompts ------------------------------------------------------------------------------

    def prompt(self, text: str) -> str | None:
        """Ask; the commands at hand everywhere are handled here (then None is returned)."""
        answer = self.term.ask(text)
        word, _, rest = answer.partition(" ")
        word = word.lower()
        if word in _QUIT and not rest:
            raise _Quit
        if word in _HELP and not rest:
            self.term.say(self.help_text())
            return None
        if word in _SHEET:
            self.sheet(rest.strip())
            return None
        if word in _UNDO and not rest:
            self.undo()
            return None
        if word in _LIST and not rest:
            self._cells_key = None
            self._list_once = True
            return None
        if word in _WHY:
            self.why(rest.strip())
            return None
        if word in _END and not rest:
            self.stop()
            return None
        from .play_fix import FIX, LOG, fix, show_log
        if word in LOG and not rest:
            show_log(self)
            return None
        if word in FIX and (not rest or rest.strip().isdigit()):
            fix(self, rest)
            return None
        if word in _HINT:
            self.hint(rest.strip())
            return None
        return answer

    def hint(self, dice: str) -> None:
        """``hint 55531/1``: the solver's keeps (or cells) for these dice; ``hint`` alone: the
        cells for the dice entered. Only when asked, and only if the rules allow hints."""
        from .advice_cmds import play_hint_lines

        try:
            for line in play_hint_lines(self.game, dice, self.session.store.path, self.lang):
                self.term.say(line, wrap=False)
        except YamsError as err:
            self.term.refuse(err)

    def dice(self, first: bool) -> None:
        game = self.game
        name = game.player.name
        if self.announced:
            from ..game import announce_name
            key, values = "announced_dice_prompt", {"row": announce_name(game.rules,
                                                                         self.announced)}
        elif first:
            key, values = "dice_prompt", {"name": name, "rolls": self.rolls_text()}
        else:
            key, values = "second_prompt", {}
        text = self.prompt(self.t(key, **values))
        if text is None:
            return
        if not first and "/" not in text and not self.announced:
            if not text and not game.legal_cells():
                # the first coup took too many rolls for the cells left: only a second can go
                self.term.refuse(_err("second_needed", cls=IllegalMoveError, rule="Y4"))
            elif not text:
                self.choose_now = True
            else:
                self.apply_choice_text(text, game.legal_cells())
            return
        if not text:
            self.term.refuse(_err("need_dice", expected=game.rules.dice_example + " /2"))
            return
        words = text.split()
        if len(words) == 2 and "/" not in text and words[0].lower() in _ANNOUNCE:
            # "announce youpi" alone, before the sixth roll: its dice come next (D9)
            try:
                if not _sixth_roll(game):
                    raise _err("no_sixth", cls=IllegalMoveError, rule="D9")
                row, _, value = words[1].partition(":")
                self.announced = game.rules.row(row).id + (f":{value}" if value else "")
            except YamsError as err:
                self.term.refuse(err)
            return
        try:
            dice, roll, joker, announce = self.parse_entry(text)
            if announce is None and self.announced:
                announce = self.announced
                if roll is None:
                    roll = "6"
            if roll is None:
                game.rules.parse_dice(dice)         # says first what is wrong with the dice
                raise _err("need_roll", expected=f"{' '.join(dice.split())} /2")
            if (announce is None and _sixth_roll(game) and roll.strip() == str(
                    int(game.rules.settings["rolls_per_turn"]) + 1)):
                announce = self.ask_announce()
                if announce is None:
                    return
            self.session.enter(dice, roll, joker=joker, announce=announce)
        except YamsError as err:
            self.term.refuse(err)
            return
        self.announced = None

    def parse_entry(self, text: str) -> tuple[str, str | None, str | None, str | None]:
        """``DICE/ROLL [joker A:B] [announce ROW]`` -> (dice, roll, joker, announce)."""
        game = self.game
        m = _ENTRY.match(text)
        if m is None:
            return text, None, None, None
        if not m.group("dice").strip():
            raise _err("need_dice", expected=game.rules.dice_example + " /2")
        if not m.group("roll"):
            raise _err("need_roll", expected=f"{m.group('dice').strip()} /2")
        rest = m.group("rest").split()
        joker = announce = None
        while rest:
            word = rest.pop(0).lower()
            if word in ("joker", "j") and rest:
                if joker is not None:
                    raise _err("one_joker", cls=IllegalMoveError, rule="U4")
                joker = rest.pop(0)
            elif word in _ANNOUNCE and rest:
                announce = rest.pop(0)
            else:
                raise _err("bad_extra", word=word, expected="joker 4:5 / announce youpi")
        return m.group("dice"), m.group("roll"), joker, announce

    def ask_announce(self) -> str | None:
        """The separate prompt for the row announced before the sixth roll."""
        game = self.game
        column = game.columns[0]
        valued = game.rules.valued_rows
        rows = [f"{r}:V" if r in valued else r for r in game.next_cells(game.player, column)
                if game.rules.section_of(r) in getattr(game.rules, "figure_sections", ())]
        text = self.prompt(self.t("announce_prompt", rows=", ".join(rows)))
        if not text:
            return None
        return text.split()[0]

    def choose(self, cells: list["LegalCell"], pool_empty: bool = False) -> None:
        self.show_cells(cells, pool_empty)
        key = "pool_prompt" if pool_empty else "choose_prompt"
        text = self.prompt(self.t(key + "_list" if self.numbered else key))
        if text is None:
            return
        if not text:
            self.term.refuse(_err("choose_needed"))
            return
        if pool_empty and "/" in text:      # dice with an empty pool: the rule says why not
            try:
                dice, roll, joker, announce = self.parse_entry(text)
                self.session.enter(dice, roll or "1", joker=joker, announce=announce)
            except YamsError as err:
                self.term.refuse(err)
            return
        self.apply_choice_text(text, cells)

    def apply_choice_text(self, text: str, cells: list["LegalCell"]) -> None:
        name = self.game.player.name
        try:
            marks = self.apply_choice(text, cells)
        except YamsError as err:
            self.term.refuse(err)
            return
        if not marks:                   # the question was answered with Enter: nothing written
            return
        self.choose_now = False
        self.report(name, marks)

    # -- choosing a cell ----------------------------------------------------------------------

    def apply_choice(self, text: str, cells: list["LegalCell"]) -> list["Mark"]:
        """A handle, a cell name (``6``, ``petite suite``, ``libre.full``), ``x TOKEN`` or
        ``TOKENx`` to scratch, ``d A B`` for a doblar; a number of the list with ``--list``.
        A token that could mean two cells is asked about before anything is written."""
        from .choice import split_scratch

        low = " ".join(text.lower().split())
        m = re.fullmatch(r"(?:d|doblar)\s+(\S+)\s+(\S+)", low)
        if m:
            return self.doblar(m.group(1), m.group(2), cells)
        if "/" in low:
            raise _err("dice_already", cls=IllegalMoveError,
                       expected=f"{self.name_example()}, u")
        token, scratch = split_scratch(self.game, low, self.by_handle(cells))
        cell, zero = self.pick(token, cells)
        if cell is None:
            return []
        return self.session.mark(cell.column, cell.row, coup=cell.coup or None,
                                 scratch=scratch or zero)

    def by_handle(self, cells: list["LegalCell"]) -> dict[str, "LegalCell"]:
        """The handles of these cells (the same cells always get the same handles)."""
        from .choice import handles

        return handles(self.game, cells)

    def pick(self, token: str, cells: list["LegalCell"], among: list["LegalCell"] | None = None
             ) -> tuple["LegalCell | None", bool]:
        """The one cell ``token`` means, asking when it could mean several: (cell, scratched);
        (None, False) when the player cancels the question."""
        from ..transcript import CELL
        from .choice import candidates

        zero = token.endswith("=0")
        if zero:
            token = token[:-2]
        by_handle = self.by_handle(cells)
        try:
            found = candidates(self.game, token, cells, by_handle, numbered=self.numbered)
        except EntryError as err:
            if token.isdigit() and self.numbered:
                raise _err("no_number", n=token[:6], count=len(cells)) from None
            if err.expected is None and not token.isdigit():
                raise _err("unreadable_choice", text=token,
                           expected=f"{next(iter(by_handle), 'e')}, {self.name_example()}, "
                                    f"x {self.name_example().split(',')[0]}") from None
            raise
        if among is not None:
            found = [c for c in found if c in among] or found
        if len(found) == 1:
            return found[0], zero
        if not found:
            m = CELL.match(token.replace(" ", "-"))
            row = self.game.rules.row(m.group("row")).id if m else token
            coup = int(m.group("coup")) if m and m.group("coup") else None
            raise self._why_nowhere(row, coup, m.group("column") if m else None)
        return self.ask_which(token, found, by_handle), zero

    def ask_which(self, token: str, found: list["LegalCell"],
                  by_handle: dict[str, "LegalCell"]) -> "LegalCell | None":
        """``full`` fits several cells: list them with their handles and ask; Enter cancels."""
        from .choice import candidates
        from .sheet_view import cell_label

        two = len(self.game.coups) > 1
        handle_of = {c: h for h, c in by_handle.items()}
        self.term.say(self.t("which_cell", text=shown(token)))
        for cell in found:
            self.term.say(f"  {handle_of[cell]:>3}  {cell_label(self.game, cell, two)}"
                          f" = {cell.score}")
        while True:
            answer = self.prompt(self.t("which_prompt"))
            if not answer:
                self.term.say(self.t("nothing_written"))
                return None
            key = " ".join(answer.lower().split())
            chosen = by_handle.get(key)
            if chosen is None:
                try:
                    named = candidates(self.game, key, found, {})
                except EntryError:
                    named = []
                chosen = named[0] if len(named) == 1 else None
            if chosen is not None and chosen in found:
                return chosen
            self.term.refuse(self.t("bad_choice", text=answer))

    def _why_nowhere(self, row: str, coup: int | None, column: str | None = None) -> YamsError:
        """Why no column (or not ``column``) takes ``row`` now: the rule's own refusal,
        found on a copy of the game."""
        from ..game import Game

        game = self.game
        name = game.rules.row(row).name
        if column is None and len(game.columns) == 1:
            column = game.columns[0].id
        empty = [c.id for c in game.columns if (c.id, row) not in game.player.marks]
        if column is None and not empty:
            return _err("all_filled", cls=IllegalMoveError, row=name, rule="G3")
        trial = Game(game.config, game.events, id=game.id, created=game.created)
        try:
            trial.mark(column or empty[0], row, coup=coup)
        except YamsError as err:
            return err
        return _err("nowhere", cls=IllegalMoveError, row=name)  # pragma: no cover

    def doblar(self, first: str, second: str, cells: list["LegalCell"]) -> list["Mark"]:
        """Two cells, one from each coup (Y7): handles or names (numbers with ``--list``)."""
        one, _ = self.pick(first, cells, [c for c in cells if c.coup == 1])
        if one is None:
            return []
        try:
            two, _ = self.pick(second, cells, [c for c in cells if c.coup != one.coup])
        except IllegalMoveError:
            # not legal alone, maybe legal as the doblar's second cell (the doblar descendant
            # writes the next-but-one cell of descente): the rules judge the pair
            named = self.named_cell(second)
            if named is None:
                raise
            return self.session.mark(one.column, one.row, coup=one.coup or None, second=named)
        if two is None:
            return []
        if (self.game.config.has("doblar") and one.coup and two.coup and one.coup == two.coup):
            raise _err("doblar_coups", cls=IllegalMoveError, rule="Y7")
        if one.coup == 2 and two.coup == 1:
            one, two = two, one
        return self.session.mark(one.column, one.row, coup=one.coup or None,
                                 second=(two.column, two.row))

    def named_cell(self, token: str) -> tuple[str, str] | None:
        """(column, row) of a token naming one cell of the sheet (``descente.2``), else None."""
        from ..transcript import CELL

        m = CELL.match(token)
        if m is None or (m.group("column") is None and len(self.game.columns) > 1):
            return None
        try:
            return (m.group("column") or self.game.columns[0].id,
                    self.game.rules.row(m.group("row")).id)
        except EntryError:
            return None

    def report(self, name: str, marks: list["Mark"]) -> None:
        from .sheet_view import cell_label

        game = self.game
        two = len(marks) > 1 or any(m.coup > 1 for m in marks)
        for mark in marks:
            label = cell_label(game, mark, with_coup=two)   # a Mark has column, row, coup
            if mark.scratch:
                self.term.say(self.t("scratched", name=name, cell=label))
            else:
                cited = game.rules.cite(mark.row)
                why = f"{mark.explain} [{cited}]" if cited else mark.explain
                self.term.say(self.t("wrote", name=name, cell=label, score=mark.score, why=why))
        sheet = next(s for s in game.sheets if s.name == name)
        self.term.say(self.t("player_total", name=name, total=game.totals(sheet).grand),
                      style="bold")

    # -- the commands at hand -----------------------------------------------------------------

    def why(self, token: str) -> None:
        """``why e``: a cell's score with its arithmetic and rules; ``why``: every cell."""
        from .choice import candidates
        from .sheet_view import cell_label

        cells = self.game.legal_cells()
        if not cells:
            self.term.refuse(self.t("why_nothing"))
            return
        by_handle = self.by_handle(cells)
        try:
            found = (candidates(self.game, token, cells, by_handle, numbered=self.numbered)
                     if token else cells)
        except YamsError as err:
            self.term.refuse(err)
            return
        handle_of = {c: h for h, c in by_handle.items()}
        two = len(self.game.coups) > 1
        for cell in found:
            cited = self.game.rules.cite(cell.row, cell.figure.factors if cell.figure else None)
            self.term.say(f"{handle_of.get(cell, '?'):>3}  {cell_label(self.game, cell, two)}"
                          f" = {cell.score}   {cell.why}" + (f" [{cited}]" if cited else ""))

    def sheet(self, who: str) -> None:
        game = self.game
        index = None
        if who:
            key = who.casefold()
            found = [i for i, s in enumerate(game.sheets) if s.name.casefold() == key] or \
                    [i for i, s in enumerate(game.sheets) if s.name.casefold().startswith(key)]
            if len(found) != 1:
                self.term.refuse(self.t("unknown_player", name=who,
                                        players=", ".join(s.name for s in game.sheets)))
                return
            index = found[0]
        from .sheet_view import sheets_view
        self.term.show(sheets_view(game, self.lang, index, self.term.out.width))

    def undo(self) -> None:
        from ..game import effective_events
        from .sheet_view import cell_label

        game = self.game
        if self.announced:                  # an announcement not yet entered: just forget it
            self.announced = None
            return
        kept = effective_events(game.events)
        try:
            self.session.undo()
        except YamsError as err:
            self.term.refuse(err)
            return
        last = kept[-1]
        name = last.get("player", "")
        if last["type"] == "enter":
            text = self.t("undone_entry", name=name, dice=" ".join(last["dice"]),
                          roll=last["roll"])
        elif last["type"] == "mark":
            labels = [cell_label(self.game, SimpleNamespace(column=c["column"], row=c["row"],
                                                            coup=c.get("coup")))
                      for c in last["cells"]]
            text = self.t("undone_mark", name=name, cells=" + ".join(labels))
        else:
            text = self.t("undone_end")
        self.term.say(text, style="bold")
        self.choose_now = False
        self._header_key = self._cells_key = None

    def stop(self) -> None:
        key = "stop_confirm" if self.game.rules.stopped_game_has_winner else "stop_confirm_no_win"
        if not _yes(self.term, key, "n"):
            self.term.say(self.t("stopped_not"))
            return
        try:
            self.session.end()
        except YamsError as err:
            self.term.refuse(err)

    # -- the end ------------------------------------------------------------------------------

    def final(self) -> None:
        game = self.game
        self.term.out.print()
        if not game.stopped_early:
            key = "game_over"
        else:
            key = "game_stopped" if game.rules.stopped_game_has_winner else "game_stopped_no_win"
        self.term.say(self.t(key), style="bold")
        from .sheet_view import sheets_view
        self.term.show(sheets_view(game, self.lang, width=self.term.out.width))
        print_ranking(self.term, game)
        for line in record_lines(game, self.session.broken, self.lang):
            self.term.say(line, style="bold")
        self.term.say(self.t("archived", id=game.id[:8]))


def print_ranking(term: Terminal, game: "Game") -> None:
    """The ranking, then who won (G6, G7)."""
    term.say(term.t("ranking"), style="bold")
    for rank, sheet, total in game.ranking():
        term.say("  " + term.t("rank_line", rank=rank, name=sheet.name, total=total))
    line = outcome(game, term.lang)
    if line:
        term.say(line, style="bold")


def part_name(game: "Game", part: str) -> str:
    """A record part in words: a column name (classic, Gaby) or a section name (Double, Duel)."""
    for col in game.columns:
        if col.id == part and len(game.columns) > 1:
            return col.name
    for section in game.rules.sections:
        if section.id == part:
            return section.name.split(" ", 1)[-1].capitalize()
    return part


def record_lines(game: "Game", broken: list[dict], lang: str) -> list[str]:
    """"Nouveau record : meilleur total Suites en Double Yams forcé, 760, Alice"."""
    lines = []
    beaten = [b for b in broken if b.get("previous")]
    for b in beaten:
        what = (msg("record_total", lang) if b["part"] == "total"
                else msg("record_part", lang, part=part_name(game, b["part"])))
        line = msg("record", lang, what=what, label=b["config_label"], value=b["value"],
                   name=b["player"])
        prev = b["previous"]
        lines.append(line + msg("record_before", lang, value=prev["value"], name=prev["player"]))
    first = [b for b in broken if not b.get("previous") and b["part"] == "total"]
    if first:
        b = first[0]
        lines.append(msg("first_records", lang, label=b["config_label"], value=b["value"],
                         name=b["player"]))
    return lines


def play(
    ctx: typer.Context,
    db: Optional[str] = db_option(),
    game_id: Optional[str] = typer.Option(
        None, "--game", metavar="ID", show_default=False,
        help="Resume this game in progress (a unique start of its id will do)."),
    lang: Optional[str] = lang_option(
        "Language of the table mode (default: yams --lang, $YAMS_LANG, the locale)."),
    numbered: bool = typer.Option(
        False, "--list", help="Show the legal cells as a numbered list (one per line, for screen "
                              "readers); numbers pick from it."),
    settings: Optional[List[str]] = typer.Option(
        None, "--setting", "-s", metavar="KEY=VALUE", show_default=False,
        help="A house rule for a new game, e.g. yam=60 or bases.youpi=30 (repeatable)."),
    house: Optional[str] = typer.Option(
        None, "--house", metavar="NAME", show_default=False,
        help="Start a new game with the house rules saved under NAME (its family is offered)."),
    save_house: Optional[str] = typer.Option(
        None, "--save-house", metavar="NAME", show_default=False,
        help="Save the house rules of the new game (--house and --setting) under NAME."),
    list_houses: bool = typer.Option(False, "--houses", help="List the saved house rules."),
) -> None:
    """Keep score at the table: type the dice you rolled, pick a cell, the sheet fills in.

    Starts a new game (family, players, columns, options: Enter accepts the default in brackets) or resumes one in progress. Each turn shows whose turn it is, asks for the dice and the roll number (55533/2; Double Yams by groups: cp665 fp12 cg34 fg556 /2), then draws the player's grid with every cell the dice may go to holding a few letters and its score; type the letters (or a name: 6, full, petite suite, libre.full; x before or after to scratch). A name that fits several cells is asked about before anything is written. 'why e' explains a cell; --list shows a numbered list instead of the grid. At any prompt: s sheet, u undo, h help, q quit. Every entry is saved before the answer: quitting, Ctrl-C or a closed terminal lose nothing, and 'yams play --game ID' goes on.
    """
    from ..store import Store

    term = terminal(ctx, lang)
    store = Store(db)
    session: "TableSession | None" = None
    if list_houses:
        print_houses(term, store)
        return
    setup = house_setup(term, store, house, settings or [], save_house)

    def resume_hint() -> str:
        return resume_command(session.game.id, db) if session is not None else ""

    try:
        session = open_session(term, store, game_id, db, setup)
        Table(term, session, db, numbered).run()
    except _Quit:
        term.say(term.t("saved_quit", cmd=resume_hint()) if session is not None and
                 not session.game.finished else term.t("nothing_started"), wrap=False)
        return
    except KeyboardInterrupt:
        _leave(term, "interrupted", session, resume_hint())
        raise typer.Exit(130)
    except EOFError:
        _leave(term, "closed", session, resume_hint())
        raise typer.Exit(0)


def house_setup(term: Terminal, store: "Store", house: str | None, settings: list[str],
                save: str | None) -> Setup:
    """The setup of a new game with the house rules of ``--house`` and ``--setting``."""
    from .options import parse_settings

    family, merged = None, {}
    if house is not None:
        saved = store.house_rules().get(house)
        if saved is None:
            raise ConfigError(f"no house rules named '{house}'",
                              f"pas de règles maison nommées « {house} »",
                              expected=", ".join(store.house_rules()) or "yams play --setting "
                              "yam=60 --save-house NAME")
        family, merged = saved["family"], dict(saved["settings"])
    merged.update(parse_settings(settings))
    if save is not None and not merged:
        raise ConfigError("--save-house needs house rules: --setting KEY=VALUE or --house NAME",
                          "--save-house demande des règles maison : --setting CLÉ=VALEUR ou "
                          "--house NOM", expected="--setting yam=60 --save-house club")
    return Setup(term, store, merged, family, save)


def print_houses(term: Terminal, store: "Store") -> None:
    """``yams play --houses``: every saved house rule set, one line each."""
    from ..safetext import json_text

    houses = store.house_rules()
    if not houses:
        term.say(term.t("no_houses"))
        return
    for name, house in houses.items():
        values = " ".join(f"{k}={json_text(v)}" for k, v in sorted(house["settings"].items()))
        term.say(f"{shown(name)}{term.t('colon')}{shown(house.get('family', '?'))} · "
                 f"{shown(values)}")


def _leave(term: Terminal, key: str, session: "TableSession | None", cmd: str) -> None:
    sys.stdout.write("\n")
    if session is None:
        term.say(term.t("nothing_started"))
    elif session.game.finished:
        term.say(term.t("archived", id=session.game.id[:8]))
    else:
        term.say(term.t(key, cmd=cmd), wrap=False)


# -- yams demo ------------------------------------------------------------------------------------


def _demo_roll(game: "Game", rng: random.Random) -> int:
    """How many rolls a demo coup took (the rule set's policy: Double Yams 1-5, the bank or
    the pool allowing)."""
    return game.rules.random_roll_count(game, rng)


def _demo_joker(game: "Game", dice: Any, roll: int) -> tuple[int, int] | None:
    """Duel: the joker that most raises the best empty row, when it raises it by 10 or more."""
    from ..dice import Die

    empty = set(game.next_cells(game.player, game.columns[0]))

    def best(d: Any) -> int:
        return max((f.score for f in game.rules.figures(d, roll) if f.row in empty), default=0)

    base, choice = best(dice), None
    for src in sorted({d.value for d in dice}):
        for dst in range(1, 7):
            if dst == src:
                continue
            changed = list(dice)
            changed[next(i for i, d in enumerate(changed) if d.value == src)] = Die(dst)
            score = best(tuple(sorted(changed)))
            if score >= base + 10:
                base, choice = score, (src, dst)
    return choice


def demo_turn(game: "Game", rng: random.Random) -> None:
    """One turn of the demo: random dice from :mod:`~yams_scorekeeper.simulate`, a random roll
    count, and a player who takes the best score among the legal cells (a doblar now and then,
    a Duel joker when it pays)."""
    from ..simulate import random_dice

    cells = game.legal_cells()
    if not cells:
        for n in range(game.coups_allowed()):
            if n and rng.random() < 0.5 and game.legal_cells():
                break
            dice, roll = random_dice(game, rng), _demo_roll(game, rng)
            joker = _demo_joker(game, dice, roll) if game.player.jokers_left else None
            game.enter(dice, roll, joker=joker)
        cells = game.legal_cells()
    if len(game.coups) == 2 and game.player.doblars_left and rng.random() < 0.5:
        one = max((c for c in cells if c.coup == 1), key=lambda c: c.score, default=None)
        two = one and max((c for c in cells if c.coup == 2
                           and (c.column, c.row) != (one.column, one.row)),
                          key=lambda c: c.score, default=None)
        if two is not None and one.score > 0 and two.score > 0:
            try:
                game.mark(one.column, one.row, coup=1, second=(two.column, two.row))
                return
            except YamsError:
                pass
    top = max(c.score for c in cells)
    cell = rng.choice([c for c in cells if c.score == top])
    game.mark(cell.column, cell.row, coup=cell.coup or None,
              scratch=top <= 0 and cell.scratchable)


def demo(
    ctx: typer.Context,
    rules_name: Optional[str] = rules_option(None, RULES_HELP),
    seed: int = typer.Option(1, "--seed", help="Seed of the random dice and choices."),
    turns: Optional[int] = typer.Option(
        None, "--turns", min=1, show_default=False,
        help="Stop after this many turns (default: the whole game)."),
    variant: Optional[str] = typer.Option(
        None, "--variant", metavar="VARIANT", show_default=False,
        help="The family's variant, if it has some (Double Yams: D10 in docs/rules.md)."),
    lang: Optional[str] = lang_option("Language (default: yams --lang, $YAMS_LANG, the locale)."),
) -> None:
    """Watch a whole game play itself, to see how yams keeps score.

    Alice and Bob roll random dice (a fixed seed: the same game every time) and each takes the best score among the legal cells; each turn shows the player, the dice, the roll, the cell chosen, its score and why, then come the final sheets and the ranking. Nothing is stored.
    """
    from ..config import make_config
    from ..game import Game
    from .sheet_view import cell_label

    term = terminal(ctx, lang)
    t = term.t
    config = make_config(rules_name or default_family(), ["Alice", "Bob"], variant=variant)
    game = Game(config)
    rng = random.Random(seed)
    try:
        term.say(t("demo_title", label=config.label, players=", ".join(config.players),
                   seed=seed), style="bold")
        term.say(t("demo_note"), style="dim")
        done = 0
        while not game.finished and (turns is None or done < turns):
            before = len(game.events)
            sheet = game.player
            demo_turn(game, rng)
            done += 1
            term.say("")
            term.say(t("demo_turn", turn=done, name=sheet.name), style="bold")
            entries = [e for e in game.events[before:] if e["type"] == "enter"]
            for n, event in enumerate(entries, start=1):
                values = {"dice": " ".join(event["dice"]), "roll": event["roll"]}
                line = (t("demo_coup_n", n=n, **values) if len(entries) > 1
                        else t("demo_coup", **values))
                if event.get("joker"):
                    line += t("demo_joker", a=event["joker"][0], b=event["joker"][1])
                if event.get("announce"):
                    from ..game import announce_name
                    line += t("demo_announce", row=announce_name(game.rules, event["announce"]))
                term.say("  " + line)
            mark_event = next(e for e in game.events[before:] if e["type"] == "mark")
            two = len(mark_event["cells"]) > 1 or len(entries) > 1
            for cell in mark_event["cells"]:
                mark = sheet.marks[(cell["column"], cell["row"])]
                label = cell_label(game, mark, with_coup=two)
                if len(mark_event["cells"]) > 1:
                    label = f"{t('demo_doblar')} · {label}"
                term.say("  " + (t("demo_scratch", cell=label) if mark.scratch else
                                 t("demo_mark", cell=label, score=mark.score, why=mark.explain)))
        term.say("")
        if not game.finished:
            term.say(t("demo_stopped", turns=done), style="bold")
        else:
            term.say(t("game_over"), style="bold")
        from .sheet_view import sheets_view
        term.show(sheets_view(game, term.lang, width=term.out.width))
        print_ranking(term, game)
        term.say(t("demo_next"), style="dim")
    except KeyboardInterrupt:
        sys.stdout.write("\n")
        raise typer.Exit(130)


COMMANDS = ((play, {"epilog": PLAY_EPILOG}), (demo, {"epilog": DEMO_EPILOG}))
