"""What things are worth to a ``greedy`` seat: its parameter row and its valuation, in points.

``greedy`` (:mod:`strategies.greedy`) decides by comparing values in points. This module holds
those values, worked out from what the seat sees: its own stock, the card display, the stack tops
and how far the game has run. One valuation serves every decision, the herd's included (the hook
``value_goods`` hands it to the taming policy), so food and resources are priced one way.

- **Time.** The game ends when the deck cannot refill the display or a building stack runs out;
  the rounds left are the fewer of the deck's clock (``cards_per_round`` cards per player per
  round) and the smallest stack's clock (``stack_rate`` tiles per stack per round).
- **Resources.** A resource is worth ``resource`` times its unit value (3, 4, 5, 6: what it
  scores on a building) while the seat can expect to spend it, and 1 point (what it scores left
  over) beyond that: the seat expects to spend ``hoard`` resources plus ``hoard_round`` per round
  left; the worth fades to 1 point over the next ``hoard_soft`` resources. A kind that the most
  nearly affordable fixed-cost building on a stack top still lacks is worth ``need`` more.
  Payments take the resources worth least.
- **Feeding.** A shortfall at the next feeding costs the cheapest payment in resources, or
  ``starve`` points (the -10), whichever is less. Food beyond the next feeding is worth
  ``food_spare``. Food bought by hunting and food paid onto the mammoth tile are valued by these
  same costs: a figure on the tile costs what paying for it (with food or a resource, whichever
  costs less) does to the seat's stock and its next feeding.
- **Growth.** A person, an agriculture step and a tool step are worth ``people``, ``agriculture``
  and ``tools`` points per round left, plus what the seat's multiplier cards will make of them.
- **Cards and buildings.** A card is worth its bottom (a culture set's growth, or its figures
  times the multiplier's expected final count) plus its top now; a building its points plus the
  hut-builder figures held.

All functions are allocation-free (``@hot``); the parameter row is ``PARAMS`` in this order.
"""

from __future__ import annotations

import numpy as np

from sim.board import resources_held, tool_total
from sim.constants import (
    B_VARIABLE,
    C_AMOUNT,
    C_EFFECT,
    C_FIGURES,
    C_KIND,
    C_RESOURCE,
    C_SYMBOL,
    DIVISOR,
    E_AGRICULTURE,
    E_DICE_FOR_EVERYONE,
    E_EXTRA_CARD,
    E_FOOD,
    E_ONE_TIME_TOOL,
    E_POINTS,
    E_RESOURCE,
    E_RESOURCES_OF_CHOICE,
    E_ROLL2,
    E_TOOL,
    FOOD,
    GOLD,
    MAX_AGRICULTURE,
    MAX_PEOPLE,
    MAX_TILE_FIGURES,
    N_CARDS,
    N_CULTURE_SYMBOLS,
    STACK_SIZE,
    T_ALL_AMOUNT,
    T_ALL_EFFECT,
    T_ALL_RESOURCE,
    T_FIRST_AMOUNT,
    T_FIRST_EFFECT,
    T_FIRST_RESOURCE,
    V_ALL,
    V_FIGURES,
    V_FIRST,
    WOOD,
)
from sim.jit import hot
from sim.rules import Flag
from sim.state import (
    AGRICULTURE,
    BUILDINGS,
    CARDS,
    CHOICE_TOKENS,
    CULTURE,
    FIGURES,
    FLAGS,
    GOODS,
    I_DECK_POS,
    I_HERD_AREA,
    I_N_STACKS,
    I_PLAYERS,
    I_PRIZE,
    I_TILE_POS,
    N_BUILDINGS_HELD,
    PEOPLE,
    STACK_TAKEN,
    STACKS,
    TILE_PILE,
    TILES,
)

PARAMS = {
    "cards_per_round": 0.557,  # civilization cards taken per player per round (the deck's clock)
    "stack_rate": 0.384,  # tiles taken per building stack per round (the stacks' clock)
    "resource": 0.922,  # share of a resource's unit value it is worth while it can be spent
    "hoard": 6.06,  # resources the seat expects to spend besides hoard_round per round left
    "hoard_round": 2.21,  # resources it expects to spend per round left
    "hoard_soft": 7.33,  # resources over which the worth fades to 1 point beyond that
    "need": 0.96,  # points more for a kind the nearest fixed-cost building on a stack lacks
    "food_spare": 1.36,  # points per food beyond the next feeding
    "starve": 15.2,  # points a -10 costs the seat (less: it starves more readily)
    "agriculture": 1.38,  # points per agriculture step per round left
    "people": 1.34,  # points per person per round left
    "tools": 0.425,  # points per tool step per round left
    "building": 0.554,  # weight on a building's points
    "building_cost": 0.243,  # weight on the worth of the resources a building takes
    "culture": 0.744,  # weight on a green card's growth of its culture set
    "culture_future": 0.36,  # points per round left on a green card (sets grow later)
    "multiplier": 1.07,  # weight on a sand card's multiplier points
    "card_cost": 1.01,  # weight on the worth of the resources a card takes
    "farmer": 1.27,  # weight on farmer cards (x agriculture)
    "toolmaker": 1.06,  # weight on tool-maker cards (x tool total)
    "hutbuilder": 0.665,  # weight on hut-builder cards (x buildings)
    "shaman": 1.05,  # weight on shaman cards (x people)
    "herd": 0.812,  # weight on the taming policy's value of the herd's area at placement
}
(
    CARDS_PER_ROUND,
    STACK_RATE,
    RESOURCE_W,
    HOARD,
    HOARD_ROUND,
    HOARD_SOFT,
    NEED_W,
    FOOD_SPARE,
    STARVE,
    AGRICULTURE_W,
    PEOPLE_W,
    TOOLS_W,
    BUILDING_W,
    BUILDING_COST,
    CULTURE_W,
    CULTURE_FUTURE,
    MULTIPLIER_W,
    CARD_COST,
    FARMER_W,
    TOOLMAKER_W,
    HUTBUILDER_W,
    SHAMAN_W,
    HERD_W,
) = range(len(PARAMS))

MAX_TOOL_TOTAL = 12
UNPAYABLE = 1e9  # the cost of a payment the seat cannot make


@hot(inline=True)
def rounds_left(st, g, params):
    """Rounds the seat expects to remain, this one included (see the module's notes)."""
    players = st.game[g, I_PLAYERS]
    deck = N_CARDS - st.game[g, I_DECK_POS]
    by_cards = 1.0 + deck / max(0.1, params[CARDS_PER_ROUND] * players)
    smallest = STACK_SIZE
    for s in range(st.game[g, I_N_STACKS]):
        smallest = min(smallest, STACK_SIZE - st.game[g, STACK_TAKEN + s])
    by_stacks = max(1.0, smallest / max(0.05, params[STACK_RATE]))
    return min(by_cards, by_stacks)


@hot(inline=True)
def feeding_need(st, g, seat):
    """Food the next feeding takes from the seat's stock (people minus agriculture, >= 0)."""
    return max(0, st.seat[g, seat, PEOPLE] - st.seat[g, seat, AGRICULTURE])


@hot(inline=True)
def resource_worths(st, g, seat, params, rounds):
    """Points of one more wood, brick, stone and gold to the seat (see the module's notes)."""
    held = resources_held(st, g, seat) + st.seat[g, seat, CHOICE_TOKENS]
    budget = params[HOARD] + params[HOARD_ROUND] * (rounds - 1.0)
    spendable = min(1.0, max(0.0, 1.0 - (held - budget) / max(1.0, params[HOARD_SOFT])))
    w = 1.0 + (3.0 * params[RESOURCE_W] - 1.0) * spendable
    b = 1.0 + (4.0 * params[RESOURCE_W] - 1.0) * spendable
    s = 1.0 + (5.0 * params[RESOURCE_W] - 1.0) * spendable
    gd = 1.0 + (6.0 * params[RESOURCE_W] - 1.0) * spendable
    # the fixed-cost building on a stack top that lacks the fewest resources: its kinds count more
    best_lack = 1 << 30
    lack_w = 0
    lack_b = 0
    lack_s = 0
    lack_g = 0
    for stack in range(st.game[g, I_N_STACKS]):
        taken = st.game[g, STACK_TAKEN + stack]
        if taken >= STACK_SIZE:
            continue
        row = BUILDINGS + st.game[g, STACKS + stack * STACK_SIZE + taken]
        if st.data[row, B_VARIABLE] != 0:
            continue
        a = max(0, st.data[row, 0] - st.seat[g, seat, GOODS + 1])
        c = max(0, st.data[row, 1] - st.seat[g, seat, GOODS + 2])
        d = max(0, st.data[row, 2] - st.seat[g, seat, GOODS + 3])
        e = max(0, st.data[row, 3] - st.seat[g, seat, GOODS + 4])
        lack = a + c + d + e
        if 0 < lack < best_lack:
            best_lack = lack
            lack_w, lack_b, lack_s, lack_g = a, c, d, e
    need = params[NEED_W]
    return (
        w + need * (lack_w > 0),
        b + need * (lack_b > 0),
        s + need * (lack_s > 0),
        gd + need * (lack_g > 0),
    )


@hot(inline=True)
def resource_worth(good, w, b, s, gd):
    """The worth of ``good`` (wood..gold) among the four worths ``w, b, s, gd``."""
    if good == 1:
        return w
    if good == 2:
        return b
    if good == 3:
        return s
    return gd


@hot(inline=True)
def cheapest_order(w, b, s, gd):
    """The four resource kinds by worth, least first (ties: the lower kind), as one int:
    kind of rank ``i`` in bits ``3i..3i+2``."""
    order = 0
    taken = 0
    for rank in range(4):
        best = 0
        best_worth = 1e300
        for r in range(WOOD, GOLD + 1):
            if taken & (1 << r):
                continue
            worth = resource_worth(r, w, b, s, gd)
            if worth < best_worth:
                best_worth = worth
                best = r
        taken |= 1 << best
        order |= best << (3 * rank)
    return order


@hot(inline=True)
def payment_cost(st, g, seat, skip, amount, order, w, b, s, gd):
    """Points of the ``amount`` resources worth least after the ``skip`` cheapest ones;
    :data:`UNPAYABLE` if the seat does not hold them."""
    cost = 0.0
    left = amount
    for rank in range(4):
        if left <= 0:
            break
        r = (order >> (3 * rank)) & 7
        have = np.int64(st.seat[g, seat, GOODS + r])
        passed = min(have, skip)
        skip -= passed
        take = min(have - passed, left)
        cost += take * resource_worth(r, w, b, s, gd)
        left -= take
    if left > 0:
        return UNPAYABLE
    return cost


@hot(inline=True)
def fill_payment(st, g, seat, amount, order, pay):
    """Fill ``pay`` (goods-indexed) with the ``amount`` resources worth least; False if short."""
    for r in range(pay.shape[0]):
        pay[r] = 0
    left = amount
    for rank in range(4):
        r = (order >> (3 * rank)) & 7
        take = min(left, st.seat[g, seat, GOODS + r])
        pay[r] = take
        left -= take
    return left == 0


@hot(inline=True)
def feeding_cost(st, g, seat, params, shortfall, skip, order, w, b, s, gd):
    """Points a feeding short by ``shortfall`` costs: the cheapest payment (after the ``skip``
    resources worth least, spent elsewhere) or the -10 (``starve``), whichever is less."""
    if shortfall <= 0:
        return 0.0
    return min(params[STARVE], payment_cost(st, g, seat, skip, shortfall, order, w, b, s, gd))


COSTS_WIDTH = 24  # cumulative payment costs kept for up to 10 figures plus a feeding of 10


@hot(inline=True)
def cumulative_costs(st, g, seat, order, w, b, s, gd, costs):
    """``costs[n]``: points of the ``n`` resources worth least (:data:`UNPAYABLE` past what the
    seat holds), for every ``n`` the row holds."""
    costs[0] = 0.0
    n = 1
    for rank in range(4):
        r = (order >> (3 * rank)) & 7
        worth = resource_worth(r, w, b, s, gd)
        for _ in range(np.int64(st.seat[g, seat, GOODS + r])):
            if n >= costs.shape[0]:
                return
            costs[n] = costs[n - 1] + worth
            n += 1
    for m in range(n, costs.shape[0]):
        costs[m] = UNPAYABLE


@hot(inline=True)
def payment_loss(params, food, need, food_paid, resources_paid, costs):
    """Points the seat loses by paying ``food_paid`` food and its ``resources_paid`` resources
    worth least now: their worth, the spare food gone and what its next feeding then costs
    (``food``: its food, ``need``: what the next feeding takes; ``costs``: from
    :func:`cumulative_costs`)."""
    spare_lost = max(0, food - need) - max(0, food - food_paid - need)
    short = max(0, need - (food - food_paid))
    feeding = 0.0
    if short > 0:
        feeding = min(params[STARVE], costs[resources_paid + short] - costs[resources_paid])
    return costs[resources_paid] + feeding + params[FOOD_SPARE] * spare_lost


@hot(inline=True)
def figure_payment(st, g, seat, params, count, costs):
    """The cheapest way to pay ``count`` figures on the tile, with ``costs`` from
    :func:`cumulative_costs`: (food to pay, loss in points); (-1, UNPAYABLE) if it cannot."""
    food = np.int64(st.seat[g, seat, GOODS + FOOD])
    need = np.int64(feeding_need(st, g, seat))
    held = np.int64(resources_held(st, g, seat))
    base = payment_loss(params, food, need, 0, 0, costs)
    best_food = -1
    best = UNPAYABLE
    for f in range(max(0, count - held), min(count, food) + 1):
        loss = payment_loss(params, food, need, f, count - f, costs) - base
        if loss < best:
            best = loss
            best_food = f
    return best_food, best


@hot(inline=True)
def tool_step_worth(st, g, seat, params, rounds):
    """Points of one more tool step (0 at the cap)."""
    if tool_total(st, g, seat) >= MAX_TOOL_TOTAL:
        return 0.0
    figures = st.seat[g, seat, FIGURES + 2]  # tool-maker cards count the tool total
    return rounds * params[TOOLS_W] + figures * params[MULTIPLIER_W] * params[TOOLMAKER_W]


@hot(inline=True)
def agriculture_step_worth(st, g, seat, params, rounds):
    """Points of one more agriculture step (0 at the cap)."""
    if st.seat[g, seat, AGRICULTURE] >= MAX_AGRICULTURE:
        return 0.0
    figures = st.seat[g, seat, FIGURES + 1]  # farmer cards count agriculture
    return rounds * params[AGRICULTURE_W] + figures * params[MULTIPLIER_W] * params[FARMER_W]


@hot(inline=True)
def person_worth(st, g, seat, params, rounds):
    """Points of one more person (0 at the cap)."""
    if st.seat[g, seat, PEOPLE] >= MAX_PEOPLE:
        return 0.0
    figures = st.seat[g, seat, FIGURES + 4]  # shaman cards count people
    return rounds * params[PEOPLE_W] + figures * params[MULTIPLIER_W] * params[SHAMAN_W]


@hot(inline=True)
def food_gain_worth(st, g, seat, params, amount, order, w, b, s, gd):
    """Points of ``amount`` more food: the part of the next feeding's cost it saves, and spare."""
    food = np.int64(st.seat[g, seat, GOODS + FOOD])
    need = feeding_need(st, g, seat)
    short = max(0, need - food)
    saved = feeding_cost(st, g, seat, params, short, 0, order, w, b, s, gd) - feeding_cost(
        st, g, seat, params, max(0, short - amount), 0, order, w, b, s, gd
    )
    return saved + params[FOOD_SPARE] * max(0, amount - short)


@hot(inline=True)
def bonus_worth(st, g, seat, params, effect, amount, good, rounds, order, w, b, s, gd):
    """Points of one bonus (a mammoth tile's or a card's simple top effect) to the seat now."""
    if effect == E_POINTS:
        return float(amount)
    if effect == E_FOOD:
        return food_gain_worth(st, g, seat, params, amount, order, w, b, s, gd)
    if effect == E_RESOURCE:
        return amount * resource_worth(good, w, b, s, gd)
    if effect == E_TOOL:
        return amount * tool_step_worth(st, g, seat, params, rounds)
    if effect == E_AGRICULTURE:
        return amount * agriculture_step_worth(st, g, seat, params, rounds)
    return 0.0


@hot(inline=True)
def card_worth(st, g, seat, card, params, rounds, order, w, b, s, gd):
    """Points a card is worth to the seat: its bottom at the end plus its top now."""
    row = st.data[CARDS + card]
    kind = row[C_KIND]
    worth = 0.0
    if kind == 0:
        layer = st.seat[g, seat, CULTURE + row[C_SYMBOL]] + 1
        size = 0
        for symbol in range(N_CULTURE_SYMBOLS):
            if st.seat[g, seat, CULTURE + symbol] >= layer:
                size += 1
        worth += params[CULTURE_W] * (2 * size + 1) + params[CULTURE_FUTURE] * rounds
    else:
        if kind == 1:
            base = min(float(MAX_AGRICULTURE), st.seat[g, seat, AGRICULTURE] + 0.25 * rounds)
        elif kind == 2:
            base = min(12.0, tool_total(st, g, seat) + 0.3 * rounds)
        elif kind == 3:
            base = st.seat[g, seat, N_BUILDINGS_HELD] + 0.5 * rounds
        else:
            base = min(float(MAX_PEOPLE), st.seat[g, seat, PEOPLE] + 0.2 * rounds)
        # card kinds 1..4 are farmer, tool maker, hut builder, shaman: their weights in order
        worth += params[MULTIPLIER_W] * params[FARMER_W + kind - 1] * row[C_FIGURES] * base
    effect = row[C_EFFECT]
    amount = row[C_AMOUNT]
    good = row[C_RESOURCE]
    if effect == E_ONE_TIME_TOOL:
        worth += 0.6 * amount * params[RESOURCE_W] * 1.5
    elif effect == E_DICE_FOR_EVERYONE:
        worth += 4.0 * params[RESOURCE_W]
    elif effect == E_ROLL2:
        worth += 7.0 / DIVISOR[good] * resource_worth(good, w, b, s, gd)
    elif effect == E_EXTRA_CARD:
        worth += 4.0
    elif effect == E_RESOURCES_OF_CHOICE:
        worth += amount * max(max(w, b), max(s, gd))
    else:
        worth += bonus_worth(st, g, seat, params, effect, amount, good, rounds, order, w, b, s, gd)
    return worth


@hot(inline=True)
def current_tile(st, g):
    """This round's prize tile, or -1 (read from the pile while the taming is under way)."""
    tile = st.game[g, I_PRIZE]
    if tile >= 0:
        return tile
    pos = st.game[g, I_TILE_POS]
    if st.game[g, I_HERD_AREA] < 0 or pos <= 0:
        return -1
    return st.game[g, TILE_PILE + pos - 1]


@hot(inline=True)
def herd_values(st, g, seat, params, values, most, costs):
    """Fill a ``values`` row (:mod:`sim.hooks` ``value_goods``) with the seat's valuation.

    Figure costs are worked out for the first ``most`` figures; ``costs`` is a scratch row of
    :data:`COSTS_WIDTH`. Figures whose cost alone passes every prize the contest could bring
    (both bonuses and the mammoth points) are marked unpayable: no policy would pay them, and
    the work stops there.
    """
    rounds = rounds_left(st, g, params)
    w, b, s, gd = resource_worths(st, g, seat, params, rounds)
    order = cheapest_order(w, b, s, gd)
    tile = current_tile(st, g)
    first = 0.0
    all_ = 0.0
    if tile >= 0:
        row = st.data[TILES + tile]
        first = bonus_worth(
            st,
            g,
            seat,
            params,
            row[T_FIRST_EFFECT],
            row[T_FIRST_AMOUNT],
            row[T_FIRST_RESOURCE],
            rounds,
            order,
            w,
            b,
            s,
            gd,
        )
        all_ = bonus_worth(
            st,
            g,
            seat,
            params,
            row[T_ALL_EFFECT],
            row[T_ALL_AMOUNT],
            row[T_ALL_RESOURCE],
            rounds,
            order,
            w,
            b,
            s,
            gd,
        )
    values[V_FIRST] = first
    values[V_ALL] = all_
    ceiling = abs(first) + abs(all_) + abs(st.data[FLAGS, Flag.MAMMOTH_POINTS]) + 1.0
    cumulative_costs(st, g, seat, order, w, b, s, gd, costs)
    previous = 0.0
    for k in range(1, MAX_TILE_FIGURES + 1):
        cost = -1.0
        if k <= most and previous <= ceiling:
            food, loss = figure_payment(st, g, seat, params, k, costs)
            if food >= 0:
                cost = max(0.0, loss - previous)
                previous = loss
        values[V_FIGURES + k - 1] = cost
