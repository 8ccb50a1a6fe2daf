"""Charts drawn as inline SVG for the printable pages (``yams records --html``, ``yams stats
NAME --html``): a player's totals over time, the distribution of totals, and the average of
each row per column.

Each chart is an ``<svg>`` element to write inside an HTML page (the HTML parser gives it the
SVG namespace; no attribute names another site). Built with :mod:`.printable`'s pieces (its
escaping, :func:`~yams_scorekeeper.base.safetext.markup_text`, its font and colours), for the same
pages: no script, nothing fetched (the page's ``Content-Security-Policy`` stays ``default-src
'none'``). Readable printed in black and white: ink and greys only, the columns of a row told
apart by fill patterns (solid, white, hatched, dotted) and written in a legend, every point of a
line marked (a hollow mark for a game stopped early). Every mark carries its figures in
``data-*`` attributes and a ``<title>`` (what a program, or a test, reads back) and the axis
labels say the scale.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..base.safetext import markup_text
from ..engine.player_page import LINE_GAMES as LINE_GAMES  # games a line shows one by one

if TYPE_CHECKING:  # pragma: no cover
    from ..engine.player_page import GameRows

WIDTH, HEIGHT = 640, 260
LEFT, RIGHT, TOP, BOTTOM = 56, 16, 34, 40
#: the fewest games a chart is drawn for (fewer: a sentence says so)
LEAST_GAMES = 3
#: about the width of a character of the titles (13 px, bold) and of the labels (11 px)
TITLE_CHAR, LABEL_CHAR = 8.0, 6.8

CHART_STYLE = """
svg.chart { display: block; margin: 0.4em 0 1.2em 0; background: #ffffff; max-width: 100%;
            height: auto; }
svg.chart text { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 11px; fill: #1a1a1a; }
svg.chart text.title { font-size: 13px; font-weight: bold; }
svg.chart .axis { stroke: #1a1a1a; stroke-width: 1; }
svg.chart .grid { stroke: #bbbbbb; stroke-width: 0.6; stroke-dasharray: 3 3; }
svg.chart .line { fill: none; stroke: #1a1a1a; stroke-width: 1.4; }
svg.chart .point { fill: #1a1a1a; stroke: #1a1a1a; stroke-width: 1.2; }
svg.chart .point.stopped { fill: #ffffff; }
svg.chart .bar { stroke: #1a1a1a; stroke-width: 0.8; }
"""

#: the fills of the columns of a row-average chart, told apart without colour
PATTERNS = ("#1a1a1a", "#ffffff", "url(#hatch)", "url(#dots)", "#8c8c8c", "url(#cross)")
_DEFS = (
    '<defs>\n'
    '<pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse" '
    'patternTransform="rotate(45)">\n'
    '<rect width="6" height="6" fill="#ffffff"/>'
    '<line x1="0" y1="0" x2="0" y2="6" stroke="#1a1a1a" stroke-width="2"/></pattern>\n'
    '<pattern id="dots" width="5" height="5" patternUnits="userSpaceOnUse">\n'
    '<rect width="5" height="5" fill="#ffffff"/>'
    '<circle cx="2.5" cy="2.5" r="1.2" fill="#1a1a1a"/></pattern>\n'
    '<pattern id="cross" width="6" height="6" patternUnits="userSpaceOnUse">\n'
    '<rect width="6" height="6" fill="#ffffff"/>'
    '<path d="M0 0L6 6M6 0L0 6" stroke="#1a1a1a" stroke-width="0.8"/></pattern>\n'
    '</defs>'
)


@dataclass
class Point:
    """A point of a line: its label (a date, a month), its value, how many games it stands
    for, and whether it is a game stopped early."""

    label: str
    value: float
    games: int = 1
    stopped: bool = False


def _fmt(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".") if value != int(value) else str(int(value))


def _scale(low: float, high: float) -> tuple[float, float, list[float]]:
    """A round range over ``[low, high]`` and its 4 or 5 grid values."""
    if high <= low:
        low, high = low - 1, high + 1
    raw = (high - low) / 4
    magnitude = 10 ** (len(str(int(raw))) - 1) if raw >= 1 else 1
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    ticks = [(low // step) * step]
    while ticks[-1] < high:
        ticks.append(ticks[-1] + step)
    return ticks[0], ticks[-1], ticks


def _title_lines(title: str) -> list[str]:
    """A chart's title on as many lines as the width of the chart needs."""
    from textwrap import wrap

    return wrap(title, int((WIDTH - LEFT - RIGHT) / TITLE_CHAR)) or [""]


def _top(title: str) -> int:
    """Where the chart's drawing starts: below every line of its title."""
    return TOP + 16 * (len(_title_lines(title)) - 1)


def _frame(title: str, height: int) -> list[str]:
    """The start of a chart of ``height`` pixels: its title, as many lines as it needs."""
    return [f'<svg class="chart" role="img" '
            f'width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}">',
            f"<title>{markup_text(title)}</title>",
            *(f'<text class="title" x="{LEFT}" y="{18 + 16 * k}">{markup_text(line)}</text>'
              for k, line in enumerate(_title_lines(title)))]


def _end(out: list[str]) -> str:
    """The chart's lines, the ``<svg>`` closed."""
    return "\n".join([*out, "</svg>"])


def _y_axis(out: list[str], ticks: list[float], y_of, top: float, bottom: float) -> None:
    for tick in ticks:
        y = y_of(tick)
        out.append(f'<line class="grid" x1="{LEFT}" y1="{y:.1f}" x2="{WIDTH - RIGHT}" '
                   f'y2="{y:.1f}"/>')
        out.append(f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">{_fmt(tick)}</text>')
    out.append(f'<line class="axis" x1="{LEFT}" y1="{top}" x2="{LEFT}" y2="{bottom}"/>')
    out.append(f'<line class="axis" x1="{LEFT}" y1="{bottom}" x2="{WIDTH - RIGHT}" '
               f'y2="{bottom}"/>')


def line_chart(title: str, points: list[Point]) -> str:
    """A line through ``points`` in order, left to right, each marked: a filled dot, a
    hollow one for a game stopped early."""
    top = _top(title)
    height = HEIGHT + top - TOP
    bottom = height - BOTTOM
    low, high, ticks = _scale(min(p.value for p in points), max(p.value for p in points))
    span = WIDTH - LEFT - RIGHT - 12

    def x_of(k: int) -> float:
        return LEFT + 6 + (span * k / (len(points) - 1) if len(points) > 1 else span / 2)

    def y_of(value: float) -> float:
        return bottom - (value - low) / (high - low) * (bottom - top)

    out = _frame(title, height)
    _y_axis(out, ticks, y_of, top, bottom)
    path = " ".join(f"{'M' if k == 0 else 'L'}{x_of(k):.1f} {y_of(p.value):.1f}"
                    for k, p in enumerate(points))
    out.append(f'<path class="line" d="{path}"/>')
    for k, p in enumerate(points):
        cls = "point stopped" if p.stopped else "point"
        out.append(f'<circle class="{cls}" cx="{x_of(k):.1f}" cy="{y_of(p.value):.1f}" r="2.8" '
                   f'data-label="{markup_text(p.label)}" data-value="{p.value!r}" '
                   f'data-games="{p.games}"><title>{markup_text(p.label)}: {_fmt(p.value)}'
                   f"</title></circle>")
    for k in sorted({0, len(points) - 1}):
        anchor = "start" if k == 0 and len(points) > 1 else "end"
        out.append(f'<text x="{x_of(k):.1f}" y="{bottom + 16}" text-anchor="{anchor}">'
                   f"{markup_text(points[k].label)}</text>")
    return _end(out)


def histogram(title: str, values: list[float], bins: int = 10) -> str:
    """How many of ``values`` fall in each of ``bins`` equal ranges (the last one closed)."""
    low, high = min(values), max(values)
    step = (high - low) / bins or 1
    counts = [0] * bins
    for value in values:
        counts[min(bins - 1, int((value - low) / step))] += 1
    first = _top(title)
    height = HEIGHT + first - TOP
    bottom = height - BOTTOM
    _, most, ticks = _scale(0, max(counts))
    width = (WIDTH - LEFT - RIGHT) / bins

    def y_of(count: float) -> float:
        return bottom - count / most * (bottom - first)

    out = _frame(title, height)
    _y_axis(out, ticks, y_of, first, bottom)
    for k, count in enumerate(counts):
        start, end = low + k * step, low + (k + 1) * step
        x = LEFT + k * width
        out.append(f'<rect class="bar" x="{x + 2:.1f}" y="{y_of(count):.1f}" '
                   f'width="{width - 4:.1f}" height="{bottom - y_of(count):.1f}" fill="#8c8c8c" '
                   f'data-low="{start!r}" data-high="{end!r}" data-count="{count}">'
                   f"<title>{_fmt(start)}-{_fmt(end)}: {count}</title></rect>")
        if k % 2 == 0 or bins <= 6:
            out.append(f'<text x="{x + width / 2:.1f}" y="{bottom + 16}" text-anchor="middle">'
                       f"{_fmt(round(start))}</text>")
    return _end(out)


def grouped_bars(title: str, groups: list[tuple[str, list[tuple[str, float]]]]) -> str:
    """Horizontal bars, a group per row of the sheet and a bar per column in it (``groups``:
    ``[(row name, [(column name, average), ...])]``), each column its own fill, named in a
    legend."""
    columns = list(dict.fromkeys(c for _, bars in groups for c, _ in bars))
    fill = {c: PATTERNS[k % len(PATTERNS)] for k, c in enumerate(columns)}
    bar, gap = 9, 8
    longest = max((len(row) for row, _ in groups), default=0)
    label_width = max(110, int(longest * LABEL_CHAR) + 52)     # no row name cut at the left
    legend = 22 if len(columns) > 1 else 0
    first = _top(title)
    height = first + legend + sum(len(bars) * bar + gap for _, bars in groups) + BOTTOM
    values = [v for _, bars in groups for _, v in bars]
    _, top, ticks = _scale(0, max(values + [1]))
    left, right = LEFT + label_width - 40, WIDTH - RIGHT
    bottom = height - BOTTOM + 10

    def x_of(value: float) -> float:
        return left + value / top * (right - left)

    out = _frame(title, height)
    out.insert(2, _DEFS)
    for k, column in enumerate(columns if legend else ()):
        x = LEFT + k * 110
        out.append(f'<rect class="bar" x="{x}" y="{first - 6}" width="14" height="9" '
                   f'fill="{fill[column]}"/>')
        out.append(f'<text x="{x + 18}" y="{first + 2}">{markup_text(column)}</text>')
    for tick in ticks:
        out.append(f'<line class="grid" x1="{x_of(tick):.1f}" y1="{first + legend}" '
                   f'x2="{x_of(tick):.1f}" y2="{bottom}"/>')
        out.append(f'<text x="{x_of(tick):.1f}" y="{bottom + 14}" text-anchor="middle">'
                   f"{_fmt(tick)}</text>")
    y = first + legend + 4
    for row, bars in groups:
        out.append(f'<text x="{left - 6}" y="{y + len(bars) * bar / 2 + 4:.1f}" '
                   f'text-anchor="end">{markup_text(row)}</text>')
        for column, value in bars:
            out.append(f'<rect class="bar" x="{left}" y="{y}" width="{x_of(value) - left:.1f}" '
                       f'height="{bar}" fill="{fill[column]}" data-row="{markup_text(row)}" '
                       f'data-column="{markup_text(column)}" data-value="{value!r}">'
                       f"<title>{markup_text(row)}, {markup_text(column)}: {_fmt(value)}"
                       "</title></rect>")
            y += bar
        y += gap
    out.append(f'<line class="axis" x1="{left}" y1="{first + legend}" x2="{left}" '
               f'y2="{bottom}"/>')
    return _end(out)


def too_few_note(text: str) -> str:
    """What a page says where a chart of too few games would be."""
    return f'<p class="note">{markup_text(text)}</p>'


def totals_points(rows: Iterable[dict] | GameRows) -> list[Point]:
    """The points of a player's totals over time (history rows or their columns, oldest
    first): one a game, or one a month (the average of its complete games) past
    :data:`LINE_GAMES` games (:func:`~yams_scorekeeper.engine.player_page.line_points`)."""
    from ..engine.player_page import game_rows, line_points

    return [Point(*point) for point in line_points(game_rows(rows))]
