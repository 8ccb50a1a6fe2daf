"""``yams import`` and ``yams export`` hold a few batches of games, not the book: the peak
memory of each process (the importing one and its workers) for a book of 2,000 games stays
under a fixed budget above an interpreter that only opens the store, measured by the kernel
(``resource``) in a new process."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from yams_scorekeeper.engine.config import make_config
from yams_scorekeeper.engine.simulate import play_random_game
from yams_scorekeeper.store import BOOK_FORMAT, BOOK_VERSION, import_check
from yams_scorekeeper.store.book_file import write_book

pytestmark = pytest.mark.skipif(not import_check.can_fork(), reason="no fork here")

#: what a transfer may add to the peak of an interpreter that only opens the store, whatever
#: the book's size (its batches of games, the index's page cache; a game kept until the end
#: costs ~50 KB: 100 MB for this book)
BUDGET_MB = 64

#: a transfer in a fresh interpreter, printing the peak RSS of it and of its workers
_SCRIPT = """
import json, resource, sys
from yams_scorekeeper import api
from yams_scorekeeper.store import Store
what, book, db = sys.argv[1:]
store = Store(db)
if what == "import":
    done = api.import_book(store, book)
elif what == "export":
    done = api.export_book(store, book, jobs=2)
else:
    done = store.records() and 0
print(json.dumps({"done": done, "self": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
                  "workers": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}))
"""


def _distinct() -> list[dict]:
    rng = random.Random(38)
    out = []
    for config in (make_config("duel", ["Alice", "Bruno"]), make_config("gaby", ["Zoé"]),
                   make_config("double", ["Alice", "Chloé"]),
                   make_config("classic", ["Alice", "Bruno", "Chloé"])):
        game = play_random_game(config, rng)
        out.append({"doc": game.to_doc(), "summary": game.summary()})
    return out


def _book(path, count: int, distinct: list[dict]) -> None:
    def games():
        for n in range(count):
            base = distinct[n % len(distinct)]
            game_id = f"{n:032x}"
            yield {"doc": {**base["doc"], "id": game_id},
                   "summary": {**base["summary"], "id": game_id,
                               "date": f"2025-0{n % 9 + 1}-1{n % 10}T21:00:00+00:00"}}

    write_book(path, {"format": BOOK_FORMAT, "version": BOOK_VERSION}, games(), lambda: {})


def _peaks(what: str, book, db) -> dict:
    done = subprocess.run([sys.executable, "-c", _SCRIPT, what, str(book), str(db)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_peak_memory_of_import_and_export_stays_under_a_fixed_budget(tmp_path):
    book, db = tmp_path / "book.json", tmp_path / "store"
    _book(book, 2_000, _distinct())
    bare = _peaks("bare", book, db)["self"] / 1024
    imported = _peaks("import", book, db)
    assert imported["done"] == [2_000, 0]
    exported = _peaks("export", tmp_path / "out.json", db)
    assert exported["done"] == 2_000
    over = {f"{what} {process}": round(figures[process] / 1024 - bare, 1)
            for what, figures in (("import", imported), ("export", exported))
            for process in ("self", "workers")}
    assert all(mb < BUDGET_MB for mb in over.values()), (over, bare)
