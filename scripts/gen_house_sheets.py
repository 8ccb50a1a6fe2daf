"""Write the built-in families' house files (``yams_scorekeeper/house/sheets/*.toml``) again
from the families' classes: every number a setting fixes (``# setting NAME``) is written from
the class's default settings, so the file and the class cannot drift apart.

    python scripts/gen_house_sheets.py           # write the files again
    python scripts/gen_house_sheets.py --check   # exit 1 if one is stale, writes nothing

tests/test_house_families.py fails when a file differs from what this writes.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from docgen import write_or_check

from yams_scorekeeper.house.families import family_sheets, generated_text, shipped_path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only say whether one is stale")
    args = parser.parse_args()
    status = 0
    for family in family_sheets():
        status |= write_or_check(Path(shipped_path(family)), generated_text(family), args.check)
    return status


if __name__ == "__main__":
    raise SystemExit(main())
