"""Write the sheet snapshots of ``tests/test_sheet_snapshot.py`` again, after a deliberate
change of the sheet's layout: ``python scripts/update_snapshots.py`` (from the repository
root), then read ``git diff tests/data/snapshots`` before committing. The test itself only
compares; it never writes its expected files.

``--check`` writes nothing and lists the snapshots that differ (exit status 1 if any).
"""

from __future__ import annotations

import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent / "tests"


def main(argv: list[str]) -> int:
    sys.path.insert(0, str(TESTS))
    from test_sheet_snapshot import GAMES, SNAPSHOTS, render

    check = "--check" in argv
    differ = []
    for name in sorted(GAMES):
        path = SNAPSHOTS / f"{name}.txt"
        text = render(name)
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old == text:
            print(f"unchanged  {path.relative_to(TESTS.parent)}")
            continue
        differ.append(path)
        if check:
            print(f"differs    {path.relative_to(TESTS.parent)}")
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"{'written' if old is None else 'rewritten':10} "
                  f"{path.relative_to(TESTS.parent)}")
    if differ and not check:
        print("Read the diff before committing: git diff tests/data/snapshots")
    return 1 if check and differ else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
