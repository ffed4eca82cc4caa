"""The files of a league (``mammoth compare`` and the ``compare`` kind): tables, plot, run.json."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from experiments.outputs.files import run_metadata, save_figure, write_csv, write_json


def league_figure(table: pd.DataFrame):
    """One panel per player count: win rates with 95% intervals against the fair share."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from experiments.outputs.plots import interval_bars

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
