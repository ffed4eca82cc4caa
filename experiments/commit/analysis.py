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

This module holds the sweep (b), the conditions and the vocabulary of the tables; the solver
tables (a) are :mod:`experiments.commit.analysis_solver`'s, the rule of thumb (c)
:mod:`experiments.commit.analysis_thumb`'s, and every table of a run assembled
:mod:`experiments.commit.analysis_tables`'s.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from experiments.shared.paired import SHARE, GameBlock, GameRange, Moments, win_twelfths
from sim.errors import InputError
from sim.rules import Rules
from sim.run import Run, Slot
from strategies.play import play
from strategies.registry import resolve

TILES_DIR = Path(__file__).resolve().parent.parent / "tiles"
"""Variant tile files (sensitivity and the herd-area breakdown); NOT the real tiles."""


def tiles_label(rules: Rules) -> str:
    """How a table names its tile set: always saying the fronts are assumed."""
    if rules.tiles == "default":
        return "default (assumed fronts, docs/rules.md B3)"
    name = Path(rules.tiles).name
    if Path(rules.tiles).resolve().parent == TILES_DIR:
        return f"{name} (variant for sensitivity, assumed fronts)"
    return f"{name} (user file)"


HERD_AREAS = ("wood", "brick", "stone", "gold", "food")
"""Backs of the controlled herd-area tile sets ``experiments/tiles/herd_<back>.csv``."""

MIXED = "mixed"
"""Condition label of the tile set in force (default: the assumed set, 4 of each back)."""

BASELINE = "never"
NOSEEK = "ev-noseek"
"""A parameter-row variant: ``ev`` commitment, but the base strategy's ``herd`` placement weight
is 0, so the seat goes to the herd's area no more often than ``never`` or ``fixed-K`` do. It
separates the value of *seeking* the herd from the value of the commitment rule."""
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

SWEEP_METRICS = (
    "dwin",  # focal win share (twelfths): policy arm minus never arm
    "dscore",
    "win",  # policy arm
    "win_base",  # never arm
    "score",
    "score_base",
    "contests",  # contests entered by the focal seat, policy arm
    "figures",  # figures committed, policy arm
    "tiles",  # tiles won, policy arm
    "tiles_base",
    "long_game",  # the policy arm's game lasted over LONG_GAME rounds (stalled play)
    "long_game_base",
)
LONG_GAME = 50
"""A game of more than this many rounds is flagged: it means stalled play (seats that stop
buying cards and buildings), not a rule; such games end with huge leftover-resource scores."""
SWEEP_SCALE = {"dwin": SHARE, "win": SHARE, "win_base": SHARE}
SWEEP_KEYS = ("condition", "players", "policy", "seat")
DEFAULT_GAMES = 400
"""Games per arm of ``mammoth commit`` and of the ``commit`` experiment kind."""
DEFAULT_BASE = "champion"
DEFAULT_FIELD = ("champion+ev",)
DEFAULT_MAX_FIGURES = 5


# --------------------------------------------------------------------------------------------
# (b) the in-game sweep


@dataclass(frozen=True)
class Arm:
    """One arm of the sweep: a short policy name and the kernel slot of the focal seat."""

    policy: str
    slot: Slot


def named_arm(label: str, name: str) -> Arm:
    """An arm whose focal seat plays the strategy ``name``, labelled ``label``."""
    return Arm(label, resolve(name).slot())


def arm_strategy(base: str, policy: str) -> str:
    """The registered strategy an arm's seat plays (:data:`NOSEEK` is ``BASE+ev`` re-weighted)."""
    return f"{base}+ev" if policy == NOSEEK else f"{base}+{policy}"


def focal_arm(base: str, policy: str) -> Arm:
    """The focal seat's slot for ``policy`` (a taming policy name, or :data:`NOSEEK`)."""
    if policy != NOSEEK:
        return Arm(policy, resolve(f"{base}+{policy}").slot())
    seat = resolve(f"{base}+ev")
    names = list(getattr(importlib.import_module(seat.base_module), "PARAMS", {}))
    if "herd" not in names:
        raise InputError(f"{NOSEEK} needs a base strategy with a 'herd' weight; {base} has none")
    params = seat.base_params.copy()
    params[names.index("herd")] = 0.0
    label = f"{seat.name} (herd weight 0)"
    return Arm(NOSEEK, seat.slot(label, params))


def field_for(field: Sequence[str], players: int) -> list[str]:
    """The field's strategy names for a table of ``players`` (one name repeats)."""
    field = list(field)
    if len(field) == 1:
        return field * (players - 1)
    if len(field) < players - 1:
        raise InputError(
            f"give --field once or at least {players - 1} times for {players} players, "
            f"not {len(field)}"
        )
    return field[: players - 1]


def _play_focal(
    arm_slot: Slot, field_slots: list[Slot], rules: Rules, block: GameBlock, threads: int
) -> dict[str, np.ndarray]:
    """Play one block with the focal slot rotating; return its per-game figures."""
    n, players, seed, start = block.games, block.players, block.seed, block.start
    slots = [arm_slot] + field_slots
    seats = [0] + list(range(1, players))
    run = Run(
        slots, seats, rules=rules, seed=seed, first_game=start, n_games=n, rotate=True,
        threads=threads,
    )  # fmt: skip
    frame = play(run)
    rows = np.arange(n)
    focal = (run.lineups()[:, :players] == 0).argmax(axis=1)  # the seat of slot 0

    def pick(column: str) -> np.ndarray:
        return frame[column].to_numpy().reshape(n, players)[rows, focal].astype(np.int64)

    share = win_twelfths(frame["winner"].to_numpy().reshape(n, players))[rows, focal]
    return {
        "seat": focal,
        "win": share,
        "score": pick("score"),
        "contests": pick("contests_entered"),
        "figures": pick("figures_committed"),
        "tiles": pick("tiles_won"),
        "long_game": (frame["rounds"].to_numpy().reshape(n, players)[:, 0] > LONG_GAME).astype(
            np.int64
        ),
    }


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


def field_slots_for(field: Sequence[str], players: int) -> list[Slot]:
    """The kernel slots of the field's seats at a table of ``players``."""
    return [resolve(name).slot() for name in field_for(field, players)]


def sweep_block(
    baseline: Arm,
    arms: Sequence[Arm],
    field_slots: list[Slot],
    label: str,
    rules: Rules,
    block: GameBlock,
    threads: int = 1,
    progress: Callable[[int], None] | None = None,
) -> Moments:
    """Play one block of game indices with the baseline arm and every policy arm, and reduce it.

    :func:`sweep` and the ``commit`` experiment kind (:mod:`experiments.commit.kind`) both play
    their games through this. A game index is one cluster; every arm of it is reduced here.

    Parameters
    ----------
    baseline : Arm
        The focal seat's ``BASE+never`` arm.
    arms : sequence of Arm
        The policy arms (:func:`sweep_arms`).
    field_slots : list of Slot
        The other seats (:func:`field_slots_for`).
    label : str
        The condition's label (a key column of the statistics).
    rules : Rules
        The condition's rules.
    block : GameBlock
        The player count, the run's seed and the block's game indices.
    threads : int
        Threads per kernel call.
    progress : callable, optional
        Called with the number of games played after every kernel call.

    Returns
    -------
    Moments
        Keys :data:`SWEEP_KEYS`, metrics :data:`SWEEP_METRICS`.
    """
    ref = _play_focal(baseline.slot, field_slots, rules, block, threads)
    if progress:
        progress(block.games)
    units = []
    for arm in arms:
        got = _play_focal(arm.slot, field_slots, rules, block, threads)
        if progress:
            progress(block.games)
        units.append(
            pd.DataFrame(
                {
                    "condition": label,
                    "players": block.players,
                    "policy": arm.policy,
                    "seat": ref["seat"],
                    "game": block.indices,
                    "dwin": got["win"] - ref["win"],
                    "dscore": got["score"] - ref["score"],
                    "win": got["win"],
                    "win_base": ref["win"],
                    "score": got["score"],
                    "score_base": ref["score"],
                    "contests": got["contests"],
                    "figures": got["figures"],
                    "tiles": got["tiles"],
                    "tiles_base": ref["tiles"],
                    "long_game": got["long_game"],
                    "long_game_base": ref["long_game"],
                }
            )
        )
    return Moments.from_units(
        pd.concat(units, ignore_index=True), SWEEP_KEYS, SWEEP_METRICS, "game"
    )


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
    "NOSEEK",
    "PRIZE_GRID",
    "REFERENCE_PRIZE",
    "SWEEP_KEYS",
    "commit_conditions",
    "field_for",
    "field_slots_for",
    "focal_arm",
    "herd_area_conditions",
    "sweep",
    "sweep_arms",
    "sweep_block",
    "sweep_tables",
    "tiles_label",
]
