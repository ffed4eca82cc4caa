"""``random``: every decision uniformly among the legal choices (a baseline to beat).

Placement draws uniformly among all legal (place, count) pairs; tools, payments and dice are
drawn uniformly too; a card or building that can be paid is bought with probability 1/2, and a
feeding shortfall that could be paid is paid with probability 1/2.
"""

from __future__ import annotations

from sim.board import resources_held
from sim.constants import (
    B_COUNT,
    B_KINDS,
    B_VARIABLE,
    GOLD,
    MAX_ONE_TIME_TOOLS,
    N_AREAS,
    STACK_SIZE,
    WOOD,
)
from sim.jit import hot
from sim.rng import below
from sim.state import BUILDINGS, GOODS, ONE_TIME_TOOLS, STACK_TAKEN, STACKS, TOOLS, TOOLS_USED
from strategies.herd_values import classic_values

DESCRIPTION = "uniform among the legal choices at every decision"
PARAMS: dict[str, float] = {}


@hot(inline=True)
def _random_units(st, g, seat, rng, amount, pay, kinds_mask):
    """Add ``amount`` random held units of the kinds in ``kinds_mask`` (bit r-1 for good r)."""
    for _ in range(amount):
        total = 0
        for r in range(WOOD, GOLD + 1):
            if kinds_mask & (1 << (r - 1)):
                total += st.seat[g, seat, GOODS + r] - pay[r]
        if total <= 0:
            return False
        u = below(rng, total)
        for r in range(WOOD, GOLD + 1):
            if kinds_mask & (1 << (r - 1)):
                left = st.seat[g, seat, GOODS + r] - pay[r]
                if u < left:
                    pay[r] += 1
                    break
                u -= left
    return True


@hot(inline=True)
def _kinds_feasible(st, g, seat, subset, row):
    """1 if paying one or more of exactly the goods in ``subset`` can meet the tile's count."""
    kinds = 0
    held = 0
    for r in range(4):
        if subset & (1 << r):
            have = st.seat[g, seat, GOODS + WOOD + r]
            if have == 0:
                return 0
            kinds += 1
            held += have
    return 1 if kinds == row[B_KINDS] and held >= row[B_COUNT] else 0


@hot
def place(st, g, seat, params, rng, lo, hi, herd_value, memo):
    """Uniform over every legal (area, count) pair."""
    total = 0
    for a in range(N_AREAS):
        if hi[a] > 0:
            total += hi[a] - lo[a] + 1
    u = below(rng, total)
    for a in range(N_AREAS):
        if hi[a] > 0:
            span = hi[a] - lo[a] + 1
            if u < span:
                return a, lo[a] + u
            u -= span
    return -1, 0


@hot
def next_action(st, g, seat, params, rng, pending):
    """Uniform among the places still to resolve."""
    n = 0
    for a in range(N_AREAS):
        n += pending[a] != 0
    u = below(rng, n)
    for a in range(N_AREAS):
        if pending[a] != 0:
            if u == 0:
                return a
            u -= 1
    return -1


@hot
def use_tools(st, g, seat, params, rng, good, dice_sum, people):
    """A uniformly random subset of the usable tools."""
    mask = 0
    for s in range(3):
        if (
            st.seat[g, seat, TOOLS_USED + s] == 0
            and st.seat[g, seat, TOOLS + s] > 0
            and below(rng, 2) == 1
        ):
            mask |= 1 << s
    for s in range(MAX_ONE_TIME_TOOLS):
        if st.seat[g, seat, ONE_TIME_TOOLS + s] > 0 and below(rng, 2) == 1:
            mask |= 1 << (3 + s)
    return mask


@hot
def buy_card(st, g, seat, params, rng, space, pay):
    """Buy with probability 1/2, paying random resources."""
    if below(rng, 2) == 0:
        return False
    return _random_units(st, g, seat, rng, space + 1, pay, 15)


@hot
def buy_building(st, g, seat, params, rng, stack, pay):
    """Buy with probability 1/2 if a payment exists, with a random legal payment."""
    if below(rng, 2) == 0:
        return False
    building = st.game[g, STACKS + stack * STACK_SIZE + st.game[g, STACK_TAKEN + stack]]
    row = st.data[BUILDINGS + building]
    if row[B_VARIABLE] == 0:
        for r in range(WOOD, GOLD + 1):
            if st.seat[g, seat, GOODS + r] < row[r - 1]:
                return False
            pay[r] = row[r - 1]
        return True
    if row[B_COUNT] == 0:
        held = resources_held(st, g, seat)
        if held == 0:
            return False
        return _random_units(st, g, seat, rng, 1 + below(rng, min(7, held)), pay, 15)
    n_feasible = 0
    for subset in range(1, 16):
        n_feasible += _kinds_feasible(st, g, seat, subset, row)
    if n_feasible == 0:
        return False
    pick = below(rng, n_feasible)
    subset = 0
    for candidate in range(1, 16):
        if _kinds_feasible(st, g, seat, candidate, row):
            if pick == 0:
                subset = candidate
                break
            pick -= 1
    for r in range(4):
        if subset & (1 << r):
            pay[WOOD + r] = 1
    return _random_units(st, g, seat, rng, row[B_COUNT] - row[B_KINDS], pay, subset)


@hot
def take_die(st, g, seat, params, rng, dice):
    """Uniform among the dice left."""
    n = 0
    for i in range(dice.shape[0]):
        n += dice[i] != 0
    u = below(rng, n)
    for i in range(dice.shape[0]):
        if dice[i] != 0:
            if u == 0:
                return i
            u -= 1
    return -1


@hot
def choose_resources(st, g, seat, params, rng, n, out):
    """Each resource of choice uniformly among wood, brick, stone and gold."""
    out[:] = 0
    for _ in range(n):
        out[WOOD + below(rng, 4)] += 1


@hot
def pay_resources(st, g, seat, params, rng, amount, reason, pay):
    """Random held resources."""
    pay[:] = 0
    _random_units(st, g, seat, rng, amount, pay, 15)


@hot
def accept_starvation(st, g, seat, params, rng, shortfall):
    """Take -10 with probability 1/2."""
    return below(rng, 2) == 1


@hot
def value_goods(st, g, seat, params, rng, values, most):
    """The classic valuation (:func:`strategies.herd_values.classic_values`): it draws nothing."""
    classic_values(st, g, seat, values, most)
