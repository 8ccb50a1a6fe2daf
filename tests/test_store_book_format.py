"""The exported book's format (:mod:`yams_scorekeeper.store.book_format`): its header and each
game checked, in words, into the archive entry an import writes."""

from __future__ import annotations

import pytest
from test_store import new_doc, summary

from yams_scorekeeper.base.errors import StoreError
from yams_scorekeeper.store.archive import archive_tables
from yams_scorekeeper.store.book_format import (
    archive_record,
    book_entries,
    book_entry,
    check_book_header,
)
from yams_scorekeeper.store.files import encode


@pytest.mark.parametrize("data", [[], {"format": "other", "version": 1},
                                  {"format": "yams-scorekeeper-book", "version": True},
                                  {"format": "yams-scorekeeper-book", "version": 1.0},
                                  {"format": "yams-scorekeeper-book", "version": 2}])
def test_a_header_that_is_not_a_book_is_refused_saying_what_is_expected(data):
    with pytest.raises(StoreError) as err:
        check_book_header(data)
    assert '"format": "yams-scorekeeper-book"' in err.value.expected


def test_a_book_needs_a_list_of_games():
    with pytest.raises(StoreError):
        book_entries({"format": "yams-scorekeeper-book", "version": 1, "games": {}})
    assert book_entries({"format": "yams-scorekeeper-book", "version": 1, "games": []}) == []


def test_a_game_becomes_its_archive_entry_or_says_what_is_wrong():
    game = {"doc": new_doc("g1"), "summary": summary("g1")}
    assert book_entry(game, 1) == {"id": "g1", **game}
    for bad, words in (("x", "object"), ({"doc": new_doc("g1"), "summary": {}}, "summary"),
                       ({"doc": new_doc("g1"), "summary": summary("../x")}, "invalid game id")):
        with pytest.raises(StoreError) as err:
            book_entry(bad, 3)
        assert words in str(err.value) and "3" in str(err.value)


def test_an_archive_record_carries_the_bytes_the_archive_writes():
    entry = {"id": "g1", "doc": new_doc("g1"), "summary": summary("g1")}
    record = archive_record(entry)
    assert record.id == "g1" and record.raw == encode(archive_tables(entry))
    assert record.rows and record.tally
