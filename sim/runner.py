"""Play batches of games and shape the results: the thin Python shell around the kernel.

The kernel comes from :func:`sim.kernel.build` (the strategy registry builds it); this module
knows strategies only as kernel ids and parameter rows (:class:`sim.run.Slot`); a run is described
once, by :class:`sim.run.Run`.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pandas as pd
from numba import njit

from sim.board import set_up_game
from sim.constants import MAX_ROUNDS
from sim.contest_exact import outcome_table
from sim.data import load_buildings, load_cards, load_tiles
from sim.engine import OVER
from sim.engine_layout import W_SHUFFLE
from sim.invariants import MESSAGES, PHASES
from sim.jit import kernel_codegen
from sim.kernel import compile_lock, is_cached, record_compile
from sim.rng import N_PURPOSES, Purpose, seed_stream, seed_words, stream_key
from sim.rules import Flag, Rules
from sim.run import Run, Slot, lineups, pack_slots
from sim.state import (
    AGRICULTURE,
    FLAGS,
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
    """A 2-player state of ``rows`` rows and the run every entry takes after the rows' range, to
    type an entry's call on an empty range of rows (compile it, or load it from the cache,
    playing none).

    Returns
    -------
    st : GameState
    games : tuple
        ``(words, lineups, slots, dice_contest)`` (:meth:`sim.run.Run.kernel_games`); the
        entry's own arguments follow.
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
    st, games = typing_batch()
    return compile_entry(kernel, "play_rows", lambda: kernel.play_rows(st, 0, 0, 0, games, False))


def run_rows(entry, st: GameState, run: Run, args: tuple) -> None:
    """Call a kernel entry (``play_rows``, ``advise_rows``) on the run's rows ``0..n_games - 1``
    of ``st`` (the entry's own arguments ``args`` after the rows' range), split into
    ``run.threads`` ranges of rows played at once (the entries release the GIL; games are keyed
    by their index, so the split changes no result)."""
    n_games, first_game = run.n_games, run.first_game
    threads = max(1, min(run.threads, n_games))
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
    kernel, run: Run, tiles: np.ndarray | None = None, times: np.ndarray | None = None
) -> GameState:
    """Play the run's games (global indices ``run.first_game``...) and return the final states.

    Parameters
    ----------
    kernel : module
        A kernel from :func:`sim.kernel.build` holding the run's strategies.
    run : Run
        What to play (:class:`sim.run.Run`, checked when it was built).
    tiles : numpy.ndarray, optional
        The herd tiles instead of those the rules name (tests of odd tile sets).
    times : numpy.ndarray, optional
        A (2, ``N_TIMERS``) int64 array: with it (``kernel`` the timed variant, see
        :func:`sim.kernel.kernel_source`) the games are played on one thread by
        ``play_rows_timed``, which adds the cycles of each part of them to ``times``.

    Returns
    -------
    GameState
        One row per game.

    Raises
    ------
    InvariantError
        In debug mode, naming the first game whose invariants broke and the phase.
    """
    rules = run.rules
    tiles = load_tiles(rules.tiles) if tiles is None else tiles
    data = rules_data(load_cards(), load_buildings(), tiles, rules.kernel_flags())
    st = new_state(run.n_games, run.players, data, outcome_table(rules.tie_rule))
    args = (run.kernel_games(), run.debug)
    if times is not None:
        kernel.play_rows_timed(st, 0, run.n_games, run.first_game, *args, times)
        return st
    compile_kernel(kernel)  # before the threads, and timed for the next cold start's notice
    run_rows(kernel.play_rows, st, run, args)
    if run.debug:
        failed = np.flatnonzero(st.game[:, I_ERROR_PHASE])
        if failed.size:
            g = int(failed[0])
            raise InvariantError(
                f"game {run.first_game + g}: after phase {PHASES[st.game[g, I_ERROR_PHASE]]}: "
                f"{MESSAGES[st.game[g, I_ERROR_CODE]]}"
            )
    return st


def _seated(run: Run, lineup: np.ndarray) -> tuple[np.ndarray, ...]:
    """The slots of one game's seats packed seat by seat (``sids, tids, pbase, ptame``, four
    rows each), as :func:`sim.engine.play_rounds` takes them; ``lineup`` is the game's row of
    :meth:`sim.run.Run.lineups`."""
    slots = run.slots
    width_b = max(len(s.base_params) for s in slots)
    width_t = max(len(s.taming_params) for s in slots)
    sids = np.zeros(4, dtype=np.int64)
    tids = np.zeros(4, dtype=np.int64)
    pbase = np.zeros((4, width_b))
    ptame = np.zeros((4, width_t))
    for p in range(run.players):
        slot = slots[lineup[p]]
        sids[p] = slot.base_id
        tids[p] = slot.taming_id
        pbase[p, : len(slot.base_params)] = slot.base_params
        ptame[p, : len(slot.taming_params)] = slot.taming_params
    return sids, tids, pbase, ptame


def round_starts(kernel, run: Run) -> Iterator[tuple[GameState, int]]:
    """Play the run's games round by round, yielding the state at the start of every round.

    The games are the ones :func:`play_state` plays (the same streams, set-up and rounds, the
    kernel's public phases :func:`sim.engine.play_rounds` one round at a time, then
    :func:`sim.engine.score_game`), one game after the other on this thread; a stalled game is
    cut off at the engine's safety stop (``MAX_ROUNDS`` rounds). ``run.threads``, ``debug`` and
    ``dice_contest`` are not read: the rounds are played as a default run plays them.

    Parameters
    ----------
    kernel : module
        A kernel from :func:`sim.kernel.build` holding the run's strategies.
    run : Run
        What to play.

    Yields
    ------
    (GameState, int)
        The batch and the row ``g`` of the game; read it, never change it. Once the generator
        is exhausted every game of the batch is over and scored.
    """
    rules = run.rules
    data = rules_data(load_cards(), load_buildings(), load_tiles(rules.tiles), rules.kernel_flags())
    st = new_state(run.n_games, run.players, data, outcome_table(rules.tie_rule))
    table = run.lineups()
    scratch = kernel.new_scratch()
    streams, _, work, _ = scratch
    words = seed_words(run.seed)
    herd = bool(data[FLAGS, Flag.HERD] != 0)
    for g in range(run.n_games):
        seated = _seated(run, table[g])
        for purpose in range(N_PURPOSES):
            key = stream_key(words, np.int64(run.first_game + g), np.int64(purpose))
            seed_stream(streams[purpose], np.uint64(key))
        shuffle, tiles = streams[Purpose.SHUFFLE], streams[Purpose.HERD_TILES]
        set_up_game(st, g, shuffle, tiles, herd, work[W_SHUFFLE])
        for _ in range(MAX_ROUNDS):  # the engine's safety stop: a stalled game is cut off
            yield st, g
            status = kernel.play_rounds(st, g, seated, scratch, run.players, False, False, 1)
            if status == OVER:
                break
        kernel.score_game(st, g, work)


def to_frame(st: GameState, run: Run) -> pd.DataFrame:
    """One row per (game, seat) of the run's final states ``st`` (:func:`play_state`) with the
    score, its parts, the tableau and the herd figures."""
    n = st.game.shape[0]
    players = int(st.game[0, I_PLAYERS])
    first_game = run.first_game
    lineup = run.lineups()[:n, :players]
    labels = run.labels
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
