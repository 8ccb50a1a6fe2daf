"""Random whole games on random house sheets (issue 35's acceptance): every column kind, joker
rule, bonus scope and factor, five or six dice, saved rolls, step and formula bonuses. No turn
is ever stuck (a coup entered always has a cell to go to, else its entry is refused and nothing
changes: K2), and each sheet's totals are the sum of its parts, each part counted once, as
docs/guide/house-sheets.md adds them up (K3, K5)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from yams_scorekeeper.base.dice import Die
from yams_scorekeeper.base.errors import YamsError
from yams_scorekeeper.engine.config import make_config
from yams_scorekeeper.engine.game import Game
from yams_scorekeeper.house import load_house
from yams_scorekeeper.house.sheet import HouseSheet

#: rows beside rows 1-6, each as its file says it, by scoring
FIGURES = {
    "brelan": ['kind = "kind"\nn = 3\nscore = "group"', 'kind = "kind"\nn = 3\nscore = "all"',
               'kind = "kind"\nn = 3\nscore = "base+group"\nbase = 10'],
    "carre": ['kind = "kind"\nn = 4\nscore = "fixed"\npoints = 40',
              'kind = "kind"\nn = 4\nscore = "base+all"\nbase = 70'],
    "full": ['kind = "full"\npoints = 25', 'kind = "full"\nscore = "all"\nyams = true',
             'kind = "full"\nscore = "fixed+all"\npoints = 20'],
    "petite": ['kind = "straight"\nlength = 4\npoints = 30',
               'kind = "straight"\nlength = 4\nscore = "fixed+sum"\npoints = 5'],
    "grande": ['kind = "straight"\nshape = "2-6"\npoints = 40',
               'kind = "straight"\nlength = 5\nscore = "by-run"\nruns = [[1, 55], [2, 60]]',
               'kind = "straight"\nshape = "1-5"\nscore = "sum"'],
    "chance": ['kind = "chance"'],
    "paires": ['kind = "two-pairs"', 'kind = "two-pairs"\nscore = "fixed"\npoints = 15'],
    "rigole": ['kind = "rigole"\npoints = 20'],
    "quatre-et": ['kind = "kind-and"\nn = 4\npoints = 40',
                  'kind = "kind-and"\nn = 3\nother = "value"\nvalue = 1\nscore = "group"'],
    "groupes": ['kind = "groups"\nsizes = [3, 2]', 'kind = "groups"\nsizes = [2, 2]\n'
                'score = "fixed"\npoints = 12'],
}
#: the rows only six dice make
SIX_FIGURES = {"villa": ['kind = "groups"\nsizes = [3, 3]', 'kind = "groups"\nsizes = [4, 2]',
                         'kind = "groups"\nsizes = [2, 2, 2]\nscore = "all"'],
               "pleine": ['kind = "straight"\nshape = "1-6"\npoints = 21']}
YAMS_ROWS = ['kind = "yams"\npoints = 50', 'kind = "yams"\nscore = "base+all"\nbase = 100']
KINDS = ("libre", "descendante", "montante", "imposee", "seche", "demi-seche", "annoncee")


@st.composite
def sheets(draw: st.DrawFn) -> tuple[HouseSheet, int]:
    """A random valid sheet (its text checked by the reader) and a player count."""
    upper = draw(st.lists(st.integers(1, 6), min_size=1, max_size=3, unique=True))
    rows = [(str(v), f'kind = "upper"\nname = "{v}"') for v in sorted(upper)]
    dice = draw(st.sampled_from((5, 5, 6)))
    figures = FIGURES | (SIX_FIGURES if dice == 6 else {})
    for name in draw(st.lists(st.sampled_from(sorted(figures)), max_size=3, unique=True)):
        rows.append((name, draw(st.sampled_from(figures[name])) + f'\nname = "{name.title()}"'))
    top = [f"rolls = {draw(st.integers(1, 4))}", f"dice = {dice}",
           f"saved_rolls = {str(draw(st.booleans())).lower()}"]
    if draw(st.booleans()):
        rows.append(("yams", draw(st.sampled_from(YAMS_ROWS)) + '\nname = "Yams"'))
        top.append(f'joker = "{draw(st.sampled_from(("forced", "free", "none")))}"')
        top.append(f"extra_yams = {draw(st.sampled_from((0, 100)))}")
        top.append(f"yams_servi = {draw(st.sampled_from((0, 20)))}")
    if draw(st.booleans()):
        rows += [("plus", 'kind = "plus"\nname = "Plus"'),
                 ("moins", 'kind = "moins"\nname = "Moins"')]
        top.append(f'plus_moins = "{draw(st.sampled_from(("C3", "Y3")))}"')
    top.append(f"die_jokers = {draw(st.sampled_from((0, 0, 2)))}")
    ids = [r for r, _ in rows]
    columns = []
    kinds = draw(st.lists(st.sampled_from(KINDS + ("annoncee", "seche")), min_size=1,
                          max_size=3))
    if kinds.count("annoncee") > 1:
        kinds = [k for k in kinds if k != "annoncee"] + ["annoncee"]
    for i, kind in enumerate(kinds):
        body = f'id = "c{i}"\nkind = "{kind}"\nfactor = {draw(st.sampled_from((1, 1, 2, 3)))}'
        if kind == "imposee":
            body += "\norder = [" + ", ".join(f'"{r}"' for r in reversed(ids)) + "]"
        if i and draw(st.booleans()):
            body += "\noptional = true"
        columns.append(body)
    bonuses = []
    most = sum(dice * v for v in upper)
    for i in range(draw(st.integers(0, 2))):
        scope = draw(st.sampled_from(("column", "sheet")))
        reach = most * (len(kinds) if scope == "sheet" else 1)
        first = draw(st.integers(1, reach))
        steps = [[first, 10]] + ([[reach, 30]] if reach > first and draw(st.booleans()) else [])
        given = f"steps = {steps}"
        if draw(st.booleans()):             # a formula: base + (total - threshold) x per
            given = f"threshold = {first}\nbase = {draw(st.integers(0, 30))}\n" \
                    f"per = {draw(st.integers(0, 3))}" + (
                        f"\ncap = {draw(st.integers(30, 60))}" if draw(st.booleans()) else "")
        when = draw(st.sampled_from(("reached", "filled")))
        bonuses.append(f'id = "b{i}"\n{given}\nscope = "{scope}"\nwhen = "{when}"')
    text = "\n".join(top) + "\n\n" + "".join(
        f'[[rows]]\nid = "{r}"\n{body}\n\n' for r, body in rows) + "".join(
        f"[[columns]]\n{c}\n\n" for c in columns) + "".join(
        f"[[bonuses]]\n{b}\n\n" for b in bonuses)
    return load_house(text, name="random"), draw(st.integers(1, 2))


def _state(game: Game) -> tuple:
    return (len(game.events), tuple(game.coups), [dict(s.marks) for s in game.sheets])


def _enter(game: Game, rng: random.Random) -> None:
    """Random entries until one is taken; each refused one changes nothing (K2)."""
    played = {c.id for c in game.columns}
    announcing = any(c.kind == "annoncee" and c.id in played for c in game.rules.sheet.columns)
    for _ in range(300):
        count = game.rules.dice_count
        dice = tuple(sorted(Die(rng.randint(1, 6)) for _ in range(count)))
        if rng.random() < 0.15:
            dice = (dice[0],) * count
        entries: dict[str, object] = {}
        if announcing and rng.random() < 0.4:
            entries["announce"] = rng.choice(game.rows)
        if game.player.jokers_left and rng.random() < 0.2:
            entries["joker"] = (dice[0].value, rng.randint(1, 6))
        before = _state(game)
        try:
            game.enter(dice, rng.randint(1, game.max_roll() + 1), **entries)
        except YamsError:
            assert _state(game) == before
            continue
        assert game.legal_cells(), (dice, entries)          # never a stuck turn
        return
    raise AssertionError("no entry taken in 300 throws")


def _expected(game: Game, index: int) -> dict[str, int]:
    """The parts of a sheet as the guide adds them up, from its written cells."""
    spec, marks = game.rules.sheet, game.sheets[index].marks
    columns = game.columns

    def scores(col) -> dict[str, int]:
        own = {r: m.score for (c, r), m in marks.items() if c == col.id}
        if spec.plus_moins == "Y3" and "plus" in own and "moins" in own \
                and own["plus"] <= own["moins"]:
            own["plus"] = own["moins"] = 0
        return own

    def reached(bonus, cols) -> int:
        got = [scores(c) for c in cols]
        rows = [r for r in bonus.rows if r in game.rows]
        if bonus.when == "filled" and any(r not in s for s in got for r in rows):
            return 0
        total = sum(s.get(r, 0) for s in got for r in rows)
        if bonus.threshold is not None:
            if total < bonus.threshold:
                return 0
            formula = bonus.base + (total - bonus.threshold) * bonus.per
            return formula if bonus.cap is None else min(formula, bonus.cap)
        return max((b for t, b in bonus.steps if total >= t), default=0)

    parts: dict[str, int] = {}
    yams_key = "yams_bonus" if spec.extra_yams or spec.yams_servi else None
    for col in columns:
        own = scores(col)
        per_column = [b for b in spec.bonuses if b.scope == "column"]
        if len(spec.columns) == 1:                              # K5: by section
            for sec in spec.sections:
                rows = [r.id for r in spec.rows if r.section == sec.id]
                mine = sum(reached(b, [col]) for b in per_column
                           if spec.row(b.rows[0]).section == sec.id)
                parts[sec.id] = (sum(own.get(r, 0) for r in rows) + mine) * col.factor
        else:                                                   # K3: yams bonuses outside
            parts[col.id] = (sum(own.values()) + sum(reached(b, [col]) for b in per_column)) \
                * col.factor + sum(m.bonus for (c, _), m in marks.items() if c == col.id)
    for bonus in spec.bonuses:
        if bonus.scope == "sheet":
            parts[bonus.id] = reached(bonus, list(columns))
    if yams_key and len(spec.columns) == 1:
        parts[yams_key] = sum(m.bonus for m in marks.values())
    return parts


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sheets(), st.integers(0, 2**32))
def test_random_games_on_random_sheets_never_stick_and_add_up(drawn, seed):
    house, players = drawn
    rng = random.Random(seed)
    config = make_config("house", ["Ana", "Bo"][:players], house=house.rules_doc,
                         columns=[c.id for c in house.spec.columns])
    game = Game(config)
    turns = 0
    while not game.finished:
        _enter(game, rng)
        cell = rng.choice(game.legal_cells())
        game.mark(cell.column, cell.row, coup=cell.coup or None,
                  scratch=cell.scratchable and rng.random() < 0.1)
        turns += 1
        if turns % 7 == 0 or game.finished:
            for i in range(players):
                totals = game.totals(i)
                assert totals.grand == sum(totals.parts.values())
                assert totals.parts == _expected(game, i)
    assert turns == players * game.cells_per_sheet
    assert Game.from_doc(game.to_doc()).totals(0) == game.totals(0)
