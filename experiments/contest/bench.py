"""Benchmark sections of the taming contest: the dice kernel and the exact-table draws.

Every kernel runs on one thread unless its row says otherwise; numba's built-in dice are the
yardstick of the keyed dice.
"""

from __future__ import annotations

import numpy as np

from experiments.shared.bench_core import BenchRow, BenchSize, best_time, section


def _kernels():
    from numba import njit

    from sim.contest_exact import draw_outcome
    from sim.contest_mc import TAMING
    from sim.rng import STREAM_WORDS, roll_die, seed_stream, stream_key, uniform

    @njit(cache=False)
    def builtin_dice(n_dice):
        np.random.seed(1)  # noqa: NPY002 (numba's built-in generator is the yardstick)
        total = 0
        for _ in range(n_dice):
            total += np.random.randint(1, 7)  # noqa: NPY002
        return total

    @njit(cache=False)
    def keyed_dice(words, n_dice):
        stream = np.empty(STREAM_WORDS, dtype=np.uint64)
        seed_stream(stream, stream_key(words, 0, TAMING))
        total = 0
        for _ in range(n_dice):
            total += roll_die(stream)
        return total

    @njit(cache=False)
    def table_draws_one_stream(table, commitments, words, winners):
        stream = np.empty(STREAM_WORDS, dtype=np.uint64)
        seed_stream(stream, stream_key(words, 0, TAMING))
        for contest in range(commitments.shape[0]):
            row = commitments[contest]
            winners[contest] = draw_outcome(table, row[0], row[1], row[2], row[3], uniform(stream))

    return builtin_dice, keyed_dice, table_draws_one_stream


def _random_profiles(contests: int) -> np.ndarray:
    """Four-player commitments drawn uniformly from 1..7 figures (fixed seed)."""
    return np.random.default_rng(20240501).integers(1, 8, size=(contests, 4), dtype=np.int64)


@section
def taming_dice(size: BenchSize) -> list[BenchRow]:
    """The dice-level contest kernel against numba's built-in dice."""
    import numba

    from sim.contest_mc import play_contests
    from sim.rng import seed_words

    builtin_dice, keyed_dice, _ = _kernels()
    commitments = _random_profiles(size.contests)
    dice = int(commitments.sum())
    words = seed_words(1)
    threads = numba.get_num_threads()
    numba.set_num_threads(1)
    try:
        play_contests(commitments[:1000], seed=1)
        kernel = best_time(lambda: play_contests(commitments, seed=1), size.repeats)
        builtin = best_time(lambda: builtin_dice(dice), size.repeats)
        keyed = best_time(lambda: keyed_dice(words, dice), size.repeats)
    finally:
        numba.set_num_threads(threads)
    parallel = best_time(lambda: play_contests(commitments, seed=1), size.repeats)
    name = "taming dice"
    return [
        BenchRow(name, "dice kernel (play_contests), contests/s", size.contests / kernel, "1/s"),
        BenchRow(name, "dice kernel (play_contests), dice/s", dice / kernel, "1/s"),
        BenchRow(name, "numba np.random.randint(1, 7), dice/s", dice / builtin, "1/s"),
        BenchRow(name, "ratio kernel / built-in (dice/s)", builtin / kernel, "x", 1.0),
        BenchRow(name, "keyed roll_die alone, dice/s", dice / keyed, "1/s"),
        BenchRow(
            name, f"dice kernel, {threads} threads, contests/s", size.contests / parallel, "1/s"
        ),
    ]


@section
def table_draws(size: BenchSize) -> list[BenchRow]:
    """Contest outcomes drawn from the exact table with one uniform number each."""
    import numba

    from sim.contest_exact import outcome_table
    from sim.contest_mc import sample_outcomes
    from sim.rng import seed_words

    _, _, table_draws_one_stream = _kernels()
    commitments = _random_profiles(size.draws)
    table = outcome_table("longer_wins")
    words = seed_words(1)
    winners = np.empty(size.draws, dtype=np.int8)
    threads = numba.get_num_threads()
    numba.set_num_threads(1)
    try:
        sample_outcomes(commitments[:1000], seed=1)
        keyed = best_time(lambda: sample_outcomes(commitments, seed=1), size.repeats)
        one_stream = best_time(
            lambda: table_draws_one_stream(table, commitments, words, winners), size.repeats
        )
    finally:
        numba.set_num_threads(threads)
    name = "table draws"
    return [
        BenchRow(name, "sample_outcomes (keyed stream per contest)", size.draws / keyed, "1/s"),
        BenchRow(
            name, "draw_outcome on one stream (engine use)", size.draws / one_stream, "1/s", 50e6
        ),
    ]
