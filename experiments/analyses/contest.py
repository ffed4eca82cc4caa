"""The taming contest's exact odds as tidy tables: every profile of figures, and 2-player grids."""

from __future__ import annotations

import itertools

import numpy as np

from sim.contest_exact import (
    DRAW_COLUMN,
    MAX_PLAYERS,
    NOBODY_COLUMN,
    check_figures,
    outcome_table,
)
from sim.errors import InputError
from sim.rules import TIE_RULES, tie_rule_code


def check_players(players) -> int:
    """Return a number of players from 1 to 4, or raise :class:`InputError`."""
    if isinstance(players, bool) or not isinstance(players, int | np.integer):
        raise InputError(f"players must be a whole number from 1 to {MAX_PLAYERS}")
    if not 1 <= players <= MAX_PLAYERS:
        raise InputError(f"players must be from 1 to {MAX_PLAYERS}, not {players}")
    return int(players)


def odds_frame(players: int, max_figures: int, tie_rule: str = "longer_wins", min_figures=0):
    """Return the exact odds of every profile as a tidy table.

    Parameters
    ----------
    players : int
        Seats (1 to 4).
    max_figures : int
        Most figures per seat (0 to 10).
    tie_rule : str
        ``"longer_wins"`` (default) or ``"prefix_draw"``.
    min_figures : int
        Fewest figures per seat (0 includes seats that do not take part).

    Returns
    -------
    pandas.DataFrame
        One row per profile: ``k0 .. k{P-1}`` (int8), ``win0 .. win{P-1}``, ``draw``, ``nobody``
        (float64).
    """
    import pandas as pd

    tie_rule_code(tie_rule)
    players = check_players(players)
    max_figures = check_figures(max_figures, "max figures")
    min_figures = check_figures(min_figures, "min figures")
    if min_figures > max_figures:
        raise InputError("min figures must not exceed max figures")
    sizes = range(min_figures, max_figures + 1)
    profiles = np.array(list(itertools.product(sizes, repeat=players)), dtype=np.int64)
    padded = np.zeros((profiles.shape[0], MAX_PLAYERS), dtype=np.int64)
    padded[:, :players] = profiles
    rows = outcome_table(tie_rule)[tuple(padded.T)]
    columns = {f"k{s}": profiles[:, s].astype(np.int8) for s in range(players)}
    columns |= {f"win{s}": rows[:, s] for s in range(players)}
    columns["draw"] = rows[:, DRAW_COLUMN]
    columns["nobody"] = rows[:, NOBODY_COLUMN]
    return pd.DataFrame(columns)


def two_player_wins(max_figures: int, tie_rule: str, min_figures: int = 1) -> np.ndarray:
    """Return seat 0's win probability over ``k0 x k1`` for two players."""
    sizes = np.arange(min_figures, max_figures + 1)
    table = outcome_table(tie_rule)
    return table[sizes[:, None], sizes[None, :], 0, 0, 0]


def demo_frame(max_figures: int = 7):
    """Return the exact odds for 2 to 4 players, every seat 1..``max_figures``, both tie rules."""
    import pandas as pd

    frames = []
    for tie_rule in TIE_RULES:
        for players in range(2, MAX_PLAYERS + 1):
            frame = odds_frame(players, max_figures, tie_rule, min_figures=1)
            frame.insert(0, "players", np.int8(players))
            frame.insert(0, "tie_rule", tie_rule)
            frames.append(frame)
    combined = pd.concat(frames, ignore_index=True)
    for seat in range(MAX_PLAYERS):  # seats beyond the players: no figures, no wins
        combined[f"k{seat}"] = combined[f"k{seat}"].fillna(0).astype(np.int8)
        combined[f"win{seat}"] = combined[f"win{seat}"].fillna(0.0)
    order = (
        ["tie_rule", "players"]
        + [f"k{s}" for s in range(MAX_PLAYERS)]
        + [f"win{s}" for s in range(MAX_PLAYERS)]
        + ["draw", "nobody"]
    )
    combined = combined[order]
    combined["tie_rule"] = combined["tie_rule"].astype("category")
    return combined
