"""Fit the learned evaluation on the engine's own games (``mammoth train``).

Data: games played by the engine's kernel round by round (its public phases: the set-up, then
:func:`sim.engine.play_rounds` one round at a time, then :func:`sim.engine.score_game`); at the
start of every round each seat's position is described by :mod:`strategies.features`, and the
target is the seat's final margin (its final score minus the best other seat's). A game is a pure
function of (seed, its global index, its players, its lineup), exactly as in ``play_games``.

Games come in chunks of :data:`CHUNK_GAMES`; chunk ``c`` of generation ``k`` plays 2, 3 or 4
players in turn (``c % 3``). Each chunk is reduced at once to the sufficient statistics of a
least-squares fit (``X'X`` and ``X'y`` of its training positions) plus its held-out positions
(every game whose index is a multiple of :data:`HOLD_OUT`); :mod:`experiments.training` saves
each as one ``.npz`` file under ``OUT/chunks``, so an interrupted run resumes from the chunks it
finished, and the result depends neither on interruptions nor on chunk order. This module
computes and writes nothing.

Generations: generation 0 is played by ``greedy`` at every seat; generation ``k > 0`` by the
``learned`` player holding generation ``k - 1``'s model against ``greedy`` (seats alternating and
rotated), and its model is fitted on all generations' data so far (the learned player's own
positions join greedy's). The fit is ridge least squares with the intercept free and the penalty
``ridge * n * var_j * w_j^2`` (ridge regression on standardised features), to the margin clipped
to ``[-clip, clip]`` points (default 50: a landslide counts no more than a clear win; against
greedy, seed 2, 10,000 heads-up games, the learned player won 76.9% with clip 50, 77.1% with 40,
76.4% with 60, 70.5% with 30 and 71.9% unclipped).

Fit figures (held-out positions): the root mean square error of the margin, R², and the share of
positions where the sign of the value says correctly whether the seat won (rank 1).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from sim.board import set_up_game
from sim.contest_exact import outcome_table
from sim.data import load_buildings, load_cards, load_tiles
from sim.engine import OVER, W_SHUFFLE
from sim.errors import InputError
from sim.rng import N_PURPOSES, Purpose, seed_stream, seed_words, stream_key
from sim.rules import Flag, Rules
from sim.runner import Slot, lineups
from sim.state import FLAGS, RANK, SCORE, GameState, new_state, rules_data
from strategies.features import FEATURE_NAMES, N_FEATURES, position_features
from strategies.registry import kernel, resolve
from strategies.value_model import MODEL_WIDTH

CHUNK_GAMES = 200
HOLD_OUT = 10  # games whose index is a multiple of this are held out of the fit
PLAYER_CYCLE = (2, 3, 4)
GENERATION_STRIDE = 10_000_000  # generation k plays games k * stride + ...
MAX_GAMES = 200_000  # games per generation (the held-out positions are kept in memory)
MAX_GENERATIONS = 20


@dataclass(frozen=True)
class TrainSpec:
    """What a training run is: everything its result depends on."""

    games: int  # games per generation
    generations: int
    seed: int
    ridge: float = 1e-2
    clip: float = 50.0  # the target margin is clipped to [-clip, clip] points (0: not clipped)

    def chunks(self) -> int:
        """Chunks per generation."""
        return -(-self.games // CHUNK_GAMES)

    def as_dict(self) -> dict:
        """The spec as JSON-ready values."""
        return {
            "games": self.games,
            "generations": self.generations,
            "seed": self.seed,
            "ridge": self.ridge,
            "clip": self.clip,
            "chunk_games": CHUNK_GAMES,
            "hold_out": HOLD_OUT,
            "features": len(FEATURE_NAMES),
        }


def check_spec(spec: TrainSpec) -> None:
    """Reject impossible sizes with an :class:`InputError`."""
    if spec.games < HOLD_OUT:
        raise InputError(f"--games must be at least {HOLD_OUT} per generation, not {spec.games}")
    if spec.games > MAX_GAMES:
        raise InputError(f"--games must be at most {MAX_GAMES:,} per generation, not {spec.games}")
    if not 1 <= spec.generations <= MAX_GENERATIONS:
        raise InputError(f"--generations must be 1 to {MAX_GENERATIONS}, not {spec.generations}")
    if spec.seed < 0:
        raise InputError(f"the seed must be a non-negative integer, not {spec.seed}")
    if not 0 <= spec.clip <= 1000:
        raise InputError(f"--clip must be from 0 to 1000 points, not {spec.clip}")
    if not 0 <= spec.ridge < 1e6:
        raise InputError(f"--ridge must be a non-negative number below 1e6, not {spec.ridge}")


def _slots(model: np.ndarray | None) -> tuple[list[Slot], list[int]]:
    """The lineup of a generation: greedy everywhere, or learned (with ``model``) and greedy."""
    greedy = resolve("greedy")
    slots = [
        Slot(
            greedy.name, greedy.base_id, greedy.taming_id, greedy.base_params, greedy.taming_params
        )
    ]
    if model is None:
        return slots, [0, 0, 0, 0]
    learned = resolve("learned")
    row = learned.base_params.copy()
    row[len(row) - MODEL_WIDTH :] = model
    slots.append(Slot(learned.name, learned.base_id, learned.taming_id, row, learned.taming_params))
    return slots, [1, 0, 1, 0]


def _pack_seat(slots, lineup, players):
    width_b = max(len(s.base_params) for s in slots)
    width_t = max(len(s.taming_params) for s in slots)
    sids = np.zeros(4, dtype=np.int64)
    tids = np.zeros(4, dtype=np.int64)
    pbase = np.zeros((4, width_b))
    ptame = np.zeros((4, width_t))
    for p in range(players):
        slot = slots[lineup[p]]
        sids[p] = slot.base_id
        tids[p] = slot.taming_id
        pbase[p, : len(slot.base_params)] = slot.base_params
        ptame[p, : len(slot.taming_params)] = slot.taming_params
    return sids, tids, pbase, ptame


def round_starts(
    n_games: int, players: int, seed: int, first_game: int, model: np.ndarray | None = None
) -> Iterator[tuple[GameState, int]]:
    """Play games round by round, yielding the state at the start of every round.

    Parameters
    ----------
    n_games, players, seed, first_game : int
        Games ``first_game .. first_game + n_games - 1`` of ``seed`` at ``players`` seats.
    model : numpy.ndarray, optional
        A model row (:func:`strategies.value_model.load_model`): seats 0 and 2 (rotated) play
        ``learned`` with it, the others ``greedy``; without it every seat plays ``greedy``.

    Yields
    ------
    (GameState, int)
        The batch and the row ``g`` of the game; read it, never change it. Once the generator
        is exhausted every game of the batch is over and scored.
    """
    rules = Rules()
    data = rules_data(load_cards(), load_buildings(), load_tiles(rules.tiles), rules.kernel_flags())
    st = new_state(n_games, players, data, outcome_table(rules.tie_rule))
    slots, seats = _slots(model)
    table = lineups(n_games, players, seats[:players], True, first_game)
    game_kernel = kernel(heavy=False)
    streams, buf, work, notes = game_kernel.new_scratch()
    words = seed_words(seed)
    herd = bool(data[FLAGS, Flag.HERD] != 0)
    for g in range(n_games):
        sids, tids, pbase, ptame = _pack_seat(slots, table[g], players)
        for purpose in range(N_PURPOSES):
            key = stream_key(words, np.int64(first_game + g), np.int64(purpose))
            seed_stream(streams[purpose], np.uint64(key))
        shuffle, tiles = streams[Purpose.SHUFFLE], streams[Purpose.HERD_TILES]
        set_up_game(st, g, shuffle, tiles, herd, work[W_SHUFFLE])
        while True:
            yield st, g
            status = game_kernel.play_rounds(
                st, g, sids, tids, pbase, ptame, streams, players, False, False, buf, work, notes, 1
            )
            if status == OVER:
                break
        game_kernel.score_game(st, g, work)


def play_positions(
    n_games: int, players: int, seed: int, first_game: int, model: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Every seat's position at every round's start, with the game's outcome for the seat.

    Parameters are :func:`round_starts`'s.

    Returns
    -------
    (features, margin, won, game) : numpy.ndarray
        One row per (game, round, seat): the feature row, the seat's final margin over the best
        other seat, 1.0 if it finished first (rank 1) else 0.0, and the game's global index.
    """
    row = np.zeros(N_FEATURES)
    rows, owners = [], []
    st = None
    for st, g in round_starts(n_games, players, seed, first_game, model):
        for p in range(players):
            position_features(st, g, p, row)
            rows.append(row.copy())
            owners.append((g, p))
    owner = np.array(owners, dtype=np.int64).reshape(-1, 2)
    scores = st.seat[:, :players, SCORE].astype(np.float64)
    own = scores[owner[:, 0], owner[:, 1]]
    others = scores[owner[:, 0]].copy()
    others[np.arange(len(owner)), owner[:, 1]] = -np.inf
    margin = own - others.max(axis=1)
    won = (st.seat[owner[:, 0], owner[:, 1], RANK] == 1).astype(np.float64)
    return np.array(rows).reshape(-1, N_FEATURES), margin, won, owner[:, 0] + first_game


def chunk_stats(features, margin, won, game, clip: float = 0.0) -> dict[str, np.ndarray]:
    """Reduce a chunk's positions to the fit's sufficient statistics and its held-out rows.

    With ``clip`` > 0 the training target is the margin clipped to ``[-clip, clip]``: a lost or
    won game counts, but a landslide no more than a clear result (the held-out rows keep the
    true margin, so the fit figures measure the real error)."""
    held = game % HOLD_OUT == 0
    target = np.clip(margin, -clip, clip) if clip > 0 else margin
    x = np.hstack([np.ones((features.shape[0], 1)), features])
    train = x[~held]
    return {
        "xtx": train.T @ train,
        "xty": train.T @ target[~held],
        "yty": np.array([target[~held] @ target[~held]]),
        "n": np.array([train.shape[0]]),
        "held_x": features[held],
        "held_margin": margin[held],
        "held_won": won[held],
    }


def fit(stats: list[dict[str, np.ndarray]], ridge: float) -> np.ndarray:
    """Ridge least squares from summed statistics; returns the model row (bias, weights)."""
    xtx = sum(s["xtx"] for s in stats)
    xty = sum(s["xty"] for s in stats)
    n = float(sum(int(s["n"][0]) for s in stats))
    mean = xtx[0, 1:] / n
    var = np.maximum(np.diag(xtx)[1:] / n - mean * mean, 0.0)
    penalty = np.zeros(MODEL_WIDTH)
    penalty[1:] = ridge * n * np.where(var > 0, var, 1.0)
    return np.linalg.solve(xtx + np.diag(penalty), xty)


def fit_figures(model: np.ndarray, stats: list[dict[str, np.ndarray]]) -> dict[str, float]:
    """Held-out figures of a model: RMSE and R² of the margin, sign accuracy of the win."""
    x = np.vstack([s["held_x"] for s in stats])
    y = np.concatenate([s["held_margin"] for s in stats])
    won = np.concatenate([s["held_won"] for s in stats])
    pred = model[0] + x @ model[1:]
    rmse = float(np.sqrt(np.mean((pred - y) ** 2)))
    r2 = float(1.0 - np.mean((pred - y) ** 2) / np.var(y))
    accuracy = float(np.mean((pred > 0) == (won > 0)))
    return {
        "held_out_positions": int(y.size),
        "rmse_margin": round(rmse, 4),
        "r2_margin": round(r2, 4),
        "win_sign_accuracy": round(accuracy, 4),
    }


def model_digest(model: np.ndarray | None) -> str:
    """A short name of a model row (``greedy`` for none): what a training chunk was played with,
    so a resumed run never mixes chunks of another model."""
    if model is None:
        return "greedy"
    return hashlib.sha256(np.ascontiguousarray(model).tobytes()).hexdigest()[:16]
