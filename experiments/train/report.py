"""The files of a ``mammoth train`` run: the model and run.json (its chunks are the runner's
checkpoints, :mod:`experiments.shared.checkpoints`)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from experiments.shared.files import atomic_write
from strategies.value_model import model_text


def write_model(
    out: Path,
    model: np.ndarray,
    run: dict,
    generations: list[np.ndarray] | None = None,
    player: dict[str, float] | None = None,
) -> None:
    """Write ``out/value.json`` (the model) and ``out/run.json`` (its provenance), atomically;
    with ``generations``, each generation's model too (``out/generations/generation-K.json``).

    Parameters
    ----------
    out : pathlib.Path
        The output folder.
    model : numpy.ndarray
        The model row (a head per table size: :mod:`strategies.value_model`).
    run : dict
        The run.json document.
    generations : list of numpy.ndarray, optional
        The model fitted after each generation (the last is ``model``).
    player : dict, optional
        The learner's settings, written into every model file (``player``).
    """
    if generations:
        (out / "generations").mkdir(exist_ok=True)
    for k, row in enumerate(generations or []):
        body = model_text(row, player=player)
        atomic_write(
            out / "generations" / f"generation-{k}.json",
            lambda tmp, b=body: tmp.write_text(b, encoding="utf-8"),
        )
    text = model_text(model, player=player)
    atomic_write(out / "value.json", lambda tmp: tmp.write_text(text, encoding="utf-8"))
    document = json.dumps(run, indent=1, sort_keys=True) + "\n"
    atomic_write(out / "run.json", lambda tmp: tmp.write_text(document, encoding="utf-8"))


def summary(info: dict, games: int) -> str:
    """A training in one line, as ``mammoth train`` prints it: the positions fitted from
    ``games`` games and the last generation's held-out fit.

    Parameters
    ----------
    info : dict
        What :func:`~experiments.train.kind_generations.run_training` returns (``positions``,
        ``generations``: each generation's fit).
    games : int
        The games played in all.

    Returns
    -------
    str
        The line.
    """
    last = info["generations"][-1]
    return (
        f"{info['positions']:,} positions from {games:,} games; held-out RMSE "
        f"{last['rmse_margin']:.2f} points, R2 {last['r2_margin']:.3f}, win sign accuracy "
        f"{last['win_sign_accuracy']:.3f}"
    )
