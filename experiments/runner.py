"""Running an experiment: its chunks, their checkpoints, ``--resume`` and parallel workers.

:func:`run_experiment` asks the experiment's kind (:mod:`experiments.kinds`) for its chunks, runs
each (serially, or on a backend: :func:`run_tasks` is the one seam for parallel chunks) and saves
every finished chunk atomically under ``folder/chunks/``; a rerun with ``--resume`` loads those
and computes only the rest, so an interrupted run loses at most the chunks in flight and never
counts one twice. Statistics are summed key by key in chunk order (or by the kind's ``merge``),
so chunking, workers, backends and resuming never change a figure. The kind's ``finish`` then
writes the files.

A backend runs tasks somewhere else: :class:`PoolBackend` on local processes (``--workers``),
:class:`experiments.cluster.DaskBackend` on a Dask cluster (``--dask``). It offers ``slots``
(tasks it runs at once), ``prepare(seats)`` (have the kernel for those seats ready on every
worker), ``submit(function, *args)`` (a future), ``wait_any(futures)`` (the finished ones, at
least one), ``lost(error)`` (the task's worker died: the task may run again), ``cancel(futures)``
and ``close()``.
"""

from __future__ import annotations

import hashlib
import json
from collections import deque
from collections.abc import Callable
from concurrent.futures import (
    FIRST_COMPLETED,
    Executor,
    ProcessPoolExecutor,
    ThreadPoolExecutor,
    wait,
)
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
    """Local parallel workers: None (serial), local processes or threads."""
    if workers <= 1:
        return None
    return ProcessPoolExecutor(workers) if processes else ThreadPoolExecutor(workers)


RETRIES = 3
"""Times a task whose worker was lost is submitted again before the run fails."""


class PoolBackend:
    """Tasks on a :mod:`concurrent.futures` executor (local processes or threads).

    Parameters
    ----------
    pool : concurrent.futures.Executor
        The executor; :meth:`close` shuts it down when ``own`` is true.
    slots : int
        Tasks it runs at once.
    own : bool
        Shut the executor down on :meth:`close`.
    """

    def __init__(self, pool: Executor, slots: int, own: bool = False):
        self.pool = pool
        self.slots = max(1, int(slots))
        self.own = own

    def prepare(self, seats) -> None:
        """Nothing to do: each local process loads the kernel from this machine's cache."""

    def submit(self, function: Callable, *args):
        """Start ``function(*args)``; return its future."""
        return self.pool.submit(function, *args)

    def wait_any(self, futures) -> set:
        """Block until at least one future is done; return the done ones."""
        return wait(futures, return_when=FIRST_COMPLETED).done

    def lost(self, error: BaseException) -> bool:
        """A local pool has no worker to lose: a dead process breaks the whole pool."""
        return False

    def cancel(self, futures) -> None:
        """Cancel the futures that have not started."""
        for future in futures:
            future.cancel()

    def close(self) -> None:
        """Shut the executor down (if this backend owns it), cancelling what has not started."""
        if self.own:
            self.pool.shutdown(cancel_futures=True)


def run_tasks(
    function: Callable,
    calls: dict[int, tuple],
    on_result: Callable[[int, object], None],
    backend=None,
    progress: Callable[[int], None] | None = None,
    retries: int = RETRIES,
) -> None:
    """Run ``function(*calls[i])`` for every ``i`` and hand each result to ``on_result(i, result)``.

    Without a backend the calls run here, in key order. On a backend at most twice its slots run
    or wait at once (so finished results never pile up), results arrive as tasks finish (in any
    order: the caller keeps them by key), and a task whose worker was lost is submitted again,
    up to ``retries`` times. On any error or interruption the tasks in flight are cancelled.

    Parameters
    ----------
    function : callable
        A module-level function (it may be pickled to another process).
    calls : dict
        Key -> the arguments of one call.
    on_result : callable
        Called with the key and the result of each finished call, in this process.
    backend : optional
        Where the calls run (see the module docstring); None: here.
    progress : callable, optional
        Called with 1 after each result.
    retries : int
        Extra attempts for a task whose worker was lost.
    """
    if backend is None:
        for key, args in calls.items():
            on_result(key, function(*args))
            if progress:
                progress(1)
        return
    waiting = deque(calls)
    running: dict = {}
    attempts = dict.fromkeys(calls, 0)
    try:
        while waiting or running:
            window = 2 * backend.slots  # a cluster may grow or shrink during the run
            while waiting and len(running) < window:
                key = waiting.popleft()
                running[backend.submit(function, *calls[key])] = key
            for future in backend.wait_any(list(running)):
                key = running.pop(future)
                try:
                    result = future.result()
                except Exception as error:
                    if backend.lost(error) and attempts[key] < retries:
                        attempts[key] += 1
                        waiting.appendleft(key)
                        continue
                    raise
                on_result(key, result)
                if progress:
                    progress(1)
    finally:
        if running:
            backend.cancel(list(running))


def run_experiment(
    config: dict,
    folder: str | Path,
    resume: bool = False,
    workers: int = 1,
    progress: bool = True,
    pool: Executor | None = None,
    backend=None,
) -> dict:
    """Run every chunk of an experiment (reusing saved ones with ``resume``) and finish it.

    Parameters
    ----------
    config : dict
        The experiment (:func:`experiments.definition.load_experiment`).
    folder : path-like
        Where its chunks and files go.
    resume : bool
        Keep the chunks an earlier run of the same experiment saved there.
    workers : int
        Local processes, when neither ``pool`` nor ``backend`` is given.
    progress : bool
        Show a progress bar over the chunks.
    pool : concurrent.futures.Executor, optional
        Run the chunks on this executor.
    backend : optional
        Run the chunks on this backend (e.g. :class:`experiments.cluster.DaskBackend`); the
        caller closes it.

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
    own = backend is None and pool is None and workers > 1 and len(todo) > 1
    if own:
        backend = PoolBackend(executor(workers), workers, own=True)
    elif backend is None and pool is not None:
        backend = PoolBackend(pool, getattr(pool, "_max_workers", 1))
    if backend is not None and todo:
        backend.prepare(getattr(module, "played", lambda _: [])(config))

    def keep(i: int, stats: dict) -> None:
        results[i] = stats
        _save(_chunk_file(folder, chunks[i]), stats)

    bar = tqdm(total=len(chunks), initial=len(results), unit="chunk", disable=not progress)
    try:
        calls = {i: (config, chunks[i]) for i in todo}
        run_tasks(_run_one, calls, keep, backend, bar.update)
    finally:
        bar.close()
        if own:
            backend.close()
    combine = getattr(module, "merge", merge)
    merged = combine([results[i] for i in range(len(chunks))])
    module.finish(config, merged, folder)
    return merged
