"""The club's record book, player statistics and game history, from finished-game summaries.

Pure functions over plain dicts; no I/O (the store keeps the book in ``records.json``).

A *summary* describes one finished game::

    {"id": "g42", "family": "double", "config_key": "double/force",
     "config_label": "Double Yams forcé (croissant)", "date": "2024-05-01T21:30:00+00:00",
     "stopped_early": False,
     "players": [{"name": "Alice", "total": 760, "parts": {"chiffres": 120, "suites": 760},
                  "rank": 1}, ...]}

The *book* holds, for each ``config_key``, the best grand total (part ``"total"``) and the
best total of each part (rulings D11: "the best suites total in a forcé game")::

    {"format": "yams-scorekeeper-records", "version": 1, "counted": ["g1", "g42"],
     "configs": {"double/force": {"label": ..., "family": "double", "records": {
         "total": {"value": 760, "player": "Alice", "date": ..., "game": "g42", "tied": []},
         "suites": {...}}}}}

Readings chosen here (the issue left them open):

- "Best" is the highest value for every part, including parts that may be negative (the
  Double Yams difference).
- A record is broken only by a strictly higher value. An equal value later does not take the
  record; its holder is added to the record's ``tied`` list (player, date, game).
- Within one game, when several players reach the same best value, the first in the summary's
  player order holds the record and the others are listed as tied.
- The first game of a configuration sets its records, and :func:`update_records` reports them
  as broken with ``"previous": None``; a caller that only wants beaten records keeps the entries
  whose ``previous`` is not ``None``.
- A game stopped early counts in a player's games, wins and history, but sets no record and is
  left out of average, best and worst (its grid is not full).
- A win is rank 1 in a game of two players or more; a solo game is never a win.
- Player names are matched without regard to case or surrounding spaces.
- ``counted`` lists the games the book includes, so applying a summary twice changes nothing.
"""

from __future__ import annotations

import datetime as _dt
import json
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache
from itertools import compress, repeat
from numbers import Real
from operator import itemgetter, not_, sub
from typing import TYPE_CHECKING, Any

from ..base.safetext import fold_name
from .provenance import counts_in_records, evening_of, paper_of

if TYPE_CHECKING:  # pragma: no cover
    from .player_page import GameRows

BOOK_FORMAT = "yams-scorekeeper-records"
BOOK_VERSION = 1
TOTAL = "total"

#: a JSON object: a summary, the book and its records, a history row, statistics
Doc = dict[str, Any]
#: what :func:`merged` needs of one game (:func:`tally`): date, id, record key, label,
#: family, {part: (best, names)}
Tally = tuple[str, str, str | None, str | None, str | None,
              dict[str, tuple[float, list[str]]] | None]


def empty_book() -> Doc:
    """A book with no game in it."""
    return {"format": BOOK_FORMAT, "version": BOOK_VERSION, "counted": [], "configs": {}}


#: largest score a summary may hold (a real total has 4 digits; far larger ones are forged)
MOST_SCORE = 10 ** 9


def summary_problem(summary: Any) -> str | None:
    """Why ``summary`` cannot go into the book (its first bad field), or ``None`` when it can."""
    if not isinstance(summary, dict):
        return "a summary must be an object"
    for key in ("id", "config_key", "date"):
        if not isinstance(summary.get(key), str) or not summary[key] or len(summary[key]) > 200:
            return f"summary field '{key}' must be a non-empty string"
    for key in ("family", "config_label", "created"):
        if summary.get(key) is not None and not isinstance(summary[key], str):
            return f"summary field '{key}' must be a string"
    if not isinstance(summary.get("stopped_early", False), bool):
        return "summary field 'stopped_early' must be true or false"
    players = summary.get("players")
    if not isinstance(players, list) or not players or len(players) > 16:
        return "summary field 'players' must be a non-empty list"
    for n, player in enumerate(players, 1):
        if not isinstance(player, dict) or not isinstance(player.get("name"), str):
            return f"player {n} needs a 'name'"
        if not _is_number(player.get("total")):
            return f"player '{player['name']}' needs a numeric 'total'"
        parts = player.get("parts", {})
        if not isinstance(parts, dict) or not all(
                isinstance(k, str) and _is_number(v) for k, v in parts.items()):
            return f"the 'parts' of player '{player['name']}' must be an object of numbers"
        rank = player.get("rank")
        if rank is not None and (type(rank) is not int or not 1 <= rank <= 16):
            return f"the 'rank' of player '{player['name']}' must be a whole number from 1 to 16"
        problem = _sheet_rows_problem(player)
        if problem:
            return f"the {problem} of player '{player['name']}'"
    return None


#: most cells a summary's sheet may list (a Gaby sheet has 75)
MOST_CELLS = 1000


def _sheet_rows_problem(player: Doc) -> str | None:
    """What is wrong with a player's ``cells`` and ``bonuses`` (optional; see
    :meth:`yams_scorekeeper.engine.game.Game.sheet_rows`), or ``None``."""
    cells = player.get("cells", [])
    if not isinstance(cells, list) or len(cells) > MOST_CELLS:
        return "'cells' (a list of at most 1,000 cells)"
    for cell in cells:
        if type(cell) is list and len(cell) == 4:         # as a summary writes them: quick
            column, row, score, scratched = cell
            if (type(column) is str and type(row) is str and len(column) <= 50
                    and len(row) <= 50 and type(score) is int
                    and -MOST_SCORE <= score <= MOST_SCORE and type(scratched) is bool):
                continue
        if not (isinstance(cell, list) and len(cell) in (4, 5)
                and isinstance(cell[0], str) and isinstance(cell[1], str)
                and len(cell[0]) <= 50 and len(cell[1]) <= 50 and _is_number(cell[2])
                and isinstance(cell[3], bool) and (len(cell) == 4 or _is_number(cell[4]))):
            return "'cells' (each [column, row, score, scratched])"
    bonuses = player.get("bonuses", {})
    if not isinstance(bonuses, dict) or len(bonuses) > 50 or not all(
            isinstance(k, str) and _is_number(v) for k, v in bonuses.items()):
        return "'bonuses' (an object of numbers)"
    return None


def _is_number(value: Any) -> bool:
    """A finite number of a sensible size (not a bool, NaN, infinity or 5,000 digits)."""
    kind = type(value)
    if kind is int or kind is float:                  # JSON's numbers: no abstract check
        in_range: bool = -MOST_SCORE <= value <= MOST_SCORE
        return in_range
    # typeshed's numbers.Real declares no __ge__ (int <= Real), though every Real has one
    return (isinstance(value, Real) and not isinstance(value, bool)
            and -MOST_SCORE <= value <= MOST_SCORE)  # type: ignore[operator]


def _same_name(a: str, b: str) -> bool:
    return fold_name(a) == fold_name(b)


def _holder(record: Doc) -> Doc:
    return {key: record[key] for key in ("value", "player", "date", "game")}


def _scores(summary: Doc) -> dict[str, list[tuple[float, str]]]:
    """For each part (``total`` first), the (value, player) pairs of the game, in player order."""
    scores: dict[str, list[tuple[float, str]]] = {TOTAL: []}
    for player in summary["players"]:
        scores[TOTAL].append((player["total"], player["name"]))
        for part, value in (player.get("parts") or {}).items():
            if _is_number(value) and part != TOTAL:
                scores.setdefault(part, []).append((value, player["name"]))
    return scores


def update_records(book: Doc, summary: Doc) -> tuple[Doc, list[Doc]]:
    """The book with ``summary`` counted, and the records it broke (see the module notes).

    Each broken record is ``{"config_key", "config_label", "part", "value", "player", "date",
    "game", "tied_with", "previous"}``; ``previous`` is the record it replaced
    (``{"value", "player", "date", "game"}``) or ``None`` for the first game of a
    configuration. ``book`` itself is not changed.
    """
    if summary["id"] in book.get("counted", ()):
        return book, []
    new = {**book, "counted": [*book.get("counted", ()), summary["id"]],
           "configs": dict(book.get("configs", {}))}
    return new, _count(new, summary)


def _count(book: Doc, summary: Doc, owned: bool = False) -> list[Doc]:
    """Count ``summary`` into ``book`` (its ``counted`` list aside), changing the book's
    ``configs`` in place but never a config or record dict it shares with another book,
    unless the book ``owned`` them all (a recompute: then ties are appended in place, so that
    many equal values stay linear)."""
    if summary.get("stopped_early") or not counts_in_records(summary):
        return []
    key, label = record_key(summary)
    old = book["configs"].get(key) or {"records": {}}
    if owned and key in book["configs"]:
        config = old
        config["label"] = label
    else:
        config = {"label": label, "family": summary.get("family"),
                  "records": dict(old["records"])}
        book["configs"][key] = config
    broken = []
    for part, pairs in _scores(summary).items():
        best = max(value for value, _ in pairs)
        names = [name for value, name in pairs if value == best]
        record = config["records"].get(part)
        if record is None or best > record["value"]:
            config["records"][part] = {"value": best, "player": names[0], "date": summary["date"],
                                       "game": summary["id"],
                                       "tied": [{"player": n, "date": summary["date"],
                                                 "game": summary["id"]} for n in names[1:]]}
            broken.append({"config_key": key, "config_label": label, "part": part,
                           "value": best, "player": names[0], "date": summary["date"],
                           "game": summary["id"], "tied_with": names[1:],
                           "previous": None if record is None else _holder(record)})
        elif best == record["value"] and owned:
            record["tied"].extend({"player": n, "date": summary["date"], "game": summary["id"]}
                                  for n in names)
        elif best == record["value"]:
            config["records"][part] = {**record, "tied": record["tied"] + [
                {"player": n, "date": summary["date"], "game": summary["id"]} for n in names]}
    return broken


#: record keys of games archived before D11, and the key they share now
_SHARED_KEYS = {"double/force/croissant": "double/force",
                "double/force/decroissant": "double/force"}


def record_key(summary: Doc) -> tuple[str, str]:
    """The configuration whose records ``summary`` counts in, and its label: forcé croissant
    and forcé décroissant share one set (D11), the direction dropped from the label."""
    key = summary["config_key"]
    label = summary.get("config_label") or key
    for old, new in _SHARED_KEYS.items():
        if key == old or key.startswith(old + "/"):
            key = new + key[len(old):]
            break
    if (key == "double/force" or key.startswith("double/force/")) and label.endswith(")") \
            and " (" in label:
        label = label[:label.rindex(" (")]
    return key, label


def _order(summaries: Iterable[Doc]) -> list[Doc]:
    return sorted(summaries, key=lambda s: (s["date"], s["id"]))


def recompute(summaries: Iterable[Doc], ordered: bool = False) -> Doc:
    """The book of all ``summaries``, counted in date order (then game id).

    Linear in the number of games: the ids counted are kept in a set while counting.
    ``ordered``: the summaries already come in that order (the summaries index gives them
    so), and are counted one at a time as they come, never held all at once."""
    book = empty_book()
    counted: set[str] = set()
    for summary in summaries if ordered else _order(summaries):
        if summary["id"] not in counted:
            counted.add(summary["id"])
            book["counted"].append(summary["id"])
            _count(book, summary, owned=True)
    return book


def tally(summary: Doc) -> Tally:
    """What :func:`merged` needs of a checked ``summary``: ``(date, id, key, label, family,
    {part: (best, names)})``, the last four ``None`` for a game stopped early (small enough
    to keep for each game of an import)."""
    if summary.get("stopped_early") or not counts_in_records(summary):
        return summary["date"], summary["id"], None, None, None, None
    key, label = record_key(summary)
    bests = {}
    for part, pairs in _scores(summary).items():
        best = max(value for value, _ in pairs)
        bests[part] = (best, [name for value, name in pairs if value == best])
    return summary["date"], summary["id"], key, label, summary.get("family"), bests


def first_games(firsts: Iterable[Doc]) -> dict[str, tuple[str, set[str]]]:
    """For each record key, the id and the parts of its first game, from the summaries of
    the first game of each ``config_key`` (configurations that share their records, D11,
    merged)."""
    best: dict[str, Doc] = {}
    for summary in firsts:
        key = record_key(summary)[0]
        if key not in best or (summary["date"], summary["id"]) < (best[key]["date"],
                                                                 best[key]["id"]):
            best[key] = summary
    return {key: (s["id"], set(_scores(s))) for key, s in best.items()}


def merged(book: Doc, tallies: list[tuple[Any, ...]], order: list[str],
           firsts: dict[str, tuple[str, set[str]]]) -> Doc | None:
    """``book`` (which must be :func:`recompute` of its games) with the games of ``tallies``
    (:func:`tally`; games it has not counted, of any date) counted as :func:`recompute`
    would count them among its games: each record is the first of the entries (date, id,
    then seat) that reach the highest value, the others tied in that order. ``order``: the
    ids of the book's games and of the new ones, by date then id.

    ``firsts``: the id and parts of the first game of each record key
    (:func:`first_games`), old and new games together.

    ``None`` when this cannot be told without counting every game again: ``order`` is not
    exactly the book's games and the new ones; a new game comes first in its configuration
    (the book's configurations come in the order of their first games, and keep the first
    one's family), or has a part that the first game has not (a configuration's parts come
    in the order of the games that first have them); or it has another label or family
    than its configuration's (the book keeps the last label)."""
    counted = book.get("counted", [])
    new_ids = {t[1] for t in tallies}
    ids = set(counted)
    ids.update(new_ids)
    if len(ids) != len(counted) + len(tallies) or len(ids) != len(order) \
            or not ids.issuperset(order):
        return None
    configs = dict(book.get("configs", {}))
    new_entries: dict[tuple[str, str], list[tuple[str, str, str, float]]] = {}
    for date, game_id, key, label, family, bests in tallies:
        if key is None:
            continue
        config = configs.get(key)
        first, first_parts = firsts.get(key, (game_id, set()))
        if config is None or config.get("label") != label or config.get("family") != family \
                or first in new_ids or not first_parts.issuperset(bests):
            return None
        for part, (best, names) in bests.items():
            if part not in config["records"]:
                return None
            new_entries.setdefault((key, part), []).extend(
                (date, game_id, n, best) for n in names)
    for (key, part), entries in new_entries.items():
        record = configs[key]["records"][part]
        top = max(max(e[3] for e in entries), record["value"])
        if top == record["value"] and not any(e[3] == top for e in entries):
            continue                            # the record stands, no new tie
        if top == record["value"]:
            value = record["value"]
            entries = [(record["date"], record["game"], record["player"], value)] + [
                (t["date"], t["game"], t["player"], value) for t in record["tied"]] + [
                e for e in entries if e[3] == top]
        else:
            entries = [e for e in entries if e[3] == top]
        entries.sort(key=itemgetter(0, 1))      # stable: a game's seats keep their order
        if configs[key] is book["configs"][key]:
            configs[key] = {**configs[key], "records": dict(configs[key]["records"])}
        date, game_id, player, value = entries[0]
        configs[key]["records"][part] = {
            "value": value, "player": player, "date": date, "game": game_id,
            "tied": [{"player": n, "date": d, "game": g} for d, g, n, _ in entries[1:]]}
    return {**book, "counted": list(order), "configs": configs}


def iso(value: str | _dt.date | None) -> str | None:
    """A date bound as the summaries' ISO strings compare (a string is kept as it is)."""
    return value.isoformat() if isinstance(value, _dt.date) else value


def matches(summary: Doc, player: str | None = None, family: str | None = None,
            since: str | _dt.date | None = None, until: str | _dt.date | None = None) -> bool:
    """True when the game was played by ``player``, in ``family``, between the two dates.

    Dates are ISO strings or ``date``/``datetime`` objects, both bounds included: ``until``
    ``"2024-05-01"`` keeps every game of that day.
    """
    since, until = iso(since), iso(until)
    if family is not None and summary.get("family") != family:
        return False
    if since is not None and summary["date"] < since:
        return False
    if until is not None and summary["date"][:len(until)] > until:
        return False
    return player is None or any(_same_name(p["name"], player) for p in summary["players"])


def history(summaries: Iterable[Doc], player: str | None = None, family: str | None = None,
            since: str | _dt.date | None = None, until: str | _dt.date | None = None) -> list[Doc]:
    """The games, oldest first: one row per game, with the player's own total and rank when
    ``player`` is given.

    Row: ``{"game", "date", "family", "config_key", "config_label", "stopped_early",
    "amendments", "reopened", "players": [{"name", "total", "rank"}]}``, plus ``"player",
    "total", "rank"`` for ``player``; ``amendments`` counts the past turns corrected (0 for
    none), ``reopened`` is ``{"at", "times"}`` for a game reopened after its finish, else
    ``None``; ``evening`` the id of its evening or ``None``; ``paper`` is ``{"date",
    "records"}`` for a game typed from a paper sheet (``date`` as typed: maybe a year or a
    month), else ``None`` (:mod:`~yams_scorekeeper.engine.provenance`).
    """
    rows = []
    for summary in _order(s for s in summaries if matches(s, player, family, since, until)):
        row = {"game": summary["id"], "date": summary["date"], "family": summary.get("family"),
               "config_key": summary["config_key"],
               "config_label": summary.get("config_label") or summary["config_key"],
               "stopped_early": bool(summary.get("stopped_early")),
               **changes_made(summary),
               "evening": evening_of(summary), "paper": paper_of(summary),
               "players": [{"name": p["name"], "total": p["total"], "rank": p.get("rank")}
                           for p in summary["players"]]}
        if player is not None:
            mine = next(p for p in row["players"] if _same_name(p["name"], player))
            row.update(player=mine["name"], total=mine["total"], rank=mine["rank"])
        rows.append(row)
    return rows


def changes_made(summary: Doc) -> Doc:
    """``{"amendments": n, "reopened": {"at", "times"} or None}``: the corrections a game
    went through after it was played, as its summary says (anything else reads as none)."""
    amendments = summary.get("amendments")
    reopened = summary.get("reopened")
    if not (isinstance(reopened, dict) and isinstance(reopened.get("at"), str)
            and type(reopened.get("times")) is int):
        reopened = None
    return {"amendments": amendments if type(amendments) is int and amendments > 0 else 0,
            "reopened": {"at": reopened["at"], "times": reopened["times"]} if reopened else None}


def stopped_game_wins(family: str | None) -> bool:
    """G7: whether a stopped game of this family still has a winner (the rule set says)."""
    from ..rules import stopped_game_wins as wins  # imported when needed: start-up stays light

    return wins(family)


@cache
def _stopped_wins(family: str | None) -> bool:
    """:func:`stopped_game_wins`, asked once a family (the statistics ask it of every won
    game stopped early, three times over)."""
    return stopped_game_wins(family)


def describe(totals: list[float]) -> dict[str, float | None]:
    """``average``, ``median`` and ``stdev`` (population standard deviation) of ``totals``,
    ``None`` each when there is none."""
    if not totals:
        return {"average": None, "median": None, "stdev": None}
    n = len(totals)
    mean = sum(totals) / n
    ordered = sorted(totals)
    median = ordered[n // 2] if n % 2 else (ordered[n // 2 - 1] + ordered[n // 2]) / 2
    # sum((x - mean) ** 2 for x in totals), the same operations in C: floats, exact enough
    stdev = (sum(map(pow, map(sub, totals, repeat(mean)), repeat(2))) / n) ** 0.5
    return {"average": mean, "median": median, "stdev": stdev}


def _picked(column: Sequence[Any], picked: Sequence[int] | None) -> Sequence[Any]:
    """The values of ``column`` at the positions ``picked`` (all of them when ``None``)."""
    if picked is None:
        return column
    if len(picked) == 1:
        return (column[picked[0]],)
    return itemgetter(*picked)(column)      # type: ignore[no-any-return]


def _stats(games: GameRows, won: Sequence[bool], contested: Sequence[bool],
           picked: Sequence[int] | None = None) -> Doc:
    """The figures of the games at the positions ``picked`` (every game when ``None``) of
    ``games``; ``won`` and ``contested``: whether the player won each game
    (:meth:`GameRows.won`: G7, a stopped game is won only where the rules say so) and whether
    it had two players or more (G6: a solo game cannot be won). Read from the columns, no
    dict a game and no loop in Python: a player's games at 50,000 are ~13,000, and the
    statistics take them three times, overall, per family, per configuration."""
    played = _picked(games.stopped, picked)
    complete = list(compress(range(len(games)) if picked is None else picked,
                             map(not_, played)))
    totals = list(compress(_picked(games.totals, picked), map(not_, played)))
    wins, contests = sum(_picked(won, picked)), sum(_picked(contested, picked))
    return {
        "games": len(played),
        "complete": len(complete),
        "wins": wins,
        "win_rate": wins / contests if contests else None,
        **describe(totals),    # the first best and the first worst, as max() and min() say
        "best": _game_of(games, complete[totals.index(max(totals))]) if totals else None,
        "worst": _game_of(games, complete[totals.index(min(totals))]) if totals else None,
    }


def _game_of(games: GameRows, k: int) -> Doc:
    """The best or worst game ``k`` of :func:`_stats`."""
    return {"total": games.totals[k], "date": games.dates[k], "game": games.games[k],
            "config_label": games.labels[k]}


def player_stats(summaries: Iterable[Doc], name: str) -> Doc:
    """A player's statistics from the summaries of the games (see :func:`stats_of_rows`)."""
    return stats_of_rows(history(summaries, player=name), name)


def stats_of_rows(rows: list[Doc] | GameRows, name: str) -> Doc:
    """A player's games, wins, win rate, average, median, standard deviation, best, worst and
    history, per family, per configuration, and by month.

    ``rows`` are the player's history rows, oldest first (:func:`history`, or the same keys
    with ``player_count`` for ``players``), or the same as columns (:class:`GameRows`, which
    is then the ``history``). Returns ``{"name", "games", "complete", "wins",
    "win_rate", "average", "median", "stdev", "best", "worst", "history", "by_family":
    {family: {...}}, "by_config": {config_key: {"label", "family", ...}}, "trend":
    [{"month", "family", "games", "average"}]}``.

    ``win_rate`` is over the games of two players or more (a solo game cannot be won).
    Totals of different families are on different scales (a Gaby sheet makes thousands, a
    Duel hundreds), so the overall ``average``, ``median``, ``stdev``, ``best`` and ``worst``
    are ``None`` when the player played more than one family: ``by_family`` and
    ``by_config`` hold them. Games stopped early count in games and wins (G7), not in the
    figures of totals.
    """
    from .player_page import GameRows  # the statistics only: a finish does not pay for it

    games = rows if isinstance(rows, GameRows) else GameRows.of_dicts(rows)
    won, contested = games.won(_stopped_wins), [count > 1 for count in games.counts]
    families, configs = games.positions("families"), games.positions("keys")
    overall = _stats(games, won, contested)
    if len(families) > 1:
        overall.update(average=None, median=None, stdev=None, best=None, worst=None)
    by_family = {family: _stats(games, won, contested, mine)
                 for family, mine in families.items()}
    by_config = {key: {"label": games.labels[mine[-1]], "family": games.families[mine[-1]],
                       **_stats(games, won, contested, mine)} for key, mine in configs.items()}
    trend: dict[tuple[str | None, str], list[float]] = {}
    for family, date, stopped, total in zip(games.families, games.dates, games.stopped,
                                            games.totals, strict=True):
        if not stopped:
            trend.setdefault((family, date[:7]), []).append(total)
    return {"name": name, **overall, "history": rows, "by_family": by_family,
            "by_config": by_config,
            "trend": [{"family": family, "month": month, "games": len(totals),
                       "average": sum(totals) / len(totals)}
                      for (family, month), totals in sorted(trend.items(),
                                                            key=lambda kv: (str(kv[0][0]),
                                                                            kv[0][1]))]}


#: the version of :func:`page_text`'s text: the summaries index keeps it, and drops the
#: pages another version wrote (bump it with any change of what a page holds or how its
#: figures are worked out)
PAGE_FORMAT = 2


def page_of_games(games: GameRows) -> Doc:
    """What ``yams stats NAME`` shows of a player that their games alone say, JSON-shaped
    (:func:`page_text`), for the summaries index to keep: the statistics
    (:func:`stats_of_rows`, ``by_family`` as ``[family, figures]`` pairs, ``history``
    empty), the last :data:`~.player_page.JSON_HISTORY` games (``tail``) of ``total``, the
    streak, the games by player count and the recent averages, each configuration's bars
    and points of its totals over time and each configuration's complete totals (``spread``). A
    configuration is named by its key where its label goes (``games`` made with no label):
    :func:`page_stats` gives the labels of the day. Not the rival and the nemesis (the
    other players' rows say them) nor the name as the command was given it."""
    from .player_page import (
        JSON_HISTORY,
        average_trend,
        by_players,
        line_points,
        monthly_bars,
        winning_streak,
    )

    stats = stats_of_rows(games, "")
    del stats["name"]
    by_config = games.positions("keys")
    return {"stats": {**stats, "history": [],
                      "by_family": list(map(list, stats["by_family"].items()))},
            "player": games.names[-1] if len(games) else None, "keys": list(by_config),
            "tail": games[-JSON_HISTORY:], "total": len(games),
            "streak": winning_streak(games, stopped_game_wins),
            "by_players": by_players(games, stopped_game_wins),
            "recent": average_trend(games),
            "bars": [[key, monthly_bars(games.subset(picked))]
                     for key, picked in by_config.items()],
            "points": [[key, line_points(games.subset(picked))]
                       for key, picked in by_config.items()],
            "spread": [[key, games.complete_totals(picked)]
                       for key, picked in by_config.items()]}


def page_text(page: Doc) -> str:
    """A page of :func:`page_of_games` as JSON text (floats as ``repr`` writes them: read
    back, each is the same number)."""
    return json.dumps(page, separators=(",", ":"), ensure_ascii=False)


def page_stats(page: Doc, labels: dict[str, str], name: str) -> Doc:
    """The statistics of a page read back (:func:`page_text`) as :func:`stats_of_rows`
    gives them for ``name``, each configuration named by its label in ``labels`` (its key
    without one), with ``history`` the page's last games (``tail``)."""
    def named(game: Doc | None) -> Doc | None:
        if game is not None:
            game["config_label"] = labels.get(game["config_label"], game["config_label"])
        return game

    stats = page["stats"]
    stats["by_family"] = {family: figures for family, figures in stats["by_family"]}
    for figures in (stats, *stats["by_family"].values(), *stats["by_config"].values()):
        named(figures["best"])
        named(figures["worst"])
    for key, figures in stats["by_config"].items():
        figures["label"] = labels.get(key, key)
    stats["history"] = [named(row) for row in page["tail"]]
    return {"name": name, **stats}


def head_to_head(rows: Iterable[tuple[Any, ...]], a: str, b: str) -> Doc:
    """Two players in the games they played together: ``rows`` are ``(game, date, family,
    stopped, total_a, rank_a, total_b, rank_b)``.

    ``{"players": [a, b], "games", "wins": {a: n, b: m}, "draws", "by_family": {family:
    {"games", "wins": {...}, "draws", "average": {a: x, b: y}}}}``: a game is won by the one
    ranked higher; a stopped game is nobody's outside Gaby (G7); equal ranks are a draw.
    """
    out: Doc = {"players": [a, b], "games": 0, "wins": {a: 0, b: 0}, "draws": 0,
                "by_family": {}}
    sums: dict[str | None, list[float]] = {}
    for _game, _date, family, stopped, total_a, rank_a, total_b, rank_b in rows:
        fam = out["by_family"].setdefault(family, {"games": 0, "wins": {a: 0, b: 0}, "draws": 0,
                                                   "average": {a: None, b: None}})
        for target in (out, fam):
            target["games"] += 1
            if stopped and not stopped_game_wins(family):
                continue
            if rank_a == rank_b:
                target["draws"] += 1
            else:
                target["wins"][a if rank_a < rank_b else b] += 1
        if not stopped:
            acc = sums.setdefault(family, [0, 0.0, 0.0])
            acc[0] += 1
            acc[1] += total_a
            acc[2] += total_b
    for family, (n, sum_a, sum_b) in sums.items():
        out["by_family"][family]["average"] = {a: sum_a / n, b: sum_b / n}
    return out


def row_stats(sheets: Iterable[tuple[str, str | None, bool, Doc | str]],
              labels: dict[str, str]) -> dict[str, Doc]:
    """Per-row statistics of sheets, per configuration.

    ``sheets`` are ``(config_key, family, stopped_early, {"cells", "bonuses"})`` (see
    :meth:`yams_scorekeeper.engine.game.Game.sheet_rows`), the sheet a dict or its JSON text;
    ``labels`` names the configurations.
    Games stopped early are left out (their grid is not full) and only counted in
    ``stopped``. Returns ``{config_key: {"label", "family", "sheets", "stopped", "rows":
    [{"row", "cells", "average", "best", "zeros", "zero_rate", "scratched", "scratch_rate",
    "made", "made_rate"}], "by_column": {column: [same]} (several columns only), "bonuses":
    {part: {"sheets", "made", "rate"}}, "yams": {"made", "per_sheet"}}}``, rows in the
    rule set's order. ``zeros`` counts the cells worth 0 (scratched or written 0),
    ``scratched`` those struck out; ``made`` those worth more than 0; a yams is a cell of a
    row the rule set calls a yams (``yams_rows``) made, or a bonus written with a cell
    (the extra Yahtzee, H4).
    """
    return row_figures(row_tallies(sheets), labels)


def row_figures(tallies: dict[str, Doc], labels: dict[str, str]) -> dict[str, Doc]:
    """The per-row statistics (:func:`row_stats`) of the tallies of :func:`row_tallies`."""
    return {key: _row_figures(key, cfg, labels) for key, cfg in tallies.items()}


def row_tallies(sheets: Iterable[tuple[str, str | None, bool, Doc | str]]) -> dict[str, Doc]:
    """What :func:`row_stats` counts of ``sheets``, per configuration, in the order each is
    first met: ``{"family", "sheets", "stopped", "cells": {(column, row): [cells, sum, zeros,
    struck out, made, best]}, "bonuses": {part: [sheets, made]}, "yams"}``. Tallies of
    disjoint sets of sheets add up (:func:`merged_tallies`); :func:`tally_text` writes one
    as JSON text (the summaries index keeps them, :func:`tally_of_text` reads them)."""
    configs: dict[str, Doc] = {}
    for key, family, stopped, sheet in sheets:
        cfg = configs.get(key)
        if cfg is None:     # the cells and bonuses as written (JSON text) with their counts
            cfg = configs[key] = {"family": family, "sheets": 0, "stopped": 0, "cells": {},
                                  "bonuses": {}, "yams": 0, "texts": Counter(),
                                  "bonus_texts": Counter()}
        if stopped:
            cfg["stopped"] += 1
            continue
        cfg["sheets"] += 1
        if type(sheet) is str and sheet.startswith(_CELLS) and _BONUSES in sheet:
            cells, _, bonuses = sheet[len(_CELLS):-1].partition(_BONUSES)
            cfg["texts"].update(cells[:-1].split("],["))
            cfg["bonus_texts"][bonuses] += 1
            continue
        doc: Doc = json.loads(sheet) if isinstance(sheet, str) else sheet
        for cell in doc.get("cells", ()):
            _add_cell(cfg, cell, 1)
        _add_bonuses(cfg, doc.get("bonuses", {}), 1)
    for cfg in configs.values():
        for text, n in cfg.pop("texts").items():
            cell = json.loads("[" + text + "]")
            if not (4 <= len(cell) <= 5 and type(cell[0]) is str and type(cell[1]) is str):
                raise ValueError(f"not a cell: {text!r}")
            _add_cell(cfg, cell, n)
        for text, n in cfg.pop("bonus_texts").items():
            _add_bonuses(cfg, json.loads(text), n)
    return configs


def merged_tallies(parts: Iterable[tuple[str, Doc]]) -> dict[str, Doc]:
    """The tallies (:func:`row_tallies`) of ``(config_key, tally)`` parts added up, per
    configuration; configurations, cells and bonuses in the order the parts first name them
    (give the parts oldest first: the order :func:`row_tallies` gives one whole set)."""
    out: dict[str, Doc] = {}
    for key, part in parts:
        cfg = out.get(key)
        if cfg is None:
            out[key] = {**part, "cells": {k: list(v) for k, v in part["cells"].items()},
                        "bonuses": {k: list(v) for k, v in part["bonuses"].items()}}
            continue
        for name in ("sheets", "stopped", "yams"):
            cfg[name] += part[name]
        for cell, acc in part["cells"].items():
            have = cfg["cells"].get(cell)
            if have is None:
                cfg["cells"][cell] = list(acc)
                continue
            for i in range(5):
                have[i] += acc[i]
            if acc[5] > have[5]:
                have[5] = acc[5]
        for name, (n, made) in part["bonuses"].items():
            got = cfg["bonuses"].setdefault(name, [0, 0])
            got[0] += n
            got[1] += made
    return out


def tally_text(tally: Doc) -> str:
    """One configuration's tally (:func:`row_tallies`) as JSON text (cells as lists)."""
    return json.dumps({**tally, "cells": [[*cell, *acc] for cell, acc in tally["cells"].items()],
                       "bonuses": [[name, *got] for name, got in tally["bonuses"].items()]},
                      separators=(",", ":"), ensure_ascii=False)


def tally_of_text(text: str) -> Doc:
    """The tally :func:`tally_text` wrote."""
    doc: Doc = json.loads(text)
    doc["cells"] = {(c[0], c[1]): c[2:] for c in doc["cells"]}
    doc["bonuses"] = {b[0]: b[1:] for b in doc["bonuses"]}
    return doc


#: how a sheet of the summaries index starts and where its bonuses start (its JSON text is
#: written by :func:`~yams_scorekeeper.store.files.compact_text`: ``{"cells":[[...],...],
#: "bonuses":{...}}``): a sheet of ``stats --rows`` is cut there, each cell's text counted,
#: and only the different texts (a few hundred) decoded, instead of 13,000 sheets of ~30
#: cells each (at 50,000 games, four fifths of the time of ``stats NAME --rows``)
_CELLS, _BONUSES = '{"cells":[[', '],"bonuses":'


def _add_cell(cfg: Doc, cell: list[Any], n: int) -> None:
    """Count ``n`` cells ``[column, row, score, scratched(, bonus)]`` into ``cfg``."""
    score = cell[2]
    acc = cfg["cells"].get((cell[0], cell[1]))
    if acc is None:     # cells, sum, zeros, struck out, made (> 0), best
        acc = cfg["cells"][(cell[0], cell[1])] = [0, 0, 0, 0, 0, score]
    acc[0] += n
    acc[1] += score * n
    if score > acc[5]:
        acc[5] = score
    if score > 0:
        acc[4] += n
        if cell[1] in _yams_rows(cfg["family"]) and not cell[3]:
            cfg["yams"] += n
    elif score == 0:
        acc[2] += n
    if cell[3]:
        acc[3] += n
    if len(cell) > 4 and cell[4]:
        cfg["yams"] += n


def _add_bonuses(cfg: Doc, bonuses: dict[str, float], n: int) -> None:
    """Count ``n`` sheets' ``bonuses`` (``{part: bonus}``) into ``cfg``."""
    for part, bonus in bonuses.items():
        got = cfg["bonuses"].setdefault(part, [0, 0])
        got[0] += n
        got[1] += n if bonus > 0 else 0


@cache
def _yams_rows(family: str | None) -> tuple[str, ...]:
    from ..base.errors import ConfigError
    from ..rules import rules_class

    try:
        return rules_class(family or "").yams_rows
    except ConfigError:
        return ()


@cache
def _row_order(family: str | None) -> dict[str, int]:
    from ..base.errors import ConfigError
    from ..rules import rules_class

    try:
        return {row.id: n for n, row in enumerate(rules_class(family or "").rows)}
    except ConfigError:
        return {}


def _row_figures(key: str, cfg: Doc, labels: dict[str, str]) -> Doc:
    order = _row_order(cfg["family"])

    def line(row: str, accs: list[list[float]]) -> Doc:
        n = sum(a[0] for a in accs)
        total, zeros, scratched, made = (sum(a[i] for a in accs) for i in (1, 2, 3, 4))
        return {"row": row, "cells": n, "average": total / n,
                "best": max(a[5] for a in accs), "zeros": zeros, "zero_rate": zeros / n,
                "scratched": scratched, "scratch_rate": scratched / n, "made": made,
                "made_rate": made / n}

    def by_row(cells: dict[tuple[str, str], list[float]]) -> list[Doc]:
        rows: dict[str, list[list[float]]] = {}
        for (_column, row), acc in cells.items():
            rows.setdefault(row, []).append(acc)
        return [line(row, accs) for row, accs in
                sorted(rows.items(), key=lambda kv: (order.get(kv[0], len(order)), kv[0]))]

    columns = list(dict.fromkeys(column for column, _ in cfg["cells"]))
    sheets = cfg["sheets"]
    return {"label": labels.get(key, key), "family": cfg["family"], "sheets": sheets,
            "stopped": cfg["stopped"], "rows": by_row(cfg["cells"]),
            "by_column": ({column: by_row({k: v for k, v in cfg["cells"].items()
                                           if k[0] == column}) for column in columns}
                          if len(columns) > 1 else {}),
            "bonuses": {part: {"sheets": n, "made": made, "rate": made / n}
                        for part, (n, made) in cfg["bonuses"].items()},
            "yams": {"made": cfg["yams"], "per_sheet": cfg["yams"] / sheets if sheets else None}}
