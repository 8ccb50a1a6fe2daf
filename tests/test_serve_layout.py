"""The live sheet's layout and accessibility in real Chromium (issue 36): the TV's board fits
1920 x 1080 with six players in every family (Gaby: four) and pages itself for eight; the
phone's page has no sideways scrolling at 360 and 390 px, the ranking and the player's own
sheet first; axe-core finds no WCAG 2.2 A/AA violation on the TV, the phone, a player's
dice form (Double Yams tags included) and the list of cells to pick; 200 % zoom works."""

from __future__ import annotations

import re

import pytest
from serving import Served, part_played
from test_serve_browser import _watched

from yams_scorekeeper import api

#: family -> players of the TV test (Gaby takes four at most, G6)
FAMILIES = {"classic": 6, "gaby": 4, "double": 6, "duel": 6, "yatzy": 6, "yahtzee": 6}
#: what axe-core checks: WCAG 2.0, 2.1 and 2.2, levels A and AA
WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]
#: the smallest type of the TV's board, in CSS pixels (read from across the room)
TV_TYPE_PX = 22


def _served(tmp_path, family: str, players: int, turns: int, dice: str | None = None):
    db = str(tmp_path / f"{family}-{players}")
    part_played(db, family, players, turns)
    if dice:
        api.enter(db, dice, 1)
    return db, Served(db, "--write")


def _links(served: Served) -> list[str]:
    return [re.search(r"(http://\S+/me/\S+/)$", line)[1] for line in served.first[1:-1]]


def _fits(page) -> dict:
    return page.evaluate("""() => ({
        high: document.documentElement.scrollHeight, wide: document.documentElement.scrollWidth,
        height: window.innerHeight, width: window.innerWidth,
        type: parseFloat(getComputedStyle(document.getElementById("live")).fontSize)})""")


def _visible(page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    return (box is not None and box["x"] >= 0 and box["y"] >= 0
            and box["x"] + box["width"] <= size["width"] + 0.5
            and box["y"] + box["height"] <= size["height"] + 0.5)


def _axe(page) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(page, options={"runOnly": {"type": "tag", "values": WCAG}})
    return [f"{v['id']}: {[n['target'] for n in v['nodes']][:3]}"
            for v in found.response["violations"]]


def test_the_tv_board_fits_1920x1080_with_six_players_in_every_family(tmp_path, browser):
    problems: list[str] = []
    for family, players in FAMILIES.items():
        db, served = _served(tmp_path, family, players, players * 4)
        with served:
            page = browser.new_page(viewport={"width": 1920, "height": 1080})
            problems += _watched(page)
            page.goto(served.url + "?view=tv")
            page.wait_for_selector("#live[data-shown]")
            fit = _fits(page)
            assert fit["high"] <= fit["height"] and fit["wide"] <= fit["width"], (family, fit)
            assert fit["type"] >= TV_TYPE_PX, (family, fit)
            for seat in range(players):
                assert _visible(page, f"#grand-{seat}"), (family, seat)
                assert _visible(page, f"#total-{seat}"), (family, seat)
            assert page.locator(".board").count() == 1
            assert "yams " not in page.text_content("#live")
            assert page.locator("th.now").first.text_content().startswith("▶")
            if family == "double":                       # its long sheet in two panels
                assert page.locator(".board table.sheet").count() == 2
            page.close()
    assert problems == []


def test_the_tv_pages_itself_for_eight_players_and_marks_the_last_cell(tmp_path, browser):
    db, served = _served(tmp_path, "classic", 8, 17)
    with served:
        page = browser.new_page(viewport={"width": 1920, "height": 1080})
        page.clock.install()
        page.goto(served.url + "?view=tv")
        page.wait_for_selector("#live[data-shown]")
        assert page.locator(".board").count() == 2
        assert page.is_visible("#page-0") and not page.is_visible("#page-1")
        fit = _fits(page)
        assert fit["high"] <= fit["height"] and fit["wide"] <= fit["width"], fit
        page.clock.run_for(10_500)
        assert page.is_visible("#page-1") and not page.is_visible("#page-0")
        assert _visible(page, "#grand-7")
        page.clock.run_for(10_000)
        assert page.is_visible("#page-0")
        fresh = page.locator("td.fresh")
        assert fresh.count() == 1                   # the 17th turn's cell (player 1, page 0)
        game = api.load(db)
        mark = game.events[-1]["cells"][0]
        assert fresh.get_attribute("id") == f"p0-{mark['column']}-{mark['row']}"
        page.close()


def test_the_phone_has_no_sideways_scrolling_and_shows_the_ranking_and_its_sheet_first(
        tmp_path, browser):
    for family, players in FAMILIES.items():
        db, served = _served(tmp_path, family, players, players * 3 + 1,
                             dice={"double": "cp123 fp45 cg66 fg123"}.get(family, "55533"))
        with served:
            link = _links(served)[api.load(db).current]
            seat = api.load(db).current
            page = browser.new_page(viewport={"width": 360, "height": 800})
            for width in (360, 390):
                page.set_viewport_size({"width": width, "height": 800})
                for url in (link, served.url):
                    page.goto(url)
                    page.wait_for_selector("#live[data-shown]")
                    fit = _fits(page)
                    assert fit["wide"] <= fit["width"], (family, width, url, fit)
                    ranking = page.locator("ol.ranking").bounding_box()
                    sheet = page.locator(".sheets .one").first.bounding_box()
                    assert ranking["y"] < sheet["y"]
                    assert sheet["x"] >= 0 and sheet["x"] + sheet["width"] <= width + 0.5
                    first = page.locator(".sheets .one").first.get_attribute("id")
                    assert first == (f"sheet-{seat}" if url == link else "sheet-0")
            page.goto(link)
            assert page.locator("input[name=cell]").count() > 0
            page.close()


def test_axe_core_finds_no_wcag_a_or_aa_violation(tmp_path, browser):
    found: dict[str, list[str]] = {}
    db, served = _served(tmp_path, "double", 4, 9)
    with served:
        links = _links(served)
        seat = api.load(db).current
        for name, url, viewport in (
                ("tv", served.url + "?view=tv", (1920, 1080)),
                ("phone", served.url, (390, 844)),
                ("dice form", links[seat], (390, 844)),
                ("waiting", links[(seat + 1) % 4], (390, 844)),
                ("zoom 200 %", links[seat], (640, 400))):
            page = browser.new_page(viewport={"width": viewport[0], "height": viewport[1]})
            page.goto(url)
            page.wait_for_selector("#live[data-shown]")
            found[name] = _axe(page)
            if name == "zoom 200 %":
                fit = _fits(page)
                assert fit["wide"] <= fit["width"], fit
                page.click("label[for=tag-fg]")
                page.click("button[data-die='6']")
                assert page.input_value("#dice") == "6fg"
                page.locator("button.big").scroll_into_view_if_needed()
                assert page.is_visible("button.big")
            page.close()
        api.enter(db, "cp123 fp45 cg66 fg123", 2)
        page = browser.new_page(viewport={"width": 390, "height": 844})
        page.goto(links[seat])
        page.wait_for_selector("input[name=cell]")
        found["cells to pick"] = _axe(page)
        page.close()
    assert found == {name: [] for name in found}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_double_yams_tags_are_said_by_text_and_shape_not_colour_alone(tmp_path, browser,
                                                                         lang):
    db = str(tmp_path / "db")
    part_played(db, "double", 2, 0)
    with Served(db, "--write", lang=lang) as served:
        page = browser.new_page(viewport={"width": 390, "height": 844})
        page.goto(_links(served)[api.load(db).current])
        labels = page.locator(".tags label")
        labels.nth(3).locator(".shape").wait_for(state="visible")     # laid out: measurable
        texts = [labels.nth(n).text_content().strip() for n in range(4)]
        assert texts == {"en": ["light small", "dark small", "light large", "dark large"],
                         "fr": ["clair petit", "foncé petit", "clair grand", "foncé grand"]
                         }[lang]
        sizes = [labels.nth(n).locator(".shape").bounding_box()["width"] for n in range(4)]
        assert sizes[0] == sizes[1] < sizes[2] == sizes[3]          # small and large
        fills = [page.evaluate("e => getComputedStyle(e).backgroundColor",
                               labels.nth(n).locator(".shape").element_handle())
                 for n in range(4)]
        assert fills[0] == fills[2] != fills[1] == fills[3]         # hollow and filled
        page.close()


def test_a_redraw_keeps_the_dice_the_roll_and_the_tag_picked(tmp_path, browser):
    """A page drawn again for the same turn (here: the game file touched) keeps what the
    player was entering: a required roll lost would make the browser refuse to send."""
    import os
    import time

    db = str(tmp_path / "db")
    part_played(db, "double", 2, 0)
    with Served(db, "--write") as served:
        game = api.load(db)
        page = browser.new_page(viewport={"width": 390, "height": 844})
        page.goto(_links(served)[game.current])
        page.locator("#dice").wait_for()
        page.fill("#dice", "1cp 2cp")
        page.click("label[for=roll-2]")
        page.click("label[for=tag-fg]")
        shown = page.get_attribute("#live", "data-shown")
        path = os.path.join(api.open_store(db).games_dir, game.id + ".json")
        later = time.time() + 5
        os.utime(path, (later, later))
        page.wait_for_function("shown => document.getElementById('live').dataset.shown "
                               "!== shown", arg=shown, timeout=10_000)
        assert page.input_value("#dice") == "1cp 2cp"
        assert page.is_checked("#roll-2") and page.is_checked("#tag-fg")
        page.close()
