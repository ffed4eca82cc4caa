"""What the report says about a commit run: the first answer (how many figures to commit) and
its section.

:func:`answer` states the answer in words with a small table per player count and its intervals;
:func:`section` shows the sweep's chart and table and the rule of thumb by herd area. Found by
the report as every question's ``report_section`` is (:mod:`experiments.report.report_sections`).
"""

from __future__ import annotations

import re

import pandas as pd
from matplotlib.figure import Figure

from experiments.commit.analysis import FIXED_COUNT, HERD_AREA, SOLVER_LAST, VALUE_POLICY
from experiments.commit.report_thumb import short_rule, solver_rule, verdict_text
from experiments.shared.document import Bullets, Paragraph, Strong, Table
from experiments.shared.plots import grouped_intervals
from experiments.shared.report_charts import WIDTH
from experiments.shared.report_folder import (
    MAX_ROWS,
    ResultFolder,
    and_list,
    by_players,
    change_cell,
    figure_block,
    players_header,
    players_of,
    source_line,
)

TITLE = "how many figures to commit"
"""The section's title, after the folder's name."""

ORDER = 20
"""Where its answer stands among the report's answers (after the advice card's)."""

ANSWER = "commit"
"""The answer box it writes into (``#answer-commit``), with the advice card."""

TABLES = {
    "sweep": (
        ("policy", "players", "dwin", "dwin_low", "dwin_high"),
        ("dwin", "dwin_low", "dwin_high"),
    ),
    "rule_of_thumb": (
        (
            "players", "case", "policy", "area", "verdict", "k", "more_do_not_help",
            "seek_verdict", "others_commit", "commitments",
        ),
        ("k", "others_commit"),
    ),
}  # fmt: skip
"""The tables the section reads (:data:`~experiments.shared.report_folder.Checks`)."""

PRIMARY = "sweep"
"""The table that makes a commit folder: it must have rows."""


MIXED = "mixed"
FIXED = re.compile(r"^fixed-([1-9]\d*)$")


def _fixed(policies) -> list[str]:
    return sorted((p for p in policies if FIXED.match(p)), key=lambda p: int(p.split("-")[1]))


def _baseline(sweep: pd.DataFrame) -> str:
    return str(sweep["baseline"].iloc[0]) if "baseline" in sweep and len(sweep) else "never"


def _main_sweep(folder: ResultFolder) -> pd.DataFrame:
    sweep = folder.table("sweep")
    if "condition" not in sweep or not len(sweep):
        return sweep
    main = sweep[sweep["condition"] == MIXED]
    return main if len(main) else sweep[sweep["condition"] == sweep["condition"].iloc[0]]


def _thumb_rows(thumb: pd.DataFrame, case: str, **columns) -> list[dict]:
    """The rule of thumb's rows of one case (and the given column values), by their columns."""
    rows = thumb[thumb["case"].astype(str) == case]
    for name, value in columns.items():
        rows = rows[rows[name] == value]
    return rows.to_dict("records")


def _grouped(advice: dict[int, str]) -> list[tuple[list[int], str]]:
    """Player counts that share the same advice, in the order of their smallest count."""
    groups: dict[str, list[int]] = {}
    for players, text in sorted(advice.items()):
        groups.setdefault(text, []).append(players)
    return [(counts, text) for text, counts in groups.items()]


def _players_text(counts: list[int]) -> str:
    return f"{and_list(counts)} players"


def commit_answer(folder: ResultFolder, most: int = 4, count_words: bool = True) -> list:
    """The first answer: how many figures to commit, in words and one small table (commit 1 to
    ``most``, and seeking the herd); ``count_words`` False leaves out the words on the counts
    (where the advice card says them)."""
    thumb = folder.table("rule_of_thumb")
    sweep = _main_sweep(folder)
    counts = players_of(sweep["players"])
    words: list = [Strong("How many figures to commit?"), " "]
    anyway = {int(r["players"]): short_rule(r) for r in _thumb_rows(thumb, FIXED_COUNT)}
    if anyway and count_words:
        words.append(
            "With your people on the herd's area anyway: "
            + "; ".join(f"{t} ({_players_text(c)})" for c, t in _grouped(anyway))
            + ". "
        )
    seek = {
        int(r["players"]): verdict_text(r) for r in _thumb_rows(thumb, VALUE_POLICY, policy="ev")
    }
    if seek:
        words.append(
            "Going out of your way for the herd: "
            + "; ".join(f"{t} with {_players_text(c)}" for c, t in _grouped(seek))
            + "."
        )
    policies = _fixed(sweep["policy"].unique())[:most]
    policies += ["ev"] if "ev" in set(sweep["policy"]) else []
    rows = []
    for policy in policies:
        part = sweep[sweep["policy"] == policy].set_index("players")
        cells = by_players(part, counts, lambda r: change_cell(r, "dwin"))
        rows.append([policy_label(policy, short=True), *cells])
    caption = [
        f"Win rate minus {_baseline(sweep)}'s, percentage points (95% interval).",
        *source_line(folder),
    ]
    return [Paragraph(words, css="lead"), Table(["", *players_header(counts)], rows, caption)]


def section(folder: ResultFolder) -> list:
    """The commit section: the sweep's chart and table, the rule of thumb by herd area."""
    sweep = _main_sweep(folder)
    sweep = sweep[sweep["policy"] != "fixed-0"]  # commits nothing, like never: exactly 0
    counts = players_of(sweep["players"])
    baseline = _baseline(sweep)
    blocks: list = [
        figure_block(
            folder,
            "sweep",
            commit_chart(sweep, baseline),
            "win-rate change of each taming policy against never committing",
            "One seat plays the policy, then never commits, on the same seeds; seats rotated.",
        )
    ]
    rows = []
    for policy in list(dict.fromkeys(sweep["policy"]))[:MAX_ROWS]:
        part = sweep[sweep["policy"] == policy].set_index("players")
        rows.append(
            [policy_label(policy)] + by_players(part, counts, lambda r: change_cell(r, "dwin"))
        )
    caption = f"Win rate minus {baseline}'s, percentage points (95% interval)"
    blocks.append(Table(["policy", *players_header(counts)], rows, caption))
    thumb = folder.table("rule_of_thumb")
    areas = pd.DataFrame(_thumb_rows(thumb, HERD_AREA))
    if len(areas):
        area_rows = []
        for area in list(dict.fromkeys(areas["area"]))[:MAX_ROWS]:
            part = areas[areas["area"] == area].set_index("players")
            advice = by_players(part, counts, lambda r: short_rule(r, brief=True))
            area_rows.append([area, *advice])
        caption = (
            "Rule of thumb when the herd always stands on one area (controlled tile sets): the "
            "fixed count to commit when there anyway; seeking the herd there (ev)"
        )
        blocks.append(Table(["herd on", *players_header(counts)], area_rows, caption, words=True))
    solver = _thumb_rows(thumb, SOLVER_LAST, others_commit=0)
    if solver:
        blocks.append(
            Bullets(
                [
                    [
                        f"{int(r['players'])} players, the last to decide with nobody else on the "
                        f"tile (exact odds, reference prize): {solver_rule(r)}."
                    ]
                    for r in solver
                ]
            )
        )
    return blocks


def _untitled(block):
    """A lead paragraph without its bold title (the card above it has the question)."""
    if isinstance(block, Paragraph) and block.parts and isinstance(block.parts[0], Strong):
        parts = list(block.parts[1:])
        while parts and isinstance(parts[0], str) and not parts[0].strip():
            parts.pop(0)  # the space after the title
        if parts and isinstance(parts[0], str):
            first = parts[0].lstrip()
            parts[0] = first[:1].lower() + first[1:]
        return Paragraph(["Over whole games, ", *parts], css=block.css)
    return block


def answer(folder: ResultFolder, first: bool) -> list:
    """The answer in words and one small table; after another answer of its box (the advice
    card, which says the counts), shorter and without its title."""
    if first:
        return commit_answer(folder)
    return [_untitled(block) for block in commit_answer(folder, most=1, count_words=False)]


def policy_label(policy: str, short: bool = False) -> str:
    """How a taming policy of the commit sweep is called in the report (``short``: in a table
    on a phone)."""
    if policy.startswith("fixed-"):
        return f"commit {policy.split('-', 1)[1]}"
    names = {
        "ev": ("seek herd, commit by ev", "go for the herd"),
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


__all__ = [
    "ANSWER",
    "ORDER",
    "PRIMARY",
    "TABLES",
    "TITLE",
    "answer",
    "commit_answer",
    "commit_chart",
    "policy_label",
    "section",
]
