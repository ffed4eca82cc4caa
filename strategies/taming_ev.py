"""``ev``: commit the number of figures with the best expected net points.

At commitment the seat weighs, for every ``k`` in ``0..available``, with the exact contest odds
(``st.odds``), the earlier seats' known commitments and ``later_figures`` assumed for each later
seat that has people on the herd's area:

``P(win) * (max(first, all) + tile) + P(takes part and does not win) * all - cost(k)``

(the figures' costs and the bonuses' worth come from the seat's base strategy, see
:mod:`strategies.herd_values`). The tile is worth a
share of the mammoth points that depends only on the seat's tiles minus the most any other seat
holds: ``tile_ahead`` when ahead, ``tile_level`` when level (0-0 included), ``tile_behind`` one
behind (the tile draws level), ``tile_far`` further behind. The winner takes "1." iff it is worth
at least "all" to the base strategy. ``herd_value`` (placement) is the best commitment's value
with all the people the seat could put on the herd's area, the seats already there assumed to
commit ``later_figures``.
"""

from __future__ import annotations

from sim.constants import V_ALL, V_FIRST
from sim.jit import hot
from sim.rules import Flag
from sim.state import FLAGS
from strategies.herd_values import (
    COMMON_LIMITS,
    COMMON_PARAMS,
    OWN_WEIGHT,
    WEIGHT_LIMIT,
    commitment,
    contest_value,
    current_tile,
    leader_gap,
    weighed,
)
from strategies.params import Limit, Positions

DESCRIPTION = (
    "expected-value commitment from the exact odds; the tile is worth a share of the mammoth "
    "points set by the seat's tile gap to the leader"
)
PARAMS = {
    **COMMON_PARAMS,
    "tile_ahead": 0.12,  # share of the mammoth points a tile is worth when ahead of every seat
    "tile_level": 0.25,  # ... when level with the best other seat (0-0 included)
    "tile_behind": 0.3,  # ... when one tile behind (it draws level)
    "tile_far": 0.15,  # ... when two or more behind
    # the share of the contest's expected points the placement weighs it at, at every table
    # size; -1: the base strategy's own herd weight (:func:`strategies.herd_values.weighed`)
    "weight": OWN_WEIGHT,
}
LIMITS = {
    **COMMON_LIMITS,
    **{name: Limit(0, 1) for name in PARAMS if name.startswith("tile_")},
    "weight": WEIGHT_LIMIT,
}
_AT = Positions(PARAMS, shared=COMMON_PARAMS)
TILE_AHEAD = _AT["tile_ahead"]
TILE_LEVEL = _AT["tile_level"]
TILE_BEHIND = _AT["tile_behind"]
TILE_FAR = _AT["tile_far"]
WEIGHT = _AT["weight"]
_AT.check_every_key()


@hot(inline=True)
def tile_value(st, g, seat, params):
    """Points of keeping this round's tile: mammoth points times the share for the seat's gap."""
    gap = leader_gap(st, g, seat)
    if gap > 0:
        share = params[TILE_AHEAD]
    elif gap == 0:
        share = params[TILE_LEVEL]
    elif gap == -1:
        share = params[TILE_BEHIND]
    else:
        share = params[TILE_FAR]
    return share * st.data[FLAGS, Flag.MAMMOTH_POINTS]


@hot(inline=True)
def estimate(st, g, seat, params, values):
    """Expected net points of the contest with the best commitment of the people it would place
    (0 without a contest this round)."""
    if current_tile(st, g) < 0:
        return 0.0
    return contest_value(st, g, seat, params, values, tile_value(st, g, seat, params))


@hot(inline=True)
def herd_value(st, g, seat, params, rng, values):
    """:func:`estimate`, weighed at ``weight`` where it is set
    (:func:`strategies.herd_values.weighed`)."""
    return weighed(estimate(st, g, seat, params, values), params[WEIGHT], values)


@hot(inline=True)
def commit_figures(st, g, seat, params, rng, available, values):
    """The commitment with the best expected net points (ties toward fewer)."""
    if current_tile(st, g) < 0 or available <= 0:
        return 0
    return commitment(st, g, seat, params, available, values, tile_value(st, g, seat, params))


@hot
def take_first_bonus(st, g, seat, params, rng, values):
    """The "1." bonus iff it is worth at least the "all" bonus."""
    return current_tile(st, g) < 0 or values[V_FIRST] >= values[V_ALL]
