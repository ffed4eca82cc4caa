"""How many figures to commit to the taming contest: best responses and equilibria.

The prize of a contest, in points, per seat:

- ``first_bonus``: the "1." bonus; ``all_bonus``: the "all" bonus;
- ``tile_value``: what keeping the tile is worth toward the mammoth majority;
- ``food_value``: what one committed figure costs (1 food each).

The winner takes the better of the two bonuses (``max(first_bonus, all_bonus)``, the "1." bonus
when they are equal) and keeps the tile; every other participant, and everyone on a draw, takes
the "all" bonus; a seat committing no figure gets and pays nothing. A seat's expected net value is

``P(win) * (max(F, A) + T) + P(takes part and does not win) * A - k * food_value``,

computed with the exact odds of :mod:`sim.contest_exact`. Seats are listed in seat order.

Ties between options (values within :data:`TIE_TOLERANCE` times the largest prize) are broken
toward **fewer figures**: a player does not pay food for nothing. In the sequential game later
seats break ties this way too, and earlier seats anticipate it.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass

import numpy as np

from sim.contest_exact import (
    MAX_PLAYERS,
    ContestOdds,
    check_figures,
    odds,
    outcome_table,
)
from sim.errors import InputError
from sim.rules import tie_rule_code

TIE_TOLERANCE = 1e-9
"""Relative tolerance under which two options' values count as equal."""

FIRST = "1."
ALL = "all"


@dataclass(frozen=True)
class Prizes:
    """Per-seat values of a contest's prizes and costs, in points.

    Attributes
    ----------
    first_bonus, all_bonus, tile_value, food_value : numpy.ndarray
        ``float64``, one value per seat.
    """

    first_bonus: np.ndarray
    all_bonus: np.ndarray
    tile_value: np.ndarray
    food_value: np.ndarray

    @property
    def seats(self) -> int:
        """Number of seats."""
        return self.first_bonus.shape[0]

    @property
    def winner_prize(self) -> np.ndarray:
        """What winning is worth per seat: the better bonus plus the tile."""
        return np.maximum(self.first_bonus, self.all_bonus) + self.tile_value

    @property
    def winner_bonus(self) -> tuple[str, ...]:
        """The bonus each seat takes when it wins: ``"1."`` or ``"all"`` (only if better)."""
        return tuple(
            ALL if a > f else FIRST for f, a in zip(self.first_bonus, self.all_bonus, strict=True)
        )

    @property
    def tolerance(self) -> float:
        """Absolute tolerance for equal values, scaled to the prizes."""
        scale = max(
            1.0,
            *(float(np.abs(v).max()) for v in (self.winner_prize, self.all_bonus, self.food_value)),
        )
        return TIE_TOLERANCE * scale

    def to_dict(self) -> dict:
        """Return the prizes as JSON-ready lists."""
        return {
            "first_bonus": self.first_bonus.tolist(),
            "all_bonus": self.all_bonus.tolist(),
            "tile_value": self.tile_value.tolist(),
            "food_value": self.food_value.tolist(),
            "winner_bonus": list(self.winner_bonus),
        }


def make_prizes(seats: int, first_bonus, all_bonus, tile_value, food_value) -> Prizes:
    """Validate prize values and spread scalars over the seats.

    Parameters
    ----------
    seats : int
        Number of seats.
    first_bonus, all_bonus, tile_value, food_value : float or sequence of float
        A value for every seat, or one per seat in seat order; finite and >= 0.

    Returns
    -------
    Prizes
        Per-seat arrays.
    """
    columns = {}
    for name, value in (
        ("first_bonus", first_bonus),
        ("all_bonus", all_bonus),
        ("tile_value", tile_value),
        ("food_value", food_value),
    ):
        try:
            array = np.asarray(value, dtype=np.float64)
        except (TypeError, ValueError):
            raise InputError(f"{name} must be a number or one number per seat") from None
        if array.ndim == 0:
            array = np.full(seats, float(array))
        if array.ndim != 1 or array.shape[0] != seats:
            raise InputError(f"{name} needs one value or {seats} values (one per seat)")
        if not np.all(np.isfinite(array)) or np.any(array < 0):
            raise InputError(f"{name} must be finite and >= 0")
        columns[name] = array
    return Prizes(**columns)


def _check_figures(figures) -> tuple[int, ...]:
    if isinstance(figures, str | bytes) or np.ndim(figures) != 1:
        raise InputError("figures must be a flat list of figures per seat")
    figures = tuple(check_figures(f, f"figures of seat {s}") for s, f in enumerate(figures))
    if not figures:
        raise InputError("need at least one seat")
    if len(figures) > MAX_PLAYERS:
        raise InputError(f"at most {MAX_PLAYERS} players, not {len(figures)}")
    return figures


def _value_grid(figures: tuple[int, ...], prizes: Prizes, tie_rule: str) -> np.ndarray:
    """Expected net values of every commitment profile: shape ``(f0+1, ..., f_{n-1}+1, n)``."""
    table = outcome_table(tie_rule)
    seats = len(figures)
    index = tuple(slice(0, f + 1) for f in figures) + (0,) * (MAX_PLAYERS - seats)
    sub = table[index]
    values = np.empty(sub.shape[:-1] + (seats,))
    for seat in range(seats):
        shape = [1] * seats
        shape[seat] = figures[seat] + 1
        committed = np.arange(figures[seat] + 1, dtype=np.float64).reshape(shape)
        takes_part = (committed > 0).astype(np.float64)
        win = sub[..., seat]
        values[..., seat] = (
            win * prizes.winner_prize[seat]
            + (takes_part - win) * prizes.all_bonus[seat]
            - committed * prizes.food_value[seat]
        )
    return values


def _fewest_best(values: np.ndarray, axis: int, tolerance: float) -> np.ndarray:
    """Index of the smallest option within ``tolerance`` of the best, along ``axis``."""
    best = values.max(axis=axis, keepdims=True)
    return np.argmax(values >= best - tolerance, axis=axis)


def expected_values(
    commitments,
    *,
    first_bonus,
    all_bonus,
    tile_value,
    food_value,
    tie_rule: str = "longer_wins",
) -> np.ndarray:
    """Return every seat's expected net value of a commitment profile.

    Parameters
    ----------
    commitments : sequence of int
        Figures on the tile per seat.
    first_bonus, all_bonus, tile_value, food_value : float or sequence of float
        Prize values in points, one for all seats or one per seat.
    tie_rule : str
        ``"longer_wins"`` (default) or ``"prefix_draw"``.

    Returns
    -------
    numpy.ndarray
        ``float64`` expected net value per seat.
    """
    contest = odds(commitments, tie_rule)
    prizes = make_prizes(len(contest.commitments), first_bonus, all_bonus, tile_value, food_value)
    return _values_of(contest, prizes)


def _values_of(contest: ContestOdds, prizes: Prizes) -> np.ndarray:
    committed = np.asarray(contest.commitments, dtype=np.float64)
    takes_part = (committed > 0).astype(np.float64)
    return (
        contest.win * prizes.winner_prize
        + (takes_part - contest.win) * prizes.all_bonus
        - committed * prizes.food_value
    )


@dataclass(frozen=True)
class BestResponse:
    """A seat's best commitment against fixed commitments of the others.

    Attributes
    ----------
    seat : int
        The seat answering.
    commitment : int
        Its best number of figures (the fewest among equally good options).
    value : float
        Its expected net value with that commitment.
    values : numpy.ndarray
        Its expected net value for every option ``0 .. figures[seat]``.
    winner_bonus : str
        The bonus it takes when it wins: ``"1."`` or ``"all"``.
    """

    seat: int
    commitment: int
    value: float
    values: np.ndarray
    winner_bonus: str


def best_response(
    seat: int,
    others,
    figures,
    *,
    first_bonus,
    all_bonus,
    tile_value,
    food_value,
    tie_rule: str = "longer_wins",
) -> BestResponse:
    """Return a seat's best commitment given the other seats' commitments.

    Parameters
    ----------
    seat : int
        The seat that chooses (0-based, in seat order).
    others : sequence of int
        The other seats' commitments: either one entry per seat (the entry of ``seat`` itself is
        ignored) or one entry per other seat, in seat order.
    figures : sequence of int
        Figures each seat has on the herd's area (0..10), in seat order; ``figures[seat]``
        bounds the options.
    first_bonus, all_bonus, tile_value, food_value : float or sequence of float
        Prize values in points, one for all seats or one per seat.
    tie_rule : str
        ``"longer_wins"`` (default) or ``"prefix_draw"``.

    Returns
    -------
    BestResponse
        The best commitment, ties broken toward fewer figures, and the value of every option.
    """
    tie_rule_code(tie_rule)
    figures = _check_figures(figures)
    seats = len(figures)
    try:
        seat = operator.index(seat)
    except TypeError:
        raise InputError(f"seat must be a whole number, not {seat!r}") from None
    if not 0 <= seat < seats:
        raise InputError(f"seat must be from 0 to {seats - 1}, not {seat}")
    others = list(others)
    if len(others) == seats - 1:
        others.insert(seat, 0)
    elif len(others) == seats:
        others[seat] = 0  # the seat's own entry is ignored
    others = [check_figures(k, "a commitment") for k in others]
    if len(others) != seats:
        raise InputError(
            f"give {seats} or {seats - 1} commitments of the others, not {len(others)}"
        )
    for s, (k, f) in enumerate(zip(others, figures, strict=True)):
        if s != seat and k > f:
            raise InputError(f"seat {s} cannot commit {k} figures with only {f} on the area")
    prizes = make_prizes(seats, first_bonus, all_bonus, tile_value, food_value)
    values = np.empty(figures[seat] + 1)
    for option in range(figures[seat] + 1):
        profile = list(others)
        profile[seat] = option
        values[option] = _values_of(odds(profile, tie_rule), prizes)[seat]
    choice = int(_fewest_best(values, 0, prizes.tolerance))
    return BestResponse(seat, choice, float(values[choice]), values, prizes.winner_bonus[seat])


@dataclass(frozen=True)
class Equilibrium:
    """A commitment profile with every seat's expected net value.

    Attributes
    ----------
    commitments : tuple of int
        Figures on the tile per seat.
    values : numpy.ndarray
        Expected net value per seat.
    odds : ContestOdds
        The contest's exact odds at this profile.
    winner_bonus : tuple of str
        The bonus each seat takes when it wins.
    """

    commitments: tuple[int, ...]
    values: np.ndarray
    odds: ContestOdds
    winner_bonus: tuple[str, ...]


@dataclass(frozen=True)
class SequentialEquilibrium(Equilibrium):
    """The subgame-perfect commitments when seats commit in order, seeing earlier seats.

    Attributes
    ----------
    option_values : tuple of numpy.ndarray
        For each seat, on the equilibrium path: the value of each of its options ``0..figures``
        given the earlier seats' commitments and the later seats' policies.
    policy : tuple of numpy.ndarray
        For each seat ``s``, an ``int64`` array indexed by the earlier seats' commitments
        ``(k_0, ..., k_{s-1})`` (a 0-d array for seat 0) giving its commitment.
    """

    option_values: tuple[np.ndarray, ...] = ()
    policy: tuple[np.ndarray, ...] = ()


def sequential_equilibrium(
    figures,
    *,
    first_bonus,
    all_bonus,
    tile_value,
    food_value,
    tie_rule: str = "longer_wins",
) -> SequentialEquilibrium:
    """Solve the commitment game where seats commit in seat order and see earlier commitments.

    Backward induction: the last seat best-responds to every profile of the earlier seats, the
    seat before it best-responds anticipating that, and so on (subgame perfect; ties toward fewer
    figures at every step).

    Parameters
    ----------
    figures : sequence of int
        Figures each seat has on the herd's area (0..10), in seat order (1 to 4 seats).
    first_bonus, all_bonus, tile_value, food_value : float or sequence of float
        Prize values in points, one for all seats or one per seat.
    tie_rule : str
        ``"longer_wins"`` (default) or ``"prefix_draw"``.

    Returns
    -------
    SequentialEquilibrium
        Commitments and values on the equilibrium path, and every seat's full policy.
    """
    tie_rule_code(tie_rule)
    figures = _check_figures(figures)
    seats = len(figures)
    prizes = make_prizes(seats, first_bonus, all_bonus, tile_value, food_value)
    values = _value_grid(figures, prizes, tie_rule)
    stages = []  # per seat, the value array it chooses over (its own axis last among commitments)
    policy: list[np.ndarray] = [np.empty(0, dtype=np.int64)] * seats
    for seat in range(seats - 1, -1, -1):
        stages.append(values)
        choice = _fewest_best(values[..., seat], seat, prizes.tolerance)
        policy[seat] = choice.astype(np.int64)
        values = np.take_along_axis(values, choice[..., None, None], axis=seat)[..., 0, :]
    stages.reverse()
    path: list[int] = []
    option_values = []
    for seat in range(seats):
        option_values.append(stages[seat][tuple(path)][..., seat].copy())
        path.append(int(policy[seat][tuple(path)]))
    contest = odds(path, tie_rule)
    return SequentialEquilibrium(
        commitments=tuple(path),
        values=values.copy(),
        odds=contest,
        winner_bonus=prizes.winner_bonus,
        option_values=tuple(option_values),
        policy=tuple(policy),
    )


def simultaneous_equilibria(
    figures,
    *,
    first_bonus,
    all_bonus,
    tile_value,
    food_value,
    tie_rule: str = "longer_wins",
) -> list[Equilibrium]:
    """Find every pure-strategy Nash equilibrium of the simultaneous commitment game.

    A profile is an equilibrium when no seat gains more than the tie tolerance by changing its
    own commitment (any best response counts here, not only the fewest figures).

    Parameters
    ----------
    figures : sequence of int
        Figures each seat has on the herd's area (0..10), in seat order (1 to 4 seats).
    first_bonus, all_bonus, tile_value, food_value : float or sequence of float
        Prize values in points, one for all seats or one per seat.
    tie_rule : str
        ``"longer_wins"`` (default) or ``"prefix_draw"``.

    Returns
    -------
    list of Equilibrium
        Every pure equilibrium in lexicographic order of commitments; possibly empty.
    """
    tie_rule_code(tie_rule)
    figures = _check_figures(figures)
    seats = len(figures)
    prizes = make_prizes(seats, first_bonus, all_bonus, tile_value, food_value)
    values = _value_grid(figures, prizes, tie_rule)
    stable = np.ones(values.shape[:-1], dtype=bool)
    for seat in range(seats):
        own = values[..., seat]
        stable &= own >= own.max(axis=seat, keepdims=True) - prizes.tolerance
    found = []
    for profile in np.argwhere(stable):
        commitments = tuple(int(k) for k in profile)
        found.append(
            Equilibrium(
                commitments=commitments,
                values=values[commitments].copy(),
                odds=odds(commitments, tie_rule),
                winner_bonus=prizes.winner_bonus,
            )
        )
    return found
