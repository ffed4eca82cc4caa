"""The whole-game gates of a card (``mammoth check-card --gate``): which parts of it earn their
place over whole games.

A card that seeks in every round its rules say so is played over whole games against the same
card never seeking, in every field (:func:`gate_seek`); at a player count where seeking loses
measurably in some field, or gains measurably in none, the card stays away from the herd at that
player count: a part of the card earns its place by a measurable gain and no measurable loss.
Its commitment rules are judged the same way, against the same card always committing its
default (:func:`gate_commit`). The seek part gated is the advice's
(:func:`experiments.advice.analysis_seeking.derive_seek`); the whole games are the card check's.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from experiments.library.situation_tree import Condition

__all__ = ["arm_effects", "gate_commit", "gate_seek"]


def arm_effects(check: pd.DataFrame, arm: str) -> pd.DataFrame:
    """The card minus another arm (the same card never seeking, or always committing its
    default), per player count, field and tile set, from a card check
    (:func:`experiments.shared.analysis_card_check.card_check`): what that part of the card
    adds over whole games, in percentage points with its 95% interval."""
    rows = check[check["policy"] == arm]
    columns = ["players", "field", "tiles", "card_minus", "card_minus_low", "card_minus_high"]
    return rows[columns].sort_values(["players", "field", "tiles"]).reset_index(drop=True)


def gate_seek(seek: dict, check: pd.DataFrame, seek_off: str) -> dict:
    """The seek part with its whole-game gate: at a player count where seeking as the card says
    loses measurably over whole games in some field or tile set of the check (the card minus
    the same card never seeking: the interval wholly below 0), or gains measurably in none of
    them (no interval wholly above 0), the card stays away from the herd at that player count,
    whatever its other rules say.

    The play-outs judge one decision at a time, the rest of the game played by a seat that
    seeks; a card that seeks in every round it says so can lose over whole games what each
    decision gained. The gate is that test, on whole games.

    Parameters
    ----------
    seek : dict
        The card's seek part (:func:`derive_seek`).
    check : pandas.DataFrame
        A card check of the card with this seek part, against ``seek_off`` among its policies.
    seek_off : str
        The name of the same card never seeking (``card[file=PATH,seek=0]``).

    Returns
    -------
    dict
        The seek part: a first rule per run of consecutive gated player counts (``"gate"``: per
        player count, field and tile set there, the whole-game effect, pp, with its interval),
        the rules that could only fit at gated player counts left out, ``"gated"``: the player
        counts gated.
    """
    gated, rules = _gate_rules(arm_effects(check, seek_off), "seek", False)
    alive = [rule for rule in seek["rules"] if not _within_players(rule, gated)]
    return {**seek, "rules": rules + alive, "gated": gated}


def _gate_rules(effects: pd.DataFrame, answer: str, value) -> tuple[list[int], list[dict]]:
    """The player counts where a part of the card does not earn its place over whole games (it
    loses measurably to its other arm in some field or tile set, or gains measurably in none),
    and a rule per run of them answering ``{answer: value}`` (with the gate's figures)."""
    gated = [
        int(players)
        for players, part in effects.groupby("players", sort=True)
        if (part["card_minus_high"] < 0).any() or not (part["card_minus_low"] > 0).any()
    ]
    rules = []
    for run in _runs(gated):
        condition = Condition("players", run[0] - 0.5, run[-1] + 0.5)
        rules.append(
            {
                "when": [{"feature": "players", "lo": condition.lo, "hi": condition.hi}],
                answer: value,
                "gate": _gate_figures(effects[effects["players"].isin(run)]),
            }
        )
    return gated, rules


def _runs(counts: list[int]) -> list[list[int]]:
    """Consecutive player counts grouped: [3, 4] -> [[3, 4]]; [2, 4] -> [[2], [4]]."""
    runs: list[list[int]] = []
    for n in counts:
        if runs and runs[-1][-1] == n - 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return runs


def _within_players(rule: dict, counts: list[int]) -> bool:
    """Whether a rule can only fit at the player counts ``counts`` (its players condition)."""
    for cond in rule["when"]:
        if cond["feature"] == "players":
            lo = -np.inf if cond.get("lo") is None else cond["lo"]
            hi = np.inf if cond.get("hi") is None else cond["hi"]
            return all(n in counts for n in (2, 3, 4) if lo <= n < hi)
    return False


def gate_commit(card: dict, check: pd.DataFrame, commit_off: str) -> dict:
    """The card with its commitment rules gated over whole games: at a player count where the
    card loses measurably against the same card always committing its default (``commit_off``,
    ``card[file=PATH,commit_rules=0]``) in some field or tile set of the check, or gains
    measurably in none of them, the card commits its default at that player count (a first
    rule, ``"gate"`` as in :func:`gate_seek`; the rules that could only fit there left out).

    Returns
    -------
    dict
        The card, its ``rules`` gated, ``"commit_gated"``: the player counts gated.
    """
    gated, rules = _gate_rules(arm_effects(check, commit_off), "commit", int(card["default"]))
    alive = [rule for rule in card["rules"] if not _within_players(rule, gated)]
    return {**card, "rules": rules + alive, "commit_gated": gated}


def _gate_figures(part: pd.DataFrame) -> list[dict]:
    """A gate rule's figures: per player count, field and tile set, the card minus its other
    arm (pp, with the interval; a card file keys them by the table in words:
    :func:`experiments.shared.report_card_words.gate_figures`)."""
    return [
        {
            "players": r.players,
            "field": r.field,
            "tiles": r.tiles,
            "effect": round(float(r.card_minus), 2) + 0.0,  # + 0.0: no "-0.0" on the card
            "lo": round(float(r.card_minus_low), 2) + 0.0,
            "hi": round(float(r.card_minus_high), 2) + 0.0,
        }
        for r in part.itertuples()
    ]
