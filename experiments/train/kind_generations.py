"""A training run (``mammoth train``, or a ``train`` experiment): its generations of games in
chunks, resumable, then the fit and the model's files.

The computing is :mod:`experiments.train.analysis`'s (the positions, each chunk's sufficient
statistics, the fit and its figures); the files are :mod:`experiments.train.report`'s (the model and
its provenance); its chunks under ``OUT/chunks`` are saved and checked in the one checkpoint format
(:mod:`experiments.shared.checkpoints`: a damaged or foreign one is played again, and said so). This
module runs one after the other: :func:`train` the generations, :func:`run_training` them and then
the files. A generation's chunks are independent, so they go through the one seam for parallel
chunks (:func:`experiments.shared.backends.run_tasks`): here, on ``--workers`` local processes or on
a Dask cluster, with the same result; only this process saves chunks, and each generation's fit
waits for all of its chunks.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from experiments.shared.backends import run_tasks
from experiments.shared.checkpoints import fingerprint, load_chunk, save_chunk
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


def _chunk_path(folder: Path, generation: int, chunk: int) -> Path:
    return folder / f"g{generation:02d}-c{chunk:05d}.npz"


def _chunk_key(generation: int, chunk: int) -> dict:
    """The key a chunk file carries (:func:`experiments.shared.checkpoints.save_chunk`)."""
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


def _generation(spec, generation, models, folder, backend, say) -> list[dict[str, np.ndarray]]:
    """The statistics of one generation's chunks, in chunk order: the saved ones loaded, the
    others played (on ``backend``, or here) and saved as they finish."""
    done: dict[int, dict[str, np.ndarray]] = {}
    calls, keys = {}, {}
    for chunk in range(spec.chunks()):
        lineup, played = chunk_lineup(spec, generation, chunk, models)
        path, mark = _chunk_path(folder, generation, chunk), _mark(spec, played)
        keys[chunk] = (path, mark, lineup.label)
        saved, problem = load_chunk(path, mark, _chunk_key(generation, chunk))
        if saved is not None:
            done[chunk] = saved
            continue
        if path.exists():  # the one checkpoint format: damaged or foreign, so played again
            say(f"chunk {path.name} {problem}: computing it again")
        calls[chunk] = (spec, generation, chunk, lineup)

    def keep(chunk: int, result: dict[str, np.ndarray]) -> None:
        path, mark, label = keys[chunk]
        save_chunk(path, result, mark, _chunk_key(generation, chunk))
        done[chunk] = result
        players = PLAYER_CYCLE[chunk % len(PLAYER_CYCLE)]
        say(
            f"generation {generation + 1}/{spec.generations}: chunk {chunk + 1}/{spec.chunks()} "
            f"({players} players, learner v {label})"
        )

    run_tasks(play_chunk, calls, keep, backend)
    return [done[chunk] for chunk in range(spec.chunks())]


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
    folder = out / "chunks"
    folder.mkdir(parents=True, exist_ok=True)
    stats: list[list[dict[str, np.ndarray]]] = []  # per generation, its chunks' statistics
    models: list[np.ndarray] = []  # the model fitted after each generation
    history = []
    for generation in range(spec.generations):
        stats.append(_generation(spec, generation, models, folder, backend, say))
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
