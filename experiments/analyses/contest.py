"""The taming contest's exact odds as tidy tables: every profile of figures, and 2-player grids."""

from __future__ import annotations

import itertools
from functools import lru_cache

import numpy as np

from sim.contest_exact import (
    MAX_PLAYERS,
    ContestOdds,
    check_commitments,
    check_figures,
    odds_fraction,
)
from sim.errors import InputError
from sim.rules import TIE_RULES, tie_rule_code


@lru_cache(maxsize=8192)
def _exact_sorted(profile: tuple[int, ...], tie_rule: str) -> tuple[float, ...]:
    exact = odds_fraction(profile, tie_rule)
    return tuple(float(p) for p in (*exact.win, exact.draw, exact.nobody))


def exact_vector(commitments, tie_rule: str = "longer_wins") -> np.ndarray:
    """``[win_0, ..., win_{P-1}, draw, nobody]`` of one contest, each the float nearest its exact
    fraction: exact zeros are 0 and no float noise (``1 - sum``) appears.

    Computed with :func:`sim.contest_exact.odds_fraction` once per profile sorted descending
    (the seats of equal figures share it), then permuted to the seats.
    """
    tie_rule_code(tie_rule)
    profile = check_commitments(commitments)
    order = sorted(range(len(profile)), key=lambda s: -profile[s])
    vector = _exact_sorted(tuple(profile[s] for s in order), tie_rule)
    players = len(profile)
    out = np.empty(players + 2)
    out[order] = vector[:players]
    out[players:] = vector[players:]
    return out


def exact_odds(commitments, tie_rule: str = "longer_wins") -> ContestOdds:
    """The odds of one contest as :func:`sim.contest_exact.odds` gives them, from exact fractions.

    What the outputs print and write (``contest odds``, ``contest commit``, the odds tables):
    every probability is the float nearest the exact one, so an impossible outcome is exactly 0.

    Raises
    ------
    InputError
        On a bad number of players or figures, or an unknown tie rule.
    """
    vector = exact_vector(commitments, tie_rule)
    players = len(vector) - 2
    profile = tuple(int(k) for k in check_commitments(commitments))
    return ContestOdds(
        profile, tie_rule, vector[:players].copy(), float(vector[players]), float(vector[-1])
    )


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
        (float64, each the float nearest the exact probability: see :func:`exact_vector`).
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
    rows = np.array([exact_vector(tuple(p), tie_rule) for p in profiles.tolist()])
    columns = {f"k{s}": profiles[:, s].astype(np.int8) for s in range(players)}
    columns |= {f"win{s}": rows[:, s] for s in range(players)}
    columns["draw"] = rows[:, players]
    columns["nobody"] = rows[:, players + 1]
    return pd.DataFrame(columns)


def two_player_wins(max_figures: int, tie_rule: str, min_figures: int = 1) -> np.ndarray:
    """Return seat 0's win probability over ``k0 x k1`` for two players (from exact fractions)."""
    sizes = range(min_figures, max_figures + 1)
    return np.array([[exact_vector((a, b), tie_rule)[0] for b in sizes] for a in sizes])


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
