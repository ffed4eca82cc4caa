"""The symmetric-equilibrium solver on games whose answers are known exactly."""

from __future__ import annotations

from itertools import product
from math import comb

import numpy as np
import pytest

from experiments.library.symmetric_game import SymmetricGame, profiles


def _close(a, b, tol=1e-7):
    return np.max(np.abs(np.asarray(a) - np.asarray(b))) < tol


@pytest.mark.parametrize("k, n", [(1, 1), (2, 2), (3, 4), (7, 4), (5, 3)])
def test_profiles_are_every_multiset_once(k, n):
    rows = profiles(k, n)
    assert len(rows) == comb(k + n - 1, n)
    assert np.all(rows.sum(axis=1) == n)
    assert len({tuple(r) for r in rows}) == len(rows)


def test_chicken_for_two_has_its_mixed_equilibrium():
    # dare, swerve: both dare 0, a dare against a swerve 3 (the swerver 1), both swerve 2
    game = SymmetricGame.from_matrix([[0, 3], [1, 2]])
    # the symmetric equilibrium dares with p where 3 (1 - p) = p + 2 (1 - p): p = 1/2
    found = game.support_enumeration()
    assert len(found) == 1 and _close(found[0], [0.5, 0.5])
    assert _close(game.replicator(), [0.5, 0.5], 1e-6)
    assert _close(game.equilibrium(), [0.5, 0.5])
    # a table of darers is exploited by swerving (+1), a table of swervers by daring (+1)
    assert _close(game.deviation_gains(), [[0, 1], [1, 0]])
    assert game.regret([0.5, 0.5]) < 1e-12


def test_chicken_with_uneven_stakes():
    # V = 4 for the prize, C = 10 for a fight: hawks play V / C = 0.4 of the time
    v, c = 4.0, 10.0
    game = SymmetricGame.from_matrix([[(v - c) / 2, v], [0.0, v / 2]])
    assert _close(game.equilibrium(), [v / c, 1 - v / c])


def test_a_dominance_solvable_game_ends_at_the_dominant_strategy():
    # the prisoner's dilemma: defecting dominates
    pd_game = SymmetricGame.from_matrix([[3, 0], [5, 1]])
    assert [list(np.round(x, 9)) for x in pd_game.support_enumeration()] == [[0.0, 1.0]]
    assert _close(pd_game.equilibrium(), [0, 1])
    # three strategies solved by iterated dominance: c is dominated by b, then a by b
    a = np.array([[2.0, 1.0, 4.0], [3.0, 2.0, 5.0], [1.0, 0.0, 0.0]])
    game = SymmetricGame.from_matrix(a)
    found = game.support_enumeration()
    assert len(found) == 1 and _close(found[0], [0, 1, 0])
    assert _close(game.equilibrium(), [0, 1, 0])


def test_volunteers_dilemma_of_four_seats():
    # a seat volunteers at cost c; if anyone volunteers every seat gets b. The symmetric
    # equilibrium ignores with q where q^(N-1) = c / b
    b, c, seats = 1.0, 0.3, 4

    def payoff(k, counts):
        return b - c if k == 0 else (b if counts[0] > 0 else 0.0)

    game = SymmetricGame.from_function(2, seats, payoff)
    q = (c / b) ** (1 / (seats - 1))
    found = game.support_enumeration()
    assert len(found) == 1 and _close(found[0], [1 - q, q])
    assert _close(game.equilibrium(), [1 - q, q])
    assert game.regret(found[0]) < 1e-9
    # against the mix both strategies earn b - c
    assert _close(game.payoffs(found[0]), [b - c, b - c])


def test_a_four_seat_coordination_game_has_all_three_equilibria():
    # a seat earns the share of the table playing as it does: both pure profiles and the even
    # mix are symmetric equilibria; the replicator from a lopsided start picks the near one
    def payoff(k, counts):
        return counts[k] / 4

    game = SymmetricGame.from_function(2, 4, payoff)
    found = sorted(game.support_enumeration(), key=lambda x: x[0])
    assert len(found) == 3
    assert _close(found[0], [0, 1]) and _close(found[1], [0.5, 0.5]) and _close(found[2], [1, 0])
    assert _close(game.replicator([0.7, 0.3]), [1, 0], 1e-6)


def _rock_paper_scissors(k, counts):
    """A seat scores the seats it beats minus the seats that beat it (k beats k + 2, mod 3)."""
    return counts[(k + 2) % 3] - counts[(k + 1) % 3]


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_rock_paper_scissors_has_only_the_uniform_mix(seats):
    game = SymmetricGame.from_function(3, seats, _rock_paper_scissors)
    uniform = np.full(3, 1 / 3)
    found = game.support_enumeration(starts=20)
    assert len(found) == 1 and found[0] == pytest.approx(uniform, abs=1e-12)
    assert game.equilibrium() == pytest.approx(uniform, abs=1e-12)
    assert game.replicator() == pytest.approx(uniform, abs=1e-12)
    # against N - 1 seats drawn from x, k earns (N - 1) (x[k + 2] - x[k + 1]) and x itself 0,
    # so the regret is (N - 1) max_k (x[k + 2] - x[k + 1]): zero at the uniform mix only
    grid = [np.array([a, b, 12 - a - b]) / 12 for a in range(13) for b in range(13 - a)]
    for x in grid:
        gain = (seats - 1) * max(x[(k + 2) % 3] - x[(k + 1) % 3] for k in range(3))
        assert game.regret(x) == pytest.approx(gain, abs=1e-12)
        assert (game.regret(x) > 1e-3) == (not np.allclose(x, uniform))
    assert _close(game.deviation_gains(), (seats - 1) * np.array([[0, 1, -1], [-1, 0, 1],
                                                                  [1, -1, 0]]))  # fmt: skip


def test_the_enumeration_answers_where_the_replicator_fails():
    """The fallback of :meth:`SymmetricGame.equilibrium`: a rock-paper-scissors whose losses
    outweigh its wins (the dynamics spiral out to the edges) with a fourth, worse strategy that
    pushes the start off the centre. The replicator ends near a pure strategy, which is no
    equilibrium; the answer is the enumeration's one equilibrium, the three mixed evenly."""
    game = SymmetricGame.from_matrix(
        [[0, -2, 1, 0.5], [1, 0, -2, 0], [-2, 1, 0, -0.5], [-1, -1, -1, -2]]
    )
    assert game.regret(game.replicator()) > 0.5
    answer = game.equilibrium()
    assert answer == pytest.approx([1 / 3, 1 / 3, 1 / 3, 0], abs=1e-12)
    assert game.regret(answer) < 1e-12


def test_near_follows_a_perturbed_game():
    base = SymmetricGame.from_matrix([[0, 3], [1, 2]])
    perturbed = SymmetricGame.from_matrix([[0, 3.2], [1, 2]])
    x = perturbed.near(base.equilibrium())
    # 3.2 (1 - p) = p + 2 (1 - p): p = 1.2 / 2.2
    assert _close(x, [1.2 / 2.2, 1 / 2.2])


def test_symmetric_equilibria_agree_with_nashpy():
    nash = pytest.importorskip("nashpy")
    rng = np.random.default_rng(11)
    for _ in range(25):
        a = rng.normal(size=(3, 3))  # continuous payoffs: a nondegenerate game
        ours = SymmetricGame.from_matrix(a).support_enumeration()
        theirs = [
            row
            for row, col in nash.Game(a, a.T).vertex_enumeration()
            if np.allclose(row, col, atol=1e-7)
        ]
        assert len(ours) == len(theirs) >= 1, (a, ours, theirs)
        for x in theirs:
            assert any(_close(x, y, 1e-6) for y in ours), (a, x, ours)


def test_bad_tables_are_refused():
    with pytest.raises(ValueError, match="profiles"):
        SymmetricGame(np.zeros((4, 2)), 2)
    with pytest.raises(ValueError, match="finite"):
        SymmetricGame(np.array([[np.nan, 0.0], [1.0, 1.0], [0.0, 1.0]]), 2)


def _gambit_game(gbt, game: SymmetricGame):
    """The game's normal form in gambit: every seat a player, every profile of pure strategies
    a cell."""
    k, n = game.strategies, game.seats
    row_of = {tuple(r): i for i, r in enumerate(game.counts)}
    arrays = [np.zeros((k,) * n) for _ in range(n)]
    for cell in product(range(k), repeat=n):
        row = row_of[tuple(np.bincount(cell, minlength=k))]
        for seat, strategy in enumerate(cell):
            arrays[seat][cell] = game.payoff[row, strategy]
    return getattr(gbt, "StrategicGame", gbt.Game).from_arrays(*arrays)


@pytest.mark.parametrize("seats", [3, 4])
def test_symmetric_equilibria_agree_with_gambit(seats):
    """Cross-checked against a well-kept solver, pygambit (a test-only dependency, skipped where
    it is not installed): every symmetric equilibrium its polynomial support enumeration finds
    is one of ours, and each of ours has no regret by gambit's own account. (At four seats the
    enumeration finds more than gambit's, e.g. both roots of a support's cubic; gambit confirms
    each.)"""
    gbt = pytest.importorskip("pygambit")
    rng = np.random.default_rng(40 + seats)
    for _ in range(4):
        table = rng.normal(size=(comb(3 + seats - 1, seats), 3))  # a nondegenerate game
        game = SymmetricGame(table, seats)
        normal = _gambit_game(gbt, game)
        ours = game.support_enumeration(starts=20)
        theirs = []
        for eq in gbt.nash.enumpoly_solve(normal).equilibria:
            mixes = [np.array([float(v) for _, v in eq[p]]) for p in eq.game.players]
            if all(np.allclose(m, mixes[0], atol=1e-7) for m in mixes):
                theirs.append(mixes[0])
        assert theirs, table
        for x in theirs:
            assert any(_close(x, y, 1e-6) for y in ours), (table, x, ours)
        for y in ours:
            profile = normal.mixed_strategy_profile(data=[list(y)] * seats)
            assert profile.max_regret() < 1e-9, (table, y)
        assert any(_close(game.equilibrium(), y, 1e-12) for y in ours)
