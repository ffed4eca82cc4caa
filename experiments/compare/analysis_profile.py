"""The behaviour profile of strategies: how each one plays, not only how often it wins.

Per strategy, player count and herd setting (on or off), over the seats the strategy played:

=========================== ===============================================================
column                      meaning
=========================== ===============================================================
``seats``                   seats played (a strategy seated twice at a table counts twice)
``rounds_mean``             rounds of the game, mean over those seats
``rounds_p95``              95th percentile of the rounds (:func:`histogram_percentile`)
``share_over_25_rounds``    share of those seats whose game lasted more than 25 rounds
``share_starved``           share of seats that took at least one -10 for missing food
``share_starved_able``      share of seats that took a -10 while they could have paid the
                            missing food with resources (``starved_while_able`` > 0)
``resources_left``          resources held at the end (1 point each), mean
``culture_points``          points of the green civilisation cards (sets of distinct
                            symbols, each scoring its size squared), mean
``cards``, ``buildings``    civilisation cards and buildings bought, mean
``people``, ``agriculture`` people, agriculture step and tools at the end, mean
``tools``
``tiles_won``               mammoth tiles won, mean
``figures_committed``       figures committed to taming contests, mean
=========================== ===============================================================

Everything is computed from mergeable sufficient statistics (:class:`ProfileStats`: integer
counts, integer sums and a histogram of the rounds), so statistics of chunks of games add up to
exactly the statistics of all the games, whatever the chunking, the workers or the order.
:func:`profile` computes the table straight from a per-seat frame of
:func:`strategies.play.play_games`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from sim.constants import MAX_ROUNDS
from sim.errors import InputError

LONG_GAME = 25
"""A game of more than this many rounds counts as long (``share_over_25_rounds``)."""

ROUND_BINS = MAX_ROUNDS + 1
"""Bins of the rounds histogram: 0 to :data:`~sim.constants.MAX_ROUNDS` rounds."""

PERCENTILE = 95
"""The percentile of the rounds the profile reports."""

MEANS = {
    "resources_left": "resource_points",
    "culture_points": "culture_points",
    "cards": "cards",
    "buildings": "buildings",
    "people": "people",
    "agriculture": "agriculture",
    "tools": "tools",
    "tiles_won": "tiles_won",
    "figures_committed": "figures_committed",
}
"""Profile column -> the per-seat column whose mean it is."""

COLUMNS = (
    "strategy",
    "players",
    "herd",
    "seats",
    "rounds_mean",
    "rounds_p95",
    "share_over_25_rounds",
    "share_starved",
    "share_starved_able",
    *MEANS,
)
"""The columns of the profile table (``profile.csv``), in order."""

FIELDS = ("seats", "rounds", "starved", "starved_able", "sums")
"""The arrays of :class:`ProfileStats` (what :meth:`ProfileStats.to_arrays` saves)."""


def histogram_percentile(counts, q: int) -> float:
    """The ``q``-th percentile of integer values given as a histogram, computed exactly.

    Definition (the inverse of the empirical distribution function, numpy's
    ``method="inverted_cdf"``): the smallest value ``v`` such that at least ``q`` per cent of
    the observations are ``<= v``. Integer arithmetic throughout, so no rounding can move it.

    Parameters
    ----------
    counts : array-like of int
        ``counts[v]``: observations equal to ``v`` (values 0, 1, 2, ...).
    q : int
        The percentile, 1 to 100.

    Returns
    -------
    float
        The percentile, or NaN when there are no observations.

    Examples
    --------
    >>> histogram_percentile([0, 2, 0, 1], 50)  # the values 1, 1, 3
    1.0
    >>> histogram_percentile([0, 2, 0, 1], 95)
    3.0
    """
    counts = np.asarray(counts, dtype=np.int64)
    if isinstance(q, bool) or not isinstance(q, int | np.integer) or not 1 <= q <= 100:
        raise InputError(f"the percentile must be a whole number from 1 to 100, not {q!r}")
    if np.any(counts < 0):
        raise InputError("a histogram cannot hold negative counts")
    total = int(counts.sum())
    if total == 0:
        return float("nan")
    cumulative = np.cumsum(counts)
    return float(np.searchsorted(100 * cumulative, int(q) * total, side="left"))


def _zeros(shape) -> np.ndarray:
    return np.zeros(shape, dtype=np.int64)


@dataclass
class ProfileStats:
    """Sufficient statistics of the behaviour profile of one player count and herd setting.

    ``seats[s]`` seats played by strategy ``s``; ``rounds[s, r]`` of them in a game of ``r``
    rounds; ``starved[s]`` seats that took at least one -10; ``starved_able[s]`` seats that took
    a -10 while able to pay; ``sums[s, j]`` the sum over those seats of the ``j``-th per-seat
    column of :data:`MEANS`. Every array is int64, so ``+`` merges two exactly.
    """

    names: list[str]
    players: int
    herd: bool = True
    seats: np.ndarray = field(default=None)
    rounds: np.ndarray = field(default=None)
    starved: np.ndarray = field(default=None)
    starved_able: np.ndarray = field(default=None)
    sums: np.ndarray = field(default=None)

    def __post_init__(self) -> None:
        k = len(self.names)
        shapes = {
            "seats": (k,),
            "rounds": (k, ROUND_BINS),
            "starved": (k,),
            "starved_able": (k,),
            "sums": (k, len(MEANS)),
        }
        for name, shape in shapes.items():
            value = getattr(self, name)
            value = _zeros(shape) if value is None else np.asarray(value, dtype=np.int64)
            if value.shape != shape:
                raise ValueError(f"{name} has shape {value.shape}, not {shape}")
            setattr(self, name, value)

    def __add__(self, other: ProfileStats) -> ProfileStats:
        if (other.names, other.players, other.herd) != (self.names, self.players, self.herd):
            raise ValueError("only profiles of the same strategies, players and herd merge")
        return ProfileStats(
            list(self.names),
            self.players,
            self.herd,
            *(getattr(self, f) + getattr(other, f) for f in FIELDS),
        )

    @classmethod
    def from_games(
        cls, frame: pd.DataFrame, names: list[str], players: int, herd: bool = True
    ) -> ProfileStats:
        """Reduce a per-(game, seat) table of :func:`strategies.play.play_games` to statistics.

        Parameters
        ----------
        frame : pandas.DataFrame
            The per-seat table; its strategies must be among ``names``.
        names : list of str
            The strategies, in the order of the statistics' rows.
        players : int
            Seats at the table.
        herd : bool
            Whether the games were played with The Mammoth Herd (a label: the frame does not
            say).

        Raises
        ------
        InputError
            A strategy of the frame that is not in ``names``.
        """
        stats = cls(list(names), int(players), bool(herd))
        index = {name: i for i, name in enumerate(names)}
        strategy = frame["strategy"].astype(str)
        unknown = sorted(set(strategy) - set(index))
        if unknown:
            raise InputError(f"strategy {unknown[0]!r} is not one of {', '.join(names)}")
        code = strategy.map(index).to_numpy(dtype=np.int64)
        rounds = frame["rounds"].to_numpy(dtype=np.int64)
        if rounds.size and (rounds.min() < 0 or rounds.max() >= ROUND_BINS):
            raise ValueError(f"rounds must lie in 0..{ROUND_BINS - 1}")
        ones = np.ones(code.size, dtype=np.int64)
        np.add.at(stats.seats, code, ones)
        np.add.at(stats.rounds, (code, rounds), ones)
        starved = frame["starvation_penalty"].to_numpy() < 0
        able = frame["starved_while_able"].to_numpy() > 0
        np.add.at(stats.starved, code, starved.astype(np.int64))
        np.add.at(stats.starved_able, code, able.astype(np.int64))
        for j, column in enumerate(MEANS.values()):
            np.add.at(stats.sums[:, j], code, frame[column].to_numpy(dtype=np.int64))
        return stats

    def to_arrays(self, prefix: str = "") -> dict[str, np.ndarray]:
        """The statistics as plain arrays named ``prefix + field`` (for ``.npz`` chunks)."""
        return {f"{prefix}{f}": getattr(self, f) for f in FIELDS}

    @classmethod
    def from_arrays(
        cls, arrays: dict, names: list[str], players: int, herd: bool = True, prefix: str = ""
    ) -> ProfileStats:
        """The inverse of :meth:`to_arrays`."""
        return cls(list(names), int(players), bool(herd), *(arrays[f"{prefix}{f}"] for f in FIELDS))

    def equals(self, other: ProfileStats) -> bool:
        """Whether two statistics are identical (labels and every count)."""
        return (self.names, self.players, self.herd) == (
            other.names,
            other.players,
            other.herd,
        ) and all(np.array_equal(getattr(self, f), getattr(other, f)) for f in FIELDS)

    def table(self) -> pd.DataFrame:
        """The profile: one row per strategy, the columns of :data:`COLUMNS`.

        Shares are fractions; a strategy without seats has NaN everywhere but ``seats``.
        """
        seats = self.seats.astype(np.float64)
        with np.errstate(invalid="ignore", divide="ignore"):
            per_seat = np.where(seats > 0, 1.0, np.nan) / seats
            values = np.arange(ROUND_BINS, dtype=np.float64)
            frame = pd.DataFrame(
                {
                    "strategy": list(self.names),
                    "players": self.players,
                    "herd": "on" if self.herd else "off",
                    "seats": self.seats,
                    "rounds_mean": (self.rounds * values).sum(axis=1) * per_seat,
                    "rounds_p95": [histogram_percentile(row, PERCENTILE) for row in self.rounds],
                    "share_over_25_rounds": self.rounds[:, LONG_GAME + 1 :].sum(axis=1) * per_seat,
                    "share_starved": self.starved * per_seat,
                    "share_starved_able": self.starved_able * per_seat,
                }
            )
            for j, name in enumerate(MEANS):
                frame[name] = self.sums[:, j] * per_seat
        return frame[list(COLUMNS)]


def profile(
    games: pd.DataFrame,
    names: list[str] | None = None,
    players: int | None = None,
    herd: bool = True,
) -> pd.DataFrame:
    """The behaviour profile of the strategies in a per-seat table of one player count.

    Parameters
    ----------
    games : pandas.DataFrame
        The per-(game, seat) table of :func:`strategies.play.play_games` (or several, of the
        same player count, concatenated).
    names : list of str, optional
        The strategies and their order (default: as they first appear).
    players : int, optional
        Seats at the table (default: the largest seat number plus one).
    herd : bool
        Whether the games were played with The Mammoth Herd (a label for the ``herd`` column).

    Returns
    -------
    pandas.DataFrame
        One row per strategy, the columns of :data:`COLUMNS`.

    Examples
    --------
    >>> from strategies.play import play_games  # doctest: +SKIP
    >>> profile(play_games(200, 3, ["greedy", "random", "random"], seed=1))  # doctest: +SKIP
    """
    if names is None:
        names = list(dict.fromkeys(games["strategy"].astype(str)))
    if players is None:
        players = int(games["seat"].max()) + 1 if len(games) else 0
    return ProfileStats.from_games(games, names, players, herd).table()


def profile_table(stats) -> pd.DataFrame:
    """The profiles of several :class:`ProfileStats` as one table, ordered by herd then players.

    Parameters
    ----------
    stats : iterable of ProfileStats
        One per (player count, herd setting).

    Returns
    -------
    pandas.DataFrame
        The rows of every :meth:`ProfileStats.table`, herd on first.
    """
    ordered = sorted(stats, key=lambda s: (not s.herd, s.players))
    if not ordered:
        return pd.DataFrame(columns=list(COLUMNS))
    return pd.concat([s.table() for s in ordered], ignore_index=True)


__all__ = [
    "COLUMNS",
    "LONG_GAME",
    "MEANS",
    "PERCENTILE",
    "ProfileStats",
    "histogram_percentile",
    "profile",
    "profile_table",
]
