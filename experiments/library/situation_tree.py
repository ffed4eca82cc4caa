"""A best-first tree of situation classes chosen from data, with intervals clustered by group.

The data: one row per decision, the *effect* ``d[i, k]`` of each option ``k`` (against a common
baseline), the decision's *group* (the game it belongs to: decisions of one group share their
history, so variances are clustered by group) and some readable *features*. A class is a box
over the features (:class:`Condition` per feature, ``lo <= x < hi``); following a class's best
option (the option with the largest summed effect, the lowest among equals) is worth that sum.

Growth (:func:`grow_tree`) is best-first: the leaf and split (a feature and a threshold from a
fixed grid) that most raise the total value of following each leaf's best option is taken,
while each side keeps at least ``min_groups`` groups, the gain is at least ``z_split``
cluster-robust standard errors of the gain, and there are at most ``max_leaves`` leaves.
Sibling leaves with the same best option are merged back. Candidates are tried in the order of
the grids given, so the tree depends only on the rows' order (sort them first).

The clustered variance of a mean over ``n`` rows in ``G`` groups (:class:`ClusterSums`) is
``G / (G - 1) * sum_g (S_g - n_g * mean)^2 / n^2`` (``S_g`` the group's sum, ``n_g`` its rows).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np


@dataclass(frozen=True)
class ClusterSums:
    """Per-group sums of some rows' values: enough for means and clustered variances.

    Attributes
    ----------
    n : int
        Rows.
    groups : int
        Groups among them.
    sums : numpy.ndarray
        ``(groups, K)``: each group's summed values.
    counts : numpy.ndarray
        ``(groups,)``: rows per group.
    """

    n: int
    groups: int
    sums: np.ndarray
    counts: np.ndarray

    @property
    def mean(self) -> np.ndarray:
        """The mean of each column over the rows."""
        return self.sums.sum(axis=0) / max(self.n, 1)

    def se(self, weights: np.ndarray | None = None) -> np.ndarray:
        """Clustered standard error of the mean of each column (or of ``sums @ weights``);
        infinite with fewer than two groups."""
        sums = self.sums if weights is None else self.sums @ weights
        if self.groups < 2:
            return np.full(sums.shape[1:], np.inf)
        mean = sums.sum(axis=0) / self.n
        resid = sums - np.multiply.outer(self.counts, mean)
        var = self.groups / (self.groups - 1) * (resid**2).sum(axis=0) / self.n**2
        return np.sqrt(var)


def cluster_sums(d: np.ndarray, codes: np.ndarray) -> ClusterSums:
    """The per-group sums of the rows of ``d``.

    Parameters
    ----------
    d : numpy.ndarray
        ``(n, K)`` values.
    codes : numpy.ndarray
        ``(n,)`` group codes (any values).

    Returns
    -------
    ClusterSums
    """
    uniq, inv = np.unique(codes, return_inverse=True)
    sums = np.zeros((uniq.shape[0], d.shape[1]))
    np.add.at(sums, inv, d)
    counts = np.bincount(inv, minlength=uniq.shape[0]).astype(np.float64)
    return ClusterSums(int(d.shape[0]), int(uniq.shape[0]), sums, counts)


def best_option(mean: np.ndarray) -> int:
    """The best option: the largest value, the lowest index among equals (within 1e-12)."""
    return int(np.flatnonzero(mean >= mean.max() - 1e-12)[0])


@dataclass(frozen=True)
class Condition:
    """``lo <= feature < hi`` (None: open)."""

    feature: str
    lo: float | None = None
    hi: float | None = None

    def holds(self, x: np.ndarray) -> np.ndarray:
        """Where the condition holds for the feature's values ``x``."""
        ok = np.ones(x.shape[0], dtype=bool)
        if self.lo is not None:
            ok &= x >= self.lo
        if self.hi is not None:
            ok &= x < self.hi
        return ok


def merge_conditions(conditions: list[Condition], features: Sequence[str]) -> list[Condition]:
    """One condition per feature (the intersection of the feature's conditions), in the order
    of ``features``."""
    out = []
    for name in features:
        lo = None
        hi = None
        for c in conditions:
            if c.feature != name:
                continue
            if c.lo is not None:
                lo = c.lo if lo is None else max(lo, c.lo)
            if c.hi is not None:
                hi = c.hi if hi is None else min(hi, c.hi)
        if lo is not None or hi is not None:
            out.append(Condition(name, lo, hi))
    return out


def labels(columns: Mapping[str, np.ndarray], classes: list[list[Condition]], n: int) -> np.ndarray:
    """Each row's class: the first class whose conditions all hold (-1: none).

    Parameters
    ----------
    columns : mapping
        Feature name -> ``(n,)`` values.
    classes : list of list of Condition
        The classes.
    n : int
        Rows.

    Returns
    -------
    numpy.ndarray
        ``(n,)`` int64.
    """
    label = np.full(n, -1, dtype=np.int64)
    for i, conds in enumerate(classes):
        inside = np.ones(n, dtype=bool)
        for c in conds:
            inside &= c.holds(np.asarray(columns[c.feature]))
        label[(label < 0) & inside] = i
    return label


@dataclass
class _Node:
    rows: np.ndarray  # indices into the rows
    conditions: list[Condition]
    children: list[_Node] = field(default_factory=list)

    def leaves(self) -> list[_Node]:
        if not self.children:
            return [self]
        return [leaf for child in self.children for leaf in child.leaves()]


def _value(d: np.ndarray) -> tuple[float, int]:
    total = d.sum(axis=0)
    k = best_option(total)
    return float(total[k]), k


def _best_split(node, d, codes, feats, grids, z_split, min_groups):
    """The best admissible split of a node: (gain, feature, threshold) or None."""
    rows = node.rows
    if np.unique(codes[rows]).shape[0] < 2 * min_groups:
        return None
    parent_value, parent_k = _value(d[rows])
    best = None
    for name, grid in grids.items():
        x = feats[name][rows]
        for t in grid:
            left = x < t
            n_left = int(left.sum())
            if n_left == 0 or n_left == rows.shape[0]:
                continue
            if (
                np.unique(codes[rows[left]]).shape[0] < min_groups
                or np.unique(codes[rows[~left]]).shape[0] < min_groups
            ):
                continue
            lv, lk = _value(d[rows[left]])
            rv, rk = _value(d[rows[~left]])
            gain = lv + rv - parent_value
            if lk == rk or gain <= 0:
                continue
            # the gain as a sum over rows: each side's best option against the parent's
            contrib = np.where(
                left, d[rows, lk] - d[rows, parent_k], d[rows, rk] - d[rows, parent_k]
            )
            s = cluster_sums(contrib[:, None], codes[rows])
            se_total = float(s.se()[0]) * s.n
            if gain < z_split * se_total:
                continue
            if best is None or gain > best[0] + 1e-12:
                best = (gain, name, float(t))
    return best


def _prune(node: _Node, d: np.ndarray) -> None:
    """Merge sibling leaves whose best option is the same (their split says nothing)."""
    for child in node.children:
        _prune(child, d)
    if node.children and all(not c.children for c in node.children):
        if len({_value(d[c.rows])[1] for c in node.children}) == 1:
            node.children = []


def grow_tree(
    d: np.ndarray,
    codes: np.ndarray,
    features: Mapping[str, np.ndarray],
    grids: Mapping[str, Sequence[float]],
    max_leaves: int,
    z_split: float,
    min_groups: int,
) -> list[list[Condition]]:
    """Situation classes chosen from the data, best-first (see the module notes).

    Parameters
    ----------
    d : numpy.ndarray
        ``(n, K)``: each row's effect of each option.
    codes : numpy.ndarray
        ``(n,)``: each row's group.
    features : mapping
        Feature name -> ``(n,)`` values, for every feature of ``grids``.
    grids : mapping
        Feature name -> the thresholds a split may take (a split is ``x < t`` / ``x >= t``);
        features are tried in this order.
    max_leaves : int
        The most classes.
    z_split : float
        A split must gain at least this many clustered standard errors of its gain.
    min_groups : int
        Fewest groups on each side of a split.

    Returns
    -------
    list of list of Condition
        Each class's conditions (boxes over the features, in the order of ``grids``; together
        they cover every row, none overlaps).
    """
    feats = {k: np.asarray(v) for k, v in features.items()}
    root = _Node(np.arange(d.shape[0]), [])
    candidates = {id(root): _best_split(root, d, codes, feats, grids, z_split, min_groups)}
    nodes = {id(root): root}
    while len(root.leaves()) < max_leaves:
        open_ = [(c, i) for i, c in candidates.items() if c is not None]
        if not open_:
            break
        (gain, name, t), key = max(open_, key=lambda item: item[0][0])
        node = nodes[key]
        x = feats[name][node.rows]
        node.children = [
            _Node(node.rows[x < t], node.conditions + [Condition(name, None, t)]),
            _Node(node.rows[x >= t], node.conditions + [Condition(name, t, None)]),
        ]
        candidates[key] = None
        for child in node.children:
            nodes[id(child)] = child
            candidates[id(child)] = _best_split(child, d, codes, feats, grids, z_split, min_groups)
    _prune(root, d)
    return [merge_conditions(leaf.conditions, list(grids)) for leaf in root.leaves()]
