"""``mammoth worth``: what the mammoth scoring is worth (paired runs, points on vs 0).

Writes into ``--out``: ``win_change.csv``, ``games.csv``, ``margins.csv``, ``tile_value.csv``,
``tile_value_held.csv``, ``tile_value_rounds.csv``, ``sensitivity.csv``, ``worth.png``,
``sensitivity.png`` and ``run.json``, with the run's checkpoints (``experiment.json``,
``chunks/``). The options make an experiment of kind ``worth`` (:mod:`experiments.worth.kind`),
run through :func:`experiments.shared.command_run.run_command` like a file of ``mammoth run``:
chunks, ``--resume``, ``--workers`` and ``--dask``.
"""

from __future__ import annotations

import click

from experiments.shared.command_backend import dask_options
from experiments.shared.command_options import (
    STRATEGY,
    GamePlan,
    RunSettings,
    TableRules,
    chunk_size_option,
    command,
    game_plan,
    games_option,
    out_option,
    players_option,
    resume_option,
    run_settings,
    seed_option,
    table_rules_options,
    workers_option,
)
from experiments.shared.command_run import WORKERS_HELP, run_command
from experiments.shared.definition import experiment_from_settings
from experiments.shared.limits import MAX_GAMES, MAX_STRATEGIES
from experiments.worth.analysis import DEFAULT_GAMES, DEFAULT_STRATEGIES

FILES = (
    "win_change.csv, games.csv, margins.csv, tile_value.csv, tile_value_held.csv, "
    "tile_value_rounds.csv, sensitivity.csv, worth.png, sensitivity.png and run.json"
)


@command()
@players_option()
@games_option(
    DEFAULT_GAMES,
    MAX_GAMES,
    "Games per table and arm, for each player count and condition (both arms play the same games).",
)
@seed_option()
@out_option(f"Output folder: gets {FILES}.", default="results/worth")
@workers_option(WORKERS_HELP)
@click.option(
    "--strategy",
    "names",
    multiple=True,
    type=STRATEGY,
    default=DEFAULT_STRATEGIES,
    show_default=True,
    help=f"Two to {MAX_STRATEGIES}; every combination that fills the seats is a table.",
)
@table_rules_options(
    points_low=1,
    points_help="Points of the 'on' arm (the other arm plays 0).",
    tie_help="Tie rule of the main condition.",
)
@click.option(
    "--sensitivity/--no-sensitivity",
    default=True,
    show_default=True,
    help="Also run the variant tile sets and both tie rules.",
)
@chunk_size_option(5_000)
@resume_option()
@dask_options
@game_plan
@run_settings
def worth(plan: GamePlan, names, rules: TableRules, sensitivity, run: RunSettings):
    """What the mammoth scoring is worth: paired runs with the points on and at 0.

    Writes win_change.csv, games.csv, margins.csv, tile_value.csv, tile_value_held.csv,
    tile_value_rounds.csv, sensitivity.csv, worth.png, sensitivity.png and run.json into OUT,
    with the run's checkpoints (experiment.json, chunks/): the experiment of kind worth that
    these options make, run as mammoth run runs a file (--resume, --dask).
    """
    table_rules = rules.settings()
    experiment = experiment_from_settings(
        {
            "kind": "worth",
            **plan.settings(),
            "chunk_games": run.chunk_size,
            "strategies": list(names),
            "points": table_rules.pop("mammoth_points"),
            "sensitivity": sensitivity,
            "rules": table_rules,
        },
        "mammoth worth",
    )
    folder = run_command(experiment, run, experiment.resolved_names())
    click.echo(f"wrote {folder}")


__all__ = ["worth"]


COMMAND = worth
"""The command this module adds to ``mammoth`` (:mod:`experiments.cli` finds it)."""
