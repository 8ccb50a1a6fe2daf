"""Exact solver: expected final score of optimal solitaire play from every sheet state.

The state at the start of a turn is (cells filled, upper total capped at the bonus threshold,
the family's extra state). Its value ``E`` is the expected number of points still to come with
optimal play. A turn is solved backwards, for many states at once (numpy, states on the last
axis so that every step moves whole rows of memory):

1. after the last roll, for each of the 252 outcomes, the best cell: score + bonus reached +
   ``E`` of the next state (with the family's rules: Duel's joker may first change one die,
   Yahtzee's bonus and forced joker, Yam classique's plus/moins);
2. the value of each of the 462 keeps is the mean over one more die of the keep one die larger
   (rerolling 5 - k dice is rolling one, then 4 - k), so all keeps cost 1,260 row additions;
3. the value of an outcome before rerolling is its best sub-keep, again by a recursion (each
   keep's best is itself or the best of the keeps one die smaller);
4. steps 2-3 once more for the second roll, then the mean over the first roll gives ``E``.

Layers are solved from the full sheet back to the empty one. Nothing here reads or writes
files: :mod:`yams_scorekeeper.advice.cache` does.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from .dice_space import N_DICE, dice_space
from .spec import OneColumnSpec, YahtzeeJoker

#: states solved together (columns of the work arrays)
CHUNK = 256
DTYPE = np.float32


@dataclass(frozen=True)
class State:
    """A sheet at the start of a turn, as the solver indexes it."""

    mask: int      # bit i set: row i is filled
    upper: int     # upper total, capped at the threshold
    extra: int     # jokers left / yahtzee row holds 50 / plus-or-moins value


def solve(spec: OneColumnSpec, done: Callable[[float], None] | None = None) -> np.ndarray:
    """The table ``E[mask, upper, extra]`` (float32) of expected points still to come;
    ``done(k)`` hears each time ``k`` more of the ``2 ** n_rows`` sets of filled rows are."""
    n, cap, X = spec.n_rows, spec.cap, spec.n_extra
    table = np.zeros((1 << n, cap + 1, X), dtype=DTYPE)
    flat = table.reshape(-1)
    reach = _reachable_upper(spec)
    upper_bits = sum(1 << i for i, up in enumerate(spec.upper) if up)
    masks = np.arange(1 << n)
    popcount = np.array([bin(m).count("1") for m in range(1 << n)])
    step = max(X, (CHUNK // X) * X)
    for filled in range(n - 1, -1, -1):
        layer = masks[popcount == filled]
        m, u, x = _layer_rows(spec, layer, reach, upper_bits)
        for start in range(0, len(m), step):
            sl = slice(start, start + step)
            value = turn_start_value(spec, flat, m[sl], u[sl], x[sl])
            flat[(m[sl] * (cap + 1) + u[sl]) * X + x[sl]] = value
            if done is not None:
                done(len(layer) * len(value) / len(m))
        if done is not None and not len(m):
            done(len(layer))
    if done is not None:
        done(1)                                   # the full sheet: nothing left to come
    return table


def follows_the_rules(spec: OneColumnSpec, table: np.ndarray, per_layer: int = 3) -> bool:
    """True when a sample of the table's states (``per_layer`` sheets of each layer, the empty
    one included, two upper totals each) holds the value one turn on gives it from the table's
    own successors and the rules' scores (the Bellman equation): a table scaled, or with its
    states permuted, fails, whatever its checksum."""
    n, cap, X = spec.n_rows, spec.cap, spec.n_extra
    flat = np.ascontiguousarray(table, dtype=DTYPE).reshape(-1)
    if flat.size != (1 << n) * (cap + 1) * X:
        return False
    # the sample depends on the table's values: the same on every load of one table
    seed = hashlib.sha256(flat[::max(1, flat.size // 4096)].tobytes()).digest()
    rng = np.random.default_rng(int.from_bytes(seed[:8], "little"))
    reach = _reachable_upper(spec)
    upper_bits = sum(1 << i for i, up in enumerate(spec.upper) if up)
    popcount = np.array([bin(m).count("1") for m in range(1 << n)])
    ms, us, xs = [], [], []
    for filled in range(n):
        layer = np.flatnonzero(popcount == filled)
        for mask in rng.choice(layer, size=min(per_layer, len(layer)), replace=False).tolist():
            totals = reach[mask & upper_bits]
            extra = extra_values(spec, mask)
            for u in rng.choice(totals, size=min(2, len(totals)), replace=False).tolist():
                ms += [mask] * len(extra)      # every extra value of a state, in order: the
                us += [u] * len(extra)         # joker's step reads the one just before
                xs += extra.tolist()
    m, u, x = (np.array(v, dtype=np.int64) for v in (ms, us, xs))
    value = turn_start_value(spec, flat, m, u, x)
    return bool(np.allclose(value, flat[(m * (cap + 1) + u) * X + x], rtol=1e-3, atol=1e-2))


def _reachable_upper(spec: OneColumnSpec) -> dict[int, np.ndarray]:
    """For each set of filled upper rows (as a row mask), the capped totals it can hold."""
    cap = spec.cap
    ups = [i for i, up in enumerate(spec.upper) if up]
    reach = {0: np.array([0])}
    for sub in range(1, 1 << len(ups)):
        rows = [ups[j] for j in range(len(ups)) if sub >> j & 1]
        mask = sum(1 << r for r in rows)
        got = np.zeros(cap + 1, dtype=bool)
        last = rows[-1]
        prev = reach[mask & ~(1 << last)]
        for s in np.unique(spec.scores[last]):
            got[np.minimum(prev + int(s), cap)] = True
        reach[mask] = np.flatnonzero(got)
    return reach


def extra_values(spec: OneColumnSpec, mask: int) -> np.ndarray:
    """The values the family's extra state can take on a sheet with these rows filled."""
    if spec.jokers:
        return np.arange(spec.jokers + 1)
    if spec.yahtzee is not None:
        return np.array([0, 1]) if mask >> spec.yahtzee.row & 1 else np.array([0])
    if spec.plus_moins is not None:
        p, q = spec.plus_moins
        if (mask >> p & 1) != (mask >> q & 1):
            row = p if mask >> p & 1 else q
            return np.union1d([0], spec.scores[row])
    return np.array([0])


def _layer_rows(spec: OneColumnSpec, masks: np.ndarray, reach: dict[int, np.ndarray],
                upper_bits: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    ms, us, xs = [], [], []
    for mask in masks.tolist():
        u = reach[mask & upper_bits]
        x = extra_values(spec, mask)
        ms.append(np.full(len(u) * len(x), mask))
        us.append(np.repeat(u, len(x)))
        xs.append(np.tile(x, len(u)))
    return (np.concatenate(ms).astype(np.int64), np.concatenate(us).astype(np.int64),
            np.concatenate(xs).astype(np.int64))


# -- one turn -----------------------------------------------------------------------------------

def place(spec: OneColumnSpec, flat: np.ndarray, row: int, score: np.ndarray | int,
          m: np.ndarray, u: np.ndarray, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Points + expected future of writing ``score`` (an outcome column (252, 1) or a scalar) in
    ``row`` from states (m, u, x): the written score, the bonus when this reaches the threshold,
    and ``E`` of the next state. Returns (value, score actually written)."""
    cap, X = spec.cap, spec.n_extra
    score = np.asarray(score)
    nx = x
    if spec.plus_moins is not None and row in spec.plus_moins:
        p, q = spec.plus_moins
        other = q if row == p else p
        other_filled = (m >> other & 1) == 1
        keeps_order = score > x if row == p else score < x
        score = np.where(other_filled, np.where(keeps_order, score, 0), score)
        nx = np.where(other_filled, 0, score)
    elif spec.yahtzee is not None and row == spec.yahtzee.row:
        nx = (score > 0).astype(np.int64) + 0 * x
    if spec.upper[row]:
        raw = u + score
        nu = np.minimum(raw, cap)
        gain = score + spec.bonus * ((u < cap) & (raw >= cap))
    else:
        nu, gain = u, score
    nm = m | (1 << row)
    return gain + flat[(nm * (cap + 1) + nu) * X + nx], score


def last_roll_values(spec: OneColumnSpec, flat: np.ndarray, m: np.ndarray, u: np.ndarray,
                     x: np.ndarray) -> np.ndarray:
    """(252, R): for each final outcome, the best choice's points + expected future.

    A row's score takes few distinct values over the 252 outcomes (an upper row: 6), so each
    row is valued once per distinct score and spread to the outcomes by one row gather."""
    space = dice_space()
    best = np.full((space.n_outcomes, len(m)), -np.inf, dtype=DTYPE)
    scratchable = spec.plus_moins or ()
    for row, (values, inverse) in enumerate(distinct_scores(spec)):
        value, _ = place(spec, flat, row, values[:, None], m, u, x)
        if row in scratchable:
            value = np.maximum(value, place(spec, flat, row, 0, m, u, x)[0])
        filled = (m >> row & 1) == 1
        if filled.all():
            continue
        if filled.any():
            value[:, filled] = -np.inf
        np.maximum(best, value[inverse], out=best)
    if spec.yahtzee is not None:
        _yahtzee_joker(spec, flat, best, m, u, x)
    if spec.jokers:
        best = _with_joker(best, x)
    return best


def distinct_scores(spec: OneColumnSpec) -> list[tuple[np.ndarray, np.ndarray]]:
    """For each row: its distinct scores and, for each outcome, which one it makes."""
    cached = getattr(spec, "_distinct", None)
    if cached is None:
        cached = [np.unique(spec.scores[r], return_inverse=True) for r in range(spec.n_rows)]
        object.__setattr__(spec, "_distinct", cached)
    return cached


def _yahtzee_joker(spec: OneColumnSpec, flat: np.ndarray, best: np.ndarray, m: np.ndarray,
                   u: np.ndarray, x: np.ndarray) -> None:
    """H4: overwrite the five-of-a-kind outcomes of states whose yahtzee row is filled."""
    space = dice_space()
    yz = _yahtzee(spec)
    sel = np.flatnonzero(m >> yz.row & 1)
    if not sel.size:
        return
    ms, us, xs = m[sel], u[sel], x[sel]
    for face, o in space.yams.items():
        best[o, sel] = forced_joker_value(spec, flat, ms, us, xs, face) + yz.bonus * xs


def _yahtzee(spec: OneColumnSpec) -> YahtzeeJoker:
    """The H4 joker of a spec asked for it (a family with a yahtzee row and its joker rule)."""
    if spec.yahtzee is None:
        raise ValueError(f"{spec.family}: no yahtzee joker in this spec")
    return spec.yahtzee


def forced_joker_value(spec: OneColumnSpec, flat: np.ndarray, m: np.ndarray, u: np.ndarray,
                       x: np.ndarray, face: int) -> np.ndarray:
    """Best value of a yahtzee of ``face`` placed by the forced joker rule (H4), per state."""
    o = dice_space().yams[face]
    fixed = dict(_yahtzee(spec).joker_scores)
    lower = np.full(len(m), -np.inf, dtype=DTYPE)
    zero_upper = np.full(len(m), -np.inf, dtype=DTYPE)
    forced = None
    for row in range(spec.n_rows):
        is_open = (m >> row & 1) == 0
        if spec.upper[row] and spec.rows[row] == str(face):
            forced_value = place(spec, flat, row, int(spec.scores[row, o]), m, u, x)[0]
            forced = is_open
        elif spec.upper[row]:
            value = place(spec, flat, row, 0, m, u, x)[0]
            zero_upper = np.where(is_open, np.maximum(zero_upper, value), zero_upper)
        else:
            value = place(spec, flat, row, int(fixed.get(row, spec.scores[row, o])), m, u, x)[0]
            lower = np.where(is_open, np.maximum(lower, value), lower)
    out = np.where(np.isfinite(lower), lower, zero_upper)
    if forced is not None:
        out = np.where(forced, forced_value, out)
    return out


def joker_rows(spec: OneColumnSpec, mask: int, face: int) -> dict[int, int]:
    """H4 forced joker, for one sheet: the rows a yahtzee of ``face`` may go to, with scores."""
    o = dice_space().yams[face]
    for i, up in enumerate(spec.upper):
        if up and spec.rows[i] == str(face) and not mask >> i & 1:
            return {i: int(spec.scores[i, o])}
    fixed = dict(_yahtzee(spec).joker_scores)
    lower = {i: int(fixed.get(i, spec.scores[i, o])) for i, up in enumerate(spec.upper)
             if not up and not mask >> i & 1}
    return lower or {i: 0 for i, up in enumerate(spec.upper) if up and not mask >> i & 1}


def _with_joker(best: np.ndarray, x: np.ndarray) -> np.ndarray:
    """U4: with a joker left, the best over turning one die into another face first (the state
    with one joker fewer sits just before in the chunk). Changing one die is taking one out
    (a keep of 4) and putting any face back: a max over 6 children, then over the parents."""
    space = dice_space()
    sel = np.flatnonzero(x >= 1)
    if not sel.size:
        return best
    fewer = best[:, sel - 1]
    child, parent = space.child[N_DICE - 1], space.parent[N_DICE]
    any_face = fewer[child[:, 0]]
    for d in range(1, 6):
        np.maximum(any_face, fewer[child[:, d]], out=any_face)
    first = space.level[N_DICE - 1][0]
    changed = any_face[parent[:, 0] - first]
    for p in range(1, parent.shape[1]):
        np.maximum(changed, any_face[parent[:, p] - first], out=changed)
    out = best.copy()
    out[:, sel] = np.maximum(best[:, sel], changed)
    return out


def keep_values(after: np.ndarray) -> np.ndarray:
    """(462, R): expected value of each keep, given the value of each outcome of the reroll."""
    space = dice_space()
    ek = np.empty((len(space.keeps), after.shape[1]), dtype=DTYPE)
    ek[:space.n_outcomes] = after
    for size in range(N_DICE - 1, -1, -1):
        lvl, child = space.level[size], space.child[size]
        acc = ek[child[:, 0]]
        for d in range(1, 6):
            acc += ek[child[:, d]]
        ek[lvl[0]:lvl[-1] + 1] = acc / 6
    return ek


def best_keep_values(ek: np.ndarray) -> np.ndarray:
    """(252, R): value of each outcome before a reroll = its best sub-keep's value."""
    space = dice_space()
    best = ek.copy()
    for size in range(1, N_DICE + 1):
        lvl, parent = space.level[size], space.parent[size]
        acc = best[parent[:, 0]]
        for p in range(1, parent.shape[1]):
            np.maximum(acc, best[parent[:, p]], out=acc)
        best[lvl[0]:lvl[-1] + 1] = np.maximum(ek[lvl[0]:lvl[-1] + 1], acc)
    return best[:space.n_outcomes]


def turn_start_value(spec: OneColumnSpec, flat: np.ndarray, m: np.ndarray, u: np.ndarray,
                     x: np.ndarray) -> np.ndarray:
    """``E`` of states (m, u, x): three rolls, optimal keeps and cell."""
    v3 = last_roll_values(spec, flat, m, u, x)
    v2 = best_keep_values(keep_values(v3))
    v1 = best_keep_values(keep_values(v2))
    value: np.ndarray = dice_space().p_roll.astype(DTYPE) @ v1
    return value
