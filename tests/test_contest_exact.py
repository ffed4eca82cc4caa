"""Exact taming-contest odds against an independent brute force over every roll of the dice."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from functools import cache

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numba import njit

from sim.contest_exact import (
    DRAW,
    NOBODY,
    draw_outcome,
    odds,
    odds_fraction,
    outcome_table,
    outcome_tables,
)
from sim.errors import InputError
from sim.rules import TIE_RULES

# --------------------------------------------------------------------------------------------
# Brute force, written straight from docs/rules.md B2.4/B3: every roll of every die, hands as sorted
# tuples, Python's tuple order (die by die, a longer tuple beats its own prefix).


@cache
def _rolls(figures: int) -> Counter:
    """Every roll of ``figures`` dice, grouped by the sorted hand it makes."""
    return Counter(
        tuple(sorted(roll, reverse=True)) for roll in itertools.product(range(1, 7), repeat=figures)
    )


def _beats(a: tuple, b: tuple, tie_rule: str) -> bool:
    if tie_rule == "longer_wins":
        return a > b
    shorter = min(len(a), len(b))
    return a[:shorter] > b[:shorter]


def brute_force(commitments, tie_rule):
    players = len(commitments)
    seats = [s for s, k in enumerate(commitments) if k > 0]
    tally = [0] * (players + 2)
    if not seats:
        return [Fraction(0)] * players + [Fraction(0), Fraction(1)]
    for combo in itertools.product(*(_rolls(commitments[s]).items() for s in seats)):
        hands = {s: hand for s, (hand, _) in zip(seats, combo, strict=True)}
        ways = int(np.prod([count for _, count in combo]))
        if tie_rule == "longer_wins":
            best = max(hands.values())
            leaders = [s for s in seats if hands[s] == best]
            winner = leaders[0] if len(leaders) == 1 else None
        else:
            winner = next(
                (
                    i
                    for i in seats
                    if all(_beats(hands[i], hands[j], tie_rule) for j in seats if j != i)
                ),
                None,
            )
        tally[players if winner is None else winner] += ways
    total = 6 ** sum(commitments)
    return [Fraction(t, total) for t in tally]


def _exact_vector(result) -> list[Fraction]:
    return list(result.win) + [result.draw, result.nobody]


CASES = [
    (0,),
    (1,),
    (3,),
    (0, 0),
    (1, 1),
    (2, 1),
    (1, 2),
    (3, 1),
    (2, 2),
    (4, 1),
    (3, 3),
    (1, 0, 2),
    (1, 1, 1),
    (2, 1, 1),
    (3, 2, 1),
    (0, 2, 0, 1),
    (1, 1, 1, 1),
    (2, 2, 1, 1),
    (3, 2, 2, 1),
    (0, 0, 0, 0),
]


@pytest.mark.parametrize("tie_rule", TIE_RULES)
@pytest.mark.parametrize("commitments", CASES)
def test_matches_brute_force(commitments, tie_rule):
    expected = brute_force(commitments, tie_rule)
    exact = odds_fraction(commitments, tie_rule)
    assert _exact_vector(exact) == expected
    floats = odds(commitments, tie_rule).as_vector()
    assert np.max(np.abs(floats - np.array([float(p) for p in expected]))) <= 1e-12


@settings(deadline=None, max_examples=40)
@given(
    st.lists(st.integers(0, 3), min_size=1, max_size=4).filter(lambda c: sum(c) <= 7),
    st.sampled_from(TIE_RULES),
)
def test_matches_brute_force_property(commitments, tie_rule):
    assert _exact_vector(odds_fraction(commitments, tie_rule)) == brute_force(commitments, tie_rule)


def test_known_values():
    assert _exact_vector(odds_fraction([1, 1])) == [
        Fraction(5, 12),
        Fraction(5, 12),
        Fraction(1, 6),
        0,
    ]
    assert _exact_vector(odds_fraction([2, 1])) == [Fraction(161, 216), Fraction(55, 216), 0, 0]
    assert _exact_vector(odds_fraction([2, 1], "prefix_draw")) == [
        Fraction(125, 216),
        Fraction(55, 216),
        Fraction(36, 216),
        0,
    ]


@settings(deadline=None, max_examples=60)
@given(
    st.lists(st.integers(0, 10), min_size=1, max_size=4),
    st.sampled_from(TIE_RULES),
)
def test_fractions_sum_to_one_and_floats_agree(commitments, tie_rule):
    exact = odds_fraction(commitments, tie_rule)
    vector = _exact_vector(exact)
    assert sum(vector) == 1
    assert all(p >= 0 for p in vector)
    floats = odds(commitments, tie_rule).as_vector()
    assert np.max(np.abs(floats - np.array([float(p) for p in vector]))) <= 1e-12
    assert exact.nobody == (1 if sum(commitments) == 0 else 0)
    for seat, figures in enumerate(commitments):
        if figures == 0:
            assert exact.win[seat] == 0


@pytest.mark.parametrize("tie_rule", TIE_RULES)
def test_largest_profiles_are_exact(tie_rule):
    for commitments in [(10, 10, 10, 10), (10, 9, 1, 0), (7, 3), (10, 1, 1, 1)]:
        exact = _exact_vector(odds_fraction(commitments, tie_rule))
        floats = odds(commitments, tie_rule).as_vector()
        assert sum(exact) == 1
        assert np.max(np.abs(floats - np.array([float(p) for p in exact]))) <= 1e-12


@settings(deadline=None, max_examples=60)
@given(
    st.lists(st.integers(0, 10), min_size=2, max_size=4),
    st.randoms(use_true_random=False),
    st.sampled_from(TIE_RULES),
)
def test_seats_are_symmetric(commitments, random, tie_rule):
    order = list(range(len(commitments)))
    random.shuffle(order)
    base = odds(commitments, tie_rule)
    shuffled = odds([commitments[s] for s in order], tie_rule)
    np.testing.assert_array_equal(shuffled.win, base.win[order])
    assert shuffled.draw == base.draw
    for a, b in itertools.combinations(range(len(commitments)), 2):
        if commitments[a] == commitments[b]:
            assert base.win[a] == base.win[b]


@settings(deadline=None, max_examples=60)
@given(st.lists(st.integers(1, 9), min_size=2, max_size=4), st.integers(0, 3))
def test_more_figures_never_hurt_and_prefix_wins_are_longer_wins(commitments, seat):
    seat %= len(commitments)
    longer = odds(commitments, "longer_wins")
    prefix = odds(commitments, "prefix_draw")
    # A prefix win is also a win under longer_wins, never the other way round.
    assert np.all(prefix.win <= longer.win + 1e-15)
    more = list(commitments)
    more[seat] += 1
    assert odds(more).win[seat] >= longer.win[seat] - 1e-15


@pytest.mark.parametrize("tie_rule", TIE_RULES)
def test_outcome_table_matches_odds(tie_rule):
    table = outcome_table(tie_rule)
    assert table.shape == (11, 11, 11, 11, 6)
    assert table.dtype == np.float64
    assert not table.flags.writeable
    assert outcome_table(tie_rule) is table  # cached in the process
    np.testing.assert_allclose(table.sum(axis=-1), 1.0, atol=1e-12)
    rng = np.random.default_rng(7)
    for profile in rng.integers(0, 11, size=(200, 4)):
        vector = odds(profile.tolist(), tie_rule).as_vector()
        np.testing.assert_allclose(table[tuple(profile)], vector, rtol=0, atol=1e-15)
    # Fewer players: the missing seats have no figures and never win.
    two = odds([4, 2], tie_rule)
    np.testing.assert_allclose(table[4, 2, 0, 0, :2], two.win, atol=1e-15)
    assert table[4, 2, 0, 0, 2] == 0 and table[4, 2, 0, 0, 3] == 0
    assert table[0, 0, 0, 0, 5] == 1.0


def test_outcome_tables_stack_both_rules():
    stacked = outcome_tables()
    assert stacked.shape == (2, 11, 11, 11, 11, 6)
    for code, rule in enumerate(TIE_RULES):
        np.testing.assert_array_equal(stacked[code], outcome_table(rule))


@njit
def _draw_many(table, k0, k1, k2, k3, uniforms):
    out = np.empty(uniforms.shape[0], dtype=np.int64)
    for i in range(uniforms.shape[0]):
        out[i] = draw_outcome(table, k0, k1, k2, k3, uniforms[i])
    return out


def _expected_outcome(row, u):
    total = 0.0
    last = None
    for column, chance in enumerate(row):
        if chance > 0:
            total += chance
            last = column
            if u < total:
                break
    return last if last < 4 else (DRAW if last == 4 else NOBODY)


@pytest.mark.parametrize(
    "profile", [(1, 1, 0, 0), (3, 2, 2, 1), (0, 0, 0, 0), (0, 5, 0, 0), (2, 0, 2, 0), (10, 1, 0, 3)]
)
def test_draw_outcome_follows_cumulative_sums(profile):
    table = outcome_table("prefix_draw")
    uniforms = np.concatenate(
        [np.linspace(0.0, 1.0, 2001, endpoint=False), [np.nextafter(1.0, 0.0)]]
    )
    row = table[profile]
    drawn = _draw_many(table, *profile, uniforms)
    expected = [_expected_outcome(row, u) for u in uniforms]
    assert drawn.tolist() == expected
    possible = {s for s in range(4) if row[s] > 0}
    possible |= {DRAW} if row[4] > 0 else set()
    possible |= {NOBODY} if row[5] > 0 else set()
    assert set(drawn.tolist()) <= possible


@pytest.mark.parametrize(
    "bad",
    [
        [],
        [-1, 2],
        [2.5, 1],
        [11],
        [1, 1, 1, 1, 1],
        ["3", 1],
        [True, 1],
        [float("nan")],
        5,
        "12",
    ],
)
def test_bad_commitments_raise_input_error(bad):
    with pytest.raises(InputError):
        odds(bad)
    with pytest.raises(InputError):
        odds_fraction(bad)


def test_unknown_tie_rule_raises_input_error():
    with pytest.raises(InputError, match="tie rule"):
        odds([1, 1], "shortest_wins")
    with pytest.raises(InputError, match="tie rule"):
        outcome_table("shortest_wins")


def test_integral_floats_and_numpy_ints_are_accepted():
    assert odds([2.0, np.int8(1)]).commitments == (2, 1)
    assert odds(np.array([2, 1])).commitments == (2, 1)


@pytest.mark.parametrize("tie_rule", TIE_RULES)
def test_impossible_draws_are_exactly_zero(tie_rule):
    """No rounding residue (1.11e-16) where the rules allow no draw: tables and JSON say 0."""
    table = outcome_table(tie_rule)
    assert not np.any((table > 0) & (table < 1e-12))
    if tie_rule == "longer_wins":  # hands of different sizes never tie
        assert odds([3, 1]).draw == 0.0 and odds([5, 2, 1]).draw == 0.0
