"""``sim.rowcopy.copy_row``: one row onto another, every cell and nothing else."""

from __future__ import annotations

import numpy as np
import pytest
from numba import njit
from numba.core.errors import TypingError

from sim.rowcopy import copy_row
from sim.state import MAX_PLAYERS, N_GAME, N_SEAT, copy_game, new_state


@njit
def _copy(dst, h, src, g):
    copy_row(dst, h, src, g)


def _random(shape, seed):
    return np.random.default_rng(seed).integers(-30000, 30000, size=shape).astype(np.int16)


@pytest.mark.parametrize("shape", [(3, N_GAME), (4, MAX_PLAYERS, N_SEAT), (2, 3, 1)])
def test_the_row_is_copied_and_nothing_else(shape):
    src = _random(shape, 1)
    dst = _random(shape, 2)
    before = dst.copy()
    _copy(dst, 1, src, 0)
    assert np.array_equal(dst[1], src[0])
    assert np.array_equal(np.delete(dst, 1, axis=0), np.delete(before, 1, axis=0))


def test_a_row_onto_another_row_of_the_same_array():
    a = _random((3, 5, 7), 3)
    want = a.copy()
    want[2] = a[0]
    _copy(a, 2, a, 0)
    assert np.array_equal(a, want)


def test_rows_of_different_sizes_copy_the_shorter_count():
    small = _random((2, 3), 7)
    large = _random((2, 5), 8)
    before = large.copy()
    _copy(large, 0, small, 1)  # three cells onto the larger row, the rest untouched
    assert np.array_equal(large[0, :3], small[1]) and np.array_equal(large[0, 3:], before[0, 3:])
    assert np.array_equal(large[1], before[1])
    shorter = small.copy()
    _copy(small, 0, large, 1)  # nothing written past the shorter row
    assert np.array_equal(small[0], large[1, :3]) and np.array_equal(small[1], shorter[1])


def test_arrays_that_are_not_c_contiguous_do_not_compile():
    a = _random((4, 6), 4)
    with pytest.raises(TypingError):
        _copy(a[:, ::2], 0, a[:, ::2], 1)
    with pytest.raises(TypingError):
        _copy(a.astype(np.int32), 0, a, 1)


def test_copy_game_copies_the_board_and_every_seat():
    data = np.zeros((1, 1), dtype=np.int16)
    odds = np.zeros((1, 1, 1, 1, 1), dtype=np.float64)
    src = new_state(2, 4, data, odds)
    dst = new_state(3, 4, data, odds)
    src.game[:] = _random(src.game.shape, 5)
    src.seat[:] = _random(src.seat.shape, 6)
    copy_game(src, 1, dst, 2)
    assert np.array_equal(dst.game[2], src.game[1])
    assert np.array_equal(dst.seat[2], src.seat[1])
    fresh = new_state(3, 4, data, odds)
    assert np.array_equal(dst.game[:2], fresh.game[:2])
    assert np.array_equal(dst.seat[:2], fresh.seat[:2])
