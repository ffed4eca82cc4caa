"""Board rules (docs/rules.md A2-A4, A7): places, gathering, tools, village caps, feeding, round
end."""

from __future__ import annotations

import numpy as np
import pytest

from sim.board import (
    OCC_WIDTH,
    gain_tool_step,
    legal_places,
    legal_places_from,
    occupancy,
    place_people,
    refill_display,
    smallest_tool_mask,
    tool_mask_value,
    tool_total,
    units_gathered,
    use_tool_mask,
)
from sim.constants import (
    CLAY_PIT,
    FIELD,
    FIRST_BUILDING,
    FOOD,
    FOREST,
    HUNTING_GROUNDS,
    HUT,
    N_AREAS,
    QUARRY,
    RIVER,
    STACK_SIZE,
    STONE,
    TOOL_MAKER,
    WOOD,
)
from sim.invariants import FEEDING, SCORING, check
from sim.rules import Rules
from sim.state import (
    AGRICULTURE,
    CHOICE_TOKENS,
    DECK,
    DISPLAY,
    GOODS,
    I_DECK_POS,
    I_HERD_AREA,
    I_PLAYERS,
    I_START_PLAYER,
    I_VILLAGE_USED,
    ONE_TIME_TOOLS,
    P_STARVATION,
    PARTS,
    PEOPLE,
    PLACED,
    STACK_TAKEN,
    TOOLS,
    TOOLS_USED,
)

# ---- tools (A3) ---------------------------------------------------------------------------


def test_tool_steps_raise_the_lowest_slot(sa):
    st = sa.new(2)
    seen = []
    for _ in range(14):
        gain_tool_step(st, 0, 0)
        seen.append(tuple(int(v) for v in st.seat[0, 0, TOOLS : TOOLS + 3]))
    assert seen[:6] == [(1, 0, 0), (1, 1, 0), (1, 1, 1), (2, 1, 1), (2, 2, 1), (2, 2, 2)]
    assert [sum(s) for s in seen] == [*range(1, 13), 12, 12]
    assert seen[-1] == (4, 4, 4)
    assert [tool_total(st, 0, 0), tool_total(st, 0, 1)] == [12, 0]


def test_tool_masks_slots_once_per_round_one_time_tools_once(sa, eng):
    st = sa.new(2)
    st.seat[0, 0, TOOLS : TOOLS + 3] = (3, 2, 2)
    st.seat[0, 0, ONE_TIME_TOOLS : ONE_TIME_TOOLS + 2] = (4, 2)
    assert tool_mask_value(st, 0, 0, 0b0000101) == 5
    assert tool_mask_value(st, 0, 0, 0b0001000) == 4
    assert tool_mask_value(st, 0, 0, 0b0100000) == -1  # no third one-time tool
    assert tool_mask_value(st, 0, 0, 1 << 7) == -1
    assert use_tool_mask(st, 0, 0, 0b0001001) == 7
    assert list(st.seat[0, 0, TOOLS_USED : TOOLS_USED + 3]) == [1, 0, 0]
    assert list(st.seat[0, 0, ONE_TIME_TOOLS : ONE_TIME_TOOLS + 2]) == [0, 2]
    assert tool_mask_value(st, 0, 0, 0b0000001) == -1  # slot used this round
    assert tool_mask_value(st, 0, 0, 0b0001000) == -1  # one-time tool gone
    assert use_tool_mask(st, 0, 0, 0b0000001) == 0
    assert tool_total(st, 0, 0) == 7  # slots stay; one-time tools never count
    eng.mod.end_round(st, 0, 2)
    assert list(st.seat[0, 0, TOOLS_USED : TOOLS_USED + 3]) == [0, 0, 0]
    assert tool_mask_value(st, 0, 0, 0b0000001) == 3
    assert tool_mask_value(st, 0, 0, 0b0001000) == -1  # one-time tools never come back


def test_smallest_tool_mask(sa):
    st = sa.new(2)
    st.seat[0, 0, TOOLS : TOOLS + 3] = (2, 2, 1)
    st.seat[0, 0, ONE_TIME_TOOLS : ONE_TIME_TOOLS + 2] = (4, 3)
    assert smallest_tool_mask(st, 0, 0, 0) == 0
    assert smallest_tool_mask(st, 0, 0, 1) == 0b100  # the 1-slot
    assert smallest_tool_mask(st, 0, 0, 4) == 0b011  # 2+2 slots before the one-time 4
    mask = smallest_tool_mask(st, 0, 0, 3)
    assert tool_mask_value(st, 0, 0, mask) == 3 and mask < 8
    assert tool_mask_value(st, 0, 0, smallest_tool_mask(st, 0, 0, 6)) == 6
    assert smallest_tool_mask(st, 0, 0, 12) == 0b11111  # everything: 5 + 4 + 3
    assert smallest_tool_mask(st, 0, 0, 13) == 0
    st.seat[0, 0, TOOLS_USED : TOOLS_USED + 2] = 1
    assert smallest_tool_mask(st, 0, 0, 4) == 0b0001000  # slots 0, 1 used: the one-time 4
    assert smallest_tool_mask(st, 0, 0, 9) == 0


# ---- gathering (A2) -----------------------------------------------------------------------


@pytest.mark.parametrize("area", [HUNTING_GROUNDS, FOREST, CLAY_PIT, QUARRY, RIVER])
def test_gathering_dice_divided_by_the_divisor(sa, eng, area):
    streams, buf, work = eng.scratch[:3]
    ids, params = sa.ids(), sa.params()
    divisor = (2, 3, 4, 5, 6)[area]
    for people in (1, 4, 7):
        st = sa.new(4)
        st.seat[0, 0, PEOPLE] = 7
        st.seat[0, 0, PLACED + area] = people
        sa.seed(streams, sa.Purpose.GATHER, 31 * people + area)
        dice = sum(sa.peek_dice(streams, sa.Purpose.GATHER, people))
        before = st.seat.copy()
        eng.mod.resolve(st, 0, 0, area, (ids, ids, params, params), streams, 4, buf, work)
        want = before.copy()
        want[0, 0, GOODS + area] += dice // divisor
        np.testing.assert_array_equal(st.seat, want)


def test_units_gathered_is_the_division_for_every_possible_roll():
    """The multiply-and-shift equals ``pips // divisor`` for every good up to 16,383 pips (the
    most a roll can reach is 10 dice, 12 tool pips and the one-time tools: under 100)."""
    for good, divisor in enumerate((2, 3, 4, 5, 6)):
        got = [units_gathered(pips, good) for pips in range(16384)]
        assert got == [pips // divisor for pips in range(16384)], f"good {good}"


def test_gathering_with_tools(sa, kern):
    """A strategy that adds tools (random): the pips it spends add to the dice before dividing."""
    streams, buf, work = kern.scratch[:3]
    sids, params = sa.ids(kern.random.base_id), sa.params()
    used = 0
    for key in range(40):
        st = sa.new(2)
        st.seat[0, 1, TOOLS : TOOLS + 3] = (2, 2, 1)
        st.seat[0, 1, ONE_TIME_TOOLS] = 3
        st.seat[0, 1, PLACED + QUARRY] = 3
        sa.seed(streams, sa.Purpose.GATHER, key)
        sa.seed(streams, sa.Purpose.STRATEGY + 1, 10_000 + key)
        dice = sum(sa.peek_dice(streams, sa.Purpose.GATHER, 3))
        kern.mod.resolve(st, 0, 1, QUARRY, (sids, sids, params, params), streams, 2, buf, work)
        slots = st.seat[0, 1, TOOLS_USED : TOOLS_USED + 3] @ np.array([2, 2, 1])
        pips = int(slots) + (3 - int(st.seat[0, 1, ONE_TIME_TOOLS]))
        used += pips > 0
        assert st.seat[0, 1, GOODS + STONE] == (dice + pips) // 5
    assert used > 0


# ---- places (A2, A4) ----------------------------------------------------------------------


def _legal(st, p):
    lo = np.zeros(N_AREAS, dtype=np.int64)
    hi = np.zeros(N_AREAS, dtype=np.int64)
    n = legal_places(st, 0, p, lo, hi)
    assert n == int((hi > 0).sum())
    # the engine's incremental form (occupancy once per phase) gives the same answer
    occ = np.zeros(OCC_WIDTH, dtype=np.int64)
    lo2 = np.zeros(N_AREAS, dtype=np.int64)
    hi2 = np.zeros(N_AREAS, dtype=np.int64)
    occupancy(st, 0, np.int64(st.game[0, I_PLAYERS]), occ)
    assert legal_places_from(st, 0, p, np.int64(st.game[0, I_PLAYERS]), occ, lo2, hi2) == n
    assert lo2.tolist() == lo.tolist() and hi2.tolist() == hi.tolist()
    return lo, hi


def test_start_of_round_places(sa):
    st = sa.new(4)
    lo, hi = _legal(st, 0)
    assert list(hi) == [5, 5, 5, 5, 5, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1]
    assert list(lo) == [1, 1, 1, 1, 1, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1]
    two = sa.new(2)
    _, hi = _legal(two, 1)
    assert hi[FIRST_BUILDING:].tolist() == [1, 1, 0, 0]  # 2 stacks with 2 players


def test_hunting_unlimited_once_per_round(sa):
    st = sa.new(4)
    st.seat[0, :4, PEOPLE] = 10
    for p in range(3):
        place_people(st, 0, p, HUNTING_GROUNDS, 10)
    lo, hi = _legal(st, 3)
    assert (lo[HUNTING_GROUNDS], hi[HUNTING_GROUNDS]) == (1, 10)
    place_people(st, 0, 3, HUNTING_GROUNDS, 4)
    _, hi = _legal(st, 3)
    assert hi[HUNTING_GROUNDS] == 0 and hi[FOREST] == 6


def test_resource_area_has_seven_spaces(sa):
    st = sa.new(4)
    st.seat[0, :4, PEOPLE] = 10
    place_people(st, 0, 0, FOREST, 5)
    _, hi = _legal(st, 1)
    assert hi[FOREST] == 2
    place_people(st, 0, 1, FOREST, 2)
    _, hi = _legal(st, 2)
    assert hi[FOREST] == 0
    _, hi = _legal(st, 0)
    assert hi[FOREST] == 0  # and no second visit for the player already there


def test_no_people_home_no_place(sa):
    st = sa.new(4)
    place_people(st, 0, 0, HUNTING_GROUNDS, 5)
    lo, hi = _legal(st, 0)
    assert not hi.any()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fewer_players_limit_resource_areas(sa, players):
    st = sa.new(players)
    st.game[0, I_HERD_AREA] = QUARRY  # the herd's area is limited like any other
    for area in (FOREST, QUARRY):
        place_people(st, 0, 0, area, 1)
    _, hi = _legal(st, 1)
    open_after_one = players > 2
    assert (hi[FOREST] > 0) == open_after_one and (hi[QUARRY] > 0) == open_after_one
    assert hi[CLAY_PIT] > 0 and hi[RIVER] > 0
    if players >= 3:
        place_people(st, 0, 1, FOREST, 1)
        _, hi = _legal(st, 2)
        assert (hi[FOREST] > 0) == (players == 4)
        assert hi[QUARRY] > 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fewer_players_two_village_spots(sa, players):
    for first, second in ((TOOL_MAKER, HUT), (HUT, FIELD), (FIELD, TOOL_MAKER)):
        st = sa.new(players)
        place_people(st, 0, 0, first, 2 if first == HUT else 1)
        _, hi = _legal(st, 1)
        assert hi[first] == 0  # taken
        place_people(st, 0, 1, second, 2 if second == HUT else 1)
        assert st.game[0, I_VILLAGE_USED] == 2
        third = ({TOOL_MAKER, HUT, FIELD} - {first, second}).pop()
        _, hi = _legal(st, players - 1)
        assert (hi[third] > 0) == (players == 4)


def test_hut_needs_exactly_two(sa):
    st = sa.new(4)
    place_people(st, 0, 0, HUNTING_GROUNDS, 4)
    lo, hi = _legal(st, 0)
    assert hi[HUT] == 0 and hi[TOOL_MAKER] == 1 and hi[FIELD] == 1
    lo, hi = _legal(st, 1)
    assert (lo[HUT], hi[HUT]) == (2, 2)


def test_placement_clockwise_from_the_start_player(sa, eng):
    """Default hook: the first legal area with as many people as allowed."""
    streams, buf, work = eng.scratch[:3]
    ids, params = sa.ids(), sa.params()
    st = sa.new(4)
    st.game[0, I_START_PLAYER] = 2
    st.seat[0, :4, PLACED + HUNTING_GROUNDS] = 1  # hunting is closed to everyone
    first = st.game[0, I_START_PLAYER]
    eng.mod.placement(st, 0, first, (ids, ids, params, params), streams, 4, work, *eng.scratch[3:])
    placed = st.seat[0, :4, PLACED : PLACED + 3]
    assert placed[2].tolist() == [1, 4, 0] and placed[3].tolist() == [1, 3, 0]
    assert placed[0].tolist() == [1, 0, 4] and placed[1].tolist() == [1, 0, 3]
    # placement only ends when nobody can place
    st = sa.new(3)
    st.seat[0, :3, PEOPLE] = (5, 10, 7)
    eng.mod.placement(st, 0, 0, (ids, ids, params, params), streams, 3, work, *eng.scratch[3:])
    assert st.seat[0, :3, PLACED : PLACED + N_AREAS].sum(axis=1).tolist() == [5, 10, 7]


# ---- village caps (A2) --------------------------------------------------------------------


def _resolve(sa, eng, st, p, area):
    streams, buf, work = eng.scratch[:3]
    ids, params = sa.ids(), sa.params()
    eng.mod.resolve(st, 0, p, area, (ids, ids, params, params), streams, 4, buf, work)


def test_village_gains_and_caps(sa, eng):
    st = sa.new(4)
    for area in (TOOL_MAKER, HUT, FIELD):
        _resolve(sa, eng, st, 0, area)
    seat = st.seat[0, 0]
    assert seat[TOOLS] == 1 and seat[PEOPLE] == 6 and seat[AGRICULTURE] == 1
    st = sa.new(4)
    st.seat[0, 0, PEOPLE] = 10
    st.seat[0, 0, AGRICULTURE] = 10
    st.seat[0, 0, TOOLS : TOOLS + 3] = 4
    lo, hi = _legal(st, 0)
    assert hi[TOOL_MAKER] == 1 and hi[HUT] == 2 and hi[FIELD] == 1  # still legal (blocks)
    before = st.seat.copy()
    for area in (TOOL_MAKER, HUT, FIELD):
        _resolve(sa, eng, st, 0, area)
    np.testing.assert_array_equal(st.seat, before)


# ---- feeding (A4.3) -----------------------------------------------------------------------


def _feed(eng, st, players, sids=None, module=None, scratch=None):
    module = module or eng.mod
    streams, buf = (scratch or eng.scratch)[:2]
    sids = np.zeros(4, dtype=np.int64) if sids is None else sids
    module.feeding(st, 0, sids, np.zeros((4, 1)), streams, players, buf)


def test_feeding_agriculture_first_then_food(sa, eng):
    st = sa.new(4)
    st.seat[0, :4, GOODS + FOOD] = (5, 4, 12, 0)
    st.seat[0, :4, AGRICULTURE] = (0, 1, 0, 5)
    st.seat[0, :4, PEOPLE] = (5, 5, 7, 5)
    _feed(eng, st, 4)
    assert st.seat[0, :4, GOODS + FOOD].tolist() == [0, 0, 5, 0]
    assert (st.seat[0, :4, PARTS + P_STARVATION] == 0).all()


def test_feeding_pays_the_shortfall_with_resources(sa, eng):
    st = sa.new(2)
    st.seat[0, 0, GOODS : GOODS + 5] = (2, 1, 0, 3, 5)  # 2 short; cheapest first
    st.seat[0, 0, AGRICULTURE] = 1
    st.seat[0, 1, GOODS : GOODS + 5] = (0, 5, 0, 0, 0)  # 5 short, exactly enough
    _feed(eng, st, 2)
    assert st.seat[0, 0, GOODS : GOODS + 5].tolist() == [0, 0, 0, 2, 5]
    assert st.seat[0, 1, GOODS : GOODS + 5].tolist() == [0, 0, 0, 0, 0]
    assert (st.seat[0, :2, PARTS + P_STARVATION] == 0).all()
    assert check(st, 0, FEEDING) == 0


def test_feeding_starves_when_resources_do_not_suffice(sa, eng):
    st = sa.new(2)
    st.seat[0, 0, GOODS : GOODS + 5] = (2, 1, 0, 1, 0)  # 3 short, 2 resources
    _feed(eng, st, 2)
    assert st.seat[0, 0, GOODS : GOODS + 5].tolist() == [0, 1, 0, 1, 0]  # food spent anyway
    assert st.seat[0, 0, PARTS + P_STARVATION] == -10
    assert st.seat[0, 1, PARTS + P_STARVATION] == 0
    _feed(eng, st, 2)  # again next round: another -10
    assert st.seat[0, 0, PARTS + P_STARVATION] == -20


def test_feeding_kept_resources_of_choice_pay_like_resources(sa, eng):
    """Switch ``keep``: kept tokens pay a shortfall (the default hook pays when it can)."""
    st = sa.new(2, rules=Rules(resources_of_choice="keep"))
    st.seat[0, 0, GOODS + FOOD] = 0
    st.seat[0, 0, AGRICULTURE] = 2
    st.seat[0, 0, CHOICE_TOKENS] = 4  # 3 short
    st.seat[0, 0, GOODS + WOOD] = 1
    _feed(eng, st, 2)
    assert st.seat[0, 0, PARTS + P_STARVATION] == 0
    assert st.seat[0, 0, CHOICE_TOKENS] + st.seat[0, 0, GOODS + WOOD : GOODS + 5].sum() == 2
    st.seat[0, 1, GOODS + FOOD] = 0
    st.seat[0, 1, CHOICE_TOKENS] = 4  # 5 short: not enough
    _feed(eng, st, 2)
    assert st.seat[0, 1, PARTS + P_STARVATION] == -10
    assert st.seat[0, 1, CHOICE_TOKENS] + st.seat[0, 1, GOODS + WOOD : GOODS + 5].sum() == 4


def test_feeding_includes_the_person_born_this_round(sa, eng):
    st = sa.new(2)
    st.seat[0, 0, GOODS + FOOD] = 6
    _resolve(sa, eng, st, 0, HUT)
    _feed(eng, st, 2)
    assert st.seat[0, 0, PEOPLE] == 6 and st.seat[0, 0, GOODS + FOOD] == 0
    assert st.seat[0, 0, PARTS + P_STARVATION] == 0


def test_feeding_may_take_minus_ten_while_able_to_pay(sa, kern):
    """The random strategy takes -10 half the time; either way the rule is kept exactly."""
    streams, buf, work = kern.scratch[:3]
    sids = sa.ids(kern.random.base_id)
    outcomes = set()
    for key in range(30):
        st = sa.new(2)
        st.seat[0, 0, GOODS : GOODS + 5] = (1, 2, 2, 2, 2)
        sa.seed(streams, sa.Purpose.STRATEGY, key)
        _feed(None, st, 2, sids=sids, module=kern.mod, scratch=kern.scratch)
        goods = st.seat[0, 0, GOODS : GOODS + 5]
        penalty = int(st.seat[0, 0, PARTS + P_STARVATION])
        assert goods[FOOD] == 0
        if penalty == -10:
            assert goods[1:].tolist() == [2, 2, 2, 2]
        else:
            assert penalty == 0 and goods[1:].sum() == 4
        outcomes.add(penalty)
    assert outcomes == {0, -10}


# ---- end of round and of the game (A4.4, A7) ---------------------------------------------


def test_refill_slides_right_and_fills(sa):
    st = sa.new(4)
    st.game[0, DISPLAY : DISPLAY + 4] = (-1, 1, -1, 3)
    assert refill_display(st, 0)
    assert st.game[0, DISPLAY : DISPLAY + 4].tolist() == [1, 3, 4, 5]
    assert st.game[0, I_DECK_POS] == 6


def test_refill_fails_when_the_deck_runs_short(sa):
    st = sa.new(4)
    st.game[0, I_DECK_POS] = 34
    st.game[0, DISPLAY : DISPLAY + 4] = (-1, 9, -1, -1)
    assert not refill_display(st, 0)
    assert st.game[0, I_DECK_POS] == 34
    st.game[0, DISPLAY : DISPLAY + 4] = (-1, 9, -1, 10)
    assert refill_display(st, 0)  # exactly enough
    assert st.game[0, DISPLAY : DISPLAY + 4].tolist() == [9, 10, *st.game[0, DECK + 34 : DECK + 36]]
    assert st.game[0, I_DECK_POS] == 36
    st.game[0, DISPLAY] = -1
    assert not refill_display(st, 0)  # an empty deck


def test_end_round(sa, eng):
    st = sa.new(3)
    st.game[0, I_START_PLAYER] = 2
    st.seat[0, 1, PLACED + FOREST] = 3
    st.seat[0, 0, TOOLS_USED] = 1
    st.game[0, DISPLAY + 1] = -1
    assert eng.mod.end_round(st, 0, 3)
    assert st.game[0, I_START_PLAYER] == 0
    assert not st.seat[0, :, PLACED : PLACED + N_AREAS].any()
    assert not st.seat[0, :, TOOLS_USED : TOOLS_USED + 3].any()
    assert (st.game[0, DISPLAY : DISPLAY + 4] >= 0).all()
    # the display cannot be refilled: the game ends
    st.game[0, I_DECK_POS] = 36
    st.game[0, DISPLAY] = -1
    assert not eng.mod.end_round(st, 0, 3)
    # a stack emptied this round: the game ends after the round (this is after feeding)
    st = sa.new(3)
    st.game[0, STACK_TAKEN + 2] = STACK_SIZE
    assert not eng.mod.end_round(st, 0, 3)
    st.game[0, STACK_TAKEN + 2] = STACK_SIZE - 1
    assert eng.mod.end_round(st, 0, 3)


def test_whole_games_end_by_one_of_the_two_conditions(kern):
    from sim.run import Run
    from sim.runner import play_state
    from strategies.play import slots_for

    for players in (2, 3, 4):
        slots, seats = slots_for(["random", "greedy"] + ["random"] * (players - 2))
        st = play_state(kern.mod, Run(slots, seats, seed=11, n_games=300, debug=True))
        taken = st.game[:, STACK_TAKEN : STACK_TAKEN + 4]
        stack_empty = (taken[:, :players] == STACK_SIZE).any(axis=1)
        gaps = (st.game[:, DISPLAY : DISPLAY + 4] < 0).sum(axis=1)
        cards_out = gaps > 36 - st.game[:, I_DECK_POS]
        assert (stack_empty | cards_out).all()
        assert (taken[:, players:] == 0).all()  # unused stacks stay out of the game
        for g in range(0, 300, 37):
            assert check(st, g, SCORING) == 0
