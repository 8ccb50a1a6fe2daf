"""House files are bounded before they are parsed (issue 37, item 2): a text over 1 MB, arrays
or tables nested deeper than a sheet needs, a key of many dots are refused in one line, before
``tomllib`` (whose stack and time grow with them) sees them; wide shapes are read or refused,
never a traceback. The time of each answer is measured by ``benchmarks/bench_house_bounds.py``."""

from __future__ import annotations

import pytest
from helpers import one_line_error, run
from hypothesis import given, settings
from hypothesis import strategies as st

from yams_scorekeeper.house import HouseFileError, house_from_doc, load_house
from yams_scorekeeper.house.reader import MOST_BYTES, MOST_DEPTH, MOST_DOTS

UPPER = "".join(f'[[rows]]\nid = "{v}"\nkind = "upper"\nname = "{v}"\n\n' for v in range(1, 7))


def steps(n: int) -> str:
    return UPPER + '[[bonuses]]\nid = "b"\nsteps = ' + "[" * n + "63, 35" + "]" * n + "\n"


#: each shape, made ``n`` deep or wide
DEEP = {
    "array": lambda n: UPPER + "x = " + "[" * n + "]" * n + "\n",
    "inline table": lambda n: UPPER + "x = " + "{a = " * n + "1" + "}" * n + "\n",
    "arrays of tables": lambda n: UPPER + "x = " + "[{a = " * n + "1" + "}]" * n + "\n",
    "dotted key": lambda n: UPPER + "a" + ".a" * n + " = 1\n",
    "dotted table": lambda n: UPPER + "[a" + ".a" * n + "]\n",
    "quoted dotted key": lambda n: UPPER + '"a"' + '."a"' * n + " = 1\n",
    "bonus steps": steps,
}
WIDE = {
    "array": lambda n: UPPER + "x = [" + "1, " * n + "1]\n",
    "inline table": lambda n: UPPER + "x = {" + ", ".join(f"k{i} = 1" for i in range(n)) + "}\n",
    "rows": lambda n: UPPER * (1 + n // 6),
    "title": lambda n: UPPER + 'title = "' + "a" * n + '"\n',
    "comments": lambda n: UPPER + "# [[{ a.b.c.d.e.f.g.h.i.j\n" * n,
    "strings holding brackets": lambda n: UPPER + 'x = "' + "[{" * n + '"\n',
}


def test_what_a_sheet_needs_is_well_inside_the_bounds():
    """A bonus's steps (2 levels) are read; a nesting at the bound, a key of ``MOST_DOTS``
    dots, many keys of a few dots each, reach the vocabulary, which refuses the unknown key."""
    assert load_house(steps(2), name="ok").spec.bonuses[0].steps == ((63, 35),)
    for text in (DEEP["array"](MOST_DEPTH), DEEP["dotted key"](MOST_DOTS),
                 UPPER + "".join(f"a{i}.b.c.d.e = 1\n" for i in range(5)),   # dots of each key
                 UPPER + "x = {a.b.c.d.e = 1, f.g.h.i.j = 2}\n"):
        with pytest.raises(HouseFileError) as err:
            load_house(text, name="x")
        assert err.value.key not in ("(toml)", "(sheet)"), str(err.value)


@pytest.mark.parametrize("shape", list(DEEP))
def test_deep_shapes_are_refused_before_parsing_naming_their_line(shape):
    for n in (MOST_DEPTH + 1, 1_000, 20_000):
        text = DEEP[shape](n)
        with pytest.raises(HouseFileError) as err:
            load_house(text, name="deep")
        assert err.value.key == "(toml)", (shape, n, str(err.value))
        assert err.value.line == (33 if shape == "bonus steps" else 31)
        assert "nested too deeply" in str(err.value)
        assert "imbriqué trop profondément" in err.value.text("fr")


def test_a_text_over_the_size_bound_is_refused_unparsed():
    text = UPPER + "#" * (MOST_BYTES - len(UPPER)) + "\n"
    with pytest.raises(HouseFileError) as err:
        load_house(text, name="big")
    assert err.value.key == "(toml)" and f"at most {MOST_BYTES}" in str(err.value)
    assert "au plus" in err.value.text("fr")
    assert load_house(text[:MOST_BYTES], name="big").spec.rows[0].id == "1"


def test_a_stored_document_nested_too_deep_is_refused_as_a_file_is():
    """A stored sheet whose bonus steps are wrapped in lists: 4 deep, the vocabulary refuses
    the steps; one more, and 5,000 more, the document is refused as too deep, unread."""
    sheet = load_house(steps(2), name="club")
    doc = sheet.rules_doc
    for n in (4, 5, 5_000):
        deep: object = [63, 35]
        for _ in range(n):
            deep = [deep]
        forged = {**doc, "bonuses": [{**doc["bonuses"][0], "steps": deep}]}
        with pytest.raises(HouseFileError) as err:
            house_from_doc(forged)
        assert err.value.key == ("bonuses[0].steps" if n == 4 else "(sheet)"), str(err.value)
        assert ("nested too deeply" in str(err.value)) == (n > 4)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted({**{f"deep {k}": v for k, v in DEEP.items()},
                               **{f"wide {k}": v for k, v in WIDE.items()}}.items())),
       st.integers(0, 30_000))
def test_any_deep_or_wide_shape_is_read_or_refused_never_a_traceback(shape, n):
    _, make = shape
    try:
        load_house(make(n), name="shape")
    except HouseFileError as err:
        assert str(err).count("\n") == 0


HOSTILE = {"array 100,000 deep": DEEP["array"](100_000),
           "inline table 5,000 deep": DEEP["inline table"](5_000),
           "bonus steps 1,000 deep": steps(1_000),
           "dotted key 20,000 deep": DEEP["dotted key"](20_000),
           "over the command line's read cap": WIDE["comments"](12_000)}


@pytest.mark.parametrize("shape", list(HOSTILE))
def test_each_command_refuses_a_hostile_file_in_one_line(tmp_path, shape):
    path = tmp_path / "club.toml"
    path.write_text(HOSTILE[shape], encoding="utf-8")
    db = str(tmp_path / "store")
    for args in (["house", "check", str(path)], ["rules", "--house", str(path)],
                 ["score", "--house", str(path), "-r", "1", "12345"],
                 ["new", "--house", str(path), "-p", "Alice"]):
        line = one_line_error(run(db, *args), code=2)
        assert ("nested too deeply" in line) or ("larger than 256 kB" in line), (args, line)
    assert not (tmp_path / "store" / "games").exists() or not any(
        (tmp_path / "store" / "games").iterdir())
