"""base.lightclass makes classes that behave as the standard library's dataclasses (equality,
hash, order, repr, frozen fields, defaults, fields/replace/asdict, pickling), without importing
dataclasses or inspect."""

from __future__ import annotations

import dataclasses
import pickle
import subprocess
import sys
from typing import ClassVar

import pytest

from yams_scorekeeper.base import lightclass


@lightclass.dataclass(frozen=True)
class Stored:
    a: int
    b: tuple[int, ...] = ()


def _pair(**params):
    """The same class made by lightclass and by dataclasses."""
    def made(module):
        @module.dataclass(**params)
        class Point:
            kind: ClassVar[str] = "point"
            x: int
            y: int = 0
            tags: list[str] = module.field(default_factory=list, compare=False)
            label: str = module.field(default="", repr=False)
        return Point
    return made(lightclass), made(dataclasses)


@pytest.mark.parametrize("params", [{}, {"frozen": True}, {"frozen": True, "order": True},
                                    {"eq": False}, {"repr": False}])
def test_made_classes_behave_as_dataclasses(params):
    light, std = _pair(**params)
    for args in ((1,), (1, 2), (1, 2, ["a"]), (3, 1, [], "x")):
        a, b = light(*args), std(*args)
        assert [getattr(a, f.name) for f in dataclasses.fields(std)] == \
               [getattr(b, f.name) for f in dataclasses.fields(std)]
        if params.get("repr", True):
            assert repr(a).replace("light", "") == repr(b).replace("light", "")
        assert (a == light(*args)) == (b == std(*args))
        assert (a == light(9)) == (b == std(9))
        assert (light.__hash__ is None) == (std.__hash__ is None)
        if std.__hash__ is not None and params.get("frozen"):
            assert hash(a) == hash(light(*args)) and hash(a) == hash(b)
    assert light(1).tags is not light(1).tags                     # a fresh default each
    assert light.__match_args__ == std.__match_args__
    assert light.kind == "point" and "kind" not in {f.name for f in dataclasses.fields(light)}
    if params.get("order"):
        values = [light(2), light(1, 5), light(1, 2)]
        assert [(p.x, p.y) for p in sorted(values)] == [(1, 2), (1, 5), (2, 0)]
        assert light(1) < light(2) and not light(2) <= light(1)
    with pytest.raises(TypeError):
        light()                                                     # x is required


def test_frozen_fields_cannot_be_assigned_and_the_library_reads_them():
    light, _ = _pair(frozen=True)
    point = light(1, 2, ["t"])
    with pytest.raises(dataclasses.FrozenInstanceError):
        point.x = 3
    with pytest.raises(dataclasses.FrozenInstanceError):
        del point.y
    assert dataclasses.is_dataclass(point) and dataclasses.replace(point, y=7) == light(1, 7)
    assert dataclasses.asdict(point) == lightclass.asdict(point) == {
        "x": 1, "y": 2, "tags": ["t"], "label": ""}
    assert pickle.loads(pickle.dumps(Stored(1, (2,)))) == Stored(1, (2,))
    assert [f.name for f in dataclasses.fields(light)] == ["x", "y", "tags", "label"]


def test_inheritance_post_init_and_nested_asdict():
    @lightclass.dataclass(frozen=True)
    class Base:
        a: int
        b: int = 1

    @lightclass.dataclass(frozen=True)
    class Child(Base):
        c: tuple[Base, ...] = ()

        def __post_init__(self):
            object.__setattr__(self, "total", self.a + self.b)

    child = Child(1, 2, (Base(5),))
    assert child.total == 3 and child == Child(1, 2, (Base(5),)) and child != Base(1, 2)
    assert lightclass.asdict(child) == dataclasses.asdict(child) == {
        "a": 1, "b": 2, "c": ({"a": 5, "b": 1},)}
    with pytest.raises(TypeError):
        @lightclass.dataclass
        class Wrong:
            a: int = 0
            b: int


def test_the_engine_imports_neither_dataclasses_nor_inspect():
    code = ("import sys, yams_scorekeeper.store.session, yams_scorekeeper.cli.turn_cmds; "
            "print(sorted({'dataclasses', 'inspect', 'tinydb', 'hashlib'} & set(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_quick_init_still_makes_a_standard_dataclass_quicker():
    from yams_scorekeeper.base.values import quick_init

    @quick_init
    @dataclasses.dataclass(frozen=True)
    class Cell:
        row: str
        score: int = 0
        notes: list[str] = dataclasses.field(default_factory=list)

    cell = Cell("yam", 50)
    assert (cell.row, cell.score, cell.notes) == ("yam", 50, []) and Cell("x").notes is not \
        Cell("x").notes
    assert cell == Cell("yam", 50) and dataclasses.replace(cell, score=1).score == 1
    with pytest.raises(dataclasses.FrozenInstanceError):
        cell.score = 3
    with pytest.raises(TypeError):
        Cell()
