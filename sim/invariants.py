"""Debug mode: invariants checked after every phase of every game.

:func:`check` returns 0 when all hold, else the code of the first broken one; the engine records
the phase and code in ``info`` and stops the game, and the Python shell raises with the game
index, phase and message (:data:`MESSAGES`, :data:`PHASES`).
"""

from __future__ import annotations

import numpy as np

from sim.constants import (
    MAX_AGRICULTURE,
    MAX_PEOPLE,
    MAX_TOOL_SLOT,
    N_AREAS,
    N_CARD_SPACES,
    N_CARDS,
    N_GOODS,
    START_PEOPLE,
)
from sim.jit import hot
from sim.state import (
    AGRICULTURE,
    DISPLAY,
    GOODS,
    H_TILES_WON,
    HERD,
    I_DECK_POS,
    I_N_STACKS,
    I_N_TILES,
    I_PLAYERS,
    I_PRIZE,
    I_TILE_POS,
    I_TILES_BOXED,
    N_BUILDINGS_HELD,
    N_CARDS_HELD,
    N_PARTS,
    PARTS,
    PEOPLE,
    PLACED,
    SCORE,
    STACK_TAKEN,
    TOOLS,
)

PHASES = ("none", "set-up", "placement", "actions", "taming", "feeding", "new round", "scoring")
SETUP, PLACEMENT, ACTIONS, TAMING, FEEDING, NEW_ROUND, SCORING = 1, 2, 3, 4, 5, 6, 7

MESSAGES = (
    "ok",
    "a negative stock of food or a resource",
    "people outside 5..10",
    "agriculture outside 0..10",
    "a tool slot outside 0..4 or slots more than 1 apart (raise-the-lowest rule)",
    "civilization cards not conserved (held + on display + in the deck != 36)",
    "building tiles not conserved (held != taken from the stacks)",
    "mammoth tiles not conserved (won + boxed + prize + left in the pile != pile size)",
    "score parts do not add up to the score",
    "people placed exceed people held",
)


@hot
def check(st, g, phase):
    """Return 0 if every invariant holds for game ``g``, else the first broken one's code."""
    players = np.int64(st.game[g, I_PLAYERS])
    cards_held = 0
    buildings_held = 0
    tiles_won = 0
    for p in range(players):
        for r in range(N_GOODS):
            if st.seat[g, p, GOODS + r] < 0:
                return 1
        if st.seat[g, p, PEOPLE] < START_PEOPLE or st.seat[g, p, PEOPLE] > MAX_PEOPLE:
            return 2
        if st.seat[g, p, AGRICULTURE] < 0 or st.seat[g, p, AGRICULTURE] > MAX_AGRICULTURE:
            return 3
        lo = 99
        hi = -1
        for s in range(3):
            v = st.seat[g, p, TOOLS + s]
            lo = min(lo, v)
            hi = max(hi, v)
        if lo < 0 or hi > MAX_TOOL_SLOT or hi - lo > 1:
            return 4
        cards_held += st.seat[g, p, N_CARDS_HELD]
        buildings_held += st.seat[g, p, N_BUILDINGS_HELD]
        tiles_won += st.seat[g, p, HERD + H_TILES_WON]
        placed = 0
        for a in range(N_AREAS):
            placed += st.seat[g, p, PLACED + a]
        if placed > st.seat[g, p, PEOPLE]:
            return 9
    on_display = 0
    for s in range(N_CARD_SPACES):
        if st.game[g, DISPLAY + s] >= 0:
            on_display += 1
    if cards_held + on_display + N_CARDS - st.game[g, I_DECK_POS] != N_CARDS:
        return 5
    taken = 0
    for s in range(st.game[g, I_N_STACKS]):
        taken += st.game[g, STACK_TAKEN + s]
    if taken != buildings_held:
        return 6
    prize = 1 if st.game[g, I_PRIZE] >= 0 else 0
    left = st.game[g, I_N_TILES] - st.game[g, I_TILE_POS]
    if tiles_won + st.game[g, I_TILES_BOXED] + prize + left != st.game[g, I_N_TILES]:
        return 7
    if phase == SCORING:
        for p in range(players):
            total = 0
            for k in range(N_PARTS):
                total += st.seat[g, p, PARTS + k]
            if total != st.seat[g, p, SCORE]:
                return 8
    return 0
