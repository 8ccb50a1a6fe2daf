"""Game settings chosen at creation: family, players in turn order, columns, options, variant.

A ``GameConfig`` is plain data (it round-trips through JSON) and is validated when made, so a
game never starts with options that do not go together (a ConfigError says which and why).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

from ..base.columns import Column
from ..base.errors import ConfigError
from ..base.safetext import fold_name, has_invisible, has_unsafe, shown
from ..i18n import Message
from ..rules import RuleSet, Setup, get_rules

if TYPE_CHECKING:  # pragma: no cover
    import random
    from typing import Any

#: longest player name (a sheet column is as wide as its name)
MAX_NAME = 40

#: transcript header words and the end marker: a player named so would be misread
_RESERVED_NAMES = ("rules", "players", "columns", "rows", "options", "preset", "variant",
                   "direction", "imposed", "settings", "id", "created", "end")


@dataclass(frozen=True)
class GameConfig:
    """Everything fixed at game creation. Build it with :func:`make_config`."""

    family: str
    players: tuple[str, ...]
    columns: tuple[str, ...]
    optional_rows: tuple[str, ...] = ()
    options: tuple[str, ...] = ()
    variant: str | None = None
    direction: str | None = None
    imposed: tuple[str, ...] | None = None
    settings: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    #: a house sheet's rules (``HouseSheet.rules_doc``), copied into the game document so that
    #: the game replays the same way after its file changes; None for a built-in family
    house: dict[str, Any] | None = field(default=None, compare=False, hash=False)

    # -- derived -----------------------------------------------------------------------------

    @cached_property
    def rules(self) -> RuleSet:
        """The rule set of this configuration, made once (a game asks for it at every
        label, key and sheet)."""
        return rules_for(self.family, self.settings, self.house)

    def has(self, option: str) -> bool:
        return option in self.options

    def rows(self, rules: RuleSet | None = None) -> tuple[str, ...]:
        """The rows present in this game, in grid order."""
        rules = rules or self.rules
        return tuple(r.id for r in rules.rows if not r.optional or r.id in self.optional_rows)

    def build_columns(self, rules: RuleSet | None = None) -> tuple[Column, ...]:
        """The columns of every player's sheet, with their order and roll constraints."""
        rules = rules or self.rules
        return rules.build_columns(self, self.rows(rules))

    @property
    def label(self) -> str:
        """A human name for the configuration, used for records ("Double Yams forcé")."""
        return self.rules.label(self)

    @property
    def config_key(self) -> str:
        """A stable key of what makes two games comparable for records (family + setup)."""
        parts = [self.family, *self.rules.config_key_parts(self)]
        if self.rules.settings != self.rules.defaults:   # a setting at its default is no house
            parts.append("house-rules")                  # rule (D11)
        return "/".join(parts)

    # -- JSON --------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"family": self.family, "players": list(self.players),
                                "columns": list(self.columns)}
        if self.optional_rows:
            data["optional_rows"] = list(self.optional_rows)
        if self.options:
            data["options"] = list(self.options)
        if self.variant:
            data["variant"] = self.variant
        if self.direction:
            data["direction"] = self.direction
        if self.imposed:
            data["imposed"] = list(self.imposed)
        if self.settings:
            data["settings"] = dict(self.settings)
        if self.house is not None:
            data["house"] = self.house
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameConfig:
        return make_config(
            data["family"], data["players"], columns=data.get("columns"),
            optional_rows=data.get("optional_rows", ()), options=data.get("options", ()),
            variant=data.get("variant"), direction=data.get("direction"),
            imposed=data.get("imposed"), settings=data.get("settings"), preset=None,
            explicit=True, house=data.get("house"))


def rules_for(family: str, settings: dict[str, Any] | None,
              house: dict[str, Any] | None) -> RuleSet:
    """The rule set of ``family`` with ``settings``, or of the house sheet ``house`` (its rules
    as a game document keeps them: checked again, a damaged one is a HouseFileError)."""
    if house is None:
        return get_rules(family, settings)
    from ..house import house_from_doc

    return house_from_doc(house).ruleset(settings or None)


def new_names_problem(names: Iterable[str]) -> Message | None:
    """What keeps ``names`` from being the players of a new or an imported game: a character
    drawn as nothing in one (``"Alice\\u200b"``), or two that are one name once folded
    (:func:`~yams_scorekeeper.base.safetext.fold_name`: ``Straße`` and ``STRASSE``); None if
    nothing."""
    seen: dict[str, str] = {}
    for name in names:
        if has_invisible(name):
            return Message("rules.player_name_invisible", name=shown("".join(
                f"\\u{ord(ch):04x}" if has_invisible(ch) else ch for ch in name)))
        key = fold_name(name)
        if key in seen:
            return Message("rules.player_names_same", a=seen[key], b=name)
        seen[key] = name
    return None


def make_config(family: str, players: Iterable[str], *, columns: Iterable[str] | None = None,
                optional_rows: Iterable[str] | None = None, options: Iterable[str] | None = None,
                variant: str | None = None, direction: str | None = None,
                imposed: Iterable[str] | None = None, settings: dict[str, Any] | None = None,
                preset: str | None = None, explicit: bool = False,
                house: dict[str, Any] | None = None) -> GameConfig:
    """Validate and build a game configuration.

    The rule set checks the choices and fills in its defaults (:meth:`RuleSet.configure`):
    classic libre/descendante/montante; Gaby the ``gaby`` preset for 2+ players and
    ``gaby-solo`` for one (rulings Y10); Double Yams ``classique``; one column elsewhere.
    ``explicit`` (used when reloading) turns presets off: what is given is all. ``house``: a
    house sheet's rules (``HouseSheet.rules_doc``), played instead of ``family``.
    """
    rules = rules_for(family, settings, house)
    names = tuple(p.strip() if isinstance(p, str) else p for p in players)
    for name in names:
        if not isinstance(name, str):
            raise ConfigError(Message("rules.player_name_must_text", name=type(name).__name__),
                              expected="Alice")
        if has_unsafe(name) or len(name) > MAX_NAME:
            raise ConfigError(Message("rules.player_name_holds_control",
                                      name=shown(name[:MAX_NAME]), max_name=MAX_NAME),
                              expected="Alice")
    low, high = rules.min_players, rules.max_players
    if not low <= len(names) <= high:
        raise ConfigError(Message("rules.player_count", n=len(names), title=rules.title, low=low,
                                  high=high),
                          expected="--player Alice --player Bob")
    for name in names:
        if any(ch in name for ch in ":,#\n") or name.lower() in _RESERVED_NAMES:
            raise ConfigError(Message("rules.player_name_cannot_written", name=name),
                              expected="Alice")
    problem = None if explicit else new_names_problem(names)  # a game reloaded keeps its
    if problem is not None:                                    # names, as they were checked
        raise ConfigError(problem, expected="Alice Bob")
    if any(not n for n in names) or len(set(n.lower() for n in names)) != len(names):
        raise ConfigError(Message("rules.player_names_must_non"),
                          expected="Alice Bob")
    norm = rules.normalise_choice
    setup = Setup(
        names, tuple(dict.fromkeys(norm(c) for c in columns)) if columns else None,
        tuple(dict.fromkeys(norm(r) for r in (optional_rows or ()))),
        tuple(dict.fromkeys(norm(o) for o in (options or ()))),
        norm(variant) if variant else None, norm(direction) if direction else None,
        tuple(imposed) if imposed else None, preset, explicit)
    done = rules.configure(setup)
    config = GameConfig(rules.family, names, tuple(done.columns or rules.default_columns),
                        done.optional_rows, done.options, done.variant, done.direction,
                        done.imposed, settings=dict(settings or {}), house=house)
    config.__dict__["rules"] = rules        # its rule set, made once (``GameConfig.rules``)
    return config


# -- start order ---------------------------------------------------------------------------

def random_order(names: Iterable[str], rng: random.Random | None = None) -> list[str]:
    """Players in a drawn order (rulings Y9)."""
    order = list(names)
    if rng is None:
        import random  # only here: a table action draws no order

        rng = random.Random()
    rng.shuffle(order)
    return order


def start_die_order(seating: list[str], rolls: dict[str, list[int]]) -> list[str]:
    """Order from each player's start die (rulings C6): the lowest starts, then clockwise
    (the order of ``seating``). Tied lowest players roll again: ``rolls[name]`` lists each
    player's successive dice; a tie that the dice given do not settle is a ConfigError naming
    who must roll again."""
    contenders = list(seating)
    round_ = 0
    while len(contenders) > 1:
        missing = [n for n in contenders if len(rolls.get(n, [])) <= round_]
        if missing and round_ == 0:
            who = ", ".join(missing)
            raise ConfigError(Message("rules.no_start_die", who=who),
                              expected="Alice=3 Bob=5", rule="C6")
        if missing:
            who = ", ".join(missing)
            raise ConfigError(Message("rules.tie_start_must_roll", who=who), rule="C6")
        values = {n: rolls[n][round_] for n in contenders}
        for n, v in values.items():
            if not 1 <= v <= 6:
                raise ConfigError(Message("rules.start_die_for_is_not_a_die", v=v, n=n),
                                  expected="1 to 6")
        low = min(values.values())
        contenders = [n for n in contenders if values[n] == low]
        round_ += 1
    first = seating.index(contenders[0])
    return seating[first:] + seating[:first]
