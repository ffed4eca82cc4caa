"""A meta-game's statistics (:mod:`experiments.shared.analysis_metagame`): the exact bootstrap's
weights; its payoff tables and equilibria are checked on whole runs (``tests/test_metagame.py``)."""

from __future__ import annotations

import numpy as np

from experiments.shared.analysis_metagame import bootstrap_weights


def test_bootstrap_weights_belong_to_the_game_index():
    whole = bootstrap_weights(3, 0, 30, 50)
    parts = np.concatenate([bootstrap_weights(3, 0, 11, 50), bootstrap_weights(3, 11, 19, 50)], 1)
    assert np.array_equal(whole, parts)
    assert abs(whole.mean() - 1) < 4 * np.sqrt(1 / whole.size)  # Poisson(1): mean 1, var 1
    assert not np.array_equal(whole, bootstrap_weights(4, 0, 30, 50))
