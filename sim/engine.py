"""The round engine: complete games of Stone Age with The Mammoth Herd, one game per call.

This module sequences the rules (docs/rules.md A4 and B2) and asks the decision hooks whenever a
player chooses. As written it imports the default hooks (:mod:`sim.dispatch`); the kernel builder
(:mod:`sim.kernel`) compiles this same source with generated dispatchers that route every hook to
the strategy registered for the seat. Everything that needs no decision is in :mod:`sim.board`
and :mod:`sim.scoring`.
"""

import numpy as np
from numba import njit

from sim.board import (
    apply_simple_effect,
    building_points,
    card_top,
    gain_agriculture,
    gain_person,
    gain_tool_step,
    legal_places_from,
    occupancy,
    occupy,
    pay_goods,
    payment_ok,
    place_people,
    placement_turn,
    refill_display,
    resources_held,
    set_up_game,
    take_card_bottom,
    tool_mask_value,
    tools_available,
    units_gathered,
    use_tool_mask,
)
from sim.constants import (
    E_DICE_FOR_EVERYONE,
    E_EXTRA_CARD,
    E_RESOURCES_OF_CHOICE,
    E_ROLL2,
    FIELD,
    FIRST_BUILDING,
    FIRST_CARD_SPACE,
    FOOD,
    FOREST,
    GOLD,
    HUT,
    MAX_ROUNDS,
    N_AREAS,
    N_CARDS,
    N_GOODS,
    PAY_FEEDING,
    PAY_TAMING,
    RIVER,
    STACK_SIZE,
    STARVATION_PENALTY,
    T_ALL_EFFECT,
    T_BACK,
    T_FIRST_EFFECT,
    TOOL_MAKER,
    V_HERD,
    VALUES_WIDTH,
    WOOD,
)
from sim.contest_exact import draw_outcome
from sim.contest_mc import roll_contest
from sim.cycles import read_cycles
from sim.engine_layout import (
    NOTES_WIDTH,
    T_ACTIONS,
    T_BONUS,
    T_COMMIT,
    T_COMMIT_FIGURES,
    T_COMMIT_PAY,
    T_COMMIT_VALUES,
    T_END_ROUND,
    T_FEEDING,
    T_FIRST_PLACE,
    T_GAME,
    T_GATHER,
    T_HERD_VALUE,
    T_LEGAL,
    T_NEXT_ACTION,
    T_PLACE,
    T_PLACEMENT,
    T_RESOLVE,
    T_SCORING,
    T_SETUP,
    T_START_ROUND,
    T_TAMING,
    T_VALUE_GOODS,
    T_VILLAGE,
    W_ACTIVE,
    W_CONTEST,
    W_DICE,
    W_HI,
    W_LAPS,
    W_LO,
    W_OCCUPANCY,
    W_PENDING,
    W_RANKS,
    W_SHUFFLE,
    W_STAY,
    W_TIMES,
    WORK_ROWS,
    WORK_WIDTH,
)
from sim.invariants import ACTIONS, FEEDING, NEW_ROUND, PLACEMENT, SCORING, SETUP, TAMING, check
from sim.jit import hot, splice
from sim.rng import (
    N_PURPOSES,
    STREAM_WORDS,
    Purpose,
    roll_die,
    seed_stream,
    stream_key,
    uniform,
)
from sim.rules import Flag
from sim.scoring import final_scoring
from sim.situation import (
    note_choice,
    note_decision,
    note_placement,
)
from sim.stack import stack_f64
from sim.state import (
    AGRICULTURE,
    CHOICE_TOKENS,
    DECK,
    DISPLAY,
    FLAGS,
    GOODS,
    H_ALL_BONUSES,
    H_CONTESTS_ENTERED,
    H_FIGURES_COMMITTED,
    H_FIRST_BONUSES,
    H_FOOD_PAID,
    H_ON_TILE,
    H_RESOURCES_PAID,
    H_TILES_WON,
    HERD,
    I_CONTESTS,
    I_DECK_POS,
    I_ERROR_CODE,
    I_ERROR_PHASE,
    I_HERD_AREA,
    I_HERD_ROUNDS,
    I_N_STACKS,
    I_N_TILES,
    I_OVER,
    I_PLAYERS,
    I_PRIZE,
    I_ROUND,
    I_START_PLAYER,
    I_TILE_POS,
    I_TILES_BOXED,
    I_VILLAGE_USED,
    N_BUILDINGS_HELD,
    P_BUILDING,
    P_CARD,
    P_HERD_BONUS,
    P_STARVATION,
    PARTS,
    PEOPLE,
    PLACED,
    STACK_TAKEN,
    STACKS,
    STARVED_ABLE,
    TILE_PILE,
    TILES,
    TOOLS_USED,
)

# isort: off
# --- hooks: the kernel builder replaces this block with generated dispatchers ---
from sim.dispatch import (
    hook_accept_starvation,
    hook_buy_building,
    hook_buy_card,
    hook_choose_resources,
    hook_commit_figures,
    hook_food_for_figures,
    hook_herd_people,
    hook_herd_value,
    hook_next_action,
    hook_pay_resources,
    hook_place,
    hook_take_die,
    hook_take_first_bonus,
    hook_use_tools,
    hook_value_goods,
    taming_reads_values,
)
# --- end hooks ---
# isort: on


# The timed variant. With TIMING true (the kernel builder writes it so for the timed kernel,
# sim.kernel.build(timed=True)) the engine reads the cycle counter around each part of a game
# and adds the cycles to work[W_TIMES, T_*]; as written (False) every timer is dead code that
# numba and LLVM remove, so the other kernels play exactly as fast as without them. Parts nest:
# a part's cycles include those of the parts inside it (experiments/bench/breakdown.py takes
# the inner parts and the timers' own cost out, and describes the method).
TIMING = False


@hot(inline=True)
def _clock():
    """The timed variant: the cycle counter now (0 in the other kernels)."""
    if TIMING:
        return read_cycles()
    return 0


@hot(inline=True)
def _lap(work, timer, since):
    """The timed variant: add the cycles since ``since`` to part ``timer``; the counter now."""
    if TIMING:
        now = read_cycles()
        work[W_TIMES, timer] += now - since
        work[W_LAPS, timer] += 1
        return now
    return 0


@hot(inline=True)
def _roll(stream, dice):
    total = 0
    for _ in range(dice):
        total += roll_die(stream)
    return total


@hot(inline=True)
def _add_tools(st, g, p, sid, params, rng, good, dice_sum, people):
    """Ask the seat which tools to add to a roll; an illegal answer counts as none."""
    if tools_available(st, g, p) == 0:
        return 0
    mask = hook_use_tools(sid, st, g, p, params, rng, good, dice_sum, people)
    if mask == 0 or tool_mask_value(st, g, p, mask) < 0:
        return 0
    return use_tool_mask(st, g, p, mask)


@hot(inline=True)
def _convert_tokens(st, g, p, sid, params, rng, need, buf):
    """Switch ``keep``: turn kept "resources of choice" into resources when a payment needs them."""
    short = need - resources_held(st, g, p)
    tokens = st.seat[g, p, CHOICE_TOKENS]
    if short <= 0 or tokens == 0:
        return
    n = min(short, tokens)
    _gain_chosen_resources(st, g, p, sid, params, rng, n, buf)
    st.seat[g, p, CHOICE_TOKENS] -= n


@hot(inline=True)
def _gain_chosen_resources(st, g, p, sid, params, rng, n, buf):
    """``n`` resources of the seat's choice (all gold if its answer does not add up to ``n``)."""
    hook_choose_resources(sid, st, g, p, params, rng, n, buf)
    given = 0
    for r in range(WOOD, GOLD + 1):
        if buf[r] > 0:
            given += buf[r]
    if given != n:
        buf[:] = 0
        buf[GOLD] = n
    for r in range(WOOD, GOLD + 1):
        st.seat[g, p, GOODS + r] += max(0, buf[r])


@hot(inline=True)
def _pay_resources(st, g, p, sid, params, rng, amount, reason, pay):
    """Take ``amount`` resources chosen by the seat (cheapest first if the answer is illegal)."""
    hook_pay_resources(sid, st, g, p, params, rng, amount, reason, pay)
    if not payment_ok(st, g, p, pay, amount):
        pay[:] = 0
        left = amount
        for r in range(WOOD, GOLD + 1):
            take = min(left, st.seat[g, p, GOODS + r])
            pay[r] = take
            left -= take
    pay_goods(st, g, p, pay)


@hot
def _dice_for_everyone(st, g, buyer, sids, pbase, streams, players, dice):
    stream = streams[Purpose.CARD_DICE]
    for i in range(players):
        dice[i] = roll_die(stream)
    for k in range(players):
        p = (buyer + k) % players
        rng = streams[Purpose.STRATEGY + p]
        i = hook_take_die(sids[p], st, g, p, pbase[p], rng, dice)
        if i < 0 or i >= players or dice[i] == 0:
            for j in range(players):
                if dice[j] != 0:
                    i = j
                    break
        face = dice[i]
        dice[i] = 0
        if face <= 4:
            st.seat[g, p, GOODS + face] += 1  # 1 wood, 2 brick, 3 stone, 4 gold
        elif face == 5:
            gain_tool_step(st, g, p)
        else:
            gain_agriculture(st, g, p)


@hot
def take_card_top(st, g, p, card, seats, streams, players, buf, work):
    """Seat ``p`` takes the top of the card it bought (docs/rules.md A5): its effect, asking the
    seat's hooks where the card leaves a choice (``seats``: ``(sids, tids, pbase, ptame)``)."""
    effect, amount, good = card_top(st, g, card)
    if apply_simple_effect(st, g, p, effect, amount, good, P_CARD):
        return
    sids, tids, pbase, ptame = seats
    sid = sids[p]
    params = pbase[p]
    rng = streams[Purpose.STRATEGY + p]
    if effect == E_DICE_FOR_EVERYONE:
        _dice_for_everyone(st, g, p, sids, pbase, streams, players, work[W_DICE, :players])
    elif effect == E_ROLL2:
        dice_sum = _roll(streams[Purpose.CARD_DICE], 2)
        dice_sum += _add_tools(st, g, p, sid, params, rng, good, dice_sum, 2)
        st.seat[g, p, GOODS + good] += units_gathered(dice_sum, good)
    elif effect == E_EXTRA_CARD:
        if st.game[g, I_DECK_POS] < N_CARDS:
            extra = st.game[g, DECK + st.game[g, I_DECK_POS]]
            st.game[g, I_DECK_POS] += 1
            take_card_bottom(st, g, p, extra)
    elif effect == E_RESOURCES_OF_CHOICE:
        if st.data[FLAGS, Flag.KEEP_RESOURCES_OF_CHOICE] != 0:
            st.seat[g, p, CHOICE_TOKENS] += amount
        else:
            _gain_chosen_resources(st, g, p, sid, params, rng, amount, buf)


@hot(inline=True)
def commit(st, g, p, seats, streams, available, buf, values, work):
    """The commitment (docs/rules.md B2.3): right after seat ``p`` gathered on the herd's area, its
    taming policy says how many of its ``available`` people there move onto the tile; they move
    and are paid (:func:`move_onto_tile`). ``seats``: ``(sids, tids, pbase, ptame)``."""
    sids, tids, pbase, ptame = seats
    sid = sids[p]
    tid = tids[p]
    rng = streams[Purpose.STRATEGY + p]
    t = _clock()
    if taming_reads_values(tid):
        hook_value_goods(sid, st, g, p, pbase[p], rng, values, available)
    t = _lap(work, T_COMMIT_VALUES, t)
    want = hook_commit_figures(tid, st, g, p, ptame[p], rng, available, values)
    t = _lap(work, T_COMMIT_FIGURES, t)
    move_onto_tile(st, g, p, sid, pbase[p], rng, max(0, min(want, available)), buf)
    _lap(work, T_COMMIT_PAY, t)


@hot(inline=True)
def move_onto_tile(st, g, p, sid, params, rng, want, buf):
    """Move up to ``want`` people of ``p`` onto the tile, 1 food each, every food replaceable by a
    resource at the seat's choice; fewer if it cannot pay for them all."""
    if want <= 0:
        return
    _convert_tokens(st, g, p, sid, params, rng, want - st.seat[g, p, GOODS + FOOD], buf)
    held = resources_held(st, g, p)
    affordable = st.seat[g, p, GOODS + FOOD] + held
    count = min(want, affordable)
    if count == 0:
        return
    food = hook_food_for_figures(sid, st, g, p, params, rng, count)
    food = max(count - held, min(food, count, st.seat[g, p, GOODS + FOOD]))
    st.seat[g, p, GOODS + FOOD] -= food
    rest = count - food
    if rest > 0:
        _pay_resources(st, g, p, sid, params, rng, rest, PAY_TAMING, buf)
    st.seat[g, p, HERD + H_ON_TILE] = count
    st.seat[g, p, HERD + H_FIGURES_COMMITTED] += count
    st.seat[g, p, HERD + H_CONTESTS_ENTERED] += 1
    st.seat[g, p, HERD + H_FOOD_PAID] += food
    st.seat[g, p, HERD + H_RESOURCES_PAID] += rest


@hot(inline=True)
def _gather(st, g, p, area, sid, params, streams):
    """Gathering on hunting grounds or a resource area: roll, add tools, take the units."""
    rng = streams[Purpose.STRATEGY + p]
    people = st.seat[g, p, PLACED + area]
    dice_sum = _roll(streams[Purpose.GATHER], people)
    dice_sum += _add_tools(st, g, p, sid, params, rng, area, dice_sum, people)
    st.seat[g, p, GOODS + area] += units_gathered(dice_sum, area)


@hot(inline=True)
def _village(st, g, p, area):
    """The tool maker, the hut or the field."""
    if area == TOOL_MAKER:
        gain_tool_step(st, g, p)
    elif area == HUT:
        gain_person(st, g, p)
    else:
        gain_agriculture(st, g, p)


# Spliced (numba's IR inlining) into its one caller, seat_actions, instead of compiled as a
# library of its own for LLVM to inline: that library compiled the body once more, a tenth of a
# cold compile (docs/design.md, section 5). Same play; no speed difference measured.
@splice
def resolve(st, g, p, area, seats, streams, players, buf, work):
    """Resolve one of seat ``p``'s places (docs/rules.md A4.2, B2.3): gather (and, on the herd's
    area, :func:`commit`), use the village, or buy the card or building there if the seat wants
    it.

    Spliced into :func:`seat_actions` (see above): as a call of its own, passing the state's
    arrays field by field, it cost a tenth of a greedy game.
    """
    sids, tids, pbase, ptame = seats
    sid = sids[p]
    params = pbase[p]
    rng = streams[Purpose.STRATEGY + p]
    if area <= RIVER:
        _gather(st, g, p, area, sid, params, streams)
        if area == st.game[g, I_HERD_AREA]:
            people = np.int64(st.seat[g, p, PLACED + area])
            values = stack_f64(VALUES_WIDTH)
            noted = note_decision(st, g, p, people, work[W_PENDING])  # advice runs only
            t = _clock()
            commit(st, g, p, seats, streams, people, buf, values, work)
            _lap(work, T_COMMIT, t)
            note_choice(st, g, p, noted)
    elif area <= FIELD:
        _village(st, g, p, area)
    elif area < FIRST_BUILDING:
        space = area - FIRST_CARD_SPACE
        card = st.game[g, DISPLAY + space]
        cost = space + 1
        if card < 0:
            return
        _convert_tokens(st, g, p, sid, params, rng, cost, buf)
        if resources_held(st, g, p) < cost:
            return
        buf[:] = 0
        if not hook_buy_card(sid, st, g, p, params, rng, space, buf):
            return
        if not payment_ok(st, g, p, buf, cost):
            return
        pay_goods(st, g, p, buf)
        st.game[g, DISPLAY + space] = -1
        take_card_bottom(st, g, p, card)
        take_card_top(st, g, p, card, seats, streams, players, buf, work)
    else:
        stack = area - FIRST_BUILDING
        taken = st.game[g, STACK_TAKEN + stack]
        if taken >= STACK_SIZE:
            return
        _convert_tokens(st, g, p, sid, params, rng, 7, buf)
        buf[:] = 0
        if not hook_buy_building(sid, st, g, p, params, rng, stack, buf):
            return
        building = st.game[g, STACKS + stack * STACK_SIZE + taken]
        points = building_points(st, g, p, building, buf)
        if points < 0:
            return
        pay_goods(st, g, p, buf)
        st.game[g, STACK_TAKEN + stack] = taken + 1
        st.seat[g, p, N_BUILDINGS_HELD] += 1
        st.seat[g, p, PARTS + P_BUILDING] += points


@hot(inline=True)
def herd_people_now(st, g, p, seats, rng, hi, stay):
    """Seat ``p``'s taming policy's ``herd_people`` at this turn, asked while the herd's area is
    open to the seat and it is not told to stay away (else 0)."""
    herd_area = st.game[g, I_HERD_AREA]
    if herd_area < 0 or hi[herd_area] == 0 or stay:
        return 0
    sids, tids, pbase, ptame = seats
    turn = placement_turn(st, g, p)
    return hook_herd_people(tids[p], st, g, p, ptame[p], rng, turn, hi[herd_area])


@hot(inline=True)
def herd_place(st, g, people, area, count, lo, hi):
    """The place after the taming policy's ``herd_people`` answer ``people``: that many people
    on the herd's area (at least its fewest, at most its most) when it is positive; when it is
    negative, the base strategy's ``area`` moved to the herd's area if it is a resource area,
    as many of ``count`` as fit; else the base strategy's place as it is."""
    herd_area = st.game[g, I_HERD_AREA]
    if people > 0:
        return herd_area, max(lo[herd_area], min(people, hi[herd_area]))
    if people < 0 and FOREST <= area <= RIVER and area != herd_area:
        return herd_area, max(lo[herd_area], min(count, hi[herd_area]))
    return area, count


@hot
def placement(st, g, first, seats, streams, players, work, notes):
    """Placement (docs/rules.md A4.1): one place per turn, clockwise from seat ``first`` (the
    start player; a play-out from the middle of the phase names the next seat), until nobody can
    place.

    A seat's taming policy is asked ``herd_value`` once per phase, at the seat's first turn with
    the herd's area open to it; the answer is kept in ``notes[p, 0]`` for its later turns (an
    advice run notes that turn as a placement decision, :func:`sim.situation.note_placement`;
    a seat marked in ``work[W_STAY]`` is asked, and then places with 0: the advice's play-outs
    of staying away, cleared when the phase ends). The rest of ``notes[p]`` is the seat's
    ``memo`` for the place hook; its first entry is cleared here. What a base strategy works out
    at its first turn (values placement cannot change) it may keep there for its later turns of
    this phase. While the herd's area is open to a seat, its taming policy's ``herd_people``
    answers each turn first (:func:`herd_place`: a person's card placing by its words).
    """
    sids, tids, pbase, ptame = seats
    lo = work[W_LO]
    hi = work[W_HI]
    active = work[W_ACTIVE]  # 0: done placing; 1: placing; 2: placing, herd value known
    occ = work[W_OCCUPANCY]
    values = stack_f64(VALUES_WIDTH)
    for p in range(players):
        active[p] = 1
        notes[p, 0] = 0.0
        notes[p, 1] = 0.0  # memo[0]: the phase has started (see sim.hooks)
    occupancy(st, g, players, occ)
    herd_area = st.game[g, I_HERD_AREA]
    n_active = players
    following = first
    while n_active > 0:
        p = following  # clockwise, without a division per turn
        following = p + 1 if p + 1 < players else 0
        if active[p] == 0:
            continue
        t = _clock()
        legal = legal_places_from(st, g, p, players, occ, lo, hi)
        t = _lap(work, T_LEGAL, t)
        if legal == 0:
            active[p] = 0
            n_active -= 1
            continue
        rng = streams[Purpose.STRATEGY + p]
        herd_value = 0.0
        if herd_area >= 0 and hi[herd_area] > 0:
            if active[p] == 1:
                if taming_reads_values(tids[p]):
                    values[V_HERD] = 1.0  # what a base that does not weigh it says
                    hook_value_goods(sids[p], st, g, p, pbase[p], rng, values, hi[herd_area])
                    t = _lap(work, T_VALUE_GOODS, t)
                notes[p, 0] = hook_herd_value(tids[p], st, g, p, ptame[p], rng, values)
                active[p] = 2
                t = _lap(work, T_HERD_VALUE, t)
                note_placement(st, g, p, hi[herd_area], notes[p, 0])  # advice runs only
                if work[W_STAY, p] != 0:
                    notes[p, 0] = 0.0
            herd_value = notes[p, 0]
        opening = notes[p, 1] == 0.0
        t = _clock()
        people = herd_people_now(st, g, p, seats, rng, hi, work[W_STAY, p] != 0)
        area, count = -1, 0
        if people <= 0:
            area, count = hook_place(sids[p], st, g, p, pbase[p], rng, lo, hi, herd_value,
                                     notes[p, 1:])  # fmt: skip
        area, count = herd_place(st, g, people, area, count, lo, hi)
        _lap(work, T_FIRST_PLACE if opening else T_PLACE, t)
        if area < 0 or area >= N_AREAS or hi[area] == 0 or count < lo[area] or count > hi[area]:
            for a in range(N_AREAS):  # an illegal answer: the first legal place
                if hi[a] > 0:
                    area = a
                    count = hi[a]
                    break
        place_people(st, g, p, area, count)
        occupy(occ, p, area, count)
    for p in range(players):
        work[W_STAY, p] = 0


# Spliced into its two callers (actions, play_on_after_placement), as resolve is into it.
@splice
def seat_actions(st, g, p, seats, streams, players, buf, work, pending):
    """Seat ``p`` resolves its places marked in ``pending`` (1 per area), in the order its
    ``next_action`` hook asks for (an illegal answer: the first pending place)."""
    sids, tids, pbase, ptame = seats
    n_pending = 0
    for a in range(N_AREAS):
        n_pending += pending[a]
    rng = streams[Purpose.STRATEGY + p]
    while n_pending > 0:
        t = _clock()
        area = hook_next_action(sids[p], st, g, p, pbase[p], rng, pending)
        t = _lap(work, T_NEXT_ACTION, t)
        if area < 0 or area >= N_AREAS or pending[area] == 0:
            for a in range(N_AREAS):
                if pending[a] != 0:
                    area = a
                    break
        pending[area] = 0
        n_pending -= 1
        # the common actions first; resolve has every case
        if area <= RIVER and area != st.game[g, I_HERD_AREA]:
            _gather(st, g, p, area, sids[p], pbase[p], streams)
            _lap(work, T_GATHER, t)
        elif TOOL_MAKER <= area <= FIELD:
            _village(st, g, p, area)
            _lap(work, T_VILLAGE, t)
        else:
            resolve(st, g, p, area, seats, streams, players, buf, work)
            _lap(work, T_RESOLVE, t)


@hot
def actions(st, g, first_turn, seats, streams, players, buf, work):
    """Actions (docs/rules.md A4.2): from the start player clockwise, each seat resolves all its
    places (:func:`seat_actions`); turns before ``first_turn`` (0: none) are taken as done."""
    pending = work[W_PENDING]
    start = st.game[g, I_START_PLAYER]
    for k in range(first_turn, players):
        p = start + k - players * (start + k >= players)  # (start + k) % players, no division
        for a in range(N_AREAS):
            pending[a] = 1 if st.seat[g, p, PLACED + a] > 0 else 0
        seat_actions(st, g, p, seats, streams, players, buf, work, pending)


@hot(inline=True)
def _bonus(st, g, p, tile, first):
    base = T_FIRST_EFFECT if first else T_ALL_EFFECT  # effect, amount, resource in a row
    effect = st.data[TILES + tile, base]
    amount = st.data[TILES + tile, base + 1]
    good = st.data[TILES + tile, base + 2]
    apply_simple_effect(st, g, p, effect, amount, good, P_HERD_BONUS)
    if first:
        st.seat[g, p, HERD + H_FIRST_BONUSES] += 1
    else:
        st.seat[g, p, HERD + H_ALL_BONUSES] += 1


@hot
def taming(st, g, seats, streams, players, dice_contest, work):
    """Tame one mammoth (docs/rules.md B2.4): the contest, the bonuses, the tile kept or boxed."""
    sids, tids, pbase, ptame = seats
    tile = st.game[g, I_PRIZE]
    if tile < 0:
        return
    k = work[W_CONTEST, :4]
    k[:] = 0
    values = stack_f64(VALUES_WIDTH)  # the winner's valuation of the bonuses
    participants = 0
    for p in range(players):
        k[p] = st.seat[g, p, HERD + H_ON_TILE]
        if k[p] > 0:
            participants += 1
    st.game[g, I_PRIZE] = -1
    if participants == 0:
        st.game[g, I_TILES_BOXED] += 1
        return
    st.game[g, I_CONTESTS] += 1
    stream = streams[Purpose.TAMING]
    if dice_contest:
        winner = roll_contest(stream, k, st.data[FLAGS, Flag.TIE_RULE])
    else:
        winner = draw_outcome(st.odds, k[0], k[1], k[2], k[3], uniform(stream))
    for p in range(players):
        if k[p] == 0:
            continue
        if p == winner:
            t = _clock()
            rng = streams[Purpose.STRATEGY + p]
            if taming_reads_values(tids[p]):
                hook_value_goods(sids[p], st, g, p, pbase[p], rng, values, np.int64(0))
            first = hook_take_first_bonus(tids[p], st, g, p, ptame[p], rng, values)
            _lap(work, T_BONUS, t)
            _bonus(st, g, p, tile, first)
            st.seat[g, p, HERD + H_TILES_WON] += 1
        else:
            _bonus(st, g, p, tile, False)
        st.seat[g, p, HERD + H_ON_TILE] = 0
    if winner < 0:
        st.game[g, I_TILES_BOXED] += 1


@hot
def feeding(st, g, sids, pbase, streams, players, buf):
    """Feeding (docs/rules.md A4.3): each seat eats a food per person after its agriculture,
    pays a shortfall with resources or takes the -10 (its ``accept_starvation`` hook).

    Takes the two seat arrays it reads, not the ``seats`` tuple: a call of its own (not inlined),
    it cost play-outs about 1.5% more with all four arrays passed (process time, A/B alternated,
    2026-12-06)."""
    start = st.game[g, I_START_PLAYER]
    for k in range(players):
        p = start + k - players * (start + k >= players)  # (start + k) % players, no division
        st.seat[g, p, GOODS + FOOD] += st.seat[g, p, AGRICULTURE]
        need = st.seat[g, p, PEOPLE]
        food = st.seat[g, p, GOODS + FOOD]
        if food >= need:
            st.seat[g, p, GOODS + FOOD] = food - need
            continue
        shortfall = need - food
        st.seat[g, p, GOODS + FOOD] = 0
        rng = streams[Purpose.STRATEGY + p]
        able = resources_held(st, g, p) + st.seat[g, p, CHOICE_TOKENS] >= shortfall
        if able:  # kept tokens become resources first, so the seat decides on what it holds
            _convert_tokens(st, g, p, sids[p], pbase[p], rng, shortfall, buf)
        if able and not hook_accept_starvation(sids[p], st, g, p, pbase[p], rng, shortfall):
            _pay_resources(st, g, p, sids[p], pbase[p], rng, shortfall, PAY_FEEDING, buf)
        else:
            st.seat[g, p, PARTS + P_STARVATION] -= STARVATION_PENALTY
            if able:  # a weighed choice (or a strategy's accident): recorded for the profile
                st.seat[g, p, STARVED_ABLE] += 1


@hot
def start_round(st, g):
    """Start a round (docs/rules.md B2.1): the round counter, and the herd moves onto the next
    tile's area (or has left)."""
    st.game[g, I_ROUND] += 1
    st.game[g, I_VILLAGE_USED] = 0
    st.game[g, I_HERD_AREA] = -1
    st.game[g, I_PRIZE] = -1
    if st.game[g, I_TILE_POS] < st.game[g, I_N_TILES]:
        tile = st.game[g, TILE_PILE + st.game[g, I_TILE_POS]]
        st.game[g, I_TILE_POS] += 1
        st.game[g, I_PRIZE] = tile
        st.game[g, I_HERD_AREA] = st.data[TILES + tile, T_BACK]  # a good's index is its area's
        st.game[g, I_HERD_ROUNDS] += 1


@hot
def end_round(st, g, players):
    """The new round (docs/rules.md A4.4): clear the board; True if the game goes on (no stack
    empty, the display refilled)."""
    for a in range(N_AREAS):
        for p in range(players):
            st.seat[g, p, PLACED + a] = 0
    for p in range(players):
        for s in range(3):
            st.seat[g, p, TOOLS_USED + s] = 0
    for s in range(st.game[g, I_N_STACKS]):
        if st.game[g, STACK_TAKEN + s] >= STACK_SIZE:
            return False
    st.game[g, I_START_PLAYER] = (st.game[g, I_START_PLAYER] + 1) % players
    return refill_display(st, g)


@hot
def score_game(st, g, work):
    """The final scoring (docs/rules.md A7); the game is over."""
    final_scoring(st, g, H_TILES_WON, work[W_RANKS])
    st.game[g, I_OVER] = 1


@hot
def _fail(st, g, phase, code):
    st.game[g, I_ERROR_PHASE] = phase
    st.game[g, I_ERROR_CODE] = code
    st.game[g, I_OVER] = 1


@hot(inline=True)
def _failed(st, g, debug, phase):
    """Debug mode: check the invariants after ``phase``; a broken one is recorded and ends the
    game (True)."""
    if not debug:
        return False
    code = check(st, g, phase)
    if code == 0:
        return False
    _fail(st, g, phase, code)
    return True


OVER, STOPPED, FAILED = 1, 0, -1  # how play_rounds ended: the game over, `rounds` played, a check


# Spliced (numba's IR inlining) into its callers, play_game above all: a call of its own cost a
# greedy game about a tenth (4p with the herd, process time, alternated A/B of 20,000 games).
@splice
def play_rounds(st, g, seats, scratch, players, dice_contest, debug, rounds):
    """Play whole rounds from the start of one: at most ``rounds`` (``MAX_ROUNDS``: to the end).

    ``seats`` is ``(sids, tids, pbase, ptame)`` (:func:`play_game`), ``scratch`` the work arrays
    ``(streams, buf, work, notes)`` (:func:`new_scratch`).

    Returns
    -------
    int
        :data:`OVER` when the game ended (not scored yet: :func:`score_game`), :data:`STOPPED`
        after ``rounds`` rounds with the game going on, :data:`FAILED` when a debug check broke.
    """
    sids, tids, pbase, ptame = seats
    streams, buf, work, notes = scratch
    for _ in range(rounds):
        t = _clock()
        start_round(st, g)
        t = _lap(work, T_START_ROUND, t)
        placement(
            st,
            g,
            st.game[g, I_START_PLAYER],
            seats,
            streams,
            players,
            work,
            notes,
        )
        t = _lap(work, T_PLACEMENT, t)
        if _failed(st, g, debug, PLACEMENT):
            return FAILED
        t = _clock()
        actions(st, g, 0, seats, streams, players, buf, work)
        t = _lap(work, T_ACTIONS, t)
        if _failed(st, g, debug, ACTIONS):
            return FAILED
        t = _clock()
        taming(st, g, seats, streams, players, dice_contest, work)
        t = _lap(work, T_TAMING, t)
        if _failed(st, g, debug, TAMING):
            return FAILED
        t = _clock()
        feeding(st, g, sids, pbase, streams, players, buf)
        t = _lap(work, T_FEEDING, t)
        if _failed(st, g, debug, FEEDING):
            return FAILED
        t = _clock()
        going_on = end_round(st, g, players)
        _lap(work, T_END_ROUND, t)
        if _failed(st, g, debug, NEW_ROUND):
            return FAILED
        if not going_on:
            return OVER
    return STOPPED


# Spliced into play_batch (its one caller, spliced into each entry) by numba itself: as a library
# of its own it would hold the whole game once more, optimised and turned into machine code again
# (numba links every callee into each caller): about an eighth of a cold compile. numba's IR
# inlining is cheap here because every function play_game calls stays a call.
@splice
def play_game(st, g, game_index, words, seats, debug, dice_contest, scratch):
    """Play game ``g`` of the batch to the end; ``game_index`` keys its random streams.

    Parameters
    ----------
    st : GameState
        The batch; row ``g`` must be freshly allocated (see :func:`sim.state.new_state`).
    g : int
        Row of the batch.
    game_index : int
        The game's global index: with the seed words it fixes every random stream.
    words : numpy.ndarray
        ``sim.rng.seed_words(seed)``.
    seats : tuple
        ``(sids, tids, pbase, ptame)``, each indexed by seat: the base strategy id and taming
        policy id of each seat, and the parameter rows of its base strategy and taming policy.
    debug : bool
        Check the invariants after every phase; on a failure record it in ``game`` and stop.
    dice_contest : bool
        Roll every taming die (True) or draw the outcome from the exact table (False).
    scratch : tuple
        ``(streams, buf, work, notes)`` from :func:`new_scratch`: the game allocates
        nothing itself.
    """
    streams, buf, work, notes = scratch
    begin = _clock()
    players = np.int64(st.game[g, I_PLAYERS])
    for purpose in range(N_PURPOSES):
        seed_stream(streams[purpose], stream_key(words, game_index, purpose))
    herd = st.data[FLAGS, Flag.HERD] != 0
    t = _clock()
    set_up_game(st, g, streams[Purpose.SHUFFLE], streams[Purpose.HERD_TILES], herd, work[W_SHUFFLE])
    _lap(work, T_SETUP, t)
    if _failed(st, g, debug, SETUP):
        return
    status = play_rounds(st, g, seats, scratch, players, dice_contest, debug, MAX_ROUNDS)
    if status == FAILED:
        return
    t = _clock()
    score_game(st, g, work)  # after the last round, or the safety stop of MAX_ROUNDS rounds
    _lap(work, T_SCORING, t)
    _lap(work, T_GAME, begin)
    _failed(st, g, debug, SCORING)


@njit(cache=True)
def new_scratch():
    """Allocate the work arrays one thread reuses for every game it plays."""
    streams = np.zeros((N_PURPOSES, STREAM_WORDS), dtype=np.uint64)
    buf = np.zeros(N_GOODS, dtype=np.int64)
    work = np.zeros((WORK_ROWS, WORK_WIDTH), dtype=np.int64)
    notes = np.zeros((4, NOTES_WIDTH), dtype=np.float64)
    return streams, buf, work, notes
