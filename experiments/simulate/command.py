"""``mammoth simulate``: play complete games and write the per-seat table.

The games run as the ``simulate`` kind (:mod:`experiments.simulate.kind`) through the one door,
:func:`~experiments.shared.runner.run_experiment`: chunks saved as checkpoints, ``--resume``,
``--dask``.
"""

from __future__ import annotations

import time
from pathlib import Path

import click

from experiments.shared.command_backend import chunk_backend, dask_options
from experiments.shared.command_options import (
    RunSettings,
    announce_compile,
    chunk_size_option,
    command,
    out_option,
    run_settings,
    workers_option,
)
from experiments.shared.definition import experiment_from_settings
from experiments.shared.files import writing_inside
from experiments.shared.limits import check_blocks
from experiments.shared.runner import check_resume, run_experiment
from experiments.simulate.command_options import (
    SimulatedGames,
    SimulatedRules,
    games_options,
    rules_options,
)
from experiments.simulate.report_positions import POSITIONS
from experiments.simulate.settings import SimulateExperiment
from sim.constants import MAX_ROUNDS
from sim.rules import Rules


def experiment(
    played: SimulatedGames, rules: SimulatedRules, chunk_size: int
) -> SimulateExperiment:
    """The checked ``simulate`` experiment of the command's options.

    Parameters
    ----------
    played : SimulatedGames
        The games.
    rules : SimulatedRules
        The rules in force (a tile file by its absolute path).
    chunk_size : int
        Games per chunk.

    Returns
    -------
    experiments.simulate.settings.SimulateExperiment
        The experiment (:func:`experiments.shared.definition.experiment_from_settings`).
    """
    settings = {
        "kind": "simulate",
        "games": played.games,
        "players": [played.players],
        "seed": played.seed,
        "chunk_games": chunk_size,
        "strategies": list(played.seats),
        "rotate": played.rotate,
        "debug": played.debug,
        "dice_contest": played.dice_contest,
        "positions": played.positions,
        "rules": rules.settings(),
    }
    return experiment_from_settings(settings, "mammoth simulate")


@command()
@games_options
@out_option(
    "Output folder: gets games.parquet, run.json and experiment.json (and chunks/ while it runs).",
    default="results/simulate",
)
@rules_options
@workers_option("threads sharing each chunk")
@chunk_size_option(50_000)
@click.option(
    "--resume",
    is_flag=True,
    help="Keep the finished chunks an interrupted run with the same options left in "
    "OUT/chunks (a damaged one is played again).",
)
@dask_options
@run_settings
def simulate(played: SimulatedGames, rules: SimulatedRules, run: RunSettings):
    """Play complete games at one table size.

    Writes OUT/games.parquet (one row per game and seat; docs/commands.md lists the columns),
    OUT/run.json and OUT/experiment.json (the run's settings). The table is one Parquet file
    with a row group per chunk of --chunk-size games, read as one table by pandas.read_parquet
    or pyarrow.dataset. While the run plays, each finished chunk is a checkpoint file in
    OUT/chunks (so memory does not grow with --games); an interrupted run keeps them and
    --resume with the same options plays only the rest, giving the same table. With
    --positions N, the position of every herd decision of the first N games goes into
    OUT/positions/ as a position file (for ``mammoth analyse``).
    """
    started = time.perf_counter()
    check_blocks(played.games, run.chunk_size, "--chunk-size")
    checked = experiment(played, rules, run.chunk_size)
    folder = Path(run.out)
    if run.resume:
        check_resume(checked, folder)  # before a cluster starts: a refused --resume changes nothing
    announce_compile(list(played.seats))
    with chunk_backend(run) as backend, writing_inside(folder):
        try:
            done = run_experiment(
                checked,
                folder,
                resume=run.resume,
                workers=run.workers,
                progress=True,
                notice=lambda message: click.echo(f"  {message}", err=True),
                backend=backend,
                command="simulate",
                started=started,
            )
        except KeyboardInterrupt:
            click.echo(f"interrupted: finished chunks are kept in {folder}; rerun with --resume")
            raise
    _say_summary(played, rules.in_force, folder, done)


def _say_summary(played: SimulatedGames, rules: Rules, folder: Path, done) -> None:
    """Print what the run wrote and each strategy's win rate and mean score."""
    click.echo(f"{played.games} games, {played.players} players, seed {played.seed} -> {folder}")
    if played.positions:
        click.echo(
            f"  {done.position_files} herd decisions of {played.positions} games -> "
            f"{folder / POSITIONS}"
        )
    for row in done.tally.summary().itertuples():
        click.echo(
            f"  {row.strategy:24s} win {row.win_rate:6.1%} [{row.win_low:.1%}, {row.win_high:.1%}]"
            f"  score {row.mean_score:6.1f} ± {row.score_se:.2f}"
        )
    if rules.herd:
        tiles = "assumed" if rules.tiles_assumed else rules.tiles
        click.echo(f"  (mammoth tile fronts: {tiles})")
    stopped = done.tally.safety_stops
    if stopped:
        click.echo(f"  warning: {stopped} game(s) hit the {MAX_ROUNDS}-round safety stop", err=True)


__all__ = ["experiment", "simulate"]


COMMAND = simulate
"""The command this module adds to ``mammoth`` (:mod:`experiments.cli` finds it)."""
