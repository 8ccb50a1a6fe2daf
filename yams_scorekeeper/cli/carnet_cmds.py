"""The paper carnet: ``yams carnet`` types a finished paper sheet into the record book.

The file form (``--file F``) and the questions of the interactive form make the same lines,
read by :mod:`yams_scorekeeper.book.carnet`: every value is checked possible for its row, the
sheet is replayed under the family's rules, the totals are the program's (a total typed that
disagrees is shown), and the game goes into the history and statistics marked "from paper",
into the records only when the carnet says ``records: yes`` (or ``--records``).
"""

from __future__ import annotations

from typing import Any

import typer

from ..base.errors import EntryError, YamsError
from ..i18n import Message, say, words
from .files import open_store
from .lang import current_lang
from .options import db_option, default_family, evening_option, examples, json_option, rules_option
from .render import print_json, shown

#: largest carnet file read (a sheet of 8 players of Gaby is ~6 kB)
MAX_CARNET_BYTES = 256 * 1024


def carnet(
    ctx: typer.Context,
    file: str | None = typer.Option(None, "--file", "-f", metavar="FILE",
                                       help="Read the carnet from FILE ('-': standard input) "
                                            "instead of asking for each cell."),
    records: bool | None = typer.Option(None, "--records/--no-records",
                                           help="Whether the game may hold records (default: "
                                                "the carnet's 'records:' line, else no)."),
    rules_name: str | None = rules_option(None, "Interactive form: the rule family "
                                                   "(asked when not given)."),
    evening: str | None = evening_option("The evening the paper game belongs to (default: "
                                            "none: an evening open now is not the paper's)."),
    as_json: bool = json_option(),
    db: str | None = db_option(),
) -> None:
    """Type a finished paper sheet: its cells (values only, no dice), checked by the rules.

    Each value must be a score its row can give (a brelan of 17 is refused, naming the
    rule), and the sheet must replay under the family's rules, the players taking turns.
    The totals and bonuses are worked out; a total written on the paper that disagrees is
    shown, not kept. The game goes into the history and the statistics marked "from paper"
    (its date may be a year or a month), and into the records only if asked."""
    from ..api import add_played
    from ..base.clock import random_id
    from ..book.carnet import iso_date, paper_game, read_carnet, typed_totals
    from ..book.provenance import checked_evening_id
    from .options import parse_settings

    lang = current_lang(ctx)
    marks: dict[str, Any] = {} if evening is None else {"evening": checked_evening_id(evening)}
    if file is not None:
        from .files import read_text

        text = read_text(file, MAX_CARNET_BYTES)
    else:
        text = _interactive(lang, rules_name)
    sheet = read_carnet(text, parse_settings)
    if records is not None:
        sheet.records = records
    when = iso_date(sheet.date)
    game = paper_game(sheet, random_id(), when)
    store = open_store(db)
    marks["paper"] = {"date": sheet.date, "records": sheet.records}
    broken = add_played(store, game, marks, clock=lambda: when)
    players = typed_totals(sheet, game)
    if as_json:
        print_json({"game": game.id, "date": when,
                    "paper": {"date": sheet.date, "records": sheet.records},
                    "players": players, "records_broken": broken})
        return
    _report(game, sheet, players, broken, lang)


def _report(game, sheet, players: list[dict], broken: list[dict], lang: str) -> None:
    from .printing import record_lines, simple_table
    from .render import console

    w = words("carnet.head", lang)
    out = console()
    key = ("carnet.paper_game_added_to_the_history_and_the_records" if sheet.records
           else "carnet.added")
    out.print(shown(say(key, lang, game=game.id[:8], date=sheet.date, label=game.config.label)),
              markup=False)
    table = simple_table(((w["rank"], "right"), (w["player"], "left"), (w["total"], "right"),
                          (w["typed"], "right")))
    for p in players:
        table.add_row(str(p["rank"]), shown(p["player"]), str(p["total"]),
                      "-" if p["typed"] is None else str(p["typed"]))
    out.print(table)
    for p in players:
        if p["typed"] is not None and p["typed"] != p["total"]:
            out.print(shown(say("carnet.disagree", lang, player=p["player"], typed=p["typed"],
                                total=p["total"])), markup=False)
    for line in record_lines(broken, lang):
        out.print(shown(line), markup=False)


def _interactive(lang: str, rules_name: str | None) -> str:
    """Ask for the carnet's header, then each cell of each sheet, and give the carnet's
    lines. A value refused is asked again; end of input stops with nothing written."""
    from ..book.carnet import check_value, iso_date, sheet_cells
    from ..engine.config import make_config
    from .messages import NO, YES
    from .terminal import Terminal

    term = Terminal(lang)

    def ask(key: str, default: str | None = None, **values) -> str:
        try:
            return term.ask(say(key, lang, **values), default)
        except EOFError:
            raise EntryError(Message("carnet.input_ended")) from None

    family = rules_name or ask("carnet.ask_rules", default_family())
    names: list[str] = []
    while not names:
        names = [n.strip() for n in ask("carnet.ask_players").split(",") if n.strip()]
    config = make_config(family, names)
    while True:
        date = ask("carnet.ask_date")
        try:
            iso_date(date)
            break
        except YamsError as err:
            term.refuse(err)
    keep = ""
    while keep not in YES + NO:
        keep = ask("carnet.ask_records", "n").lower()
    lines = [f"rules: {config.family}", f"date: {date}",
             f"records: {'yes' if keep in YES else 'no'}"]
    if len(config.columns) > 1:
        lines.append("columns: " + " ".join(config.columns))
    cells = sheet_cells(config)
    for name in config.players:
        lines.append(f"player: {name}")
        for key, column, row in cells:
            where = row if len(config.columns) == 1 else f"{column} · {row}"
            while True:
                value = ask("carnet.ask_cell", player=name, cell=where)
                try:
                    check_value(config, key, value)
                    break
                except YamsError as err:
                    term.refuse(err)
            lines.append(f"{key}: {value}")
        total = ask("carnet.ask_total", "-", player=name)
        if total not in ("", "-"):
            lines.append(f"total: {total}")
    return "\n".join(lines) + "\n"


COMMANDS = (
    (carnet, {"epilog": examples("yams carnet", "yams carnet --file 1998-juillet.txt",
                                 "yams carnet --file - --records < feuille.txt",
                                 "yams carnet --file feuille.txt --json")}),
)
