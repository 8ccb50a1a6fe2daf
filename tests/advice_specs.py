"""Test-only one-column specs for Yahtzee (H1-H4) and Scandinavian Yatzy (Z1-Z3), written from
the rulings alone, to reproduce the literature figures independently of the families' code."""

from collections import Counter

from yams_scorekeeper.advice.spec import OneColumnSpec, YahtzeeJoker, score_table

#: the upper rows, 1 to 6, of both sheets
UPPER_ROWS = ("1", "2", "3", "4", "5", "6")

YAHTZEE_ROWS = (
    *UPPER_ROWS,
    "three-of-a-kind",
    "four-of-a-kind",
    "full-house",
    "small-straight",
    "large-straight",
    "yahtzee",
    "chance",
)


def yahtzee_score(row, o):
    c = Counter(o)
    s = sum(o)
    n = max(c.values())
    vals = set(o)
    if row.isdigit():
        return int(row) * c[int(row)]
    if row == "three-of-a-kind":
        return s if n >= 3 else 0
    if row == "four-of-a-kind":
        return s if n >= 4 else 0
    if row == "full-house":
        return 25 if sorted(c.values()) == [2, 3] else 0
    if row == "small-straight":
        return 30 if any(set(r) <= vals for r in ((1, 2, 3, 4), (2, 3, 4, 5), (3, 4, 5, 6))) else 0
    if row == "large-straight":
        return 40 if vals in ({1, 2, 3, 4, 5}, {2, 3, 4, 5, 6}) else 0
    if row == "yahtzee":
        return 50 if n == 5 else 0
    return s


def yahtzee_spec(bonus=True):
    rows = YAHTZEE_ROWS
    idx = {r: i for i, r in enumerate(rows)}
    yz = (
        YahtzeeJoker(
            idx["yahtzee"],
            100,
            ((idx["full-house"], 25), (idx["small-straight"], 30), (idx["large-straight"], 40)),
        )
        if bonus
        else None
    )
    return OneColumnSpec(
        "yahtzee",
        rows,
        score_table(yahtzee_score, rows),
        tuple(r.isdigit() for r in rows),
        63,
        35,
        yahtzee=yz,
    )


YATZY_ROWS = (
    *UPPER_ROWS,
    "one-pair",
    "two-pairs",
    "three-of-a-kind",
    "four-of-a-kind",
    "small-straight",
    "large-straight",
    "full-house",
    "chance",
    "yatzy",
)


def yatzy_score(row, o):
    c = Counter(o)
    s = sum(o)
    if row.isdigit():
        return int(row) * c[int(row)]
    pairs = sorted((v for v, n in c.items() if n >= 2), reverse=True)
    if row == "one-pair":
        return 2 * pairs[0] if pairs else 0
    if row == "two-pairs":
        return 2 * (pairs[0] + pairs[1]) if len(pairs) >= 2 else 0
    if row == "three-of-a-kind":
        return next((3 * v for v, n in c.items() if n >= 3), 0)
    if row == "four-of-a-kind":
        return next((4 * v for v, n in c.items() if n >= 4), 0)
    if row == "small-straight":
        return 15 if sorted(o) == [1, 2, 3, 4, 5] else 0
    if row == "large-straight":
        return 20 if sorted(o) == [2, 3, 4, 5, 6] else 0
    if row == "full-house":
        return s if sorted(c.values()) == [2, 3] else 0
    if row == "yatzy":
        return 50 if len(c) == 1 else 0
    return s


def yatzy_spec():
    rows = YATZY_ROWS
    return OneColumnSpec(
        "yatzy", rows, score_table(yatzy_score, rows), tuple(r.isdigit() for r in rows), 63, 50
    )
