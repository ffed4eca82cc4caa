"""Paired comparisons from integer sufficient statistics that merge exactly.

The experiments of :mod:`experiments.commit.analysis` and :mod:`experiments.worth.analysis` compare
two *arms* (two policies, or two rule settings) on the same seed and game indices (common random
numbers) and take differences game by game. The unit of independence is the **game index**: several
observations of one game (several seats, or several tables playing the same game index) are
correlated, so they are summed into one *cluster* total before squaring.

:class:`Moments` keeps, per group and per metric, the count of clusters ``n``, the sum of units
``Σm`` and ``Σm²``, the sums ``ΣS``, ``ΣS²`` and ``ΣS·m`` of the cluster totals ``S``. Every
metric is an integer (win shares are counted in twelfths: a game won by ``k`` tied players gives
each ``12 / k``), so every sum is an exact ``int64``; merging two chunks is addition, and the
result does not depend on the chunking or the order of the merge.

The estimate of a metric is the ratio ``R = ΣS / Σm`` (the mean per unit); its standard error is
the cluster-robust (linearised) one,

``SE² = n / (n - 1) * Σ(S_i - R m_i)² / (Σm)²``,

which for one unit per cluster is the usual ``sd / sqrt(n)``. The 95% interval is
``R ± 1.96 SE``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from sim.errors import InputError

Z95 = 1.96
SHARE = 12
"""Win shares are counted in twelfths (12 is divisible by every number of tied winners 1..4)."""


@dataclass(frozen=True)
class GameBlock:
    """One block of game indices the arms of a paired run all play: the smallest piece whose
    statistics merge exactly (a game index is one cluster).

    Attributes
    ----------
    players : int
        Players at the table.
    seed : int
        The run's seed.
    start : int
        The global index of the block's first game.
    games : int
        Its games: indices ``start`` to ``start + games - 1``.
    """

    players: int
    seed: int
    start: int
    games: int

    @classmethod
    def of_chunk(cls, seed: int, chunk: dict) -> GameBlock:
        """The block of an experiment's chunk (its ``players``, ``start`` and ``n``) in the
        games of ``seed``."""
        return cls(int(chunk["players"]), int(seed), int(chunk["start"]), int(chunk["n"]))

    @property
    def indices(self) -> np.ndarray:
        """The block's global game indices."""
        return np.arange(self.start, self.start + self.games)


@dataclass(frozen=True)
class GameRange:
    """The game indices a paired run plays at each table size, in blocks of ``chunk`` games.

    Attributes
    ----------
    games : int
        Games per arm (at each player count and condition).
    seed : int
        The run's seed: every arm plays the same game indices of it.
    first_game : int
        The global index of the first game.
    chunk : int
        Games per block (the statistics do not depend on it).

    Raises
    ------
    InputError
        Fewer than one game or one game per block, or a negative seed.
    """

    games: int
    seed: int
    first_game: int = 0
    chunk: int = 5_000

    def __post_init__(self):
        if self.games < 1 or self.chunk < 1:
            raise InputError("games and chunk size must be at least 1")
        if self.seed < 0:
            raise InputError(f"the seed must be 0 or more, not {self.seed}")

    def blocks(self, players: int) -> list[GameBlock]:
        """The blocks at a table of ``players``, in the order of their game indices."""
        end = self.first_game + self.games
        return [
            GameBlock(players, self.seed, start, min(self.chunk, end - start))
            for start in range(self.first_game, end, self.chunk)
        ]


def win_twelfths(winner: np.ndarray) -> np.ndarray:
    """Each seat's share of the win in twelfths, from an ``(n_games, players)`` winner mask.

    A game won by ``k`` tied players gives each of them ``12 / k``; the others get 0.
    """
    winner = np.asarray(winner, dtype=bool)
    count = winner.sum(axis=1, keepdims=True)
    return np.where(winner, SHARE // np.maximum(count, 1), 0).astype(np.int64)


class Moments:
    """Integer sufficient statistics of cluster totals, per group; ``+`` merges two exactly.

    Parameters
    ----------
    keys : sequence of str
        Names of the grouping columns.
    metrics : sequence of str
        Names of the (integer) metrics.
    table : pandas.DataFrame, optional
        The statistics, indexed by ``keys`` (built by :meth:`from_units` or by merging).
    """

    def __init__(self, keys: Sequence[str], metrics: Sequence[str], table=None) -> None:
        self.keys = tuple(keys)
        self.metrics = tuple(metrics)
        columns = self._columns(self.metrics)
        if table is None:
            index = pd.MultiIndex.from_tuples([], names=list(self.keys))
            empty = np.zeros((0, len(columns)), dtype=np.int64)
            table = pd.DataFrame(empty, columns=columns, index=index)
        self.table = table[columns]

    @staticmethod
    def _columns(metrics: Sequence[str]) -> list[str]:
        columns = ["clusters", "units", "units_sq"]
        for m in metrics:
            columns += [m, f"{m}__sq", f"{m}__x"]
        return columns

    @property
    def columns(self) -> list[str]:
        """The statistic columns."""
        return list(self.table.columns)

    @classmethod
    def from_units(
        cls, frame: pd.DataFrame, keys: Sequence[str], metrics: Sequence[str], cluster: str
    ) -> Moments:
        """Reduce one row per observation (unit) to statistics per group.

        Parameters
        ----------
        frame : pandas.DataFrame
            One row per unit with the ``keys``, the ``cluster`` column (the game index) and the
            integer ``metrics``.
        keys, metrics : sequence of str
            Grouping columns and metric columns.
        cluster : str
            Column naming the cluster (units of a cluster are summed before squaring). A cluster
            must not be split between two frames that are later merged.

        Returns
        -------
        Moments
        """
        keys, metrics = list(keys), list(metrics)
        for m in metrics:
            if not np.issubdtype(frame[m].dtype, np.integer) and frame[m].dtype != bool:
                raise TypeError(f"metric {m!r} must be integer, not {frame[m].dtype}")
        data = frame[keys + [cluster]].copy()
        for m in metrics:
            data[m] = frame[m].to_numpy().astype(np.int64)
        grouped = data.groupby(keys + [cluster], sort=False, observed=True)
        per = grouped[metrics].sum() if metrics else pd.DataFrame(index=grouped.size().index)
        units = grouped.size().astype(np.int64)
        stats = pd.DataFrame(index=per.index)
        stats["clusters"] = np.ones(len(per), dtype=np.int64)
        stats["units"] = units.to_numpy()
        stats["units_sq"] = units.to_numpy() ** 2
        for m in metrics:
            s = per[m].to_numpy(dtype=np.int64)
            stats[m] = s
            stats[f"{m}__sq"] = s * s
            stats[f"{m}__x"] = s * units.to_numpy()
        table = stats.groupby(level=keys, sort=True, observed=True).sum().astype(np.int64)
        if len(keys) == 1:
            table.index = pd.MultiIndex.from_arrays([table.index], names=keys)
        return cls(keys, metrics, table)

    def __add__(self, other: Moments) -> Moments:
        if other.keys != self.keys or other.metrics != self.metrics:
            raise ValueError("only statistics with the same keys and metrics merge")
        if self.table.empty:
            return Moments(self.keys, self.metrics, other.table.copy())
        if other.table.empty:
            return Moments(self.keys, self.metrics, self.table.copy())
        merged = self.table.add(other.table, fill_value=0).astype(np.int64).sort_index()
        return Moments(self.keys, self.metrics, merged)

    def to_arrays(self, prefix: str = "") -> dict[str, np.ndarray]:
        """The statistics as plain arrays, for :func:`numpy.savez` without pickle.

        Parameters
        ----------
        prefix : str
            Put before every name (several tables in one file).

        Returns
        -------
        dict of str to numpy.ndarray
            ``{prefix}key.{k}`` per key column (``int64`` for integer keys, ``bool`` for
            booleans, a unicode array for strings) and ``{prefix}stat.{c}`` (``int64``) per
            statistic column. :meth:`from_arrays` turns them back into the same statistics.

        Raises
        ------
        TypeError
            For a key column that is neither integer, boolean nor string.
        """
        out: dict[str, np.ndarray] = {}
        for level, name in enumerate(self.keys):
            values = self.table.index.get_level_values(level)
            if pd.api.types.is_bool_dtype(values.dtype):
                out[f"{prefix}key.{name}"] = values.to_numpy(dtype=bool)
            elif pd.api.types.is_integer_dtype(values.dtype):
                out[f"{prefix}key.{name}"] = values.to_numpy(dtype=np.int64)
            elif all(isinstance(v, str) for v in values):
                out[f"{prefix}key.{name}"] = np.array(list(values), dtype=np.str_)
            else:
                raise TypeError(f"key {name!r} must hold integers or strings, not {values.dtype}")
        for column in self.columns:
            out[f"{prefix}stat.{column}"] = self.table[column].to_numpy(dtype=np.int64)
        return out

    @classmethod
    def from_arrays(
        cls, arrays: dict, prefix: str, keys: Sequence[str], metrics: Sequence[str]
    ) -> Moments:
        """The statistics written by :meth:`to_arrays` (an exact round trip).

        Parameters
        ----------
        arrays : mapping of str to numpy.ndarray
            As returned by :meth:`to_arrays` (or loaded back from an ``.npz`` file).
        prefix : str
            The prefix given to :meth:`to_arrays`.
        keys, metrics : sequence of str
            Names of the grouping columns and of the metrics.

        Returns
        -------
        Moments
        """
        keys, metrics = tuple(keys), tuple(metrics)
        if len(arrays[f"{prefix}stat.clusters"]) == 0:
            return cls(keys, metrics)
        levels = []
        for name in keys:
            values = np.asarray(arrays[f"{prefix}key.{name}"])
            if values.dtype.kind in "iu":
                levels.append(pd.Index(values.astype(np.int64), name=name))
            elif values.dtype.kind == "b":
                levels.append(pd.Index(values.astype(bool), name=name))
            else:
                levels.append(pd.Index([str(v) for v in values], name=name))
        index = pd.MultiIndex.from_arrays(levels, names=list(keys))
        columns = cls._columns(metrics)
        stats = np.column_stack(
            [np.asarray(arrays[f"{prefix}stat.{c}"], dtype=np.int64) for c in columns]
        )
        return cls(keys, metrics, pd.DataFrame(stats, columns=columns, index=index))

    def equals(self, other: Moments) -> bool:
        """Whether two statistics are identical (same groups, same integers)."""
        return (
            self.keys == other.keys
            and self.metrics == other.metrics
            and self.table.sort_index().equals(other.table.sort_index())
        )

    def summary(self, scale: dict[str, float] | None = None, z: float = Z95) -> pd.DataFrame:
        """Per group: clusters, units and, per metric, the mean, its SE and the 95% interval.

        Parameters
        ----------
        scale : dict, optional
            Divide a metric by this (e.g. 12 for win shares counted in twelfths).
        z : float
            Normal quantile of the interval.

        Returns
        -------
        pandas.DataFrame
            The keys as columns, then ``clusters``, ``units`` and ``{m}``, ``{m}_se``,
            ``{m}_low``, ``{m}_high`` per metric.
        """
        scale = scale or {}
        t = self.table
        out = pd.DataFrame(index=t.index)
        n = t["clusters"].to_numpy(dtype=np.float64)
        units = t["units"].to_numpy(dtype=np.float64)
        units_sq = t["units_sq"].to_numpy(dtype=np.float64)
        out["clusters"] = t["clusters"].to_numpy()
        out["units"] = t["units"].to_numpy()
        with np.errstate(divide="ignore", invalid="ignore"):
            for m in self.metrics:
                total = t[m].to_numpy(dtype=np.float64)
                total_sq = t[f"{m}__sq"].to_numpy(dtype=np.float64)
                cross = t[f"{m}__x"].to_numpy(dtype=np.float64)
                ratio = np.where(units > 0, total / units, np.nan)
                spread = np.maximum(total_sq - 2 * ratio * cross + ratio * ratio * units_sq, 0.0)
                se = np.where(n > 1, np.sqrt(n / (n - 1) * spread) / units, np.nan)
                k = float(scale.get(m, 1.0))
                out[m] = ratio / k
                out[f"{m}_se"] = se / k
                out[f"{m}_low"] = (ratio - z * se) / k
                out[f"{m}_high"] = (ratio + z * se) / k
        return out.reset_index()

    def collapse(self, keys: Sequence[str]) -> Moments:
        """Sum the statistics over the keys not in ``keys``.

        Exact only when no cluster has units in two of the groups summed together (e.g. one
        focal seat per game); otherwise the standard errors treat those parts as independent.
        """
        keys = list(keys)
        table = self.table.groupby(level=keys, sort=True, observed=True).sum().astype(np.int64)
        if len(keys) == 1:
            table.index = pd.MultiIndex.from_arrays([table.index], names=keys)
        return Moments(keys, self.metrics, table)


def histogram_quantiles(values: np.ndarray, counts: np.ndarray, qs: Sequence[float]) -> list:
    """Quantiles of an integer distribution given as a histogram (lower quantile rule)."""
    order = np.argsort(values)
    values, counts = np.asarray(values)[order], np.asarray(counts)[order]
    cumulative = np.cumsum(counts)
    total = cumulative[-1] if len(cumulative) else 0
    out = []
    for q in qs:
        if total == 0:
            out.append(np.nan)
            continue
        out.append(float(values[np.searchsorted(cumulative, q * total, side="left")]))
    return out


__all__ = ["Moments", "SHARE", "Z95", "histogram_quantiles", "win_twelfths"]
