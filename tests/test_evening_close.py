"""``yams soiree close --html FILE`` prints the ranking, as ``close`` alone and the guide do,
and writes the prize list."""

from __future__ import annotations

from club import EVENING_ID, club_store
from helpers import ok

from yams_scorekeeper.store import Store


def test_close_with_html_prints_the_ranking_and_writes_the_page(tmp_path):
    db = club_store(str(tmp_path / "store"))
    Store(db).change_evenings(lambda data: data.update(open=EVENING_ID))
    page = tmp_path / "prix.html"
    said = ok(db, "soiree", "close", "--html", str(page)).stdout
    shown = ok(db, "soiree", "show", EVENING_ID).stdout
    assert said.startswith(f"Evening {EVENING_ID} closed.\n")
    assert shown in said and "Rank" in shown and "Mamie Jeanne" in shown
    assert page.read_text(encoding="utf-8").lstrip().lower().startswith("<!doctype html>")
    assert str(page) in said.replace(shown, "")           # and says where the page went
