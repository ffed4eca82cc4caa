"""``search`` taming policy: the commitment chosen by flat Monte Carlo rollouts.

At commitment the seat compares moving ``k`` figures onto the tile, for ``k`` from 0 to the
fewest of the people there, what it can pay and ``max_figures`` (plus ``ev``'s own choice):
each ``k`` is applied and paid in a private, re-dealt copy of the game, which is played on to the
end ``rollouts`` times by the ``model`` (``greedy``, or ``classic`` for the taming policy
``search-classic``) + ``ev`` at every seat (the seat's remaining places, the later
seats' actions and commitments, the contest drawn from the exact odds, the later rounds; see
:mod:`strategies.search_core`). Every ``k`` meets the same rollouts and is valued as in
:mod:`strategies.search`; the seat leaves ``ev``'s choice only for a mean paired gain above
``confidence`` standard errors. ``herd_value`` and the bonus choice are ``ev``'s.

The commitment moves a game's result little (``never``, ``ev`` and ``fixed-3`` win within a
point or two of each other against greedy), so few rollouts cannot tell the options apart: with
no guard (``confidence`` 0) the search commits more, starves more and plays worse than ``ev``; the
default guard of 2 standard errors keeps it within noise of ``ev``.

``PARAMS`` is ev's parameter row (same order) followed by the search's own entries.
"""

from __future__ import annotations

import numpy as np

from sim.constants import MAX_PLAYERS, N_GOODS
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
from sim.state import (
    CHOICE_TOKENS,
    GOODS,
    I_HERD_AREA,
    I_PLAYERS,
    N_GAME,
    N_SEAT,
    GameState,
)
from strategies import taming_ev
from strategies.search_core import (
    MAX_CANDIDATES,
    MODEL_GREEDY,
    N_EV,
    N_MODEL,
    apply_commit,
    best_candidate,
    clear_scratch,
    copy_game,
    determinize,
    fill_params,
    outcome,
    play_from_commit,
    seed_rollout,
)

DESCRIPTION = (
    "commitment by flat Monte Carlo rollouts to the end of the game (greedy+ev play-outs on "
    "re-dealt copies); herd value and bonus as ev"
)
PARAMS = {
    **taming_ev.PARAMS,
    "rollouts": 4.0,  # rollouts per candidate commitment (0: play ev)
    "max_figures": 3.0,  # largest commitment compared (besides ev's own)
    "win_weight": 0.0,  # value of a won rollout (a shared win: its share)
    "margin_weight": 1.0,  # value per point of final score over the best other seat
    "confidence": 2.0,  # leave ev's choice only for a mean gain above this many std. errors
    "model": float(MODEL_GREEDY),  # who plays the rollouts: 0 greedy, 1 classic (+ ev)
}
ROLLOUTS, MAX_FIGURES, WIN_WEIGHT, MARGIN_WEIGHT, CONFIDENCE, MODEL = range(N_EV, N_EV + 6)

herd_value = taming_ev.herd_value
take_first_bonus = taming_ev.take_first_bonus


@hot
def commit_figures(st, g, seat, params, rng, available, values):
    """The commitment with the best mean rollout value (ev's choice without a choice)."""
    chosen = taming_ev.commit_figures(st, g, seat, params, rng, available, values)
    rollouts = int(params[ROLLOUTS])
    if rollouts <= 0 or available <= 0:
        return chosen
    payable = np.int64(st.seat[g, seat, CHOICE_TOKENS])
    for r in range(N_GOODS):
        payable += st.seat[g, seat, GOODS + r]
    most = min(available, payable, int(params[MAX_FIGURES]), MAX_CANDIDATES - 2)
    if most < 1:
        return chosen
    counts = stack_i64(MAX_CANDIDATES)
    counts[0] = max(0, min(chosen, available))
    n = 1
    for k in range(most + 1):
        if k != counts[0]:
            counts[n] = k
            n += 1
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
    pbase = stack_f64_2d(MAX_PLAYERS, N_MODEL)
    ptame = stack_f64_2d(MAX_PLAYERS, N_EV)
    gain = stack_f64(MAX_CANDIDATES)
    gain_sq = stack_f64(MAX_CANDIDATES)
    clear_scratch(sids, tids, notes, work, buf, gain, gain_sq)
    first = 0.0
    fill_params(sids, pbase, ptame, seat, params, params, 0, N_EV, int(params[MODEL]))
    players = int(st.game[g, I_PLAYERS])
    herd_area = int(st.game[g, I_HERD_AREA])
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
            apply_commit(
                copy, 0, seat, sids, pbase, streams[Purpose.STRATEGY + seat], counts[c], buf
            )
            play_from_commit(
                copy,
                0,
                seat,
                herd_area,
                sids,
                tids,
                pbase,
                ptame,
                streams,
                players,
                buf,
                work,
                notes,
            )
            value = outcome(copy, 0, seat, players, win_weight, margin_weight)
            if c == 0:
                first = value
            gain[c] += value - first
            gain_sq[c] += (value - first) ** 2
    best = best_candidate(gain, gain_sq, n, rollouts, params[CONFIDENCE])
    return counts[best]
