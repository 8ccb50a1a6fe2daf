"""``yams serve`` (French: ``yams diffuser``): the game in progress as a live, read-only web
page for the phones at the table and the TV.

The first line printed is the URL to open (a secret token in its path), then a QR code of it
drawn in the terminal. The server is :mod:`~yams_scorekeeper.cli.live_server` (Starlette and
uvicorn, imported by this command only); the page is :mod:`~yams_scorekeeper.cli.live_page`.
``yams play --serve`` starts this command in the background for the session
(:func:`start_background`).
"""

from __future__ import annotations

import socket
import sys
from typing import TYPE_CHECKING, Any

import typer

from ..base.errors import EntryError, YamsError
from ..base.safetext import shown
from ..i18n import Message, say, words
from .lang import current_lang
from .options import db_option, examples, game_option

if TYPE_CHECKING:  # pragma: no cover
    import subprocess

    from .terminal import Terminal

#: the port ``yams serve`` listens on unless told (0: any free port)
DEFAULT_PORT = 8023
LOOPBACK = "127.0.0.1"
#: an address of the documentation range (RFC 5737): "connecting" a UDP socket to it sends
#: nothing, and tells which local address the machine's default route uses
_PROBE_ADDRESS = ("192.0.2.1", 9)


def serve(
    ctx: typer.Context,
    game_id: str | None = game_option(),
    port: int = typer.Option(DEFAULT_PORT, "--port", metavar="N",
                             help="Port to listen on (0: any free port)."),
    lan: bool = typer.Option(False, "--lan",
                             help="Listen on this machine's address on the local network (for "
                                  "the phones and the TV), not only on 127.0.0.1."),
    qr: bool = typer.Option(True, "--qr/--no-qr", help="Draw the QR code of the URL."),
    write: bool = typer.Option(False, "--write",
                               help="Give each player a link (and its QR code) to write their "
                                    "own turns from their phone."),
    db: str | None = db_option(),
) -> None:
    """Show the game in progress as a live web page (read-only) on the phones and the TV.

    The first line printed is the URL to open, with a secret token in it; below it, its QR code for a phone's camera. The page shows every player's sheet as on paper, the ranking, whose turn it is and the dice just entered with their legal cells and scores; it follows each entry made by 'yams play', 'enter' or 'mark' within a second ('?view=tv': large type for a TV). Nothing is written to the store. Ctrl-C stops.
    """  # noqa: E501 (the help text is a msgid of the help catalogue)
    import secrets

    from ..store.session import resolve_game_id
    from .files import open_store

    lang = current_lang(ctx)
    if not 0 <= port <= 65535:
        raise EntryError(Message("cli.serve.bad_port", port=port), expected="0 to 65535")
    store = open_store(db, reading=True)
    from .live_server import GameWatcher, make_app, run, served_hosts
    from .render import print_error

    watcher = GameWatcher(store, resolve_game_id(store, game_id),
                          lambda err: print_error(err, lang))
    watcher.load()                  # a store error: one line, non-zero exit
    host = lan_address() if lan else LOOPBACK
    sock = _bind(host, port)
    token = secrets.token_urlsafe(16)
    bound = sock.getsockname()[1]
    url = f"http://{host}:{bound}/{token}/"
    typer.echo(url)
    if qr:
        _qr(url)
    writers: dict[str, int] = {}
    if write:
        game = watcher.state.game
        assert game is not None
        for seat, sheet in enumerate(game.sheets):
            writer = secrets.token_urlsafe(16)
            writers[writer] = seat
            typer.echo(say("cli.serve.player_url", lang, name=shown(sheet.name),
                           url=f"{url}me/{writer}/"))
            if qr:
                _qr(f"{url}me/{writer}/")
    typer.echo(words("cli.serve", lang)["serving"])
    sys.stdout.flush()
    run(watcher, make_app(watcher, token, lang, served_hosts(host, bound), writers), sock)
    typer.echo(words("cli.serve", lang)["stopped"])


def _qr(url: str) -> None:
    import segno

    segno.make(url, error="m").terminal(out=sys.stdout, compact=True)


def lan_address() -> str:
    """This machine's address on the local network (that of its default route)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(_PROBE_ADDRESS)
        address = probe.getsockname()[0]
    except OSError:
        address = ""
    finally:
        probe.close()
    if not address or address.startswith("127.") or address == "0.0.0.0":
        raise YamsError(Message("cli.serve.no_lan"), expected="a network connection, or no --lan")
    return address


def _bind(host: str, port: int) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
        sock.listen(128)
    except OSError as exc:
        sock.close()
        raise YamsError(Message("cli.serve.cannot_listen", host=host, port=port,
                                strerror=exc.strerror or str(exc)),
                        expected="another --port") from None
    sock.set_inheritable(True)
    return sock


def start_background(game_id: str, db: str | None, lang: str, write: bool = False
                     ) -> tuple[subprocess.Popen, list[str]]:
    """``yams serve --game ID --port 0`` (``--write``) started for ``yams play --serve``: the
    process and the lines it printed before serving (the URL first, then the QR code, then
    each player's link); a start that fails raises its error line."""
    import subprocess

    args = [sys.executable, "-m", "yams_scorekeeper", "--lang", lang, "serve", "--game", game_id,
            "--port", "0", *(["--write", "--no-qr"] if write else [])]
    if db is not None:
        args += ["--db", db]
    child = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, encoding="utf-8")
    assert child.stdout is not None and child.stderr is not None
    lines: list[str] = []
    serving = words("cli.serve", lang)["serving"]
    for line in child.stdout:
        line = line.rstrip("\n")
        if line == serving:
            return child, lines
        lines.append(line)
    child.wait()
    raise YamsError(Message("cli.serve.not_started", why=child.stderr.read().strip()[:300]))


def serve_for_play(term: Terminal, game_id: str, db: str | None,
                   write: bool = False) -> subprocess.Popen | None:
    """``yams play --serve``: the live sheet started in the background, its URL and QR code
    (with ``write``: each player's link) said in the table mode; a server that cannot start
    is said, and the game goes on."""
    try:
        child, lines = start_background(game_id, db, term.lang, write)
    except YamsError as err:
        term.refuse(err)
        return None
    term.say(say("cli.serve.play_url", term.lang, url=lines[0]), wrap=False)
    for line in lines[1:]:
        term.say(line, wrap=False)
    return child


SERVE_EPILOG = examples("yams serve", "yams serve --lan", "yams serve --lan --write",
                        "yams serve --game 3f2a --port 8080 --lan",
                        note="Open the URL it prints (the QR code on a phone); Ctrl-C stops.")


#: ``diffuser`` is the French name of the same command
COMMANDS: tuple[Any, ...] = (
    (serve, {"epilog": SERVE_EPILOG}),
    (serve, {"name": "diffuser", "epilog": SERVE_EPILOG,
             "help": "The French name of 'yams serve': the game in progress as a live web page."}),
)
