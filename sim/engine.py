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
    OCC_WIDTH,
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
    GOLD,
    HUT,
    MAX_PLAYERS,
    MAX_ROUNDS,
    MEMO_WIDTH,
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
    V_ALL,
    V_FIRST,
    V_HERD,
    VALUES_WIDTH,
    WOOD,
)
from sim.contest_exact import draw_outcome
from sim.contest_mc import roll_contest
from sim.cycles import read_cycles
from sim.hidden import redeal_hidden
from sim.invariants import ACTIONS, FEEDING, NEW_ROUND, PLACEMENT, SCORING, SETUP, TAMING, check
from sim.jit import hot, splice
from sim.rng import (
    N_PURPOSES,
    STREAM_WORDS,
    Purpose,
    roll_die,
    seed_branch,
    seed_stream,
    stream_key,
    uniform,
)
from sim.rules import Flag
from sim.scoring import final_scoring, share_and_margin
from sim.situation import (
    D_AVAILABLE,
    D_HERD_VALUE,
    D_KIND,
    D_PENDING,
    D_SEAT,
    LOG_DECISIONS,
    MAX_K,
    OPTION_STAY,
    PLACE_DECISION,
    R_MARGIN,
    R_WIN,
    S_HERD_ESTIMATE,
    S_KMAX,
    SITUATION,
    fill_situation,
    note_choice,
    note_decision,
    note_placement,
    snapshot_row,
)
from sim.stack import stack_f64, stack_i64
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
    N_GAME,
    N_SEAT,
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
    GameState,
    copy_game,
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


# The scratch one thread reuses for every game (new_scratch): random streams, a goods buffer,
# work rows and per-seat notes. The work rows, by name:
W_LO = 0  # placement: the fewest people each area takes from the seat to move (legal places)
W_HI = 1  # placement: the most (0: not open to the seat)
W_ACTIVE = 2  # placement: each seat's state in the phase
W_PENDING = 3  # actions: the places the seat acting has not resolved yet (1 per area)
W_CONTEST = 4  # taming: figures of each seat on the tile
W_DICE = 5  # a card's "dice for everyone"
W_RANKS = 6  # final scoring
W_SHUFFLE = 7  # set-up and re-deals: a row of indices to shuffle
W_OCCUPANCY = 8  # placement: the board's occupancy row (sim.board.OCC_*)
W_TIMES = 9  # the timed variant (TIMING): cycles spent in each part of the game (T_*)
W_LAPS = 10  # the timed variant: how many times each part was timed
W_STAY = 11  # placement: 1 for a seat told to place this phase as if there were no herd (advice)
WORK_ROWS = 12
WORK_WIDTH = 72
if OCC_WIDTH > WORK_WIDTH:  # pragma: no cover - a layout error, caught at import
    raise ImportError("the occupancy row does not fit a work row")
NOTES_WIDTH = 1 + MEMO_WIDTH  # per seat: the herd value, then the place hook's memo

# The timed variant. With TIMING true (the kernel builder writes it so for the timed kernel,
# sim.kernel.build(timed=True)) the engine reads the cycle counter around each part of a game
# and adds the cycles to work[W_TIMES, T_*]; as written (False) every timer is dead code that
# numba and LLVM remove, so the other kernels play exactly as fast as without them. Parts nest:
# a part's cycles include those of the parts inside it (experiments/bench/breakdown.py takes
# the inner parts and the timers' own cost out, and describes the method).
TIMING = False
T_GAME = 0  # a whole game: streams seeded, set-up, rounds, scoring
T_SETUP = 1
T_START_ROUND = 2
T_PLACEMENT = 3  # the placement phase; inside it:
T_LEGAL = 4  # the legal places of a turn (sim.board.legal_places_from)
T_VALUE_GOODS = 5  # value_goods before herd_value
T_HERD_VALUE = 6  # herd_value, at a seat's first turn with the herd's area open to it
T_FIRST_PLACE = 7  # the place hook at a seat's first turn of the phase (memo[0] still 0)
T_PLACE = 8  # the place hook at its later turns
T_ACTIONS = 9  # the actions phase; inside it:
T_NEXT_ACTION = 10  # the next_action hook
T_GATHER = 11  # gathering off the herd's area (the dice, the use_tools hook)
T_VILLAGE = 12  # tool maker, hut, field
T_RESOLVE = 13  # cards, buildings, gathering on the herd's area; inside it:
T_COMMIT = 14  # the commitment; inside it:
T_COMMIT_VALUES = 15  # the base strategy's value_goods
T_COMMIT_FIGURES = 16  # the taming policy's commit_figures
T_COMMIT_PAY = 17  # moving the figures onto the tile and paying for them (food_for_figures)
T_TAMING = 18  # the contest and the bonuses; inside it:
T_BONUS = 19  # the winner's value_goods and take_first_bonus
T_FEEDING = 20
T_END_ROUND = 21
T_SCORING = 22
T_CALIBRATE = 23  # empty laps (play_rows_timed): the cost of a timer itself
N_TIMERS = 24
TIMER_NAMES = (
    "game",
    "set-up",
    "start of round",
    "placement",
    "placement: legal places",
    "placement: value_goods",
    "placement: herd_value",
    "placement: place hook, first turn",
    "placement: place hook, later turns",
    "actions",
    "actions: next_action hook",
    "actions: gathering",
    "actions: village",
    "actions: cards, buildings, herd area",
    "actions: commitment",
    "commitment: value_goods",
    "commitment: commit_figures",
    "commitment: paying for the figures",
    "taming",
    "taming: winner's bonus choice",
    "feeding",
    "end of round",
    "final scoring",
    "timer (calibration)",
)


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
    this phase.
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
        area, count = hook_place(sids[p], st, g, p, pbase[p], rng, lo, hi, herd_value, notes[p, 1:])
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


# --- play-outs: a game played on from the middle of a round (search, advice) ----------------
#
# The play-on functions and the branch primitives are spliced, like play_rounds: the round loop
# is then pasted into whatever calls the branch (the search's candidate scoring, the advice's
# play_out_decision). Reached through them as calls, the same rounds ran about a tenth slower
# than in whole games (play-outs / whole games 0.90-0.92; spliced 1.00-1.01, the same games;
# docs/design.md, section 13).


@splice
def play_on(st, g, seats, scratch, players, rounds):
    """Play on from the end of a round's actions: its taming, feeding and end, then at most
    ``rounds`` more whole rounds; True when the game is over (not scored yet)."""
    sids, tids, pbase, ptame = seats
    streams, buf, work, notes = scratch
    taming(st, g, seats, streams, players, False, work)
    feeding(st, g, sids, pbase, streams, players, buf)
    if not end_round(st, g, players):
        return True
    status = play_rounds(st, g, seats, scratch, players, False, False, rounds)
    return status == OVER


@splice
def play_on_after_placement(st, g, p, seats, scratch, players, rounds):
    """Play on from right after seat ``p``'s placement turn: placement goes on clockwise from
    the next seat (every seat's phase notes start afresh), then the round's actions and
    :func:`play_on`; True when the game is over."""
    streams, buf, work, notes = scratch
    following = p + 1 if p + 1 < players else 0
    placement(st, g, following, seats, streams, players, work, notes)
    actions(st, g, 0, seats, streams, players, buf, work)
    return play_on(st, g, seats, scratch, players, rounds)


@splice
def play_on_after_commit(st, g, p, seats, scratch, players, rounds):
    """Play on from right after seat ``p``'s commitment: its places still marked in
    ``work[W_PENDING]`` (in its own order), the later seats' actions, then :func:`play_on`;
    True when the game is over."""
    streams, buf, work, notes = scratch
    seat_actions(st, g, p, seats, streams, players, buf, work, work[W_PENDING])
    start = st.game[g, I_START_PLAYER]
    turn = p - start + players * (p < start)  # (p - start) % players
    actions(st, g, turn + 1, seats, streams, players, buf, work)
    return play_on(st, g, seats, scratch, players, rounds)


@hot
def fork(src, g, dst, h, key, i, redeal, scratch):
    """Copy game ``g`` of ``src`` into row ``h`` of ``dst`` and seed the scratch's streams for
    play-out ``i`` of the decision keyed ``key``; with ``redeal``, first re-deal what the seats
    cannot see (:func:`sim.hidden.redeal_hidden`) from those streams.

    Every option forked with the same ``(key, i)`` meets the same re-deal and the same streams:
    the options' play-outs differ only through the option (common random numbers).
    """
    streams = scratch[0]
    copy_game(src, g, dst, h)
    if redeal:
        seed_branch(streams, key, i)
        redeal_hidden(dst, h, streams[Purpose.SHUFFLE], scratch[2][W_SHUFFLE])
    seed_branch(streams, key, i)


@splice
def branch_placement(src, g, dst, h, move, playout, seats, rounds, scratch):
    """The branch primitive at a placement: copy game ``g`` of ``src`` into row ``h`` of ``dst``
    (:func:`fork`, ``playout`` being its ``(key, i, redeal)``), make the ``move``
    ``(p, area, count)``: place ``count`` of seat ``p``'s people on ``area``, and play on for at
    most ``rounds`` rounds with the seats' own hooks (the kernel's dispatchers); True when the
    game is over (not scored yet)."""
    p, area, count = move
    key, i, redeal = playout
    fork(src, g, dst, h, key, i, redeal, scratch)
    players = np.int64(dst.game[h, I_PLAYERS])
    place_people(dst, h, p, area, count)
    return play_on_after_placement(dst, h, p, seats, scratch, players, rounds)


@splice
def branch_commit(src, g, dst, h, move, playout, seats, rounds, scratch):
    """The branch primitive at a commitment: copy game ``g`` (:func:`fork`, ``playout`` being
    its ``(key, i, redeal)``), make the ``move`` ``(p, figures, pending)``: move ``figures`` of
    seat ``p``'s people onto the tile (paid as the seat's hooks choose), then play on from its
    places still ``pending`` (1 per area) for at most ``rounds`` rounds; True when the game is
    over (not scored yet)."""
    sids, tids, pbase, ptame = seats
    streams, buf, work, notes = scratch
    p, figures, pending = move
    key, i, redeal = playout
    fork(src, g, dst, h, key, i, redeal, scratch)
    players = np.int64(dst.game[h, I_PLAYERS])
    for a in range(N_AREAS):
        work[W_PENDING, a] = pending[a]
    move_onto_tile(dst, h, p, sids[p], pbase[p], streams[Purpose.STRATEGY + p], figures, buf)
    return play_on_after_commit(dst, h, p, seats, scratch, players, rounds)


# Spliced into play_rows (its only caller) by numba itself: compiled as a function of its own it
# would be a second library holding the whole game, optimised and turned into machine code once
# more (numba links every callee into each caller): about an eighth of a cold compile. numba's IR
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


@hot(inline=True)
def seat_slots(g, players, lineups, slots, seats):
    """Fill the seat arrays of row ``g`` from its line-up: each seat's strategy id, taming
    policy id and parameter rows, taken from the slot ``lineups[g, seat]``."""
    sids, tids, pbase, ptame = slots
    seat_sids, seat_tids, seat_pbase, seat_ptame = seats
    for p in range(players):
        slot = lineups[g, p]
        seat_sids[p] = sids[slot]
        seat_tids[p] = tids[slot]
        for c in range(pbase.shape[1]):  # element by element: a @hot function allocates nothing
            seat_pbase[p, c] = pbase[slot, c]
        for c in range(ptame.shape[1]):
            seat_ptame[p, c] = ptame[slot, c]


@njit(cache=True)
def new_scratch():
    """Allocate the work arrays one thread reuses for every game it plays."""
    streams = np.zeros((N_PURPOSES, STREAM_WORDS), dtype=np.uint64)
    buf = np.zeros(N_GOODS, dtype=np.int64)
    work = np.zeros((WORK_ROWS, WORK_WIDTH), dtype=np.int64)
    notes = np.zeros((4, NOTES_WIDTH), dtype=np.float64)
    return streams, buf, work, notes


@njit(cache=True, nogil=True)
def play_rows(st, lo, hi, first_game, games, debug):
    """Play rows ``lo``..``hi - 1`` of the batch; row ``g`` is game ``first_game + g``.

    ``games`` is the run as the kernel takes it, ``(words, lineups, slots, dice_contest)``
    (:meth:`sim.run.Run.kernel_games`): the seed's words, ``lineups[g, seat]`` the strategy slot
    of each seat, ``slots`` the ``(sids, tids, pbase, ptame)`` indexed by slot
    (:func:`sim.run.pack_slots`), and whether the taming dice are rolled. Games are independent
    and keyed by their global index, so threads (each given a range of rows; the GIL is
    released) and batch boundaries never change a result. ``debug`` checks the invariants after
    every phase (:func:`play_game`).
    """
    words, lineups, slots, dice_contest = games
    sids, tids, pbase, ptame = slots
    scratch = new_scratch()
    players = np.int64(st.game[lo, I_PLAYERS]) if hi > lo else 0
    seat_sids = np.zeros(4, dtype=np.int64)
    seat_tids = np.zeros(4, dtype=np.int64)
    seat_pbase = np.zeros((4, pbase.shape[1]), dtype=np.float64)
    seat_ptame = np.zeros((4, ptame.shape[1]), dtype=np.float64)
    seats = (seat_sids, seat_tids, seat_pbase, seat_ptame)
    for g in range(lo, hi):
        seat_slots(
            g,
            players,
            lineups,
            slots,
            seats,
        )
        play_game(
            st,
            g,
            first_game + g,
            words,
            seats,
            debug,
            dice_contest,
            scratch,
        )


# --- advice: every taming decision of real games played out once per commitment -------------


@splice
def resume(st, g, p, kind, seats, scratch, players, rounds):
    """Play on from seat ``p``'s noted decision, its option applied: a commitment's places still
    marked in ``work[W_PENDING]`` (as :func:`play_on_after_commit`), or the placement turn the seat
    has not taken yet (placement goes on from seat ``p``); True when the game is over.

    The advice's one pasted copy of the round loop, whatever the kind of decision."""
    streams, buf, work, notes = scratch
    if kind == PLACE_DECISION:
        placement(st, g, p, seats, streams, players, work, notes)
        turn = 0
    else:
        pending = work[W_PENDING]
        seat_actions(st, g, p, seats, streams, players, buf, work, pending)
        start = st.game[g, I_START_PLAYER]
        turn = p - start + players * (p < start) + 1  # the next seat's turn in the action order
    actions(st, g, turn, seats, streams, players, buf, work)
    return play_on(st, g, seats, scratch, players, rounds)


@splice
def branch_decision(src, g, dst, h, move, playout, seats, rounds, scratch):
    """The advice's branch primitive: copy game ``g`` (:func:`fork`, ``playout`` being its
    ``(key, i, redeal)``; the advice re-deals what the seats cannot see), make the ``move``
    ``(p, kind, option, pending)``: apply ``option`` of seat ``p``'s decision of ``kind`` (a
    commitment: move ``option`` figures onto the tile, then its places still ``pending``; a
    placement: :data:`~sim.situation.OPTION_STAY` or :data:`~sim.situation.OPTION_SEEK` for
    this round) and play on for at most ``rounds`` rounds; True when the game is over (not
    scored yet)."""
    sids, tids, pbase, ptame = seats
    streams, buf, work, notes = scratch
    p, kind, option, pending = move
    key, i, redeal = playout
    fork(src, g, dst, h, key, i, redeal, scratch)
    players = np.int64(dst.game[h, I_PLAYERS])
    if kind == PLACE_DECISION:
        work[W_STAY, p] = 1 if option == OPTION_STAY else 0
    else:
        for a in range(N_AREAS):
            work[W_PENDING, a] = pending[a]
        move_onto_tile(dst, h, p, sids[p], pbase[p], streams[Purpose.STRATEGY + p], option, buf)
    return resume(dst, h, p, kind, seats, scratch, players, rounds)


@hot
def play_out_decision(st, g, j, key, playouts, seats, clock, copy, scratch):
    """Play out decision ``j`` of real game ``g`` (noted in ``st.log``): fill its situation,
    then for every option (a commitment: ``k`` from 0 to the most the seat can move and pay; a
    placement: stay away or seek the herd this round) ``playouts`` continuations to the end of
    the game with the seats' own hooks; write each option's mean win share and final margin.

    Every option is played out from the same snapshot with play-outs ``i = 0, 1, ...`` of the
    decision ``key`` (:func:`fork`): the same re-deal of what the seat cannot see and the same
    random streams, so the options differ only through the option and what follows from it.
    """
    sids, tids, pbase, ptame = seats
    streams, buf, work, notes = scratch
    row = st.log[g, 1 + j]
    h = snapshot_row(st, g, j)
    p = np.int64(row[D_SEAT])
    kind = np.int64(row[D_KIND])
    available = np.int64(row[D_AVAILABLE])
    players = np.int64(st.game[h, I_PLAYERS])
    pending = stack_i64(N_AREAS)
    for a in range(N_AREAS):
        pending[a] = np.int64(row[D_PENDING + a])
    values = stack_f64(VALUES_WIDTH)
    seed_branch(streams, key, playouts)  # a stream for the valuation alone
    hook_value_goods(sids[p], st, h, p, pbase[p], streams[Purpose.STRATEGY + p], values, available)
    fill_situation(st, h, p, available, values[V_FIRST], values[V_ALL], clock, row[SITUATION:])
    if kind == PLACE_DECISION:
        row[SITUATION + S_HERD_ESTIMATE] = row[D_HERD_VALUE]
        options = 2  # OPTION_STAY, OPTION_SEEK
    else:
        options = np.int64(row[SITUATION + S_KMAX]) + 1
    for k in range(MAX_K + 1):
        row[R_WIN + k] = np.nan
        row[R_MARGIN + k] = np.nan
    for k in range(options):
        wins = 0.0
        margins = 0.0
        for i in range(playouts):
            branch_decision(
                st, h, copy, 0, (p, kind, k, pending), (key, i, True), seats, MAX_ROUNDS, scratch
            )
            score_game(copy, 0, work)
            share, margin = share_and_margin(copy, 0, p, players)
            wins += share
            margins += margin
        row[R_WIN + k] = wins / playouts
        row[R_MARGIN + k] = margins / playouts


@njit(cache=True, nogil=True)
def advise_rows(st, lo, hi, first_game, games, playouts, clock):
    """Play rows ``lo``..``hi - 1`` of an advice batch as :func:`play_rows` does (``games`` as
    there; no invariant checks), noting the taming decisions in ``st.log``; after each game,
    play out every decision it noted (:func:`play_out_decision`, ``playouts`` continuations per
    commitment, ``clock`` the situation's rounds-left clock).

    The real games are the games :func:`play_rows` plays (noting a decision changes nothing in
    them). A decision's key comes from the seed, the game's index, the round and the seat, so
    the results do not depend on the rows' split into batches or threads.
    """
    words, lineups, slots, dice_contest = games
    sids, tids, pbase, ptame = slots
    scratch = new_scratch()
    branch_scratch = new_scratch()
    copy = GameState(
        np.zeros((1, N_GAME), dtype=np.int16),
        np.zeros((1, MAX_PLAYERS, N_SEAT), dtype=np.int16),
        st.data,
        st.odds,
        st.log[:0],  # a play-out notes no decision
    )
    players = np.int64(st.game[lo, I_PLAYERS]) if hi > lo else 0
    seat_sids = np.zeros(4, dtype=np.int64)
    seat_tids = np.zeros(4, dtype=np.int64)
    seat_pbase = np.zeros((4, pbase.shape[1]), dtype=np.float64)
    seat_ptame = np.zeros((4, ptame.shape[1]), dtype=np.float64)
    seats = (seat_sids, seat_tids, seat_pbase, seat_ptame)
    for g in range(lo, hi):
        seat_slots(
            g,
            players,
            lineups,
            slots,
            seats,
        )
        play_game(
            st,
            g,
            first_game + g,
            words,
            seats,
            False,
            dice_contest,
            scratch,
        )
        for j in range(np.int64(st.log[g, 0, LOG_DECISIONS])):
            h = snapshot_row(st, g, j)
            seat = np.int64(st.log[g, 1 + j, D_SEAT])
            kind = np.int64(st.log[g, 1 + j, D_KIND])  # a placement's keys follow the commitments'
            salt = N_PURPOSES + (kind * (MAX_ROUNDS + 1) + np.int64(st.game[h, I_ROUND])) * 4 + seat
            key = stream_key(words, first_game + g, salt)
            play_out_decision(
                st, g, j, key, playouts, seats, clock,
                copy, branch_scratch,
            )  # fmt: skip


# --- analysis: every option of a position's decision played out (sim.analysing) -------------

CHOICE_BRANCH = 1 << 40  # the play-out index whose streams ask the seat's own choice (never played)


@hot
def seat_place(st, g, p, seats, scratch, close_herd):
    """Where seat ``p``'s place hook puts people at its placement turn, valuing the herd as at a
    turn of its own, the herd's area closed to it with ``close_herd``; an illegal answer is the
    engine's first legal place, as in :func:`placement`. Returns the area and the people, or
    ``(-1, 0)`` when no place is open; places nothing."""
    sids, tids, pbase, ptame = seats
    streams, buf, work, notes = scratch
    players = np.int64(st.game[g, I_PLAYERS])
    lo = work[W_LO]
    hi = work[W_HI]
    occ = work[W_OCCUPANCY]
    occupancy(st, g, players, occ)
    legal_places_from(st, g, p, players, occ, lo, hi)
    herd_value = field_herd_value(st, g, p, seats, streams, hi)
    herd_area = st.game[g, I_HERD_AREA]
    if close_herd and herd_area >= 0:
        lo[herd_area] = 0
        hi[herd_area] = 0
    notes[p, 1] = 0.0  # the place hook's memo: a phase of its own
    rng = streams[Purpose.STRATEGY + p]
    area, count = hook_place(sids[p], st, g, p, pbase[p], rng, lo, hi, herd_value, notes[p, 1:])
    if area < 0 or area >= N_AREAS or hi[area] == 0 or count < lo[area] or count > hi[area]:
        area = -1
        count = 0
        for a in range(N_AREAS):
            if hi[a] > 0:
                area = a
                count = hi[a]
                break
    return area, count


@hot
def place_elsewhere(st, g, p, seats, scratch):
    """Seat ``p``'s placement turn away from the herd's area (:func:`seat_place` with the area
    closed); nothing is placed when it has no other place."""
    area, count = seat_place(st, g, p, seats, scratch, True)
    if area >= 0:
        place_people(st, g, p, area, count)


@hot(inline=True)
def field_herd_value(st, g, p, seats, streams, hi):
    """The herd value seat ``p``'s taming policy gives this round at a placement turn (0 when
    the herd's area is closed to it), asked as :func:`placement` asks it."""
    sids, tids, pbase, ptame = seats
    herd_area = st.game[g, I_HERD_AREA]
    if herd_area < 0 or hi[herd_area] == 0:
        return 0.0
    rng = streams[Purpose.STRATEGY + p]
    values = stack_f64(VALUES_WIDTH)
    if taming_reads_values(tids[p]):
        values[V_HERD] = 1.0
        hook_value_goods(sids[p], st, g, p, pbase[p], rng, values, hi[herd_area])
    return hook_herd_value(tids[p], st, g, p, ptame[p], rng, values)


@hot
def field_choice(src, decision, key, seats, copy, scratch):
    """What seat ``decision[0]``'s own player does at the position's decision (its hooks asked
    once, on a copy, with the streams of play-out :data:`CHOICE_BRANCH`): the figures it
    commits, or at a placement turn the people it puts on the herd's area (0: elsewhere)."""
    streams, buf, work, _ = scratch
    p = decision[0]
    fork(src, 0, copy, 0, key, CHOICE_BRANCH, False, scratch)
    herd_area = copy.game[0, I_HERD_AREA]
    if decision[1] == PLACE_DECISION:
        area, count = seat_place(copy, 0, p, seats, scratch, False)
        return count if area == herd_area else 0
    available = np.int64(copy.seat[0, p, PLACED + herd_area])
    values = stack_f64(VALUES_WIDTH)
    commit(copy, 0, p, seats, streams, available, buf, values, work)
    return np.int64(copy.seat[0, p, HERD + H_ON_TILE])


@njit(cache=True, nogil=True)
def analyse_rows(src, decision, options, key, lo, hi, seats, out, choice):
    """Play out every option of a position's decision, play-outs ``lo``..``hi - 1``.

    Parameters
    ----------
    src : GameState
        One row: the game at the decision.
    decision : numpy.ndarray
        int64: the seat deciding, the kind (:data:`~sim.situation.COMMIT_DECISION` or
        :data:`~sim.situation.PLACE_DECISION`), 1 to re-deal what the seats cannot see, then
        a commitment's places still to resolve (1 per area).
    options : numpy.ndarray
        int64, one per option: the figures committed; at a placement, the people put on the
        herd's area (0: elsewhere, :func:`place_elsewhere`).
    key : uint64
        The position's key: play-out ``i`` of every option meets the same re-deal and the same
        random streams (:func:`fork`; common random numbers).
    lo, hi : int
        The play-outs to play.
    seats : tuple
        ``(sids, tids, pbase, ptame)``: each seat's strategy ids and parameter rows.
    out : numpy.ndarray
        float64 ``(options, 2, hi - lo)``: each play-out's win share and final margin of the
        deciding seat.
    choice : numpy.ndarray
        int64, one entry: with ``lo == 0``, the option its own player takes
        (:func:`field_choice`).
    """
    sids, tids, pbase, ptame = seats
    scratch = new_scratch()
    streams, buf, work, notes = scratch
    copy = GameState(
        np.zeros((1, N_GAME), dtype=np.int16),
        np.zeros((1, MAX_PLAYERS, N_SEAT), dtype=np.int16),
        src.data,
        src.odds,
        src.log[:0],
    )
    p = decision[0]
    kind = decision[1]
    redeal = decision[2] != 0
    players = np.int64(src.game[0, I_PLAYERS])
    following = p + 1 if p + 1 < players else 0
    if lo == 0:
        choice[0] = field_choice(src, decision, key, seats, copy, scratch)
    for j in range(options.shape[0]):
        option = options[j]
        for i in range(lo, hi):
            fork(src, 0, copy, 0, key, i, redeal, scratch)
            who = p
            if kind == PLACE_DECISION:
                who = following
                if option > 0:
                    place_people(copy, 0, p, copy.game[0, I_HERD_AREA], option)
                else:
                    place_elsewhere(copy, 0, p, seats, scratch)
            else:
                for a in range(N_AREAS):
                    work[W_PENDING, a] = decision[3 + a]
                rng = streams[Purpose.STRATEGY + p]
                move_onto_tile(copy, 0, p, sids[p], pbase[p], rng, option, buf)
            resume(copy, 0, who, kind, seats, scratch, players, MAX_ROUNDS)
            score_game(copy, 0, work)
            share, margin = share_and_margin(copy, 0, p, players)
            out[j, 0, i - lo] = share
            out[j, 1, i - lo] = margin


@njit(cache=True, nogil=True)
def play_rows_timed(st, lo, hi, first_game, games, debug, times):
    """:func:`play_rows` of the timed variant (``TIMING``): the same games, and ``times[0, T_*]``
    gets the cycles spent in each part of them, ``times[1, T_*]`` how many times it was timed.

    ``T_CALIBRATE`` holds empty laps (a timer around nothing), the cost of a timer itself. In a
    kernel built without ``TIMING`` every entry stays 0. Compiled only when called: only the
    bench's breakdown calls it, on the timed kernel.
    """
    words, lineups, slots, dice_contest = games
    sids, tids, pbase, ptame = slots
    scratch = new_scratch()
    work = scratch[2]
    for _ in range(1000):
        _lap(work, T_CALIBRATE, _clock())
    players = np.int64(st.game[lo, I_PLAYERS]) if hi > lo else 0
    seat_sids = np.zeros(4, dtype=np.int64)
    seat_tids = np.zeros(4, dtype=np.int64)
    seat_pbase = np.zeros((4, pbase.shape[1]), dtype=np.float64)
    seat_ptame = np.zeros((4, ptame.shape[1]), dtype=np.float64)
    seats = (seat_sids, seat_tids, seat_pbase, seat_ptame)
    for g in range(lo, hi):
        seat_slots(
            g,
            players,
            lineups,
            slots,
            seats,
        )
        play_game(
            st,
            g,
            first_game + g,
            words,
            seats,
            debug,
            dice_contest,
            scratch,
        )
    for k in range(N_TIMERS):
        times[0, k] += work[W_TIMES, k]
        times[1, k] += work[W_LAPS, k]
