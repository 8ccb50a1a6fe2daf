"""``yams stats NAME``'s charts, in text and on its page: one per configuration, titled with
the configuration's label, none for fewer than 3 games (a sentence says so instead); the
spread of totals is a configuration's alone."""

from __future__ import annotations

import html
import re

import pytest
from club import GAMES, PLAYERS, club_store
from helpers import js, ok
from test_charts import charts_of, title


@pytest.fixture(scope="module")
def club(tmp_path_factory) -> str:
    return club_store(str(tmp_path_factory.mktemp("club") / "store"))


def test_one_chart_per_configuration_titled_with_its_label_or_a_sentence(club, tmp_path):
    name = PLAYERS[0]
    by_config = js(club, "stats", name)["by_config"]
    assert sorted(cfg["games"] for cfg in by_config.values()) == sorted(n for _, n in GAMES)
    text = " ".join(ok(club, "stats", name).stdout.split())      # lines joined
    path = tmp_path / "page.html"
    ok(club, "stats", name, "--html", str(path))
    page = path.read_text(encoding="utf-8")
    lines = [title(svg) for svg in charts_of(page)
             if title(svg).startswith(f"{name}'s totals, ")]
    for key, cfg in by_config.items():
        head = f"{name}'s totals, {cfg['label']}"
        if cfg["games"] < 3:
            said = f"{head}: {cfg['games']} game{'s' * (cfg['games'] > 1)}, too few for a chart"
            assert said in text and said in html.unescape(page)
            assert head not in lines
        else:
            assert f"{head} 2026-12-" in text and lines.count(head) == 1, key
            spread = f"{head}: how many in each range"
            (svg,) = [s for s in charts_of(page) if title(s) == spread]
            counts = sum(int(b.get("data-count")) for b in svg.findall("rect"))
            assert counts == cfg["complete"]                # this configuration's games only
    assert not re.search(r"totals, (classic|gaby|double|duel|yatzy)\b", text + page)
