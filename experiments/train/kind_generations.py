"""A training run (``mammoth train``, or a ``train`` experiment): its generations of games in
chunks, resumable, then the fit and the model's files.

The computing is :mod:`experiments.train.analysis`'s (the positions, each chunk's sufficient
statistics, the fit and its figures); the files are :mod:`experiments.train.report`'s (the model and
its provenance); its chunks under ``OUT/chunks`` are loaded, played and saved by the one chunk store
(:class:`experiments.shared.chunk_store.ChunkStore`, in the one checkpoint format: a damaged or
foreign one is played again, and said so). This module runs one after the other: :func:`train` the
generations, :func:`run_training` them and then the files. A generation's chunks are independent,
so the store plays them through the one seam for parallel chunks
(:func:`experiments.shared.backends.run_tasks`): here, on ``--workers`` local processes or on a
Dask cluster, with the same result; only this process saves chunks, and each generation's fit
waits for all of its chunks.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from experiments.shared.checkpoints import fingerprint
from experiments.shared.chunk_store import ChunkStore
from experiments.shared.files import run_metadata
from experiments.train.analysis import (
    CHUNK_GAMES,
    GENERATION_STRIDE,
    PLAYER_CYCLE,
    TrainSpec,
    check_spec,
    chunk_lineup,
    chunk_stats,
    fit_figures,
    fit_model,
    learner_settings,
    model_digest,
    play_positions,
)
from experiments.train.report import write_model


def _chunk_path(out: Path, generation: int, chunk: int) -> Path:
    """Where a chunk's file goes: ``out/chunks/gGG-cCCCCC.npz``."""
    return out / "chunks" / f"g{generation:02d}-c{chunk:05d}.npz"


def _chunk_key(generation: int, chunk: int) -> dict:
    """The key a chunk file carries (:class:`experiments.shared.chunk_store.ChunkStore`)."""
    return {"generation": generation, "chunk": chunk}


def _mark(spec: TrainSpec, models: list[np.ndarray]) -> str:
    """What a chunk file carries as its experiment's fingerprint
    (:func:`experiments.shared.checkpoints.fingerprint`): the run's settings and the models its
    games were played with."""
    digests = [model_digest(m) for m in models] or [model_digest(None)]
    return fingerprint({**spec.as_dict(), "models": digests})


def play_chunk(spec: TrainSpec, generation: int, chunk: int, lineup) -> dict[str, np.ndarray]:
    """One chunk's statistics (module level: it may run in another process)."""
    first = generation * GENERATION_STRIDE + chunk * CHUNK_GAMES
    n_games = min(CHUNK_GAMES, spec.games - chunk * CHUNK_GAMES)
    players = PLAYER_CYCLE[chunk % len(PLAYER_CYCLE)]
    features, margin, won, game = play_positions(n_games, players, spec.seed, first, lineup=lineup)
    return chunk_stats(features, margin, won, game, spec.clip, players)


def _generation(spec, generation, models, out, backend, say) -> list[dict[str, np.ndarray]]:
    """The statistics of one generation's chunks, in chunk order, through the one chunk store:
    the saved ones loaded, the others played (on ``backend``, or here) and saved as they
    finish."""
    listed = [_chunk_key(generation, chunk) for chunk in range(spec.chunks())]
    lineups = [chunk_lineup(spec, generation, chunk, models) for chunk in range(spec.chunks())]
    marks = [_mark(spec, played) for _, played in lineups]
    store = ChunkStore(
        out,
        lambda key: marks[key["chunk"]],
        say,
        where=lambda key: _chunk_path(out, generation, key["chunk"]),
    )

    def said(key: dict) -> None:
        chunk = key["chunk"]
        players = PLAYER_CYCLE[chunk % len(PLAYER_CYCLE)]
        say(
            f"generation {generation + 1}/{spec.generations}: chunk {chunk + 1}/{spec.chunks()} "
            f"({players} players, learner v {lineups[chunk][0].label})"
        )

    def args(key: dict) -> tuple:
        return spec, generation, key["chunk"], lineups[key["chunk"]][0]

    return store.get(listed, play_chunk, args, backend, said)


def train(
    spec: TrainSpec,
    out: Path,
    progress: Callable[[str], None] | None = None,
    backend=None,
) -> tuple[np.ndarray, dict]:
    """Run a training (resuming from ``out/chunks``); return the final model row and its figures.

    Parameters
    ----------
    spec : TrainSpec
        Sizes and seed.
    out : pathlib.Path
        The output folder; chunks are kept under ``out/chunks`` until the run is done.
    progress : callable, optional
        Called with one line per finished chunk and per generation.
    backend : optional
        Where the chunks run (:mod:`experiments.shared.backends`: local processes or a Dask cluster,
        prepared for the learner and the opponents, as the runner prepares it; None: here); the
        result does not depend on it.

    Returns
    -------
    (numpy.ndarray, dict)
        The last model's row and ``{"generations": [...figures per generation], "positions": n,
        "models": [...the model fitted after each generation]}``.
    """
    check_spec(spec)
    say = progress or (lambda line: None)
    (out / "chunks").mkdir(parents=True, exist_ok=True)
    stats: list[list[dict[str, np.ndarray]]] = []  # per generation, its chunks' statistics
    models: list[np.ndarray] = []  # the model fitted after each generation
    history = []
    for generation in range(spec.generations):
        stats.append(_generation(spec, generation, models, out, backend, say))
        recent = [s for chunks in stats[-spec.window :] for s in chunks]
        model = fit_model(recent, spec.ridge, spec.heads)
        models.append(model)
        figures = fit_figures(model, recent)
        figures["generation"] = generation
        figures["positions"] = (
            int(sum(int(s["n"].sum()) for s in recent)) + figures["held_out_positions"]
        )
        history.append(figures)
        say(
            f"generation {generation + 1}: held-out RMSE {figures['rmse_margin']:.2f} "
            f"points, R2 {figures['r2_margin']:.3f}, win sign accuracy "
            f"{figures['win_sign_accuracy']:.3f}"
        )
    return models[-1], {
        "generations": history,
        "positions": history[-1]["positions"],
        "models": models,
    }


def run_training(
    spec: TrainSpec,
    out: Path,
    command: str,
    progress: Callable[[str], None] | None = None,
    backend=None,
    keep_chunks: bool = False,
) -> dict:
    """Train (:func:`train`, resuming from ``out/chunks``) and write the model files into ``out``:
    ``value.json``, ``generations/generation-K.json`` and ``run.json`` (the provenance:
    ``command``, the settings, the fit figures); the chunks are removed unless ``keep_chunks``.

    Parameters
    ----------
    spec : TrainSpec
        Sizes and seed.
    out : pathlib.Path
        The output folder.
    command : str
        The command run.json names (the one that makes the same model).
    progress : callable, optional
        Called with one line per finished chunk and per generation.
    backend : optional
        Where the chunks run (:mod:`experiments.shared.backends`); None: here.
    keep_chunks : bool
        Keep ``out/chunks`` (the fit's data) afterwards.

    Returns
    -------
    dict
        :func:`train`'s figures (``generations``, ``positions``, ``models``).
    """
    start = time.perf_counter()
    model, info = train(spec, out, progress=progress, backend=backend)
    run = run_metadata(
        command,
        kind="train",
        seed=spec.seed,
        games_per_generation=spec.games,
        generations=spec.generations,
        opponents=list(spec.opponents),
        learner=spec.learner,
        window=spec.window,
        heads=spec.heads,
        ridge=spec.ridge,
        clip=spec.clip,
        games=spec.games * spec.generations,
        positions=info["positions"],
        fit=info["generations"],
        model="value.json",
        seconds=round(time.perf_counter() - start, 1),
    )
    write_model(out, model, run, info["models"], learner_settings(spec.learner))
    if not keep_chunks:
        shutil.rmtree(out / "chunks", ignore_errors=True)
    return info
