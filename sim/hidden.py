"""What the seats cannot see, and its re-deal for play-outs from the middle of a game.

Hidden at any moment (docs/rules.md A1, A6, B1): the order of the civilization deck below the cards
drawn, the building tiles under the visible stack tops (with 2 or 3 players also the stacks left
in the box) and the order of the mammoth pile, of which only the next tile's back is public.
A play-out that starts from a real game must not use the real order of these, so it re-deals
them first (:func:`redeal_hidden`); the search and the advice's branches do.
"""

from __future__ import annotations

import numpy as np

from sim.constants import N_BUILDINGS, N_CARDS, STACK_SIZE, T_BACK
from sim.jit import hot
from sim.rng import below, shuffle
from sim.state import (
    DECK,
    I_DECK_POS,
    I_N_STACKS,
    I_N_TILES,
    I_TILE_POS,
    STACK_TAKEN,
    STACKS,
    TILE_PILE,
    TILES,
)


@hot
def redeal_hidden(st, h, stream, scratch):
    """Re-deal, in game ``h`` (a private copy), everything its seats cannot see.

    The deck below the drawn cards is shuffled; the building tiles under the visible stack tops
    are re-dealt from every tile not seen yet; the mammoth pile is re-dealt with the next tile's
    back kept: that tile is drawn uniformly among the unseen tiles with the same back.

    Parameters
    ----------
    st : GameState
        The copy to re-deal.
    h : int
        Its row.
    stream : numpy.ndarray
        The random stream to draw from.
    scratch : numpy.ndarray
        An int64 work row of at least ``2 * N_BUILDINGS`` entries.
    """
    pos = np.int64(st.game[h, I_DECK_POS])
    if pos < N_CARDS - 1:
        shuffle(stream, st.game[h, DECK + pos : DECK + N_CARDS])
    # buildings: flags of the tiles seen, then the unseen ones listed
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
        back = st.data[TILES + st.game[h, TILE_PILE + pos], T_BACK]
        same = 0
        for i in range(pos, end):
            if st.data[TILES + st.game[h, TILE_PILE + i], T_BACK] == back:
                same += 1
        pick = below(stream, same)
        for i in range(pos, end):
            if st.data[TILES + st.game[h, TILE_PILE + i], T_BACK] == back:
                if pick == 0:
                    tile = st.game[h, TILE_PILE + i]
                    st.game[h, TILE_PILE + i] = st.game[h, TILE_PILE + pos]
                    st.game[h, TILE_PILE + pos] = tile
                    break
                pick -= 1
        if end - pos >= 3:
            shuffle(stream, st.game[h, TILE_PILE + pos + 1 : TILE_PILE + end])
