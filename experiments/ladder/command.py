"""``mammoth ladder``: every player rated on one scale (heads-up and 4 players) and priced.

Runs the ``ladder`` experiment kind (:mod:`experiments.ladder.kind`; its design in
:mod:`experiments.ladder.analysis`) through the runner, so it has chunks, checkpoints,
``--resume``, ``--workers`` and ``--dask`` like ``mammoth run``. Writes into ``--out``:
``ladder.csv``, ``ratings.csv``, ``costs.csv``, ``ladder.png``, ``run.json``,
``experiment.json`` and ``chunks/``.
"""

from __future__ import annotations

import click

from experiments.ladder.analysis import ANCHOR, default_rungs
from experiments.ladder.settings import CHUNK_GAMES, MAX_COST_SECONDS
from experiments.shared.command_backend import dask_options
from experiments.shared.command_options import (
    STRATEGY,
    GamePlan,
    Real,
    RunSettings,
    chunk_size_option,
    command,
    game_plan,
    games_option,
    out_option,
    players_option,
    resume_option,
    run_settings,
    seed_option,
    workers_option,
)
from experiments.shared.command_run import WORKERS_HELP, run_command
from experiments.shared.definition import experiment_from_settings
from experiments.shared.limits import MAX_GAMES

DEFAULT_GAMES = 1_000
FILES = (
    "ladder.csv, ratings.csv, costs.csv, ladder.png (and generations.png with two or more "
    "generations of a model) and run.json"
)


@command()
@click.option(
    "--strategy",
    "names",
    multiple=True,
    type=STRATEGY,
    help="A rung, in ladder order (weakest first); repeat. Default: the full ladder (random, "
    "classic, greedy, the presets, search-classic, search at 1, 2, 4, 8 and 16 rollouts and the "
    "quick search, any later player). Parameter variants are named like search[rollouts=2].",
)
@players_option(default=(2, 4))
@games_option(
    DEFAULT_GAMES,
    MAX_GAMES,
    "Games per table: every table of the schedule, at each player count, plays them.",
)
@seed_option()
@out_option(
    f"Output folder: gets {FILES}, and the run's checkpoints (experiment.json, chunks/).",
    default="results/ladder",
)
@click.option(
    "--anchor",
    type=STRATEGY,
    default=None,
    help=f"The rung every other plays heads-up, rated 0 (it must be on the ladder). "
    f"[default: {ANCHOR}, or the first rung when {ANCHOR} is not on the ladder]",
)
@click.option(
    "--cost-seconds",
    type=Real(0.0, MAX_COST_SECONDS, low_open=True),
    default=2.0,
    show_default=True,
    help="CPU seconds, about, of each rung's timed batch (4 players with the herd, every seat "
    f"that rung); above 0, at most {MAX_COST_SECONDS:g}.",
)
@click.option("--no-costs", is_flag=True, help="Measure no costs (ratings only).")
@chunk_size_option(CHUNK_GAMES)
@workers_option(WORKERS_HELP)
@resume_option()
@dask_options
@game_plan
@run_settings
def ladder(names, plan: GamePlan, anchor, cost_seconds, no_costs, run: RunSettings):
    """Rate every player on one scale and price it: the strength ladder.

    Bradley-Terry ratings (relative to the anchor, with 95% intervals) from seat-rotated games
    on common seeds: heads-up, each rung against its neighbours and the anchor; at 3 or 4
    players, each window of consecutive rungs. Each rung's cost is measured in the same run
    (games per second on one core, 4 players with the herd). Writes ladder.csv, ratings.csv,
    costs.csv (measured, not reproducible), ladder.png (generations.png too when the ladder holds
    generations of a model, such as learned[model=selfplay-g3]) and run.json into OUT; Ctrl-C
    keeps the finished chunks (rerun with --resume).
    """
    experiment = experiment_from_settings(
        {
            "kind": "ladder",
            "name": "ladder",
            **plan.settings(),
            "chunk_games": run.chunk_size,
            "rules": {},
            "strategies": list(names) or default_rungs(),
            **({"anchor": anchor} if anchor else {}),
            "cost_seconds": False if no_costs else cost_seconds,
        },
        "mammoth ladder",
    )
    folder = run_command(experiment, run, experiment.strategies)
    click.echo(f"wrote {folder}")


__all__ = ["ladder"]


COMMAND = ladder
"""The command this module adds to ``mammoth`` (:mod:`experiments.cli` finds it)."""
