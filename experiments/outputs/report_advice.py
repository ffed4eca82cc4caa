"""What the report says about an advice run: the card that opens the commit answer, and its
section (the card, the advice table by situation class with the solver's answer, the effect of
each commitment by class as a chart, the check of the shipped card against the other policies).
"""

from __future__ import annotations

import json
import re

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from experiments.outputs.document import Bullets, Cell, Paragraph, Strong, Table, interval, pp
from experiments.outputs.plots import grouped_intervals
from experiments.outputs.report_charts import WIDTH
from experiments.outputs.report_folder import (
    MAX_ROWS,
    ResultFolder,
    figure_block,
    players_header,
    source_line,
)
from sim.errors import InputError

CHART_K = 4
"""The chart shows the effect of committing 1 to this many figures."""


def _card(folder: ResultFolder) -> dict:
    path = folder.path / "card.json"
    try:
        card = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise InputError(f"{path}: not a card as mammoth advise writes it ({exc})") from None
    if not isinstance(card, dict) or not isinstance(card.get("rules"), list):
        raise InputError(f"{path}: not a card as mammoth advise writes it (no rules)")
    return card


def card_blocks(folder: ResultFolder) -> list:
    """The card as ``card.md`` has it: its numbered rules as a list, its other lines as
    paragraphs (the title left out)."""
    lines = (folder.path / "card.md").read_text(encoding="utf-8").splitlines()
    blocks: list = []
    rules: list = []
    for line in lines[1:]:
        rule = re.match(r"^\d+\.\s+(.*)$", line)
        if rule:
            rules.append([rule.group(1)])
        elif line.strip():
            if rules:
                blocks.append(Bullets(rules))
                rules = []
            blocks.append(Paragraph([line.strip()]))
    if rules:
        blocks.append(Bullets(rules))
    return blocks


def _commit_words(k: int) -> str:
    return f"commit {k}" + (" (or all you can)" if k > 1 else "")


def card_answer(folder: ResultFolder) -> list:
    """The card that opens the commit answer, short enough for a phone's first screens: each
    rule's situation and commitment (the section has the effects, sureness and the solver)."""
    card = _card(folder)
    meta = folder.meta.get("settings", {})
    lead = [
        Strong("How many figures to commit?"),
        f" The advice card: every taming decision of {', '.join(map(str, meta.get('field', [])))}"
        " games played out once per commitment, the first rule that fits:",
    ]
    items = []
    for rule in card["rules"]:
        when = str(rule.get("text") or "any situation") if rule.get("when") else "otherwise"
        items.append([f"{when}: {_commit_words(int(rule['commit']))}"])
    if not items:
        items.append([f"no decision was met: {_commit_words(int(card.get('default', 0)))}"])
    return [Paragraph(lead, css="lead"), Bullets(items), Paragraph(source_line(folder))]


def advice_chart(table: pd.DataFrame) -> Figure:
    """Each class's effect of committing 1..:data:`CHART_K` figures against none, with 95%
    intervals; one row per class."""
    classes = table.drop_duplicates("class")
    labels = [
        f"{int(c)}: {s}"[:40] for c, s in zip(classes["class"], classes["situation"], strict=True)
    ]
    fig = Figure(figsize=(WIDTH, 0.16 * len(labels) * (CHART_K + 1) + 1.2))
    ax = fig.subplots()
    series = {}
    for k in range(1, CHART_K + 1):
        rows = table[table["k"] == k].set_index("class").reindex(classes["class"])
        series[f"commit {k}"] = (rows["effect"], rows["lo"], rows["hi"])
    grouped_intervals(
        ax, labels, series, reference=0.0, scale=100.0,
        xlabel="win share minus committing none (pp, 95% CI)",
    )  # fmt: skip
    fig.tight_layout()
    return fig


def _class_rows(table: pd.DataFrame) -> list[list]:
    rows = []
    for record in table.drop_duplicates("class").head(MAX_ROWS).to_dict("records"):
        best = table[(table["class"] == record["class"]) & (table["k"] == record["best_k"])]
        effect = best.iloc[0] if len(best) else None
        if record["too_few"]:
            answer: str | Cell = "too few decisions"
        else:
            answer = Cell(
                f"{int(record['best_k'])} ({pp(effect['effect'])})",
                interval(effect["lo"], effect["hi"]),
            )
        solver = f"{int(record['solver_k'])}" + (" (differs)" if record["disagree"] else "")
        rows.append(
            [
                str(record["situation"]),
                answer,
                f"{100 * float(record['best_sure']):.0f}%",
                solver,
                f"{int(record['decisions']):,}",
            ]
        )
    return rows


def _check_rows(check: pd.DataFrame) -> tuple[list[str], list[list]]:
    counts = sorted(int(p) for p in check["players"].unique())
    rows = []
    for (field, policy), part in check.groupby(["field", "policy"], sort=False):
        part = part.set_index("players")
        cells = [
            Cell(
                pp(part.loc[p, "card_minus"] / 100),
                interval(part.loc[p, "card_minus_low"] / 100, part.loc[p, "card_minus_high"] / 100),
            )
            if p in part.index
            else ""
            for p in counts
        ]
        rows.append([f"{field}: vs {policy}", *cells])
    return players_header(counts), rows


def advice_section(folder: ResultFolder) -> list:
    """The advice section: the card, the chart and table by class, the check of the card."""
    table = folder.table("advice")
    blocks: list = [
        Paragraph([Strong("The advice card of this run"), " (card.md):"]),
        *card_blocks(folder),
        figure_block(
            folder,
            "effects",
            advice_chart(table),
            "win-share effect of committing 1 to 4 figures against none, by situation class",
            "Mean over the class's decisions of the play-outs' win share with k figures minus "
            "with none (capped at what the seat can pay); 95% intervals clustered by game.",
        ),
        Table(
            ["situation", "best k (effect)", "sure", "solver", "decisions"],
            _class_rows(table),
            "By situation class: the best commitment and its effect on the win share against "
            "none, how often it is best in game resamples, the solver's answer for the same "
            "contest",
            words=True,
        ),
    ]
    if folder.has("check"):
        check = folder.table("check")
        header, rows = _check_rows(check)
        games = int(np.min(check["games"])) if len(check) else 0
        blocks.append(
            Table(
                ["card minus", *header],
                rows,
                f"The shipped card ({check['card'].iloc[0]}) against each taming policy, one seat "
                "rotating, "
                f"the same {games:,} game indices per arm: win rate difference, percentage "
                "points (95% interval)",
            )
        )
    return blocks


__all__ = ["advice_chart", "advice_section", "card_answer", "card_blocks"]
