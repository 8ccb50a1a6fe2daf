"""Write docs/reference/cli.md, the command-line reference, from the Typer app itself: every
command's English ``--help`` as ``yams COMMAND --help`` prints it at 80 columns.

    python scripts/gen_cli_reference.py           # write the page again
    python scripts/gen_cli_reference.py --check   # exit 1 if the page is stale, writes nothing

tests/test_docs.py fails when a command's help changed and the page was not written again.
"""

from __future__ import annotations

import argparse

from docgen import REPO, WIDTH, commands, summary, tidy, write_or_check

PAGE = REPO / "docs" / "reference" / "cli.md"

HEADER = """\
# Command-line reference

Every command of `yams`, with its `--help` as it prints in English at 80 columns. This page is
generated from the program by `python scripts/gen_cli_reference.py` (a test fails when a
command's help changes and the page is not written again). The same help is printed in French
when the language is French: `yams --lang fr COMMAND --help`, `YAMS_LANG=fr`, or a French locale.

Every command that reads or writes the store takes `--db PATH` (the store folder; default
`$YAMS_DB`, else the user's application folder); every command takes `-h`/`--help`. Exit
status: 0 ok, 2 bad entry, 3 refused by the rules, 4 store error, 5 store busy.
"""


def help_text(args: list[str]) -> str:
    """``yams ARGS --help`` in English at :data:`WIDTH` columns, run in this process."""
    from typer.testing import CliRunner

    from yams_scorekeeper.cli.app import app

    result = CliRunner().invoke(app, [*args, "--help"], prog_name="yams",
                                env={"COLUMNS": str(WIDTH), "YAMS_LANG": "en", "LANG": "C.UTF-8",
                                     "LC_ALL": "C.UTF-8", "NO_COLOR": "1", "TERM": "dumb"})
    if result.exit_code != 0:
        raise RuntimeError(f"yams {' '.join(args)} --help failed: {result.output}")
    return tidy(result.output)


def page() -> str:
    """The whole reference page."""
    parts = [HEADER, "| command | what it does |", "|---|---|"]
    listed = commands()
    parts += [f"| [`{name}`](#yams-{name}) | {summary(cmd)} |" for name, cmd in listed]
    parts += ["", "## `yams`", "", "```text", help_text([]), "```", ""]
    for name, _ in listed:
        parts += [f"## `yams {name}`", "", "```text", help_text([name]), "```", ""]
    return "\n".join(parts)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if out of date; write nothing")
    return write_or_check(PAGE, page(), parser.parse_args().check)


if __name__ == "__main__":
    raise SystemExit(main())
