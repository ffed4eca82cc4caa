"""A run of games described once: who sits where, under which rules, which games, how played.

:class:`Run` is checked once, when it is built (by :mod:`strategies.play` from strategy names,
or by an experiment from its own slots), and passed whole to the play entries
(:func:`sim.runner.play_state`, :func:`sim.advising.advise_state`) and to the tables made from
their states (:func:`sim.runner.to_frame`, :func:`sim.advising.decisions_frame`). The kernel
sees it as one tuple (:meth:`Run.kernel_games`).

This module knows strategies only as kernel ids and parameter rows (:class:`Slot`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from sim.errors import InputError
from sim.rng import seed_words
from sim.rules import Rules

MIN_PLAYERS, MAX_PLAYERS = 2, 4  # Stone Age's table (docs/rules.md)


@dataclass(frozen=True)
class Slot:
    """A strategy as the kernel sees it: ids and parameter rows, plus a label for the output."""

    label: str
    base_id: int
    taming_id: int
    base_params: np.ndarray
    taming_params: np.ndarray


def lineups(n_games: int, players: int, seats: list[int], rotate: bool, first_game: int = 0):
    """Which slot plays each seat of each game.

    Parameters
    ----------
    n_games, players : int
        Games and seats.
    seats : list of int
        Slot of each seat in game 0.
    rotate : bool
        Shift the seats by one each game (game ``i`` seats slot ``seats[(p - i) % players]`` at
        ``p``), so that every strategy plays every seat equally often.
    first_game : int
        Global index of the first game (rotation follows the global index).

    Returns
    -------
    numpy.ndarray
        ``(n_games, 4)`` int64.
    """
    out = np.zeros((n_games, 4), dtype=np.int64)
    games = np.arange(first_game, first_game + n_games)
    base = np.asarray(seats, dtype=np.int64)
    for p in range(players):
        shift = (p - games) % players if rotate else np.full(n_games, p)
        out[:, p] = base[shift]
    return out


def pack_slots(slots: list[Slot]) -> tuple[np.ndarray, ...]:
    """The kernel's arrays of some slots: base ids, taming ids, and their parameter rows padded
    with zeros to the longest (``sids, tids, pbase, ptame``)."""
    width_b = max(1, max(len(s.base_params) for s in slots))
    width_t = max(1, max(len(s.taming_params) for s in slots))
    pbase = np.zeros((len(slots), width_b))
    ptame = np.zeros((len(slots), width_t))
    for i, s in enumerate(slots):
        pbase[i, : len(s.base_params)] = s.base_params
        ptame[i, : len(s.taming_params)] = s.taming_params
    sids = np.array([s.base_id for s in slots], dtype=np.int64)
    tids = np.array([s.taming_id for s in slots], dtype=np.int64)
    return sids, tids, pbase, ptame


def _whole(value, name: str, least: int) -> int:
    """``value`` as an int, or an :class:`InputError` naming ``name`` and the least allowed."""
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise InputError(f"{name} must be a whole number, not {value!r}")
    if value < least:
        raise InputError(f"{name} must be at least {least}, not {value}")
    return int(value)


@dataclass(frozen=True)
class Run:
    """One run of games: the seats, the rules, the seed, the games' range and how to play them.

    Checked once when built (an :class:`~sim.errors.InputError` names the first bad setting);
    :func:`dataclasses.replace` builds a checked copy (another block of games, say). A game is a
    function of (seed, its global index, rules, the slot at each seat, ``dice_contest``) only:
    ``threads`` and how the games are split into runs change no result.

    Parameters
    ----------
    slots : tuple of Slot
        The distinct strategies of the run.
    seats : tuple of int
        The slot of each seat in game ``first_game`` (one per player: 2 to 4).
    rules : Rules
        Rules in force (default: docs/rules.md's).
    seed : int
        The run's seed (non-negative).
    first_game : int
        Global index of the first game (rotation and random streams follow the global index).
    n_games : int
        How many games (at least 1).
    rotate : bool
        Shift the seats by one each game, so that every slot plays every seat equally often
        (:func:`lineups`).
    threads : int
        Threads to play on (at least 1; results do not depend on it).
    dice_contest : bool
        Roll every taming die instead of drawing the outcome from the exact odds table.
    debug : bool
        Check the invariants after every phase (:func:`sim.runner.play_state` raises on the
        first broken one; an advice run does not check).
    """

    slots: tuple[Slot, ...]
    seats: tuple[int, ...]
    rules: Rules = field(default_factory=Rules)
    seed: int = 0
    first_game: int = 0
    n_games: int = 1
    rotate: bool = False
    threads: int = 1
    dice_contest: bool = False
    debug: bool = False

    def __post_init__(self) -> None:
        slots = tuple(self.slots)
        if not slots or not all(isinstance(s, Slot) for s in slots):
            raise InputError("a run needs at least one strategy slot (sim.run.Slot)")
        seats = tuple(self.seats)
        if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
            raise InputError(
                f"Stone Age is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(seats)}"
                " (one seat strategy each)"
            )
        seats = tuple(_whole(s, "a seat's slot", 0) for s in seats)
        if max(seats) >= len(slots):
            raise InputError(f"a seat's slot must be below {len(slots)} (the slots), not {seats}")
        if not isinstance(self.rules, Rules):
            raise InputError(f"the rules must be a sim.rules.Rules, not {self.rules!r}")
        settings = {
            "slots": slots,
            "seats": seats,
            "seed": _whole(self.seed, "the seed", 0),
            "first_game": _whole(self.first_game, "the first game's index", 0),
            "n_games": _whole(self.n_games, "the number of games", 1),
            "threads": _whole(self.threads, "the number of threads", 1),
            "rotate": bool(self.rotate),
            "dice_contest": bool(self.dice_contest),
            "debug": bool(self.debug),
        }
        for name, value in settings.items():
            object.__setattr__(self, name, value)  # frozen: the checked values, once

    @property
    def players(self) -> int:
        """Seats at the table (2 to 4)."""
        return len(self.seats)

    @property
    def labels(self) -> list[str]:
        """The slots' labels, in slot order."""
        return [s.label for s in self.slots]

    def lineups(self) -> np.ndarray:
        """The slot of each seat of each game: ``(n_games, 4)`` int64 (:func:`lineups`)."""
        return lineups(self.n_games, self.players, self.seats, self.rotate, self.first_game)

    def kernel_games(self) -> tuple:
        """The run as the kernel's entries take it: ``(words, lineups, slots, dice_contest)``,
        the seed's words (:func:`sim.rng.seed_words`), :meth:`lineups`, the slots packed
        (:func:`pack_slots`: ``(sids, tids, pbase, ptame)``) and the contest's flag."""
        return seed_words(self.seed), self.lineups(), pack_slots(self.slots), self.dice_contest


__all__ = ["Run", "Slot", "lineups", "pack_slots"]
