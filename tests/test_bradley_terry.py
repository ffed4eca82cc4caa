"""Bradley-Terry strengths (:mod:`experiments.library.bradley_terry`) on counts that fit exactly."""

from __future__ import annotations

import numpy as np
import pytest

from experiments.library.bradley_terry import bradley_terry, bradley_terry_information

# strengths 4 : 2 : 1, 30 games a pair: P(a beats b) = 2/3, P(b beats c) = 2/3, P(a beats c) = 4/5
GAMES = np.array([[0, 30, 30], [30, 0, 30], [30, 30, 0]], dtype=float)
WINS = np.array([[0, 20, 24], [10, 0, 20], [6, 10, 0]], dtype=float)


def test_counts_that_fit_exactly_give_their_strengths():
    theta = bradley_terry(WINS, GAMES)
    assert theta.mean() == pytest.approx(0, abs=1e-12)
    np.testing.assert_allclose(theta - theta[2], np.log([4.0, 2.0, 1.0]), atol=1e-8)


def test_the_order_of_the_players_does_not_matter():
    order = [2, 0, 1]
    theta = bradley_terry(WINS, GAMES)
    shuffled = bradley_terry(WINS[np.ix_(order, order)], GAMES[np.ix_(order, order)])
    np.testing.assert_allclose(shuffled, theta[order], atol=1e-8)


def test_even_results_give_equal_strengths():
    games = np.array([[0, 10], [10, 0]], dtype=float)
    wins = np.array([[0, 5], [5, 0]], dtype=float)  # ties count 1/2 to each: 5 of 10
    np.testing.assert_allclose(bradley_terry(wins, games), [0.0, 0.0], atol=1e-12)


def test_the_information_is_the_binomial_variance_of_each_pair():
    theta = np.log([4.0, 2.0, 1.0])
    info = bradley_terry_information(theta, GAMES)
    p = {(0, 1): 2 / 3, (0, 2): 4 / 5, (1, 2): 2 / 3}
    for (a, b), q in p.items():
        assert info[a, b] == pytest.approx(-30 * q * (1 - q), rel=1e-12)
        assert info[b, a] == pytest.approx(info[a, b], rel=1e-12)
    np.testing.assert_allclose(info.sum(axis=1), 0.0, atol=1e-12)  # only differences count
