"""A game from scripts: ``yams new``, ``enter``, ``mark``, ``cells``, ``sheet``, ``undo``,
``end``, ``games``, ``replay`` and ``transcript``.

Each command is one step of a game kept in the store (``--db PATH``, else ``$YAMS_DB``, else
the user's application folder): it parses what was typed, calls the function of the same name
in :mod:`yams_scorekeeper.api` (which checks and records one event), and prints the answer. A
refused entry raises a :class:`~yams_scorekeeper.errors.YamsError` before anything is written,
so the store is left as it was. The interactive table mode (``yams play``) lives elsewhere.

The top of the module imports only ``typer`` and the standard library; the store, the rules
and ``rich`` are imported inside the commands. :func:`read_text` and :func:`write_text` are the
only file reads and writes of the command line outside the store (a file the user names).
"""

from __future__ import annotations

import datetime as _dt
import errno
import os
import re
import sys
from typing import TYPE_CHECKING, Any, Callable, Iterable, List, Optional

import typer

from ..errors import ConfigError, EntryError, IllegalMoveError, StoreError
from .lang import current_lang
from .printable import html_option, svg_option
from .messages import msg, outcome
from .render import print_error, print_json, shown

if TYPE_CHECKING:  # pragma: no cover
    from rich.table import Table

    from ..game import Game, LegalCell, Mark, Sheet
    from ..session import TableSession
    from ..store import Store

WORDS = {
    "en": {
        "started": "New game {id}: {label}", "order": "Turn order: {players}",
        "first": "{name} plays first: yams enter DICE --roll N",
        "coup": "{name} · coup {n} · {dice} · roll {roll}",
        "joker": "joker {a}→{b}, rolled {rolled}",
        "hint": "Write a cell: yams mark NUMBER (or {cell})", "cell": ("ROW", "COLUMN.ROW"),
        "hint2": "Write a cell: yams mark NUMBER, or enter the second coup",
        "no_cells": "No cell can take this coup.",
        "wrote": "{name} wrote {cell}: {score}   {why}", "scratched": "{name} scratched {cell}: 0",
        "total": "{name}, total: {total}", "next": "Next: {name}",
        "enter_first": "{name} to play: enter the dice with yams enter DICE --roll N",
        "over": "Game over.", "stopped": "Game stopped.", "ranking": "Final ranking",
        "rank": "#", "player": "Player", "points": "Total",
        "record": "New record, {label}: {part} {value} by {player} (was {old} by {holder}, {date})",
        "first_game": "First game of {label}: its scores are the records.",
        "grand": "grand total", "undone": "Cancelled: {what}", "to_play": "To play: {name}",
        "undo_enter": "{name}: dice {dice} (roll {roll})", "undo_mark": "{name}: {cells}",
        "undo_amend": "the correction of turn {turns}",
        "no_games": "No game in progress.", "id": "Id", "game": "Game", "players": "Players",
        "created": "Started", "events": "Events", "finishing": "finishing",
        "written": "Transcript of game {id} written to {path}",
    },
    "fr": {
        "started": "Nouvelle partie {id} : {label}", "order": "Ordre de jeu : {players}",
        "first": "{name} commence : yams enter DÉS --roll N",
        "coup": "{name} · coup {n} · {dice} · lancer {roll}",
        "joker": "joker {a}→{b}, dés lancés {rolled}",
        "hint": "Inscrire une case : yams mark NUMÉRO (ou {cell})",
        "cell": ("LIGNE", "COLONNE.LIGNE"),
        "hint2": "Inscrire une case : yams mark NUMÉRO, ou saisir le second coup",
        "no_cells": "Aucune case ne peut recevoir ce coup.",
        "wrote": "{name} inscrit {cell} : {score}   {why}", "scratched": "{name} barre {cell} : 0",
        "total": "{name}, total : {total}", "next": "À suivre : {name}",
        "enter_first": "À {name} de jouer : saisissez les dés avec yams enter DÉS --roll N",
        "over": "Partie finie.", "stopped": "Partie arrêtée.", "ranking": "Classement final",
        "rank": "#", "player": "Joueur", "points": "Total",
        "record": "Nouveau record, {label} : {part} {value} par {player} (avant : {old} par "
                  "{holder}, {date})",
        "first_game": "Première partie en {label} : ses marques sont les records.",
        "grand": "total général", "undone": "Annulé : {what}", "to_play": "À jouer : {name}",
        "undo_enter": "{name} : dés {dice} (lancer {roll})", "undo_mark": "{name} : {cells}",
        "undo_amend": "la correction du tour {turns}",
        "no_games": "Aucune partie en cours.", "id": "Id", "game": "Partie", "players": "Joueurs",
        "created": "Commencée", "events": "Événements", "finishing": "en clôture",
        "written": "Feuille de la partie {id} écrite dans {path}",
    },
}

# -- options shared by the commands (book_cmds, score and play use them too) -----------------

def db_option() -> Any:
    return typer.Option(None, "--db", metavar="PATH", show_default=False,
                        help="Store folder. Default: $YAMS_DB, else the user's application "
                             "folder.")


def game_option() -> Any:
    return typer.Option(None, "--game", "-g", metavar="ID", show_default=False,
                        help="Game id, or a unique start of it (see 'yams games'). Default: the "
                             "only game in progress.")


def json_option(help: str = "Print one JSON object instead of text.") -> Any:
    return typer.Option(False, "--json", help=help)


def rules_option(default: str | None, help: str) -> Any:
    """``--rules``/``-R RULES``: a rule family (its id or an alias, French names welcome)."""
    return typer.Option(default, "--rules", "-R", metavar="RULES", help=help)


#: the help of a --rules option whose default is the registry's first family
RULES_HELP = ("Rule set: a family id or alias, as listed in docs/rules.md (French names work "
              "too); default: the first family, Yam classique.")


def default_family() -> str:
    """The family a command plays when --rules is not given (the registry's first)."""
    from ..rules import DEFAULT_FAMILY

    return DEFAULT_FAMILY


def dice_argument(help: str) -> Any:
    """The ``DICE...`` typed after the command (``yams score``, ``yams enter``)."""
    return typer.Argument(None, metavar="DICE...", show_default=False, help=help)


def roll_option(help: str) -> Any:
    """``--roll``/``-r N``: the roll on which the dice were kept."""
    return typer.Option(None, "--roll", "-r", metavar="N", show_default=False, help=help)


#: The last line of every epilog. Typer strips the indentation common to the lines after the
#: first, so an epilog must end with a line flush left for the examples to stay indented.
EXIT_LINE = "Exit: 0 ok, 2 bad entry, 3 refused by the rules, 4 store error, 5 store busy."


def examples(*lines: str, note: str = EXIT_LINE) -> str:
    """An epilog: 'Example(s):', the command lines indented, then ``note`` flush left."""
    head = "Example:" if len(lines) == 1 else "Examples:"
    return "\n".join([head, *(f"  {line}" for line in lines), note])


def open_store(db: str | None, reading: bool = False) -> "Store":
    """The store at ``db``, else ``$YAMS_DB``, else the application folder; what it does on its
    own (a record book rebuilt) is said on stderr. ``reading``: a command that only reads,
    which refuses a folder that does not exist when it was named (a mistyped --db or
    $YAMS_DB) rather than report an empty store."""
    from ..store import ENV_VAR, Store

    store = Store(db, notify=_notice)
    if reading and (db or os.environ.get(ENV_VAR)) and not store.exists():
        raise StoreError(f"no store at {store.path}: check --db or $YAMS_DB; nothing was created",
                         f"pas de registre dans {store.path} : vérifiez --db ou $YAMS_DB ; rien "
                         "n'a été créé", expected="the folder of an existing store")
    return store


def _notice(en: str, fr: str) -> None:
    """A line on stderr about what the store did on its own (``$YAMS_LANG`` or the locale)."""
    lang = current_lang(None)
    sys.stderr.write(f"note: {shown(fr if lang == 'fr' else en)}\n")
    sys.stderr.flush()


#: largest transcript read by ``yams replay`` (a long evening is a few kB)
MAX_TRANSCRIPT_BYTES = 4 * 1024 * 1024


def read_text(path: str, limit: int | None = None) -> str:
    """The text of a file the user named (``-``: standard input), at most ``limit`` bytes
    (default: the store's cap); a folder, a device or a FIFO is refused unread."""
    from ..storage import MAX_FILE_BYTES, read_regular

    limit = MAX_FILE_BYTES if limit is None else limit
    too_big = EntryError(f"{path} is larger than {limit // 1024} kB: not read",
                         f"{path} dépasse {limit // 1024} ko : non lu")
    if path == "-":
        text = sys.stdin.read(limit + 1)
        if len(text) > limit:
            raise too_big
        return text
    try:
        raw = read_regular(path, limit)
    except OSError as exc:
        if exc.errno == errno.EFBIG:
            raise too_big from None
        raise EntryError(f"cannot read {path}: {exc.strerror}",
                         f"impossible de lire {path} : {exc.strerror}") from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise EntryError(f"{path} is not UTF-8 text", f"{path} n'est pas du texte UTF-8") from None


def write_text(path: str, text: str) -> None:
    """Write ``text`` to the file the user named (``-``: standard output), all or nothing."""
    if path == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    from ..storage import write_user_file

    write_user_file(path, lambda handle: handle.write(text))


def local_date(iso: str | None, with_time: bool = True) -> str:
    """``2024-05-01T19:30:00+00:00`` -> ``2024-05-01 21:30`` in local time."""
    if not iso:
        return "-"
    try:
        when = _dt.datetime.fromisoformat(iso)
    except ValueError:
        return shown(iso)
    if when.tzinfo is not None:
        when = when.astimezone()
    return when.strftime("%Y-%m-%d %H:%M" if with_time else "%Y-%m-%d")


def _session(db: str | None, game_id: str | None, lang: str = "en",
             as_json: bool = False) -> "TableSession":
    """The game in progress; one whose finish was cut (a full disk) is finished now, and the
    command then shows it finished (ranking, records) instead of doing its own step."""
    from ..session import TableSession

    session = TableSession.resume(open_store(db), game_id)
    if session.game.finished:
        show_finished(session.game, session.broken, lang, as_json)
        raise typer.Exit(0)
    return session


def show_finished(game: "Game", records: list[dict], lang: str, as_json: bool) -> None:
    """A finished game: its ranking and the records it broke (``yams end``, and a game whose
    finish was cut, found over by another command)."""
    if as_json:
        print_json({"game": game.id, "finished": True, "stopped": game.stopped,
                    "ranking": ranking_json(game), "records": records})
    else:
        print_ending(game, records, lang)


def game_step(step: Callable[["TableSession", str, bool], None]) -> Callable[..., None]:
    """A command on the game in progress that takes no option but --game, --json and --db:
    ``step(session, lang, as_json)`` gets the game (the one --game names, else the only one)
    and the user's language. The command has the name and the help of ``step``."""

    def command(
        ctx: typer.Context,
        game_id: Optional[str] = game_option(),
        as_json: bool = json_option(),
        db: Optional[str] = db_option(),
    ) -> None:
        lang = current_lang(ctx)
        step(_session(db, game_id, lang, as_json), lang, as_json)

    command.__name__ = command.__qualname__ = step.__name__
    command.__doc__ = step.__doc__
    return command


def any_game(db: str | None, game_id: str | None) -> "Game":
    """A game in progress, or (with an id) a finished one: see :func:`yams_scorekeeper.api.load`."""
    from ..api import load

    return load(open_store(db, reading=True), game_id)


def any_game_doc(db: str | None, game_id: str | None) -> dict:
    """The document of :func:`any_game` (its ``reopened`` field says when it was reopened)."""
    from ..api import load_doc

    return load_doc(open_store(db, reading=True), game_id)


# -- JSON shapes --------------------------------------------------------------------------------

def mark_json(mark: "Mark") -> dict[str, Any]:
    return {"column": mark.column, "row": mark.row, "score": mark.score, "scratch": mark.scratch,
            "dice": [str(d) for d in mark.dice], "roll": mark.roll, "why": mark.explain}


def sheet_json(game: "Game", sheet: "Sheet") -> dict[str, Any]:
    """One player's sheet: marks in grid order, totals and counters."""
    marks = [mark_json(sheet.marks[(c.id, r)]) for c in game.columns for r in game.rows
             if (c.id, r) in sheet.marks]
    return {"name": sheet.name, "marks": marks, "totals": game.totals(sheet).to_json(),
            "counters": {"turns": sheet.turns, "cells_left": game.cells_per_sheet - len(marks),
                         "doblars_left": sheet.doblars_left,
                         "doblars_used": sorted(sheet.doblars_used),
                         "jokers_left": sheet.jokers_left, "bank": sheet.bank,
                         "pool": sheet.pool}}


def game_json(game: "Game") -> dict[str, Any]:
    """A whole game: settings, whose turn, every sheet, and the ranking."""
    return {"game": game.id, "label": game.config.label, "family": game.config.family,
            "config_key": game.config.config_key, "finished": game.finished,
            "stopped": game.stopped, "current": None if game.finished else game.player.name,
            "players": [sheet_json(game, s) for s in game.sheets],
            "ranking": ranking_json(game)}


def ranking_json(game: "Game") -> list[dict[str, Any]]:
    return [{"rank": rank, "name": sheet.name, "total": total}
            for rank, sheet, total in game.ranking()]


def cells_json(game: "Game", cells: list["LegalCell"]) -> dict[str, Any]:
    return {"game": game.id, "player": None if game.finished else game.player.name,
            "coup": len(game.coups), "cells": [c.to_json() for c in cells]}


# -- human output -----------------------------------------------------------------------------

def _print(text: str) -> None:
    """One line of plain output; any data in it is shown escaped (:func:`shown`)."""
    typer.echo(shown(text))


def simple_table(columns: Iterable[tuple[str, str]] = (), **kwargs: Any) -> "Table":
    """A Rich table with a rule under its header (lists of games, records, statistics), with
    a column per ``(title, justify)`` of ``columns``, folded when too long."""
    from rich import box
    from rich.table import Table

    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, **kwargs)
    for title, justify in columns:
        table.add_column(title, justify=justify, overflow="fold")  # type: ignore[arg-type]
    return table


def print_sheets(game: "Game", title: str, lang: str, index: int | None = None) -> None:
    """``title``, then the sheets of ``game`` (only the ``index``-th player's when given)."""
    from .render import console
    from .sheet_view import sheets_view

    out = console()
    out.print(title, markup=False)
    out.print(sheets_view(game, lang, index, out.width))


def print_next(game: "Game", broken: list[dict], lang: str, key: str) -> None:
    """The ranking and the records broken when ``game`` is over, else who plays (``key``:
    the words 'next' or 'to_play')."""
    if game.finished:
        print_ending(game, broken, lang)
    else:
        _print(WORDS[lang][key].format(name=game.player.name))


def _mark_label(game: "Game", mark: "Mark") -> str:
    from .sheet_view import cell_label
    from ..game import LegalCell

    return cell_label(game, LegalCell(mark.column, mark.row, mark.coup, mark.score, ""))


def print_ending(game: "Game", broken: list[dict], lang: str) -> None:
    """The final ranking and the records the game broke."""
    from rich.table import Table

    from .render import console

    w = WORDS[lang]
    out = console()
    stopped = w["stopped"]
    if game.stopped_early and not game.rules.stopped_game_has_winner:
        stopped = msg("game_stopped_no_win", lang)
    out.print(stopped if game.stopped else w["over"], markup=False)
    table = Table(title=w["ranking"], title_justify="left", box=None, pad_edge=False)
    table.add_column(w["rank"], justify="right")
    table.add_column(w["player"])
    table.add_column(w["points"], justify="right")
    for rank, sheet, total in game.ranking():
        table.add_row(str(rank), shown(sheet.name), str(total), style="bold" if rank == 1 else None)
    out.print(table)
    line = outcome(game, lang)
    if line:
        out.print(line, markup=False)
    for line in record_lines(broken, lang):
        out.print(line, markup=False)


def record_lines(broken: list[dict], lang: str) -> list[str]:
    """One line per record beaten; one line for the first game of a configuration."""
    w = WORDS[lang]
    lines, firsts = [], []
    for rec in broken:
        part = w["grand"] if rec["part"] == "total" else rec["part"]
        if rec["previous"] is None:
            if rec["config_label"] not in firsts:
                firsts.append(rec["config_label"])
            continue
        old = rec["previous"]
        lines.append(w["record"].format(label=rec["config_label"], part=part, value=rec["value"],
                                        player=rec["player"], old=old["value"],
                                        holder=old["player"],
                                        date=local_date(old["date"], with_time=False)))
    return [w["first_game"].format(label=label) for label in firsts] + lines


def _print_cells(game: "Game", cells: list["LegalCell"], lang: str) -> None:
    from ..dice import format_dice
    from .render import console
    from .sheet_view import legal_table

    w = WORDS[lang]
    out = console()
    if game.coups:
        n = len(game.coups)
        coup = game.coups[-1]
        text = w["coup"].format(name=game.player.name, n=n, dice=format_dice(coup.dice),
                                roll=coup.roll)
        if coup.joker:
            text += " (" + w["joker"].format(a=coup.joker[0], b=coup.joker[1],
                                             rolled=format_dice(coup.rolled)) + ")"
        out.print(text, markup=False)
    if not cells:
        out.print(w["no_cells"] if game.coups else
                  w["enter_first"].format(name=game.player.name), markup=False)
        return
    out.print(legal_table(game, cells, lang))
    more = len(game.coups) < game.coups_allowed()
    cell = w["cell"][len(game.columns) > 1]
    out.print(w["hint2"] if more else w["hint"].format(cell=cell), markup=False)


# -- parsing ------------------------------------------------------------------------------------

def _int_option(text: str, name: str, most: int = 99) -> int:
    """A small whole number typed as an option (1 to ``most``)."""
    token = text.strip()
    if not (token.isascii() and token.isdigit()) or len(token) > 6 or not 1 <= int(token) <= most:
        raise EntryError(f"{name} '{token[:12]}' is not a whole number from 1 to {most}",
                         f"{name} « {token[:12]} » n'est pas un nombre entier de 1 à {most}",
                         expected=f"{name} 2")
    return int(token)


def parse_start_dice(texts: list[str], players: list[str]) -> dict[str, list[int]]:
    """``"Alice=3 Bob=2,5"`` -> ``{"Alice": [3], "Bob": [2, 5]}`` (each player's start dice)."""
    rolls: dict[str, list[int]] = {}
    pending: list[str] = []
    for token in " ".join(texts).split():
        if "=" not in token:
            pending.append(token)
            continue
        head, _, values = token.partition("=")
        name = " ".join([*pending, head]).strip()
        pending = []
        match = next((p for p in players if p.casefold() == name.casefold()), None)
        if match is None:
            raise ConfigError(f"start die for '{name}', who is not a player",
                              f"dé de départ pour « {name} », qui ne joue pas",
                              expected=", ".join(players))
        dice = [int(v) for v in values.split(",") if v.strip() in ("1", "2", "3", "4", "5", "6")]
        if len(dice) != len([v for v in values.split(",") if v.strip()]):
            dice = []
        if not dice:
            raise ConfigError(f"cannot read the start dice '{token}'",
                              f"dés de départ « {token} » illisibles", expected="Bob=2,5")
        rolls[match] = dice
    if pending:
        raise ConfigError(f"cannot read the start dice '{' '.join(pending)}'",
                          f"dés de départ « {' '.join(pending)} » illisibles",
                          expected='"Alice=3 Bob=2,5"')
    missing = [p for p in players if p not in rolls]
    if missing:
        raise ConfigError(f"no start die for {', '.join(missing)}",
                          f"pas de dé de départ pour {', '.join(missing)}",
                          expected='--start-dice "Alice=3 Bob=2,5"', rule="C6")
    return rolls


#: longest --setting KEY=VALUE read (the longest real one is a few dozen characters)
MAX_SETTING_TEXT = 1000


def _parse_settings(items: list[str]) -> dict[str, Any]:
    from ..storage import BadJSON, loads_bounded

    settings: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip() or len(item) > MAX_SETTING_TEXT:
            raise ConfigError(f"cannot read the setting '{item[:40]}'",
                              f"réglage « {item[:40]} » illisible",
                              expected=f"--setting yam=60 (at most {MAX_SETTING_TEXT} characters)")
        try:
            settings[key.strip()] = loads_bounded(value)
        except BadJSON as exc:
            if value.strip()[:1] in ("[", "{", "-", ".") or value.strip()[:1].isdigit():
                raise ConfigError(f"setting '{key.strip()}': {exc.en}",
                                  f"réglage « {key.strip()} » : {exc.fr}",
                                  expected="--setting yam=60") from None
            settings[key.strip()] = value.strip()
    return settings


def _split_list(values: list[str] | None) -> list[str]:
    return [v for text in values or () for v in re.split(r"[\s,]+", text.strip()) if v]


# -- commands -----------------------------------------------------------------------------------

NEW_EPILOG = examples(
    "yams new --rules gaby -p Alice -p Bob",
    "yams new --rules gaby -p Alice --column libre,sec --row nenette",
    "yams new --rules double --variant force --direction croissant -p Ana -p Bo",
    'yams new -R duel -p Alice -p Bob --order dice --start-dice "Alice=3 Bob=2,5"',
    "yams new --rules duel -p Alice -p Bob --setting yam=60 --json")


def new(
    ctx: typer.Context,
    rules_name: Optional[str] = rules_option(None, RULES_HELP),
    players: Optional[List[str]] = typer.Option(
        None, "--player", "-p", metavar="NAME", show_default=False,
        help="A player, in seating order; repeat for each (1 to 8, Gaby 1 to 4)."),
    columns: Optional[List[str]] = typer.Option(
        None, "--column", "-c", metavar="COLUMN", show_default=False,
        help="A column of the sheet (classic: libre descendante montante imposee; Gaby: "
             "descente libre montee demi-sec sec); repeat for each."),
    rows: Optional[List[str]] = typer.Option(
        None, "--row", metavar="ROW", show_default=False,
        help="An optional row (Gaby: nenette, petit); repeat for each."),
    options: Optional[List[str]] = typer.Option(
        None, "--option", metavar="OPTION", show_default=False,
        help="A Gaby option: bloquant, deux-coups, doblar, chance; repeat for each."),
    preset: Optional[str] = typer.Option(None, "--preset", metavar="gaby|gaby-solo",
                                         help="Gaby presets (the default when nothing is said)."),
    variant: Optional[str] = typer.Option(None, "--variant", metavar="VARIANT",
                                          help="The family's variant, if it has some "
                                               "(Double Yams: D10 in docs/rules.md)."),
    direction: Optional[str] = typer.Option(None, "--direction", metavar="DIR",
                                            help="Double Yams forcé: croissant or decroissant."),
    imposed: Optional[List[str]] = typer.Option(
        None, "--imposed", metavar="ROWS", show_default=False,
        help="Classic imposée column: every row in the order to fill, e.g. yam,1,2,..."),
    order: Optional[str] = typer.Option(
        None, "--order", metavar="given|random|dice",
        help="Turn order: as given, drawn at random, or from start dice (the lowest starts, "
             "then seating order). Default: random in Gaby (Y9), as given otherwise."),
    start_dice: Optional[List[str]] = typer.Option(
        None, "--start-dice", metavar="'NAME=D[,D...] ...'", show_default=False,
        help="Each player's start die for --order dice; a tie rolls again: Bob=2,5."),
    settings: Optional[List[str]] = typer.Option(
        None, "--setting", metavar="KEY=VALUE", show_default=False,
        help="A house rule, e.g. yam=60 (the value is read as JSON when it can be)."),
    as_json: bool = json_option(),
    db: Optional[str] = db_option(),
) -> None:
    """Start a game in the store and print its id, its players in turn order and its label."""
    from ..api import new as new_game

    lang = current_lang(ctx)
    names = [p for p in players or ()]
    if not names:
        raise ConfigError("name the players with --player", "nommez les joueurs avec --player",
                          expected="--player Alice --player Bob")
    rolls = parse_start_dice(start_dice, [n.strip() for n in names]) if start_dice else None
    step = new_game(open_store(db), rules_name or default_family(), names,
                    columns=_split_list(columns) or None, rows=_split_list(rows) or None,
                    options=_split_list(options), variant=variant, direction=direction,
                    imposed=_split_list(imposed) or None,
                    settings=_parse_settings(settings or []) or None, preset=preset, order=order,
                    start_dice=rolls)
    game = step.game
    config, seated = game.config, list(game.config.players)
    if as_json:
        print_json({"game": game.id, "players": seated, "label": config.label,
                    "family": config.family, "config_key": config.config_key,
                    "config": config.to_json()})
        return
    w = WORDS[lang]
    _print(w["started"].format(id=game.id, label=config.label))
    _print(w["order"].format(players=", ".join(f"{i}. {n}" for i, n in enumerate(seated, 1))))
    _print(w["first"].format(name=seated[0]))


ENTER_EPILOG = examples(
    "yams enter 5 5 5 3 3 --roll 2",
    "yams enter 55533/2",
    "yams enter 55552/3 --joker 2:5      (Duel: a joker turns a 2 into a 5)",
    "yams enter 1cp 2cp 3cp 4fp 5fp 6cg 6cg 1fg 2fg 3fg --roll 6 --announce youpi",
    "yams enter 12345/1 --game 3f2a --json")


def enter(
    ctx: typer.Context,
    dice: Optional[List[str]] = dice_argument(
        "The dice kept: '5 5 5 3 3', '55533', or '55533/2' with the roll after '/'; "
        "Double Yams: ten tagged dice, 6cp 3fg ... or by groups: cp665 fp12 cg34 fg556."),
    roll: Optional[str] = roll_option("After how many rolls the dice were kept."),
    game_id: Optional[str] = game_option(),
    jokers: Optional[List[str]] = typer.Option(None, "--joker", metavar="FROM:TO",
                                               help="Duel: one die showing FROM counts as TO."),
    announce: Optional[str] = typer.Option(None, "--announce", metavar="ROW",
                                           help="Double Yams: the row announced for a sixth roll."),
    as_json: bool = json_option(),
    db: Optional[str] = db_option(),
) -> None:
    """Record the dice of the player to play, and list the cells they may write (numbered)."""
    lang = current_lang(ctx)
    from ..api import enter as enter_dice
    from ..notation import split_roll

    text, roll = split_roll(" ".join(dice or ()), roll)

    if jokers and len(jokers) > 1:
        raise IllegalMoveError("one joker a turn", "un seul joker par tour", rule="U4")
    joker = jokers[0] if jokers else None
    step = enter_dice(open_store(db), text, roll, game_id=game_id, joker=joker,
                      announce=announce)
    if step.finished_earlier:
        show_finished(step.game, step.records, lang, as_json)
        return
    game, cells = step.game, step.cells
    if as_json:
        coup = game.coups[-1]
        print_json({**cells_json(game, cells), "dice": [str(d) for d in coup.dice],
                    "rolled": [str(d) for d in coup.rolled], "roll": coup.roll})
        return
    _print_cells(game, cells, lang)


MARK_EPILOG = examples(
    "yams mark 3                      (a number from yams enter or yams cells)",
    "yams mark libre.full",
    "yams mark full                   (one-column sheets: Duel, Double Yams)",
    "yams mark .5                     (row 5 there: a bare 5 is a list number)",
    "yams mark sec.yam --coup 2       (or sec.yam@2)",
    "yams mark libre.yam --scratch    (or libre.yam=0)",
    "yams mark libre.full --doblar sec.yam")


def mark(
    ctx: typer.Context,
    cell: Optional[str] = typer.Argument(None, metavar="CELL", show_default=False,
                                         help="NUMBER from the list, COLUMN.ROW, or ROW."),
    game_id: Optional[str] = game_option(),
    coup: Optional[str] = typer.Option(None, "--coup", metavar="N",
                                       help="Write from coup N (two-coup turns)."),
    scratch: bool = typer.Option(False, "--scratch", help="Scratch the cell (0)."),
    doblar: Optional[str] = typer.Option(None, "--doblar", metavar="CELL2",
                                         help="Gaby doblar: also write CELL2 from the other coup."),
    as_json: bool = json_option(),
    db: Optional[str] = db_option(),
) -> None:
    """Write a cell for the player to play; print it, their total, and who plays next.

    When the game is over, print the final ranking and the records it broke.
    """
    lang = current_lang(ctx)
    if cell is None or not cell.strip():
        raise EntryError("say which cell to write", "indiquez quelle case inscrire",
                         expected="yams mark 3, or yams mark libre.full")
    from ..api import mark as mark_cell

    step = mark_cell(open_store(db), cell, game_id=game_id, scratch=scratch, doblar=doblar,
                     coup=None if coup is None else _int_option(coup, "--coup"))
    if step.finished_earlier:
        show_finished(step.game, step.records, lang, as_json)
        return
    game, written = step.game, step.written
    sheet = next(s for s in game.sheets if s.name == step.event["player"])
    total = game.totals(sheet).grand
    if as_json:
        data = {"game": game.id, "player": sheet.name, "marks": [mark_json(m) for m in written],
                "total": total, "finished": game.finished,
                "next": None if game.finished else game.player.name}
        if game.finished:
            data.update(ranking=ranking_json(game), records=step.records)
        print_json(data)
        return
    w = WORDS[lang]
    for m in written:
        label = _mark_label(game, m)
        _print(w["scratched"].format(name=sheet.name, cell=label) if m.scratch else
               w["wrote"].format(name=sheet.name, cell=label, score=m.score, why=m.explain))
    _print(w["total"].format(name=sheet.name, total=total))
    print_next(game, step.records, lang, "next")


@game_step
def cells(session: "TableSession", lang: str, as_json: bool) -> None:
    """List the cells the player to play may write now, numbered for 'yams mark NUMBER'."""
    game = session.game
    legal = game.legal_cells()
    if as_json:
        print_json(cells_json(game, legal))
        return
    _print_cells(game, legal, lang)


def sheet(
    ctx: typer.Context,
    game_id: Optional[str] = game_option(),
    player: Optional[str] = typer.Option(None, "--player", "-p", metavar="NAME",
                                         help="Only this player's sheet."),
    svg: Optional[str] = svg_option(),
    html: Optional[str] = html_option(),
    as_json: bool = json_option(),
    db: Optional[str] = db_option(),
) -> None:
    """Show the sheets of a game (in progress, or finished with --game), with their totals;
    --svg and --html draw them, every player's, as on the paper sheet, in a file to print."""
    lang = current_lang(ctx)
    game = any_game(db, game_id)
    if svg is not None or html is not None:
        from .printable import draw_sheets

        draw_sheets(game, lang, svg, html)
        return
    index = None
    if player is not None:
        index = next((i for i, s in enumerate(game.sheets)
                      if s.name.casefold() == player.strip().casefold()), None)
        if index is None:
            raise EntryError(f"no player '{player}' in this game",
                             f"pas de joueur « {player} » dans cette partie",
                             expected=", ".join(s.name for s in game.sheets))
    if as_json:
        data = game_json(game)
        if index is not None:
            data["players"] = [data["players"][index]]
        print_json(data)
        return
    # the players-across grid (Duel, Double Yams, ...) has the label as its title
    across = len(game.columns) == 1 and game.rules.sheet_layout == "players"
    print_sheets(game, game.id if across else f"{game.config.label} · {game.id}", lang, index)


def _describe(game: "Game", event: dict, lang: str) -> str:
    w = WORDS[lang]
    name = event.get("player", "?")
    if event["type"] == "enter":
        return w["undo_enter"].format(name=name, dice=" ".join(event["dice"]), roll=event["roll"])
    if event["type"] == "mark":
        from ..game import LegalCell
        from .sheet_view import cell_label

        labels = ", ".join(cell_label(game, LegalCell(c["column"], c["row"], 0, 0, ""))
                           + (" (X)" if c.get("scratch") else "") for c in event["cells"])
        return w["undo_mark"].format(name=name, cells=labels)
    if event["type"] == "amend":
        return w["undo_amend"].format(turns=", ".join(str(c["turn"]) for c in event["changes"]))
    return event["type"]


def undo(
    ctx: typer.Context,
    game_id: Optional[str] = game_option(),
    as_json: bool = json_option(),
    db: Optional[str] = db_option(),
) -> None:
    """Cancel the last entry still in force (dice or cell); repeat to go further back.

    On a finished game (--game ID) it takes back the last cell and reopens the game: it leaves
    the archive and the records are recounted without it until it is finished again.
    """
    from ..api import undo as undo_last

    lang = current_lang(ctx)
    step = undo_last(open_store(db), game_id)
    game, cancelled, reopened = step.game, step.cancelled, step.reopened
    if as_json:
        print_json({"game": game.id, "cancelled": cancelled, "player": game.player.name,
                    "coup": len(game.coups), "reopened": reopened, "finished": game.finished})
        return
    w = WORDS[lang]
    if reopened:
        from .amend_cmds import WORDS as FIX_WORDS
        _print(FIX_WORDS[lang]["reopened"].format(id=game.id[:8]))
    _print(w["undone"].format(what=_describe(game, cancelled, lang)))
    print_next(game, step.records, lang, "to_play")   # a correction undone: finished again


def end(
    ctx: typer.Context,
    game_id: Optional[str] = game_option(),
    as_json: bool = json_option(),
    db: Optional[str] = db_option(),
) -> None:
    """Stop a game before the sheets are full: the highest total wins (it goes to the archive)."""
    from ..api import end as end_game

    step = end_game(open_store(db), game_id)
    show_finished(step.game, step.records, current_lang(ctx), as_json)


def games(
    ctx: typer.Context,
    as_json: bool = json_option(),
    db: Optional[str] = db_option(),
) -> None:
    """List the games in progress, oldest first."""
    lang = current_lang(ctx)
    damaged: list = []
    found = open_store(db, reading=True).games_in_progress(damaged)
    try:
        _list_games(found, as_json, lang)
    finally:
        for err in damaged:     # listed after the readable games; the exit code says so
            print_error(err, lang)
    if damaged:
        raise typer.Exit(damaged[0].exit_code)


def _list_games(found: list[dict], as_json: bool, lang: str) -> None:
    if as_json:
        print_json({"games": found})
        return
    w = WORDS[lang]
    if not found:
        _print(w["no_games"])
        return
    from .render import console

    table = simple_table(((w["id"], "left"), (w["game"], "left"), (w["players"], "left"),
                          (w["created"], "left"), (w["events"], "right")))
    for g in found:
        label = (g["label"] or g["family"] or "") + (f" ({w['finishing']})" if g["finishing"]
                                                     else "")
        table.add_row(shown(g["id"][:8]), shown(label), shown(", ".join(map(str, g["players"]))),
                      local_date(g["created"]),
                      str(g["events"]))
    console().print(table)


REPLAY_EPILOG = examples(
    "yams replay soiree.txt",
    "yams replay --json soiree.txt",
    "yams replay soiree.txt --svg soiree.svg",
    "cat soiree.txt | yams replay -",
    note="A transcript starts with 'rules:' and 'players:' lines, then one line a turn, such "
         "as 'Alice: 55533/2 -> libre.full'. The store is not touched. A line the rules refuse "
         "is reported with its number and rule.\n" + EXIT_LINE)


def replay(
    ctx: typer.Context,
    file: Optional[str] = typer.Argument(None, metavar="FILE", show_default=False,
                                         help="A transcript file, or '-' for standard input."),
    svg: Optional[str] = svg_option(),
    html: Optional[str] = html_option(),
    as_json: bool = json_option(),
) -> None:
    """Replay a written transcript through the rules and show the sheets and totals (--svg,
    --html: draw them in a file to print)."""
    from ..clock import random_id, system_clock
    from ..transcript import parse_transcript

    lang = current_lang(ctx)
    if file is None:
        raise EntryError("name the transcript file (or '-' for standard input)",
                         "indiquez le fichier de la feuille (ou « - » pour l'entrée standard)",
                         expected="yams replay soiree.txt")
    game = parse_transcript(read_text(file, MAX_TRANSCRIPT_BYTES), new_id=random_id,
                            clock=system_clock)
    if svg is not None or html is not None:
        from .printable import draw_sheets

        draw_sheets(game, lang, svg, html)
        return
    if as_json:
        print_json(game_json(game))
        return
    print_sheets(game, game.config.label, lang)
    print_next(game, [], lang, "to_play")


TRANSCRIPT_EPILOG = examples(
    "yams transcript > soiree.txt",
    "yams transcript --game 3f2a -o soiree.txt",
    "yams transcript --game 3f2a | yams replay -")


def transcript(
    ctx: typer.Context,
    game_id: Optional[str] = game_option(),
    output: Optional[str] = typer.Option(None, "--output", "-o", metavar="FILE",
                                         help="Write to FILE instead of standard output."),
    db: Optional[str] = db_option(),
) -> None:
    """Print a game (in progress, or finished with --game) as a transcript 'yams replay' reads."""
    from ..game import Game, reopen_note
    from ..transcript import format_transcript

    lang = current_lang(ctx)
    doc = any_game_doc(db, game_id)
    game = Game.from_doc(doc)
    reopened = reopen_note(doc.get("reopened"))
    comment = None
    if reopened:            # a comment: the transcript replays the same without it
        comment = (f"{game.config.label}; first finished {doc['reopened']['date']}, reopened "
                   f"{reopened['at']}" + (f" ({reopened['times']} times)"
                                          if reopened["times"] > 1 else ""))
    text = format_transcript(game, comment=comment)
    if output is None or output == "-":
        write_text("-", text)
        return
    write_text(output, text)
    _print(WORDS[lang]["written"].format(id=game.id, path=output))


COMMANDS = (
    (new, {"epilog": NEW_EPILOG}),
    (enter, {"epilog": ENTER_EPILOG}),
    (mark, {"epilog": MARK_EPILOG}),
    (cells, {"epilog": examples("yams cells", "yams cells --game 3f2a --json")}),
    (sheet, {"epilog": examples("yams sheet", "yams sheet --player Alice",
                                "yams sheet --game 3f2a --json",
                                "yams sheet --game 3f2a --svg soiree.svg --html soiree.html")}),
    (undo, {"epilog": examples("yams undo", "yams undo --game 3f2a --json",
                               "yams undo --game 3f2a      (a finished game: reopened)")}),
    (end, {"epilog": examples("yams end", "yams end --game 3f2a --json")}),
    (games, {"epilog": examples("yams games", "yams games --json")}),
    (replay, {"epilog": REPLAY_EPILOG}),
    (transcript, {"epilog": TRANSCRIPT_EPILOG}),
)
