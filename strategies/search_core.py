"""Rollout machinery of the ``search`` strategy: private game copies, hidden information, play-outs.

A searching hook copies its game into a private one-game state, re-deals what the seat cannot see
(:func:`determinize`), applies a candidate choice and plays the game on with the *rollout
kernel*: the engine compiled by :func:`sim.kernel.build` with the search's *model* at every seat
(:data:`ROLLOUT`: ``greedy`` or ``classic``, each with ``ev``). The real game is only ever read.

Hooks run inside the allocation-free game kernel (``@hot``, no reference counting), so they cannot
allocate arrays; the private state lives in the hook's stack frame instead (:mod:`sim.stack`:
fixed-shape arrays on the stack, valid until the hook returns). That is why the copies
are made by the hooks themselves and handed down, and why every size here is a module constant.

Randomness: a decision draws one 64-bit word from the seat's own stream; rollout ``i`` seeds all
its streams (and its re-deal) from that word and ``i``. Every candidate is scored on the same
rollouts (common random numbers), so their differences are far less noisy than their values, and
a game stays a pure function of its seed.
"""

from __future__ import annotations

import numpy as np

from sim.board import place_people
from sim.constants import (
    FIELD,
    HUT,
    MAX_PLAYERS,
    MAX_ROUNDS,
    N_AREAS,
    N_BUILDINGS,
    N_CARDS,
    N_GOODS,
    STACK_SIZE,
    TOOL_MAKER,
)
from sim.engine import NOTES_WIDTH, WORK_ROWS, WORK_WIDTH
from sim.jit import hot
from sim.kernel import build
from sim.rng import (
    N_PURPOSES,
    STREAM_WORDS,
    Purpose,
    below,
    mix64,
    next_u64,
    seed_stream,
    shuffle,
)
from sim.scoring import final_scoring
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
    DECK,
    H_TILES_WON,
    I_DECK_POS,
    I_N_STACKS,
    I_N_TILES,
    I_PLAYERS,
    I_START_PLAYER,
    I_TILE_POS,
    N_GAME,
    N_SEAT,
    PLACED,
    RANK,
    SCORE,
    STACK_TAKEN,
    STACKS,
    TILE_PILE,
    TILES,
    GameState,
)
from strategies import classic, greedy, taming_ev

# The rollout kernel: every seat plays the search's model + ev (its model of everyone, itself too).
ROLLOUT = build(("strategies.greedy", "strategies.classic"), ("strategies.taming_ev",))
MODEL_GREEDY, MODEL_CLASSIC = 0, 1  # base strategy ids in the rollout kernel
_start_round = ROLLOUT._start_round
_placement = ROLLOUT._placement
_actions = ROLLOUT._actions
_resolve = ROLLOUT._resolve
_taming = ROLLOUT._taming
_feeding = ROLLOUT._feeding
_end_round = ROLLOUT._end_round
_move_onto_tile = ROLLOUT._move_onto_tile
_next_action = ROLLOUT.hook_next_action

N_GREEDY = len(greedy.PARAMS)  # a search parameter row starts with its model's row
N_CLASSIC = len(classic.PARAMS)
N_MODEL = max(N_GREEDY, N_CLASSIC)  # width of a rollout seat's parameter row
N_EV = len(taming_ev.PARAMS)  # a search-taming parameter row starts with ev's row
GREEDY_DEFAULTS = np.array(list(greedy.PARAMS.values()), dtype=np.float64)
CLASSIC_DEFAULTS = np.array(list(classic.PARAMS.values()), dtype=np.float64)
EV_DEFAULTS = np.array(list(taming_ev.PARAMS.values()), dtype=np.float64)
MAX_CANDIDATES = 8

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_SALT = np.uint64(0x5EA4C4D15EA4C4D1)


# --- copies, re-deals, seeds -------------------------------------------------------------------


@hot
def copy_game(src, g, dst, h):
    """Copy game ``g`` of ``src`` (board and every seat) into row ``h`` of ``dst``."""
    for c in range(N_GAME):
        dst.game[h, c] = src.game[g, c]
    for p in range(MAX_PLAYERS):
        for c in range(N_SEAT):
            dst.seat[h, p, c] = src.seat[g, p, c]


@hot
def seed_rollout(streams, key, i):
    """Seed every purpose's stream of rollout ``i`` of the decision keyed ``key``."""
    rollout = mix64(key ^ mix64(np.uint64(i) * _GOLDEN + _SALT))
    for purpose in range(N_PURPOSES):
        seed_stream(streams[purpose], mix64(rollout + np.uint64(purpose + 1) * _GOLDEN))


@hot
def determinize(st, h, stream, scratch):
    """Re-deal, in game ``h`` of a private copy, everything its seats cannot see.

    The deck below the drawn cards is shuffled; the building tiles under the visible stack tops
    are re-dealt from every tile not seen yet (with 2-3 players that includes the stacks left in
    the box); the mammoth pile is re-dealt with the next tile's back kept (it is public): that
    tile is drawn uniformly among the unseen tiles with the same back. ``scratch`` is an int64
    work row of at least 64 entries.
    """
    pos = np.int64(st.game[h, I_DECK_POS])
    if pos < N_CARDS - 1:
        shuffle(stream, st.game[h, DECK + pos : DECK + N_CARDS])
    # buildings: flags of the tiles seen in scratch[:28], the unseen ones listed after them
    seen = scratch[:N_BUILDINGS]
    unseen = scratch[N_BUILDINGS : 2 * N_BUILDINGS]
    for b in range(N_BUILDINGS):
        seen[b] = 0
    n_stacks = np.int64(st.game[h, I_N_STACKS])
    for s in range(n_stacks):
        taken = np.int64(st.game[h, STACK_TAKEN + s])
        for i in range(min(taken + 1, STACK_SIZE)):
            seen[st.game[h, STACKS + s * STACK_SIZE + i]] = 1
    n_unseen = 0
    for b in range(N_BUILDINGS):
        if seen[b] == 0:
            unseen[n_unseen] = b
            n_unseen += 1
    if n_unseen > 0:
        shuffle(stream, unseen[:n_unseen])
        k = 0
        for s in range(n_stacks):
            taken = np.int64(st.game[h, STACK_TAKEN + s])
            for i in range(taken + 1, STACK_SIZE):
                st.game[h, STACKS + s * STACK_SIZE + i] = unseen[k]
                k += 1
    # mammoth tiles: the next tile's back is public
    pos = np.int64(st.game[h, I_TILE_POS])
    end = np.int64(st.game[h, I_N_TILES])
    if end - pos >= 2:
        back = st.data[TILES + st.game[h, TILE_PILE + pos], 0]
        same = 0
        for i in range(pos, end):
            if st.data[TILES + st.game[h, TILE_PILE + i], 0] == back:
                same += 1
        pick = below(stream, same)
        for i in range(pos, end):
            if st.data[TILES + st.game[h, TILE_PILE + i], 0] == back:
                if pick == 0:
                    tile = st.game[h, TILE_PILE + i]
                    st.game[h, TILE_PILE + i] = st.game[h, TILE_PILE + pos]
                    st.game[h, TILE_PILE + pos] = tile
                    break
                pick -= 1
        if end - pos >= 3:
            shuffle(stream, st.game[h, TILE_PILE + pos + 1 : TILE_PILE + end])


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


# --- play-outs ---------------------------------------------------------------------------------


@hot
def outcome(st, h, seat, players, win_weight, margin_weight):
    """Value of a finished game for ``seat``: a share of the win plus the margin over the best
    other seat (``win_weight``, ``margin_weight``)."""
    best_other = -(1 << 30)
    winners = 0
    for q in range(players):
        if q != seat:
            best_other = max(best_other, np.int64(st.seat[h, q, SCORE]))
        if st.seat[h, q, RANK] == 1:
            winners += 1
    share = 1.0 / winners if st.seat[h, seat, RANK] == 1 else 0.0
    return win_weight * share + margin_weight * (st.seat[h, seat, SCORE] - best_other)


@hot
def finish_game(st, h, sids, tids, pbase, ptame, streams, players, buf, work, notes):
    """Play the game on from the end of a round's actions (taming next) and score it."""
    _taming(st, h, sids, tids, pbase, ptame, streams, players, False, work)
    _feeding(st, h, sids, pbase, streams, players, buf)
    going_on = _end_round(st, h, players)
    for _ in range(MAX_ROUNDS):
        if not going_on:
            break
        _start_round(st, h)
        _placement(st, h, sids, tids, pbase, ptame, streams, players, work, notes)
        _actions(st, h, sids, tids, pbase, ptame, streams, players, buf, work)
        _taming(st, h, sids, tids, pbase, ptame, streams, players, False, work)
        _feeding(st, h, sids, pbase, streams, players, buf)
        going_on = _end_round(st, h, players)
    final_scoring(st, h, H_TILES_WON, work[6])


@hot
def play_from_placement(st, h, seat, sids, tids, pbase, ptame, streams, players, buf, work, notes):
    """Play on from right after ``seat``'s placement turn: the round's later turns, then on."""
    start = st.game[h, I_START_PLAYER]
    st.game[h, I_START_PLAYER] = (seat + 1) % players  # placement goes on clockwise from here
    _placement(st, h, sids, tids, pbase, ptame, streams, players, work, notes)
    st.game[h, I_START_PLAYER] = start
    _actions(st, h, sids, tids, pbase, ptame, streams, players, buf, work)
    finish_game(st, h, sids, tids, pbase, ptame, streams, players, buf, work, notes)


@hot
def apply_commit(st, h, seat, sids, pbase, rng, want, buf):
    """Move ``want`` figures onto the tile and pay for them, as the engine's ``_commit`` does."""
    _move_onto_tile(st, h, seat, sids[seat], pbase[seat], rng, want, buf)


@hot
def clear_scratch(sids, tids, notes, work, buf, gain, gain_sq):
    """Zero a search's rollout scratch (arrays in the searching hook's stack frame)."""
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
def play_from_commit(
    st, h, seat, herd_area, sids, tids, pbase, ptame, streams, players, buf, work, notes
):
    """Play on from right after ``seat``'s commitment on ``herd_area`` (applied already).

    The seat's places not resolved yet are taken to be those greedy's action order puts after
    the herd's area (village first, then board order); then the later seats act, and so on.
    """
    for a in range(herd_area + 1, N_AREAS):
        if a == TOOL_MAKER or a == HUT or a == FIELD:
            continue
        if st.seat[h, seat, PLACED + a] > 0:
            _resolve(st, h, seat, a, sids, tids, pbase, ptame, streams, players, buf, work)
    start = np.int64(st.game[h, I_START_PLAYER])
    pending = work[3]
    for k in range((seat - start) % players + 1, players):
        p = (start + k) % players
        n_pending = 0
        for a in range(N_AREAS):
            pending[a] = 1 if st.seat[h, p, PLACED + a] > 0 else 0
            n_pending += pending[a]
        while n_pending > 0:
            area = _next_action(sids[p], st, h, p, pbase[p], streams[Purpose.STRATEGY + p], pending)
            if area < 0 or area >= N_AREAS or pending[area] == 0:
                for a in range(N_AREAS):
                    if pending[a] != 0:
                        area = a
                        break
            pending[area] = 0
            n_pending -= 1
            _resolve(st, h, p, area, sids, tids, pbase, ptame, streams, players, buf, work)
    finish_game(st, h, sids, tids, pbase, ptame, streams, players, buf, work, notes)


@hot
def search_place(st, g, seat, params, rng, lo, hi, herd_value, memo, heuristic, model, own):
    """The candidate place with the best mean rollout value (the heuristic's pick without a
    choice): the search of :mod:`strategies.search`.

    ``heuristic`` is the model's ``place`` hook (candidates: its successive picks, each earlier
    pick ruled out); ``model`` (``MODEL_*``) plays every rollout seat; the search's own
    parameters start at ``params[own]`` (rollouts, candidates, win weight, margin weight,
    confidence), the model's row before them.
    """
    area, count = heuristic(st, g, seat, params, rng, lo, hi, herd_value, memo)
    rollouts = int(params[own])
    wanted = min(MAX_CANDIDATES, int(params[own + 1]))
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
    pbase = stack_f64_2d(MAX_PLAYERS, N_MODEL)
    ptame = stack_f64_2d(MAX_PLAYERS, N_EV)
    gain = stack_f64(MAX_CANDIDATES)
    gain_sq = stack_f64(MAX_CANDIDATES)
    clear_scratch(sids, tids, notes, work, buf, gain, gain_sq)
    first = 0.0
    fill_params(sids, pbase, ptame, seat, params, params, own, 0, model)
    players = int(st.game[g, I_PLAYERS])
    key = next_u64(rng)
    win_weight = params[own + 2]
    margin_weight = params[own + 3]
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
    best = best_candidate(gain, gain_sq, n, rollouts, params[own + 4])
    return areas[best], counts[best]
