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
  left; the worth fades to 1 point over the next ``hoard_soft`` resources. A gathering is valued
  unit by unit along that scale (the tenth wood of a gathering is worth what the tenth wood held
  is). Payments take the resources worth least. Gathering a kind that the most nearly
  affordable building on a stack top still lacks earns ``need`` more per unit (a
  placement bonus, not a worth).
- **Feeding.** A shortfall at the next feeding costs the cheapest payment in resources, or
  ``starve`` points (the -10), whichever is less. Food beyond the next feeding is worth
  ``food_spare`` while it does not yet cover the feedings of the rounds left, and nothing beyond
  (it would score nothing). Food bought by hunting and food paid onto the mammoth tile are valued
  by these same costs: a figure on the tile costs what paying for it (with food or a resource,
  whichever costs less) does to the seat's stock and its next feeding.
- **Growth.** A person, an agriculture step and a tool step are worth ``people``, ``agriculture``
  and ``tools`` points per round left, plus what the seat's multiplier cards will make of them.
- **Cards and buildings.** A card is worth its bottom (a culture set's growth, or its figures
  times the multiplier's expected final count) plus its top now; a building its points plus the
  hut-builder figures held.

All functions are allocation-free (``@hot``); the parameter row is ``PARAMS``' values, read
through indexes derived from its keys (:mod:`strategies.params`). Its values were found by
``mammoth tune greedy --against classic --against greedy --players 2 3 4 --herd both --games 500
--iterations 30 --population 20 --sigma 0.2 --seed 11`` (rounded to three digits, the search
starting from the row before): against classic and greedy, with and without the herd, at every
table size. Then ``hoard``, ``hoard_round``, ``hoard_soft`` and ``starve`` were set by hand (to
the values in ``PARAMS``) so that seats end with fewer resources and the herd adds less to their
starving: the bounds of the behaviour profile (``mammoth compare``).
"""

from __future__ import annotations

import numpy as np

from sim.board import resources_held, tool_total
from sim.constants import (
    B_KINDS,
    B_VARIABLE,
    BRICK,
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
    K_CULTURE,
    K_FARMER,
    K_HUTBUILDER,
    K_TOOLMAKER,
    MAX_AGRICULTURE,
    MAX_PEOPLE,
    MAX_TILE_FIGURES,
    N_CULTURE_SYMBOLS,
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
from sim.situation import rounds_left as situation_rounds_left
from sim.state import (
    AGRICULTURE,
    CARDS,
    CHOICE_TOKENS,
    CULTURE,
    FIGURES,
    FLAGS,
    GOODS,
    N_BUILDINGS_HELD,
    PEOPLE,
    TILES,
)
from strategies.herd_values import current_tile, feeding_need  # shared with classic's valuation
from strategies.params import Limit, Positions

PARAMS = {
    "cards_per_round": 0.465,  # civilization cards taken per player per round (the deck's clock)
    "stack_rate": 0.336,  # tiles taken per building stack per round (the stacks' clock)
    "resource": 0.982,  # share of a resource's unit value it is worth while it can be spent
    "hoard": 3.0,  # resources the seat expects to spend besides hoard_round per round left
    "hoard_round": 2.4,  # resources it expects to spend per round left
    "hoard_soft": 3.0,  # resources over which the worth fades to 1 point beyond that
    "need": 0.96,  # points more for a kind the nearest fixed-cost building on a stack lacks
    "food_spare": 1.36,  # points per food beyond the next feeding
    "starve": 13.5,  # points a -10 costs the seat (less: it starves more readily)
    "agriculture": 1.25,  # points per agriculture step per round left
    "people": 1.34,  # points per person per round left
    "tools": 0.408,  # points per tool step per round left
    "building": 0.629,  # weight on a building's points
    "building_cost": 0.256,  # weight on the worth of the resources a building takes
    "culture": 0.785,  # weight on a green card's growth of its culture set
    "culture_future": 0.41,  # points per round left on a green card (sets grow later)
    "multiplier": 1.06,  # weight on a sand card's multiplier points
    "card_cost": 1.07,  # weight on the worth of the resources a card takes
    "farmer": 1.22,  # weight on farmer cards (x agriculture)
    "toolmaker": 1.13,  # weight on tool-maker cards (x tool total)
    "hutbuilder": 0.616,  # weight on hut-builder cards (x buildings)
    "shaman": 0.998,  # weight on shaman cards (x people)
    "herd": 0.866,  # weight on the taming policy's value of the herd's area at placement
}
CLOCK = (PARAMS["cards_per_round"], PARAMS["stack_rate"])
"""greedy's rounds-left clock (cards per player and round, buildings per stack and round): the
clock of the advice's situations and of the learned features."""
LIMITS = {name: Limit(0) for name in PARAMS}
"""Every weight, rate and count of the family is a finite number of at least 0."""
_AT = Positions(PARAMS)
CARDS_PER_ROUND = _AT["cards_per_round"]
STACK_RATE = _AT["stack_rate"]
RESOURCE_W = _AT["resource"]
HOARD = _AT["hoard"]
HOARD_ROUND = _AT["hoard_round"]
HOARD_SOFT = _AT["hoard_soft"]
NEED_W = _AT["need"]
FOOD_SPARE = _AT["food_spare"]
STARVE = _AT["starve"]
AGRICULTURE_W = _AT["agriculture"]
PEOPLE_W = _AT["people"]
TOOLS_W = _AT["tools"]
BUILDING_W = _AT["building"]
BUILDING_COST = _AT["building_cost"]
CULTURE_W = _AT["culture"]
CULTURE_FUTURE = _AT["culture_future"]
MULTIPLIER_W = _AT["multiplier"]
CARD_COST = _AT["card_cost"]
FARMER_W = _AT["farmer"]
TOOLMAKER_W = _AT["toolmaker"]
HUTBUILDER_W = _AT["hutbuilder"]
SHAMAN_W = _AT["shaman"]
HERD_W = _AT["herd"]
_AT.check_every_key()

MAX_TOOL_TOTAL = 12
UNPAYABLE = 1e9  # the cost of a payment the seat cannot make

# The seat's view: a float row that every decision reads its valuation from (:func:`fill_view`).
VW_ROUNDS = 0  # rounds left, this one included
VW_WORTH = 1  # VW_WORTH + r - 1: worth of one more resource r (wood..gold)
VW_FOOD = 5  # food held
VW_NEED = 6  # food the next feeding takes from the stock
VW_SHORT = 7  # food the next feeding lacks now
VW_SPARE = 8  # food beyond the next feeding
VW_HELD = 9  # resources held
VW_COUNT = 10  # VW_COUNT + r - 1: units of resource r held (wood..gold)
VW_STOCK = 14  # resources held, kept resource tokens included (what the hoard budget counts)
VW_BUDGET = 15  # resources the seat expects to spend
VW_SOFT = 16  # resources over which the worth fades beyond the budget
VW_SPARE_WORTH = 17  # points of a food beyond the next feeding (0 once later feedings are covered)
VIEW_WIDTH = 18
MAX_COSTS = 23  # herd_values prices payments of up to this many resources (10 figures + 13 food)
COSTS_WIDTH = MAX_COSTS + 1  # its row of payment costs


@hot(inline=True)
def rounds_left(st, g, params):
    """Rounds the seat expects to remain, this one included (see the module's notes): the clock
    of :func:`sim.situation.rounds_left` with the seat's ``cards_per_round`` and ``stack_rate``."""
    return situation_rounds_left(st, g, params[CARDS_PER_ROUND], params[STACK_RATE])


@hot(inline=True)
def _lacking(st, g, seat, row, r):
    return max(0, st.data[row, r - 1] - st.seat[g, seat, GOODS + r])


@hot(inline=True)
def fill_worths(st, g, seat, params, view):
    """The rounds left and what one more of each resource is worth (see the module's notes)."""
    rounds = rounds_left(st, g, params)
    view[VW_ROUNDS] = rounds
    held = resources_held(st, g, seat) + st.seat[g, seat, CHOICE_TOKENS]
    budget = params[HOARD] + params[HOARD_ROUND] * (rounds - 1.0)
    soft = max(1.0, params[HOARD_SOFT])
    view[VW_STOCK] = held
    view[VW_BUDGET] = budget
    view[VW_SOFT] = soft
    spendable = _spendable(held, budget, soft)
    for r in range(WOOD, GOLD + 1):
        view[VW_WORTH + r - 1] = 1.0 + ((r + 2) * params[RESOURCE_W] - 1.0) * spendable


@hot(inline=True)
def _spendable(stock, budget, soft):
    """The share of a unit's value that one more resource keeps on top of ``stock``: 1 up to the
    budget, fading linearly to 0 over ``soft`` more."""
    return min(1.0, max(0.0, 1.0 - (stock - budget) / soft))


@hot(inline=True)
def spendable_below(x, budget, soft):
    """The integral over ``0..x`` resources held of the share of a unit's value that can still
    be spent: 1 up to the budget, fading linearly to 0 over ``soft`` more."""
    if x <= budget:
        return x
    if x >= budget + soft:
        return budget + 0.5 * soft
    over = x - budget
    return budget + over - over * over / (2.0 * soft)


@hot(inline=True)
def spendable_share(stock, units, budget, soft, below_stock):
    """The mean share of value that ``units`` more resources keep, gathered onto ``stock``: each
    unit is worth its place on the fading scale, so a large gathering past the budget is worth
    less per unit than the first unit of it (see :func:`fill_worths`). ``below_stock`` is
    :func:`spendable_below` of ``stock`` (a caller asking often keeps it)."""
    if units <= 1e-9:
        return _spendable(stock, budget, soft)
    return (spendable_below(stock + units, budget, soft) - below_stock) / units


@hot(inline=True)
def lacking(st, g, seat, row):
    """Resources the seat lacks for the building in ``row`` of ``st.data``: for a fixed cost the
    units short, for a "so many of k kinds" tile the kinds short (0 for the other variable
    tiles)."""
    if st.data[row, B_VARIABLE] != 0:
        return _kinds_lacking(st, g, seat, row)
    lack = 0
    for r in range(WOOD, GOLD + 1):
        lack += _lacking(st, g, seat, row, r)
    return lack


@hot(inline=True)
def kinds_lacked(st, g, seat, row):
    """Bits (bit ``r``, wood..gold) of the kinds the seat lacks for the building in ``row``
    (none for ``row`` -1): the kinds short of a fixed cost, or for a variable tile the kinds it
    holds none of."""
    bits = 0
    if row >= 0:
        for r in range(WOOD, GOLD + 1):
            if st.data[row, B_VARIABLE] != 0:
                if st.seat[g, seat, GOODS + r] == 0:
                    bits |= 1 << r
            elif _lacking(st, g, seat, row, r) > 0:
                bits |= 1 << r
    return bits


@hot(inline=True)
def _kinds_lacking(st, g, seat, row):
    """Kinds a "so many of k kinds" building still lacks (0 for the other variable tiles)."""
    distinct = 0
    for r in range(WOOD, GOLD + 1):
        distinct += st.seat[g, seat, GOODS + r] > 0
    return max(0, st.data[row, B_KINDS] - distinct)


@hot(inline=True)
def fill_view(st, g, seat, params, view):
    """Fill the seat's view (``VIEW_WIDTH`` floats): worths, the food at stake and the resources
    held by kind; payments are priced from it (:func:`cheapest_total`)."""
    fill_worths(st, g, seat, params, view)
    food = np.int64(st.seat[g, seat, GOODS + FOOD])
    need = np.int64(feeding_need(st, g, seat))
    view[VW_FOOD] = food
    view[VW_NEED] = need
    view[VW_SHORT] = max(0, need - food)
    view[VW_SPARE] = max(0, food - need)
    # spare food is eaten at later feedings, or scores nothing: worth food_spare while the stock
    # beyond the next feeding does not yet cover the feedings of the rounds after it
    later = need * max(0.0, view[VW_ROUNDS] - 1.0)
    view[VW_SPARE_WORTH] = params[FOOD_SPARE] if view[VW_SPARE] < later else 0.0
    held = 0
    for r in range(WOOD, GOLD + 1):
        count = st.seat[g, seat, GOODS + r]
        view[VW_COUNT + r - 1] = count
        held += count
    view[VW_HELD] = held


@hot(inline=True)
def resource_worth(view, good):
    """Points of one more unit of ``good`` (wood..gold) to the seat."""
    return view[VW_WORTH + good - 1]


@hot(inline=True)
def cheapest_total(view, n):
    """Points of the ``n`` resources worth least (:data:`UNPAYABLE` if the seat holds fewer).
    A worth rises with the unit value, so these are the cheapest kinds: wood first."""
    if n > view[VW_HELD]:
        return UNPAYABLE
    total = 0.0
    left = float(n)
    for r in range(WOOD, GOLD + 1):
        take = min(left, view[VW_COUNT + r - 1])
        total += take * view[VW_WORTH + r - 1]
        left -= take
    return total


@hot(inline=True)
def payment_cost(view, skip, amount):
    """Points of the ``amount`` resources worth least after the ``skip`` cheapest ones
    (:data:`UNPAYABLE` if the seat does not hold them)."""
    total = cheapest_total(view, skip + amount)
    if total >= UNPAYABLE:
        return UNPAYABLE
    if skip == 0:
        return total  # what the subtraction of the cost of nothing (0.0) gives
    return total - cheapest_total(view, skip)


@hot(inline=True)
def _next_cost(view, costs, filled, kind, left):
    """Fill the next entry of a row of payment costs: ``costs[n]`` is the points of the ``n``
    resources worth least (the cheapest kinds first, each unit added to the one before;
    :data:`UNPAYABLE` past what the seat holds). ``costs[0..filled]`` are filled, ``kind`` is the
    resource the next unit comes from and ``left`` how many of it remain. Returns the new
    (filled, kind, left)."""
    while left == 0 and kind < GOLD:
        kind += 1
        left = np.int64(view[VW_COUNT + kind - 1])
    if left == 0:
        costs[filled + 1] = UNPAYABLE
    else:
        costs[filled + 1] = costs[filled] + view[VW_WORTH + kind - 1]
        left -= 1
    return filled + 1, kind, left


@hot(inline=True)
def _start_costs(view, costs, upto):
    """Start a row of payment costs (see :func:`_next_cost`) with ``costs[0..upto]`` filled
    (``upto`` at most :data:`MAX_COSTS`). Returns the (filled, kind, left) it goes on from."""
    costs[0] = 0.0
    filled = 0
    kind = np.int64(WOOD)
    left = np.int64(view[VW_COUNT])
    for _ in range(upto):
        filled, kind, left = _next_cost(view, costs, filled, kind, left)
    return filled, kind, left


@hot(inline=True)
def feeding_cost(params, view, shortfall, skip):
    """Points a feeding short by ``shortfall`` costs: the cheapest payment (after the ``skip``
    resources worth least, spent elsewhere) or the -10 (``starve``), whichever is less."""
    if shortfall <= 0:
        return 0.0
    return min(params[STARVE], payment_cost(view, skip, shortfall))


@hot(inline=True)
def _paid_feeding_step(params, view, used, spare_used):
    """One more figure when the next feeding is paid: the cheaper of a spare food and the next
    resource after the feeding's shortfall. Returns the new ``(used, spare_used)``."""
    step = payment_cost(view, np.int64(view[VW_SHORT]) + used, 1)
    if spare_used < np.int64(view[VW_SPARE]) and view[VW_SPARE_WORTH] <= step:
        return used, spare_used + 1
    return used + 1, spare_used


@hot(inline=True)
def _payment_losses(params, view, count, used, spare_used):
    """The two ways to pay ``count`` figures (see :func:`figure_payment`), the paid feeding's
    merge already at ``(used, spare_used)``: (loss and food paid if the feeding is paid, the
    same if it starves), losses against paying nothing."""
    food = np.int64(view[VW_FOOD])
    spare = np.int64(view[VW_SPARE])
    short = np.int64(view[VW_SHORT])
    base = feeding_cost(params, view, short, 0)
    paid = UNPAYABLE
    total = payment_cost(view, 0, short + used)
    if total < UNPAYABLE:
        paid = view[VW_SPARE_WORTH] * spare_used + total - base
    food_paid = min(count, food)
    starved = UNPAYABLE
    if food_paid > spare or short > 0:
        rest = payment_cost(view, 0, count - food_paid)
        if rest < UNPAYABLE:
            starved = rest + view[VW_SPARE_WORTH] * min(food_paid, spare) + params[STARVE] - base
    return paid, spare_used, starved, food_paid


@hot(inline=True)
def figure_payment(params, view, count):
    """The cheapest way to pay ``count`` figures on the tile: (food to pay, loss in points).

    The loss counts the resources paid, the spare food gone and what the next feeding then
    costs, against paying nothing; (-1, UNPAYABLE) if the seat cannot pay.

    Two ways cover every best payment. If the next feeding is paid, a food it needs and a
    resource cost the same (the feeding takes the resource instead), so the figures take the
    cheapest units among the spare food and the resources left after the feeding's shortfall.
    If the seat starves at that feeding, every food it holds goes first (the needed ones cost
    nothing more), then the resources worth least.
    """
    if count > np.int64(view[VW_FOOD]) + np.int64(view[VW_HELD]):
        return -1, UNPAYABLE
    used = 0
    spare_used = 0
    for _ in range(count):
        used, spare_used = _paid_feeding_step(params, view, used, spare_used)
    paid, paid_food, starved, starved_food = _payment_losses(params, view, count, used, spare_used)
    if paid <= starved:
        return paid_food, paid
    return starved_food, starved


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
def food_gain_worth(params, view, amount):
    """Points of ``amount`` more food: the part of the next feeding's cost it saves, and spare."""
    short = np.int64(view[VW_SHORT])
    saved = feeding_cost(params, view, short, 0) - feeding_cost(
        params, view, max(0, short - amount), 0
    )
    return saved + view[VW_SPARE_WORTH] * max(0, amount - short)


@hot(inline=True)
def bonus_worth(st, g, seat, params, view, effect, amount, good):
    """Points of one bonus (a mammoth tile's or a card's simple top effect) to the seat now."""
    if effect == E_POINTS:
        return float(amount)
    if effect == E_FOOD:
        return food_gain_worth(params, view, amount)
    if effect == E_RESOURCE:
        return amount * resource_worth(view, good)
    if effect == E_TOOL:
        return amount * tool_step_worth(st, g, seat, params, view[VW_ROUNDS])
    if effect == E_AGRICULTURE:
        return amount * agriculture_step_worth(st, g, seat, params, view[VW_ROUNDS])
    return 0.0


@hot(inline=True)
def card_worth(st, g, seat, card, params, view):
    """Points a card is worth to the seat: its bottom at the end plus its top now."""
    rounds = view[VW_ROUNDS]
    row = st.data[CARDS + card]
    kind = row[C_KIND]
    worth = 0.0
    if kind == K_CULTURE:
        layer = st.seat[g, seat, CULTURE + row[C_SYMBOL]] + 1
        size = 0
        for symbol in range(N_CULTURE_SYMBOLS):
            if st.seat[g, seat, CULTURE + symbol] >= layer:
                size += 1
        worth += params[CULTURE_W] * (2 * size + 1) + params[CULTURE_FUTURE] * rounds
    else:
        if kind == K_FARMER:
            base = min(float(MAX_AGRICULTURE), st.seat[g, seat, AGRICULTURE] + 0.25 * rounds)
            weight = params[FARMER_W]
        elif kind == K_TOOLMAKER:
            base = min(12.0, tool_total(st, g, seat) + 0.3 * rounds)
            weight = params[TOOLMAKER_W]
        elif kind == K_HUTBUILDER:
            base = st.seat[g, seat, N_BUILDINGS_HELD] + 0.5 * rounds
            weight = params[HUTBUILDER_W]
        else:  # K_SHAMAN
            base = min(float(MAX_PEOPLE), st.seat[g, seat, PEOPLE] + 0.2 * rounds)
            weight = params[SHAMAN_W]
        worth += params[MULTIPLIER_W] * weight * row[C_FIGURES] * base
    effect = row[C_EFFECT]
    amount = row[C_AMOUNT]
    good = row[C_RESOURCE]
    if effect == E_ONE_TIME_TOOL:
        worth += 0.6 * amount * params[RESOURCE_W] * 1.5
    elif effect == E_DICE_FOR_EVERYONE:
        worth += 4.0 * params[RESOURCE_W]
    elif effect == E_ROLL2:
        worth += 7.0 / DIVISOR[good] * resource_worth(view, good)
    elif effect == E_EXTRA_CARD:
        worth += 4.0
    elif effect == E_RESOURCES_OF_CHOICE:
        best = view[VW_WORTH]
        for r in range(BRICK, GOLD + 1):
            best = max(best, resource_worth(view, r))
        worth += amount * best
    else:
        worth += bonus_worth(st, g, seat, params, view, effect, amount, good)
    return worth


@hot(inline=True)
def herd_values(st, g, seat, params, values, most, view, costs):
    """Fill a ``values`` row (:mod:`sim.hooks` ``value_goods``) with the seat's valuation.

    Figure costs are worked out for the first ``most`` figures (``view``: a scratch row of
    :data:`VIEW_WIDTH`; ``costs``: one of :data:`COSTS_WIDTH`), as :func:`figure_payment` does
    for one count, in one pass. Figures whose cost alone passes every prize the contest could
    bring (both bonuses and the mammoth points) are marked unpayable: no policy would pay them,
    and the work stops there.
    """
    fill_view(st, g, seat, params, view)
    food = np.int64(view[VW_FOOD])
    payable = min(min(most, MAX_TILE_FIGURES), food + np.int64(view[VW_HELD]))
    tile = current_tile(st, g)
    first = 0.0
    all_ = 0.0
    if tile >= 0:
        row = st.data[TILES + tile]
        first = bonus_worth(
            st, g, seat, params, view, row[T_FIRST_EFFECT], row[T_FIRST_AMOUNT],
            row[T_FIRST_RESOURCE],
        )  # fmt: skip
        all_ = bonus_worth(
            st, g, seat, params, view, row[T_ALL_EFFECT], row[T_ALL_AMOUNT], row[T_ALL_RESOURCE]
        )
    values[V_FIRST] = first
    values[V_ALL] = all_
    priced = 0
    if payable > 0:
        ceiling = abs(first) + abs(all_) + abs(st.data[FLAGS, Flag.MAMMOTH_POINTS]) + 1.0
        priced = _figure_costs(params, values, view, costs, payable, ceiling)
    for k in range(priced + 1, MAX_TILE_FIGURES + 1):
        values[V_FIGURES + k - 1] = -1.0


@hot(inline=True)
def _figure_costs(params, values, view, costs, payable, ceiling):
    """The figure costs of :func:`herd_values` for ``1..payable`` figures, stopping once a cost
    passes ``ceiling``; returns how many figures were priced. ``costs`` is a row of payment
    costs (:func:`_next_cost`), filled only as far as the figures priced need it (the k-th reads
    it up to the shortfall plus k)."""
    food = np.int64(view[VW_FOOD])
    short = np.int64(view[VW_SHORT])
    spare = np.int64(view[VW_SPARE])
    spare_worth = view[VW_SPARE_WORTH]
    starve = params[STARVE]
    filled, kind, left = _start_costs(view, costs, short)
    base = 0.0 if short == 0 else min(starve, costs[short])
    previous = 0.0
    used = 0  # resources the figures take, after the feeding's shortfall (feeding paid)
    spare_used = 0  # spare food they take (feeding paid)
    for k in range(1, payable + 1):
        if previous > ceiling:
            return k - 1
        filled, kind, left = _next_cost(view, costs, filled, kind, left)
        step = costs[short + used + 1] - costs[short + used]
        if spare_used < spare and spare_worth <= step:
            spare_used += 1
        else:
            used += 1
        loss = UNPAYABLE
        if costs[short + used] < UNPAYABLE:
            loss = spare_worth * spare_used + costs[short + used] - base
        food_paid = min(k, food)
        if (food_paid > spare or short > 0) and costs[k - food_paid] < UNPAYABLE:
            starved = costs[k - food_paid] + spare_worth * min(food_paid, spare) + starve - base
            loss = min(loss, starved)
        values[V_FIGURES + k - 1] = max(0.0, loss - previous)
        previous = loss
    return payable
