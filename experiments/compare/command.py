"""``mammoth compare``: a league of strategies for 2, 3 and 4 players, and their profile.

The options make an experiment of kind ``compare`` (:mod:`experiments.compare.kind`), run
through :func:`experiments.shared.command_run.run_command` like a file of ``mammoth run``: chunks,
``--resume``, ``--workers`` and ``--dask``; the folder also holds the run's checkpoints
(``experiment.json``, ``chunks/``).
"""

from __future__ import annotations

import click

from experiments.compare.analysis import herd_label
from experiments.compare.settings import CHUNK_GAMES
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
from experiments.shared.seats_setup import names_of
from sim.errors import InputError

HERDS = {"on": (True,), "off": (False,), "both": (True, False)}
"""``--herd``: the herd settings every table is played with (on the same seeds)."""


@command()
@click.option(
    "--strategy",
    "names",
    multiple=True,
    type=STRATEGY,
    required=True,
    help=f"Two to {MAX_STRATEGIES}; repeat.",
)
@players_option()
@games_option(
    2_000,
    MAX_GAMES,
    "Games per table: every table of every player count (and herd setting) plays them.",
)
@seed_option()
@out_option(
    "Output folder: gets league.csv, pairwise.csv, ratings.csv, seats.csv, profile.csv, "
    "league.png and run.json.",
    default="results/compare",
)
@click.option(
    "--herd",
    type=click.Choice(list(HERDS)),
    default="on",
    is_flag=False,
    flag_value="on",
    show_default=True,
    help="Play with The Mammoth Herd (on), without it (off), or both: every table twice, on "
    "the same seeds (the tables' herd column says which).",
)
@click.option("--no-herd", is_flag=True, help="The same as --herd off.")
@table_rules_options()
@workers_option(WORKERS_HELP)
@chunk_size_option(CHUNK_GAMES)
@resume_option()
@dask_options
@click.pass_context
@game_plan
@run_settings
def compare(ctx, names, plan: GamePlan, herd, no_herd, rules: TableRules, run: RunSettings):
    """Play every table of the league (seats rotated, the same seeds for every table).

    Writes league.csv, pairwise.csv, ratings.csv, seats.csv, profile.csv (the behaviour
    profile), league.png and run.json into OUT, with the run's checkpoints (experiment.json,
    chunks/): the experiment of kind compare that these options make, run as mammoth run
    runs a file (--resume, --dask).
    """
    if no_herd and ctx.get_parameter_source("herd") is not click.core.ParameterSource.DEFAULT:
        raise InputError("give --herd or --no-herd, not both")
    herds = HERDS["off" if no_herd else herd]
    experiment = experiment_from_settings(
        {
            "kind": "compare",
            **plan.settings(),
            "chunk_games": run.chunk_size,
            "strategies": list(names),
            "rules": {"herd": herds[0] if len(herds) == 1 else list(herds), **rules.settings()},
        },
        "mammoth compare",
    )
    run_command(experiment, run, names_of(experiment))
    click.echo(f"wrote {run.out} (herd {', '.join(herd_label(h) for h in herds)})")


COMMAND = compare
"""The command this module adds to ``mammoth`` (:mod:`experiments.cli` finds it)."""
