"""Play games by strategy name: the Python API behind ``mammoth simulate``, ``mammoth advise`` and
the notebooks, and the one way every question plays a lineup.

A lineup is a :class:`sim.run.Run` (its slots from :meth:`strategies.registry.SeatStrategy.slot`,
its seats rotated by :meth:`sim.run.Run.lineups`); :func:`play_lineup` plays it on the kernel that
holds its strategies and returns the final states, :func:`play` the table of them, and
:func:`lineup_rounds` plays it round by round.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np
import pandas as pd

from sim.advising import advise_state, decisions_frame, dropped_decisions
from sim.analysing import play_out
from sim.constants import N_AREAS
from sim.engine_layout import N_TIMERS, TIMER_NAMES
from sim.errors import InputError
from sim.position import Position, position_of_snapshot
from sim.rules import Rules
from sim.run import Run, Slot
from sim.runner import play_state, round_starts, to_frame
from sim.situation import D_KIND, D_PENDING, D_SEAT, LOG_DECISIONS, PLACE_DECISION, snapshot_row
from sim.state import I_ROUND, GameState
from strategies.greedy_values import CLOCK
from strategies.registry import kernel_for, resolve


def slots_for(names: list[str]) -> tuple[list[Slot], list[int]]:
    """Resolve seat strategy names into distinct kernel slots and the slot of each seat."""
    slots: list[Slot] = []
    index: dict[str, int] = {}
    seats = []
    for name in names:
        seat = resolve(name)
        if seat.name not in index:
            index[seat.name] = len(slots)
            slots.append(seat.slot())
        seats.append(index[seat.name])
    return slots, seats


def seat_names(strategies: list[str] | str, players: int) -> list[str]:
    """One strategy name per seat from one name for all or one per seat."""
    names = [strategies] * players if isinstance(strategies, str) else list(strategies)
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise InputError(
            f"give one strategy for every seat or one per seat ({players}), not {len(names)} "
            "(--strategy once or once per seat)"
        )
    return names


def run_for(
    n_games: int,
    players: int,
    strategies: list[str] | str,
    seed: int = 0,
    rules: Rules | None = None,
    **settings,
) -> Run:
    """The run of ``n_games`` games by ``players`` seats playing ``strategies``, checked once.

    Parameters
    ----------
    n_games : int
        Number of games.
    players : int
        2, 3 or 4.
    strategies : str or list of str
        One name for every seat, or one per seat (``BASE`` or ``BASE+TAMING``).
    seed : int
        The run's seed; game ``i`` depends only on (seed, i, rules, strategies).
    rules : Rules, optional
        Rules in force (default: the defaults of docs/rules.md).
    **settings
        The run's other settings, by name, as :class:`sim.run.Run` takes them: ``first_game``
        (the global index of the first game, for chunked runs), ``rotate`` (rotate the seats by
        one each game), ``threads`` (threads to play on; results do not depend on it),
        ``debug`` (check invariants after every phase), ``dice_contest`` (roll every taming
        die instead of drawing from the exact odds table).

    Returns
    -------
    Run
        Its slots are the distinct strategies, in the order first met (:func:`slots_for`).

    Raises
    ------
    InputError
        A bad setting or strategy name, or not one strategy for every seat or one per seat.
    """
    slots, seats = slots_for(seat_names(strategies, players))
    return Run(slots, seats, rules=rules or Rules(), seed=seed, n_games=n_games, **settings)


def play_games(
    n_games: int,
    players: int,
    strategies: list[str] | str,
    seed: int = 0,
    rules: Rules | None = None,
    **settings,
) -> pd.DataFrame:
    """Play ``n_games`` complete games and return one row per (game, seat).

    Parameters
    ----------
    n_games, players, strategies, seed, rules, **settings
        The run, as for :func:`run_for`: ``first_game``, ``rotate``, ``threads``, ``debug``,
        ``dice_contest`` by name.

    Returns
    -------
    pandas.DataFrame
        Columns ``game``, ``seat``, ``strategy``, ``score``, ``rank``, ``winner``, ``rounds``, the
        tableau, the score parts (adding up to ``score``) and the herd statistics.
    """
    return play(run_for(n_games, players, strategies, seed, rules, **settings))


def play(run: Run) -> pd.DataFrame:
    """Play a run and return one row per (game, seat), as :func:`play_games` does.

    Parameters
    ----------
    run : Run
        From :func:`run_for`, or a :class:`sim.run.Run` of one's own slots.

    Returns
    -------
    pandas.DataFrame
        As :func:`play_games` returns.
    """
    return to_frame(play_lineup(run), run)


def play_lineup(run: Run) -> GameState:
    """Play a run's games on the kernel that holds its strategies and return the final states:
    the one way a question plays a lineup.

    Parameters
    ----------
    run : Run
        Its slots (:meth:`strategies.registry.SeatStrategy.slot`), the seats of its first game,
        rotated by :meth:`sim.run.Run.lineups` with ``rotate``, the rules, seed and games.

    Returns
    -------
    GameState
        One row per game (:func:`sim.runner.play_state`); :meth:`sim.run.Run.lineups` says which
        slot sat at each seat.

    Raises
    ------
    InvariantError
        In debug mode, naming the first game whose invariants broke and the phase.
    """
    return play_state(kernel_for(run.slots), run)


def lineup_rounds(run: Run) -> Iterator[tuple[GameState, int]]:
    """Play a run's games round by round, yielding the state at the start of every round.

    The games are :func:`play_lineup`'s, played one after the other on this thread
    (:func:`sim.runner.round_starts`).

    Parameters
    ----------
    run : Run
        As for :func:`play_lineup` (``threads``, ``debug`` and ``dice_contest`` are not read).

    Yields
    ------
    (GameState, int)
        The batch and the row of the game; read it, never change it. Once the generator is
        exhausted every game of the batch is over and scored.
    """
    yield from round_starts(kernel_for(run.slots), run)


def play_out_options(
    position: Position,
    slots: list[Slot],
    options: list,
    seed: int,
    lo: int,
    hi: int,
    key: int | None = None,
) -> tuple[np.ndarray, int]:
    """Play out every option of a position's decision on the kernel that holds its seats'
    strategies (:func:`sim.analysing.play_out`): the one way a question plays a position.

    Parameters
    ----------
    position : Position
        The position.
    slots : list of Slot
        The strategy of each seat, in seat order (:meth:`strategies.registry.SeatStrategy.slot`).
    options : list of sim.analysing.Option
        From :func:`sim.analysing.options_of`.
    seed : int
        The analysis's seed: with the play-out index it fixes every re-deal and die.
    lo, hi : int
        The play-outs.
    key : int, optional
        The play-outs' key instead of the seed's (:func:`sim.analysing.position_key`).

    Returns
    -------
    tuple
        As :func:`sim.analysing.play_out` returns.
    """
    return play_out(kernel_for(slots), position, slots, options, seed, lo, hi, key)


@dataclass(frozen=True)
class GamePosition:
    """A herd decision of a simulated game, as a position (:class:`sim.position.Position`)."""

    game: int
    round: int
    seat: int
    kind: str
    position: Position

    @property
    def file_name(self) -> str:
        """A file name that says where the decision was: ``game000012-round09-seat3-commitment``
        (``.toml``)."""
        return f"game{self.game:06d}-round{self.round:02d}-seat{self.seat + 1}-{self.kind}.toml"


def game_positions(
    n_games: int,
    players: int,
    strategies: list[str] | str,
    seed: int = 0,
    rules: Rules | None = None,
    *,
    seat: int = -1,
    **settings,
) -> list[GamePosition]:
    """The position of every herd decision of the games :func:`play_games` plays.

    The games are played as :func:`play_games` plays them (noting a decision changes nothing
    in them), and each seat's herd decisions are kept as positions: its placement turn when its
    taming policy values the herd this round (the first turn with the herd's area open to it),
    and its commitment right after it gathered on the herd's area. A position written with
    :func:`sim.position.position_text` reads back to the same state (the same
    :func:`~sim.position.position_digest`).

    Parameters
    ----------
    n_games, players, strategies, seed, rules, **settings
        The run, as for :func:`play_games` (``debug`` is not checked here).
    seat : int
        Keep the decisions of this seat only (-1: every seat).

    Returns
    -------
    list of GamePosition
        In game order, then in the order the decisions were met.
    """
    run = run_for(n_games, players, strategies, seed, rules, **settings)
    rules, first_game = run.rules, run.first_game
    st = advise_state(kernel_for(run.slots), run, 0, CLOCK, seat=seat, placements=True)
    out = []
    for g in range(n_games):
        for j in range(int(st.log[g, 0, LOG_DECISIONS])):
            row = st.log[g, 1 + j]
            h = snapshot_row(st, g, j)
            kind = "placement" if row[D_KIND] == PLACE_DECISION else "commitment"
            p = int(row[D_SEAT])
            pending = row[D_PENDING : D_PENDING + N_AREAS]
            position = position_of_snapshot(st, h, kind, p, pending, rules)
            out.append(GamePosition(first_game + g, int(st.game[h, I_ROUND]), p, kind, position))
    return out


def phase_cycles(
    n_games: int,
    players: int,
    strategies: list[str] | str,
    seed: int = 0,
    rules: Rules | None = None,
) -> pd.DataFrame:
    """Play games on the timed kernel and return the processor cycles of each part of them.

    The timed variant of the kernel (:func:`sim.kernel.kernel_source` with ``timed``; compiled
    on first use, like any kernel) plays the same games as :func:`play_games`, on one thread,
    reading the cycle counter around each part of a game (``sim.engine_layout.T_*``). Parts nest: a
    part's cycles include those of the parts inside it, and every part includes the cost of the
    timers inside it (see ``experiments/bench/breakdown.py`` for how the bench takes both out).

    Parameters
    ----------
    n_games, players, strategies, seed, rules
        As for :func:`play_games`.

    Returns
    -------
    pandas.DataFrame
        One row per part (index: ``sim.engine_layout.TIMER_NAMES``), columns ``cycles`` and ``laps``
        (times the part was timed), both summed over the games; the part ``timer (calibration)``
        holds 1000 empty laps.
    """
    run = run_for(n_games, players, strategies, seed, rules)
    times = np.zeros((2, N_TIMERS), dtype=np.int64)
    play_state(kernel_for(run.slots, timed=True), run, times=times)
    return pd.DataFrame({"cycles": times[0], "laps": times[1]}, index=list(TIMER_NAMES))


def advise_games(
    n_games: int,
    players: int,
    strategies: list[str] | str,
    playouts: int,
    seed: int = 0,
    rules: Rules | None = None,
    *,
    seat: int = -1,
    placements: bool = False,
    **settings,
) -> pd.DataFrame:
    """Play ``n_games`` games and play out every taming decision met in them (and, with
    ``placements``, every placement decision: seek the herd this round or stay away).

    At each decision of a followed seat, every commitment ``k`` from 0 to the most it can move
    and pay is played out ``playouts`` times to the end of the game with every seat's own
    strategy, on common random numbers across the ``k`` (:mod:`sim.situation`). The real game
    goes on with the seat's own choice.

    Parameters
    ----------
    n_games, players, strategies, seed, rules, **settings
        The run, as for :func:`play_games` (``debug`` is not checked here).
    playouts : int
        Continuations per decision and commitment.
    seat : int
        The seat whose decisions are played out (-1: every seat).
    placements : bool
        Play out the placement decisions too (:mod:`sim.situation`).

    Returns
    -------
    pandas.DataFrame
        One row per decision (:func:`sim.advising.decisions_frame`); ``attrs["dropped"]``
        counts the decisions met after a game's log was full, which were not played out.
    """
    run = run_for(n_games, players, strategies, seed, rules, **settings)
    st = advise_state(kernel_for(run.slots), run, playouts, CLOCK, seat=seat, placements=placements)
    frame = decisions_frame(st, run)
    frame.attrs["dropped"] = dropped_decisions(st)  # met after a game's log was full
    return frame


__all__ = [
    "CLOCK",
    "GamePosition",
    "advise_games",
    "game_positions",
    "lineup_rounds",
    "phase_cycles",
    "play",
    "play_games",
    "play_lineup",
    "play_out_options",
    "run_for",
    "seat_names",
    "slots_for",
]
