"""The files of a strength ladder (``mammoth ladder`` and the ``ladder`` kind).

``ratings.csv``
    One row per (player, player count): the Bradley-Terry rating relative to the anchor, its
    standard error and 95% interval (:func:`~experiments.ladder.analysis.fit_ladder`), the
    seats played. Reproducible: the same bytes whatever the chunking, workers or backend.
``costs.csv``
    One row per player: games and CPU seconds of the timed batch (4 players with the herd,
    every seat the player), games per second. **Measured**, so it differs from run to run.
``ladder.csv``
    One row per player: the ratings of ``ratings.csv`` side by side per player count
    (``rating_2p``, ``low_2p``, ``high_2p``, ``games_2p``...), then the measured
    ``games_per_s`` and ``frontier_Np`` (on the strength-versus-cost Pareto frontier of the
    N-player ratings). Its rating columns are ``ratings.csv``'s; its cost columns are measured.
``ladder.png``
    Strength against cost: rating (95% interval) against games per second on a log scale, one
    panel per player count, the Pareto frontier drawn as a line and its players labelled.
``generations.png``
    Only when the ladder holds two or more generations of one shipped model
    (``learned[model=selfplay-g3]``, ``learned[model=selfplay]`` its last): rating (95% interval)
    by generation, one panel per player count, every other rung (a model's lone generation, or
    one played with other settings, too) a dashed level.
``run.json``
    The run's settings, the anchor and the schedule's tables.
"""

from __future__ import annotations

import re
from itertools import cycle
from pathlib import Path

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from experiments.ladder.analysis import pareto_frontier
from experiments.shared.files import run_metadata, save_figure, write_csv, write_json
from experiments.shared.numbers import interval, plain, signed
from experiments.shared.report_folder import short_name
from strategies.value_model import generation_of

FILES = ("ladder.csv", "ratings.csv", "costs.csv", "ladder.png", "run.json")
COLOURS = ("tab:blue", "tab:orange", "tab:green", "tab:red", "tab:purple", "tab:brown")
"""The lines of ``generations.png``, one per model with two or more generations on the ladder
(in turn, repeating after the last)."""


def ladder_table(ratings: pd.DataFrame, costs: pd.DataFrame) -> pd.DataFrame:
    """``ladder.csv``: per player, each player count's rating side by side, then the cost."""
    table = costs[["player"]].copy()
    counts = sorted(int(p) for p in ratings["players"].unique())
    for players in counts:
        part = ratings[ratings["players"] == players].set_index("player").reindex(table["player"])
        table[f"rating_{players}p"] = part["rating"].to_numpy()
        table[f"low_{players}p"] = part["rating_low"].to_numpy()
        table[f"high_{players}p"] = part["rating_high"].to_numpy()
        table[f"games_{players}p"] = part["games"].to_numpy()
    table["games_per_s"] = costs["games_per_s"].to_numpy()
    for players in counts:
        table[f"frontier_{players}p"] = pareto_frontier(
            table["games_per_s"], table[f"rating_{players}p"]
        )
    return table


def _player_counts(table: pd.DataFrame) -> list[int]:
    """The player counts a ladder table rates (its ``rating_Np`` columns)."""
    return sorted(int(c.split("_")[1][:-1]) for c in table.columns if c.startswith("rating_"))


def _label_offsets(ax, speed, rating, shown, step: float = 8.0):
    """Where each shown point's label goes: ``(index, points to move it down)``.

    Points closer than a sixth of the axes' width along the cost axis share a column of labels:
    from the top rating down, each label sits at its point or a line below the one above it,
    and a column that would run out of the axes' bottom moves up as far as it must (its labels
    then drawn with a line to their points).
    """
    if not shown.any():
        return []
    figure = ax.get_figure()
    height = ax.get_position().height * figure.get_size_inches()[1] * 72.0  # axes, in points
    low, high = ax.get_ylim()
    left, right = np.log10(ax.get_xlim())  # the x axis is logarithmic when points are shown
    index = np.flatnonzero(shown)
    x = (np.log10(speed[index]) - left) / max(right - left, 1e-9)
    y = (rating[index] - low) / max(high - low, 1e-9) * height
    columns: list[list[int]] = []
    for k in np.argsort(x, kind="stable"):
        if columns and x[k] - x[columns[-1][-1]] < 0.18:
            columns[-1].append(int(k))
        else:
            columns.append([int(k)])
    out = []
    for column in columns:
        column.sort(key=lambda k: -y[k])
        at: list[float] = []
        for k in column:
            at.append(y[k] if not at else min(y[k], at[-1] - step))
        rise = max(0.0, -at[-1])
        out.extend((int(index[k]), float(y[k] - a - rise)) for k, a in zip(column, at, strict=True))
    return out


def ladder_figure(table: pd.DataFrame, width: float = 6.4) -> Figure:
    """Strength against cost, one panel per player count (see the module docstring).

    Parameters
    ----------
    table : pandas.DataFrame
        :func:`ladder_table`'s table.
    width : float
        Figure width, inches.

    Returns
    -------
    matplotlib.figure.Figure
    """
    counts = _player_counts(table)
    fig = Figure(figsize=(width, 3.6 * len(counts) + 0.4))
    axes = np.atleast_1d(fig.subplots(len(counts), 1))
    speed = table["games_per_s"].to_numpy(dtype=float)
    for ax, players in zip(axes, counts, strict=True):
        rating = table[f"rating_{players}p"].to_numpy(dtype=float)
        low, high = (
            table[f"low_{players}p"].to_numpy(float),
            table[f"high_{players}p"].to_numpy(float),
        )
        shown = np.isfinite(speed) & (speed > 0) & np.isfinite(rating)
        ax.errorbar(
            speed[shown],
            rating[shown],
            yerr=np.vstack([rating - low, high - rating])[:, shown],
            fmt="o",
            color="tab:blue",
            ecolor="lightsteelblue",
            markersize=4,
            capsize=2,
        )
        front = table[f"frontier_{players}p"].to_numpy(dtype=bool) & shown
        order = np.argsort(speed[front])
        ax.plot(speed[front][order], rating[front][order], "-", color="tab:red", linewidth=1.2,
                label="Pareto frontier")  # fmt: skip
        ax.plot(speed[front], rating[front], "o", color="tab:red", markersize=6)
        if shown.any():
            ax.set_xscale("log")
        ax.margins(x=0.15)
        names = [short_name(str(p)) for p in table["player"]]
        for i, lift in _label_offsets(ax, speed, rating, shown):
            ax.annotate(
                names[i],
                (speed[i], rating[i]),
                xytext=(4, 3 - lift),
                textcoords="offset points",
                fontsize=7 if front[i] else 6,
                color="tab:red" if front[i] else "dimgrey",
                fontweight="bold" if front[i] else "normal",
                arrowprops={"arrowstyle": "-", "color": "lightgrey", "lw": 0.5} if lift else None,
            )
        ax.axhline(0, color="grey", linewidth=0.8, linestyle="--")
        ax.set_title(f"{players} players (rating 0: the anchor)", fontsize=9, loc="left")
        ax.set_ylabel("rating (95% CI)")
        ax.legend(fontsize=7, loc="lower left")
    axes[-1].set_xlabel("games/s on one core, 4 players, herd (log scale)")
    fig.tight_layout()
    return fig


def generations(players: pd.Series) -> pd.DataFrame:
    """The rungs that are generations of a shipped model, played with its own settings (the
    brackets name the model only): ``player``, ``model`` (its name) and ``generation``
    (:func:`strategies.value_model.generation_of`)."""
    rows = []
    for player in players:
        match = re.search(r"\[model=([^,\]]+)\]", str(player))
        found = generation_of(match[1]) if match else None
        if found:
            rows.append({"player": player, "model": found[0], "generation": found[1]})
    return pd.DataFrame(rows, columns=["player", "model", "generation"])


def generations_figure(table: pd.DataFrame, width: float = 6.4) -> Figure | None:
    """Rating by generation (see the module docstring); None without two generations of one
    model on the ladder."""
    found = generations(table["player"])
    found = found[found.groupby("model")["generation"].transform("nunique") >= 2]
    if found.empty:
        return None
    counts = _player_counts(table)
    fig = Figure(figsize=(width, 3.0 * len(counts) + 0.4))
    axes = np.atleast_1d(fig.subplots(len(counts), 1))
    others = table[~table["player"].isin(found["player"])]  # a lone generation is a level too
    for ax, players in zip(axes, counts, strict=True):
        for colour, (model, rungs) in zip(cycle(COLOURS), found.groupby("model")):
            rows = table.set_index("player").loc[rungs["player"]]
            order = np.argsort(rungs["generation"].to_numpy())
            x = rungs["generation"].to_numpy()[order]
            rating = rows[f"rating_{players}p"].to_numpy(float)[order]
            low = rows[f"low_{players}p"].to_numpy(float)[order]
            high = rows[f"high_{players}p"].to_numpy(float)[order]
            ax.errorbar(x, rating, yerr=np.vstack([rating - low, high - rating]), fmt="o-",
                        color=colour, ecolor="lightsteelblue", markersize=4, capsize=2,
                        label=f"{model}, by generation")  # fmt: skip
        for _, row in others.iterrows():
            level = row[f"rating_{players}p"]
            if np.isfinite(level):
                ax.axhline(level, color="grey", linewidth=0.7, linestyle="--")
                ax.annotate(short_name(str(row["player"])), (1.0, level),
                            xycoords=("axes fraction", "data"), xytext=(3, 0),
                            textcoords="offset points", fontsize=6, color="dimgrey",
                            va="center")  # fmt: skip
        ax.set_title(f"{players} players (rating 0: the anchor)", fontsize=9, loc="left")
        ax.set_ylabel("rating (95% CI)")
        ax.legend(fontsize=7, loc="lower right")
    axes[-1].set_xlabel("generation")
    fig.tight_layout()
    return fig


def write_ladder(
    folder: Path,
    ratings: pd.DataFrame,
    costs: pd.DataFrame,
    rules,
    seed: int,
    games: int,
    anchor: str,
    tables: dict,
    command: str,
) -> pd.DataFrame:
    """Write ladder.csv, ratings.csv, costs.csv, ladder.png (generations.png when it has
    generations of a model) and run.json into ``folder``.

    Parameters
    ----------
    folder : pathlib.Path
        Output folder.
    ratings, costs : pandas.DataFrame
        The fitted ratings (every player count) and the measured costs.
    rules : Rules
        The rules in force.
    seed, games : int
        The run's seed and games per table.
    anchor : str
        The player rated 0.
    tables : dict
        Player count -> the schedule's tables (lists of seat names).
    command : str
        What produced the output, for run.json.

    Returns
    -------
    pandas.DataFrame
        The ladder table.
    """
    table = ladder_table(ratings, costs)
    write_csv(folder / "ratings.csv", ratings)
    write_csv(folder / "costs.csv", costs)
    write_csv(folder / "ladder.csv", table)
    save_figure(folder / "ladder.png", ladder_figure(table), dpi=110, bbox_inches="tight")
    by_generation = generations_figure(table)
    files = list(FILES)
    if by_generation is not None:
        save_figure(folder / "generations.png", by_generation, dpi=110, bbox_inches="tight")
        files.insert(-1, "generations.png")
    meta = run_metadata(
        command,
        rules,
        kind="ladder",
        seed=seed,
        games_per_table=games,
        players=sorted(int(p) for p in tables),
        anchor=anchor,
        strategies=list(table["player"]),
        tables={str(p): t for p, t in sorted(tables.items())},
        rating="Bradley-Terry on finished-ahead pairs, 400 log10 of strength over the anchor's",
        interval="rating ± 1.96 SE, SE the wider of the model's and a cluster-robust one "
        "(clusters: blocks of game indices)",
        cost="measured: CPU seconds of one thread, 4 players with the herd, every seat the "
        "player (costs.csv, ladder.csv games_per_s); not reproducible",
        files=files,
    )
    write_json(folder / "run.json", meta)
    return table


def summary(table: pd.DataFrame) -> str:
    """The ladder in lines, as ``mammoth ladder`` prints it: each rung's rating with its 95%
    interval at each player count, and its games per second (``ladder.csv``'s rows)."""
    counts = [int(c.split("_")[1][:-1]) for c in table.columns if c.startswith("rating_")]
    lines = []
    for row in table.to_dict("records"):
        ratings = "  ".join(
            f"{p}p {signed(row[f'rating_{p}p'], 0):>6} "
            f"{interval(row[f'low_{p}p'], row[f'high_{p}p'], 0, signs=True)}"
            for p in counts
        )
        speed = row["games_per_s"]
        cost = f"{plain(speed, 0)} games/s" if np.isfinite(speed) else "cost not measured"
        lines.append(f"  {row['player']:34s} {ratings}  {cost}")
    return "\n".join(lines)
