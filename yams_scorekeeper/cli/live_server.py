"""The server of ``yams serve``: a Starlette app run by uvicorn that shows one game, read-only,
and a watcher that notices every change of that game in the store and pushes it.

Only ``yams serve`` imports this module (Starlette and uvicorn stay off the start-up path of
the other commands).

- :class:`GameWatcher` looks at the game's files every :data:`POLL_SECONDS` (a ``stat`` of the
  game file and of its archive file: size, mtime, inode) and reads the game again through the
  store's ordinary read path when they changed; the server never writes to the store.
- :func:`make_app`: every path but ``/<token>/`` (the page) and ``/<token>/events`` (the
  Server-Sent Events stream) is a 404 without game data; a method other than GET or HEAD a
  405. Every answer says ``Referrer-Policy: no-referrer`` (the token is in the URL) and
  ``Cache-Control: no-store``; the page has a strict Content-Security-Policy whose nonce, new
  for each answer, is the only way its inline style and script run.
- :func:`run` serves until Ctrl-C or SIGTERM: the event streams are ended, then uvicorn stops.
"""

from __future__ import annotations

import asyncio
import os
import secrets
import threading
from collections.abc import AsyncIterator, Callable
from typing import TYPE_CHECKING, Any

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route
from uvicorn.protocols.http.h11_impl import H11Protocol

from ..base.errors import StoreError
from .lang import LANGS
from .live_page import LiveState, live_body, live_page, records_set, sse_event

if TYPE_CHECKING:  # pragma: no cover
    import socket

    from ..store import Store

#: seconds between two looks at the game's files
POLL_SECONDS = 0.2
#: seconds of silence after which an event stream gets a comment line (proxies, dead peers)
KEEPALIVE_SECONDS = 15.0
#: seconds a client has to send a request's line and headers (a slow dribbler is closed)
HEADER_SECONDS = 10.0
#: what every answer says besides its own headers
COMMON_HEADERS = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer",
                  "X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY"}


def csp(nonce: str, forms: bool = False) -> str:
    """The page's Content-Security-Policy: nothing from anywhere but its own nonce'd style and
    script and the event stream of its own origin; ``forms``: a player's page, whose forms
    post to its own origin."""
    action = "'self'" if forms else "'none'"
    return (f"default-src 'none'; script-src 'nonce-{nonce}'; style-src 'nonce-{nonce}'; "
            "connect-src 'self'; img-src 'none'; base-uri 'none'; "
            f"form-action {action}; frame-ancestors 'none'")


class GameWatcher:
    """One game of ``store``, read again whenever its files change; :attr:`state` is the last
    reading. ``warn(err)`` hears a store error met while watching (the last good state is kept
    and shown)."""

    def __init__(self, store: Store, game_id: str, warn: Callable[[StoreError], None]):
        self.store = store
        self.game_id = game_id
        self.warn = warn
        self.paths = (os.path.join(store.games_dir, game_id + ".json"),
                      store.folder.archive_file(game_id))
        self.state = LiveState(None)
        self.stopping = False
        self._signature: tuple | None = None
        self._bodies: dict[str, tuple[int, str]] = {}
        self._changed: asyncio.Event | None = None
        self._reading = threading.Lock()     # the poll and a phone's write may refresh at once

    def signature(self) -> tuple:
        """What changes when the game is written: each file's size, mtime and inode."""
        out: list[tuple[int, int, int] | None] = []
        for path in self.paths:
            try:
                st = os.stat(path)
            except FileNotFoundError:
                out.append(None)
            else:
                out.append((st.st_size, st.st_mtime_ns, st.st_ino))
        return tuple(out)

    def read(self) -> LiveState:
        """The game as the store holds it now (a :class:`StoreError` when it cannot be read)."""
        from ..engine.game import Game

        version = self.state.version + 1
        if os.path.exists(self.paths[0]):
            try:
                doc = self.store.load_game(self.game_id)
            except StoreError:
                if os.path.exists(self.paths[0]):
                    raise
            else:
                return LiveState(Game.from_doc(doc), version)
        if not os.path.exists(self.paths[1]):          # neither in progress nor archived
            return LiveState(self.state.game, version, gone=True)
        doc = self._archived()
        records = records_set(self.store.records(), self.game_id)
        return LiveState(Game.from_doc(doc), version, records)

    def _archived(self) -> dict:
        """The document of the finished game (the newest archive file: one read; else found
        among all)."""
        from ..api import load_doc

        last = self.store.last_finished()
        if last is not None and last.get("id") == self.game_id:
            return last
        return load_doc(self.store, self.game_id)

    def load(self) -> None:
        """The first reading (a store error is raised, not warned about)."""
        signature = self.signature()
        self.state, self._signature = self.read(), signature

    def refresh(self) -> bool:
        """Read the game again if its files changed; True when :attr:`state` changed."""
        with self._reading:
            return self._refresh()

    def _refresh(self) -> bool:
        signature = self.signature()
        if signature == self._signature:
            return False
        try:
            state = self.read()
        except StoreError as err:
            self.warn(err)
            self._signature = signature     # said once; the next write tries again
            return False
        self._signature, self.state = signature, state
        return True

    def body(self, lang: str, tv: bool = False, seat: int | None = None) -> str:
        """The page's body for the current state in ``lang``, the TV's or the phone's
        (``seat``: that player's own page, with their form), drawn once per change."""
        key = f"{lang}/{'tv' if tv else seat}"
        cached = self._bodies.get(key)
        if cached is None or cached[0] != self.state.version:
            cached = (self.state.version, live_body(self.state, lang, tv, seat,
                                                    self.panel(seat, lang)))
            self._bodies[key] = cached
        return cached[1]

    def panel(self, seat: int | None, lang: str) -> list[str] | None:
        """The form of the player at ``seat`` (None: a page that only reads)."""
        game = self.state.game
        if seat is None or game is None or self.state.gone or game.finished:
            return None
        from .live_form import write_panel

        return write_panel(game, seat, lang)

    async def watch(self) -> None:
        """Look at the files every :data:`POLL_SECONDS`, wake the streams at each change."""
        self._changed = asyncio.Event()
        while not self.stopping:
            await asyncio.sleep(POLL_SECONDS)
            if self.signature() != self._signature:
                changed = await asyncio.to_thread(self.refresh)
                if changed:
                    self.wake()
        self.wake()                 # the streams see ``stopping`` and end

    def wake(self) -> None:
        """Wake every stream waiting for a change."""
        if self._changed is not None:
            self._changed.set()
            self._changed = asyncio.Event()

    async def wait(self, version: int, timeout: float) -> bool:
        """Wait until the state is newer than ``version`` (True), or ``timeout`` (False)."""
        while self.state.version == version and not self.stopping:
            changed = self._changed or asyncio.Event()
            try:
                await asyncio.wait_for(changed.wait(), timeout)
            except TimeoutError:
                return False
        return True


def served_hosts(host: str, port: int) -> frozenset[str]:
    """The Host headers a request to ``host:port`` may carry (``localhost`` too on loopback)."""
    names = {host, "localhost"} if host.startswith("127.") else {host}
    return frozenset(f"{name}:{port}" for name in names)


def make_app(watcher: GameWatcher, token: str, lang: str, hosts: frozenset[str],
             writers: dict[str, int] | None = None) -> _Guard:
    """The ASGI app of the live sheet of ``watcher``'s game, under ``/<token>/``; ``lang`` is
    the page's language unless the page asks ``?lang=``; ``hosts``: :func:`served_hosts`;
    ``writers``: each player's write token and seat (``--write``), whose own page is
    ``/<token>/me/<write token>/`` and whose entries are posted to its ``write``."""

    def page_lang(request: Request) -> str:
        asked = request.query_params.get("lang")
        return asked if asked in LANGS else lang

    def seat_of(request: Request) -> int | None:
        given = request.path_params.get("writer")
        if given is None:
            return None
        found = None
        for writer, seat in (writers or {}).items():       # each compared in constant time
            if secrets.compare_digest(given.encode("utf-8", "replace"), writer.encode()):
                found = seat
        return found

    async def page(request: Request) -> Response:
        chosen = page_lang(request)
        seat = seat_of(request)
        if "writer" in request.path_params and seat is None:
            return PlainTextResponse("Not Found", 404, headers=COMMON_HEADERS)
        tv = request.query_params.get("view") == "tv"
        nonce = secrets.token_urlsafe(18)
        html = live_page(watcher.state, chosen, tv, nonce,
                         f"events?lang={chosen}{'&view=tv' if tv else ''}", seat,
                         watcher.panel(seat, chosen))
        return HTMLResponse(html, headers={**COMMON_HEADERS,
                                           "Content-Security-Policy": csp(nonce, seat is not None)})

    async def events(request: Request) -> Response:
        chosen = page_lang(request)
        seat = seat_of(request)
        if "writer" in request.path_params and seat is None:
            return PlainTextResponse("Not Found", 404, headers=COMMON_HEADERS)
        headers = {**COMMON_HEADERS, "X-Accel-Buffering": "no"}
        if request.method == "HEAD":
            return Response(media_type="text/event-stream", headers=headers)
        tv = request.query_params.get("view") == "tv"
        return StreamingResponse(_stream(watcher, chosen, tv, seat),
                                 media_type="text/event-stream", headers=headers)

    async def write(request: Request) -> Response:
        from .live_write import write_entry

        seat = seat_of(request)
        if seat is None:
            return PlainTextResponse("Not Found", 404, headers=COMMON_HEADERS)
        status, text = await write_entry(watcher, seat, request, lang)
        return PlainTextResponse(text, status, headers=COMMON_HEADERS)

    routes = [Route("/{token}/", page, methods=["GET", "HEAD"]),
              Route("/{token}/events", events, methods=["GET", "HEAD"])]
    if writers:
        routes += [Route("/{token}/me/{writer}/", page, methods=["GET", "HEAD"]),
                   Route("/{token}/me/{writer}/events", events, methods=["GET", "HEAD"]),
                   Route("/{token}/me/{writer}/write", write, methods=["POST"])]
    app = Starlette(routes=routes)
    app.router.redirect_slashes = False
    return _Guard(app, token, hosts, bool(writers))


async def _stream(watcher: GameWatcher, lang: str, tv: bool = False,
                  seat: int | None = None) -> AsyncIterator[bytes]:
    """The event stream of one page: the state now, then each new one, until the server stops."""
    yield b"retry: 1000\n\n"
    version = -1
    while not watcher.stopping:
        if watcher.state.version != version:
            version = watcher.state.version
            yield sse_event(watcher.state, watcher.body(lang, tv, seat))
        elif not await watcher.wait(version, KEEPALIVE_SECONDS) and not watcher.stopping:
            yield b": keep-alive\n\n"


class _Guard:
    """The Host, token and method check in front of the app: a request whose Host is not a
    served address gets a 403 (DNS rebinding); nothing reaches a route without the token
    (compared in constant time) as the first segment of the path; only GET and HEAD are
    answered, and with ``writing`` a POST to a player's ``write`` whose Origin is the
    served address (else 403: a page elsewhere cannot post to it)."""

    def __init__(self, app: Starlette, token: str, hosts: frozenset[str], writing: bool):
        self.app, self.token, self.writing = app, token.encode("ascii"), writing
        self.hosts = frozenset(host.encode("ascii") for host in hosts)
        self.origins = frozenset(b"http://" + host for host in self.hosts)

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)         # lifespan
            return
        headers = dict(scope["headers"])
        if headers.get(b"host", b"").lower() not in self.hosts:
            await _refuse(403, "Forbidden", scope, receive, send)
            return
        parts = scope["path"].split("/")   # "/<token>/", "/<token>/events", "/<token>/me/<w>/..."
        given = parts[1].encode("utf-8", "replace") if len(parts) in (3, 5) else b""
        shape = (parts[2] in ("", "events") if len(parts) == 3 else
                 len(parts) == 5 and self.writing and parts[2] == "me"
                 and parts[4] in ("", "events", "write"))
        posting = self.writing and len(parts) == 5 and parts[4] == "write"
        if scope["method"] not in (("POST",) if posting else ("GET", "HEAD")):
            allow = "POST" if posting else "GET, HEAD"
            await _refuse(405, "Method Not Allowed", scope, receive, send, {"Allow": allow})
            return
        if not secrets.compare_digest(given, self.token) or not shape:
            await _refuse(404, "Not Found", scope, receive, send)
            return
        if posting and headers.get(b"origin", b"").lower() not in self.origins:
            await _refuse(403, "Forbidden", scope, receive, send)
            return
        await self.app(scope, receive, send)


async def _refuse(status: int, text: str, scope: dict, receive: Any, send: Any,
                  extra: dict[str, str] | None = None) -> None:
    answer = PlainTextResponse(text, status, headers={**COMMON_HEADERS, **(extra or {})})
    await answer(scope, receive, send)


class _Protocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol, which closes a connection whose request line and headers
    are not all in after :data:`HEADER_SECONDS` (uvicorn bounds only the idle wait)."""

    _header_timer: asyncio.TimerHandle | None = None

    def _waiting(self) -> bool:
        return self.cycle is None or self.cycle.response_complete

    def _arm(self) -> None:
        if self._header_timer is None and self._waiting() and not self.transport.is_closing():
            self._header_timer = self.loop.call_later(HEADER_SECONDS, self._too_slow)

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _too_slow(self) -> None:
        self._header_timer = None
        if self._waiting() and not self.transport.is_closing():
            self.transport.close()

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        self._arm()

    def handle_events(self) -> None:
        super().handle_events()
        if not self._waiting():
            self._disarm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._disarm()
        self._arm()                 # the next request of a kept-alive connection

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)


class _Server(uvicorn.Server):
    """uvicorn's server, whose Ctrl-C and SIGTERM also end the event streams, and which then
    returns instead of raising the signal again."""

    watcher: GameWatcher

    def handle_exit(self, sig: int, frame: Any) -> None:
        self.watcher.stopping = True
        self.should_exit = True


def run(watcher: GameWatcher, app: Any, sock: socket.socket) -> None:
    """Serve ``app`` on the bound socket ``sock`` until Ctrl-C or SIGTERM."""
    config = uvicorn.Config(app, http=_Protocol, log_level="warning", access_log=False,
                            lifespan="off", timeout_graceful_shutdown=2, server_header=False)
    server = _Server(config)
    server.watcher = watcher

    async def main() -> None:
        poll = asyncio.create_task(watcher.watch())
        try:
            await server.serve(sockets=[sock])
        finally:
            watcher.stopping = True
            watcher.wake()
            poll.cancel()

    asyncio.run(main())

