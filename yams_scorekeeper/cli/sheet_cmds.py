"""Looking at games: ``yams sheet`` (the sheets of a game, in progress or finished, on screen,
in JSON, or drawn to print) and ``yams games`` (the games in progress).
"""

from __future__ import annotations

import typer

from ..base.errors import EntryError
from ..base.safetext import fold_name
from ..i18n import Message, words
from .current_game import any_game
from .files import open_store
from .json_out import game_json
from .lang import current_lang
from .options import db_option, examples, force_option, game_option, json_option
from .printable import html_option, svg_option
from .printing import local_date, print_line, print_sheets, short_label, simple_table
from .render import print_error, print_json, shown


def sheet(
    ctx: typer.Context,
    game_id: str | None = game_option(),
    player: str | None = typer.Option(None, "--player", "-p", metavar="NAME",
                                         help="Only this player's sheet."),
    svg: str | None = svg_option(),
    html: str | None = html_option(),
    force: bool = force_option(),
    as_json: bool = json_option(),
    db: str | None = db_option(),
) -> None:
    """Show the sheets of a game (in progress, or finished with --game), with their totals;
    --svg and --html draw them, every player's, as on the paper sheet, in a file to print."""
    lang = current_lang(ctx)
    game = any_game(db, game_id)
    if svg is not None or html is not None:
        from .printable import draw_sheets

        draw_sheets(game, lang, svg, html, force)
        return
    index = None
    if player is not None:
        index = next((i for i, s in enumerate(game.sheets)
                      if fold_name(s.name) == fold_name(player)), None)
        if index is None:
            raise EntryError(Message("cli.player_game", player=player),
                             expected=", ".join(s.name for s in game.sheets))
    if as_json:
        data = game_json(game, lang)
        if index is not None:
            data["players"] = [data["players"][index]]
        print_json(data)
        return
    # the players-across grid (Duel, Double Yams, ...) has the label as its title
    across = len(game.columns) == 1 and game.rules.hints.sheet_layout == "players"
    print_sheets(game, (game.id or "") if across else f"{game.config.label} · {game.id}", lang,
                 index)


def games(
    ctx: typer.Context,
    as_json: bool = json_option(),
    db: str | None = db_option(),
) -> None:
    """List the games in progress, oldest first."""
    lang = current_lang(ctx)
    damaged: list = []
    found = open_store(db, reading=True).games_in_progress(damaged)
    try:
        _list_games(found, as_json, lang)
    finally:
        for err in damaged:     # listed after the readable games; the exit code says so
            print_error(err, lang, as_json=as_json)
    if damaged:
        raise typer.Exit(damaged[0].exit_code)


def _list_games(found: list[dict], as_json: bool, lang: str) -> None:
    if as_json:
        print_json({"games": found})
        return
    w = words("cli.sheet_cmds", lang)
    if not found:
        print_line(w["no_games"])
        return
    from .render import console

    table = simple_table(((w["id"], "left"), (w["game"], "left"), (w["players"], "left"),
                          (w["created"], "left"), (w["events"], "right")))
    for g in found:
        label = short_label(g["label"] or g["family"] or "", lang) + (
            f" ({w['finishing']})" if g["finishing"] else "")
        table.add_row(shown(g["id"][:8]), shown(label), shown(", ".join(map(str, g["players"]))),
                      local_date(g["created"]),
                      str(g["events"]))
    console().print(table)


COMMANDS = (
    (sheet, {"epilog": examples("yams sheet", "yams sheet --player Alice",
                                "yams sheet --game 3f2a --json",
                                "yams sheet --game 3f2a --svg soiree.svg --html soiree.html")}),
    (games, {"epilog": examples("yams games", "yams games --json")}),
)
