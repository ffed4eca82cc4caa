"""Play advice batches and shape their decision table: the Python shell around ``advise_rows``.

An advice batch plays real games exactly as :func:`sim.runner.play_state` does and notes every
taming decision (of every seat, or of one), and with ``placements`` every placement decision
(whether to seek the herd this round, :mod:`sim.situation`); each decision is then played out
once per option (:func:`sim.engine_advice.play_out_decision`). :func:`decisions_frame` turns the log
into one row per decision.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from sim.contest_exact import outcome_table
from sim.data import load_buildings, load_cards, load_tiles
from sim.errors import InputError
from sim.run import Run, lineups
from sim.runner import compile_entry, run_rows, typing_batch
from sim.situation import (
    D_K_FIELD,
    D_KIND,
    D_SEAT,
    LOG_DECISIONS,
    LOG_DROPPED,
    MAX_K,
    N_SITUATION,
    NOTE_COMMITMENTS,
    NOTE_PLACEMENTS,
    PLACE_DECISION,
    R_MARGIN,
    R_WIN,
    SITUATION,
    new_log,
    snapshot_rows,
)
from sim.state import I_PLAYERS, GameState, new_state, rules_data

SITUATION_COLUMNS = (
    "round",
    "players",
    "available",
    "can_pay",
    "kmax",
    "committed_most",
    "committed_seats",
    "to_decide",
    "first_effect",
    "first_amount",
    "first_good",
    "all_effect",
    "all_amount",
    "all_good",
    "first_worth",
    "all_worth",
    "tiles_mine",
    "tiles_leader",
    "tiles_left",
    "rounds_left",
    "score_gap",
    "mammoth_points",
    "rivals",
    "herd_estimate",
)
"""The situation block's columns, in the order of :mod:`sim.situation`'s ``S_*`` offsets."""

WORTH_COLUMNS = ("first_worth", "all_worth", "rounds_left", "herd_estimate")  # not integers
KINDS = ("commit", "place")
"""The ``kind`` column's categories, in the order of :mod:`sim.situation`'s decision kinds."""
MAX_PLAYOUTS = 100_000


def advise_state(
    kernel,
    run: Run,
    playouts: int,
    clock: tuple[float, float],
    seat: int = -1,
    placements: bool = False,
) -> GameState:
    """Play the run's games as advice games (global indices ``run.first_game``...) and return
    their state.

    Parameters
    ----------
    kernel : module
        A kernel from :func:`sim.kernel.build`.
    run : Run
        What to play, as for :func:`sim.runner.play_state` (its ``debug`` is not checked here).
    playouts : int
        Continuations per decision and commitment; 0 notes the decisions and plays none out
        (their results stay NaN: what writing positions of games needs).
    clock : tuple of float
        ``(cards_per_round, stack_rate)`` of the situation's rounds-left clock.
    seat : int
        The seat whose decisions are played out (-1: every seat).
    placements : bool
        Note and play out the placement decisions too (seek the herd this round or stay away).

    Returns
    -------
    GameState
        Its first ``run.n_games`` rows are the real games; ``st.log`` holds the decisions.
    """
    if not 0 <= playouts <= MAX_PLAYOUTS:
        raise InputError(f"play-outs per commitment must be 0 to {MAX_PLAYOUTS:,}, not {playouts}")
    if not -1 <= seat < run.players:
        raise InputError(f"the seat followed must be -1 (every seat) or 0 to {run.players - 1}")
    rules = run.rules
    tiles = load_tiles(rules.tiles)
    data = rules_data(load_cards(), load_buildings(), tiles, rules.kernel_flags())
    kinds = NOTE_COMMITMENTS + (NOTE_PLACEMENTS if placements else 0)
    log = new_log(run.n_games, seat, kinds)
    rows = snapshot_rows(run.n_games)
    st = new_state(rows, run.players, data, outcome_table(rules.tie_rule), log)
    args = (run.kernel_games(), int(playouts), np.array(clock, dtype=np.float64))
    # rows 0..0: types the call (compiles, or loads from the cache), plays none
    compile_entry(
        kernel, "advise_rows", lambda: kernel.advise_rows(st, 0, 0, run.first_game, *args)
    )
    run_rows(kernel.advise_rows, st, run, args)
    return st


def compile_advice(kernel) -> float | None:
    """Compile the kernel's advice entry ``advise_rows`` now, or load it from numba's cache,
    playing no game (:func:`sim.runner.compile_entry`).

    Parameters
    ----------
    kernel : module
        A kernel from :func:`sim.kernel.build`.

    Returns
    -------
    float or None
        CPU seconds the compile took; None if the entry was compiled or cached already.
    """
    if kernel.advise_rows.signatures:  # compiled or loaded in this process
        return None
    st, games = typing_batch(snapshot_rows(1), new_log(1, -1))
    args = (games, 1, np.zeros(2, dtype=np.float64))  # one play-out, a clock
    return compile_entry(kernel, "advise_rows", lambda: kernel.advise_rows(st, 0, 0, 0, *args))


def decisions_frame(st: GameState, run: Run) -> pd.DataFrame:
    """One row per decision played out: where it was, its kind, its situation, the field's own
    choice and each option's mean win share (``win_K``) and final margin (``margin_K``; NaN
    beyond the decision's options). A commitment's options are ``K`` figures (0 to ``kmax``); a
    placement's are ``win_0`` staying away from the herd this round and ``win_1`` seeking it.

    Parameters
    ----------
    st : GameState
        From :func:`advise_state`.
    run : Run
        As given to :func:`advise_state`.

    Returns
    -------
    pandas.DataFrame
        Columns ``game``, ``seat``, ``strategy``, ``kind`` (:data:`KINDS`), the situation
        (:data:`SITUATION_COLUMNS`), ``k_field``, ``win_0`` ... ``win_10``, ``margin_0`` ...
        ``margin_10``; rows in game order, then in the order the decisions were met.
    """
    log = st.log
    n = log.shape[0]
    counts = log[:, 0, LOG_DECISIONS].astype(np.int64)
    mask = np.arange(log.shape[1] - 1)[None, :] < counts[:, None]
    rows = log[:, 1:, :][mask]  # (decisions, LOG_WIDTH), game by game
    game = np.repeat(np.arange(n, dtype=np.int64), counts)
    players = int(st.game[0, I_PLAYERS]) if n else 2
    seat = rows[:, D_SEAT].astype(np.int8)
    first_game = run.first_game
    lineup = lineups(n, players, run.seats, run.rotate, first_game)
    labels = run.labels
    categories = list(dict.fromkeys(labels))
    slot_code = np.array([categories.index(label) for label in labels], dtype=np.int8)
    frame = {
        "game": first_game + game,
        "seat": seat,
        "strategy": pd.Categorical.from_codes(
            slot_code[lineup[game, seat.astype(np.int64)]], categories=categories
        ),
        "kind": pd.Categorical.from_codes(
            (rows[:, D_KIND] == PLACE_DECISION).astype(np.int8), categories=list(KINDS)
        ),
    }
    block = rows[:, SITUATION : SITUATION + N_SITUATION]
    for j, name in enumerate(SITUATION_COLUMNS):
        column = block[:, j]
        frame[name] = column if name in WORTH_COLUMNS else column.astype(np.int16)
    frame["k_field"] = rows[:, D_K_FIELD].astype(np.int8)
    for k in range(MAX_K + 1):
        frame[f"win_{k}"] = rows[:, R_WIN + k]
    for k in range(MAX_K + 1):
        frame[f"margin_{k}"] = rows[:, R_MARGIN + k]
    return pd.DataFrame(frame)


def dropped_decisions(st: GameState) -> int:
    """Decisions met after a game's log was full (not played out); 0 in practice."""
    return int(st.log[:, 0, LOG_DROPPED].sum())


__all__ = [
    "KINDS",
    "MAX_PLAYOUTS",
    "SITUATION_COLUMNS",
    "advise_state",
    "decisions_frame",
    "dropped_decisions",
]
