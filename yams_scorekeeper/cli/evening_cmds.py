"""Evenings and tournaments: ``yams soiree`` (also ``yams evening``).

An evening is opened, every game started while it is open belongs to it (``yams new`` and
``yams play``; ``yams new --soiree ID`` names one), and it is closed; ``show`` ranks its
players over all its finished games (:mod:`yams_scorekeeper.engine.evening`) and prints its records,
as text, JSON or a printable prize list. The evening's id travels with each game in the
archive and in an exported book, so the games of another laptop, imported, count in it.
"""

from __future__ import annotations

import typer

from ..base.errors import EntryError
from ..i18n import Message, say, words
from ..i18n.wording import fill
from .files import open_store
from .lang import current_lang
from .options import db_option, examples, json_option
from .printable import html_option
from .render import print_json, shown

#: what each action may be called, English and French
ACTIONS = {"open": "open", "ouvrir": "open", "close": "close", "fermer": "close",
           "show": "show", "voir": "show", "list": "list", "liste": "list"}
#: each scoring: the heading of its column, the sentence that says it
SCORING_WORDS = {"points": ("points", "evening.scoring_points"),
                 "total": ("total", "evening.scoring_total"),
                 "average": ("average", "evening.scoring_average")}


def soiree(
    ctx: typer.Context,
    action: str | None = typer.Argument(None, metavar="open|close|show|list",
                                           show_default=False,
                                           help="open (ouvrir), close (fermer), show (voir) or "
                                                "list (liste)."),
    which: str | None = typer.Argument(None, metavar="NAME|ID", show_default=False,
                                          help="open: the evening's name; close, show: its id "
                                               "(default: the open evening, else the last)."),
    evening_id: str | None = typer.Option(None, "--id", metavar="ID",
                                             help="open: the evening's id (to join an evening "
                                                  "another laptop opened). Default: the date "
                                                  "and the name."),
    scoring: str | None = typer.Option(None, "--scoring", metavar="points|total|average",
                                          help="How the ranking adds up the games: points by "
                                               "rank (the default), summed totals or average "
                                               "total. Kept with the evening when opening it."),
    as_json: bool = json_option(),
    html: str | None = html_option("Draw the evening's prize list as a printable HTML page "
                                      "in FILE ('-': standard output)."),
    db: str | None = db_option(),
) -> None:
    """Open an evening, close it, show its ranking over all its games and its records.

    Games started while an evening is open belong to it, at every table; games imported
    from another laptop's export count in the evening their id names. The ranking is by
    points unless said otherwise: in each game one point for each player finished above,
    half a point for a tie (totals of different families cannot be added up); players with
    the same value are named tied."""
    from ..engine.evening import SCORINGS

    lang = current_lang(ctx)
    verb = ACTIONS.get((action or "show").strip().lower())
    if verb is None:
        raise EntryError(Message("evening.unknown_action", action=action),
                         expected="open, close, show, list")
    if scoring is not None and scoring.strip().lower() not in SCORINGS:
        raise EntryError(Message("evening.unknown_scoring", scoring=scoring),
                         expected=", ".join(SCORINGS))
    scoring = scoring.strip().lower() if scoring else None
    store = open_store(db, reading=verb in ("show", "list"))
    if verb == "open":
        _open(store, which, evening_id, scoring, as_json, lang)
    elif verb == "close":
        _close(store, which, as_json, html, lang)
    elif verb == "list":
        _list(store, as_json, lang)
    else:
        _show(store, _known_id(store, which), scoring, as_json, html, lang)


def _slug(name: str) -> str:
    """``Soirée du club`` -> ``soiree-du-club``: a name as the end of an id."""
    import re
    import unicodedata

    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")[:40]


def _new_id(name: str | None, evening_id: str | None) -> str:
    import datetime as _dt

    from ..engine.provenance import checked_evening_id

    if evening_id is not None:
        return checked_evening_id(evening_id)
    today = _dt.date.today().isoformat()
    slug = _slug(name or "")
    return f"{today}-{slug}" if slug else today


def _open(store, name: str | None, evening_id: str | None, scoring: str | None,
          as_json: bool, lang: str) -> None:
    from ..base.clock import system_clock
    from ..engine.evening import DEFAULT_SCORING

    new_id = _new_id(name, evening_id)

    def change(data: dict) -> dict:
        if data["open"] and data["open"] != new_id:
            raise EntryError(Message("evening.already_open", id=data["open"]),
                             expected=f"yams soiree close {data['open']}")
        old = data["evenings"].get(new_id) or {}
        data["evenings"][new_id] = evening = {
            "id": new_id, "name": (name or "").strip() or old.get("name") or new_id,
            "opened": old.get("opened") or system_clock(), "closed": None,
            "scoring": scoring or old.get("scoring") or DEFAULT_SCORING}
        data["open"] = new_id
        return evening

    evening = store.change_evenings(change)
    if as_json:
        print_json({"evening": evening})
        return
    typer.echo(shown(say("evening.opened", lang, id=new_id, name=evening["name"],
                         scoring=evening["scoring"])))


def _close(store, which: str | None, as_json: bool, html: str | None, lang: str) -> None:
    from ..base.clock import system_clock

    def change(data: dict) -> dict:
        open_id = data["open"]
        if open_id is None:
            raise EntryError(Message("evening.none_open"), expected="yams soiree open NAME")
        if which is not None and which.strip() != open_id:
            raise EntryError(Message("evening.evening_is_not_the_one_open", id=which),
                             expected=f"yams soiree close {open_id}")
        evening = dict(data["evenings"].get(open_id) or {"id": open_id})
        evening["closed"] = system_clock()
        data["evenings"][open_id] = evening
        data["open"] = None
        return evening

    evening = store.change_evenings(change)
    if html == "-" or as_json:                  # standard output holds the page or the JSON
        _show(store, evening["id"], None, as_json, html, lang)
        return
    typer.echo(shown(say("evening.closed", lang, id=evening["id"])))
    _show(store, evening["id"], None, False, None, lang)    # the ranking, as show prints it
    if html is not None:
        _show(store, evening["id"], None, False, html, lang)


def _evening_games(store, evening_id: str) -> list[dict]:
    """The summaries of the finished games of ``evening_id``."""
    from ..engine.provenance import evening_of

    return [s for s in store.summaries() if evening_of(s) == evening_id]


def _luckiest(store, evening_id: str) -> tuple[str, float, int] | None:
    """The luckiest player of the evening's games that ``yams review --book`` reviewed, their
    luck summed over those games, and how many were reviewed; None without a kept review."""
    import os

    from ..engine.skill import luckiest
    from ..store.reviews import FOLDER, game_key, kept_review

    if not os.path.isdir(os.path.join(store.path, FOLDER)):
        return None
    kept = [k for s in _evening_games(store, evening_id)
            if (k := kept_review(store.path, s["id"], game_key(s))) is not None]
    found = luckiest(kept)
    return None if found is None else (*found, len(kept))


def _all_ids(store) -> dict[str, dict]:
    """Every evening the store knows: those opened here and those its games name."""
    from ..engine.provenance import evening_of

    known = dict(store.evenings()["evenings"])
    for summary in store.summaries():
        found = evening_of(summary)
        if found is not None and found not in known:
            known[found] = {"id": found, "name": found}
    return known


def _known_id(store, which: str | None) -> str:
    """The evening ``which`` names, else the open one, else the one opened last."""
    data = store.evenings()
    if which is None:
        if data["open"]:
            return data["open"]
        opened = sorted(data["evenings"].values(), key=lambda e: str(e.get("opened")))
        if not opened:
            raise EntryError(Message("evening.none"), expected="yams soiree open NAME")
        return opened[-1]["id"]
    known = _all_ids(store)
    if which.strip() in known:
        return which.strip()
    raise EntryError(Message("evening.unknown", id=which),
                     expected=", ".join(sorted(known)) or "yams soiree open NAME")


def _list(store, as_json: bool, lang: str) -> None:
    from .printing import local_date, simple_table

    data = store.evenings()
    rows = sorted(_all_ids(store).values(), key=lambda e: (str(e.get("opened") or ""), e["id"]))
    if as_json:
        print_json({"open": data["open"], "evenings": rows})
        return
    if not rows:
        typer.echo(say("evening.none", lang))
        return
    w = words("evening.head", lang)
    table = simple_table(((w["id"], "left"), (w["name"], "left"), (w["opened"], "left"),
                          (w["closed"], "left")))
    for e in rows:
        closed = local_date(e.get("closed")) if e.get("closed") else (
            w["open_now"] if e["id"] == data["open"] else "-")
        table.add_row(shown(e["id"]), shown(e.get("name") or e["id"]),
                      local_date(e.get("opened")), closed)
    from .render import console

    console().print(table)


def _value(row: dict, scoring: str, lang: str) -> str:
    from ..i18n.wording import number

    return number(round(row["value"], 1) if scoring == "average" else row["value"], lang)


def _show(store, evening_id: str, scoring: str | None, as_json: bool, html: str | None,
          lang: str) -> None:
    from ..engine.evening import evening_report

    meta = store.evenings()["evenings"].get(evening_id) or {"id": evening_id}
    report = evening_report({**meta, "id": evening_id}, _evening_games(store, evening_id),
                            scoring)
    if as_json:
        print_json(report)
        return
    from .book_cmds import with_part_names

    report["records"] = with_part_names(store, report["records"], lang)
    if html is not None:
        _prize_list(html, report, lang)
        return
    from rich.text import Text

    from .book_cmds import _record_lines
    from .printing import local_date, simple_table
    from .render import console

    out = console()
    w = words("evening.head", lang)
    out.print(Text(shown(say("evening.title", lang, name=report["name"], id=report["id"],
                             n=len(report["games"]))), style="bold"))
    out.print(Text(shown(say(SCORING_WORDS[report["scoring"]][1], lang))))
    if not report["games"]:
        out.print(say("evening.no_games", lang), markup=False)
        return
    table = simple_table(((w["rank"], "right"), (w["player"], "left"),
                          (w[SCORING_WORDS[report["scoring"]][0]], "right"), (w["games"], "right"),
                          (w["wins"], "right"), (w["tied"], "left")))
    for row in report["ranking"]:
        table.add_row(str(row["rank"]), shown(row["player"]),
                      _value(row, report["scoring"], lang), str(row["games"]), str(row["wins"]),
                      shown(", ".join(row["tied_with"])))
    out.print(table)
    lucky = _luckiest(store, evening_id)
    if lucky is not None:
        name, luck, n = lucky
        out.print(Text(shown(say("evening.luckiest", lang, name=name,
                                 luck=fill("{v:+.1f}", lang, v=luck), n=n,
                                 games=len(report["games"])))))
    games = simple_table(((w["game"], "left"), (w["date"], "left"), (w["rules"], "left"),
                          (w["players"], "left")))
    for g in report["games"]:
        games.add_row(g["game"][:8], local_date(g["date"]), shown(g["config_label"]),
                      shown(", ".join(f"{p['name']} {p['total']}" for p in g["players"])))
    out.print(games)
    for key, cfg in report["records"].items():
        records = simple_table(title=Text(shown(say("evening.records", lang,
                                                    label=cfg.get("label") or key)),
                                          style="bold"), title_justify="left")
        for title in (w["part"], w["value"], w["player"], w["tied"]):
            records.add_column(title)
        for name, value, player, _date, tied, grand in _record_lines(cfg, lang):
            records.add_row(shown(name), value, shown(player), shown(tied),
                            style="bold" if grand else None)
        out.print(records)


def _prize_list(path: str, report: dict, lang: str) -> None:
    """``yams soiree show --html FILE``: the ranking and the records on a page to print."""
    from .book_cmds import _record_lines
    from .files import write_text
    from .printable import Cell, Grid, Line, grids_html

    w = words("evening.head", lang)
    scoring = report["scoring"]
    ranking = Grid(say("evening.prize_title", lang),
                   [w["rank"], w["player"], w[SCORING_WORDS[scoring][0]], w["games"], w["wins"],
                    w["tied"]],
                   [Line(str(r["rank"]), [Cell(r["player"]), Cell(_value(r, scoring, lang)),
                                          Cell(str(r["games"])), Cell(str(r["wins"])),
                                          Cell(", ".join(r["tied_with"]))],
                         "grand" if r["rank"] == 1 else "row")
                    for r in report["ranking"]],
                   notes=[say(SCORING_WORDS[scoring][1], lang)], left={1, 5})
    grids = [ranking] + [
        Grid(say("evening.records", lang, label=cfg.get("label") or key),
             [w["part"], w["value"], w["player"], w["tied"]],
             [Line(name, [Cell(value), Cell(player), Cell(tied)], "grand" if grand else "row")
              for name, value, player, _date, tied, grand in _record_lines(cfg, lang)],
             left={2, 3})
        for key, cfg in report["records"].items()]
    text = grids_html(report["name"], say("evening.title", lang, name=report["name"],
                                          id=report["id"], n=len(report["games"])), grids, lang)
    write_text(path, text)
    if path != "-":
        typer.echo(shown(say("evening.drawn", lang, path=path)))


_EXAMPLES = examples("yams soiree open 'Club du jeudi'", "yams new -p Alice -p Bob",
                     "yams soiree show", "yams soiree show --scoring total --json",
                     "yams soiree close --html prix.html",
                     "yams soiree open --id 2026-12-01-club-du-jeudi")

COMMANDS = (
    (soiree, {"epilog": _EXAMPLES}),
    (soiree, {"name": "evening", "epilog": _EXAMPLES}),
)
