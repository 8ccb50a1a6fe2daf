"""The paper carnet (``yams carnet``): a finished paper sheet's cells, typed as values only,
checked against the rules and turned into a game of the record book.

What the user types (:func:`read_carnet`, the file form; the interactive form asks the same
things and writes these lines)::

    rules: classic                 # the family (an id or an alias), then optional lines:
    columns: libre descendante     # the columns, options, variant, direction, house rules
    date: 1998-07                  # a day, a month or only a year
    records: no                    # whether the game may hold records (default: no)
    player: Alice                  # then each cell of Alice's sheet, one a line:
    libre.1: 3                     #   COLUMN.ROW (ROW alone on a one-column sheet): VALUE,
    libre.brelan: x                #   x (or -) for a cell struck out
    total: 512                     #   a total as written on the paper: shown, not trusted

How a value is checked, in two steps:

1. **Possible for its row** (:func:`row_scores`): every score a row can give is worked out
   from the family's own scoring (:meth:`~yams_scorekeeper.rules.base.RuleSet.score_row`)
   over every multiset of the dice (252 for five six-sided dice) and every roll count; a
   value outside that set is refused, naming the rule and the nearest possible scores.
2. **Possible where it stands on the sheet** (:func:`paper_game`): the sheet is replayed as a
   game, the players taking turns, each turn writing one of the player's cells with a throw
   that scores its value (kept from step 1), so every rule of the game holds as at the table:
   an ordered column, a column's roll limit, plus above moins, the jokers. The totals and
   bonuses are then the game's; a typed total that disagrees is reported.

Families with tagged dice (Double Yams: ten dice in groups, some 1.4 million throws) have
their rows' scores worked out by :mod:`~yams_scorekeeper.book.carnet_tagged` instead (candidates
from the rule's structure, each confirmed by a throw the family's scoring scores so), the
first time a row is asked; a missed announced sixth roll (a negative score) is replayed as one.

No I/O: the command line reads the file and writes the game (``api.add_played``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Any

from ..base.columns import Column
from ..base.errors import EntryError, YamsError
from ..engine.config import GameConfig, make_config
from ..engine.game import Game, plain_events
from ..i18n import Joined, Message, typed
from ..rules.base import RuleSet, normalise_id

#: words typed for a cell struck out
STRUCK = ("x", "-", "/", "barré", "barre")
#: throws tried for one cell before the cell is said refused where it stands
TRIES = 12
#: the header lines of a carnet, and the few words each takes
HEADERS = ("rules", "columns", "rows", "options", "variant", "direction", "setting", "date",
           "records")
_YES, _NO = typed("true"), typed("false")
_DATE = re.compile(r"(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?")


@dataclass
class PaperSheet:
    """One player's sheet as typed: ``cells`` ``{(column id, row id): value or None}`` (None:
    struck out), in the order typed; ``totals`` what the paper says ``{"total": 512}``."""

    player: str
    cells: dict[tuple[str, str], int | None] = field(default_factory=dict)
    totals: dict[str, int] = field(default_factory=dict)
    lines: dict[tuple[str, str], int] = field(default_factory=dict)


@dataclass
class Carnet:
    """A paper game as typed: its configuration, its date as typed, the records setting and
    each player's sheet."""

    config: GameConfig
    date: str
    records: bool
    sheets: list[PaperSheet]


def iso_date(text: str) -> str:
    """A day, a month or a year (``1998-07-14``, ``1998-07``, ``1998``) as the ISO date the
    history sorts by: the first day of the month or year, at noon."""
    match = _DATE.fullmatch(text.strip())
    if match:
        year, month, day = match.group(1), match.group(2) or "01", match.group(3) or "01"
        import datetime as _dt

        try:
            return _dt.datetime(int(year), int(month), int(day), 12).isoformat()
        except ValueError:
            pass
    raise EntryError(Message("carnet.bad_date", text=text), expected="1998-07-14, 1998-07, 1998")


def _error(line_no: int, message: Message, expected: str | None = None,
           rule: str | None = None) -> EntryError:
    """The error of line ``line_no`` (0: a cell typed at the prompt, no line to name)."""
    said = Message("carnet.at_line", n=line_no, why=message) if line_no else message
    return EntryError(said, expected=expected, rule=rule)


def read_carnet(text: str, read_settings: Any = None) -> Carnet:
    """The carnet in ``text`` (see the module notes), its values checked for their rows;
    an EntryError naming the line for anything wrong. ``read_settings`` reads the
    ``setting:`` lines (``["yam=60"]`` -> ``{"yam": 60}``; the command line's reader)."""
    header: dict[str, list[str]] = {}
    sheets: list[tuple[int, str, list[tuple[int, str, str]]]] = []
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        key, sep, value = line.partition(":")
        key, value = key.strip(), value.strip()
        if not sep or not value:
            raise _error(n, Message("carnet.no_colon", text=line), "brelan: 17")
        word = normalise_id(key)
        if word in ("player", "joueur"):
            sheets.append((n, value, []))
        elif word in HEADERS and not sheets:
            header.setdefault(word, []).append(value)
        elif sheets:
            sheets[-1][2].append((n, key, value))
        else:
            raise _error(n, Message("carnet.comes_before_any_player", text=key), "player: Alice")
    if "rules" not in header:
        raise EntryError(Message("carnet.no_rules"), expected="rules: classic")
    if not sheets:
        raise EntryError(Message("carnet.no_player"), expected="player: Alice")
    if header.get("setting") and read_settings is None:
        raise EntryError(Message("carnet.no_settings_here"))
    settings = read_settings(header["setting"]) if header.get("setting") else None
    return _checked(header, sheets, settings or None)


def _last(header: dict[str, list[str]], key: str) -> str | None:
    """The last value given for ``key`` in the header, or None."""
    values = header.get(key)
    return values[-1] if values else None


def _checked(header: dict[str, list[str]], sheets: list[Any],
             settings: dict[str, Any] | None) -> Carnet:
    def words(key: str) -> list[str] | None:
        found = [w for v in header.get(key, ()) for w in re.split(r"[\s,]+", v) if w]
        return found or None

    records_word = (header.get("records") or ["no"])[-1].lower()
    if records_word not in _YES + _NO:
        raise EntryError(Message("carnet.bad_records", text=records_word), expected="yes or no")
    date = (header.get("date") or [""])[-1]
    if not date:
        raise EntryError(Message("carnet.no_date"), expected="date: 1998-07")
    iso_date(date)
    config = make_config(header["rules"][-1], [name for _, name, _ in sheets],
                         columns=words("columns"), optional_rows=words("rows"),
                         options=words("options"),
                         variant=_last(header, "variant"), direction=_last(header, "direction"),
                         settings=settings)
    rules = config.rules
    game = Game(config, id="carnet")
    columns = {c.id: c for c in game.columns}
    papers = []
    for _n, name, lines in sheets:
        paper = PaperSheet(name)
        for n, key, value in lines:
            if normalise_id(key) in ("total", "total-general"):
                paper.totals["total"] = _number(n, value)
                continue
            cell = _cell(n, key, rules, columns)
            if cell in paper.cells:
                raise _error(n, Message("carnet.twice", cell=_cell_name(rules, columns, cell)))
            paper.lines[cell] = n
            paper.cells[cell] = None if value.lower() in STRUCK else _possible(
                n, rules, cell[1], _number(n, value))
        missing = [c for col in game.columns for c in ((col.id, r) for r in col.rows)
                   if c not in paper.cells]
        if missing:
            raise EntryError(Message("carnet.missing", player=name, n=len(missing),
                                     cells=", ".join(_cell_name(rules, columns, c)
                                                     for c in missing[:6])),
                             expected=f"{missing[0][1]}: 0")
        papers.append(paper)
    return Carnet(config, date, records_word in _YES, papers)


def sheet_cells(config: GameConfig) -> list[tuple[str, str, str]]:
    """The cells of one player's sheet of ``config``, in sheet order: ``(key, column name,
    row name)``, ``key`` as a carnet line names it (``libre.brelan``, or ``brelan`` on a
    one-column sheet)."""
    game = Game(config, id="carnet")
    one = len(game.columns) == 1
    return [(row if one else f"{col.id}.{row}", col.name, game.rules.row(row).name)
            for col in game.columns for row in col.rows]


def check_value(config: GameConfig, key: str, text: str) -> None:
    """Raise the EntryError a carnet would for ``text`` typed in the cell ``key`` (a value
    no throw makes in its row, a word that is not a value)."""
    game = Game(config, id="carnet")
    cell = _cell(0, key, config.rules, {c.id: c for c in game.columns})
    if text.strip().lower() not in STRUCK:
        _possible(0, config.rules, cell[1], _number(0, text.strip()))


def _number(n: int, text: str) -> int:
    try:
        return int(text.replace(" ", ""))
    except ValueError:
        raise _error(n, Message("carnet.is_not_a_value_a_whole_number", text=text),
                     "17, 0 or x") from None


def _cell(n: int, key: str, rules: RuleSet, columns: dict[str, Any]) -> tuple[str, str]:
    """``libre.brelan`` (or ``brelan`` on a one-column sheet) as ``(column id, row id)``."""
    column_word, dot, row_word = key.rpartition(".")
    if not dot:
        if len(columns) != 1:
            raise _error(n, Message("carnet.which_column", text=key),
                         " ".join(f"{c}.{key}" for c in columns))
        column = next(iter(columns.values()))
    else:
        word = normalise_id(column_word)
        column = next((c for c in columns.values()
                       if word in (c.id, normalise_id(c.name))), None)
        if column is None:
            raise _error(n, Message("carnet.no_column", text=column_word),
                         " ".join(columns))
    try:
        row = rules.row(row_word).id
    except EntryError as err:
        raise _error(n, err.message, err.expected) from None
    if row not in column.rows:
        raise _error(n, Message("carnet.not_in_column", row=row, column=column.name),
                     " ".join(column.rows))
    return column.id, row


def _cell_name(rules: RuleSet, columns: dict[str, Any], cell: tuple[str, str]) -> str:
    name = rules.row(cell[1]).name
    return name if len(columns) == 1 else f"{columns[cell[0]].name} {name}"


def _possible(n: int, rules: RuleSet, row: str, value: int) -> int:
    """``value``, when some dice score it in ``row``; else the error that names the rule and
    the possible scores nearest to it."""
    scores = row_scores(rules, row)
    if value in scores or value == 0:      # a 0 the rules may impose (C3, Y6): the replay says
        return value
    near = sorted(scores, key=lambda s: (abs(s - value), s))[:6]
    raise _error(n, Message("carnet.impossible", value=value, row=rules.row(row).name,
                            n=rules.dice_count),
                 expected=", ".join(map(str, sorted(near))), rule=rules.cite(row))


def row_scores(rules: RuleSet, row: str) -> dict[int, list[tuple[Any, int]]]:
    """Every score ``row`` can give under ``rules``, each with the throws that make it
    (``(dice, roll)``, the first roll first): the family's own scoring over every multiset
    of its dice and every roll count."""
    return _scores(type(rules), _key(rules.settings))[row]  # type: ignore[arg-type]  # a class is hashable


def _key(value: Any) -> Any:
    if isinstance(value, dict):
        return tuple(sorted((k, _key(v)) for k, v in value.items()))
    if isinstance(value, list):
        return tuple(_key(v) for v in value)
    return value


@lru_cache(maxsize=8)
def _scores(cls: type, settings: Any) -> dict[str, dict[int, list[tuple[Any, int]]]]:
    rules = cls(_unkey(settings))
    if rules.tagged:
        from .carnet_tagged import tagged_row_scores

        return _LazyRows(lambda row: tagged_row_scores(rules, row))
    faces = range(1, 7)
    table: dict[str, dict[int, list[tuple[Any, int]]]] = {r.id: {} for r in rules.rows}
    throws = [rules.parse_dice(" ".join(map(str, d)))
              for d in combinations_with_replacement(faces, rules.dice_count)]
    for roll in range(1, rules.max_rolls + 1):
        for dice in throws:
            for row in rules.rows:
                score = rules.score_row(row.id, dice, roll).score
                table[row.id].setdefault(score, []).append((dice, roll))
    return table


class _LazyRows(dict[str, dict[int, list[tuple[Any, int]]]]):
    """A row's scores worked out the first time the row is asked (slow for Double Yams), then
    kept."""

    def __init__(self, make: Callable[[str], dict[int, list[tuple[Any, int]]]]):
        super().__init__()
        self._make = make

    def __missing__(self, row: str) -> dict[int, list[tuple[Any, int]]]:
        found = self[row] = self._make(row)
        return found


def _unkey(value: Any) -> Any:
    if isinstance(value, tuple) and all(isinstance(p, tuple) and len(p) == 2
                                        and isinstance(p[0], str) for p in value):
        return {k: _unkey(v) for k, v in value}
    if isinstance(value, tuple):
        return [_unkey(v) for v in value]
    return value


def paper_game(carnet: Carnet, game_id: str, created: str) -> Game:
    """The game of ``carnet``: the players take turns in seating order, each turn writing
    one of the player's cells open now with a throw that scores its value.

    The order of a paper game is lost, and some rules depend on it (Gaby's bloquant: a
    cell at least what the others wrote there before; classic plus above moins), so a turn
    chooses its cell (:func:`_urgency`): not one where another player still has a lower
    value to write, first one that others wait for (a higher value of theirs in this cell,
    or further down its ordered column), a 0 or a cell struck out last. Raises an
    EntryError naming the cell the rules refuse."""
    game = Game(carnet.config, id=game_id, created=created)
    pending = {p.player: list(p.cells.items()) for p in carnet.sheets}
    columns = {c.id: c for c in game.columns}
    ordered = {c.id for c in game.columns if c.ordered}
    while not game.finished:
        name, sheet = game.player.name, game.player
        mine = pending[name]
        open_now = {(c.id, r) for c in game.columns for r in game.next_cells(sheet, c)}
        order = sorted((k for k in range(len(mine)) if mine[k][0] in open_now),
                       key=lambda k: _urgency(pending, name, k, ordered))
        why: YamsError | Message | Joined | None = None
        for k in order:
            cell, value = mine[k]
            done, reason = _write(game, columns[cell[0]], cell[1], value)
            if done:
                del mine[k]
                break
            why = why or reason
        else:
            cell, value = mine[order[0]] if order else mine[0]
            what = "x" if value is None else str(value)
            reason = why.message if isinstance(why, YamsError) else why
            raise _error(carnet_line(carnet, name, cell), Message(
                "carnet.refused_here", player=name, value=what,
                cell=_cell_name(game.rules, columns, cell),
                why=reason or Message("carnet.not_open_now")),
                rule=why.rule if isinstance(why, YamsError) else None)
    return Game(carnet.config, plain_events(game.events), id=game_id, created=created)


def carnet_line(carnet: Carnet, player: str, cell: tuple[str, str]) -> int:
    """The line of ``carnet`` where ``player``'s ``cell`` was typed (0: not known)."""
    sheet = next(p for p in carnet.sheets if p.player == player)
    return sheet.lines.get(cell, 0)


def _urgency(pending: dict[str, Any], name: str, k: int,
             ordered: set[str]) -> tuple[int, int, int, int]:
    """The order a player's pending cell ``k`` is tried in (see :func:`paper_game`); ``ordered``:
    the ids of the ordered columns."""
    cell, value = pending[name][k]
    if not value:
        return (1, 0, 0, k)

    def counts(where: tuple[str, str], mine: int) -> tuple[int, int]:
        higher = lower = 0
        for other, cells in pending.items():
            if other != name:
                for c, v in cells:
                    if c == where and v:
                        higher += v > mine
                        lower += v < mine
        return higher, lower

    higher, lower = counts(cell, value)
    if cell[0] in ordered:          # others wait for the cells this one leads to as well
        higher = sum(counts(c, v)[0] for c, v in pending[name] if c[0] == cell[0] and v)
    return (int(lower > 0) * 2, 0, -higher, k)


def _write(game: Game, column: Column, row: str, value: int | None
           ) -> tuple[bool, YamsError | Message | Joined | None]:
    """Write ``value`` (None: strike out) in the cell (``column``, ``row``) of the current
    player with a throw that scores it, if the rules accept it now; else leave the game as
    it was and say why. A 0 no throw makes (one the rules impose) is tried with a throw of
    each score, and struck out when none gives it."""
    scores = row_scores(game.rules, row)
    throws = scores.get(0 if value is None else value) or [
        made[0] for made in scores.values()]
    most = column.max_roll or game.rules.max_rolls
    throws = [t for t in throws if t[1] <= most][:TRIES]
    why: YamsError | Message | Joined | None = None
    announce: list[str]                 # a Double Yams throw may carry its announce
    for dice, roll, *announce in throws:
        try:
            legal = game.enter(dice, roll, announce=announce[0] if announce else None)
        except YamsError as err:
            why = err
            continue
        found = next((c for c in legal if c.column == column.id and c.row == row), None)
        try:
            if found is not None and found.score == (value or 0) and value is not None:
                game.mark(column.id, row, coup=found.coup)
                return True, None
            if found is not None and not value and found.scratchable:
                game.mark(column.id, row, coup=found.coup, scratch=True)
                return True, None
        except YamsError as err:
            why = err
        else:
            why = found.why if found is not None else Message("carnet.not_open_now")
        game.record({"type": "undo"})
        if found is None:
            break                       # the cell is not open now, whatever the throw
    return False, why


def typed_totals(carnet: Carnet, game: Game) -> list[dict[str, Any]]:
    """Each player's totals: ``{"player", "total", "typed", "rank"}`` (``typed`` what the paper
    said, or None), in the game's ranking order."""
    typed = {p.player: p.totals.get("total") for p in carnet.sheets}
    return [{"player": sheet.name, "total": total, "typed": typed[sheet.name], "rank": rank}
            for rank, sheet, total in game.ranking()]
