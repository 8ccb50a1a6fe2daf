"""A player's own entry form on the live sheet (``yams serve --write``): the dice (big buttons
for the values, in Double Yams the colour and size of each die, the roll) or typed as on the
laptop, then every legal cell with its score and why to pick one, and taking back one's own
last entry. Pure rendering; each form carries ``at``, the length of the log it was drawn for
(the entry's id: :func:`~yams_scorekeeper.api.enter`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..base.dice import DOUBLE_SET
from ..base.safetext import markup_text
from ..engine.game import effective_events
from ..i18n import say, words

if TYPE_CHECKING:  # pragma: no cover
    from ..engine.game import Game

#: each Double Yams tag's words (its shape beside them: hollow or filled, small or large)
TAGS = {"cp": "tag_cp", "fp": "tag_fp", "cg": "tag_cg", "fg": "tag_fg"}


def write_panel(game: Game, seat: int, lang: str) -> list[str]:
    """The form of the player at ``seat`` for the game as it stands."""
    w = words("cli.serve", lang)
    name = game.sheets[seat].name
    at = len(game.events)
    out = ['<section class="mine" id="mine" aria-labelledby="mine-title">',
           f'<h2 id="mine-title">{markup_text(say("cli.serve.you_are", lang, name=name))}</h2>']
    if game.current != seat:
        waiting = say("cli.serve.form_wait", lang, name=game.player.name)
        out.append(f'<p class="wait">{markup_text(waiting)}</p>')
    elif not game.coups:
        out += _dice_form(game, at, lang)
    else:
        cells = game.legal_cells()
        if cells:
            from .live_page import legal_table

            out += [_form_head("mark", at, lang), f"<h3>{markup_text(w['form_pick'])}</h3>",
                    *legal_table(game, cells, lang, picks=True),
                    f'<button type="submit" class="big">{markup_text(w["form_write"])}'
                    "</button>", "</form>"]
    kept = effective_events(game.events)
    if kept and kept[-1].get("player") == name and kept[-1].get("type") in ("enter", "mark"):
        out += [_form_head("undo", at, lang),
                f'<button type="submit" class="undo">{markup_text(w["form_undo"])}</button>',
                "</form>"]
    out.append("</section>")
    return out


def _form_head(action: str, at: int, lang: str) -> str:
    return (f'<form class="write" method="post" action="write" data-do="{action}">'
            f'<input type="hidden" name="do" value="{action}">'
            f'<input type="hidden" name="at" value="{at}">'
            f'<input type="hidden" name="lang" value="{lang}">')


def _dice_form(game: Game, at: int, lang: str) -> list[str]:
    w = words("cli.serve", lang)
    tagged = game.rules.tagged
    help_key = "form_dice_help_double" if tagged else "form_dice_help"
    out = [_form_head("enter", at, lang),
           f'<label for="dice" class="field">{markup_text(w["form_dice"])}</label>',
           '<input type="text" id="dice" name="dice" required autocomplete="off" '
           'autocapitalize="off" spellcheck="false" aria-describedby="dice-help">',
           f'<p class="help" id="dice-help">{markup_text(w[help_key])}</p>']
    if tagged:
        out.append(f'<fieldset class="tags"><legend>{markup_text(w["form_tag"])}</legend>')
        for n, (colour, size) in enumerate(DOUBLE_SET):
            tag = colour + size
            checked = " checked" if n == 0 else ""
            out.append(f'<input type="radio" name="tag" id="tag-{tag}" value="{tag}"{checked}>'
                       f'<label for="tag-{tag}" class="tag {tag}"><span class="shape" '
                       f'aria-hidden="true"></span>{markup_text(w[TAGS[tag]])}</label>')
        out.append("</fieldset>")
    out.append(f'<div class="pad" role="group" aria-label="{markup_text(w["form_pad"])}">')
    for value in range(1, 7):
        label = markup_text(say("cli.serve.form_add", lang, value=value))
        out.append(f'<button type="button" data-die="{value}" aria-label="{label}">{value}'
                   "</button>")
    out.append(f'<button type="button" data-back="1" aria-label="{markup_text(w["form_erase"])}">'
               "⌫</button></div>")
    out.append(f'<fieldset class="rolls"><legend>{markup_text(w["form_roll"])}</legend>')
    for roll in range(1, game.max_roll() + 1):
        out.append(f'<input type="radio" name="roll" id="roll-{roll}" value="{roll}" required>'
                   f'<label for="roll-{roll}">{roll}</label>')
    out += ["</fieldset>",
            f'<button type="submit" class="big">{markup_text(w["form_enter"])}</button>',
            "</form>"]
    return out
