"""The files of a ``mammoth train`` run: its chunks while it runs, then the model and run.json."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from experiments.shared.files import atomic_write
from sim.errors import InputError
from strategies.value_model import model_text


def save_training_chunk(path: Path, stats: dict, key: str) -> None:
    """Save one chunk's statistics with the ``key`` of the run that made it (atomically).

    Parameters
    ----------
    path : pathlib.Path
        The chunk's ``.npz`` file.
    stats : dict
        The chunk's arrays (:func:`experiments.train.analysis.chunk_stats`).
    key : str
        The run's settings and model (what :func:`load_training_chunk` must find again).
    """
    partial = path.with_suffix(".partial.npz")
    np.savez(partial, key=np.array(key), **stats)
    partial.replace(path)


def load_training_chunk(path: Path, key: str) -> dict | None:
    """A saved chunk's statistics, or None when it was not saved yet.

    Raises
    ------
    InputError
        For a chunk saved by another training (other sizes, seed or model).
    """
    if not path.exists():
        return None
    with np.load(path) as saved:
        if str(saved["key"]) != key:
            raise InputError(
                f"{path} was made by another training (other sizes, seed or model); "
                "use another --out or remove its chunks folder"
            )
        return {name: saved[name] for name in saved.files if name != "key"}


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
