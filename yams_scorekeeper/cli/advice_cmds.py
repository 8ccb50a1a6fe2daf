"""Advice at the table: ``yams hint`` (which dice to keep, which cell to take) and ``yams review``.

numpy and the solver are imported inside the commands, so no other command pays for them. The
first hint for a rule set solves its table (up to a minute) and keeps it in the cache folder
(``$YAMS_CACHE``, else beside the ``--db`` store, else in the application folder).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from ..base.errors import ConfigError, EntryError
from ..base.safetext import shown
from ..i18n import Message, say, words
from ..i18n.wording import fill
from .house_files import house_option
from .lang import current_lang
from .options import (
    count_option,
    db_option,
    dice_argument,
    examples,
    game_option,
    json_option,
    parse_settings,
    roll_option,
    rules_option,
    split_list,
)
from .printing import round_text
from .render import echo, print_json

if TYPE_CHECKING:  # pragma: no cover
    from ..advice.adviser import Solved
    from ..engine.game import Game


def solved_for(rules, rows, db: str | None, lang: str, quiet: bool = False):
    """The solved table of ``rules`` from the cache, else solved now (said on stderr, after
    why a cached table was refused, with a progress bar on a terminal unless ``quiet``)."""
    from functools import partial

    from ..advice.adviser import Solved
    from ..advice.spec import spec_for
    from ..store import paths
    from .progress import progress

    def solving(problem: Message | None) -> None:
        if problem is not None:
            echo(shown(problem.text(lang)), err=True)
        echo(say("cli.advice.solving", lang, title=rules.title), err=True)

    bar = None if quiet else partial(progress, say("cli.advice.solving_bar", lang,
                                                   title=rules.title))
    return Solved.for_spec(spec_for(rules, rows), paths.solver_cache(db), solving, bar)


def _parse_filled(items: list[str], rules) -> dict[str, int]:
    filled: dict[str, int] = {}
    for item in split_list(items):
        row, sep, value = item.partition("=")
        try:
            score = int(value)
        except ValueError:
            score = None
        if not sep or score is None or score < 0:
            raise EntryError(Message("cli.cannot_read_filled_cell", item=item),
                             expected="--filled 1=3,yam=50")
        filled[rules.row(row).id] = score
    return filled


HINT_EPILOG = examples(
    "yams hint                              (the game in progress, the player to play)",
    "yams hint 5 5 5 3 1 --roll 1           (which dice to keep)",
    "yams hint 6 6 6 6 2 --roll 3 --game 3f2a",
    "yams hint --rules yahtzee --start --json",
    "yams hint -R duel --filled 1=3,yam=50 --jokers 2 4 4 4 6 1 --roll 2",
    "yams hint cp665 fp12 cg34 fg556 --roll 2   (Double Yams: the heuristic)")


def hint(
    ctx: typer.Context,
    dice: list[str] | None = dice_argument(
        "The five dice showing: '5 5 5 3 1' or '55531'. None: the dice entered this turn, "
        "else only the expected final score."),
    roll: str | None = roll_option("After which roll the dice show (1 or 2: which dice to "
                                      "keep; the last: which cell). Default: the last."),
    game_id: str | None = game_option(),
    rules_name: str | None = rules_option(
        None, "A sheet given here instead of a game: duel, classic (one libre column), "
              "yatzy or yahtzee."),
    start: bool = typer.Option(False, "--start", help="With --rules: an empty sheet."),
    filled: list[str] | None = typer.Option(
        None, "--filled", metavar="ROW=SCORE,...", show_default=False,
        help="With --rules: the cells already written, e.g. 1=3,brelan=15 (repeatable)."),
    jokers: int | None = count_option(None, "--jokers",
                                         help="With --rules duel: jokers left (default: all)."),
    settings: list[str] | None = typer.Option(
        None, "--setting", metavar="KEY=VALUE", show_default=False,
        help="With --rules: a house rule, e.g. yam=60."),
    house: str | None = house_option(
        "A house sheet given here instead of a game (a TOML file or a saved one's name): one "
        "column, solved exactly."),
    top: int = typer.Option(3, "--top", metavar="N", min=1, max=50, help="Choices to list."),
    win: bool = typer.Option(False, "--win",
                             help="Also the keep or cell that maximises the chance to finish "
                                  "first against the other players' sheets (one column)."),
    target: int | None = typer.Option(None, "--target", metavar="N", min=1, show_default=False,
                                      help="Also the keep or cell that maximises the chance to "
                                           "reach N points (one column)."),
    as_json: bool = json_option(),
    db: str | None = db_option(),
) -> None:
    """Which dice to keep and which cell to take: the choices with the best expected final
    score. Exact (proven optimal for solitaire play) for one-column sheets: Duel, Yam classique
    with one libre column, Yatzy, Yahtzee. For a game with several columns (Yam classique,
    Yams Gaby, Double Yams) the answer comes from a HEURISTIC adviser, said so in the output
    (and "method": "heuristic" in --json): values are points this turn against each cell's
    par, not expected final scores."""
    from ..advice.hints import sheet_hint
    from ..engine.notation import take_roll
    from .house_files import command_rules

    lang = current_lang(ctx)
    if dice:                                        # 55321/1, as yams score takes it
        text, roll = take_roll(" ".join(dice), roll)
        dice = text.split() or None
    if rules_name is not None or house is not None or start or filled:
        if game_id is not None:
            raise ConfigError(Message("cli.give_either_game_or_a_sheet"))
        if rules_name is None and house is None:
            raise ConfigError(Message("cli.sheet_given_command_line"),
                              expected="--rules duel --start")
        rules = command_rules(rules_name, house, parse_settings(settings or []), db)
        refuse_heuristic_sheet(rules)
        values = _read_dice(dice)
        rows = tuple(r.id for r in rules.rows if not r.optional)
        cells = _parse_filled(filled or [], rules)
        if jokers is not None:                      # before a table is solved for nothing
            from ..advice.spec import spec_for

            most = spec_for(rules, rows).jokers
            if jokers > most:
                raise ConfigError(Message("cli.count_range", option="--jokers", value=jokers,
                                          least=0, most=most), expected=f"--jokers {most}")
        if win:
            raise ConfigError(Message("cli.advice.win_alone"), expected="--target 250")
        solved = solved_for(rules, rows, db, lang, quiet=as_json)
        result = sheet_hint(solved, cells, jokers_left=jokers, dice=values,
                            roll=_read_roll(roll, rules), max_rolls=rules.max_rolls, top=top)
        chance = None
        if target is not None:
            from ..advice.chances import Sheet
            from ..advice.game_chances import chances_for

            me = Sheet(cells, solved.points_so_far(cells), result.jokers_left)
            chance = chances_for(solved).hint(me, [], target=target, dice=values,
                                              roll=_read_roll(roll, rules),
                                              max_rolls=rules.max_rolls)
    else:
        game = game_of(db, game_id)
        rules = game.rules
        if win or target is not None:
            from .win_text import check_win

            check_win(game, target)
        result = hint_for_game(game, db, dice or None, roll, top, lang, quiet=as_json)
        if result.method == "heuristic" and len(game.columns) == 1:
            from .house_files import say_heuristic_instead

            say_heuristic_instead(rules, lang)
        chance = (game_win_hint(game, db, dice or None, roll, target, lang)
                  if win or target is not None else None)
    if as_json:
        data = result.to_json()
        if chance is not None:
            data["win"] = chance.to_json()
        print_json(data)
        return
    for line in hint_lines(result, lang, rules):
        echo(line)
    if chance is not None:
        from .win_text import win_lines

        for line in win_lines(chance, lang, rules):
            echo(line)


def _read_dice(dice: list[str] | None) -> tuple[int, ...] | None:
    if not dice:
        return None
    from ..base.dice import parse_plain

    return tuple(d.value for d in parse_plain(dice, 5))


def refuse_heuristic_sheet(rules) -> None:
    """A sheet on the command line is one column: the heuristic needs a game's sheet."""
    from ..advice.spec import solvable
    from .house_files import solver_gaps

    if solvable(rules):
        return
    gaps = solver_gaps(rules)
    if gaps is None or len(rules.column_names) > 1:
        raise ConfigError(Message("cli.several_columns_heuristic_adviser", title=rules.title),
                          expected="yams hint --game ID")
    raise ConfigError(Message("cli.house.beyond_exact_solver", title=rules.title, gaps=gaps),
                      expected="yams new --house FILE")


def _read_roll(roll: str | None, rules) -> int | None:
    return None if roll is None else rules.parse_roll(roll)


def game_of(db: str | None, game_id: str | None) -> Game:
    """The game in progress a hint is for."""
    from .current_game import game_session

    return game_session(db, game_id).game


def play_hint_lines(game, text: str, db: str | None, lang: str) -> list[str]:
    """``yams play``'s hint key: ``55531/1`` (dice and roll), or nothing for the dice entered;
    ``w`` first (``hint w 55531/1``): the choice to win beside it."""
    from ..i18n import typed

    if not game.rules.hints.hints_allowed:
        raise ConfigError(Message("cli.hints_off", title=game.rules.title))
    first, _, rest = text.strip().partition(" ")
    win = first.lower() in typed("win")
    if win:
        from .win_text import check_win

        check_win(game, None)
        text = rest
    dice, _, roll = text.partition("/")
    given = dice.split() if dice.strip() else None
    if given is not None and not roll.strip():
        raise EntryError(Message("cli.say_after_which_roll"),
                         expected="hint 55531/1")
    result = hint_for_game(game, db, given, roll.strip() or None, 3, lang)
    lines = hint_lines(result, lang, game.rules)
    if win:
        from .win_text import win_lines

        lines += win_lines(game_win_hint(game, db, given, roll.strip() or None, None, lang),
                           lang, game.rules)
    return lines


def exactly_solved(game) -> bool:
    """True when the exact solver covers this game (one-column sheets); else the heuristic."""
    from ..advice.spec import solvable

    return solvable(game.rules, len(game.columns))


def _turn_dice(game, dice, roll) -> tuple[tuple[int, ...] | None, int | None, bool]:
    """The dice a one-column hint is for (typed, else the coup entered), after which roll,
    and whether this turn's joker is spent."""
    values = _read_dice(dice)
    joker_used = False
    if values is None and game.coups:
        coup = game.coups[-1]
        values = tuple(d.value for d in coup.dice)
        return values, game.rules.max_rolls, coup.joker is not None
    return values, _read_roll(roll, game.rules), joker_used


def hint_for_game(game, db, dice, roll, top: int, lang: str, quiet: bool = False):
    """The hint for the player to play in ``game`` (``dice`` as typed, or None): exact for a
    one-column sheet, else from the heuristic adviser."""
    from ..advice.hints import game_heuristic_hint, sheet_hint

    if not exactly_solved(game):
        typed = game.rules.parse_dice(dice) if dice else None
        return game_heuristic_hint(game, typed, _read_roll(roll, game.rules), top)
    values, roll_after, joker_used = _turn_dice(game, dice, roll)
    sheet = game.player
    cells = {r: m.score for (c, r), m in sheet.marks.items()}
    solved = solved_for(game.rules, game.rows, db, lang, quiet)
    return sheet_hint(solved, cells, so_far=game.totals(sheet).grand,
                      jokers_left=sheet.jokers_left if game.rules.jokers else None,
                      dice=values, roll=roll_after,
                      max_rolls=game.rules.max_rolls, joker_used=joker_used, top=top)


def game_win_hint(game, db, dice, roll, target: int | None, lang: str):
    """The chance to win (or to reach ``target``) of the player to play, and the choice for it."""
    from .win_text import game_win

    values, roll_after, joker_used = _turn_dice(game, dice, roll)
    return game_win(game, solved_for(game.rules, game.rows, db, lang), values, roll_after,
                    joker_used, target)


def hint_lines(result, lang: str, rules) -> list[str]:
    """The hint as text lines (row names from the rules, no user data)."""
    if result.method == "heuristic":
        return heuristic_lines(result, lang, rules)
    w = words("cli.advice", lang)
    head = f"{rules.title} · {w[result.method]}"
    sheet = say("cli.advice.sheet", lang, points=result.so_far, open=len(result.open_rows))
    if result.jokers_left is not None:
        sheet += say("cli.advice.jokers", lang, n=result.jokers_left)
    lines = [head, sheet, say("cli.advice.expected", lang, e=result.expected)]
    if result.dice is None:
        if not result.open_rows:
            lines.append(w["full"])
        return lines
    shown = " ".join(str(d) for d in result.dice)
    if result.keeps:
        lines.append(say("cli.advice.keep", lang, dice=shown, roll=result.roll))
        for i, k in enumerate(result.keeps, 1):
            held = " ".join(str(d) for d in k.keep) or w["nothing"]
            loss = "" if i == 1 else "  " + say("cli.advice.lost", lang, loss=k.loss)
            lines.append(f"  {i}. {held:<14} {fill('{e:7.2f}', lang, e=k.expected)}{loss}")
    else:
        lines.append(say("cli.advice.take", lang, dice=shown))
        for i, c in enumerate(result.cells, 1):
            joker = (say("cli.advice.with_joker", lang, a=c.joker[0], b=c.joker[1])
                     if c.joker else "")
            bonus = say("cli.advice.bonus", lang, b=c.bonus) if c.bonus else ""
            what = f"{joker}{rules.row(c.row).name} {c.score}{bonus}"
            loss = "" if i == 1 else "  " + say("cli.advice.lost", lang, loss=c.loss)
            lines.append(f"  {i}. {what:<28} {fill('{e:7.2f}', lang, e=c.expected)}{loss}")
    return lines


def heuristic_lines(result, lang: str, rules) -> list[str]:
    """A heuristic hint as text lines: said to be heuristic, values against par."""
    w = words("cli.advice", lang)
    names = dict(result.column_names)
    lines = [f"{result.label} · {w['heuristic']}",
             say("cli.advice.sheet", lang, points=result.so_far, open=len(result.open_cells))]
    if result.dice is None:
        if not result.open_cells:
            lines.append(w["full"])
        return lines
    lines.append(w["values"])
    shown = " ".join(result.dice)
    if result.keeps:
        lines.append(say("cli.advice.keep", lang, dice=shown, roll=result.roll))
        for i, k in enumerate(result.keeps, 1):
            held = w["stop"] if k.stop else (" ".join(k.keep) or w["nothing"])
            loss = "" if i == 1 else "  " + say("cli.advice.lost", lang, loss=k.loss)
            lines.append(f"  {i}. {held:<24} {fill('{v:+8.2f}', lang, v=k.value)}{loss}")
        return lines
    if len(result.coups) > 1:
        shown = " | ".join(" ".join(d) for d, _ in result.coups)
    if result.second_coup is not None:
        now, then = result.second_coup
        key = "second_worth" if result.second_coup_worth_it else "second_not_worth"
        lines.append(say(f"cli.advice.{key}", lang, now=now, then=then))
    lines.append(say("cli.advice.take", lang, dice=shown))
    for i, c in enumerate(result.cells, 1):
        what = _cell_text(names, rules, c.column, c.row, c.score)
        if c.second is not None:
            col, row, coup, score = c.second
            what = (w["pair"] + what + say("cli.advice.coup", lang, n=c.coup) + " + "
                    + _cell_text(names, rules, col, row, score)
                    + say("cli.advice.coup", lang, n=coup))
        loss = "" if i == 1 else "  " + say("cli.advice.lost", lang, loss=c.loss)
        lines.append(f"  {i}. {what:<28} {fill('{v:+8.2f}', lang, v=c.value)}{loss}")
    return lines


def _cell_text(names: dict, rules, column: str, row: str, score: int) -> str:
    where = f"{names[column]} · " if len(names) > 1 else ""
    return f"{where}{rules.row(row).name} {score}"


def review(
    ctx: typer.Context,
    game_id: str | None = typer.Argument(None, metavar="GAME", show_default=False,
                                            help="Game id (finished or in progress), or a "
                                                 "unique start of it."),
    book: bool = typer.Option(False, "--book",
                              help="Review every finished game of the book that the exact "
                                   "solver covers (one-column sheets), keep each review, and "
                                   "show each player's points lost a turn and luck a game."),
    as_json: bool = json_option(),
    db: str | None = db_option(),
) -> None:
    """Every turn's cell against the best one from the same sheet, with the expected points
    lost, and per player: skill (points lost to choices) against luck (the dice against the
    expectation). Final score = expected at the start + luck - points lost. A game with
    several columns is judged by the HEURISTIC adviser, said so (in heuristic points); for
    Double Yams its luck is an estimate from sampled turns, said so."""
    from ..advice.review import review_game
    from ..base.safetext import shown
    from ..mechanics import DIE_CHANGER
    from .current_game import any_game

    lang = current_lang(ctx)
    if book:
        if game_id is not None:
            raise EntryError(Message("cli.advice.book_alone"), expected="yams review --book")
        _review_book(as_json, lang, db)
        return
    game = any_game(db, game_id)
    if not exactly_solved(game):
        heuristic_review(game, as_json, lang)
        return
    players = review_game(game, solved_for(game.rules, game.rows, db, lang, quiet=as_json))
    if as_json:
        print_json({"game": game.id, "family": game.rules.family, "method": "exact",
                    "players": [p.to_json() for p in players]})
        return
    w = words("cli.advice", lang)
    echo(f"{shown(game.config.label)} · {w['exact']}")
    name = game.rules.row
    word = DIE_CHANGER.words[0]             # what a player types for it: "joker"
    for p in players:
        for t in p.turns:
            joker = f" {word} {t.joker[0]}→{t.joker[1]}" if t.joker else ""
            echo(say("cli.advice.turn", lang, name=shown(p.name), turn=t.turn,
                      round=round_text(game, t.round, lang),
                      dice=" ".join(map(str, t.dice)), joker=joker,
                      roll=t.roll, row=name(t.row).name, score=t.score))
            if t.loss > 0.005:
                bj = f" ({word} {t.best_joker[0]}→{t.best_joker[1]})" if t.best_joker else ""
                echo(say("cli.advice.best", lang, row=name(t.best_row).name, score=t.best_score,
                                            joker=bj, loss=t.loss, luck=t.luck))
            else:
                echo(say("cli.advice.optimal", lang, luck=t.luck))
    for p in players:
        echo(say("cli.advice.summary", lang, name=shown(p.name), final=p.final,
                                       start=p.expected_start, luck=p.luck, lost=p.lost))


def _review_book(as_json: bool, lang: str, db: str | None) -> None:
    """``yams review --book``: every finished game the exact solver covers reviewed once
    (kept in the store's ``reviews/``), then each player's skill and luck per configuration."""
    from ..advice.review import review_game
    from ..engine.game import Game
    from ..engine.skill import book_skill, review_figures
    from ..store.reviews import game_key, keep_review, kept_review
    from .files import open_store
    from .progress import progress

    store = open_store(db, reading=True)
    solved: dict[str, Solved] = {}
    figures, made = [], 0
    with progress(say("cli.advice.reviewing", lang), store.count_summaries(),
                  quiet=as_json) as step:
        for entry in store.iter_archived():
            step()
            key = game_key(entry["summary"])
            kept = kept_review(store.path, entry["id"], key)
            if kept is None:
                game = Game.from_doc(entry["doc"])
                if not exactly_solved(game):
                    continue
                spec = entry["summary"]["config_key"]
                if spec not in solved:
                    solved[spec] = solved_for(game.rules, game.rows, db, lang, quiet=True)
                kept = review_figures(entry["summary"], review_game(game, solved[spec]))
                keep_review(store.path, entry["id"], key, kept)
                made += 1
            figures.append(kept)
    skill = book_skill(figures)
    if as_json:
        print_json({"reviewed": len(figures), "made": made, "configs": skill})
        return
    from .plain_text import print_lines, print_table
    from .render import console

    out, w = console(), words("cli.advice_book", lang)
    echo(say("cli.advice_book.done", lang, n=len(figures), made=made))
    for cfg in skill.values():
        title = shown(cfg["label"])
        print_lines(out, [title], title)
        print_table(out, [(w["player"], "left"), (w["games"], "right"),
                          (w["lost"], "right"), (w["luck"], "right")],
                    [[shown(p["name"]), str(p["games"]),
                      fill("{v:.2f}", lang, v=p["lost_per_turn"]),
                      fill("{v:+.1f}", lang, v=p["luck_per_game"])] for p in cfg["players"]])


def heuristic_review(game, as_json: bool, lang: str) -> None:
    """``yams review`` of a multi-column game, by the heuristic adviser (said so)."""
    from ..advice.heuristic import TURN_SAMPLES
    from ..advice.review import review_game_heuristic
    from ..base.safetext import shown

    players = review_game_heuristic(game)
    estimated = any(p.luck_estimated for p in players)
    if as_json:
        print_json({"game": game.id, "family": game.rules.family, "method": "heuristic",
                    "heuristic": True, "units": "heuristic points: score + bonus prospects - "
                                                 "the cell's par",
                    "luck_estimated": estimated,
                    "luck_samples": TURN_SAMPLES if estimated else None,
                    "players": [p.to_json() for p in players]})
        return
    w = words("cli.advice", lang)
    names = {c.id: c.name for c in game.columns}

    def cells(items) -> str:
        return " + ".join(_cell_text(names, game.rules, c, r, s) for c, r, s in items)

    echo(f"{shown(game.config.label)} · {w['heuristic']}")
    if estimated:
        echo(say("cli.advice.h_estimated", lang, n=TURN_SAMPLES))
    for p in players:
        for t in p.turns:
            luck = "" if t.luck is None else say("cli.advice.h_luck", lang, luck=t.luck)
            dice = " | ".join(f"{' '.join(d)} ({r})" for d, r in t.coups)
            echo(say("cli.advice.h_turn", lang, name=shown(p.name), turn=t.turn,
                      round=round_text(game, t.round, lang), dice=dice,
                      cells=cells(t.written)))
            if t.loss > 0.005:
                echo(say("cli.advice.h_best", lang, cells=cells(t.best), loss=t.loss, luck=luck))
            else:
                echo(say("cli.advice.h_ok", lang, luck=luck))
    for p in players:
        luck = "" if p.luck is None else say("cli.advice.h_luck", lang, luck=p.luck)
        echo(say("cli.advice.h_summary", lang, name=shown(p.name), final=p.final, lost=p.lost,
                                         luck=luck))


COMMANDS = (
    (hint, {"epilog": HINT_EPILOG}),
    (review, {"epilog": examples("yams review 3f2a", "yams review 3f2a --json")}),
)
