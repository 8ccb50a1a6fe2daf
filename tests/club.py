"""A club's store for the tests of what the record book prints: finished random games of every
family and of a house sheet, some of them in an evening, two players with long names."""

from __future__ import annotations

import random
from pathlib import Path

from yams_scorekeeper.engine.config import make_config
from yams_scorekeeper.engine.game import Game
from yams_scorekeeper.engine.simulate import play_random_game
from yams_scorekeeper.house.sheet import load_house
from yams_scorekeeper.store import Store

PLAYERS = ("Mamie Jeanne", "Double suite de Marcel")
EVENING = "Soirée du réveillon"
EVENING_ID = "2026-12-24-reveillon"
#: how many games of each family (the house sheet: ``sirtin``): some below the three a chart
#: needs
GAMES = (("classic", 4), ("gaby", 3), ("double", 2), ("duel", 1), ("yatzy", 3), ("sirtin", 3))
SIRTIN = Path(__file__).resolve().parent.parent / "examples" / "house" / "sirtin.toml"


def club_store(db: str) -> str:
    """Fill the store ``db`` (the games of :data:`GAMES`, the last ones in :data:`EVENING`)."""
    store = Store(db)
    store.change_evenings(lambda data: data["evenings"].update({EVENING_ID: {
        "id": EVENING_ID, "name": EVENING, "opened": "2026-12-24T19:00:00+00:00",
        "closed": None, "scoring": "points"}}))
    house = load_house(SIRTIN.read_text(encoding="utf-8"), name="sirtin").rules_doc
    rng = random.Random(5)
    n = 0
    for family, count in GAMES:
        for _ in range(count):
            n += 1
            config = (make_config("classic", PLAYERS, house=house) if family == "sirtin"
                      else make_config(family, PLAYERS))
            played = play_random_game(config, rng)
            game = Game(config, played.events, id=f"{n:032x}",
                        created=f"2026-12-{n:02d}T19:30:00+00:00")
            marks = {"evening": EVENING_ID} if n > 12 else {}
            store.create_game({**game.to_doc(), **marks})
            store.finish_game(game.id, {**game.summary(), "date": game.created, **marks})
    return db
