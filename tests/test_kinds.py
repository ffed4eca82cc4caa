"""The ``worth`` and ``commit`` experiment kinds: chunks, workers, resume, the same files."""

from __future__ import annotations

import numpy as np
import pandas as pd

from experiments.paired import Moments


def _saved_and_loaded(arrays: dict, path) -> dict:
    np.savez(path, **arrays)
    with np.load(path) as data:  # allow_pickle is off: every array must be plain
        return {k: data[k] for k in data.files}


def test_moments_arrays_round_trip(tmp_path):
    frame = pd.DataFrame(
        {
            "condition": ["a/x", "b", "a/x", "b", "a/x"],
            "players": [2, 3, 2, 2, 4],
            "flag": [True, False, True, True, False],
            "game": [0, 0, 1, 1, 2],
            "m": [1, -2, 3, 4, 12],
        }
    )
    keys = ("condition", "players", "flag")
    stats = Moments.from_units(frame, keys, ("m",), "game")
    other = Moments.from_units(frame.assign(m=frame["m"] * 2), ("condition",), ("m",), "game")
    arrays = {**stats.to_arrays("one."), **other.to_arrays("two.")}
    assert all(a.dtype != object for a in arrays.values())
    assert arrays["one.key.players"].dtype == np.int64
    assert arrays["one.stat.m__sq"].dtype == np.int64
    loaded = _saved_and_loaded(arrays, tmp_path / "m.npz")
    back = Moments.from_arrays(loaded, "one.", keys, ("m",))
    assert back.equals(stats)
    for level in range(3):
        assert (
            back.table.index.get_level_values(level).dtype
            == stats.table.index.get_level_values(level).dtype
        )
    first = back.table.index[0]
    assert isinstance(first[0], str) and isinstance(first[1], np.integer)
    assert isinstance(first[2], np.bool_ | bool)
    assert Moments.from_arrays(loaded, "two.", ("condition",), ("m",)).equals(other)
    assert (back + stats).equals(stats + stats)
    pd.testing.assert_frame_equal(back.summary(), stats.summary())


def test_empty_moments_round_trip(tmp_path):
    empty = Moments(("condition", "players"), ("m",))
    back = Moments.from_arrays(
        _saved_and_loaded(empty.to_arrays(), tmp_path / "e.npz"), "", empty.keys, empty.metrics
    )
    assert back.equals(empty) and back.table.empty
