"""The first ``yams hint`` on a sheet solves its table: on a terminal a Rich progress bar with
the time left runs on standard error meanwhile and is gone after; with ``--json``, or when
standard error is no terminal, nothing of it is printed."""

from __future__ import annotations

import re
from pathlib import Path

from helpers import ENV, run
from pty_screen import PtyScreen

SIRTIN = Path(__file__).resolve().parent.parent / "examples" / "house" / "sirtin.toml"
#: the bar's title, its count of sets of filled rows and its time left
BAR = re.compile(rb"Solving Petit Sirtin .*?(\d+)/256 (\d:\d\d:\d\d|-:--:--)")


def small_sheet(folder: Path) -> str:
    """Sirtin with 8 rows (its table solves in a fraction of a second)."""
    text = SIRTIN.read_text(encoding="utf-8").replace("Yams du Sirtin", "Petit Sirtin")
    for row in ("brelan", "carre", "full", "grande-suite"):
        text = re.sub(rf'\[\[rows\]\]\nid = "{row}"\n.*?(?=\n\[\[|\n#|\Z)', "", text,
                      flags=re.S)
    path = folder / "petit.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def _in_a_terminal(tmp_path: Path, *extra: str) -> PtyScreen:
    screen = PtyScreen(["hint", "--house", small_sheet(tmp_path), "--start", *extra],
                       env={"YAMS_CACHE": str(tmp_path / "cache"), "YAMS_DB": str(tmp_path)})
    assert screen.proc.wait(timeout=120) == 0
    while screen._pump(0.2):
        pass
    return screen


def test_a_solve_on_a_terminal_shows_a_bar_with_the_time_left(tmp_path):
    screen = _in_a_terminal(tmp_path)
    counts = [int(m[1]) for m in BAR.finditer(screen.since)]
    assert counts and counts[-1] == 256 and counts == sorted(counts)
    assert any(m[2] != b"-:--:--" for m in BAR.finditer(screen.since))
    text = "\n".join(screen.screen.display)
    assert "Expected final score" in text and "Solving Petit Sirtin" not in text   # gone after


def test_no_bar_with_json_nor_off_a_terminal(tmp_path, monkeypatch):
    screen = _in_a_terminal(tmp_path, "--json")
    assert b"Solving Petit" not in screen.since and b'"expected"' in screen.since
    monkeypatch.setitem(ENV, "YAMS_CACHE", str(tmp_path / "other-cache"))
    piped = run(str(tmp_path), "hint", "--house", small_sheet(tmp_path), "--start")
    assert piped.exit_code == 0 and "Expected final score" in piped.stdout
    assert piped.stderr.strip() == ("Solving the table for Petit Sirtin once; it is kept for "
                                    "next time.")
