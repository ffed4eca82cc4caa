"""``search``: flat Monte Carlo search over greedy's best few placements.

At every placement turn with a real choice the seat takes greedy's ``candidates`` best places
(greedy's pick, then its pick with that place ruled out, and so on) and plays each on
``rollouts`` times to the end of the game (:mod:`strategies.search_core`): in a private copy of
the game whose hidden parts (the deck, the building tiles under the stack tops, the mammoth pile
but the next tile's public back) are re-dealt for every rollout, with every seat, itself
included, played by ``greedy + ev``. Every candidate meets the same rollouts (same re-deal, same
dice). A rollout's value is ``margin_weight`` times the seat's final score minus the best other
seat's, plus ``win_weight`` times its share of the win (defaults: the margin alone). The seat
leaves greedy's pick for the candidate with the best mean paired gain over it only if that gain
exceeds ``confidence`` standard errors (a guard against the winner's curse of few rollouts).
All other decisions are greedy's; its default taming policy ``search`` searches the commitment
the same way (:mod:`strategies.search_taming`).

Defaults (8 rollouts, 3 candidates, confidence 1) play about 24 four-player games per second
on one core with one search seat and three greedy seats, and win about 63% of them (seats
rotated; 25% is par).

``PARAMS`` is greedy's parameter row (same order; it steers the candidates and the seat's own
rollout play) followed by the search's own entries. ``rollouts`` 0 plays greedy exactly.
"""

from __future__ import annotations

from sim.board import place_people
from sim.constants import MAX_PLAYERS, N_AREAS, N_GOODS
from sim.engine import NOTES_WIDTH, WORK_ROWS, WORK_WIDTH
from sim.jit import hot
from sim.rng import N_PURPOSES, STREAM_WORDS, Purpose, next_u64
from sim.stack import (
    stack_f64,
    stack_f64_2d,
    stack_i16_2d,
    stack_i16_3d,
    stack_i64,
    stack_i64_2d,
    stack_u64_2d,
)
from sim.state import I_PLAYERS, N_GAME, N_SEAT, GameState
from strategies import greedy
from strategies.search_core import (
    MAX_CANDIDATES,
    N_EV,
    N_GREEDY,
    best_candidate,
    clear_scratch,
    copy_game,
    determinize,
    fill_params,
    outcome,
    play_from_placement,
    seed_rollout,
)

DESCRIPTION = (
    "flat Monte Carlo search: greedy's best few placements, each played to the end on re-dealt "
    "copies of the game by greedy+ev"
)
PARAMS = {
    **greedy.PARAMS,
    "rollouts": 8.0,  # rollouts per candidate placement (0: play greedy)
    "candidates": 3.0,  # greedy's best places compared (at most 8)
    "win_weight": 0.0,  # value of a won rollout (a shared win: its share)
    "margin_weight": 1.0,  # value per point of final score over the best other seat
    "confidence": 1.0,  # leave greedy's pick only for a mean gain above this many std. errors
}
ROLLOUTS, CANDIDATES, WIN_WEIGHT, MARGIN_WEIGHT, CONFIDENCE = range(N_GREEDY, N_GREEDY + 5)

next_action = greedy.next_action
use_tools = greedy.use_tools
buy_card = greedy.buy_card
buy_building = greedy.buy_building
take_die = greedy.take_die
choose_resources = greedy.choose_resources
pay_resources = greedy.pay_resources
accept_starvation = greedy.accept_starvation
value_goods = greedy.value_goods
food_for_figures = greedy.food_for_figures


@hot
def place(st, g, seat, params, rng, lo, hi, herd_value, memo):
    """The candidate place with the best mean rollout value (greedy's pick without a choice)."""
    area, count = greedy.place(st, g, seat, params, rng, lo, hi, herd_value, memo)
    rollouts = int(params[ROLLOUTS])
    wanted = min(MAX_CANDIDATES, int(params[CANDIDATES]))
    if rollouts <= 0 or wanted <= 1:
        return area, count
    # candidates: greedy's successive picks, each earlier pick ruled out
    areas = stack_i64(MAX_CANDIDATES)
    counts = stack_i64(MAX_CANDIDATES)
    open_lo = stack_i64(N_AREAS)
    open_hi = stack_i64(N_AREAS)
    for a in range(N_AREAS):
        open_lo[a] = lo[a]
        open_hi[a] = hi[a]
    areas[0] = area
    counts[0] = count
    open_hi[area] = 0
    n = 1
    while n < wanted:
        left = 0
        for a in range(N_AREAS):
            if open_hi[a] > 0:
                left += 1
        if left == 0:
            break
        a, c = greedy.place(st, g, seat, params, rng, open_lo, open_hi, herd_value, memo)
        if a < 0 or a >= N_AREAS or open_hi[a] == 0:
            break
        areas[n] = a
        counts[n] = c
        open_hi[a] = 0
        n += 1
    if n == 1:
        return area, count
    # private state, in this frame's stack
    root = GameState(
        stack_i16_2d(1, N_GAME), stack_i16_3d(1, MAX_PLAYERS, N_SEAT), st.data, st.odds
    )
    copy = GameState(
        stack_i16_2d(1, N_GAME), stack_i16_3d(1, MAX_PLAYERS, N_SEAT), st.data, st.odds
    )
    streams = stack_u64_2d(N_PURPOSES, STREAM_WORDS)
    buf = stack_i64(N_GOODS)
    work = stack_i64_2d(WORK_ROWS, WORK_WIDTH)
    notes = stack_f64_2d(MAX_PLAYERS, NOTES_WIDTH)
    sids = stack_i64(MAX_PLAYERS)
    tids = stack_i64(MAX_PLAYERS)
    pbase = stack_f64_2d(MAX_PLAYERS, N_GREEDY)
    ptame = stack_f64_2d(MAX_PLAYERS, N_EV)
    gain = stack_f64(MAX_CANDIDATES)
    gain_sq = stack_f64(MAX_CANDIDATES)
    clear_scratch(sids, tids, notes, work, buf, gain, gain_sq)
    first = 0.0
    fill_params(pbase, ptame, seat, params, params, N_GREEDY, 0)
    players = int(st.game[g, I_PLAYERS])
    key = next_u64(rng)
    win_weight = params[WIN_WEIGHT]
    margin_weight = params[MARGIN_WEIGHT]
    for i in range(rollouts):
        copy_game(st, g, root, 0)
        seed_rollout(streams, key, i)
        determinize(root, 0, streams[Purpose.SHUFFLE], work[7])
        for c in range(n):
            copy_game(root, 0, copy, 0)
            seed_rollout(streams, key, i)
            place_people(copy, 0, seat, areas[c], counts[c])
            play_from_placement(
                copy, 0, seat, sids, tids, pbase, ptame, streams, players, buf, work, notes
            )
            value = outcome(copy, 0, seat, players, win_weight, margin_weight)
            if c == 0:
                first = value
            gain[c] += value - first
            gain_sq[c] += (value - first) ** 2
    best = best_candidate(gain, gain_sq, n, rollouts, params[CONFIDENCE])
    return areas[best], counts[best]
