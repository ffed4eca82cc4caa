"""Benchmark section of the Dask backend: chunks per second on a LocalCluster, against processes.

One ``compare`` experiment (greedy against random, four players) is cut into
``BenchSize.chunks`` chunks of ``BenchSize.chunk_games`` games. Its chunks are timed through
:func:`experiments.shared.backends.run_tasks` (the runner's own loop, without the experiment's final
files) in this process, on local processes (``--workers 2``) and on a LocalCluster of one and of
two workers. Every backend first plays one chunk per worker, so loading the kernel is not timed.
"""

from __future__ import annotations

import os
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING

from experiments.shared.bench_core import BenchRow, BenchSize, section

if TYPE_CHECKING:
    from experiments.shared.experiment import Experiment

SCALING_GOAL = 1.7  # two workers against one, on two cores
OVERHEAD_GOAL = 0.90  # Dask's chunks per second against local processes: at most 10% slower
_EXPERIMENT = """
[experiment]
kind = "compare"
name = "bench"
players = [4]
games = {games}
seed = 12
chunk_games = {chunk}
strategies = ["greedy", "random"]
"""


def _chunk(experiment: Experiment, chunk: dict) -> None:
    """Play one chunk (the statistics are thrown away: only the time counts)."""
    from experiments.shared.kinds import kind_module

    kind_module(experiment).run_chunk(experiment, chunk)


def _experiment(size: BenchSize) -> Experiment:
    from experiments.shared.definition import load_experiment

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.toml"
        games = size.chunks * size.chunk_games
        path.write_text(_EXPERIMENT.format(games=games, chunk=size.chunk_games))
        return load_experiment(path)


def _chunks_per_second(experiment: Experiment, backend) -> float:
    """Time every chunk of ``experiment`` on ``backend``."""
    from experiments.shared.backends import run_tasks
    from experiments.shared.kinds import kind_module

    chunks = kind_module(experiment).chunks(experiment)
    started = time.perf_counter()
    run_tasks(_chunk, {i: (experiment, c) for i, c in enumerate(chunks)}, _ignore, backend)
    return len(chunks) / (time.perf_counter() - started)


def _ignore(key, result) -> None:
    """Throw a result away."""


def _warm_up(experiment: Experiment, backend, workers: int) -> None:
    """Play one chunk per worker, untimed: every worker then has the kernel loaded."""
    from experiments.shared.backends import run_tasks
    from experiments.shared.kinds import kind_module

    chunks = kind_module(experiment).chunks(experiment)[:workers]
    run_tasks(_chunk, {i: (experiment, c) for i, c in enumerate(chunks)}, _ignore, backend)


def _local_cluster(stack: ExitStack, experiment: Experiment, workers: int):
    import distributed

    from experiments.shared.cluster import DaskBackend, local_cluster
    from experiments.shared.kinds import kind_module

    cluster = stack.enter_context(local_cluster(workers))
    backend = stack.enter_context(DaskBackend(distributed.Client(cluster)))
    backend.check_workers()
    backend.prepare(kind_module(experiment).played(experiment))
    _warm_up(experiment, backend, workers)
    return backend


@section
def dask_chunks(size: BenchSize) -> list[BenchRow]:
    """Chunks per second on 1 and 2 Dask workers, and Dask against local processes.

    The backends stay up side by side and are timed in turn, a few rounds; each figure is its
    best round (another load on the machine then shifts them alike). The chunks played in this
    process, one after another, show what one core gives, and two local processes against them
    what the machine gives two workers at the time of the run.
    """
    try:
        import distributed  # noqa: F401
    except ImportError:
        return [BenchRow("dask", "skipped: dask and distributed are not installed", 0.0, "")]
    from experiments.shared.backends import PoolBackend, executor

    experiment = _experiment(size)
    with ExitStack() as stack:
        local = PoolBackend(executor(2), 2, own=True)
        stack.callback(local.close)
        _warm_up(experiment, local, 2)  # both processes start before any Dask thread does
        _warm_up(experiment, None, 1)
        backends = {
            "here": None,  # this process, one chunk after another: what one core gives
            "processes": local,
            "one": _local_cluster(stack, experiment, 1),
            "two": _local_cluster(stack, experiment, 2),
        }
        best = dict.fromkeys(backends, 0.0)
        for _ in range(max(2, size.repeats - 2)):
            for name, backend in backends.items():
                best[name] = max(best[name], _chunks_per_second(experiment, backend))
    label = f"{size.chunks} chunks of {size.chunk_games:,} games"
    return [
        BenchRow("dask", f"chunks/s, this process ({label})", best["here"], "chunks/s"),
        BenchRow("dask", "chunks/s, 2 local processes", best["processes"], "chunks/s"),
        BenchRow("dask", "chunks/s, LocalCluster of 1 worker", best["one"], "chunks/s"),
        BenchRow("dask", "chunks/s, LocalCluster of 2 workers", best["two"], "chunks/s"),
        BenchRow(
            "dask",
            "2 local processes / this process (what the machine gives now)",
            best["processes"] / best["here"],
            "x",
        ),
        BenchRow(
            "dask",
            f"2 workers / 1 worker ({os.cpu_count()} cores)",
            best["two"] / best["one"],
            "x",
            SCALING_GOAL,
        ),
        BenchRow(
            "dask",
            "Dask / local processes, 2 each (overhead)",
            best["two"] / best["processes"],
            "x",
            OVERHEAD_GOAL,
        ),
    ]
