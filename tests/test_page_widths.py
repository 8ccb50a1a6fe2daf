"""Every ``--html`` page fits a phone (390 px) and a desktop (1,280 px) without scrolling
sideways, and no label of a chart is cut at the edge of its picture: checked in headless
Chromium (Playwright against /usr/bin/chromium), in English and in French."""

from __future__ import annotations

from pathlib import Path

import pytest
from club import EVENING_ID, PLAYERS, club_store
from helpers import ok

EXAMPLES = sorted((Path(__file__).resolve().parent.parent / "examples").glob("*.txt"))
#: what the page measures: how wide it is against the window, and each chart label outside
#: its picture
MEASURE = """() => {
  const d = document.documentElement;
  const cut = [];
  for (const svg of document.querySelectorAll('svg')) {
    const box = svg.viewBox.baseVal;
    for (const text of svg.querySelectorAll('text')) {
      const b = text.getBBox();
      if (b.x < -0.5 || b.x + b.width > box.width + 0.5 || b.y < -0.5
          || b.y + b.height > box.height + 0.5) cut.push(text.textContent);
    }
  }
  return {wide: d.scrollWidth, window: d.clientWidth, cut: cut};
}"""


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> list[Path]:
    """Every page the commands draw, of the club's store, in both languages."""
    base = tmp_path_factory.mktemp("pages")
    db = club_store(str(base / "store"))
    made = []
    for lang in ("en", "fr"):
        commands = [("stats", PLAYERS[0]), ("stats", PLAYERS[1]), ("records",),
                    ("soiree", "show", EVENING_ID)]
        commands += [("replay", str(path)) for path in EXAMPLES]
        for n, args in enumerate(commands):
            path = base / f"{lang}-{n}.html"
            ok(db, *args, "--html", str(path), lang=lang)
            made.append(path)
    return made


def test_every_page_fits_a_phone_and_a_desktop_with_no_label_cut(pages, browser):
    wrong = []
    for width in (390, 1280):
        page = browser.new_page(viewport={"width": width, "height": 900})
        for path in pages:
            page.goto(path.as_uri())
            seen = page.evaluate(MEASURE)
            if seen["wide"] > seen["window"] or seen["cut"]:
                wrong.append((path.name, width, seen))
        page.close()
    assert len(pages) == 2 * (4 + len(EXAMPLES)) and wrong == []
