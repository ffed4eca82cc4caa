"""The commitment solver on cases worked out by hand from exact odds."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from sim.contest_solver import (
    best_response,
    expected_values,
    make_prizes,
    sequential_equilibrium,
    simultaneous_equilibria,
)
from sim.errors import InputError


def _prizes(first, all_, tile, food):
    return {"first_bonus": first, "all_bonus": all_, "tile_value": tile, "food_value": food}


money = st.floats(0, 20, allow_nan=False).map(lambda x: round(x, 2))


@settings(deadline=None, max_examples=60)
@given(st.integers(1, 10), money, money, money, money)
def test_single_seat_commits_one_figure_exactly_when_worth_it(figures, first, all_, tile, food):
    prize = max(first, all_) + tile
    assume(abs(prize - food) > 1e-6)
    prizes = _prizes(first, all_, tile, food)
    expected = 1 if prize > food else 0
    sequential = sequential_equilibrium([figures], **prizes)
    assert sequential.commitments == (expected,)
    assert sequential.values[0] == pytest.approx(max(prize - food, 0.0))
    if food > 0:  # free figures make every commitment from 1 up equally good
        equilibria = simultaneous_equilibria([figures], **prizes)
        assert [e.commitments for e in equilibria] == [(expected,)]
    alone = best_response(0, [], [figures], **prizes)
    assert alone.commitment == expected
    # Facing nobody, every extra figure only costs food.
    assert np.allclose(np.diff(alone.values[1:]), -food)


def test_ties_go_to_fewer_figures():
    # Winning alone is worth exactly one food: committing 0 or 1 is equally good.
    prizes = _prizes(2.0, 1.0, 1.0, 3.0)
    response = best_response(0, [0], [4, 0], **prizes)
    assert response.values[0] == response.values[1] == 0.0
    assert response.commitment == 0
    assert sequential_equilibrium([4], **prizes).commitments == (0,)
    assert {e.commitments for e in simultaneous_equilibria([4], **prizes)} == {(0,), (1,)}


def test_expensive_food_means_nobody_commits():
    prizes = _prizes(6.0, 2.0, 3.0, 100.0)
    sequential = sequential_equilibrium([3, 2, 2], **prizes)
    assert sequential.commitments == (0, 0, 0)
    np.testing.assert_array_equal(sequential.values, [0.0, 0.0, 0.0])
    assert sequential.odds.nobody == 1.0
    equilibria = simultaneous_equilibria([3, 2, 2], **prizes)
    assert [e.commitments for e in equilibria] == [(0, 0, 0)]


def test_two_seats_worked_by_hand():
    # "1." 6, "all" 2, tile 3, food 2: winning is worth 9, taking part and losing 2.
    # Exact odds: 1 v 1 -> 5/12 each (draw 1/6); 2 v 1 -> 161/216 v 55/216 (longer_wins).
    prizes = _prizes(6.0, 2.0, 3.0, 2.0)
    one_one = 5 / 12 * 9 + 7 / 12 * 2 - 2  # 35/12 each
    two_one = (161 / 216 * 9 + 55 / 216 * 2 - 4, 55 / 216 * 9 + 161 / 216 * 2 - 2)
    np.testing.assert_allclose(expected_values([1, 1], **prizes), [one_one, one_one])
    np.testing.assert_allclose(expected_values([2, 1], **prizes), two_one)
    np.testing.assert_allclose(two_one, [695 / 216, 385 / 216])
    # Seat 1 always joins (every value positive); seat 0 then prefers 2 (695/216 > 35/12 > 0).
    sequential = sequential_equilibrium([2, 1], **prizes)
    assert sequential.commitments == (2, 1)
    np.testing.assert_allclose(sequential.values, two_one)
    np.testing.assert_allclose(sequential.option_values[0], [0.0, one_one, two_one[0]])
    assert sequential.policy[1].tolist() == [1, 1, 1]
    assert int(sequential.policy[0]) == 2
    equilibria = simultaneous_equilibria([2, 1], **prizes)
    assert [e.commitments for e in equilibria] == [(2, 1)]


def test_moving_first_pays_worked_by_hand():
    # "1." 4, nothing else, food 1.5.  Seat 1 joins against 1 figure (5/12*4 - 1.5 = 1/6 > 0)
    # but not against 2 (55/216*4 - 1.5 < 0). Seat 0: 1 figure -> 1/6; 2 figures -> seat 1 stays
    # out -> 4 - 3 = 1. Simultaneously, seat 0 would answer an absent seat 1 with 1 figure
    # (2.5 > 1), so (2, 0) is no equilibrium; (1, 1) is the only one.
    prizes = _prizes(4.0, 0.0, 0.0, 1.5)
    sequential = sequential_equilibrium([2, 1], **prizes)
    assert sequential.commitments == (2, 0)
    np.testing.assert_allclose(sequential.values, [1.0, 0.0])
    np.testing.assert_allclose(sequential.option_values[0], [0.0, 1 / 6, 1.0])
    assert sequential.policy[1].tolist() == [1, 1, 0]
    equilibria = simultaneous_equilibria([2, 1], **prizes)
    assert [e.commitments for e in equilibria] == [(1, 1)]
    np.testing.assert_allclose(equilibria[0].values, [1 / 6, 1 / 6])


def test_winner_takes_all_bonus_when_better():
    prizes = _prizes(1.0, 3.0, 2.0, 1.0)
    assert make_prizes(2, **prizes).winner_bonus == ("all", "all")
    # Alone, the winner takes "all" (3) and the tile (2) for one food.
    assert sequential_equilibrium([2], **prizes).values[0] == pytest.approx(4.0)
    assert best_response(0, [0], [2, 2], **prizes).winner_bonus == "all"
    mixed = make_prizes(2, [5.0, 1.0], 3.0, 0.0, 1.0)
    assert mixed.winner_bonus == ("1.", "all")
    assert make_prizes(1, 2.0, 2.0, 0.0, 1.0).winner_bonus == ("1.",)


def test_per_seat_values():
    prizes = _prizes([6.0, 0.0], 0.0, 0.0, 1.0)
    # Seat 1 gains nothing from winning: it never commits; seat 0 then commits 1.
    sequential = sequential_equilibrium([3, 3], **prizes)
    assert sequential.commitments == (1, 0)
    np.testing.assert_allclose(sequential.values, [5.0, 0.0])


def test_best_response_accepts_both_layouts_and_is_a_best_response():
    prizes = _prizes(6.0, 2.0, 3.0, 2.0)
    full = best_response(1, [2, 99, 1], [3, 2, 2], **prizes)  # own entry ignored
    short = best_response(1, [2, 1], [3, 2, 2], **prizes)
    assert full.commitment == short.commitment
    np.testing.assert_array_equal(full.values, short.values)
    for option in range(3):
        profile = [2, option, 1]
        assert full.values[option] == pytest.approx(expected_values(profile, **prizes)[1])
    assert full.value == full.values.max()


def test_sequential_policy_is_best_response_everywhere():
    prizes = _prizes(3.0, 1.0, 2.5, 1.0)
    figures = [3, 2, 2]
    sequential = sequential_equilibrium(figures, **prizes)
    last = sequential.policy[2]
    assert last.shape == (4, 3)
    for k0, k1 in itertools.product(range(4), range(3)):
        assert last[k0, k1] == best_response(2, [k0, k1, 0], figures, **prizes).commitment
    # On the path, the values are the path's expected values.
    np.testing.assert_allclose(
        sequential.values, expected_values(sequential.commitments, **prizes), atol=1e-12
    )


@settings(deadline=None, max_examples=25)
@given(
    st.lists(st.integers(0, 4), min_size=2, max_size=3),
    money,
    money,
    money,
    money.map(lambda x: x / 4),
    st.sampled_from(["longer_wins", "prefix_draw"]),
)
def test_simultaneous_equilibria_are_mutual_best_responses(figures, first, all_, tile, food, tie):
    prizes = _prizes(first, all_, tile, food)
    for equilibrium in simultaneous_equilibria(figures, tie_rule=tie, **prizes):
        for seat in range(len(figures)):
            response = best_response(seat, equilibrium.commitments, figures, tie_rule=tie, **prizes)
            assert equilibrium.values[seat] >= response.value - 1e-9
    sequential = sequential_equilibrium(figures, tie_rule=tie, **prizes)
    assert all(0 <= k <= f for k, f in zip(sequential.commitments, figures, strict=True))
    # The last seat best-responds on the path.
    last = len(figures) - 1
    assert (
        sequential.commitments[last]
        == best_response(last, sequential.commitments, figures, tie_rule=tie, **prizes).commitment
    )


@pytest.mark.parametrize(
    "figures, prizes",
    [
        ([-1, 2], _prizes(1, 1, 1, 1)),
        ([11], _prizes(1, 1, 1, 1)),
        ([1, 1, 1, 1, 1], _prizes(1, 1, 1, 1)),
        ([], _prizes(1, 1, 1, 1)),
        ([1, 1], _prizes([1, 2, 3], 1, 1, 1)),
        ([1, 1], _prizes(1, 1, 1, -1)),
        ([1, 1], _prizes(float("nan"), 1, 1, 1)),
        ([1, 1], _prizes("lots", 1, 1, 1)),
    ],
)
def test_bad_inputs(figures, prizes):
    with pytest.raises(InputError):
        sequential_equilibrium(figures, **prizes)
    with pytest.raises(InputError):
        simultaneous_equilibria(figures, **prizes)


def test_bad_best_response_inputs():
    prizes = _prizes(1, 1, 1, 1)
    with pytest.raises(InputError):
        best_response(2, [1], [1, 1], **prizes)
    with pytest.raises(InputError):
        best_response(0, [3], [1, 1], **prizes)  # seat 1 has only 1 figure
    with pytest.raises(InputError):
        best_response(0, [1, 1, 1], [1, 1], **prizes)
    with pytest.raises(InputError):
        sequential_equilibrium([1, 1], tie_rule="nope", **prizes)
