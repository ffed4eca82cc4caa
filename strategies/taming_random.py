"""``random`` taming: commit a uniformly random number of figures (0..available)."""

from __future__ import annotations

from sim.jit import hot
from sim.rng import below

DESCRIPTION = "commits a uniform 0..available figures; picks the bonus at random"
PARAMS: dict[str, float] = {}
READS_VALUES = False  # no hook reads the base strategy's valuation (sim.hooks)


@hot
def commit_figures(st, g, seat, params, rng, available, values):
    """Uniform over 0..available."""
    return below(rng, available + 1)


@hot
def take_first_bonus(st, g, seat, params, rng, values):
    """A fair coin."""
    return below(rng, 2) == 1
