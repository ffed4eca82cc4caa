"""The card's goals, table by table: is it at least as good as the best fixed policy and close to
the best computer policy? Pure pandas, no I/O.

Input: a card check (:func:`experiments.shared.analysis_card_check.card_check`): per field,
tile set, player count and policy, the card's win rate minus the policy's in percentage points
with its 95% interval. For each table (field, tile set, player count):

- **against the best fixed policy** (the better of ``never`` and ``fixed-1`` at that table: the
  one whose win rate is higher, so the card's smaller lead): the goal is *level*, a point
  estimate of at least :data:`LEVEL` (-0.3 pp) and an interval reaching 0;
- **against the best computer policy** (the best of ``ev``, ``majority`` and ``search``): the
  goal is to be within :data:`CLOSE` (0.5 pp), point estimate;
- **against never seeking** (the checked card with ``seek=0``, the policy named ``...seek=0]``):
  reported, no goal (what the seek part adds).

Input of :func:`exploit_goals`: the exploitability check
(:func:`experiments.shared.analysis_card_check.exploit_check`): at a table where every seat
plays the card, what one seat gains by each deviation. Per table the goal is that none gains more
than :data:`EXPLOIT_LIMIT` (1 pp, point estimate).
"""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

FIXED = ("never", "fixed-1")
COMPUTER = ("ev", "majority", "search")
NO_SEEK = "seek=0]"
"""How the checked card's never-seeking name ends (``card[seek=0]``, ``card[file=X,seek=0]``)."""
LEVEL = -0.3
CLOSE = -0.5
DEVIATIONS = ["never", "fixed-1", "ev", "majority", "[herd_3_4=1]+ev"]
"""The one-seat deviations from a table of card players (the card check's ``deviations``): the
field's base with each taming policy, and with ``ev`` at the full herd weight at 3 and 4
players (``[herd_3_4=1]``; a base without that weight skips it: its ``ev`` seeks at full weight
already)."""
EXPLOIT_LIMIT = 1.0
"""The exploitability goal: no deviation gains more than this (pp, point estimate)."""
GOAL_COLUMNS = (
    "field",
    "tiles",
    "players",
    "best_fixed",
    "vs_fixed",
    "vs_fixed_low",
    "vs_fixed_high",
    "fixed_goal",
    "best_computer",
    "vs_computer",
    "vs_computer_low",
    "vs_computer_high",
    "computer_goal",
    "vs_no_seek",
    "vs_no_seek_low",
    "vs_no_seek_high",
    "games",
)


def _against(part: pd.DataFrame, policies: tuple[str, ...]) -> pd.Series | None:
    """The row of the best of ``policies`` at one table (the card's smallest lead), or None."""
    rows = part[part["policy"].isin(policies)]
    if rows.empty:
        return None
    return rows.loc[rows["card_minus"].idxmin()]


def card_goals(check: pd.DataFrame) -> pd.DataFrame:
    """Per table, the card against the best fixed and the best computer policy, and whether
    each goal is met (see the module's docstring).

    Returns
    -------
    pandas.DataFrame
        :data:`GOAL_COLUMNS`; a goal is None where its policies were not played.
    """
    rows = []
    for (field, tiles, players), part in check.groupby(["field", "tiles", "players"], sort=False):
        fixed = _against(part, FIXED)
        computer = _against(part, COMPUTER)
        no_seek = _against(part, tuple(p for p in part["policy"].unique() if p.endswith(NO_SEEK)))
        row = {"field": field, "tiles": tiles, "players": int(players)}
        for key, best in (("fixed", fixed), ("computer", computer), ("no_seek", no_seek)):
            if key != "no_seek":
                row[f"best_{key}"] = None if best is None else best["policy"]
            for suffix, column in (("", "card_minus"), ("_low", "card_minus_low")):
                row[f"vs_{key}{suffix}"] = None if best is None else float(best[column])
            row[f"vs_{key}_high"] = None if best is None else float(best["card_minus_high"])
        row["fixed_goal"] = (
            None if fixed is None
            else bool(fixed["card_minus"] >= LEVEL and fixed["card_minus_high"] >= 0)
        )  # fmt: skip
        row["computer_goal"] = None if computer is None else bool(computer["card_minus"] >= CLOSE)
        row["games"] = int(part["games"].min())
        rows.append(row)
    return pd.DataFrame(rows, columns=list(GOAL_COLUMNS))


def exploit_goals(exploit: pd.DataFrame) -> pd.DataFrame:
    """Per table (field, tile set, player count): the deviation that gains most at a table of
    card players, its gain with its interval, and whether the card holds (the gain at most
    :data:`EXPLOIT_LIMIT`)."""
    rows = []
    for (field, tiles, players), part in exploit.groupby(["field", "tiles", "players"], sort=False):
        best = part.loc[part["gain"].idxmax()]
        rows.append(
            {
                "field": field,
                "tiles": tiles,
                "players": int(players),
                "best_deviation": best["deviation"],
                "gain": float(best["gain"]),
                "gain_low": float(best["gain_low"]),
                "gain_high": float(best["gain_high"]),
                "holds": bool(best["gain"] <= EXPLOIT_LIMIT),
                "games": int(part["games"].min()),
            }
        )
    return pd.DataFrame(rows)


@dataclass(frozen=True)
class CheckTables:
    """What a card check hands its report (:func:`check_tables`).

    Attributes
    ----------
    check : pandas.DataFrame
        The card against each policy (:func:`experiments.shared.analysis_card_check.card_check`).
    goals : pandas.DataFrame
        Its goals per table (:func:`card_goals`).
    gated : dict or None
        With ``gate``: the checked card with its parts gated
        (:func:`experiments.card.card_check.analysis_gate.gate_seek`, ``gate_commit``).
    exploit : pandas.DataFrame or None
        With ``exploit``: each deviation's gain at a table of card players
        (:func:`experiments.shared.analysis_card_check.exploit_check`).
    exploit_goals : pandas.DataFrame or None
        With ``exploit``: whether the card holds, per table (:func:`exploit_goals`).
    """

    check: pd.DataFrame
    goals: pd.DataFrame
    gated: dict | None = None
    exploit: pd.DataFrame | None = None
    exploit_goals: pd.DataFrame | None = None


def check_tables(
    check: pd.DataFrame, gated: dict | None = None, exploit: pd.DataFrame | None = None
) -> CheckTables:
    """A card check's tables: the check, its goals and, with ``exploit``, whether the card holds
    at a table of card players."""
    held = None if exploit is None else exploit_goals(exploit)
    return CheckTables(check, card_goals(check), gated, exploit, held)


__all__ = [
    "CLOSE",
    "CheckTables",
    "COMPUTER",
    "DEVIATIONS",
    "EXPLOIT_LIMIT",
    "FIXED",
    "LEVEL",
    "NO_SEEK",
    "card_goals",
    "check_tables",
    "exploit_goals",
]
