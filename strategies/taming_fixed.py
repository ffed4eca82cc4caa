"""``fixed-K``: commit min(K, available) figures whenever on the herd's area.

The herd is not sought out in placement; the policy only commits people who are there anyway.
The winner takes the "1." bonus.
"""

from __future__ import annotations

from sim.constants import MAX_TILE_FIGURES
from sim.jit import hot
from strategies.params import Limit, Positions

DESCRIPTION = "commits min(K, available) figures whenever it gathers on the herd's area"
PARAMS = {"figures": 1.0}
LIMITS = {"figures": Limit(0, MAX_TILE_FIGURES, whole=True)}
READS_VALUES = False  # no hook reads the base strategy's valuation (sim.hooks)
FIGURES = Positions(PARAMS)["figures"]


@hot
def commit_figures(st, g, seat, params, rng, available, values):
    """min(K, available)."""
    return min(int(params[FIGURES]), available)
