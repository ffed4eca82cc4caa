"""The engine's entries for real games, and their one game loop (:func:`play_batch`):
``play_rows`` (a range of rows of a batch, each game seated from its line-up), the timed
variant's ``play_rows_timed`` (the same games plus the cycles of each part of them:
``sim.engine.TIMING``, the bench's breakdown) and the advice's ``advise_rows`` (the same games,
every decision they noted played out after each: :mod:`sim.engine_advice`).

A part of the engine: the kernel builder (:mod:`sim.kernel`) appends this module's code after
:mod:`sim.engine`'s in every kernel, where the names of the block marked below are the kernel's
own; imported as written it plays the default hooks, as :mod:`sim.engine` does.
"""

import numpy as np
from numba import njit

from sim.constants import MAX_PLAYERS
from sim.engine_layout import (
    N_TIMERS,
    T_CALIBRATE,
    W_LAPS,
    W_TIMES,
)
from sim.jit import hot, splice
from sim.state import (
    I_PLAYERS,
    N_GAME,
    N_SEAT,
    GameState,
)

# isort: off
# --- engine: the kernel builder leaves this block out (in a kernel these are its own) ---
from sim.engine import (
    _clock,
    _lap,
    play_game,
    new_scratch,
)
from sim.engine_advice import (
    play_out_decisions,
)
# --- end engine ---
# isort: on


@hot(inline=True)
def seat_slots(g, players, lineups, slots, seats):
    """Fill the seat arrays of row ``g`` from its line-up: each seat's strategy id, taming
    policy id and parameter rows, taken from the slot ``lineups[g, seat]``."""
    sids, tids, pbase, ptame = slots
    seat_sids, seat_tids, seat_pbase, seat_ptame = seats
    for p in range(players):
        slot = lineups[g, p]
        seat_sids[p] = sids[slot]
        seat_tids[p] = tids[slot]
        for c in range(pbase.shape[1]):  # element by element: a @hot function allocates nothing
            seat_pbase[p, c] = pbase[slot, c]
        for c in range(ptame.shape[1]):
            seat_ptame[p, c] = ptame[slot, c]


# The one game loop: every entry that plays real games runs it, spliced (numba's IR inlining)
# into the entry with the entry's own arguments. Where the entry passes ``advice=None``, numba's
# dead-branch pruning (after inlining, before typing) drops the advice's branch, so play_rows and
# play_rows_timed compile none of the advice. Were the branch ever kept, typing it (None unpacked
# as the advice's tuple) would fail their compile: it cannot slip into them unnoticed.
@splice
def play_batch(st, lo, hi, first_game, games, debug, scratch, advice):
    """Play rows ``lo``..``hi - 1`` of the batch, each seated from its line-up; row ``g`` is
    game ``first_game + g``.

    Parameters
    ----------
    st : GameState
        The batch (its rows freshly allocated).
    lo, hi : int
        The rows to play.
    first_game : int
        The global index of row 0: with the seed's words it keys each game's random streams.
    games : tuple
        The run as the kernel takes it, ``(words, lineups, slots, dice_contest)``
        (:meth:`sim.run.Run.kernel_games`): the seed's words, ``lineups[g, seat]`` the strategy
        slot of each seat, ``slots`` the ``(sids, tids, pbase, ptame)`` indexed by slot
        (:func:`sim.run.pack_slots`), and whether the taming dice are rolled.
    debug : bool
        Check the invariants after every phase (:func:`play_game`).
    scratch : tuple
        The work arrays of :func:`new_scratch`, reused for every game.
    advice : tuple or None
        None: the games only. Else ``(playouts, clock, copy, branch_scratch)``: after each game,
        play out every decision it noted (:func:`play_out_decisions`).
    """
    words, lineups, slots, dice_contest = games
    sids, tids, pbase, ptame = slots
    players = np.int64(st.game[lo, I_PLAYERS]) if hi > lo else 0
    seat_sids = np.zeros(4, dtype=np.int64)  # allocated in the entry it is spliced into
    seat_tids = np.zeros(4, dtype=np.int64)
    seat_pbase = np.zeros((4, pbase.shape[1]), dtype=np.float64)
    seat_ptame = np.zeros((4, ptame.shape[1]), dtype=np.float64)
    seats = (seat_sids, seat_tids, seat_pbase, seat_ptame)
    for g in range(lo, hi):
        seat_slots(
            g,
            players,
            lineups,
            slots,
            seats,
        )
        play_game(
            st,
            g,
            first_game + g,
            words,
            seats,
            debug,
            dice_contest,
            scratch,
        )
        if advice is not None:
            play_out_decisions(st, g, first_game + g, words, seats, advice)


@njit(cache=True, nogil=True)
def play_rows(st, lo, hi, first_game, games, debug):
    """Play rows ``lo``..``hi - 1`` of the batch; row ``g`` is game ``first_game + g``
    (:func:`play_batch`, the one game loop).

    ``games`` is the run as the kernel takes it, ``(words, lineups, slots, dice_contest)``
    (:meth:`sim.run.Run.kernel_games`). Games are independent and keyed by their global index,
    so threads (each given a range of rows; the GIL is released) and batch boundaries never
    change a result. ``debug`` checks the invariants after every phase (:func:`play_game`).
    """
    play_batch(st, lo, hi, first_game, games, debug, new_scratch(), None)


@njit(cache=True, nogil=True)
def play_rows_timed(st, lo, hi, first_game, games, debug, times):
    """:func:`play_rows` of the timed variant (``TIMING``): the same games, and ``times[0, T_*]``
    gets the cycles spent in each part of them, ``times[1, T_*]`` how many times it was timed.

    ``T_CALIBRATE`` holds empty laps (a timer around nothing), the cost of a timer itself. In a
    kernel built without ``TIMING`` every entry stays 0. Compiled only when called: only the
    bench's breakdown calls it, on the timed kernel.
    """
    scratch = new_scratch()
    work = scratch[2]
    for _ in range(1000):
        _lap(work, T_CALIBRATE, _clock())
    play_batch(st, lo, hi, first_game, games, debug, scratch, None)
    for k in range(N_TIMERS):
        times[0, k] += work[W_TIMES, k]
        times[1, k] += work[W_LAPS, k]


@njit(cache=True, nogil=True)
def advise_rows(st, lo, hi, first_game, games, playouts, clock):
    """Play rows ``lo``..``hi - 1`` of an advice batch as :func:`play_rows` does (``games`` as
    there; no invariant checks), noting the decisions in ``st.log``; after each game, play out
    every decision it noted (:func:`play_out_decisions`, ``playouts`` continuations per option,
    ``clock`` the situation's rounds-left clock).

    The real games are the games :func:`play_rows` plays (noting a decision changes nothing in
    them), through the same loop (:func:`play_batch`).
    """
    copy = GameState(
        np.zeros((1, N_GAME), dtype=np.int16),
        np.zeros((1, MAX_PLAYERS, N_SEAT), dtype=np.int16),
        st.data,
        st.odds,
        st.log[:0],  # a play-out notes no decision
    )
    advice = (playouts, clock, copy, new_scratch())
    play_batch(st, lo, hi, first_game, games, False, new_scratch(), advice)
