"""Ratings: each player's skill per configuration, from the order of finish of the book's games.

openskill's Plackett-Luce model rates every game of two players or more that has a winner, in
game order (date, then id), so the figures follow from the archive alone and are the same
however often they are made again. A rating is a mean and its uncertainty; the club is ranked
by the cautious figure ``mean - 3 x sigma`` (openskill's ordinal), so a newcomer with two lucky
wins does not lead. Pure functions; openskill is imported by whoever asks for a rating only.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import groupby

#: one player of one rated game: (configuration key, game id, folded name, name, rank)
RatingRow = tuple[str, str, str, str, int]


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating in one configuration after ``games`` rated games."""

    name: str
    mu: float
    sigma: float
    games: int

    @property
    def low(self) -> float:
        """The bottom of the 95 % range (two sigmas below the mean)."""
        return self.mu - 2 * self.sigma

    @property
    def high(self) -> float:
        """The top of the 95 % range."""
        return self.mu + 2 * self.sigma

    @property
    def ordinal(self) -> float:
        """The figure the club is ranked by: three sigmas below the mean."""
        return self.mu - 3 * self.sigma


#: each configuration's ratings, by folded name
Ratings = dict[str, dict[str, Rating]]


def rate(rows: Iterable[RatingRow], start: Ratings | None = None) -> Ratings:
    """Each configuration's ratings (by folded name) after the games of ``rows``, which come
    one game's players after another, in game order, from the ratings ``start`` (none: every
    player new). A game of one player is passed over."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    known: dict[str, dict[str, tuple[str, float, float, int]]] = {
        key: {folded: (r.name, r.mu, r.sigma, r.games) for folded, r in book.items()}
        for key, book in (start or {}).items()}
    for (key, _game), seats in groupby(rows, key=lambda row: (row[0], row[1])):
        players = list(seats)
        if len(players) < 2:
            continue
        book = known.setdefault(key, {})
        before = [book.get(folded, (name, model.mu, model.sigma, 0))
                  for _, _, folded, name, _ in players]
        teams = [[model.rating(mu=mu, sigma=sigma)] for _, mu, sigma, _ in before]
        after = model.rate(teams, ranks=[float(rank) for *_, rank in players])
        for (_, _, folded, name, _), (_, _, _, games), (new,) in zip(players, before, after,
                                                                       strict=True):
            book[folded] = (name, new.mu, new.sigma, games + 1)
    return {key: {folded: Rating(*figures) for folded, figures in book.items()}
            for key, book in known.items()}


def ranked(ratings: dict[str, Rating]) -> list[Rating]:
    """A configuration's ratings, best first (by :attr:`Rating.ordinal`, then name)."""
    return sorted(ratings.values(), key=lambda r: (-r.ordinal, r.name.casefold()))
