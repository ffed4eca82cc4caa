"""Wilson intervals and standard errors."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sim.errors import InputError
from sim.stats import mean_se, mean_se_from_moments, wilson_interval


def _wilson_by_hand(k, n, z):
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return centre - half, centre + half


def test_wilson_known_value():
    low, high = wilson_interval(50, 100)
    assert (round(float(low), 4), round(float(high), 4)) == (0.4038, 0.5962)
    assert np.ndim(low) == 0


@settings(deadline=None, max_examples=100)
@given(st.integers(1, 10**7), st.floats(0.0, 1.0), st.sampled_from([1.0, 1.96, 2.576]))
def test_wilson_matches_formula_and_contains_rate(n, fraction, z):
    k = round(fraction * n)
    low, high = wilson_interval(k, n, z)
    by_hand = _wilson_by_hand(k, n, z)
    assert 0.0 <= low <= k / n <= high <= 1.0
    if 0 < k < n:
        assert low == pytest.approx(by_hand[0], abs=1e-12)
        assert high == pytest.approx(by_hand[1], abs=1e-12)


def test_wilson_is_vectorised_and_handles_edges():
    low, high = wilson_interval(np.array([[0, 5], [10, 0]]), np.array([[10, 10], [10, 0]]))
    assert low.shape == (2, 2)
    assert low[0, 0] == 0.0 and high[1, 0] == 1.0
    assert (low[1, 1], high[1, 1]) == (0.0, 1.0)  # no trials: no information
    with pytest.raises(InputError):
        wilson_interval(5, 3)
    with pytest.raises(InputError):
        wilson_interval(1, 3, z=0)


def test_mean_se_against_numpy():
    values = np.random.default_rng(1).normal(3.0, 2.0, size=(500, 3))
    mean, se = mean_se(values, axis=0)
    np.testing.assert_allclose(mean, values.mean(axis=0))
    np.testing.assert_allclose(se, values.std(axis=0, ddof=1) / np.sqrt(500))
    flat_mean, flat_se = mean_se(values[:, 0])
    assert np.ndim(flat_mean) == 0 and flat_se == pytest.approx(se[0])
    single_mean, single_se = mean_se([4.0])
    assert single_mean == 4.0 and math.isnan(single_se)


def test_moments_merge_exactly():
    values = np.random.default_rng(2).exponential(size=1000)
    chunks = np.array_split(values, 7)
    count = sum(len(c) for c in chunks)
    total = sum(c.sum() for c in chunks)
    total_sq = sum((c * c).sum() for c in chunks)
    mean, se = mean_se_from_moments(count, total, total_sq)
    direct_mean, direct_se = mean_se(values)
    assert mean == pytest.approx(direct_mean, rel=1e-12)
    assert se == pytest.approx(direct_se, rel=1e-9)
    empty_mean, empty_se = mean_se_from_moments(0, 0.0, 0.0)
    assert math.isnan(empty_mean) and math.isnan(empty_se)
