"""Correcting past turns from scripts: ``yams log`` (every turn, numbered) and ``yams fix``
(a past turn replaced in place, every later turn kept and checked again).

``yams fix`` and ``yams undo --game ID`` on a finished game reopen it (it leaves the archive,
the record book is recounted without it); a game still full after the correction is archived
again at once, under the date it was first finished.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import typer

from ..base.errors import EntryError
from ..i18n import Message, words
from .files import open_store
from .lang import current_lang
from .options import EXIT_LINE, db_option, examples, game_option, json_option
from .printing import print_line, print_next, simple_table
from .render import print_json, shown

if TYPE_CHECKING:  # pragma: no cover
    from ..engine.game import Game, Turn


# -- yams log --------------------------------------------------------------------------------


def coup_text(coup: Any) -> str:
    """A coup as the transcript writes it: ``55533/2``, ``... joker 4:6``."""
    from ..engine.transcript import entry_text
    from ..mechanics import logged_entries

    item = {"dice": [str(d) for d in coup.rolled], "roll": coup.roll, **logged_entries(coup)}
    return entry_text({"coups": [item], "cells": []}).rstrip(" ->")


def _dice_text(coup: Any) -> str:
    """The dice of a coup without its roll: ``55533``, ``55552 joker 2:5``."""
    head, _, tail = coup_text(coup).partition("/")
    extra = tail.split(" ", 1)[1] if " " in tail else ""
    return f"{head} {extra}".strip()


def turn_json(turn: Turn, lang: str = "en") -> dict[str, Any]:
    from ..mechanics import coup_entries_json
    from .json_out import mark_json

    return {"turn": turn.number, "player": turn.player,
            "coups": [{"dice": [str(d) for d in c.dice], "rolled": [str(d) for d in c.rolled],
                       "roll": c.roll, **coup_entries_json(c)} for c in turn.coups],
            "marks": [mark_json(m, lang) for m in turn.marks],
            "amendments": [dict(a) for a in turn.amendments]}


def log(
    ctx: typer.Context,
    game_id: str | None = game_option(),
    as_json: bool = json_option(),
    db: str | None = db_option(),
) -> None:
    """List every turn of a game (in progress, or finished with --game), numbered for
    'yams fix': player, dice, roll, cell, score, the corrections made to it (when, what it
    was), and when the game was reopened after its finish."""
    from ..engine.game import Game, reopen_note
    from .current_game import any_game_doc
    from .printing import local_date
    from .render import console

    lang = current_lang(ctx)
    doc = any_game_doc(db, game_id)
    game = Game.from_doc(doc)
    reopened = reopen_note(doc.get("reopened"))
    turns = game.turn_log()
    if as_json:
        print_json({"game": game.id, "finished": game.finished,
                    "turns": [turn_json(t, lang) for t in turns],
                    "in_progress": None if game.finished else {
                        "player": game.player.name,
                        "coups": [coup_text(c) for c in game.coups]},
                    "reopened": reopened and {**reopened, "date": doc["reopened"]["date"]}})
        return
    w = words("cli.amend", lang)
    if not turns:
        print_line(w["no_turns"])
    else:
        console().print(log_table(game, lang))
    if not game.finished and game.coups:
        print_line(w["in_progress"].format(name=game.player.name,
                                       dice=" ; ".join(coup_text(c) for c in game.coups)))
    if reopened:
        times = w["times"].format(n=reopened["times"]) if reopened["times"] > 1 else ""
        print_line(w["reopened_log"].format(times=times, at=local_date(reopened["at"]),
                                        date=local_date(doc["reopened"]["date"])))


def log_table(game: Game, lang: str) -> Any:
    """The turns of ``game`` as a Rich table: #, player, dice, roll, cell, score, amended."""
    from ..engine.transcript import entry_text
    from .printing import local_date
    from .sheet_view import cell_label

    w = words("cli.amend", lang)
    table = simple_table(((w["turn"], "right"), (w["player"], "left"), (w["dice"], "left"),
                          (w["roll"], "right"), (w["cell"], "left"), (w["score"], "right"),
                          (w["amended"], "left")))
    one = len(game.columns) == 1
    for t in game.turn_log():
        dice = " ; ".join(_dice_text(c) for c in t.coups) or "-"
        rolls = " ; ".join(str(c.roll) for c in t.coups) or "-"
        cells = " + ".join(cell_label(game, m, with_coup=len(t.coups) > 1)
                           + (" (X)" if m.scratch else "") for m in t.marks)
        score = " + ".join(str(m.score) for m in t.marks)
        was = "\n".join(w["was"].format(entry=entry_text(a["old"], one),
                                        when=local_date(a["when"])) for a in t.amendments)
        table.add_row(str(t.number), shown(t.player), shown(dice), rolls, shown(cells),
                      score, shown(was, keep_newlines=True))
    return table


# -- yams fix --------------------------------------------------------------------------------


def parse_fixes(args: list[str]) -> dict[int, str]:
    """``TURN ENTRY [TURN ENTRY ...]`` -> ``{turn: entry text}`` (the entries are read against
    the game by :func:`yams_scorekeeper.api.amend`)."""
    if not args or len(args) % 2:
        raise EntryError(Message("cli.give_each_turn_number"),
                         expected='yams fix 3 "44442/2 -> libre.4"')
    changes: dict[int, str] = {}
    for turn_text, text in zip(args[::2], args[1::2], strict=True):
        try:
            turn = int(turn_text)
        except ValueError:
            raise EntryError(Message("cli.turn_number_see_yams", turn_text=turn_text),
                             expected='yams fix 3 "44442/2 -> libre.4"') from None
        changes[turn] = text
    return changes


FIX_EPILOG = examples(
    'yams fix 3 "44442/2 -> 4"            (turn 3 from yams log: new dice and cell)',
    'yams fix 3 "Léo: 44442/2"            (only the dice: the cell is kept)',
    'yams fix 5 libre.carre               (only the cell: the dice are kept)',
    'yams fix 3 "12345/1 -> 1=0" 6 "44412/2 -> 4"   (two turns in one go)',
    'yams fix 12 "66666/1 -> yam" --game 3f2a --json   (a finished game is reopened)',
    note="An entry is a transcript line: [PLAYER:] DICE/ROLL [joker A:B] [; COUP] -> CELL "
         "(a cell alone: CELL). "
         "Every later turn is checked again; if one breaks, nothing is written and each broken "
         "turn is named: correct them too in the same command.\n" + EXIT_LINE)


def fix(
    ctx: typer.Context,
    args: list[str] | None = typer.Argument(
        None, metavar="TURN ENTRY...", show_default=False,
        help="A turn number from 'yams log', then its new entry in quotes; repeat the pair to "
             "correct several turns at once."),
    game_id: str | None = game_option(),
    as_json: bool = json_option(),
    db: str | None = db_option(),
) -> None:
    """Correct a past turn (dice, roll, joker, announce or cell) and keep every later turn."""
    from ..api import amend

    lang = current_lang(ctx)
    step = amend(open_store(db), parse_fixes(list(args or ())), game_id=game_id)
    game, before, stored, reopened = step.game, step.before, step.event, step.reopened
    assert before is not None and stored is not None        # an amendment keeps both
    totals = [{"name": s.name, "before": before.totals(i).grand, "after": game.totals(i).grand}
              for i, s in enumerate(game.sheets)]
    if as_json:
        data = {"game": game.id, "changes": stored["changes"], "when": stored["when"],
                "totals": totals, "reopened": reopened, "finished": game.finished}
        if game.finished:
            data["records"] = step.records
        print_json(data)
        return
    _print_fix(game, stored, totals, reopened, lang)
    if reopened or game.finished:
        print_next(game, step.records, lang, "cli.printing.to_play")


def archived_change_line(game: Game, lang: str) -> str:
    """What a correction or an undo did to a finished game: corrected in the archive (still
    finished), or reopened (out of the archive, the records recounted without it)."""
    key = "corrected_archived" if game.finished else "reopened"
    return words("cli.amend", lang)[key].format(id=(game.id or "")[:8])


def _print_fix(game: Game, event: dict, totals: list[dict], reopened: bool, lang: str) -> None:
    from ..engine.transcript import entry_text

    w = words("cli.amend", lang)
    one = len(game.columns) == 1
    log = game.turn_log()
    if reopened:
        print_line(archived_change_line(game, lang))
    for change in event["changes"]:
        turn = log[change["turn"] - 1]
        scores = " + ".join(str(m.score) for m in turn.marks)
        print_line(w["fixed"].format(turn=change["turn"], name=change["player"],
                                 old=entry_text(change["old"], one),
                                 new=f"{entry_text(change['new'], one)} ({scores})"))
    print_line(w["totals"].format(totals=", ".join(
        f"{t['name']} {t['before']}" + (f" → {t['after']}" if t["after"] != t["before"] else "")
        for t in totals)))


COMMANDS = (
    (log, {"epilog": examples("yams log", "yams log --game 3f2a --json")}),
    (fix, {"epilog": FIX_EPILOG}),
)
