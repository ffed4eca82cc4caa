"""What the report says about the contest odds (``mammoth contest table``, ``mammoth demo``):
seat 0's 2-player win chance as a heatmap and the odds of equal and one-more figures.

Found by the report as every question's ``report_section`` is
(:mod:`experiments.report.report_sections`).
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from experiments.shared.document import Table
from experiments.shared.numbers import percent
from experiments.shared.plots import win_heatmap
from experiments.shared.report_charts import WIDTH
from experiments.shared.report_folder import MAX_ROWS, ResultFolder, figure_block, generic_section
from sim.contest_exact import MAX_FIGURES
from sim.errors import InputError

TITLE = "the taming contest's exact odds"
"""The section's title, after the folder's name."""

ORDER = 50
"""Its place among the questions' sections (it has no answer)."""

TABLES: dict = {}
"""It checks its own columns (a folder without them gets the short tables of any folder)."""

PRIMARY = None
"""No table must have rows."""


def section(folder: ResultFolder) -> list:
    """The contest: seat 0's 2-player win chance (heatmap) and equal/one-more-figure odds."""
    odds = folder.table("contest_odds")
    tie_rule = "longer_wins"
    if "tie_rule" in odds:
        rules = list(dict.fromkeys(odds["tie_rule"].astype(str)))
        tie_rule = tie_rule if tie_rule in rules else rules[0]
        odds = odds[odds["tie_rule"].astype(str) == tie_rule]
    else:
        tie_rule = str(folder.meta.get("tie_rule", tie_rule))
    if "players" in odds:
        odds = odds[odds["players"] == 2]
    if "k2" in odds:
        odds = odds[odds["k2"].fillna(0) == 0]
    columns = ("k0", "k1", "win0", "draw")
    if not len(odds) or not all(c in odds for c in columns):
        return generic_section(folder)
    if not all(pd.api.types.is_numeric_dtype(odds[c]) for c in columns):
        path = folder.path / "contest_odds.csv"
        raise InputError(f"{path}: columns {', '.join(columns)} must hold numbers")
    figures = sorted(int(k) for k in set(odds["k0"]) | set(odds["k1"]) if k > 0)
    if figures and not (figures[-1] <= MAX_FIGURES and odds[["k0", "k1"]].min().min() >= 0):
        path = folder.path / "contest_odds.csv"
        raise InputError(f"{path}: figures (k0, k1) must be from 0 to {MAX_FIGURES}")
    grid = odds.set_index(["k0", "k1"])
    wins = np.array([[grid.loc[(a, b), "win0"] for b in figures] for a in figures])
    blocks: list = [
        figure_block(
            folder,
            "heatmap",
            contest_chart(wins, figures, tie_rule),
            "seat 0's chance to win a 2-player taming contest",
            "Per cent; exact odds (docs/rules.md B2.4).",
        )
    ]
    rows = []
    for k in figures[:MAX_ROWS]:
        even = grid.loc[(k, k)]
        more = grid.loc[(k + 1, k), "win0"] if (k + 1, k) in grid.index else np.nan
        rows.append([str(k), percent(even["win0"]), percent(even["draw"]), percent(more)])
    blocks.append(
        Table(
            ["figures", "k vs k: each wins", "k vs k: draw", "k+1 vs k: more wins"],
            rows,
            caption=f"Two players, tie rule {tie_rule}",
        )
    )
    return blocks


def contest_chart(wins: np.ndarray, figures: list[int], tie_rule: str) -> Figure:
    """Seat 0's chance to win a 2-player contest over both seats' figures (exact odds)."""
    fig = Figure(figsize=(WIDTH, 4.0))
    ax = fig.subplots()
    win_heatmap(ax, wins, figures, figures, title=f"2 players, tie rule {tie_rule}")
    fig.tight_layout()
    return fig


__all__ = ["ORDER", "PRIMARY", "TABLES", "TITLE", "contest_chart", "section"]
