"""The ``train`` experiment kind: ``mammoth train``'s self-play training, from an experiment file.

Its chunks are not independent of each other: each generation is played by the learner holding
the model fitted on the generations before it, so the kind runs its own passes (``run``, see
:mod:`experiments.shared.kinds`): a generation's chunks side by side through the runner's backend,
then its fit, then the next generation (:func:`experiments.train.kind_generations.run_training`, the
same training as the command's, so the same settings give the same model bytes). Its chunks are
saved under ``chunks/`` as they finish, so an interrupted run continues with ``--resume``; without
it the run starts over. It writes what ``mammoth train`` writes: ``value.json``, ``generations/``
and ``run.json`` (the chunks are removed once the model is written, unless ``keep_chunks``).

Its settings are read and checked once into
:class:`~experiments.train.settings.TrainExperiment` (:mod:`experiments.train.settings`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from experiments.train.kind_generations import run_training
from experiments.train.report import summary
from experiments.train.settings import DEFAULTS as DEFAULTS
from experiments.train.settings import TrainExperiment
from strategies.registry import resolve

GAMES = "games per generation"


EXPERIMENT = TrainExperiment


def chunks(experiment: TrainExperiment) -> list[dict]:
    """The chunks the training plays, every generation's (what the run's limits count); they
    are played by :func:`run`, a generation at a time."""
    spec = experiment.spec
    return [
        {"generation": g, "chunk": c} for g in range(spec.generations) for c in range(spec.chunks())
    ]


def played(experiment: TrainExperiment) -> list:
    """The learner and its fixed opponents (resolved), for the backend to prepare."""
    return [resolve(name) for name in seated_names(experiment)]


def seated_names(experiment: TrainExperiment) -> list[str]:
    """The learner and its fixed opponents, by name (for the compile notice)."""
    return [experiment.learner, *experiment.opponents]


def run(
    experiment: TrainExperiment,
    folder: Path,
    command: str,
    backend=None,
    progress: Callable[[str], None] | None = None,
) -> str:
    """Train and write the model files into ``folder``, with ``command`` as their provenance
    (:func:`~experiments.train.kind_generations.run_training`); return the fit in a line
    (:func:`~experiments.train.report.summary`: ``mammoth train`` prints it)."""
    spec = experiment.spec
    info = run_training(
        spec,
        folder,
        command,
        progress=progress,
        backend=backend,
        keep_chunks=experiment.keep_chunks,
    )
    return summary(info, spec.games * spec.generations)
