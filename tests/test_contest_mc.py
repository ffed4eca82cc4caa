"""The dice kernel and the table sampler against exact odds, and their determinism."""

from __future__ import annotations

import numba
import numpy as np
import pytest
from numba import njit

from sim.contest_exact import odds
from sim.contest_mc import (
    estimate_odds,
    outcome_counts,
    play_contests,
    roll_contest,
    sample_outcomes,
    summarise_winners,
)
from sim.errors import InputError
from sim.rng import Purpose, open_stream, seed_words
from sim.rules import TIE_RULES, tie_rule_code

N = 200_000
SIGMAS = 4.5
PROFILES = [(3, 1), (2, 2, 4), (1, 3, 2, 5), (0, 2, 3, 1), (1, 1, 1, 1)]


def _assert_close_to_exact(winners, commitments, tie_rule):
    players = len(commitments)
    counts = outcome_counts(winners, players)
    exact = odds(commitments, tie_rule).as_vector()
    n = winners.shape[0]
    for column, p in enumerate(exact):
        if p == 0.0 or p == 1.0:
            assert counts[column] == round(p * n), (column, counts, exact)
            continue
        tolerance = SIGMAS * np.sqrt(p * (1 - p) / n)
        assert abs(counts[column] / n - p) <= tolerance, (column, counts / n, exact)


@pytest.mark.parametrize("tie_rule", TIE_RULES)
@pytest.mark.parametrize("commitments", PROFILES)
def test_dice_kernel_matches_exact_odds(commitments, tie_rule):
    block = np.tile(np.array(commitments), (N, 1))
    winners = play_contests(block, seed=11, tie_rule=tie_rule)
    assert winners.dtype == np.int8 and winners.shape == (N,)
    _assert_close_to_exact(winners, commitments, tie_rule)


@pytest.mark.parametrize("tie_rule", TIE_RULES)
@pytest.mark.parametrize("commitments", PROFILES)
def test_table_sampler_matches_exact_odds(commitments, tie_rule):
    block = np.tile(np.array(commitments), (N, 1))
    winners = sample_outcomes(block, seed=12, tie_rule=tie_rule)
    _assert_close_to_exact(winners, commitments, tie_rule)


def test_trivial_contests():
    rows = np.array([[0, 0, 0], [0, 4, 0], [10, 0, 0], [0, 0, 1]])
    expected = [-2, 1, 0, 2]
    for tie_rule in TIE_RULES:
        assert play_contests(rows, 3, tie_rule).tolist() == expected
        assert sample_outcomes(rows, 3, tie_rule).tolist() == expected


def _mixed(n=50_000):
    return np.random.default_rng(5).integers(0, 11, size=(n, 4))


@pytest.mark.parametrize("driver", [play_contests, sample_outcomes])
def test_same_seed_same_results_any_threads_chunks_and_global_rng(driver):
    commitments = _mixed()
    reference = driver(commitments, 42, "prefix_draw")
    assert np.array_equal(driver(commitments, 42, "prefix_draw"), reference)
    assert not np.array_equal(driver(commitments, 43, "prefix_draw"), reference)

    threads = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        one_thread = driver(commitments, 42, "prefix_draw")
        numba.set_num_threads(min(2, numba.config.NUMBA_NUM_THREADS))
        two_threads = driver(commitments, 42, "prefix_draw")
    finally:
        numba.set_num_threads(threads)
    assert np.array_equal(one_thread, reference)
    assert np.array_equal(two_threads, reference)

    cut = 12_345
    chunked = np.concatenate(
        [
            driver(commitments[:cut], 42, "prefix_draw"),
            driver(commitments[cut:], 42, "prefix_draw", start=cut),
        ]
    )
    assert np.array_equal(chunked, reference)
    assert driver(commitments[777:778], 42, "prefix_draw", start=777)[0] == reference[777]

    np.random.seed(999)  # noqa: NPY002 (the legacy global generator is the point)
    np.random.random(1000)  # noqa: NPY002
    _disturb_numba_global_rng()
    assert np.array_equal(driver(commitments, 42, "prefix_draw"), reference)


@njit
def _disturb_numba_global_rng():
    np.random.seed(123)  # noqa: NPY002
    total = 0.0
    for _ in range(1000):
        total += np.random.random()  # noqa: NPY002
    return total


@njit
def _replay(words, commitments, tie_code, game):
    stream = open_stream(words, game, Purpose.TAMING.value)
    return roll_contest(stream, commitments, tie_code)


def test_roll_contest_replays_one_game_alone():
    commitments = _mixed(2_000)
    words = seed_words(8)
    for tie_rule in TIE_RULES:
        winners = play_contests(commitments, 8, tie_rule)
        code = tie_rule_code(tie_rule)
        for game in (0, 1, 999, 1_999):
            assert _replay(words, commitments[game], code, game) == winners[game]
            # A row shorter than four seats behaves like zeros in the missing seats.
            short = commitments[game][:2].copy()
            padded = np.array([short[0], short[1], 0, 0])
            assert _replay(words, short, code, game) == _replay(words, padded, code, game)


def test_estimate_odds_chunking_and_intervals():
    whole = estimate_odds([2, 1, 1], 30_000, seed=4, chunk=1 << 20)
    pieces = estimate_odds([2, 1, 1], 30_000, seed=4, chunk=7_000)
    assert np.array_equal(whole.counts, pieces.counts)
    assert whole.n == 30_000 and whole.players == 3
    assert np.all(whole.low <= whole.rate) and np.all(whole.rate <= whole.high)
    direct = summarise_winners(play_contests(np.tile([2, 1, 1], (30_000, 1)), 4), 3)
    assert np.array_equal(direct.counts, whole.counts)


def test_outcome_counts_layout():
    counts = outcome_counts(np.array([0, 1, 1, -1, -2, -1]), 2)
    assert counts.tolist() == [1, 2, 2, 1]
    with pytest.raises(InputError):
        outcome_counts(np.array([3]), 2)


@pytest.mark.parametrize(
    "bad",
    [np.array([[1, 11]]), np.array([[-1, 1]]), np.ones((2, 5), dtype=int), np.array([[1.5, 1]])],
)
def test_bad_commitments(bad):
    with pytest.raises(InputError):
        play_contests(bad, 1)
    with pytest.raises(InputError):
        sample_outcomes(bad, 1)


def test_bad_seed_tie_rule_and_start():
    rows = np.array([[1, 1]])
    with pytest.raises(InputError):
        play_contests(rows, -1)
    with pytest.raises(InputError):
        play_contests(rows, 1, start=-3)
    with pytest.raises(InputError):
        play_contests(rows, 1, "coin_flip")
    with pytest.raises(InputError):
        estimate_odds([1, 1], 0, 1)
