"""A ``mammoth train`` run: its generations of games in chunks, resumable, then the fit.

The computing is :mod:`experiments.analyses.train`'s (the positions, each chunk's sufficient
statistics, the fit and its figures); the files are :mod:`experiments.outputs.train`'s (the chunks
under ``OUT/chunks``, the model and its provenance). This module runs one after the other, as
:mod:`experiments.games` does for ``mammoth simulate``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import numpy as np

from experiments.analyses.train import (
    CHUNK_GAMES,
    GENERATION_STRIDE,
    PLAYER_CYCLE,
    TrainSpec,
    check_spec,
    chunk_lineup,
    chunk_stats,
    fit_figures,
    fit_model,
    model_digest,
    play_positions,
)
from experiments.outputs.train import load_training_chunk, save_training_chunk


def _chunk_path(folder: Path, generation: int, chunk: int) -> Path:
    return folder / f"g{generation:02d}-c{chunk:05d}.npz"


def _key(spec: TrainSpec, models: list[np.ndarray]) -> str:
    """What a chunk file carries: the run's settings and the models its games were played with."""
    digests = [model_digest(m) for m in models] or [model_digest(None)]
    return json.dumps({**spec.as_dict(), "models": digests}, sort_keys=True)


def train(
    spec: TrainSpec, out: Path, progress: Callable[[str], None] | None = None
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
        stats.append([])
        for chunk in range(spec.chunks()):
            path = _chunk_path(folder, generation, chunk)
            first = generation * GENERATION_STRIDE + chunk * CHUNK_GAMES
            n_games = min(CHUNK_GAMES, spec.games - chunk * CHUNK_GAMES)
            players = PLAYER_CYCLE[chunk % len(PLAYER_CYCLE)]
            lineup, played = chunk_lineup(spec, generation, chunk, models)
            done = load_training_chunk(path, _key(spec, played))
            if done is None:
                features, margin, won, game = play_positions(
                    n_games, players, spec.seed, first, lineup=lineup
                )
                done = chunk_stats(features, margin, won, game, spec.clip, players)
                save_training_chunk(path, done, _key(spec, played))
            stats[-1].append(done)
            say(
                f"generation {generation + 1}/{spec.generations}: chunk {chunk + 1}/"
                f"{spec.chunks()} ({players} players, learner v {lineup.label}, {n_games} games)"
            )
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
            f"generation {generation + 1}: held-out RMSE {figures['rmse_margin']:.2f} points, "
            f"R2 {figures['r2_margin']:.3f}, win sign accuracy {figures['win_sign_accuracy']:.3f}"
        )
    return models[-1], {
        "generations": history,
        "positions": history[-1]["positions"],
        "models": models,
    }
