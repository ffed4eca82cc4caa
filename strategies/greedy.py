"""``greedy``: a one-step value heuristic whose values follow what the seat holds and sees.

Every option is valued in points by the seat's valuation (:mod:`strategies.greedy_values`):
resources are worth what they will score if spent and fade to their left-over point when the
seat holds more than it can spend; food is worth what the next feeding would otherwise cost;
people, agriculture and tools are worth so much per round left plus what its multiplier cards
make of them; time runs by the deck and the building stacks.

- placement: each legal place gets a value per person (a building it can pay: its points, less
  the weighted worth of what it takes; a card it can pay: its worth less the weighted worth of
  the resources it costs; the hut, field and tool maker: a person, an agriculture or a tool step;
  hunting: the part of the next feeding's cost the food saves, plus spare food; a resource area:
  the expected units, each at its place on the fading worth, plus ``need`` per unit of a kind a
  building on a stack top lacks, plus the taming policy's ``herd_value`` on the herd's area), and
  the best value per person wins;
- actions resolve the village first (a new tool helps the rolls), then gathering, then cards and
  buildings (resources just gathered can pay);
- tools go on a roll only when they lift it to the next multiple of the divisor, with the fewest
  pips;
- it buys a card or a building when it is worth more than what it takes, paying with the
  resources worth least; dice for everyone: the most valuable face;
- a feeding shortfall is paid with the resources worth least unless they cost more than a -10
  (``starve``): choosing the -10 is a weighed choice;
- the herd: it hands its taming policy the same valuation (``value_goods``): what each figure on
  the tile costs and what the bonuses are worth; each figure is paid with food or a resource,
  whichever costs the seat less (``food_for_figures``).

The weights are ``PARAMS`` (see :mod:`strategies.greedy_values`). The archetype presets
(``strategies/presets/*.toml``: farmer, builder, cards, toolmaker, starver, balanced, tuned) are
parameter rows of this family, never new code, so they run on the one compiled kernel. The first
greedy is kept unchanged as ``classic`` (:mod:`strategies.classic`).
"""

from __future__ import annotations

import numpy as np

from sim.board import (
    building_offer,
    cheapest_payment,
    offer_payment,
    resources_held,
    smallest_tool_mask,
    tools_available,
    unit_value,
    units_gathered,
)
from sim.constants import (
    B_VARIABLE,
    DIVISOR,
    FIELD,
    FIRST_BUILDING,
    FIRST_CARD_SPACE,
    FOOD,
    FOREST,
    GOLD,
    HUNTING_GROUNDS,
    HUT,
    MEMO_WIDTH,
    N_AREAS,
    N_CARD_SPACES,
    RIVER,
    STACK_SIZE,
    TOOL_MAKER,
    V_HERD,
    WOOD,
)
from sim.jit import hot
from sim.stack import stack_f64
from sim.state import (
    BUILDINGS,
    DISPLAY,
    FIGURES,
    GOODS,
    I_HERD_AREA,
    I_N_STACKS,
    STACK_TAKEN,
    STACKS,
)
from strategies.greedy_values import (
    BUILDING_COST,
    BUILDING_W,
    CARD_COST,
    COSTS_WIDTH,
    HERD_W,
    HUTBUILDER_W,
    MULTIPLIER_W,
    NEED_W,
    RESOURCE_W,
    STARVE,
    UNPAYABLE,
    VIEW_WIDTH,
    VW_BUDGET,
    VW_ROUNDS,
    VW_SHORT,
    VW_SOFT,
    VW_SPARE_WORTH,
    VW_STOCK,
    agriculture_step_worth,
    card_worth,
    feeding_cost,
    feeding_need,
    figure_payment,
    fill_view,
    fill_worths,
    herd_values,
    kinds_lacked,
    lacking,
    payment_cost,
    person_worth,
    resource_worth,
    spendable_below,
    spendable_share,
    tool_step_worth,
)
from strategies.greedy_values import LIMITS as LIMITS  # and the values each may take
from strategies.greedy_values import PARAMS as PARAMS  # the family's parameter row

DESCRIPTION = (
    "one-step value heuristic: resources worth what they will score, food what the next "
    "feeding would cost, growth by the rounds left"
)

# The memo ``place`` keeps between a seat's turns of one placement phase (see sim.hooks).
M_READY, M_ROUNDS, M_SHORT, M_TOOLS, M_FEED = 0, 1, 2, 3, 4
M_NEED = 5  # M_NEED + r - 1: points more per unit of resource r a building lacks (need)
# per area: the value per person of the village, cards and buildings (their people are fixed)
M_AREA = 9
M_RATE = M_AREA + N_AREAS  # per area: this turn's value per person (scratch)
M_STOCK, M_BUDGET, M_SOFT = M_RATE + N_AREAS, M_RATE + N_AREAS + 1, M_RATE + N_AREAS + 2
M_SPARE_WORTH = M_SOFT + 1  # points of a spare food (the view's)
M_BELOW = M_SPARE_WORTH + 1  # spendable_below of the stock (see greedy_values)
SKIP = -1e300  # a card it cannot pay, a building it cannot buy; a place it cannot take
if N_AREAS != 16:
    raise ImportError("greedy.place picks the best of exactly 16 places (sim.constants.N_AREAS)")
if M_BELOW + 1 > MEMO_WIDTH:
    raise ImportError("greedy's memo does not fit sim.constants.MEMO_WIDTH")


@hot(inline=True)
def _building_value(st, g, seat, params, stack, view):
    """Value of buying the top of ``stack`` now; ``SKIP`` if it cannot."""
    taken = st.game[g, STACK_TAKEN + stack]
    if taken >= STACK_SIZE:
        return SKIP
    building = st.game[g, STACKS + stack * STACK_SIZE + taken]
    points, _ = building_offer(st, g, seat, building, True)
    return _offer_value(st, g, seat, params, building, points, view)


@hot(inline=True)
def _offer_value(st, g, seat, params, building, points, view):
    """Value of buying ``building`` for the ``points`` of the best offer; ``SKIP`` if none."""
    if points < 0:
        return SKIP
    row = BUILDINGS + building
    cost = 0.0
    if params[BUILDING_COST] == 0.0:
        pass
    elif st.data[row, B_VARIABLE] == 0:
        for r in range(WOOD, GOLD + 1):
            cost += st.data[row, r - 1] * resource_worth(view, r)
    else:
        # a variable tile's payment spends the most valuable units: count its points at the
        # gold rate (the worth of a unit per point of its value is about the same for all)
        cost = points * resource_worth(view, GOLD) / unit_value(GOLD)
    hutbuilders = st.seat[g, seat, FIGURES + 3]
    return (
        points * params[BUILDING_W]
        + hutbuilders * params[MULTIPLIER_W] * params[HUTBUILDER_W]
        - params[BUILDING_COST] * cost
    )


@hot(inline=True)
def _plan(st, g, seat, params, memo, hi):
    """Fill the memo: what placement cannot change (the seat's stock, the display, the stacks).
    Cards and buildings already taken this phase (``hi`` 0) stay taken: they are not valued."""
    view = stack_f64(VIEW_WIDTH)
    fill_view(st, g, seat, params, view)
    rounds = view[VW_ROUNDS]
    short = np.int64(view[VW_SHORT])
    memo[M_ROUNDS] = rounds
    memo[M_SHORT] = short
    memo[M_TOOLS] = tools_available(st, g, seat)
    needed = _stack_tops(st, g, seat, params, memo, hi, view)
    for r in range(WOOD, GOLD + 1):
        memo[M_NEED + r - 1] = params[NEED_W] * ((needed >> r) & 1)
    memo[M_STOCK] = view[VW_STOCK]
    memo[M_BUDGET] = view[VW_BUDGET]
    memo[M_SOFT] = view[VW_SOFT]
    memo[M_SPARE_WORTH] = view[VW_SPARE_WORTH]
    memo[M_BELOW] = spendable_below(view[VW_STOCK], view[VW_BUDGET], view[VW_SOFT])
    memo[M_FEED] = feeding_cost(params, view, short, 0)
    memo[M_AREA + TOOL_MAKER] = tool_step_worth(st, g, seat, params, rounds - 1.0)
    memo[M_AREA + FIELD] = agriculture_step_worth(st, g, seat, params, rounds)
    # the hut takes 2 people; the newcomer eats at this round's feeding already
    person = person_worth(st, g, seat, params, rounds - 1.0)
    if person > 0.0:
        person -= feeding_cost(params, view, short + 1, 0) - memo[M_FEED]
    memo[M_AREA + HUT] = person / 2
    for space in range(N_CARD_SPACES):
        cost = space + 1
        card = st.game[g, DISPLAY + space]
        if card < 0 or hi[FIRST_CARD_SPACE + space] == 0:
            memo[M_AREA + FIRST_CARD_SPACE + space] = SKIP
            continue
        price = payment_cost(view, 0, cost)
        if price >= UNPAYABLE:
            memo[M_AREA + FIRST_CARD_SPACE + space] = SKIP
            continue
        worth = card_worth(st, g, seat, card, params, view)
        memo[M_AREA + FIRST_CARD_SPACE + space] = worth - params[CARD_COST] * price
    memo[M_READY] = 1.0


@hot(inline=True)
def _stack_tops(st, g, seat, params, memo, hi, view):
    """One pass over the building stacks for :func:`_plan`.

    Writes the value of each top the seat can take into the memo (``SKIP`` otherwise; a
    fixed-cost top it lacks anything for is not valued). Returns the bits (bit ``r``, wood..gold)
    of the resource kinds that the top lacking the fewest resources still lacks: where gathering
    brings a building closer (the ``need`` bonus). A "so many of k kinds" tile lacks the kinds
    the seat holds none of.
    """
    best_lack = 1 << 30
    best_row = -1
    for stack in range(4):
        memo[M_AREA + FIRST_BUILDING + stack] = SKIP
    for stack in range(st.game[g, I_N_STACKS]):
        taken = st.game[g, STACK_TAKEN + stack]
        if taken >= STACK_SIZE:
            continue
        row = BUILDINGS + st.game[g, STACKS + stack * STACK_SIZE + taken]
        variable = st.data[row, B_VARIABLE] != 0
        lack = lacking(st, g, seat, row)
        if 0 < lack < best_lack:
            best_lack = lack
            best_row = row
        if hi[FIRST_BUILDING + stack] > 0 and (variable or lack == 0):
            memo[M_AREA + FIRST_BUILDING + stack] = _building_value(
                st, g, seat, params, stack, view
            )
    return kinds_lacked(st, g, seat, best_row)


@hot(inline=True)
def _better(rate_a, area_a, rate_b, area_b):
    """The better of two places; the first (``a``) unless ``b`` is strictly better."""
    if rate_b > rate_a:
        return rate_b, area_b
    return rate_a, area_a


@hot(inline=True)
def best_place(rates, hunters, lo, hi):
    """The place with the best rate per person (``rates`` by area, the first on a tie) and how
    many people go there: all it takes (``hunters`` on the hunting grounds), at least its
    minimum; with nothing rated above -1e18, the first legal place with its fewest people."""
    best_rate, best_area = _first_best(rates)
    if best_rate <= -1e18:
        for a in range(N_AREAS):
            if hi[a] > 0:
                return a, lo[a]
    count = hunters if best_area == HUNTING_GROUNDS else hi[best_area]
    return best_area, max(count, lo[best_area])


@hot(inline=True)
def _first_best(rates):
    """The first area with the largest of ``rates[0..15]`` (a tree of comparisons four deep:
    its levels compare in parallel; each keeps the lower area on a tie)."""
    r0, a0 = _better(rates[0], 0, rates[1], 1)
    r1, a1 = _better(rates[2], 2, rates[3], 3)
    r2, a2 = _better(rates[4], 4, rates[5], 5)
    r3, a3 = _better(rates[6], 6, rates[7], 7)
    r4, a4 = _better(rates[8], 8, rates[9], 9)
    r5, a5 = _better(rates[10], 10, rates[11], 11)
    r6, a6 = _better(rates[12], 12, rates[13], 13)
    r7, a7 = _better(rates[14], 14, rates[15], 15)
    r0, a0 = _better(r0, a0, r1, a1)
    r2, a2 = _better(r2, a2, r3, a3)
    r4, a4 = _better(r4, a4, r5, a5)
    r6, a6 = _better(r6, a6, r7, a7)
    r0, a0 = _better(r0, a0, r2, a2)
    r4, a4 = _better(r4, a4, r6, a6)
    return _better(r0, a0, r4, a4)


@hot(inline=True)
def place(st, g, seat, params, rng, lo, hi, herd_value, memo):
    """The legal place with the best value per person (see the module's notes).

    What placement cannot change is worked out at the seat's first turn of the phase
    (:func:`_plan`); each turn then values hunting and the resource areas for the people the
    seat can still send.
    """
    if memo[M_READY] == 0.0:
        _plan(st, g, seat, params, memo, hi)
    rates = memo[M_RATE : M_RATE + N_AREAS]
    short = memo[M_SHORT]
    # hunting: no more people than the next feeding's shortfall needs (plus one)
    cap = (2 * int(short) + 2) // 3 + 1 if short > 0 else hi[HUNTING_GROUNDS]
    hunters = min(hi[HUNTING_GROUNDS], cap)
    count = max(hunters, 1)
    food = 1.75 * count
    covered = min(food, short)
    saved = memo[M_FEED] * covered / short if short > 0 else 0.0
    value = saved + (food - covered) * memo[M_SPARE_WORTH]
    rates[HUNTING_GROUNDS] = value / count if hunters > 0 else SKIP
    herd_area = st.game[g, I_HERD_AREA]
    herd = herd_value * params[HERD_W]
    for a in range(FOREST, RIVER + 1):
        count = max(hi[a], 1)
        units = (3.5 * count + 0.5 * memo[M_TOOLS]) / DIVISOR[a]
        share = spendable_share(memo[M_STOCK], units, memo[M_BUDGET], memo[M_SOFT], memo[M_BELOW])
        worth = 1.0 + ((a + 2) * params[RESOURCE_W] - 1.0) * share + memo[M_NEED + a - 1]
        value = units * worth
        value += herd if a == herd_area else 0.0
        rates[a] = value / count if hi[a] > 0 else SKIP
    for a in range(TOOL_MAKER, N_AREAS):
        rates[a] = memo[M_AREA + a] if hi[a] > 0 else SKIP
    return best_place(rates, hunters, lo, hi)


@hot(inline=True)
def next_action(st, g, seat, params, rng, pending):
    """Village first, then gathering, then cards and buildings."""
    for a in (TOOL_MAKER, HUT, FIELD):
        if pending[a] != 0:
            return a
    for a in range(N_AREAS):
        if pending[a] != 0:
            return a
    return -1


@hot(inline=True)
def use_tools(st, g, seat, params, rng, good, dice_sum, people):
    """The fewest pips that lift the roll to the next multiple of the divisor, if any."""
    if good == FOOD and feeding_need(st, g, seat) <= st.seat[g, seat, GOODS + FOOD]:
        return 0
    over = dice_sum - units_gathered(dice_sum, good) * DIVISOR[good]  # dice_sum % divisor
    missing = DIVISOR[good] - over
    if over == 0 or tools_available(st, g, seat) < missing:
        return 0
    return smallest_tool_mask(st, g, seat, missing)


@hot(inline=True)
def buy_card(st, g, seat, params, rng, space, pay):
    """Buy when the card is worth more than the weighted worth of its price; pay with the
    resources worth least."""
    view = stack_f64(VIEW_WIDTH)
    cost = space + 1
    fill_view(st, g, seat, params, view)
    price = payment_cost(view, 0, cost)
    if price >= UNPAYABLE:
        return False
    worth = card_worth(st, g, seat, st.game[g, DISPLAY + space], params, view)
    if worth < params[CARD_COST] * price:
        return False
    return cheapest_payment(st, g, seat, cost, pay)


@hot(inline=True)
def buy_building(st, g, seat, params, rng, stack, pay):
    """Buy when its value is positive, scoring as much as the tile allows."""
    taken = st.game[g, STACK_TAKEN + stack]
    if taken >= STACK_SIZE:
        return False
    view = stack_f64(VIEW_WIDTH)
    fill_worths(st, g, seat, params, view)
    building = st.game[g, STACKS + stack * STACK_SIZE + taken]
    points, subset = building_offer(st, g, seat, building, True)
    if _offer_value(st, g, seat, params, building, points, view) <= 0.0:
        return False
    return offer_payment(st, g, seat, building, pay, True, points, subset) >= 0


@hot
def take_die(st, g, seat, params, rng, dice):
    """The most valuable face left (a resource at its worth, a tool or agriculture step)."""
    view = stack_f64(VIEW_WIDTH)
    fill_worths(st, g, seat, params, view)
    rounds = view[VW_ROUNDS]
    best = -1
    best_value = -1.0
    for i in range(dice.shape[0]):
        face = dice[i]
        if face == 0:
            continue
        if face <= 4:
            value = resource_worth(view, face)
        elif face == 5:
            value = tool_step_worth(st, g, seat, params, rounds - 1.0)
        else:
            value = agriculture_step_worth(st, g, seat, params, rounds)
        if value > best_value:
            best_value = value
            best = i
    return best


@hot
def choose_resources(st, g, seat, params, rng, n, out):
    """What a visible fixed-cost building still lacks, else the kind worth most."""
    out[:] = 0
    left = n
    for stack in range(st.game[g, I_N_STACKS]):
        if left == 0 or st.game[g, STACK_TAKEN + stack] >= STACK_SIZE:
            continue
        row = st.data[
            BUILDINGS + st.game[g, STACKS + stack * STACK_SIZE + st.game[g, STACK_TAKEN + stack]]
        ]
        if row[6] != 0:
            continue
        lacking = 0
        for r in range(WOOD, GOLD + 1):
            lacking += max(0, row[r - 1] - st.seat[g, seat, GOODS + r] - out[r])
        if 0 < lacking <= left:
            for r in range(WOOD, GOLD + 1):
                extra = max(0, row[r - 1] - st.seat[g, seat, GOODS + r] - out[r])
                out[r] += extra
                left -= extra
    out[GOLD] += left


@hot(inline=True)
def pay_resources(st, g, seat, params, rng, amount, reason, pay):
    """The resources worth least: the cheapest kinds (a worth rises with the unit value)."""
    cheapest_payment(st, g, seat, amount, pay)


@hot(inline=True)
def accept_starvation(st, g, seat, params, rng, shortfall):
    """Take -10 when the resources worth least that would pay cost more than ``starve``."""
    view = stack_f64(VIEW_WIDTH)
    fill_view(st, g, seat, params, view)
    return payment_cost(view, 0, shortfall) > params[STARVE]


@hot(inline=True)
def value_goods(st, g, seat, params, rng, values, most):
    """The seat's own valuation of the figures on the tile and of this round's bonuses."""
    herd_values(st, g, seat, params, values, most, stack_f64(VIEW_WIDTH), stack_f64(COSTS_WIDTH))
    values[V_HERD] = params[HERD_W]  # place weighs the taming policy's herd_value by it


@hot(inline=True)
def food_for_figures(st, g, seat, params, rng, count):
    """Food or a resource for each figure, whichever costs the seat less (its valuation)."""
    food = st.seat[g, seat, GOODS + FOOD]
    if food == 0 or resources_held(st, g, seat) == 0:
        return count  # no choice: the engine pays what the seat holds
    view = stack_f64(VIEW_WIDTH)
    fill_view(st, g, seat, params, view)
    food, _ = figure_payment(params, view, count)
    return max(0, food)
