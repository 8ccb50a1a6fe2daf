"""Four phones and the laptop write one game at once (issue 36), in real Chromium: each
player's own page of ``yams serve --write`` in its own browser context enters that player's
dice (by the big buttons, the Double Yams tags, or typed), picks a cell and writes it; every
fourth turn the laptop's ``yams enter`` and ``yams mark`` write the turn instead, and a phone
takes back its own entry. The game goes to its end in Yam classique (one column), Gaby (one column)
and Double Yams; the stored game then equals the one the same entries make through the
command line in another store, and every page followed each write without a reload."""

from __future__ import annotations

import random
import re

import pytest
from helpers import ok
from serving import Served

from yams_scorekeeper import api
from yams_scorekeeper.engine.game import effective_events
from yams_scorekeeper.engine.simulate import random_dice

PLAYERS = ["Léa", "Bob", "Chloé", "Zoé"]
#: family -> the options of ``yams new`` (a short sheet where the family has several columns)
GAMES = {"classic": ["-c", "libre"], "gaby": ["-c", "libre"], "double": []}
#: every this many turns the laptop writes the turn (yams enter, yams mark)
LAPTOP_EVERY = 4
#: the bound of a wait for a page to show a write (milliseconds; not a speed measurement:
#: the latency is benchmarks/bench_serve.py's)
SEEN_MS = 10_000


def _new(db: str, family: str) -> None:
    args = ["new", "-R", family, "--order", "given", *GAMES[family]]
    for name in PLAYERS:
        args += ["-p", name]
    ok(db, *args)


def _form(page, action: str, at: int) -> None:
    """Wait until ``page`` shows its ``action`` form drawn for the log's length ``at``."""
    try:
        page.wait_for_selector(f"form[data-do={action}] input[name=at][value='{at}']",
                               state="attached", timeout=SEEN_MS)
    except Exception as exc:
        forms = page.eval_on_selector_all(
            "form[data-do]", "fs => fs.map(f => f.dataset.do + '@' + "
            "(f.querySelector('input[name=at]') || {}).value)")
        raise AssertionError(f"no {action} form at {at}: {page.text_content('#said')!r}, "
                             f"the page shows {forms}") from exc


def _enter_by_buttons(page, dice: list[str]) -> None:
    for die in dice:
        tag = die[1:]
        if tag:
            page.click(f"label[for=tag-{tag}]")
        page.click(f"button[data-die='{die[0]}']")


def _said(page, text: str) -> None:
    page.wait_for_selector(f"#said.ok:text-is('{text}')", timeout=5000)


@pytest.mark.parametrize("family", list(GAMES))
def test_four_phones_and_the_laptop_write_a_whole_game(tmp_path, browser, family):
    db = str(tmp_path / "db")
    _new(db, family)
    rng = random.Random(36)
    entries: list[tuple] = []          # what was written, in order: the command line replays it
    with Served(db, "--write") as served:
        links = [re.search(r"(http://\S+/me/\S+/)$", line)[1] for line in served.first[1:-1]]
        contexts = [browser.new_context(viewport={"width": 390, "height": 844})
                    for _ in PLAYERS]
        pages = [context.new_page() for context in contexts]
        for page, link in zip(pages, links, strict=True):
            page.goto(link)
        turn = 0
        game = api.load(db)
        while not game.finished:
            seat, at = game.current, len(game.events)
            page = pages[seat]
            dice = [str(d) for d in random_dice(game, rng)]
            roll = rng.randint(1, min(3, game.max_roll()))
            if turn % LAPTOP_EVERY == LAPTOP_EVERY - 1:             # the laptop's turn
                ok(db, "enter", " ".join(dice), "--roll", str(roll))
                cells = api.load(db, game.id).legal_cells()
                cell = rng.choice(cells)
                ok(db, "mark", f"{cell.column}.{cell.row}")
                entries += [("enter", dice, roll), ("mark", cell.column, cell.row)]
                after = api.load(db, game.id)
                if not after.finished:                      # seen by the next phone
                    _form(pages[after.current], "enter", at + 2)
            else:
                _form(page, "enter", at)
                if turn % 5 == 0:
                    _enter_by_buttons(page, dice)
                else:
                    page.fill("#dice", " ".join(dice))
                page.click(f"label[for=roll-{roll}]")
                page.click("form[data-do=enter] button.big")
                _form(page, "mark", at + 1)
                entries.append(("enter", dice, roll))
                if turn == 2:                              # taken back, and entered again
                    page.click("form[data-do=undo] button")
                    _form(page, "enter", at + 2)
                    entries.append(("undo",))
                    page.fill("#dice", " ".join(dice))
                    page.click(f"label[for=roll-{roll}]")
                    page.click("form[data-do=enter] button.big")
                    _form(page, "mark", at + 3)
                    entries.append(("enter", dice, roll))
                values = page.eval_on_selector_all("input[name=cell]", "es => es.map(e => e.value)")
                value = rng.choice(values)
                page.check(f"input[name=cell][value='{value}']")
                page.click("form[data-do=mark] button.big")
                _said(page, "Written.")
                if turn == 5:                                  # the double tap, resent
                    answer = page.evaluate("""([value, at]) => fetch("write", {method: "POST",
                        body: new URLSearchParams({do: "mark", at: at, cell: value})})
                        .then(answer => answer.status)""",
                                           [value, str(len(api.load(db, game.id).events) - 1)])
                    assert answer == 200                       # written once: the same entry
                column, row, _ = value.split("|")
                entries.append(("mark", column, row))
            turn += 1
            game = api.load(db, game.id)
        for page in pages:
            page.wait_for_selector("#ending", timeout=5000)
        for context in contexts:
            context.close()
    stored = api.load(db, game.id)
    assert stored.finished

    cli = str(tmp_path / "cli")                             # the same entries, by the CLI
    _new(cli, family)
    for entry in entries:
        if entry[0] == "enter":
            ok(cli, "enter", " ".join(entry[1]), "--roll", str(entry[2]))
        elif entry[0] == "mark":
            ok(cli, "mark", f"{entry[1]}.{entry[2]}")
        else:
            ok(cli, "undo")
    (finished,) = api.open_store(cli).archived_games()
    made = api.load(cli, finished["id"])

    def written(game) -> list:
        return [(e["type"], e.get("player"), e.get("dice"), e.get("roll"),
                 [(c["column"], c["row"], c.get("scratch")) for c in e.get("cells", [])])
                for e in effective_events(game.events)]

    assert written(stored) == written(made)
    assert [e["type"] for e in stored.events] == [e["type"] for e in made.events]
    assert stored.summary()["players"] == made.summary()["players"]
