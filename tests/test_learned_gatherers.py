"""``learned``'s ``gatherers``: the most people it puts on a resource area in one placement
(docs/strategies.md#it-keeps-people-back)."""

from __future__ import annotations

import numpy as np
import pytest
from test_search import _game_after, each_turn

from sim.board import place_people
from sim.constants import FOREST, MEMO_WIDTH, N_AREAS, RIVER
from sim.rng import STREAM_WORDS
from strategies import learned
from strategies.registry import resolve

pytestmark = pytest.mark.heavy_kernel  # its positions come from search's play-out kernel

PLAYER = "learned[model=selfplay2,herd_3_4=0.3]"


def _place(params, st, p, rng, lo, hi):
    return learned.place(st, 0, p, params, rng, lo, hi, 0.0, np.zeros(MEMO_WIDTH))


@pytest.mark.parametrize("players", [2, 4])
def test_it_puts_at_most_gatherers_people_on_a_resource_area(players):
    """At every placement turn of real games the capped player puts at most ``gatherers`` people
    on a forest, clay pit, quarry or river; where the cap never binds (7: an area's places) it
    places as the uncapped player does; and the cap does bind: some turn the uncapped player
    would put more people on a resource area than the capped one may."""
    rng = np.zeros(STREAM_WORDS, dtype=np.uint64)
    lo = np.zeros(N_AREAS, dtype=np.int64)
    hi = np.zeros(N_AREAS, dtype=np.int64)
    plain = resolve(PLAYER).base_params
    capped = {k: resolve(PLAYER[:-1] + f",gatherers={k}]").base_params for k in (2, 3, 7)}
    turns = gathered = bound = 0
    for seed in (1, 2):
        for rounds in (0, 2, 5):
            st = _game_after(players, seed=seed, rounds=rounds)
            for p in each_turn(st, lo, hi):
                area, count = _place(plain, st, p, rng, lo, hi)
                assert _place(capped[7], st, p, rng, lo, hi) == (area, count)
                for k in (2, 3):
                    a, c = _place(capped[k], st, p, rng, lo, hi)
                    assert hi[a] > 0 and lo[a] <= c <= hi[a]
                    if FOREST <= a <= RIVER:
                        assert c <= max(k, lo[a])
                        gathered += 1
                bound += int(FOREST <= area <= RIVER and count > 3)
                turns += 1
                place_people(st, 0, p, area, count)
    assert turns >= 12 and gathered > 0 and bound > 0
