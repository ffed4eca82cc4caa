"""Every table of a commit run (:func:`commit_tables`): the solver tables
(:mod:`experiments.commit.analysis_solver`), the sweep's summaries
(:mod:`experiments.commit.analysis`) and the rule of thumb
(:mod:`experiments.commit.analysis_thumb`).
"""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd

from experiments.commit.analysis import BASELINE, REFERENCE_PRIZE, sweep_tables
from experiments.commit.analysis_solver import best_response_table, equilibrium_table
from experiments.commit.analysis_thumb import rule_of_thumb
from experiments.shared.paired import Moments
from experiments.shared.rules_setup import tiles_label
from sim.rules import Rules


def commit_tables(
    stats: Moments,
    conditions: dict[str, Rules],
    *,
    players: Sequence[int],
    base: str,
    policies: Sequence[str],
    prizes: dict[str, tuple[float, ...]],
    max_figures: int,
    tie_rule: str,
) -> dict:
    """Every table of a commit run: the solver tables, the sweep's summaries, the rule of thumb.

    Parameters
    ----------
    stats : Moments
        The sweep's merged statistics (:func:`sweep`, or the ``commit`` kind's chunks).
    conditions : dict of str to Rules
        The sweep's conditions (:func:`commit_conditions`), in their order.
    players : sequence of int
        Player counts of the solver tables.
    base : str
        The focal seat's base strategy (the baseline is ``BASE+never``).
    policies : sequence of str
        The focal seat's policies, in their order.
    prizes : dict of str to tuple of float
        The solver's prize grid (keys of :data:`PRIZE_GRID`).
    max_figures : int
        Figures available, 1 to this, in the solver tables.
    tie_rule : str
        The rules' tie rule.

    Returns
    -------
    dict of str to pandas.DataFrame
        ``equilibrium``, ``best_response``, ``sweep``, ``sweep_seats`` and ``rule_of_thumb``
        (:func:`rule_of_thumb`), and ``reference``: the prize the heatmap and the rule of
        thumb quote (a dict: :data:`REFERENCE_PRIZE`, or the grid's first value where the grid
        lacks it).
    """
    figures = range(1, max_figures + 1)
    equilibria = equilibrium_table(players, figures, prizes, tie_rule)
    responses = best_response_table(players, figures, range(0, 4), prizes, tie_rule)
    reference = {
        name: (value if value in prizes[name] else prizes[name][0])
        for name, value in REFERENCE_PRIZE.items()
    }
    by_policy, by_seat = sweep_tables(stats)
    order = {
        "condition": {label: i for i, label in enumerate(conditions)},
        "policy": {name: i for i, name in enumerate(policies)},
    }

    def in_order(column: pd.Series) -> pd.Series:
        return column.map(order[column.name]) if column.name in order else column

    by_policy = by_policy.sort_values(["condition", "players", "policy"], key=in_order)
    by_seat = by_seat.sort_values(["condition", "players", "policy", "seat"], key=in_order)
    by_policy, by_seat = by_policy.reset_index(drop=True), by_seat.reset_index(drop=True)
    for frame in (by_policy, by_seat):
        frame.insert(1, "tile_set", frame["condition"].map(lambda c: tiles_label(conditions[c])))
        frame.insert(2, "baseline", f"{base}+{BASELINE}")
    return {
        "equilibrium": equilibria,
        "best_response": responses,
        "sweep": by_policy,
        "sweep_seats": by_seat,
        "rule_of_thumb": rule_of_thumb(by_policy, responses, equilibria, reference),
        "reference": reference,
    }
