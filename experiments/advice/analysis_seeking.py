"""Whether to seek the herd: the card's seek part, from placement decisions of several fields.

Input: the placement decisions of advice runs (``kind == "place"`` rows of
:func:`strategies.play.advise_games` with ``placements``; a ``field`` column names the field each
came from). At each, the seat's round was played out twice on common random numbers: staying away
from the herd (``win_0``) and seeking it with its taming policy's estimate (``win_1``). A
decision's *effect* is ``win_1 - win_0``: the win share seeking adds. Pure pandas and numpy, no
I/O.

**Classes** are the cells of a fixed, readable grid (:data:`SEEK_GRID`): the player count, the
worth of the better bonus to the seat, and whether another seat is already on the herd's area.
A grid, not a tree grown from the data: the cells are the same in every field, so each cell can
be judged in each field.

**The worst case across fields decides** (:func:`seek_table`): in each cell and field the
effect's mean and 95% interval, clustered by game. An answer *loses measurably* in a field when
its interval lies wholly on the losing side (seeking: the interval below 0; staying away: above
0). A cell's answer is the sign of the fields' mean effect (every field weighing the same);
it stands only if it loses measurably in no field. If it does and the other answer does not,
the other answer is taken; if both lose measurably somewhere (the fields disagree), the answer
whose worst field loses least. A cell with fewer than :data:`MIN_GAMES` games in some field
has no answer of its own (a rule's box may cover it; else it takes the part's default).

**The whole-game gates** of a card's seek part and commitment rules (``mammoth check-card
--gate``) are the card check's (:mod:`experiments.card.card_check.analysis_gate`).

**The seek part** (:func:`derive_seek`): the answer of the most decisions becomes the default;
the cells answering otherwise are covered by a few boxes of the grid, each a rule (at 3-4
players with someone on the herd's area already, do not seek). Its words are the report's
(:mod:`experiments.shared.report_card_words`).
"""

from __future__ import annotations

import itertools
import json

import numpy as np
import pandas as pd

from experiments.advice.analysis import MIN_CLUSTERS, Z95, Condition, class_labels
from strategies.taming_card import SEEK_FEATURES

SEEK_GRID: dict[str, tuple[float, ...]] = {
    "players": (2.5, 3.5),
    "prize": (6.0, 12.0),
    "rivals": (0.5,),
}
"""The cells' thresholds per feature (a cell is ``lo <= feature < hi``)."""
MIN_GAMES = MIN_CLUSTERS
"""Fewest games of a cell in every field for the cell to answer on its own."""
TOO_FEW = "too_few"
"""Why a cell has no answer: too few games in some field."""
MEAN = "mean"
"""Why a cell answers as it does: the fields' mean effect."""
SEEKING_LOSES = "seeking_loses"
"""Why a cell stays away although the mean gains: seeking loses measurably in some field."""
STAYING_LOSES = "staying_loses"
"""Why a cell seeks although the mean loses: staying away loses measurably in some field."""
FIELDS_DISAGREE = "fields_disagree"
"""Why: both answers lose measurably in some field; the answer whose worst field loses least."""
WHY = (TOO_FEW, MEAN, SEEKING_LOSES, STAYING_LOSES, FIELDS_DISAGREE)
TABLE_COLUMNS = (
    "cell",
    "when",
    "field",
    "decisions",
    "games",
    "effect",
    "lo",
    "hi",
)


def place_decisions(decisions: pd.DataFrame) -> pd.DataFrame:
    """The placement decisions of a decision table, in a fixed order (no dependence on row order
    or chunking)."""
    frame = decisions
    if "kind" in frame.columns:
        frame = frame[frame["kind"] == "place"]
    keys = [c for c in ("field", "players", "game", "seat", "round") if c in frame.columns]
    return frame.sort_values(keys, kind="mergesort").reset_index(drop=True)


def cells() -> list[list[Condition]]:
    """The grid's cells, each a list of conditions (players first)."""
    axes = []
    for feature, cuts in SEEK_GRID.items():
        edges = [None, *cuts, None]
        axes.append([Condition(feature, lo, hi) for lo, hi in itertools.pairwise(edges)])
    return [list(combo) for combo in itertools.product(*axes)]


def cell_labels(decisions: pd.DataFrame, grid: list[list[Condition]]) -> np.ndarray:
    """Each decision's cell index in ``grid`` (-1: none)."""
    return class_labels(decisions, grid, SEEK_FEATURES)


def _clustered(effect: np.ndarray, games: np.ndarray) -> tuple[float, float, int]:
    """Mean, clustered standard error and number of games of some decisions' effects."""
    n = effect.shape[0]
    if n == 0:
        return float("nan"), float("inf"), 0
    uniq, inv = np.unique(games, return_inverse=True)
    sums = np.bincount(inv, weights=effect, minlength=uniq.shape[0])
    counts = np.bincount(inv, minlength=uniq.shape[0]).astype(np.float64)
    mean = float(sums.sum() / n)
    g = uniq.shape[0]
    if g < 2:
        return mean, float("inf"), g
    var = g / (g - 1) * float(((sums - counts * mean) ** 2).sum()) / n**2
    return mean, float(np.sqrt(var)), g


def seek_table(decisions: pd.DataFrame) -> pd.DataFrame:
    """Per cell and field: decisions, games, the mean effect of seeking with its 95% interval.

    Parameters
    ----------
    decisions : pandas.DataFrame
        Advice decisions (placement rows are used) with a ``field`` column (one field if absent).

    Returns
    -------
    pandas.DataFrame
        :data:`TABLE_COLUMNS`, effects as win-share fractions; cells in grid order, fields in
        name order (a cell's ``when`` in words:
        :func:`experiments.advice.report_words.with_situations`).
    """
    places = place_decisions(decisions)
    fields = sorted(places["field"].unique()) if "field" in places.columns else ["all"]
    field_of = places["field"].to_numpy() if "field" in places.columns else None
    grid = cells()
    label = cell_labels(places, grid)
    effect = (places["win_1"] - places["win_0"]).to_numpy(dtype=np.float64)
    games = places["game"].to_numpy() * 8 + places["players"].to_numpy()
    rows = []
    for i, conds in enumerate(grid):
        when = json.dumps([{"feature": c.feature, "lo": c.lo, "hi": c.hi} for c in conds])
        for name in fields:
            mask = label == i
            if field_of is not None:
                mask &= field_of == name
            mean, se, g = _clustered(effect[mask], games[mask])
            rows.append(
                {
                    "cell": i,
                    "when": when,
                    "field": name,
                    "decisions": int(mask.sum()),
                    "games": g,
                    "effect": mean,
                    "lo": mean - Z95 * se,
                    "hi": mean + Z95 * se,
                }
            )
    return pd.DataFrame(rows, columns=list(TABLE_COLUMNS))


def cell_answers(table: pd.DataFrame) -> pd.DataFrame:
    """Each cell's answer by the worst case across fields (see the module's docstring).

    Returns
    -------
    pandas.DataFrame
        One row per cell: ``cell, when, decisions, effect`` (the fields' mean), ``worst`` (the
        lowest field effect), ``best`` (the highest), ``seek`` (True, False, or None: too few
        games in some field), ``why`` (one of :data:`WHY`).
    """
    out = []
    for cell, part in table.groupby("cell", sort=True):
        effect = float(part["effect"].mean())
        few = bool((part["games"] < MIN_GAMES).any())
        seek_loses = bool((part["hi"] < 0).any())  # some field loses measurably by seeking
        stay_loses = bool((part["lo"] > 0).any())  # ... by staying away
        if few:
            seek, why = None, TOO_FEW
        else:
            seek = bool(effect > 0)
            why = MEAN
            if seek and seek_loses and not stay_loses:
                seek, why = False, SEEKING_LOSES
            elif not seek and stay_loses and not seek_loses:
                seek, why = True, STAYING_LOSES
            elif seek_loses and stay_loses:
                seek = bool(float(part["effect"].min()) > -float(part["effect"].max()))
                why = FIELDS_DISAGREE
        out.append(
            {
                "cell": int(cell),
                "when": part["when"].iloc[0],
                "decisions": int(part["decisions"].sum()),
                "effect": effect,
                "worst": float(part["effect"].min()),
                "best": float(part["effect"].max()),
                "seek": seek,
                "why": why,
            }
        )
    return pd.DataFrame(out)


def derive_seek(table: pd.DataFrame) -> dict:
    """The card's seek part from a :func:`seek_table`.

    The default is the answer of the most decisions. The cells answering otherwise are covered
    by as few boxes of the grid as a greedy cover finds (each box a range of cells along every
    feature that holds no cell answering the default; cells without an answer may fall inside
    one, and then take its answer): the box covering the most cells not yet covered first (ties:
    the larger box, then grid order). Each box is a rule.

    Returns
    -------
    dict
        ``{"rules": [...], "default": bool, "otherwise": {...}}`` (docs/card_format.md): each
        rule ``{"when", "seek", "effect", "lo", "hi", "worst", "decisions"}`` (the effect of
        seeking in its cells, the fields' mean, with its 95% interval, and the lowest field's
        effect); ``otherwise`` the same figures for the cells the default answers. A card file
        holds each rule's ``text`` too
        (:func:`experiments.shared.report_card_words.worded_card`).
    """
    answers = cell_answers(table)
    known = answers[answers["seek"].notna()]
    if known.empty:
        return {"rules": [], "default": False}
    weight = known.groupby(known["seek"].astype(bool))["decisions"].sum()
    default = bool(weight.idxmax())
    said = {int(c): s for c, s in zip(answers["cell"], answers["seek"], strict=True)}
    shape = [len(cuts) + 1 for cuts in SEEK_GRID.values()]
    index = {int(c): np.unravel_index(int(c), shape) for c in answers["cell"]}
    todo = {c for c, s in said.items() if s is not None and bool(s) != default}
    boxes = []
    for ranges in itertools.product(
        *[[(a, b) for a in range(n) for b in range(a, n)] for n in shape]
    ):
        inside = [
            c
            for c, ix in index.items()
            if all(a <= i <= b for i, (a, b) in zip(ix, ranges, strict=True))
        ]
        if any(said[c] is not None and bool(said[c]) == default for c in inside):
            continue
        boxes.append((ranges, inside))
    rules = []
    while todo:
        ranges, inside = max(
            boxes,
            key=lambda box: (len(todo.intersection(box[1])), len(box[1]), [-r[0] for r in box[0]]),
        )
        todo -= set(inside)
        when = []
        for (feature, cuts), (a, b) in zip(SEEK_GRID.items(), ranges, strict=True):
            edges = [None, *cuts, None]
            if edges[a] is not None or edges[b + 1] is not None:
                when.append({"feature": feature, "lo": edges[a], "hi": edges[b + 1]})
        rules.append(_rule(when, not default, table, inside))
    covered = {c for rule in rules for c in rule.pop("cells")}
    rest = [c for c in said if c not in covered]
    otherwise = _rule([], default, table, rest)
    otherwise.pop("cells")
    return {"rules": rules, "default": default, "otherwise": otherwise}


def _rule(when: list[dict], seek: bool, table: pd.DataFrame, cells_in: list[int]) -> dict:
    """A seek rule with the figures of its cells: the effect of seeking (the fields' mean of each
    field's decision-weighted mean over the cells), its 95% interval (the cells taken as
    independent), the lowest field effect, and the decisions."""
    part = table[table["cell"].isin(cells_in) & (table["decisions"] > 0)]
    effects, variances = [], []
    for _, rows in part.groupby("field", sort=True):
        n = rows["decisions"].to_numpy(dtype=np.float64)
        se = ((rows["hi"] - rows["lo"]) / (2 * Z95)).to_numpy()
        se = np.where(np.isfinite(se), se, 0.0)
        effects.append(float((n * rows["effect"].to_numpy()).sum() / n.sum()))
        variances.append(float(((n / n.sum()) ** 2 * se**2).sum()))
    mean = float(np.mean(effects)) if effects else float("nan")
    half = Z95 * float(np.sqrt(np.sum(variances))) / max(len(effects), 1)
    return {
        "when": when,
        "seek": bool(seek),
        "effect": mean,
        "lo": mean - half,
        "hi": mean + half,
        "worst": float(min(effects)) if effects else float("nan"),
        "decisions": int(part["decisions"].sum()),
        "cells": list(cells_in),
    }


__all__ = [
    "MIN_GAMES",
    "SEEK_GRID",
    "cell_answers",
    "cell_labels",
    "cells",
    "derive_seek",
    "place_decisions",
    "seek_table",
]
