"""The best-first situation tree (:mod:`experiments.library.situation_tree`) on data whose
classes are known."""

from __future__ import annotations

import numpy as np
import pytest

from experiments.library.situation_tree import (
    Condition,
    best_option,
    cluster_sums,
    grow_tree,
    labels,
    merge_conditions,
)

GRIDS = {"x": (2.5, 5.0, 7.5), "y": (0.5,)}


def _data(groups: int = 60, per: int = 4, noise: float = 0.0, seed: int = 0):
    """Rows in ``groups`` groups: option 1 is better by 1 where ``x < 5``, option 0 by 1 where
    ``x >= 5``; ``y`` says nothing."""
    rng = np.random.default_rng(seed)
    n = groups * per
    codes = np.repeat(np.arange(groups), per)
    x = rng.uniform(0, 10, n)
    y = rng.integers(0, 2, n).astype(float)
    d = np.zeros((n, 2))
    d[:, 1] = np.where(x < 5, 1.0, -1.0) + noise * rng.normal(size=n)
    return d, codes, {"x": x, "y": y}


def test_the_tree_finds_the_split_the_data_holds():
    d, codes, feats = _data()
    classes = grow_tree(d, codes, feats, GRIDS, max_leaves=8, z_split=3.0, min_groups=20)
    assert classes == [[Condition("x", None, 5.0)], [Condition("x", 5.0, None)]]
    label = labels(feats, classes, len(d))
    assert np.array_equal(label, np.where(feats["x"] < 5, 0, 1))


def test_noise_alone_splits_nothing():
    d, codes, feats = _data(noise=0.0)
    d[:, 1] = np.random.default_rng(3).normal(size=len(d))  # no class is better anywhere
    classes = grow_tree(d, codes, feats, GRIDS, max_leaves=8, z_split=3.0, min_groups=20)
    assert classes == [[]]


def test_a_side_with_too_few_groups_is_not_split_off():
    d, codes, feats = _data(groups=30)
    classes = grow_tree(d, codes, feats, GRIDS, max_leaves=8, z_split=3.0, min_groups=20)
    assert classes == [[]]  # 30 groups cannot give two sides of 20


def test_the_clustered_standard_error_by_hand():
    d = np.array([[1.0], [3.0], [2.0], [6.0]])
    codes = np.array([7, 7, 9, 9])
    s = cluster_sums(d, codes)
    assert (s.n, s.groups) == (4, 2) and s.mean[0] == pytest.approx(3.0)
    # group sums 4 and 8 over 2 rows each: residuals 4 - 6 and 8 - 6
    assert s.se()[0] == pytest.approx(np.sqrt(2 / 1 * (4 + 4) / 16))
    assert np.isinf(cluster_sums(d, np.zeros(4)).se()[0])  # one group: no interval


def test_ties_go_to_the_lowest_option_and_conditions_merge():
    assert best_option(np.array([1.0, 3.0, 3.0])) == 1
    merged = merge_conditions(
        [Condition("y", 0.5, None), Condition("x", None, 5.0), Condition("x", 2.5, 7.5)],
        ["x", "y"],
    )
    assert merged == [Condition("x", 2.5, 5.0), Condition("y", 0.5, None)]
