"""``yams hint`` on a one-column house sheet the exact solver does not cover (issue 22's gap):
``hint --house FILE`` is one error naming each part it cannot solve and saying that a game on
the sheet gets the heuristic adviser; ``hint`` in such a game answers with the heuristic and a
note saying why. No table is solved here (a solvable sheet takes seconds to solve)."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import ok, one_line_error, run

from yams_scorekeeper.house import family_sheets, load_house, solver_gaps
from yams_scorekeeper.house.families import shipped_text
from yams_scorekeeper.house.rules import exactly_solvable

REPO = Path(__file__).resolve().parent.parent
SIRTIN = (REPO / "examples" / "house" / "sirtin.toml").read_text(encoding="utf-8")
PLUS_MOINS = ('\n[[rows]]\nid = "plus"\nkind = "plus"\nname = "Plus"\n\n[[rows]]\nid = "moins"\n'
              'kind = "moins"\nname = "Moins"\n')


def top(text: str, line: str) -> str:
    """``sirtin.toml`` with ``line`` among its top keys."""
    return text.replace('rolls = 3\n', f'rolls = 3\n{line}\n', 1)


#: (what is changed, the sheet, what the refusal names)
CASES = [
    ("progressive", SIRTIN.replace("steps = [[63, 35]]", "steps = [[60, 30], [70, 50]]"),
     "the bonus 'Prime' in several steps (+30 at 60, +50 at 70)"),
    ("y3", top(SIRTIN, 'plus_moins = "Y3"') + PLUS_MOINS, "plus and moins read as Y3"),
    ("servi", top(SIRTIN, "yams_servi = 20"), "the yams servi bonus (+20)"),
    ("free-joker", top(SIRTIN, 'joker = "free"'), 'the free joker (joker = "free")'),
    ("rolls", SIRTIN.replace("rolls = 3\n", "rolls = 4\n"), "4 rolls a turn"),
    ("sheet-bonus", SIRTIN.replace("steps = [[63, 35]]", 'steps = [[63, 35]]\nscope = "sheet"'),
     "the bonus 'Prime' over the whole sheet"),
    ("forced-no-extra", top(SIRTIN, 'joker = "forced"'),
     "the forced joker without an extra-yams bonus"),
    ("extra-alone", top(SIRTIN, "extra_yams = 100"),
     "an extra-yams bonus without the forced joker"),
]


@pytest.fixture
def sheet(tmp_path, request):
    name, text, _ = request.param
    path = tmp_path / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(("sheet", "gap"), [(c, c[2]) for c in CASES], indirect=["sheet"],
                         ids=[c[0] for c in CASES])
def test_hint_house_names_what_the_solver_cannot_solve(sheet, gap):
    line = one_line_error(run(None, "hint", "--house", str(sheet), "55533", "-r", "1"),
                          "the exact solver does not cover Yams du Sirtin: ", gap,
                          "heuristic adviser", "yams new --house")
    assert line.count(";") == 0         # one part, one reason


@pytest.mark.parametrize(("sheet", "gap"), [(c, c[2]) for c in CASES[:5]],
                         indirect=["sheet"], ids=[c[0] for c in CASES[:5]])
def test_hint_in_a_game_of_it_is_the_heuristic_with_a_note(tmp_path, sheet, gap):
    db = str(tmp_path / "db")
    ok(db, "new", "--house", str(sheet), "-p", "Alice")
    ok(db, "enter", "55533/1")
    result = ok(db, "hint")
    assert "HEURISTIC" in result.stdout.splitlines()[0]
    (note,) = result.stderr.splitlines()
    assert note.startswith("note: the exact solver does not cover Yams du Sirtin: ")
    assert gap in note and note.endswith("The heuristic adviser answers.")


def test_every_part_is_named_at_once_in_french(tmp_path):
    path = tmp_path / "club.toml"
    path.write_text(top(CASES[0][1], "yams_servi = 20").replace("rolls = 3\n", "rolls = 4\n"),
                    encoding="utf-8")
    line = one_line_error(run(None, "hint", "--house", str(path), lang="fr"),
                          "le solveur exact ne couvre pas Yams du Sirtin : ",
                          "4 lancers par tour", "+30 à 60, +50 à 70", "yams servi (+20)",
                          "conseil heuristique")
    assert line.count(" ; ") == 2


def test_a_sheet_the_solver_covers_has_no_gap():
    sheets = {"sirtin": SIRTIN} | {
        name: shipped_text(name) for name in family_sheets() if name != "gaby"}
    for name, text in sheets.items():
        spec = load_house(text, name=name).spec
        assert solver_gaps(spec) == [] and exactly_solvable(spec), name
    for _, text, _ in CASES:
        assert not exactly_solvable(load_house(text, name="x").spec)
