"""Take the pictures of the live sheet in the docs (docs/images/live-*.png).

Run from the repository root, with the test extras installed and Debian's chromium::

    python scripts/screenshot_live_sheet.py            # every picture, in docs/images/
    python scripts/screenshot_live_sheet.py --only tv  # one of them: tv, phone, double, sheet

Each picture is of a real ``yams serve --write`` on a game kept in a store in a temporary
folder, taken by headless Chromium (driven by Playwright, /usr/bin/chromium): the TV at
1920 x 1080 with six players of Yam classique; a phone (390 px) of a player whose dice are
entered; a phone entering Double Yams dice with its colour and size buttons; and the
laptop's page of a classic game of three players (``live-sheet.png``).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, os.path.join(ROOT, "tests"))
IMAGES = os.path.join(ROOT, "docs", "images")

#: picture -> (family, players, turns played, viewport, entered dice, file)
SHOTS = {
    "tv": ("classic", 6, 40, (1920, 1080), None, "live-tv.png"),
    "phone": ("classic", 4, 9, (390, 844), "55533", "live-phone.png"),
    "double": ("double", 4, 13, (390, 844), None, "live-phone-double.png"),
    "sheet": ("classic", 3, 6, (1280, 800), "44435", "live-sheet.png"),
}


def shoot(browser, name: str, lang: str) -> str:
    from serving import Served, part_played

    from yams_scorekeeper import api

    family, players, turns, (width, height), dice, file = SHOTS[name]
    db = os.path.join(tempfile.mkdtemp(prefix="yams-shot-"), "db")
    part_played(db, family, players, turns)
    if dice:
        api.enter(db, dice, 2)
    with Served(db, "--write", lang=lang) as served:
        links = [re.search(r"(http://\S+)", line)[1] for line in served.first[1:-1]]
        seat = api.load(db).current
        url = {"tv": served.url + "?view=tv", "sheet": served.url}.get(name, links[seat])
        page = browser.new_page(viewport={"width": width, "height": height},
                                device_scale_factor=1)
        page.goto(url)
        page.wait_for_selector("#status:not(.off)")
        if name == "double":
            for tag, values in (("cp", "665"), ("fp", "12"), ("cg", "34"), ("fg", "5")):
                page.click(f"label[for=tag-{tag}]")
                for value in values:
                    page.click(f"button[data-die='{value}']")
            page.click("label[for=roll-2]")
        page.wait_for_timeout(300)
        out = os.path.join(IMAGES, file)
        page.screenshot(path=out, full_page=name in ("phone", "double", "sheet"))
        page.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", choices=sorted(SHOTS), help="one picture")
    parser.add_argument("--lang", default="en", choices=("en", "fr"))
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright
    from test_serve_browser import CHROMIUM, CHROMIUM_ARGS

    os.makedirs(IMAGES, exist_ok=True)
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for name in [args.only] if args.only else list(SHOTS):
            print(shoot(browser, name, args.lang))
        browser.close()


if __name__ == "__main__":
    main()
