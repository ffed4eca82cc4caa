"""``majority``: ``ev`` with the tile valued by its effect on the mammoth majority.

Commitment, bonus choice and the placement estimate are those of :mod:`strategies.taming_ev`
(the figures' costs and the bonuses from the base strategy, see :mod:`strategies.herd_values`);
only the tile's value differs. Keeping this round's tile is
worth ``tile_weight * mammoth_points * (P(majority | tiles + 1) - P(majority | tiles))``, where
``P`` is computed exactly under a simple model of the rest of the game: each tile still in the
pile is boxed with probability ``box`` and otherwise won by a uniformly random seat; a seat
scores with the most tiles (at least the rules' minimum, ties all score; docs/rules.md B2.5).
"""

from __future__ import annotations

from sim.constants import V_ALL, V_FIRST
from sim.jit import hot
from sim.rules import Flag
from sim.state import FLAGS, H_TILES_WON, HERD, I_N_TILES, I_PLAYERS, I_TILE_POS
from strategies.herd_values import (
    COMMON_LIMITS,
    COMMON_PARAMS,
    OWN_WEIGHT,
    WEIGHT_LIMIT,
    commitment,
    contest_value,
    current_tile,
    majority_chance,
    weighed,
)
from strategies.params import Limit, Positions

DESCRIPTION = (
    "expected-value commitment; the tile is valued by how it moves the seat's exact chance of "
    "the mammoth majority (later tiles boxed or won by a uniformly random seat)"
)
PARAMS = {
    **COMMON_PARAMS,
    "box": 0.1,  # probability a later tile is boxed (nobody on it, or a draw) in the model
    "tile_weight": 1.0,  # weight on the tile's majority value
    # the share of the contest's expected points the placement weighs it at, at every table
    # size; -1: the base strategy's own herd weight (:func:`strategies.herd_values.weighed`)
    "weight": OWN_WEIGHT,
}
LIMITS = {**COMMON_LIMITS, "box": Limit(0, 1), "tile_weight": Limit(0), "weight": WEIGHT_LIMIT}
_AT = Positions(PARAMS, shared=COMMON_PARAMS)
BOX = _AT["box"]
TILE_WEIGHT = _AT["tile_weight"]
WEIGHT = _AT["weight"]
_AT.check_every_key()


@hot
def majority_gain(st, g, seat, box):
    """P(majority | one more tile) - P(majority | as now), for ``seat`` (see module notes)."""
    players = st.game[g, I_PLAYERS]
    left = max(0, st.game[g, I_N_TILES] - st.game[g, I_TILE_POS])
    mine = int(st.seat[g, seat, HERD + H_TILES_WON])
    t1 = 0
    t2 = 0
    t3 = 0
    n = 0
    for q in range(players):
        if q == seat:
            continue
        tiles = int(st.seat[g, q, HERD + H_TILES_WON])
        if n == 0:
            t1 = tiles
        elif n == 1:
            t2 = tiles
        else:
            t3 = tiles
        n += 1
    min_tiles = st.data[FLAGS, Flag.MAMMOTH_MIN_TILES]
    more = majority_chance(mine + 1, t1, t2, t3, left, players, box, min_tiles)
    now = majority_chance(mine, t1, t2, t3, left, players, box, min_tiles)
    return more - now


@hot
def tile_value(st, g, seat, params):
    """Points of keeping this round's tile: the majority points times the gain in chance."""
    points = st.data[FLAGS, Flag.MAMMOTH_POINTS]
    if points == 0:
        return 0.0
    return params[TILE_WEIGHT] * points * majority_gain(st, g, seat, params[BOX])


@hot
def herd_value(st, g, seat, params, rng, values):
    """Expected net points of the contest with the best commitment of the people it would place,
    weighed at ``weight`` where it is set (:func:`strategies.herd_values.weighed`)."""
    if current_tile(st, g) < 0:
        return 0.0
    value = contest_value(st, g, seat, params, values, tile_value(st, g, seat, params))
    return weighed(value, params[WEIGHT], values)


@hot
def commit_figures(st, g, seat, params, rng, available, values):
    """The commitment with the best expected net points (ties toward fewer)."""
    if current_tile(st, g) < 0 or available <= 0:
        return 0
    return commitment(st, g, seat, params, available, values, tile_value(st, g, seat, params))


@hot
def take_first_bonus(st, g, seat, params, rng, values):
    """The "1." bonus iff it is worth at least the "all" bonus."""
    return current_tile(st, g) < 0 or values[V_FIRST] >= values[V_ALL]
