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

from dataclasses import dataclass

import click

from experiments.commit.analysis import (
    BASELINE,
    DEFAULT_BASE,
    DEFAULT_FIELD,
    DEFAULT_GAMES,
    DEFAULT_MAX_FIGURES,
    DEFAULT_POLICIES,
    PRIZE_GRID,
)
from experiments.shared.analysis_sweep import arm_strategy
from experiments.shared.command_backend import dask_options
from experiments.shared.command_options import (
    STRATEGY,
    GamePlan,
    ManyOption,
    Real,
    RunSettings,
    TableRules,
    Whole,
    chunk_size_option,
    command,
    game_plan,
    games_option,
    gathered,
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
from experiments.shared.limits import MAX_GAMES, MAX_PRIZE_POINTS, MAX_PRIZE_VALUES
from sim.contest_exact import MAX_FIGURES

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


@dataclass(frozen=True)
class SolverGrid:
    """The solver tables' settings: ``--max-figures`` and the prize grid (``--first-bonus``,
    ``--all-bonus``, ``--tile-value``, ``--food-value``; each one or more points).

    The grid's size is checked with the experiment's settings (at most
    :data:`~experiments.shared.limits.MAX_PRIZE_VALUES` values of each prize).
    """

    max_figures: int
    first_bonus: tuple[float, ...]
    all_bonus: tuple[float, ...]
    tile_value: tuple[float, ...]
    food_value: tuple[float, ...]

    def settings(self) -> dict:
        """The experiment settings ``max_figures`` and the four prizes (lists of points)."""
        return {"max_figures": self.max_figures} | {
            name: list(getattr(self, name)) for name in PRIZE_GRID
        }


def solver_options(function):
    """Add ``--max-figures`` and the prize grid's options to ``mammoth commit``, handed to it
    as one :class:`SolverGrid`, the argument ``solver``."""
    function = gathered("solver", SolverGrid)(function)
    for option in (
        prize_option("food_value", "One food, in the grid"),
        prize_option("tile_value", "Keeping the tile, in the grid"),
        prize_option("all_bonus", 'The "all" bonus of the grid'),
        prize_option("first_bonus", 'The "1." bonus of the solver\'s prize grid'),
        click.option(
            "--max-figures",
            type=Whole(1, MAX_FIGURES, "figures"),
            default=DEFAULT_MAX_FIGURES,
            show_default=True,
            help="Most figures per seat in the solver tables.",
        ),
    ):
        function = option(function)
    return function


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
@table_rules_options()
@click.option(
    "--herd-areas/--no-herd-areas",
    default=True,
    show_default=True,
    help="Also sweep with the herd always on one area (controlled tile sets).",
)
@solver_options
@chunk_size_option(5_000)
@resume_option()
@dask_options
@game_plan
@run_settings
def commit(
    plan: GamePlan,
    base,
    field,
    policies,
    rules: TableRules,
    herd_areas,
    solver: SolverGrid,
    run: RunSettings,
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
            **plan.settings(),
            "chunk_games": run.chunk_size,
            "base": base,
            "field": list(field),
            "policies": list(policies),
            "herd_areas": herd_areas,
            **solver.settings(),
            "rules": rules.settings(),
        },
        "mammoth commit",
    )
    names = [arm_strategy(base, policy) for policy in (BASELINE, *policies)] + list(field)
    folder = run_command(config, run, names)
    click.echo(f"wrote {folder}")


__all__ = ["commit"]


COMMAND = commit
"""The command this module adds to ``mammoth`` (:mod:`experiments.cli` finds it)."""
