"""Printable pictures: `yams sheet --svg/--html`, `yams replay --svg/--html` and
`yams records --html`, parsed back (every cell of every sheet is there, at its id; data is
escaped, never markup) and opened in a headless browser when one is installed."""

from __future__ import annotations

import shutil
import subprocess
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest
from helpers import ok, one_line_error, run

from yams_scorekeeper.base.clock import counting_ids, fixed_clock
from yams_scorekeeper.engine.config import make_config
from yams_scorekeeper.engine.game import Game
from yams_scorekeeper.engine.transcript import parse_transcript
from yams_scorekeeper.store import Store

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
HOSTILE = ['<script>alert("x")</script>', "Zoé & 'Léa' <b>"]
SVG = "{http://www.w3.org/2000/svg}"
CLOCK = fixed_clock("2024-05-01T21:00:00+00:00")


def finish(store: Store, game: Game) -> str:
    store.create_game(game.to_doc())
    store.finish_game(game.id, game.summary())
    return game.id


def hostile_duel() -> Game:
    """A Duel between two hostile names: a struck-out yam, every other row written."""
    game = Game(make_config("duel", HOSTILE), id="hostile-1", clock=CLOCK)
    for row in ("1", "2", "3", "4", "5", "6", "brelan", "carre", "full", "petite-suite",
                "grande-suite", "yam", "chance"):
        for _ in HOSTILE:
            game.enter("66654", 3)
            game.mark(None, row, scratch=row == "yam")
    return game


@pytest.fixture
def store(tmp_path):
    """A classic game of three columns, a Double Yams forcé (its difference, a missed sixth
    roll is negative), a Gaby solo stopped early and the hostile Duel, all finished."""
    db = str(tmp_path / "store")
    st = Store(db)
    ids = counting_ids()
    games = [parse_transcript((EXAMPLES / name).read_text(encoding="utf-8"), new_id=ids,
                              clock=CLOCK)
             for name in ("classique.txt", "double-force.txt", "gaby-solo-stopped.txt")]
    games.append(hostile_duel())
    for game in games:
        finish(st, game)
    return db, games


def expected_cells(game: Game) -> dict[str, str]:
    """Every cell of every sheet: ``p<seat>-<column>-<row>`` -> what the sheet shows."""
    out = {}
    for seat, sheet in enumerate(game.sheets):
        for column in game.columns:
            for row in game.rows:
                mark = sheet.marks.get((column.id, row))
                text = "" if mark is None else "X" if mark.scratch else str(mark.score)
                out[f"p{seat}-{column.id}-{row}"] = text
    return out


def svg_texts(path: Path) -> tuple[dict[str, str], list[str], ET.Element]:
    root = ET.parse(path).getroot()           # well-formed XML, or this raises
    assert root.tag == SVG + "svg"
    ids, texts = {}, []
    for el in root.iter(SVG + "text"):
        texts.append(el.text or "")
        if el.get("id"):
            ids[el.get("id")] = el.text or ""
    return ids, texts, root


class Page(HTMLParser):
    """Every tag, the text of each element with an id, and all the text."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags, self.ids, self.text, self._open = [], {}, [], None

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        ident = dict(attrs).get("id")
        if ident:
            self._open = ident
            self.ids[ident] = ""

    def handle_endtag(self, tag):
        self._open = None

    def handle_data(self, data):
        self.text.append(data)
        if self._open:
            self.ids[self._open] += data


def parse_html(path: Path) -> Page:
    page = Page()
    page.feed(path.read_text(encoding="utf-8"))
    page.close()
    return page


def assert_self_contained(tags: list[tuple[str, dict]]) -> None:
    names = {t for t, _ in tags}
    assert not names & {"script", "link", "img", "iframe", "object", "embed", "b"}, names
    for _, attrs in tags:
        for key, value in attrs.items():
            assert not key.startswith("on"), key
            assert "http:" not in (value or "") and "https:" not in (value or ""), value


def test_sheet_svg_holds_every_cell(store, tmp_path):
    db, games = store
    for game in games:
        out = tmp_path / f"{game.id}.svg"
        result = ok(db, "sheet", "--game", game.id[:10], "--svg", str(out))
        assert str(out) in result.stdout
        ids, texts, root = svg_texts(out)
        assert ids == expected_cells(game)
        for sheet in game.sheets:
            assert sheet.name in texts                         # escaped, read back whole
            assert str(game.totals(sheet).grand) in " ".join(texts)
        tags = {el.tag.rpartition("}")[2] for el in root.iter()}
        assert tags == {"svg", "title", "style", "rect", "line", "text"}, tags
        assert not [v for el in root.iter() for v in el.attrib.values() if "http" in v]


def test_sheet_html_holds_every_cell(store, tmp_path):
    db, games = store
    for game in games:
        out = tmp_path / f"{game.id}.html"
        ok(db, "sheet", "--game", game.id, "--html", str(out), lang="fr")
        page = parse_html(out)
        assert {k: v for k, v in page.ids.items()} == expected_cells(game)
        assert_self_contained(page.tags)
        assert page.tags[0][0] == "html" and page.tags[0][1]["lang"] == "fr"
        for sheet in game.sheets:
            assert sheet.name in page.text
    raw = (tmp_path / f"{games[-1].id}.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in raw and "<script" not in raw


def test_replay_draws_a_transcript(tmp_path):
    svg, page = tmp_path / "c.svg", tmp_path / "c.html"
    ok(None, "replay", str(EXAMPLES / "classique.txt"), "--svg", str(svg), "--html", str(page))
    game = parse_transcript((EXAMPLES / "classique.txt").read_text(encoding="utf-8"))
    assert svg_texts(svg)[0] == expected_cells(game) == parse_html(page).ids
    texts = svg_texts(svg)[1]
    assert "1091" in " ".join(texts) and "1015" in " ".join(texts)    # the README's totals


def test_records_html(store, tmp_path):
    db, games = store
    out = tmp_path / "records.html"
    ok(db, "records", "--html", str(out))
    page = parse_html(out)
    assert_self_contained(page.tags)
    book = Store(db).records()
    text = "\n".join(page.text)
    for cfg in book["configs"].values():
        assert cfg["label"] in page.text
        for record in cfg["records"].values():
            assert str(record["value"]) in text and record["player"] in page.text
    assert HOSTILE[0] in page.text                          # the Duel's record holder, as text


@pytest.mark.parametrize("option", ["--svg", "--html"])
def test_write_targets_are_checked(store, tmp_path, option):
    db, games = store
    folder = tmp_path / "a-folder"
    folder.mkdir()
    one_line_error(run(db, "sheet", "--game", games[0].id, option, str(folder)),
                   "not a regular file")
    target = tmp_path / "target.txt"
    target.write_text("keep me")
    link = tmp_path / "link.svg"
    link.symlink_to(target)
    one_line_error(run(db, "sheet", "--game", games[0].id, option, str(link)), "symbolic link")
    assert target.read_text() == "keep me"
    one_line_error(run(db, "records", "--html", str(link)), "symbolic link")
    assert target.read_text() == "keep me"


BROWSERS = ("chromium", "chromium-browser", "google-chrome")


def browser() -> str | None:
    return next((shutil.which(name) for name in BROWSERS if shutil.which(name)), None)


@pytest.mark.skipif(browser() is None, reason="no headless chromium or chrome installed")
def test_files_open_in_a_headless_browser(store, tmp_path):
    db, games = store
    files = [tmp_path / "sheet.svg", tmp_path / "sheet.html", tmp_path / "records.html"]
    ok(db, "sheet", "--game", games[-1].id, "--svg", str(files[0]), "--html", str(files[1]))
    ok(db, "records", "--html", str(files[2]))
    for path in files:
        done = subprocess.run(
            [browser(), "--headless", "--no-sandbox", "--disable-gpu", "--enable-logging=stderr",
             "--v=0", f"--user-data-dir={tmp_path / 'profile'}", "--dump-dom",
             path.as_uri()], capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr[-2000:]
        console = [line for line in done.stderr.splitlines() if ":CONSOLE" in line]
        assert console == [], console
        assert "parsererror" not in done.stdout and "error on line" not in done.stdout
        assert HOSTILE[1].split()[0] in done.stdout            # the page's text was rendered
