"""``mammoth compare``: a league of strategies for 2, 3 and 4 players."""

from __future__ import annotations

from pathlib import Path

import click
import pandas as pd

from experiments.analyses.league import play_league
from experiments.outputs import run_metadata, save_figure, write_csv, write_json
from experiments.simulate_cli import rules_from_options
from sim.errors import InputError
from sim.rules import TIE_RULES


def league_figure(table: pd.DataFrame):
    """One panel per player count: win rates with 95% intervals against the fair share."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from experiments.plots import interval_bars

    counts = sorted(table["players"].unique())
    rows = int(table.groupby("players").size().max())
    fig, axes = plt.subplots(1, len(counts), figsize=(4.5 * len(counts), 0.45 * rows + 1.6))
    axes = [axes] if len(counts) == 1 else list(axes)
    for ax, players in zip(axes, counts, strict=True):
        part = table[table["players"] == players]
        interval_bars(
            ax,
            part["strategy"],
            part["win_rate"],
            part["win_low"],
            part["win_high"],
            reference=1.0 / players,
            title=f"{players} players",
        )
    fig.tight_layout()
    return fig


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


def write_league(folder: Path, by_players: dict, rules, seed: int, games: int, command: str):
    """Write league.csv, pairwise.csv, ratings.csv, seats.csv, league.png and run.json.

    Returns
    -------
    pandas.DataFrame
        The league table (every player count).
    """
    tables, pairwise, ratings, seats = [], [], [], []
    for players, stats in sorted(by_players.items()):
        tables.append(stats.table())
        frame = stats.pairwise()
        frame.insert(0, "players", players)
        pairwise.append(frame.rename_axis("strategy").reset_index())
        ratings.append(stats.ratings())
        seats.append(stats.seat_table())
    table = pd.concat(tables, ignore_index=True)
    meta = run_metadata(
        command,
        rules,
        seed=seed,
        games_per_table=games,
        players=sorted(by_players),
        strategies=list(table["strategy"].unique()),
        tiles_label="assumed" if rules.tiles_assumed else "user file",
        ties="a game won by several tied players counts 1/k for each",
    )
    write_csv(folder / "league.csv", table)
    write_csv(folder / "pairwise.csv", pd.concat(pairwise, ignore_index=True))
    write_csv(folder / "ratings.csv", pd.concat(ratings, ignore_index=True))
    write_csv(folder / "seats.csv", pd.concat(seats, ignore_index=True))
    save_figure(folder / "league.png", league_figure(table), dpi=110)
    write_json(folder / "run.json", meta)
    return table
