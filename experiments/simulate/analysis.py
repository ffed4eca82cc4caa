"""The per-strategy summary of complete games (``mammoth simulate``): tallies that add up over
chunks."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from sim.stats import mean_se_from_moments, wilson_interval


@dataclass
class Tally:
    """Per-strategy integer totals of some games, which add up exactly over chunks.

    Attributes
    ----------
    totals : dict
        Strategy -> int64 array ``[seats, wins, score, score squared]``, in the order the
        strategies first appear (the table's category order).
    safety_stops : int
        Games cut off by the round limit.
    """

    totals: dict = field(default_factory=dict)
    safety_stops: int = 0

    COLUMNS = ("strategy", "seat", "score", "winner", "safety_stop")
    """The columns of the per-seat table a tally reads."""

    @classmethod
    def of(cls, frame: pd.DataFrame) -> Tally:
        """The tally of a per-seat table (it needs the columns :attr:`COLUMNS`)."""
        score = frame["score"].to_numpy(dtype=np.int64)
        parts = pd.DataFrame(
            {
                "strategy": frame["strategy"],
                "seats": 1,
                "wins": frame["winner"].to_numpy(dtype=np.int64),
                "score": score,
                "score_sq": score * score,
            }
        )
        sums = parts.groupby("strategy", observed=True, sort=True).sum()
        totals = {str(name): row.to_numpy(dtype=np.int64) for name, row in sums.iterrows()}
        stops = int(frame.loc[frame["seat"] == 0, "safety_stop"].sum())
        return cls(totals, stops)

    def __add__(self, other: Tally) -> Tally:
        totals = {name: value.copy() for name, value in self.totals.items()}
        for name, value in other.totals.items():
            totals[name] = totals[name] + value if name in totals else value.copy()
        return Tally(totals, self.safety_stops + other.safety_stops)

    def summary(self) -> pd.DataFrame:
        """Per strategy: seats played, win rate with a 95% Wilson interval, mean score and its SE.

        A game won by several tied players counts as a win for each of them.

        Returns
        -------
        pandas.DataFrame
            One row per strategy: ``strategy, seats, win_rate, win_low, win_high, mean_score,
            score_se``.
        """
        rows = []
        for name, (seats, wins, score, score_sq) in self.totals.items():
            low, high = wilson_interval(int(wins), int(seats))
            mean, se = mean_se_from_moments(seats, score, score_sq)
            rows.append(
                {
                    "strategy": name,
                    "seats": int(seats),
                    "win_rate": wins / seats,
                    "win_low": low,
                    "win_high": high,
                    "mean_score": float(mean),
                    "score_se": float(se),
                }
            )
        return pd.DataFrame(rows)


def summary(frame: pd.DataFrame) -> pd.DataFrame:
    """Per strategy: seats played, win rate with a 95% Wilson interval, mean score and its SE.

    A game won by several tied players counts as a win for each of them (see
    :meth:`Tally.summary`).

    Parameters
    ----------
    frame : pandas.DataFrame
        The per-seat table of :func:`strategies.play.play_games`.

    Returns
    -------
    pandas.DataFrame
        One row per strategy: ``strategy, seats, win_rate, win_low, win_high, mean_score,
        score_se``.
    """
    return Tally.of(frame).summary()
