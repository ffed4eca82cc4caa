"""Play batches of games and shape the results: the thin Python shell around the kernel.

The kernel comes from :func:`sim.kernel.build` (the strategy registry builds it); this module
knows strategies only as kernel ids and parameter rows (:class:`Slot`).
"""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
import pandas as pd
from numba import njit

from sim.constants import MAX_ROUNDS
from sim.contest_exact import outcome_table
from sim.data import load_buildings, load_cards, load_tiles
from sim.errors import InputError
from sim.invariants import MESSAGES, PHASES
from sim.jit import kernel_codegen
from sim.kernel import compile_lock, is_cached, record_compile
from sim.rng import seed_words
from sim.rules import Flag, Rules
from sim.state import (
    AGRICULTURE,
    HERD,
    HERD_NAMES,
    I_CONTESTS,
    I_ERROR_CODE,
    I_ERROR_PHASE,
    I_HERD_ROUNDS,
    I_MAJORITY_CHANGED,
    I_PLAYERS,
    I_ROUND,
    I_TILES_BOXED,
    N_BUILDINGS_HELD,
    N_CARDS_HELD,
    PART_NAMES,
    PARTS,
    PEOPLE,
    RANK,
    SCORE,
    STARVED_ABLE,
    TOOLS,
    GameState,
    new_state,
    rules_data,
)


class InvariantError(RuntimeError):
    """Debug mode found a broken invariant; the message names the game and phase."""


@dataclass(frozen=True)
class Slot:
    """A strategy as the kernel sees it: ids and parameter rows, plus a label for the output."""

    label: str
    base_id: int
    taming_id: int
    base_params: np.ndarray
    taming_params: np.ndarray


class Batch(NamedTuple):
    """Everything the kernel needs besides the state."""

    words: np.ndarray
    lineups: np.ndarray
    sids: np.ndarray
    tids: np.ndarray
    pbase: np.ndarray
    ptame: np.ndarray


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


def validate(n_games: int, players: int, seed: int) -> None:
    """Reject impossible run sizes with an :class:`InputError`."""
    if isinstance(players, bool) or not isinstance(players, int | np.integer):
        raise InputError(f"players must be a whole number, not {players!r}")
    if not 2 <= players <= 4:
        raise InputError(f"Stone Age is played by 2 to 4 players, not {players}")
    if n_games < 1:
        raise InputError(f"the number of games must be at least 1, not {n_games}")
    if seed < 0:
        raise InputError(f"the seed must be a non-negative integer, not {seed}")


def compile_entry(kernel, entry: str, call) -> float | None:
    """Compile one of the kernel's entries now, or load it from numba's cache, under its lock.

    A compile is timed and recorded in the cache folder (:func:`sim.kernel.record_compile`), so
    that the next cold compile of the same entry can be announced with its duration.

    Parameters
    ----------
    kernel : module
        A kernel from :func:`sim.kernel.build`.
    entry : str
        The entry's name (``play_rows``, ``advise_rows``).
    call : callable
        Calls the entry on an empty range of rows (types it, plays nothing).

    Returns
    -------
    float or None
        CPU seconds the compile took; None if the entry was compiled or cached already.
    """
    if getattr(kernel, entry).signatures:
        return None
    with compile_lock(kernel, entry):  # another process may be compiling it: wait, then load it
        cached = is_cached(kernel, entry)
        cpu, wall = time.process_time(), time.perf_counter()
        with kernel_codegen():
            call()
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    if cached:
        return None
    record_compile(kernel, cpu, wall, entry)
    return cpu


def typing_batch(rows: int = 1, log: np.ndarray | None = None) -> tuple[GameState, tuple]:
    """A 2-player state of ``rows`` rows and the arguments every entry takes first, to type an
    entry's call on an empty range of rows (compile it, or load it from the cache, playing none).

    Returns
    -------
    st : GameState
    args : tuple
        ``(words, lineup, slots, dice_contest)``, ``slots`` being :func:`pack_slots`'s
        ``(sids, tids, pbase, ptame)``; the entry's own arguments follow.
    """
    rules = Rules()
    data = rules_data(load_cards(), load_buildings(), load_tiles(rules.tiles), rules.kernel_flags())
    st = new_state(rows, 2, data, outcome_table(rules.tie_rule), log)
    slots = pack_slots([Slot("", 0, 0, np.zeros(1), np.zeros(1))])
    return st, (seed_words(0), lineups(1, 2, [0, 0], False), slots, False)


def compile_kernel(kernel) -> float | None:
    """Compile the kernel's entry point ``play_rows`` now, or load it from numba's cache,
    playing no game (:func:`compile_entry`).

    Parameters
    ----------
    kernel : module
        A kernel from :func:`sim.kernel.build`.

    Returns
    -------
    float or None
        CPU seconds the compile took; None if the kernel was compiled or cached already.
    """
    if kernel.play_rows.signatures:  # compiled or loaded in this process: no state to build
        return None
    st, args = typing_batch()
    args = (*args[:3], False, *args[3:])  # debug, then dice_contest
    return compile_entry(kernel, "play_rows", lambda: kernel.play_rows(st, 0, 0, 0, *args))


def run_rows(entry, st: GameState, n_games: int, first_game: int, args: tuple, threads: int):
    """Call a kernel entry (``play_rows``, ``advise_rows``) on rows ``0..n_games - 1`` of
    ``st``, split into ``threads`` ranges of rows played at once (the entries release the GIL;
    games are keyed by their index, so the split changes no result)."""
    threads = max(1, min(int(threads), n_games))
    if threads == 1:
        entry(st, 0, n_games, first_game, *args)
        return
    bounds = np.linspace(0, n_games, threads + 1).astype(int)
    with ThreadPoolExecutor(threads) as pool:
        jobs = [
            pool.submit(entry, st, lo, hi, first_game, *args)
            for lo, hi in zip(bounds[:-1], bounds[1:], strict=True)
            if hi > lo
        ]
        for job in jobs:
            job.result()


def play_state(
    kernel,
    slots: list[Slot],
    seats: list[int],
    n_games: int,
    players: int,
    seed: int,
    rules: Rules,
    first_game: int = 0,
    rotate: bool = False,
    threads: int = 1,
    debug: bool = False,
    dice_contest: bool = False,
    tiles: np.ndarray | None = None,
    times: np.ndarray | None = None,
) -> GameState:
    """Play ``n_games`` games (global indices ``first_game``...) and return the final states.

    With ``times`` (a (2, ``N_TIMERS``) int64 array; ``kernel`` the timed variant, see
    :func:`sim.kernel.kernel_source`) the games are played on one thread by
    ``play_rows_timed``, which adds the cycles of each part of them to ``times``.

    Raises
    ------
    InvariantError
        In debug mode, naming the first game whose invariants broke and the phase.
    """
    validate(n_games, players, seed)
    if len(seats) != players:
        raise InputError(f"{players} players need {players} seat strategies, not {len(seats)}")
    tiles = load_tiles(rules.tiles) if tiles is None else tiles
    data = rules_data(load_cards(), load_buildings(), tiles, rules.kernel_flags())
    st = new_state(n_games, players, data, outcome_table(rules.tie_rule))
    words = seed_words(seed)
    lineup = lineups(n_games, players, seats, rotate, first_game)
    args = (words, lineup, pack_slots(slots), bool(debug), bool(dice_contest))
    if times is not None:
        kernel.play_rows_timed(st, 0, n_games, first_game, *args, times)
        return st
    compile_kernel(kernel)  # before the threads, and timed for the next cold start's notice
    run_rows(kernel.play_rows, st, n_games, first_game, args, threads)
    if debug:
        failed = np.flatnonzero(st.game[:, I_ERROR_PHASE])
        if failed.size:
            g = int(failed[0])
            raise InvariantError(
                f"game {first_game + g}: after phase {PHASES[st.game[g, I_ERROR_PHASE]]}: "
                f"{MESSAGES[st.game[g, I_ERROR_CODE]]}"
            )
    return st


def to_frame(
    st: GameState, slots: list[Slot], seats: list[int], first_game: int, rotate: bool
) -> pd.DataFrame:
    """One row per (game, seat) with the score, its parts, the tableau and the herd figures."""
    n = st.game.shape[0]
    players = int(st.game[0, I_PLAYERS])
    lineup = lineups(n, players, seats, rotate, first_game)[:, :players]
    labels = [s.label for s in slots]
    categories = list(dict.fromkeys(labels))
    slot_code = np.array([categories.index(label) for label in labels], dtype=np.int8)
    fields = [SCORE, RANK, PEOPLE, AGRICULTURE, N_BUILDINGS_HELD, N_CARDS_HELD]
    fields += [TOOLS + s for s in range(3)]
    fields += [PARTS + k for k in range(len(PART_NAMES))]
    fields += [HERD + k for k in range(len(HERD_NAMES))]
    fields += [STARVED_ABLE]
    table = _seat_columns(st.seat, np.array(fields, dtype=np.int64), players)
    row_of = {field: j for j, field in enumerate(fields)}

    def column(k: int) -> np.ndarray:
        return table[row_of[k]]

    def per_game(k: int, dtype) -> np.ndarray:
        return np.repeat(st.game[:, k].astype(dtype), players)

    frame = {
        "game": np.repeat(np.arange(first_game, first_game + n, dtype=np.int64), players),
        "seat": np.tile(np.arange(players, dtype=np.int8), n),
        "strategy": pd.Categorical.from_codes(slot_code[lineup.ravel()], categories=categories),
        "score": column(SCORE),
        "rank": column(RANK).astype(np.int8),
        "winner": column(RANK) == 1,
        "rounds": per_game(I_ROUND, np.int16),
        "people": column(PEOPLE).astype(np.int8),
        "agriculture": column(AGRICULTURE).astype(np.int8),
        "tools": (column(TOOLS) + column(TOOLS + 1) + column(TOOLS + 2)).astype(np.int8),
        "buildings": column(N_BUILDINGS_HELD).astype(np.int8),
        "cards": column(N_CARDS_HELD).astype(np.int8),
    }
    for k, name in enumerate(PART_NAMES):
        frame[name] = column(PARTS + k)
    for k, name in enumerate(HERD_NAMES):
        frame[name] = column(HERD + k)
    frame["starved_while_able"] = column(STARVED_ABLE).astype(np.int16)  # -10s taken by choice
    frame["tiles_boxed"] = per_game(I_TILES_BOXED, np.int8)
    frame["herd_rounds"] = per_game(I_HERD_ROUNDS, np.int8)
    frame["contests"] = per_game(I_CONTESTS, np.int8)
    frame["majority_decided"] = per_game(I_MAJORITY_CHANGED, bool)
    # the rules did not end the game: it was cut off after MAX_ROUNDS rounds
    frame["safety_stop"] = per_game(I_ROUND, np.int16) >= MAX_ROUNDS
    return pd.DataFrame(frame, copy=False)  # every column is a fresh array: no copy needed


@njit(cache=True)
def _seat_columns(seat, fields, players):
    """The seat fields ``fields`` of every (game, seat), in one pass over the batch.

    Row ``j`` holds field ``fields[j]`` of seat 0, 1, ... of game 0, then of game 1, and so on
    (the table's row order). One pass instead of one strided pass per field: the batch's seat
    array is far larger than the caches.
    """
    n = seat.shape[0]
    out = np.empty((fields.shape[0], n * players), dtype=seat.dtype)
    for g in range(n):
        for p in range(players):
            for j in range(fields.shape[0]):
                out[j, g * players + p] = seat[g, p, fields[j]]
    return out


def flags_of(rules: Rules) -> dict:
    """The rule flags as the kernel reads them (for metadata)."""
    return {f.name.lower(): int(v) for f, v in zip(Flag, rules.kernel_flags(), strict=False)}
