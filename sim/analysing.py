"""Play out every option of a position's decision: the Python shell around ``analyse_rows``.

A :class:`~sim.position.Position` stands at a herd decision. Its options (:func:`options_of`):

- at a placement turn with the herd's area open to the seat, every number of people it may put
  there, and *elsewhere*: the seat's own player places this turn with the herd's area closed;
- at a commitment, every number of figures from 0 to what the seat can move and pay for.

:func:`play_out` plays a range of play-outs of every option to the end of the game with the
seats' strategies (the same play-out index meets the same re-deal of what the seats cannot see
and the same dice for every option: common random numbers) and returns each play-out's win
share and final margin of the deciding seat, and the option the seat's own player takes.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from sim.board import legal_places
from sim.constants import MAX_TILE_FIGURES, N_AREAS
from sim.contest_exact import odds
from sim.errors import InputError
from sim.names import AREA_NAMES
from sim.position import Position
from sim.rng import N_PURPOSES, seed_words, stream_key
from sim.runner import Slot, compile_entry, pack_slots, typing_batch
from sim.situation import COMMIT_DECISION, PLACE_DECISION
from sim.state import (
    CHOICE_TOKENS,
    GOODS,
    H_ON_TILE,
    HERD,
    I_HERD_AREA,
    PLACED,
)

ELSEWHERE = 0
"""A placement option's code: the seat places this turn away from the herd's area."""
POSITION_SALT = N_PURPOSES + 10_000
"""The purpose that keys a position's play-outs (``stream_key(seed, 0, POSITION_SALT)``): far
from the purposes of a game's own streams and the advice's decision keys."""


@dataclass(frozen=True)
class Option:
    """One option of a decision: its code for the kernel and its label for a table."""

    code: int
    label: str


def options_of(position: Position) -> list[Option]:
    """The legal options of the position's decision, in table order.

    Raises
    ------
    InputError
        When the decision has fewer than two options (nothing to compare).
    """
    st = position.state()
    p = position.to_act
    name = position.players[p]
    area = int(st.game[0, I_HERD_AREA])
    if position.kind == "commitment":
        kmax = min(figures_available(position), can_pay(position), MAX_TILE_FIGURES)
        options = [Option(k, f"commit {k}") for k in range(kmax + 1)]
    else:
        lo = np.zeros(N_AREAS, dtype=np.int64)
        hi = np.zeros(N_AREAS, dtype=np.int64)
        legal_places(st, 0, p, lo, hi)
        options = []
        if area >= 0 and hi[area] > 0:
            where = AREA_NAMES[area]
            options += [Option(c, f"{c} on the {where}") for c in range(lo[area], hi[area] + 1)]
        if any(hi[a] > 0 for a in range(N_AREAS) if a != area):
            options.append(Option(ELSEWHERE, "elsewhere"))
        if area < 0 or hi[area] == 0:
            raise InputError(
                f"the herd's area is not open to {name} at this turn: "
                "there is no herd option to play out"
            )
    if len(options) < 2:
        raise InputError(f"{name} has one option only ({options[0].label}): nothing to compare")
    return options


def figures_available(position: Position) -> int:
    """A commitment's people of the seat on the herd's area."""
    return int(position.seat[position.to_act, PLACED + int(position.game[I_HERD_AREA])])


def can_pay(position: Position) -> int:
    """Figures the seat can pay for: its food, resources and kept resources of choice."""
    row = position.seat[position.to_act]
    return int(row[GOODS : GOODS + 5].sum() + row[CHOICE_TOKENS])


def contest_odds(position: Position, figures: int) -> float:
    """The exact chance the seat wins the contest with ``figures`` on the tile, against the
    figures already there (the seats before it in this round's order) and one figure of each
    later seat with people on the herd's area (still to decide; the assumption of ``ev`` and of
    the advice card's page)."""
    if figures == 0:
        return 0.0
    order = position.order
    p = position.to_act
    area = int(position.game[I_HERD_AREA])
    on_tile = [int(position.seat[q, HERD + H_ON_TILE]) for q in range(position.n_players)]
    for q in order[order.index(p) + 1 :]:
        on_tile[q] = 1 if position.seat[q, PLACED + area] > 0 else 0
    on_tile[p] = figures
    return float(odds(on_tile, position.rules.tie_rule).win[p])


def position_key(seed: int) -> np.uint64:
    """The key of a position's play-outs under ``seed``."""
    return np.uint64(stream_key(seed_words(seed), 0, POSITION_SALT))


def decision_row(position: Position) -> np.ndarray:
    """The kernel's ``decision`` array (:func:`sim.engine_analysis.analyse_rows`)."""
    row = np.zeros(3 + N_AREAS, dtype=np.int64)
    row[0] = position.to_act
    row[1] = COMMIT_DECISION if position.kind == "commitment" else PLACE_DECISION
    row[2] = 0 if position.known else 1
    for a in position.pending:
        row[3 + a] = 1
    return row


def play_out(
    kernel,
    position: Position,
    slots: list[Slot],
    options: list[Option],
    seed: int,
    lo: int,
    hi: int,
    key: int | None = None,
) -> tuple[np.ndarray, int]:
    """Play out play-outs ``lo``..``hi - 1`` of every option of the position.

    Parameters
    ----------
    kernel : module
        A kernel from :func:`sim.kernel.build` holding the seats' strategies.
    position : Position
        The position.
    slots : list of Slot
        The strategy of each seat, in seat order.
    options : list of Option
        From :func:`options_of`.
    seed : int
        The analysis's seed: with the play-out index it fixes every re-deal and die.
    lo, hi : int
        The play-outs.
    key : int, optional
        The play-outs' key instead of the seed's (:func:`position_key`): with the key of an
        advice run's decision, the same play-outs as that run's.

    Returns
    -------
    results : numpy.ndarray
        float64 ``(options, 2, hi - lo)``: each play-out's win share and final margin.
    choice : int
        The option code the seat's own player takes (-1 unless ``lo == 0``).
    """
    if len(slots) != position.n_players:
        raise InputError(
            f"{position.n_players} players need {position.n_players} strategies, not {len(slots)}"
        )
    st = position.state()
    codes = np.array([o.code for o in options], dtype=np.int64)
    out = np.zeros((len(options), 2, hi - lo), dtype=np.float64)
    choice = np.full(1, -1, dtype=np.int64)
    seats = pack_slots(slots)
    compile_analysis(kernel)
    key = position_key(seed) if key is None else np.uint64(key)
    kernel.analyse_rows(st, decision_row(position), codes, key, lo, hi, seats, out, choice)
    return out, int(choice[0])


def compile_analysis(kernel) -> float | None:
    """Compile the kernel's analysis entry ``analyse_rows`` now, or load it from numba's cache,
    playing nothing (:func:`sim.runner.compile_entry`).

    Returns
    -------
    float or None
        CPU seconds the compile took; None if it was compiled or cached already.
    """
    if kernel.analyse_rows.signatures:
        return None
    st, head = typing_batch(1)
    seats = head[2]
    decision = np.zeros(3 + N_AREAS, dtype=np.int64)
    out = np.zeros((1, 2, 0), dtype=np.float64)
    choice = np.zeros(1, dtype=np.int64)
    codes = np.zeros(1, dtype=np.int64)
    return compile_entry(
        kernel,
        "analyse_rows",
        lambda: kernel.analyse_rows(st, decision, codes, np.uint64(0), 1, 1, seats, out, choice),
    )


__all__ = [
    "ELSEWHERE",
    "Option",
    "can_pay",
    "compile_analysis",
    "contest_odds",
    "figures_available",
    "options_of",
    "play_out",
    "position_key",
]
