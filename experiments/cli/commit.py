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
import numpy as np

from experiments.analyses.commit import (
    BASELINE,
    DEFAULT_BASE,
    DEFAULT_FIELD,
    DEFAULT_GAMES,
    DEFAULT_MAX_FIGURES,
    DEFAULT_POLICIES,
    MIXED,
    PRIZE_GRID,
    commit_conditions,
    field_for,
    focal_arm,
    sweep,
)
from experiments.outputs.commit import ASSUMED, write_commit
from experiments.rules_setup import rules_from_options
from sim.errors import InputError
from sim.rules import TIE_RULES
from strategies.registry import resolve


def _floats(values, name: str) -> tuple[float, ...]:
    values = tuple(float(v) for v in values)
    for v in values:
        if not np.isfinite(v) or v < 0:
            raise InputError(f"--{name} values must be finite and >= 0, not {v:g}")
    return values


@click.command()
@click.option(
    "--players", "player_counts", multiple=True, type=int, default=(2, 3, 4), show_default=True
)
@click.option(
    "--games",
    type=int,
    default=DEFAULT_GAMES,
    show_default=True,
    help="Games per arm, per player count and tile condition.",
)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--out", type=click.Path(file_okay=False), required=True, help="Output folder.")
@click.option("--threads", type=int, default=1, show_default=True)
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
    help="Taming policies of the focal seat (each paired against BASE+never).",
)
@click.option("--tiles", type=click.Path(dir_okay=False), default=None, help="Mammoth tile file.")
@click.option("--mammoth-points", type=int, default=10, show_default=True)
@click.option("--tie", type=click.Choice(TIE_RULES), default="longer_wins", show_default=True)
@click.option(
    "--herd-areas/--no-herd-areas",
    default=True,
    show_default=True,
    help="Also sweep with the herd always on one area (controlled tile sets).",
)
@click.option(
    "--max-figures", type=int, default=DEFAULT_MAX_FIGURES, show_default=True, help="Solver tables."
)
@click.option("--first-bonus", multiple=True, type=float, default=PRIZE_GRID["first_bonus"])
@click.option("--all-bonus", multiple=True, type=float, default=PRIZE_GRID["all_bonus"])
@click.option("--tile-value", multiple=True, type=float, default=PRIZE_GRID["tile_value"])
@click.option("--food-value", multiple=True, type=float, default=PRIZE_GRID["food_value"])
@click.option("--chunk-size", type=int, default=5_000, show_default=True)
def commit(
    player_counts,
    games,
    seed,
    out,
    threads,
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
    """How many figures to commit: solver tables and a paired in-game sweep."""
    from tqdm import tqdm

    started = time.perf_counter()
    if games < 1 or threads < 1 or chunk_size < 1:
        raise InputError("--games, --threads and --chunk-size must be at least 1")
    if seed < 0:
        raise InputError(f"--seed must be 0 or more, not {seed}")
    if not 1 <= max_figures <= 10:
        raise InputError(f"--max-figures must be from 1 to 10, not {max_figures}")
    players = sorted(set(player_counts))
    for p in players:
        if not 2 <= p <= 4:
            raise InputError(f"Stone Age is played by 2 to 4 players, not {p}")
        field_for(field, p)
    prizes = {
        "first_bonus": _floats(first_bonus, "first-bonus"),
        "all_bonus": _floats(all_bonus, "all-bonus"),
        "tile_value": _floats(tile_value, "tile-value"),
        "food_value": _floats(food_value, "food-value"),
    }
    rules = rules_from_options(True, tiles, mammoth_points, tie, "immediate")
    for policy in (BASELINE, *policies):
        focal_arm(base, policy)  # unknown names fail here, before anything runs
    for name in field:
        resolve(name)

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
            threads=threads,
            progress=bar.update,
        )
    folder = Path(out)
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
