"""The commit answer's published figures: one committed sweep per field, the table of
docs/answers.md, the README's short answer, the convergence by field, and
``docs/answers_by_field.csv`` (:mod:`experiments.shared.pages`)."""

from __future__ import annotations

from pathlib import Path
from shlex import quote

import pandas as pd

from experiments.shared.document import Bullets, Cell, Paragraph, Strong, Table
from experiments.shared.numbers import interval, signed
from experiments.shared.page_charts import png
from experiments.shared.pages import (
    FIELDS,
    QUICK_SEARCH,
    STRONGEST,
    field_ratings,
    field_sources,
    read_fields,
)

POLICIES = "--policy fixed-1 --policy fixed-4 --policy ev"
"""The policies of every field's sweep (``majority`` too where the field's base is learned)."""
COMMANDS = {
    "classic": f"--games 10000 {POLICIES} --base classic --field classic+ev",
    "presets": f"--games 10000 {POLICIES} --base greedy --field balanced --field cards"
    " --field farmer",
    "greedy": f"--games 10000 {POLICIES} --base greedy --field greedy+ev",
    "learned": f"--games 10000 {POLICIES} --policy majority --base learned --field learned+ev",
    "quick search": f"--games 2000 {POLICIES} --policy majority --base {quote(QUICK_SEARCH)}"
    f" --field {quote(QUICK_SEARCH + '+ev')}",
    "champion": f"--games 10000 {POLICIES} --policy majority --base champion --field champion+ev",
}
"""Each field's sweep, after ``mammoth commit --seed 2024 --no-herd-areas``."""


SOURCES = field_sources(
    "commit",
    "mammoth commit --seed 2024 --no-herd-areas",
    COMMANDS,
    ("sweep.csv", "rule_of_thumb.csv"),
)
"""The committed sweeps, one per field."""

LABELS = {
    "fixed-1": "commit 1 when on the herd's area anyway",
    "fixed-4": "commit 4 when on the herd's area anyway",
    "ev": "seek the herd, commit by expected value (`ev`)",
    "majority": "seek the herd, value tiles by the majority chance (`majority`)",
}
"""Each policy's row, in the table's order."""
ANSWERS = {
    "fixed-1": "commit 1",
    "fixed-4": "commit 4",
    "ev": "seek the herd (ev)",
    "majority": "seek the herd (majority)",
}
"""Each policy's series in ``answers_by_field.csv``."""
PLAYERS = (2, 3, 4)


def sweep(results: Path) -> pd.DataFrame:
    """Every field's sweep in one table: field, players, policy, games, and the win-rate change
    against the same seat never committing with its interval, in pp."""
    table = read_fields(results, "commit", "sweep.csv")
    table = table[table["policy"].isin(LABELS)].reset_index(drop=True)
    return pd.DataFrame(
        {
            "field": table["field"],
            "players": table["players"],
            "policy": table["policy"],
            "games": table["units"],
            "estimate": table["dwin"] * 100,
            "low": table["dwin_low"] * 100,
            "high": table["dwin_high"] * 100,
        }
    )


def _cell(row) -> Cell:
    return Cell(f"{signed(row.estimate)} pp", interval(row.low, row.high))


def table_block(results: Path) -> Table:
    """The answers' table: each field's policies, the win-rate change at 2, 3 and 4 players."""
    rows = sweep(results)
    body = []
    for f in FIELDS:
        mine = rows[rows["field"] == f.name]
        for policy, label in LABELS.items():
            cells = mine[mine["policy"] == policy].set_index("players")
            if cells.empty:
                continue
            body.append([f.name, label, *(_cell(cells.loc[p]) for p in PLAYERS)])
    header = ["field", "policy", *(f"{p} players" for p in PLAYERS)]
    return Table(header, body, aligned=False)


def _span(values) -> str:
    low, high = min(values), max(values)
    return f"{signed(low)} to {signed(high)}"


def short_block(results: Path) -> Bullets:
    """The README's short answer to how many figures to commit, every figure from the sweeps."""
    rows = sweep(results)
    ratings = field_ratings(results)
    strong = [f.name for f in FIELDS if ratings[f.name] >= ratings["greedy"]]
    one = rows[rows["policy"] == "fixed-1"]
    four = rows[rows["policy"] == "fixed-4"].set_index(["field", "players"])
    small = one[one["players"] < 4]["estimate"]
    large = one[(one["players"] == 4) & one["field"].isin(strong)]["estimate"]
    beaten = (four["estimate"] < one.set_index(["field", "players"])["estimate"]).sum()
    cost = int((four["estimate"] < 0).sum())
    better = "at none" if beaten == len(four) else f"at {len(four) - beaten}"
    worst = four.xs(4, level="players")["estimate"].min()
    return Bullets(
        [
            [
                Strong("How many figures to commit, whatever the card?"),
                " If your people are on the herd's area anyway, move ",
                Strong("one"),
                f": at 2 and 3 players it gains {_span(small)} pp of win rate in every field, at "
                f"4 players {_span(large)} pp in the fields rated at or above `greedy`. Four did "
                f"better than one {better} of the {len(four)} fields and table sizes, and cost "
                f"wins at {cost} of them (down to {signed(worst)} pp at 4 players). "
                + _strongest_words(one, four),
            ]
        ]
    )


def _strongest_words(one: pd.DataFrame, four: pd.DataFrame) -> str:
    """Whether the answer "move one" stands where every other seat plays the strongest player:
    one figure gains (interval above 0) and four does no better, at every table size."""
    mine = one[one["field"] == STRONGEST].set_index("players")
    theirs = four.xs(STRONGEST, level="field")
    shown = [signed(mine.loc[p, "estimate"]) for p in PLAYERS]
    gains = f"{', '.join(shown[:-1])} and {shown[-1]}"
    stands = all(
        mine.loc[p, "low"] > 0 and mine.loc[p, "estimate"] >= theirs.loc[p, "estimate"]
        for p in PLAYERS
    )
    verdict = "the answer stands" if stands else "the answer changes"
    return (
        f"In the field of the strongest player, `{STRONGEST}`, {verdict}: one figure gains "
        f"{gains} pp at 2, 3 and 4 players, four {_span(theirs['estimate'])} pp."
    )


def converge_block(results: Path) -> Paragraph:
    """Whether the 4-player answers settle as the field gets stronger, from the sweeps."""
    rows = sweep(results)
    ratings = field_ratings(results)
    at4 = rows[rows["players"] == 4]
    one = at4[at4["policy"] == "fixed-1"].set_index("field")["estimate"]
    seek = at4[at4["policy"] == "ev"].set_index("field")["estimate"]
    strong = [f.name for f in FIELDS if ratings[f.name] >= ratings["greedy"]]
    weakest = FIELDS[0].name
    listed = ", ".join(signed(one[name]) for name in strong)
    swing = ", ".join(f"{signed(seek[f.name])} ({f.name})" for f in FIELDS)
    return Paragraph(
        [
            Strong("Does the answer converge as play gets stronger?"),
            f" For one figure: at 4 players it lies between {signed(min(one[strong]))} and "
            f"{signed(max(one[strong]))} pp in every field rated at or above `greedy` "
            f"({listed}), against {signed(one[weakest])} in the `{weakest}` field. For seeking "
            f"the herd (`ev`), in the order of the fields' ratings: {swing}. It follows how the "
            "field itself plays the herd more than how strong it is. (The chart is drawn from "
            "`docs/answers_by_field.csv`, the table above with each field's rating: see the "
            "snippet below the worth answer.)",
        ]
    )


def by_field_csv(results: Path) -> str:
    """``docs/answers_by_field.csv``: the table above with each field's 4-player rating, one row
    per field, answer and player count, in pp rounded to 0.1 (as the table prints them)."""
    rows = sweep(results)
    ratings = field_ratings(results)
    table = pd.DataFrame(
        {
            "field": rows["field"],
            "field_rating": rows["field"].map(ratings).round(0),
            "answer": rows["policy"].map(ANSWERS),
            "players": rows["players"],
            "estimate": rows["estimate"].round(1),
            "low": rows["low"].round(1),
            "high": rows["high"].round(1),
            "games_per_arm": rows["games"],
        }
    )
    return table.to_csv(index=False, lineterminator="\n")


def by_field_png(results: Path) -> bytes:
    """``docs/answers_by_field.png``: the 4-player answers against the field's rating, drawn
    from :func:`by_field_csv` as the snippet of docs/answers.md draws it."""
    from io import StringIO

    from matplotlib.figure import Figure

    from experiments.shared.plots import answers_by_field

    figure = Figure(figsize=(7, 4.2))
    answers_by_field(figure.subplots(), pd.read_csv(StringIO(by_field_csv(results))))
    return png(figure)


BLOCKS = {
    "commit-table": table_block,
    "commit-short": short_block,
    "commit-converge": converge_block,
}
"""The marked blocks this answer writes."""
WRITES = {"docs/answers_by_field.csv": by_field_csv, "docs/answers_by_field.png": by_field_png}
"""The files of docs/ this answer writes (the chart records the matplotlib that drew it:
:mod:`experiments.shared.page_charts`)."""
