"""What the rule sets remember of their pure results, in one labelled place.

A score depends on nothing but the family, its settings, the row, the dice and the roll, and
five dice make only 252 different throws: a replay, which makes a rule set for each game,
asks the same few thousand scores again and again. The rule sets of one configuration (family
and settings) share one :class:`ScoreMemo`, found on :attr:`RuleSet.memos
<yams_scorekeeper.rules.base.RuleSet.memos>` (a :class:`MemoShelf`), each table bounded.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

from ..base.dice import Dice

if TYPE_CHECKING:  # pragma: no cover
    from typing import Any, Protocol

    from ..base.figure import Figure

    class Remembering(Protocol):
        """A rule set as its memo is found: its settings, and the memo it keeps once found."""

        _memo: ScoreMemo | None

        @property
        def settings(self) -> dict[str, Any]: ...

        @property
        def defaults(self) -> dict[str, Any]: ...

#: most scores (and throws) remembered for one configuration (a five-dice family needs
#: ~10,000: a few MB)
MOST_REMEMBERED = 20_000
#: most configurations (family and settings) whose scores are remembered
MOST_CONFIGURATIONS = 64

#: a configuration: its family, and its settings as JSON (None: the family's defaults)
Configuration = tuple[type, str | None]


class ScoreMemo:
    """What the rule sets of one configuration remember: ``scores`` by (row, dice, roll);
    ``throws`` (dice and their texts) by the texts as stored; ``by_texts``, the scores again by
    (row, dice texts, roll); ``rows``, every row's figure in grid order by (dice, roll) (what
    the legal cells of a turn ask); ``kept``, what a family keeps of its own (figures by a key
    of its choosing, Double Yams). Each holds at most :data:`MOST_REMEMBERED` entries (the caller
    checks before adding)."""

    __slots__ = ("scores", "throws", "by_texts", "rows", "kept")

    def __init__(self) -> None:
        self.scores: dict[tuple[str, Dice, int], Figure] = {}
        self.throws: dict[tuple[str, ...], tuple[Dice, tuple[str, ...]]] = {}
        self.by_texts: dict[tuple[str, tuple[str, ...], int], Figure] = {}
        self.rows: dict[tuple[Dice, int], tuple[Figure, ...]] = {}
        self.kept: dict[Hashable, Figure] = {}


class MemoShelf:
    """The memos of at most ``most`` configurations: the first ``most`` asked are shared by
    every rule set of their configuration; a rule set of any other gets a memo of its own."""

    def __init__(self, most: int = MOST_CONFIGURATIONS):
        self.most = most
        self._memos: dict[Configuration, ScoreMemo] = {}

    def of(self, rules: Remembering) -> ScoreMemo:
        """The memo of ``rules``'s configuration (found once a rule set, then kept on it)."""
        memo = rules._memo
        if memo is None:
            import json  # only for a rule set with its own settings: off the start-up path

            key: Configuration = (type(rules), None if rules.settings == rules.defaults else
                                  json.dumps(rules.settings, sort_keys=True, default=str))
            memo = self._memos.get(key)
            if memo is None:
                memo = ScoreMemo()
                if len(self._memos) < self.most:
                    self._memos[key] = memo
            rules._memo = memo
        return memo
