"""Games on paper: ``yams replay`` (a written transcript replayed through the rules, the store
untouched) and ``yams transcript`` (a stored game written as a transcript ``replay`` reads).
"""

from __future__ import annotations

import typer

from ..base.errors import EntryError
from ..i18n import Message, words
from .current_game import any_game_doc
from .files import read_text, write_text
from .house_files import house_option, resolve_house
from .json_out import game_json
from .lang import current_lang
from .options import EXIT_LINE, db_option, examples, force_option, game_option, json_option
from .printable import html_option, svg_option
from .printing import print_line, print_next, print_sheets
from .render import print_json

#: largest transcript read by ``yams replay`` (a long evening is a few kB)
MAX_TRANSCRIPT_BYTES = 4 * 1024 * 1024


REPLAY_EPILOG = examples(
    "yams replay soiree.txt",
    "yams replay --json soiree.txt",
    "yams replay soiree.txt --svg soiree.svg",
    "cat soiree.txt | yams replay -",
    "yams replay --house sirtin.toml sirtin.txt",
    note="A transcript starts with 'rules:' and 'players:' lines, then one line a turn, such "
         "as 'Alice: 55533/2 -> libre.full'. The store is not touched. A line the rules refuse "
         "is reported with its number and rule.\n" + EXIT_LINE)


def replay(
    ctx: typer.Context,
    file: str | None = typer.Argument(None, metavar="FILE", show_default=False,
                                         help="A transcript file, or '-' for standard input."),
    svg: str | None = svg_option(),
    html: str | None = html_option(),
    as_json: bool = json_option(),
    house: str | None = house_option(
        "The house sheet a transcript of a house game written by hand is played on (a TOML "
        "file or a saved one's name); a transcript 'yams transcript' wrote holds its own."),
    db: str | None = db_option(),
) -> None:
    """Replay a written transcript through the rules and show the sheets and totals (--svg,
    --html: draw them in a file to print)."""
    from ..base.clock import random_id, system_clock
    from ..engine.transcript import parse_transcript

    lang = current_lang(ctx)
    if file is None:
        raise EntryError(Message("cli.name_the_transcript_file_or_for_standard"),
                         expected="yams replay soiree.txt")
    sheet = None if house is None else resolve_house(house, db).rules_doc
    game = parse_transcript(read_text(file, MAX_TRANSCRIPT_BYTES), new_id=random_id,
                            clock=system_clock, house=sheet)
    if svg is not None or html is not None:
        from .printable import draw_sheets

        draw_sheets(game, lang, svg, html)
        return
    if as_json:
        print_json(game_json(game, lang))
        return
    print_sheets(game, game.config.label, lang)
    print_next(game, [], lang, "cli.printing.to_play")


TRANSCRIPT_EPILOG = examples(
    "yams transcript > soiree.txt",
    "yams transcript --game 3f2a -o soiree.txt",
    "yams transcript --game 3f2a | yams replay -")


def transcript(
    ctx: typer.Context,
    game_id: str | None = game_option(),
    output: str | None = typer.Option(None, "--output", "-o", metavar="FILE",
                                         help="Write to FILE instead of standard output."),
    force: bool = force_option(),
    db: str | None = db_option(),
) -> None:
    """Print a game (in progress, or finished with --game) as a transcript 'yams replay' reads."""
    from ..engine.game import Game, reopen_note
    from ..engine.transcript import format_transcript

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
    write_text(output, text, force)
    print_line(words("cli.transcript", lang)["written"].format(id=game.id, path=output))


COMMANDS = (
    (replay, {"epilog": REPLAY_EPILOG}),
    (transcript, {"epilog": TRANSCRIPT_EPILOG}),
)
