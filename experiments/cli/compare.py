"""``mammoth compare``: a league of strategies for 2, 3 and 4 players."""

from __future__ import annotations

from pathlib import Path

import click

from experiments.analyses.league import play_league
from experiments.cli.options import (
    command,
    games_option,
    mammoth_points_option,
    out_option,
    players_option,
    seed_option,
    tiles_option,
    workers_option,
)
from experiments.limits import MAX_GAMES, MAX_STRATEGIES
from experiments.outputs.files import writing_inside
from experiments.outputs.league import write_league
from experiments.rules_setup import rules_from_options
from sim.errors import InputError
from sim.rules import TIE_RULES


@command()
@click.option(
    "--strategy", "names", multiple=True, required=True, help=f"Two to {MAX_STRATEGIES}; repeat."
)
@players_option()
@games_option(2_000, MAX_GAMES, "Games per table: every table of every player count plays them.")
@seed_option()
@out_option(
    "Output folder: gets league.csv, pairwise.csv, ratings.csv, seats.csv, league.png and run.json."
)
@click.option("--herd/--no-herd", default=True, show_default=True)
@tiles_option()
@mammoth_points_option()
@click.option("--tie", type=click.Choice(TIE_RULES), default="longer_wins", show_default=True)
@workers_option("threads sharing each chunk")
def compare(names, player_counts, games, seed, out, herd, tiles, mammoth_points, tie, workers):
    """Play every table of the league (seats rotated, the same seeds for every table).

    Writes league.csv, pairwise.csv, ratings.csv, seats.csv, league.png and run.json into OUT.
    """
    if len(names) > MAX_STRATEGIES:
        raise InputError(f"give at most {MAX_STRATEGIES} strategies, not {len(names)}")
    rules = rules_from_options(herd, tiles, mammoth_points, tie, "immediate")
    by_players = {
        players: play_league(list(names), players, games, seed, rules, threads=workers)
        for players in sorted(set(player_counts))
    }
    with writing_inside(out):
        table = write_league(
            Path(out), by_players, rules, seed=seed, games=games, command="compare"
        )
    for row in table.itertuples():
        click.echo(
            f"{row.players}p {row.strategy:22s} win {row.win_rate:6.1%} "
            f"[{row.win_low:.1%}, {row.win_high:.1%}]  score {row.mean_score:6.1f} "
            f"± {row.score_se:.2f}"
        )
    click.echo(f"wrote {out}")
