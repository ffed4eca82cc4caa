"""What the report says about a ladder run: strength against cost (the Pareto frontier marked),
then the ratings.

Found by the report as every question's ``report_section`` is
(:mod:`experiments.report.report_sections`).
"""

from __future__ import annotations

import math
import re

from experiments.ladder.report import ladder_figure
from experiments.shared.document import Table
from experiments.shared.numbers import DASH, plain, rated
from experiments.shared.report_charts import WIDTH
from experiments.shared.report_folder import MAX_ROWS, ResultFolder, figure_block, short_name

TITLE = "strength ladder: rating against cost"
"""The section's title, after the folder's name."""

ORDER = 60
"""Its place among the questions' sections (it has no answer)."""

TABLES = {"ladder": (("player", "games_per_s"), ("games_per_s",))}
"""The tables the section reads (:data:`~experiments.shared.report_folder.Checks`)."""

PRIMARY = "ladder"
"""The table that makes a ladder folder: it must have rows."""


def section(folder: ResultFolder) -> list:
    """The ladder: strength against cost (the Pareto frontier marked), then the ratings."""
    table = folder.table("ladder")
    counts = sorted(int(c[len("rating_") : -1]) for c in table if re.fullmatch(r"rating_\dp", c))
    anchor = folder.meta.get("anchor", "the anchor")
    blocks: list = [
        figure_block(
            folder,
            "strength-cost",
            ladder_figure(table, width=WIDTH),
            "rating against games per second, log scale, Pareto frontier in red",
            f"Bradley-Terry ratings (0: {short_name(str(anchor))}) with 95% intervals against "
            "the measured games per second on one core (4 players with the herd); red: the "
            "players no other beats on both.",
        )
    ]
    first = f"rating_{counts[-1]}p" if counts else "games_per_s"
    rows = []
    for row in table.sort_values(first, ascending=False).head(MAX_ROWS).to_dict("records"):
        cells = [short_name(str(row["player"]))]
        for p in counts:
            rating, low, high = row[f"rating_{p}p"], row[f"low_{p}p"], row[f"high_{p}p"]
            cells.append(rated(rating, low, high))
        speed = row["games_per_s"]
        cells.append(plain(speed, 0) if math.isfinite(speed) else DASH)
        rows.append(cells)
    blocks.append(
        Table(
            ["player", *(f"{p}p rating" for p in counts), "games/s"],
            rows,
            caption="Strongest first (the largest player count's rating); games/s measured",
        )
    )
    return blocks


__all__ = ["ORDER", "PRIMARY", "TABLES", "TITLE", "section"]
