"""The live sheet of ``yams serve``: the page a phone or a TV shows, and the part of it that
the server pushes again at every change.

Pure rendering, no server: :func:`live_body` draws what the table sees (whose turn it is, the
dice just entered with their legal cells and scores, the ranking, every sheet as on paper, and
at the end the final ranking and the records the game set); :func:`live_page` wraps it in a
whole page with its style and its script, both marked with the response's CSP nonce. The
sheets are the printable sheet's grids (:func:`~yams_scorekeeper.cli.printable.sheet_grids`,
:func:`~yams_scorekeeper.cli.printable.grid_html`); every data string goes through
:func:`~yams_scorekeeper.base.safetext.markup_text`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..base.safetext import markup_text
from ..i18n import say, words
from .lang import LANGS
from .printable import HTML_STYLE, grid_html, sheet_grids, sheet_heading

if TYPE_CHECKING:  # pragma: no cover
    from ..engine.game import Game

#: seconds between two reloads of the page when JavaScript is off (the <noscript> fallback)
REFRESH_SECONDS = 5


@dataclass
class LiveState:
    """What the server last read of the game: the game (``None`` before the first read or
    when it is gone), its version (bumped at every change), the records it set once finished,
    and ``gone`` when the game left the store without being finished (deleted)."""

    game: Game | None
    version: int = 0
    records: list[dict] = field(default_factory=list)
    gone: bool = False


LIVE_STYLE = """
body { margin: 1em; }
nav { float: right; font-size: 0.9em; }
nav a { margin-left: 0.8em; }
#status { font-size: 0.8em; color: #666; }
#status.off { color: #b22222; }
.turn { font-size: 1.3em; font-weight: bold; margin: 0.3em 0; }
.dice { font-size: 1.1em; margin: 0.2em 0; }
.last { color: #444; margin: 0.2em 0; }
table.legal td, table.legal th { white-space: normal; }
table.legal td.left { text-align: left; font-family: inherit; }
table.legal td.note { font-style: italic; }
ol.ranking { font-size: 1.1em; padding-left: 1.5em; }
ol.ranking b { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; }
.sheets { display: flex; flex-wrap: wrap; gap: 0 2em; }
.ending { font-size: 1.2em; font-weight: bold; }
body.tv { font-size: 28px; }
body.tv nav, body.tv #status { font-size: 16px; }
body.tv .turn { font-size: 1.6em; }
"""

#: the page's one script: each ``sheet`` event replaces the body; the connection is shown
LIVE_SCRIPT = """
(function () {
  var main = document.getElementById("live"), status = document.getElementById("status");
  if (!window.EventSource || !main) { return; }
  var source = new EventSource(main.getAttribute("data-events"));
  source.addEventListener("sheet", function (event) {
    main.innerHTML = event.data;
    main.setAttribute("data-version", event.lastEventId);
  });
  source.onopen = function () { status.textContent = status.getAttribute("data-on");
                                status.className = ""; };
  source.onerror = function () { status.textContent = status.getAttribute("data-off");
                                 status.className = "off"; };
})();
"""


def live_body(state: LiveState, lang: str) -> str:
    """The inner HTML of the page's ``<main>``: what an event replaces."""
    game = state.game
    w = words("cli.serve", lang)
    if game is None:
        return f'<p class="turn">{markup_text(w["gone"])}</p>'
    title, subtitle = sheet_heading(game, lang)
    out = [f"<h1>{markup_text(title)}</h1>", f'<p class="sub">{markup_text(subtitle)}</p>']
    if state.gone:
        out.append(f'<p class="turn">{markup_text(w["gone"])}</p>')
    elif game.finished:
        out += _ending(game, state.records, lang)
    else:
        out += _last_turn(game, lang) + _turn(game, lang)
    out += _ranking(game, lang)
    out.append('<div class="sheets">')
    for grid in sheet_grids(game, lang):
        out += grid_html(grid)
    out.append("</div>")
    return "\n".join(out)


def _last_turn(game: Game, lang: str) -> list[str]:
    """What the last turn wrote (each cell and its score), for who looked away."""
    from .printing import mark_label

    turns = game.turn_log()
    if not turns:
        return []
    turn = turns[-1]
    cells = ", ".join(f"{mark_label(game, m)} {'X' if m.scratch else m.score}" for m in turn.marks)
    text = say("cli.serve.last", lang, name=turn.player, cells=cells)
    return [f'<p class="last" id="last">{markup_text(text)}</p>']


def _turn(game: Game, lang: str) -> list[str]:
    """Whose turn it is, the dice entered this turn, and the cells they may go to."""
    from ..base.dice import format_dice
    from .legal_list import legal_rows

    p = words("cli.printing", lang)
    to_play = markup_text(say("cli.printing.to_play", lang, name=game.player.name))
    out = [f'<p class="turn" id="turn">{to_play}</p>']
    for n, coup in enumerate(game.coups, start=1):
        text = p["coup"].format(name=game.player.name, n=n, dice=format_dice(coup.dice),
                                roll=coup.roll)
        text += "".join(f" ({note})" for note in game.mechanics.coup_notes(game, coup, lang))
        out.append(f'<p class="dice">{markup_text(text)}</p>')
    cells = game.legal_cells()
    if not game.coups and not cells:
        out.append(f"<p>{markup_text(p['enter_first'].format(name=game.player.name))}</p>")
        return out
    if not cells:
        out.append(f"<p>{markup_text(p['no_cells'])}</p>")
        return out
    header, rows = legal_rows(game, cells, lang)
    out.append('<table class="legal" id="legal"><thead><tr>'
               + "".join(f'<th scope="col">{markup_text(h)}</th>' for h in header[1:])
               + "</tr></thead><tbody>")
    for row in rows:
        (_, label, score, why) = row
        note = ' class="left note"' if label[1] == "italic" else ' class="left"'
        out.append(f"<tr><td{note}>{markup_text(label[0])}</td><td>{markup_text(score[0])}</td>"
                   f"<td{note}>{markup_text(why[0])}</td></tr>")
    out.append("</tbody></table>")
    return out


def _ranking(game: Game, lang: str) -> list[str]:
    """The ranking, best first; each total has the id ``total-<seat>``."""
    w = words("cli.serve", lang)
    title = words("cli.printing", lang)["ranking"] if game.finished else w["ranking"]
    out = [f"<h2>{markup_text(title)}</h2>", '<ol class="ranking">']
    for rank, sheet, total in game.ranking():
        seat = game.sheets.index(sheet)
        out.append(f'<li value="{rank}">{markup_text(sheet.name)} '
                   f'<b id="total-{seat}">{total}</b></li>')
    out.append("</ol>")
    return out


def _ending(game: Game, records: list[dict], lang: str) -> list[str]:
    """The game is over: who won, and the records it set."""
    from .messages import msg, outcome

    p = words("cli.printing", lang)
    w = words("cli.serve", lang)
    over = p["stopped"] if game.stopped else p["over"]
    if game.stopped_early and not game.rules.stopped_game_has_winner:
        over = msg("game_stopped_no_win", lang)
    out = [f'<p class="ending" id="ending">{markup_text(over)}</p>']
    line = outcome(game, lang)
    if line:
        out.append(f'<p class="ending">{markup_text(line)}</p>')
    out.append(f"<h2>{markup_text(w['records'])}</h2>")
    if not records:
        out.append(f"<p>{markup_text(w['no_records'])}</p>")
    else:
        out.append('<ul class="records" id="records">')
        for rec in records:
            part = p["grand"] if rec["part"] == "total" else rec["part"]
            out.append("<li>" + markup_text(w["record"].format(
                label=rec["label"], part=part, value=rec["value"], player=rec["player"]))
                + "</li>")
        out.append("</ul>")
    return out


def records_set(book: dict, game_id: str) -> list[dict]:
    """The records of the record book ``book`` that the game ``game_id`` holds:
    ``{"label", "part", "value", "player"}`` each, in the book's order."""
    found = []
    for config in book.get("configs", {}).values():
        for part, record in config.get("records", {}).items():
            if isinstance(record, dict) and record.get("game") == game_id:
                found.append({"label": config.get("label", ""), "part": part,
                              "value": record.get("value"), "player": record.get("player", "")})
    return found


def live_page(state: LiveState, lang: str, tv: bool, nonce: str, events: str) -> str:
    """The whole page: ``events`` is the URL of the event stream (relative), ``nonce`` the
    one the response's Content-Security-Policy allows the inline style and script with."""
    w = words("cli.serve", lang)
    other = next(code for code in LANGS if code != lang)
    view = "&view=tv" if tv else ""
    language = markup_text(say("cli.serve.language", other))
    links = [f'<a href="?lang={other}{view}" hreflang="{other}">{language}</a>',
             f'<a href="?lang={lang}{"" if tv else "&view=tv"}">'
             f'{markup_text(w["normal_view" if tv else "tv_view"])}</a>',
             f'<a href="?lang={lang}{view}">{markup_text(w["reload"])}</a>']
    title = state.game.config.label if state.game is not None else w["title"]
    out = ["<!DOCTYPE html>", f'<html lang="{lang}">', "<head>", '<meta charset="utf-8">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           f'<noscript><meta http-equiv="refresh" content="{REFRESH_SECONDS}"></noscript>',
           f"<title>{markup_text(w['title'])} · {markup_text(title)}</title>",
           f'<style nonce="{nonce}">{HTML_STYLE}{LIVE_STYLE}</style>', "</head>",
           '<body class="tv">' if tv else "<body>",
           f"<nav>{' '.join(links)}</nav>",
           f'<p id="status" data-on="{markup_text(w["live"])}" '
           f'data-off="{markup_text(w["offline"])}">{markup_text(w["no_script"])}</p>',
           f'<main id="live" data-events="{markup_text(events)}" data-version="{state.version}">',
           live_body(state, lang), "</main>",
           f'<script nonce="{nonce}">{LIVE_SCRIPT}</script>', "</body>", "</html>", ""]
    return "\n".join(out)


def sse_event(state: LiveState, body: str) -> bytes:
    """One Server-Sent Event ``sheet`` carrying ``body`` (a line of data per line of HTML)."""
    data = "".join(f"data: {line}\n" for line in body.split("\n"))
    return f"event: sheet\nid: {state.version}\n{data}\n".encode()

