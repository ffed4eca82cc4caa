"""``mammoth train``: fit the learned evaluation on the engine's own games.

The options make an experiment of kind ``train`` (:mod:`experiments.train.kind`), which goes
through the runner like a file's (:func:`experiments.shared.command_run.run_command`): the progress
chunk by chunk, the model file (``value.json``), each generation's and the provenance (``run.json``,
whose command is this one) in ``--out``, with the run's checkpoints (``experiment.json``,
``chunks/`` while it runs, so an interrupted run continues with ``--resume``). The shipped models
(``strategies/models/``) are this command's output.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass

import click

from experiments.shared.command_backend import dask_options
from experiments.shared.command_options import (
    STRATEGY,
    Real,
    RunSettings,
    Whole,
    gathered,
    out_option,
    resume_option,
    run_settings,
    seed_option,
    workers_option,
)
from experiments.shared.command_run import run_command
from experiments.shared.definition import experiment_from_settings
from experiments.train.analysis import HEADS, HOLD_OUT, MAX_GAMES, MAX_GENERATIONS, MAX_WINDOW


@dataclass(frozen=True)
class Fit:
    """How each generation's model is fitted: ``--window``, ``--ridge``, ``--clip`` (or
    ``--no-clip``) and ``--heads`` (:func:`fit_options`)."""

    window: int
    ridge: float
    clip: float
    no_clip: bool
    heads: str

    def settings(self) -> dict:
        """The train experiment's settings ``window``, ``ridge``, ``clip`` (0: the margin
        unclipped) and ``heads``."""
        clip = 0.0 if self.no_clip else self.clip  # a train experiment's clip 0: unclipped
        return {"window": self.window, "ridge": self.ridge, "clip": clip, "heads": self.heads}

    def words(self) -> str:
        """The options as ``mammoth train`` is given them (for run.json's command)."""
        clip = "--no-clip" if self.no_clip else f"--clip {self.clip:g}"
        return f"--window {self.window} --ridge {self.ridge:g} {clip} --heads {self.heads}"


FIT_OPTIONS = (
    click.option(
        "--window",
        type=Whole(1, MAX_WINDOW, "generations"),
        default=3,
        show_default=True,
        help="Fit each generation's model on the positions of the last this many generations.",
    ),
    click.option(
        "--ridge",
        type=Real(0.0, 1e6),
        default=1e-2,
        show_default=True,
        help="Ridge penalty (on standardised features).",
    ),
    click.option(
        "--clip",
        type=Real(0.0, 1000.0, low_open=True),
        default=50.0,
        show_default=True,
        help="Clip the target margin to this many points either way (above 0, at most 1000).",
    ),
    click.option("--no-clip", is_flag=True, help="Fit the margin unclipped (instead of --clip)."),
    click.option(
        "--heads",
        type=click.Choice(HEADS),
        default="players",
        show_default=True,
        help="The model's heads: one for every position, one per table size (2, 3, 4 players), "
        "one per table size and phase of the game (late, mid, early), or mixed (one per table size "
        "of 3 and 4, the pooled one for 2 players).",
    ),
)
"""The fit's options, in the order ``--help`` lists them."""


def fit_options(function):
    """Add ``--window``, ``--ridge``, ``--clip``, ``--no-clip`` and ``--heads`` to
    ``mammoth train``, handed to it as one :class:`Fit`, the argument ``fit``."""
    function = gathered("fit", Fit)(function)
    for option in reversed(FIT_OPTIONS):
        function = option(function)
    return function


@click.command("train")
@click.option(
    "--games",
    type=Whole(HOLD_OUT, MAX_GAMES, "games"),
    default=5000,
    show_default=True,
    help=f"Games per generation, {HOLD_OUT} to {MAX_GAMES:,}.",
)
@click.option(
    "--generations",
    type=Whole(1, MAX_GENERATIONS, "generations"),
    default=3,
    show_default=True,
    help="Generations: the first played by greedy, each next one by the learned player holding "
    "the model fitted so far, against itself, each --opponent and the earlier generations. "
    f"1 to {MAX_GENERATIONS}.",
)
@click.option(
    "--opponent",
    "opponents",
    multiple=True,
    type=STRATEGY,
    default=("greedy",),
    show_default=True,
    help="A fixed opponent of the learner (any player name); repeat for more.",
)
@click.option(
    "--learner",
    type=STRATEGY,
    default="learned",
    show_default=True,
    help="The learned player trained, with its settings (e.g. learned[replan=1]).",
)
@fit_options
@seed_option()
@out_option("Output folder: value.json (the model) and run.json.", default="results/train")
@click.option("--keep-chunks", is_flag=True, help="Keep OUT/chunks (the fit's data) afterwards.")
@workers_option("local processes playing a generation's chunks, one each")
@resume_option()
@dask_options
@run_settings
def train_command(
    games, generations, opponents, learner, fit: Fit, seed, keep_chunks, run: RunSettings
) -> None:
    """Fit the learned evaluation (the ``learned`` player's model) on the engine's own games.

    Positions at every round's start, target the seat's final margin over the best other seat
    (clipped to --clip points, or not with --no-clip), ridge least squares; every tenth game is
    held out for the fit figures. An interrupted run continues with --resume. A generation's
    chunks run side by side on --workers local processes or on --dask; the model is the same.
    Writes value.json (the last model), generations/generation-K.json (each generation's; play
    one as learned[model=PATH]) and run.json into OUT.
    """
    experiment = experiment_from_settings(
        {
            "kind": "train",
            "name": "train",
            "games": games,
            "generations": generations,
            "seed": seed,
            "opponents": list(opponents),
            "learner": learner,
            **fit.settings(),
            "keep_chunks": keep_chunks,
        },
        "mammoth train",
    )
    command = (
        f"mammoth train --games {games} --generations {generations} "
        + "".join(f"--opponent {shlex.quote(name)} " for name in opponents)
        + f"--learner {shlex.quote(learner)} {fit.words()} --seed {seed} --out {run.out}"
    )
    folder = run_command(experiment, run, [learner, *opponents], command=command)
    click.echo(f"wrote {folder / 'value.json'} and {folder / 'run.json'}")


__all__ = ["train_command"]


COMMAND = train_command
"""The command this module adds to ``mammoth`` (:mod:`experiments.cli` finds it)."""
