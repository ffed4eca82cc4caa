"""The ``worth`` experiment kind: :mod:`experiments.worth.analysis` in chunks.

A chunk is one player count, one condition (tile set x tie rule) and one block of game indices.
It plays every table with both arms (the mammoth points on, and at 0) for those indices: a game
index is one cluster of the statistics (all its tables and seats), so it is never split between
chunks. The chunk's :class:`~experiments.worth.analysis.WorthStats` travel as plain arrays and merge
exactly; ``finish`` writes the files of ``mammoth worth`` (:mod:`experiments.worth.report`; see
:mod:`experiments.shared.kinds` for the contract).

Settings of ``[experiment]`` (a setting left out takes the default of the ``mammoth worth``
option): ``players``, ``games`` (per table and arm), ``seed``, ``strategies`` (at least two),
``points`` (the "on" arm, default 10), ``sensitivity`` (default true: also the variant tile sets
and both tie rules), ``chunk_games``. Settings of ``[rules]``: ``tiles`` (``"default"`` or a
file), ``tie`` (the main condition's tie rule). They are read and checked once, into a
:class:`WorthExperiment` (:mod:`experiments.shared.experiment`).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

import numpy as np

from experiments.shared.experiment import Experiment, setting
from experiments.shared.limits import MAX_MAMMOTH_POINTS, game_blocks
from experiments.shared.paired import GameBlock
from experiments.shared.settings import below, flag, names
from experiments.worth.analysis import (
    DEFAULT_GAMES,
    DEFAULT_STRATEGIES,
    WorthStats,
    worth_block,
    worth_conditions,
    worth_tables,
)
from experiments.worth.report import summary, write_worth
from sim.errors import InputError
from sim.rules import Rules
from strategies.registry import resolve

CHUNK_GAMES = 5_000
GAMES = "games per table and arm"
DEFAULTS = {
    "players": [2, 3, 4],
    "games": DEFAULT_GAMES,
    "seed": 0,
    "strategies": list(DEFAULT_STRATEGIES),
    "points": 10,
    "sensitivity": True,
    "chunk_games": CHUNK_GAMES,
}
RULES = ("tiles", "tie")


@dataclass(frozen=True, kw_only=True)
class WorthExperiment(Experiment):
    """The settings of a worth run (see the module's docstring).

    Attributes
    ----------
    strategies : tuple of str
        At least two different strategies; every combination that fills the seats is a table.
    points : int
        The mammoth points of the "on" arm (the other arm plays 0).
    sensitivity : bool
        Also the variant tile sets and both tie rules.
    """

    RULES: ClassVar[tuple[str, ...]] = RULES
    strategies: tuple[str, ...] = setting(names)
    points: int = setting(below(MAX_MAMMOTH_POINTS))
    sensitivity: bool = setting(flag)

    def check(self) -> None:
        """Known strategies, at least two different ones; the tile files load
        (:func:`conditions_of`).

        Raises
        ------
        InputError
            Unknown strategies, fewer than two different ones, a bad tile file.
        """
        resolved = names_of(self)
        if len(resolved) < 2 or len(set(resolved)) != len(resolved):
            raise InputError("strategies: give at least two different strategies")
        conditions_of(self)


EXPERIMENT = WorthExperiment


def rules_of(experiment: WorthExperiment) -> Rules:
    """The rules of the "on" arm (the herd on, the mammoth majority worth ``points``)."""
    return dataclasses.replace(experiment.rules, mammoth_points=experiment.points).rules(True)


def conditions_of(experiment: WorthExperiment) -> tuple[str, dict[str, Rules]]:
    """The main condition's label and every condition, as ``mammoth worth`` builds them."""
    return worth_conditions(rules_of(experiment), experiment.sensitivity)


def names_of(experiment: WorthExperiment) -> list[str]:
    """The strategies, as resolved names."""
    return [seat.name for seat in played(experiment)]


def played(experiment: WorthExperiment) -> list:
    """The strategies, resolved (for the kernel the workers need)."""
    return [resolve(n) for n in experiment.strategies]


def chunks(experiment: WorthExperiment) -> list[dict]:
    """One chunk per (player count, condition, block of game indices)."""
    _, conditions = conditions_of(experiment)
    blocks = game_blocks(experiment.games, experiment.chunk_games or CHUNK_GAMES)
    return [
        {"players": p, "condition": label, "start": start, "n": n}
        for p in experiment.player_counts
        for label in conditions
        for start, n in blocks
    ]


def run_chunk(experiment: WorthExperiment, chunk: dict) -> dict[str, np.ndarray]:
    """Play every table of one chunk with both arms and reduce it to statistics."""
    _, conditions = conditions_of(experiment)
    stats = worth_block(
        names_of(experiment),
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
    main_label, conditions = conditions_of(experiment)
    tables = worth_tables(WorthStats.from_arrays(merged), conditions, experiment.points)
    rules, resolved = rules_of(experiment), names_of(experiment)
    write_worth(Path(folder), tables, experiment, conditions, rules, resolved, command, started)
    return summary(experiment, tables, main_label, conditions)
