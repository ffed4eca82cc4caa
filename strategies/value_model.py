"""The learned evaluation: a linear value of a seat's position, its model file and inference.

The value of a position to a seat is ``bias + weights . features`` over the row of
:mod:`strategies.features`, in points of final margin over the best other seat (the target it was
fitted to, by ``mammoth train``: :mod:`experiments.train.analysis`). A model has one *head* (a
bias and its weights) per table size (2, 3 and 4 players) and phase of the game (the rounds left
as the features read them: ``late`` up to 6, ``mid`` up to 12, ``early`` beyond): the head of the
game's player count and phase values a position, so the worth of a good, a person or a point of
lead may differ from the first rounds to the last and from a duel to a full table. The model
file is a small JSON file holding the feature names and either one head for every table and
phase (``bias``, ``weights``: the first model's format, ``strategies/models/value.json``) or
``heads``: ``{"2": {"bias": ..., "weights": {...}}, "3": ..., "4": ...}`` (a head per table
size, every phase) or ``{"2/late": ..., "2/mid": ..., ..., "4/early": ...}`` (a head per table
size and phase), and optionally ``player``: the settings of the ``learned`` player it was
trained as (``{"replan": 1.0}``), which ``learned[model=...]`` then plays with (a setting named
in the brackets still wins). Its provenance (command, seed, commit, data size, fit figures) is
the run.json beside it.

A player valuing several positions that differ only in its own board (the trials of one plan)
splits the value: the table's part once (:func:`table_value`: the bias, the other seat's block,
its share of the lead block and the game's features), then each position's own block
(:func:`own_value`), 30 terms instead of 98.

A player hands the model to the kernel as data: the heads are appended to its parameter row
(:func:`model_row`), never a compiled-in global, so a refitted model needs no recompile.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np

from sim.errors import InputError
from sim.jit import hot
from strategies.features import (
    F_GAME,
    F_LEAD,
    F_OTHER,
    F_OWN,
    FEATURE_NAMES,
    N_FEATURES,
    SEAT_FEATURES,
)

MODEL_DIR = Path(__file__).resolve().parent / "models"
MODEL_PATH = MODEL_DIR / "value.json"
MODELS = {
    "linear": "value.json",
    "selfplay": "selfplay/value.json",
    "selfplay2": "selfplay2/value.json",
    "selfplay3": "selfplay3/value.json",
}
"""The shipped models by name (``learned[model=NAME]``), each a file in :data:`MODEL_DIR` with its
provenance (``run.json``) beside it. ``linear`` is the first model (one head, trained against
``greedy``); ``selfplay`` the self-play model, whose generations are ``selfplay-gK``
(``selfplay/generations/generation-K.json``); ``selfplay2`` the same training with the pooled
head for duels (``--heads mixed``), generations ``selfplay2-gK``; ``selfplay3`` the same training
with a learner that keeps people back (``gatherers``) and the strongest player of its time in
the pool, generations ``selfplay3-gK``."""
HEAD_WIDTH = 1 + N_FEATURES  # the bias, then one weight per feature
TABLE_SIZES = (2, 3, 4)
PHASES = ("late", "mid", "early")
PHASE_EDGES = (6.0, 12.0)  # rounds left (the feature) up to which a position is late, mid
N_HEADS = len(TABLE_SIZES) * len(PHASES)
MODEL_WIDTH = N_HEADS * HEAD_WIDTH  # 2 players late, mid, early, then 3 players, then 4


def _head_text(head: np.ndarray) -> dict:
    return {
        "bias": float(head[0]),
        "weights": {name: float(w) for name, w in zip(FEATURE_NAMES, head[1:], strict=True)},
    }


def model_text(model: np.ndarray, target: str = "margin", player: dict | None = None) -> str:
    """The model file's text (stable: the same model gives the same bytes), in the smallest
    format that holds it: one head when every head is equal, a head per table size when each
    table size's phases are equal, else a head per table size and phase.

    Parameters
    ----------
    model : numpy.ndarray
        The model row (:data:`MODEL_WIDTH`: the heads in :func:`head_at`'s order).
    target : str
        What the value estimates.
    player : dict, optional
        The settings of the ``learned`` player the model is played as (parameter: value).

    Returns
    -------
    str
    """
    model = np.asarray(model, dtype=np.float64)
    if model.shape != (MODEL_WIDTH,):
        raise ValueError(f"a model row has {MODEL_WIDTH} numbers, not {model.shape}")
    heads = model.reshape(len(TABLE_SIZES), len(PHASES), HEAD_WIDTH)
    if all(h.tobytes() == heads[0, 0].tobytes() for h in heads.reshape(N_HEADS, HEAD_WIDTH)):
        body = {"target": target, **_head_text(heads[0, 0])}
    elif all(h.tobytes() == size[0].tobytes() for size in heads for h in size):
        body = {
            "target": target,
            "heads": {str(n): _head_text(h[0]) for n, h in zip(TABLE_SIZES, heads, strict=True)},
        }
    else:
        body = {
            "target": target,
            "heads": {
                f"{n}/{phase}": _head_text(heads[i, j])
                for i, n in enumerate(TABLE_SIZES)
                for j, phase in enumerate(PHASES)
            },
        }
    if player:
        body = {
            "target": target,
            "player": {k: float(v) for k, v in player.items()},
            **{k: v for k, v in body.items() if k != "target"},
        }
    return json.dumps(body, indent=1) + "\n"


def _read_head(body: dict, where: str) -> list[float]:
    weights = body["weights"]
    if set(weights) != set(FEATURE_NAMES):
        raise InputError(f"the value model {where} has other features than this version")
    return [float(body["bias"])] + [float(weights[name]) for name in FEATURE_NAMES]


def load_model(path: Path | str = MODEL_PATH) -> np.ndarray:
    """Read a model file into its row: a head per table size and phase (the bias, then the
    weights in feature order; :func:`head_at`'s order), whatever its format.

    Raises
    ------
    InputError
        For a missing or malformed file, or one whose features are not this version's.
    """
    path = Path(path)
    where = repr(str(path))
    try:
        body = json.loads(path.read_text(encoding="utf-8"))
        heads = body.get("heads")
        if heads is None:
            row = _read_head(body, where) * N_HEADS
        elif str(TABLE_SIZES[0]) in heads:
            row = [x for n in TABLE_SIZES for x in _read_head(heads[str(n)], where) * len(PHASES)]
        else:
            row = [
                x
                for n in TABLE_SIZES
                for phase in PHASES
                for x in _read_head(heads[f"{n}/{phase}"], where)
            ]
    except KeyError as exc:
        raise InputError(f"the value model {where} has no {exc}") from None
    except (OSError, ValueError, TypeError, AttributeError) as exc:
        raise InputError(f"cannot read the value model {where}: {exc}") from None
    out = np.array(row, dtype=np.float64)
    if not np.all(np.isfinite(out)):
        raise InputError(f"the value model {where} holds a weight that is not finite")
    return out


def model_row(path: Path | str = MODEL_PATH) -> np.ndarray:
    """The model's row for a parameter row (:func:`load_model`; zeros if no model is shipped)."""
    if not Path(path).exists():
        return np.zeros(MODEL_WIDTH)
    return load_model(path)


def _generations(model: str) -> Path:
    """The folder of a shipped model's generations (it may not exist)."""
    return (MODEL_DIR / MODELS[model]).parent / "generations"


def _generation_name(name: str) -> tuple[str, int] | None:
    """``("selfplay", 3)`` for ``selfplay-g3`` (a shipped model's name), else None."""
    match = re.fullmatch(r"(\w+)-g(\d{1,2})", name)
    return (match[1], int(match[2])) if match and match[1] in MODELS else None


def model_path(name: str) -> Path:
    """The file of a model named on the command line: a shipped name (:data:`MODELS`), a
    generation of one (``selfplay-gK``: its ``generations/generation-K.json``) or a path to a
    ``.json`` file.

    Raises
    ------
    InputError
        For a name that is none of these.
    """
    if name in MODELS:
        return MODEL_DIR / MODELS[name]
    generation = _generation_name(name)
    if generation:
        path = _generations(generation[0]) / f"generation-{generation[1]}.json"
        if not path.exists():
            raise InputError(f"no model {name!r}: {generation[0]} has no such generation")
        return path
    if not name.endswith(".json"):
        raise InputError(
            f"no model {name!r}: name one of {', '.join(MODELS)}, selfplay-gK (a generation) "
            "or a model file (PATH.json)"
        )
    return Path(name)


def generation_of(name: str) -> tuple[str, int] | None:
    """Which generation of a shipped self-trained model a model name is: ``selfplay-g3`` is
    ``("selfplay", 3)``, ``selfplay`` its last generation; None for any other name."""
    generation = _generation_name(name)
    if generation:
        return generation
    if name not in MODELS or not _generations(name).is_dir():
        return None
    return name, len(list(_generations(name).glob("generation-*.json"))) - 1


def load_settings(path: Path | str) -> dict[str, float]:
    """The ``player`` settings a model file holds (none for the first format's files)."""
    try:
        body = json.loads(Path(path).read_text(encoding="utf-8"))
        return {str(k): float(v) for k, v in body.get("player", {}).items()}
    except (OSError, ValueError, TypeError, AttributeError) as exc:
        raise InputError(f"cannot read the value model {str(path)!r}: {exc}") from None


def extra_for_model(name: str) -> tuple[np.ndarray, dict[str, float]]:
    """The model row of ``learned[model=NAME]`` and the settings it is played with
    (:func:`model_path`, :func:`load_model`, :func:`load_settings`)."""
    path = model_path(name)
    return load_model(path), load_settings(path)


@hot(inline=True)
def value(model, at, features):
    """The value of a feature row under the head stored at ``model[at:]`` (bias first)."""
    total = model[at]
    for k in range(N_FEATURES):
        total += model[at + 1 + k] * features[k]
    return total


@hot(inline=True)
def table_value(model, at, features, rounds, weights):
    """Split the value of positions that differ only in the seat's own block.

    The lead block is ``(own - other) * rounds / 10``, so under one head the value is the
    table's part (the bias, the other seat's block, its share of the lead and the game's
    features) plus the own block times ``weights``: its weight plus ``rounds / 10`` times its
    lead's. Equal to :func:`value` up to rounding (the terms are added in another order).

    Parameters
    ----------
    model : numpy.ndarray
        A parameter row holding the model; the head starts at ``model[at]`` (bias first).
    at : int
        Where the head starts (:func:`head_at`).
    features : numpy.ndarray
        A feature row whose other seat's block and game features are filled.
    rounds : float
        The rounds left the lead block is scaled by.
    weights : numpy.ndarray
        ``SEAT_FEATURES`` floats, filled with the own block's weights.

    Returns
    -------
    float
        The table's part of the value (:func:`own_value` adds the seat's).
    """
    scale = rounds / 10.0
    total = model[at]
    for k in range(SEAT_FEATURES):
        lead = model[at + 1 + F_LEAD + k] * scale
        weights[k] = model[at + 1 + F_OWN + k] + lead
        total += (model[at + 1 + F_OTHER + k] - lead) * features[F_OTHER + k]
    for k in range(F_GAME, N_FEATURES):
        total += model[at + 1 + k] * features[k]
    return total


@hot(inline=True)
def own_value(table, weights, features):
    """The value of a feature row from its table's part and its own block.

    Parameters
    ----------
    table : float
        The table's part (:func:`table_value`, of a row with the same other seat's block and
        game features).
    weights : numpy.ndarray
        The own block's weights :func:`table_value` filled.
    features : numpy.ndarray
        The feature row, its own block filled.

    Returns
    -------
    float
    """
    total = table
    for k in range(SEAT_FEATURES):
        total += weights[k] * features[F_OWN + k]
    return total


@hot(inline=True)
def phase_of(rounds_left):
    """The phase of a position from its rounds left (the feature): 0 late, 1 mid, 2 early."""
    if rounds_left <= PHASE_EDGES[0]:
        return 0
    if rounds_left <= PHASE_EDGES[1]:
        return 1
    return 2


@hot(inline=True)
def head_at(at, players, features):
    """Where the head valuing ``features`` at a ``players``-seat table starts in a model row
    stored at ``at``."""
    head = (players - TABLE_SIZES[0]) * len(PHASES) + phase_of(features[F_GAME])
    return at + head * HEAD_WIDTH


def phases_of(features: np.ndarray) -> np.ndarray:
    """The phase of each feature row, in plain numpy (:func:`phase_of`'s rule)."""
    return np.searchsorted(np.array(PHASE_EDGES), features[:, F_GAME], side="left")


def reference_value(model: np.ndarray, features: np.ndarray, players: int = 2) -> np.ndarray:
    """:func:`value` in plain numpy for a matrix of feature rows (the tests' reference), each
    under its head of a model row at a ``players``-seat table (or under a single head)."""
    model = np.asarray(model, dtype=np.float64)
    features = np.asarray(features, dtype=np.float64)
    if model.shape == (HEAD_WIDTH,):
        return model[0] + features @ model[1:]
    heads = model.reshape(len(TABLE_SIZES), len(PHASES), HEAD_WIDTH)[players - TABLE_SIZES[0]]
    chosen = heads[phases_of(features)]
    return chosen[:, 0] + np.einsum("ij,ij->i", features, chosen[:, 1:])
