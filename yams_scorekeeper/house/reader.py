"""A house sheet file (TOML) or stored document, checked word by word into a :class:`SheetSpec`.

The file is read with the standard library's ``tomllib``; every refusal is one
:class:`HouseFileError` naming the line and the key (``line 12, rows[3].kind: unknown kind
'brelan'``): an unknown key, an unknown kind or scoring, two rows with one id, a bonus on rows
that do not exist, a threshold no sheet can reach, a name holding control codes or markup, a
value out of range. A text over 1 MB, or nested deeper than a sheet needs, is refused before
``tomllib`` parses it (:func:`load_text`). A stored document (:func:`read_doc`) goes through
the same checks, so a damaged game document is refused in the same words. No I/O: the text
is given.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from ..base.errors import ConfigError
from ..base.safetext import has_invisible, has_unsafe, shown
from ..i18n import Message
from ..rules.choices import normalise_id
from . import scoring
from .vocabulary import (
    BONUS_SCOPES,
    BONUS_WHEN,
    COLUMN_KINDS,
    DICE_COUNTS,
    FORMAT,
    JOKER_RULES,
    OTHER_DIE,
    PLUS_MOINS_READINGS,
    ROW_SCORINGS,
    STRAIGHT_SHAPES,
    BonusSpec,
    ColumnSpec,
    RowSpec,
    SectionSpec,
    SheetSpec,
)

if TYPE_CHECKING:
    from typing import Any, TypeVar

    T = TypeVar("T")
Path = tuple[str | int, ...]

#: longest name or id; longest rule text
MOST_NAME, MOST_TEXT = 40, 300
#: most points, bonus or threshold a file may give; most rolls a turn; most rows
MOST_POINTS, MOST_ROLLS, MOST_ROWS = 10_000, 10, 24
#: what an id may be: lower-case ASCII letters, digits and dashes
_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,39}\Z")
#: characters that are markup somewhere (Rich, HTML): refused in names and texts
_MARKUP = re.compile(r"[\[\]<>&]")
#: words that typed entries and transcripts read as something else than a row (a joker,
#: an announce, a doblar, the end): no row may be called so
RESERVED_ROW_IDS = frozenset(("joker", "announce", "annonce", "doblar", "end", "fin"))
#: the entries of a total beside its parts' ids: no section, bonus or column is called so
TOTAL_KEYS = frozenset(("total", "factor"))
#: what a sheet's name (its file's stem) may be
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,39}\Z")
#: most bytes of a house file; most levels of arrays and tables (a bonus's steps use 2), most
#: dots in one key (the vocabulary has none): checked before ``tomllib``, whose time and
#: stack grow with them
MOST_BYTES, MOST_DEPTH, MOST_DOTS = 1_000_000, 8, 8
#: what the nesting bound looks at: strings and comments (skipped), brackets and braces, and
#: the dots, equals signs, commas and line ends that start and end a key
_NESTING = re.compile(r'"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\''
                      r"|#[^\n]*|[][{}.=,\n]")


class HouseFileError(ConfigError):
    """A house sheet the vocabulary refuses: ``line`` (0 when unknown) and ``key`` say where."""

    def __init__(self, why: Message, *, line: int, key: str, source: str = "",
                 expected: str | None = None):
        prefix = Message("rules.house_source", path=shown(source)) if source else ""
        where = Message("rules.house_where_line", source=prefix, line=line, key_=key) if line \
            else Message("rules.house_where", source=prefix, key_=key)
        super().__init__(Message("rules.house_refused", where=where, why=why),
                         expected=expected)
        self.line, self.key = line, key


_ARRAY_HEAD = re.compile(r"\[\[\s*([A-Za-z0-9_-]+)\s*\]\]")
_TABLE_HEAD = re.compile(r"\[\s*([A-Za-z0-9_.-]+)\s*\]")
_PAIR = re.compile(r"([A-Za-z0-9_-]+|\"[^\"]*\")\s*=")


def key_lines(text: str) -> dict[Path, int]:
    """The line of each key and table of a TOML text, by path (``("rows", 2, "kind")``): a
    light scan of the lines (tables, arrays of tables, ``key = value``), enough to point at
    what a refusal names."""
    lines: dict[Path, int] = {}
    table: Path = ()
    counts: dict[str, int] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        head = _ARRAY_HEAD.match(line)
        if head:
            name = head.group(1)
            counts[name] = counts.get(name, -1) + 1
            table = (name, counts[name])
            lines.setdefault(table, number)
            continue
        head = _TABLE_HEAD.match(line)
        if head:
            table = tuple(head.group(1).split("."))
            lines.setdefault(table, number)
            continue
        pair = _PAIR.match(line)
        if pair:
            lines.setdefault((*table, pair.group(1).strip('"')), number)
    return lines


class _Checker:
    """Reads one table of the file, refusing with the line and key of what is wrong."""

    def __init__(self, data: Mapping[str, Any], path: Path, lines: dict[Path, int],
                 source: str):
        self.data, self.path, self.lines, self.source = data, path, lines, source
        self.used: set[str] = set()

    def name_of(self, key: str | None = None) -> str:
        parts = [*self.path, *([key] if key else [])]
        out = ""
        for part in parts:
            out += f"[{part}]" if isinstance(part, int) else ("." if out else "") + part
        return out or "(sheet)"

    def fail(self, key: str | None, why: Message, expected: str | None = None) -> HouseFileError:
        path = (*self.path, key) if key else self.path
        line = self.lines.get(path) or self.lines.get(self.path, 0)
        return HouseFileError(why, line=line, key=self.name_of(key), source=self.source,
                              expected=expected)

    def known(self, allowed: tuple[str, ...]) -> None:
        for key in self.data:
            if key not in allowed:
                raise self.fail(key, Message("rules.house_unknown_key"),
                                expected=", ".join(allowed))

    def get(self, key: str, kind: type[T], default: T | None = None,
            check: Callable[[T], bool] | None = None, what: str = "",
            example: str = "") -> T:
        self.used.add(key)
        if key not in self.data:
            if default is None:
                raise self.fail(key, Message("rules.house_missing"), expected=example or None)
            return default
        value: object = self.data[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)) or (
                check is not None and not check(value)):
            raise self.fail(key, Message("rules.house_bad_value", what=what or kind.__name__,
                                         value=shown(repr(value)[:60])),
                            expected=example or None)
        return value

    def number(self, key: str, default: int | None, low: int, high: int) -> int:
        return self.get(key, int, default, lambda v: low <= v <= high,
                        f"{low}..{high}", str(low if default is None else default))

    def choice(self, key: str, choices: tuple[str, ...], default: str | None = None) -> str:
        value = self.get(key, str, default, what=" | ".join(choices), example=choices[0])
        if value not in choices:
            raise self.fail(key, Message("rules.house_unknown_word", value=shown(value[:40])),
                            expected=" | ".join(choices))
        return value

    def ident(self, key: str = "id") -> str:
        return self.get(key, str, None, lambda v: bool(_ID.match(v)),
                        "a-z, 0-9, -", "petite-suite")

    def text(self, key: str, default: str | None = None, most: int = MOST_NAME,
             example: str = "Brelan") -> str:
        value = self.get(key, str, default, lambda v: 0 < len(v.strip()) <= most or v == "",
                         f"1..{most}", example)
        if has_unsafe(value) or has_invisible(value) or _MARKUP.search(value):
            raise self.fail(key, Message("rules.house_hostile", value=shown(value[:40])),
                            expected=example)
        return value.strip()

    def ids(self, key: str, known: tuple[str, ...], default: tuple[str, ...] | None = None
            ) -> tuple[str, ...]:
        value = self.get(key, list, None if default is None else list(default),
                         lambda v: all(isinstance(x, str) for x in v), "a list of row ids",
                         '["1", "2"]')
        for item in value:
            if item not in known:
                raise self.fail(key, Message("rules.house_no_such_row", row=shown(item[:40])),
                                expected=" ".join(known))
        if len(set(value)) != len(value):
            raise self.fail(key, Message("rules.house_row_twice"))
        return tuple(value)

    def tables(self, key: str) -> list[_Checker]:
        self.used.add(key)
        items = self.data.get(key, [])
        if not isinstance(items, list) or not all(isinstance(x, dict) for x in items):
            raise self.fail(key, Message("rules.house_bad_value", what="[[" + key + "]]",
                                         value=shown(repr(items)[:60])), expected=f"[[{key}]]")
        return [_Checker(item, (key, i), self.lines, self.source) for i, item in enumerate(items)]


_TOP = ("format", "title", "dice", "rolls", "saved_rolls", "min_players", "max_players",
        "yams_servi", "extra_yams", "joker", "plus_moins", "die_jokers", "die_jokers_per_turn",
        "sections", "rows", "bonuses", "columns")
ROW_KEYS: dict[str, tuple[str, ...]] = {
    "upper": ("value",), "kind": ("n", "points", "base"), "full": ("points", "yams"),
    "straight": ("shape", "length", "points", "runs"), "yams": ("points", "base"), "chance": (),
    "two-pairs": ("points", "distinct"), "rigole": ("points",), "plus": (), "moins": (),
    "kind-and": ("n", "other", "value", "points", "base"), "groups": ("sizes", "points"),
}
ROW_COMMON = ("id", "name", "name_en", "section", "kind", "score", "text", "text_en")


def _bounded(text: str, source: str) -> None:
    """Refuse a text longer than :data:`MOST_BYTES`, nested deeper than :data:`MOST_DEPTH` or
    with a key of more than :data:`MOST_DOTS` dots, before any parsing (a bracket in a
    multi-line string counts: no sheet's text may hold one)."""
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MOST_BYTES:
        raise HouseFileError(Message("rules.house_too_big", size=size, most=MOST_BYTES),
                             line=0, key="(toml)", source=source)
    depth = dots = 0
    for token in _NESTING.finditer(text):
        mark = token.group()[0]
        if mark in "[{":
            depth, dots = depth + 1, 0
        elif mark in "]}":
            depth = max(depth - 1, 0)
        elif mark == ".":
            dots += 1
        elif mark in "=,\n":
            dots = 0
        if depth > MOST_DEPTH or dots > MOST_DOTS:
            raise HouseFileError(Message("rules.house_too_deep", depth=MOST_DEPTH,
                                         dots=MOST_DOTS),
                                 line=text.count("\n", 0, token.start()) + 1, key="(toml)",
                                 source=source)


def check_depth(doc: Mapping[str, Any]) -> None:
    """Refuse a stored document whose lists and tables nest more than :data:`MOST_DEPTH`
    levels below its top (a sheet's need 4: its bonuses' steps)."""
    level: list[object] = [doc]
    for _ in range(MOST_DEPTH + 1):
        level = [item for part in level if isinstance(part, (dict, list))
                 for item in (part.values() if isinstance(part, dict) else part)]
        if not level:
            return
    raise HouseFileError(Message("rules.house_too_deep", depth=MOST_DEPTH, dots=MOST_DOTS),
                         line=0, key="(sheet)")


def load_text(text: str, source: str = "") -> tuple[dict[str, Any], dict[Path, int]]:
    """The TOML document of ``text`` and the line of each key; HouseFileError if not TOML,
    or beyond the bounds of :func:`_bounded`."""
    import tomllib

    _bounded(text, source)
    try:
        return tomllib.loads(text), key_lines(text)
    except tomllib.TOMLDecodeError as err:
        line = getattr(err, "lineno", 0) or int(next(iter(re.findall(r"line (\d+)", str(err))),
                                                     0))
        raise HouseFileError(Message("rules.house_not_toml", why=shown(str(err)[:120])),
                             line=line, key="(toml)", source=source,
                             expected='kind = "kind"') from None


def read_doc(data: Mapping[str, Any], lines: dict[Path, int] | None = None,
             source: str = "") -> SheetSpec:
    """The sheet a file's (or a stored document's) data declares, every part checked."""
    top = _Checker(data, (), lines or {}, source)
    top.known(_TOP)
    if "format" in data:
        top.choice("format", (FORMAT,))
    dice = top.get("dice", int, 5, lambda v: v in DICE_COUNTS, "5 | 6", "5")
    rolls = top.number("rolls", 3, 1, MOST_ROLLS)
    saved = top.get("saved_rolls", bool, False, what="true | false", example="true")
    low = top.number("min_players", 1, 1, 8)
    high = top.number("max_players", 8, 1, 8)
    if high < low:
        raise top.fail("max_players", Message("rules.house_bad_value", what=f">= {low}",
                                              value=high), expected=str(low))
    section_tables = top.tables("sections")
    sections = tuple(_section(c) for c in section_tables) or (
        SectionSpec("chiffres", "Chiffres", "Upper"), SectionSpec("figures", "Figures", "Lower"))
    seen: dict[str, str | Message] = {}     # K1: every id once, whatever the kind of part
    _unique(top, "sections", [s.id for s in sections], seen, bool(section_tables))
    row_tables = top.tables("rows")
    if not row_tables:
        raise top.fail("rows", Message("rules.house_missing"), expected="[[rows]]")
    if len(row_tables) > MOST_ROWS:
        raise top.fail("rows", Message("rules.house_bad_value", what=f"1..{MOST_ROWS} rows",
                                       value=len(row_tables)))
    rows = tuple(_row(c, sections, dice) for c in row_tables)
    _unique(top, "rows", [r.id for r in rows], seen)
    _names_apart(top, "rows", [(r.id, r.name) for r in rows])
    row_ids = tuple(r.id for r in rows)
    joker = top.choice("joker", JOKER_RULES, "none")
    extra = top.number("extra_yams", 0, 0, MOST_POINTS)
    servi = top.number("yams_servi", 0, 0, MOST_POINTS)
    if (joker != "none" or extra or servi) and len([r for r in rows if r.kind == "yams"]) != 1:
        key = "joker" if joker != "none" else "extra_yams" if extra else "yams_servi"
        raise top.fail(key, Message("rules.house_needs_one", kind="yams"))
    plus_moins = top.choice("plus_moins", PLUS_MOINS_READINGS, "C3")
    kinds = [r.kind for r in rows]
    if ("plus" in kinds or "moins" in kinds) and (kinds.count("plus"), kinds.count("moins")) \
            != (1, 1):
        raise top.fail("rows", Message("rules.house_plus_moins"))
    die_jokers = top.number("die_jokers", 0, 0, 10)
    per_turn = top.number("die_jokers_per_turn", 1, 0, 1)
    column_tables = top.tables("columns")
    columns = tuple(_column(c, row_ids, rolls) for c in column_tables) or (
        ColumnSpec("grille", "Grille", "Grid", "libre"),)
    _unique(top, "columns", [c.id for c in columns], seen, bool(column_tables))
    _names_apart(top, "columns", [(c.id, c.name) for c in columns])
    if all(c.optional for c in columns):
        raise top.fail("columns", Message("rules.house_no_column"))
    if sum(c.kind == "annoncee" for c in columns) > 1:
        raise top.fail("columns", Message("rules.house_at_most_one", kind="annoncee"))
    bonus_tables = top.tables("bonuses")
    bonuses = tuple(_bonus(c, rows, len(columns)) for c in bonus_tables)
    _unique(top, "bonuses", [b.id for b in bonuses], seen)
    title = top.text("title", "", example="Yams du club") or "Maison"
    return SheetSpec(title, rolls, low, high, servi, extra, joker, plus_moins, die_jokers,
                     per_turn, sections, rows, bonuses, columns, dice, saved)


def _unique(top: _Checker, key: str, ids: list[str], seen: dict[str, str | Message],
            given: bool = True) -> None:
    """K1: no part takes an id that another part of any kind has (``seen``: the parts read
    so far by id); ``given`` False: the parts are the sheet's defaults, not in the file.
    A section, bonus or column may not be called as a total's own entries are."""
    for i, item in enumerate(ids):
        here = _Checker({}, (key, i), top.lines, top.source)
        if item in seen:
            raise here.fail("id", Message("rules.house_same_id", id=item, other=seen[item],
                                          part=here.name_of()))
        if key != "rows" and item in TOTAL_KEYS:
            raise here.fail("id", Message("rules.house_total_key", id=item),
                            expected="prime")
        seen[item] = here.name_of() if given else Message(_DEFAULT_PART[key], id=item)


#: how a refusal names a part the sheet has by default (no such table in the file)
_DEFAULT_PART = {"sections": "rules.house_default_section", "columns": "rules.house_default_column"}


def _names_apart(top: _Checker, key: str, parts: list[tuple[str, str]]) -> None:
    """K1: a row's or column's name never reads as another one's id (typed, a name is read
    as the part it names: the id would lose its part)."""
    ids = {part_id.replace("-", ""): i for i, (part_id, _) in enumerate(parts)}
    for i, (_, name) in enumerate(parts):
        other = ids.get(normalise_id(" ".join(name.split())).replace("-", ""))
        if other is not None and other != i:
            here = _Checker({}, (key, i), top.lines, top.source)
            raise here.fail("name", Message("rules.house_name_is_id", name=shown(name),
                                            other=f"{key}[{other}]"))


def _section(c: _Checker) -> SectionSpec:
    c.known(("id", "name", "name_en"))
    name = c.text("name")
    return SectionSpec(c.ident(), name, c.text("name_en", name))


def _row(c: _Checker, sections: tuple[SectionSpec, ...], dice: int) -> RowSpec:
    kind = c.choice("kind", tuple(ROW_SCORINGS))
    c.known(ROW_COMMON + ROW_KEYS[kind])
    row_id = c.ident()
    if row_id in RESERVED_ROW_IDS:
        raise c.fail("id", Message("rules.house_reserved_id", id=row_id),
                     expected="petite-suite")
    name = c.text("name")
    section_ids = tuple(s.id for s in sections)
    default_section = section_ids[0] if kind == "upper" else section_ids[-1]
    section = c.get("section", str, default_section, what=" | ".join(section_ids))
    if section not in section_ids:
        raise c.fail("section", Message("rules.house_unknown_word", value=shown(section[:40])),
                     expected=" | ".join(section_ids))
    how = c.choice("score", ROW_SCORINGS[kind], ROW_SCORINGS[kind][0])
    fields: dict[str, Any] = {"dice": dice}
    if kind == "upper":
        own = int(row_id) if row_id in ("1", "2", "3", "4", "5", "6") else None
        fields["value"] = c.number("value", own, 1, 6)
    if kind == "kind":
        fields["n"] = c.number("n", 3, 2, dice)
    if kind == "kind-and":
        fields["n"] = c.number("n", 4, 2, dice - 1)
        fields["other"] = c.choice("other", OTHER_DIE, "opposite")
        if fields["other"] == "value":
            fields["value"] = c.get("value", int, None, lambda v: 1 <= v <= 6, "1..6",
                                    "value = 1")
        elif "value" in c.data:
            raise c.fail("value", Message("rules.house_value_not_opposite"),
                         expected='other = "value"')
    if kind == "straight":
        shapes = STRAIGHT_SHAPES if dice == 6 else STRAIGHT_SHAPES[:-1]
        fields["shape"] = c.choice("shape", shapes, "run")
        low, _, high = fields["shape"].partition("-")
        fields["length"] = c.number("length", 5, 3, dice) if fields["shape"] == "run" \
            else int(high) - int(low) + 1
    if kind == "groups":
        fields["sizes"] = _sizes(c, dice)
    if how == "by-run":
        fields["runs"] = _runs(c, fields["length"])
    if kind == "full":
        fields["yams"] = c.get("yams", bool, False, what="true | false", example="false")
    if kind == "two-pairs":
        fields["distinct"] = c.get("distinct", bool, True, what="true | false",
                                   example="true")
    for key, word, example in (("points", "fixed", "25"), ("base", "base", "10")):
        if word in how:
            fields[key] = c.number(key, 0, 0, MOST_POINTS) if key in c.data \
                else _need(c, key, example)
    for key in ("points", "base"):
        if key in c.data and key not in fields:
            raise c.fail(key, Message("rules.house_not_with", score=how),
                         expected=f'score = "{_taking(kind, key)}"')
    text = c.text("text", "", MOST_TEXT)
    return RowSpec(row_id, name, c.text("name_en", name), section, kind, how,
                   text=text, text_en=c.text("text_en", text, MOST_TEXT), **fields)


def _sizes(c: _Checker, dice: int) -> tuple[int, ...]:
    """A ``groups`` row's groups: two or three sizes of 2 or more, the biggest first, that the
    dice can hold together (``[3, 3]``: a villa of six dice)."""
    raw = c.get("sizes", list, None, lambda v: 2 <= len(v) <= 3 and all(
        isinstance(x, int) and not isinstance(x, bool) and 2 <= x <= dice for x in v),
        "a list of 2 or 3 group sizes, each 2 or more", "[3, 2]")
    sizes = tuple(int(x) for x in raw)
    if sum(sizes) > dice:
        raise c.fail("sizes", Message("rules.house_sizes_too_many", n=sum(sizes), dice=dice),
                     expected="[3, 2]")
    if list(sizes) != sorted(sizes, reverse=True):
        raise c.fail("sizes", Message("rules.house_sizes_order"),
                     expected=str(sorted(sizes, reverse=True)))
    return sizes


def _runs(c: _Checker, length: int) -> tuple[tuple[int, int], ...]:
    """A by-run straight's table: the points of each run, by its first value, every run of
    ``length`` values listed once (``[[1, 55], [2, 60]]`` for five in a row)."""
    starts = list(range(1, 8 - length))
    example = "[" + ", ".join(f"[{s}, {30 + 5 * i}]" for i, s in enumerate(starts)) + "]"
    raw = c.get("runs", list, None, lambda v: all(
        isinstance(s, list) and len(s) == 2 and all(
            isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= MOST_POINTS
            for x in s) for s in v), "a list of [first value, points] pairs", example)
    runs = tuple((int(s), int(p)) for s, p in raw)
    if [s for s, _ in runs] != starts:
        raise c.fail("runs", Message("rules.house_runs_all", n=length), expected=example)
    return runs


def _need(c: _Checker, key: str, example: str) -> int:
    raise c.fail(key, Message("rules.house_missing"), expected=f"{key} = {example}")


def _taking(kind: str, key: str) -> str:
    """A scoring of ``kind`` that takes ``key`` (points: a fixed one, base: a base one)."""
    word = "fixed" if key == "points" else "base"
    return next((s for s in ROW_SCORINGS[kind] if word in s), ROW_SCORINGS[kind][0])


def _bonus(c: _Checker, rows: tuple[RowSpec, ...], columns: int) -> BonusSpec:
    c.known(("id", "name", "name_en", "rows", "steps", "threshold", "base", "per", "cap",
             "scope", "when"))
    bonus_id = c.ident()
    name = c.text("name", "Prime")
    row_ids = tuple(r.id for r in rows)
    upper = tuple(r.id for r in rows if r.kind == "upper")
    ids = c.ids("rows", row_ids, upper or None)
    if not ids:
        raise c.fail("rows", Message("rules.house_missing"), expected='["1", "2"]')
    scope = c.choice("scope", BONUS_SCOPES, "column")
    best = sum(scoring.most(r) for r in rows if r.id in ids) * (columns if scope == "sheet"
                                                               else 1)
    formula: dict[str, Any] = {}
    steps: tuple[tuple[int, int], ...] = ()
    if "threshold" in c.data or "base" in c.data:
        formula = _formula(c, best)
    else:
        steps = _steps(c, best)
    return BonusSpec(bonus_id, name, c.text("name_en", name), ids, steps, scope,
                     c.choice("when", BONUS_WHEN, "reached"), **formula)


def _steps(c: _Checker, best: int) -> tuple[tuple[int, int], ...]:
    """A bonus's threshold table, as many steps as the file gives, thresholds going up and
    each within reach of its rows (``best``: the most they make)."""
    raw = c.get("steps", list, None, lambda v: 0 < len(v) and all(
        isinstance(s, list) and len(s) == 2 and all(
            isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= MOST_POINTS
            for x in s) for s in v), "a list of [threshold, bonus] pairs", "[[63, 35]]")
    steps = tuple((int(t), int(b)) for t, b in raw)
    if [t for t, _ in steps] != sorted({t for t, _ in steps}):
        raise c.fail("steps", Message("rules.house_steps_order"), expected="[[60, 30], [70, 50]]")
    for threshold, _ in steps:
        if threshold > best:
            raise c.fail("steps", Message("rules.house_unreachable", threshold=threshold,
                                          most=best), expected=f"[[{min(best, 63)}, 35]]")
    return steps


def _formula(c: _Checker, best: int) -> dict[str, Any]:
    """A bonus given by a formula of its rows' total: ``base + (total - threshold) x per``
    from the threshold on, at most ``cap`` when given; never beside ``steps``."""
    if "steps" in c.data:
        raise c.fail("steps", Message("rules.house_steps_or_formula"),
                     expected="threshold = 60, base = 30")
    threshold = c.get("threshold", int, None, lambda v: 0 <= v <= MOST_POINTS,
                      f"0..{MOST_POINTS}", "threshold = 60")
    if threshold > best:
        raise c.fail("threshold", Message("rules.house_unreachable", threshold=threshold,
                                          most=best), expected=str(min(best, 63)))
    base = c.get("base", int, None, lambda v: 0 <= v <= MOST_POINTS, f"0..{MOST_POINTS}",
                 "base = 30")
    per = c.number("per", 1, 0, 100)
    cap = c.number("cap", MOST_POINTS, 0, MOST_POINTS) if "cap" in c.data else None
    if cap is not None and cap < base:
        raise c.fail("cap", Message("rules.house_cap_below_base", cap=cap, base=base),
                     expected=str(base + 20))
    return {"threshold": threshold, "base": base, "per": per, "cap": cap}


def _column(c: _Checker, row_ids: tuple[str, ...], rolls: int) -> ColumnSpec:
    kind = c.choice("kind", tuple(COLUMN_KINDS))
    allowed = ["id", "name", "name_en", "kind", "factor", "optional"]
    allowed += ["order"] if kind == "imposee" else []
    allowed += ["rolls"] if COLUMN_KINDS[kind] is not None else []
    c.known(tuple(allowed))
    column_id = c.ident()
    name = c.text("name", column_id.capitalize())
    order = None
    if kind == "imposee" and "order" in c.data:
        order = c.ids("order", row_ids)
        if sorted(order) != sorted(row_ids):
            raise c.fail("order", Message("rules.house_order_all"), expected=",".join(row_ids))
    limit = COLUMN_KINDS[kind]
    most_rolls = c.number("rolls", limit, 1, rolls) if limit is not None and limit <= rolls \
        else (c.number("rolls", rolls, 1, rolls) if limit is not None else None)
    return ColumnSpec(column_id, name, c.text("name_en", name), kind,
                      c.number("factor", 1, 1, 10),
                      c.get("optional", bool, False, what="true | false", example="false"),
                      order, most_rolls)
