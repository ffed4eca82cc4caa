"""``mammoth analyse POSITION``: every option of a position's herd decision played out.

The position file (docs/positions.md) and the options make an experiment of kind ``analyse``
(:mod:`experiments.analyse.kind`), run through :func:`experiments.shared.command_run.run_command`:
chunks of play-outs, ``--resume``, ``--workers`` and ``--dask``; the folder also holds the run's
checkpoints. Prints ``analysis.md``.
"""

from __future__ import annotations

import click

from experiments.analyse.settings import CHUNK_GAMES, FIELD, position_of
from experiments.shared.command_backend import dask_options
from experiments.shared.command_options import (
    STRATEGY,
    RunSettings,
    chunk_size_option,
    command,
    games_option,
    out_option,
    resume_option,
    run_settings,
    seed_option,
    workers_option,
)
from experiments.shared.command_run import WORKERS_HELP, run_command
from experiments.shared.definition import experiment_from_settings
from experiments.shared.limits import MAX_GAMES
from sim.errors import InputError
from sim.position import read_document
from strategies.registry import resolve

DEFAULT_PLAYOUTS = 1_000


@command()
@click.argument("position_file", metavar="POSITION", type=click.Path(dir_okay=False))
@click.option(
    "--field",
    type=STRATEGY,
    default=FIELD,
    show_default=True,
    help="The strategy of every seat, the deciding seat's play after its option included.",
)
@games_option(DEFAULT_PLAYOUTS, MAX_GAMES, "Play-outs per option (at most).", name="--playouts")
@seed_option()
@click.option(
    "--stop/--no-stop",
    default=True,
    show_default=True,
    help="Stop once one option leads every other with confidence (docs/positions.md).",
)
@out_option(
    "Output folder: gets analysis.md, analysis.csv, analysis.json, analysis.html and run.json.",
    default="results/analyse",
)
@workers_option(WORKERS_HELP)
@chunk_size_option(CHUNK_GAMES)
@resume_option()
@dask_options
@run_settings
def analyse(position_file, field, playouts, seed, stop, run: RunSettings):
    """Play out every option of the herd decision in POSITION (a position file).

    At a placement turn the options are each number of people on the herd's area and
    "elsewhere" (the seat's player places this turn with the herd's area closed); at a
    commitment, 0 to the figures the seat can move and pay for. Each option is played to the
    end of the game --playouts times by the field at every seat, the same dice and the same
    re-deal of what the seats cannot see for every option (common random numbers). Prints
    each option's win share and final margin with 95% intervals, the best option and its
    lead, and writes them into OUT as analysis.md, analysis.csv, analysis.json and
    analysis.html. Ctrl-C keeps the finished chunks (rerun with --resume).
    """
    where = f"position file {position_file!r}"
    try:
        resolve(field)
    except InputError as exc:
        raise InputError(f"--field: {exc}") from None
    document = read_document(position_file)
    try:  # parsed once: the kind's check, its run and this process's chunks reuse it
        position = position_of(document)
    except InputError as exc:
        raise InputError(f"{where}: {exc}") from None  # the loader's refusals, named
    settings = {
        "kind": "analyse",
        "name": "analyse",
        "players": [position.n_players],
        "games": playouts,
        "seed": seed,
        "chunk_games": run.chunk_size,
        "position": document,
        "field": field,
        "stop": stop,
    }
    experiment = experiment_from_settings(settings, "mammoth analyse", where=where)
    folder = run_command(experiment, run, [field])
    click.echo(f"wrote {folder}")


__all__ = ["analyse"]


COMMAND = analyse
"""The command this module adds to ``mammoth`` (:mod:`experiments.cli` finds it)."""
