"""``yams play``: the table mode, the way a family uses it; ``yams demo``: a game that plays itself.

The commands only: the terminal is :mod:`~yams_scorekeeper.cli.terminal`, the setup questions
and the choice of a game to resume :mod:`~yams_scorekeeper.cli.play_setup`, the turn loop
:mod:`~yams_scorekeeper.cli.turn_loop`, and the demo's player
:func:`yams_scorekeeper.engine.simulate.demo_turn`.

Every entry goes through :class:`~yams_scorekeeper.store.session.TableSession`, which checks it with
the rules and stores it before anything is printed, so ``q``, Ctrl-C or a closed terminal never
lose anything: ``yams play --game ID`` goes on where the game stopped.
"""

from __future__ import annotations

import random
import sys
from contextlib import nullcontext
from typing import TYPE_CHECKING

import typer

from ..i18n import explain_lang
from .house_files import house_option
from .options import RULES_HELP, db_option, default_family, examples, rules_option
from .terminal import Quit, Terminal, lang_option, terminal

if TYPE_CHECKING:  # pragma: no cover
    from ..store.session import TableSession

PLAY_EPILOG = examples(
    "yams play                      start a game, or resume the one in progress",
    "yams play --game 1a2b3c4d      resume this game",
    "yams play --lang en --db ./club-store",
    "yams play --list               the legal cells as a numbered list (screen readers)",
    note="At any prompt: s sheet, u undo, why [CELL], h help, q quit (everything is saved as "
         "you go).")

DEMO_EPILOG = examples(
    "yams demo",
    "yams demo --rules gaby --seed 7 --turns 12",
    "yams demo --rules double --variant critique",
    "yams demo --house examples/house/sirtin.toml",
    note="Nothing is stored; the same --seed plays the same game.")


def play(
    ctx: typer.Context,
    db: str | None = db_option(),
    game_id: str | None = typer.Option(
        None, "--game", metavar="ID", show_default=False,
        help="Resume this game in progress (a unique start of its id will do)."),
    lang: str | None = lang_option(
        "Language of the table mode (default: yams --lang, $YAMS_LANG, the locale)."),
    numbered: bool = typer.Option(
        False, "--list", help="Show the legal cells as a numbered list (one per line, for screen "
                              "readers); numbers pick from it."),
    settings: list[str] | None = typer.Option(
        None, "--setting", "-s", metavar="KEY=VALUE", show_default=False,
        help="A house rule for a new game, e.g. yam=60 or bases.youpi=30 (repeatable)."),
    house: str | None = house_option(
        "Start a new game on this house sheet: a TOML file, or the name of a saved one (yams "
        "house list), or of house rules saved by --save-house (their family is offered)."),
    save_house: str | None = typer.Option(
        None, "--save-house", metavar="NAME", show_default=False,
        help="Save the house rules of the new game (--house and --setting) under NAME."),
    list_houses: bool = typer.Option(False, "--houses", help="List the saved house rules."),
    serve: bool = typer.Option(
        False, "--serve", help="Also show the game as a live web page for the phones and the TV "
                               "(yams serve, in the background, for this session)."),
    write: bool = typer.Option(
        False, "--write", help="With --serve: a link for each player to write their own turns "
                               "from their phone (yams serve --write)."),
) -> None:
    """Keep score at the table: type the dice you rolled, pick a cell, the sheet fills in.

    Starts a new game (family, players, columns, options: Enter accepts the default in brackets) or resumes one in progress. Each turn shows whose turn it is, asks for the dice and the roll number (55533/2; Double Yams by groups: cp665 fp12 cg34 fg556 /2), then draws the player's grid with every cell the dice may go to holding a few letters and its score; type the letters (or a name: 6, full, petite suite, libre.full; x before or after to scratch). A name that fits several cells is asked about before anything is written. 'why e' explains a cell; --list shows a numbered list instead of the grid. At any prompt: s sheet, u undo, h help, q quit. Every entry is saved before the answer: quitting, Ctrl-C or a closed terminal lose nothing, and 'yams play --game ID' goes on.
    """  # noqa: E501 (the help text is a msgid of the help catalogue)
    from ..store import Store
    from .files import store_folder
    from .play_setup import house_setup, open_session, print_houses, resume_command, stored_id
    from .turn_loop import Table

    term = terminal(ctx, lang)
    store = Store(store_folder(db))
    session: TableSession | None = None
    if list_houses:
        print_houses(term, store)
        return
    setup = house_setup(term, store, house, settings or [], save_house, db)

    def resume_hint() -> str:
        return resume_command(stored_id(session.game), db) if session is not None else ""

    live = None
    try:
        session = open_session(term, store, game_id, db, setup)
        if serve:
            from .serve_cmd import serve_for_play

            live = serve_for_play(term, stored_id(session.game), db, write)
        Table(term, session, db, numbered).run()
    except Quit:
        term.say(term.t("saved_quit", cmd=resume_hint()) if session is not None and
                 not session.game.finished else term.t("nothing_started"), keep=resume_hint())
        return
    except KeyboardInterrupt:
        _leave(term, "interrupted", session, resume_hint())
        raise typer.Exit(130) from None
    except EOFError:
        _leave(term, "closed", session, resume_hint())
        raise typer.Exit(0) from None
    finally:
        if live is not None:
            live.terminate()
            live.wait(10)


def _leave(term: Terminal, key: str, session: TableSession | None, cmd: str) -> None:
    from .play_setup import stored_id

    sys.stdout.write("\n")
    if session is None:
        term.say(term.t("nothing_started"))
    elif session.game.finished and session.store.is_archived(stored_id(session.game)):
        term.say(term.t("archived", id=stored_id(session.game)[:8]))
    else:
        term.say(term.t(key, cmd=cmd), keep=cmd)


def demo(
    ctx: typer.Context,
    rules_name: str | None = rules_option(None, RULES_HELP),
    seed: int = typer.Option(1, "--seed", help="Seed of the random dice and choices."),
    turns: int | None = typer.Option(
        None, "--turns", min=1, show_default=False,
        help="Stop after this many turns (default: the whole game)."),
    variant: str | None = typer.Option(
        None, "--variant", metavar="VARIANT", show_default=False,
        help="The family's variant, if it has some (Double Yams: D10 in docs/rules.md)."),
    lang: str | None = lang_option("Language (default: yams --lang, $YAMS_LANG, the locale)."),
    house: str | None = house_option(),
) -> None:
    """Watch a whole game play itself, to see how yams keeps score.

    Alice and Bob roll random dice (a fixed seed: the same game every time) and each takes the best score among the legal cells; each turn shows the player, the dice, the roll, the cell chosen, its score and why, then come the final sheets and the ranking. Nothing is stored.
    """  # noqa: E501 (the help text is a msgid of the help catalogue)
    from ..engine.config import make_config
    from ..engine.game import Game
    from .house_files import command_sheet

    term = terminal(ctx, lang)
    sheet = command_sheet(rules_name, house, {}, None)
    config = make_config(sheet.ruleset().family if sheet else rules_name or default_family(),
                         ["Alice", "Bob"], variant=variant,
                         house=sheet.rules_doc if sheet else None)
    game = Game(config)
    rng = random.Random(seed)
    # on a terminal the whole game goes to the pager ($PAGER, else less): a screen at a time
    paged = term.out.is_terminal and sys.stdin.isatty()
    try:
        with term.out.pager() if paged else nullcontext():
            _demo_game(term, game, rng, seed, turns)
    except KeyboardInterrupt:
        sys.stdout.write("\n")
        raise typer.Exit(130) from None


def _demo_game(term, game, rng: random.Random, seed: int, turns: int | None) -> None:
    """The demo's turns, then the sheets and the ranking, said on ``term``."""
    from ..engine.simulate import demo_turn
    from ..mechanics import demo_entries
    from .sheet_view import cell_label, sheets_view
    from .turn_loop import print_ranking

    t, config = term.t, game.config
    term.say(t("demo_title", label=config.label, players=", ".join(config.players),
               seed=seed), style="bold")
    term.say(t("demo_note"), style="dim")
    done = 0
    while not game.finished and (turns is None or done < turns):
        before = len(game.events)
        playing = game.player
        demo_turn(game, rng)
        done += 1
        term.say("")
        term.say(t("demo_turn", turn=done, name=playing.name), style="bold")
        entries = [e for e in game.events[before:] if e["type"] == "enter"]
        for n, event in enumerate(entries, start=1):
            values = {"dice": " ".join(event["dice"]), "roll": event["roll"]}
            line = (t("demo_coup_n", n=n, **values) if len(entries) > 1
                    else t("demo_coup", **values))
            term.say("  " + line + demo_entries(game.rules, event, term.lang))
        mark_event = next(e for e in game.events[before:] if e["type"] == "mark")
        two = len(mark_event["cells"]) > 1 or len(entries) > 1
        for cell in mark_event["cells"]:
            mark = playing.marks[(cell["column"], cell["row"])]
            label = cell_label(game, mark, with_coup=two)
            if len(mark_event["cells"]) > 1:
                label = f"{t('demo_doblar')} · {label}"
            term.say("  " + (t("demo_scratch", cell=label) if mark.scratch else
                             t("demo_mark", cell=label, score=mark.score,
                               why=mark.explain.text(explain_lang(term.lang)))))
    term.say("")
    if not game.finished:
        term.say(t("demo_stopped", turns=done), style="bold")
    else:
        term.say(t("game_over"), style="bold")
    term.show(sheets_view(game, term.lang, width=term.out.width))
    print_ranking(term, game)
    term.say(t("demo_next"), style="dim")


COMMANDS = ((play, {"epilog": PLAY_EPILOG}), (demo, {"epilog": DEMO_EPILOG}))
