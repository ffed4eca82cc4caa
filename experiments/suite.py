"""Experiment definitions (TOML) run in chunks: checkpoints, ``--resume`` and workers.

An experiment file names a ``kind`` and its settings::

    [experiment]
    kind = "compare"
    name = "league"
    players = [2, 3, 4]
    games = 2000
    seed = 1
    strategies = ["greedy", "greedy+never", "random"]

    [rules]            # optional: herd, mammoth_points, tie, tiles
    mammoth_points = 10

A kind is a module with three functions: ``chunks(config) -> list[dict]`` (independent pieces of
work, each a JSON-ready dict), ``run_chunk(config, chunk) -> dict[str, numpy.ndarray]``
(sufficient statistics: counts, sums, sums of squares) and ``finish(config, merged, folder)``
(tables, plots and ``run.json`` from the merged statistics). The runner saves every finished
chunk atomically under ``folder/chunks/``; a rerun with ``--resume`` loads those and computes only
the rest, so an interrupted run loses at most the chunks in flight and never counts one twice.
Statistics are summed key by key in chunk order, so chunking, workers and resuming never change
a figure.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import tomllib
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

import numpy as np

from experiments.outputs import atomic_write
from sim.errors import InputError

KINDS = {"compare": "experiments.compare_kind"}


def load_experiment(path: str | Path, scale: float = 1.0, games: int | None = None) -> dict:
    """Read and check an experiment file; ``scale`` multiplies its games, ``games`` replaces them.

    Raises
    ------
    InputError
        A missing or malformed file, an unknown kind, or impossible sizes.
    """
    path = Path(path)
    try:
        document = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError(f"experiment file {path} does not exist") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise InputError(f"experiment file {path} is not valid TOML: {exc}") from None
    config = dict(document.get("experiment", {}))
    config["rules"] = dict(document.get("rules", {}))
    kind = config.get("kind")
    if kind not in KINDS:
        raise InputError(f"{path}: kind must be one of {', '.join(KINDS)}, not {kind!r}")
    config.setdefault("name", path.stem)
    config.setdefault("seed", 0)
    config.setdefault("players", [4])
    if isinstance(config["players"], int):
        config["players"] = [config["players"]]
    base_games = int(config.get("games", 1000))
    if base_games < 1:
        raise InputError(f"{path}: games must be at least 1, not {base_games}")
    if scale <= 0:
        raise InputError(f"--scale must be positive, not {scale}")
    config["games"] = int(games) if games is not None else max(1, round(base_games * scale))
    if config["games"] < 1 or int(config["seed"]) < 0:
        raise InputError(f"{path}: games must be at least 1 and the seed 0 or more")
    for players in config["players"]:
        if not 2 <= int(players) <= 4:
            raise InputError(f"{path}: Stone Age is played by 2 to 4 players, not {players}")
    config["source"] = str(path)
    return config


def kind_module(config: dict):
    """The module implementing the experiment's kind."""
    return importlib.import_module(KINDS[config["kind"]])


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
    merged = merge([results[i] for i in range(len(chunks))])
    module.finish(config, merged, folder)
    return merged
