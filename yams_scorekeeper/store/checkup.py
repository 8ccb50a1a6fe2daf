"""``yams check`` and ``yams records --rebuild``: the whole store verified, the derived repaired.

Crash invariant: only derived data is repaired here (the summaries index row by row against
the archive files, the record book counted again, a finish or a reopening that was cut
completed as the next operation would), each repair one of the atomic steps the other parts
make, so a check cut anywhere leaves a store the next check finds as sound or repairs
further. A damaged archive or game file is reported and left alone: it is the user's to
restore from its backups, and nothing derived can stand for it.
"""

from __future__ import annotations

import os
from typing import NamedTuple

from ..base.errors import StoreError
from ..i18n import Message
from .access import Access
from .finishing import finish_game
from .parts import Parts


class Finding(NamedTuple):
    """What ``yams check`` found (:meth:`Store.check`): the ``part`` of the store
    ("archive", "index", "records", "games"), what is wrong, and whether it was repaired."""

    part: str
    message: Message
    repaired: bool


def index_against_archive(parts: Parts) -> list[Finding]:
    """Check every row of the summaries index against the archive file it comes from
    (every file read, its checksum verified): a row missing, changed or added is put
    right; an archive file that cannot be read is a finding not repaired (the lock is
    held)."""
    from .summary_index import INDEX_TROUBLE, file_stamp

    findings: list[Finding] = []
    for attempt in (1, 2):
        try:
            index = parts.index.in_step()
            on_disk: set[str] = set()
            for game_id in parts.archive.names():
                try:
                    found = parts.archive.read_summary(game_id)
                except StoreError as err:
                    findings.append(Finding("archive", err.message, False))
                    on_disk.add(game_id)            # its row, if any, is left alone
                    continue
                if found is None:
                    continue
                on_disk.add(game_id)
                summary, sha = found
                if index.differs(summary, sha):
                    stamp = file_stamp(parts.folder.archive_file(game_id)) or (None, None)
                    index.replace(summary, (*stamp, sha))
                    findings.append(Finding("index", Message(
                        "store.check_index_row", game_id=game_id), True))
            for game_id in sorted(index.ids() - on_disk):
                index.drop(game_id)
                findings.append(Finding("index", Message(
                    "store.check_index_extra", game_id=game_id), True))
            return findings
        except INDEX_TROUBLE as exc:
            if attempt == 2:
                raise
            parts.index.rebuild_distrusted(exc)      # said: a finding of check's
            findings = []
    return findings


def check(parts: Parts, access: Access) -> list[Finding]:
    """:meth:`~yams_scorekeeper.store.Store.check`."""
    from .summary_index import INDEX_FILE

    folder = parts.folder
    heard: list[Message] = []
    notify, folder.notify = folder.notify, heard.append
    findings: list[Finding] = []
    try:
        with access.locked():
            findings += [Finding("games", m, True) for m in folder.repaired]
            folder.repaired.clear()
            parts.migrate()
            index_path = os.path.join(folder.path, INDEX_FILE)
            if not os.path.lexists(index_path) and parts.archive.has_games():
                findings.append(Finding("index", Message("store.check_index_missing"), True))
            findings += index_against_archive(parts)
            findings += [Finding("index", m, not m.key.endswith("unusable"))
                         for m in heard]
            heard.clear()
            book = parts.book
            book.check_file()
            findings += [Finding("records", m, True) for m in heard]
            owed = book.recount_owed()
            if owed and not heard:
                findings.append(Finding("records", Message("store.check_recount_owed"), True))
            counted = book.counted()
            if owed or book.book() != counted:
                if not owed and not heard:
                    findings.append(Finding("records", Message("store.check_book_differs"),
                                            True))
                book.write_recounted(counted)
            damaged: list[StoreError] = []
            for game in parts.games.listing(damaged):
                if game["finishing"]:
                    finish_game(parts, game["id"])
                    findings.append(Finding("games", Message(
                        "store.check_finish_completed", game_id=game["id"]), True))
            findings += [Finding("games", err.message, False) for err in damaged]
    finally:
        folder.notify = notify
    return findings
