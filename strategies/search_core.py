"""Play-outs of the searches: candidate scoring on private game copies, with an evaluator seam.

A searching hook scores its candidates (placements or commitments) with :func:`score_candidates`:
for each play-out ``i`` and each candidate the engine's branch primitive
(:func:`sim.engine.branch_placement`, :func:`sim.engine.branch_commit`, here compiled into the
*rollout kernel*) copies the game into a private one-game state, re-deals what the seat cannot
see, applies the candidate and plays on, to the end of the game or for ``horizon`` rounds; the
leaf is then valued by an *evaluator* (:func:`final_outcome`, or another named by id:
:func:`evaluate_leaf`). The rollout kernel is the engine compiled by :func:`sim.kernel.build`
with the search's *model* at every seat (:data:`ROLLOUT`: ``greedy`` or ``classic``, each with
``ev``): the search's model of everyone, itself included. The real game is only ever read.

Hooks run inside the allocation-free game kernel (``@hot``, no reference counting), so they cannot
allocate arrays; the private state lives in the scoring routine's stack frame instead
(:mod:`sim.stack`: fixed-shape arrays on the stack, valid until the function returns). That is
why every size here is a module constant.

Randomness: a decision draws one 64-bit word from the seat's own stream; play-out ``i`` seeds all
its streams (and its re-deal) from that word and ``i`` (:func:`sim.rng.seed_branch`). Every
candidate is scored on the same play-outs (common random numbers), so their differences are far
less noisy than their values, and a game stays a pure function of its seed.
"""

from __future__ import annotations

import numpy as np

from sim.board import tool_total
from sim.constants import MAX_PLAYERS, MAX_ROUNDS, N_AREAS, N_GOODS
from sim.engine import NOTES_WIDTH, W_RANKS, WORK_ROWS, WORK_WIDTH
from sim.jit import hot, splice
from sim.kernel import build
from sim.rng import N_PURPOSES, STREAM_WORDS, next_u64
from sim.scoring import final_scoring, share_and_margin
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
    AGRICULTURE,
    H_TILES_WON,
    I_PLAYERS,
    N_GAME,
    N_SEAT,
    PEOPLE,
    SCORE,
    GameState,
)
from strategies import classic, greedy, taming_ev
from strategies.greedy_values import rounds_left
from strategies.params import Positions

# The rollout kernel: every seat plays the search's model + ev (its model of everyone, itself too).
ROLLOUT = build(("strategies.greedy", "strategies.classic"), ("strategies.taming_ev",))
MODEL_GREEDY, MODEL_CLASSIC = 0, 1  # base strategy ids in the rollout kernel
branch_placement = ROLLOUT.branch_placement
branch_commit = ROLLOUT.branch_commit

N_GREEDY = len(greedy.PARAMS)  # a search parameter row starts with its model's row
N_CLASSIC = len(classic.PARAMS)
N_MODEL = max(N_GREEDY, N_CLASSIC)  # width of a rollout seat's parameter row
N_EV = len(taming_ev.PARAMS)  # a search-taming parameter row starts with ev's row
GREEDY_DEFAULTS = np.array(list(greedy.PARAMS.values()), dtype=np.float64)
CLASSIC_DEFAULTS = np.array(list(classic.PARAMS.values()), dtype=np.float64)
EV_DEFAULTS = np.array(list(taming_ev.PARAMS.values()), dtype=np.float64)
MAX_CANDIDATES = 8
SEARCH_PARAMS = {
    "rollouts": 8.0,  # rollouts per candidate placement
    "candidates": 3.0,  # the model's best places compared (at most 8)
    "win_weight": 0.0,  # value of a won rollout (a shared win: its share)
    "margin_weight": 1.0,  # value per point of final score over the best other seat
    "confidence": 1.0,  # leave the model's pick only for a mean gain above this many std. errors
    "horizon": 0.0,  # whole rounds a rollout plays after the current one (0: to the end)
    "evaluator": 0.0,  # the leaf's evaluator (EVAL_*): 0 final, 1 projected
}
"""The placement search's own parameters, after its model's row (:func:`search_place`)."""
_SEARCH = Positions(SEARCH_PARAMS)
S_ROLLOUTS = _SEARCH["rollouts"]
S_CANDIDATES = _SEARCH["candidates"]
S_WIN_WEIGHT = _SEARCH["win_weight"]
S_MARGIN_WEIGHT = _SEARCH["margin_weight"]
S_CONFIDENCE = _SEARCH["confidence"]
S_HORIZON = _SEARCH["horizon"]
S_EVALUATOR = _SEARCH["evaluator"]
_SEARCH.check_every_key()
PERSON_WORTH = greedy.PARAMS["people"]  # points per person per round left (projected_outcome)
AGRICULTURE_WORTH = greedy.PARAMS["agriculture"]
TOOL_WORTH = greedy.PARAMS["tools"]


# --- the seats of a play-out, and the choice among candidates ------------------------------


# The arrays loose, not as the seats and playing tuples: with the tuples (the seats' arrays on
# score_candidates' stack), 600 quick-search games took about 10% more process time (A/B
# alternated, 2026-12-06), though it runs once per decision.
@hot
def fill_params(sids, pbase, ptame, seat, own_base, own_tame, n_own_base, n_own_tame, model):
    """The rollout seats: every seat plays ``model`` (``MODEL_*``) + ev with their defaults; the
    searching seat's own parameters where known."""
    for p in range(MAX_PLAYERS):
        sids[p] = model
        for c in range(N_MODEL):
            if model == MODEL_CLASSIC:
                pbase[p, c] = CLASSIC_DEFAULTS[c] if c < N_CLASSIC else 0.0
            else:
                pbase[p, c] = GREEDY_DEFAULTS[c] if c < N_GREEDY else 0.0
        for c in range(N_EV):
            ptame[p, c] = EV_DEFAULTS[c]
    for c in range(n_own_base):
        pbase[seat, c] = own_base[c]
    for c in range(n_own_tame):
        ptame[seat, c] = own_tame[c]


@hot
def best_candidate(gain, gain_sq, n, rollouts, confidence):
    """Index of the candidate to play from the paired gains over candidate 0, rollout by rollout.

    ``gain[c]`` and ``gain_sq[c]`` are sums over the rollouts of candidate ``c``'s value minus
    candidate 0's, and of its square. The best mean gain wins if it is positive and, with
    ``confidence`` > 0, larger than ``confidence`` standard errors; else candidate 0 (the
    heuristic's own choice) stands. A gate against the winner's curse of a few noisy rollouts.
    """
    best = 0
    best_mean = 0.0
    for c in range(1, n):
        mean = gain[c] / rollouts
        if mean <= best_mean:
            continue
        if confidence > 0.0:
            if rollouts < 2:
                continue
            var = max(0.0, (gain_sq[c] - rollouts * mean * mean) / (rollouts - 1))
            if mean <= confidence * np.sqrt(var / rollouts):
                continue
        best = c
        best_mean = mean
    return best


# --- leaf values: the evaluator seam -------------------------------------------------------
#
# An evaluator values the leaf of a play-out for the searching seat, from the private copy (which
# it may score in place), whether the game ended there (``over``; else the play-out stopped after
# its horizon) and its own weight row. Evaluators are named by id, as hooks are (a function passed
# as an argument would make numba's cache refuse the searching hook): :func:`evaluate_leaf`
# dispatches; :func:`final_outcome` is the searches' own.

EVAL_FINAL = 0  # final_outcome
EVAL_PROJECTED = 1  # projected_outcome


@hot
def outcome(st, h, seat, players, win_weight, margin_weight):
    """Value of a scored game for ``seat``: a share of the win plus the margin over the best
    other seat (``win_weight``, ``margin_weight``)."""
    share, margin = share_and_margin(st, h, seat, players)
    return win_weight * share + margin_weight * margin


@hot
def final_outcome(st, h, seat, players, over, weights, work):
    """The evaluator of the searches: the final scoring of the leaf (of what the seats hold, as
    if the game ended there when the play-out stopped early), then its :func:`outcome` with
    ``weights = (win_weight, margin_weight)``."""
    final_scoring(st, h, H_TILES_WON, work[W_RANKS])
    return outcome(st, h, seat, players, weights[0], weights[1])


@hot
def projected_outcome(st, h, seat, players, over, weights, work):
    """An evaluator for play-outs cut short: the leaf's final scoring plus, while the game goes
    on, what each seat's people, agriculture and tool steps are worth over the rounds left
    (``greedy``'s default worths per round left and its clock of the rounds left); then the
    margin over the best other seat and the win share, as :func:`outcome` weighs them.
    Resources stay at the 1 point each they score left over: valued at a share of a building's
    unit value instead, the search hoarded them and won 27.6% of 2,000 games against ``search``
    (48.3% with this evaluator; 3 rollouts, horizon 1)."""
    final_scoring(st, h, H_TILES_WON, work[W_RANKS])
    if over:
        return outcome(st, h, seat, players, weights[0], weights[1])
    rounds = rounds_left(st, h, GREEDY_DEFAULTS)
    mine = 0.0
    best_other = -1e18
    for q in range(players):
        growth = (
            PERSON_WORTH * st.seat[h, q, PEOPLE]
            + AGRICULTURE_WORTH * st.seat[h, q, AGRICULTURE]
            + TOOL_WORTH * tool_total(st, h, q)
        )
        value = st.seat[h, q, SCORE] + rounds * growth
        if q == seat:
            mine = value
        else:
            best_other = max(best_other, value)
    share = 1.0 if mine > best_other else (0.5 if mine == best_other else 0.0)
    return weights[0] * share + weights[1] * (mine - best_other)


@hot
def evaluate_leaf(evaluator, st, h, seat, players, over, weights, work):
    """The evaluator seam: the value of a play-out's leaf for ``seat`` by evaluator id
    (``EVAL_*``; an unknown id values the leaf as :data:`EVAL_FINAL` does)."""
    if evaluator == EVAL_PROJECTED:
        return projected_outcome(st, h, seat, players, over, weights, work)
    return final_outcome(st, h, seat, players, over, weights, work)


# --- the one candidate-scoring routine -----------------------------------------------------


@hot
def _clear(sids, tids, notes, work, buf, gain, gain_sq):
    """Zero the scoring routine's scratch (arrays on its stack)."""
    for p in range(sids.shape[0]):
        sids[p] = 0
        tids[p] = 0
        for c in range(notes.shape[1]):
            notes[p, c] = 0.0
    for r in range(work.shape[0]):
        for c in range(work.shape[1]):
            work[r, c] = 0
    for c in range(buf.shape[0]):
        buf[c] = 0
    for c in range(gain.shape[0]):
        gain[c] = 0.0
        gain_sq[c] = 0.0


@hot
def score_candidates(st, g, seat, candidates, key, playing, budget):
    """Index of the best of ``n`` candidate choices of ``seat`` in game ``g``, by play-outs.

    Parameters
    ----------
    st, g, seat
        The real game (only read) and the deciding seat.
    candidates : tuple
        ``(at_commit, areas, counts, n, pending)``. With ``at_commit`` the candidates are
        commitments (``counts[c]`` figures onto the tile; the seat's places not resolved yet
        marked in ``pending``, 1 per area), else placements (``counts[c]`` people on
        ``areas[c]``); candidate 0 is the heuristic's own choice; ``n`` of them (at most
        :data:`MAX_CANDIDATES`).
    key : numpy.uint64
        The decision's key (drawn from the seat's stream): play-out ``i`` of every candidate
        gets the same re-deal and streams.
    playing : tuple
        Who plays the play-outs: ``(model, own_base, n_own_base, own_tame, n_own_tame)``, the
        ``MODEL_*`` that plays every seat (:func:`fill_params`) and the searching seat's own
        parameter rows, their first ``n_own_*`` entries taken over.
    budget : tuple
        ``(rollouts, horizon, evaluator, weights, confidence)``: play-outs per candidate; whole
        rounds a play-out plays after the current one before its leaf is valued (0: to the end
        of the game); the leaf's evaluator (``EVAL_*``, see :func:`evaluate_leaf`) and its
        weight row; the confidence of :func:`best_candidate`.

    Returns
    -------
    int
        The chosen candidate's index.
    """
    copy = GameState(
        stack_i16_2d(1, N_GAME),
        stack_i16_3d(1, MAX_PLAYERS, N_SEAT),
        st.data,
        st.odds,
        st.log[:0],  # a play-out notes no decision
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
    at_commit, areas, counts, n, pending = candidates
    model, own_base, n_own_base, own_tame, n_own_tame = playing
    rollouts, horizon, evaluator, weights, confidence = budget
    _clear(sids, tids, notes, work, buf, gain, gain_sq)
    fill_params(sids, pbase, ptame, seat, own_base, own_tame, n_own_base, n_own_tame, model)
    scratch = (streams, buf, work, notes)
    seats = (sids, tids, pbase, ptame)
    players = np.int64(st.game[g, I_PLAYERS])
    rounds = MAX_ROUNDS if horizon <= 0 else horizon
    first = 0.0
    for i in range(rollouts):
        for c in range(n):
            playout = (key, i, True)  # every candidate's play-out i: the same re-deal, streams
            if at_commit:
                move = (seat, counts[c], pending)
                over = branch_commit(st, g, copy, 0, move, playout, seats, rounds, scratch)
            else:
                move = (seat, areas[c], counts[c])
                over = branch_placement(st, g, copy, 0, move, playout, seats, rounds, scratch)
            value = evaluate_leaf(evaluator, copy, 0, seat, players, over, weights, work)
            if c == 0:
                first = value
            gain[c] += value - first
            gain_sq[c] += (value - first) ** 2
    return best_candidate(gain, gain_sq, n, rollouts, confidence)


@splice
def search_place(st, g, seat, params, rng, lo, hi, herd_value, memo, heuristic, model, own):
    """The candidate place with the best mean play-out value (the heuristic's pick without a
    choice): the search of :mod:`strategies.search`.

    ``heuristic`` is the model's ``place`` hook (candidates: its successive picks, each earlier
    pick ruled out); ``model`` (``MODEL_*``) plays every play-out seat; the search's own
    parameters (:data:`SEARCH_PARAMS`) start at ``params[own]``, the model's row before them.

    Why twelve parameters: the first nine are a place hook's own (the hook contract of
    :func:`sim.hooks.place`, passed on to ``heuristic`` as they came, so grouping them would
    change every strategy's ``place``); the last three are all the searches sharing this body
    (:mod:`strategies.search`, :mod:`strategies.search_classic`) differ in.
    """
    area, count = heuristic(st, g, seat, params, rng, lo, hi, herd_value, memo)
    rollouts = int(params[own + S_ROLLOUTS])
    wanted = min(MAX_CANDIDATES, int(params[own + S_CANDIDATES]))
    if rollouts <= 0 or wanted <= 1:
        return area, count
    # candidates: the heuristic's successive picks, each earlier pick ruled out
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
        a, c = heuristic(st, g, seat, params, rng, open_lo, open_hi, herd_value, memo)
        if a < 0 or a >= N_AREAS or open_hi[a] == 0:
            break
        areas[n] = a
        counts[n] = c
        open_hi[a] = 0
        n += 1
    if n == 1:
        return area, count
    key = next_u64(rng)
    playing = (np.int64(model), params, np.int64(own), params, np.int64(0))
    budget = (
        np.int64(rollouts),
        np.int64(params[own + S_HORIZON]),
        np.int64(params[own + S_EVALUATOR]),
        params[own + S_WIN_WEIGHT : own + S_MARGIN_WEIGHT + 1],
        params[own + S_CONFIDENCE],
    )
    candidates = (False, areas, counts, n, open_lo)
    best = score_candidates(st, g, seat, candidates, key, playing, budget)
    return areas[best], counts[best]
