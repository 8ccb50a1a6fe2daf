"""A game from scripts, one step a command: ``yams new``, ``enter``, ``mark``, ``cells``,
``undo`` and ``end``.

Each command is one step of a game kept in the store (``--db PATH``, else ``$YAMS_DB``, else
the user's application folder): it parses what was typed, calls the function of the same name
in :mod:`yams_scorekeeper.api` (which checks and records one event), and prints the answer. A
refused entry raises a :class:`~yams_scorekeeper.base.errors.YamsError` before anything is written,
so the store is left as it was. The interactive table mode (``yams play``) lives elsewhere.

The top of the module imports only the standard library (not even ``typer``: see
:mod:`.options`); the store, the rules and ``rich`` are imported inside the commands.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import typer

from ..base.errors import ConfigError, EntryError, IllegalMoveError
from ..i18n import Message, explain_lang, words
from .current_game import game_step
from .files import open_store
from .house_files import house_option
from .json_out import cells_json, mark_json, ranking_json
from .lang import current_lang
from .options import (
    RULES_HELP,
    Argument,
    Option,
    db_option,
    default_family,
    dice_argument,
    evening_option,
    examples,
    game_option,
    int_option,
    json_option,
    parse_settings,
    parse_start_dice,
    roll_option,
    rules_option,
    split_list,
)
from .printing import cell_label, mark_label, print_cells, print_line, print_next, show_finished
from .render import print_json

if TYPE_CHECKING:  # pragma: no cover
    from typing import Any

    from ..engine.game import Game
    from ..store.session import TableSession


NEW_EPILOG = examples(
    "yams new --rules gaby -p Alice -p Bob",
    "yams new --rules gaby -p Alice --column libre,sec --row nenette",
    "yams new --rules double --variant force --direction croissant -p Ana -p Bo",
    'yams new -R duel -p Alice -p Bob --order dice --start-dice "Alice=3 Bob=2,5"',
    "yams new --rules duel -p Alice -p Bob --setting yam=60 --json",
    "yams new --house examples/house/annoncee.toml -p Alice -p Bob")


def new(
    ctx: typer.Context,
    rules_name: str | None = rules_option(None, RULES_HELP),
    players: list[str] | None = Option(
        None, "--player", "-p", metavar="NAME", show_default=False,
        help="A player, in seating order; repeat for each (1 to 8, Gaby 1 to 4)."),
    columns: list[str] | None = Option(
        None, "--column", "-c", metavar="COLUMN", show_default=False,
        help="A column of the sheet (classic: libre descendante montante imposee; Gaby: "
             "descente libre montee demi-sec sec); repeat for each."),
    rows: list[str] | None = Option(
        None, "--row", metavar="ROW", show_default=False,
        help="An optional row (Gaby: nenette, petit); repeat for each."),
    options: list[str] | None = Option(
        None, "--option", metavar="OPTION", show_default=False,
        help="A Gaby option: bloquant, deux-coups, doblar, chance; repeat for each."),
    preset: str | None = Option(None, "--preset", metavar="gaby|gaby-solo",
                                         help="Gaby presets (the default when nothing is said)."),
    variant: str | None = Option(None, "--variant", metavar="VARIANT",
                                          help="The family's variant, if it has some "
                                               "(Double Yams: D10 in docs/rules.md)."),
    direction: str | None = Option(None, "--direction", metavar="DIR",
                                            help="Double Yams forcé: croissant or decroissant."),
    imposed: list[str] | None = Option(
        None, "--imposed", metavar="ROWS", show_default=False,
        help="Classic imposée column: every row in the order to fill, e.g. yam,1,2,..."),
    order: str | None = Option(
        None, "--order", metavar="given|random|dice",
        help="Turn order: as given, drawn at random, or from start dice (the lowest starts, "
             "then seating order). Default: random in Gaby (Y9), as given otherwise."),
    start_dice: list[str] | None = Option(
        None, "--start-dice", metavar="'NAME=D[,D...] ...'", show_default=False,
        help="Each player's start die for --order dice; a tie rolls again: Bob=2,5."),
    settings: list[str] | None = Option(
        None, "--setting", metavar="KEY=VALUE", show_default=False,
        help="A house rule, e.g. yam=60 (the value is read as JSON when it can be)."),
    house: str | None = house_option(),
    evening: str | None = evening_option(),
    place: str | None = Option(None, "--place", metavar="TEXT",
                                        help="Where the game is played (kept for the exports: "
                                             "history --bgstats)."),
    as_json: bool = json_option(),
    db: str | None = db_option(),
) -> None:
    """Start a game in the store and print its id, its players in turn order and its label."""
    from ..api import new as new_game

    lang = current_lang(ctx)
    names = [p for p in players or ()]
    if not names:
        raise ConfigError(Message("cli.name_players_player"),
                          expected="--player Alice --player Bob")
    from ..rules import get_rules
    from .house_files import command_sheet, say_earlier_versions

    rolls = parse_start_dice(start_dice, [n.strip() for n in names]) if start_dice else None
    store = open_store(db)
    house_sheet = command_sheet(rules_name, house, parse_settings(settings or []), db)
    rules = house_sheet.ruleset() if house_sheet else get_rules(rules_name or default_family())
    family = rules.family if house_sheet else rules_name or default_family()
    step = new_game(store, family, names,
                    columns=split_list(columns, rules) or None,
                    rows=split_list(rows, rules) or None,
                    options=split_list(options, rules), variant=variant, direction=direction,
                    imposed=split_list(imposed, rules) or None,
                    settings=parse_settings(settings or []) or None, preset=preset, order=order,
                    start_dice=rolls, evening=evening,
                    place=place, house=house_sheet.rules_doc if house_sheet else None)
    game = step.game
    config, seated = game.config, list(game.config.players)
    earlier = say_earlier_versions(store, house_sheet, lang) if house_sheet else []
    if as_json:
        print_json({"game": game.id, "players": seated, "label": config.label,
                    "family": config.family, "config_key": config.config_key,
                    "config": config.to_json(),
                    **({"house": house_sheet.identity, "house_earlier": earlier}
                       if house_sheet else {})})
        return
    w = words("cli.turn", lang)
    print_line(w["started"].format(id=game.id, label=config.label))
    print_line(w["order"].format(players=", ".join(f"{i}. {n}" for i, n in enumerate(seated, 1))))
    print_line(w["first"].format(name=seated[0]))


ENTER_EPILOG = examples(
    "yams enter 5 5 5 3 3 --roll 2",
    "yams enter 55533/2",
    "yams enter 55552/3 --joker 2:5      (Duel: a joker turns a 2 into a 5)",
    "yams enter 1cp 2cp 3cp 4fp 5fp 6cg 6cg 1fg 2fg 3fg --roll 6 --announce youpi",
    "yams enter 12345/1 --game 3f2a --json")


def enter(
    ctx: typer.Context,
    dice: list[str] | None = dice_argument(
        "The dice kept: '5 5 5 3 3', '55533', or '55533/2' with the roll after '/'; "
        "Double Yams: ten tagged dice, 6cp 3fg ... or by groups: cp665 fp12 cg34 fg556."),
    roll: str | None = roll_option("After how many rolls the dice were kept."),
    game_id: str | None = game_option(),
    jokers: list[str] | None = Option(None, "--joker", metavar="FROM:TO",
                                               help="Duel: one die showing FROM counts as TO."),
    announce: str | None = Option(None, "--announce", metavar="ROW",
                                           help="Double Yams: the row announced for a sixth roll."),
    as_json: bool = json_option(),
    db: str | None = db_option(),
) -> None:
    """Record the dice of the player to play, and list the cells they may write (numbered)."""
    lang = current_lang(ctx)
    from ..api import enter as enter_dice
    from ..engine.notation import split_roll

    text, roll = split_roll(" ".join(dice or ()), roll)

    if jokers and len(jokers) > 1:
        raise IllegalMoveError(Message("entry.one_joker_turn"), rule="U4")
    joker = jokers[0] if jokers else None
    step = enter_dice(open_store(db), text, roll, game_id=game_id, joker=joker,
                      announce=announce)
    if step.finished_earlier:
        show_finished(step.game, step.records, lang, as_json)
        return
    game, cells = step.game, step.cells
    if as_json:
        coup = game.coups[-1]
        print_json({**cells_json(game, cells, lang), "dice": [str(d) for d in coup.dice],
                    "rolled": [str(d) for d in coup.rolled], "roll": coup.roll})
        return
    print_cells(game, cells, lang)


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
    cell: str | None = Argument(None, metavar="CELL", show_default=False,
                                         help="NUMBER from the list, COLUMN.ROW, or ROW."),
    game_id: str | None = game_option(),
    coup: str | None = Option(None, "--coup", metavar="N",
                                       help="Write from coup N (two-coup turns)."),
    scratch: bool = Option(False, "--scratch", help="Scratch the cell (0)."),
    doblar: str | None = Option(None, "--doblar", metavar="CELL2",
                                         help="Gaby doblar: also write CELL2 from the other coup."),
    as_json: bool = json_option(),
    db: str | None = db_option(),
) -> None:
    """Write a cell for the player to play; print it, their total, and who plays next.

    When the game is over, print the final ranking and the records it broke.
    """
    lang = current_lang(ctx)
    if cell is None or not cell.strip():
        raise EntryError(Message("cli.say_which_cell_write"),
                         expected="yams mark 3, or yams mark libre.full")
    from ..api import mark as mark_cell

    step = mark_cell(open_store(db), cell, game_id=game_id, scratch=scratch, doblar=doblar,
                     coup=None if coup is None else int_option(coup, "--coup"))
    game, written, event = step.game, step.written, step.event
    assert event is not None                    # a mark done: its Step holds the event
    sheet = next(s for s in game.sheets if s.name == event["player"])
    total = game.totals(sheet).grand
    if as_json:
        data = {"game": game.id, "player": sheet.name,
                "marks": [mark_json(m, lang) for m in written],
                "total": total, "finished": game.finished,
                "next": None if game.finished else game.player.name}
        if game.finished:
            data.update(ranking=ranking_json(game), records=step.records)
        print_json(data)
        return
    w = words("cli.turn", lang)
    for m in written:
        label = mark_label(game, m)
        print_line(w["scratched"].format(name=sheet.name, cell=label) if m.scratch else
               w["wrote"].format(name=sheet.name, cell=label, score=m.score,
                                 why=m.explain.text(explain_lang(lang))))
    print_line(w["total"].format(name=sheet.name, total=total))
    print_next(game, step.records, lang, "cli.printing.next")


@game_step
def cells(session: TableSession, lang: str, as_json: bool) -> None:
    """List the cells the player to play may write now, numbered for 'yams mark NUMBER'."""
    game = session.game
    legal = game.legal_cells()
    if as_json:
        print_json(cells_json(game, legal, lang))
        return
    print_cells(game, legal, lang)


@dataclass(frozen=True)
class _Written:
    """A cell of a mark event, as :func:`cell_label` reads it (a :class:`Place`)."""

    column: str
    row: str
    coup: int = 0


def _describe(game: Game, event: dict[str, Any], lang: str) -> str:
    w = words("cli.turn", lang)
    name = event.get("player", "?")
    if event["type"] == "enter":
        return w["undo_enter"].format(name=name, dice=" ".join(event["dice"]), roll=event["roll"])
    if event["type"] == "mark":
        labels = ", ".join(cell_label(game, _Written(c["column"], c["row"]))
                           + (" (X)" if c.get("scratch") else "") for c in event["cells"])
        return w["undo_mark"].format(name=name, cells=labels)
    if event["type"] == "amend":
        return w["undo_amend"].format(turns=", ".join(str(c["turn"]) for c in event["changes"]))
    return event["type"]


def undo(
    ctx: typer.Context,
    game_id: str | None = game_option(),
    as_json: bool = json_option(),
    db: str | None = db_option(),
) -> None:
    """Cancel the last entry still in force (dice or cell); repeat to go further back.

    On a finished game (--game ID) it takes back the last cell and reopens the game: it leaves
    the archive and the records are recounted without it until it is finished again.
    """
    from ..api import undo as undo_last

    lang = current_lang(ctx)
    step = undo_last(open_store(db), game_id)
    game, cancelled, reopened = step.game, step.cancelled, step.reopened
    assert cancelled is not None                # api.undo names the event it cancelled
    if as_json:
        print_json({"game": game.id, "cancelled": cancelled, "player": game.player.name,
                    "coup": len(game.coups), "reopened": reopened, "finished": game.finished})
        return
    w = words("cli.turn", lang)
    if reopened:
        from .amend_cmds import archived_change_line

        print_line(archived_change_line(game, lang))
    print_line(w["undone"].format(what=_describe(game, cancelled, lang)))
    # a correction undone: finished again
    print_next(game, step.records, lang, "cli.printing.to_play")


def end(
    ctx: typer.Context,
    game_id: str | None = game_option(),
    as_json: bool = json_option(),
    db: str | None = db_option(),
) -> None:
    """Stop a game before the sheets are full: it goes to the archive, marked stopped.

    In Gaby the highest total wins (Y9); elsewhere no one wins and it sets no record (G7).
    """
    from ..api import end as end_game

    step = end_game(open_store(db), game_id)
    show_finished(step.game, step.records, current_lang(ctx), as_json)


COMMANDS = (
    (new, {"epilog": NEW_EPILOG}),
    (enter, {"epilog": ENTER_EPILOG}),
    (mark, {"epilog": MARK_EPILOG}),
    (cells, {"epilog": examples("yams cells", "yams cells --game 3f2a --json")}),
    (undo, {"epilog": examples("yams undo", "yams undo --game 3f2a --json",
                               "yams undo --game 3f2a      (a finished game: reopened)")}),
    (end, {"epilog": examples("yams end", "yams end --game 3f2a --json")}),
)
