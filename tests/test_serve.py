"""``yams serve``: the live sheet, served by a real ``yams serve`` process on a free loopback
port (issue 23): the URL and its token, loopback by default, the CSP, hostile names escaped,
entries pushed on the event stream, the end of the game, a clean stop, and a store never
written. The page in a real browser: ``test_serve_browser.py``."""

from __future__ import annotations

import html
import re
import signal
import socket
import time

import pytest
from helpers import ok, one_line_error, run
from serving import Served, near_finished
from test_hostile import _forge, _raw_controls, store_files

HOSTILE = ["<script>alert(1)</script>", "[bold red]Zed[/]", "\"'&<b>"]


def _new(db, *players: str, family: str = "classic") -> None:
    args = ["new", "-R", family]
    for name in players:
        args += ["-p", name]
    ok(db, *args)


def _local_addresses() -> set[str]:
    """This machine's addresses other than loopback (those a phone on the network would use)."""
    from yams_scorekeeper.cli.serve_cmd import lan_address

    try:
        return {lan_address()}
    except Exception:
        return set()


@pytest.fixture
def db(tmp_path):
    return str(tmp_path / "db")


def test_the_first_line_is_the_url_with_a_token_then_its_qr_code_on_loopback(db):
    _new(db, "Alice", "Bob")
    with Served(db, qr=True) as served:
        assert served.host == "127.0.0.1"
        assert len(served.token) >= 20
        qr = served.first[1:-1]
        assert len(qr) > 10 and all(set(line) <= set("█▀▄ ") for line in qr)
        assert len({len(line) for line in qr}) == 1          # a square of half blocks
        listening = socket.create_connection(("127.0.0.1", served.port), timeout=5)
        listening.close()
        for address in _local_addresses():
            with pytest.raises(OSError):
                socket.create_connection((address, served.port), timeout=2).close()
    with Served(db) as other:
        assert other.token != served.token                    # a new secret at every start


def test_no_path_without_the_token_gives_game_data_and_only_get_and_head_are_answered(db):
    _new(db, "Alice", "Bob")
    with Served(db) as served:
        token = served.token
        for path in ("/", "/events", f"/{token[:-1]}/", f"/{token}x/", f"/{token}",
                     f"/{token.upper() if token.upper() != token else token.lower()}/",
                     f"/x/{token}/", "/favicon.ico", f"/{token[:-1]}/events", "/%00/"):
            status, headers, body = served.request(path)
            assert status in (403, 404), path
            assert "Alice" not in body and "Bob" not in body and token not in body, path
            assert headers["cache-control"] == "no-store"
        for method in ("POST", "PUT", "DELETE", "PATCH", "OPTIONS"):
            for path in ("", "events", "/"):
                status, _, body = served.request(path, method)
                assert status == 405 and "Alice" not in body, (method, path)
        status, headers, body = served.request("", "HEAD")
        assert status == 200 and body == "" and "text/html" in headers["content-type"]
        status, _, body = served.request("")
        assert status == 200 and "Alice" in body and "Bob" in body


def test_a_request_for_another_host_or_none_is_refused_with_403_page_and_events_alike(db):
    """The Host check against DNS rebinding: only the served address (and, on loopback,
    localhost) with its port is answered, for the page and the event stream."""
    _new(db, "Alice", "Bob")
    with Served(db) as served:
        port = served.port
        for host in ("evil.example", f"evil.example:{port}", "", "127.0.0.1", "127.0.0.1:1",
                     f"127.0.0.2:{port}", f"localhost.evil.example:{port}"):
            for path in ("", "events", "/"):
                status, headers, body = served.request(path, headers={"Host": host})
                assert status == 403, (host, path, status)
                assert "Alice" not in body and headers["cache-control"] == "no-store"
        for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"LOCALHOST:{port}"):
            status, _, body = served.request("", headers={"Host": host})
            assert status == 200 and "Alice" in body, host
        with socket.create_connection(("127.0.0.1", port), timeout=5) as raw:   # no Host
            raw.sendall(f"GET /{served.token}/ HTTP/1.0\r\n\r\n".encode())
            answer = b""
            while chunk := raw.recv(4096):
                answer += chunk
        assert answer.startswith(b"HTTP/1.1 403") and b"Alice" not in answer


def test_a_client_dribbling_its_headers_is_closed_and_others_are_served_meanwhile(db):
    """Issue 37 item 5: a byte every 2 s never completes the headers; the server closes the
    connection after its header timeout, and serves a fresh request meanwhile."""
    from yams_scorekeeper.cli.live_server import HEADER_SECONDS

    _new(db, "Alice", "Bob")
    with Served(db) as served:
        request = f"GET /{served.token}/ HTTP/1.1\r\nHost: 127.0.0.1:{served.port}\r\nX-Slow: "
        started = time.monotonic()
        closed_after = None
        with socket.create_connection(("127.0.0.1", served.port), timeout=5) as slow:
            for n in range(int(HEADER_SECONDS) + 10):
                try:
                    slow.sendall(request[n % len(request)].encode())
                    slow.settimeout(2.0)
                    if slow.recv(1) == b"":
                        closed_after = time.monotonic() - started
                        break
                except TimeoutError:
                    pass
                except OSError:
                    closed_after = time.monotonic() - started
                    break
                if n == 1:
                    assert "Alice" in served.page()          # served while one dribbles
        assert closed_after is not None and HEADER_SECONDS - 1 <= closed_after <= HEADER_SECONDS + 3


def test_the_page_has_a_strict_csp_with_a_new_nonce_and_inline_code_only_under_it(db):
    _new(db, "Alice", "Bob")
    with Served(db) as served:
        status, headers, body = served.request("")
        policy = headers["content-security-policy"]
        nonce = re.search(r"'nonce-([A-Za-z0-9_-]+)'", policy).group(1)
        directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
        assert directives["default-src"] == "'none'"
        assert directives["script-src"] == f"'nonce-{nonce}'"
        assert directives["style-src"] == f"'nonce-{nonce}'"
        assert directives["connect-src"] == "'self'"
        assert "unsafe" not in policy and "http" not in policy
        assert headers["referrer-policy"] == "no-referrer"       # the token stays here
        assert re.findall(r"<script[^>]*>", body) == [f'<script nonce="{nonce}">']
        assert re.findall(r"<style[^>]*>", body) == [f'<style nonce="{nonce}">']
        assert " style=" not in body and " on" not in body.replace(" onload", "X")
        assert not re.search(r"(src|href)=\"(https?:)?//", body)     # nothing from elsewhere
        assert '<noscript><meta http-equiv="refresh"' in body        # works without script
        again = served.request("")[1]["content-security-policy"]
        assert again != policy


def test_no_answer_may_be_framed_or_sniffed(db):
    """The page, its HEAD, a refused path and a refused method all say nosniff and DENY; the
    page's CSP forbids any frame around it."""
    _new(db, "Alice", "Bob")
    with Served(db) as served:
        answers = [served.request(""), served.request("", "HEAD"), served.request("/x/"),
                   served.request("", "POST")]
        assert [status for status, _, _ in answers] == [200, 200, 404, 405]
        for _, headers, _ in answers:
            assert headers["x-content-type-options"] == "nosniff"
            assert headers["x-frame-options"] == "DENY"
        policy = answers[0][1]["content-security-policy"]
        directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
        assert directives["frame-ancestors"] == "'none'"


def test_hostile_names_reach_the_page_and_the_stream_escaped(db):
    _new(db, *HOSTILE)
    ok(db, "enter", "55533", "--roll", "1")
    with Served(db) as served:
        body = served.page()
        stream = served.events()
        _, data = stream.next_event()
        stream.close()
        for text in (body, data):
            assert "<script>alert" not in text and "<b>" not in text
            assert html.escape(HOSTILE[0]) in text
            assert "[bold red]Zed[/]" in text                       # markup is just text
            assert "&quot;&#x27;&amp;&lt;b&gt;" in text
        assert re.findall(r"<script[^>]*>", body) == [re.search(r"<script[^>]*>", body).group()]


def test_control_characters_from_the_store_never_reach_the_page():
    """Names and labels of the record book (a forged book: the configuration refuses them in a
    game) are shown with visible escapes."""
    from yams_scorekeeper.cli.live_page import LiveState, live_body
    from yams_scorekeeper.engine.config import make_config
    from yams_scorekeeper.engine.game import Game

    evil = "\x1b]0;pwned\x07Al\u202eice\x9b2J\u2028x\ud800"
    game = Game(make_config("yatzy", ["Alice"]), id="a" * 32)
    game.stopped = True
    body = live_body(LiveState(game, 1, [{"label": evil, "part": evil, "value": 3,
                                          "player": evil}]), "en")
    assert not _raw_controls(body) and "\u2028" not in body and "\ud800" not in body
    assert "\\x1b]0;pwned\\x07Al\\u202eice\\x9b2J" in body


def test_an_entry_and_a_mark_show_on_the_page_and_the_stream_within_a_second(db):
    _new(db, "Alice", "Bob")
    with Served(db) as served:
        stream = served.events()
        assert stream.status == 200 and stream.headers["content-type"].startswith(
            "text/event-stream")
        first, data = stream.next_event()
        assert 'id="total-0">0<' in data and "Yam classique" in data
        ok(db, "enter", "55533", "--roll", "1")
        entered = time.monotonic()
        second, data = stream.next_event(timeout=1.0)
        assert time.monotonic() - entered < 1.0
        assert second > first and "3 3 5 5 5" in data and ">Libre · Full<" in data
        assert "<td>46</td>" in data                  # the full's score, with its cell
        ok(db, "mark", "libre.full")
        marked = time.monotonic()
        third, data = stream.next_event(timeout=1.0)
        assert time.monotonic() - marked < 1.0 and third > second
        assert 'id="total-0">46<' in data and 'id="p0-libre-full">46<' in data
        assert "To play: Bob" in data and "Last turn: Alice · Libre · Full 46" in data
        page = served.page()
        assert 'id="total-0">46<' in page and "To play: Bob" in page
        stream.close()


def test_the_page_speaks_french_or_english_and_has_a_tv_view(db):
    _new(db, "Alice", "Bob")
    with Served(db, lang="fr") as served:
        page = served.page()
        assert '<html lang="fr">' in page and "À jouer : Alice" in page
        english = served.page("?lang=en")
        assert '<html lang="en">' in english and "To play: Alice" in english
        assert "<body>" in page and '<body class="tv">' in served.page("?view=tv")
        assert 'href="?lang=fr&amp;view=tv"' in page or 'href="?lang=fr&view=tv"' in page
        assert "To play: Alice" not in served.page("?lang=xx")      # unknown: the server's


def test_the_end_of_the_game_shows_the_final_ranking_and_the_records_it_set(db):
    game_id = near_finished(db, players=("Alice",))
    with Served(db) as served:
        stream = served.events()
        stream.next_event()
        done = ok(db, "mark", "1")
        assert "Game over" in done.stdout
        deadline = time.monotonic() + 10
        data = ""
        while "Records set" not in data or "records" not in data:
            _, data = stream.next_event(timeout=deadline - time.monotonic())
        assert 'id="ending">Game over.<' in data and "Final ranking" in data
        assert "Yatzy" in data and "grand total" in data       # the first game sets them
        total = run(db, "history", "--json").stdout
        assert game_id in total
        grand = re.search(r'id="total-0">(\d+)<', data).group(1)
        assert f": {grand} (Alice)" in data
        assert served.process.poll() is None          # the server goes on, showing the end
        stream.close()


def test_sigterm_and_ctrl_c_stop_it_cleanly_with_streams_open(db):
    _new(db, "Alice", "Bob")
    for sig in (signal.SIGTERM, signal.SIGINT):
        served = Served(db)
        stream = served.events()
        stream.next_event()
        started = time.monotonic()
        code, out, err = served.stop(sig)
        assert code == 0, (code, err)
        assert time.monotonic() - started < 5
        assert "Live sheet stopped." in out and "Traceback" not in err
        with pytest.raises(OSError):
            socket.create_connection(("127.0.0.1", served.port), timeout=2).close()


def test_the_server_never_writes_to_the_store(db):
    _new(db, "Alice", "Bob")
    ok(db, "enter", "55533", "--roll", "1")
    before = store_files(db)
    with Served(db) as served:
        for _ in range(3):
            served.page()
        stream = served.events()
        stream.next_event()
        stream.close()
    assert store_files(db) == before


def test_a_missing_game_or_a_store_error_is_one_line_and_a_non_zero_exit(db, tmp_path):
    one_line_error(run(db, "serve", "--port", "0"), "no store at", code=4)
    import os

    os.makedirs(db)
    one_line_error(run(db, "serve", "--port", "0"), "no game in progress", code=4)
    _new(db, "Alice", "Bob")
    one_line_error(run(db, "serve", "--game", "ffff", "--port", "0"), "ffff", code=4)
    one_line_error(run(db, "serve", "--port", "70000"), "70000", code=2)
    from yams_scorekeeper.store import Store

    game_id = Store(db).games_in_progress()[0]["id"]
    doc = Store(db).load_game(game_id)
    doc["events"] = [{"type": "mark", "player": "Bob"}]
    _forge(Store(db).folder.game_path(game_id), {"game": {"1": doc}})
    one_line_error(run(db, "serve", "--port", "0"), "does not replay", code=4)


def test_a_busy_port_is_one_line(db):
    _new(db, "Alice", "Bob")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        one_line_error(run(db, "serve", "--port", str(port)), f"127.0.0.1:{port}", code=1)


def test_the_french_name_and_help(db):
    _new(db, "Alice", "Bob")
    assert "secret token" in run(db, "serve", "--help").stdout
    assert "jeton secret" in run(db, "serve", "--help", lang="fr").stdout
    with Served(db) as served:
        assert served.page()
    result = run(db, "diffuser", "--port", "70000")
    one_line_error(result, "70000", code=2)


def test_play_serve_starts_the_server_for_the_session_and_stops_it_at_the_end(db):
    import os
    import subprocess
    import sys
    import threading

    from helpers import ENV

    from yams_scorekeeper.store import Store

    _new(db, "Alice", "Bob")
    game_id = Store(db).games_in_progress()[0]["id"]
    child = subprocess.Popen([sys.executable, "-m", "yams_scorekeeper", "play", "--serve",
                              "--list", "--game", game_id],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True,
                             env={**os.environ, **ENV, "YAMS_DB": db})
    watchdog = threading.Timer(60, child.kill)       # a question nobody answers: no hang
    watchdog.start()
    try:
        line = ""
        while "Live sheet" not in line:
            line = child.stdout.readline()
            assert line, child.stderr.read()
        url = re.search(r"http://127\.0\.0\.1:(\d+)/([\w-]+)/", line)
        import http.client

        conn = http.client.HTTPConnection("127.0.0.1", int(url[1]), timeout=5)
        conn.request("GET", f"/{url[2]}/")
        answer = conn.getresponse()
        assert answer.status == 200 and "To play: Alice" in answer.read().decode()
        conn.close()
        out, err = child.communicate("55533/1\nlibre.full\nq\n", timeout=30)
    finally:
        watchdog.cancel()
        if child.poll() is None:
            child.kill()
    assert child.returncode == 0 and "Traceback" not in err, err
    assert [e["type"] for e in Store(db).load_game(game_id)["events"]] == ["enter", "mark"]
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", int(url[1])), timeout=2).close()


SERVER_PACKAGES = ("starlette", "uvicorn", "segno", "anyio", "h11")
PROBE = """
import json, sys
from yams_scorekeeper.cli.app import app
try:
    app(prog_name="yams", args=sys.argv[1:])
except SystemExit:
    pass
loaded = sorted(m for m in sys.modules if m.split(".")[0] in {packages!r})
print(json.dumps(loaded), file=sys.stderr)
""".format(packages=SERVER_PACKAGES + ("yams_scorekeeper",))


def test_only_yams_serve_imports_the_server_packages(db):
    import json
    import os
    import subprocess
    import sys

    def loaded(*args: str) -> set[str]:
        done = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True,
                              text=True, stdin=subprocess.DEVNULL,
                              env={**os.environ, "YAMS_DB": db, "YAMS_LANG": "en"})
        return set(json.loads(done.stderr.splitlines()[-1]))

    for args in (("new", "-R", "classic", "-p", "Alice", "-p", "Bob"),
                 ("enter", "55533", "--roll", "1"), ("mark", "1"), ("sheet",),
                 ("score", "-R", "classic", "-r", "1", "55533"), ("--help",)):
        modules = loaded(*args)
        assert not {m.split(".")[0] for m in modules} & set(SERVER_PACKAGES), args
        assert "yams_scorekeeper.cli.live_server" not in modules, args
    modules = loaded("serve", "--port", "70000")          # refused before it would serve
    assert "yams_scorekeeper.cli.serve_cmd" in modules


def test_a_game_file_damaged_while_serving_is_one_line_and_the_last_good_page_stays(db):
    from yams_scorekeeper.store import Store

    _new(db, "Alice", "Bob")
    ok(db, "enter", "55533", "--roll", "1")
    ok(db, "mark", "libre.full")
    path = Store(db).folder.game_path(Store(db).games_in_progress()[0]["id"])
    with Served(db) as served:
        stream = served.events()
        stream.next_event()
        with open(path, "r+b") as handle:
            handle.seek(40)
            handle.write(b"garbage")
        time.sleep(1.0)
        assert 'id="total-0">46<' in served.page()
        code, _, err = served.stop()
    assert code == 0
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and path in lines[0], err
