"""The files of a league (``mammoth compare`` and the ``compare`` kind): tables, plot, run.json.

``league.csv`` (win rates with 95% intervals, mean scores), ``pairwise.csv``, ``ratings.csv``,
``seats.csv``, ``profile.csv`` (the behaviour profile, :mod:`experiments.compare.analysis_profile`),
``league.png`` and ``run.json``. Every table has a ``players`` and a ``herd`` column (``on`` or
``off``): a league may be played with the herd, without it, or both.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from experiments.compare.analysis import LeagueTables
from experiments.shared.files import run_metadata, save_figure, write_csv, write_json


def summary(tables: LeagueTables) -> str:
    """The league in lines, as ``mammoth compare`` prints it: per player count (and herd
    setting, when several were played) each strategy's win rate with its 95% interval and its
    mean score with its standard error."""
    both = len(tables.herds) > 1
    lines = []
    for row in tables.league.itertuples():
        herd_text = f" herd {row.herd:3s}" if both else ""
        lines.append(
            f"{row.players}p{herd_text} {row.strategy:22s} win {row.win_rate:6.1%} "
            f"[{row.win_low:.1%}, {row.win_high:.1%}]  score {row.mean_score:6.1f} "
            f"± {row.score_se:.2f}"
        )
    return "\n".join(lines)


def league_figure(table: pd.DataFrame):
    """One panel per player count: win rates with 95% intervals against the fair share.

    With a ``herd`` column holding both settings, each panel shows herd on and off side by side.

    Returns
    -------
    matplotlib.figure.Figure
        The figure (not shown, not saved).
    """
    import matplotlib.pyplot as plt

    from experiments.shared.plots import grouped_intervals, interval_bars

    counts = sorted(table["players"].unique())
    herds = list(dict.fromkeys(table["herd"])) if "herd" in table else []
    strategies = list(dict.fromkeys(table["strategy"]))
    lines = len(strategies) * (1 if len(herds) < 2 else 1.6)
    labels = 0.07 * max(len(str(name)) for name in strategies)  # inches for the longest name
    fig, axes = plt.subplots(
        1, len(counts), figsize=((3.0 + labels) * len(counts), 0.45 * lines + 1.6)
    )
    axes = [axes] if len(counts) == 1 else list(axes)
    for ax, players in zip(axes, counts, strict=True):
        part = table[table["players"] == players]
        if len(herds) < 2:
            interval_bars(
                ax,
                part["strategy"],
                part["win_rate"],
                part["win_low"],
                part["win_high"],
                reference=1.0 / players,
                title=f"{players} players",
            )
            continue
        series = {}
        for herd in herds:
            rows = part[part["herd"] == herd].set_index("strategy").reindex(strategies)
            series[f"herd {herd}"] = (rows["win_rate"], rows["win_low"], rows["win_high"])
        grouped_intervals(
            ax,
            strategies,
            series,
            reference=1.0 / players,
            title=f"{players} players",
            xlabel="win rate (95% CI)",
        )
    fig.tight_layout()
    return fig


def write_league(
    folder: Path,
    tables: LeagueTables,
    rules,
    seed: int,
    games: int,
    command: str,
) -> pd.DataFrame:
    """Write league.csv, pairwise.csv, ratings.csv, seats.csv, profile.csv, league.png, run.json.

    Parameters
    ----------
    folder : pathlib.Path
        Output folder.
    tables : LeagueTables
        The league's tables (:func:`experiments.compare.analysis.league_tables`); ``profile.csv``
        is written when they hold the behaviour profile.
    rules : Rules
        The rules in force (with the herd, when a league was played both ways).
    seed, games : int
        The run's seed and games per table.
    command : str
        What produced the output, for run.json.

    Returns
    -------
    pandas.DataFrame
        The league table (every player count and herd setting).
    """
    table = tables.league
    files = ["league.csv", "pairwise.csv", "ratings.csv", "seats.csv", "league.png"]
    write_csv(folder / "league.csv", table)
    write_csv(folder / "pairwise.csv", tables.pairwise)
    write_csv(folder / "ratings.csv", tables.ratings)
    write_csv(folder / "seats.csv", tables.seats)
    if tables.profile is not None:
        write_csv(folder / "profile.csv", tables.profile)
        files.insert(4, "profile.csv")
    save_figure(folder / "league.png", league_figure(table), dpi=110)
    meta = run_metadata(
        command,
        rules,
        kind="compare",
        seed=seed,
        games_per_table=games,
        players=sorted({int(p) for p in table["players"]}),
        herd=tables.herds,
        strategies=list(table["strategy"].unique()),
        tiles_label="assumed" if rules.tiles_assumed else "user file",
        ties="a game won by several tied players counts 1/k for each",
        profile="per strategy, players and herd, over the seats it played (profile.csv)",
        files=files,
    )
    write_json(folder / "run.json", meta)
    return table
