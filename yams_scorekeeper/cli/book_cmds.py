"""The record book: ``yams records``, ``history``, ``stats``, ``export`` and ``import``.

Everything here reads finished games from the store (``--db PATH``, else ``$YAMS_DB``, else
the user's application folder); only ``import`` changes it, through
:meth:`~yams_scorekeeper.store.Store.import_book`, which skips games it already holds.
The statistics come from :mod:`yams_scorekeeper.records`; this module only parses and draws.
"""

from __future__ import annotations

from typing import Optional

import typer

from ..errors import EntryError, StoreError
from .game_cmds import (db_option, examples, json_option, local_date, open_store, read_text,
                        rules_option, simple_table, write_text)
from .lang import current_lang
from .render import print_json, shown

WORDS = {
    "en": {
        "no_records": "No record yet: finish a game first.", "part": "Part", "value": "Record",
        "player": "Player", "date": "Date", "tied": "Tied", "grand": "Grand total",
        "no_games": "No finished game matches.", "game": "Game", "players": "Players",
        "total": "Total", "rank": "Rank", "stopped": "stopped",
        "summary": "{name}: games {games} ({complete} complete), wins {wins}, average {average}, "
                   "best {best}, worst {worst}",
        "games_n": "Games", "wins": "Wins", "average": "Average", "best": "Best",
        "worst": "Worst", "config": "Configuration", "chart": "{name}'s totals, {label}",
        "exported": "{n} finished games exported to {path}",
        "imported": "{added} games added, {skipped} skipped (already in the store)",
        "unknown_player": "no finished game for player '{name}'",
    },
    "fr": {
        "no_records": "Pas encore de record : finissez d'abord une partie.", "part": "Catégorie",
        "value": "Record", "player": "Joueur", "date": "Date", "tied": "Ex aequo",
        "grand": "Total général", "no_games": "Aucune partie finie ne correspond.",
        "game": "Partie", "players": "Joueurs", "total": "Total", "rank": "Rang",
        "stopped": "arrêtée",
        "summary": "{name} : parties {games} ({complete} complètes), victoires {wins}, "
                   "moyenne {average}, meilleure {best}, pire {worst}",
        "games_n": "Parties", "wins": "Victoires", "average": "Moyenne", "best": "Meilleure",
        "worst": "Pire", "config": "Configuration", "chart": "{name} : totaux, {label}",
        "exported": "{n} parties finies exportées dans {path}",
        "imported": "{added} parties ajoutées, {skipped} ignorées (déjà dans le registre)",
        "unknown_player": "aucune partie finie pour le joueur « {name} »",
    },
}

def _family(name: str | None) -> str | None:
    if name is None:
        return None
    from ..rules import rules_class

    return rules_class(name).family


_DATE_FORMATS = ("%Y", "%Y-%m", "%Y-%m-%d", "%Y-%m-%dT%H:%M", "%Y-%m-%dT%H:%M:%S")


def _date(text: str | None, option: str) -> str | None:
    """An ISO date (or its start: a year, a month) to compare with the games' dates."""
    if text is None:
        return None
    import datetime as _dt

    value = text.strip().replace(" ", "T")
    for fmt in _DATE_FORMATS:
        try:
            _dt.datetime.strptime(value, fmt)
        except ValueError:
            continue
        return value
    raise EntryError(f"{option} '{text}' is not a date", f"{option} « {text} » n'est pas une date",
                     expected="2024-05-01, 2024-05 or 2024")


def _part_name(family: str | None, part: str, lang: str) -> str:
    """French name of a column or section; the grand total in the user's language."""
    if part == "total":
        return WORDS[lang]["grand"]
    from ..rules import RULESETS, rules_class

    families = [rules_class(family)] if family else list(RULESETS)
    for cls in families:
        if part in cls.column_names:
            return cls.column_names[part]
    if family:
        for section in families[0].sections:
            if section.id == part:
                return section.name
    return part


def _console():
    from .render import console

    return console()


def _number(value: float | None) -> str:
    if value is None:
        return "-"
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


# -- records ------------------------------------------------------------------------------------

def records(
    ctx: typer.Context,
    rules_name: Optional[str] = rules_option(None, "Only this rule family (classic, gaby, "
                                                   "double, duel)."),
    as_json: bool = json_option(),
    db: Optional[str] = db_option(),
) -> None:
    """Show the record book: best grand total and best part totals, per configuration.

    For each configuration (family, columns, options, variant):
    the best grand total and the best total of each part (column or section),
    with who made it and when."""
    lang = current_lang(ctx)
    family = _family(rules_name)
    book = open_store(db).records()
    configs = {key: cfg for key, cfg in sorted(book.get("configs", {}).items())
               if family is None or cfg.get("family") == family}
    if as_json:
        print_json({"configs": configs, "games_counted": len(book.get("counted", []))})
        return
    w = WORDS[lang]
    out = _console()
    if not configs:
        out.print(w["no_records"], markup=False)
        return
    for key, cfg in configs.items():
        from rich.text import Text

        table = simple_table(title=Text(shown(cfg.get("label") or key), style="bold"),
                             title_justify="left")
        table.add_column(w["part"], no_wrap=True)
        table.add_column(w["value"], justify="right", no_wrap=True)
        table.add_column(w["player"])
        table.add_column(w["date"], no_wrap=True)
        table.add_column(w["tied"], overflow="fold")
        parts = sorted(cfg["records"], key=lambda p: (p != "total", p))
        for part in parts:
            rec = cfg["records"][part]
            tied = ", ".join(t["player"] for t in rec.get("tied", []))
            table.add_row(shown(_part_name(cfg.get("family"), part, lang)), _number(rec["value"]),
                          shown(rec["player"]), local_date(rec["date"], with_time=False), shown(tied),
                          style="bold" if part == "total" else None)
        out.print(table)


# -- history ------------------------------------------------------------------------------------

def _summaries(db: str | None, player: str | None = None, family: str | None = None,
               since: str | None = None, until: str | None = None) -> list[dict]:
    return [e["summary"] for e in open_store(db).archived_games(player, family, since, until)]


def history(
    ctx: typer.Context,
    player: Optional[str] = typer.Option(None, "--player", "-p", metavar="NAME",
                                         help="Only the games of this player, with their total "
                                              "and rank."),
    rules_name: Optional[str] = rules_option(None, "Only this rule family."),
    since: Optional[str] = typer.Option(None, "--since", metavar="DATE",
                                        help="Games on or after DATE (2024-05-01)."),
    until: Optional[str] = typer.Option(None, "--until", metavar="DATE",
                                        help="Games on or before DATE (the whole day counts)."),
    as_json: bool = json_option(),
    db: Optional[str] = db_option(),
) -> None:
    """List the finished games, oldest first, with every player's total and rank."""
    from ..records import history as build_history

    lang = current_lang(ctx)
    family = _family(rules_name)
    since_, until_ = _date(since, "--since"), _date(until, "--until")
    rows = build_history(_summaries(db), player, family, since_, until_)
    if as_json:
        print_json({"games": rows})
        return
    w = WORDS[lang]
    out = _console()
    if not rows:
        out.print(w["no_games"], markup=False)
        return
    table = simple_table()
    table.add_column(w["date"], no_wrap=True)
    table.add_column(w["game"], overflow="fold")
    if player is not None:
        table.add_column(w["total"], justify="right", no_wrap=True)
        table.add_column(w["rank"], justify="right", no_wrap=True)
    table.add_column(w["players"], overflow="fold")
    for row in rows:
        label = row["config_label"] + (f" ({w['stopped']})" if row["stopped_early"] else "")
        players = ", ".join(f"{p['rank']}. {p['name']} {_number(p['total'])}"
                            for p in sorted(row["players"], key=lambda p: p["rank"] or 0))
        cells = [local_date(row["date"]), shown(label)]
        if player is not None:
            cells += [_number(row["total"]), str(row["rank"])]
        table.add_row(*cells, shown(players), style="dim" if row["stopped_early"] else None)
    out.print(table)


# -- stats --------------------------------------------------------------------------------------

def totals_chart(rows: list[dict], title: str, width: int):
    """A bar per game, oldest first, scaled so the largest total fills the width left."""
    from rich.table import Table
    from rich.text import Text

    top = max((abs(r["total"]) for r in rows), default=0) or 1
    numbers = [_number(r["total"]) for r in rows]
    span = max(10, width - 16 - 2 - max(len(n) for n in numbers) - 2)
    table = Table(title=Text(shown(title), style="bold"), title_justify="left", box=None,
                  pad_edge=False, show_header=False)
    table.add_column(no_wrap=True)
    table.add_column(no_wrap=True, width=span)
    table.add_column(justify="right", no_wrap=True)
    for row, number in zip(rows, numbers):
        size = round(abs(row["total"]) / top * span)
        style = "red" if row["total"] < 0 else ("dim" if row["stopped_early"] else "green")
        bar = Text("█" * size if size else "▏", style=style)
        table.add_row(local_date(row["date"]), bar, number)
    return table


def stats(
    ctx: typer.Context,
    player: Optional[str] = typer.Argument(None, metavar="PLAYER", show_default=False,
                                           help="The player's name (case does not matter)."),
    as_json: bool = json_option(),
    db: Optional[str] = db_option(),
) -> None:
    """Show a player's games, wins, average, best and worst, and a chart of their totals.

    Per configuration, with one bar per game over time.

    Games stopped early count in games and wins but not in average, best and worst.
    """
    from ..records import player_stats

    lang = current_lang(ctx)
    w = WORDS[lang]
    if player is None or not player.strip():
        raise EntryError("name the player", "nommez le joueur", expected="yams stats Alice")
    summaries = _summaries(db)
    data = player_stats(summaries, player.strip())
    if not data["games"]:
        known = sorted({p["name"] for s in summaries for p in s["players"]}, key=str.casefold)
        raise EntryError(WORDS["en"]["unknown_player"].format(name=player),
                         WORDS["fr"]["unknown_player"].format(name=player),
                         expected=", ".join(known) if known else None)
    if as_json:
        print_json(data)
        return
    from rich.text import Text

    name = data["history"][-1]["player"]
    out = _console()

    def best(entry: dict | None) -> str:
        if entry is None:
            return "-"
        return f"{_number(entry['total'])} ({local_date(entry['date'], with_time=False)})"

    out.print(Text(shown(w["summary"].format(name=name, games=data["games"], complete=data["complete"],
                                       wins=data["wins"], average=_number(data["average"]),
                                       best=best(data["best"]), worst=best(data["worst"]))),
                   style="bold"))
    table = simple_table(((w["config"], "left"), (w["games_n"], "right"), (w["wins"], "right"),
                          (w["average"], "right"), (w["best"], "right"), (w["worst"], "right")))
    for cfg in data["by_config"].values():
        table.add_row(shown(cfg["label"]), str(cfg["games"]), str(cfg["wins"]), _number(cfg["average"]),
                      _number(cfg["best"]["total"]) if cfg["best"] else "-",
                      _number(cfg["worst"]["total"]) if cfg["worst"] else "-")
    out.print(table)
    for key, cfg in data["by_config"].items():
        rows = [r for r in data["history"] if r["config_key"] == key]
        out.print(totals_chart(rows, w["chart"].format(name=name, label=cfg["label"]),
                               out.width))
        out.print()


# -- export / import ----------------------------------------------------------------------------

def export(
    ctx: typer.Context,
    file: Optional[str] = typer.Argument(None, metavar="FILE", show_default=False,
                                         help="The JSON file to write ('-': standard output)."),
    db: Optional[str] = db_option(),
) -> None:
    """Write the record book to one JSON file that 'yams import' reads back.

    It holds every finished game (settings, events, transcript, summary)
    and the records."""
    import json

    from ..errors import YamsError
    from ..game import Game
    from ..transcript import format_transcript

    lang = current_lang(ctx)
    if file is None:
        raise EntryError("name the file to write", "indiquez le fichier à écrire",
                         expected="yams export book.json")
    store = open_store(db)
    data = store.export_book()
    for entry in data["games"]:
        try:
            entry["transcript"] = format_transcript(Game.from_doc(entry["doc"]))
        except (YamsError, KeyError, TypeError, ValueError):
            entry["transcript"] = None      # a game of another version: doc and summary still go
    data["records"] = store.records()
    write_text(file, json.dumps(data, ensure_ascii=False, indent=1) + "\n")
    if file != "-":
        typer.echo(shown(WORDS[lang]["exported"].format(n=len(data["games"]), path=file)))


def import_(
    ctx: typer.Context,
    file: Optional[str] = typer.Argument(None, metavar="FILE", show_default=False,
                                         help="A file written by 'yams export' ('-': standard "
                                              "input)."),
    as_json: bool = json_option(),
    db: Optional[str] = db_option(),
) -> None:
    """Add the finished games of an exported book; importing twice adds nothing.

    Games already in the store are skipped; the records are then counted again."""
    import json

    lang = current_lang(ctx)
    if file is None:
        raise EntryError("name the file to read", "indiquez le fichier à lire",
                         expected="yams import book.json")
    text = read_text(file)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise StoreError(f"not a yams-scorekeeper book: {file} is not JSON (line {exc.lineno}); "
                         "nothing was imported",
                         f"ce n'est pas un registre yams-scorekeeper : {file} n'est pas du JSON "
                         f"(ligne {exc.lineno}) ; rien n'a été importé") from None
    from ..game import check_summary

    for entry in (data.get("games") if isinstance(data, dict) else None) or []:
        if isinstance(entry, dict) and isinstance(entry.get("summary"), dict):
            check_summary(entry.get("doc"), entry["summary"])
    added, skipped = open_store(db).import_book(data)
    if as_json:
        print_json({"added": added, "skipped": skipped})
        return
    typer.echo(WORDS[lang]["imported"].format(added=added, skipped=skipped))


COMMANDS = (
    (records, {"epilog": examples("yams records", "yams records --rules gaby --json")}),
    (history, {"epilog": examples(
        "yams history --player Alice",
        "yams history --rules double --since 2024-05-01 --until 2024-05-31 --json")}),
    (stats, {"epilog": examples("yams stats Alice", "yams stats alice --json")}),
    (export, {"epilog": examples("yams export book.json", "yams export - > book.json")}),
    (import_, {"name": "import", "epilog": examples("yams import book.json",
                                                     "yams import --db ../club book.json")}),
)
