"""Uncertainty of Monte Carlo estimates: Wilson intervals for rates, standard errors for means.

Everything is vectorised over numpy arrays and works from sufficient statistics (counts, sums,
sums of squares), so chunk results merge exactly before the interval is taken.
"""

from __future__ import annotations

import numpy as np

from sim.errors import InputError


def _scalar_or_array(values: np.ndarray):
    return values[()] if values.ndim == 0 else values


def wilson_interval(successes, n, z: float = 1.96):
    """Return the Wilson score interval of a binomial rate.

    Parameters
    ----------
    successes : array-like of int
        Successes, ``0 <= successes <= n``.
    n : array-like of int
        Trials; broadcast against ``successes``. ``n == 0`` gives the interval ``(0, 1)``.
    z : float
        Normal quantile (1.96 for 95 %, 2.576 for 99 %).

    Returns
    -------
    low, high : numpy.ndarray or numpy.float64
        Interval bounds, broadcast shape of the inputs, within ``[0, 1]``.

    Examples
    --------
    >>> low, high = wilson_interval(50, 100)
    >>> round(float(low), 4), round(float(high), 4)
    (0.4038, 0.5962)
    """
    successes = np.asarray(successes, dtype=np.float64)
    n = np.asarray(n, dtype=np.float64)
    if not np.isfinite(z) or z <= 0:
        raise InputError(f"z must be a positive number, not {z!r}")
    if np.any(successes < 0) or np.any(n < successes):
        raise InputError("need 0 <= successes <= n")
    z2 = z * z
    with np.errstate(divide="ignore", invalid="ignore"):
        rate = successes / n
        denominator = 1.0 + z2 / n
        centre = (rate + z2 / (2.0 * n)) / denominator
        half = z * np.sqrt(rate * (1.0 - rate) / n + z2 / (4.0 * n * n)) / denominator
        low = np.where(n > 0, np.clip(centre - half, 0.0, 1.0), 0.0)
        high = np.where(n > 0, np.clip(centre + half, 0.0, 1.0), 1.0)
    # The bounds are exact at the ends of the range; keep rounding from moving them.
    low = np.where(successes == 0, 0.0, low)
    high = np.where(successes == n, 1.0, high)
    return _scalar_or_array(low), _scalar_or_array(high)


def mean_se(values, axis=None, ddof: int = 1):
    """Return the mean of a sample and its standard error.

    Parameters
    ----------
    values : array-like of float
        The sample.
    axis : int or None
        Axis along which the sample runs (``None``: all values).
    ddof : int
        Delta degrees of freedom of the variance (1: the unbiased sample variance).

    Returns
    -------
    mean, se : numpy.ndarray or numpy.float64
        Mean and ``std / sqrt(n)``; the standard error is NaN when ``n <= ddof``.
    """
    values = np.asarray(values, dtype=np.float64)
    n = values.size if axis is None else values.shape[axis]
    total = values.sum(axis=axis)
    if n == 0:
        nan = np.full(np.shape(total), np.nan)
        return _scalar_or_array(nan), _scalar_or_array(nan.copy())
    mean = total / n
    centred = values - (mean if axis is None else np.expand_dims(mean, axis))
    with np.errstate(divide="ignore", invalid="ignore"):
        variance = np.square(centred).sum(axis=axis) / (n - ddof) if n > ddof else np.nan
        se = np.sqrt(variance / n) * np.ones_like(mean)
    return _scalar_or_array(np.asarray(mean)), _scalar_or_array(np.asarray(se))


def mean_se_from_moments(count, total, total_sq, ddof: int = 1):
    """Return mean and standard error from merged sufficient statistics.

    Parameters
    ----------
    count : array-like
        Number of values (summed over chunks).
    total : array-like
        Sum of the values.
    total_sq : array-like
        Sum of the squared values.
    ddof : int
        Delta degrees of freedom of the variance.

    Returns
    -------
    mean, se : numpy.ndarray or numpy.float64
        Mean and standard error; NaN where ``count <= ddof`` (mean NaN where ``count == 0``).
    """
    count = np.asarray(count, dtype=np.float64)
    total = np.asarray(total, dtype=np.float64)
    total_sq = np.asarray(total_sq, dtype=np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        mean = np.where(count > 0, total / count, np.nan)
        spread = np.maximum(total_sq - count * mean * mean, 0.0)  # rounding can go below 0
        variance = np.where(count > ddof, spread / (count - ddof), np.nan)
        se = np.sqrt(variance / count)
    return _scalar_or_array(mean), _scalar_or_array(se)
