"""What the report says about a worth run: the second answer (what the mammoth scoring is worth)
and its section.

:func:`answer` states the answer in words with a small table per player count and its intervals;
:func:`section` shows the chart, the headline table, each strategy's win-rate change and the
sensitivity to the tile set and tie rule. Found by the report as every question's
``report_section`` is (:mod:`experiments.report.report_sections`).
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from experiments.shared.document import Cell, Paragraph, Strong, Table
from experiments.shared.numbers import interval, percent, plain, pp
from experiments.shared.plots import grouped_intervals
from experiments.shared.report_charts import WIDTH
from experiments.shared.report_folder import (
    MAX_ROWS,
    ResultFolder,
    and_list,
    by_players,
    change_cell,
    estimate_cell,
    figure_block,
    players_header,
    players_of,
    share_cell,
    source_line,
)

TITLE = "what the mammoth scoring is worth"
"""The section's title, after the folder's name."""

ORDER = 30
"""Where its answer stands among the report's answers (after how many figures to commit)."""

ANSWER = "worth"
"""The answer box it writes into (``#answer-worth``)."""

TABLES = {
    "games": (
        (
            "players", "majority_decided", "majority_decided_low", "majority_decided_high",
            "winner_changed", "winner_changed_low", "winner_changed_high", "margin",
        ),
        (
            "majority_decided", "majority_decided_low", "majority_decided_high",
            "winner_changed", "winner_changed_low", "winner_changed_high", "margin",
            "margin_median", "margin_off", "margin_median_off", "dmargin", "dmargin_low",
            "dmargin_high", "rounds",
        ),
    ),
    "win_change": (
        ("strategy", "players", "dwin", "dwin_low", "dwin_high"),
        ("dwin", "dwin_low", "dwin_high"),
    ),
    "sensitivity": (
        ("quantity", "condition", "players", "estimate", "low", "high"),
        ("estimate", "low", "high"),
    ),
}  # fmt: skip
"""The tables the section reads (:data:`~experiments.shared.report_folder.Checks`)."""

PRIMARY = "games"
"""The table that makes a worth folder: it must have rows."""


def _main_condition(folder: ResultFolder, frame: pd.DataFrame) -> pd.DataFrame:
    if "condition" not in frame or not len(frame):
        return frame
    main = folder.meta.get("main_condition")
    if not isinstance(main, str) or main not in set(frame["condition"].astype(str)):
        main = frame["condition"].iloc[0]
    return frame[frame["condition"].astype(str) == str(main)]


def _points(folder: ResultFolder) -> int:
    arms = folder.meta.get("arms")
    on = arms.get("on") if isinstance(arms, dict) else None
    if isinstance(on, int | float) and not isinstance(on, bool) and math.isfinite(on):
        return int(on)
    return 10


def _tile_value(folder: ResultFolder) -> pd.DataFrame:
    """The win-probability value of one more tile (all seats) by player count, main condition."""
    if not folder.has("sensitivity"):
        return pd.DataFrame(columns=["players", "estimate", "low", "high"]).set_index("players")
    sens = _main_condition(folder, folder.table("sensitivity"))
    tile = sens[sens["quantity"] == "win-probability value of one more tile (all seats)"]
    return tile.set_index("players")


def _tile_cell(row) -> Cell:
    """A cell of the tile's value: estimate and interval in percentage points of winning."""
    return estimate_cell(row, lambda value: pp(value, unit=False))


def _margin(row, arm: str = "") -> str:
    median = row.get(f"margin_median{arm}", np.nan)
    mean = plain(row[f"margin{arm}"])
    return mean if pd.isna(median) else f"{plain(median, 0)} ({mean})"


def _games(folder: ResultFolder) -> pd.DataFrame:
    return _main_condition(folder, folder.table("games")).sort_values("players")


def worth_answer(folder: ResultFolder) -> list:
    """The second answer: what the mammoth scoring is worth, in words and one small table."""
    games = _games(folder)
    counts = players_of(games["players"])
    by = games.set_index("players")
    tile = _tile_value(folder)
    shares = [f"{percent(by.loc[p, 'majority_decided'])} of {p}-player" for p in counts]
    words: list = [
        Strong("What is the mammoth scoring worth?"),
        f" Its {_points(folder)} points decide who wins in {and_list(shares)} games. ",
    ]
    if "margin_median" in by:
        medians = and_list([plain(by.loc[p, "margin_median"], 0) for p in counts])
        words.append(f"Winning margins: median {medians} points. ")
    if len(tile):
        values = and_list([pp(tile.loc[p, "estimate"], unit=False) for p in tile.index])
        words.append(f"One more tile at the end adds {values} pp of win chance (any seat).")
    decided = by_players(by, counts, lambda r: share_cell(r, "majority_decided"))
    rows = [
        ["majority decides the winner", *decided],
        ["winning margin, median (mean)", *by_players(by, counts, _margin)],
    ]
    if len(tile):
        tile_cells = by_players(tile, counts, _tile_cell)
        rows.append(["one more tile at the end, pp", *tile_cells])
    caption = [
        f"Paired games, majority worth {_points(folder)} and 0 points (95% interval).",
        *source_line(folder),
    ]
    return [Paragraph(words, css="lead"), Table(["", *players_header(counts)], rows, caption)]


def section(folder: ResultFolder) -> list:
    """The worth section: chart, headline table, win-rate change by strategy, sensitivity."""
    games = _games(folder)
    counts = players_of(games["players"])
    points = _points(folder)
    by = games.set_index("players")
    blocks: list = [
        figure_block(
            folder,
            "shares",
            worth_chart(games),
            "share of games the majority decides, per player count",
            f"Every game played twice on the same seed: majority worth {points} and 0 points.",
        )
    ]
    decided = by_players(by, counts, lambda r: share_cell(r, "majority_decided"))
    changed = by_players(by, counts, lambda r: share_cell(r, "winner_changed"))
    rows = [
        ["majority decides the winner", *decided],
        ["winner differs without it", *changed],
        ["winning margin, median (mean), on", *by_players(by, counts, _margin)],
    ]
    if "margin_off" in by:
        off = by_players(by, counts, lambda r: _margin(r, "_off"))
        rows.append(["winning margin, median (mean), off", *off])
    if "dmargin" in by:

        def margin_change(r) -> Cell:
            return Cell(plain(r["dmargin"]), interval(r["dmargin_low"], r["dmargin_high"]))

        change = by_players(by, counts, margin_change)
        rows.append(["margin change, on minus off", *change])
    tile = _tile_value(folder)
    if len(tile):
        tile_cells = by_players(tile, counts, _tile_cell)
        rows.append(["one more tile at the end, pp", *tile_cells])
    if "rounds" in by:
        rounds = by_players(by, counts, lambda r: plain(r["rounds"]))
        rows.append(["rounds per game, mean", *rounds])
    blocks.append(Table(["", *players_header(counts)], rows, "Headline figures (95% intervals)"))
    win = _main_condition(folder, folder.table("win_change"))
    win_rows = []
    for name in list(dict.fromkeys(win["strategy"]))[:MAX_ROWS]:
        part = win[win["strategy"] == name].set_index("players")
        win_rows.append([name, *by_players(part, counts, lambda r: change_cell(r, "dwin"))])
    caption = (
        f"Change in each strategy's win rate, {points} vs 0 points, percentage points "
        "(95% interval)"
    )
    blocks.append(Table(["strategy", *players_header(counts)], win_rows, caption))
    if folder.has("sensitivity"):
        sens = folder.table("sensitivity")
        share = sens[sens["quantity"] == "share of games the majority decides"]
        conditions = list(dict.fromkeys(share["condition"]))
        if len(conditions) > 1:
            sens_rows = []
            for condition in conditions[:MAX_ROWS]:
                part = share[share["condition"] == condition].set_index("players")
                sens_rows.append([str(condition), *by_players(part, counts, estimate_cell)])
            caption = (
                "Share of games the majority decides, by tile set and tie rule (rich and "
                "food_backs are variants, not the real tiles)"
            )
            blocks.append(
                Table(["tile set / tie rule", *players_header(counts)], sens_rows, caption)
            )
    return blocks


def answer(folder: ResultFolder, first: bool) -> list:
    """The answer in words and one small table (it opens its own box: ``first`` is True)."""
    return worth_answer(folder)


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


__all__ = [
    "ANSWER",
    "ORDER",
    "PRIMARY",
    "TABLES",
    "TITLE",
    "answer",
    "section",
    "worth_answer",
    "worth_chart",
]
