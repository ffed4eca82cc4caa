"""``learned``'s heads-up blocking (``block``, ``block_areas``): what it adds to each place is the
other seat's own valuation of that place, as :func:`strategies.learned._plan` values places for
that seat, above the other seat's alternative (docs/strategies.md#heads-up-it-blocks)."""

from __future__ import annotations

import numpy as np
import pytest
from test_search import _game_after, each_turn

from sim.board import place_people
from sim.constants import DIVISOR, FOREST, HUT, MEMO_WIDTH, N_AREAS, RIVER, TOOL_MAKER
from sim.rng import STREAM_WORDS
from sim.state import PEOPLE, PLACED
from strategies import greedy, learned, search_core
from strategies.registry import resolve

pytestmark = pytest.mark.heavy_kernel  # its positions come from search's play-out kernel


def _people_left(st, seat):
    return int(st.seat[0, seat, PEOPLE] - st.seat[0, seat, PLACED : PLACED + N_AREAS].sum())


def _expected(st, seat, params, hi):
    """The blocking values of every place, from the other seat's own plan (the reference)."""
    them = 1 - seat
    expected = np.zeros(N_AREAS)
    left = _people_left(st, them)
    if left <= 0:
        return expected
    plan = np.zeros(MEMO_WIDTH)
    learned._plan(st, 0, them, params, plan, hi)
    worth = plan[learned.M_WORTH : learned.M_WORTH + 5]
    hunting = 1.75 * worth[0]
    areas = {
        a: (3.5 + 0.5 * plan[learned.M_TOOLS]) / DIVISOR[a] * worth[a]
        for a in range(FOREST, RIVER + 1)
        if hi[a] > 0 and st.seat[0, seat, PLACED + a] == 0
    }
    gathering = max([hunting, *areas.values()])
    for a in range(TOOL_MAKER, N_AREAS):
        rate = plan[learned.M_AREA + a]
        if rate > learned.SKIP and not (a == HUT and left < 2):
            expected[a] = max(0.0, rate - gathering)
    for a, rate in areas.items():
        expected[a] = max(0.0, rate - max([hunting, *(r for b, r in areas.items() if b != a)]))
    return expected


@pytest.mark.parametrize("seed", [1, 2])
def test_blocking_values_the_other_seats_places_from_its_side(seed):
    """At every placement turn of real duels, each place's blocking value is the other seat's
    worth of it above its best gathering (a village, card or building place) or above its next
    best gathering (a resource area still open to it); none once it has placed all its people."""
    params = resolve("learned[model=selfplay2,replan=0,block=1,block_areas=1]").base_params
    rng = np.zeros(STREAM_WORDS, dtype=np.uint64)
    lo = np.zeros(N_AREAS, dtype=np.int64)
    hi = np.zeros(N_AREAS, dtype=np.int64)
    turns = blocked_places = blocked_areas = 0
    for rounds in (0, 3, 6):
        st = _game_after(2, seed=seed, rounds=rounds)
        for p in each_turn(st, lo, hi):
            memo = np.zeros(MEMO_WIDTH)
            learned._plan_block(st, 0, p, params, memo, hi)
            found = memo[learned.M_BLOCK : learned.M_BLOCK + N_AREAS]
            expected = _expected(st, p, params, hi)
            np.testing.assert_allclose(found, expected, rtol=1e-12, atol=1e-12)
            blocked_places += int((expected[TOOL_MAKER:] > 0).sum())
            blocked_areas += int((expected[FOREST : RIVER + 1] > 0).sum())
            turns += 1
            greedy_row = search_core.GREEDY_DEFAULTS
            area, count = greedy.place(st, 0, p, greedy_row, rng, lo, hi, 0.0, np.zeros(MEMO_WIDTH))
            place_people(st, 0, p, area, count)
    assert turns >= 12 and blocked_places > 0 and blocked_areas > 0
