"""Game settings chosen at creation: family, players in turn order, columns, options, variant.

A ``GameConfig`` is plain data (it round-trips through JSON) and is validated when made, so a
game never starts with options that do not go together (a ConfigError says which and why).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Iterable

from .columns import DOWN, UP, Column, ordered
from .errors import ConfigError
from .rules import RuleSet, get_rules, normalise_id
from .safetext import has_unsafe, shown

MAX_PLAYERS = 4
#: longest player name (a sheet column is as wide as its name)
MAX_NAME = 40

CLASSIC_COLUMNS = {"libre": "Libre", "descendante": "Descendante", "montante": "Montante",
                   "imposee": "Imposée"}
GABY_COLUMNS = {"descente": "Descente", "libre": "Libre", "montee": "Montée",
                "demi-sec": "Demi-sec", "sec": "Sec"}
GABY_OPTIONS = ("bloquant", "deux-coups", "doblar", "chance")
GABY_OPTIONAL_ROWS = ("nenette", "petit")
DOUBLE_VARIANTS = {"classique": "classique", "force": "forcé", "critique": "critique",
                   "165": "165"}
DIRECTIONS = {"croissant": DOWN, "decroissant": UP}
_ALIASES = {
    "2-coups": "deux-coups", "2coups": "deux-coups", "cases-chance": "chance",
    "yams-bloquant": "bloquant", "asc": "croissant", "ascending": "croissant",
    "desc": "decroissant", "descending": "decroissant", "classic": "classique",
    "forced": "force", "critical": "critique",
}
PRESETS = ("gaby", "gaby-solo")
#: transcript header words and the end marker: a player named so would be misread
_RESERVED_NAMES = ("rules", "players", "columns", "rows", "options", "preset", "variant",
                   "direction", "imposed", "settings", "id", "created", "end")


def _norm(word: str) -> str:
    key = normalise_id(word)
    return _ALIASES.get(key, key)


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

    # -- derived -----------------------------------------------------------------------------

    @property
    def rules(self) -> RuleSet:
        return get_rules(self.family, self.settings)

    def has(self, option: str) -> bool:
        return option in self.options

    def rows(self, rules: RuleSet | None = None) -> tuple[str, ...]:
        """The rows present in this game, in grid order."""
        rules = rules or self.rules
        return tuple(r.id for r in rules.rows if not r.optional or r.id in self.optional_rows)

    def build_columns(self, rules: RuleSet | None = None) -> tuple[Column, ...]:
        """The columns of every player's sheet, with their order and roll constraints."""
        rules = rules or self.rules
        rows = self.rows(rules)
        cols: list[Column] = []
        for cid in self.columns:
            if self.family == "classic":
                name = CLASSIC_COLUMNS[cid]
                if cid == "libre":
                    cols.append(Column(cid, name, rows, rule="C5"))
                elif cid == "descendante":
                    cols.append(ordered(cid, name, rows, DOWN, "C5"))
                elif cid == "montante":
                    cols.append(ordered(cid, name, rows, UP, "C5"))
                else:
                    cols.append(Column(cid, name, rows, tuple(self.imposed or rows), rule="C5"))
            elif self.family == "gaby":
                name = GABY_COLUMNS[cid]
                factor = int(rules.settings["column_factors"].get(cid, 1))
                if cid == "descente":
                    cols.append(ordered(cid, name, rows, DOWN, "Y4", factor=factor))
                elif cid == "montee":
                    cols.append(ordered(cid, name, rows, UP, "Y4", factor=factor))
                elif cid == "demi-sec":
                    cols.append(Column(cid, name, rows, max_roll=2, factor=factor, rule="Y4"))
                elif cid == "sec":
                    cols.append(Column(cid, name, rows, max_roll=1, factor=factor, rule="Y4"))
                else:
                    cols.append(Column(cid, name, rows, factor=factor, rule="Y4"))
            elif self.family == "double" and self.variant == "force":
                cols.append(ordered(cid, "Grille", rows, DIRECTIONS[self.direction or "croissant"],
                                    "D10"))
            else:
                cols.append(Column(cid, "Grille", rows))
        return tuple(cols)

    @property
    def label(self) -> str:
        """A human name for the configuration, used for records ("Double Yams forcé")."""
        title = self.rules.title
        if self.family == "double":
            text = f"{title} {DOUBLE_VARIANTS[self.variant or 'classique']}"
            if self.variant == "force":
                text += f" ({'croissant' if self.direction != 'decroissant' else 'décroissant'})"
            return text
        if self.family in ("classic", "gaby"):
            names = CLASSIC_COLUMNS if self.family == "classic" else GABY_COLUMNS
            parts = [" / ".join(names[c] for c in self.columns)]
            parts += [r for r in self.optional_rows]
            parts += list(self.options)
            return f"{title} ({', '.join(parts)})"
        return title

    @property
    def config_key(self) -> str:
        """A stable key of what makes two games comparable for records (family + setup)."""
        parts = [self.family]
        if self.family == "double":
            parts.append(self.variant or "classique")
            if self.variant == "force":
                parts.append(self.direction or "croissant")
        elif self.family in ("classic", "gaby"):
            parts.append("+".join(self.columns))
            if self.optional_rows:
                parts.append("+".join(self.optional_rows))
            if self.options:
                parts.append("+".join(self.options))
        if self.settings:
            parts.append("house-rules")
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
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "GameConfig":
        return make_config(
            data["family"], data["players"], columns=data.get("columns"),
            optional_rows=data.get("optional_rows", ()), options=data.get("options", ()),
            variant=data.get("variant"), direction=data.get("direction"),
            imposed=data.get("imposed"), settings=data.get("settings"), preset=None,
            explicit=True)


def make_config(family: str, players: Iterable[str], *, columns: Iterable[str] | None = None,
                optional_rows: Iterable[str] | None = None, options: Iterable[str] | None = None,
                variant: str | None = None, direction: str | None = None,
                imposed: Iterable[str] | None = None, settings: dict[str, Any] | None = None,
                preset: str | None = None, explicit: bool = False) -> GameConfig:
    """Validate and build a game configuration.

    Defaults where nothing is said: classic libre/descendante/montante; Gaby the ``gaby``
    preset for 2+ players and ``gaby-solo`` for one (rulings Y10); Double Yams ``classique``;
    Duel 2 players. ``explicit`` (used when reloading) turns presets off: what is given is all.
    """
    rules = get_rules(family, settings)
    fam = rules.family
    names = tuple(p.strip() if isinstance(p, str) else p for p in players)
    for name in names:
        if not isinstance(name, str):
            raise ConfigError(f"a player's name must be text, not {type(name).__name__}",
                              f"le nom d'un joueur doit être du texte, pas {type(name).__name__}",
                              expected="Alice")
        if has_unsafe(name) or len(name) > MAX_NAME:
            raise ConfigError(f"player name '{shown(name[:MAX_NAME])}' holds a control character "
                              f"(ESC, CR, BEL, a bidi override...) or is over {MAX_NAME} characters",
                              f"le nom « {shown(name[:MAX_NAME])} » contient un caractère de "
                              "contrôle (ESC, CR, BEL, inversion bidi...) ou dépasse "
                              f"{MAX_NAME} caractères", expected="Alice")
    if not names or len(names) > MAX_PLAYERS:
        raise ConfigError(f"{len(names)} players: a game takes 1 to {MAX_PLAYERS}",
                          f"{len(names)} joueurs : une partie se joue de 1 à {MAX_PLAYERS}",
                          expected="--player Alice --player Bob")
    for name in names:
        if any(ch in name for ch in ":,#\n") or name.lower() in _RESERVED_NAMES:
            raise ConfigError(f"player name '{name}' cannot be written in a transcript "
                              "(no ':', ',' or '#', and not a header word)",
                              f"le nom « {name} » ne peut pas s'écrire dans une feuille de partie "
                              "(ni « : », ni « , », ni « # », ni un mot d'en-tête)",
                              expected="Alice")
    if any(not n for n in names) or len(set(n.lower() for n in names)) != len(names):
        raise ConfigError("player names must be non-empty and different",
                          "les noms des joueurs doivent être non vides et différents",
                          expected="Alice Bob")
    opts = tuple(dict.fromkeys(_norm(o) for o in (options or ())))
    extra_rows = tuple(dict.fromkeys(_norm(r) for r in (optional_rows or ())))
    cols = tuple(dict.fromkeys(_norm(c) for c in columns)) if columns else None
    var = _norm(variant) if variant else None
    dirn = _norm(direction) if direction else None

    if fam == "classic":
        _no_extras(fam, opts, extra_rows, var, dirn)
        cols = cols or ("libre", "descendante", "montante")
        _known(cols, CLASSIC_COLUMNS, "column", "colonne")
        imposed_rows = None
        if "imposee" in cols:
            row_ids = tuple(r.id for r in rules.rows)
            if not imposed:
                raise ConfigError("the imposée column needs its order of rows at creation",
                                  "la colonne imposée demande l'ordre des lignes à la création",
                                  expected="--imposed " + ",".join(reversed(row_ids)), rule="C5")
            imposed_rows = tuple(rules.row(r).id for r in imposed)
            if sorted(imposed_rows) != sorted(row_ids):
                raise ConfigError("the imposée order must list every row exactly once",
                                  "l'ordre imposé doit citer chaque ligne une seule fois",
                                  expected=",".join(row_ids), rule="C5")
        elif imposed:
            raise ConfigError("an imposed order was given but there is no imposée column",
                              "un ordre imposé est donné sans colonne imposée",
                              expected="--column imposee", rule="C5")
        return GameConfig(fam, names, cols, imposed=imposed_rows, settings=dict(settings or {}))

    if fam == "gaby":
        if var or dirn or imposed:
            raise ConfigError("Yams Gaby has no variant, direction or imposed order",
                              "le Yams Gaby n'a ni variante, ni sens, ni ordre imposé")
        if not explicit and preset is None and cols is None and not opts and not extra_rows:
            preset = "gaby" if len(names) > 1 else "gaby-solo"
        if preset is not None:
            preset = _norm(preset)
            if preset not in PRESETS:
                raise ConfigError(f"unknown preset '{preset}'", f"préréglage « {preset} » inconnu",
                                  expected=", ".join(PRESETS), rule="Y10")
            cols = cols or tuple(GABY_COLUMNS)
            extra_rows = extra_rows or GABY_OPTIONAL_ROWS
            if not opts:
                opts = GABY_OPTIONS if preset == "gaby" else tuple(
                    o for o in GABY_OPTIONS if o != "bloquant")
        cols = cols or ("libre",)
        _known(cols, GABY_COLUMNS, "column", "colonne")
        if "libre" not in cols:
            raise ConfigError("the libre column is always present in Yams Gaby",
                              "la colonne libre est toujours présente au Yams Gaby",
                              expected="--column libre", rule="Y4")
        cols = tuple(c for c in GABY_COLUMNS if c in cols)   # sheet order
        _known(extra_rows, dict.fromkeys(GABY_OPTIONAL_ROWS), "optional row", "ligne optionnelle")
        extra_rows = tuple(r for r in GABY_OPTIONAL_ROWS if r in extra_rows)
        _known(opts, dict.fromkeys(GABY_OPTIONS), "option", "option")
        if "bloquant" in opts and len(names) < 2:
            raise ConfigError("Yams bloquant needs 2 players or more",
                              "le Yams bloquant demande au moins 2 joueurs", rule="Y6")
        if "doblar" in opts and "deux-coups" not in opts:
            raise ConfigError("doblar needs the 2 coups option", "le doblar demande l'option 2 coups",
                              expected="--option deux-coups --option doblar", rule="Y7")
        if "chance" in opts and not {"sec", "demi-sec"} & set(cols):
            raise ConfigError("cases chance need a sec or demi-sec column",
                              "les cases chance demandent une colonne sec ou demi-sec",
                              expected="--column sec", rule="Y8")
        opts = tuple(o for o in GABY_OPTIONS if o in opts)
        return GameConfig(fam, names, cols, extra_rows, opts, settings=dict(settings or {}))

    if fam == "double":
        _no_extras(fam, opts, extra_rows, None, None)
        if cols and cols != ("grille",):
            raise ConfigError("Double Yams has one column per player",
                              "le Double Yams n'a qu'une colonne par joueur")
        var = var or "classique"
        if var not in DOUBLE_VARIANTS:
            raise ConfigError(f"unknown Double Yams variant '{variant}'",
                              f"variante de Double Yams « {variant} » inconnue",
                              expected=", ".join(DOUBLE_VARIANTS), rule="D10")
        if var == "force":
            dirn = dirn or "croissant"
            if dirn not in DIRECTIONS:
                raise ConfigError(f"unknown direction '{direction}'", f"sens « {direction} » inconnu",
                                  expected="croissant or decroissant", rule="D10")
        elif dirn:
            raise ConfigError("a direction only goes with the forcé variant",
                              "le sens ne concerne que la variante forcé", rule="D10")
        return GameConfig(fam, names, ("grille",), variant=var, direction=dirn,
                          settings=dict(settings or {}))

    # duel
    _no_extras(fam, opts, extra_rows, var, dirn)
    if rules.settings["jokers_per_turn"] not in (0, 1):
        raise ConfigError("jokers_per_turn can be 0 or 1: an entry changes one die",
                          "jokers_per_turn vaut 0 ou 1 : une saisie change un seul dé",
                          expected="jokers_per_turn=1", rule="U4")
    if cols and cols != ("grille",):
        raise ConfigError("Duel au Yam has one column per player",
                          "le Duel au Yam n'a qu'une colonne par joueur")
    return GameConfig(fam, names, ("grille",), settings=dict(settings or {}))


def _known(given: Iterable[str], known: dict, en: str, fr: str) -> None:
    for item in given:
        if item not in known:
            raise ConfigError(f"unknown {en} '{item}'", f"{fr} « {item} » inconnue",
                              expected=", ".join(known))


def _no_extras(family: str, opts, rows, variant, direction) -> None:
    if opts or rows or variant or direction:
        what = ", ".join(str(x) for x in (*opts, *rows, variant, direction) if x)
        raise ConfigError(f"{family} takes no {what}", f"{family} n'accepte pas {what}")


# -- start order ---------------------------------------------------------------------------

def random_order(names: Iterable[str], rng: random.Random | None = None) -> list[str]:
    """Players in a drawn order (rulings Y9)."""
    order = list(names)
    (rng or random.Random()).shuffle(order)
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
            raise ConfigError(f"no start die for {who}", f"pas de dé de départ pour {who}",
                              expected="Alice=3 Bob=5", rule="C6")
        if missing:
            who = ", ".join(missing)
            raise ConfigError(f"tie for the start: {who} must roll again",
                              f"égalité pour commencer : {who} doit relancer", rule="C6")
        values = {n: rolls[n][round_] for n in contenders}
        for n, v in values.items():
            if not 1 <= v <= 6:
                raise ConfigError(f"start die {v} for {n} is not a die face",
                                  f"dé de départ {v} pour {n} : pas une face de dé",
                                  expected="1 to 6")
        low = min(values.values())
        contenders = [n for n in contenders if values[n] == low]
        round_ += 1
    first = seating.index(contenders[0])
    return seating[first:] + seating[:first]
