"""``mammoth worth``: what the mammoth scoring is worth (paired runs, points on vs 0).

Writes into ``--out``: ``win_change.csv``, ``games.csv``, ``margins.csv``, ``tile_value.csv``,
``tile_value_held.csv``, ``tile_value_rounds.csv``, ``sensitivity.csv``, ``worth.png``,
``sensitivity.png`` and ``run.json``.
"""

from __future__ import annotations

import time
from pathlib import Path

import click
import numpy as np

from experiments.analyses.worth import (
    DEFAULT_GAMES,
    DEFAULT_STRATEGIES,
    LONG_GAME,
    tiles_label,
    worth_conditions,
    worth_run,
)
from experiments.cli.options import (
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
from experiments.limits import MAX_GAMES, MAX_STRATEGIES, check_blocks
from experiments.outputs.files import writing_inside
from experiments.outputs.worth import write_worth
from experiments.rules_setup import rules_from_options
from sim.errors import InputError
from sim.rules import TIE_RULES
from strategies.registry import resolve

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
@workers_option("threads sharing each chunk")
@click.option(
    "--strategy",
    "names",
    multiple=True,
    default=DEFAULT_STRATEGIES,
    show_default=True,
    help=f"Two to {MAX_STRATEGIES}; every combination that fills the seats is a table.",
)
@tiles_option()
@mammoth_points_option(low=1, help="Points of the 'on' arm (the other arm plays 0).")
@click.option(
    "--tie",
    type=click.Choice(TIE_RULES),
    default="longer_wins",
    show_default=True,
    help="Tie rule of the main condition.",
)
@click.option(
    "--sensitivity/--no-sensitivity",
    default=True,
    show_default=True,
    help="Also run the variant tile sets and both tie rules.",
)
@chunk_size_option(5_000)
def worth(
    player_counts,
    games,
    seed,
    out,
    workers,
    names,
    tiles,
    mammoth_points,
    tie,
    sensitivity,
    chunk_size,
):
    """What the mammoth scoring is worth: paired runs with the points on and at 0.

    Writes win_change.csv, games.csv, margins.csv, tile_value.csv, tile_value_held.csv,
    tile_value_rounds.csv, sensitivity.csv, worth.png, sensitivity.png and run.json into OUT.
    """
    from tqdm import tqdm

    started = time.perf_counter()
    check_blocks(games, chunk_size, "--chunk-size")
    players = sorted(set(player_counts))
    if len(names) > MAX_STRATEGIES:
        raise InputError(f"give at most {MAX_STRATEGIES} strategies, not {len(names)}")
    names = [resolve(n).name for n in names]
    if len(names) < 2 or len(set(names)) != len(names):
        raise InputError("give at least two different strategies")
    rules = rules_from_options(True, tiles, mammoth_points, tie, "immediate")
    main_label, conditions = worth_conditions(rules, sensitivity)
    announce_compile(names)

    from experiments.analyses.league import lineups_for

    per_condition = sum(len(lineups_for(names, p)) for p in players) * 2 * games
    with tqdm(total=per_condition * len(conditions), unit="game", disable=None, leave=False) as bar:
        stats = worth_run(
            names,
            players,
            games,
            seed,
            conditions,
            points=mammoth_points,
            chunk=chunk_size,
            threads=workers,
            progress=bar.update,
        )
    folder = Path(out)
    with writing_inside(folder):
        tables = write_worth(
            folder,
            stats,
            conditions,
            main_label,
            rules,
            seed=seed,
            games=games,
            players=players,
            names=names,
            points=mammoth_points,
            started=started,
        )
    elapsed = time.perf_counter() - started

    click.echo(
        f"worth: {games} games per table and arm, players {', '.join(map(str, players))}, "
        f"seed {seed}; main condition {main_label} ({tiles_label(conditions[main_label])})"
    )
    g = tables["games"]
    g = g[g["condition"] == main_label]
    t = tables["sensitivity"]
    t = t[(t["condition"] == main_label) & t["quantity"].str.startswith("win-probability")]
    for row, tile in zip(g.itertuples(), t.itertuples(), strict=True):
        click.echo(
            f"  {row.players}p majority decides {100 * row.majority_decided:4.1f}% "
            f"[{100 * row.majority_decided_low:.1f}, {100 * row.majority_decided_high:.1f}] of "
            f"games; margin {row.margin:.1f} (sd {row.margin_sd:.1f}), change "
            f"{row.dmargin:+.1f} [{row.dmargin_low:+.1f}, {row.dmargin_high:+.1f}]; one more "
            f"tile {100 * tile.estimate:+.2f} pp win "
            f"[{100 * tile.low:+.2f}, {100 * tile.high:+.2f}]"
        )
    w = tables["win_change"]
    for row in w[w["condition"] == main_label].itertuples():
        click.echo(
            f"  {row.players}p {row.strategy:18s} win {100 * row.dwin:+5.1f} pp "
            f"[{100 * row.dwin_low:+.1f}, {100 * row.dwin_high:+.1f}] "
            f"({mammoth_points} vs 0 points)"
        )
    long = [f"{r.players}p {100 * r.long_game:.2f}%" for r in g.itertuples() if r.long_game > 0]
    if long:
        click.echo(
            f"  note: games over {LONG_GAME} rounds (stalled play, not a rule): {', '.join(long)} "
            "of the main condition (column long_game of games.csv)"
        )
    if not np.isfinite(g["majority_decided"]).all():
        click.echo("  (some cells have too few games for an interval)")
    click.echo(f"wrote {folder} in {elapsed:.1f} s")


__all__ = ["worth"]
