"""``yams play``'s turn loop: whose turn, the dice, the legal cells, the choice, until the game
ends; then the ranking and the records broken.

A turn at the table (Duel au Yam, from a real session)::

    Alice · turn 1 · total 0 ───────────────────────────────────────────────────
    3 jokers left
    Alice, dice/roll (roll 1 to 3): 6663/3
    ! 4 dice typed, this game uses 5 (expected: 5 5 5 3 3)
    Alice, dice/roll (roll 1 to 3): 66634/3 joker 4:6
                  Alice
    ───────────────────
    1               e 0
    ...
    6              v 24
    3 pareils      w 18
    4 pareils      z 24
    ...
    Chance        ei 27
    Total             0
    Cell (letters or name; x to scratch): carre
    Alice: 4 pareils = 24   (4 pareils de 6 : 4 x 6 = 24)
    Alice's total: 24

The letters next to a score pick that cell; they are never a row name, and a name that fits
several cells (``full`` in Gaby's five columns) is asked about before anything is written
(:mod:`~yams_scorekeeper.cli.choice`). ``--list`` shows the numbered list instead.

Every entry goes through :class:`~yams_scorekeeper.store.session.TableSession`, which checks it with
the rules and stores it before anything is printed. A refused entry (a typo, an illegal cell, a
wrong number of dice) is asked again with the reason and records nothing.
"""

from __future__ import annotations

import re
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from ..base.dice import GROUPED_EXAMPLE
from ..base.errors import EntryError, IllegalMoveError, YamsError
from ..base.safetext import fold_name
from ..engine.notation import missing_dice, missing_roll, read_coup
from ..engine.transcript import typed_text
from ..i18n import Message, explain_lang, say
from ..mechanics import AHEAD_WORDS
from .messages import NO, YES, msg, outcome
from .printing import round_text
from .render import shown
from .terminal import COMMANDS, TYPING_ROOM, Quit, Terminal, ask_yes

if TYPE_CHECKING:  # pragma: no cover
    from ..engine.game import Game, LegalCell, Mark
    from ..store.session import TableSession

def _err(key: str, *, cls: type[YamsError] = EntryError, expected: str | None = None,
         rule: str | None = None, **values: Any) -> YamsError:
    """A YamsError saying the catalogue's ``table.<key>``."""
    return cls(Message(f"table.{key}", **values), expected=expected, rule=rule)


class Table:
    """The turn loop: whose turn, the dice, the legal cells, the choice; until the game ends."""

    def __init__(self, term: Terminal, session: TableSession, db: str | None = None,
                 numbered: bool = False, chances: bool = False):
        self.term = term
        self.chances = chances           # --chances: everyone's chance after each turn
        self.session = session
        self.db = db
        self.numbered = numbered         # --list: the numbered list, numbers pick from it
        self._auto_scratch: dict[str, bool] = {}    # 165, empty pool: scratch all, said once
        self._list_once = False          # l: the list once, with the handles
        self.choose_now = False          # Enter at "second coup?": choose from coup 1
        #: an entry typed alone (a row announced), waiting for its dice: its field, its
        #: value and the roll of the dice (the sixth roll, D9)
        self.announced: tuple[str, str, int] | None = None
        self._header_key: Any = None
        self._cells_key: Any = None
        self._hinted = False             # the dice hint, once a session
        self._choose_hinted = False      # the cell hint, once a session
        self._on_grid = False            # the prompt asked is under the turn grid
        self._redraw = False             # the grid again, with the turn's dice, after a command
        self._notice = ""                # said after the turn's header (an undo)
        from . import choice, sheet_view  # noqa: F401  (loaded while the first dice roll,
        #                                   not after the first Enter)

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def lang(self) -> str:
        return self.term.lang

    def t(self, key: str, **values: Any) -> str:
        return self.term.t(key, **values)

    def run(self) -> None:
        from .play_fix import after_end

        while True:
            while not self.game.finished:
                self.step()
            self.final()
            if not after_end(self):     # take back the last cell, correct a turn (issue 11)
                return

    def step(self) -> None:
        game = self.game
        self.header()
        if self._notice:                # under the header, so that its redraw keeps it
            self.term.say(self._notice, style="bold")
            self._notice = ""
        if not game.coups:
            cells = game.legal_cells()
            if cells:                       # 165 with an empty pool: scratch only (D10)
                if self.scratch_all(cells):
                    return
                self.choose(cells, pool_empty=True)
            else:
                self.dice(first=True)
        elif len(game.coups) < game.coups_allowed() and not self.choose_now:
            self.show_cells(game.legal_cells(), prompt=self.who(self.t("second_prompt")))
            self.dice(first=False)
        else:
            self.choose(game.legal_cells())

    # -- what is shown ------------------------------------------------------------------------

    def header(self) -> None:
        from rich.text import Text

        game = self.game
        sheet = game.player
        key = (game.current, sheet.turns)
        if key == self._header_key:
            return
        self._header_key = key
        self.term.out.print()
        title = self.t("turn_title", name=shown(sheet.name), turn=game.turn_number,
                       round=round_text(game, sheet.turns + 1, self.lang),
                       total=game.totals(sheet).grand) + self.standing()
        self.term.out.rule(Text(title, style="bold"), align="left")
        counters = self.counters()
        if counters:
            self.term.say(counters)
        for line in self.typed_coups():                    # a turn resumed: its dice so far
            self.term.say(line)
        if not self._hinted and not game.coups:
            self._hinted = True
            example = f"{GROUPED_EXAMPLE} /1" if game.rules.tagged else "55533/2"
            self.term.say(self.t("hint_dice", example=example), style="dim")

    def typed_coups(self) -> list[str]:
        """``Coup 1: 6 6 6 4 3 /2``: the dice entered this turn, a line a coup."""
        from ..base.dice import format_dice, format_grouped

        game = self.game
        return [self.t("typed_coup", n=n, dice=format_grouped(coup.rolled) if game.rules.tagged
                       else format_dice(coup.rolled), roll=coup.roll) + typed_text(coup)
                for n, coup in enumerate(game.coups, start=1)]

    def help_text(self) -> str:
        """The help, with the lines of the mechanics the game plays (jokers, the sixth roll,
        the annoncée column, the doblar: each mechanic's help topic), without those of the
        other families' dice (tagged dice)."""
        game = self.game
        out = []
        for line in self.t("help", **game.mechanics.help_lines(self.lang)).splitlines():
            if not line:                    # the line of a mechanic the game does not play
                continue
            # the tagged-dice lines (grouped, die by die)
            if any(m in line for m in ("cp665", "6pc")) and not game.rules.tagged:
                continue
            if "55533/2" in line and game.rules.tagged:
                continue
            if "55531/1" in line and not game.rules.hints.hints_allowed:
                continue
            out.append(line)
        return "\n".join(out)

    def standing(self) -> str:
        """`` · Alice leads by 12`` (or ``· you lead by 5``): the running ranking in a few words."""
        game = self.game
        if len(game.sheets) < 2:
            return ""
        ranking = game.ranking()
        top, second = ranking[0], ranking[1]
        if top[2] == second[2]:
            return self.t("standing_tie", total=top[2]) if top[2] else ""
        gap = top[2] - second[2]
        if top[1] is game.player:
            return self.t("standing_lead", gap=gap)
        return self.t("standing_other", name=shown(top[1].name), gap=top[2] - game.totals(
            game.player).grand)

    def who(self, prompt: str) -> str:
        """``Ana 87 (Bob leads by 12) · Cell (...)``: a cell prompt with whose turn it is and
        the standing, so that both are on screen when the grid has pushed the banner off."""
        game = self.game
        standing = ""
        if len(game.sheets) > 1:
            ranking = game.ranking()
            (_, top, best), (_, _, second) = ranking[0], ranking[1]
            mine = game.totals(game.player).grand
            if best == second and mine == best:
                standing = self.t("who_tie") if best else ""
            elif top is game.player:
                standing = self.t("who_lead", gap=best - second)
            else:
                standing = self.t("who_other", name=shown(top.name), gap=best - mine)
        return self.t("who_prompt", name=shown(game.player.name), total=game.totals(
            game.player).grand, standing=standing, prompt=prompt)

    def scratch_all(self, cells: list[LegalCell]) -> bool:
        """165, pool empty (D10): one yes scratches every remaining cell of this player, one a
        turn, with no more questions; True when this turn was scratched."""
        name = self.game.player.name
        if name not in self._auto_scratch:
            self.term.say(self.t("pool_empty", name=shown(name)), style="bold")
            while True:
                answer = self.prompt(self.t("scratch_all", count=len(cells))
                                     + f" [{self.t('yes_letter')}]", room=2) or ""
                if "/" in answer:       # dice with an empty pool: the rule says why not
                    self.term.refuse(_err("pool_dice", cls=IllegalMoveError, rule="D10"))
                    continue
                if answer.lower() in YES + NO or not answer:
                    break
                self.term.refuse(self.t("yes_no"))
            if answer.lower() in NO:
                self._auto_scratch[name] = False
                return False
            self._auto_scratch[name] = True
        if not self._auto_scratch[name]:
            return False
        cell = cells[0]
        try:
            marks = self.session.mark(cell.column, cell.row, coup=None, scratch=True)
        except YamsError as err:
            self.term.refuse(err)
            self._auto_scratch[name] = False
            return False
        self.report(name, marks)
        return True

    def counters(self) -> str:
        from .sheet_view import counters_text

        return counters_text(self.game, self.game.player, self.lang)

    def show_cells(self, cells: list[LegalCell], pool_empty: bool = False,
                   prompt: str = "") -> None:
        """The numbered legal cells, once for each state of the game (``l`` shows them again),
        above ``prompt``."""
        from .sheet_view import legal_table

        key = len(self.game.events)
        if key == self._cells_key:
            return
        self._cells_key = key
        if pool_empty and self.game.player.name not in self._auto_scratch:
            self.term.say(self.t("pool_empty", name=shown(self.game.player.name)), style="bold")
        if self.numbered or self._list_once:
            self._list_once = self._redraw = False
            self.term.show(legal_table(self.game, cells, self.lang,
                                       None if self.numbered else self.by_handle(cells)))
        else:
            self.show_grid(cells, prompt)
        if not self._choose_hinted:
            self._choose_hinted = True
            self.term.say(self.choose_hint(), style="dim")
        if self.game.mechanics.pairs_left(self.game, self.game.player):
            named = (list(enumerate(cells, 1)) if self.numbered else
                     [(h, c) for h, c in self.by_handle(cells).items()])
            one = next(((n, c) for n, c in named if c.coup == 1), None)
            two = next((n for n, c in named if c.coup == 2 and one is not None
                        and (c.column, c.row) != (one[1].column, one[1].row)), None)
            first = one[0] if one else None
            if first and two:
                self.term.say(self.t("hint_doblar", example=f"d {first} {two}"), style="dim")

    def choose_hint(self) -> str:
        return self.t("hint_choose_list" if self.numbered else "hint_choose",
                      example=self.name_example())

    def show_grid(self, cells: list[LegalCell], prompt: str) -> None:
        """The turn grid, its sections side by side when it would not fit the terminal's
        height (Double Yams at 80 x 24), and the notes that fit under it: everything printed
        since the last line typed (the dice, a message), the grid with its header, the notes,
        the hint and the prompt make one screen. Shown again after Enter at the second-coup
        prompt, under the turn's dice."""
        from .sheet_view import fit_notes, turn_grid
        from .terminal import wrap_words

        width, height = self.term.out.width, self.term.out.height
        if self.choose_now or self._redraw:
            self._redraw = False
            for line in self.typed_coups():
                self.term.say(line)
        grid, notes = turn_grid(self.game, cells, self.by_handle(cells), self.lang,
                                notes_kept=len(cells) + 1)
        # the line typed and a message of two lines at most (a sheet shown on resuming
        # scrolls off; the grid is not folded for it)
        used = min(self.term.since_enter, 3) + len(self.term.prompt_lines(prompt,
                                                                          room=TYPING_ROOM))
        if not self._choose_hinted:
            used += len(wrap_words(self.choose_hint(), max(width, 20)))
        if self.game.mechanics.writers and len(self.game.coups) == 2:
            used += 1
        on_screen = grid.panels(height - used, width)
        self.term.show(on_screen)
        room = height - used - on_screen.height
        if room > 0:
            for line in fit_notes(notes, room, width, self.lang):
                self.term.say(line, style="yellow")

    def name_example(self) -> str:
        """Cell names as this game spells them: ``full, grille.3`` or ``sec.full``."""
        figure = next(r for r in self.game.rows if not r.isdigit())
        first = self.game.columns[0].id
        if len(self.game.columns) == 1:
            return f"{figure}, {first}.3"
        return f"{self.game.columns[-1].id}.{figure}"

    def rolls_text(self) -> str:
        game, sheet = self.game, self.game.player
        top = game.max_roll()
        said = game.mechanics.rolls_text(game, sheet)
        if said is not None:
            return say(said[0], self.lang, **said[1])
        return self.t("rolls_one") if top == 1 else self.t("rolls_plain", max=top)

    # -- prompts ------------------------------------------------------------------------------

    #: what each command of :data:`~yams_scorekeeper.cli.terminal.COMMANDS` takes after its
    #: word ("": nothing, "any": any text, "digits": a turn number or nothing) and the method
    #: that runs it with that text
    ACTIONS = {"quit": ("", "quit"), "help": ("", "show_help"), "sheet": ("any", "sheet"),
               "sheets": ("", "stacked"), "undo": ("", "undo"), "list": ("", "list_once"),
               "why": ("any", "why"), "end": ("", "stop"), "log": ("", "turn_log"),
               "fix": ("digits", "fix"), "hint": ("any", "hint")}

    def prompt(self, text: str, room: int = TYPING_ROOM, grid: bool = False) -> str | None:
        """Ask; the commands at hand everywhere are handled here (then None is returned).
        ``grid``: the prompt is under the turn grid, drawn again after a command."""
        answer = self.term.ask(text, room=room)
        word, _, rest = answer.partition(" ")
        word, rest = word.lower(), rest.strip()
        for name, typed_words in COMMANDS.items():
            takes, method = self.ACTIONS[name]
            if word in typed_words and (takes == "any" or not rest
                                        or (takes == "digits" and rest.isdigit())):
                self._on_grid = grid and self.term.tty
                try:
                    getattr(self, method)(rest)
                finally:
                    if self._on_grid:
                        self._cells_key, self._redraw = None, True
                    self._on_grid = False
                return None
        return answer

    def show_long(self, what: Any) -> None:
        """What a command prints, a screen at a time when it does not fit; under the grid, held
        until Enter when it is more than a message, as the grid is drawn again after it."""
        if self._on_grid and (not isinstance(what, str) or len(what.splitlines()) > 2):
            self.term.page(what, hold=True)
        elif isinstance(what, str) and not self._on_grid:
            self.term.page(what)
        elif isinstance(what, str):
            self.term.say(what)
        else:
            self.term.page(what)

    def quit(self, _: str) -> None:
        raise Quit

    def show_help(self, _: str) -> None:
        from collections import Counter

        lines = self.help_text().splitlines()
        # the column where the help's descriptions start, as most of its lines say
        starts = Counter(m.end(1) for m in map(DESCRIBED.match, lines) if m)
        column = starts.most_common(1)[0][0] if starts else 0
        self.show_long("\n".join(hanging(line, column, max(self.term.out.width, 20))
                                 for line in lines))

    def stacked(self, _: str) -> None:
        from .sheet_view import sheets_view
        self.term.show(sheets_view(self.game, self.lang, stacked=True))   # all, to scroll back

    def list_once(self, _: str) -> None:
        self._cells_key = None
        self._list_once = True

    def turn_log(self, _: str) -> None:
        from .play_fix import show_log
        show_log(self)

    def fix(self, turn: str) -> None:
        from .play_fix import fix
        fix(self, turn)

    def hint(self, dice: str) -> None:
        """``hint 55531/1``: the solver's keeps (or cells) for these dice; ``hint`` alone: the
        cells for the dice entered. Only when asked, and only if the rules allow hints."""
        from .advice_cmds import play_hint_lines

        try:
            self.show_long("\n".join(play_hint_lines(self.game, dice, self.session.store.path,
                                                     self.lang)))
        except YamsError as err:
            self.term.refuse(err)

    def dice(self, first: bool) -> None:
        game = self.game
        name = game.player.name
        if self.announced:
            from ..engine.game import announce_name
            key, values = "announced_dice_prompt", {"row": announce_name(game.rules,
                                                                         self.announced[1])}
        elif first:
            key, values = "dice_prompt", {"name": name, "rolls": self.rolls_text()}
        else:
            key, values = "second_prompt", {}
        text = self.prompt(self.t(key, **values) if first or self.announced
                           else self.who(self.t(key)), grid=not first)
        if text is None:
            return
        if not first and "/" not in text and not self.announced:
            if not text and not game.legal_cells():
                # the first coup took too many rolls for the cells left: only a second can go
                self.term.refuse(_err("second_needed", cls=IllegalMoveError, rule="Y4"))
            elif not text:
                self.choose_now = True
                self._cells_key = None      # the grid again, under the turn's dice
            else:
                self.apply_choice_text(text, game.legal_cells())
            return
        if not text:
            self.term.refuse(missing_dice(game.rules.dice_example))
            return
        words = text.split()
        if len(words) >= 2 and "/" not in text and words[0].lower() in AHEAD_WORDS:
            # "announce youpi" alone, before the sixth roll: its dice come next (D9)
            try:
                self.announced = game.mechanics.ahead(game, " ".join(words[1:]))
                if self.announced is None:
                    raise _err("no_sixth", cls=IllegalMoveError, rule="D9")
            except YamsError as err:
                self.term.refuse(err)
            return
        try:
            dice, roll, entries = read_coup(text, game.rules.dice_example, game.mechanics.by_field)
            if self.announced and self.announced[0] not in entries:
                field, value, ahead_roll = self.announced
                entries[field] = value
                if roll is None:
                    roll = str(ahead_roll)
            if roll is None:
                game.rules.parse_dice(dice)         # says first what is wrong with the dice
                raise missing_roll(dice)
            asked = (game.mechanics.asked(game, game.player, int(roll.strip()))
                     if roll.strip().isdigit() else None)
            if asked and asked[0] not in entries:
                answer = self.ask_announce(asked[1])
                if answer is None:
                    return
                entries[asked[0]] = answer
            self.session.enter(dice, roll, **entries)
        except YamsError as err:
            self.term.refuse(err)
            return
        self.announced = None

    def ask_announce(self, rows: list[str]) -> str | None:
        """The separate prompt for the row announced before the sixth roll."""
        text = self.prompt(self.t("announce_prompt", rows=", ".join(rows)))
        if not text:
            return None
        return " ".join(text.split())

    def choose(self, cells: list[LegalCell], pool_empty: bool = False) -> None:
        key = "pool_prompt" if pool_empty else "choose_prompt"
        prompt = self.who(self.t(key + "_list" if self.numbered else key))
        self.show_cells(cells, pool_empty, prompt)
        text = self.prompt(prompt, grid=True)
        if text is None:
            return
        if not text:
            self.term.refuse(_err("choose_needed"))
            return
        if pool_empty and "/" in text:      # dice with an empty pool: the rule says why not
            try:
                dice, roll, entries = read_coup(text, self.game.rules.dice_example,
                                                 self.game.mechanics.by_field)
                self.session.enter(dice, roll or "1", **entries)
            except YamsError as err:
                self.term.refuse(err)
            return
        self.apply_choice_text(text, cells)

    def apply_choice_text(self, text: str, cells: list[LegalCell]) -> None:
        name = self.game.player.name
        try:
            marks = self.apply_choice(text, cells)
        except YamsError as err:
            self.term.refuse(err)
            return
        if not marks:                   # the question was answered with Enter: nothing written
            return
        self.choose_now = False
        self.report(name, marks)

    # -- choosing a cell ----------------------------------------------------------------------

    def apply_choice(self, text: str, cells: list[LegalCell]) -> list[Mark]:
        """A handle, a cell name (``6``, ``petite suite``, ``libre.full``), ``x TOKEN`` or
        ``TOKENx`` to scratch, ``d A B`` for a doblar; a number of the list with ``--list``.
        A token that could mean two cells is asked about before anything is written."""
        from ..mechanics import PAIR_WORDS
        from .choice import split_scratch

        low = " ".join(text.lower().split())
        m = re.fullmatch(rf"(?:{'|'.join(PAIR_WORDS)})\s+(\S+)\s+(\S+)", low)
        if m:
            return self.doblar(m.group(1), m.group(2), cells)
        if "/" in low:
            raise _err("dice_already", cls=IllegalMoveError,
                       expected=f"{self.name_example()}, u")
        token, scratch = split_scratch(self.game, low, self.by_handle(cells))
        cell, zero = self.pick(token, cells)
        if cell is None:
            return []
        return self.session.mark(cell.column, cell.row, coup=cell.coup or None,
                                 scratch=scratch or zero)

    def by_handle(self, cells: list[LegalCell]) -> dict[str, LegalCell]:
        """The handles of these cells (the same cells always get the same handles)."""
        from .choice import handles

        return handles(self.game, cells)

    def pick(self, token: str, cells: list[LegalCell], among: list[LegalCell] | None = None
             ) -> tuple[LegalCell | None, bool]:
        """The one cell ``token`` means, asking when it could mean several: (cell, scratched);
        (None, False) when the player cancels the question."""
        from ..engine.notation import CELL
        from .choice import candidates

        zero = token.endswith("=0")
        if zero:
            token = token[:-2]
        by_handle = self.by_handle(cells)
        try:
            found = candidates(self.game, token, cells, by_handle, numbered=self.numbered)
        except EntryError as err:
            if token.isdigit() and self.numbered:
                raise _err("no_number", n=token[:6], count=len(cells)) from None
            if err.expected is None and not token.isdigit():
                raise _err("unreadable_choice", text=token,
                           expected=f"{next(iter(by_handle), 'e')}, {self.name_example()}, "
                                    f"x {self.name_example().split(',')[0]}") from None
            raise
        if among is not None:
            found = [c for c in found if c in among] or found
        if len(found) == 1:
            return found[0], zero
        if not found:
            m = CELL.match(token.replace(" ", "-"))
            row = self.game.rules.row(m.group("row")).id if m else token
            coup = int(m.group("coup")) if m and m.group("coup") else None
            raise self._why_nowhere(row, coup, m.group("column") if m else None)
        return self.ask_which(token, found, by_handle), zero

    def ask_which(self, token: str, found: list[LegalCell],
                  by_handle: dict[str, LegalCell]) -> LegalCell | None:
        """``full`` fits several cells: list them with their handles and ask; Enter cancels."""
        from .choice import candidates
        from .sheet_view import cell_label

        two = len(self.game.coups) > 1
        handle_of = {c: h for h, c in by_handle.items()}
        self.term.say(self.t("which_cell", text=shown(token)))
        for cell in found:
            self.term.say(f"  {handle_of[cell]:>3}  {cell_label(self.game, cell, two)}"
                          f" = {cell.score}")
        while True:
            answer = self.prompt(self.t("which_prompt"))
            if not answer:
                self.term.say(self.t("nothing_written"))
                return None
            key = " ".join(answer.lower().split())
            chosen = by_handle.get(key)
            if chosen is None:
                try:
                    named = candidates(self.game, key, found, {})
                except EntryError:
                    named = []
                chosen = named[0] if len(named) == 1 else None
            if chosen is not None and chosen in found:
                return chosen
            self.term.refuse(self.t("bad_choice", text=answer))

    def _why_nowhere(self, row: str, coup: int | None, column: str | None = None) -> YamsError:
        """Why no column (or not ``column``) takes ``row`` now: the rule's own refusal,
        found on a copy of the game."""
        game = self.game
        name = game.rules.row(row).name
        if column is None and len(game.columns) == 1:
            column = game.columns[0].id
        empty = [c.id for c in game.columns if (c.id, row) not in game.player.marks]
        if column is None and not empty:
            return _err("all_filled", cls=IllegalMoveError, row=name, rule="G3")
        try:
            self.trial().mark(column or empty[0], row, coup=coup)
        except YamsError as err:
            return err
        return _err("nowhere", cls=IllegalMoveError, row=name)  # pragma: no cover

    def doblar(self, first: str, second: str, cells: list[LegalCell]) -> list[Mark]:
        """Two cells, one from each coup (Y7): handles or names (numbers with ``--list``)."""
        one, _ = self.pick(first, cells, [c for c in cells if c.coup == 1])
        if one is None:
            return []
        try:
            two, _ = self.pick(second, cells, [c for c in cells if c.coup != one.coup])
        except IllegalMoveError:
            # not legal alone, maybe legal as the doblar's second cell (the doblar descendant
            # writes the next-but-one cell of descente): the rules judge the pair
            named = self.named_cell(second)
            if named is None:
                raise
            return self.session.mark(one.column, one.row, coup=one.coup or None, second=named)
        if two is None:
            return []
        if self.game.mechanics.writers and one.coup and two.coup and one.coup == two.coup:
            raise _err("doblar_coups", cls=IllegalMoveError, rule="Y7")
        if one.coup == 2 and two.coup == 1:
            one, two = two, one
        return self.session.mark(one.column, one.row, coup=one.coup or None,
                                 second=(two.column, two.row))

    def named_cell(self, token: str) -> tuple[str, str] | None:
        """(column, row) of a token naming one cell of the sheet (``descente.2``), else None."""
        from ..engine.notation import CELL

        m = CELL.match(token)
        if m is None or (m.group("column") is None and len(self.game.columns) > 1):
            return None
        try:
            return (m.group("column") or self.game.columns[0].id,
                    self.game.rules.row(m.group("row")).id)
        except EntryError:
            return None

    def report(self, name: str, marks: list[Mark]) -> None:
        from .sheet_view import cell_label

        game = self.game
        two = len(marks) > 1 or any(m.coup > 1 for m in marks)
        for mark in marks:
            label = cell_label(game, mark, with_coup=two)   # a Mark has column, row, coup
            if mark.scratch:
                self.term.say(self.t("scratched", name=name, cell=label))
            else:
                cited = game.rules.cite(mark.row)
                why = mark.explain.text(explain_lang(self.term.lang))
                why = f"{why} [{cited}]" if cited else why
                self.term.say(self.t("wrote", name=name, cell=label, score=mark.score, why=why))
        sheet = next(s for s in game.sheets if s.name == name)
        self.term.say(self.t("player_total", name=name, total=game.totals(sheet).grand),
                      style="bold")
        if self.chances:                 # the turn is saved already: this never delays it
            from .chances_view import cached_chances, chance_lines

            live = cached_chances(game, self.session.store.path)
            for line in chance_lines(live, self.lang) if live is not None else []:
                self.term.say(line, wrap=False)

    # -- the commands at hand -----------------------------------------------------------------

    def why(self, token: str) -> None:
        """``why e``: a cell's score with its arithmetic and rules; ``why``: every cell."""
        from .choice import candidates
        from .sheet_view import cell_label

        cells = self.game.legal_cells()
        if not cells:
            self.term.refuse(self.t("why_nothing"))
            return
        by_handle = self.by_handle(cells)
        try:
            found = (candidates(self.game, token, cells, by_handle, numbered=self.numbered)
                     if token else cells)
        except YamsError as err:
            self.term.refuse(err)
            return
        handle_of = {c: h for h, c in by_handle.items()}
        two = len(self.game.coups) > 1
        lines = []
        for cell in found:
            cited = self.game.rules.cite(cell.row, cell.figure.factors if cell.figure else None)
            lines.append(f"{handle_of.get(cell, '?'):>3}  {cell_label(self.game, cell, two)}"
                         f" = {cell.score}   {cell.why.text(explain_lang(self.term.lang))}"
                         + (f" [{cited}]" if cited else ""))
        self.show_long("\n".join(lines))

    def sheet(self, who: str) -> None:
        """``s``: every sheet side by side, the page of the player whose turn it is when they
        do not fit one screen's width; ``s 2``: page 2; ``s NAME``: one player's sheet."""
        from .sheet_view import page_of, sheets_view

        game = self.game
        index = None
        width = self.term.out.width
        key = fold_name(who)
        found = [i for i, s in enumerate(game.sheets) if fold_name(s.name) == key] or \
                [i for i, s in enumerate(game.sheets) if fold_name(s.name).startswith(key)]
        if who and len(found) != 1 and not who.isdigit():
            self.term.refuse(self.t("unknown_player", name=who,
                                    players=", ".join(s.name for s in game.sheets)))
            return
        if who and len(found) == 1:
            index = found[0]
            self.show_long(sheets_view(game, self.lang, index, width))
            return
        page, pages = page_of(game, self.lang, width, game.current)
        if who:
            page = min(max(int(who), 1), pages)
        view: Any = sheets_view(game, self.lang, width=width, page=page)
        if pages > 1:
            from rich.console import Group
            from rich.text import Text

            view = Group(view, Text(self.t("sheet_pages", page=page, pages=pages,
                                             next=page % pages + 1), style="dim"))
        self.show_long(view)

    def undo(self, _: str = "") -> None:
        from ..engine.game import effective_events
        from .sheet_view import cell_label

        game = self.game
        if self.announced:                  # an announcement not yet entered: just forget it
            self.announced = None
            return
        kept = effective_events(game.events)
        try:
            self.session.undo()
        except YamsError as err:
            self.term.refuse(err)
            return
        last = kept[-1]
        name = last.get("player", "")
        if last["type"] == "enter":
            text = self.t("undone_entry", name=name, dice=" ".join(last["dice"]),
                          roll=last["roll"])
        elif last["type"] == "mark":
            labels = [cell_label(self.game, SimpleNamespace(column=c["column"], row=c["row"],
                                                            coup=c.get("coup")))
                      for c in last["cells"]]
            text = self.t("undone_mark", name=name, cells=" + ".join(labels))
        elif last["type"] == "amend":
            text = self.t("undone_amend", turns=", ".join(str(c["turn"]) for c in last["changes"]))
        else:
            text = self.t("undone_end")
        self._notice = text             # said by the next step, under the turn's header
        self.choose_now = False
        self._header_key = self._cells_key = None

    def trial(self) -> Game:
        """A copy of the game, to learn what the rules would say without writing anything."""
        from ..engine.game import Game

        game = self.game
        return Game(game.config, game.events, id=game.id, created=game.created)

    def stop(self, _: str = "") -> None:
        try:                    # refused before the question (a turn under way), not after
            self.trial().end()
        except YamsError as err:
            self.term.refuse(err)
            return
        key = "stop_confirm" if self.game.rules.stopped_game_has_winner else "stop_confirm_no_win"
        if not ask_yes(self.term, key, "n"):
            self.term.say(self.t("stopped_not"))
            return
        try:
            self.session.end()
        except YamsError as err:
            self.term.refuse(err)

    # -- the end ------------------------------------------------------------------------------

    def final(self) -> None:
        from .play_setup import stored_id

        game = self.game
        self.term.out.print()
        if not game.stopped_early:
            key = "game_over"
        else:
            key = "game_stopped" if game.rules.stopped_game_has_winner else "game_stopped_no_win"
        self.term.say(self.t(key), style="bold")
        from .sheet_view import sheets_view
        self.term.show(sheets_view(game, self.lang, width=self.term.out.width))
        print_ranking(self.term, game)
        for line in record_lines(game, self.session.broken, self.lang):
            self.term.say(line, style="bold")
        game_id = stored_id(game)
        if self.session.store.is_archived(game_id):     # never after a failed finish
            self.term.say(self.t("archived", id=game_id[:8]))


#: a line of the help: a command, two spaces or more, what it does
DESCRIBED = re.compile(r"(\s+\S.*?\s{2,})\S")


def hanging(line: str, column: int, width: int) -> str:
    """A line of the help wrapped between words, what it does going on under itself (from
    ``column``)."""
    from .render import wrap_words

    if len(line) <= width or not 0 < column < width // 2 or line[:column].strip() == "" \
            or line[column - 1] != " ":
        return line
    parts = wrap_words(line[column:], width - column)
    return "\n".join([line[:column] + parts[0], *(" " * column + part for part in parts[1:])])


def print_ranking(term: Terminal, game: Game) -> None:
    """The ranking, then who won (G6, G7)."""
    term.say(term.t("ranking"), style="bold")
    for rank, sheet, total in game.ranking():
        term.say("  " + term.t("rank_line", rank=rank, name=sheet.name, total=total))
    line = outcome(game, term.lang)
    if line:
        term.say(line, style="bold")


def part_name(game: Game, part: str) -> str:
    """A record part in words: a column name (classic, Gaby) or a section name (Double, Duel)."""
    for col in game.columns:
        if col.id == part and len(game.columns) > 1:
            return col.name
    for section in game.rules.sections:
        if section.id == part:
            return section.name.split(" ", 1)[-1].capitalize()
    return part


def record_lines(game: Game, broken: list[dict], lang: str) -> list[str]:
    """"Nouveau record : meilleur total Suites en Double Yams forcé, 760, Alice"."""
    lines = []
    beaten = [b for b in broken if b.get("previous")]
    for b in beaten:
        what = (msg("record_total", lang) if b["part"] == "total"
                else msg("record_part", lang, part=part_name(game, b["part"])))
        line = msg("record", lang, what=what, label=b["config_label"], value=b["value"],
                   name=b["player"])
        prev = b["previous"]
        lines.append(line + msg("record_before", lang, value=prev["value"], name=prev["player"]))
    first = [b for b in broken if not b.get("previous") and b["part"] == "total"]
    if first:
        b = first[0]
        lines.append(msg("first_records", lang, label=b["config_label"], value=b["value"],
                         name=b["player"]))
    return lines
