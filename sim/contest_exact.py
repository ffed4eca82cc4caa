"""Exact odds of the taming contest (docs/rules.md B2.4 and B3).

Every participant rolls one die per figure on the tile, without tools. Hands are compared by the
highest die, then the next highest, and so on. A hand is keyed by its counts of 6s, 5s, ... 1s:
sorted descending, two hands compare die by die exactly as their count vectors compare
lexicographically, so a hand is a multiset and its probability is a multinomial weight over
``6**k`` equally likely rolls.

Tie rules (:data:`sim.rules.TIE_RULES`):

``longer_wins``
    Level on every compared die, the longer hand wins. Hands are totally ordered by their count
    vectors and only identical hands tie.
``prefix_draw``
    Two hands compare only as many dice as the shorter one has; level means neither beats the
    other. A player wins only by beating every other participant this way.

Given the winner's hand ``h`` the other hands are independent, so
``P(seat i wins) = sum_h p_i(h) * prod_{j != i} P(hand_j loses to h)``. The probability that a
``k_j``-dice hand loses to ``h`` is tabulated once per tie rule for every pair of hand sizes.

Outcome codes, shared with :mod:`sim.contest_mc` and the round engine: a winner's seat ``0..3``,
:data:`DRAW` (``-1``) when nobody's hand is uniquely best, :data:`NOBODY` (``-2``) when nobody
takes part. In :func:`outcome_table` the last axis holds the seats' wins in columns ``0..3``, then
the draw (:data:`DRAW_COLUMN`) and nobody (:data:`NOBODY_COLUMN`).
"""

from __future__ import annotations

import itertools
import math
import numbers
import operator
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache

import numpy as np

from sim.errors import InputError
from sim.jit import hot
from sim.rules import TIE_RULES, tie_rule_code

MAX_FIGURES = 10
"""Most figures a player can put on the tile (a player has at most 10 people)."""

MAX_PLAYERS = 4
"""Most players in a game."""

FACES = 6

HAND_BASE = MAX_FIGURES + 1
"""Base of a hand key: the counts of 1s..6s are its digits, the count of 6s the most significant."""

FACE_WEIGHT = np.array([HAND_BASE**face for face in range(FACES)], dtype=np.int64)
"""``FACE_WEIGHT[d - 1]`` is what one die showing ``d`` adds to a hand key."""

DRAW = -1
"""Outcome code: level hands, every participant takes the "all" bonus, nobody keeps the tile."""

NOBODY = -2
"""Outcome code: nobody on the tile."""

DRAW_COLUMN = MAX_PLAYERS
NOBODY_COLUMN = MAX_PLAYERS + 1
N_OUTCOMES = MAX_PLAYERS + 2


@dataclass(frozen=True)
class ContestOdds:
    """Exact probabilities of a contest's outcomes, as floats.

    Attributes
    ----------
    commitments : tuple of int
        Figures on the tile per seat, in seat order.
    tie_rule : str
        The tie rule the odds were computed under.
    win : numpy.ndarray
        ``float64``, one probability per seat that this seat wins (0 for a seat with no figure).
    draw : float
        Probability that the best hand is not unique (nobody keeps the tile).
    nobody : float
        1 when nobody takes part, else 0.
    """

    commitments: tuple[int, ...]
    tie_rule: str
    win: np.ndarray
    draw: float
    nobody: float

    def as_vector(self) -> np.ndarray:
        """Return ``[win_0, ..., win_{P-1}, draw, nobody]`` as one ``float64`` array."""
        return np.concatenate([self.win, [self.draw, self.nobody]])


@dataclass(frozen=True)
class ExactContestOdds:
    """Exact probabilities of a contest's outcomes, as fractions.

    Attributes
    ----------
    commitments : tuple of int
        Figures on the tile per seat, in seat order.
    tie_rule : str
        The tie rule the odds were computed under.
    win : tuple of fractions.Fraction
        One probability per seat that this seat wins.
    draw : fractions.Fraction
        Probability that the best hand is not unique.
    nobody : fractions.Fraction
        1 when nobody takes part, else 0.
    """

    commitments: tuple[int, ...]
    tie_rule: str
    win: tuple[Fraction, ...]
    draw: Fraction
    nobody: Fraction


# --------------------------------------------------------------------------------------------
# Validation


def check_figures(value, what: str = "figures") -> int:
    """Return a number of figures as an ``int``, or raise :class:`InputError`.

    Parameters
    ----------
    value : int-like
        An integer (or an integral float) from 0 to :data:`MAX_FIGURES`.
    what : str
        How the value is named in the error message.

    Returns
    -------
    int
        The number of figures.
    """
    if isinstance(value, bool | np.bool_):
        raise InputError(f"{what} must be a whole number from 0 to {MAX_FIGURES}, not {value!r}")
    try:
        figures = operator.index(value)
    except TypeError:
        if isinstance(value, numbers.Real) and math.isfinite(value) and float(value).is_integer():
            figures = int(value)
        else:
            raise InputError(
                f"{what} must be a whole number from 0 to {MAX_FIGURES}, not {value!r}"
            ) from None
    if not 0 <= figures <= MAX_FIGURES:
        raise InputError(f"{what} must be from 0 to {MAX_FIGURES}, not {figures}")
    return figures


def check_commitments(commitments) -> tuple[int, ...]:
    """Validate one contest's figures per seat.

    Parameters
    ----------
    commitments : sequence of int
        Figures on the tile per seat, 1 to :data:`MAX_PLAYERS` seats, 0..10 figures each.

    Returns
    -------
    tuple of int
        The commitments as plain ints.

    Raises
    ------
    InputError
        On anything else.
    """
    if isinstance(commitments, str | bytes) or np.ndim(commitments) != 1:
        raise InputError("commitments must be a flat list of figures per seat")
    values = list(commitments)
    if not values:
        raise InputError("a contest needs at least one seat (0 players given)")
    if len(values) > MAX_PLAYERS:
        raise InputError(f"at most {MAX_PLAYERS} players, not {len(values)}")
    return tuple(check_figures(v, f"figures of seat {s}") for s, v in enumerate(values))


def as_commitment_array(commitments) -> tuple[np.ndarray, int]:
    """Validate many contests' commitments and pad them to four seats.

    Parameters
    ----------
    commitments : array-like of int, shape (n, P) or (P,)
        Figures per contest and seat; a 1-d input is one contest. ``1 <= P <= 4``.

    Returns
    -------
    padded : numpy.ndarray
        ``int64`` array of shape ``(n, 4)``, C-contiguous, unused seats 0.
    players : int
        ``P``, the number of seats given.
    """
    try:
        array = np.asarray(commitments)
    except (TypeError, ValueError) as exc:
        raise InputError(f"commitments must be an array of whole numbers: {exc}") from None
    if array.ndim == 1:
        array = array.reshape(1, -1)
    if array.ndim != 2:
        raise InputError(f"commitments must have shape (contests, players), not {array.shape}")
    players = array.shape[1]
    if players == 0:
        raise InputError("a contest needs at least one seat (0 players given)")
    if players > MAX_PLAYERS:
        raise InputError(f"at most {MAX_PLAYERS} players, not {players}")
    if array.dtype == np.bool_ or not (
        np.issubdtype(array.dtype, np.integer) or np.issubdtype(array.dtype, np.floating)
    ):
        raise InputError(f"commitments must be whole numbers, not {array.dtype}")
    if np.issubdtype(array.dtype, np.floating):
        if not np.all(np.isfinite(array)) or not np.all(array == np.round(array)):
            raise InputError("commitments must be whole numbers")
    if array.size and (array.min() < 0 or array.max() > MAX_FIGURES):
        raise InputError(f"figures must be from 0 to {MAX_FIGURES}")
    if players == MAX_PLAYERS and array.dtype == np.int64 and array.flags.c_contiguous:
        return array, players  # already in kernel layout: no copy
    padded = np.zeros((array.shape[0], MAX_PLAYERS), dtype=np.int64)
    padded[:, :players] = array
    return padded, players


# --------------------------------------------------------------------------------------------
# Hands


@dataclass(frozen=True)
class _Hands:
    """Every distinct hand of one size, sorted by strength (weakest first)."""

    counts: np.ndarray  # (n, 6) int64: counts of 1s..6s
    keys: np.ndarray  # (n,) int64, strictly increasing
    weights: np.ndarray  # (n,) int64: how many of the 6**size rolls give this hand


_FACTORIAL = np.array([math.factorial(n) for n in range(MAX_FIGURES + 1)], dtype=np.int64)


@cache
def _hands(size: int) -> _Hands:
    rolls = list(itertools.combinations_with_replacement(range(FACES), size))
    combos = np.array(rolls, dtype=np.int64).reshape(len(rolls), size)
    counts = np.stack([(combos == face).sum(axis=1) for face in range(FACES)], axis=1)
    keys = counts @ FACE_WEIGHT
    weights = _FACTORIAL[size] // np.prod(_FACTORIAL[counts], axis=1)
    order = np.argsort(keys)
    return _Hands(counts[order], keys[order], weights[order])


def _top_dice(counts: np.ndarray, m: int) -> np.ndarray:
    """Keep the ``m`` highest dice of each hand (rows of counts of 1s..6s)."""
    kept = np.zeros_like(counts)
    remaining = np.full(counts.shape[0], m, dtype=np.int64)
    for face in range(FACES - 1, -1, -1):
        take = np.minimum(counts[:, face], remaining)
        kept[:, face] = take
        remaining -= take
    return kept


def _losing_rolls(loser_size: int, hands: _Hands, tie_rule: str) -> np.ndarray:
    """Count, for each hand ``h`` in ``hands``, the rolls of ``loser_size`` dice that lose to it."""
    size = int(hands.counts[0].sum())
    losers = _hands(loser_size)
    below = np.concatenate([[0], np.cumsum(losers.weights)])  # below[i]: rolls weaker than i
    if tie_rule == "longer_wins" or loser_size <= size:
        probe = hands.keys
        if tie_rule == "prefix_draw" and loser_size < size:
            probe = _top_dice(hands.counts, loser_size) @ FACE_WEIGHT
        return below[np.searchsorted(losers.keys, probe, side="left")]
    # prefix_draw, longer loser: only its top `size` dice count; spread its rolls over those.
    top = np.searchsorted(hands.keys, _top_dice(losers.counts, size) @ FACE_WEIGHT)
    spread = np.bincount(top, weights=losers.weights, minlength=hands.keys.shape[0])
    spread = np.rint(spread).astype(np.int64)
    return np.concatenate([[0], np.cumsum(spread)[:-1]])


@cache
def _losing_table(tie_rule: str) -> tuple[tuple[np.ndarray, ...], ...]:
    """``[loser_size][winner_size]``: rolls of ``loser_size`` dice losing to each winner hand."""
    return tuple(
        tuple(_losing_rolls(loser, _hands(winner), tie_rule) for winner in range(MAX_FIGURES + 1))
        for loser in range(MAX_FIGURES + 1)
    )


@cache
def _losing_probability(tie_rule: str) -> tuple[tuple[np.ndarray, ...], ...]:
    counts = _losing_table(tie_rule)
    return tuple(
        tuple(row / float(FACES**loser) for row in counts[loser])
        for loser in range(MAX_FIGURES + 1)
    )


@cache
def _hand_probability(size: int) -> np.ndarray:
    return _hands(size).weights / float(FACES**size)


# --------------------------------------------------------------------------------------------
# Odds


@lru_cache(maxsize=4096)
def _odds_of_sorted(profile: tuple[int, ...], tie_rule: str) -> np.ndarray:
    """Outcome vector ``[win per seat..., draw, nobody]`` of a profile sorted descending."""
    players = len(profile)
    out = np.zeros(players + 2)
    seats = [s for s, k in enumerate(profile) if k > 0]
    if not seats:
        out[players + 1] = 1.0
        return out
    if len(seats) == 1:  # exactly, not as a sum of hand probabilities
        out[seats[0]] = 1.0
        return out
    losing = _losing_probability(tie_rule)
    done: dict[tuple[int, tuple[int, ...]], float] = {}
    for i in seats:
        size = profile[i]
        rivals = tuple(sorted(profile[j] for j in seats if j != i))
        key = (size, rivals)
        if key in done:  # equal seats of a sorted profile have equal odds
            out[i] = done[key]
            continue
        chance = _hand_probability(size).copy()
        for rival in rivals:
            chance *= losing[rival][size]
        out[i] = done[key] = float(chance.sum())
    # The draw is what the wins leave. Where the rules allow no draw (hands of different sizes
    # under longer_wins) that is a rounding residue of about 1e-16; every real draw chance is
    # above 1e-4, so anything below 1e-12 is exactly 0 (no "1.11e-16" in tables and JSON).
    rest = 1.0 - out[:players].sum()
    out[players] = 0.0 if rest < 1e-12 else min(rest, 1.0)
    return out


def _odds_vector(commitments: tuple[int, ...], tie_rule: str) -> np.ndarray:
    order = sorted(range(len(commitments)), key=lambda s: -commitments[s])
    sorted_profile = tuple(commitments[s] for s in order)
    vector = _odds_of_sorted(sorted_profile, tie_rule)
    players = len(commitments)
    out = np.empty(players + 2)
    out[order] = vector[:players]
    out[players:] = vector[players:]
    return out


def odds(commitments, tie_rule: str = "longer_wins") -> ContestOdds:
    """Return the exact odds of one taming contest.

    Parameters
    ----------
    commitments : sequence of int
        Figures on the tile per seat, in seat order: 1 to 4 seats, 0 to 10 figures each.
        A seat with 0 figures does not take part.
    tie_rule : str
        ``"longer_wins"`` (default) or ``"prefix_draw"``.

    Returns
    -------
    ContestOdds
        Win probability per seat, draw and nobody; they sum to 1.

    Raises
    ------
    InputError
        On a bad number of players or figures, or an unknown tie rule.

    Examples
    --------
    >>> o = odds([1, 1])
    >>> [round(float(p), 4) for p in o.win], round(o.draw, 4)
    ([0.4167, 0.4167], 0.1667)
    """
    tie_rule_code(tie_rule)
    profile = check_commitments(commitments)
    vector = _odds_vector(profile, tie_rule)
    players = len(profile)
    win = vector[:players].copy()
    return ContestOdds(profile, tie_rule, win, float(vector[players]), float(vector[players + 1]))


def odds_fraction(commitments, tie_rule: str = "longer_wins") -> ExactContestOdds:
    """Return the exact odds of one taming contest as fractions.

    Same arguments as :func:`odds`; computed with integers only (slower, for checks).

    Parameters
    ----------
    commitments : sequence of int
        Figures on the tile per seat, in seat order.
    tie_rule : str
        ``"longer_wins"`` (default) or ``"prefix_draw"``.

    Returns
    -------
    ExactContestOdds
        Win probability per seat, draw and nobody as :class:`fractions.Fraction`.
    """
    tie_rule_code(tie_rule)
    profile = check_commitments(commitments)
    seats = [s for s, k in enumerate(profile) if k > 0]
    zero = Fraction(0)
    if not seats:
        return ExactContestOdds(profile, tie_rule, (zero,) * len(profile), zero, Fraction(1))
    losing = _losing_table(tie_rule)
    win = [zero] * len(profile)
    for i in seats:
        size = profile[i]
        ways = [int(w) for w in _hands(size).weights]
        denominator = FACES**size
        for j in seats:
            if j == i:
                continue
            rival = profile[j]
            ways = [w * int(n) for w, n in zip(ways, losing[rival][size], strict=True)]
            denominator *= FACES**rival
        win[i] = Fraction(sum(ways), denominator)
    draw = 1 - sum(win)
    return ExactContestOdds(profile, tie_rule, tuple(win), draw, zero)


_PERMUTATIONS = np.array(list(itertools.permutations(range(MAX_PLAYERS))), dtype=np.int64)


@cache
def outcome_table(tie_rule: str = "longer_wins") -> np.ndarray:
    """Return the exact outcome probabilities of every four-seat contest.

    Parameters
    ----------
    tie_rule : str
        ``"longer_wins"`` (default) or ``"prefix_draw"``.

    Returns
    -------
    numpy.ndarray
        Read-only ``float64`` array of shape ``(11, 11, 11, 11, 6)``: for figures
        ``(k0, k1, k2, k3)`` per seat, ``[P(seat 0 wins), ..., P(seat 3 wins), P(draw),
        P(nobody)]``. A game with fewer players uses 0 figures for the missing seats. Computed on
        profiles sorted descending and permuted to the rest; cached in the process.
    """
    tie_rule_code(tie_rule)
    sizes = MAX_FIGURES + 1
    table = np.zeros((sizes,) * MAX_PLAYERS + (N_OUTCOMES,))
    for profile in itertools.combinations_with_replacement(range(MAX_FIGURES, -1, -1), 4):
        vector = _odds_of_sorted(profile, tie_rule)
        seats_of = np.asarray(profile, dtype=np.int64)[_PERMUTATIONS]  # seat s gets profile[p[s]]
        index = tuple(seats_of[:, s] for s in range(MAX_PLAYERS))
        table[index + (slice(0, MAX_PLAYERS),)] = vector[:MAX_PLAYERS][_PERMUTATIONS]
        table[index + (DRAW_COLUMN,)] = vector[DRAW_COLUMN]
        table[index + (NOBODY_COLUMN,)] = vector[NOBODY_COLUMN]
    table.flags.writeable = False
    return table


def outcome_tables() -> np.ndarray:
    """Return both tie rules' tables stacked, indexed by :data:`sim.rules.TIE_RULES` position.

    Returns
    -------
    numpy.ndarray
        Read-only ``float64`` array of shape ``(2, 11, 11, 11, 11, 6)``.
    """
    stacked = np.stack([outcome_table(rule) for rule in TIE_RULES])
    stacked.flags.writeable = False
    return stacked


@hot
def draw_outcome(table, k0, k1, k2, k3, u):
    """Draw a contest's outcome from an outcome table with one uniform number.

    The outcome is the first column whose cumulative probability exceeds ``u``, in the column
    order of :func:`outcome_table` (seats 0..3, draw, nobody).

    Parameters
    ----------
    table : numpy.ndarray
        An :func:`outcome_table`, shape ``(11, 11, 11, 11, 6)``.
    k0, k1, k2, k3 : int
        Figures on the tile per seat (0 for a missing seat).
    u : float
        A uniform number in ``[0, 1)``.

    Returns
    -------
    int
        The winner's seat ``0..3``, ``-1`` for a draw or ``-2`` for nobody.
    """
    # Branch-free: outcomes are random, so branches on them mispredict. The outcome is the
    # number of cumulative sums at or below u; a zero-probability column adds nothing and is
    # stepped over.
    p0 = table[k0, k1, k2, k3, 0]
    p1 = table[k0, k1, k2, k3, 1]
    p2 = table[k0, k1, k2, k3, 2]
    p3 = table[k0, k1, k2, k3, 3]
    p4 = table[k0, k1, k2, k3, 4]
    p5 = table[k0, k1, k2, k3, 5]
    total = p0
    column = np.int64(u >= total)
    total += p1
    column += u >= total
    total += p2
    column += u >= total
    total += p3
    column += u >= total
    total += p4
    column += u >= total
    # Rounding can leave u above the row's total; then the last possible outcome takes it.
    last = NOBODY_COLUMN - (p5 == 0.0) * (
        1 + (p4 == 0.0) * (1 + (p3 == 0.0) * (1 + (p2 == 0.0) * (1 + (p1 == 0.0))))
    )
    column = min(column, last)
    return column if column < DRAW_COLUMN else DRAW_COLUMN - 1 - column
