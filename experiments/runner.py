"""Running an experiment: its chunks, their checkpoints, ``--resume`` and parallel workers.

:func:`run_experiment` asks the experiment's kind (:mod:`experiments.kinds`) for its chunks, runs
each (serially, or on an executor: :func:`executor` is the one seam for parallel chunks) and saves
every finished chunk atomically under ``folder/chunks/``; a rerun with ``--resume`` loads those
and computes only the rest, so an interrupted run loses at most the chunks in flight and never
counts one twice. Statistics are summed key by key in chunk order (or by the kind's ``merge``),
so chunking, workers and resuming never change a figure. The kind's ``finish`` then writes the
files.
"""

from __future__ import annotations

import hashlib
import json
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

import numpy as np

from experiments.kinds import kind_module
from experiments.outputs.files import atomic_write
from sim.errors import InputError


def _chunk_file(folder: Path, chunk: dict) -> Path:
    key = hashlib.sha256(json.dumps(chunk, sort_keys=True).encode()).hexdigest()[:20]
    return folder / "chunks" / f"{key}.npz"


def _save(path: Path, stats: dict) -> None:
    def write(tmp: Path) -> None:
        with open(tmp, "wb") as handle:
            np.savez(handle, **stats)

    atomic_write(path, write)


def _load(path: Path) -> dict:
    with np.load(path) as data:
        return {k: data[k] for k in data.files}


def _run_one(config: dict, chunk: dict) -> dict:
    return kind_module(config).run_chunk(config, chunk)


def merge(parts: list[dict]) -> dict:
    """Sum sufficient statistics key by key (in the given order)."""
    merged: dict = {}
    for part in parts:
        for key, value in part.items():
            merged[key] = merged[key] + value if key in merged else np.array(value, copy=True)
    return merged


def executor(workers: int, processes: bool = True) -> Executor | None:
    """The one seam for parallel chunks: None (serial), local processes or threads."""
    if workers <= 1:
        return None
    return ProcessPoolExecutor(workers) if processes else ThreadPoolExecutor(workers)


def run_experiment(
    config: dict,
    folder: str | Path,
    resume: bool = False,
    workers: int = 1,
    progress: bool = True,
    pool: Executor | None = None,
) -> dict:
    """Run every chunk of an experiment (reusing saved ones with ``resume``) and finish it.

    Returns
    -------
    dict
        The merged statistics.
    """
    from tqdm import tqdm

    folder = Path(folder)
    module = kind_module(config)
    chunks = module.chunks(config)
    config_file = folder / "experiment.json"
    if config_file.exists() and resume:
        saved = json.loads(config_file.read_text())
        if saved != json.loads(json.dumps(config)):
            raise InputError(f"{folder} holds a different experiment; resume needs the same one")
    elif not resume and (folder / "chunks").exists():
        for old in (folder / "chunks").glob("*.npz"):
            old.unlink()
    atomic_write(config_file, lambda tmp: tmp.write_text(json.dumps(config, indent=2)))
    results: dict[int, dict] = {}
    todo = []
    for i, chunk in enumerate(chunks):
        path = _chunk_file(folder, chunk)
        if resume and path.exists():
            results[i] = _load(path)
        else:
            todo.append(i)
    own_pool = pool is None and workers > 1
    pool = executor(workers) if own_pool else pool
    bar = tqdm(total=len(chunks), initial=len(results), unit="chunk", disable=not progress)
    try:
        if pool is None:
            for i in todo:
                results[i] = module.run_chunk(config, chunks[i])
                _save(_chunk_file(folder, chunks[i]), results[i])
                bar.update(1)
        else:
            futures = {i: pool.submit(_run_one, config, chunks[i]) for i in todo}
            for i, future in futures.items():
                results[i] = future.result()
                _save(_chunk_file(folder, chunks[i]), results[i])
                bar.update(1)
    finally:
        bar.close()
        if own_pool:
            pool.shutdown(cancel_futures=True)
    combine = getattr(module, "merge", merge)
    merged = combine([results[i] for i in range(len(chunks))])
    module.finish(config, merged, folder)
    return merged
