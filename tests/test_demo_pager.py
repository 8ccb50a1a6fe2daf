"""``yams demo`` on a terminal goes through the pager, a screen at a time; to a pipe it is
printed whole, as before."""

from __future__ import annotations

import os
import subprocess
import sys

from pty_screen import PtyScreen


def test_demo_on_a_terminal_goes_to_the_pager_whole(tmp_path):
    kept = tmp_path / "paged.txt"
    pager = f"{sys.executable} -c \"import sys; open({str(kept)!r}, 'w').write(sys.stdin.read())\""
    screen = PtyScreen(["demo"], env={"PAGER": pager})
    assert screen.proc.wait(timeout=120) == 0
    while screen._pump(0.2):
        pass
    shown = [line for line in screen.screen.display if line.strip()]
    assert shown == []                         # the pager had it all, the screen none of it
    env = {**os.environ, "YAMS_LANG": "en", "NO_COLOR": "1", "COLUMNS": "80",
           "PYTHONIOENCODING": "utf-8"}
    piped = subprocess.run([sys.executable, "-m", "yams_scorekeeper", "demo"], env=env,
                           capture_output=True, encoding="utf-8", check=True).stdout
    paged = kept.read_text(encoding="utf-8")
    assert len(piped.splitlines()) > 24
    assert [line.rstrip() for line in paged.splitlines()] == [
        line.rstrip() for line in piped.splitlines()]
