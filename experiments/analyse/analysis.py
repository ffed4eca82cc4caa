"""The tables of a position's analysis: each option's win share and margin, the best option's
lead, and the rule that stops the play-outs early.

A chunk of play-outs (:func:`chunk_stats`) keeps sums, so chunks merge by adding them key by
key: per option the play-outs, the win shares and margins and their squares, and per pair of
options the sums of the play-out by play-out differences and their squares (the options meet
the same dice and re-deal in each play-out, so the paired difference is the precise one).

Intervals are 95%: a win share's is Wilson's score interval (a share is 0, 1, or a tie's
fraction), a margin's and a lead's the normal one of the mean of the (paired) play-outs.

**Stopping early** (:func:`stop_at`): after each chunk, in chunk order, the play-outs so far stop
when the option with the highest win share leads every other option with confidence: the lower
end of the lead's interval is above zero at a level corrected (Bonferroni) over the other options
and over the looks the run can take, ``z`` of ``1 - 0.05 / (2 (K - 1) L)``. The rule reads only
the chunks before it in order, so the stopping point is the same on any number of workers.
"""

from __future__ import annotations

import math
from statistics import NormalDist

import numpy as np
import pandas as pd

Z95 = NormalDist().inv_cdf(0.975)
MIN_LOOK = 200
"""Play-outs per option before the stopping rule is first asked."""
STOP_RULE = (
    "stop when the option with the highest win share leads every other option with 95% "
    "confidence (paired play-outs; Bonferroni over the other options and the looks), asked "
    f"after each chunk from {MIN_LOOK} play-outs per option on"
)


def chunk_stats(results: np.ndarray, choice: int) -> dict[str, np.ndarray]:
    """The sums of one chunk's play-outs (:func:`sim.analysing.play_out`'s ``results``, shape
    ``(options, 2, n)``); ``choice`` the seat's own option code (-1: not asked in this chunk)."""
    share = results[:, 0, :]
    margin = results[:, 1, :]
    diff = share[:, None, :] - share[None, :, :]
    mdiff = margin[:, None, :] - margin[None, :, :]
    return {
        "n": np.array([share.shape[1]], dtype=np.int64),
        "share": share.sum(axis=1),
        "share_sq": (share**2).sum(axis=1),
        "margin": margin.sum(axis=1),
        "margin_sq": (margin**2).sum(axis=1),
        "diff": diff.sum(axis=2),
        "diff_sq": (diff**2).sum(axis=2),
        "mdiff": mdiff.sum(axis=2),
        "mdiff_sq": (mdiff**2).sum(axis=2),
        "choice": np.array([choice + 1], dtype=np.int64),  # 0 in every chunk but the first
    }


def merge_stats(parts: list[dict]) -> dict[str, np.ndarray]:
    """The sums of several chunks, added key by key (in the order given)."""
    out = {key: np.array(value, copy=True) for key, value in parts[0].items()}
    for part in parts[1:]:
        for key, value in part.items():
            out[key] = out[key] + value
    return out


def _spread(total: np.ndarray, squares: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    mean = total / n
    var = np.maximum(0.0, squares / n - mean**2) * n / max(1, n - 1)
    return mean, np.sqrt(var / n)


def wilson(p: np.ndarray, n: int, z: float = Z95) -> tuple[np.ndarray, np.ndarray]:
    """Wilson's score interval of shares ``p`` of ``n`` play-outs."""
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return np.clip(centre - half, 0, 1), np.clip(centre + half, 0, 1)


def best_option(stats: dict) -> int:
    """The option with the highest mean win share; of equal shares, the highest mean margin
    (then the first)."""
    order = np.lexsort((-np.arange(len(stats["share"])), stats["margin"], stats["share"]))
    return int(order[-1])


def lead(stats: dict, z: float = Z95) -> dict:
    """The best option's lead over the runner-up in win share (and margin), with intervals."""
    n = int(stats["n"][0])
    best = best_option(stats)
    others = [k for k in range(len(stats["share"])) if k != best]
    second = max(others, key=lambda k: (stats["share"][k], stats["margin"][k], -k))
    d, se = _spread(stats["diff"][best, second], stats["diff_sq"][best, second], n)
    m, mse = _spread(stats["mdiff"][best, second], stats["mdiff_sq"][best, second], n)
    return {
        "best": best,
        "second": second,
        "lead": float(d),
        "lead_low": float(d - z * se),
        "lead_high": float(d + z * se),
        "margin_lead": float(m),
        "margin_lead_low": float(m - z * mse),
        "margin_lead_high": float(m + z * mse),
    }


def confident(stats: dict, looks: int) -> bool:
    """Whether the best option leads every other one at the corrected level (see the module
    docstring), ``looks`` the looks the run can take."""
    n = int(stats["n"][0])
    k = len(stats["share"])
    if n < MIN_LOOK or k < 2:
        return False
    z = NormalDist().inv_cdf(1 - 0.05 / (2 * (k - 1) * max(1, looks)))
    best = best_option(stats)
    for other in range(k):
        if other == best:
            continue
        d, se = _spread(stats["diff"][best, other], stats["diff_sq"][best, other], n)
        if not d - z * se > 0:
            return False
    return True


def looks_of(chunk_sizes: list[int]) -> int:
    """The looks a run of chunks of these sizes can take (chunks ending at or past
    :data:`MIN_LOOK` play-outs, the last one excluded: it ends the run anyway)."""
    ends = np.cumsum(chunk_sizes)
    return max(1, int((ends[:-1] >= MIN_LOOK).sum()))


def stop_at(parts: list[dict], looks: int) -> int | None:
    """The first chunk (index) after which the rule stops the run, None if none of these."""
    merged = None
    for i, part in enumerate(parts):
        merged = part if merged is None else merge_stats([merged, part])
        if confident(merged, looks):
            return i
    return None


def option_table(stats: dict, labels: list[str], codes: list[int], odds: list[float | None]):
    """One row per option: its play-outs, win share and final margin with 95% intervals, the
    exact contest odds (commitments), which is best and which the seat's own player takes.

    Returns
    -------
    pandas.DataFrame
        Columns ``option``, ``code``, ``playouts``, ``win``, ``win_low``, ``win_high``,
        ``margin``, ``margin_low``, ``margin_high``, ``contest_odds``, ``best``, ``own_choice``.
    """
    n = int(stats["n"][0])
    win = stats["share"] / n
    low, high = wilson(win, n)
    margin, mse = _spread(stats["margin"], stats["margin_sq"], n)
    choice = int(stats["choice"][0]) - 1
    best = best_option(stats)
    return pd.DataFrame(
        {
            "option": labels,
            "code": codes,
            "playouts": n,
            "win": win,
            "win_low": low,
            "win_high": high,
            "margin": margin,
            "margin_low": margin - Z95 * mse,
            "margin_high": margin + Z95 * mse,
            "contest_odds": [math.nan if o is None else o for o in odds],
            "best": [k == best for k in range(len(labels))],
            "own_choice": [c == choice for c in codes],
        }
    )


__all__ = [
    "MIN_LOOK",
    "STOP_RULE",
    "best_option",
    "chunk_stats",
    "confident",
    "lead",
    "looks_of",
    "merge_stats",
    "option_table",
    "stop_at",
    "wilson",
]
