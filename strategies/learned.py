"""``learned``: placements chosen by the learned value of the position they lead to; no play-outs.

At a seat's first placement turn of a round (with ``replan``, at every placement turn, its
people placed so far this round counted in: their expected goods, the tool, person, field step,
card or building) it reads its own board into a summary and the best other seat's
(:mod:`strategies.features`) and values, with the learned model (:mod:`strategies.value_model`,
the head of the game's table size), the position each fixed place leads to: the tool maker (one tool
step more), the hut (one person more, for 2 people), the field (one agriculture more), each card
it can pay (its bottom, its top, less the cheapest resources it costs) and each building it can
buy (its points, less its payment). Gathering is valued by the model's marginal worth of one more
unit of each good (the value of the position with one more, less the value now): the expected
units of a resource area (``(3.5 * people + tools / 2) / divisor``) times that worth, and on the
herd's area the taming policy's ``herd_value`` times ``herd`` as greedy adds it (at tables of 3
and 4 players times ``herd_3_4`` as well); hunting the expected food (greedy's cap on hunters:
the next feeding's shortfall plus one). The place with the best value per person wins, as in
greedy, with all the people it takes; with ``gatherers`` a resource area takes at most that many
(valued for them), and the seat keeps the rest for its later turns of the round.

Heads-up, a place taken is a place the other seat cannot have: each resource area admits one
player a round and the village two of its three places. With ``block`` or ``block_areas`` the
seat values, from the other seat's side of the model, what each place would be worth to that seat
(its trials as above, the other seat's board for its own) and adds ``block`` times a village,
card or building place's worth to the other seat above that seat's best gathering, and
``block_areas`` times a resource area's worth to it above its next best gathering. Nothing is
added when the other seat has no people left to place, nor at tables of 3 and 4 players.

Every other decision (actions, tools, purchases, dice, payments, feeding, the herd's valuation)
is greedy's, with greedy's parameters, unless ``model_buys`` (buy a card or building when the
model values the position after it higher) or ``model_feeds`` (pay a feeding's shortfall or take
-10, whichever the model values higher) is set; measured on the self-play model, neither played
better than greedy's rule (docs/strategies.md). The default taming policy is ``ev``. From round
``buy_from_round`` (20) on, the seat takes and buys every card and building it can pay: a table
of learned seats alone may otherwise stall (each prefers gathering to buying, so the deck and the
stacks stand still; at 2 players some such games ran to the 200-round safety stop). Games
against greedy rarely last that long (greedy's own end in at most 17 rounds).

``PARAMS`` is greedy's row; the model's row (bias and weights, :func:`model_row` of the shipped
``strategies/models/value.json``) follows it in the parameter row the kernel receives
(:data:`EXTRA`), so the weights are data, not compiled code: ``learned[model=NAME]`` plays
another model without a recompile.
"""

from __future__ import annotations

from sim.board import building_offer, cheapest_payment, offer_payment, tools_available
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
    FOREST,
    GOLD,
    HUNTING_GROUNDS,
    HUT,
    MAX_AGRICULTURE,
    MAX_PEOPLE,
    MEMO_WIDTH,
    N_AREAS,
    N_CARD_SPACES,
    N_GOODS,
    N_STACKS,
    RIVER,
    STACK_SIZE,
    TOOL_MAKER,
    V_HERD,
    WOOD,
)
from sim.jit import hot
from sim.stack import stack_f64, stack_f64_2d, stack_i64
from sim.state import (
    CARDS,
    DISPLAY,
    I_HERD_AREA,
    I_N_STACKS,
    I_PLAYERS,
    I_ROUND,
    PEOPLE,
    PLACED,
    STACK_TAKEN,
    STACKS,
)
from strategies import greedy
from strategies.features import (
    F_OWN,
    N_FEATURES,
    S_AGRICULTURE,
    S_BUILDINGS,
    S_CARDS,
    S_CULTURE,
    S_FIGURES,
    S_FOOD,
    S_ONE_TIME,
    S_PEOPLE,
    S_POINTS,
    S_TILES,
    S_TOKENS,
    S_TOOLS,
    SEAT_FEATURES,
    SUMMARY_WIDTH,
    best_other,
    fill_features,
    fill_table,
    seat_block,
    seat_summary,
)
from strategies.greedy_values import HERD_W
from strategies.params import Limit
from strategies.value_model import (
    extra_for_model,
    head_at,
    model_row,
    own_value,
    table_value,
    value,
)

DESCRIPTION = (
    "learned evaluation: each placement by the learned value of the position it leads to "
    "(no play-outs); other decisions greedy's"
)
PARAMS = {
    **greedy.PARAMS,
    # from this round on the seat buys every card and building it can pay: a guard against a
    # stalled table (learned seats may all prefer gathering to buying; the deck and stacks stand)
    "buy_from_round": 20.0,
    # 1: value the places again at every placement turn, counting what the people it placed
    # already this round should bring (0: once, at the round's first turn)
    "replan": 0.0,
    # 1: buy a card or a building when the model values the position after it higher (0: greedy's)
    "model_buys": 0.0,
    # 1: at a feeding short of food, pay with resources or take -10, whichever the model values
    # higher (0: greedy's rule)
    "model_feeds": 0.0,
    # the weight on the herd's area at tables of 3 and 4 players, as a factor on ``herd`` (1: the
    # same weight as heads-up)
    "herd_3_4": 1.0,
    # the most people it puts on a resource area (the forest, clay pit, quarry or river) in one
    # placement, keeping the rest for later turns (0: all the area takes)
    "gatherers": 0.0,
    # heads-up only (each resource area admits one player a round, the village two of its three
    # places): the weight on what a place the seat can take is worth to the other seat, above the
    # other seat's best gathering (0: not counted) ...
    "block": 0.0,
    # ... and on what a resource area still open to both is worth to the other seat above its
    # next best gathering (0: not counted)
    "block_areas": 0.0,
}
LIMITS = {
    **greedy.LIMITS,
    "buy_from_round": Limit(1, whole=True),
    "replan": Limit(0, 1, whole=True),
    "model_buys": Limit(0, 1, whole=True),
    "model_feeds": Limit(0, 1, whole=True),
    "herd_3_4": Limit(0),
    "gatherers": Limit(0, whole=True),
    "block": Limit(0),
    "block_areas": Limit(0),
}
BUY_FROM_ROUND = len(greedy.PARAMS)
REPLAN = BUY_FROM_ROUND + 1
MODEL_BUYS = REPLAN + 1
MODEL_FEEDS = MODEL_BUYS + 1
HERD_3_4 = MODEL_FEEDS + 1
GATHERERS = HERD_3_4 + 1
BLOCK = GATHERERS + 1
BLOCK_AREAS = BLOCK + 1
ENDGAME_BONUS = 1000.0  # points per person on a card or building it can pay, from buy_from_round
N_PARAMS = len(PARAMS)
MODEL_AT = N_PARAMS  # the model's row starts here in the parameter row
EXTRA = model_row()
"""The shipped model's row, appended to ``PARAMS`` in the parameter row (see the registry)."""
DATA_PARAMS = {"model": extra_for_model}
"""``learned[model=NAME]`` plays another model: a shipped name (``linear``: the first model) or a
model file (:func:`strategies.value_model.model_path`)."""

# memo (sim.hooks): the values of the places, worked out at the seat's first turn (every turn with
# replan)
M_READY = 0
M_WORTH = 1  # M_WORTH + good: value of one more unit of food, wood, brick, stone, gold
M_TOOLS = M_WORTH + N_GOODS  # tool pips available
M_SHORT = M_TOOLS + 1  # food the next feeding lacks
M_AREA = M_SHORT + 1  # per area: value per person of the fixed places
M_RATE = M_AREA + N_AREAS  # per area: this turn's value per person (scratch)
M_BLOCK = M_RATE + N_AREAS  # per area: its worth to the other seat above the alternative (heads-up)
SKIP = -1e300
if M_BLOCK + N_AREAS > MEMO_WIDTH:
    raise ImportError("learned's memo does not fit sim.constants.MEMO_WIDTH")

next_action = greedy.next_action
use_tools = greedy.use_tools
take_die = greedy.take_die
choose_resources = greedy.choose_resources
pay_resources = greedy.pay_resources


@hot
def value_goods(st, g, seat, params, rng, values, most):
    """Greedy's valuation; the herd's weight as :func:`place` applies it (``herd``, and
    ``herd_3_4`` at tables of 3 and 4 players)."""
    greedy.value_goods(st, g, seat, params, rng, values, most)
    if st.game[g, I_PLAYERS] >= 3:
        values[V_HERD] *= params[HERD_3_4]


food_for_figures = greedy.food_for_figures


@hot(inline=True)
def _value_of(st, g, seat, params, own, other, most, row):
    fill_features(st, g, seat, own, other, most, row)
    return value(params, head_at(MODEL_AT, st.game[g, I_PLAYERS], row), row)


@hot(inline=True)
def _copy(src, dst):
    for k in range(SUMMARY_WIDTH):
        dst[k] = src[k]


@hot(inline=True)
def _pay_cheapest(summary, amount):
    """Take ``amount`` resources from a summary, cheapest kinds first; False if it lacks them."""
    held = summary[1] + summary[2] + summary[3] + summary[4]
    if held < amount:
        return False
    left = float(amount)
    for r in range(WOOD, GOLD + 1):
        take = min(left, summary[S_FOOD + r])
        summary[S_FOOD + r] -= take
        left -= take
    return True


@hot(inline=True)
def _card_effect(st, card, summary):
    """Add a card's bottom and (the expectation of) its top to a summary."""
    row = st.data[CARDS + card]
    if row[C_KIND] == 0:
        summary[S_CULTURE + row[C_SYMBOL]] += 1.0
    else:
        summary[S_FIGURES + row[C_KIND] - 1] += row[C_FIGURES]
    summary[S_CARDS] += 1.0
    effect = row[C_EFFECT]
    amount = row[C_AMOUNT]
    good = row[C_RESOURCE]
    if effect == E_FOOD:
        summary[S_FOOD] += amount
    elif effect == E_RESOURCE:
        summary[S_FOOD + good] += amount
    elif effect == E_POINTS:
        summary[S_POINTS] += amount
    elif effect == E_AGRICULTURE:
        summary[S_AGRICULTURE] = min(float(MAX_AGRICULTURE), summary[S_AGRICULTURE] + amount)
    elif effect == E_TOOL:
        summary[S_TOOLS] = min(12.0, summary[S_TOOLS] + amount)
    elif effect == E_ONE_TIME_TOOL:
        summary[S_ONE_TIME] += amount
    elif effect == E_DICE_FOR_EVERYONE:
        summary[S_FOOD + 3] += 1.0  # about one good die: a stone
    elif effect == E_ROLL2:
        summary[S_FOOD + good] += 7.0 / DIVISOR[good]
    elif effect == E_EXTRA_CARD:
        summary[S_CARDS] += 1.0
        summary[S_POINTS] += 2.0
    elif effect == E_RESOURCES_OF_CHOICE:
        summary[S_TOKENS] += amount


# The trials :func:`_plan` values, a summary each (rows of its scratch): the stock now, one more
# of each good, then each place it can take whose people are fixed (the village, a card, a
# building), as far as there are such places.
TRIAL_NOW = 0
TRIAL_GOOD = 1  # TRIAL_GOOD + k: one more good k
TRIAL_PLACE = TRIAL_GOOD + N_GOODS  # the first place's trial
MAX_TRIALS = TRIAL_PLACE + 3 + N_CARD_SPACES + N_STACKS  # the village's three places


@hot(inline=True)
def _card_trial(st, g, space, own, trial):
    """The summary after taking the card on ``space`` into ``trial``; False if it cannot."""
    card = st.game[g, DISPLAY + space]
    if card < 0:
        return False
    _copy(own, trial)
    if not _pay_cheapest(trial, space + 1):
        return False
    _card_effect(st, card, trial)
    return True


@hot(inline=True)
def _building_trial(st, g, seat, stack, own, trial, pay):
    """The summary after buying the top of ``stack`` (the best offer; its payment left in
    ``pay``) into ``trial``; False if it cannot."""
    taken = st.game[g, STACK_TAKEN + stack]
    if taken >= STACK_SIZE:
        return False
    building = st.game[g, STACKS + stack * STACK_SIZE + taken]
    points, subset = building_offer(st, g, seat, building, True)
    if points < 0:
        return False
    offer_payment(st, g, seat, building, pay, True, points, subset)
    _copy(own, trial)
    for r in range(WOOD, GOLD + 1):
        trial[S_FOOD + r] -= pay[r]
    trial[S_POINTS] += points
    trial[S_BUILDINGS] += 1.0
    return True


@hot(inline=True)
def _add_placed(st, g, seat, own, trial, pay):
    """Add to ``own`` what the seat's people placed so far this round should bring: the
    expected units of each gathering area (3.5 a person over its divisor, tools not counted),
    a tool, a person, an agriculture step, and each card and building with its payment."""
    for a in range(HUNTING_GROUNDS, RIVER + 1):
        own[S_FOOD + a] += 3.5 * st.seat[g, seat, PLACED + a] / DIVISOR[a]
    if st.seat[g, seat, PLACED + TOOL_MAKER] > 0:
        own[S_TOOLS] = min(12.0, own[S_TOOLS] + 1.0)
    if st.seat[g, seat, PLACED + HUT] > 0:
        own[S_PEOPLE] = min(float(MAX_PEOPLE), own[S_PEOPLE] + 1.0)
    if st.seat[g, seat, PLACED + FIELD] > 0:
        own[S_AGRICULTURE] = min(float(MAX_AGRICULTURE), own[S_AGRICULTURE] + 1.0)
    for space in range(N_CARD_SPACES):
        if st.seat[g, seat, PLACED + FIRST_CARD_SPACE + space] > 0:
            if _card_trial(st, g, space, own, trial):
                _copy(trial, own)
    for stack in range(st.game[g, I_N_STACKS]):
        if st.seat[g, seat, PLACED + FIRST_BUILDING + stack] > 0:
            if _building_trial(st, g, seat, stack, own, trial, pay):
                _copy(trial, own)


@hot(inline=True)
def _place_trials(st, g, seat, hi, people, own, trials, areas, pay):
    """Write the place trials of a seat with summary ``own`` from ``trials[TRIAL_PLACE]`` on,
    each place's area into ``areas``: the tool maker, the hut (with at least 2 ``people`` left),
    the field, each card it can pay and each building it can buy, where ``hi`` lets a person go
    and the cap is not reached; return the number of trials written so far."""
    n = TRIAL_PLACE
    if hi[TOOL_MAKER] > 0 and own[S_TOOLS] < 12.0:
        _copy(own, trials[n])
        trials[n, S_TOOLS] += 1.0
        areas[n] = TOOL_MAKER
        n += 1
    if hi[HUT] > 0 and own[S_PEOPLE] < MAX_PEOPLE and people >= 2:
        _copy(own, trials[n])
        trials[n, S_PEOPLE] += 1.0
        areas[n] = HUT
        n += 1
    if hi[FIELD] > 0 and own[S_AGRICULTURE] < MAX_AGRICULTURE:
        _copy(own, trials[n])
        trials[n, S_AGRICULTURE] += 1.0
        areas[n] = FIELD
        n += 1
    for space in range(N_CARD_SPACES):
        if hi[FIRST_CARD_SPACE + space] > 0 and _card_trial(st, g, space, own, trials[n]):
            areas[n] = FIRST_CARD_SPACE + space
            n += 1
    for stack in range(st.game[g, I_N_STACKS]):
        if hi[FIRST_BUILDING + stack] > 0 and _building_trial(
            st, g, seat, stack, own, trials[n], pay
        ):
            areas[n] = FIRST_BUILDING + stack
            n += 1
    return n


@hot(inline=True)
def _other_gathering(st, g, seat, params, memo, hi, worths, tools):
    """The other seat's best gathering per person, heads-up: the hunting grounds, or a resource
    area still open to it (open to ``seat``, no people of ``seat`` there) at
    ``(3.5 + tools / 2) / divisor`` units a person worth ``worths`` each; with ``block_areas``,
    each open area's worth above the best of the rest into ``memo[M_BLOCK + area]``."""
    rates = memo[M_RATE : M_RATE + N_AREAS]  # scratch: place() writes its own rates after
    hunting = 1.75 * worths[0]
    best = hunting
    for a in range(FOREST, RIVER + 1):
        rates[a] = SKIP
        if hi[a] > 0 and st.seat[g, seat, PLACED + a] == 0:
            rates[a] = (3.5 + 0.5 * tools) / DIVISOR[a] * worths[a]
            best = max(best, rates[a])
    if params[BLOCK_AREAS] > 0.0:
        for a in range(FOREST, RIVER + 1):
            if rates[a] > SKIP:
                rest = hunting
                for b in range(FOREST, RIVER + 1):
                    if b != a:
                        rest = max(rest, rates[b])
                memo[M_BLOCK + a] = max(0.0, rates[a] - rest)
    return best


@hot
def _plan_block(st, g, seat, params, memo, hi):
    """Heads-up: fill ``memo[M_BLOCK + area]`` with what each place ``seat`` could take would be
    worth per person to the other seat, from that seat's side of the model (the value of the
    position the place leads to, as :func:`_plan` values its own), above the other seat's best
    gathering; with ``block_areas``, each resource area's worth to it above its next best
    gathering (:func:`_other_gathering`). All 0 when the other seat has no people left to place.
    """
    for a in range(N_AREAS):
        memo[M_BLOCK + a] = 0.0
    them = 1 - seat
    people = st.seat[g, them, PEOPLE]
    for a in range(N_AREAS):
        people -= st.seat[g, them, PLACED + a]
    if people <= 0:
        return
    own = stack_f64(SUMMARY_WIDTH)  # the other seat's
    other = stack_f64(SUMMARY_WIDTH)  # this seat's
    trials = stack_f64_2d(MAX_TRIALS, SUMMARY_WIDTH)
    areas = stack_i64(MAX_TRIALS)
    row = stack_f64(N_FEATURES)
    weights = stack_f64(SEAT_FEATURES)
    pay = stack_i64(N_GOODS)
    worths = stack_f64(N_GOODS)
    seat_summary(st, g, them, own)
    seat_summary(st, g, seat, other)
    if params[REPLAN] > 0.0:
        _add_placed(st, g, them, own, trials[TRIAL_NOW], pay)
        _add_placed(st, g, seat, other, trials[TRIAL_NOW], pay)
    _copy(own, trials[TRIAL_NOW])
    for k in range(N_GOODS):
        _copy(own, trials[TRIAL_GOOD + k])
        trials[TRIAL_GOOD + k, S_FOOD + k] += 1.0
    n = _place_trials(st, g, them, hi, people, own, trials, areas, pay)
    rounds = fill_table(st, g, other, other[S_TILES], own[S_TILES], row)
    at = head_at(MODEL_AT, st.game[g, I_PLAYERS], row)
    table = table_value(params, at, row, rounds, weights)
    now = 0.0
    gathering = 0.0
    tools = tools_available(st, g, them)
    for t in range(n):  # the trials in order: now, each good, then the places
        seat_block(trials[t], rounds, row, F_OWN)
        worth = own_value(table, weights, row)
        if t == TRIAL_NOW:
            now = worth
        elif t < TRIAL_PLACE:
            worths[t - TRIAL_GOOD] = worth - now
            if t == TRIAL_PLACE - 1:  # every good valued
                gathering = _other_gathering(st, g, seat, params, memo, hi, worths, tools)
        else:
            rate = worth - now
            if areas[t] == HUT:
                rate /= 2.0  # the hut takes 2 people
            memo[M_BLOCK + areas[t]] = max(0.0, rate - gathering)


@hot
def _plan(st, g, seat, params, memo, hi):
    """Fill the memo: the marginal worth of each good and the value of each fixed place (and,
    heads-up with ``block`` or ``block_areas``, each place's blocking value: :func:`_plan_block`).

    Every trial's summary is written first and all are valued in one loop, so the learned
    evaluation is compiled once here (inlined) rather than called per trial. Called, it took
    more than half of a learned game once the game state had grown a fifth array (the advice's
    log): the same 4-player games with the herd played at well under half the rate. The trials
    differ only in the seat's own block, so the table's part of the value is worked out once
    (:func:`strategies.value_model.table_value`) and each trial adds its own
    (:func:`strategies.value_model.own_value`).
    """
    own = stack_f64(SUMMARY_WIDTH)
    other = stack_f64(SUMMARY_WIDTH)
    trials = stack_f64_2d(MAX_TRIALS, SUMMARY_WIDTH)
    areas = stack_i64(MAX_TRIALS)  # the place of each place trial
    row = stack_f64(N_FEATURES)
    weights = stack_f64(SEAT_FEATURES)
    pay = stack_i64(N_GOODS)
    seat_summary(st, g, seat, own)
    most = best_other(st, g, seat, other)
    if params[REPLAN] > 0.0:
        _add_placed(st, g, seat, own, trials[TRIAL_NOW], pay)
    _copy(own, trials[TRIAL_NOW])
    for k in range(N_GOODS):
        _copy(own, trials[TRIAL_GOOD + k])
        trials[TRIAL_GOOD + k, S_FOOD + k] += 1.0
    memo[M_TOOLS] = tools_available(st, g, seat)
    memo[M_SHORT] = max(0.0, own[S_PEOPLE] - own[S_AGRICULTURE] - own[S_FOOD])
    for a in range(N_AREAS):
        memo[M_AREA + a] = SKIP
    n = _place_trials(st, g, seat, hi, 2, own, trials, areas, pay)
    now = 0.0
    rounds = fill_table(st, g, other, most, own[S_TILES], row)  # the same for every trial
    at = head_at(MODEL_AT, st.game[g, I_PLAYERS], row)
    table = table_value(params, at, row, rounds, weights)
    for t in range(n):
        seat_block(trials[t], rounds, row, F_OWN)
        worth = own_value(table, weights, row)
        if t == TRIAL_NOW:
            now = worth
        elif t < TRIAL_PLACE:
            memo[M_WORTH + t - TRIAL_GOOD] = worth - now
        elif areas[t] == HUT:
            memo[M_AREA + HUT] = (worth - now) / 2.0  # the hut takes 2 people
        else:
            memo[M_AREA + areas[t]] = worth - now
    if st.game[g, I_PLAYERS] == 2 and (params[BLOCK] > 0.0 or params[BLOCK_AREAS] > 0.0):
        _plan_block(st, g, seat, params, memo, hi)
    memo[M_READY] = 1.0


@hot(inline=True)
def _add_block(params, memo, hi, rates):
    """Heads-up: add ``block`` times the blocking value (``memo[M_BLOCK + area]``,
    :func:`_plan_block`) to the rate of each village, card and building place the seat can take
    (the resource areas' are added to their worth in :func:`place`)."""
    if params[BLOCK] > 0.0:
        for a in range(TOOL_MAKER, N_AREAS):
            if hi[a] > 0:
                rates[a] += params[BLOCK] * memo[M_BLOCK + a]


@hot(inline=True)
def place(st, g, seat, params, rng, lo, hi, herd_value, memo):
    """The legal place with the best learned value per person (see the module's notes)."""
    if memo[M_READY] == 0.0 or params[REPLAN] > 0.0:
        _plan(st, g, seat, params, memo, hi)
    rates = memo[M_RATE : M_RATE + N_AREAS]
    short = memo[M_SHORT]
    cap = (2 * int(short) + 2) // 3 + 1 if short > 0 else hi[HUNTING_GROUNDS]
    hunters = min(hi[HUNTING_GROUNDS], cap)
    rates[HUNTING_GROUNDS] = 1.75 * memo[M_WORTH] if hunters > 0 else SKIP
    herd_area = st.game[g, I_HERD_AREA]
    block_areas = params[BLOCK_AREAS] if st.game[g, I_PLAYERS] == 2 else 0.0
    herd = herd_value * params[HERD_W]
    if st.game[g, I_PLAYERS] >= 3:
        herd *= params[HERD_3_4]
    cap = int(params[GATHERERS]) if params[GATHERERS] > 0.0 else MAX_PEOPLE  # per resource area
    for a in range(FOREST, RIVER + 1):
        count = max(min(hi[a], cap), 1)
        units = (3.5 * count + 0.5 * memo[M_TOOLS]) / DIVISOR[a]
        worth = units * memo[M_WORTH + a]
        worth += herd if a == herd_area else 0.0
        if block_areas > 0.0:
            worth += block_areas * memo[M_BLOCK + a]
        rates[a] = worth / count if hi[a] > 0 else SKIP
    for a in range(TOOL_MAKER, N_AREAS):
        rates[a] = memo[M_AREA + a] if hi[a] > 0 else SKIP
    if st.game[g, I_PLAYERS] == 2:
        _add_block(params, memo, hi, rates)
    if st.game[g, I_ROUND] >= params[BUY_FROM_ROUND]:  # the guard against a stalled table
        for a in range(FIRST_CARD_SPACE, N_AREAS):
            if rates[a] > SKIP:
                rates[a] += ENDGAME_BONUS
    area, count = greedy.best_place(rates, hunters, lo, hi)
    if FOREST <= area <= RIVER:
        count = max(min(count, cap), lo[area])
    return area, count


@hot
def _buy_worth(st, g, seat, params, space, stack, pay):
    """The model's value of the position after taking the card on ``space`` (or, with
    ``space`` < 0, buying the top of ``stack``) less its value now; ``SKIP`` if it cannot pay."""
    own = stack_f64(SUMMARY_WIDTH)
    other = stack_f64(SUMMARY_WIDTH)
    trial = stack_f64(SUMMARY_WIDTH)
    row = stack_f64(N_FEATURES)
    seat_summary(st, g, seat, own)
    most = best_other(st, g, seat, other)
    if space >= 0:
        able = _card_trial(st, g, space, own, trial)
    else:
        able = _building_trial(st, g, seat, stack, own, trial, pay)
    if not able:
        return SKIP
    after = _value_of(st, g, seat, params, trial, other, most, row)
    return after - _value_of(st, g, seat, params, own, other, most, row)


@hot(inline=True)
def buy_card(st, g, seat, params, rng, space, pay):
    """From ``buy_from_round`` on, every card it can pay (cheapest resources); before, with
    ``model_buys``, when the model values the position after it higher; otherwise greedy's."""
    if st.game[g, I_ROUND] >= params[BUY_FROM_ROUND]:
        return cheapest_payment(st, g, seat, space + 1, pay)
    if params[MODEL_BUYS] > 0.0:
        if _buy_worth(st, g, seat, params, space, 0, pay) <= 0.0:
            return False
        return cheapest_payment(st, g, seat, space + 1, pay)
    return greedy.buy_card(st, g, seat, params, rng, space, pay)


@hot(inline=True)
def buy_building(st, g, seat, params, rng, stack, pay):
    """From ``buy_from_round`` on, every building it can pay (the best offer); before, with
    ``model_buys``, when the model values the position after it higher; otherwise greedy's."""
    taken = st.game[g, STACK_TAKEN + stack]
    if taken >= STACK_SIZE:
        return False
    building = st.game[g, STACKS + stack * STACK_SIZE + taken]
    if st.game[g, I_ROUND] >= params[BUY_FROM_ROUND]:
        points, subset = building_offer(st, g, seat, building, True)
        return offer_payment(st, g, seat, building, pay, True, points, subset) >= 0
    if params[MODEL_BUYS] > 0.0:
        if _buy_worth(st, g, seat, params, -1, stack, pay) <= 0.0:
            return False
        points, subset = building_offer(st, g, seat, building, True)
        return offer_payment(st, g, seat, building, pay, True, points, subset) >= 0
    return greedy.buy_building(st, g, seat, params, rng, stack, pay)


@hot
def _starving_worth(st, g, seat, params, shortfall):
    """The model's value of taking -10 at this feeding less that of paying ``shortfall``
    resources (the cheapest kinds; the food is spent either way)."""
    own = stack_f64(SUMMARY_WIDTH)
    other = stack_f64(SUMMARY_WIDTH)
    paid = stack_f64(SUMMARY_WIDTH)
    row = stack_f64(N_FEATURES)
    seat_summary(st, g, seat, own)
    most = best_other(st, g, seat, other)
    own[S_FOOD] = 0.0
    _copy(own, paid)
    _pay_cheapest(paid, shortfall)
    own[S_POINTS] -= 10.0
    starve = _value_of(st, g, seat, params, own, other, most, row)
    return starve - _value_of(st, g, seat, params, paid, other, most, row)


@hot(inline=True)
def accept_starvation(st, g, seat, params, rng, shortfall):
    """With ``model_feeds``, take -10 when the model values it above paying; else greedy's."""
    if params[MODEL_FEEDS] > 0.0:
        return _starving_worth(st, g, seat, params, shortfall) > 0.0
    return greedy.accept_starvation(st, g, seat, params, rng, shortfall)
