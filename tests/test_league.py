"""A league's lineups and sufficient statistics (:mod:`experiments.library.league`): counts from
played games, ratings, the tables it seats."""

from __future__ import annotations

import numpy as np

from experiments.library.league import LeagueStats, lineups_for
from strategies.play import play_games


def test_from_games_counts():
    frame = play_games(50, 3, ["greedy", "random", "greedy+never"], seed=2, rotate=True)
    names = ["greedy+ev", "random+never", "greedy+never"]
    stats = LeagueStats.from_games(frame, names, 3)
    assert stats.seats.sum() == 150 and np.allclose(stats.wins.sum(), 50)
    assert np.allclose(stats.seat_wins.sum(), 50)
    # every ordered pair of different strategies met in every game; ahead + behind = met
    assert np.allclose(stats.ahead + stats.ahead.T, stats.met)
    assert np.allclose(stats.met[~np.eye(3, dtype=bool)], 50)
    assert np.isclose(stats.score.sum(), frame["score"].sum())


def test_ratings_order_and_symmetry():
    stats = LeagueStats(["a", "b", "c"], 4)
    stats.met[:] = 200
    np.fill_diagonal(stats.met, 0)
    stats.ahead[:] = 100
    np.fill_diagonal(stats.ahead, 0)
    even = stats.ratings()
    assert np.allclose(even["rating"], 0, atol=1e-6)
    stats.ahead[0, 1], stats.ahead[1, 0] = 150, 50
    tilted = stats.ratings().set_index("strategy")["rating"]
    assert tilted["a"] > tilted["c"] > tilted["b"]


def test_lineups():
    assert lineups_for(["a", "b"], 4) == [("a", "b", "a", "b")]
    assert len(lineups_for(["a", "b", "c", "d", "e"], 4)) == 5
