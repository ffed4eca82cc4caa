"""The report's key charts, drawn from a result folder's tables at a size made for the page.

Each chart is one narrow figure (:data:`WIDTH` inches, shown at 100 CSS pixels per inch and
saved at twice that for sharp screens), so that it stays readable when a phone shows it at 360
pixels. The charts use :class:`matplotlib.figure.Figure` directly: no pyplot, no backend, no
global state. :func:`render` turns one into PNG bytes and its designed size.
"""

from __future__ import annotations

import io

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from experiments.shared.plots import grouped_intervals, interval_bars, win_heatmap

WIDTH = 4.8
"""Width of every chart, inches."""

CSS_PER_INCH = 100
DPI = 2 * CSS_PER_INCH


def render(figure: Figure) -> tuple[bytes, int, int]:
    """The figure as PNG bytes and its designed width and height in CSS pixels."""
    buffer = io.BytesIO()
    width, height = figure.get_size_inches()
    figure.savefig(buffer, format="png", dpi=DPI)
    return buffer.getvalue(), round(width * CSS_PER_INCH), round(height * CSS_PER_INCH)


def policy_label(policy: str, short: bool = False) -> str:
    """How a taming policy of the commit sweep is called in the report (``short``: in a table
    on a phone)."""
    if policy.startswith("fixed-"):
        return f"commit {policy.split('-', 1)[1]}"
    names = {
        "ev": ("seek herd, commit by ev", "seek herd (ev)"),
        "majority": ("seek herd, by majority", "seek (majority)"),
        "ev-noseek": ("commit by ev, no seeking", "ev, no seeking"),
    }
    return names[policy][short] if policy in names else policy


def commit_chart(sweep: pd.DataFrame, baseline: str) -> Figure:
    """Win-rate change against never committing, one row per policy, one series per player count.

    ``sweep``: rows of ``sweep.csv`` of one condition (``policy``, ``players``, ``dwin``,
    ``dwin_low``, ``dwin_high``).
    """
    policies = list(dict.fromkeys(sweep["policy"]))
    counts = sorted(sweep["players"].unique())
    fig = Figure(figsize=(WIDTH, 0.14 * len(policies) * (len(counts) + 1) + 1.0))
    ax = fig.subplots()
    series = {}
    for players in counts:
        rows = sweep[sweep["players"] == players].set_index("policy").reindex(policies)
        series[f"{players} players"] = (rows["dwin"], rows["dwin_low"], rows["dwin_high"])
    grouped_intervals(
        ax,
        [policy_label(p, short=True) for p in policies],
        series,
        reference=0.0,
        scale=100.0,
        xlabel=f"win rate minus {baseline}'s (pp, 95% CI)",
    )
    fig.tight_layout()
    return fig


def worth_chart(games: pd.DataFrame) -> Figure:
    """Share of games the majority decides, and whose winner changes, per player count."""
    labels = [f"{p} players" for p in games["players"]]
    fig = Figure(figsize=(WIDTH, 0.5 * len(labels) + 1.6))
    ax = fig.subplots()
    grouped_intervals(
        ax,
        labels,
        {
            "the majority decides the winner": (
                games["majority_decided"],
                games["majority_decided_low"],
                games["majority_decided_high"],
            ),
            "the winner differs without the scoring": (
                games["winner_changed"],
                games["winner_changed_low"],
                games["winner_changed_high"],
            ),
        },
        scale=100.0,
        xlabel="per cent of games (95% CI)",
    )
    ax.set_xlim(left=0)
    fig.tight_layout()
    return fig


def league_chart(league: pd.DataFrame, order: list[str] | None = None) -> Figure:
    """Win rates with 95% intervals, one panel per player count (herd on and off when both).

    ``order``: the strategies top to bottom (default: as in the table).
    """
    counts = sorted(league["players"].unique())
    strategies = list(order) if order else list(dict.fromkeys(league["strategy"]))
    herds = list(dict.fromkeys(league["herd"])) if "herd" in league else []
    per_panel = 0.32 * len(strategies) * (1.6 if len(herds) > 1 else 1) + 0.55
    fig = Figure(figsize=(WIDTH, per_panel * len(counts) + 0.6))
    axes = np.atleast_1d(fig.subplots(len(counts), 1, sharex=True))
    for ax, players in zip(axes, counts, strict=True):
        part = league[league["players"] == players]
        if len(herds) > 1:
            series = {}
            for herd in herds:
                rows = part[part["herd"] == herd].set_index("strategy").reindex(strategies)
                series[f"herd {herd}"] = (rows["win_rate"], rows["win_low"], rows["win_high"])
            grouped_intervals(ax, strategies, series, reference=100 / players, scale=100.0)
            ax.set_xlabel("")
        else:
            part = part.set_index("strategy").reindex(strategies)
            interval_bars(
                ax,
                strategies,
                100 * part["win_rate"],
                100 * part["win_low"],
                100 * part["win_high"],
                reference=100 / players,
                xlabel="",
            )
        ax.set_title(f"{players} players (dashed: fair share)", fontsize=9, loc="left")
    axes[-1].set_xlabel("win rate, per cent (95% CI)")
    fig.tight_layout()
    return fig


def contest_chart(wins: np.ndarray, figures: list[int], tie_rule: str) -> Figure:
    """Seat 0's chance to win a 2-player contest over both seats' figures (exact odds)."""
    fig = Figure(figsize=(WIDTH, 4.0))
    ax = fig.subplots()
    win_heatmap(ax, wins, figures, figures, title=f"2 players, tie rule {tie_rule}")
    fig.tight_layout()
    return fig


__all__ = [
    "WIDTH",
    "commit_chart",
    "contest_chart",
    "league_chart",
    "policy_label",
    "render",
    "worth_chart",
]
