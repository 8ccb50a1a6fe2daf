"""A whole game of ``yams play`` in a real 80 x 24 pty (:mod:`pty_screen`), typed as a family
would: dice, the letters read off the screen, a typo, an undo, ``why``, ``hint``, the help,
the sheet and the turns played. Every prompt's screen is checked on the way; what a check
finds wrong is kept in :attr:`Walk.faults` with the screen, so that one run lists them all.

Used by tests/test_table_walk.py and scripts/table_keys.py.
"""

from __future__ import annotations

import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from pty_screen import PtyScreen, grid_cells, turn_grid
from rich.cells import cell_len

from yams_scorekeeper.cli.messages import msg

#: the escape sequences of the terminal (styles, cursor moves), dropped to measure a line
ESCAPES = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Za-z0-9]|\x1b[=>]")
#: a written cell as the table reports it: ``Léa : Libre · Full = 25`` or ``... barré (0)``
REPORTS = {"fr": re.compile(r"(?P<name>.+?) : (?P<cell>.+?)(?: = (?P<score>-?\d+)   \(| barré "
                            r"\(0\))"),
           "en": re.compile(r"(?P<name>.+?): (?P<cell>.+?)(?: = (?P<score>-?\d+)   \(| "
                            r"scratched \(0\))")}
#: a column header's decorations: its factor and its roll limit (``Sec x2 ≤1``)
DECORATION = re.compile(r"( x\d+| ≤\d+)+$")
ANNOUNCE = {"fr": "annonce", "en": "announce"}
#: a folder in memory, for the store: a game writes (and syncs) every entry
MEMORY = "/dev/shm"
#: what the walk types besides dice and cells, at the turn (counted in cells written) of each
HELP_TURN, WHY_TURN, HINT_TURN, SHEET_TURN, UNDO_TURN, LOG_TURN = 1, 2, 3, 4, 5, 7


@dataclass
class Game:
    """What to start and answer: ``yams play`` arguments, the setup answers, the players, the
    dice typed turn after turn (the roll with them) and the column names the grid shows."""

    label: str
    args: list[str]
    setup: list[str]
    players: list[str]
    dice: list[str]
    columns: list[str]
    typo: str = "1 2 3 /1"
    columns_en: list[str] | None = None     # the columns' English names, where they differ
    hint: str = "why"           # the hint typed: ``hint`` where its table is at hand at once


@dataclass
class Walk:
    """One game played to its end, and what was seen and typed."""

    game: Game
    lang: str
    keys: int = 0               # every key typed after the setup (Enter included)
    play_keys: int = 0          # the keys of the dice and the cells alone
    turns: int = 0              # cells written (one of them undone and written again)
    faults: list[str] = field(default_factory=list)
    screens: dict[str, str] = field(default_factory=dict)     # a screen of each kind
    handles: dict[str, tuple[str, str]] = field(default_factory=dict)   # handle -> cell
    typed_handles: set[str] = field(default_factory=set)
    done: set[str] = field(default_factory=set)    # the commands typed already
    pending: str = ""           # dice typed, not yet taken
    last_typed: str = ""        # the dice of the coup on screen
    last_message: str = ""      # what must still be on screen at the next prompt
    #: each player's last grid: what each cell showed
    cells: dict[str, dict[tuple[str, str], str]] = field(default_factory=dict)
    rolls: int = 0
    writer: str = ""            # who wrote the last cell

    @property
    def kept(self) -> int:
        """The turns of the finished game: those written, less the one undone."""
        return self.turns - ("undo" in self.done)

    def t(self, key: str, **values: object) -> str:
        return msg(key, self.lang, **values)

    def type(self, text: str, play: bool = False) -> None:
        self.keys += len(text) + 1
        if play:
            self.play_keys += len(text) + 1
        self.term.line(text)

    def fault(self, what: str) -> None:
        self.faults.append(f"{self.game.label} [{self.lang}] cell {self.turns + 1}: {what}\n"
                           + self.term.text())

    def printed(self) -> list[str]:
        """The lines printed since the last Enter, without the echo of what was typed."""
        raw = ESCAPES.sub(b"", self.term.since).decode("utf-8", "replace")
        return re.split(r"\r?\n|\r", raw)[1:]

    # -- the checks at every prompt -----------------------------------------------------------

    def check_screen(self, name: str, prompt: str) -> None:
        """No line wider than the screen (the terminal would fold it inside a word: the
        program wraps between words); the prompt on the last lines, starting with the name;
        the last message still on screen."""
        for line in self.printed():
            if cell_len(line) > 80:
                self.fault(f"a line of {cell_len(line)} columns: {line!r}")
        rows = [line for line in self.term.lines() if line][-2:]
        if prompt not in " ".join(rows):
            self.fault(f"the prompt {prompt!r} is not on the last lines")
        if not any(row.startswith(name) for row in rows):
            self.fault(f"{name!r} does not start the prompt")
        if self.last_message and not any(self.last_message in line
                                         for line in self.term.lines()):
            self.fault(f"the last message {self.last_message!r} is not on screen")
        self.last_message = ""

    def check_grid(self, name: str, prompt: str) -> dict[str, tuple[str, str, int]]:
        """The grid and its column header, the dice typed, the name and the prompt on one
        screen; every handle labels one cell all game long. Returns the handles shown."""
        self.check_screen(name, prompt)
        lines = self.term.lines()
        try:
            headers, found = turn_grid(lines)
            self.cells[name] = grid_cells(lines)[1]
        except StopIteration:
            self.fault("no grid on screen")
            return {}
        columns = [DECORATION.sub("", h) for h in headers if not h.lower().startswith("coup ")]
        # a house sheet's columns by either of their names: which one is said in English
        # is the house vocabulary's matter, not the screen's
        names = [self.game.columns, self.game.columns_en or self.game.columns]
        expected = names if len(self.game.columns) > 1 else [[name]]
        if columns not in expected:
            self.fault(f"column header {headers} (expected {expected[0]})")
        coup_line = self.t("typed_coup", n=1, dice="", roll="").split(" 1 ")[0]
        if not any(line.endswith(self.last_typed) for line in lines) and \
                not any(line.startswith(coup_line) for line in lines):
            self.fault(f"the dice typed, {self.last_typed!r}, are not on screen")
        for handle, (row, column, _score) in found.items():
            if len(self.game.columns) == 1:         # its header is the player's name
                column = column.replace(name, "", 1)
            cell = (row, column if column.endswith(")") else f"{column} (1)")   # coup 1 alone
            if self.handles.setdefault(handle, cell) != cell:
                self.fault(f"{handle!r} was {self.handles[handle]}, now {cell}")
        return found

    # -- the walk -----------------------------------------------------------------------------

    def run(self) -> Walk:
        with tempfile.TemporaryDirectory(dir=MEMORY if Path(MEMORY).is_dir() else None) as db:
            args = ["play", "--db", str(Path(db) / "store"), *self.game.args]
            with PtyScreen(args, lang=self.lang) as term:
                self.term = term
                for answer in self.game.setup:
                    term.wait(": ")
                    term.line(answer)
                self.defaults()
                self.play()
                term.line("q")
                term.finish()
        return self

    def defaults(self) -> None:
        """Enter at the setup's other questions (a sheet's columns, an order): its defaults."""
        dice = [self.t("dice_prompt", name=p, rolls="")[:-2] for p in self.game.players]
        while True:
            self.term.wait_prompt((*dice, ": "))
            if any(d.encode() in self.term.since for d in dice):
                return
            self.term.line("")

    def play(self) -> None:
        over, cell = self.t("game_over"), self.t("choose_prompt")
        more, back = self.t("more_prompt"), self.t("back_prompt")
        second = self.t("second_prompt")[:12]
        dice = {self.t("dice_prompt", name=p, rolls="")[:-2]: p for p in self.game.players}
        while True:
            # the start of a prompt: the rest may be folded onto a second line
            got = self.term.wait_prompt((over, more, back, cell[:6], second, *dice))
            got = cell if got == cell[:6] else got
            if got == over:
                return
            if got in (more, back):
                self.page()
                continue
            if got in dice:
                self.at_dice(dice[got], got)
                continue
            rows = [line for line in self.term.lines() if line][-2:]
            name = next((p for p in self.game.players if any(r.startswith(p) for r in rows)),
                        self.game.players[0])
            found = self.check_grid(name, got)
            if got == second:
                self.at_second()
            else:
                self.at_cell(name, found)

    def page(self) -> None:
        """A screen of a long output (the sheet, the help): no line folded; Enter for more."""
        for line in self.printed():
            if cell_len(line) > 80:
                self.fault(f"a line of {cell_len(line)} columns in a page: {line!r}")
        self.screens.setdefault("page", self.term.text())
        self.type("")

    def at_dice(self, name: str, prompt: str) -> None:
        self.check_screen(name, prompt)
        said = self.printed()
        start = next((i for i, line in enumerate(said) if line.startswith("! ")), None)
        refusal = None if start is None else " ".join(said[start:-1])
        if self.pending:                        # the dice typed were refused
            if refusal is None:
                self.fault(f"{self.pending!r} asked again without a reason")
            elif self.pending == self.game.typo:
                self.pending = ""
            elif ANNOUNCE[self.lang] in refusal and ANNOUNCE[self.lang] not in self.pending:
                row = next(r for (r, c), text in self.cells[name].items()
                           if c == self.game.columns[-1] and text == "·")
                self.roll(f"{self.pending} {ANNOUNCE[self.lang]} {row}")
                return
            else:
                self.fault(f"{self.pending!r} refused: {refusal!r}")
                raise AssertionError("\n".join(self.faults))
        if "typo" not in self.done:
            self.done.add("typo")
            self.pending = self.game.typo
            self.type(self.game.typo)
            return
        if self.turns >= SHEET_TURN and "sheet" not in self.done:
            self.done.add("sheet")
            self.type("s")
            return
        if self.turns >= LOG_TURN and "log" not in self.done:
            self.done.add("log")
            self.type("t")
            return
        if self.turns >= UNDO_TURN and "undo" not in self.done:
            self.done.add("undo")
            self.last_message = self.t("undone_mark", name=self.writer, cells="").rstrip(". ")
            self.type("u")
            return
        self.roll(self.game.dice[self.rolls % len(self.game.dice)])

    def roll(self, dice: str) -> None:
        self.rolls += 1
        self.pending = self.last_typed = dice
        self.type(dice, play=True)

    def at_second(self) -> None:
        """Gaby's second coup: one turn in three, else Enter (choose from the first coup)."""
        self.pending = ""
        if self.rolls % 3 == 0:
            self.roll(self.game.dice[(self.rolls + 1) % len(self.game.dice)])
        else:
            self.type("", play=True)

    def at_cell(self, name: str, found: dict[str, tuple[str, str, int]]) -> None:
        self.pending = ""
        if not found:
            self.fault("no handle shown")
            raise AssertionError("\n".join(self.faults))
        self.screens.setdefault(f"cell{self.turns + 1}", self.term.text())
        handle = next((h for h in found if h not in self.typed_handles), next(iter(found)))
        for turn, word, typed in ((HELP_TURN, "help", "h"), (WHY_TURN, "why", f"why {handle}"),
                                  (HINT_TURN, "hint", self.game.hint)):
            if self.turns + 1 >= turn and word not in self.done:
                self.done.add(word)
                self.type(typed)
                if word == "why":
                    self.last_message = f"{handle}  "
                return
        row, column, score = found[handle]
        self.typed_handles.add(handle)
        self.type(handle, play=True)
        self.term.wait("\n")
        self.turns += 1
        self.check_report(name, handle, row, column, score)

    def check_report(self, name: str, handle: str, row: str, column: str, score: int) -> None:
        """The handle wrote the cell it labels, with the score shown."""
        self.term.wait(self.t("player_total", name=name, total="")[:-1])
        reports = [REPORTS[self.lang].match(line) for line in self.printed()]
        got = next((m for m in reports if m and m["name"] == name), None)
        if got is None:
            self.fault(f"{handle!r} wrote nothing")
            return
        plain = DECORATION.sub("", column.split(" (")[0])
        label = row if len(self.game.columns) == 1 else f"{plain} · {row}"
        if column.endswith(("(2)", "(3)")):
            label += column[-4:]
        written = int(got["score"] or 0)
        if got["cell"] != label or written != score:
            self.fault(f"{handle!r} showed {label} = {score}, wrote {got.group(0)!r}")
        self.last_message = got.group(0).split("   ")[0]
        self.writer = name
