"""Value objects made quickly (values.quick_init, Die's worked-out hash and text) behave as the
plain frozen dataclasses they replace."""

from __future__ import annotations

import dataclasses
import inspect
import pickle
import subprocess
import sys

import pytest

from yams_scorekeeper.base.dice import Die, dice_texts
from yams_scorekeeper.base.totals import Totals
from yams_scorekeeper.base.values import quick_init
from yams_scorekeeper.engine.game import Coup, LegalCell, Mark, Turn
from yams_scorekeeper.i18n import Message
from yams_scorekeeper.rules.base import Figure

QUICK = (Coup, Mark, LegalCell, Turn, Figure, Totals)


def _plain_twin(cls: type) -> type:
    """The same fields as a frozen dataclass with the generated __init__."""
    return dataclasses.make_dataclass(
        cls.__name__, [(f.name, f.type, f) for f in dataclasses.fields(cls)], frozen=True)


@pytest.mark.parametrize("cls", QUICK, ids=lambda c: c.__name__)
def test_quick_init_takes_the_dataclass_parameters_and_defaults(cls):
    twin = _plain_twin(cls)
    mine, theirs = inspect.signature(cls.__init__), inspect.signature(twin.__init__)
    assert list(mine.parameters) == list(theirs.parameters)
    for name, param in theirs.parameters.items():
        if param.default is not inspect.Parameter.empty and name != "self":
            assert mine.parameters[name].default in (param.default, dataclasses.MISSING)
    required = [n for n, p in theirs.parameters.items()
                if p.default is inspect.Parameter.empty and n != "self"]
    values = {name: f"v{i}" for i, name in enumerate(required)}
    made, reference = cls(**values), twin(**values)
    for f in dataclasses.fields(cls):
        assert getattr(made, f.name) == getattr(reference, f.name)
    with pytest.raises(TypeError):
        cls(*([1] * (len(required) - 1)))           # a field missing is still refused


def test_quick_init_objects_stay_frozen_equal_hashable_and_picklable():
    mark = Mark("libre", "full", 28, 1, False, Message("explain.scratched"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        mark.score = 0                                              # type: ignore[misc]
    same = Mark("libre", "full", 28, 1, False, Message("explain.scratched"))
    assert mark == same and hash(mark) == hash(same) and mark != dataclasses.replace(mark, score=0)
    assert pickle.loads(pickle.dumps(mark)) == mark
    one, two = Figure("1", "chiffres", 0, 0, "x"), Figure("1", "chiffres", 0, 0, "x")
    assert one.factors == {} and one.factors is not two.factors      # a fresh default each


def test_quick_init_refuses_what_it_cannot_copy():
    @dataclasses.dataclass
    class Mutable:
        a: int

    @dataclasses.dataclass(frozen=True)
    class Checked:
        a: int

        def __post_init__(self):
            pass

    for cls in (Mutable, Checked):
        with pytest.raises(TypeError):
            quick_init(cls)


def test_die_hash_and_text_are_those_of_its_fields_in_any_process():
    die = Die(3, "c", "p")
    assert hash(die) == hash((3, "c", "p")) and str(die) == "3cp" and str(Die(5)) == "5"
    assert dice_texts((Die(1), die)) == ("1", "3cp")
    # a die pickled here and read in another process (another hash seed) is found in a set
    code = ("import pickle, sys; from yams_scorekeeper.base.dice import Die; "
            "d = pickle.loads(sys.stdin.buffer.read()); "
            "print(d in {Die(3, 'c', 'p')}, hash(d) == hash((3, 'c', 'p')))")
    out = subprocess.run([sys.executable, "-c", code], input=pickle.dumps(die),
                         capture_output=True, check=True, env={"PYTHONHASHSEED": "123"})
    assert out.stdout.decode().split() == ["True", "True"]
