"""Installing: shell completion installs for the user's shell (typer's --install-completion),
and the command it installs completes commands and options. (The wheel built and installed
with pipx in a clean environment is checked by .ci/package-check, a CI step after the suite:
it downloads its tools.)"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

pytestmark = pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")


def clean_env(home, **extra: str) -> dict[str, str]:
    return {"HOME": str(home), "PATH": os.environ.get("PATH", ""), "SHELL": "/bin/bash",
            "LANG": "C.UTF-8", "YAMS_LANG": "en", **extra}


def test_install_completion_from_bash_writes_the_script_and_sources_it(tmp_path):
    # run from bash (not exec'd by it: the shell is found among the parent processes)
    done = subprocess.run(["bash", "-c", '"$0" -m yams_scorekeeper --install-completion; '
                           "exit $?", sys.executable], env=clean_env(tmp_path),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "bash completion installed" in done.stdout
    script = tmp_path / ".bash_completions" / "yams.sh"
    assert "_YAMS_COMPLETE=complete_bash" in script.read_text()
    assert f"source '{script}'" in (tmp_path / ".bashrc").read_text()


@pytest.mark.parametrize("words, cword, expected", [
    ("yams ma", 1, ["mark", "maison"]),
    ("yams mark --s", 2, ["--scratch"]),
    ("yams exp", 1, ["export"]),
])
def test_the_installed_completion_completes_commands_and_options(tmp_path, words, cword,
                                                                 expected):
    env = clean_env(tmp_path, COMP_WORDS=words, COMP_CWORD=str(cword),
                    _YAMS_COMPLETE="complete_bash")
    done = subprocess.run([sys.executable, "-m", "yams_scorekeeper"], env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == expected
