"""The engine's play-outs: a game played on from the middle of a round, and the branch
primitive (the search's rollouts, the advice's and the analysis's play-outs).

A part of the engine: the kernel builder (:mod:`sim.kernel`) appends this module's code after
:mod:`sim.engine`'s in every kernel, where the names of the block marked below are the kernel's
own; imported as written it plays the default hooks, as :mod:`sim.engine` does.
"""

import numpy as np

from sim.board import (
    place_people,
)
from sim.constants import (
    N_AREAS,
)
from sim.engine_layout import (
    W_PENDING,
    W_SHUFFLE,
)
from sim.hidden import redeal_hidden
from sim.jit import hot, splice
from sim.rng import (
    Purpose,
    seed_branch,
)
from sim.state import (
    I_PLAYERS,
    I_START_PLAYER,
    copy_game,
)

# isort: off
# --- engine: the kernel builder leaves this block out (in a kernel these are its own) ---
from sim.engine import (
    move_onto_tile,
    placement,
    seat_actions,
    actions,
    taming,
    feeding,
    end_round,
    OVER,
    play_rounds,
)
# --- end engine ---
# isort: on


# --- play-outs: a game played on from the middle of a round (search, advice) ----------------
#
# The play-on functions and the branch primitives are spliced, like play_rounds: the round loop
# is then pasted into whatever calls the branch (the search's candidate scoring, the advice's
# play_out_decision). Reached through them as calls, the same rounds ran about a tenth slower
# than in whole games (play-outs / whole games 0.90-0.92; spliced 1.00-1.01, the same games;
# docs/design.md, section 13).


@splice
def play_on(st, g, seats, scratch, players, rounds):
    """Play on from the end of a round's actions: its taming, feeding and end, then at most
    ``rounds`` more whole rounds; True when the game is over (not scored yet)."""
    sids, tids, pbase, ptame = seats
    streams, buf, work, notes = scratch
    taming(st, g, seats, streams, players, False, work)
    feeding(st, g, sids, pbase, streams, players, buf)
    if not end_round(st, g, players):
        return True
    status = play_rounds(st, g, seats, scratch, players, False, False, rounds)
    return status == OVER


@splice
def play_on_after_placement(st, g, p, seats, scratch, players, rounds):
    """Play on from right after seat ``p``'s placement turn: placement goes on clockwise from
    the next seat (every seat's phase notes start afresh), then the round's actions and
    :func:`play_on`; True when the game is over."""
    streams, buf, work, notes = scratch
    following = p + 1 if p + 1 < players else 0
    placement(st, g, following, seats, streams, players, work, notes)
    actions(st, g, 0, seats, streams, players, buf, work)
    return play_on(st, g, seats, scratch, players, rounds)


@splice
def play_on_after_commit(st, g, p, seats, scratch, players, rounds):
    """Play on from right after seat ``p``'s commitment: its places still marked in
    ``work[W_PENDING]`` (in its own order), the later seats' actions, then :func:`play_on`;
    True when the game is over."""
    streams, buf, work, notes = scratch
    seat_actions(st, g, p, seats, streams, players, buf, work, work[W_PENDING])
    start = st.game[g, I_START_PLAYER]
    turn = p - start + players * (p < start)  # (p - start) % players
    actions(st, g, turn + 1, seats, streams, players, buf, work)
    return play_on(st, g, seats, scratch, players, rounds)


@hot
def fork(src, g, dst, h, key, i, redeal, scratch):
    """Copy game ``g`` of ``src`` into row ``h`` of ``dst`` and seed the scratch's streams for
    play-out ``i`` of the decision keyed ``key``; with ``redeal``, first re-deal what the seats
    cannot see (:func:`sim.hidden.redeal_hidden`) from those streams.

    Every option forked with the same ``(key, i)`` meets the same re-deal and the same streams:
    the options' play-outs differ only through the option (common random numbers).
    """
    streams = scratch[0]
    copy_game(src, g, dst, h)
    if redeal:
        seed_branch(streams, key, i)
        redeal_hidden(dst, h, streams[Purpose.SHUFFLE], scratch[2][W_SHUFFLE])
    seed_branch(streams, key, i)


@splice
def branch_placement(src, g, dst, h, move, playout, seats, rounds, scratch):
    """The branch primitive at a placement: copy game ``g`` of ``src`` into row ``h`` of ``dst``
    (:func:`fork`, ``playout`` being its ``(key, i, redeal)``), make the ``move``
    ``(p, area, count)``: place ``count`` of seat ``p``'s people on ``area``, and play on for at
    most ``rounds`` rounds with the seats' own hooks (the kernel's dispatchers); True when the
    game is over (not scored yet)."""
    p, area, count = move
    key, i, redeal = playout
    fork(src, g, dst, h, key, i, redeal, scratch)
    players = np.int64(dst.game[h, I_PLAYERS])
    place_people(dst, h, p, area, count)
    return play_on_after_placement(dst, h, p, seats, scratch, players, rounds)


@splice
def branch_commit(src, g, dst, h, move, playout, seats, rounds, scratch):
    """The branch primitive at a commitment: copy game ``g`` (:func:`fork`, ``playout`` being
    its ``(key, i, redeal)``), make the ``move`` ``(p, figures, pending)``: move ``figures`` of
    seat ``p``'s people onto the tile (paid as the seat's hooks choose), then play on from its
    places still ``pending`` (1 per area) for at most ``rounds`` rounds; True when the game is
    over (not scored yet)."""
    sids, tids, pbase, ptame = seats
    streams, buf, work, notes = scratch
    p, figures, pending = move
    key, i, redeal = playout
    fork(src, g, dst, h, key, i, redeal, scratch)
    players = np.int64(dst.game[h, I_PLAYERS])
    for a in range(N_AREAS):
        work[W_PENDING, a] = pending[a]
    move_onto_tile(dst, h, p, sids[p], pbase[p], streams[Purpose.STRATEGY + p], figures, buf)
    return play_on_after_commit(dst, h, p, seats, scratch, players, rounds)
