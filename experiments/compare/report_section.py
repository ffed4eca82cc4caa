"""What the report says about a league (``mammoth compare``): the ranking, the win-rate chart
and the behaviour profile; for a report of leagues alone, the ranking is its answer.

Found by the report as every question's ``report_section`` is
(:mod:`experiments.report.report_sections`).
"""

from __future__ import annotations

from functools import partial

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from experiments.shared.document import (
    Cell,
    Heading,
    Link,
    Paragraph,
    Strong,
    Table,
)
from experiments.shared.numbers import interval, percent, plain
from experiments.shared.plots import grouped_intervals, interval_bars
from experiments.shared.report_charts import WIDTH
from experiments.shared.report_folder import (
    MAX_ROWS,
    ResultFolder,
    and_list,
    figure_block,
    players_header,
    players_of,
)

TITLE = "strategy comparison"
"""The section's title, after the folder's name."""

ORDER = 40
"""Where its answer stands among the report's answers."""

ANSWER = "league"
"""The answer box it writes into (``#answer-league``)."""

ANSWER_ALONE = True
"""Its answer is the report's only when no other question answers."""

TABLES = {
    "league": (
        ("strategy", "players", "win_rate", "win_low", "win_high"),
        ("win_rate", "win_low", "win_high"),
    ),
    "profile": (
        ("strategy", "players"),
        (
            "rounds_mean", "rounds_p95", "share_over_25_rounds", "share_starved",
            "share_starved_able", "resources_left", "culture_points", "cards", "buildings",
            "people", "agriculture", "tools", "tiles_won", "figures_committed",
        ),
    ),
}  # fmt: skip
"""The tables the section reads (:data:`~experiments.shared.report_folder.Checks`)."""

PRIMARY = "league"
"""The table that makes a league folder: it must have rows."""


PROFILE_ROWS = (
    ("rounds_mean", "rounds, mean", plain),
    ("rounds_p95", "rounds, 95th pct.", partial(plain, digits=0)),
    ("share_over_25_rounds", "over 25 rounds", percent),
    ("share_starved", "took a −10", percent),
    ("share_starved_able", "… able to pay", percent),
    ("resources_left", "resources left", plain),
    ("culture_points", "culture points", plain),
    ("cards", "cards bought", plain),
    ("buildings", "buildings bought", plain),
    ("people", "people", plain),
    ("agriculture", "agriculture", plain),
    ("tools", "tools", plain),
    ("tiles_won", "tiles won", plain),
    ("figures_committed", "figures committed", plain),
)
"""Rows of the report's profile tables: column of profile.csv, label, number format."""


def _herds(frame: pd.DataFrame) -> list[str]:
    return list(dict.fromkeys(frame["herd"].astype(str))) if "herd" in frame else ["on"]


def _of_herd(frame: pd.DataFrame, herd: str) -> pd.DataFrame:
    return frame[frame["herd"].astype(str) == herd] if "herd" in frame else frame


def ranking(league: pd.DataFrame) -> list[str]:
    """Strategies from the strongest: by win rate over the fair share, averaged over the player
    counts (ties keep the table's order)."""
    strength = (league["win_rate"] * league["players"]).groupby(league["strategy"], sort=False)
    return list(strength.mean().sort_values(ascending=False, kind="stable").index)


def ranking_tables(league: pd.DataFrame) -> list[Table]:
    """Per herd setting: strategies ranked by win rate relative to the fair share."""
    tables = []
    herds = _herds(league)
    for herd in herds:
        part = _of_herd(league, herd)
        counts = players_of(part["players"])
        order = ranking(part)[:MAX_ROWS]
        rows = []
        for rank, name in enumerate(order, start=1):
            mine = part[part["strategy"] == name].set_index("players")
            rows.append(
                [f"{rank}. {name}"]
                + [
                    Cell(
                        percent(mine.loc[p, "win_rate"]),
                        interval(mine.loc[p, "win_low"], mine.loc[p, "win_high"], scale=100),
                    )
                    if p in mine.index
                    else ""
                    for p in counts
                ]
            )
        fair = ", ".join(f"{percent(1 / p)}" for p in counts)
        herd_text = f"herd {herd}: " if len(herds) > 1 else ""
        tables.append(
            Table(
                ["strategy", *players_header(counts)],
                rows,
                caption=f"{herd_text}win rate, ties shared (95% intervals); fair share {fair}",
            )
        )
    return tables


def _columns_that_fit(names) -> int:
    """Strategy columns a phone fits: a name breaks after its "+", so its longest piece counts."""
    longest = max((len(piece) for name in names for piece in str(name).split("+")), default=0)
    return 4 if longest <= 8 else 3


def profile_tables(profile: pd.DataFrame) -> list[Table]:
    """One table per player count and herd setting: the profile's rows, strategies as columns
    (split into several tables when more strategies than a phone fits)."""
    tables = []
    for herd in _herds(profile):
        part = _of_herd(profile, herd)
        for players in players_of(part["players"]):
            rows_of = part[part["players"] == players].set_index("strategy")
            names = list(rows_of.index)
            rows = [
                [label] + [write(rows_of.loc[n, column]) for n in names]
                for column, label, write in PROFILE_ROWS
                if column in rows_of
            ]
            tables.append(
                Table(
                    ["", *names],
                    rows,
                    caption=f"{players} players, herd {herd}: per seat, means unless a share",
                    max_columns=_columns_that_fit(names),
                    dense=True,
                )
            )
    return tables


def league_answer(folder: ResultFolder) -> list:
    """For a report without commit or worth runs: the ranking, in words and as a table."""
    league = folder.table("league")
    part = _of_herd(league, _herds(league)[0])
    best = ranking(part)[0]
    counts = players_of(part["players"])
    rates = [
        percent(part[(part["strategy"] == best) & (part["players"] == p)]["win_rate"].iloc[0])
        for p in counts
    ]
    words = [
        Strong("Which strategy wins?"),
        f" {best} wins most: {and_list(rates)} of its games with {and_list(counts)} players.",
    ]
    return [Paragraph(words, css="lead"), *ranking_tables(league)]


def section(folder: ResultFolder) -> list:
    """The comparison: ranking, win-rate chart with intervals, behaviour profile."""
    league = folder.table("league")
    blocks: list = [*ranking_tables(league)]
    blocks.append(
        figure_block(
            folder,
            "win-rates",
            league_chart(league, ranking(_of_herd(league, _herds(league)[0]))),
            "win rates with 95% intervals per player count",
            "Seats rotated; every table of the strategies plays the same seeds.",
        )
    )
    if folder.has("profile"):
        blocks.append(Heading("Behaviour profile", level=3, anchor=f"{folder.anchor}-profile"))
        blocks.append(
            Paragraph(
                "How each strategy plays, over the seats it played: the game's length, the share "
                "of seats that took a −10 for missing food (and of those that could have paid "
                "with resources), what it ends with (culture points: green cards), its herd play.",
                css="note",
            )
        )
        blocks += profile_tables(folder.table("profile"))
        blocks.append(
            Paragraph(
                [
                    "Every strategy, player count and herd setting: ",
                    Link("profile.csv", folder.href(folder.path / "profile.csv")),
                    ".",
                ],
                css="note",
            )
        )
    return blocks


def answer(folder: ResultFolder, first: bool) -> list:
    """The ranking in words and as a table (it opens its own box: ``first`` is True)."""
    return league_answer(folder)


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


__all__ = [
    "ANSWER",
    "ANSWER_ALONE",
    "ORDER",
    "PRIMARY",
    "TABLES",
    "TITLE",
    "answer",
    "league_answer",
    "league_chart",
    "profile_tables",
    "ranking",
    "ranking_tables",
    "section",
]
