"""Bradley-Terry strengths from pairwise results: the fit and its Fisher information.

``P(a beats b) = s_a / (s_a + s_b)`` with ``s = exp(theta)``; only differences of ``theta`` are
identified. Used by a league's ratings (:mod:`experiments.library.league`) and the ladder
(:mod:`experiments.ladder.analysis`).
"""

from __future__ import annotations

import numpy as np


def bradley_terry(wins: np.ndarray, games: np.ndarray, iterations: int = 2000) -> np.ndarray:
    """Bradley-Terry log-strengths by the MM algorithm (Hunter 2004), normalised to mean 0.

    ``P(a beats b) = s_a / (s_a + s_b)`` with ``s = exp(theta)``.

    Parameters
    ----------
    wins : numpy.ndarray
        ``wins[a, b]``: games ``a`` won against ``b`` (a tie counts 1/2 to each).
    games : numpy.ndarray
        ``games[a, b]``: games between ``a`` and ``b`` (symmetric, 0 on the diagonal); the
        comparison graph must be connected and every player must win something for a finite
        answer (give a prior: a few virtual games split evenly).
    iterations : int
        Most MM steps (it stops earlier at a relative change below 1e-10).

    Returns
    -------
    numpy.ndarray
        ``theta``, one log-strength per player.
    """
    k = len(games)
    total_wins = wins.sum(axis=1)
    strength = np.ones(k)
    for _ in range(iterations):
        pair = strength[:, None] + strength[None, :]
        denom = (games / pair).sum(axis=1)  # the diagonal of ``games`` is 0
        new = np.where(denom > 0, np.maximum(total_wins, 1e-9) / np.maximum(denom, 1e-300), 1)
        new /= np.exp(np.mean(np.log(new)))
        if np.allclose(new, strength, rtol=1e-10, atol=0):
            strength = new
            break
        strength = new
    return np.log(strength)


def bradley_terry_information(theta: np.ndarray, games: np.ndarray) -> np.ndarray:
    """The Fisher information of Bradley-Terry log-strengths ``theta`` given ``games[a, b]``.

    Singular (its rows sum to 0: only differences of ``theta`` are identified); invert it on the
    differences, e.g. with a pseudo-inverse.
    """
    p = 1.0 / (1.0 + np.exp(theta[None, :] - theta[:, None]))  # p[a, b] = P(a beats b)
    w = games * p * (1.0 - p)
    np.fill_diagonal(w, 0.0)
    return np.diag(w.sum(axis=1)) - w
