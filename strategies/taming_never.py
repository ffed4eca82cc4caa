"""``never``: never move a figure onto the tile; the herd is ignored."""

from __future__ import annotations

from sim.jit import hot

DESCRIPTION = "never commits a figure; ignores the herd"
PARAMS: dict[str, float] = {}
READS_VALUES = False  # no hook reads the base strategy's valuation (sim.hooks)


@hot
def herd_value(st, g, seat, params, rng, values):
    """The herd is worth nothing to this policy."""
    return 0.0


@hot
def commit_figures(st, g, seat, params, rng, available, values):
    """Commit nothing."""
    return 0
