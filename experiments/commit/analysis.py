"""How many figures to commit to the taming contest (GitHub issue 6, item 2).

Two parts:

(a) **Contest tables from the solver** (:mod:`sim.contest_solver`, exact odds): for 2-4 seats,
    the same number of figures available to every seat, and a grid of prizes (the "1." bonus,
    the "all" bonus, the tile's value and the value of one food, all in points), the
    sequential-equilibrium commitment of each seat (later seats see earlier commitments), and the
    best response of a seat facing given commitments. Only the winner's prize
    ``max(first, all) + tile``, the "all" bonus and the food value enter the valuation, so
    cells with the same winner's prize have the same answers.

(b) **In-game sweeps**: one seat plays ``BASE+POLICY`` against a fixed field, seats rotated
    (the focal seat of game ``i`` is ``i % players``), and the same seed and game indices are
    played with the focal seat on ``BASE+never`` (common random numbers). The per-game paired
    differences of the focal seat's win share (ties shared) and score give the effect of the
    policy with a 95% interval. The *herd resource* breakdown replays the sweep with controlled
    tile sets whose 16 backs are all one kind (``experiments/tiles/herd_*.csv``): the herd then
    stands on that area every round. The kernel does not record which tiles a seat contested,
    so this controlled variant is the honest way to ask "does committing pay more on gold?".

Tile fronts are assumed (docs/rules.md B3): the in-game numbers depend on them.

This module holds the sweep (b), the conditions and the vocabulary of the tables (a block of
the sweep is played by :func:`experiments.shared.analysis_sweep.sweep_block`, which the card's
check and derivation play too); the solver tables (a) are
:mod:`experiments.commit.analysis_solver`'s, the rule of thumb (c)
:mod:`experiments.commit.analysis_thumb`'s, and every table of a run assembled
:mod:`experiments.commit.analysis_tables`'s.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pandas as pd

from experiments.shared.analysis_sweep import (
    NOSEEK,
    SWEEP_KEYS,
    SWEEP_METRICS,
    SWEEP_SCALE,
    Arm,
    field_slots_for,
    focal_arm,
    sweep_block,
)
from experiments.shared.paired import GameRange, Moments
from experiments.shared.rules_setup import TILES_DIR
from sim.errors import InputError
from sim.rules import Rules

HERD_AREAS = ("wood", "brick", "stone", "gold", "food")
"""Backs of the controlled herd-area tile sets ``experiments/tiles/herd_<back>.csv``."""

MIXED = "mixed"
"""Condition label of the tile set in force (default: the assumed set, 4 of each back)."""

BASELINE = "never"
DEFAULT_POLICIES = ("fixed-0", "fixed-1", "fixed-2", "fixed-3", "fixed-4", "ev", "majority", NOSEEK)
"""``fixed-0`` commits nothing, like ``never``: its paired differences are exactly 0 (a check)."""

PRIZE_GRID = {
    "first_bonus": (1.0, 3.0, 5.0, 8.0),
    "all_bonus": (0.0, 1.0, 2.0),
    "tile_value": (0.0, 2.5, 5.0),
    "food_value": (1.0, 2.0, 4.0),
}
"""Default prize grid of the solver tables, in points (the default ``ev`` values a spare food at
2 points and a tile at 1.2-3 points; the assumed tiles give 3 points, a tool step, an
agriculture step or 2 resources to the winner)."""

REFERENCE_PRIZE = {"first_bonus": 3.0, "all_bonus": 1.0, "tile_value": 2.5, "food_value": 2.0}
"""The prize the heatmap and the rule of thumb quote: the assumed 3-point tile, a tile worth a
quarter of the 10 mammoth points, food at 2 points."""

DEFAULT_GAMES = 400
"""Games per arm of ``mammoth commit`` and of the ``commit`` experiment kind."""
DEFAULT_BASE = "champion"
DEFAULT_FIELD = ("champion+ev",)
DEFAULT_MAX_FIGURES = 5


# --------------------------------------------------------------------------------------------
# (b) the in-game sweep


def sweep(
    players: Sequence[int],
    games: GameRange,
    conditions: dict[str, Rules],
    base: str = "greedy",
    field: Sequence[str] = ("greedy+ev",),
    policies: Sequence[str] = DEFAULT_POLICIES,
    threads: int = 1,
    progress: Callable[[int], None] | None = None,
) -> Moments:
    """Play the paired sweep and return its merged statistics.

    For every condition (a rules object: tile set, tie rule...), player count and block of game
    indices, the focal seat plays ``BASE+never`` once and then ``BASE+POLICY`` for every policy
    on the same seed and game indices; each game contributes one paired difference per policy.

    Parameters
    ----------
    players : sequence of int
        Player counts.
    games : GameRange
        The games per arm (per player count and condition), the run's seed, the first game's
        index and the games per kernel call (the statistics do not depend on it).
    conditions : dict of str to Rules
        Labelled rules to sweep under (e.g. ``{"mixed": Rules()}``).
    base : str
        The focal seat's base strategy.
    field : sequence of str
        The other seats' strategies (one name for all, or one per seat).
    policies : sequence of str
        Taming policies of the focal seat (``fixed-K``, ``ev``, ``majority``... or
        :data:`NOSEEK`).
    threads : int
        Threads per kernel call.
    progress : callable, optional
        Called with the number of games played after every kernel call.

    Returns
    -------
    Moments
        Keys ``condition, players, policy, seat``; metrics :data:`SWEEP_METRICS` (win shares in
        twelfths).
    """
    if threads < 1:
        raise InputError("threads must be at least 1")
    baseline, arms = sweep_arms(base, policies)
    total = Moments(SWEEP_KEYS, SWEEP_METRICS)
    for p in sorted(set(players)):
        if not 2 <= p <= 4:
            raise InputError(f"Stone Age is played by 2 to 4 players, not {p}")
        field_slots = field_slots_for(field, p)
        for label, rules in conditions.items():
            for block in games.blocks(p):
                stats = sweep_block(
                    baseline, arms, field_slots, label, rules, block, threads, progress
                )
                total = total + stats
    return total


def sweep_arms(base: str, policies: Sequence[str]) -> tuple[Arm, list[Arm]]:
    """The baseline arm (``BASE+never``) and one arm per policy, checked.

    Raises
    ------
    InputError
        No policy, a policy named twice, or an unknown one.
    """
    if not policies:
        raise InputError("give at least one policy")
    if len(set(policies)) != len(policies):
        raise InputError("name each policy once")
    return focal_arm(base, BASELINE), [focal_arm(base, p) for p in policies]


def sweep_tables(stats: Moments) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Summaries of a sweep: per (condition, players, policy), and per seat as well.

    Collapsing over the seat is exact: a game has one focal seat.

    Returns
    -------
    by_policy, by_seat : pandas.DataFrame
        Means with 95% intervals; win rates as fractions, differences in percentage points are
        ``100 * dwin``.
    """
    by_seat = stats.summary(SWEEP_SCALE)
    by_policy = stats.collapse(["condition", "players", "policy"]).summary(SWEEP_SCALE)
    return by_policy, by_seat


# --------------------------------------------------------------------------------------------
# (c) the rule of thumb, as data (its words are written by experiments.commit.report_thumb)

FIXED_COUNT = "fixed"
"""Case of a rule-of-thumb row: on the herd's area anyway, the fixed count against never."""
VALUE_POLICY = "policy"
"""Case: a value-based policy (``ev``, ``majority``, :data:`NOSEEK`) against never."""
HERD_AREA = "herd_area"
"""Case: the fixed count when the herd always stands on one area (a controlled tile set)."""
SOLVER_LAST = "solver_last"
"""Case: the last seat to decide, each other seat having committed ``others_commit`` (solver)."""
SOLVER_EQUILIBRIUM = "solver_equilibrium"
"""Case: every seat on the area with the same figures, committing in seat order (solver)."""
CASES = (FIXED_COUNT, VALUE_POLICY, HERD_AREA, SOLVER_LAST, SOLVER_EQUILIBRIUM)

COMMIT = "commit"
"""Verdict: commit ``k`` figures when on the herd's area."""
DO_NOT_COMMIT = "do_not_commit"
"""Verdict: every fixed count measurably loses to never committing."""
NO_COUNT = "no_count"
"""Verdict: no fixed count measurably beats never committing."""
TOO_FEW = "too_few"
"""Verdict: too few games for an interval (it needs at least 2 games per arm)."""
WORTH_IT = "worth_it"
"""Verdict of a policy: its interval lies above 0."""
COSTS_WINS = "costs_wins"
"""Verdict of a policy: its interval lies below 0."""
NO_DIFFERENCE = "no_difference"
"""Verdict of a policy: its interval holds 0."""
VERDICTS = (COMMIT, DO_NOT_COMMIT, NO_COUNT, TOO_FEW, WORTH_IT, COSTS_WINS, NO_DIFFERENCE)

VALUE_POLICIES = ("ev", "majority", NOSEEK)
"""The value-based policies the rule of thumb judges (:data:`VALUE_POLICY` rows), in order."""

THUMB_COLUMNS = (
    "players",
    "case",
    "condition",
    "area",
    "policy",
    "verdict",
    "k",
    "more_do_not_help",
    "dwin",
    "dwin_low",
    "dwin_high",
    "seek_verdict",
    "others_commit",
    "commitments",
)
"""The columns of :func:`rule_of_thumb`."""


def commit_conditions(rules: Rules, herd_areas: bool = True) -> dict[str, Rules]:
    """The sweep's conditions: :data:`MIXED` (``rules``), then the herd-area tile sets."""
    conditions = {MIXED: rules}
    if herd_areas:
        conditions.update(herd_area_conditions(rules.with_(tiles="default", tiles_assumed=True)))
    return conditions


def herd_area_conditions(rules: Rules) -> dict[str, Rules]:
    """Controlled tile sets: the herd always on one area (fronts of the default assumed set)."""
    return {
        f"herd on {area}": rules.with_(
            tiles=str(TILES_DIR / f"herd_{area}.csv"), tiles_assumed=True
        )
        for area in HERD_AREAS
    }


__all__ = [
    "DEFAULT_BASE",
    "DEFAULT_FIELD",
    "DEFAULT_GAMES",
    "DEFAULT_MAX_FIGURES",
    "DEFAULT_POLICIES",
    "HERD_AREAS",
    "MIXED",
    "PRIZE_GRID",
    "REFERENCE_PRIZE",
    "commit_conditions",
    "herd_area_conditions",
    "sweep",
    "sweep_arms",
    "sweep_tables",
]
