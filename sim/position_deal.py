"""The mammoth tiles of the earlier rounds of a position that gives them as a count only
(``herd.out = 8``, docs/positions.md), dealt for one play-out.

Nobody remembers which tiles went: what the table shows is this round's tile and the back of
the pile's next one. Every play-out therefore deals them anew, as it re-deals what nobody can
see (:func:`sim.hidden.redeal_hidden`): the pile's next tile uniformly among the tiles not on
the herd with the back it shows, then the earlier tiles uniformly among the others, the rest
making the pile (the play-out's re-deal then orders it). The deal is keyed by the analysis's
seed and the play-out's index, so it is the same for every option of that play-out (common
random numbers) and on any chunking, worker or backend.
"""

from __future__ import annotations

import dataclasses
import functools

import numpy as np

from sim.constants import T_BACK
from sim.data import load_tiles
from sim.position_model import Position
from sim.state import I_N_TILES, I_PRIZE, I_TILE_POS, TILE_PILE

DEAL_SALT = 0x7E1E5
"""Mixed into the deal's seed, apart from every other stream of the analysis."""


@functools.lru_cache(maxsize=4)
def _backs(tiles: str) -> np.ndarray:
    """Each tile's back in the tile set ``tiles`` (read once)."""
    return load_tiles(tiles)[:, T_BACK].copy()


def deal_earlier(position: Position, seed: int, index: int) -> Position:
    """The position with its earlier tiles (and so its pile) dealt for play-out ``index``.

    Parameters
    ----------
    position : Position
        A position whose earlier tiles are a count (``earlier_unknown``); any other is returned
        as it is.
    seed : int
        The analysis's seed.
    index : int
        The play-out.

    Returns
    -------
    Position
        A copy holding the deal.
    """
    if not position.earlier_unknown:
        return position
    game = position.game.copy()
    pos, end = int(game[I_TILE_POS]), int(game[I_N_TILES])
    prize = int(game[I_PRIZE])
    earlier = pos - (prize >= 0)
    others = [int(t) for t in game[TILE_PILE : TILE_PILE + end] if int(t) != prize]
    rng = np.random.default_rng([seed, index, DEAL_SALT])
    backs = _backs(position.rules.tiles)
    nxt = []
    if pos < end:  # the pile's next tile shows its back
        shown = backs[int(game[TILE_PILE + pos])]
        same = [t for t in others if backs[t] == shown]
        nxt = [same[int(rng.integers(len(same)))]]
    rest = [t for t in others if t not in nxt]
    order = [rest[k] for k in rng.permutation(len(rest))]
    dealt = order[:earlier] + ([prize] if prize >= 0 else []) + nxt + order[earlier:]
    game[TILE_PILE : TILE_PILE + end] = dealt
    return dataclasses.replace(position, game=game)


__all__ = ["DEAL_SALT", "deal_earlier"]
