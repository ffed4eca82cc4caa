"""The behaviour profile's arithmetic, on small hand-made tables with known answers."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from experiments.compare.analysis_profile import (
    COLUMNS,
    ROUND_BINS,
    ProfileStats,
    histogram_percentile,
    profile,
    profile_table,
)
from sim.errors import InputError


def seats(rows) -> pd.DataFrame:
    """A per-seat table with the columns the profile reads, from (strategy, seat, rounds, ...)."""
    columns = [
        "game", "strategy", "seat", "rounds", "starvation_penalty", "starved_while_able",
        "resource_points", "culture_points", "cards", "buildings", "people", "agriculture",
        "tools", "tiles_won", "figures_committed",
    ]  # fmt: skip
    return pd.DataFrame(rows, columns=columns)


# Three 2-player games of "A" against "B"; A sits twice in game 2 (a 2-strategy table cycles).
HAND = seats(
    [
        # game strategy seat rounds starve able res cult cards bld ppl agr tools tiles figs
        (0, "A", 0, 20, 0, 0, 3, 4, 5, 2, 7, 3, 6, 1, 2),
        (0, "B", 1, 20, -10, 1, 0, 0, 1, 4, 5, 1, 2, 0, 0),
        (1, "B", 0, 30, -20, 0, 1, 9, 3, 3, 6, 2, 4, 2, 5),
        (1, "A", 1, 30, 0, 0, 2, 1, 2, 1, 8, 4, 9, 0, 0),
        (2, "A", 0, 22, -10, 2, 5, 0, 0, 5, 9, 5, 3, 3, 4),
        (2, "A", 1, 22, 0, 0, 0, 16, 6, 0, 5, 0, 0, 0, 1),
    ]
)


def test_profile_of_a_hand_made_table():
    table = profile(HAND).set_index("strategy")
    assert list(table.reset_index().columns) == list(COLUMNS)
    a, b = table.loc["A"], table.loc["B"]
    assert a["seats"] == 4 and b["seats"] == 2
    assert a["players"] == 2 and a["herd"] == "on"
    # rounds of A's seats: 20, 30, 22, 22
    assert a["rounds_mean"] == pytest.approx(23.5)
    assert a["rounds_p95"] == 30  # 95% of 4 seats is 3.8: the 4th smallest
    assert a["share_over_25_rounds"] == pytest.approx(0.25)
    assert b["rounds_mean"] == pytest.approx(25.0) and b["rounds_p95"] == 30
    assert b["share_over_25_rounds"] == pytest.approx(0.5)
    # -10s: A took one (game 2, able to pay); B took one in game 0 (able) and two in game 1
    assert a["share_starved"] == pytest.approx(0.25)
    assert a["share_starved_able"] == pytest.approx(0.25)
    assert b["share_starved"] == pytest.approx(1.0)
    assert b["share_starved_able"] == pytest.approx(0.5)
    expected_a = {
        "resources_left": 10 / 4, "culture_points": 21 / 4, "cards": 13 / 4,
        "buildings": 8 / 4, "people": 29 / 4, "agriculture": 12 / 4, "tools": 18 / 4,
        "tiles_won": 4 / 4, "figures_committed": 7 / 4,
    }  # fmt: skip
    for column, value in expected_a.items():
        assert a[column] == pytest.approx(value), column
    assert b["culture_points"] == pytest.approx(4.5) and b["tiles_won"] == pytest.approx(1.0)


def test_names_order_and_a_strategy_without_seats():
    table = profile(HAND, names=["B", "A", "C"], herd=False)
    assert list(table["strategy"]) == ["B", "A", "C"]
    assert set(table["herd"]) == {"off"}
    c = table.iloc[2]
    assert c["seats"] == 0 and np.isnan(c["rounds_mean"]) and np.isnan(c["rounds_p95"])
    with pytest.raises(InputError, match="'A'"):
        profile(HAND, names=["B"])


@pytest.mark.parametrize("size", [1, 2, 3, 19, 20, 21, 40, 99, 100, 101, 257])
def test_percentile_by_histogram_equals_numpys_inverted_cdf(size):
    """The documented definition is numpy's ``inverted_cdf``; the histogram gives it exactly."""
    rng = np.random.default_rng(size)
    for _ in range(20):
        data = rng.integers(8, 40, size=size)
        counts = np.bincount(data, minlength=ROUND_BINS)
        for q in (1, 5, 50, 90, 95, 99, 100):
            expected = np.percentile(data, q, method="inverted_cdf")
            assert histogram_percentile(counts, q) == expected, (size, q)


def test_percentile_by_hand():
    assert histogram_percentile([0, 0, 0], 95) != histogram_percentile([0, 0, 0], 95)  # NaN
    counts = np.zeros(30, dtype=int)
    counts[20] = 19
    counts[29] = 1  # 20 values: 19 twenties and one 29; 95% of 20 is exactly 19
    assert histogram_percentile(counts, 95) == 20
    counts[29] = 2  # 21 values: 95% is 19.95, so the 20th smallest
    assert histogram_percentile(counts, 95) == 29
    with pytest.raises(InputError):
        histogram_percentile(counts, 0)
    with pytest.raises(InputError):
        histogram_percentile([-1, 2], 50)


def random_table(games: int, seed: int) -> pd.DataFrame:
    """A made-up 3-player per-seat table, three strategies, seats shuffled."""
    rng = np.random.default_rng(seed)
    n = 3 * games
    rounds = np.repeat(rng.integers(12, 40, size=games), 3)
    counted = (
        "resource_points", "culture_points", "cards", "buildings", "people", "agriculture",
        "tools", "tiles_won", "figures_committed",
    )  # fmt: skip
    return pd.DataFrame(
        {
            "game": np.repeat(np.arange(games), 3),
            "strategy": rng.choice(["x", "y", "z"], size=n),
            "seat": np.tile(np.arange(3), games),
            "rounds": rounds,
            "starvation_penalty": -10 * rng.integers(0, 3, size=n) * (rng.random(n) < 0.3),
            "starved_while_able": rng.integers(0, 2, size=n) * (rng.random(n) < 0.2),
            **{c: rng.integers(0, 12, size=n) for c in counted},
        }
    )


def test_chunks_merge_to_the_identical_profile():
    frame = random_table(500, seed=3)
    names = ["x", "y", "z"]
    whole = ProfileStats.from_games(frame, names, 3)
    for cuts in ([0, 1500], [0, 3, 300, 1497, 1500], [0, 750, 1500]):
        parts = [frame.iloc[a:b] for a, b in zip(cuts[:-1], cuts[1:], strict=True)]
        merged = ProfileStats(names, 3)
        for part in reversed(parts):  # order does not matter either
            merged = merged + ProfileStats.from_games(part, names, 3)
        assert merged.equals(whole)
        pd.testing.assert_frame_equal(merged.table(), whole.table())
    arrays = whole.to_arrays("p3_on_")
    assert ProfileStats.from_arrays(arrays, names, 3, prefix="p3_on_").equals(whole)
    # against a direct computation on the frame
    table = whole.table().set_index("strategy")
    for name, part in frame.groupby("strategy"):
        rounds = part["rounds"].to_numpy()
        assert table.loc[name, "rounds_mean"] == pytest.approx(rounds.mean())
        assert table.loc[name, "rounds_p95"] == np.percentile(rounds, 95, method="inverted_cdf")
        assert table.loc[name, "share_over_25_rounds"] == pytest.approx((rounds > 25).mean())
        assert table.loc[name, "share_starved"] == pytest.approx(
            (part["starvation_penalty"] < 0).mean()
        )
        assert table.loc[name, "people"] == pytest.approx(part["people"].mean())


def test_only_like_statistics_merge_and_tables_stack():
    on = ProfileStats.from_games(HAND, ["A", "B"], 2, herd=True)
    off = ProfileStats.from_games(HAND, ["A", "B"], 2, herd=False)
    with pytest.raises(ValueError):
        on + off
    stacked = profile_table([off, on])
    assert list(stacked["herd"]) == ["on", "on", "off", "off"]
    assert list(profile_table([]).columns) == list(COLUMNS)
