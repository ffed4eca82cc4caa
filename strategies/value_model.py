"""The learned evaluation: a linear value of a seat's position, its model file and inference.

The value of a position to a seat is ``bias + weights . features`` over the row of
:mod:`strategies.features`, in points of final margin over the best other seat (the target it was
fitted to, by ``mammoth train``: :mod:`experiments.analyses.train`). The model file is a small
JSON file (``strategies/models/value.json``) holding the feature names, the bias and the weights;
its provenance (command, seed, commit, data size, fit figures) is the ``run.json`` beside it.

A player hands the model to the kernel as data: the weights are appended to its parameter row
(:func:`model_row`), never a compiled-in global, so a refitted model needs no recompile.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from sim.errors import InputError
from sim.jit import hot
from strategies.features import FEATURE_NAMES, N_FEATURES

MODEL_DIR = Path(__file__).resolve().parent / "models"
MODEL_PATH = MODEL_DIR / "value.json"
MODEL_WIDTH = 1 + N_FEATURES  # the bias, then one weight per feature


def model_text(bias: float, weights: np.ndarray, target: str = "margin") -> str:
    """The model file's text (stable: the same model gives the same bytes).

    Parameters
    ----------
    bias : float
        The value of a position whose features are all 0.
    weights : numpy.ndarray
        One weight per feature of :data:`strategies.features.FEATURE_NAMES`.
    target : str
        What the value estimates.

    Returns
    -------
    str
    """
    weights = np.asarray(weights, dtype=np.float64)
    if weights.shape != (N_FEATURES,):
        raise ValueError(f"a model has {N_FEATURES} weights, not {weights.shape}")
    body = {
        "target": target,
        "bias": float(bias),
        "weights": {name: float(w) for name, w in zip(FEATURE_NAMES, weights, strict=True)},
    }
    return json.dumps(body, indent=1) + "\n"


def load_model(path: Path | str = MODEL_PATH) -> np.ndarray:
    """Read a model file into its row: the bias, then the weights in feature order.

    Raises
    ------
    InputError
        For a missing or malformed file, or one whose features are not this version's.
    """
    path = Path(path)
    try:
        body = json.loads(path.read_text(encoding="utf-8"))
        weights = body["weights"]
        row = [float(body["bias"])] + [float(weights[name]) for name in FEATURE_NAMES]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise InputError(f"cannot read the value model {str(path)!r}: {exc}") from None
    if set(weights) != set(FEATURE_NAMES):
        raise InputError(f"the value model {str(path)!r} has other features than this version")
    out = np.array(row, dtype=np.float64)
    if not np.all(np.isfinite(out)):
        raise InputError(f"the value model {str(path)!r} holds a weight that is not finite")
    return out


def model_row(path: Path | str = MODEL_PATH) -> np.ndarray:
    """The model's row for a parameter row (:func:`load_model`; zeros if no model is shipped)."""
    if not Path(path).exists():
        return np.zeros(MODEL_WIDTH)
    return load_model(path)


@hot(inline=True)
def value(model, at, features):
    """The value of a feature row under the model stored at ``model[at:]`` (bias first)."""
    total = model[at]
    for k in range(N_FEATURES):
        total += model[at + 1 + k] * features[k]
    return total


def reference_value(model: np.ndarray, features: np.ndarray) -> np.ndarray:
    """:func:`value` in plain numpy for a matrix of feature rows (the tests' reference)."""
    model = np.asarray(model, dtype=np.float64)
    return model[0] + np.asarray(features, dtype=np.float64) @ model[1:]
