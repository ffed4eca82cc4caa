"""Final scoring (docs/rules.md A7, B2.5): score parts, the mammoth majority, ranks, tie-break."""

from __future__ import annotations

import numpy as np

from sim.constants import N_CULTURE_SYMBOLS
from sim.jit import hot
from sim.rules import Flag
from sim.state import (
    AGRICULTURE,
    CHOICE_TOKENS,
    CULTURE,
    FIGURES,
    FLAGS,
    GOODS,
    HERD,
    I_MAJORITY_CHANGED,
    I_PLAYERS,
    N_BUILDINGS_HELD,
    N_PARTS,
    P_CULTURE,
    P_FARMER,
    P_HUTBUILDER,
    P_MAMMOTH,
    P_RESOURCE,
    P_SHAMAN,
    P_TOOLMAKER,
    PARTS,
    PEOPLE,
    RANK,
    SCORE,
    TOOLS,
)

FARMER, TOOLMAKER, HUTBUILDER, SHAMAN = 1, 2, 3, 4


@hot
def culture_points(culture_row):
    """Points of green cards: each set of distinct symbols scores its size squared."""
    total = 0
    layer = 1
    while True:
        size = 0
        for s in range(N_CULTURE_SYMBOLS):
            if culture_row[s] >= layer:
                size += 1
        if size == 0:
            return total
        total += size * size
        layer += 1


@hot(inline=True)
def tie_break(st, g, p):
    """Agriculture + tool-slot total + people (docs/rules.md A7)."""
    return (
        st.seat[g, p, AGRICULTURE]
        + st.seat[g, p, TOOLS]
        + st.seat[g, p, TOOLS + 1]
        + st.seat[g, p, TOOLS + 2]
        + st.seat[g, p, PEOPLE]
    )


@hot
def _ranks(st, g, players, include_mammoth, out):
    """Fill ``out[p]`` with ranks (1 best; equal score and tie-break share a rank)."""
    for p in range(players):
        better = 0
        sp = st.seat[g, p, SCORE] - (0 if include_mammoth else st.seat[g, p, PARTS + P_MAMMOTH])
        tp = tie_break(st, g, p)
        for q in range(players):
            sq = st.seat[g, q, SCORE] - (0 if include_mammoth else st.seat[g, q, PARTS + P_MAMMOTH])
            tq = tie_break(st, g, q)
            if sq > sp or (sq == sp and tq > tp):
                better += 1
        out[p] = better + 1


@hot
def final_scoring(st, g, tiles_won_col, scratch):
    """Score a finished game: end-of-game parts, the mammoth majority, score and rank.

    Leftover "resources of choice" tokens (switch ``keep``) count as resources. ``scratch`` is an
    int64 work row of at least 4 entries.
    """
    players = np.int64(st.game[g, I_PLAYERS])
    for p in range(players):
        st.seat[g, p, PARTS + P_CULTURE] = culture_points(st.seat[g, p, CULTURE : CULTURE + 8])
        tools = st.seat[g, p, TOOLS] + st.seat[g, p, TOOLS + 1] + st.seat[g, p, TOOLS + 2]
        st.seat[g, p, PARTS + P_FARMER] = (
            st.seat[g, p, FIGURES + FARMER] * st.seat[g, p, AGRICULTURE]
        )
        st.seat[g, p, PARTS + P_TOOLMAKER] = st.seat[g, p, FIGURES + TOOLMAKER] * tools
        st.seat[g, p, PARTS + P_HUTBUILDER] = (
            st.seat[g, p, FIGURES + HUTBUILDER] * st.seat[g, p, N_BUILDINGS_HELD]
        )
        st.seat[g, p, PARTS + P_SHAMAN] = st.seat[g, p, FIGURES + SHAMAN] * st.seat[g, p, PEOPLE]
        st.seat[g, p, PARTS + P_RESOURCE] = (
            st.seat[g, p, GOODS + 1]
            + st.seat[g, p, GOODS + 2]
            + st.seat[g, p, GOODS + 3]
            + st.seat[g, p, GOODS + 4]
            + st.seat[g, p, CHOICE_TOKENS]
        )
        st.seat[g, p, PARTS + P_MAMMOTH] = 0
    if st.data[FLAGS, Flag.HERD] != 0:
        most = 0
        for p in range(players):
            most = max(most, st.seat[g, p, HERD + tiles_won_col])
        if most >= st.data[FLAGS, Flag.MAMMOTH_MIN_TILES]:
            for p in range(players):
                if st.seat[g, p, HERD + tiles_won_col] == most:
                    st.seat[g, p, PARTS + P_MAMMOTH] = st.data[FLAGS, Flag.MAMMOTH_POINTS]
    for p in range(players):
        total = 0
        for k in range(N_PARTS):
            total += st.seat[g, p, PARTS + k]
        st.seat[g, p, SCORE] = total
    # both rankings go through the int64 scratch: one compiled _ranks, not one per out type
    ranks = scratch[:players]
    _ranks(st, g, players, True, ranks)
    for p in range(players):
        st.seat[g, p, RANK] = ranks[p]
    _ranks(st, g, players, False, ranks)  # now the ranks without the mammoth points
    changed = 0
    for p in range(players):
        if (ranks[p] == 1) != (st.seat[g, p, RANK] == 1):
            changed = 1
    st.game[g, I_MAJORITY_CHANGED] = changed


@hot
def share_and_margin(st, g, seat, players):
    """What a scored game gives ``seat``: its share of the win (1 over the number of seats ranked
    first, if it is one of them; 0 otherwise) and its final margin over the best other seat."""
    first = 0
    best_other = -(10**9)
    for q in range(players):
        first += st.seat[g, q, RANK] == 1
        if q != seat:
            best_other = max(best_other, np.int64(st.seat[g, q, SCORE]))
    share = 1.0 / first if st.seat[g, seat, RANK] == 1 else 0.0
    return share, float(st.seat[g, seat, SCORE] - best_other)
