"""The files of a worth run (``mammoth worth`` and the ``worth`` kind).

``win_change.csv``, ``games.csv``, ``margins.csv``, ``tile_value.csv``, ``tile_value_held.csv``,
``tile_value_rounds.csv``, ``sensitivity.csv``, ``worth.png``, ``sensitivity.png`` and
``run.json``.
"""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np
import pandas as pd

from experiments.shared.files import run_metadata, save_figure, write_csv, write_json
from experiments.shared.numbers import interval, percent, plain, pp, signed
from experiments.shared.paired import histogram_quantiles
from experiments.worth.analysis import LONG_GAME, tiles_label
from experiments.worth.settings import WorthExperiment
from sim.rules import Rules


def worth_figure(tables: dict[str, pd.DataFrame], condition: str, points: int):
    """Four panels for one condition: win-rate changes, margins, tile value, majority decided."""
    import matplotlib.pyplot as plt

    from experiments.shared.plots import grouped_intervals, histogram_steps, interval_lines

    fig, axes = plt.subplots(2, 2, figsize=(12, 9))
    win = tables["win_change"]
    win = win[win["condition"] == condition]
    strategies = list(dict.fromkeys(win["strategy"]))
    series = {}
    for players, part in win.groupby("players"):
        part = part.set_index("strategy").reindex(strategies)
        series[f"{players} players"] = (part["dwin"], part["dwin_low"], part["dwin_high"])
    grouped_intervals(
        axes[0, 0],
        strategies,
        series,
        reference=0.0,
        scale=100.0,
        title=f"Change in win rate, {points} vs 0 mammoth points (paired)",
        xlabel="percentage points (95% CI)",
    )
    hist = tables["margins"]
    hist = hist[hist["condition"] == condition]
    for (players, arm), part in hist.groupby(["players", "arm"], sort=True):
        histogram_steps(
            axes[0, 1],
            part["margin"],
            part["games"],
            label=f"{players}p, {arm}",
            bin_width=5,
            xlabel="winning margin (winner minus runner-up, points; bins of 5)",
            title="Winning margin",
        )
    if len(hist):
        top = max(
            histogram_quantiles(part["margin"], part["games"], (0.995,))[0]
            for _, part in hist.groupby(["players", "arm"])
        )
        axes[0, 1].set_xlim(0, top)
        axes[0, 1].set_title("Winning margin (up to the 99.5th percentile)")
    held = tables["tile_value_held"]
    held = held[(held["condition"] == condition) & (held["units"] >= 30)]
    for players, part in held.groupby("players"):
        interval_lines(
            axes[1, 0],
            part["tiles"],
            (100 * part["cf_dwin"], 100 * part["cf_dwin_low"], 100 * part["cf_dwin_high"]),
            label=f"{players} players",
            reference=0.0,
            xlabel="tiles held at the end",
            ylabel="win probability gained (pp, 95% CI)",
            title="Value of one more tile (end-of-game counterfactual)",
        )
    games = tables["games"]
    games = games[games["condition"] == condition]
    labels = [f"{p} players" for p in games["players"]]
    grouped_intervals(
        axes[1, 1],
        labels,
        {
            "majority decides the winner": (
                games["majority_decided"],
                games["majority_decided_low"],
                games["majority_decided_high"],
            ),
            "winners differ between the paired runs": (
                games["winner_changed"],
                games["winner_changed_low"],
                games["winner_changed_high"],
            ),
        },
        scale=100.0,
        title="Share of games",
        xlabel="per cent of games (95% CI)",
    )
    tile_set = games["tile_set"].iloc[0] if len(games) else condition
    fig.suptitle(f"What the mammoth scoring is worth; {condition}: {tile_set}", fontsize=10)
    fig.tight_layout()
    return fig


def sensitivity_figure(sensitivity: pd.DataFrame):
    """Headline figures per condition (tile set x tie rule), one panel per quantity."""
    import matplotlib.pyplot as plt

    from experiments.shared.plots import grouped_intervals

    quantities = [
        "share of games the majority decides",
        "win-probability value of one more tile (all seats)",
        "mean winning margin, points on",
        "change in the winning margin (on - off)",
    ]
    fig, axes = plt.subplots(2, 2, figsize=(12, 8))
    conditions = list(dict.fromkeys(sensitivity["condition"]))
    for ax, quantity in zip(axes.ravel(), quantities, strict=True):
        part = sensitivity[sensitivity["quantity"] == quantity]
        series = {}
        for players, rows in part.groupby("players"):
            rows = rows.set_index("condition").reindex(conditions)
            series[f"{players} players"] = (rows["estimate"], rows["low"], rows["high"])
        percent = "share" in quantity or "probability" in quantity
        grouped_intervals(
            ax,
            conditions,
            series,
            scale=100.0 if percent else 1.0,
            title=quantity,
            xlabel="per cent (95% CI)" if percent else "points (95% CI)",
        )
    fig.suptitle(
        "Sensitivity to the tile set and the tie rule (all tile fronts assumed; rich and "
        "food_backs are variants, not the real tiles)",
        fontsize=10,
    )
    fig.tight_layout()
    return fig


def write_worth(
    folder: Path,
    tables: dict[str, pd.DataFrame],
    experiment: WorthExperiment,
    conditions: dict[str, Rules],
    rules: Rules,
    names: list[str],
    command: str = "worth",
    started: float | None = None,
) -> None:
    """Write the tables, plots and run.json of a worth run.

    ``mammoth worth`` and the ``worth`` experiment kind (:mod:`experiments.worth.kind`) both
    write through this, so their folders hold the same files.

    Parameters
    ----------
    folder : pathlib.Path
        Output folder.
    tables : dict of str to pandas.DataFrame
        The tables (:func:`experiments.worth.analysis.worth_tables`).
    experiment : experiments.worth.settings.WorthExperiment
        Its ``seed``, ``games`` per table and arm, ``players`` and ``points`` (the mammoth
        points of the "on" arm).
    conditions : dict of str to Rules
        Every condition, the main one (the condition of ``worth.png``) first.
    rules : Rules
        The main condition's rules, with the "on" arm's mammoth points.
    names : list of str
        The strategies (resolved names).
    command : str
        What produced the output, for run.json.
    started : float, optional
        :func:`time.perf_counter` at the start of the run: run.json records the seconds since
        (None when the time is not one number, e.g. a resumed run).
    """
    main_label = next(iter(conditions))
    points = experiment.points
    for name, frame in tables.items():
        write_csv(folder / f"{name}.csv", frame)
    save_figure(folder / "worth.png", worth_figure(tables, main_label, points), dpi=110)
    save_figure(folder / "sensitivity.png", sensitivity_figure(tables["sensitivity"]), dpi=110)
    meta = run_metadata(
        command,
        rules,
        kind="worth",
        seed=experiment.seed,
        games_per_table_and_arm=experiment.games,
        players=experiment.player_counts,
        strategies=names,
        arms={"on": points, "off": 0},
        main_condition=main_label,
        conditions={
            k: {"tiles": v.tiles, "tiles_label": tiles_label(v), "tie_rule": v.tie_rule}
            for k, v in conditions.items()
        },
        tiles_label="assumed" if rules.tiles_assumed else "user file",
        pairing="both arms play the same seed and game indices; seats rotated each game",
        intervals="cluster (game index) SE of paired differences; mean +- 1.96 SE; "
        "win shares split on ties",
        counterfactual="ev and majority value tiles by the mammoth points, so they commit "
        "differently at 0 points: the off arm is the game without the scoring, play adapting",
        tile_value="end-of-game counterfactual: one more tile for one seat, all else fixed",
        seconds=None if started is None else round(time.perf_counter() - started, 1),
        files=[f"{name}.csv" for name in tables] + ["worth.png", "sensitivity.png"],
    )
    write_json(folder / "run.json", meta)


def summary(experiment: WorthExperiment, tables: dict, main_label: str, conditions: dict) -> str:
    """A worth run in lines, as ``mammoth worth`` prints them: per player count of the main
    condition the games the majority decides, the winning margin and its change, what one more
    tile is worth, then each strategy's win-rate change and a note of stalled games.

    Parameters
    ----------
    experiment : experiments.worth.settings.WorthExperiment
        Its ``games``, ``players``, ``seed`` and ``points``.
    tables : dict
        :func:`experiments.worth.analysis.worth_tables` (``games``, ``sensitivity``,
        ``win_change``...).
    main_label : str
        The main condition's label.
    conditions : dict of str to Rules
        The conditions played.

    Returns
    -------
    str
        The lines.
    """
    players = experiment.player_counts
    lines = [
        f"worth: {experiment.games} games per table and arm, players "
        f"{', '.join(map(str, players))}, seed {experiment.seed}; main condition {main_label} "
        f"({tiles_label(conditions[main_label])})"
    ]
    g = tables["games"]
    g = g[g["condition"] == main_label]
    t = tables["sensitivity"]
    t = t[(t["condition"] == main_label) & t["quantity"].str.startswith("win-probability")]
    for row, tile in zip(g.itertuples(), t.itertuples(), strict=True):
        lines.append(
            f"  {row.players}p majority decides {percent(row.majority_decided):>5} "
            f"{interval(row.majority_decided_low, row.majority_decided_high, scale=100)} of "
            f"games; margin {plain(row.margin)} (sd {plain(row.margin_sd)}), change "
            f"{signed(row.dmargin)} {interval(row.dmargin_low, row.dmargin_high, signs=True)}; "
            f"one more tile {pp(tile.estimate, 2)} win "
            f"{interval(tile.low, tile.high, 2, scale=100, signs=True)}"
        )
    w = tables["win_change"]
    for row in w[w["condition"] == main_label].itertuples():
        lines.append(
            f"  {row.players}p {row.strategy:18s} win {pp(row.dwin):>8} "
            f"{interval(row.dwin_low, row.dwin_high, scale=100, signs=True)} "
            f"({experiment.points} vs 0 points)"
        )
    long = [f"{r.players}p {percent(r.long_game, 2)}" for r in g.itertuples() if r.long_game > 0]
    if long:
        lines.append(
            f"  note: games over {LONG_GAME} rounds (stalled play, not a rule): {', '.join(long)} "
            "of the main condition (column long_game of games.csv)"
        )
    if not np.isfinite(g["majority_decided"]).all():
        lines.append("  (some cells have too few games for an interval)")
    return "\n".join(lines)
