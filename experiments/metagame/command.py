"""``mammoth metagame``: the herd decision as a game between the seats.

The options make an experiment of kind ``metagame`` (:mod:`experiments.metagame.kind`), run
through :func:`experiments.shared.command_run.run_command`: chunks, ``--resume``, ``--workers`` and
``--dask``; the folder also holds the run's checkpoints (``experiment.json``, ``chunks/``).
Prints ``metagame.md``.
"""

from __future__ import annotations

import click

from experiments.metagame.kind import names_of
from experiments.metagame.settings import CHUNK_GAMES, MAX_BOOTSTRAP, MAX_PLAYS, STRATEGIES
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
from experiments.shared.limits import MAX_GAMES

DEFAULT_GAMES = 3_000


@command()
@click.option(
    "--strategy",
    "names",
    multiple=True,
    type=STRATEGY,
    help=f"A herd play (repeat; two to {MAX_PLAYS}). [default: {', '.join(STRATEGIES)}]",
)
@players_option()
@games_option(DEFAULT_GAMES, MAX_GAMES, "Games per profile and player count.")
@seed_option()
@out_option(
    "Output folder: gets payoff.parquet, payoff.csv, equilibrium.csv, deviations.csv, "
    "equilibria.csv, metagame.md, figures/ and run.json.",
    default="results/metagame",
)
@click.option(
    "--bootstrap",
    type=click.IntRange(10, MAX_BOOTSTRAP),
    default=200,
    show_default=True,
    help="Bootstrap replicates over games for the intervals.",
)
@table_rules_options()
@workers_option(WORKERS_HELP)
@chunk_size_option(CHUNK_GAMES)
@resume_option()
@dask_options
@game_plan
@run_settings
def metagame(names, plan: GamePlan, bootstrap, rules: TableRules, run: RunSettings):
    """Play every profile of the herd plays over the seats and solve the game.

    At each player count every way of seating the plays (seats rotated, the same game indices
    for every profile) is played; a play's payoff is its seats' mean win share. Writes the
    payoff table, the symmetric equilibrium (replicator dynamics and support enumeration),
    each play's win rate against it and its exploitability (what the best one-seat deviation
    gains at a table of it), with 95% intervals from a bootstrap over games. Writes into OUT
    payoff.parquet, payoff.csv, equilibrium.csv, deviations.csv, equilibria.csv, metagame.md,
    figures/metagame_heatmap.png, figures/metagame_mix.png and run.json, and prints
    metagame.md. Ctrl-C keeps the finished chunks (rerun with --resume).
    """
    settings = {
        "kind": "metagame",
        **plan.settings(),
        "chunk_games": run.chunk_size,
        "bootstrap": bootstrap,
        "rules": rules.settings(),
    }
    if names:
        settings["strategies"] = list(names)
    experiment = experiment_from_settings(settings, "mammoth metagame")
    folder = run_command(experiment, run, names_of(experiment))  # prints metagame.md's text
    click.echo(f"wrote {folder}")


__all__ = ["metagame"]


COMMAND = metagame
"""The command this module adds to ``mammoth`` (:mod:`experiments.cli` finds it)."""
