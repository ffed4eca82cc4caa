"""Symmetric equilibria of symmetric games of 2 to 4 seats, in numpy.

A symmetric game of ``N`` seats over ``K`` strategies is given by its payoff table: for every
*profile* (how many seats play each strategy, a count vector ``c`` with ``sum(c) = N``; there
are ``C(K + N - 1, N)`` of them, :func:`profiles`), the payoff ``u[c, k]`` of a seat playing
``k`` (defined where ``c[k] > 0``). Every seat is alike, so a symmetric mixed strategy ``x``
(every seat draws its strategy from ``x``) is a symmetric equilibrium when no strategy earns more
against ``N - 1`` seats drawn from ``x`` than ``x`` itself does.

The payoff of ``k`` against ``x`` (:meth:`SymmetricGame.payoffs`) is a polynomial of degree
``N - 1`` in ``x``: the sum over the others' profiles ``d`` (``sum(d) = N - 1``) of the
multinomial probability of ``d`` times ``u[d + e_k, k]``. Two solvers find equilibria:

- :meth:`SymmetricGame.replicator`: the discrete replicator dynamics
  ``x_k <- x_k * (v_k(x) + s) / (x . v(x) + s)`` from a starting mix (the uniform one by
  default) until the mix stops moving; ``s`` shifts the payoffs positive. It selects one
  equilibrium (the one the population reaches), but may cycle in games without a stable one.
- :meth:`SymmetricGame.support_enumeration`: every support ``S`` (a non-empty set of
  strategies) in turn, solve ``v_k(x) = w`` for ``k`` in ``S`` and ``sum(x) = 1`` (linear for
  two seats, polynomial beyond: Newton's method from several starts), keep the solutions with
  ``x >= 0`` that no strategy outside ``S`` beats: every isolated symmetric equilibrium.

The regret of a mix (:meth:`SymmetricGame.regret`, NashConv for one seat) is what the best pure
deviation gains against it; the exploitability of a pure strategy ``k``
(:meth:`SymmetricGame.deviation_gains`) is what each one-seat deviation gains at a table where
every other seat plays ``k``.
"""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement
from math import factorial

import numpy as np

TOLERANCE = 1e-9
"""How far a solution may be from equal payoffs on its support, or an outside strategy above."""


def profiles(strategies: int, seats: int) -> np.ndarray:
    """Every profile of ``seats`` seats over ``strategies`` strategies, as count vectors.

    Parameters
    ----------
    strategies, seats : int
        ``K`` and ``N``.

    Returns
    -------
    numpy.ndarray
        ``(C(K + N - 1, N), K)`` int64, in the order of
        :func:`itertools.combinations_with_replacement` (lexicographic in the seats' strategies).
    """
    rows = []
    for combo in combinations_with_replacement(range(strategies), seats):
        rows.append(np.bincount(combo, minlength=strategies))
    return np.array(rows, dtype=np.int64).reshape(-1, strategies)


def profile_seats(counts) -> list[int]:
    """The strategy of each seat of a profile (count vector), in strategy order."""
    return [k for k, c in enumerate(counts) for _ in range(int(c))]


def _multinomial(counts: np.ndarray) -> np.ndarray:
    """Multinomial coefficients ``n! / prod(c!)`` of count vectors (rows)."""
    n = int(counts[0].sum()) if len(counts) else 0
    out = np.empty(len(counts), dtype=np.float64)
    for i, row in enumerate(counts):
        denom = 1
        for c in row:
            denom *= factorial(int(c))
        out[i] = factorial(n) / denom
    return out


class SymmetricGame:
    """A symmetric game of ``N`` seats over ``K`` strategies, from its payoff table.

    Parameters
    ----------
    payoff : array_like
        ``(C(K + N - 1, N), K)``: the payoff of a seat playing ``k`` in each profile of
        :func:`profiles` (entries where ``k`` is not played are ignored).
    seats : int
        ``N``, 1 or more.

    Raises
    ------
    ValueError
        A table whose shape is not that of ``N`` seats over its ``K`` columns, or with a payoff
        that is not finite where the strategy is played.
    """

    def __init__(self, payoff, seats: int) -> None:
        payoff = np.asarray(payoff, dtype=np.float64)
        if payoff.ndim != 2 or seats < 1:
            raise ValueError("the payoff table is (profiles, strategies), seats at least 1")
        self.seats = int(seats)
        self.strategies = payoff.shape[1]
        self.counts = profiles(self.strategies, self.seats)
        if payoff.shape[0] != len(self.counts):
            raise ValueError(
                f"{self.seats} seats over {self.strategies} strategies have {len(self.counts)} "
                f"profiles, not {payoff.shape[0]}"
            )
        played = self.counts > 0
        if not np.all(np.isfinite(payoff[played])):
            raise ValueError("a payoff where its strategy is played is not finite")
        self.payoff = np.where(played, payoff, 0.0)
        index = {tuple(row): i for i, row in enumerate(self.counts)}
        self.others = profiles(self.strategies, self.seats - 1)  # the others' profiles d
        self.weight = _multinomial(self.others)
        # u[d + e_k, k] for every others' profile d and strategy k
        self.facing = np.empty((len(self.others), self.strategies))
        for i, d in enumerate(self.others):
            for k in range(self.strategies):
                row = d.copy()
                row[k] += 1
                self.facing[i, k] = self.payoff[index[tuple(row)], k]

    @classmethod
    def from_matrix(cls, matrix) -> SymmetricGame:
        """A symmetric two-seat game from the row player's payoff matrix ``A[k, j]`` (``k``
        against ``j``)."""
        a = np.asarray(matrix, dtype=np.float64)
        k = a.shape[0]
        counts = profiles(k, 2)
        payoff = np.zeros((len(counts), k))
        for i, row in enumerate(counts):
            seats = profile_seats(row)
            payoff[i, seats[0]] = a[seats[0], seats[1]]
            payoff[i, seats[1]] = a[seats[1], seats[0]]
        return cls(payoff, 2)

    @classmethod
    def from_function(cls, strategies: int, seats: int, payoff) -> SymmetricGame:
        """A symmetric game from ``payoff(k, counts) -> float``, the payoff of a seat playing
        ``k`` in the profile ``counts``."""
        counts = profiles(strategies, seats)
        table = np.zeros((len(counts), strategies))
        for i, row in enumerate(counts):
            for k in np.flatnonzero(row):
                table[i, k] = payoff(int(k), row)
        return cls(table, seats)

    def _monomials(self, mix: np.ndarray) -> np.ndarray:
        return self.weight * np.prod(mix[None, :] ** self.others, axis=1)

    def payoffs(self, mix) -> np.ndarray:
        """``v_k(x)``: each strategy's expected payoff against ``N - 1`` seats drawn from
        ``mix``."""
        mix = np.asarray(mix, dtype=np.float64)
        return self._monomials(mix) @ self.facing

    def _jacobian(self, mix: np.ndarray) -> np.ndarray:
        """``d v_k / d x_j`` as a ``(K, K)`` array."""
        jac = np.zeros((self.strategies, self.strategies))
        for j in range(self.strategies):
            dj = self.others[:, j]
            lowered = self.others.copy()
            lowered[:, j] = np.maximum(dj - 1, 0)
            mono = self.weight * dj * np.prod(mix[None, :] ** lowered, axis=1)
            jac[:, j] = mono @ self.facing
        return jac

    def value(self, mix) -> float:
        """The payoff of ``mix`` against itself, ``x . v(x)``."""
        mix = np.asarray(mix, dtype=np.float64)
        return float(mix @ self.payoffs(mix))

    def regret(self, mix) -> float:
        """What the best pure deviation gains against ``mix``: ``max_k v_k(x) - x . v(x)``."""
        v = self.payoffs(mix)
        return float(v.max() - np.asarray(mix) @ v)

    def deviation_gains(self) -> np.ndarray:
        """``G[k, j]``: what one seat gains by playing ``j`` at a table where every other seat
        plays ``k``, against playing ``k`` itself (the row's maximum is ``k``'s exploitability)."""
        gains = np.zeros((self.strategies, self.strategies))
        for k in range(self.strategies):
            pure = np.zeros(self.strategies)
            pure[k] = 1.0
            v = self.payoffs(pure)
            gains[k] = v - v[k]
        return gains

    def replicator(
        self, start=None, iterations: int = 200_000, tolerance: float = 1e-12
    ) -> np.ndarray:
        """The mix the discrete replicator dynamics reach from ``start`` (default uniform).

        Parameters
        ----------
        start : array_like, optional
            A mix with every entry positive (a zero stays zero).
        iterations : int
            The most steps.
        tolerance : float
            Stop when no entry moves by more than this in a step.

        Returns
        -------
        numpy.ndarray
            The last mix (an equilibrium when the dynamics converged to an interior rest point
            or a rest point no absent strategy beats; :meth:`regret` tells).
        """
        k = self.strategies
        mix = np.full(k, 1.0 / k) if start is None else np.asarray(start, dtype=np.float64)
        mix = mix / mix.sum()
        played = self.payoff[self.counts > 0]
        shift = 1.0 - min(0.0, float(played.min())) if played.size else 1.0
        for _ in range(iterations):
            v = self.payoffs(mix) + shift
            new = mix * v / (mix @ v)
            if np.max(np.abs(new - mix)) < tolerance:
                return new
            mix = new
        return mix

    def _solve_support(self, support: tuple[int, ...], start: np.ndarray) -> np.ndarray | None:
        """Newton's method for equal payoffs on ``support`` from ``start``; None if it fails."""
        k = self.strategies
        s = np.array(support)
        x = np.zeros(k)
        x[s] = start
        for _ in range(100):
            v = self.payoffs(x)
            w = float(x @ v)
            f = np.concatenate([v[s] - w, [x[s].sum() - 1.0]])
            if np.max(np.abs(f)) < 1e-13:
                break
            jac = self._jacobian(x)
            # unknowns: x[s] and w
            a = np.zeros((len(s) + 1, len(s) + 1))
            a[: len(s), : len(s)] = jac[np.ix_(s, s)]
            a[: len(s), len(s)] = -1.0
            a[len(s), : len(s)] = 1.0
            f = np.concatenate([v[s] - w, [x[s].sum() - 1.0]])
            step = np.linalg.lstsq(a, -f, rcond=None)[0]
            x[s] = x[s] + step[: len(s)]
            if not np.all(np.isfinite(x)) or np.max(np.abs(x)) > 1e6:
                return None
        v = self.payoffs(x)
        if np.max(np.abs(v[s] - v[s].mean())) > TOLERANCE or abs(x.sum() - 1) > TOLERANCE:
            return None
        if np.any(x[s] < -TOLERANCE):
            return None
        return np.clip(x, 0.0, None) / np.clip(x, 0.0, None).sum()

    def support_enumeration(self, starts: int = 8, seed: int = 0) -> list[np.ndarray]:
        """Every symmetric equilibrium found by enumerating the supports.

        Parameters
        ----------
        starts : int
            Newton starts per support beyond the support's uniform mix (three or more seats; two
            seats solve one linear system per support).
        seed : int
            Seed of the random starts (Dirichlet mixes on the support).

        Returns
        -------
        list of numpy.ndarray
            The distinct equilibria (mixes), the smallest supports first.
        """
        rng = np.random.default_rng(seed)
        found: list[np.ndarray] = []
        k = self.strategies
        for size in range(1, k + 1):
            for support in combinations(range(k), size):
                tries = [np.full(size, 1.0 / size)]
                if self.seats > 2 and size > 1:
                    tries += list(rng.dirichlet(np.ones(size), starts))
                for start in tries:
                    x = self._solve_support(support, start)
                    if x is None:
                        continue
                    v = self.payoffs(x)
                    if v.max() - x @ v > TOLERANCE:
                        continue  # a strategy outside the support does better
                    if not any(np.max(np.abs(x - y)) < 1e-6 for y in found):
                        found.append(x)
        return found

    def near(self, mix, iterations: int = 5_000) -> np.ndarray:
        """The equilibrium next to ``mix`` (another game's equilibrium, such as the point
        estimate's for a bootstrap replicate): Newton's method on ``mix``'s support from it when
        that gives an equilibrium, else the replicator's rest point from ``mix`` (every strategy
        given a little weight back), polished on its support when that succeeds."""
        mix = np.asarray(mix, dtype=np.float64)
        support = tuple(int(i) for i in np.flatnonzero(mix > 1e-9))
        x = self._solve_support(support, mix[list(support)] / mix[list(support)].sum())
        if x is not None and self.regret(x) <= 1e-9:
            return x
        start = mix + 1e-3
        x = self.replicator(start / start.sum(), iterations=iterations, tolerance=1e-10)
        support = tuple(int(i) for i in np.flatnonzero(x > 1e-4))
        polished = self._solve_support(support, x[list(support)] / x[list(support)].sum())
        if polished is not None and self.regret(polished) <= 1e-9:
            return polished
        return x

    def equilibrium(self) -> np.ndarray:
        """One symmetric equilibrium: the replicator's rest point from the uniform mix when it
        is one (regret within :data:`TOLERANCE` after polishing on its support), else the
        enumerated equilibrium nearest to it."""
        mix = self.replicator()
        support = tuple(int(i) for i in np.flatnonzero(mix > 1e-6))
        polished = self._solve_support(support, mix[list(support)] / mix[list(support)].sum())
        if polished is not None and self.regret(polished) <= TOLERANCE:
            return polished
        if self.regret(mix) <= 1e-7:
            return mix
        found = self.support_enumeration()
        if not found:
            return mix
        return min(found, key=lambda y: float(np.abs(y - mix).sum()))
