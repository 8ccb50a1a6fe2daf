"""``yams serve --write`` over HTTP (issue 36): each player's own link, and what a post may
and may not do. Every refusal (no write token, another player's, a stale turn, a forged
Origin or Host, a GET, a server without ``--write``) changes nothing in the store; a resent
entry is written once; the laptop's ``yams mark`` meanwhile is seen by the phone's page.
The same in a real browser: ``test_serve_phones.py``."""

from __future__ import annotations

import html
import re
import urllib.parse

import pytest
from helpers import ok
from serving import Served
from test_hostile import store_files

from yams_scorekeeper import api
from yams_scorekeeper.store import Store

FORM = {"Content-Type": "application/x-www-form-urlencoded"}


@pytest.fixture
def db(tmp_path):
    db = str(tmp_path / "db")
    api.new(db, "classic", ["Léa", "Bob"], order="given")
    return db


def _links(served: Served) -> list[str]:
    """The path of each player's own page, as ``yams serve --write`` printed them."""
    found = [re.search(r"(http://\S+/me/\S+/)$", line) for line in served.first[1:-1]]
    return [urllib.parse.urlsplit(m[1]).path for m in found if m]


def _post(served: Served, path: str, origin: str | None = "", host: str | None = None,
          **fields) -> tuple[int, str]:
    headers = dict(FORM)
    if origin is not None:
        headers["Origin"] = origin or f"http://127.0.0.1:{served.port}"
    if host is not None:
        headers["Host"] = host
    status, _, body = served.request(path + "write", "POST", urllib.parse.urlencode(fields),
                                     headers)
    return status, body


def _events(db) -> list[dict]:
    store = Store(db)
    return store.load_game(store.games_in_progress()[0]["id"])["events"]


def test_each_player_gets_a_link_of_their_own_and_the_page_their_form(db):
    with Served(db, "--write", lang="fr") as served:
        assert served.first[0] == served.url                  # the first line stays the URL
        lea, bob = _links(served)
        assert "Téléphone de Léa" in served.first[1] and lea.startswith(f"/{served.token}/me/")
        assert lea != bob and len(lea.split("/")[3]) >= 20
        status, headers, page = served.request(lea)
        assert status == 200 and "Vous êtes Léa" in page and 'id="dice"' in page
        assert "form-action 'self'" in headers["content-security-policy"]
        bob_page = html.unescape(served.request(bob)[2])
        assert "Vous êtes Bob" in bob_page and 'id="dice"' not in bob_page
        assert "C'est au tour de Léa" in bob_page
        assert "yams enter" not in page and "yams " not in bob_page.split("<main")[1]
        for path in (lea[:-2] + "/", f"/{served.token}/me/", f"/{served.token}/me/x/"):
            assert served.request(path)[0] == 404, path


def test_refused_posts_change_nothing(db):
    before = store_files(db)
    with Served(db, "--write") as served:
        lea, bob = _links(served)
        enter = {"do": "enter", "at": "0", "dice": "55533", "roll": "1"}
        assert _post(served, f"/{served.token}/me/{'x' * 22}/", **enter)[0] == 404
        assert _post(served, f"/{served.token}/", **enter)[0] == 405
        assert _post(served, lea.replace(served.token, "y" * 22), **enter)[0] == 404
        assert _post(served, lea, origin=None, **enter)[0] == 403          # no Origin
        assert _post(served, lea, origin="http://evil.example", **enter)[0] == 403
        assert _post(served, lea, origin=f"http://127.0.0.1:{served.port + 1}", **enter)[0] == 403
        assert _post(served, lea, host="evil.example", origin="http://evil.example",
                     **enter)[0] == 403                                     # DNS rebinding
        status, text = _post(served, bob, **enter)
        assert (status, text) == (409, "it is Léa's turn, not Bob's")
        status, text = _post(served, lea, **{**enter, "dice": "5553"})
        assert (status, text) == (400, "4 dice typed, this game uses 5 (expected: 5 5 5 3 3)")
        assert _post(served, lea, **{**enter, "do": "amend"})[0] == 400
        assert _post(served, lea, **{**enter, "at": "x"})[0] == 400
        status, headers, _ = served.request(lea + "write")                 # a GET
        assert status == 405 and headers["allow"] == "POST"
        big = served.request(lea + "write", "POST", "dice=" + "5" * 5000,
                             {**FORM, "Origin": f"http://127.0.0.1:{served.port}"})
        assert big[0] == 413
    assert store_files(db) == before


def test_without_write_nothing_can_write(db):
    before = store_files(db)
    with Served(db) as served:
        assert not any("/me/" in line for line in served.first)
        path = f"/{served.token}/me/{'a' * 22}/"
        assert _post(served, path, do="enter", at="0", dice="55533", roll="1")[0] == 405
        assert served.request(path)[0] == 404
    assert store_files(db) == before


def test_a_resent_entry_is_written_once_and_a_stale_one_refused(db):
    with Served(db, "--write") as served:
        lea, bob = _links(served)
        enter = {"do": "enter", "at": "0", "dice": "55533", "roll": "1", "lang": "fr"}
        assert _post(served, lea, **enter) == (200, "Écrit.")
        assert _post(served, lea, **enter) == (200, "Écrit.")         # the double tap
        mark = {"do": "mark", "at": "1", "cell": "libre|full|1"}
        assert _post(served, lea, **mark) == (200, "Written.")
        assert _post(served, lea, **mark) == (200, "Written.")
        assert [e["type"] for e in _events(db)] == ["enter", "mark"]
        status, text = _post(served, lea, **{**mark, "cell": "libre|yam|1"})
        assert (status, text) == (409, "Léa already wrote this turn")
        status, text = _post(served, bob, **{**enter, "at": "1", "dice": "66666"})
        assert (status, text) == (409, "Léa a déjà écrit ce tour")
        assert _post(served, bob, do="undo", at="2") == (409, "the last entry is Léa's: Bob "
                                                               "cannot take it back")
        assert _post(served, lea, do="undo", at="2") == (200, "Written.")
        assert _post(served, lea, do="undo", at="2") == (200, "Written.")
        assert [e["type"] for e in _events(db)] == ["enter", "mark", "undo"]
        assert 'data-do="mark"' in served.request(lea)[2]               # her dice are back


def test_the_laptop_writes_meanwhile_and_the_phone_page_follows(db):
    with Served(db, "--write") as served:
        lea, bob = _links(served)
        stream = served.events()
        stream.close()
        from serving import EventReader

        reader = EventReader(served.host, served.port, bob + "events?lang=en")
        _, data = reader.next_event()
        assert "It is Léa&#x27;s turn" in data
        ok(db, "enter", "55533", "--roll", "1")
        ok(db, "mark", "libre.full")
        while 'data-do="enter"' not in data:
            _, data = reader.next_event(timeout=2.0)
        assert 'name="at" value="2"' in data and "You are Bob" in data
        reader.close()
        status, text = _post(served, lea, do="enter", at="0", dice="66666", roll="1")
        assert (status, text) == (409, "Léa already wrote this turn")
        # the very entry the laptop made, sent late by her phone: the same one, not a second
        assert _post(served, lea, do="enter", at="0", dice="55533", roll="1")[0] == 200
        assert _post(served, bob, do="enter", at="2", dice="22222", roll="3")[0] == 200
    assert [e["type"] for e in _events(db)] == ["enter", "mark", "enter"]
