"""The engine's advice: every taming (and placement) decision a real game noted, played out
once per option after the game (:func:`play_out_decisions`, which the advice's entry
``sim.engine_entries.advise_rows`` runs after each game; :mod:`sim.advising` is its Python shell).

A part of the engine: the kernel builder (:mod:`sim.kernel`) appends this module's code after
:mod:`sim.engine`'s in every kernel, where the names of the block marked below are the kernel's
own; imported as written it plays the default hooks, as :mod:`sim.engine` does.
"""

import numpy as np

from sim.constants import (
    MAX_ROUNDS,
    N_AREAS,
    V_ALL,
    V_FIRST,
    VALUES_WIDTH,
)
from sim.engine_layout import (
    W_PENDING,
    W_STAY,
)
from sim.jit import hot, splice
from sim.rng import (
    N_PURPOSES,
    Purpose,
    seed_branch,
    stream_key,
)
from sim.scoring import share_and_margin
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
    snapshot_row,
)
from sim.stack import stack_f64, stack_i64
from sim.state import (
    I_PLAYERS,
    I_ROUND,
    I_START_PLAYER,
)

# isort: off
# --- engine: the kernel builder leaves this block out (in a kernel these are its own) ---
from sim.dispatch import (
    hook_value_goods,
)
from sim.engine import (
    move_onto_tile,
    placement,
    seat_actions,
    actions,
    score_game,
)
from sim.engine_playouts import (
    play_on,
    fork,
)
# --- end engine ---
# isort: on


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


@splice
def play_out_decisions(st, g, game_index, words, seats, advice):
    """Play out every decision game ``g`` of the batch noted (:func:`play_out_decision`), right
    after the game; ``game_index`` is its global index, ``words`` the seed's words, ``advice``
    the ``(playouts, clock, copy, branch_scratch)`` of :func:`sim.engine_entries.advise_rows`.

    A decision's key comes from the seed, the game's index, the round and the seat, so the
    results do not depend on the rows' split into batches or threads. Spliced into the one game
    loop (:func:`sim.engine_entries.play_batch`), where only the advice's entry reaches it.
    """
    playouts, clock, copy, branch_scratch = advice
    for j in range(np.int64(st.log[g, 0, LOG_DECISIONS])):
        h = snapshot_row(st, g, j)
        seat = np.int64(st.log[g, 1 + j, D_SEAT])
        kind = np.int64(st.log[g, 1 + j, D_KIND])  # a placement's keys follow the commitments'
        salt = N_PURPOSES + (kind * (MAX_ROUNDS + 1) + np.int64(st.game[h, I_ROUND])) * 4 + seat
        key = stream_key(words, game_index, salt)
        play_out_decision(
            st, g, j, key, playouts, seats, clock,
            copy, branch_scratch,
        )  # fmt: skip
