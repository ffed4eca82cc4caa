"""Rules helpers without decisions: legal places, tools, payments, the card display, set-up.

Every function takes the batch state ``st`` and a game index ``g``; none calls a strategy, so
strategies may call these too (to see what is legal, or what a payment would score).
"""

from __future__ import annotations

import numpy as np

from sim.constants import (
    B_COUNT,
    B_KINDS,
    B_VARIABLE,
    C_AMOUNT,
    C_EFFECT,
    C_FIGURES,
    C_KIND,
    C_RESOURCE,
    C_SYMBOL,
    DIVISOR,
    E_AGRICULTURE,
    E_FOOD,
    E_ONE_TIME_TOOL,
    E_POINTS,
    E_RESOURCE,
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
    MAX_AGRICULTURE,
    MAX_ONE_TIME_TOOLS,
    MAX_PEOPLE,
    MAX_TOOL_SLOT,
    N_AREAS,
    N_BUILDINGS,
    N_CARD_SPACES,
    N_CARDS,
    RESOURCE_AREA_SPACES,
    RIVER,
    STACK_SIZE,
    START_FOOD,
    START_PEOPLE,
    TOOL_MAKER,
    TOOL_SLOTS,
    WOOD,
)
from sim.jit import hot
from sim.rng import shuffle
from sim.state import (
    AGRICULTURE,
    BUILDINGS,
    CARDS,
    CULTURE,
    DECK,
    DISPLAY,
    FIGURES,
    GOODS,
    I_DECK_POS,
    I_N_STACKS,
    I_N_TILES,
    I_PLAYERS,
    I_START_PLAYER,
    I_VILLAGE_USED,
    N_CARDS_HELD,
    ONE_TIME_TOOLS,
    PARTS,
    PEOPLE,
    PLACED,
    STACK_TAKEN,
    STACKS,
    TILE_PILE,
    TILES,
    TOOLS,
    TOOLS_USED,
)

UNIT_VALUE = (0, 3, 4, 5, 6)
# 2**16 // divisor + 1 for food, wood, brick, stone, gold: a multiply and a shift stand in for
# the division by the divisor, exactly for rolls up to 16,383 (tested)
_RECIPROCAL = np.array([2**16 // d + 1 for d in DIVISOR], dtype=np.int64)


@hot(inline=True)
def unit_value(good):
    """Points a unit of a good is worth on a building: 3, 4, 5, 6 for wood..gold, 0 for food."""
    return 0 if good == FOOD else good + 2


@hot(inline=True)
def units_gathered(dice_sum, good):
    """Units of ``good`` a roll of ``dice_sum`` pips gathers: ``dice_sum // DIVISOR[good]``.

    Worked out without a division instruction (the engine's slowest single step); exact for
    ``0 <= dice_sum < 16384``.
    """
    return (dice_sum * _RECIPROCAL[good]) >> 16


@hot
def set_up_game(st, g, shuffle_stream, tile_stream, herd, scratch):
    """Shuffle and deal one game: cards, building stacks, mammoth tiles, the players' boards.

    ``scratch`` is an int64 work row of at least 64 entries.
    """
    players = np.int64(st.game[g, I_PLAYERS])
    order = scratch[:N_CARDS]
    for i in range(N_CARDS):
        order[i] = i
    shuffle(shuffle_stream, order)
    for i in range(N_CARDS):
        st.game[g, DECK + i] = order[i]
    for s in range(N_CARD_SPACES):
        st.game[g, DISPLAY + s] = st.game[g, DECK + s]
    st.game[g, I_DECK_POS] = N_CARD_SPACES
    tiles = scratch[:N_BUILDINGS]
    for i in range(N_BUILDINGS):
        tiles[i] = i
    shuffle(shuffle_stream, tiles)
    st.game[g, I_N_STACKS] = players
    for s in range(players):
        for i in range(STACK_SIZE):
            st.game[g, STACKS + s * STACK_SIZE + i] = tiles[s * STACK_SIZE + i]
    n_tiles = st.data.shape[0] - TILES if herd else 0
    st.game[g, I_N_TILES] = n_tiles
    if n_tiles > 0:
        pile = scratch[:n_tiles]
        for i in range(n_tiles):
            pile[i] = i
        shuffle(tile_stream, pile)
        for i in range(n_tiles):
            st.game[g, TILE_PILE + i] = pile[i]
    for p in range(players):
        st.seat[g, p, PEOPLE] = START_PEOPLE
        st.seat[g, p, GOODS + FOOD] = START_FOOD
    st.game[g, I_START_PLAYER] = 0


@hot(inline=True)
def tool_total(st, g, p):
    """Sum of a player's tool slots (what tool-maker multipliers count)."""
    return st.seat[g, p, TOOLS] + st.seat[g, p, TOOLS + 1] + st.seat[g, p, TOOLS + 2]


@hot(inline=True)
def gain_tool_step(st, g, p):
    """Raise the lowest tool slot by 1; nothing at a total of 12."""
    lowest = 0
    for s in range(1, TOOL_SLOTS):
        if st.seat[g, p, TOOLS + s] < st.seat[g, p, TOOLS + lowest]:
            lowest = s
    if st.seat[g, p, TOOLS + lowest] < MAX_TOOL_SLOT:
        st.seat[g, p, TOOLS + lowest] += 1


@hot(inline=True)
def tools_available(st, g, p):
    """Pips a player could still add to a roll this round: unused slots plus one-time tools."""
    total = 0
    for s in range(TOOL_SLOTS):
        if st.seat[g, p, TOOLS_USED + s] == 0:
            total += st.seat[g, p, TOOLS + s]
    for s in range(MAX_ONE_TIME_TOOLS):
        total += st.seat[g, p, ONE_TIME_TOOLS + s]
    return total


@hot(inline=True)
def tool_mask_value(st, g, p, mask):
    """Pips a tool mask adds (bits 0-2 slots, bits 3-6 one-time tools); -1 if a bit is illegal."""
    total = 0
    for s in range(TOOL_SLOTS):
        if mask & (1 << s):
            if st.seat[g, p, TOOLS_USED + s] != 0 or st.seat[g, p, TOOLS + s] == 0:
                return -1
            total += st.seat[g, p, TOOLS + s]
    for s in range(MAX_ONE_TIME_TOOLS):
        if mask & (1 << (TOOL_SLOTS + s)):
            if st.seat[g, p, ONE_TIME_TOOLS + s] == 0:
                return -1
            total += st.seat[g, p, ONE_TIME_TOOLS + s]
    if mask >> (TOOL_SLOTS + MAX_ONE_TIME_TOOLS):
        return -1
    return total


@hot(inline=True)
def use_tool_mask(st, g, p, mask):
    """Spend the tools of a legal mask and return the pips they add."""
    total = tool_mask_value(st, g, p, mask)
    if total <= 0:
        return 0
    for s in range(TOOL_SLOTS):
        if mask & (1 << s):
            st.seat[g, p, TOOLS_USED + s] = 1
    for s in range(MAX_ONE_TIME_TOOLS):
        if mask & (1 << (TOOL_SLOTS + s)):
            st.seat[g, p, ONE_TIME_TOOLS + s] = 0
    return total


@hot
def smallest_tool_mask(st, g, p, need):
    """The legal tool mask whose pips reach ``need`` with the fewest pips (slots preferred).

    Returns 0 when ``need`` <= 0 or no mask reaches it.
    """
    if need <= 0:
        return 0
    usable = 0
    for s in range(TOOL_SLOTS):
        if st.seat[g, p, TOOLS_USED + s] == 0 and st.seat[g, p, TOOLS + s] > 0:
            usable |= 1 << s
    for s in range(MAX_ONE_TIME_TOOLS):
        if st.seat[g, p, ONE_TIME_TOOLS + s] > 0:
            usable |= 1 << (TOOL_SLOTS + s)
    best = 0
    best_total = 1 << 30
    best_one_time = 1 << 30
    mask = usable
    while mask > 0:  # every non-empty sub-mask of the usable tools
        total = 0
        for s in range(TOOL_SLOTS):
            if mask & (1 << s):
                total += st.seat[g, p, TOOLS + s]
        for s in range(MAX_ONE_TIME_TOOLS):
            if mask & (1 << (TOOL_SLOTS + s)):
                total += st.seat[g, p, ONE_TIME_TOOLS + s]
        if total >= need:
            one_time = mask >> TOOL_SLOTS
            if total < best_total or (total == best_total and one_time < best_one_time):
                best = mask
                best_total = total
                best_one_time = one_time
        mask = (mask - 1) & usable
    return best


@hot(inline=True)
def resources_held(st, g, p):
    """Wood + brick + stone + gold a player holds (food is not a resource)."""
    return (
        st.seat[g, p, GOODS + 1]
        + st.seat[g, p, GOODS + 2]
        + st.seat[g, p, GOODS + 3]
        + st.seat[g, p, GOODS + 4]
    )


@hot(inline=True)
def people_home(st, g, p):
    """People a player has not placed yet this round."""
    placed = 0
    for a in range(N_AREAS):
        placed += st.seat[g, p, PLACED + a]
    return st.seat[g, p, PEOPLE] - placed


@hot(inline=True)
def placement_turn(st, g, p):
    """Which of its placements this round player ``p`` makes next: 1 plus the areas it has
    people on already (one place per turn, and an area once per round)."""
    turn = 1
    for a in range(N_AREAS):
        turn += st.seat[g, p, PLACED + a] > 0
    return turn


@hot(inline=True)
def legal_places(st, g, p, lo, hi):
    """Fill ``lo[a]``/``hi[a]`` with the fewest/most people ``p`` may put on area ``a`` now.

    ``hi[a] == 0`` marks an illegal area. Returns the number of legal areas. Reads the board
    alone, so any state can be asked; the engine asks :func:`legal_places_from` instead (the
    same answers from a row it updates place by place, which the tests check against this).
    """
    players = np.int64(st.game[g, I_PLAYERS])
    # one pass over the board: lo[a] counts the players on a, hi[a] the people on it
    home = st.seat[g, p, PEOPLE]
    for a in range(N_AREAS):
        lo[a] = 0
        hi[a] = 0
    for q in range(players):
        for a in range(N_AREAS):
            n = st.seat[g, q, PLACED + a]
            if n > 0:
                lo[a] += 1001 if q == p else 1  # +1000: p is there already, closed to p
                hi[a] += n
                if q == p:
                    home -= n
    n_legal = 0
    village_open = players == 4 or st.game[g, I_VILLAGE_USED] < 2
    n_stacks = st.game[g, I_N_STACKS]
    for a in range(N_AREAS):
        on_area = lo[a]
        people = hi[a]
        lo[a] = 0
        hi[a] = 0
        if home <= 0 or on_area >= 1000:
            continue
        if a == HUNTING_GROUNDS:  # unlimited spaces, once per round
            lo[a] = 1
            hi[a] = home
        elif a <= RIVER:
            free = RESOURCE_AREA_SPACES - people
            if free > 0 and (players == 4 or on_area < players - 1):
                lo[a] = 1
                hi[a] = min(home, free)
        elif a <= FIELD:
            need = 2 if a == HUT else 1
            if village_open and people == 0 and home >= need:
                lo[a] = need
                hi[a] = need
        elif a < FIRST_BUILDING:
            if people == 0 and st.game[g, DISPLAY + a - FIRST_CARD_SPACE] >= 0:
                lo[a] = 1
                hi[a] = 1
        else:
            s = a - FIRST_BUILDING
            if people == 0 and s < n_stacks and st.game[g, STACK_TAKEN + s] < STACK_SIZE:
                lo[a] = 1
                hi[a] = 1
        if hi[a] > 0:
            n_legal += 1
    return n_legal


# Layout of the placement phase's occupancy row (``occ``, int64, width >= OCC_WIDTH).
OCC_PEOPLE = 0  # people on each area
OCC_SEATS = OCC_PEOPLE + N_AREAS  # bit q set: seat q has people on the area
OCC_COUNT = OCC_SEATS + N_AREAS  # seats with people on the area
OCC_HOME = OCC_COUNT + N_AREAS  # people each seat has not placed yet
OCC_OPEN = OCC_HOME + 4  # 1 if a card space holds a card / a building stack has a tile
OCC_WIDTH = OCC_OPEN + N_AREAS


@hot(inline=True)
def occupancy(st, g, players, occ):
    """Fill ``occ`` (layout ``OCC_*``) from the board: who is where, who has people at home.

    Placement changes only what :func:`occupy` updates, so the engine computes this once per
    placement phase and then asks :func:`legal_places_from` each turn; the answers equal those
    of :func:`legal_places`.
    """
    for a in range(N_AREAS):
        occ[OCC_PEOPLE + a] = 0
        occ[OCC_SEATS + a] = 0
        occ[OCC_COUNT + a] = 0
        occ[OCC_OPEN + a] = 0
    for q in range(players):
        home = np.int64(st.seat[g, q, PEOPLE])
        for a in range(N_AREAS):
            n = st.seat[g, q, PLACED + a]
            if n > 0:
                occ[OCC_PEOPLE + a] += n
                occ[OCC_SEATS + a] |= 1 << q
                occ[OCC_COUNT + a] += 1
                home -= n
        occ[OCC_HOME + q] = home
    for space in range(N_CARD_SPACES):
        if st.game[g, DISPLAY + space] >= 0:
            occ[OCC_OPEN + FIRST_CARD_SPACE + space] = 1
    for s in range(st.game[g, I_N_STACKS]):
        if st.game[g, STACK_TAKEN + s] < STACK_SIZE:
            occ[OCC_OPEN + FIRST_BUILDING + s] = 1


@hot(inline=True)
def occupy(occ, p, area, count):
    """Record in ``occ`` that ``p`` put ``count`` people on ``area``."""
    occ[OCC_PEOPLE + area] += count
    occ[OCC_SEATS + area] |= 1 << p
    occ[OCC_COUNT + area] += 1
    occ[OCC_HOME + p] -= count


@hot(inline=True)
def legal_places_from(st, g, p, players, occ, lo, hi):
    """:func:`legal_places` from the occupancy row ``occ`` (see :func:`occupancy`).

    Written area kind by area kind with the conditions as arithmetic, not branches: which
    places are open changes from turn to turn in ways a branch predictor cannot learn.
    """
    home = occ[OCC_HOME + p]
    if home <= 0:
        for a in range(N_AREAS):
            lo[a] = 0
            hi[a] = 0
        return 0
    bit = 1 << p
    # hunting grounds: unlimited spaces, once per round
    ok = (occ[OCC_SEATS + HUNTING_GROUNDS] & bit) == 0
    lo[HUNTING_GROUNDS] = ok
    hi[HUNTING_GROUNDS] = home * ok
    n_legal = np.int64(ok)
    four = players == 4
    for a in range(FOREST, RIVER + 1):
        free = RESOURCE_AREA_SPACES - occ[OCC_PEOPLE + a]
        ok = (
            ((occ[OCC_SEATS + a] & bit) == 0)
            & (free > 0)
            & (four | (occ[OCC_COUNT + a] < players - 1))
        )
        lo[a] = ok
        hi[a] = min(home, free) * ok
        n_legal += ok
    village_open = four | (st.game[g, I_VILLAGE_USED] < 2)
    for a in range(TOOL_MAKER, FIELD + 1):
        need = 2 if a == HUT else 1
        ok = village_open & (occ[OCC_PEOPLE + a] == 0) & (home >= need)
        lo[a] = need * ok
        hi[a] = need * ok
        n_legal += ok
    for a in range(FIRST_CARD_SPACE, N_AREAS):
        ok = (
            ((occ[OCC_SEATS + a] & bit) == 0)
            & (occ[OCC_PEOPLE + a] == 0)
            & (occ[OCC_OPEN + a] != 0)
        )
        lo[a] = ok
        hi[a] = ok
        n_legal += ok
    return n_legal


@hot(inline=True)
def place_people(st, g, p, area, count):
    """Put ``count`` people of ``p`` on ``area`` (legality checked by the caller)."""
    st.seat[g, p, PLACED + area] = count
    if area == TOOL_MAKER or area == HUT or area == FIELD:
        st.game[g, I_VILLAGE_USED] += 1


@hot(inline=True)
def building_points(st, g, p, building, pay):
    """Points a payment ``pay`` (goods-indexed, food ignored) scores on a building, -1 if illegal.

    Checks the cost rule of the tile and that the player holds what is paid.
    """
    count = 0
    kinds = 0
    points = 0
    for r in range(WOOD, GOLD + 1):
        if pay[r] < 0 or pay[r] > st.seat[g, p, GOODS + r]:
            return -1
        count += pay[r]
        if pay[r] > 0:
            kinds += 1
        points += pay[r] * unit_value(r)
    row = st.data[BUILDINGS + building]
    if row[B_VARIABLE] == 0:
        for r in range(WOOD, GOLD + 1):
            if pay[r] != row[r - 1]:
                return -1
        return points
    need_count = row[B_COUNT]
    need_kinds = row[B_KINDS]
    if need_count == 0:
        return points if 1 <= count <= 7 else -1
    if count != need_count or kinds != need_kinds:
        return -1
    return points


@hot(inline=True)
def building_offer(st, g, p, building, spend_most):
    """The best payment a player can make for a building, without making it.

    For variable tiles ``spend_most`` picks the payment that scores most (the most valuable
    goods); otherwise the one that scores least. "1 to 7 of any" pays up to 7 goods when
    ``spend_most``, else a single cheapest good.

    Returns
    -------
    (int, int)
        The points, or -1 if the player cannot pay; and for "count of exactly k kinds" tiles the
        chosen kinds as a bit mask (bit 0 wood ... bit 3 gold), else 0.
    """
    row = BUILDINGS + building
    if st.data[row, B_VARIABLE] == 0:
        points = 0
        for r in range(WOOD, GOLD + 1):
            need = st.data[row, r - 1]
            if st.seat[g, p, GOODS + r] < need:
                return -1, 0
            points += need * unit_value(r)
        return points, 0
    need_count = st.data[row, B_COUNT]
    need_kinds = st.data[row, B_KINDS]
    held = 0
    distinct = 0
    for r in range(WOOD, GOLD + 1):
        have = st.seat[g, p, GOODS + r]
        held += have
        distinct += have > 0
    if held < max(1, need_count) or distinct < need_kinds:
        return -1, 0  # the common case: quick to rule out
    if need_count == 0:
        paid = 0
        points = 0
        for step in range(4):
            r = GOLD - step if spend_most else WOOD + step
            take = min((7 if spend_most else 1) - paid, st.seat[g, p, GOODS + r])
            paid += take
            points += take * unit_value(r)
        return (points, 0) if paid > 0 else (-1, 0)
    best = -1
    best_subset = 0
    for subset in range(1, 16):
        n_kinds = 0
        held = 0
        ok = True
        for k in range(4):
            if subset & (1 << k):
                n_kinds += 1
                have = st.seat[g, p, GOODS + WOOD + k]
                held += have
                if have < 1:
                    ok = False
        if not ok or n_kinds != need_kinds or held < need_count:
            continue
        points = _subset_payment(st, g, p, subset, need_count - need_kinds, spend_most, 0)
        if best < 0 or (spend_most and points > best) or (not spend_most and points < best):
            best = points
            best_subset = subset
    return best, best_subset


@hot(inline=True)
def _subset_payment(st, g, p, subset, extra, spend_most, good):
    """One of each good in ``subset`` plus ``extra`` more of those goods (the most valuable
    first with ``spend_most``, else the cheapest): its points, or with ``good`` > 0 the units of
    that good it takes."""
    points = 0
    left = extra
    for step in range(4):
        r = GOLD - step if spend_most else WOOD + step
        if subset & (1 << (r - WOOD)):
            take = 1 + min(left, st.seat[g, p, GOODS + r] - 1)
            left -= take - 1
            points += take * unit_value(r)
            if r == good:
                return take
    return 0 if good > 0 else points


@hot(inline=True)
def best_building_payment(st, g, p, building, pay, spend_most):
    """Fill ``pay`` (goods-indexed) with :func:`building_offer`'s payment; return its points."""
    points, subset = building_offer(st, g, p, building, spend_most)
    return offer_payment(st, g, p, building, pay, spend_most, points, subset)


@hot(inline=True)
def offer_payment(st, g, p, building, pay, spend_most, points, subset):
    """Fill ``pay`` with the payment of an offer ``(points, subset)`` that :func:`building_offer`
    made (same ``spend_most``, nothing changed since); return ``points``."""
    for r in range(5):
        pay[r] = 0
    if points < 0:
        return points
    row = BUILDINGS + building
    if st.data[row, B_VARIABLE] == 0:
        for r in range(WOOD, GOLD + 1):
            pay[r] = st.data[row, r - 1]
    elif st.data[row, B_COUNT] == 0:
        left = 7 if spend_most else 1
        for step in range(4):
            r = GOLD - step if spend_most else WOOD + step
            take = min(left, st.seat[g, p, GOODS + r])
            pay[r] = take
            left -= take
    else:
        extra = st.data[row, B_COUNT] - st.data[row, B_KINDS]
        for r in range(WOOD, GOLD + 1):
            pay[r] = _subset_payment(st, g, p, subset, extra, spend_most, r)
    return points


@hot(inline=True)
def payment_ok(st, g, p, pay, amount):
    """True if ``pay`` is ``amount`` resources (no food) that the player holds."""
    total = 0
    if pay[FOOD] != 0:
        return False
    for r in range(WOOD, GOLD + 1):
        if pay[r] < 0 or pay[r] > st.seat[g, p, GOODS + r]:
            return False
        total += pay[r]
    return total == amount


@hot(inline=True)
def pay_goods(st, g, p, pay):
    """Take a (checked) payment from the player's goods."""
    for r in range(WOOD, GOLD + 1):
        st.seat[g, p, GOODS + r] -= pay[r]


@hot(inline=True)
def cheapest_payment(st, g, p, amount, pay):
    """Fill ``pay`` with ``amount`` resources, cheapest first; False if the player lacks them."""
    for r in range(5):
        pay[r] = 0
    left = amount
    for r in range(WOOD, GOLD + 1):
        take = min(left, st.seat[g, p, GOODS + r])
        pay[r] = take
        left -= take
    return left == 0


@hot(inline=True)
def take_card_bottom(st, g, p, card):
    """Add a card's bottom to a player's tableau."""
    row = st.data[CARDS + card]
    if row[C_KIND] == K_CULTURE:
        st.seat[g, p, CULTURE + row[C_SYMBOL]] += 1
    else:
        st.seat[g, p, FIGURES + row[C_KIND]] += row[C_FIGURES]
    st.seat[g, p, N_CARDS_HELD] += 1


@hot(inline=True)
def apply_simple_effect(st, g, p, effect, amount, good, points_part):
    """Apply an effect that needs no decision; return False if it needs one (not applied).

    Handles food, a resource, points (added to ``points_part``), agriculture, tool steps and
    one-time tools. Card effects with decisions (dice, choices, extra card) are the engine's.
    """
    if effect == E_FOOD:
        st.seat[g, p, GOODS + FOOD] += amount
    elif effect == E_RESOURCE:
        st.seat[g, p, GOODS + good] += amount
    elif effect == E_POINTS:
        st.seat[g, p, PARTS + points_part] += amount
    elif effect == E_AGRICULTURE:
        st.seat[g, p, AGRICULTURE] = min(MAX_AGRICULTURE, st.seat[g, p, AGRICULTURE] + amount)
    elif effect == E_TOOL:
        for _ in range(amount):
            gain_tool_step(st, g, p)
    elif effect == E_ONE_TIME_TOOL:
        for s in range(MAX_ONE_TIME_TOOLS):
            if st.seat[g, p, ONE_TIME_TOOLS + s] == 0:
                st.seat[g, p, ONE_TIME_TOOLS + s] = amount
                break
    else:
        return False
    return True


@hot(inline=True)
def card_top(st, g, card):
    """(effect, amount, good) of a card's top."""
    row = st.data[CARDS + card]
    return row[C_EFFECT], row[C_AMOUNT], row[C_RESOURCE]


@hot
def refill_display(st, g):
    """Slide the remaining cards right (toward the cheap spaces) and fill the gaps.

    Returns False, filling nothing, when the deck cannot fill every empty space (the game ends).
    """
    kept = 0
    for s in range(N_CARD_SPACES):
        card = st.game[g, DISPLAY + s]
        if card >= 0:
            st.game[g, DISPLAY + kept] = card
            kept += 1
    for s in range(kept, N_CARD_SPACES):
        st.game[g, DISPLAY + s] = -1
    need = N_CARD_SPACES - kept
    if N_CARDS - st.game[g, I_DECK_POS] < need:
        return False
    for s in range(kept, N_CARD_SPACES):
        st.game[g, DISPLAY + s] = st.game[g, DECK + st.game[g, I_DECK_POS]]
        st.game[g, I_DECK_POS] += 1
    return True


@hot(inline=True)
def gain_person(st, g, p):
    """The hut: one more person, up to 10."""
    if st.seat[g, p, PEOPLE] < MAX_PEOPLE:
        st.seat[g, p, PEOPLE] += 1


@hot(inline=True)
def gain_agriculture(st, g, p):
    """The field: agriculture +1, up to 10."""
    if st.seat[g, p, AGRICULTURE] < MAX_AGRICULTURE:
        st.seat[g, p, AGRICULTURE] += 1
