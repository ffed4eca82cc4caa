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

Its settings are read and checked once into
:class:`~experiments.commit.settings.CommitExperiment` (:mod:`experiments.commit.settings`).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from experiments.commit.analysis import sweep_arms
from experiments.commit.analysis_tables import commit_tables
from experiments.commit.report import write_commit
from experiments.commit.settings import CHUNK_GAMES as CHUNK_GAMES
from experiments.commit.settings import DEFAULTS as DEFAULTS
from experiments.commit.settings import CommitExperiment
from experiments.shared.analysis_sweep import (
    SWEEP_KEYS,
    SWEEP_METRICS,
    arm_strategy,
    field_slots_for,
    sweep_block,
)
from experiments.shared.limits import game_blocks
from experiments.shared.paired import GameBlock, Moments
from strategies.registry import resolve

GAMES = "games per arm"

EXPERIMENT = CommitExperiment


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
    conditions = experiment.conditions()
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
        experiment.conditions()[chunk["condition"]],
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
    conditions = experiment.conditions()
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
