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

from sim.constants import FIELD, HUT, MAX_ROUNDS, MAX_TILE_FIGURES, N_AREAS, N_GOODS, TOOL_MAKER
from sim.jit import hot, splice
from sim.rng import next_u64
from sim.stack import stack_i64
from sim.state import CHOICE_TOKENS, GOODS, I_HERD_AREA, PLACED
from strategies import taming_ev
from strategies.params import Limit, Positions
from strategies.search import MAX_ROLLOUTS
from strategies.search_core import (
    EVAL_FINAL,
    EVAL_PROJECTED,
    MAX_CANDIDATES,
    MODEL_CLASSIC,
    MODEL_GREEDY,
    N_EV,
    score_candidates,
)

DESCRIPTION = (
    "commitment by flat Monte Carlo rollouts to the end of the game (greedy+ev play-outs on "
    "re-dealt copies); herd value and bonus as ev"
)
PARAMS = {
    **taming_ev.PARAMS,
    "rollouts": 4.0,  # rollouts per candidate commitment
    "max_figures": 3.0,  # largest commitment compared (besides ev's own)
    "win_weight": 0.0,  # value of a won rollout (a shared win: its share)
    "margin_weight": 1.0,  # value per point of final score over the best other seat
    "confidence": 2.0,  # leave ev's choice only for a mean gain above this many std. errors
    "model": float(MODEL_GREEDY),  # who plays the rollouts: 0 greedy, 1 classic (+ ev)
    "horizon": 0.0,  # whole rounds a rollout plays after the current one (0: to the end)
    "evaluator": 0.0,  # the leaf's evaluator (search_core.EVAL_*): 0 final, 1 projected
}
LIMITS = {
    **taming_ev.LIMITS,
    "rollouts": Limit(1, MAX_ROLLOUTS, whole=True),  # no search at all is ev
    "max_figures": Limit(0, MAX_TILE_FIGURES, whole=True),
    "win_weight": Limit(),
    "margin_weight": Limit(),
    "confidence": Limit(0),
    "model": Limit(choices=(MODEL_GREEDY, MODEL_CLASSIC)),
    "horizon": Limit(0, MAX_ROUNDS, whole=True),
    "evaluator": Limit(choices=(EVAL_FINAL, EVAL_PROJECTED)),
}
_AT = Positions(PARAMS, shared=taming_ev.PARAMS)
ROLLOUTS = _AT["rollouts"]
MAX_FIGURES = _AT["max_figures"]
WIN_WEIGHT = _AT["win_weight"]
MARGIN_WEIGHT = _AT["margin_weight"]
CONFIDENCE = _AT["confidence"]
MODEL = _AT["model"]
HORIZON = _AT["horizon"]
EVALUATOR = _AT["evaluator"]
_AT.check_every_key()

herd_value = taming_ev.herd_value
take_first_bonus = taming_ev.take_first_bonus


@hot
def assumed_pending(st, g, seat, herd_area, pending):
    """The seat's places taken as not resolved yet at its commitment (hooks are not told): those
    greedy's action order puts after the herd's area (village first, then board order)."""
    for a in range(N_AREAS):
        pending[a] = 0
        if a > herd_area and a != TOOL_MAKER and a != HUT and a != FIELD:
            pending[a] = 1 if st.seat[g, seat, PLACED + a] > 0 else 0


@splice
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
    pending = stack_i64(N_AREAS)
    assumed_pending(st, g, seat, np.int64(st.game[g, I_HERD_AREA]), pending)
    key = next_u64(rng)
    playing = (np.int64(params[MODEL]), params, np.int64(0), params, np.int64(N_EV))
    budget = (
        np.int64(rollouts),
        np.int64(params[HORIZON]),
        np.int64(params[EVALUATOR]),
        params[WIN_WEIGHT : MARGIN_WEIGHT + 1],
        params[CONFIDENCE],
    )
    candidates = (True, counts, counts, n, pending)
    best = score_candidates(st, g, seat, candidates, key, playing, budget)
    return counts[best]
