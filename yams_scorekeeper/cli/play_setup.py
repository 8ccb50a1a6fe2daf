"""``yams play`` before the first turn: the setup questions of a new game (family, players,
turn order, the family's own choices, house rules), or the choice of a game in progress to
resume.

Each answer is checked as it is given (a typo re-asks that question alone, earlier answers
stay); the questions follow what the rule set offers (columns, presets, variants), never a
family's name.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ..base.errors import ConfigError, StoreError, YamsError
from ..base.safetext import has_invisible, has_unsafe
from ..i18n import Message
from .render import shown
from .terminal import (
    HELP_WORDS,
    NONE_WORDS,
    QUIT_WORDS,
    SHEET_WORDS,
    UNDO_WORDS,
    Quit,
    Terminal,
    ask_yes,
)

if TYPE_CHECKING:  # pragma: no cover
    from ..engine.config import GameConfig
    from ..engine.game import Game
    from ..rules.base import RuleSet
    from ..store import Store
    from ..store.session import TableSession


def _split(text: str) -> list[str]:
    """An answer's words, split at spaces, commas and semicolons."""
    return [t for t in re.split(r"[\s,;]+", text.strip()) if t]


class Setup:
    """The questions asked before a new game; Enter accepts the default in brackets."""

    def __init__(self, term: Terminal, store: Store, settings: dict | None = None,
                 family: str | None = None, save: str | None = None,
                 house: dict[str, Any] | None = None):
        self.term = term
        self.store = store
        self.save = save                         # --save-house NAME
        self.settings = dict(settings or {})     # house rules (--house, --setting)
        self.family = family                     # the house rules' family, offered first
        self.house = house                       # a house sheet's rules (--house FILE|NAME)

    def make(self, family: str, names: list[str], **kw: Any) -> GameConfig:
        """``make_config`` with the house rules: a bad setting is said at once."""
        from ..engine.config import make_config

        return make_config(family, names, settings=self.settings or None, house=self.house,
                           **kw)

    def rules_of(self, family: str) -> RuleSet:
        """The rule set of ``family``, or of the house sheet being set up."""
        from ..engine.config import rules_for

        return rules_for(family, None, self.house)

    def ask(self, key: str, default: str | None = None, **values: Any) -> str:
        """Ask until an answer comes; ``h`` helps, ``q`` quits, ``s``/``u`` wait for a game."""
        while True:
            answer = self.term.ask(self.term.t(key, **values), default)
            word = answer.lower()
            if word in QUIT_WORDS:
                raise Quit
            if word in HELP_WORDS:
                self.term.say(self.term.t("help_setup"))
                continue
            if word.split(" ")[0] in SHEET_WORDS + UNDO_WORDS:
                self.term.say(self.term.t("no_game_yet"))
                continue
            if answer:
                return answer
            self.term.refuse(self.term.t("empty_answer"))

    def config(self) -> GameConfig:
        from ..engine.config import make_config
        from ..rules import DEFAULT_FAMILY, family_ids, get_rules, rules_class

        while self.house is None:
            try:
                family = rules_class(self.ask("ask_family", self.family or DEFAULT_FAMILY,
                                              families=family_ids())).family
                get_rules(family, self.settings or None)      # the house rules fit this family
                break
            except ConfigError as err:
                self.term.refuse(err)
        else:
            family = self.rules_of("").family
        while True:
            names = self.players()
            try:
                make_config(family, names, house=self.house)  # player count (G6), names
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
        from ..engine.config import random_order, start_die_order

        if len(names) < 2:
            return names
        how = self.rules_of(family).hints.start_order
        if how == "drawn":
            if ask_yes(self.term, "ask_random_order", self.term.t("yes_letter")):
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
            if answer.lower() in QUIT_WORDS:
                raise Quit
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
            for name, value in zip(contenders, values, strict=True):
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

    def options(self, family: str, names: list[str]) -> GameConfig:
        """The family's own questions, each checked as it is answered (C5, Y10, D10)."""
        def words(text: str) -> list[str]:
            return [] if text.lower() in NONE_WORDS else rules.hints.split_choices(text)

        # the questions follow what the rule set offers: a choice of columns (one of them
        # perhaps imposée), presets with a custom sheet, or variants
        rules = self.rules_of(family)
        if len(rules.column_names) > 1 and not rules.presets:
            def columns(text: str) -> list[str]:
                cols = rules.hints.split_choices(text)
                plain = [c for c in cols if rules.normalise_choice(c) != rules.imposed_column]
                if plain or len(cols) != len(plain):
                    self.make(family, names, columns=plain or list(rules.default_columns[:1]))
                return cols

            cols = self.checked("ask_columns_classic", " ".join(rules.default_columns), columns,
                                columns=", ".join(rules.column_names))
            imposed = None
            if any(rules.normalise_choice(c) == rules.imposed_column for c in cols):
                def order(text: str) -> list[str]:
                    ids = [rules.row(r).id for r in rules.hints.split_choices(text)]
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
                self.make(family, names, columns=rules.hints.split_choices(t), optional_rows=[],
                          options=[], explicit=True) and rules.hints.split_choices(t)))
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


def stored_id(game: Game) -> str:
    """The id of a game kept in the store: a session's game always has one."""
    assert game.id is not None, "a game of the store has an id"
    return game.id


def resume_command(game_id: str, db: str | None) -> str:
    """The command that goes on with this game."""
    return f"yams play --game {game_id[:8]}" + (f" --db {db}" if db else "")


def open_session(term: Terminal, store: Store, game_id: str | None,
                 db: str | None, setup: Setup | None = None) -> TableSession:
    """The game named by ``--game``, one picked from those in progress, or a new one."""
    from ..store.session import TableSession

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
    damaged: list[StoreError] = []
    games = sorted(store.games_in_progress(damaged), key=lambda g: (str(g.get("updated") or
                                                                        g.get("created")), g["id"]),
                   reverse=True)
    for problem in damaged:     # one unreadable game must not keep the others from the table
        term.say("! " + problem.text(term.lang))
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
    new_id = stored_id(session.game)
    cmd = resume_command(new_id, db)
    term.say(term.t("game_id", id=new_id[:8], cmd=cmd), keep=cmd)
    return session


def _resumed(term: Terminal, session: TableSession) -> None:
    game = session.game
    term.say(term.t("resumed", id=stored_id(game)[:8], label=game.config.label), style="bold")
    if game.events:
        from .sheet_view import sheets_view
        term.show(sheets_view(game, term.lang, width=term.out.width))


def house_setup(term: Terminal, store: Store, house: str | None, settings: list[str],
                save: str | None, db: str | None = None) -> Setup:
    """The setup of a new game with the house rules of ``--house`` and ``--setting``: a house
    sheet (a file, or a saved one's name), else the house rules saved under that name by an
    earlier version (a family and its settings)."""
    from ..house.families import family_sheets
    from .house_files import command_sheet, is_path, saved_names, say_earlier_versions
    from .options import parse_settings

    family, merged = None, {}
    presets = store.house_rules() if house is not None else {}
    if house is not None and not is_path(house) and house not in presets and \
            house not in saved_names(store) and house not in family_sheets():
        raise ConfigError(Message("cli.house_rules_named", house=house),
                          expected=", ".join(sorted({*presets, *saved_names(store)})) or
                          "yams house new NAME")
    if house is not None and house not in presets:
        if save is not None:
            raise ConfigError(Message("cli.house.option_does_not_go_with_house",
                                      option="--save-house"), expected=f"--house {house}")
        sheet = command_sheet(None, house, parse_settings(settings), db)
        assert sheet is not None
        say_earlier_versions(store, sheet, term.lang)
        return Setup(term, store, house=sheet.rules_doc)
    if house is not None:
        saved = presets[house]
        family, merged = saved["family"], dict(saved["settings"])
    merged.update(parse_settings(settings))
    if save is not None and (not save.strip() or has_unsafe(save) or has_invisible(save)):
        raise ConfigError(Message("cli.house_name", name=shown(save)),
                          expected="--save-house club")
    if save is not None and not merged:
        raise ConfigError(Message("cli.save_house_needs_house"),
                          expected="--setting yam=60 --save-house club")
    return Setup(term, store, merged, family, save)


def print_houses(term: Terminal, store: Store) -> None:
    """``yams play --houses``: every saved house rule set, one line each."""
    from ..base.safetext import json_text

    houses = store.house_rules()
    if not houses:
        term.say(term.t("no_houses"))
        return
    for name, house in houses.items():
        values = " ".join(f"{k}={json_text(v)}" for k, v in sorted(house["settings"].items()))
        term.say(f"{shown(name)}{term.t('colon')}{shown(house.get('family', '?'))} · "
                 f"{shown(values)}")

