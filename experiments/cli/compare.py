"""``mammoth compare``: a league of strategies for 2, 3 and 4 players."""

from __future__ import annotations

from pathlib import Path

import click

from experiments.analyses.league import play_league
from experiments.outputs.league import write_league
from experiments.rules_setup import rules_from_options
from sim.errors import InputError
from sim.rules import TIE_RULES


@click.command()
@click.option("--strategy", "names", multiple=True, required=True, help="At least two.")
@click.option(
    "--players", "player_counts", multiple=True, type=int, default=(2, 3, 4), show_default=True
)
@click.option("--games", type=int, default=2_000, show_default=True, help="Games per table.")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--out", type=click.Path(file_okay=False), required=True)
@click.option("--herd/--no-herd", default=True, show_default=True)
@click.option("--tiles", type=click.Path(dir_okay=False), default=None)
@click.option("--mammoth-points", type=int, default=10, show_default=True)
@click.option("--tie", type=click.Choice(TIE_RULES), default="longer_wins", show_default=True)
@click.option("--threads", type=int, default=1, show_default=True)
def compare(names, player_counts, games, seed, out, herd, tiles, mammoth_points, tie, threads):
    """Play every table of the league (seats rotated, the same seeds for every table)."""
    if games < 1 or seed < 0 or threads < 1:
        raise InputError("--games and --threads must be at least 1 and --seed 0 or more")
    for players in player_counts:
        if not 2 <= players <= 4:
            raise InputError(f"Stone Age is played by 2 to 4 players, not {players}")
    rules = rules_from_options(herd, tiles, mammoth_points, tie, "immediate")
    by_players = {
        players: play_league(list(names), players, games, seed, rules, threads=threads)
        for players in sorted(set(player_counts))
    }
    table = write_league(Path(out), by_players, rules, seed=seed, games=games, command="compare")
    for row in table.itertuples():
        click.echo(
            f"{row.players}p {row.strategy:22s} win {row.win_rate:6.1%} "
            f"[{row.win_low:.1%}, {row.win_high:.1%}]  score {row.mean_score:6.1f} "
            f"± {row.score_se:.2f}"
        )
    click.echo(f"wrote {out}")
