"""``mammoth commit``: how many figures to commit to the taming contest.

Writes into ``--out``: ``equilibrium.csv`` and ``best_response.csv`` (solver tables),
``commit_heatmap.png``, ``sweep.csv`` and ``sweep_seats.csv`` (paired in-game sweep),
``commit_sweep.png``, ``commit_herd_areas.png`` (unless ``--no-herd-areas``),
``rule_of_thumb.csv`` and ``run.json``.
"""

from __future__ import annotations

import time
from pathlib import Path

import click

from experiments.analyses.commit import (
    BASELINE,
    DEFAULT_BASE,
    DEFAULT_FIELD,
    DEFAULT_GAMES,
    DEFAULT_MAX_FIGURES,
    DEFAULT_POLICIES,
    MIXED,
    PRIZE_GRID,
    arm_strategy,
    commit_conditions,
    field_for,
    focal_arm,
    sweep,
)
from experiments.cli.options import (
    ManyOption,
    Real,
    Whole,
    announce_compile,
    chunk_size_option,
    command,
    games_option,
    mammoth_points_option,
    out_option,
    players_option,
    seed_option,
    tiles_option,
    workers_option,
)
from experiments.limits import (
    MAX_GAMES,
    MAX_PRIZE_POINTS,
    MAX_PRIZE_VALUES,
    MAX_STRATEGIES,
    check_blocks,
)
from experiments.outputs.commit import ASSUMED, write_commit
from experiments.outputs.files import writing_inside
from experiments.rules_setup import rules_from_options
from sim.contest_exact import MAX_FIGURES
from sim.errors import InputError
from sim.rules import TIE_RULES
from strategies.registry import resolve

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
@workers_option("threads sharing each chunk")
@click.option(
    "--base", default=DEFAULT_BASE, show_default=True, help="The focal seat's base strategy."
)
@click.option(
    "--field",
    multiple=True,
    default=DEFAULT_FIELD,
    show_default=True,
    help="The other seats: once for all, or once per seat.",
)
@click.option(
    "--policy",
    "policies",
    multiple=True,
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
):
    """How many figures to commit: solver tables and a paired in-game sweep.

    Writes equilibrium.csv, best_response.csv, sweep.csv, sweep_seats.csv, rule_of_thumb.csv,
    commit_heatmap.png, commit_sweep.png, commit_herd_areas.png and run.json into OUT.
    """
    from tqdm import tqdm

    started = time.perf_counter()
    check_blocks(games, chunk_size, "--chunk-size")
    players = sorted(set(player_counts))
    for name, many in (("--field", field), ("--policy", policies)):
        if len(many) > MAX_STRATEGIES:
            raise InputError(f"give {name} at most {MAX_STRATEGIES} times, not {len(many)}")
    for p in players:
        field_for(field, p)
    prizes = {
        "first_bonus": first_bonus,
        "all_bonus": all_bonus,
        "tile_value": tile_value,
        "food_value": food_value,
    }
    for name, values in prizes.items():
        if len(values) > MAX_PRIZE_VALUES:
            raise InputError(
                f"--{name.replace('_', '-')} takes at most {MAX_PRIZE_VALUES} values, "
                f"not {len(values)}"
            )
    rules = rules_from_options(True, tiles, mammoth_points, tie, "immediate")
    for policy in (BASELINE, *policies):
        focal_arm(base, policy)  # unknown names fail here, before anything runs
    for name in field:
        resolve(name)

    announce_compile([arm_strategy(base, policy) for policy in (BASELINE, *policies)] + list(field))
    conditions = commit_conditions(rules, herd_areas)
    arms = len(policies) + 1
    total = games * arms * len(conditions) * len(players)
    with tqdm(total=total, unit="game", disable=None, leave=False) as bar:
        stats = sweep(
            players,
            games,
            seed,
            conditions,
            base=base,
            field=field,
            policies=policies,
            chunk=chunk_size,
            threads=workers,
            progress=bar.update,
        )
    folder = Path(out)
    with writing_inside(folder):
        tables = write_commit(
            folder,
            stats,
            conditions,
            rules,
            seed=seed,
            games=games,
            players=players,
            base=base,
            field=list(field),
            policies=list(policies),
            prizes=prizes,
            max_figures=max_figures,
            herd_areas=herd_areas,
            started=started,
        )
    by_policy, thumb = tables["sweep"], tables["rule_of_thumb"]
    elapsed = time.perf_counter() - started

    click.echo(
        f"commit: {games} games per arm, {len(conditions)} tile condition(s), players "
        f"{', '.join(map(str, players))}, seed {seed} ({ASSUMED})"
    )
    main = by_policy[by_policy["condition"] == MIXED]
    for row in main.itertuples():
        click.echo(
            f"  {row.players}p {row.policy:10s} win {100 * row.dwin:+5.1f} pp "
            f"[{100 * row.dwin_low:+.1f}, {100 * row.dwin_high:+.1f}]  score {row.dscore:+6.2f} "
            f"[{row.dscore_low:+.2f}, {row.dscore_high:+.2f}]  vs {base}+{BASELINE}"
        )
    click.echo("rule of thumb:")
    for row in thumb.itertuples():
        if "solver" in row.situation:
            continue
        click.echo(f"  {row.players}p {row.situation}: {row.advice}")
    click.echo(f"wrote {folder} in {elapsed:.1f} s")


__all__ = ["commit"]
