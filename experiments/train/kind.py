"""The ``train`` experiment kind: ``mammoth train``'s self-play training, from an experiment file.

Its chunks are not independent of each other: each generation is played by the learner holding
the model fitted on the generations before it, so the kind runs its own passes (``run``, see
:mod:`experiments.shared.kinds`): a generation's chunks side by side through the runner's backend,
then its fit, then the next generation (:func:`experiments.train.kind_generations.run_training`, the
same training as the command's, so the same settings give the same model bytes). Its chunks are
saved under ``chunks/`` as they finish, so an interrupted run continues with ``--resume``; without
it the run starts over. It writes what ``mammoth train`` writes: ``value.json``, ``generations/``
and ``run.json`` (the chunks are removed once the model is written, unless ``keep_chunks``).

Settings of ``[experiment]`` (a setting left out takes the default of the ``mammoth train``
option): ``games`` (per generation), ``seed``, ``generations``, ``opponents`` (a list),
``learner``, ``window``, ``ridge``, ``clip`` (0: the margin unclipped), ``heads``,
``keep_chunks`` (keep ``chunks/``, the fit's data, afterwards). Every generation plays 2, 3 and 4
players in turn, in chunks of :data:`~experiments.train.analysis.CHUNK_GAMES` games, under the
default rules: ``players``, ``chunk_games`` and ``[rules]`` are not settings of this kind.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from experiments.shared.settings import (
    bool_setting,
    check_keys,
    int_setting,
    names_setting,
    number_setting,
    short,
)
from experiments.train.analysis import CHUNK_GAMES, HEADS, PLAYER_CYCLE, TrainSpec, check_spec
from experiments.train.kind_generations import run_training
from experiments.train.report import summary
from sim.errors import InputError
from strategies.registry import resolve

GAMES = "games per generation"
DEFAULTS = {
    "players": list(PLAYER_CYCLE),
    "games": 5000,
    "generations": 3,
    "opponents": ["greedy"],
    "learner": "learned",
    "window": 3,
    "ridge": 0.01,
    "clip": 50.0,
    "heads": "players",
    "keep_chunks": False,
}
SETTINGS = (
    "generations",
    "opponents",
    "learner",
    "window",
    "ridge",
    "clip",
    "heads",
    "keep_chunks",
)


def spec_of(config: dict) -> TrainSpec:
    """The training an experiment describes."""
    return TrainSpec(
        games=int(config["games"]),
        generations=int(config["generations"]),
        seed=int(config["seed"]),
        ridge=float(config["ridge"]),
        clip=float(config["clip"]),
        opponents=tuple(config["opponents"]),
        window=int(config["window"]),
        learner=str(config["learner"]),
        heads=str(config["heads"]),
    )


def check(config: dict) -> None:
    """Check the settings before anything runs.

    Raises
    ------
    InputError
        Unknown or mistyped settings, settings this kind does not take, unknown players,
        impossible sizes.
    """
    check_keys(config, SETTINGS, ())
    if "chunk_games" in config:
        raise InputError(f"chunk_games: a training plays chunks of {CHUNK_GAMES} games")
    if sorted(config["players"]) != list(PLAYER_CYCLE):
        raise InputError("players: a training plays 2, 3 and 4 players in turn")
    int_setting(config, "generations")
    int_setting(config, "window")
    names_setting(config, "opponents")
    if not isinstance(config["learner"], str):
        raise InputError(f"learner must be a player name, not {short(config['learner'])}")
    number_setting(config, "ridge")
    number_setting(config, "clip")
    bool_setting(config, "keep_chunks")
    if config["heads"] not in HEADS:
        raise InputError(f"heads must be one of {', '.join(HEADS)}, not {short(config['heads'])}")
    check_spec(spec_of(config))


def chunks(config: dict) -> list[dict]:
    """The chunks the training plays, every generation's (what the run's limits count); they
    are played by :func:`run`, a generation at a time."""
    spec = spec_of(config)
    return [
        {"generation": g, "chunk": c} for g in range(spec.generations) for c in range(spec.chunks())
    ]


def played(config: dict) -> list:
    """The learner and its fixed opponents (resolved), for the backend to prepare."""
    return [resolve(config["learner"]), *(resolve(name) for name in config["opponents"])]


def seated_names(config: dict) -> list[str]:
    """The learner and its fixed opponents, by name (for the compile notice)."""
    return [config["learner"], *config["opponents"]]


def run(
    config: dict,
    folder: Path,
    command: str,
    backend=None,
    progress: Callable[[str], None] | None = None,
) -> str:
    """Train and write the model files into ``folder``, with ``command`` as their provenance
    (:func:`~experiments.train.kind_generations.run_training`); return the fit in a line
    (:func:`~experiments.train.report.summary`: ``mammoth train`` prints it)."""
    spec = spec_of(config)
    info = run_training(
        spec,
        folder,
        command,
        progress=progress,
        backend=backend,
        keep_chunks=config["keep_chunks"],
    )
    return summary(info, spec.games * spec.generations)
