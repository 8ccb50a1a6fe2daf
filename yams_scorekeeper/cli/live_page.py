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
from .printable import HTML_STYLE, sheet_heading

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
nav.views { float: right; font-size: 0.9em; }
nav.views a { margin-left: 0.8em; }
a { color: #0b4f9c; }
#status { font-size: 0.8em; color: #595959; }
#status.off { color: #b22222; }
.turn { font-size: 1.3em; font-weight: bold; margin: 0.3em 0; }
.dice { font-size: 1.1em; margin: 0.2em 0; }
.last, .wait { color: #3d3d3d; margin: 0.2em 0; }
table.legal td, table.legal th { white-space: normal; }
table.legal td.left { text-align: left; font-family: inherit; }
table.legal td.note { font-style: italic; }
ol.ranking { font-size: 1.1em; padding-left: 1.5em; }
ol.ranking b { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; }
.sheets { display: flex; flex-wrap: wrap; gap: 0 2em; }
nav.tabs a { display: inline-block; padding: 0.45em 0.7em; margin: 0 0.3em 0.3em 0;
             border: 1px solid #6b6b6b; border-radius: 0.3em; text-decoration: none; }
.ending { font-size: 1.2em; font-weight: bold; }
.legend { font-size: 0.7em; color: #3d3d3d; margin: 0.2em 0 0 0; }
#said { min-height: 1.4em; font-weight: bold; margin: 0.3em 0; }
#said.bad { color: #b22222; }
#said.ok { color: #1d6b2a; }
section.mine { border: 2px solid #1a1a1a; border-radius: 0.4em; padding: 0.5em 0.7em;
               margin: 0.6em 0; background: #fffdf5; }
section.mine h2 { margin: 0 0 0.3em 0; font-size: 1.2em; }
section.mine h3 { font-size: 1em; margin: 0.4em 0; }
label.field { display: block; font-weight: bold; }
#dice { font-size: 1.4em; width: 100%; box-sizing: border-box; padding: 0.3em;
        font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; }
p.help { font-size: 0.85em; color: #3d3d3d; margin: 0.2em 0 0.5em 0; }
.pad { display: grid; grid-template-columns: repeat(4, 1fr); gap: 0.4em; margin: 0.4em 0; }
.pad button, button.big, button.undo, .rolls label, .tags label {
  font-size: 1.3em; min-height: 2.4em; border: 2px solid #1a1a1a; border-radius: 0.4em;
  background: #ffffff; color: #1a1a1a; }
button.big { width: 100%; margin: 0.5em 0 0 0; background: #0b4f9c; color: #ffffff; }
button.undo { font-size: 1em; margin: 0.5em 0 0 0; }
fieldset { border: 1px solid #6b6b6b; margin: 0.4em 0; padding: 0.3em 0.5em; }
.rolls, .tags { display: flex; flex-wrap: wrap; gap: 0.4em; }
.rolls legend, .tags legend { font-weight: bold; }
.rolls input, .tags input { position: absolute; opacity: 0; width: 1px; height: 1px; }
.rolls label { min-width: 2.4em; display: inline-flex; align-items: center;
               justify-content: center; }
.tags label { font-size: 1em; padding: 0 0.5em; display: inline-flex; align-items: center;
              gap: 0.35em; }
.tags .shape { display: inline-block; border: 2px solid currentColor; background: #ffffff;
               width: 0.6em; height: 0.6em; border-radius: 50%; }
.tags .cg .shape, .tags .fg .shape { width: 1.05em; height: 1.05em; }
.tags .fp .shape, .tags .fg .shape { background: #1a1a1a; }
.tags input:checked + label .shape { border-color: #ffffff; }
.rolls input:checked + label, .tags input:checked + label {
  background: #1a1a1a; color: #ffffff; outline: 3px solid #0b4f9c; outline-offset: 2px; }
.rolls input:focus-visible + label, .tags input:focus-visible + label {
  outline: 3px solid #0b4f9c; outline-offset: 2px; }
table.legal input { width: 1.6em; height: 1.6em; }
table.legal label { display: block; }
@media (max-width: 700px) {
  body { margin: 0.5em; }
  nav.views { float: none; }
  .sheets { flex-wrap: nowrap; overflow-x: auto; scroll-snap-type: x mandatory; gap: 0; }
  .sheets > .one { flex: 0 0 100%; scroll-snap-align: start; min-width: 0; }
  .sheets table, table.legal { width: 100%; table-layout: fixed; }
  .sheets th, .sheets td, table.legal th, table.legal td {
    white-space: normal; overflow-wrap: anywhere; padding: 0.1em 0.2em; min-width: 0; }
  .sheets thead th { font-size: 0.8em; }
  .sheets th[scope=row] { width: 32%; }
  table.legal th:first-child { width: 3em; font-size: 0.8em; }
}
body.tv { font-size: 28px; margin: 0 0.4em; }
body.tv nav.views, body.tv #status { font-size: 16px; }
body.tv nav.views { position: absolute; top: 0; right: 0.5em; }
body.tv #status { position: absolute; top: 0; left: 0.5em; margin: 0; }
body.tv main { padding-top: 18px; }
body.tv .head { display: flex; flex-wrap: wrap; gap: 0 1.2em; align-items: baseline; }
body.tv h1 { font-size: 1.15em; margin: 0; }
body.tv .turn { font-size: 1.1em; margin: 0; }
body.tv .dice, body.tv .last, body.tv .wait, body.tv .ending { font-size: 1em; margin: 0; }
body.tv h2 { font-size: 1em; margin: 0.1em 0.6em 0 0; float: left; }
body.tv ol.ranking { display: flex; flex-wrap: wrap; gap: 0 1.1em; list-style: none;
                     margin: 0.1em 0 0.2em 0; padding: 0; font-size: 1em; }
body.tv ol.ranking li::before { content: attr(value) ". "; }
body.tv ul.records { margin: 0; }
.board { display: flex; gap: 0.5em; align-items: flex-start; }
.board[hidden] { display: none; }
table.sheet { table-layout: fixed; width: 100%; margin: 0; }
table.sheet th, table.sheet td { padding: 0 0.2em; line-height: 1.2; overflow: hidden;
                                 text-overflow: ellipsis; min-width: 0; }
table.sheet thead td { width: 6.5em; border: none; }
table.sheet thead th { font-size: 0.75em; text-align: center; }
table.sheet thead tr:first-child th { font-size: 1em; }
table.sheet th[scope=row] { font-size: 0.85em; }
table.sheet .now { background: #fff0b3; }
table.sheet th.now { text-decoration: underline; }
table.sheet th.lead { font-weight: bold; }
table.sheet td.first, table.sheet th[scope=colgroup] { border-left: 2px solid #1a1a1a; }
table.sheet td.fresh { background: #bfe9c0; outline: 3px solid #1d6b2a; outline-offset: -3px;
                       animation: fresh 8s forwards; }
@keyframes fresh { 0%, 70% { background: #bfe9c0; outline-color: #1d6b2a; }
                   100% { background: transparent; outline-color: transparent; } }
"""

#: the page's one script: each ``sheet`` event replaces the body (the dice being typed, the
#: roll and the tag picked are kept); the pages of a big board take turns; a player's forms
#: are sent with fetch
LIVE_SCRIPT = """
(function () {
  var main = document.getElementById("live"), status = document.getElementById("status");
  var said = document.getElementById("said"), page = 0;
  if (!main) { return; }
  function show() {
    var all = main.querySelectorAll(".board[data-page]");
    if (all.length < 2) { return; }
    page = page % all.length;
    for (var i = 0; i < all.length; i++) { all[i].hidden = i !== page; }
  }
  setInterval(function () { page += 1; show(); }, PAGE_MS);
  main.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-die], button[data-back]");
    var input = main.querySelector("#dice");
    if (!button || !input) { return; }
    var parts = input.value.trim() ? input.value.trim().split(/[ ,]+/) : [];
    if (button.hasAttribute("data-back")) { parts.pop(); } else {
      var tag = main.querySelector("input[name=tag]:checked");
      parts.push(button.getAttribute("data-die") + (tag ? tag.value : ""));
    }
    input.value = parts.join(" ");
  });
  main.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.classList.contains("write") || !window.fetch) { return; }
    event.preventDefault();
    var button = form.querySelector("button[type=submit]");
    button.disabled = true;
    said.textContent = said.getAttribute("data-sending"); said.className = "";
    fetch(form.getAttribute("action"), {method: "POST", credentials: "same-origin",
                                        body: new URLSearchParams(new FormData(form))})
      .then(function (answer) { return answer.text().then(function (text) {
        said.textContent = text; said.className = answer.ok ? "ok" : "bad"; }); })
      .catch(function () { said.textContent = said.getAttribute("data-failed");
                           said.className = "bad"; })
      .then(function () { button.disabled = false; });
  });
  if (!window.EventSource) { return; }
  var source = new EventSource(main.getAttribute("data-events"));
  source.addEventListener("sheet", function (event) {
    var dice = main.querySelector("#dice"), form = dice && dice.form;
    var checked = form ? Array.prototype.map.call(
      form.querySelectorAll("input[type=radio]:checked"), function (e) { return e.id; }) : [];
    var kept = form && [form.elements.at.value, dice.value];
    main.innerHTML = event.data;
    main.setAttribute("data-version", event.lastEventId);
    main.setAttribute("data-shown", event.lastEventId);
    dice = main.querySelector("#dice");
    if (kept && dice && dice.form.elements.at.value === kept[0]) {
      dice.value = kept[1];
      checked.forEach(function (id) {
        var radio = document.getElementById(id);
        if (radio && radio.form === dice.form) { radio.checked = true; }
      });
    }
    show();
  });
  source.onopen = function () { status.textContent = status.getAttribute("data-on");
                                status.className = ""; };
  source.onerror = function () { status.textContent = status.getAttribute("data-off");
                                 status.className = "off"; };
})();
"""

#: milliseconds each page of a board of more players than a TV holds stays on
PAGE_MS = 10_000


def tv_style(state: LiveState) -> str:
    """The size of the TV's type, from the board's lines and columns: the whole board fits
    the screen (1920 x 1080 as much as any other)."""
    from .live_board import board_shape

    if state.game is None:
        return ""
    shape = board_shape(state.game)
    panels = 2 if shape.columns > len(state.game.columns) * len(shape.pages[0]) else 1
    # the lines of the board and four more above it (the heading, the ranking, the legend),
    # each 1.2em and its borders; across: each label 6.5em, each number 2.6em
    high = 88 / ((shape.lines + 4.2) * 1.3)
    wide = 96 / (panels * 6.5 + shape.columns * 2.6)
    return f"body.tv main {{ font-size: min({high:.2f}vh, {wide:.2f}vw); }}\n"


def live_body(state: LiveState, lang: str, tv: bool = False, seat: int | None = None,
              mine: list[str] | None = None) -> str:
    """The inner HTML of the page's ``<main>``: what an event replaces. ``tv``: the board
    (every sheet side by side); else the phone's page, ``seat``'s sheet first and ``mine``
    (the player's own entry form) in place of the list of legal cells."""
    from .live_board import board_html, phone_sheets

    game = state.game
    w = words("cli.serve", lang)
    if game is None:
        return f'<p class="turn">{markup_text(w["gone"])}</p>'
    title, subtitle = sheet_heading(game, lang)
    if tv:
        out = ['<div class="head">', f"<h1>{markup_text(title)}</h1>"]
        out += _state(state, lang, legal=False)
        out += ["</div>", *_ranking(game, lang), *board_html(game, lang),
                f'<p class="legend">{markup_text(w["legend"])}</p>']
        return "\n".join(out)
    out = [f"<h1>{markup_text(title)}</h1>", f'<p class="sub">{markup_text(subtitle)}</p>']
    out += _ranking(game, lang)
    out += _state(state, lang, legal=mine is None)
    if mine and not (state.gone or game.finished):
        out += mine
    out += phone_sheets(game, lang, seat)
    return "\n".join(out)


def _state(state: LiveState, lang: str, legal: bool) -> list[str]:
    """Where the game stands: its end, or the last turn and whose turn it is."""
    game = state.game
    assert game is not None
    if state.gone:
        return [f'<p class="turn">{markup_text(words("cli.serve", lang)["gone"])}</p>']
    if game.finished:
        return _ending(game, state.records, lang)
    return _last_turn(game, lang) + _turn(game, lang, legal)


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


def _turn(game: Game, lang: str, legal: bool = True) -> list[str]:
    """Whose turn it is, the dice entered this turn, and (``legal``) the cells they may go
    to."""
    from ..base.dice import format_dice

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
        waiting = words("cli.serve", lang)["waiting"]
        out.append(f'<p class="wait">{markup_text(waiting)}</p>')
        return out
    if not legal:
        return out
    if not cells:
        out.append(f"<p>{markup_text(p['no_cells'])}</p>")
        return out
    out += legal_table(game, cells, lang)
    return out


def legal_table(game: Game, cells: list, lang: str, picks: bool = False) -> list[str]:
    """The cells the dice may go to, their score and why; ``picks``: a radio button on each
    (the player's own form)."""
    from .legal_list import legal_rows

    header, rows = legal_rows(game, cells, lang)
    out: list[str] = []
    pick = f'<th scope="col">{markup_text(words("cli.serve", lang)["pick"])}</th>' if picks else ""
    out.append('<table class="legal" id="legal"><thead><tr>' + pick
               + "".join(f'<th scope="col">{markup_text(h)}</th>' for h in header[1:])
               + "</tr></thead><tbody>")
    number = 0
    for row in rows:
        (_, label, score, why) = row
        note = ' class="left note"' if label[1] == "italic" else ' class="left"'
        text = markup_text(label[0])
        radio = ""
        if picks:
            radio = "<td></td>"
            if label[1] != "italic":
                cell = cells[number]
                number += 1
                value = markup_text(f"{cell.column}|{cell.row}|{cell.coup}")
                radio = (f'<td><input type="radio" name="cell" id="pick-{number}" '
                         f'value="{value}" required></td>')
                text = f'<label for="pick-{number}">{text}</label>'
        out.append(f"<tr>{radio}<td{note}>{text}</td><td>{markup_text(score[0])}</td>"
                   f"<td{note}>{markup_text(why[0])}</td></tr>")
    out.append("</tbody></table>")
    return out


def _ranking(game: Game, lang: str) -> list[str]:
    """The ranking, best first; each total has the id ``total-<seat>``."""
    w = words("cli.serve", lang)
    title = words("cli.printing", lang)["ranking"] if game.finished else w["ranking"]
    out = [f'<h2 id="ranking-title">{markup_text(title)}</h2>',
           '<ol class="ranking" aria-labelledby="ranking-title">']
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


def live_page(state: LiveState, lang: str, tv: bool, nonce: str, events: str,
              seat: int | None = None, mine: list[str] | None = None) -> str:
    """The whole page: ``events`` is the URL of the event stream (relative), ``nonce`` the
    one the response's Content-Security-Policy allows the inline style and script with;
    ``seat`` and ``mine``: a player's own page and form (:func:`live_body`)."""
    w = words("cli.serve", lang)
    other = next(code for code in LANGS if code != lang)
    view = "&view=tv" if tv else ""
    language = markup_text(say("cli.serve.language", other))
    links = [f'<a href="?lang={other}{view}" hreflang="{other}" lang="{other}">{language}</a>',
             f'<a href="?lang={lang}{"" if tv else "&view=tv"}">'
             f'{markup_text(w["normal_view" if tv else "tv_view"])}</a>',
             f'<a href="?lang={lang}{view}">{markup_text(w["reload"])}</a>']
    title = state.game.config.label if state.game is not None else w["title"]
    script = LIVE_SCRIPT.replace("PAGE_MS", str(PAGE_MS))
    out = ["<!DOCTYPE html>", f'<html lang="{lang}">', "<head>", '<meta charset="utf-8">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           f'<noscript><meta http-equiv="refresh" content="{REFRESH_SECONDS}"></noscript>',
           f"<title>{markup_text(w['title'])} · {markup_text(title)}</title>",
           f'<style nonce="{nonce}">{HTML_STYLE}{LIVE_STYLE}{tv_style(state) if tv else ""}'
           "</style>", "</head>",
           '<body class="tv">' if tv else "<body>",
           f'<nav class="views" aria-label="{markup_text(w["views"])}">{" ".join(links)}</nav>',
           f'<p id="status" data-on="{markup_text(w["live"])}" '
           f'data-off="{markup_text(w["offline"])}">{markup_text(w["no_script"])}</p>']
    if seat is not None:
        out.append(f'<p id="said" role="status" aria-live="polite" '
                   f'data-sending="{markup_text(w["sending"])}" '
                   f'data-failed="{markup_text(w["offline"])}"></p>')
    out += [f'<main id="live" data-events="{markup_text(events)}" data-version="{state.version}">',
            live_body(state, lang, tv, seat, mine), "</main>",
            f'<script nonce="{nonce}">{script}</script>', "</body>", "</html>", ""]
    return "\n".join(out)


def sse_event(state: LiveState, body: str) -> bytes:
    """One Server-Sent Event ``sheet`` carrying ``body`` (a line of data per line of HTML)."""
    data = "".join(f"data: {line}\n" for line in body.split("\n"))
    return f"event: sheet\nid: {state.version}\n{data}\n".encode()

