"""Fit the learned evaluation on the engine's own games (``mammoth train``).

Data: games played by the engine's kernel round by round (:func:`strategies.play.lineup_rounds`:
the set-up, then :func:`sim.engine.play_rounds` one round at a time, then
:func:`sim.engine.score_game`); at the
start of every round each seat's position is described by :mod:`strategies.features`, and the
target is the seat's final margin (its final score minus the best other seat's). A game is a pure
function of (seed, its global index, its players, its lineup), exactly as in ``play_games``.

Games come in chunks of :data:`CHUNK_GAMES`; chunk ``c`` of generation ``k`` plays 2, 3 or 4
players in turn (``c % 3``). Each chunk is reduced at once to the sufficient statistics of a
least-squares fit (``X'X`` and ``X'y`` of its training positions) plus its held-out positions
(every game whose index is a multiple of :data:`HOLD_OUT`);
:mod:`experiments.train.kind_generations` saves each as one ``.npz`` file under ``OUT/chunks``, so
an interrupted run resumes from the chunks it finished, and the result depends neither on
interruptions nor on chunk order. This module computes and writes nothing.

Generations: generation 0 is played by ``greedy`` at every seat. Generation ``k > 0`` is played by
the *learner* (the ``learned`` player with the spec's settings, holding the model fitted after
generation ``k - 1``) in a cycle of lineups, one per chunk: chunk ``c`` plays lineup
``c // 3 + k - 1`` of the cycle, so every lineup meets 2, 3 and 4 players and a small run still
meets every lineup. The cycle: the learner at every seat (self-play); the learner against each
*opponent* of the spec (default ``greedy``; seats alternating and rotated); the learner against
an earlier generation's model (the pool: every model fitted before the learner's, taken in turn;
self-play again while there is none). The model of generation ``k`` is fitted on the positions of
the last ``window`` generations only: old data (generation 0's greedy games first) ages out. A
game that stalls is cut off at the engine's safety stop (``MAX_ROUNDS`` rounds), as whole games
are.

The model has a head per table size (``heads="players"``, the default), one head for all
(``"one"``) or a head per table size and phase of the game (``"phases"``;
:mod:`strategies.value_model`); each head is fitted on its own positions (a head with too few
takes the wider fit's). The fit is ridge least squares with the intercept free and the penalty
``ridge * n * var_j * w_j^2`` (ridge regression on standardised features), to the margin clipped
to ``[-clip, clip]`` points (default 50: a landslide counts no more than a clear win; against
greedy, seed 2, 10,000 heads-up games, an earlier learned player won 76.9% with clip 50, 77.1%
with 40, 76.4% with 60, 70.5% with 30 and 71.9% unclipped). It is computed so that any machine
gives the same bytes: each chunk's sums are accumulated by a compiled loop in one fixed order
(:func:`_sums`; no BLAS, whose order of summation follows the machine), the normal equations are
solved by a Cholesky factorisation in plain Python floats (:func:`_solve`; no LAPACK), and every
number of the model is rounded to :data:`DIGITS` significant digits (what the next generation
plays, and what the model file holds).

Fit figures (held-out positions): the root mean square error of the margin, R², and the share of
positions where the sign of the value says correctly whether the seat won (rank 1).
"""

from __future__ import annotations

import hashlib
import importlib
import math
from collections.abc import Iterator
from dataclasses import dataclass, field

import numpy as np
from numba import njit

from sim.errors import InputError
from sim.rules import Rules
from sim.run import Run, Slot
from sim.state import RANK, SCORE, GameState
from strategies.features import FEATURE_NAMES, N_FEATURES, position_features
from strategies.play import lineup_rounds
from strategies.registry import resolve
from strategies.value_model import (
    HEAD_WIDTH,
    MODEL_WIDTH,
    PHASES,
    TABLE_SIZES,
    phases_of,
    reference_value,
)

CHUNK_GAMES = 200
HOLD_OUT = 10  # games whose index is a multiple of this are held out of the fit
PLAYER_CYCLE = (2, 3, 4)
GENERATION_STRIDE = 10_000_000  # generation k plays games k * stride + ...
MAX_GAMES = 200_000  # games per generation (the held-out positions are kept in memory)
MAX_GENERATIONS = 20
MAX_WINDOW = MAX_GENERATIONS
DIGITS = 10  # significant digits of every number of a fitted model
SELF = "self"  # the lineup of the learner at every seat
PAST = "past"  # the lineup of the learner against an earlier generation
HEADS = ("one", "players", "phases", "mixed")  # the model's heads (strategies.value_model)
MIN_POSITIONS = 20 * HEAD_WIDTH  # fewer positions than this: a head takes the wider fit's


@dataclass(frozen=True)
class TrainSpec:
    """What a training run is: everything its result depends on."""

    games: int  # games per generation
    generations: int
    seed: int
    ridge: float = 1e-2
    clip: float = 50.0  # the target margin is clipped to [-clip, clip] points (0: not clipped)
    opponents: tuple[str, ...] = field(default=("greedy",))  # the learner's fixed opponents
    window: int = 3  # generations of positions each fit uses (the latest ones)
    learner: str = "learned"  # the player whose model is trained (its settings; any model)
    heads: str = "players"  # one head, a head per table size, or per table size and phase

    def chunks(self) -> int:
        """Chunks per generation."""
        return -(-self.games // CHUNK_GAMES)

    def lineups(self) -> tuple[str, ...]:
        """The cycle of lineups of a generation after the first (see the module's notes)."""
        return (SELF, *self.opponents, PAST)

    def as_dict(self) -> dict:
        """The spec as JSON-ready values."""
        return {
            "games": self.games,
            "generations": self.generations,
            "seed": self.seed,
            "ridge": self.ridge,
            "clip": self.clip,
            "opponents": list(self.opponents),
            "window": self.window,
            "learner": self.learner,
            "heads": self.heads,
            "chunk_games": CHUNK_GAMES,
            "hold_out": HOLD_OUT,
            "features": len(FEATURE_NAMES),
            "digits": DIGITS,
        }


def check_spec(spec: TrainSpec) -> None:
    """Reject impossible sizes and unknown opponents with an :class:`InputError`."""
    if spec.games < HOLD_OUT:
        raise InputError(f"--games must be at least {HOLD_OUT} per generation, not {spec.games}")
    if spec.games > MAX_GAMES:
        raise InputError(f"--games must be at most {MAX_GAMES:,} per generation, not {spec.games}")
    if not 1 <= spec.generations <= MAX_GENERATIONS:
        raise InputError(f"--generations must be 1 to {MAX_GENERATIONS}, not {spec.generations}")
    if not 1 <= spec.window <= MAX_WINDOW:
        raise InputError(f"--window must be 1 to {MAX_WINDOW} generations, not {spec.window}")
    if spec.seed < 0:
        raise InputError(f"the seed must be a non-negative integer, not {spec.seed}")
    if not 0 <= spec.clip <= 1000:
        raise InputError(f"--clip must be from 0 to 1000 points, not {spec.clip}")
    if not 0 <= spec.ridge < 1e6:
        raise InputError(f"--ridge must be a non-negative number below 1e6, not {spec.ridge}")
    if spec.heads not in HEADS:
        raise InputError(f"--heads must be one of {', '.join(HEADS)}, not {spec.heads!r}")
    if len(set(spec.opponents)) != len(spec.opponents):
        raise InputError("--opponent names a player twice")
    for name in spec.opponents:
        resolve(name)  # an unknown player is refused here, in one line
    if resolve(spec.learner).family != "learned":
        raise InputError(
            f"--learner must be the learned player (with settings), not {spec.learner!r}"
        )


def _slot(name: str, model: np.ndarray | None = None) -> Slot:
    """A player's slot; with ``model`` (a ``learned`` player's), that model in place of its own."""
    seat = resolve(name)
    row = seat.base_params
    if model is not None:
        row = row.copy()
        row[len(row) - MODEL_WIDTH :] = model
    return seat.slot(base_params=row)


def learner_settings(name: str) -> dict[str, float]:
    """The settings of a learner name that differ from the ``learned`` player's defaults (what a
    model trained as that learner is played with: :func:`strategies.value_model.load_settings`)."""
    seat = resolve(name)
    defaults = importlib.import_module(seat.base_module).PARAMS
    row = seat.base_params[: len(defaults)]
    return {k: float(v) for (k, d), v in zip(defaults.items(), row, strict=True) if v != d}


@dataclass(frozen=True)
class Lineup:
    """Who plays a chunk: the slots and the slot of each seat in game 0 (rotated after)."""

    label: str
    slots: tuple[Slot, ...]
    seats: tuple[int, int, int, int]


def chunk_lineup(
    spec: TrainSpec, generation: int, chunk: int, models: list[np.ndarray]
) -> tuple[Lineup, list[np.ndarray]]:
    """The lineup of a chunk, and the models it plays (learner first).

    Parameters
    ----------
    spec : TrainSpec
        The run.
    generation, chunk : int
        Which chunk.
    models : list of numpy.ndarray
        The models fitted so far, one per finished generation (``models[k]`` after generation k).

    Returns
    -------
    (Lineup, list of numpy.ndarray)
    """
    if generation == 0:
        return Lineup("greedy", (_slot("greedy"),), (0, 0, 0, 0)), []
    learner = models[generation - 1]
    cycle = spec.lineups()
    turn = chunk // len(PLAYER_CYCLE) + generation - 1  # a small run still meets every lineup
    kind = cycle[turn % len(cycle)]
    past = models[: generation - 1]
    if kind == PAST and past:
        index = (turn // len(cycle)) % len(past)
        slots = (_slot(spec.learner, learner), _slot(spec.learner, past[index]))
        return Lineup(f"generation {index}", slots, (0, 1, 0, 1)), [learner, past[index]]
    if kind in (SELF, PAST):
        return Lineup(SELF, (_slot(spec.learner, learner),), (0, 0, 0, 0)), [learner]
    slots = (_slot(spec.learner, learner), _slot(kind))
    return Lineup(kind, slots, (0, 1, 0, 1)), [learner]


def round_starts(
    n_games: int,
    players: int,
    seed: int,
    first_game: int,
    model: np.ndarray | None = None,
    lineup: Lineup | None = None,
) -> Iterator[tuple[GameState, int]]:
    """Play games round by round, yielding the state at the start of every round
    (:func:`strategies.play.lineup_rounds`, the seats rotated by the game index).

    Parameters
    ----------
    n_games, players, seed, first_game : int
        Games ``first_game .. first_game + n_games - 1`` of ``seed`` at ``players`` seats.
    model : numpy.ndarray, optional
        A model row (:func:`strategies.value_model.load_model`): seats 0 and 2 (rotated) play
        ``learned`` with it, the others ``greedy``; without it every seat plays ``greedy``.
    lineup : Lineup, optional
        Who plays instead (:func:`chunk_lineup`); ``model`` is then not read.

    Yields
    ------
    (GameState, int)
        The batch and the row ``g`` of the game; read it, never change it. Once the generator
        is exhausted every game of the batch is over and scored.
    """
    if lineup is None:
        lineup = (
            Lineup("greedy", (_slot("greedy"),), (0, 0, 0, 0))
            if model is None
            else Lineup("greedy", (_slot("learned", model), _slot("greedy")), (0, 1, 0, 1))
        )
    run = Run(
        lineup.slots, lineup.seats[:players], rules=Rules(), seed=seed, first_game=first_game,
        n_games=n_games, rotate=True,
    )  # fmt: skip
    yield from lineup_rounds(run)


def play_positions(
    n_games: int,
    players: int,
    seed: int,
    first_game: int,
    model: np.ndarray | None = None,
    lineup: Lineup | None = None,
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
    for st, g in round_starts(n_games, players, seed, first_game, model, lineup):
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


@njit(cache=True)
def _sums(x, y, phase, phases):
    """Per phase, ``X'X``, ``X'y`` and ``y'y`` of the rows of ``x`` in that phase with an
    intercept column in front, accumulated row by row in one fixed order (the same bytes on any
    machine)."""
    n, width = x.shape
    xtx = np.zeros((phases, width + 1, width + 1))
    xty = np.zeros((phases, width + 1))
    yty = np.zeros(phases)
    row = np.empty(width + 1)
    row[0] = 1.0
    for i in range(n):
        h = phase[i]
        for j in range(width):
            row[j + 1] = x[i, j]
        for j in range(width + 1):
            for k in range(width + 1):
                xtx[h, j, k] += row[j] * row[k]
            xty[h, j] += row[j] * y[i]
        yty[h] += y[i] * y[i]
    return xtx, xty, yty


def chunk_stats(
    features, margin, won, game, clip: float = 0.0, players: int = 0
) -> dict[str, np.ndarray]:
    """Reduce a chunk's positions (of ``players``-seat games) to the fit's sufficient statistics,
    per phase of the game, and its held-out rows.

    With ``clip`` > 0 the training target is the margin clipped to ``[-clip, clip]``: a lost or
    won game counts, but a landslide no more than a clear result (the held-out rows keep the
    true margin, so the fit figures measure the real error)."""
    held = game % HOLD_OUT == 0
    target = np.clip(margin, -clip, clip) if clip > 0 else margin
    train = np.ascontiguousarray(features[~held], dtype=np.float64)
    phase = phases_of(train).astype(np.int64)
    xtx, xty, yty = _sums(
        train, np.ascontiguousarray(target[~held], dtype=np.float64), phase, len(PHASES)
    )
    return {
        "xtx": xtx,
        "xty": xty,
        "yty": yty,
        "n": np.bincount(phase, minlength=len(PHASES)),
        "players": np.array([players]),
        "held_x": features[held],
        "held_margin": margin[held],
        "held_won": won[held],
    }


def _solve(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``a⁻¹ b`` for a symmetric positive definite ``a``, by Cholesky in plain Python floats
    (IEEE arithmetic in one fixed order: the same bytes on any machine)."""
    n = len(b)
    a = a.tolist()
    low = [[0.0] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1):
            total = a[i][j]
            li, lj = low[i], low[j]
            for k in range(j):
                total -= li[k] * lj[k]
            if i == j:
                if total <= 0.0:
                    raise InputError("the fit is singular: too few positions for the features")
                li[i] = math.sqrt(total)
            else:
                li[j] = total / lj[j]
    z = [0.0] * n
    for i in range(n):
        total = float(b[i])
        for k in range(i):
            total -= low[i][k] * z[k]
        z[i] = total / low[i][i]
    w = [0.0] * n
    for i in reversed(range(n)):
        total = z[i]
        for k in range(i + 1, n):
            total -= low[k][i] * w[k]
        w[i] = total / low[i][i]
    return np.array(w)


def round_model(model: np.ndarray) -> np.ndarray:
    """Every number of a model rounded to :data:`DIGITS` significant digits."""
    return np.array([float(f"{w:.{DIGITS}g}") for w in np.asarray(model, dtype=np.float64)])


def fit(stats: list[dict[str, np.ndarray]], ridge: float, phase: int | None = None) -> np.ndarray:
    """Ridge least squares from summed statistics (of one ``phase``, or of all); returns one
    head (bias, weights), rounded (:func:`round_model`)."""
    phases = range(len(PHASES)) if phase is None else [phase]
    xtx = np.zeros((HEAD_WIDTH, HEAD_WIDTH))
    xty = np.zeros(HEAD_WIDTH)
    n = 0
    for s in stats:  # summed in the list's order, then the phases'
        for h in phases:
            xtx += s["xtx"][h]
            xty += s["xty"][h]
            n += int(s["n"][h])
    mean = xtx[0, 1:] / n
    var = np.maximum(np.diag(xtx)[1:] / n - mean * mean, 0.0)
    penalty = np.zeros(HEAD_WIDTH)
    penalty[1:] = ridge * n * np.where(var > 0, var, 1.0)
    return round_model(_solve(xtx + np.diag(penalty), xty))


def fit_model(
    stats: list[dict[str, np.ndarray]], ridge: float, heads: str = "players"
) -> np.ndarray:
    """The model row from chunks' statistics (each with its ``players``).

    ``heads``: ``one`` fits one head for every table size and phase; ``players`` a head per
    table size (every phase); ``phases`` a head per table size and phase; ``mixed`` a head per
    table size of 3 and 4 and the pooled head (``one``'s) for 2 players. A head with fewer than
    :data:`MIN_POSITIONS` positions takes the next wider fit (its table size's, then all)."""
    pooled = fit(stats, ridge)
    row = []
    for size in TABLE_SIZES:
        alone = heads != "one" and not (heads == "mixed" and size == 2)
        own = [s for s in stats if int(s["players"][0]) == size] if alone else []
        count = [sum(int(s["n"][h]) for s in own) for h in range(len(PHASES))]
        wide = fit(own, ridge) if sum(count) >= MIN_POSITIONS else pooled
        for h in range(len(PHASES)):
            narrow = heads == "phases" and count[h] >= MIN_POSITIONS
            row.append(fit(own, ridge, h) if narrow else wide)
    return np.concatenate(row)


def fit_figures(model: np.ndarray, stats: list[dict[str, np.ndarray]]) -> dict[str, float]:
    """Held-out figures of a model: RMSE and R² of the margin, sign accuracy of the win (each
    chunk's positions valued by its table size's head)."""
    pred = np.concatenate(
        [reference_value(model, s["held_x"], int(s["players"][0])) for s in stats]
    )
    y = np.concatenate([s["held_margin"] for s in stats])
    won = np.concatenate([s["held_won"] for s in stats])
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
