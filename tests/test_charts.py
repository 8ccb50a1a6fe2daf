"""The SVG charts of the printable pages (`yams stats NAME --html`, `yams records --html`):
every point, bar and legend read back from the page and checked against the figures."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from helpers import js, ok
from test_cli_book import YAM, play_duel

from yams_scorekeeper.cli.charts import (
    LINE_GAMES,
    Point,
    grouped_bars,
    histogram,
    line_chart,
    totals_points,
)

SVG = ""          # inline in HTML: the HTML parser gives <svg> its namespace


def charts_of(page: str) -> list[ET.Element]:
    """Every inline <svg> of an HTML page, parsed as XML."""
    return [ET.fromstring(m) for m in re.findall(r"<svg class=\"chart\".*?</svg>", page, re.S)]


def title(svg: ET.Element) -> str:
    return svg.find(f"{SVG}title").text


def points(svg: ET.Element) -> list[ET.Element]:
    return svg.findall(f".//{SVG}circle")


@pytest.fixture
def page_book(tmp_path):
    """Alice 262 - Bob 212, Alice 212 - Bob 262, Alice 217 - '<b>Zoé</b>' 212 (Alice's
    chance of 66655: five more), and a Duel stopped after one round."""
    db = str(tmp_path / "store")
    play_duel(db, {"Alice": YAM, "Bob": {}})
    play_duel(db, {"Alice": {}, "Bob": YAM})
    play_duel(db, {"Alice": {"chance": "66655"}, "<b>Zoé</b>": {}})
    play_duel(db, {"Alice": {}, "Bob": {}}, turns=1)
    return db


def test_the_players_page_charts_every_game(page_book, tmp_path):
    db = page_book
    path = tmp_path / "alice.html"
    assert ok(db, "stats", "Alice", "--html", str(path)).stdout.strip() == (
        f"Alice's page drawn in {path}")
    page = path.read_text(encoding="utf-8")
    assert "<script" not in page and "default-src 'none'" in page
    other = ok(db, "stats", "<b>zoé</b>", "--html", "-").stdout     # a name is data
    assert "<b>Zoé</b>" not in other and "&lt;b&gt;Zoé&lt;/b&gt;&#x27;s totals" in other
    assert charts_of(other) == []               # one game: no chart, a sentence says so
    assert "Duel au Yam: 1 game, too few for a chart (at least 3)</p>" in other
    line, spread, rows = charts_of(page)
    history = js(db, "stats", "Alice")["history"]
    # the line: one point a game, oldest first, stopped games hollow
    marks = points(line)
    assert title(line) == "Alice's totals, Duel au Yam"
    assert [float(m.get("data-value")) for m in marks] == [r["total"] for r in history]
    assert [m.get("class") for m in marks] == ["point stopped" if r["stopped_early"] else
                                               "point" for r in history]
    assert [m.get("class") for m in marks].count("point stopped") == 1
    assert [m.get("data-label") for m in marks] == [r["date"][:10] for r in history]
    xs = [float(m.get("cx")) for m in marks]
    assert xs == sorted(xs) and len(set(xs)) == 4
    # height: a higher total is drawn higher, in proportion
    ys = {float(m.get("data-value")): float(m.get("cy")) for m in marks}
    (v1, y1), (v2, y2) = sorted(ys.items())[:2]
    for value, y in ys.items():
        assert y == pytest.approx(y1 + (value - v1) * (y2 - y1) / (v2 - v1), abs=0.15)
    path_d = line.find(f"{SVG}path").get("d")
    assert path_d == " ".join(f"{'M' if k == 0 else 'L'}{m.get('cx')} {m.get('cy')}"
                              for k, m in enumerate(marks))
    # the spread: the complete games' totals 262, 212, 217 in ten ranges from 212 to 262
    bars = spread.findall(f"{SVG}rect")
    assert sum(int(b.get("data-count")) for b in bars) == 3 and len(bars) == 10
    for total in (262, 212, 217):
        (bar,) = [b for b in bars if float(b.get("data-low")) <= total
                  and (total < float(b.get("data-high")) or b is bars[-1])
                  and int(b.get("data-count"))]
    # ranges of 5: 212 in [212, 217), 217 in [217, 222), 262 in the last, closed
    assert [int(b.get("data-count")) for b in bars] == [1, 1, 0, 0, 0, 0, 0, 0, 0, 1]
    # the rows: each row's average over the 3 complete sheets, as stats --rows says
    averages = {line["row"]: line["average"] for line in
                js(db, "stats", "Alice", "--rows")["by_config"]["duel"]["rows"]}
    drawn = rows.findall(f".//{SVG}rect[@data-row]")
    assert len(drawn) == len(averages) == 13
    assert [float(b.get("data-value")) for b in drawn] == list(averages.values())
    assert {b.get("data-column") for b in drawn} == {"Duel au Yam"}
    widths = {float(b.get("data-value")): float(b.get("width")) for b in drawn}
    scale = widths[40] / 40                                 # grande suite: 40 every time
    for value, width in widths.items():
        assert width == pytest.approx(value * scale, abs=0.1)
    assert averages["chance"] == pytest.approx((23 + 23 + 28) / 3)


def test_the_record_book_charts_the_spread_of_grand_totals(page_book, tmp_path):
    db = page_book
    path = tmp_path / "book.html"
    ok(db, "records", "--html", str(path))
    page = path.read_text(encoding="utf-8")
    (spread,) = charts_of(page)
    assert title(spread) == "Duel au Yam: the grand totals, how many in each range"
    # complete sheets: 262, 212, 212, 262, 217, 212
    counts = [int(b.get("data-count")) for b in spread.findall(f"{SVG}rect")]
    assert counts == [3, 1, 0, 0, 0, 0, 0, 0, 0, 2]
    assert "Duel au Yam : les totaux généraux" in ok(db, "records", "--html", "-",
                                                      lang="fr").stdout


def test_chart_pieces():
    many = [{"date": f"2024-{m:02d}-{d:02d}", "total": 100 + d, "stopped_early": d == 3}
            for m in (1, 2) for d in range(1, 29)] * 3
    months = totals_points(many)
    assert len(many) > LINE_GAMES and [p.label for p in months] == ["2024-01", "2024-02"]
    assert months[0].games == 81 and months[0].value == pytest.approx(
        sum(100 + d for d in range(1, 29) if d != 3) / 27)
    svg = ET.fromstring(line_chart("one", [Point("a", 5)]))
    assert [c.get("data-value") for c in svg.iter(f"{SVG}circle")] == ["5"]
    svg = ET.fromstring(histogram("h", [1, 1, 1]))
    assert [b.get("data-count") for b in svg.iter(f"{SVG}rect")] == ["3"] + ["0"] * 9
    bars = ET.fromstring(grouped_bars("g", [("1", [("libre", 3.0), ("montante", 2.0)]),
                                            ("2", [("libre", 6.0), ("montante", 1.5)])]))
    fills = {b.get("data-column"): b.get("fill") for b in bars.iter(f"{SVG}rect")
             if b.get("data-column")}
    assert fills == {"libre": "#1a1a1a", "montante": "#ffffff"}  # told apart without colour
    legend = [t.text for t in bars.iter(f"{SVG}text")]
    assert "libre" in legend and "montante" in legend
