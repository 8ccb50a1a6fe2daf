"""Take the screenshot of the live sheet in the docs (docs/images/live-sheet.png).

Run from the repository root, with the test extras installed and Debian's chromium::

    python scripts/screenshot_live_sheet.py            # writes docs/images/live-sheet.png
    python scripts/screenshot_live_sheet.py --tv out.png

A classic game of three players is kept in a store in a temporary folder and played a few
turns with fixed dice; then a real ``yams serve`` serves it, and headless Chromium (driven by
Playwright, /usr/bin/chromium) takes the page as a phone or a laptop shows it, the dice of the
turn in progress entered.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, os.path.join(ROOT, "tests"))

#: the turns played before the picture: (dice, roll, cell)
TURNS = [("55533", 1, "libre.full"), ("66641", 2, "descendante.1"), ("22222", 3, "libre.yam"),
         ("33356", 1, "libre.3"), ("66654", 2, "libre.6"), ("12345", 1, "libre.suite")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", nargs="?", default=os.path.join(ROOT, "docs", "images",
                                                               "live-sheet.png"))
    parser.add_argument("--tv", action="store_true", help="the TV view (?view=tv)")
    parser.add_argument("--lang", default="en", choices=("en", "fr"))
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright
    from serving import Served
    from test_serve_browser import CHROMIUM, CHROMIUM_ARGS

    from yams_scorekeeper import api

    db = os.path.join(tempfile.mkdtemp(prefix="yams-shot-"), "db")
    api.new(db, "classic", ["Alice", "Bob", "Chloé"], clock=lambda: "2026-05-01T19:30:00+00:00")
    for dice, roll, cell in TURNS:
        api.enter(db, dice, roll)
        api.mark(db, cell)
    api.enter(db, "44435", 2)
    with Served(db, lang=args.lang) as served:
        with sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 800},
                                    device_scale_factor=1)
            page.goto(served.url + ("?view=tv" if args.tv else ""))
            page.wait_for_selector("#status.off, #status:not(.off)")
            page.wait_for_timeout(500)
            os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
            page.screenshot(path=args.out, full_page=True)
            browser.close()
    print(args.out)


if __name__ == "__main__":
    main()
