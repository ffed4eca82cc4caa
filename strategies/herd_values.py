"""Shared helpers of the value-based taming policies (``ev``, ``majority``).

Everything is valued in points from what the seat sees. The policies share the first
:data:`N_COMMON` entries of their parameter rows (:data:`COMMON_PARAMS`, in this order) and add
their own tile-value parameters after them.

A contest with ``k`` of the seat's figures on the tile is worth

``P(win) * (max(first, all) + tile) + P(takes part and does not win) * all - cost(k)``

(the valuation of :mod:`sim.contest_solver`), with ``P`` read from the exact table ``st.odds``
and the other seats' figures known (earlier seats in action order) or assumed (later seats:
``min(later_figures, people they have on the herd's area)``). ``cost(k)`` (the figures' costs)
and the bonuses ``first`` and ``all`` come from the seat's base strategy (the ``values`` row of
the hook ``value_goods``, :mod:`sim.hooks`), so the base strategy and the taming policy price food
and resources one way; the policy adds the contest: the odds and the tile's worth. Ties go to
fewer figures.

:func:`classic_values` is the valuation the first taming policies carried themselves (food the
next feeding does not need at 2 points, food it needs at 4, resources at 0.9 of their unit value);
``classic`` and ``random`` hand it over, which keeps their play as it was.

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
    MAX_TILE_FIGURES,
    N_CARDS,
    RESOURCE_AREA_SPACES,
    T_ALL_AMOUNT,
    T_ALL_EFFECT,
    T_ALL_RESOURCE,
    T_FIRST_AMOUNT,
    T_FIRST_EFFECT,
    T_FIRST_RESOURCE,
    V_ALL,
    V_FIGURES,
    V_FIRST,
    V_HERD,
    WOOD,
)
from sim.jit import hot
from sim.situation import prize_tile
from sim.state import (
    AGRICULTURE,
    GOODS,
    H_ON_TILE,
    H_TILES_WON,
    HERD,
    I_DECK_POS,
    I_HERD_AREA,
    I_PLAYERS,
    I_START_PLAYER,
    PEOPLE,
    PLACED,
    TILES,
)
from strategies.params import Limit, Positions

MAX_TOOL_TOTAL = 12
TIE_TOLERANCE = 1e-9  # relative, as sim.contest_solver.TIE_TOLERANCE

COMMON_PARAMS = {
    "later_figures": 1.0,  # figures assumed for each later seat with people on the herd's area
}
COMMON_LIMITS = {"later_figures": Limit(0, MAX_TILE_FIGURES, whole=True)}
"""The values the common parameters may take (:class:`strategies.params.Limit`)."""
_AT = Positions(COMMON_PARAMS)
LATER_FIGURES = _AT["later_figures"]
_AT.check_every_key()
N_COMMON = len(COMMON_PARAMS)

# The classic valuation (see the module's notes): points of a food the next feeding does not
# need, of one it needs, the share of a resource's unit value, points per tool step and per
# agriculture step per round left, and the deck cards used per round.
CLASSIC_FOOD = 2.0
CLASSIC_FOOD_NEEDED = 4.0
CLASSIC_RESOURCE = 0.9
CLASSIC_TOOLS = 0.35
CLASSIC_AGRICULTURE = 1.0
CLASSIC_CARDS_PER_ROUND = 2.5


@hot(inline=True)
def rounds_left(st, g):
    """Rounds expected to remain, from the cards left in the deck (the classic estimate)."""
    left = N_CARDS - st.game[g, I_DECK_POS]
    return 1.0 + left / max(0.5, CLASSIC_CARDS_PER_ROUND)


@hot(inline=True)
def feeding_need(st, g, seat):
    """Food the next feeding takes from the seat's stock (people minus agriculture, >= 0)."""
    return max(0, st.seat[g, seat, PEOPLE] - st.seat[g, seat, AGRICULTURE])


@hot(inline=True)
def bonus_value(st, g, seat, effect, amount, good):
    """Points one bonus (effect, amount, good) is worth to the seat now (classic valuation)."""
    if effect == E_POINTS:
        return float(amount)
    if effect == E_FOOD:
        short = max(0, feeding_need(st, g, seat) - st.seat[g, seat, GOODS + FOOD])
        needed = min(amount, short)
        return needed * CLASSIC_FOOD_NEEDED + (amount - needed) * CLASSIC_FOOD
    if effect == E_RESOURCE:
        return amount * unit_value(good) * CLASSIC_RESOURCE
    if effect == E_TOOL:
        steps = min(amount, max(0, MAX_TOOL_TOTAL - tool_total(st, g, seat)))
        return steps * CLASSIC_TOOLS * rounds_left(st, g)
    if effect == E_AGRICULTURE:
        steps = min(amount, max(0, MAX_AGRICULTURE - st.seat[g, seat, AGRICULTURE]))
        return steps * CLASSIC_AGRICULTURE * rounds_left(st, g)
    return 0.0


current_tile = prize_tile  # this round's prize tile, or -1 (sim.situation.prize_tile)


@hot(inline=True)
def classic_values(st, g, seat, values, most):
    """Fill a ``values`` row (:mod:`sim.hooks` ``value_goods``) with the classic valuation."""
    food, spare, good, left = figure_costs_start(st, g, seat)
    payable = True
    for k in range(1, MAX_TILE_FIGURES + 1):
        cost = -1.0
        if payable and k <= most:
            cost, good, left = next_figure_cost(st, g, seat, k, food, spare, good, left)
            payable = cost >= 0.0
        values[V_FIGURES + k - 1] = cost
    tile = current_tile(st, g)
    if tile < 0:
        values[V_FIRST] = 0.0
        values[V_ALL] = 0.0
        return
    row = st.data[TILES + tile]
    values[V_FIRST] = bonus_value(
        st, g, seat, row[T_FIRST_EFFECT], row[T_FIRST_AMOUNT], row[T_FIRST_RESOURCE]
    )
    values[V_ALL] = bonus_value(
        st, g, seat, row[T_ALL_EFFECT], row[T_ALL_AMOUNT], row[T_ALL_RESOURCE]
    )


@hot(inline=True)
def figure_costs_start(st, g, seat):
    """Where :func:`next_figure_cost` starts: the seat's food, its spare food (beyond the next
    feeding), and the cheapest resource kind to pay with after the food and how many it holds."""
    food = np.int64(st.seat[g, seat, GOODS + FOOD])
    spare = max(np.int64(0), food - feeding_need(st, g, seat))
    return food, spare, np.int64(WOOD), np.int64(st.seat[g, seat, GOODS + WOOD])


@hot(inline=True)
def next_figure_cost(st, g, seat, k, food, spare, good, left):
    """Classic points the ``k``-th figure (1-based) on the tile costs, for k = 1, 2, ... in turn.

    Spare food first, then food the feeding needs, then resources cheapest first. ``food``,
    ``spare``, ``good``, ``left`` come from :func:`figure_costs_start` and, for ``good`` and
    ``left``, from the previous call.

    Returns
    -------
    (float, int, int)
        The cost (-1.0 if the figure cannot be paid), then ``good`` and ``left`` for the next call.
    """
    if k <= spare:
        return CLASSIC_FOOD, good, left
    if k <= food:
        return CLASSIC_FOOD_NEEDED, good, left
    while left == 0 and good < GOLD:
        good += 1
        left = np.int64(st.seat[g, seat, GOODS + good])
    if left == 0:
        return -1.0, good, left
    return unit_value(good) * CLASSIC_RESOURCE, good, left - 1


@hot(inline=True)
def _is_earlier(st, g, seat, q):
    """Whether ``q`` resolves its actions before ``seat`` this round."""
    players = st.game[g, I_PLAYERS]
    start = st.game[g, I_START_PLAYER]
    # places after the start player, (x - start) % players without a division
    after_q = q - start + players * (q < start)
    after_seat = seat - start + players * (seat < start)
    return after_q < after_seat


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
        return min(MAX_TILE_FIGURES, int(st.seat[g, q, HERD + H_ON_TILE]))
    area = st.game[g, I_HERD_AREA]
    if area < 0:
        return 0
    there = int(st.seat[g, q, PLACED + area])
    if there <= 0:
        return 0
    return min(MAX_TILE_FIGURES, there, max(0, int(params[LATER_FIGURES])))


@hot(inline=True)
def best_commitment(st, g, seat, params, available, values, tile_value, at_placement):
    """The best number of figures and its expected net value (see the module's notes).

    Parameters
    ----------
    available : int
        Most figures the seat may commit.
    values : numpy.ndarray
        The base strategy's valuation (:mod:`sim.hooks` ``value_goods``): the figures' costs and
        the points of the "1." and "all" bonuses.
    tile_value : float
        Points of keeping the tile.
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
    all_ = values[V_ALL]
    win_prize = max(values[V_FIRST], all_) + tile_value
    tolerance = TIE_TOLERANCE * max(1.0, abs(win_prize), abs(all_))
    best_k = 0
    best_value = 0.0
    cost = 0.0
    for k in range(1, min(available, MAX_TILE_FIGURES) + 1):
        step = values[V_FIGURES + k - 1]
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
def contest_value(st, g, seat, params, values, tile_value):
    """``herd_value`` of a policy: the best commitment's expected net points at placement."""
    _, value = best_commitment(
        st, g, seat, params, placement_figures(st, g, seat), values, tile_value, True
    )
    return value


OWN_WEIGHT = -1.0
"""A ``weight`` parameter's value meaning "the base strategy's own herd weight"."""
WEIGHT_LIMIT = Limit(OWN_WEIGHT, 10)
"""The values a herd weight may take: ``-1`` (the base strategy's own) or a share 0 to 10."""


@hot(inline=True)
def weighed(estimate, weight, values):
    """A placement estimate of the contest as the base strategy's placement should see it so
    that it weighs the contest at ``weight`` (a share of its expected points) at this table.

    The base strategy multiplies a taming policy's ``herd_value`` by its own herd weight
    (``values[V_HERD]``, at this table size); dividing that out leaves ``weight``. A negative
    ``weight`` (:data:`OWN_WEIGHT`) leaves the estimate as it is, and a base strategy that does
    not weigh the herd at placement (``values[V_HERD]`` 0) gets 0.
    """
    if weight < 0.0:
        return estimate
    if values[V_HERD] <= 0.0:
        return 0.0
    return estimate * weight / values[V_HERD]


@hot(inline=True)
def commitment(st, g, seat, params, available, values, tile_value):
    """``commit_figures`` of a policy: the best commitment (ties toward fewer)."""
    if available <= 0:
        return 0
    k, _ = best_commitment(st, g, seat, params, available, values, tile_value, False)
    return k
