"""The record book and an evening name a house sheet's parts by the sheet's names, in the
language of the run, never by their ids."""

from __future__ import annotations

import pytest
from club import EVENING_ID, SIRTIN, club_store
from helpers import ENV, js, ok


@pytest.fixture(scope="module")
def club(tmp_path_factory) -> str:
    return club_store(str(tmp_path_factory.mktemp("club") / "store"))


@pytest.mark.parametrize(("lang", "names"), [("fr", ("Chiffres", "Figures")),
                                             ("en", ("Upper", "Lower"))])
def test_house_sections_go_by_their_names(club, lang, names):
    ids = set(js(club, "records", "--house", str(SIRTIN))["configs"].popitem()[1]["records"])
    assert ids == {"total", "chiffres", "figures"}          # the book keeps the ids
    for args in (("records", "--house", str(SIRTIN)), ("soiree", "show", EVENING_ID)):
        text = ok(club, *args, lang=lang).stdout
        words = set(text.split())
        assert set(names) <= words and not {"chiffres", "figures"} & words, text


def test_head_to_head_names_each_family_by_its_title(club, monkeypatch):
    monkeypatch.setitem(ENV, "COLUMNS", "200")              # a line a family
    text = " ".join(ok(club, "stats", "Mamie Jeanne", "--vs", "Double suite de Marcel").stdout
                    .split())
    assert "Yatzy 3" in text and "Duel au Yam 1" in text
    assert not {"classic", "gaby", "double", "duel"} & set(text.split())
