"""The engine's analysis entry: every option of a position's decision played out
(``analyse_rows``; :mod:`sim.analysing` is its Python shell).

A part of the engine: the kernel builder (:mod:`sim.kernel`) appends this module's code after
:mod:`sim.engine`'s in every kernel, where the names of the block marked below are the kernel's
own; imported as written it plays the default hooks, as :mod:`sim.engine` does.
"""

import numpy as np
from numba import njit

from sim.board import (
    legal_places_from,
    occupancy,
    place_people,
)
from sim.constants import (
    MAX_PLAYERS,
    MAX_ROUNDS,
    N_AREAS,
    V_HERD,
    VALUES_WIDTH,
)
from sim.engine_layout import (
    W_HI,
    W_LO,
    W_OCCUPANCY,
    W_PENDING,
)
from sim.jit import hot
from sim.rng import (
    Purpose,
)
from sim.scoring import share_and_margin
from sim.situation import (
    PLACE_DECISION,
)
from sim.stack import stack_f64
from sim.state import (
    H_ON_TILE,
    HERD,
    I_HERD_AREA,
    I_PLAYERS,
    N_GAME,
    N_SEAT,
    PLACED,
    GameState,
)

# isort: off
# --- engine: the kernel builder leaves this block out (in a kernel these are its own) ---
from sim.dispatch import (
    hook_herd_value,
    hook_place,
    hook_value_goods,
    taming_reads_values,
)
from sim.engine import (
    commit,
    herd_people_now,
    herd_place,
    move_onto_tile,
    score_game,
    new_scratch,
)
from sim.engine_playouts import (
    fork,
)
from sim.engine_advice import (
    resume,
)
# --- end engine ---
# isort: on


# --- analysis: every option of a position's decision played out (sim.analysing) -------------

CHOICE_BRANCH = 1 << 40  # the play-out index whose streams ask the seat's own choice (never played)


@hot
def seat_place(st, g, p, seats, scratch, close_herd):
    """Where seat ``p``'s place hook puts people at its placement turn, valuing the herd as at a
    turn of its own, the herd's area closed to it with ``close_herd``; an illegal answer is the
    engine's first legal place, as in :func:`placement`. Returns the area and the people, or
    ``(-1, 0)`` when no place is open; places nothing."""
    sids, tids, pbase, ptame = seats
    streams, buf, work, notes = scratch
    players = np.int64(st.game[g, I_PLAYERS])
    lo = work[W_LO]
    hi = work[W_HI]
    occ = work[W_OCCUPANCY]
    occupancy(st, g, players, occ)
    legal_places_from(st, g, p, players, occ, lo, hi)
    herd_value = field_herd_value(st, g, p, seats, streams, hi)
    herd_area = st.game[g, I_HERD_AREA]
    if close_herd and herd_area >= 0:
        lo[herd_area] = 0
        hi[herd_area] = 0
    notes[p, 1] = 0.0  # the place hook's memo: a phase of its own
    rng = streams[Purpose.STRATEGY + p]
    people = herd_people_now(st, g, p, seats, rng, hi, False)
    area, count = -1, 0
    if people <= 0:
        area, count = hook_place(sids[p], st, g, p, pbase[p], rng, lo, hi, herd_value, notes[p, 1:])
    area, count = herd_place(st, g, people, area, count, lo, hi)
    if area < 0 or area >= N_AREAS or hi[area] == 0 or count < lo[area] or count > hi[area]:
        area = -1
        count = 0
        for a in range(N_AREAS):
            if hi[a] > 0:
                area = a
                count = hi[a]
                break
    return area, count


@hot
def place_elsewhere(st, g, p, seats, scratch):
    """Seat ``p``'s placement turn away from the herd's area (:func:`seat_place` with the area
    closed); nothing is placed when it has no other place."""
    area, count = seat_place(st, g, p, seats, scratch, True)
    if area >= 0:
        place_people(st, g, p, area, count)


@hot(inline=True)
def field_herd_value(st, g, p, seats, streams, hi):
    """The herd value seat ``p``'s taming policy gives this round at a placement turn (0 when
    the herd's area is closed to it), asked as :func:`placement` asks it."""
    sids, tids, pbase, ptame = seats
    herd_area = st.game[g, I_HERD_AREA]
    if herd_area < 0 or hi[herd_area] == 0:
        return 0.0
    rng = streams[Purpose.STRATEGY + p]
    values = stack_f64(VALUES_WIDTH)
    if taming_reads_values(tids[p]):
        values[V_HERD] = 1.0
        hook_value_goods(sids[p], st, g, p, pbase[p], rng, values, hi[herd_area])
    return hook_herd_value(tids[p], st, g, p, ptame[p], rng, values)


@hot
def field_choice(src, decision, key, seats, copy, scratch):
    """What seat ``decision[0]``'s own player does at the position's decision (its hooks asked
    once, on a copy, with the streams of play-out :data:`CHOICE_BRANCH`): the figures it
    commits, or at a placement turn the people it puts on the herd's area (0: elsewhere)."""
    streams, buf, work, _ = scratch
    p = decision[0]
    fork(src, 0, copy, 0, key, CHOICE_BRANCH, False, scratch)
    herd_area = copy.game[0, I_HERD_AREA]
    if decision[1] == PLACE_DECISION:
        area, count = seat_place(copy, 0, p, seats, scratch, False)
        return count if area == herd_area else 0
    available = np.int64(copy.seat[0, p, PLACED + herd_area])
    values = stack_f64(VALUES_WIDTH)
    commit(copy, 0, p, seats, streams, available, buf, values, work)
    return np.int64(copy.seat[0, p, HERD + H_ON_TILE])


@njit(cache=True, nogil=True)
def analyse_rows(src, decision, options, key, lo, hi, seats, out, choice):
    """Play out every option of a position's decision, play-outs ``lo``..``hi - 1``.

    Parameters
    ----------
    src : GameState
        One row: the game at the decision.
    decision : numpy.ndarray
        int64: the seat deciding, the kind (:data:`~sim.situation.COMMIT_DECISION` or
        :data:`~sim.situation.PLACE_DECISION`), 1 to re-deal what the seats cannot see, then
        a commitment's places still to resolve (1 per area).
    options : numpy.ndarray
        int64, one per option: the figures committed; at a placement, the people put on the
        herd's area (0: elsewhere, :func:`place_elsewhere`).
    key : uint64
        The position's key: play-out ``i`` of every option meets the same re-deal and the same
        random streams (:func:`fork`; common random numbers).
    lo, hi : int
        The play-outs to play.
    seats : tuple
        ``(sids, tids, pbase, ptame)``: each seat's strategy ids and parameter rows.
    out : numpy.ndarray
        float64 ``(options, 2, hi - lo)``: each play-out's win share and final margin of the
        deciding seat.
    choice : numpy.ndarray
        int64, one entry: with ``lo == 0``, the option its own player takes
        (:func:`field_choice`).
    """
    sids, tids, pbase, ptame = seats
    scratch = new_scratch()
    streams, buf, work, notes = scratch
    copy = GameState(
        np.zeros((1, N_GAME), dtype=np.int16),
        np.zeros((1, MAX_PLAYERS, N_SEAT), dtype=np.int16),
        src.data,
        src.odds,
        src.log[:0],
    )
    p = decision[0]
    kind = decision[1]
    redeal = decision[2] != 0
    players = np.int64(src.game[0, I_PLAYERS])
    following = p + 1 if p + 1 < players else 0
    if lo == 0:
        choice[0] = field_choice(src, decision, key, seats, copy, scratch)
    for j in range(options.shape[0]):
        option = options[j]
        for i in range(lo, hi):
            fork(src, 0, copy, 0, key, i, redeal, scratch)
            who = p
            if kind == PLACE_DECISION:
                who = following
                if option > 0:
                    place_people(copy, 0, p, copy.game[0, I_HERD_AREA], option)
                else:
                    place_elsewhere(copy, 0, p, seats, scratch)
            else:
                for a in range(N_AREAS):
                    work[W_PENDING, a] = decision[3 + a]
                rng = streams[Purpose.STRATEGY + p]
                move_onto_tile(copy, 0, p, sids[p], pbase[p], rng, option, buf)
            resume(copy, 0, who, kind, seats, scratch, players, MAX_ROUNDS)
            score_game(copy, 0, work)
            share, margin = share_and_margin(copy, 0, p, players)
            out[j, 0, i - lo] = share
            out[j, 1, i - lo] = margin
