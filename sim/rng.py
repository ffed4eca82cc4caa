"""Keyed random streams: a game is a pure function of (seed, game index, purpose).

A run's seed goes through ``numpy.random.SeedSequence`` into two 64-bit words. Each game and each
purpose (shuffles, gathering dice, card dice, herd tiles, taming dice, a seat's strategy) gets
its own xoshiro256** generator, seeded by SplitMix64 from a key mixed from those words, the game
index and the purpose. Nothing depends on batch size, chunking, threads or workers, and changing
what one purpose draws leaves every other purpose's numbers unchanged.

A stream lives in a ``uint64`` array of :data:`STREAM_WORDS` words: four words of generator
state, a buffered 64-bit word, and how many 16-bit chunks of it are still unused (dice are cut
from 16-bit chunks, four per draw, with exact rejection).
"""

from __future__ import annotations

from enum import IntEnum

import numpy as np
from numba import njit

from sim.jit import hot

STREAM_WORDS = 6
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_U30 = np.uint64(30)
_U27 = np.uint64(27)
_U31 = np.uint64(31)
_U16 = np.uint64(16)
_MASK16 = np.uint64(0xFFFF)
_ZERO = np.uint64(0)
_ONE = np.uint64(1)


class Purpose(IntEnum):
    """What a random stream is for; each game has one stream per purpose."""

    SHUFFLE = 0
    GATHER = 1
    CARD_DICE = 2
    HERD_TILES = 3
    TAMING = 4
    STRATEGY = 5  # STRATEGY + seat: one stream per seat


N_PURPOSES = int(Purpose.STRATEGY) + 4


def seed_words(seed: int) -> np.ndarray:
    """Turn a user's seed into the two 64-bit words every key is mixed from.

    Parameters
    ----------
    seed : int
        Any non-negative integer.

    Returns
    -------
    numpy.ndarray
        Two ``uint64`` words.
    """
    return np.random.SeedSequence(int(seed)).generate_state(2, dtype=np.uint64)


@hot(inline=True)
def mix64(z):
    """SplitMix64's finaliser: a bijective avalanche of one 64-bit word."""
    z = (z ^ (z >> _U30)) * _MIX1
    z = (z ^ (z >> _U27)) * _MIX2
    return z ^ (z >> _U31)


@hot(inline=True)
def stream_key(words, game, purpose):
    """Mix the seed words, a game index and a purpose into one 64-bit key."""
    k = mix64(words[0] ^ mix64(np.uint64(game) * _GOLDEN + words[1]))
    return mix64(k + (np.uint64(purpose) + _ONE) * _GOLDEN)


@hot(inline=True)
def _rotl(x, k):
    return (x << np.uint64(k)) | (x >> np.uint64(64 - k))


@hot
def seed_stream(stream, key):
    """Seed one stream array in place from a 64-bit key (SplitMix64 fills the state)."""
    x = key
    for i in range(4):
        x = x + _GOLDEN
        stream[i] = mix64(x)
    stream[4] = _ZERO
    stream[5] = _ZERO


_BRANCH_SALT = np.uint64(0x5EA4C4D15EA4C4D1)


@hot
def seed_branch(streams, key, i):
    """Seed every purpose's stream of play-out ``i`` of the decision keyed ``key``.

    A decision draws one 64-bit ``key`` from the deciding seat's stream; each option played out
    from it with the same ``i`` gets the same streams (common random numbers), and the game
    stays a pure function of its seed.
    """
    branch = mix64(key ^ mix64(np.uint64(i) * _GOLDEN + _BRANCH_SALT))
    for purpose in range(N_PURPOSES):
        seed_stream(streams[purpose], mix64(branch + np.uint64(purpose + 1) * _GOLDEN))


@njit(cache=True)
def open_stream(words, game, purpose):
    """Return a fresh stream array for (seed words, game, purpose)."""
    stream = np.empty(STREAM_WORDS, dtype=np.uint64)
    seed_stream(stream, stream_key(words, game, purpose))
    return stream


@hot(inline=True)
def next_u64(stream):
    """Draw the next 64-bit word of a stream (xoshiro256**)."""
    s0 = stream[0]
    s1 = stream[1]
    s2 = stream[2]
    s3 = stream[3]
    result = _rotl(s1 * np.uint64(5), 7) * np.uint64(9)
    t = s1 << np.uint64(17)
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = _rotl(s3, 45)
    stream[0] = s0
    stream[1] = s1
    stream[2] = s2
    stream[3] = s3
    return result


@hot(inline=True)
def _chunk16(stream):
    if stream[5] == _ZERO:
        stream[4] = next_u64(stream)
        stream[5] = np.uint64(4)
    word = stream[4]
    stream[4] = word >> _U16
    stream[5] -= _ONE
    return word & _MASK16


@hot(inline=True)
def roll_die(stream):
    """Roll one fair six-sided die (1..6), exactly uniform (Lemire's method with rejection)."""
    while True:
        m = _chunk16(stream) * np.uint64(6)
        if (m & _MASK16) >= np.uint64(4):  # 65536 % 6 == 4 low values are rejected
            return np.int64(m >> _U16) + 1


@hot(inline=True)
def below(stream, n):
    """Draw an integer uniformly from 0..n-1 (n >= 1, n < 2**32), exactly."""
    bound = np.uint64(n)
    threshold = (np.uint64(1) << np.uint64(32)) % bound
    while True:
        m = (next_u64(stream) >> np.uint64(32)) * bound
        if (m & np.uint64(0xFFFFFFFF)) >= threshold:
            return np.int64(m >> np.uint64(32))


@hot(inline=True)
def uniform(stream):
    """Draw a float uniformly from [0, 1) with 53 random bits."""
    return np.float64(next_u64(stream) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@hot
def shuffle(stream, items):
    """Shuffle a 1-d array in place (Fisher-Yates with exact bounded draws)."""
    for i in range(items.shape[0] - 1, 0, -1):
        j = below(stream, i + 1)
        tmp = items[i]
        items[i] = items[j]
        items[j] = tmp
