"""The worth answer's published figures: one committed run per field (every game played with 10
and with 0 mammoth points), the table of docs/answers.md and the README's short answer
(:mod:`experiments.shared.pages`)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from shlex import quote

import pandas as pd

from experiments.shared.document import Bullets, Cell, Paragraph, Strong, Table
from experiments.shared.numbers import in_words, interval, percent, plain
from experiments.shared.page_charts import png
from experiments.shared.pages import (
    FIELDS,
    QUICK_SEARCH,
    STRONGEST,
    field_folder,
    field_sources,
    read,
    read_fields,
)
from experiments.shared.report_results import read_run_json

TAMING = ("ev", "majority", "fixed-2", "never")
"""The taming policies of the four strategies of a one-base field."""


def _four(base: str) -> str:
    return " ".join(f"--strategy {quote(f'{base}+{t}')}" for t in TAMING)


COMMANDS = {
    "classic": f"--games 4000 {_four('classic')}",
    "presets": "--games 4000 --strategy balanced --strategy cards --strategy farmer"
    " --strategy builder",
    "greedy": f"--games 4000 {_four('greedy')}",
    "learned": f"--games 4000 {_four('learned')}",
    "quick search": f"--games 2000 {_four(QUICK_SEARCH)}",
    "champion": f"--games 4000 {_four('champion')}",
}
"""Each field's run, after ``mammoth worth --seed 2024 --no-sensitivity``."""


CHART_FIELD = "greedy"
"""The field whose run the chart of docs/answers.md draws (the default player's)."""
CHART_TABLES = ("margins", "tile_value_held")
"""The tables that field's folder keeps for the chart besides the answers' two."""


def chart_folder() -> str:
    """The committed folder the chart is drawn from (``worth/greedy``)."""
    (field,) = [f for f in FIELDS if f.name == CHART_FIELD]
    return field_folder("worth", field)


SOURCES = tuple(
    replace(source, keep=source.keep + tuple(f"{t}.csv" for t in CHART_TABLES))
    if source.name == chart_folder()
    else source
    for source in field_sources(
        "worth",
        "mammoth worth --seed 2024 --no-sensitivity",
        COMMANDS,
        keep=("games.csv", "win_change.csv"),
    )
)
"""The committed runs, one per field (the chart's keeps its margins and tile values too)."""
PLAYERS = (2, 3, 4)


def games(results: Path) -> pd.DataFrame:
    """Every field's game table in one: field, players, the share of games whose winner the
    majority decides (%, with its interval) and the winning margin's median and mean."""
    return read_fields(results, "worth", "games.csv")


def _decided(row) -> Cell:
    return Cell(
        percent(row.majority_decided),
        interval(row.majority_decided_low, row.majority_decided_high, scale=100),
    )


def _margin(row) -> str:
    return f"{plain(row.margin_median, 0)} ({plain(row.margin)})"


def table_block(results: Path) -> Table:
    """The answers' table: the games the majority decides and the winning margin, by field."""
    rows = games(results)
    what = {
        "games whose winner the majority decides": _decided,
        "winning margin, median (mean)": _margin,
    }
    body = []
    for label, cell in what.items():
        for f in FIELDS:
            mine = rows[rows["field"] == f.name].set_index("players")
            body.append([f.name, label, *(cell(mine.loc[p]) for p in PLAYERS)])
    header = ["field", "", *(f"{p} players" for p in PLAYERS)]
    return Table(header, body, aligned=False)


def _range(rows: pd.DataFrame, players: int) -> str:
    shares = rows[rows["players"] == players]["majority_decided"] * 100
    return f"{plain(shares.min())}–{plain(shares.max())}%"


def short_block(results: Path) -> Bullets:
    """The README's short answer to what the mammoth scoring is worth."""
    rows = games(results)
    at4 = rows[rows["players"] == 4].set_index("field")["majority_decided"]
    most = at4.idxmax()
    words = (
        f" The 10-point majority decides the winner of {_range(rows, 2)} of 2-player games and "
        f"{_range(rows, 4)} of 4-player games, across all {in_words(len(FIELDS))} fields; at 4 "
        f"players most often against the {most} field. {_strongest_words(rows)}"
    )
    return Bullets([[Strong("What is the mammoth scoring worth?"), words]])


def _strongest_words(rows: pd.DataFrame) -> str:
    """Where every other seat plays the strongest player: the share the majority decides at 2
    and 4 players, and whether it lies within the other fields' range."""
    mine = rows[rows["field"] == STRONGEST].set_index("players")["majority_decided"]
    others = rows[rows["field"] != STRONGEST]
    inside = all(
        others[others["players"] == p]["majority_decided"].min()
        <= mine[p]
        <= others[others["players"] == p]["majority_decided"].max()
        for p in (2, 4)
    )
    verdict = "within the other fields' range" if inside else "outside the other fields' range"
    return (
        f"In the field of the strongest player, `{STRONGEST}`: {percent(mine[2])} and "
        f"{percent(mine[4])}, {verdict}."
    )


def field_block(results: Path) -> Paragraph:
    """Where the field matters: the range by table size, and the field where the majority
    decides most often with its interval."""
    rows = games(results)
    at4 = rows[rows["players"] == 4].set_index("field")
    most = at4["majority_decided"].idxmax()
    closest = at4["margin_median"].idxmin()
    best = at4.loc[most]
    median = f"median {plain(at4.loc[closest, 'margin_median'], 0)} points"
    cell = _decided(best)
    decided = f"{cell.text} {cell.ci}"
    if closest == most:
        where = f"where the majority also decides most often: {decided} of its games."
    else:
        where = f"and the majority decides most often against the {most} field: {decided}."
    return Paragraph(
        [
            f"Where the field matters: the majority decides {_range(rows, 2)} of 2-player "
            f"games, {_range(rows, 3)} of 3-player and {_range(rows, 4)} of 4-player games "
            f"across the fields. At 4 players the margins are closest against the {closest} "
            f"field ({median}), {where}"
        ]
    )


def chart_png(results: Path) -> bytes:
    """``docs/answers_worth.png``: the chart ``mammoth worth`` draws of its run
    (:func:`~experiments.worth.report.worth_figure`), drawn from the :data:`CHART_FIELD` field's
    committed folder: the win-rate changes, the winning margins, the value of one more tile and
    the games the majority decides."""
    import matplotlib.pyplot as plt

    from experiments.worth.report import worth_figure

    name = chart_folder()
    tables = {t: read(results, name, f"{t}.csv") for t in ("win_change", "games", *CHART_TABLES)}
    (run,) = read_run_json(results / name)["runs"]
    condition = run["main_condition"]
    figure = worth_figure(tables, condition, int(run["arms"]["on"]))
    try:
        return png(figure, dpi=110)
    finally:
        plt.close(figure)


BLOCKS = {
    "worth-table": table_block,
    "worth-short": short_block,
    "worth-field": field_block,
}
"""The marked blocks this answer writes."""
WRITES = {"docs/answers_worth.png": chart_png}
"""The chart of docs/answers.md this answer draws."""
