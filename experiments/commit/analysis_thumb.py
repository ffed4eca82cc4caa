"""The rule of thumb, as data: per player count, what to commit when on the herd's area, what
the value-based policies are worth, the count per herd area and the solver's answers (part (c)
of :mod:`experiments.commit.analysis`; its words are :mod:`experiments.commit.report_thumb`'s).
"""

from __future__ import annotations

import json

import numpy as np
import pandas as pd

from experiments.commit.analysis import (
    COMMIT,
    COSTS_WINS,
    DO_NOT_COMMIT,
    FIXED_COUNT,
    HERD_AREA,
    HERD_AREAS,
    MIXED,
    NO_COUNT,
    NO_DIFFERENCE,
    REFERENCE_PRIZE,
    SOLVER_EQUILIBRIUM,
    SOLVER_LAST,
    THUMB_COLUMNS,
    TOO_FEW,
    VALUE_POLICIES,
    VALUE_POLICY,
    WORTH_IT,
)


def _verdict(row) -> str:
    if pd.isna(row["dwin_low"]) or pd.isna(row["dwin_high"]):
        return TOO_FEW
    if row["dwin_low"] > 0:
        return WORTH_IT
    if row["dwin_high"] < 0:
        return COSTS_WINS
    return NO_DIFFERENCE


def _effect(row) -> dict:
    return {name: float(row[name]) for name in ("dwin", "dwin_low", "dwin_high")}


def fixed_counts(part: pd.DataFrame) -> pd.DataFrame:
    """The ``fixed-K`` rows (K >= 1) of a sweep table, with their count ``k``, by ``k``."""
    fixed = part[part["policy"].str.match(r"^fixed-[1-9]\d*$")]
    return fixed.assign(k=fixed["policy"].str.split("-").str[1].astype(int)).sort_values("k")


def _fixed_verdict(fixed: pd.DataFrame) -> dict:
    """The verdict from the fixed-K rows (K >= 1) of one player count and condition.

    The smallest K whose interval reaches the best K's estimate is advised (more figures cost
    more food for nothing measurable), if its interval lies above 0.
    """
    if fixed[["dwin", "dwin_low", "dwin_high"]].isna().to_numpy().any():
        return {"verdict": TOO_FEW}
    best = fixed.loc[fixed["dwin"].idxmax()]
    enough = fixed[fixed["dwin_high"] >= best["dwin"]].iloc[0]
    if (fixed["dwin_high"] < 0).all():
        return {"verdict": DO_NOT_COMMIT}
    if enough["dwin_low"] > 0:
        more = bool(enough["k"] != fixed["k"].max())
        return {
            "verdict": COMMIT,
            "k": int(enough["k"]),
            "more_do_not_help": more,
            **_effect(enough),
        }
    if best["dwin_low"] > 0:
        return {"verdict": COMMIT, "k": int(best["k"]), "more_do_not_help": False, **_effect(best)}
    return {"verdict": NO_COUNT}


def rule_of_thumb(
    by_policy: pd.DataFrame,
    best_responses: pd.DataFrame | None = None,
    equilibria: pd.DataFrame | None = None,
    reference: dict | None = None,
) -> pd.DataFrame:
    """The rule of thumb, as data: one row per player count and case, derived from the numbers.

    Per player count: the fixed commitment to make when on the herd's area anyway
    (:data:`FIXED_COUNT`), the value-based policies (:data:`VALUE_POLICY`), and the fixed count
    per herd area (:data:`HERD_AREA`, controlled tile sets). From the solver (when given), at the
    reference prize: what to commit when you are the last to decide (:data:`SOLVER_LAST`) and the
    sequential equilibrium (:data:`SOLVER_EQUILIBRIUM`). The words are written from these columns
    by :mod:`experiments.commit.report_thumb`; nothing reads them back.

    Returns
    -------
    pandas.DataFrame
        Columns :data:`THUMB_COLUMNS`: ``players``; ``case`` (one of :data:`CASES`);
        ``condition`` (the sweep's condition) and ``area`` (the herd's area of a controlled tile
        set); ``policy`` (of a :data:`VALUE_POLICY` row); ``verdict`` (one of :data:`VERDICTS`),
        with ``k`` (the count to commit), ``more_do_not_help`` (a larger fixed count was played
        and does not measurably help) and ``dwin``, ``dwin_low``, ``dwin_high`` (the effect of
        the advised count or of the policy on the win rate, a fraction, 95% interval);
        ``seek_verdict`` (of ``ev`` on that herd area); ``others_commit`` and ``commitments``
        (solver rows: JSON pairs ``[figures available, commitment]``, the commitment being one
        number for the last seat and one per seat, in seat order, for the equilibrium). Empty
        where a column does not apply.
    """
    reference = reference or REFERENCE_PRIZE
    rows = []
    for p in sorted(by_policy["players"].unique()):
        here = by_policy[by_policy["players"] == p]
        mixed = here[here["condition"] == MIXED]
        fixed = fixed_counts(mixed)
        if not fixed.empty:
            rows.append(
                {"players": p, "case": FIXED_COUNT, "condition": MIXED, **_fixed_verdict(fixed)}
            )
        for policy in VALUE_POLICIES:
            row = mixed[mixed["policy"] == policy]
            if row.empty:
                continue
            row = row.iloc[0]
            rows.append(
                {
                    "players": p,
                    "case": VALUE_POLICY,
                    "condition": MIXED,
                    "policy": policy,
                    "verdict": _verdict(row),
                    **_effect(row),
                }
            )
        for area in HERD_AREAS:
            condition = f"herd on {area}"
            fixed = fixed_counts(here[here["condition"] == condition])
            if fixed.empty:
                continue
            row = {"players": p, "case": HERD_AREA, "condition": condition, "area": area}
            row.update(_fixed_verdict(fixed))
            seek = here[(here["condition"] == condition) & (here["policy"] == "ev")]
            if not seek.empty:
                row["seek_verdict"] = _verdict(seek.iloc[0])
            rows.append(row)
        if best_responses is not None:
            ref = best_responses[best_responses["players"] == p]
            for name, value in reference.items():
                ref = ref[np.isclose(ref[name], value)]
            for k in sorted(ref["others_commit"].unique()):
                cells = ref[ref["others_commit"] == k].sort_values("figures")
                if cells.empty:
                    continue
                pairs = [[int(r.figures), int(r.best_commitment)] for r in cells.itertuples()]
                rows.append(
                    {
                        "players": p,
                        "case": SOLVER_LAST,
                        "others_commit": int(k),
                        "commitments": json.dumps(pairs),
                    }
                )
        if equilibria is not None:
            eq = equilibria[equilibria["players"] == p]
            for name, value in reference.items():
                eq = eq[np.isclose(eq[name], value)]
            pairs = [
                [int(f), [int(c) for c in eq[eq["figures"] == f].sort_values("seat")["commitment"]]]
                for f in sorted(eq["figures"].unique())
            ]
            if pairs:
                rows.append(
                    {"players": p, "case": SOLVER_EQUILIBRIUM, "commitments": json.dumps(pairs)}
                )
    thumb = pd.DataFrame(rows, columns=list(THUMB_COLUMNS))
    for name in ("players", "k", "others_commit"):
        thumb[name] = thumb[name].astype("Int64")
    thumb["more_do_not_help"] = thumb["more_do_not_help"].astype("boolean")
    for name in ("dwin", "dwin_low", "dwin_high"):
        thumb[name] = thumb[name].astype(float)
    for name in ("case", "condition", "area", "policy", "verdict", "seek_verdict", "commitments"):
        column = thumb[name].astype(object)
        thumb[name] = column.where(column.notna(), "").astype(str)
    return thumb
