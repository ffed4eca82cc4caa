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
import pandas as pd

from experiments.analyses.commit import (
    BASELINE,
    DEFAULT_BASE,
    DEFAULT_FIELD,
    DEFAULT_GAMES,
    DEFAULT_MAX_FIGURES,
    DEFAULT_POLICIES,
    MIXED,
    PRIZE_GRID,
    REFERENCE_PRIZE,
    best_response_table,
    commit_conditions,
    equilibrium_table,
    field_for,
    focal_arm,
    heatmap_grid,
    rule_of_thumb,
    sweep,
    sweep_tables,
)
from experiments.analyses.paired import Moments
from experiments.analyses.worth import tiles_label
from experiments.outputs import run_metadata, save_figure, write_csv, write_json
from experiments.simulate_cli import rules_from_options
from sim.errors import InputError
from sim.rules import TIE_RULES, Rules
from strategies.registry import resolve

ASSUMED = "tile fronts assumed (docs/rules.md B3)"


def heatmap_figure(table: pd.DataFrame, all_bonus: float, food_value: float):
    """Sequential-equilibrium commitment by figures available x winner's prize, per seat."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from experiments.plots import commitment_heatmap

    counts = sorted(table["players"].unique())
    width = max(counts)
    fig, axes = plt.subplots(
        len(counts), width, figsize=(3.6 * width, 3.0 * len(counts)), squeeze=False
    )
    top = int(table["figures"].max())
    for row, players in zip(axes, counts, strict=True):
        for seat, ax in enumerate(row):
            if seat >= players:
                ax.axis("off")
                continue
            grid, figures, prizes = heatmap_grid(table, players, seat, all_bonus, food_value)
            commitment_heatmap(
                ax, grid, figures, prizes, vmax=top, title=f"{players} players, seat {seat}"
            )
    fig.suptitle(
        f"Sequential-equilibrium commitment (exact odds); 'all' bonus {all_bonus:g}, "
        f"food {food_value:g} points per figure; every seat has the same figures",
        fontsize=10,
    )
    fig.tight_layout()
    return fig


def sweep_figure(by_policy: pd.DataFrame, base: str, field: list[str], conditions: list[str]):
    """Paired win-rate difference vs ``BASE+never`` per policy, one panel per player count."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from experiments.plots import grouped_intervals

    counts = sorted(by_policy["players"].unique())
    policies = list(dict.fromkeys(by_policy["policy"]))
    height = 0.3 * len(policies) * max(1.5, len(conditions) * 0.7) + 2
    fig, axes = plt.subplots(1, len(counts), figsize=(5.2 * len(counts), height), squeeze=False)
    for ax, players in zip(axes[0], counts, strict=True):
        part = by_policy[by_policy["players"] == players]
        series = {}
        for cond in conditions:
            rows = part[part["condition"] == cond].set_index("policy").reindex(policies)
            series[cond] = (rows["dwin"], rows["dwin_low"], rows["dwin_high"])
        grouped_intervals(
            ax,
            policies,
            series,
            reference=0.0,
            scale=100.0,
            title=f"{players} players; field {', '.join(field_for(field, players))}",
            xlabel=f"win rate minus {base}+{BASELINE}'s (pp, 95% CI)",
        )
        ax.title.set_fontsize(9)
    fig.suptitle(
        f"Paired in-game sweep (same seeds, seats rotated); {ASSUMED}\n"
        f"tile sets: {', '.join(conditions)}",
        fontsize=10,
    )
    fig.tight_layout(rect=(0, 0, 1, 0.94))
    return fig


def write_commit(
    folder: Path,
    stats: Moments,
    conditions: dict[str, Rules],
    rules: Rules,
    *,
    seed: int,
    games: int,
    players: list[int],
    base: str,
    field: list[str],
    policies: list[str],
    prizes: dict[str, tuple[float, ...]],
    max_figures: int,
    herd_areas: bool,
    command: str = "commit",
    started: float | None = None,
) -> dict[str, pd.DataFrame]:
    """Write the solver tables, the sweep's tables, the plots and run.json of a commit run.

    ``mammoth commit`` and the ``commit`` experiment kind (:mod:`experiments.commit_kind`)
    both write through this, so their folders hold the same files. The solver tables (exact
    odds, cheap) are computed here.

    Parameters
    ----------
    folder : pathlib.Path
        Output folder.
    stats : Moments
        The sweep's merged statistics (:func:`experiments.analyses.commit.sweep`).
    conditions : dict of str to Rules
        The sweep's conditions (:func:`experiments.analyses.commit.commit_conditions`).
    rules : Rules
        The rules in force (the :data:`~experiments.analyses.commit.MIXED` condition).
    seed, games : int
        The run's seed and games per arm.
    players : list of int
        Player counts.
    base, field, policies
        The focal seat's base strategy, the other seats and the focal seat's policies.
    prizes : dict of str to tuple of float
        The solver's prize grid (keys of :data:`~experiments.analyses.commit.PRIZE_GRID`).
    max_figures : int
        Figures available, 1 to this, in the solver tables.
    herd_areas : bool
        Whether the herd-area conditions were swept (``commit_herd_areas.png``).
    command : str
        What produced the output, for run.json.
    started : float, optional
        :func:`time.perf_counter` at the start of the run: run.json records the seconds since
        (None when the time is not one number, e.g. a resumed run).

    Returns
    -------
    dict of str to pandas.DataFrame
        ``equilibrium``, ``best_response``, ``sweep``, ``sweep_seats`` and ``rule_of_thumb``.
    """
    tie = rules.tie_rule
    figures = range(1, max_figures + 1)
    equilibria = equilibrium_table(players, figures, prizes, tie)
    responses = best_response_table(players, figures, range(0, 4), prizes, tie)
    reference = {
        name: (value if value in prizes[name] else prizes[name][0])
        for name, value in REFERENCE_PRIZE.items()
    }
    by_policy, by_seat = sweep_tables(stats)
    order = {
        "condition": {label: i for i, label in enumerate(conditions)},
        "policy": {name: i for i, name in enumerate(policies)},
    }

    def in_order(column: pd.Series) -> pd.Series:
        return column.map(order[column.name]) if column.name in order else column

    by_policy = by_policy.sort_values(["condition", "players", "policy"], key=in_order)
    by_seat = by_seat.sort_values(["condition", "players", "policy", "seat"], key=in_order)
    by_policy, by_seat = by_policy.reset_index(drop=True), by_seat.reset_index(drop=True)
    for frame in (by_policy, by_seat):
        frame.insert(1, "tile_set", frame["condition"].map(lambda c: tiles_label(conditions[c])))
        frame.insert(2, "baseline", f"{base}+{BASELINE}")
    thumb = rule_of_thumb(by_policy, responses, equilibria, reference)
    thumb["caveat"] = ASSUMED

    write_csv(folder / "equilibrium.csv", equilibria)
    write_csv(folder / "best_response.csv", responses)
    write_csv(folder / "sweep.csv", by_policy)
    write_csv(folder / "sweep_seats.csv", by_seat)
    write_csv(folder / "rule_of_thumb.csv", thumb)
    save_figure(
        folder / "commit_heatmap.png",
        heatmap_figure(equilibria, reference["all_bonus"], reference["food_value"]),
        dpi=110,
    )
    save_figure(
        folder / "commit_sweep.png", sweep_figure(by_policy, base, list(field), [MIXED]), dpi=110
    )
    if herd_areas:
        save_figure(
            folder / "commit_herd_areas.png",
            sweep_figure(by_policy, base, list(field), list(conditions)),
            dpi=110,
        )
    meta = run_metadata(
        command,
        rules,
        seed=seed,
        games_per_arm=games,
        players=players,
        base=base,
        field=list(field),
        baseline=f"{base}+{BASELINE}",
        policies=list(policies),
        conditions={
            k: {"tiles": v.tiles, "tiles_label": tiles_label(v)} for k, v in conditions.items()
        },
        tiles_label="assumed" if rules.tiles_assumed else "user file",
        pairing="every arm plays the same seed and game indices; focal seat = game % players",
        intervals="mean of per-game paired differences +- 1.96 SE; win shares split on ties",
        solver={"prizes": {k: list(v) for k, v in prizes.items()}, "reference": reference},
        seconds=None if started is None else round(time.perf_counter() - started, 1),
        files=[
            "equilibrium.csv",
            "best_response.csv",
            "sweep.csv",
            "sweep_seats.csv",
            "rule_of_thumb.csv",
            "commit_heatmap.png",
            "commit_sweep.png",
        ]
        + (["commit_herd_areas.png"] if herd_areas else []),
    )
    write_json(folder / "run.json", meta)
    return {
        "equilibrium": equilibria,
        "best_response": responses,
        "sweep": by_policy,
        "sweep_seats": by_seat,
        "rule_of_thumb": thumb,
    }


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


__all__ = ["commit", "heatmap_figure", "sweep_figure", "write_commit"]
