"""The record book: ``yams records``, ``history``, ``stats``, ``export`` and ``import``.

Everything here reads finished games from the store (``--db PATH``, else ``$YAMS_DB``, else
the user's application folder); only ``import`` changes it, through
:meth:`~yams_scorekeeper.store.Store.import_book`, which skips games it already holds.
The statistics come from :mod:`yams_scorekeeper.book.records`; this module only parses and draws.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TextIO, cast

import typer

from ..base.errors import EntryError, YamsError
from ..i18n import Message, say, words
from ..i18n.wording import colon as colon_in
from ..i18n.wording import fill, number
from .book_names import family_title, part_name, with_part_names
from .files import file_stdout, open_store
from .house_files import book_chosen, book_filter, house_option
from .lang import current_lang
from .options import count_option, db_option, examples, force_option, json_option, rules_option
from .plain_text import print_lines, print_table, print_titled_table
from .printable import html_option
from .printing import local_date, short_label, simple_table
from .render import print_json, shown

if TYPE_CHECKING:
    from ..book.player_page import GameRows
    from ..i18n import _Section


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
    raise EntryError(Message("cli.date", option=option, text=text),
                     expected="2024-05-01, 2024-05 or 2024")


def year_option() -> Any:
    """``--year YYYY``: the games of one year (the same as ``--since YYYY --until YYYY``)."""
    return typer.Option(None, "--year", metavar="YEAR",
                        help="Only the games of this year (2024), as --since 2024 --until 2024.")


def period(since: str | None, until: str | None, year: str | None) -> tuple[str | None,
                                                                             str | None]:
    """The ``(since, until)`` of ``--since``, ``--until`` and ``--year`` (which fixes both)."""
    if year is not None:
        if since is not None or until is not None or not (year.isdigit() and len(year) == 4):
            raise EntryError(Message("book.year", year=year), expected="--year 2024 alone")
        return year, year
    return _date(since, "--since"), _date(until, "--until")


def _console():
    from .render import console

    return console()


#: a total or an average for people (``1 093,3`` in French): the one formatter of every command
_number = number


def _book_filter(rules_name: str | None, house: str | None) -> str | None:
    """:func:`~.house_files.book_filter`, which reads the house sheets' vocabulary, asked
    only when ``--rules`` or ``--house`` is given."""
    if rules_name is None and house is None:
        return None
    return book_filter(rules_name, house)


#: the help of ``--house`` in the record book's commands
HOUSE_HELP = ("Only the games of this house sheet, every version of it (a TOML file, or the "
              "sheet's name).")


# -- records ------------------------------------------------------------------------------------

def records(
    ctx: typer.Context,
    rules_name: str | None = rules_option(None, "Only this rule family (an id or alias)."),
    house: str | None = house_option(HOUSE_HELP),
    as_json: bool = json_option(),
    rebuild: bool = typer.Option(False, "--rebuild",
                                 help="Count the book again from every archived game first "
                                      "(after records.json was lost or damaged)."),
    html: str | None = html_option("Draw the record book as a printable HTML page in FILE "
                                      "('-': standard output)."),
    force: bool = force_option(),
    db: str | None = db_option(),
) -> None:
    """Show the record book: best grand total and best part totals, per configuration.

    For each configuration (family, columns, options, variant):
    the best grand total and the best total of each part (column or section),
    with who made it and when."""
    lang = current_lang(ctx)
    family = _book_filter(rules_name, house)
    store = open_store(db, reading=not rebuild)
    book = store.rebuild_records() if rebuild else store.records()
    configs = {key: cfg for key, cfg in sorted(book.get("configs", {}).items())
               if book_chosen(family, cfg.get("family"), key)}
    if as_json:
        print_json({"configs": configs, "games_counted": len(book.get("counted", []))})
        return
    w = words("cli.book", lang)
    configs = with_part_names(store, configs, lang)
    if html is not None:
        _records_html(html, configs, len(book.get("counted", [])), lang, store, force)
        return
    out = _console()
    if not configs:
        out.print(w["no_records"], markup=False)
        return
    columns = [(w["part"], "left"), (w["value"], "right"), (w["player"], "left"),
               (w["date"], "left"), (w["tied"], "left")]
    from .book_skill import best_rated

    best = best_rated(store)
    for key, cfg in configs.items():
        lines = _record_lines(cfg, lang)
        title = shown(cfg.get("label") or key)
        cells = [(shown(name), value, shown(player), date, shown(tied))
                 for name, value, player, date, tied, _grand in lines]
        if not print_titled_table(out, title, columns, cells):
            from rich.text import Text

            table = simple_table(title=Text(title, style="bold"), title_justify="left")
            table.add_column(w["part"], no_wrap=True)
            table.add_column(w["value"], justify="right", no_wrap=True)
            table.add_column(w["player"])
            table.add_column(w["date"], no_wrap=True)
            table.add_column(w["tied"], overflow="fold")
            for (name, value, player, date, tied), line in zip(cells, lines, strict=True):
                table.add_row(name, value, player, date, tied,
                              style="bold" if line[5] else None)
            out.print(table)
        if key in best:
            from rich.text import Text

            r = best[key]
            out.print(Text(say("cli.book.best_rated", lang, name=shown(r.name),
                               rating=_number(round(r.mu, 1), lang),
                               low=_number(round(r.low, 1), lang),
                               high=_number(round(r.high, 1), lang), games=r.games)))


def _record_lines(cfg: dict, lang: str) -> list[tuple[str, str, str, str, str, bool]]:
    """Each record of a configuration, the grand total first: ``(part, value, player, date,
    tied with, is the grand total)``, as people read them (data not yet escaped)."""
    lines = []
    for part in sorted(cfg["records"], key=lambda p: (p != "total", p)):
        rec = cfg["records"][part]
        tied = _tied_names(rec.get("tied", []))
        name = cfg.get("part_names", {}).get(part) or part_name(cfg.get("family"), part, lang)
        lines.append((name, _number(rec["value"], lang),
                      rec["player"], local_date(rec["date"], with_time=False), tied,
                      part == "total"))
    return lines


def _tied_names(tied: list[dict]) -> str:
    """Who equalled a record, each player once, in the order they did, with how many times
    past one (``Bob ×2, Alice``): a maximum (a yams row) may be equalled by hundreds of games,
    and the line stays as long as the club is large."""
    times: dict[str, int] = {}
    for t in tied:
        times[t["player"]] = times.get(t["player"], 0) + 1
    return ", ".join(name if n == 1 else f"{name} ×{n}" for name, n in times.items())


def _records_html(path: str, configs: dict, counted: int, lang: str, store,
                  force: bool) -> None:
    """``yams records --html FILE``: the record book as a page to print, with the spread of
    each configuration's grand totals."""
    from .files import write_text
    from .printable import Cell, Grid, Line, grids_html

    w = words("cli.book", lang)
    header = ["", w["value"], w["player"], w["date"], w["tied"]]
    grids = [Grid(cfg.get("label") or key, [w["part"]] + header[1:],
                  [Line(name, [Cell(value), Cell(player), Cell(date), Cell(tied)],
                        "grand" if grand else "row")
                   for name, value, player, date, tied, grand in _record_lines(cfg, lang)],
                  left={2, 3, 4})
             for key, cfg in configs.items()]
    from .charts import LEAST_GAMES, histogram

    totals = store.config_totals()
    charts = [histogram(say("book.spread_config", lang, label=cfg.get("label") or key),
                        totals[key])
              for key, cfg in configs.items() if len(totals.get(key, ())) >= LEAST_GAMES]
    picture = words("cli.printable", lang)
    text = grids_html(picture["book"], picture["counted"].format(n=counted), grids, lang,
                      charts)
    write_text(path, text, force)
    if path != "-":
        typer.echo(shown(picture["records_drawn"].format(path=path)))


# -- history ------------------------------------------------------------------------------------

#: games a page of ``yams history`` shows unless --limit says otherwise
PAGE = 20


def history(
    ctx: typer.Context,
    player: str | None = typer.Option(None, "--player", "-p", metavar="NAME",
                                         help="Only the games of this player, with their total "
                                              "and rank."),
    rules_name: str | None = rules_option(None, "Only this rule family."),
    house: str | None = house_option(HOUSE_HELP),
    since: str | None = typer.Option(None, "--since", metavar="DATE",
                                        help="Games on or after DATE (2024-05-01)."),
    until: str | None = typer.Option(None, "--until", metavar="DATE",
                                        help="Games on or before DATE (the whole day counts)."),
    limit: int = count_option(PAGE, "--limit", "-n", help="Games a page (0: every game)."),
    page: int = count_option(1, "--page", least=1, metavar="P",
                             help="Which page (1: the newest)."),
    oldest_first: bool = typer.Option(False, "--oldest-first",
                                      help="Oldest game first (the pages count from it)."),
    year: str | None = year_option(),
    csv_file: str | None = typer.Option(
        None, "--csv", metavar="FILE",
        help="Write every matching game to FILE as CSV, one line per player (no FILE, or '-': "
             "standard output); the pages are not used."),
    bgstats: str | None = typer.Option(
        None, "--bgstats", metavar="FILE",
        help="Write every matching game to FILE as a BG Stats play file (JSON) to import in "
             "that app ('-': standard output)."),
    game_id: str | None = typer.Option(None, "--game", "-g", metavar="ID",
                                          help="With --csv or --bgstats: only this game."),
    as_json: bool = json_option(),
    db: str | None = db_option(),
) -> None:
    """List the finished games, newest first, a page at a time, with every player's total and
    rank.

    Read from the summaries index: as fast with 50,000 games as with 50."""
    from ..book.records import history as build_history

    lang = current_lang(ctx)
    family = _book_filter(rules_name, house)
    since_, until_ = period(since, until, year)
    if csv_file is not None or bgstats is not None:
        from .book_export import export_history

        export_history(open_store(db, reading=True), lang, player=player, family=family,
                       since=since_, until=until_, game_id=game_id, csv_file=csv_file,
                       bgstats=bgstats)
        return
    store = open_store(db, reading=True)
    chosen = store.summaries(player, family, since_, until_, newest_first=not oldest_first,
                             limit=limit or None, offset=(page - 1) * limit)
    rows = build_history(chosen, player)
    if not oldest_first:
        rows.reverse()
    if as_json:
        print_json({"games": rows})
        return
    w = words("cli.book", lang)
    if not rows:
        typer.echo(w["no_games"])
        return
    table = simple_table()
    table.add_column(w["date"], no_wrap=True)
    table.add_column(w["game"], overflow="fold")
    if player is not None:
        table.add_column(w["total"], justify="right", no_wrap=True)
        table.add_column(w["rank"], justify="right", no_wrap=True)
    table.add_column(w["players"], overflow="fold")
    evenings = store.evenings()["evenings"] if any(r.get("evening") for r in rows) else {}
    for row in rows:
        notes = _notes(row, w, lang, evenings)
        label = short_label(row["config_label"], lang) + (f" ({', '.join(notes)})"
                                                           if notes else "")
        players = ", ".join(f"{p['rank']}. {p['name']} {_number(p['total'], lang)}"
                            for p in sorted(row["players"], key=lambda p: p["rank"] or 0))
        cells = [local_date(row["date"]), shown(label)]
        if player is not None:
            cells += [_number(row["total"], lang), str(row["rank"])]
        table.add_row(*cells, shown(players), style="dim" if row["stopped_early"] else None)
    out = _console()
    out.print(table)
    total = store.count_summaries(player, family, since_, until_)
    if limit and total > len(rows):
        first = (page - 1) * limit + 1
        last = first + len(rows) - 1
        text = w["page" if last < total else "last_page"].format(first=first, last=last,
                                                                 total=total, next=page + 1)
        out.print(text, markup=False, style="dim")


def _notes(row: dict, w: _Section, lang: str, evenings: dict) -> list[str]:
    """What a history row says after the rules: stopped early, how many turns were corrected
    after they were played, reopened after the finish (how many times, past one), the evening
    by its name (of ``evenings``, the store's; its id when the store does not know it)."""
    notes = [w["stopped"]] if row["stopped_early"] else []
    if row["amendments"]:
        notes.append(say("cli.book.corrections", lang, n=row["amendments"]))
    if row["reopened"]:
        times = row["reopened"]["times"]
        notes.append(w["reopened"] + (f" ×{times}" if times > 1 else ""))
    if row.get("paper"):
        notes.append(say("carnet.from_paper", lang, date=row["paper"]["date"]))
    if row.get("evening"):
        known = evenings.get(row["evening"]) or {}
        notes.append(say("evening.of_evening", lang, id=known.get("name") or row["evening"]))
    return notes


# -- stats --------------------------------------------------------------------------------------

def _stats_headers(lang: str) -> tuple[str, ...]:
    """The figure columns of ``yams stats``, short enough to leave room for the rules' name."""
    w = words("cli.book_stats_headers", lang)
    return (w["games"], w["wins"], w["win_pct"], w["average"], w["median"], w["best"],
            w["worst"], w["std_dev"])


def _player_rows(store, player: str) -> tuple[GameRows, dict[str, str]]:
    """The player's games from the summaries index, as columns (no summary decoded, no
    dict a game), each configuration named by its key, and each one's label."""
    from ..book.player_page import GameRows

    rows, labels = store.player_rows(player)
    return GameRows.of_index(rows, {}), labels


def _page_made(rows: list[tuple[Any, ...]]) -> tuple[list[str], str]:
    """The page of a player's rows of the summaries index, for the index to keep: the keys
    of its configurations and its text (:func:`~yams_scorekeeper.book.records.page_text`)."""
    from ..book.player_page import GameRows
    from ..book.records import page_of_games, page_text

    page = page_of_games(GameRows.of_index(rows, {}))
    return page["keys"], page_text(page)


def totals_chart(rows: list[dict[str, Any]], title: str, width: int,
                 lang: str = "en") -> _Chart:
    """A bar per game, oldest first (one a month, their average, past ``CHART_BARS`` games:
    the bars of :func:`~yams_scorekeeper.book.player_page.monthly_bars`), scaled so the
    largest total fills the width left."""
    top = max((abs(r["total"]) for r in rows), default=0) or 1
    numbers = [_number(r["total"], lang) for r in rows]
    labels = [r.get("label") or local_date(r["date"]) for r in rows]
    span = max(10, width - max(len(x) for x in labels) - 2 - max(len(n) for n in numbers) - 2)
    bars = []
    for row in rows:
        size = round(abs(row["total"]) / top * span)
        style = "red" if row["total"] < 0 else ("dim" if row["stopped_early"] else "green")
        bars.append(("█" * size if size else "▏", style))
    return _bar_chart(title, labels, bars, numbers, span, labels_right=False)


def distribution_chart(totals: list[float], title: str, width: int, lang: str = "en",
                       bins: int = 10) -> _Chart:
    """How many totals fall in each of ``bins`` equal ranges, as horizontal bars."""
    low, high = min(totals), max(totals)
    step = (high - low) / bins or 1
    counts = [0] * bins
    for total in totals:
        counts[min(bins - 1, int((total - low) / step))] += 1
    labels = [f"{_number(round(low + k * step), lang)}-{_number(round(low + (k + 1) * step), lang)}"
              for k in range(bins)]
    top = max(counts) or 1
    span = max(10, width - max(map(len, labels)) - 2 - len(str(top)) - 2)
    bars = [("█" * round(count / top * span), "cyan") for count in counts]
    return _bar_chart(title, labels, bars, [str(c) for c in counts], span, labels_right=True)


class _Chart:
    """A chart as plain ``lines`` (the title, then a line a bar) and as Rich draws it
    (``__rich__``: the title in bold, the bars in their styles)."""

    def __init__(self, title: str, lines: list[tuple[str, str, str, str]]):
        self.title = shown(title)
        self.parts = lines          # (label and gap, bar, bar style, gap and number)
        self.lines = [self.title] + [head + bar + tail for head, bar, _, tail in lines]

    def __rich__(self) -> Any:
        from rich.console import Group
        from rich.text import Text

        body = Text(no_wrap=True, overflow="crop")
        for head, bar, style, tail in self.parts:
            if body:
                body.append("\n")
            body.append(head)
            body.append(bar, style=style)
            body.append(tail)
        return Group(Text(self.title, style="bold"), body)


def _bar_chart(title: str, labels: list[str], bars: list[tuple[str, str]], numbers: list[str],
               span: int, labels_right: bool) -> _Chart:
    """The title in bold, then a line a bar: its label, the bar (``(text, style)``, at most
    ``span`` wide), its number at the right, two spaces apart. One Rich ``Text`` (no table to
    lay out: a player's charts are ~15 of them), or plain lines (:mod:`.plain_text`)."""
    label_width = max(map(len, labels), default=0)
    number_width = max(map(len, numbers), default=0)
    lines = []
    for label, (bar, style), figure in zip(labels, bars, numbers, strict=True):
        label = shown(label)
        lines.append(((label.rjust(label_width) if labels_right else label.ljust(label_width))
                      + "  ", bar, style, " " * (span - len(bar)) + "  "
                      + figure.rjust(number_width)))
    return _Chart(title, lines)


def stats(
    ctx: typer.Context,
    player: str | None = typer.Argument(None, metavar="PLAYER", show_default=False,
                                           help="The player's name (case does not matter)."),
    versus: str | None = typer.Option(None, "--vs", metavar="NAME",
                                         help="Head to head: the games PLAYER and NAME played "
                                              "together, who won them, their averages."),
    chart: bool = typer.Option(True, "--chart/--no-chart",
                               help="Draw the totals over time and their distribution."),
    rows: bool = typer.Option(False, "--rows",
                              help="Per row of the sheet: cells written, average, best, how "
                                   "often 0 or struck out; bonus rate and yams made (PLAYER "
                                   "may then be left out: every player)."),
    rating: bool = typer.Option(False, "--rating",
                                help="Rank the club by rating, per configuration: each "
                                     "player's skill from the order of finish of every game, "
                                     "with its range (PLAYER may then be left out)."),
    rules_name: str | None = rules_option(None, "With --rows: only this rule family."),
    house: str | None = house_option("With --rows: " + HOUSE_HELP[0].lower() + HOUSE_HELP[1:]),
    since: str | None = typer.Option(None, "--since", metavar="DATE",
                                        help="Only the games on or after DATE (2024-05-01)."),
    until: str | None = typer.Option(None, "--until", metavar="DATE",
                                        help="Only the games on or before DATE (the whole day "
                                             "counts)."),
    year: str | None = year_option(),
    seats: int | None = typer.Option(None, "--players", metavar="N",
                                        help="Only the games of N players."),
    csv_file: str | None = typer.Option(
        None, "--csv", metavar="FILE",
        help="Write the figures to FILE as CSV, one line per configuration (with --rows: per "
             "row) (no FILE, or '-': standard output)."),
    html: str | None = html_option("Draw the player's page, with its charts, as a printable "
                                      "HTML page in FILE ('-': standard output)."),
    as_json: bool = json_option(),
    db: str | None = db_option(),
) -> None:
    """Show a player's games, wins, win rate, average, median, best, worst and standard
    deviation, per family and per configuration, and charts of their totals; with --rows,
    the figures of each row of the sheet.

    Totals of different families are on different scales, so figures of totals are given per
    family and configuration, never mixed. Games stopped early count in games and wins (a
    win only in Gaby) but not in the figures of totals. --json lists the player's last 50
    games in "history" ("history_total" counts them all) and the monthly averages in "trend".
    """
    import json

    from ..book.player_page import in_period, rival_and_nemesis
    from ..book.records import head_to_head, page_of_games, page_stats, page_text
    from ..rules import RULESETS

    lang = current_lang(ctx)
    w = words("cli.book", lang)
    since_, until_ = period(since, until, year)
    if seats is not None and not 1 <= seats <= 8:
        raise EntryError(Message("book.seats", n=seats), expected="--players 2")
    if rating:
        from .book_skill import club_ratings

        club_ratings(player, as_json, lang, db)
        return
    if rows:
        _row_stats(player, _book_filter(rules_name, house), as_json, lang, db, since_, until_,
                   seats, csv_file)
        return
    if house is not None:
        raise EntryError(Message("cli.book.house_needs_rows"),
                         expected="yams stats Alice --rows --house sirtin")
    if player is None or not player.strip():
        raise EntryError(Message("cli.name_player"), expected="yams stats Alice")
    store = open_store(db, reading=True)
    filtered = since_ is not None or until_ is not None or seats is not None
    if not filtered:                        # the page the summaries index keeps
        text, labels = store.player_rows(player.strip(), page=_page_made)
        page = json.loads(text) if text else None
    else:
        games, labels = _player_rows(store, player.strip())
        page = {"player": games.names[-1]} if games else None
    if page is None:
        known = sorted(store.player_names(), key=str.casefold)
        raise EntryError(Message("cli.book.unknown_player", name=player),
                         expected=", ".join(known) if known else None)
    name = page["player"]
    if versus is not None:
        pairs = [pair for pair in store.pair_rows(player.strip(), versus.strip())
                 if in_period([{"date": pair[1], "player_count": seats}], since_, until_,
                              seats)]
        other = versus.strip()
        data = head_to_head(pairs, name, other)
        if as_json:
            print_json(data)
            return
        _print_head_to_head(data, lang)
        return
    if filtered:
        games = games.where(since_, until_, seats)
        if not games and not as_json:
            typer.echo(w["no_games"])
            return
        page = json.loads(page_text(page_of_games(games)))   # as the index would keep it
    data = page_stats(page, labels, player.strip())
    winning = [cls.family for cls in RULESETS if cls.stopped_game_has_winner]   # G7
    rival, nemesis = rival_and_nemesis(store.companions(player.strip(), winning, since_,
                                                        until_, seats))
    data.update(streak=page["streak"], rival=rival, nemesis=nemesis,
                by_players=page["by_players"], recent=page["recent"])
    from .book_skill import add_ratings, add_skill

    add_ratings(data, store, player.strip())       # of every game, whatever the filter
    add_skill(data, store, player.strip(), (since_, until_, seats))
    if csv_file is not None:
        from ..book.book_csv import STATS_COLUMNS, stats_lines
        from .book_export import write_csv

        write_csv(csv_file, STATS_COLUMNS, stats_lines(data), lang)
        return
    if html is not None:
        _player_html(html, store, data, page, name, (since_, until_, seats), lang)
        return
    if as_json:       # the last games only: the figures, by_config and trend cover them all
        print_json({**data, "history_total": page["total"]})
        return
    from rich.text import Text

    out = _console()

    def pct(value: float | None) -> str:
        return _percent(value, lang)

    summary = shown(say("cli.book.summary", lang, name=name, games=data["games"],
                         complete=data["complete"], wins=data["wins"],
                         rate=pct(data["win_rate"])))
    print_lines(out, [summary], Text(summary, style="bold"))
    table = [[shown(cfg["label"]), str(cfg["games"]), str(cfg["wins"]),
              pct(cfg["win_rate"]), _number(cfg["average"], lang),
              _number(cfg["median"], lang),
              _number(cfg["best"]["total"], lang) if cfg["best"] else "-",
              _number(cfg["worst"]["total"], lang) if cfg["worst"] else "-",
              _number(cfg["stdev"], lang)] for cfg in data["by_config"].values()]
    print_table(out, [(w["config"], "left")] + [(title, "right")
                                                 for title in _stats_headers(lang)],
                table, no_wrap=True)
    for line in map(shown, _page_lines(data, lang)):
        print_lines(out, [line], Text(line))
    if not chart:
        return
    from .charts import LEAST_GAMES

    spreads = dict(page["spread"])
    for key, bars in page["bars"]:
        cfg = data["by_config"][key]
        title = w["chart"].format(name=name, label=cfg["label"])
        if cfg["games"] < LEAST_GAMES:
            line = shown(say("cli.book.too_few", lang, title=title, n=cfg["games"],
                             least=LEAST_GAMES))
            print_lines(out, [line], Text(line))
            out.print()
            continue
        charts = [totals_chart(bars, title, out.width, lang)]
        if len(spreads.get(key, ())) >= 5:
            charts.append(distribution_chart(
                spreads[key], w["spread"].format(name=name, label=cfg["label"]), out.width,
                lang))
        for drawn in charts:
            print_lines(out, drawn.lines, drawn)
            out.print()


def _page_lines(data: dict, lang: str) -> list[str]:
    """The player's page in a few sentences: streak, rival, nemesis, recent averages."""
    from ..book.player_page import RECENT

    lines = []
    streak = data["streak"]
    if streak:
        lines.append(say("book.streak", lang, n=streak["games"],
                         start=local_date(streak["from"], with_time=False),
                         end=local_date(streak["to"], with_time=False)))
    if data["rival"]:
        line = say("book.rival", lang, name=data["rival"]["name"], n=data["rival"]["games"])
        if data["nemesis"]:
            line += say("book.nemesis", lang, name=data["nemesis"]["name"],
                        n=data["nemesis"]["beaten"], games=data["nemesis"]["games"])
        lines.append(line)
    for key, r in data.get("ratings", {}).items():
        lines.append(say("book.rating", lang, label=data["by_config"][key]["label"],
                         rating=_number(round(r["rating"], 1), lang),
                         low=_number(round(r["low"], 1), lang),
                         high=_number(round(r["high"], 1), lang), place=r["place"], of=r["of"]))
    for key, skill in data.get("skill", {}).items():
        lines.append(say("book.skill", lang, label=data["by_config"][key]["label"],
                         lost=fill("{v:.2f}", lang, v=skill["lost_per_turn"]),
                         luck=fill("{v:+.1f}", lang, v=skill["luck_per_game"]),
                         n=skill["games"]))
    for key, trend in data["recent"].items():
        lines.append(say("book.recent", lang, label=data["by_config"][key]["label"],
                         n=RECENT, recent=_number(round(trend["recent"], 1), lang),
                         change=("+" if trend["change"] >= 0 else "")
                         + _number(round(trend["change"], 1), lang)))
    return lines


def _player_html(path: str, store, data: dict, page: dict, name: str, filters: tuple,
                 lang: str) -> None:
    """``yams stats NAME --html FILE``: the player's page to print: the figures per
    configuration, the page's sentences, then the charts (totals over time per
    configuration, their spread per family, each row's average per column)."""
    from ..rules import rules_class
    from .charts import LEAST_GAMES, Point, grouped_bars, histogram, line_chart, too_few_note
    from .files import write_text
    from .printable import Cell, Grid, Line, grids_html

    w = words("cli.book", lang)
    lines = [Line(cfg["label"], [Cell(str(cfg["games"])), Cell(str(cfg["wins"])),
                                 Cell(_percent(cfg["win_rate"], lang)),
                                 Cell(_number(cfg["average"], lang)),
                                 Cell(_number(cfg["median"], lang)),
                                 Cell(_number(cfg["best"]["total"], lang) if cfg["best"] else "-"),
                                 Cell(_number(cfg["worst"]["total"], lang) if cfg["worst"]
                                      else "-"),
                                 Cell(_number(cfg["stdev"], lang))])
             for cfg in data["by_config"].values()]
    grid = Grid("", [w["config"], *_stats_headers(lang)], lines, _page_lines(data, lang))
    spreads = dict(page["spread"])
    charts = []
    for key, points in page["points"]:
        cfg = data["by_config"][key]
        title = w["chart"].format(name=name, label=cfg["label"])
        if cfg["games"] < LEAST_GAMES:
            charts.append(too_few_note(say("cli.book.too_few", lang, title=title,
                                           n=cfg["games"], least=LEAST_GAMES)))
            continue
        charts.append(line_chart(title, [Point(*point) for point in points]))
        if len(spreads.get(key, ())) >= LEAST_GAMES:
            charts.append(histogram(w["spread"].format(name=name, label=cfg["label"]),
                                    spreads[key]))
    since, until, seats = filters
    for cfg in store.row_stats(name, None, since, until, seats).values():
        if cfg["sheets"] < LEAST_GAMES:
            continue
        try:
            names = {row.id: row.name for row in rules_class(cfg["family"] or "").rows}
        except YamsError:
            names = {}
        columns = cfg["by_column"] or {"": cfg["rows"]}
        groups: dict[str, list[tuple[str, float]]] = {}
        for column, rows_of in columns.items():
            label = part_name(cfg["family"], column, lang) if column else cfg["label"]
            for line in rows_of:
                groups.setdefault(names.get(line["row"], line["row"]), []).append(
                    (label, line["average"]))
        charts.append(grouped_bars(say("book.row_chart", lang, name=name, label=cfg["label"]),
                                   list(groups.items())))
    subtitle = say("cli.book.summary", lang, name=name, games=data["games"],
                    complete=data["complete"], wins=data["wins"],
                    rate=_percent(data["win_rate"], lang))
    write_text(path, grids_html(say("book.page_title", lang, name=name), subtitle, [grid],
                                lang, charts))
    if path != "-":
        typer.echo(shown(say("book.page_drawn", lang, name=name, path=path)))


def _row_headers(lang: str) -> tuple[str, ...]:
    """The columns of ``yams stats --rows``."""
    w = words("cli.book_row_headers", lang)
    return (w["row"], w["cells"], w["average"], w["best"], w["zero_or_x"], w["x"])


def _row_stats(player: str | None, family: str | None, as_json: bool, lang: str,
               db: str | None, since: str | None = None, until: str | None = None,
               seats: int | None = None, csv_file: str | None = None) -> None:
    """``yams stats [PLAYER] --rows``: the per-row figures, per configuration."""
    from ..book.player_page import favourite_rows
    from ..rules import rules_class

    name = player.strip() if player and player.strip() else None
    store = open_store(db, reading=True)
    data = store.row_stats(name, family, since, until, seats)
    filtered = since is not None or until is not None or seats is not None
    if name is not None and not data and not (filtered and store.player_rows(name)[0]):
        known = sorted(store.player_names(), key=str.casefold)
        raise EntryError(Message("cli.book.unknown_player", name=player),
                         expected=", ".join(known) if known else None)
    for cfg in data.values():
        cfg.update(favourite_rows(cfg["rows"]))
    if csv_file is not None:
        from ..book.book_csv import ROWS_COLUMNS, rows_lines
        from .book_export import write_csv

        write_csv(csv_file, ROWS_COLUMNS, rows_lines(name, data), lang)
        return
    if as_json:
        print_json({"player": name, "by_config": data})
        return
    from rich.text import Text

    w, out = words("cli.book_rows", lang), _console()
    colon = colon_in(lang)
    shown_any = False
    for cfg in data.values():
        if not cfg["sheets"]:
            continue
        shown_any = True
        who = f"{name} · " if name else f"{w['everyone']} · "
        title = w["title"].format(who=who, label=cfg["label"], sheets=cfg["sheets"])
        if cfg["stopped"]:
            title += w["stopped"].format(n=cfg["stopped"])
        title = shown(title)
        print_lines(out, [title], Text(title, style="bold"))
        headers = _row_headers(lang)
        try:
            names = {row.id: row.name for row in rules_class(cfg["family"] or "").rows}
        except YamsError:
            names = {}
        print_table(out, [(headers[0], "left")] + [(h, "right") for h in headers[1:]],
                    [[shown(names.get(line["row"], line["row"])), str(line["cells"]),
                      _number(round(line["average"], 1), lang), _number(line["best"], lang),
                      _percent(line["zero_rate"], lang), _percent(line["scratch_rate"], lang)]
                     for line in cfg["rows"]])
        notes = []
        if cfg["bonuses"]:
            notes.append(w["bonus"] + colon + ", ".join(
                f"{part_name(cfg['family'], part, lang)} {_percent(b['rate'], lang)}"
                for part, b in cfg["bonuses"].items()))
        notes.append(w["yams"].format(n=cfg["yams"]["made"],
                                      per=_number(cfg["yams"]["per_sheet"], lang)))
        if cfg["favourite"]:
            notes.append(say("book.favourite", lang,
                             row=names.get(cfg["favourite"], cfg["favourite"])))
        if cfg["weakest"]:
            notes.append(say("book.weakest", lang, row=names.get(cfg["weakest"], cfg["weakest"])))
        line = shown(" · ".join(notes))
        print_lines(out, [line], Text(line))
        out.print()
    if not shown_any:
        typer.echo(w["none"])


def _percent(value: float | None, lang: str) -> str:
    """A rate as a whole percentage (``33 %``)."""
    return "-" if value is None else f"{_number(round(100 * value), lang)} %"


def _print_head_to_head(data: dict, lang: str) -> None:
    from rich.text import Text

    w = words("cli.book", lang)
    a, b = data["players"]
    out = _console()
    out.print(Text(shown(say("cli.book.versus", lang, a=a, b=b, games=data["games"],
                             wa=data["wins"][a], wb=data["wins"][b], draws=data["draws"])),
                   style="bold"))
    table = simple_table(((w["family"], "left"), (w["games_n"], "right"),
                          (shown(w["wins"] + " " + a), "right"),
                          (shown(w["wins"] + " " + b), "right"),
                          (shown(w["average"] + " " + a), "right"),
                          (shown(w["average"] + " " + b), "right")))
    for family, fam in data["by_family"].items():
        table.add_row(shown(family_title(family)), str(fam["games"]), str(fam["wins"][a]),
                      str(fam["wins"][b]), _number(fam["average"][a], lang),
                      _number(fam["average"][b], lang))
    out.print(table)


# -- export / import ----------------------------------------------------------------------------

def export(
    ctx: typer.Context,
    file: str | None = typer.Argument(None, metavar="FILE", show_default=False,
                                         help="The JSON file to write ('-': standard output)."),
    force: bool = force_option(),
    db: str | None = db_option(),
) -> None:
    """Write the record book to one JSON file that 'yams import' reads back.

    It holds every finished game (settings, events, transcript, summary), one a line,
    and the records. Written one game at a time: memory holds one game, not the book. The
    games are not replayed (each was checked when it was archived; 'yams import' replays
    them again)."""
    from ..api import export_book

    lang = current_lang(ctx)
    if file is None:
        raise EntryError(Message("cli.name_file_write"),
                         expected="yams export book.json")
    # a _Utf8Stdout is a text stream in all that export_book uses of one (write, flush)
    out = cast(TextIO, file_stdout()) if file == "-" else file
    count = export_book(open_store(db, reading=True), out, force=force)
    if file != "-":
        typer.echo(shown(say("cli.book.exported", lang, n=count, path=file)))


def import_(
    ctx: typer.Context,
    file: str | None = typer.Argument(None, metavar="FILE", show_default=False,
                                         help="A file written by 'yams export' ('-': standard "
                                              "input)."),
    as_json: bool = json_option(),
    db: str | None = db_option(),
) -> None:
    """Add the finished games of an exported book; importing twice adds nothing.

    Games already in the store are skipped; every other game is replayed through the rules
    and must match its summary, else nothing is imported. The records are then counted
    again. Read one game at a time: memory holds one game, not the book."""
    import sys

    from ..api import import_book

    lang = current_lang(ctx)
    if file is None:
        raise EntryError(Message("cli.name_file_read"),
                         expected="yams import book.json")
    added, skipped = import_book(open_store(db), sys.stdin if file == "-" else file, name=file)
    if as_json:
        print_json({"added": added, "skipped": skipped})
        return
    typer.echo(say("cli.book.imported", lang, added=added, skipped=skipped))


COMMANDS = (
    (records, {"epilog": examples("yams records", "yams records --rules gaby --json",
                                  "yams records --rebuild", "yams records --html records.html")}),
    (history, {"epilog": examples(
        "yams history --player Alice",
        "yams history --page 2 --limit 50",
        "yams history --rules double --since 2024-05-01 --until 2024-05-31 --json")}),
    (stats, {"epilog": examples("yams stats Alice", "yams stats alice --json",
                                "yams stats Alice --vs Bob", "yams stats Alice --rows",
                                "yams stats --rows --rules duel --json")}),
    (export, {"epilog": examples("yams export book.json", "yams export - > book.json")}),
    (import_, {"name": "import", "epilog": examples("yams import book.json",
                                                     "yams import --db ../club book.json")}),
)
