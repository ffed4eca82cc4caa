"""The taming contest's exact odds as tidy tables (every profile of figures, 2-player grids) and
the figures of the contest report (:func:`contest_report`)."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from sim.contest_exact import (
    MAX_PLAYERS,
    ContestOdds,
    check_commitments,
    check_figures,
    odds,
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


DEMO_PROFILE = (3, 2, 2, 1)
"""The figures of the contest report's dice-kernel check."""
DEMO_PRIZES = {"first_bonus": 3.0, "all_bonus": 1.0, "tile_value": 2.5, "food_value": 1.0}
"""The report's illustrative prizes (points) for its commitment example."""
DEMO_FIGURES = (3, 2, 2)
"""The report's commitment example: figures on the herd's area per seat."""


@dataclass(frozen=True)
class ContestReport:
    """What the contest report says, computed: the words are the writer's
    (:func:`experiments.contest.report.demo_report`).

    Attributes
    ----------
    max_figures : int
        Most figures per seat of the tables.
    frame : pandas.DataFrame
        :func:`demo_frame`.
    wins : dict
        Tie rule -> seat 0's 2-player win probability, ``k0 x k1`` from 1 figure.
    one_one : ContestOdds
        One figure each, 2 players.
    equal : list of (int, float)
        ``k`` and the draw chance of ``k`` against ``k`` figures.
    gap_at : tuple of int
        The (0-based) hand sizes where the tie rules differ most for seat 0.
    uneven : tuple of int
        A 4-player profile of uneven hands; ``four`` its odds under each tie rule.
    four : dict
    checks : list
        Per tie rule ``(tie_rule, exact vector, Monte Carlo estimate)`` of the dice-kernel
        check (empty when no contest was asked for).
    mc_contests, seed : int
        The check's size and seed.
    sequential, simultaneous
        The commitment example's sequential equilibrium and pure simultaneous equilibria.
    """

    max_figures: int
    frame: object
    wins: dict
    one_one: ContestOdds
    equal: list
    gap_at: tuple
    uneven: tuple
    four: dict
    checks: list
    mc_contests: int
    seed: int
    sequential: object
    simultaneous: list


def contest_report(max_figures: int = 7, mc_contests: int = 1_000_000, seed: int = 0):
    """Compute the contest report's figures (:class:`ContestReport`).

    Raises
    ------
    InputError
        Fewer than 1 or more than 10 figures per seat.
    """
    from sim.contest_mc import estimate_odds
    from sim.contest_solver import sequential_equilibrium, simultaneous_equilibria

    max_figures = check_figures(max_figures, "max figures")
    if max_figures < 1:
        raise InputError("the demo needs at least 1 figure per seat")
    wins = {rule: two_player_wins(max_figures, rule) for rule in TIE_RULES}
    gap = np.abs(wins["longer_wins"] - wins["prefix_draw"])
    i, j = np.unravel_index(int(np.argmax(gap)), gap.shape)
    uneven = tuple(max(max_figures - 2 * s, 1) for s in range(MAX_PLAYERS))
    checks = [
        (rule, odds(DEMO_PROFILE, rule).as_vector(),
         estimate_odds(DEMO_PROFILE, mc_contests, seed, rule))
        for rule in TIE_RULES
    ] if mc_contests > 0 else []  # fmt: skip
    return ContestReport(
        max_figures=max_figures,
        frame=demo_frame(max_figures),
        wins=wins,
        one_one=odds([1, 1]),
        equal=[(k, odds([k, k]).draw) for k in range(1, max_figures + 1)],
        gap_at=(int(i), int(j)),
        uneven=uneven,
        four={rule: odds(uneven, rule) for rule in TIE_RULES},
        checks=checks,
        mc_contests=mc_contests,
        seed=seed,
        sequential=sequential_equilibrium(DEMO_FIGURES, **DEMO_PRIZES),
        simultaneous=simultaneous_equilibria(DEMO_FIGURES, **DEMO_PRIZES),
    )
