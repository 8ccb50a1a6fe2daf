"""Write the generated blocks of README.md and docs/index.md again from real runs of ``yams``:
the rule families (from the registry), the version, a score, a table session (``yams play``
fed the lines of :data:`SESSION_INPUT`) and the list of commands (from the Typer app).

    python scripts/update_readme.py           # run the commands, rewrite the marked blocks
    python scripts/update_readme.py --check   # exit 1 if a block is out of date; writes nothing

Only the text between ``<!-- begin generated: NAME -->`` and ``<!-- end generated: NAME -->``
is rewritten. Game ids and dates differ from one run to the next; they alone are no change.
tests/test_docs.py makes the blocks again and compares them with the files.
"""

from __future__ import annotations

import argparse

from docgen import (REPO, commands, console, families, family_count_words, fill, run_yams,
                    summary, write_or_check)

FILES = (REPO / "README.md", REPO / "docs" / "index.md")

SCORE_ARGS = ["score", "--rules", "gaby", "55533/2"]
#: what the players type in the README's table session, one line a prompt
SESSION_INPUT = ["duel", "Alice, Bob", "55533/2", "full", "q"]


def families_block() -> str:
    lines = [f"It knows {family_count_words()} (an id or an alias picks one: `yams play` asks, "
             "`--rules` elsewhere):", ""]
    for rules in families():
        names = ", ".join(f"`{name}`" for name in (rules.family, *rules.aliases))
        columns = ", ".join(rules.column_names.values())
        lines.append(f"- {rules.title} ({names}): column{'s' if len(rules.column_names) > 1 else ''}"
                     f" {columns}; {rules.min_players} to {rules.max_players} players.")
    return "\n".join(lines)


def version_block() -> str:
    return console(("yams --version", run_yams(["--version"])))


def score_block() -> str:
    return console(("yams " + " ".join(SCORE_ARGS), run_yams(SCORE_ARGS)))


def session_block() -> str:
    return console(("yams play", run_yams(["play"], stdin="\n".join(SESSION_INPUT) + "\n")))


def commands_block() -> str:
    return "\n".join(f"- `yams {name}`: {summary(command)}" for name, command in commands())


BLOCKS = {"families": families_block, "version": version_block, "score": score_block,
          "session": session_block, "commands": commands_block}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if out of date; write nothing")
    check = parser.parse_args().check
    status = 0
    for path in FILES:
        status |= write_or_check(path, fill(path.read_text(encoding="utf-8"), BLOCKS), check)
    return status


if __name__ == "__main__":
    raise SystemExit(main())
