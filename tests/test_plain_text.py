"""`cli/plain_text.py`: tables and lines written straight are the bytes Rich writes."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console
from rich.text import Text

from yams_scorekeeper.cli.plain_text import plain, print_lines, print_table, table_lines
from yams_scorekeeper.cli.printing import simple_table
from yams_scorekeeper.cli.render import console

WORDS = ["Alice", "Chloé", "Émile", "Duel au Yam", "1 093,3", "12", "-", "33 %", "", "x",
         "Brelan de 5", "山田", "naïve · école", "a\u0301b", "Gaby (3 joueurs)"]


def _rich(width: int, columns, rows, no_wrap: bool) -> str:
    out = Console(file=io.StringIO(), width=width)
    if no_wrap:
        table = simple_table((columns[0],))
        for title, justify in columns[1:]:
            table.add_column(title, justify=justify, no_wrap=True)
    else:
        table = simple_table(columns)
    for row in rows:
        table.add_row(*row)
    out.print(table)
    return out.file.getvalue()


def _ours(width: int, columns, rows, no_wrap: bool) -> str:
    out = Console(file=io.StringIO(), width=width)
    print_table(out, columns, rows, no_wrap)
    return out.file.getvalue()


@pytest.mark.parametrize("seed", range(60))
def test_a_table_is_what_rich_draws(seed):
    rng = random.Random(seed)
    columns = [(rng.choice(WORDS), rng.choice(["left", "right"]))
               for _ in range(rng.randint(1, 7))]
    rows = [[rng.choice(WORDS) for _ in columns] for _ in range(rng.randint(0, 6))]
    width = rng.choice([20, 40, 60, 100])
    no_wrap = rng.random() < 0.5
    assert _ours(width, columns, rows, no_wrap) == _rich(width, columns, rows, no_wrap)


def test_the_straight_form_is_used_when_it_fits():
    columns = [("Row", "left"), ("Cells", "right"), ("Avg", "right")]
    rows = [["Brelan", "12", "3.4"], ["Yams", "1", "50"]]
    assert table_lines(columns, rows) == [
        " " * 22, " Row      Cells   Avg ", " " + "─" * 20 + " ", " Brelan      12   3.4 ",
        " Yams         1    50 ", " " * 22]
    out = Console(file=io.StringIO(), width=22)
    assert plain(out)
    print_table(out, columns, rows)
    assert out.file.getvalue() == "".join(line + "\n" for line in table_lines(columns, rows))
    narrow = Console(file=io.StringIO(), width=21)          # Rich folds it: Rich draws it
    print_table(narrow, columns, rows)
    assert narrow.file.getvalue() == _rich(21, columns, rows, False)
    assert narrow.file.getvalue() != out.file.getvalue()


@pytest.mark.parametrize("text", ["Alice · Duel au Yam · 120 feuilles", "x" * 45, "山田" * 12,
                                  "trailing  ", ""])
def test_a_line_is_what_rich_draws(text):
    for width in (20, 40, 100):
        ours = Console(file=io.StringIO(), width=width)
        print_lines(ours, [text], Text(text, style="bold"))
        theirs = Console(file=io.StringIO(), width=width)
        theirs.print(Text(text, style="bold"))
        assert ours.file.getvalue() == theirs.file.getvalue()


def test_a_terminal_gets_rich_with_its_styles():
    out = Console(file=io.StringIO(), width=60, force_terminal=True, color_system="standard")
    assert not plain(out)
    print_lines(out, ["Alice"], Text("Alice", style="bold"))
    assert out.file.getvalue() == "\x1b[1mAlice\x1b[0m\n"
    raw = io.BytesIO()
    ascii_only = Console(file=io.TextIOWrapper(raw, encoding="ascii"), width=60)
    assert not plain(ascii_only)                           # Rich draws ASCII boxes there
    print_table(ascii_only, [("Row", "left")], [["Yams"]])
    ascii_only.file.flush()
    assert "─" not in raw.getvalue().decode("ascii")


def test_the_program_console_on_a_pipe_is_plain(monkeypatch):
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.delenv("TTY_COMPATIBLE", raising=False)
    out = console()
    out.file = io.StringIO()
    assert out.color_system is None


@pytest.mark.parametrize("seed", range(40))
def test_a_titled_table_is_what_rich_draws_when_it_is_written_straight(seed):
    """``yams records``: a table under its title (``title_justify="left"``); written straight
    only when the title fits on one line of the table's width, as Rich draws it."""
    from yams_scorekeeper.cli.plain_text import print_titled_table

    rng = random.Random(seed)
    columns = [(rng.choice(WORDS), rng.choice(["left", "right"]))
               for _ in range(rng.randint(1, 5))]
    rows = [[rng.choice(WORDS) for _ in columns] for _ in range(rng.randint(0, 4))]
    title = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 6)))
    width = rng.choice([20, 40, 60, 100])
    ours = Console(file=io.StringIO(), width=width)
    written = print_titled_table(ours, title, columns, rows)
    rich = Console(file=io.StringIO(), width=width)
    table = simple_table(columns, title=Text(title, style="bold"), title_justify="left")
    for row in rows:
        table.add_row(*row)
    rich.print(table)
    if written:
        assert ours.file.getvalue() == rich.file.getvalue()
    else:
        assert ours.file.getvalue() == ""
