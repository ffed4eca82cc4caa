"""``mammoth commit``: how many figures to commit to the taming contest.

Writes into ``--out``: ``equilibrium.csv`` and ``best_response.csv`` (solver tables),
``commit_heatmap.png``, ``sweep.csv`` and ``sweep_seats.csv`` (paired in-game sweep),
``commit_sweep.png``, ``commit_herd_areas.png`` (unless ``--no-herd-areas``),
``rule_of_thumb.csv`` and ``run.json``, with the run's checkpoints (``experiment.json``,
``chunks/``). The options make an experiment of kind ``commit``
(:mod:`experiments.commit.kind`), run through :func:`experiments.shared.command_run.run_command`
like a file of ``mammoth run``: chunks, ``--resume``, ``--workers`` and ``--dask``.
"""

from __future__ import annotations

import click

from experiments.commit.analysis import (
    BASELINE,
    DEFAULT_BASE,
    DEFAULT_FIELD,
    DEFAULT_GAMES,
    DEFAULT_MAX_FIGURES,
    DEFAULT_POLICIES,
    MIXED,
    PRIZE_GRID,
    SOLVER_EQUILIBRIUM,
    SOLVER_LAST,
    arm_strategy,
)
from experiments.commit.report import ASSUMED
from experiments.commit.report_thumb import situation_text, thumb_text
from experiments.report.report_results import read_table
from experiments.shared.command_backend import dask_options
from experiments.shared.command_options import (
    STRATEGY,
    ManyOption,
    Real,
    Whole,
    chunk_size_option,
    command,
    games_option,
    mammoth_points_option,
    out_option,
    players_option,
    resume_option,
    seed_option,
    tiles_option,
    workers_option,
)
from experiments.shared.command_run import WORKERS_HELP, run_command
from experiments.shared.definition import experiment_from_settings
from experiments.shared.limits import MAX_GAMES, MAX_PRIZE_POINTS, MAX_PRIZE_VALUES
from sim.contest_exact import MAX_FIGURES
from sim.rules import TIE_RULES

FILES = (
    "equilibrium.csv, best_response.csv, sweep.csv, sweep_seats.csv, rule_of_thumb.csv, "
    "commit_heatmap.png, commit_sweep.png, commit_herd_areas.png (unless --no-herd-areas) and "
    "run.json"
)


def prize_option(name: str, help: str):
    """A prize of the solver's grid: one or more points (``--first-bonus 3 5``)."""
    return click.option(
        f"--{name.replace('_', '-')}",
        name,
        cls=ManyOption,
        type=Real(0.0, MAX_PRIZE_POINTS),
        default=PRIZE_GRID[name],
        show_default=True,
        help=f"{help} (points, 0 to {MAX_PRIZE_POINTS:g}; up to {MAX_PRIZE_VALUES} values).",
    )


@command()
@players_option()
@games_option(
    DEFAULT_GAMES,
    MAX_GAMES,
    "Games per arm, for each player count and tile condition (every arm plays the same games).",
)
@seed_option()
@out_option(f"Output folder: gets {FILES}.", default="results/commit")
@workers_option(WORKERS_HELP)
@click.option(
    "--base",
    type=STRATEGY,
    default=DEFAULT_BASE,
    show_default=True,
    help="The focal seat's base strategy.",
)
@click.option(
    "--field",
    multiple=True,
    type=STRATEGY,
    default=DEFAULT_FIELD,
    show_default=True,
    help="The other seats: once for all, or once per seat.",
)
@click.option(
    "--policy",
    "policies",
    multiple=True,
    type=STRATEGY,
    default=DEFAULT_POLICIES,
    show_default=True,
    help="Taming policies of the focal seat (each paired against BASE+never); repeat.",
)
@tiles_option()
@mammoth_points_option()
@click.option("--tie", type=click.Choice(TIE_RULES), default="longer_wins", show_default=True)
@click.option(
    "--herd-areas/--no-herd-areas",
    default=True,
    show_default=True,
    help="Also sweep with the herd always on one area (controlled tile sets).",
)
@click.option(
    "--max-figures",
    type=Whole(1, MAX_FIGURES, "figures"),
    default=DEFAULT_MAX_FIGURES,
    show_default=True,
    help="Most figures per seat in the solver tables.",
)
@prize_option("first_bonus", 'The "1." bonus of the solver\'s prize grid')
@prize_option("all_bonus", 'The "all" bonus of the grid')
@prize_option("tile_value", "Keeping the tile, in the grid")
@prize_option("food_value", "One food, in the grid")
@chunk_size_option(5_000)
@resume_option()
@dask_options
def commit(
    player_counts,
    games,
    seed,
    out,
    workers,
    base,
    field,
    policies,
    tiles,
    mammoth_points,
    tie,
    herd_areas,
    max_figures,
    first_bonus,
    all_bonus,
    tile_value,
    food_value,
    chunk_size,
    resume,
    dask,
    numba_cache,
):
    """How many figures to commit: solver tables and a paired in-game sweep.

    Writes equilibrium.csv, best_response.csv, sweep.csv, sweep_seats.csv, rule_of_thumb.csv,
    commit_heatmap.png, commit_sweep.png, commit_herd_areas.png and run.json into OUT, with the
    run's checkpoints (experiment.json, chunks/): the experiment of kind commit that these
    options make, run as mammoth run runs a file (--resume, --dask).
    """
    config = experiment_from_settings(
        {
            "kind": "commit",
            "players": sorted(set(player_counts)),
            "games": games,
            "seed": seed,
            "chunk_games": chunk_size,
            "base": base,
            "field": list(field),
            "policies": list(policies),
            "herd_areas": herd_areas,
            "max_figures": max_figures,
            "first_bonus": list(first_bonus),
            "all_bonus": list(all_bonus),
            "tile_value": list(tile_value),
            "food_value": list(food_value),
            "rules": {
                "tiles": "default" if tiles is None else str(tiles),
                "mammoth_points": mammoth_points,
                "tie": tie,
            },
        },
        "mammoth commit",
    )
    names = [arm_strategy(base, policy) for policy in (BASELINE, *policies)] + list(field)
    folder = run_command(
        config,
        out,
        names,
        resume=resume,
        workers=workers,
        dask=dask,
        numba_cache=numba_cache,
    )
    by_policy = read_table(folder / "sweep.csv")
    thumb = read_table(folder / "rule_of_thumb.csv")
    click.echo(
        f"commit: {games} games per arm, {by_policy['condition'].nunique()} tile condition(s), "
        f"players {', '.join(map(str, config['players']))}, seed {seed} ({ASSUMED})"
    )
    main = by_policy[by_policy["condition"] == MIXED]
    for row in main.itertuples():
        click.echo(
            f"  {row.players}p {row.policy:10s} win {100 * row.dwin:+5.1f} pp "
            f"[{100 * row.dwin_low:+.1f}, {100 * row.dwin_high:+.1f}]  score {row.dscore:+6.2f} "
            f"[{row.dscore_low:+.2f}, {row.dscore_high:+.2f}]  vs {base}+{BASELINE}"
        )
    click.echo("rule of thumb:")
    played = thumb[~thumb["case"].isin([SOLVER_LAST, SOLVER_EQUILIBRIUM])]
    for row in played.to_dict("records"):
        click.echo(f"  {row['players']}p {situation_text(row)}: {thumb_text(row)}")
    click.echo(f"wrote {folder}")


__all__ = ["commit"]


COMMAND = commit
"""The command this module adds to ``mammoth`` (:mod:`experiments.cli` finds it)."""
