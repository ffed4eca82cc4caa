"""Monte Carlo of the taming contest: the dice-level kernel and the table sampler.

:func:`roll_contest` rolls every die of a contest from a keyed stream (:mod:`sim.rng`) and
judges the hands by docs/rules.md B2.4/B3; the round engine calls it in its dice-level check mode.
:func:`play_contests` runs many contests in parallel, contest ``c`` on the taming stream of game
``start + c``, so results do not depend on batch size, chunking or thread count.
:func:`sample_outcomes` draws the same outcomes' distribution from the exact table
(:func:`sim.contest_exact.outcome_table`) with one uniform number per contest.

Outcome codes as in :mod:`sim.contest_exact`: seat ``0..3`` wins, ``-1`` draw, ``-2`` nobody.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass

import numpy as np
from numba import njit, prange

from sim.contest_exact import (
    DRAW,
    FACE_WEIGHT,
    NOBODY,
    as_commitment_array,
    draw_outcome,
    outcome_table,
)
from sim.errors import InputError
from sim.jit import hot
from sim.rng import STREAM_WORDS, Purpose, roll_die, seed_stream, seed_words, stream_key, uniform
from sim.rules import TIE_RULES, tie_rule_code
from sim.stats import wilson_interval

TAMING = int(Purpose.TAMING)
LONGER_WINS = TIE_RULES.index("longer_wins")
BLOCK = 2048
"""Contests per parallel block: each block allocates one stream array and reseeds it."""


@hot(inline=True)
def roll_hand(stream, figures):
    """Roll ``figures`` dice and return the hand's key (base-11 digits: counts of 1s..6s).

    Keys of hands compare like the hands under ``longer_wins``, across hand sizes too.
    """
    key = 0
    for _ in range(figures):
        key += FACE_WEIGHT[roll_die(stream) - 1]
    return key


@hot(inline=True)
def _keep(count, remaining):
    """How many dice of one face a truncated hand keeps, and how many places are left."""
    take = min(count, remaining)
    return take, remaining - take


@hot(inline=True)
def top_dice(key, m):
    """Return the key of the ``m`` highest dice of a hand key (``m`` >= 0)."""
    # Digits peeled off with constant divisors (compiled to multiplications), 6s first.
    c6 = key // 161051
    key -= c6 * 161051
    c5 = key // 14641
    key -= c5 * 14641
    c4 = key // 1331
    key -= c4 * 1331
    c3 = key // 121
    key -= c3 * 121
    c2 = key // 11
    c1 = key - c2 * 11
    t6, m = _keep(c6, m)
    t5, m = _keep(c5, m)
    t4, m = _keep(c4, m)
    t3, m = _keep(c3, m)
    t2, m = _keep(c2, m)
    t1, m = _keep(c1, m)
    return t6 * 161051 + t5 * 14641 + t4 * 1331 + t3 * 121 + t2 * 11 + t1


@hot(inline=True)
def hand_beats(key_a, figures_a, key_b, figures_b, tie_code):
    """Return whether hand ``a`` beats hand ``b`` under the tie rule with code ``tie_code``."""
    if tie_code == LONGER_WINS or figures_a == figures_b:
        return key_a > key_b
    if figures_a > figures_b:  # prefix_draw: only the shorter hand's length counts
        return top_dice(key_a, figures_b) > key_b
    return key_a > top_dice(key_b, figures_a)


@hot(inline=True)
def unique_best(key0, key1, key2, key3):
    """Winner under ``longer_wins``: the seat with the unique highest key, else ``-1`` (draw).

    A seat that does not take part has key 0; a participant's key is at least 1.
    """
    best = max(max(key0, key1), max(key2, key3))
    at0 = key0 == best
    at1 = key1 == best
    at2 = key2 == best
    at3 = key3 == best
    if at0 + at1 + at2 + at3 > 1:
        return DRAW
    return at1 * 1 + at2 * 2 + at3 * 3  # branch-free: hands are random, branches mispredict


@hot(inline=True)
def beats_every_rival(seat, keys, figures_of, tie_code):
    """Whether ``seat``'s hand beats every other participant's (no figures: not a rival).

    ``keys`` and ``figures_of`` hold each seat's hand key and figures (seats 0 to 3)."""
    key0, key1, key2, key3 = keys
    k0, k1, k2, k3 = figures_of
    key = key0 if seat == 0 else key1 if seat == 1 else key2 if seat == 2 else key3
    figures = k0 if seat == 0 else k1 if seat == 1 else k2 if seat == 2 else k3
    return (
        (seat == 0 or k0 == 0 or hand_beats(key, figures, key0, k0, tie_code))
        and (seat == 1 or k1 == 0 or hand_beats(key, figures, key1, k1, tie_code))
        and (seat == 2 or k2 == 0 or hand_beats(key, figures, key2, k2, tie_code))
        and (seat == 3 or k3 == 0 or hand_beats(key, figures, key3, k3, tie_code))
    )


@hot
def roll_contest(stream, commitments_row, tie_code):
    """Roll one taming contest and return its outcome.

    Seat 0's dice are rolled first, then seat 1's, and so on; a seat with no figure rolls none.
    A seat wins when its hand beats every other participant's (for ``longer_wins`` that is the
    unique best hand); otherwise the contest is a draw.

    Parameters
    ----------
    stream : numpy.ndarray
        A seeded ``uint64`` stream of :mod:`sim.rng` (the game's taming stream).
    commitments_row : numpy.ndarray
        Figures on the tile per seat, 1 to 4 seats, 0..10 each (not checked here).
    tie_code : int
        Position of the tie rule in :data:`sim.rules.TIE_RULES`.

    Returns
    -------
    int
        The winner's seat ``0..3``, ``-1`` for a draw, ``-2`` when nobody takes part.
    """
    players = commitments_row.shape[0]
    k0 = np.int64(commitments_row[0]) if players > 0 else np.int64(0)
    k1 = np.int64(commitments_row[1]) if players > 1 else np.int64(0)
    k2 = np.int64(commitments_row[2]) if players > 2 else np.int64(0)
    k3 = np.int64(commitments_row[3]) if players > 3 else np.int64(0)
    if k0 + k1 + k2 + k3 == 0:
        return NOBODY
    key0 = roll_hand(stream, k0)
    key1 = roll_hand(stream, k1)
    key2 = roll_hand(stream, k2)
    key3 = roll_hand(stream, k3)
    best = unique_best(key0, key1, key2, key3)
    if tie_code == LONGER_WINS or best == DRAW:
        return best
    # prefix_draw: beating a hand on a prefix implies beating it under longer_wins, so only the
    # unique best hand can beat every rival; check it does on the shorter hands' length.
    if beats_every_rival(best, (key0, key1, key2, key3), (k0, k1, k2, k3), tie_code):
        return best
    return DRAW


@njit(cache=True)
def _play_block(commitments, words, start, tie_code, winners, first, stop):
    stream = np.empty(STREAM_WORDS, dtype=np.uint64)
    for contest in range(first, stop):
        seed_stream(stream, stream_key(words, start + contest, TAMING))
        winners[contest] = roll_contest(stream, commitments[contest], tie_code)


@njit(cache=True)
def _sample_block(commitments, table, words, start, winners, first, stop):
    stream = np.empty(STREAM_WORDS, dtype=np.uint64)
    for contest in range(first, stop):
        seed_stream(stream, stream_key(words, start + contest, TAMING))
        row = commitments[contest]
        winners[contest] = draw_outcome(table, row[0], row[1], row[2], row[3], uniform(stream))


@njit(cache=True, parallel=True)
def _play_contests(commitments, words, start, tie_code, winners):
    n = commitments.shape[0]
    for block in prange((n + BLOCK - 1) // BLOCK):
        first = block * BLOCK
        _play_block(commitments, words, start, tie_code, winners, first, min(first + BLOCK, n))


@njit(cache=True, parallel=True)
def _sample_outcomes(commitments, table, words, start, winners):
    n = commitments.shape[0]
    for block in prange((n + BLOCK - 1) // BLOCK):
        first = block * BLOCK
        _sample_block(commitments, table, words, start, winners, first, min(first + BLOCK, n))


def _check_seed(seed, start) -> tuple[np.ndarray, int]:
    try:
        seed = operator.index(seed)
        start = operator.index(start)
    except TypeError:
        raise InputError("seed and start must be whole numbers") from None
    if seed < 0:
        raise InputError(f"seed must be >= 0, not {seed}")
    if start < 0:
        raise InputError(f"start must be >= 0, not {start}")
    return seed_words(seed), start


def play_contests(commitments, seed: int, tie_rule: str = "longer_wins", start: int = 0):
    """Roll many taming contests with the dice-level kernel.

    Parameters
    ----------
    commitments : array-like of int, shape (n, P)
        Figures on the tile per contest and seat (``1 <= P <= 4``, 0..10 each); a 1-d input is
        one contest.
    seed : int
        The run's seed (>= 0).
    tie_rule : str
        ``"longer_wins"`` (default) or ``"prefix_draw"``.
    start : int
        Game index of the first contest: contest ``c`` uses the taming stream of game
        ``start + c``, so running in chunks with matching ``start`` gives the same outcomes.

    Returns
    -------
    numpy.ndarray
        ``int8`` outcome codes, one per contest: seat, ``-1`` draw or ``-2`` nobody.
    """
    tie_code = tie_rule_code(tie_rule)
    padded, _ = as_commitment_array(commitments)
    words, start = _check_seed(seed, start)
    winners = np.empty(padded.shape[0], dtype=np.int8)
    _play_contests(padded, words, np.int64(start), np.int64(tie_code), winners)
    return winners


def sample_outcomes(commitments, seed: int, tie_rule: str = "longer_wins", start: int = 0):
    """Draw many contests' outcomes from the exact table, one uniform number each.

    Arguments and result as in :func:`play_contests`; contest ``c`` draws
    :func:`sim.rng.uniform` once from the taming stream of game ``start + c``.

    Parameters
    ----------
    commitments : array-like of int, shape (n, P)
        Figures on the tile per contest and seat.
    seed : int
        The run's seed (>= 0).
    tie_rule : str
        ``"longer_wins"`` (default) or ``"prefix_draw"``.
    start : int
        Game index of the first contest.

    Returns
    -------
    numpy.ndarray
        ``int8`` outcome codes, one per contest.
    """
    tie_rule_code(tie_rule)
    padded, _ = as_commitment_array(commitments)
    words, start = _check_seed(seed, start)
    winners = np.empty(padded.shape[0], dtype=np.int8)
    _sample_outcomes(padded, outcome_table(tie_rule), words, np.int64(start), winners)
    return winners


@dataclass(frozen=True)
class ContestEstimate:
    """Monte Carlo rates of a contest's outcomes with Wilson intervals.

    Attributes
    ----------
    n : int
        Contests played.
    counts : numpy.ndarray
        ``int64`` counts ``[wins of seat 0, ..., wins of seat P-1, draws, nobody]``.
    rate, low, high : numpy.ndarray
        ``float64`` rates and interval bounds in the same layout.
    z : float
        The normal quantile the intervals were made with (1.96: 95 %).
    """

    n: int
    counts: np.ndarray
    rate: np.ndarray
    low: np.ndarray
    high: np.ndarray
    z: float

    @property
    def players(self) -> int:
        """Number of seats."""
        return self.counts.shape[0] - 2


def outcome_counts(winners, players: int) -> np.ndarray:
    """Count outcome codes as ``[wins per seat..., draws, nobody]``.

    Parameters
    ----------
    winners : array-like of int
        Outcome codes (seat, ``-1`` draw, ``-2`` nobody).
    players : int
        Number of seats.

    Returns
    -------
    numpy.ndarray
        ``int64`` counts of length ``players + 2``.
    """
    codes = np.asarray(winners, dtype=np.int64)
    if codes.size and (codes.min() < NOBODY or codes.max() >= players):
        raise InputError(f"outcome codes must be from {NOBODY} to {players - 1}")
    columns = np.where(codes >= 0, codes, players - 1 - codes)  # -1 -> players, -2 -> players+1
    return np.bincount(columns, minlength=players + 2).astype(np.int64)


def summarise_counts(counts, z: float = 1.96) -> ContestEstimate:
    """Turn outcome counts into rates with Wilson intervals.

    Parameters
    ----------
    counts : array-like of int
        ``[wins per seat..., draws, nobody]``, e.g. summed over chunks.
    z : float
        Normal quantile of the interval (1.96 for 95 %).

    Returns
    -------
    ContestEstimate
        Rates and intervals.
    """
    counts = np.asarray(counts, dtype=np.int64)
    n = int(counts.sum())
    low, high = wilson_interval(counts, n, z)
    rate = counts / n if n else np.full(counts.shape, np.nan)
    return ContestEstimate(n, counts, rate, np.asarray(low), np.asarray(high), z)


def summarise_winners(winners, players: int, z: float = 1.96) -> ContestEstimate:
    """Summarise outcome codes as rates with Wilson intervals.

    Parameters
    ----------
    winners : array-like of int
        Outcome codes from :func:`play_contests` or :func:`sample_outcomes`.
    players : int
        Number of seats.
    z : float
        Normal quantile of the interval (1.96 for 95 %).

    Returns
    -------
    ContestEstimate
        Rates and intervals ``[seats..., draw, nobody]``.
    """
    return summarise_counts(outcome_counts(winners, players), z)


def estimate_odds(
    commitments,
    n: int,
    seed: int,
    tie_rule: str = "longer_wins",
    chunk: int = 1 << 20,
    z: float = 1.96,
) -> ContestEstimate:
    """Play one profile ``n`` times with the dice kernel, in chunks, and summarise.

    Parameters
    ----------
    commitments : sequence of int
        Figures per seat of the one profile played.
    n : int
        Contests to play (>= 1).
    seed : int
        The run's seed; contest ``c`` is game ``c`` of that seed.
    tie_rule : str
        ``"longer_wins"`` (default) or ``"prefix_draw"``.
    chunk : int
        Contests per call of :func:`play_contests` (memory only; results do not depend on it).
    z : float
        Normal quantile of the intervals.

    Returns
    -------
    ContestEstimate
        Rates and Wilson intervals ``[seats..., draw, nobody]``.
    """
    row, players = as_commitment_array(commitments)
    if row.shape[0] != 1:
        raise InputError("estimate_odds plays one profile: give a flat list of figures per seat")
    n = operator.index(n)
    if n < 1:
        raise InputError(f"number of contests must be >= 1, not {n}")
    counts = np.zeros(players + 2, dtype=np.int64)
    for first in range(0, n, chunk):
        size = min(chunk, n - first)
        block = np.broadcast_to(row[:, :players], (size, players))
        counts += outcome_counts(play_contests(block, seed, tie_rule, start=first), players)
    return summarise_counts(counts, z)
