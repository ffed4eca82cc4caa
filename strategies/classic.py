"""``classic``: the first ``greedy``, kept unchanged: a fixed opponent to measure progress by.

Its play is that of ``greedy`` up to 2026-11-30 (tested identical on fixed seeds); it hands its
taming policy the classic valuation of food and resources (:mod:`strategies.herd_values`). The
helpers greedy still has unchanged are greedy's own, imported (the best place of a rated board,
``best_place``, and the ``next_action`` hook): the same code, so the same play. What follows is
that strategy's own description.


Every option is valued in points from what the seat sees now:

- placement: each legal place gets a value per person (a building it can pay: its points; a
  card it can pay: the card's worth minus what its resources are worth; the field, hut and tool
  maker: a yearly value times the rounds estimated to remain; hunting: food, worth more while
  the next feeding is short; a resource area: the expected units times their value, plus the
  taming policy's ``herd_value`` on the herd's area), and the best value per person wins;
- actions resolve village first (a new tool helps the rolls), then gathering, then cards and
  buildings (resources just gathered can pay);
- tools go on a roll only when they lift it to the next multiple of the divisor, with the fewest
  pips (slots before one-time tools);
- it buys every building it can pay (scoring as much as a variable tile allows) and a card when
  its worth beats the resources it costs; dice for everyone: the most valuable face;
- a feeding shortfall is paid with the cheapest resources unless they are worth more than
  ``starve`` points, when it takes -10.

The weights are ``PARAMS`` (in this order in a parameter row). The same functions with other
weights are the archetype presets (``strategies/presets/*.toml``: farmer, builder, cards,
toolmaker, starver, balanced, tuned): a preset is a parameter row, never new code, so it runs on
the one compiled kernel. The weights a preset or ``mammoth tune`` moves: per-kind card weights
(``farmer``, ``toolmaker``, ``hutbuilder``, ``shaman`` on top of ``multiplier``), ``culture``,
``building``, ``people``, ``tools``, ``food``/``agriculture``, ``starve`` (how readily it takes
-10: 0 always does) and ``herd`` (taming aggressiveness). With all of the five added weights at 1.0
the play is exactly that of the original ``greedy``.
"""

from __future__ import annotations

from sim.board import (
    best_building_payment,
    building_offer,
    cheapest_payment,
    resources_held,
    smallest_tool_mask,
    tool_total,
    tools_available,
    unit_value,
    units_gathered,
)
from sim.constants import (
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
    FIELD,
    FIRST_BUILDING,
    FIRST_CARD_SPACE,
    FOOD,
    FOREST,
    GOLD,
    HUNTING_GROUNDS,
    HUT,
    K_CULTURE,
    K_FARMER,
    K_HUTBUILDER,
    K_TOOLMAKER,
    MAX_AGRICULTURE,
    MAX_PEOPLE,
    N_AREAS,
    N_CARD_SPACES,
    N_CARDS,
    N_CULTURE_SYMBOLS,
    RIVER,
    STACK_SIZE,
    TOOL_MAKER,
    V_HERD,
    WOOD,
)
from sim.jit import hot
from sim.state import (
    AGRICULTURE,
    BUILDINGS,
    CARDS,
    CULTURE,
    DISPLAY,
    GOODS,
    I_DECK_POS,
    I_HERD_AREA,
    I_N_STACKS,
    I_ROUND,
    N_BUILDINGS_HELD,
    PEOPLE,
    STACK_TAKEN,
    STACKS,
)
from strategies.greedy import best_place
from strategies.greedy import next_action as next_action  # its hook: greedy's, the same code
from strategies.herd_values import classic_values
from strategies.params import Limit, Positions

DESCRIPTION = "the first greedy, kept unchanged: a one-step value heuristic with fixed values"
PARAMS = {
    "food": 4.0,  # points per food the next feeding needs
    "food_spare": 0.3,  # points per food beyond that
    "resource": 0.9,  # share of a resource's unit value it is worth when gathered
    "agriculture": 1.5,  # points per agriculture step per round left
    "people": 1.2,  # points per extra person per round left
    "tools": 0.35,  # points per tool step per round left
    "building": 1.0,  # weight on a building's points
    "culture": 1.0,  # weight on a green card's culture-set points
    "multiplier": 1.0,  # weight on a sand card's multiplier points
    "card_cost": 0.7,  # weight on the resources a card costs
    "starve": 10.0,  # take -10 rather than pay resources worth more than this
    "cards_per_round": 2.5,  # how fast the deck is expected to run down
    # The archetype weights (1.0 keeps the plain greedy play): each multiplies ``multiplier``
    # for its type of sand card, and ``herd`` scales the taming policy's ``herd_value``.
    "farmer": 1.0,  # weight on farmer cards (x agriculture)
    "toolmaker": 1.0,  # weight on tool-maker cards (x tool total)
    "hutbuilder": 1.0,  # weight on hut-builder cards (x buildings)
    "shaman": 1.0,  # weight on shaman cards (x people)
    "herd": 1.0,  # taming aggressiveness: weight on the herd's value at placement
    # A safety valve, not a weight: from this round on, ``scarce`` is at least 5. The resource
    # areas' expected values are equal, so plain greedy breaks the tie by board order; in a few
    # 2- and 3-player games every seat then gathers the same kinds, nobody can pay the buildings
    # on top, nobody buys a card, and the game stalls until the engine's safety stop. Games that
    # end by the rules end long before round 100, so they play exactly as without the valve.
    "stall_round": 100.0,
    "scarce": 0.0,  # points per person gathering a resource the seat holds fewer than 3 of
}
UNTUNED = ("stall_round",)  # parameters ``mammoth tune`` leaves alone unless asked
LIMITS = {name: Limit(0) for name in PARAMS}
"""Every weight, rate and round of classic is a finite number of at least 0."""
_AT = Positions(PARAMS)
FOOD_W = _AT["food"]
FOOD_SPARE = _AT["food_spare"]
RESOURCE_W = _AT["resource"]
AGRICULTURE_W = _AT["agriculture"]
PEOPLE_W = _AT["people"]
TOOLS_W = _AT["tools"]
BUILDING_W = _AT["building"]
CULTURE_W = _AT["culture"]
MULTIPLIER_W = _AT["multiplier"]
CARD_COST_W = _AT["card_cost"]
STARVE = _AT["starve"]
CARDS_PER_ROUND = _AT["cards_per_round"]
FARMER_W = _AT["farmer"]
TOOLMAKER_W = _AT["toolmaker"]
HUTBUILDER_W = _AT["hutbuilder"]
SHAMAN_W = _AT["shaman"]
HERD_W = _AT["herd"]
STALL_ROUND = _AT["stall_round"]
SCARCE = _AT["scarce"]
_AT.check_every_key()


@hot(inline=True)
def rounds_left(st, g, params):
    """Rounds the seat expects to remain, from how many cards the deck still holds."""
    left = N_CARDS - st.game[g, I_DECK_POS]
    return 1.0 + left / max(0.5, params[CARDS_PER_ROUND])


@hot(inline=True)
def food_short(st, g, seat):
    """Food the next feeding lacks with the seat's food and agriculture (0 if none)."""
    return max(
        0, st.seat[g, seat, PEOPLE] - st.seat[g, seat, AGRICULTURE] - st.seat[g, seat, GOODS + FOOD]
    )


@hot(inline=True)
def card_worth(st, g, seat, card, params, rounds):
    """Points a card is worth to the seat: its bottom at the end plus its top now."""
    row = st.data[CARDS + card]
    kind = row[C_KIND]
    worth = 0.0
    if kind == K_CULTURE:
        layer = st.seat[g, seat, CULTURE + row[C_SYMBOL]] + 1
        size = 0
        for s in range(N_CULTURE_SYMBOLS):
            if st.seat[g, seat, CULTURE + s] >= layer:
                size += 1
        worth += params[CULTURE_W] * (2 * size + 1)
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
    if effect == E_FOOD:
        worth += amount * params[FOOD_SPARE] + min(amount, food_short(st, g, seat)) * (
            params[FOOD_W] - params[FOOD_SPARE]
        )
    elif effect == E_RESOURCE:
        worth += amount * unit_value(row[C_RESOURCE]) * params[RESOURCE_W]
    elif effect == E_POINTS:
        worth += amount
    elif effect == E_AGRICULTURE:
        if st.seat[g, seat, AGRICULTURE] < MAX_AGRICULTURE:
            worth += rounds * params[AGRICULTURE_W]
    elif effect == E_TOOL:
        worth += rounds * params[TOOLS_W]
    elif effect == E_ONE_TIME_TOOL:
        worth += 0.6 * amount * params[RESOURCE_W] * 1.5
    elif effect == E_DICE_FOR_EVERYONE:
        worth += 4.0 * params[RESOURCE_W]
    elif effect == E_ROLL2:
        worth += 7.0 / DIVISOR[row[C_RESOURCE]] * unit_value(row[C_RESOURCE]) * params[RESOURCE_W]
    elif effect == E_EXTRA_CARD:
        worth += 4.0
    elif effect == E_RESOURCES_OF_CHOICE:
        worth += amount * 6.0 * params[RESOURCE_W]
    return worth


# The memo ``place`` keeps between a seat's turns of one placement phase (see sim.hooks).
M_READY, M_ROUNDS, M_SHORT, M_TOOLS = 0, 1, 2, 3
# per area: the scarcity bonus per person (resource areas), else the value per person of the
# place (village, cards, buildings: the people they take are fixed)
M_AREA = 4
M_RATE = M_AREA + N_AREAS  # per area: this turn's value per person (scratch)
SKIP = -1e300  # a card it cannot pay, a building it cannot buy; a place it cannot take
if N_AREAS != 16:
    raise ImportError("greedy.place picks the best of exactly 16 places (sim.constants.N_AREAS)")


@hot(inline=True)
def _plan(st, g, seat, params, memo):
    """Fill the memo: what placement cannot change (the seat's stock, the display, the stacks)."""
    rounds = rounds_left(st, g, params)
    short = food_short(st, g, seat)
    held = resources_held(st, g, seat)
    stalled = st.game[g, I_ROUND] >= params[STALL_ROUND]
    memo[M_ROUNDS] = rounds
    memo[M_SHORT] = short
    memo[M_TOOLS] = tools_available(st, g, seat)
    for a in range(FOREST, RIVER + 1):
        scarce = 0.0
        if st.seat[g, seat, GOODS + a] < 3:  # resource areas are goods 1..4
            # a building needs at most 2 of a kind
            scarce = max(params[SCARCE], 5.0) if stalled else params[SCARCE]
        memo[M_AREA + a] = scarce
    memo[M_AREA + TOOL_MAKER] = rounds * params[TOOLS_W] if tool_total(st, g, seat) < 12 else 0.0
    value = rounds * params[PEOPLE_W] if st.seat[g, seat, PEOPLE] < MAX_PEOPLE else 0.0
    value -= 2.0 * params[FOOD_W] if short > 0 else 0.0
    memo[M_AREA + HUT] = value / 2  # the hut takes 2 people
    if st.seat[g, seat, AGRICULTURE] < MAX_AGRICULTURE:
        memo[M_AREA + FIELD] = rounds * params[AGRICULTURE_W]
    else:
        memo[M_AREA + FIELD] = 0.0
    for space in range(N_CARD_SPACES):
        cost = space + 1
        card = st.game[g, DISPLAY + space]
        if held < cost or card < 0:
            memo[M_AREA + FIRST_CARD_SPACE + space] = SKIP
            continue
        worth = card_worth(st, g, seat, card, params, rounds)
        memo[M_AREA + FIRST_CARD_SPACE + space] = (
            worth - cost * 3.0 * params[RESOURCE_W] * params[CARD_COST_W]
        )
    for stack in range(st.game[g, I_N_STACKS]):
        taken = st.game[g, STACK_TAKEN + stack]
        value = SKIP
        if taken < STACK_SIZE:
            building = st.game[g, STACKS + stack * STACK_SIZE + taken]
            points, _ = building_offer(st, g, seat, building, True)
            if points >= 0:
                value = points * params[BUILDING_W]
        memo[M_AREA + FIRST_BUILDING + stack] = value
    memo[M_READY] = 1.0


@hot(inline=True)
def place(st, g, seat, params, rng, lo, hi, herd_value, memo):
    """The legal place with the best value per person (see the module's notes).

    What placement cannot change is worked out at the seat's first turn of the phase
    (:func:`_plan`); each turn then values hunting and the resource areas for the people the
    seat can still send, without branches (which place is best changes unpredictably from turn
    to turn).
    """
    if memo[M_READY] == 0.0:
        _plan(st, g, seat, params, memo)
    rates = memo[M_RATE : M_RATE + N_AREAS]
    short = memo[M_SHORT]
    # hunting: no more people than the next feeding's shortfall needs (plus one)
    cap = (2 * int(short) + 2) // 3 + 1 if short > 0 else hi[HUNTING_GROUNDS]
    hunters = min(hi[HUNTING_GROUNDS], cap)
    count = max(hunters, 1)
    food = 1.75 * count
    needed = min(food, short)
    value = needed * params[FOOD_W] + (food - needed) * params[FOOD_SPARE]
    rates[HUNTING_GROUNDS] = value / count if hunters > 0 else SKIP
    herd_area = st.game[g, I_HERD_AREA]
    herd = herd_value * params[HERD_W]
    for a in range(FOREST, RIVER + 1):
        count = max(hi[a], 1)
        units = (3.5 * count + 0.5 * memo[M_TOOLS]) / DIVISOR[a]
        value = units * unit_value(a) * params[RESOURCE_W]
        value += herd if a == herd_area else 0.0
        value += count * memo[M_AREA + a]
        rates[a] = value / count if hi[a] > 0 else SKIP
    for a in range(TOOL_MAKER, N_AREAS):
        rates[a] = memo[M_AREA + a] if hi[a] > 0 else SKIP
    return best_place(rates, hunters, lo, hi)  # greedy's: the first best, at least its minimum


@hot(inline=True)
def use_tools(st, g, seat, params, rng, good, dice_sum, people):
    """The fewest pips that lift the roll to the next multiple of the divisor, if any."""
    if good == FOOD and food_short(st, g, seat) == 0:
        return 0
    over = dice_sum - units_gathered(dice_sum, good) * DIVISOR[good]  # dice_sum % divisor
    missing = DIVISOR[good] - over
    if over == 0 or tools_available(st, g, seat) < missing:
        return 0
    return smallest_tool_mask(st, g, seat, missing)


@hot(inline=True)
def buy_card(st, g, seat, params, rng, space, pay):
    """Buy when the card is worth more than its resources; pay the cheapest ones."""
    rounds = rounds_left(st, g, params)
    worth = card_worth(st, g, seat, st.game[g, DISPLAY + space], params, rounds)
    cost = space + 1
    if worth < cost * 3.0 * params[RESOURCE_W] * params[CARD_COST_W]:
        return False
    return cheapest_payment(st, g, seat, cost, pay)


@hot(inline=True)
def buy_building(st, g, seat, params, rng, stack, pay):
    """Buy whenever it can pay, scoring as much as the tile allows."""
    building = st.game[g, STACKS + stack * STACK_SIZE + st.game[g, STACK_TAKEN + stack]]
    return best_building_payment(st, g, seat, building, pay, True) >= 0


@hot
def take_die(st, g, seat, params, rng, dice):
    """The most valuable face left: agriculture and tools by rounds left, else the resource."""
    rounds = rounds_left(st, g, params)
    best = -1
    best_value = -1.0
    for i in range(dice.shape[0]):
        face = dice[i]
        if face == 0:
            continue
        if face <= 4:
            value = unit_value(face) * params[RESOURCE_W]
        elif face == 5:
            value = rounds * params[TOOLS_W] if tool_total(st, g, seat) < 12 else 0.0
        else:
            if st.seat[g, seat, AGRICULTURE] < MAX_AGRICULTURE:
                value = rounds * params[AGRICULTURE_W]
            else:
                value = 0.0
        if value > best_value:
            best_value = value
            best = i
    return best


@hot
def choose_resources(st, g, seat, params, rng, n, out):
    """What a visible fixed-cost building still lacks, else gold."""
    out[:] = 0
    left = n
    for stack in range(st.game[g, I_N_STACKS]):
        if left == 0 or st.game[g, STACK_TAKEN + stack] >= 7:
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


@hot
def pay_resources(st, g, seat, params, rng, amount, reason, pay):
    """The cheapest resources first."""
    cheapest_payment(st, g, seat, amount, pay)


@hot
def accept_starvation(st, g, seat, params, rng, shortfall):
    """Take -10 when the cheapest payment is worth more than ``starve`` points."""
    value = 0.0
    left = shortfall
    for r in range(WOOD, GOLD + 1):
        take = min(left, st.seat[g, seat, GOODS + r])
        value += take * unit_value(r) * params[RESOURCE_W]
        left -= take
    return left > 0 or value > params[STARVE]


@hot(inline=True)
def value_goods(st, g, seat, params, rng, values, most):
    """The classic valuation of the figures and bonuses (see :mod:`strategies.herd_values`)."""
    classic_values(st, g, seat, values, most)
    values[V_HERD] = params[HERD_W]  # place weighs the taming policy's herd_value by it
