"""A league's tables and its sufficient statistics: which lineups it seats, and what its games
add up to (:class:`LeagueStats`: counts, sums and sums of squares that merge exactly).

A league plays every combination of its strategies that fills the table, seats rotated, each on
the same game indices (:func:`lineups_for`); a game's per-seat results (its strategy, score and
whether it won) reduce to counts that add, so the figures do not depend on how the games were
chunked. The strengths are Bradley-Terry's (:mod:`experiments.library.bradley_terry`). Used by
the league (:mod:`experiments.compare.analysis`), the ladder and the worth experiment.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

import numpy as np
import pandas as pd

from experiments.library.bradley_terry import bradley_terry, bradley_terry_information
from sim.errors import InputError
from sim.stats import mean_se_from_moments, wilson_interval


def lineups_for(names: list[str], players: int) -> list[tuple[str, ...]]:
    """The tables a league plays: every combination of ``players`` strategies.

    With fewer strategies than seats, each table cycles through all of them (so a 2-strategy
    league at 4 players seats each strategy twice).
    """
    if len(names) < 2:
        raise InputError("a league needs at least two strategies")
    if len(set(names)) != len(names):
        raise InputError("name each strategy once")
    if len(names) >= players:
        return [tuple(c) for c in combinations(names, players)]
    return [tuple(names[i % len(names)] for i in range(players))]


@dataclass
class LeagueStats:
    """Sufficient statistics of a league; ``+`` merges two exactly.

    ``seats[s]`` seats played by strategy ``s``; ``wins[s]`` wins with ties shared (a game won by
    two tied players gives each 1/2); ``score[s]``/``score_sq[s]`` sums of scores and squares;
    ``ahead[a, b]`` games in which ``a`` finished ahead of ``b`` (1/2 for a tie), ``met[a, b]``
    games in which both sat at the table; ``seat_wins[p]``/``seat_games[p]`` wins (shared) by
    seat position, seat 0 being the start player.
    """

    names: list[str]
    players: int
    seats: np.ndarray = field(default=None)
    wins: np.ndarray = field(default=None)
    score: np.ndarray = field(default=None)
    score_sq: np.ndarray = field(default=None)
    ahead: np.ndarray = field(default=None)
    met: np.ndarray = field(default=None)
    seat_wins: np.ndarray = field(default=None)
    seat_games: np.ndarray = field(default=None)

    def __post_init__(self) -> None:
        k = len(self.names)
        for name, shape in (
            ("seats", k),
            ("wins", k),
            ("score", k),
            ("score_sq", k),
            ("ahead", (k, k)),
            ("met", (k, k)),
            ("seat_wins", self.players),
            ("seat_games", self.players),
        ):
            if getattr(self, name) is None:
                setattr(self, name, np.zeros(shape, dtype=np.float64))

    def __add__(self, other: LeagueStats) -> LeagueStats:
        if other.names != self.names or other.players != self.players:
            raise ValueError("only statistics of the same league merge")
        return LeagueStats(
            self.names,
            self.players,
            *(
                getattr(self, f) + getattr(other, f)
                for f in (
                    "seats",
                    "wins",
                    "score",
                    "score_sq",
                    "ahead",
                    "met",
                    "seat_wins",
                    "seat_games",
                )
            ),
        )

    @classmethod
    def from_games(cls, frame: pd.DataFrame, names: list[str], players: int) -> LeagueStats:
        """Reduce a per-(game, seat) table of :func:`strategies.play.play_games` to statistics."""
        stats = cls(list(names), players)
        index = {name: i for i, name in enumerate(names)}
        strategy = frame["strategy"].astype(str).map(index).to_numpy()
        n_games = len(frame) // players
        strat = strategy.reshape(n_games, players)
        score = frame["score"].to_numpy(dtype=np.float64).reshape(n_games, players)
        winner = frame["winner"].to_numpy().reshape(n_games, players)
        share = winner / winner.sum(axis=1, keepdims=True)
        np.add.at(stats.seats, strat.ravel(), 1.0)
        np.add.at(stats.wins, strat.ravel(), share.ravel())
        np.add.at(stats.score, strat.ravel(), score.ravel())
        np.add.at(stats.score_sq, strat.ravel(), (score**2).ravel())
        stats.seat_wins += share.sum(axis=0)
        stats.seat_games += n_games
        for p in range(players):
            for q in range(players):
                if p == q:
                    continue
                a, b = strat[:, p], strat[:, q]
                differ = a != b
                result = np.where(score[:, p] > score[:, q], 1.0, 0.0)
                result = np.where(score[:, p] == score[:, q], 0.5, result)
                np.add.at(stats.ahead, (a[differ], b[differ]), result[differ])
                np.add.at(stats.met, (a[differ], b[differ]), 1.0)
        return stats

    def table(self, z: float = 1.96) -> pd.DataFrame:
        """Per strategy: seats, win rate (ties shared) with its Wilson interval, mean score ± SE."""
        low, high = wilson_interval(self.wins, self.seats, z)
        mean, se = mean_se_from_moments(self.seats, self.score, self.score_sq)
        return pd.DataFrame(
            {
                "strategy": self.names,
                "players": self.players,
                "seats": self.seats.astype(int),
                "win_rate": self.wins / np.maximum(self.seats, 1),
                "win_low": low,
                "win_high": high,
                "fair_share": 1.0 / self.players,
                "mean_score": mean,
                "score_se": se,
            }
        )

    def pairwise(self) -> pd.DataFrame:
        """``P(row finishes ahead of column)`` over the games both played (ties count 1/2)."""
        with np.errstate(invalid="ignore", divide="ignore"):
            rate = np.where(self.met > 0, self.ahead / self.met, np.nan)
        return pd.DataFrame(rate, index=self.names, columns=self.names)

    def seat_table(self, z: float = 1.96) -> pd.DataFrame:
        """Win rate by seat (seat 0 starts the first round) against the fair share."""
        low, high = wilson_interval(self.seat_wins, self.seat_games, z)
        return pd.DataFrame(
            {
                "players": self.players,
                "seat": np.arange(self.players),
                "games": self.seat_games.astype(int),
                "win_rate": self.seat_wins / np.maximum(self.seat_games, 1),
                "win_low": low,
                "win_high": high,
                "fair_share": 1.0 / self.players,
            }
        )

    def ratings(self, iterations: int = 2000, prior: float = 1.0) -> pd.DataFrame:
        """Bradley-Terry strengths from the pairwise results, with standard errors.

        Fitted by the MM algorithm (Hunter 2004) on "finished ahead" counts, each pair given
        ``prior`` virtual games split evenly (so a strategy that never finishes ahead still gets
        a finite rating); reported as ``rating = 400 log10(strength)`` centred on 0 (Elo-like),
        the standard error from the Fisher information of the log-strengths.
        """
        k = len(self.names)
        virtual = prior * (1.0 - np.eye(k))
        wins = self.ahead + virtual / 2.0
        games = (self.met + self.met.T) / 2.0 + virtual  # met counts each side of a pair
        theta = bradley_terry(wins, games, iterations)
        info = bradley_terry_information(theta, games)
        # fix the mean of theta at 0: invert on the subspace orthogonal to the ones vector
        centre = np.eye(k) - 1.0 / k
        cov = centre @ np.linalg.pinv(info) @ centre
        se = np.sqrt(np.clip(np.diag(cov), 0, None))
        scale = 400.0 / np.log(10.0)
        return pd.DataFrame(
            {
                "strategy": self.names,
                "players": self.players,
                "rating": scale * (theta - theta.mean()),
                "rating_se": scale * se,
            }
        )
