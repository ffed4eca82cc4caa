"""Shared helpers of the value-based taming policies (``ev``, ``majority``).

Everything is valued in points from what the seat sees. The policies share the first
:data:`N_COMMON` entries of their parameter rows (:data:`COMMON_PARAMS`, in this order) and add
their own tile-value parameters after them.

A contest with ``k`` of the seat's figures on the tile is worth

``P(win) * (max(first, all) + tile) + P(takes part and does not win) * all - cost(k)``

(the valuation of :mod:`sim.contest_solver`), with ``P`` read from the exact table ``st.odds``
and the other seats' figures known (earlier seats in action order) or assumed (later seats:
``min(later_figures, people they have on the herd's area)``). ``cost(k)`` adds the figures one by
one: food the next feeding does not need costs ``food``, food it needs costs ``food_needed``,
then the cheapest resources cost their unit value times ``resource``; more than food plus
resources cannot be paid. Ties go to fewer figures.

All functions are allocation-free (``@hot``).
"""

from __future__ import annotations

import numpy as np

from sim.board import people_home, tool_total, unit_value
from sim.constants import (
    E_AGRICULTURE,
    E_FOOD,
    E_POINTS,
    E_RESOURCE,
    E_TOOL,
    FOOD,
    GOLD,
    HUNTING_GROUNDS,
    MAX_AGRICULTURE,
    N_CARDS,
    RESOURCE_AREA_SPACES,
    T_ALL_AMOUNT,
    T_ALL_EFFECT,
    T_ALL_RESOURCE,
    T_FIRST_AMOUNT,
    T_FIRST_EFFECT,
    T_FIRST_RESOURCE,
    WOOD,
)
from sim.jit import hot
from sim.state import (
    AGRICULTURE,
    GOODS,
    H_ON_TILE,
    H_TILES_WON,
    HERD,
    I_DECK_POS,
    I_HERD_AREA,
    I_PLAYERS,
    I_PRIZE,
    I_START_PLAYER,
    I_TILE_POS,
    PEOPLE,
    PLACED,
    TILE_PILE,
    TILES,
)

MAX_TOOL_TOTAL = 12
MAX_FIGURES = 10  # the odds table covers 0..10 figures per seat
TIE_TOLERANCE = 1e-9  # relative, as sim.contest_solver.TIE_TOLERANCE

COMMON_PARAMS = {
    "food": 2.0,  # points per food paid (or gained) that the next feeding does not need
    "food_needed": 4.0,  # points per food paid (or gained) that the next feeding needs
    "resource": 0.9,  # share of a resource's unit value (3..6) it is worth
    "tools": 0.35,  # points per tool step per round left
    "agriculture": 1.0,  # points per agriculture step per round left
    "cards_per_round": 2.5,  # deck cards used per round (rounds left = 1 + deck / this)
    "later_figures": 1.0,  # figures assumed for each later seat with people on the herd's area
}
FOOD_W, FOOD_NEEDED_W, RESOURCE_W, TOOLS_W, AGRICULTURE_W, CARDS_PER_ROUND, LATER_FIGURES = range(7)
N_COMMON = len(COMMON_PARAMS)


@hot(inline=True)
def rounds_left(st, g, params):
    """Rounds expected to remain, from the cards left in the deck (as strategies.greedy)."""
    left = N_CARDS - st.game[g, I_DECK_POS]
    return 1.0 + left / max(0.5, params[CARDS_PER_ROUND])


@hot(inline=True)
def feeding_need(st, g, seat):
    """Food the next feeding takes from the seat's stock (people minus agriculture, >= 0)."""
    return max(0, st.seat[g, seat, PEOPLE] - st.seat[g, seat, AGRICULTURE])


@hot(inline=True)
def bonus_value(st, g, seat, params, effect, amount, good):
    """Points one bonus (effect, amount, good) is worth to the seat now."""
    if effect == E_POINTS:
        return float(amount)
    if effect == E_FOOD:
        short = max(0, feeding_need(st, g, seat) - st.seat[g, seat, GOODS + FOOD])
        needed = min(amount, short)
        return needed * params[FOOD_NEEDED_W] + (amount - needed) * params[FOOD_W]
    if effect == E_RESOURCE:
        return amount * unit_value(good) * params[RESOURCE_W]
    if effect == E_TOOL:
        steps = min(amount, max(0, MAX_TOOL_TOTAL - tool_total(st, g, seat)))
        return steps * params[TOOLS_W] * rounds_left(st, g, params)
    if effect == E_AGRICULTURE:
        steps = min(amount, max(0, MAX_AGRICULTURE - st.seat[g, seat, AGRICULTURE]))
        return steps * params[AGRICULTURE_W] * rounds_left(st, g, params)
    return 0.0


@hot(inline=True)
def first_bonus_value(st, g, seat, params, tile):
    """Points of the tile's "1." bonus to the seat."""
    row = st.data[TILES + tile]
    return bonus_value(
        st, g, seat, params, row[T_FIRST_EFFECT], row[T_FIRST_AMOUNT], row[T_FIRST_RESOURCE]
    )


@hot(inline=True)
def all_bonus_value(st, g, seat, params, tile):
    """Points of the tile's "all" bonus to the seat."""
    row = st.data[TILES + tile]
    return bonus_value(
        st, g, seat, params, row[T_ALL_EFFECT], row[T_ALL_AMOUNT], row[T_ALL_RESOURCE]
    )


@hot(inline=True)
def prefers_first(st, g, seat, params, tile):
    """Take "1." iff its value is at least the "all" bonus's."""
    return first_bonus_value(st, g, seat, params, tile) >= all_bonus_value(
        st, g, seat, params, tile
    )


@hot(inline=True)
def current_tile(st, g):
    """This round's prize tile, or -1. Read from the pile, so it is known during the taming
    itself too (the engine clears ``I_PRIZE`` before asking the winner for its bonus)."""
    tile = st.game[g, I_PRIZE]
    if tile >= 0:
        return tile
    pos = st.game[g, I_TILE_POS]
    if st.game[g, I_HERD_AREA] < 0 or pos <= 0:
        return -1
    return st.game[g, TILE_PILE + pos - 1]


@hot(inline=True)
def figure_costs_start(st, g, seat):
    """Where :func:`next_figure_cost` starts: the seat's food, its spare food (beyond the next
    feeding), and the cheapest resource kind to pay with after the food and how many it holds."""
    food = np.int64(st.seat[g, seat, GOODS + FOOD])
    spare = max(np.int64(0), food - feeding_need(st, g, seat))
    return food, spare, np.int64(WOOD), np.int64(st.seat[g, seat, GOODS + WOOD])


@hot(inline=True)
def next_figure_cost(st, g, seat, params, k, food, spare, good, left):
    """Points the ``k``-th figure (1-based) on the tile costs, asked for k = 1, 2, ... in turn.

    Spare food first, then food the feeding needs, then resources cheapest first. ``food``,
    ``spare``, ``good``, ``left`` come from :func:`figure_costs_start` and, for ``good`` and
    ``left``, from the previous call.

    Returns
    -------
    (float, int, int)
        The cost (-1.0 if the figure cannot be paid), then ``good`` and ``left`` for the next call.
    """
    if k <= spare:
        return params[FOOD_W], good, left
    if k <= food:
        return params[FOOD_NEEDED_W], good, left
    while left == 0 and good < GOLD:
        good += 1
        left = np.int64(st.seat[g, seat, GOODS + good])
    if left == 0:
        return -1.0, good, left
    return unit_value(good) * params[RESOURCE_W], good, left - 1


@hot(inline=True)
def figure_cost(st, g, seat, params, j):
    """Points the ``j``-th figure (1-based) on the tile costs; -1.0 if it cannot be paid."""
    food, spare, good, left = figure_costs_start(st, g, seat)
    cost = -1.0
    for k in range(1, j + 1):
        cost, good, left = next_figure_cost(st, g, seat, params, k, food, spare, good, left)
        if cost < 0.0:
            break
    return cost


@hot(inline=True)
def _is_earlier(st, g, seat, q):
    """Whether ``q`` resolves its actions before ``seat`` this round."""
    players = st.game[g, I_PLAYERS]
    start = st.game[g, I_START_PLAYER]
    return (q - start) % players < (seat - start) % players


@hot(inline=True)
def assumed_figures(st, g, seat, q, params, at_placement):
    """Figures seat ``q`` has (or is assumed to have) on the tile, as ``seat`` sees it.

    At commitment an earlier seat's figures are known; a later seat with people on the herd's
    area is assumed to commit ``later_figures`` of them. At placement nobody has committed yet
    and every other seat already on the herd's area is assumed to commit ``later_figures``.
    """
    if q >= st.game[g, I_PLAYERS] or q == seat:
        return 0
    if not at_placement and _is_earlier(st, g, seat, q):
        return min(MAX_FIGURES, int(st.seat[g, q, HERD + H_ON_TILE]))
    area = st.game[g, I_HERD_AREA]
    if area < 0:
        return 0
    there = int(st.seat[g, q, PLACED + area])
    if there <= 0:
        return 0
    return min(MAX_FIGURES, there, max(0, int(params[LATER_FIGURES])))


@hot(inline=True)
def best_commitment(st, g, seat, params, available, first, all_, tile_value, at_placement):
    """The best number of figures and its expected net value (see the module's notes).

    Parameters
    ----------
    available : int
        Most figures the seat may commit.
    first, all_, tile_value : float
        Points of the "1." bonus, the "all" bonus and of keeping the tile.
    at_placement : bool
        Evaluate at placement time (no commitment is known yet).

    Returns
    -------
    (int, float)
        Figures to commit (ties toward fewer) and the expected net value (0 for 0 figures).
    """
    c0 = assumed_figures(st, g, seat, 0, params, at_placement)
    c1 = assumed_figures(st, g, seat, 1, params, at_placement)
    c2 = assumed_figures(st, g, seat, 2, params, at_placement)
    c3 = assumed_figures(st, g, seat, 3, params, at_placement)
    win_prize = max(first, all_) + tile_value
    tolerance = TIE_TOLERANCE * max(1.0, abs(win_prize), abs(all_))
    best_k = 0
    best_value = 0.0
    cost = 0.0
    food, spare, good, left = figure_costs_start(st, g, seat)
    for k in range(1, min(available, MAX_FIGURES) + 1):
        step, good, left = next_figure_cost(st, g, seat, params, k, food, spare, good, left)
        if step < 0.0:
            break  # it cannot pay for another figure
        cost += step
        if seat == 0:
            win = st.odds[k, c1, c2, c3, 0]
        elif seat == 1:
            win = st.odds[c0, k, c2, c3, 1]
        elif seat == 2:
            win = st.odds[c0, c1, k, c3, 2]
        else:
            win = st.odds[c0, c1, c2, k, 3]
        value = win * win_prize + (1.0 - win) * all_ - cost
        if value > best_value + tolerance:
            best_value = value
            best_k = k
    return best_k, best_value


@hot(inline=True)
def placement_figures(st, g, seat):
    """People the seat would put on the herd's area now: all at home, up to the free spaces."""
    area = st.game[g, I_HERD_AREA]
    home = people_home(st, g, seat)
    if area == HUNTING_GROUNDS:
        return max(0, home)
    used = 0
    for q in range(st.game[g, I_PLAYERS]):
        used += st.seat[g, q, PLACED + area]
    return max(0, min(home, RESOURCE_AREA_SPACES - used))


@hot
def majority_chance(mine, t1, t2, t3, left, players, box, min_tiles):
    """P(the seat ends with a share of the mammoth majority), exactly, under a simple model.

    Each of the ``left`` tiles still in the pile is boxed with probability ``box`` and otherwise
    won by one of the ``players`` seats, uniformly. The seat scores when its final count is at
    least ``min_tiles`` and no other seat's is higher (ties all score).

    Parameters
    ----------
    mine : int
        The seat's tiles.
    t1, t2, t3 : int
        The other seats' tiles (only the first ``players - 1`` are read).
    left : int
        Tiles still to be contested after this round's.
    players : int
        Seats in the game (2..4).
    box : float
        Probability a tile is boxed; clamped to [0.001, 0.999].

    Returns
    -------
    float
    """
    box = min(0.999, max(0.001, box))
    p = (1.0 - box) / players
    opponents = players - 1
    r1 = p / (1.0 - p) if opponents >= 1 else 0.0
    r2 = p / (1.0 - 2.0 * p) if opponents >= 2 else 0.0
    r3 = p / (1.0 - 3.0 * p) if opponents >= 3 else 0.0
    if opponents < 2:
        t2 = 0
    if opponents < 3:
        t3 = 0
    # Binomial pmfs by their recurrence; every ratio is finite since box > 0 keeps r < 1.
    total = 0.0
    pa = (1.0 - p) ** left
    ratio_a = p / (1.0 - p)
    ratio1 = r1 / (1.0 - r1)
    ratio2 = r2 / (1.0 - r2)
    ratio3 = r3 / (1.0 - r3)
    for a in range(left + 1):
        if a > 0:
            pa = pa * (left - a + 1) / a * ratio_a
        top = mine + a
        if top < min_tiles or top < 1:
            continue
        c1 = top - t1
        c2 = top - t2
        c3 = top - t3
        if c1 < 0 or c2 < 0 or c3 < 0:
            continue
        n1 = left - a
        inner1 = 0.0
        p1 = (1.0 - r1) ** n1
        for b1 in range(min(c1, n1) + 1):
            if b1 > 0:
                p1 = p1 * (n1 - b1 + 1) / b1 * ratio1
            n2 = n1 - b1
            inner2 = 0.0
            p2 = (1.0 - r2) ** n2
            for b2 in range(min(c2, n2) + 1):
                if b2 > 0:
                    p2 = p2 * (n2 - b2 + 1) / b2 * ratio2
                n3 = n2 - b2
                if c3 >= n3:
                    cdf = 1.0
                else:
                    term = (1.0 - r3) ** n3
                    cdf = term
                    for b3 in range(c3):
                        term = term * (n3 - b3) / (b3 + 1) * ratio3
                        cdf += term
                inner2 += p2 * cdf
            inner1 += p1 * inner2
        total += pa * inner1
    return min(1.0, max(0.0, total))


@hot(inline=True)
def leader_gap(st, g, seat):
    """The seat's tiles minus the most tiles any other seat holds."""
    best = 0
    for q in range(st.game[g, I_PLAYERS]):
        if q != seat:
            best = max(best, int(st.seat[g, q, HERD + H_TILES_WON]))
    return int(st.seat[g, seat, HERD + H_TILES_WON]) - best


@hot(inline=True)
def contest_value(st, g, seat, params, tile, tile_value):
    """``herd_value`` of a policy: the best commitment's expected net points at placement."""
    if tile < 0:
        return 0.0
    _, value = best_commitment(
        st,
        g,
        seat,
        params,
        placement_figures(st, g, seat),
        first_bonus_value(st, g, seat, params, tile),
        all_bonus_value(st, g, seat, params, tile),
        tile_value,
        True,
    )
    return value


@hot(inline=True)
def commitment(st, g, seat, params, available, tile, tile_value):
    """``commit_figures`` of a policy: the best commitment (ties toward fewer)."""
    if tile < 0 or available <= 0:
        return 0
    k, _ = best_commitment(
        st,
        g,
        seat,
        params,
        available,
        first_bonus_value(st, g, seat, params, tile),
        all_bonus_value(st, g, seat, params, tile),
        tile_value,
        False,
    )
    return k
