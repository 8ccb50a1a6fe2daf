"""The live sheet's server as the tests use it: ``yams serve`` started as a real process on a
free loopback port, HTTP requests to it, and a reader of its event stream.

Shared by ``test_serve.py``, ``test_serve_browser.py`` and ``benchmarks/bench_serve.py`` (which
puts this folder on ``sys.path``).
"""

from __future__ import annotations

import http.client
import os
import queue
import random
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.parse

#: what the first line of ``yams serve`` must be
URL = re.compile(r"http://(?P<host>[0-9.]+):(?P<port>[0-9]+)/(?P<token>[A-Za-z0-9_-]{20,})/")


def near_finished(db: str, family: str = "yatzy", players: tuple[str, ...] = ("Alice",),
                  seed: int = 3) -> str:
    """A game kept in ``db`` with every cell written but the last (a random legal game):
    ``yams mark 1`` finishes it. Returns its id."""
    from yams_scorekeeper.engine.config import make_config
    from yams_scorekeeper.engine.game import Game
    from yams_scorekeeper.engine.simulate import play_random_game
    from yams_scorekeeper.store import Store

    config = make_config(family, list(players))
    played = play_random_game(config, random.Random(seed), scratch_rate=0.0)
    events = played.events[:-1]
    assert events and played.events[-1]["type"] == "mark"
    game = Game(config, events, id=f"{seed:032x}", created="2026-05-01T19:30:00+00:00")
    assert not game.finished
    Store(db).create_game(game.to_doc())
    return game.id


#: the names of the players of a game made for a picture or a layout test (long and short)
NAMES = ("Léa", "Bob", "Chloé", "Maximilien", "Zoé", "Grand-père", "Inès", "Ulysse")


def part_played(db: str, family: str, players: int, turns: int, seed: int = 5) -> str:
    """A game kept in ``db`` of ``players`` of :data:`NAMES`, ``turns`` random legal turns
    played (the next player's dice not entered). Returns its id."""
    from yams_scorekeeper.engine.config import make_config
    from yams_scorekeeper.engine.game import Game
    from yams_scorekeeper.engine.simulate import play_random_game
    from yams_scorekeeper.store import Store

    config = make_config(family, list(NAMES[:players]))
    played = play_random_game(config, random.Random(seed), turns=turns, scratch_rate=0.0)
    game = Game(config, played.events, id=f"{seed:031x}{players}",
                created="2026-05-01T19:30:00+00:00")
    Store(db).create_game(game.to_doc())
    return game.id


class Served:
    """``yams serve ARGS`` on the store ``db``: :attr:`url` is its first line, :attr:`first`
    every line printed before it serves."""

    def __init__(self, db: str, *args: str, lang: str = "en", qr: bool = False,
                 port: str = "0"):
        env = {**os.environ, "YAMS_DB": db, "YAMS_LANG": lang, "NO_COLOR": "1",
               "PYTHONUNBUFFERED": "1"}
        argv = [sys.executable, "-m", "yams_scorekeeper", "serve", "--port", port, *args]
        if not qr:
            argv.append("--no-qr")
        self.process = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True, env=env)
        self.first = self._lines_until(lambda line: line.startswith(("Open ", "Ouvrez ")))
        match = URL.fullmatch(self.first[0]) if self.first else None
        if match is None:
            self.stop()
            raise AssertionError(f"not a URL: {self.first!r} {self.process.stderr.read()!r}")
        self.url = self.first[0]
        self.host, self.port, self.token = match["host"], int(match["port"]), match["token"]

    def _lines_until(self, last, timeout: float = 30.0) -> list[str]:
        """The lines printed until one that ``last`` accepts (a thread reads them all: a
        ``select`` on the pipe would miss the lines already in its buffer)."""
        self._lines: queue.Queue = queue.Queue()
        self._reader = threading.Thread(target=self._read_all, daemon=True)
        self._reader.start()
        lines: list[str] = []
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                line = self._lines.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                break
            if line is None:
                break
            lines.append(line)
            if last(line):
                break
        return lines

    def _read_all(self) -> None:
        for line in self.process.stdout:
            self._lines.put(line.rstrip("\n"))
        self._lines.put(None)

    def request(self, path: str, method: str = "GET", body: str | None = None,
                headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], str]:
        """``method path`` (a path of the server, or relative to the page's URL), with
        ``headers`` (a ``Host`` of their own replaces the right one): the status, the headers
        (lower-case names) and the body."""
        if not path.startswith("/"):
            path = urllib.parse.urlsplit(self.url).path + path
        conn = http.client.HTTPConnection(self.host, self.port, timeout=10)
        try:
            conn.request(method, path, body, headers or {})
            answer = conn.getresponse()
            body = answer.read().decode("utf-8")
            return answer.status, {k.lower(): v for k, v in answer.getheaders()}, body
        finally:
            conn.close()

    def page(self, query: str = "") -> str:
        status, _, body = self.request(query)
        assert status == 200, (status, body)
        return body

    def events(self, lang: str = "en") -> EventReader:
        return EventReader(self.host, self.port, f"/{self.token}/events?lang={lang}")

    def stop(self, sig: int = signal.SIGTERM) -> tuple[int, str, str]:
        """Send ``sig``; the exit code, what was printed after the first lines, and stderr."""
        if self.process.poll() is None:
            self.process.send_signal(sig)
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self._reader.join(timeout=5)
        rest = []
        while not self._lines.empty():
            line = self._lines.get()
            if line is not None:
                rest.append(line)
        err = self.process.stderr.read()
        return self.process.returncode, "".join(line + "\n" for line in rest), err

    def __enter__(self) -> Served:
        return self

    def __exit__(self, *exc) -> None:
        self.stop()


class EventReader:
    """One open event stream: :meth:`next_event` gives each ``sheet`` event's id and data."""

    def __init__(self, host: str, port: int, path: str):
        self.conn = http.client.HTTPConnection(host, port, timeout=10)
        self.conn.request("GET", path)
        self.answer = self.conn.getresponse()
        self.status = self.answer.status
        self.headers = {k.lower(): v for k, v in self.answer.getheaders()}

    def next_event(self, timeout: float = 10.0) -> tuple[int, str]:
        """The next ``sheet`` event: (id, data); a ``TimeoutError`` past ``timeout``."""
        self.conn.sock.settimeout(timeout)
        ident, data = None, []
        while True:
            raw = self.answer.fp.readline()
            if not raw:
                raise EOFError("the stream ended")
            line = raw.decode("utf-8").rstrip("\n")
            if line.startswith("id: "):
                ident = int(line[4:])
            elif line.startswith("data: "):
                data.append(line[6:])
            elif line == "" and ident is not None:
                return ident, "\n".join(data)

    def close(self) -> None:
        self.conn.close()
