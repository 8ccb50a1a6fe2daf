"""The value objects a replay makes at every event are frozen, slotted dataclasses; a Die's
worked-out hash and text stay those of its fields."""

from __future__ import annotations

import dataclasses
import pickle
import subprocess
import sys

import pytest

from yams_scorekeeper.base.dice import Die, dice_texts
from yams_scorekeeper.base.totals import Totals
from yams_scorekeeper.engine.game import Coup, LegalCell, Mark, Turn
from yams_scorekeeper.i18n import Message
from yams_scorekeeper.rules.base import Figure

QUICK = (Coup, Mark, LegalCell, Turn, Figure, Totals)


@pytest.mark.parametrize("cls", QUICK, ids=lambda c: c.__name__)
def test_the_event_values_are_frozen_slotted_dataclasses(cls):
    assert dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen
    assert "__slots__" in cls.__dict__ and "__dict__" not in dir(cls)
    required = [f for f in dataclasses.fields(cls) if f.default is dataclasses.MISSING
                and f.default_factory is dataclasses.MISSING]
    with pytest.raises(TypeError):
        cls(*([1] * (len(required) - 1)))           # a field missing is refused


def test_event_values_stay_frozen_equal_hashable_and_picklable():
    mark = Mark("libre", "full", 28, 1, False, Message("explain.scratched"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        mark.score = 0                                              # type: ignore[misc]
    same = Mark("libre", "full", 28, 1, False, Message("explain.scratched"))
    assert mark == same and hash(mark) == hash(same) and mark != dataclasses.replace(mark, score=0)
    assert pickle.loads(pickle.dumps(mark)) == mark
    one, two = Figure("1", "chiffres", 0, 0, "x"), Figure("1", "chiffres", 0, 0, "x")
    assert one.factors == {} and one.factors is not two.factors      # a fresh default each


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
