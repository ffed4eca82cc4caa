"""How many figures to commit, by the solver (:mod:`sim.contest_solver`, exact odds): the
sequential-equilibrium commitment of each seat and the best response of a seat facing given
commitments, over a grid of prizes (part (a) of :mod:`experiments.commit.analysis`).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

import numpy as np
import pandas as pd

from experiments.commit.analysis import PRIZE_GRID
from sim.contest_solver import best_response, make_prizes, sequential_equilibrium
from sim.errors import InputError


def _grid(prizes: dict | None) -> list[dict]:
    prizes = {**PRIZE_GRID, **(prizes or {})}
    names = list(PRIZE_GRID)
    for name in names:
        values = prizes[name]
        if len(values) == 0:
            raise InputError(f"give at least one value of {name}")
        make_prizes(1, max(values), 0, 0, 0)  # finite, >= 0 (one clear error otherwise)
        make_prizes(1, min(values), 0, 0, 0)
    return [dict(zip(names, cell, strict=True)) for cell in product(*(prizes[n] for n in names))]


def _check_counts(players: Sequence[int], figures: Sequence[int]) -> None:
    for p in players:
        if not 2 <= int(p) <= 4:
            raise InputError(f"Stone Age is played by 2 to 4 players, not {p}")
    for f in figures:
        if not 1 <= int(f) <= 10:
            raise InputError(f"figures available must be from 1 to 10, not {f}")


def equilibrium_table(
    players: Sequence[int] = (2, 3, 4),
    figures: Sequence[int] = range(1, 6),
    prizes: dict | None = None,
    tie_rule: str = "longer_wins",
) -> pd.DataFrame:
    """Sequential-equilibrium commitments for every player count, figure count and prize cell.

    Every seat has ``figures`` people on the herd's area and commits in seat order, seeing the
    earlier seats' commitments (:func:`sim.contest_solver.sequential_equilibrium`; ties toward
    fewer figures).

    Parameters
    ----------
    players : sequence of int
        Player counts (2..4).
    figures : sequence of int
        Figures available to each seat (1..10).
    prizes : dict, optional
        Lists of values overriding :data:`PRIZE_GRID` (keys ``first_bonus``, ``all_bonus``,
        ``tile_value``, ``food_value``).
    tie_rule : str
        ``"longer_wins"`` or ``"prefix_draw"``.

    Returns
    -------
    pandas.DataFrame
        One row per (players, figures, prize cell, seat): ``commitment``, ``value`` (expected net
        points), ``win_probability``, ``winner_prize`` and the cell's total ``figures_on_tile``.
    """
    _check_counts(players, figures)
    rows = []
    for p, f, cell in product(sorted(set(players)), sorted(set(figures)), _grid(prizes)):
        eq = sequential_equilibrium([f] * p, tie_rule=tie_rule, **cell)
        winner_prize = max(cell["first_bonus"], cell["all_bonus"]) + cell["tile_value"]
        for seat in range(p):
            rows.append(
                {
                    "players": p,
                    "figures": f,
                    **cell,
                    "winner_prize": winner_prize,
                    "seat": seat,
                    "commitment": eq.commitments[seat],
                    "value": float(eq.values[seat]),
                    "win_probability": float(eq.odds.win[seat]),
                    "figures_on_tile": int(sum(eq.commitments)),
                    "tie_rule": tie_rule,
                }
            )
    return pd.DataFrame(rows)


def best_response_table(
    players: Sequence[int] = (2, 3, 4),
    figures: Sequence[int] = range(1, 6),
    others: Sequence[int] = (0, 1, 2, 3),
    prizes: dict | None = None,
    tie_rule: str = "longer_wins",
) -> pd.DataFrame:
    """The best commitment of the last seat when every other seat has committed ``others``.

    The odds of a contest do not depend on the seat order (hands are compared die by die), so
    the answer is the same for any seat facing the same commitments; the last seat is the one
    that actually sees them all.

    Returns
    -------
    pandas.DataFrame
        One row per (players, figures of the seat, others' commitment, prize cell):
        ``best_commitment``, ``best_value`` and ``value_k`` for every option ``k``.
    """
    _check_counts(players, figures)
    for k in others:
        if not 0 <= int(k) <= 10:
            raise InputError(f"the others' commitments must be from 0 to 10, not {k}")
    top = max(figures)
    rows = []
    grid = _grid(prizes)
    for p, f, k, cell in product(
        sorted(set(players)), sorted(set(figures)), sorted(set(others)), grid
    ):
        answer = best_response(p - 1, [k] * (p - 1), [k] * (p - 1) + [f], tie_rule=tie_rule, **cell)
        row = {
            "players": p,
            "figures": f,
            "others_commit": k,
            **cell,
            "winner_prize": max(cell["first_bonus"], cell["all_bonus"]) + cell["tile_value"],
            "best_commitment": answer.commitment,
            "best_value": answer.value,
            "tie_rule": tie_rule,
        }
        for option in range(top + 1):
            row[f"value_{option}"] = answer.values[option] if option <= f else np.nan
        rows.append(row)
    return pd.DataFrame(rows)


def heatmap_grid(
    table: pd.DataFrame, players: int, seat: int, all_bonus: float, food_value: float
) -> tuple[np.ndarray, list[int], list[float]]:
    """Commitments of one seat over figures available (rows) x winner's prize (columns).

    Cells of the grid with the same winner's prize have the same commitments (only the winner's
    prize enters the valuation), so the first of them stands for all.
    """
    part = table[
        (table["players"] == players)
        & (table["seat"] == seat)
        & np.isclose(table["all_bonus"], all_bonus)
        & np.isclose(table["food_value"], food_value)
    ]
    if part.empty:
        raise InputError(
            f"no solver cells with all bonus {all_bonus:g} and food value {food_value:g}"
        )
    grid = part.groupby(["figures", "winner_prize"])["commitment"].first().unstack()
    return grid.to_numpy(dtype=float), list(grid.index), list(grid.columns)
