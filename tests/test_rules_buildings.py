"""Building tiles (docs/rules.md A6): the tile file, legal payments and points, the best
payments."""

from __future__ import annotations

import itertools
from collections import Counter

import numpy as np
import pytest

from sim.board import best_building_payment, building_offer, building_points
from sim.constants import FIRST_BUILDING, GOLD, N_BUILDINGS, STACK_SIZE, WOOD
from sim.data import load_buildings
from sim.invariants import ACTIONS, check
from sim.state import (
    GOODS,
    N_BUILDINGS_HELD,
    P_BUILDING,
    PARTS,
    PLACED,
    STACK_TAKEN,
    STACKS,
)

BUILDINGS = load_buildings()
VALUE = np.array([3, 4, 5, 6])
FIXED = {  # docs/rules.md A6: cost (wood, brick, stone, gold) -> (tiles, points)
    (2, 1, 0, 0): (1, 10),
    (2, 0, 1, 0): (1, 11),
    (1, 2, 0, 0): (1, 11),
    (2, 0, 0, 1): (1, 12),
    (1, 1, 1, 0): (2, 12),
    (1, 0, 2, 0): (1, 13),
    (0, 2, 1, 0): (1, 13),
    (1, 1, 0, 1): (2, 13),
    (0, 2, 0, 1): (1, 14),
    (0, 1, 2, 0): (1, 14),
    (1, 0, 1, 1): (2, 14),
    (0, 1, 1, 1): (2, 15),
    (0, 0, 2, 1): (1, 16),
}


def test_building_file_is_the_rules_set():
    fixed = Counter(tuple(int(v) for v in row[:4]) for row in BUILDINGS if row[6] == 0)
    assert fixed == Counter({cost: n for cost, (n, _) in FIXED.items()})
    for cost, (_, points) in FIXED.items():
        assert int(np.dot(cost, VALUE)) == points
    variable = Counter((int(row[4]), int(row[5])) for row in BUILDINGS if row[6] == 1)
    want = {(c, k): 1 for c in (4, 5) for k in (1, 2, 3, 4)}
    want[(0, 0)] = 3
    assert variable == Counter(want)


def _rule(row, pay, held):
    """Points of a payment by docs/rules.md A6 (independent of the engine), -1 if illegal."""
    pay = np.asarray(pay)
    if (pay < 0).any() or (pay > held).any():
        return -1
    value = int(pay @ VALUE)
    count = int(pay.sum())
    kinds = int((pay > 0).sum())
    if row[6] == 0:
        return value if tuple(pay) == tuple(row[:4]) else -1
    if row[4] == 0:
        return value if 1 <= count <= 7 else -1
    return value if count == row[4] and kinds == row[5] else -1


def _holding(sa, held):
    st = sa.new(2)
    st.seat[0, 0, GOODS + WOOD : GOODS + GOLD + 1] = held
    return st


def _pay(wbsg):
    return np.array([0, *wbsg], dtype=np.int64)


@pytest.mark.parametrize("held", [(3, 2, 2, 1), (5, 0, 4, 2), (7, 7, 7, 7)])
def test_building_points_every_payment(sa, held):
    st = _holding(sa, held)
    held = np.array(held)
    for building in range(N_BUILDINGS):
        row = BUILDINGS[building]
        for wbsg in itertools.product(range(6), range(4), range(4), range(3)):
            want = _rule(row, wbsg, held)
            got = building_points(st, 0, 0, building, _pay(wbsg))
            assert got == want, (building, wbsg, held.tolist())


def test_building_points_examples(sa):
    st = _holding(sa, (7, 7, 7, 7))
    tile = {(int(r[4]), int(r[5])): i for i, r in enumerate(BUILDINGS) if r[6] == 1}
    any_tile = tile[(0, 0)]
    assert building_points(st, 0, 0, tile[(4, 1)], _pay((0, 0, 0, 4))) == 24
    assert building_points(st, 0, 0, tile[(4, 1)], _pay((3, 1, 0, 0))) == -1
    assert building_points(st, 0, 0, tile[(4, 2)], _pay((2, 2, 0, 0))) == 14
    assert building_points(st, 0, 0, tile[(4, 2)], _pay((2, 1, 1, 0))) == -1
    assert building_points(st, 0, 0, tile[(4, 2)], _pay((2, 3, 0, 0))) == -1
    assert building_points(st, 0, 0, tile[(5, 4)], _pay((1, 1, 1, 2))) == 24
    assert building_points(st, 0, 0, tile[(5, 4)], _pay((2, 2, 1, 0))) == -1
    assert building_points(st, 0, 0, any_tile, _pay((0, 0, 0, 0))) == -1
    assert building_points(st, 0, 0, any_tile, _pay((1, 0, 0, 0))) == 3
    assert building_points(st, 0, 0, any_tile, _pay((0, 0, 0, 7))) == 42
    assert building_points(st, 0, 0, any_tile, _pay((1, 0, 0, 7))) == -1
    fixed = next(i for i, r in enumerate(BUILDINGS) if tuple(r[:4]) == (0, 0, 2, 1))
    assert building_points(st, 0, 0, fixed, _pay((0, 0, 2, 1))) == 16
    assert building_points(st, 0, 0, fixed, _pay((0, 0, 1, 2))) == -1  # no substitutes
    assert building_points(st, 0, 0, fixed, _pay((1, 0, 2, 1))) == -1  # no overpaying
    poor = _holding(sa, (0, 0, 1, 1))
    assert building_points(poor, 0, 0, fixed, _pay((0, 0, 2, 1))) == -1  # not held


def _payments(held):
    grid = np.array(list(itertools.product(*(range(h + 1) for h in held))), dtype=np.int64)
    return grid, grid @ VALUE, grid.sum(axis=1), (grid > 0).sum(axis=1)


def test_best_payment_maximises_and_minimises(sa):
    rng = np.random.default_rng(20240607)
    holdings = [tuple(rng.integers(0, 6, size=4)) for _ in range(60)]
    holdings += [(0, 0, 0, 0), (1, 1, 1, 1), (9, 0, 0, 0), (0, 0, 0, 8), (2, 2, 2, 2)]
    pay = np.zeros(5, dtype=np.int64)
    for held in holdings:
        st = _holding(sa, held)
        grid, value, count, kinds = _payments(held)
        for building in range(N_BUILDINGS):
            row = BUILDINGS[building]
            if row[6] == 0:
                legal = (grid == row[:4]).all(axis=1)
            elif row[4] == 0:
                legal = (count >= 1) & (count <= 7)
            else:
                legal = (count == row[4]) & (kinds == row[5])
            for spend_most in (True, False):
                want = -1
                if legal.any():
                    want = int(value[legal].max() if spend_most else value[legal].min())
                points, _ = building_offer(st, 0, 0, building, spend_most)
                assert points == want, (held, building, spend_most)
                got = best_building_payment(st, 0, 0, building, pay, spend_most)
                assert got == want
                if want >= 0:
                    assert building_points(st, 0, 0, building, pay) == want, (held, building)
                else:
                    assert not pay.any()


@pytest.mark.parametrize("stack", [0, 3])
def test_buying_a_building(sa, eng, stack):
    """_resolve with the default hook: best payment, points, next tile turned up, optional."""
    streams, buf, work = eng.scratch[:3]
    ids, params = sa.ids(), sa.params()
    area = FIRST_BUILDING + stack
    st = sa.new(4)
    tile = next(i for i, r in enumerate(BUILDINGS) if tuple(r[:4]) == (0, 1, 1, 1))
    st.game[0, STACKS + stack * STACK_SIZE] = tile
    cost = BUILDINGS[tile, :4]
    st.seat[0, 1, GOODS + WOOD : GOODS + GOLD + 1] = cost + 1
    st.seat[0, 1, PLACED + area] = 1
    eng.mod.resolve(st, 0, 1, area, (ids, ids, params, params), streams, 4, buf, work)
    seat = st.seat[0, 1]
    assert list(seat[GOODS + WOOD : GOODS + GOLD + 1]) == [1, 1, 1, 1]
    assert seat[PARTS + P_BUILDING] == int(cost @ VALUE)
    assert seat[N_BUILDINGS_HELD] == 1
    assert st.game[0, STACK_TAKEN + stack] == 1  # the next tile is now the top
    assert check(st, 0, ACTIONS) == 0
    # cannot pay: nothing happens
    st = sa.new(4)
    st.seat[0, 1, PLACED + area] = 1
    before = st.seat.copy()
    eng.mod.resolve(st, 0, 1, area, (ids, ids, params, params), streams, 4, buf, work)
    np.testing.assert_array_equal(st.seat, before)
    assert st.game[0, STACK_TAKEN + stack] == 0
    # "1 to 7 of any": the default spends the 7 most valuable
    st = sa.new(4)
    st.game[0, STACKS + stack * STACK_SIZE + 1] = next(
        i for i, r in enumerate(BUILDINGS) if r[6] == 1 and r[4] == 0
    )
    st.game[0, STACK_TAKEN + stack] = 1
    st.seat[0, 1, N_BUILDINGS_HELD] = 1  # whoever took the first tile: keep tiles conserved
    st.seat[0, 1, GOODS + WOOD : GOODS + GOLD + 1] = (3, 3, 3, 3)
    st.seat[0, 1, PLACED + area] = 1
    eng.mod.resolve(st, 0, 1, area, (ids, ids, params, params), streams, 4, buf, work)
    assert list(st.seat[0, 1, GOODS + WOOD : GOODS + GOLD + 1]) == [3, 2, 0, 0]
    assert st.seat[0, 1, PARTS + P_BUILDING] == 3 * 6 + 3 * 5 + 4
    assert st.game[0, STACK_TAKEN + stack] == 2
    assert check(st, 0, ACTIONS) == 0
    # an empty stack gives nothing
    st = sa.new(4)
    st.game[0, STACK_TAKEN + stack] = STACK_SIZE
    st.seat[0, 1, GOODS + WOOD : GOODS + GOLD + 1] = 5
    st.seat[0, 1, PLACED + area] = 1
    before = st.seat.copy()
    eng.mod.resolve(st, 0, 1, area, (ids, ids, params, params), streams, 4, buf, work)
    np.testing.assert_array_equal(st.seat, before)
