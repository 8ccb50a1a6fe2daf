"""A club's files (:mod:`yams_scorekeeper.store.club`): house rules and evenings, each change
all or nothing."""

from __future__ import annotations

import pytest

from yams_scorekeeper.store import Store


def test_house_rules_are_kept_by_name_and_replaced(tmp_path):
    store = Store(tmp_path)
    assert store.house_rules() == {}
    store.save_house_rules("b", "classic", {"yam": 60})
    store.save_house_rules("a", "gaby", {})
    store.save_house_rules("b", "classic", {"yam": 50})
    assert store.house_rules() == {"a": {"family": "gaby", "settings": {}},
                                   "b": {"family": "classic", "settings": {"yam": 50}}}


def test_a_change_of_the_evenings_that_raises_writes_nothing(tmp_path):
    store = Store(tmp_path)
    assert store.evenings() == {"open": None, "evenings": {}} and not store.club.has_evenings()
    assert store.change_evenings(lambda data: data.update(open="e1") or "done") == "done"
    assert store.open_evening() == "e1"

    def half(data):
        data["open"] = "e2"
        raise ValueError("no")

    with pytest.raises(ValueError):
        store.change_evenings(half)
    assert store.open_evening() == "e1"
