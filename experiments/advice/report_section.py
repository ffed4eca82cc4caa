"""What the report says about an advice run: the shipped card that opens the commit answer
(with its provenance and this run's verdict on each rule), and its section (the shipped card
checked on the run's play-outs; this run's own card, the advice table by situation class with the
solver's answer and the effect of each commitment by class as a chart, when the run derived one;
the check of the shipped card against the other taming policies).

Found by the report as every question's ``report_section`` is
(:mod:`experiments.report.report_sections`); where its answer is in the report, the card at the
table (:data:`CARD_PAGE`) is written beside it (:func:`beside_report`).
"""

from __future__ import annotations

import re

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from experiments.advice.analysis import DISAGREES, VERDICTS
from experiments.advice.report_words import VERDICT_WORDS
from experiments.shared.document import (
    Bullets,
    Cell,
    Link,
    Paragraph,
    Strong,
    Table,
)
from experiments.shared.numbers import interval, pp, signed
from experiments.shared.plots import grouped_intervals
from experiments.shared.report_card_page import card_page
from experiments.shared.report_card_print import print_page
from experiments.shared.report_card_words import (
    COUNT_WORDS,
    GAP_WORDS,
    OTHERWISE,
    commit_cell,
    seek_cell,
    short_condition,
)
from experiments.shared.report_charts import WIDTH
from experiments.shared.report_folder import MAX_ROWS, ResultFolder, figure_block, players_header
from sim.errors import InputError
from strategies.taming_card import CARD_PATH, COUNT, COUNT_BY_GAP, EVERY_TABLE_PATH, load_card

TITLE = "how many figures to commit, situation by situation"
"""The section's title, after the folder's name."""

ORDER = 10
"""Where its answer stands among the report's answers: the card leads the commit answer."""

ANSWER = "commit"
"""The answer box it writes into (``#answer-commit``), before the commit run's answer."""

TABLES = {
    "advice": (
        ("class", "situation", "k", "effect", "lo", "hi", "decisions", "best_k", "best_sure",
         "too_few", "solver_k", "disagree"),
        ("class", "k", "effect", "lo", "hi", "decisions", "best_k", "best_sure", "solver_k"),
    ),
    "check": (
        ("field", "players", "policy", "games", "card_minus", "card_minus_low",
         "card_minus_high"),
        ("players", "games", "card_minus", "card_minus_low", "card_minus_high"),
    ),
    "agreement": (
        ("rule", "situation", "card_k", "decisions", "games", "best_k", "card_minus_best",
         "lo", "hi", "verdict"),
        ("card_k", "decisions", "games", "best_k", "card_minus_best", "lo", "hi"),
    ),
}  # fmt: skip
"""The tables the section reads (:data:`~experiments.shared.report_folder.Checks`)."""

PRIMARY = "agreement"
"""The table that makes an advice folder: it must have rows."""

CHART_K = 4
"""The chart shows the effect of committing 1 to this many figures."""


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


def shipped_card() -> dict:
    """The card the ``card`` policy plays (``strategies/models/card.json``).

    Raises
    ------
    InputError
        If the file is missing or not a card.
    """
    try:
        card = load_card()
    except (OSError, ValueError) as exc:
        raise InputError(f"{CARD_PATH}: not a card as mammoth advise writes it ({exc})") from None
    if not isinstance(card, dict) or not isinstance(card.get("rules"), list):
        raise InputError(f"{CARD_PATH}: not a card as mammoth advise writes it (no rules)")
    return card


def agreement_words(agreement: pd.DataFrame) -> str:
    """One sentence: how this run's play-outs judge the shipped card's rules."""
    counts = agreement["verdict"].value_counts()
    parts = [
        f"{int(counts[verdict])} {VERDICT_WORDS[verdict][0]}"
        for verdict in VERDICTS
        if counts.get(verdict, 0)
    ]
    worse = agreement[agreement["verdict"] == DISAGREES]
    where = "; ".join(
        f"rule {r}: commit {int(b)} did better ({pp(d)} {interval(lo, hi, scale=100)} for the card)"
        for r, b, d, lo, hi in zip(
            worse["rule"], worse["best_k"], worse["card_minus_best"], worse["lo"], worse["hi"],
            strict=True,
        )
    )  # fmt: skip
    said = f"This run: of {len(agreement)} rules " + ", ".join(parts)
    return said + (f" ({where})." if where else ".")


CARD_PAGE = "card.html"
"""The shipped card at the table (:mod:`experiments.shared.report_card_page`), written beside the
report (:func:`beside_report`)."""
PRINT_PAGE = "card_every_table.html"
"""The person's card for every table, to print on one A6 sheet
(:mod:`experiments.shared.report_card_print`), written beside the report."""


def _when(rule: dict, otherwise: str) -> str:
    """A rule's conditions in the fewest words ("alone on the tile" for nobody committed
    before you and nobody deciding after you)."""
    conds = rule.get("when") or []
    words = [short_condition(c["feature"], c.get("lo"), c.get("hi")) for c in conds]
    alone = {"nobody committed before", "you decide last"}
    if alone <= set(words):
        words = ["alone on the tile", *(w for w in words if w not in alone)]
    return ", ".join(words) or otherwise


def card_rows(card: dict) -> list[list[str]]:
    """The whole card as table rows, its seek part first: when, and what to do (seek the herd
    or not; then commit k: :func:`~experiments.shared.report_card_words.seek_cell`,
    :func:`~experiments.shared.report_card_words.commit_cell`)."""
    seek = card.get("seek") or {"rules": [], "default": False}
    rows = [[_when(rule, "always"), seek_cell(rule["seek"])] for rule in seek["rules"]]
    rows.append([OTHERWISE if rows else "always", seek_cell(seek["default"])])
    commits = [[_when(rule, OTHERWISE), commit_cell(int(rule["commit"]))] for rule in card["rules"]]
    return rows + (_merged(commits) or [["always", commit_cell(int(card.get("default", 0)))]])


def _merged(rows: list[list[str]]) -> list[list[str]]:
    """Neighbouring rows of the same answer that test the player count alone, as one row (the
    first rule that fits answers the same whichever of them fits): "2 players" and "4 players"
    read "2 or 4 players"."""
    players = " players"
    out: list[list[str]] = []
    for when, then in rows:
        last = out[-1][0] if out else ""
        alone = all(w.endswith(players) and "," not in w for w in (last, when))
        if out and out[-1][1] == then and alone:
            out[-1][0] = f"{last.removesuffix(players)} or {when}"
        else:
            out.append([when, then])
    return out


def card_answer(folder: ResultFolder) -> list:
    """The shipped card that opens the commit answer, in a player's words and short enough for a
    phone's first screens: at each table size whether to go for the herd and how many figures
    to commit, how little one player gains by playing otherwise at a table of it, which card to
    take for other tiles or tables, and a link to the card at the table (``card.html``). A card
    without its play in words (written by hand) shows its rules as a table."""
    card = shipped_card()
    lead = [
        Strong("How many figures to commit?"),
        " The advice card (",
        Link("on your phone", CARD_PAGE),
        "; not sure of your table? ",
        Link("the card for every table", PRINT_PAGE),
        ", to print):",
    ]
    said = [str(line) for line in card.get("words") or []]  # a derived card's play in words
    made = card.get("provenance") or {}
    if not said:
        return [
            Paragraph(lead, css="lead"),
            Table(["when (bonus: the better, to you)", "then"], card_rows(card), words=True),
            Paragraph([agreement_words(folder.table("agreement")), " ", provenance_words(card)]),
        ]
    held = made.get("certified") or {}
    gains = [held[p]["gain"] for p in held if "gain" in held[p]]
    closing = (
        f"Where everyone plays it, leaving it gains one player at most {signed(max(gains))} pp. "
        if gains
        else ""
    )
    closing += f"It is for {made.get('table', 'one table')}; the page lists the others."
    return [
        Paragraph(lead, css="lead"),
        Bullets([[line] for line in said]),
        Paragraph([closing]),
    ]


def provenance_words(card: dict) -> str:
    """Where the shipped card comes from, in one short sentence (its command: :func:`made_by`)."""
    made = card.get("provenance", {})
    if made.get("written"):
        return ""  # a card written by hand: its notes say what it is (docs/answers.md how)
    if not made.get("decisions"):
        return "Its making is not recorded."
    return f"(Made from {int(made['decisions']):,} decisions.)"


def made_by(card: dict) -> str:
    """The command that made the shipped card (its provenance), or a word that none is kept."""
    made = card.get("provenance", {})
    return str(made.get("command") or made.get("check", {}).get("command") or "not recorded")


def _card_cell(k: int) -> str:
    """A rule's commitment in a table's cell: the count, or the words for counting it out."""
    return {COUNT: COUNT_WORDS, COUNT_BY_GAP: GAP_WORDS}.get(k, str(k))


def agreement_table(folder: ResultFolder) -> Table:
    """The shipped card's rules checked on the run's play-outs."""
    rows = []
    for record in folder.table("agreement").to_dict("records"):
        best = int(record["best_k"])
        rows.append(
            [
                str(record["rule"]),
                str(record["situation"]),
                _card_cell(int(record["card_k"])),
                str(best) if best >= 0 else "",
                Cell(
                    pp(record["card_minus_best"]),
                    interval(record["lo"], record["hi"], scale=100),
                ),
                VERDICT_WORDS.get(record["verdict"], ("", str(record["verdict"])))[1],
                f"{int(record['decisions']):,}",
            ]
        )
    return Table(
        ["rule", "situation", "card", "best here", "card minus best", "verdict", "decisions"],
        rows,
        "The shipped card (strategies/models/card.json, made by "
        f"{made_by(shipped_card())}) checked on this run's play-outs: per rule, its commitment "
        "against the best commitment of these decisions, win share difference (95% interval "
        "clustered by game)",
        words=True,
    )


def advice_chart(table: pd.DataFrame) -> Figure:
    """Each class's effect of committing 1..:data:`CHART_K` figures against none, with 95%
    intervals; one row per class."""
    classes = table.drop_duplicates("class")
    labels = [
        f"{int(c)}: {s}"[:40] for c, s in zip(classes["class"], classes["situation"], strict=True)
    ]
    series = {}
    for k in range(1, CHART_K + 1):
        rows = table[table["k"] == k].set_index("class").reindex(classes["class"])
        series[f"commit {k}"] = (rows["effect"], rows["lo"], rows["hi"])
    xlabel = "win share minus committing none (pp, 95% CI)"
    return _interval_chart(labels, series, 0.16 * (CHART_K + 1), xlabel)


def _interval_chart(labels: list[str], series: dict, row_height: float, xlabel: str) -> Figure:
    """Win-share differences with their 95% intervals, a row per label, in percentage points."""
    fig = Figure(figsize=(WIDTH, row_height * len(labels) + 1.2))
    ax = fig.subplots()
    grouped_intervals(ax, labels, series, reference=0.0, scale=100.0, xlabel=xlabel)
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
                interval(effect["lo"], effect["hi"], scale=100),
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
    several = "tiles" in check.columns and check["tiles"].nunique() > 1
    keys = ["field", "tiles", "policy"] if "tiles" in check.columns else ["field", "policy"]
    rows = []
    for key, part in check.groupby(keys, sort=False):
        field, policy = key[0], key[-1]
        if several:
            field = f"{field} ({key[1]} tiles)"
        part = part.set_index("players")
        cells = [
            Cell(
                pp(part.loc[p, "card_minus"] / 100),
                interval(part.loc[p, "card_minus_low"], part.loc[p, "card_minus_high"]),
            )
            if p in part.index
            else ""
            for p in counts
        ]
        rows.append([f"{field}: vs {policy}", *cells])
    return players_header(counts), rows


def agreement_chart(agreement: pd.DataFrame) -> Figure:
    """Each rule of the shipped card: its commitment's win share minus this run's best, with
    95% intervals (0: the card's commitment is the best here)."""
    labels = [
        f"{r}: commit {int(k)} ({s})"[:44]
        for r, k, s in zip(
            agreement["rule"], agreement["card_k"], agreement["situation"], strict=True
        )
    ]
    series = {"card minus best": (agreement["card_minus_best"], agreement["lo"], agreement["hi"])}
    xlabel = "win share, card's commitment minus this run's best (pp, 95% CI)"
    return _interval_chart(labels, series, 0.35, xlabel)


def section(folder: ResultFolder) -> list:
    """The advice section: the shipped card checked on the play-outs; this run's card, chart and
    table by class (when it derived one); the check of the card against the other policies."""
    blocks: list = [
        figure_block(
            folder,
            "agreement",
            agreement_chart(folder.table("agreement")),
            "the shipped card's commitment against this run's best, rule by rule",
            "Per rule of the shipped card, over this run's decisions that fall under it: the "
            "play-outs' win share with the card's commitment minus with the best commitment; "
            "95% intervals clustered by game.",
        ),
        agreement_table(folder),
        Paragraph([agreement_words(folder.table("agreement"))]),
    ]
    if folder.has("advice") and (folder.path / "card.md").is_file():
        table = folder.table("advice")
        blocks += [
            Paragraph([Strong("The advice card of this run"), " (card.md):"]),
            *card_blocks(folder),
            figure_block(
                folder,
                "effects",
                advice_chart(table),
                "win-share effect of committing 1 to 4 figures against none, by situation class",
                "Mean over the class's decisions of the play-outs' win share with k figures "
                "minus with none (capped at what the seat can pay); 95% intervals clustered "
                "by game.",
            ),
            Table(
                ["situation", "best k (effect)", "sure", "solver", "decisions"],
                _class_rows(table),
                "By situation class: the best commitment and its effect on the win share "
                "against none, how often it is best in game resamples, the solver's answer for "
                "the same contest",
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


def answer(folder: ResultFolder, first: bool) -> list:
    """The shipped card, which opens the commit answer (:func:`card_answer`; it leads its box:
    ``first`` is True)."""
    return card_answer(folder)


def beside_report() -> dict[str, str]:
    """The files written beside a report that holds its answer: the card at the table, which
    the answer links (:data:`CARD_PAGE`).

    Raises
    ------
    InputError
        If the shipped card is missing or not a card (:func:`shipped_card`).
    """
    return {
        CARD_PAGE: card_page(shipped_card(), title="The advice card"),
        PRINT_PAGE: print_page(load_card(EVERY_TABLE_PATH), title="The card for every table"),
    }


__all__ = [
    "ANSWER",
    "CARD_PAGE",
    "PRINT_PAGE",
    "ORDER",
    "PRIMARY",
    "TABLES",
    "TITLE",
    "advice_chart",
    "answer",
    "beside_report",
    "agreement_chart",
    "agreement_table",
    "agreement_words",
    "card_answer",
    "card_blocks",
    "made_by",
    "provenance_words",
    "card_rows",
    "section",
    "shipped_card",
]
