"""The ``worth`` experiment kind: :mod:`experiments.worth.analysis` in chunks.

A chunk is one player count, one condition (tile set x tie rule) and one block of game indices.
It plays every table with both arms (the mammoth points on, and at 0) for those indices: a game
index is one cluster of the statistics (all its tables and seats), so it is never split between
chunks. The chunk's :class:`~experiments.worth.analysis.WorthStats` travel as plain arrays and merge
exactly; ``finish`` writes the files of ``mammoth worth`` (:mod:`experiments.worth.report`; see
:mod:`experiments.shared.kinds` for the contract).

Its settings are read and checked once into
:class:`~experiments.worth.settings.WorthExperiment` (:mod:`experiments.worth.settings`).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from experiments.shared.limits import game_blocks
from experiments.shared.paired import GameBlock
from experiments.worth.analysis import WorthStats, worth_block, worth_tables
from experiments.worth.report import summary, write_worth
from experiments.worth.settings import CHUNK_GAMES as CHUNK_GAMES
from experiments.worth.settings import DEFAULTS as DEFAULTS
from experiments.worth.settings import WorthExperiment
from strategies.registry import resolve

GAMES = "games per table and arm"


EXPERIMENT = WorthExperiment


def played(experiment: WorthExperiment) -> list:
    """The strategies, resolved (for the kernel the workers need)."""
    return [resolve(n) for n in experiment.strategies]


def chunks(experiment: WorthExperiment) -> list[dict]:
    """One chunk per (player count, condition, block of game indices)."""
    _, conditions = experiment.conditions()
    blocks = game_blocks(experiment.games, experiment.chunk_size)
    return [
        {"players": p, "condition": label, "start": start, "n": n}
        for p in experiment.player_counts
        for label in conditions
        for start, n in blocks
    ]


def run_chunk(experiment: WorthExperiment, chunk: dict) -> dict[str, np.ndarray]:
    """Play every table of one chunk with both arms and reduce it to statistics."""
    _, conditions = experiment.conditions()
    stats = worth_block(
        experiment.resolved_names(),
        chunk["condition"],
        conditions[chunk["condition"]],
        experiment.points,
        GameBlock.of_chunk(experiment.seed, chunk),
    )
    return stats.to_arrays()


def merge(parts: list[dict]) -> dict[str, np.ndarray]:
    """Merge chunk statistics (their groups differ) exactly, in the given order."""
    total = WorthStats.empty()
    for part in parts:
        total = total + WorthStats.from_arrays(part)
    return total.to_arrays()


def finish(
    experiment: WorthExperiment,
    merged: dict,
    folder: Path,
    command: str = "worth",
    started: float | None = None,
) -> str:
    """Write the tables, plots and run.json of ``mammoth worth``, and return the run in lines
    (:func:`~experiments.worth.report.summary`: the command prints it)."""
    main_label, conditions = experiment.conditions()
    tables = worth_tables(WorthStats.from_arrays(merged), conditions, experiment.points)
    rules, resolved = experiment.rules_on(), experiment.resolved_names()
    write_worth(Path(folder), tables, experiment, conditions, rules, resolved, command, started)
    return summary(experiment, tables, main_label, conditions)
