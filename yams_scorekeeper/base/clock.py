"""The system's clock and random game ids: what the core is given, never reads itself.

:class:`~yams_scorekeeper.engine.game.Game` takes a ``clock`` (a callable returning the time now as
an ISO 8601 string: when a game starts, is amended, is finished) and its ``id`` from whoever
makes it; the session, the library API and the command line pass :func:`system_clock` and
:func:`random_id` by default, and a test or a script passes :func:`fixed_clock` and
:func:`counting_ids` to get the same documents every run.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

#: a clock: no argument, the time now as an ISO 8601 string
Clock = Callable[[], str]
#: an id factory: no argument, a new game id (letters, digits, '.', '_' or '-')
IdFactory = Callable[[], str]


def system_clock() -> str:
    """The time now, in UTC, to the second: ``2024-05-01T19:30:00+00:00``."""
    return iso_seconds(time.gmtime())


def local_now() -> str:
    """The local time now, to the second, with its offset: ``2024-05-01T21:30:00+02:00``."""
    return iso_seconds(time.localtime())


def iso_seconds(when: time.struct_time) -> str:
    """``when`` as ``datetime.isoformat(timespec="seconds")`` writes it (offset included),
    without importing ``datetime``: a table action writes the time of each event."""
    offset = when.tm_gmtoff or 0
    sign = "-" if offset < 0 else "+"
    hours, rest = divmod(abs(offset), 3600)
    minutes, seconds = divmod(rest, 60)
    zone = f"{sign}{hours:02d}:{minutes:02d}" + (f":{seconds:02d}" if seconds else "")
    return (f"{when.tm_year:04d}-{when.tm_mon:02d}-{when.tm_mday:02d}T"
            f"{when.tm_hour:02d}:{when.tm_min:02d}:{when.tm_sec:02d}{zone}")


def random_id() -> str:
    """A new random game id: 32 hexadecimal digits (a UUID4)."""
    import uuid

    return uuid.uuid4().hex


def fixed_clock(*times: str) -> Clock:
    """A clock that gives ``times`` one after the other, then the last one for ever
    (``fixed_clock("2024-05-01T21:00:00+00:00")``: always that time)."""
    if not times:
        raise ValueError("fixed_clock needs at least one time")
    queue: Iterator[str] = iter(times)
    last = [times[0]]

    def clock() -> str:
        last[0] = next(queue, last[0])
        return last[0]

    return clock


def counting_ids(prefix: str = "game") -> IdFactory:
    """Ids ``game-1``, ``game-2``, ... (the same every run)."""
    count = [0]

    def new_id() -> str:
        count[0] += 1
        return f"{prefix}-{count[0]}"

    return new_id
