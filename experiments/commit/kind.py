"""The ``commit`` experiment kind: the sweep of :mod:`experiments.commit.analysis` in chunks.

A chunk is one player count, one condition (the tile set in force, or a herd-area tile set) and
one block of game indices; it plays the baseline arm (``BASE+never``) and every policy arm on
those indices, so a game index (one cluster of the statistics) is never split between chunks.
The chunk's :class:`~experiments.shared.paired.Moments` travel as plain arrays and merge
exactly. The solver tables (exact odds, cheap) and the rule of thumb are computed in ``finish``
(:func:`~experiments.commit.analysis_tables.commit_tables`), which then writes the files
(:mod:`experiments.commit.report`; see :mod:`experiments.shared.kinds` for the contract).
``mammoth commit`` builds this kind's experiment from its options and runs it through
:func:`experiments.shared.runner.run_experiment`, like ``mammoth run``.

Settings of ``[experiment]`` (a setting left out takes the default of the ``mammoth commit``
option): ``players``, ``games`` (per arm), ``seed``, ``base``, ``field`` (one name for every
other seat, or one per seat), ``policies``, ``herd_areas`` (true: also the controlled herd-area
tile sets), ``max_figures`` (solver tables), the solver's prize grid ``first_bonus``,
``all_bonus``, ``tile_value``, ``food_value`` (lists of points), ``chunk_games``. Settings of
``[rules]``: ``tiles`` (``"default"`` or a file), ``mammoth_points``, ``tie``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

import numpy as np

from experiments.commit.analysis import (
    DEFAULT_BASE,
    DEFAULT_FIELD,
    DEFAULT_GAMES,
    DEFAULT_MAX_FIGURES,
    DEFAULT_POLICIES,
    PRIZE_GRID,
    commit_conditions,
    sweep_arms,
)
from experiments.commit.analysis_tables import commit_tables
from experiments.commit.report import write_commit
from experiments.shared.analysis_sweep import (
    SWEEP_KEYS,
    SWEEP_METRICS,
    arm_strategy,
    field_for,
    field_slots_for,
    sweep_block,
)
from experiments.shared.experiment import Experiment, setting
from experiments.shared.limits import game_blocks
from experiments.shared.paired import GameBlock, Moments
from experiments.shared.settings import flag, names, points, whole_number
from sim.errors import InputError
from sim.rules import Rules
from strategies.registry import resolve

CHUNK_GAMES = 5_000
GAMES = "games per arm"
DEFAULTS = {
    "players": [2, 3, 4],
    "games": DEFAULT_GAMES,
    "seed": 0,
    "base": DEFAULT_BASE,
    "field": list(DEFAULT_FIELD),
    "policies": list(DEFAULT_POLICIES),
    "herd_areas": True,
    "max_figures": DEFAULT_MAX_FIGURES,
    **{name: list(values) for name, values in PRIZE_GRID.items()},
    "chunk_games": CHUNK_GAMES,
}
RULES = ("tiles", "mammoth_points", "tie")


def _strategy(value, key: str) -> str:
    if not isinstance(value, str):
        raise InputError(f"{key} must be a strategy name, not {value!r}")
    return value


@dataclass(frozen=True, kw_only=True)
class CommitExperiment(Experiment):
    """The settings of a commit sweep (see the module's docstring).

    Attributes
    ----------
    base : str
        The focal seat's strategy.
    field : tuple of str
        One name for every other seat, or one per seat.
    policies : tuple of str
        The commit policies swept against ``base+never``.
    herd_areas : bool
        Also the controlled herd-area tile sets.
    max_figures : int
        The solver tables' largest commitment.
    first_bonus, all_bonus, tile_value, food_value : tuple of float
        The solver's prize grid.
    """

    RULES: ClassVar[tuple[str, ...]] = RULES
    base: str = setting(_strategy)
    field: tuple[str, ...] = setting(names)
    policies: tuple[str, ...] = setting(names)
    herd_areas: bool = setting(flag)
    max_figures: int = setting(lambda v, k: whole_number(v, k, low=1, high=10))
    first_bonus: tuple[float, ...] = setting(points)
    all_bonus: tuple[float, ...] = setting(points)
    tile_value: tuple[float, ...] = setting(points)
    food_value: tuple[float, ...] = setting(points)

    def check(self) -> None:
        """Known strategies and policies, a field that fills every table; the tile files load
        (:func:`conditions_of`).

        Raises
        ------
        InputError
            Unknown strategies or policies, a field that does not fill the seats.
        """
        for name in self.field:
            resolve(name)
        for players in self.players:
            field_for(self.field, players)
        sweep_arms(self.base, self.policies)
        conditions_of(self)

    @property
    def prizes(self) -> dict[str, tuple[float, ...]]:
        """The solver's prize grid, by name."""
        return {name: getattr(self, name) for name in PRIZE_GRID}


EXPERIMENT = CommitExperiment


def conditions_of(experiment: CommitExperiment) -> dict[str, Rules]:
    """The sweep's conditions, as ``mammoth commit`` builds them."""
    return commit_conditions(experiment.rules_in_force, experiment.herd_areas)


def played(experiment: CommitExperiment) -> list:
    """The focal seat's arms and the field, as kernel slots (for the kernel the workers need)."""
    baseline, arms = sweep_arms(experiment.base, experiment.policies)
    field = [resolve(n) for n in experiment.field]
    return [baseline.slot, *(arm.slot for arm in arms), *field]


def seated_names(experiment: CommitExperiment) -> list[str]:
    """The focal seat's arms and the field, by name (for the compile notice)."""
    base = experiment.base
    return [arm_strategy(base, policy) for policy in experiment.policies] + list(experiment.field)


def chunks(experiment: CommitExperiment) -> list[dict]:
    """One chunk per (player count, condition, block of game indices)."""
    conditions = conditions_of(experiment)
    blocks = game_blocks(experiment.games, experiment.chunk_games)
    return [
        {"players": p, "condition": label, "start": start, "n": n}
        for p in experiment.player_counts
        for label in conditions
        for start, n in blocks
    ]


def run_chunk(experiment: CommitExperiment, chunk: dict) -> dict[str, np.ndarray]:
    """Play one chunk with the baseline and every policy arm and reduce it to statistics."""
    players = int(chunk["players"])
    baseline, arms = sweep_arms(experiment.base, experiment.policies)
    stats = sweep_block(
        baseline,
        arms,
        field_slots_for(experiment.field, players),
        chunk["condition"],
        conditions_of(experiment)[chunk["condition"]],
        GameBlock.of_chunk(experiment.seed, chunk),
    )
    return stats.to_arrays()


def _stats(arrays: dict) -> Moments:
    return Moments.from_arrays(arrays, "", SWEEP_KEYS, SWEEP_METRICS)


def merge(parts: list[dict]) -> dict[str, np.ndarray]:
    """Merge chunk statistics (their groups differ) exactly, in the given order."""
    total = Moments(SWEEP_KEYS, SWEEP_METRICS)
    for part in parts:
        total = total + _stats(part)
    return total.to_arrays()


def finish(
    experiment: CommitExperiment,
    merged: dict,
    folder: Path,
    command: str = "commit",
    started: float | None = None,
) -> str:
    """Compute the solver tables and the rule of thumb, write every file of a commit run and
    return it in lines (:func:`~experiments.commit.report.summary`: ``mammoth commit`` prints
    it).

    ``command`` and ``started`` are what run.json records
    (:func:`experiments.shared.runner.run_experiment` gives them).
    """
    conditions = conditions_of(experiment)
    rules = experiment.rules_in_force
    tables = commit_tables(
        _stats(merged),
        conditions,
        players=experiment.player_counts,
        base=experiment.base,
        policies=list(experiment.policies),
        prizes=experiment.prizes,
        max_figures=experiment.max_figures,
        tie_rule=rules.tie_rule,
    )
    return write_commit(Path(folder), tables, experiment, conditions, rules, command, started)
