"""The rule of thumb in words: the one place its sentences are written.

:func:`experiments.commit.analysis_thumb.rule_of_thumb` returns data (a case, a verdict, a count, an
effect and its interval per row); here each row becomes its sentences: :func:`situation_text`,
:func:`thumb_text` and :func:`evidence_text` (the columns ``situation``, ``rule`` and
``evidence`` of ``rule_of_thumb.csv``, through :func:`with_words`), and the report's short forms
:func:`short_rule` and :func:`solver_rule`. The words live in the templates below
(:data:`SITUATIONS`, :data:`FIXED_RULES`, :data:`VERDICTS`...); nothing reads a sentence back:
the report, the command's summary and any other reader choose rows by their columns.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

import pandas as pd

from experiments.commit.analysis import (
    COMMIT,
    COSTS_WINS,
    DO_NOT_COMMIT,
    FIXED_COUNT,
    HERD_AREA,
    NO_COUNT,
    NO_DIFFERENCE,
    SOLVER_EQUILIBRIUM,
    SOLVER_LAST,
    TOO_FEW,
    VALUE_POLICY,
    WORTH_IT,
)
from experiments.commit.analysis_thumb import fixed_counts
from experiments.shared.analysis_sweep import NOSEEK
from experiments.shared.numbers import interval, pp

TOO_FEW_TEXT = "too few games for an interval (it needs at least 2 games per arm)"

VERDICTS = {
    WORTH_IT: "worth it",
    COSTS_WINS: "costs wins",
    NO_DIFFERENCE: "no measurable difference",
    TOO_FEW: TOO_FEW_TEXT,
}
"""A policy's verdict in words."""

FIXED_RULES = {
    COMMIT: "commit {k} when your people are on the herd's area",
    DO_NOT_COMMIT: "do not commit: every fixed count measurably loses to never committing",
    NO_COUNT: "no fixed count measurably beats never committing",
    TOO_FEW: TOO_FEW_TEXT,
}
"""The fixed count's verdict in words (``{k}``: the count)."""

MORE_DO_NOT_HELP = " (more figures do not measurably help)"
SEEKING = "; seeking the herd there (ev): {verdict}"

SITUATIONS = {
    FIXED_COUNT: "on the herd's area anyway (fixed count vs never)",
    "ev": "seek the herd and commit by expected value (ev)",
    "majority": "seek the herd, value tiles by the majority chance",
    NOSEEK: "ev commitment without seeking the herd",
    HERD_AREA: "herd always on {area} (controlled tile set)",
    SOLVER_LAST: "last to decide, each other seat committed {others_commit} (solver, reference "
    "prize)",
    SOLVER_EQUILIBRIUM: "everyone on the area with the same figures, in seat order (solver, "
    "sequential equilibrium)",
}
"""Each case's situation (a value-based policy's by its name)."""

SHORT = {
    COMMIT: "commit {k}",
    DO_NOT_COMMIT: "do not commit",
    NO_COUNT: "no count beats never committing",
    TOO_FEW: TOO_FEW_TEXT,
}
"""The fixed count's verdict for a sentence of the report."""
BRIEF = {**SHORT, NO_COUNT: "none"}
"""The same for a table cell."""
BRIEF_VERDICTS = {**VERDICTS, NO_DIFFERENCE: "no difference"}


def _given(value) -> bool:
    return not (value is None or (not isinstance(value, str) and pd.isna(value)) or value == "")


def _flag(value) -> bool:
    return _given(value) and str(value) == "True"


def _pairs(row: Mapping) -> list:
    """A solver row's ``commitments`` (JSON); a cell nested too deep is a ValueError too."""
    try:
        return json.loads(row["commitments"])
    except RecursionError:
        raise ValueError("commitments nested too deep") from None


def _k(row: Mapping) -> int:
    return int(row["k"])


def situation_text(row: Mapping) -> str:
    """The situation a rule-of-thumb row is about, in words."""
    case = row["case"]
    if case == VALUE_POLICY:
        return SITUATIONS[row["policy"]]
    return SITUATIONS[case].format(area=row["area"], others_commit=_int_text(row["others_commit"]))


def _int_text(value) -> str:
    return str(int(value)) if _given(value) else ""


def _fixed_text(row: Mapping) -> str:
    verdict = row["verdict"]
    text = FIXED_RULES[verdict].format(k=_k(row) if verdict == COMMIT else "")
    if verdict == COMMIT and _flag(row["more_do_not_help"]):
        text += MORE_DO_NOT_HELP
    return text


def thumb_text(row: Mapping) -> str:
    """What a rule-of-thumb row advises, in words."""
    case = row["case"]
    if case == VALUE_POLICY:
        return VERDICTS[row["verdict"]]
    if case in (FIXED_COUNT, HERD_AREA):
        text = _fixed_text(row)
        if _given(row["seek_verdict"]):
            text += SEEKING.format(verdict=VERDICTS[row["seek_verdict"]])
        return text
    pairs = _pairs(row)
    if case == SOLVER_LAST:
        return "commit (figures available -> figures): " + ", ".join(f"{f}->{c}" for f, c in pairs)
    return "; ".join(f"{f} each: ({', '.join(str(c) for c in seats)})" for f, seats in pairs)


def _effect(row) -> str:
    return f"{pp(row.dwin)} win {interval(row.dwin_low, row.dwin_high, scale=100, signs=True)}"


def _fixed_effects(part: pd.DataFrame) -> str:
    fixed = fixed_counts(part).sort_index()  # in the sweep's order
    text = "; ".join(f"{r.policy} {_effect(r)}" for r in fixed.itertuples())
    if "contests" in fixed:
        text += f"; {fixed['contests'].mean():.2f} contests entered per game"
    return text


def prize_text(prize: Mapping) -> str:
    """A prize of the solver's grid in words."""
    return (
        f"'1.' {prize['first_bonus']:g}, 'all' {prize['all_bonus']:g}, tile "
        f"{prize['tile_value']:g}, food {prize['food_value']:g} points"
    )


def evidence_text(row: Mapping, sweep: pd.DataFrame, reference: Mapping) -> str:
    """The numbers behind a rule-of-thumb row, in words.

    Parameters
    ----------
    row : mapping
        A row of :func:`~experiments.commit.analysis_thumb.rule_of_thumb`.
    sweep : pandas.DataFrame
        The sweep's table per policy (``sweep.csv``), in its order.
    reference : mapping
        The reference prize of the solver rows.
    """
    case = row["case"]
    if case in (SOLVER_LAST, SOLVER_EQUILIBRIUM):
        return "exact odds; prize: " + prize_text(reference)
    part = sweep[(sweep["players"] == row["players"]) & (sweep["condition"] == row["condition"])]
    if case == VALUE_POLICY:
        r = next(part[part["policy"] == row["policy"]].itertuples())
        return f"{_effect(r)}; {r.contests:.1f} contests, {r.tiles:.1f} tiles per game"
    text = _fixed_effects(part)
    seek = part[part["policy"] == "ev"]
    if case == HERD_AREA and not seek.empty:
        text += f"; ev {_effect(next(seek.itertuples()))}"
    return text


def with_words(thumb: pd.DataFrame, sweep: pd.DataFrame, reference: Mapping) -> pd.DataFrame:
    """The rule of thumb with its words: ``players, situation, rule, evidence``, then its data.

    This is what ``rule_of_thumb.csv`` holds: the sentences for people, the columns for programs.
    """
    rows = thumb.to_dict("records")
    words = pd.DataFrame(
        {
            "situation": [situation_text(r) for r in rows],
            "rule": [thumb_text(r) for r in rows],
            "evidence": [evidence_text(r, sweep, reference) for r in rows],
        },
        index=thumb.index,
    )
    return pd.concat([thumb[["players"]], words, thumb.drop(columns="players")], axis=1)


def short_rule(row: Mapping, brief: bool = False) -> str:
    """A fixed-count row's rule, short enough for a sentence (or, ``brief``, a table cell)."""
    verdict = row["verdict"]
    words = BRIEF if brief else SHORT
    text = words[verdict].format(k=_k(row) if verdict == COMMIT else "")
    if verdict == COMMIT and _flag(row["more_do_not_help"]) and not brief:
        text += "; more do not measurably help"
    seek = row.get("seek_verdict")
    if _given(seek):
        if brief:
            return f"{text}; seek: {BRIEF_VERDICTS[seek]}"
        return f"{text}; seeking it: {VERDICTS[seek]}"
    return text


def verdict_text(row: Mapping) -> str:
    """A value-based policy's verdict in words."""
    return VERDICTS[row["verdict"]]


def solver_rule(row: Mapping) -> str:
    """A solver row's ``[figures available, commitment]`` pairs in words.

    One commitment for every figure count reads "commit 1 with 1 to 5 figures available";
    otherwise each pair is named.
    """
    pairs = _pairs(row)
    if not pairs:
        return ""
    commits = {c for _, c in pairs}
    if len(commits) == 1:
        return f"commit {pairs[0][1]} with {pairs[0][0]} to {pairs[-1][0]} figures available"
    return "commit " + ", ".join(f"{c} with {f}" for f, c in pairs) + " figures available"


__all__ = [
    "thumb_text",
    "evidence_text",
    "prize_text",
    "short_rule",
    "situation_text",
    "solver_rule",
    "verdict_text",
    "with_words",
]
