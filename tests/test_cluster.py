"""Chunks on a Dask LocalCluster: the same numbers as one process and as local workers, a killed
worker, a refused worker, resuming an interrupted run, ``simulate --dask``, bad ``--dask`` values.

One cluster of two worker processes (one thread each, on 127.0.0.1, no dashboard) serves the
module (``--dist loadfile`` keeps the file on one test worker; the xdist group does the same for
``--dist loadgroup``). Its workers inherit this process's numba cache folder; the fixture loads
the kernel here first, so they load it from the cache instead of compiling it again. The runs
are a few dozen games: the whole file takes well under a minute, in the ``heavy_kernel`` tier.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections import Counter

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner
from plugin_packages import fresh_plugins, the_page_plugin  # noqa: F401

import experiments.shared.chunk_store as chunk_store
from experiments.cli import main
from experiments.shared.definition import load_experiment
from experiments.shared.runner import run_experiment
from sim.errors import InputError

distributed = pytest.importorskip("distributed")
# one cluster per test run; in the second tier (a cluster of processes that load the kernels
# again is long for the default run's four minutes)
pytestmark = [pytest.mark.xdist_group("dask-cluster"), pytest.mark.heavy_kernel]

TEXTS = {
    "compare": """
[experiment]
kind = "compare"
name = "compare"
players = [2, 4]
games = 24
seed = 4
chunk_games = {chunk}
strategies = ["greedy", "random"]
""",
    "commit": """
[experiment]
kind = "commit"
name = "commit"
players = [2]
games = 12
seed = 3
base = "greedy"
field = ["greedy+ev"]
policies = ["fixed-1", "ev"]
herd_areas = false
max_figures = 2
first_bonus = [3.0]
all_bonus = [1.0]
tile_value = [2.5]
food_value = [2.0]
chunk_games = {chunk}
""",
    "ladder": """
[experiment]
kind = "ladder"
name = "ladder"
players = [2, 4]
games = 6
seed = 6
strategies = ["random", "classic", "greedy"]
cost_seconds = false
chunk_games = {chunk}
""",
    "advice": """
[experiment]
kind = "advice"
name = "advice"
players = [2, 3]
games = 6
seed = 7
playouts = 2
check_games = 6
check_policies = ["never", "fixed-1"]
chunk_games = {chunk}
""",
    "metagame": """
[experiment]
kind = "metagame"
name = "metagame"
players = [2, 3]
games = 12
seed = 8
strategies = ["greedy+never", "greedy+ev", "greedy+majority"]
bootstrap = 20
chunk_games = {chunk}
""",
    "worth": """
[experiment]
kind = "worth"
name = "worth"
players = [2, 3]
games = 12
seed = 5
strategies = ["greedy+ev", "greedy+never"]
sensitivity = false
chunk_games = {chunk}
""",
}


@pytest.fixture(scope="module")
def cluster():
    """Two worker processes, one thread each, that load the kernel from this process's cache."""
    from experiments.shared.cluster import local_cluster
    from strategies.compiling import Target, warm

    warm([Target(False, "play")])  # compiled (or loaded) here once: the workers then load it
    with local_cluster(2) as local:
        yield local


@pytest.fixture
def backend(cluster):
    """A backend on the module's cluster; the cluster outlives it."""
    from experiments.shared.cluster import DaskBackend

    client = distributed.Client(cluster)
    client.wait_for_workers(2, timeout=120)
    backend = DaskBackend(client, shared_cache=True)
    backend.check_workers()
    yield backend
    backend.close()


def _config(tmp_path, kind, chunk):
    path = tmp_path / f"{kind}{chunk}.toml"
    path.write_text(TEXTS[kind].format(chunk=chunk))
    return load_experiment(path)


def _csvs(folder) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.glob("*.csv"))}


def _same(a: dict, b: dict) -> None:
    assert a.keys() == b.keys()
    for key in a:
        nan = a[key].dtype.kind == "f"  # a commitment a seat could not make is NaN, alike
        assert a[key].dtype == b[key].dtype and np.array_equal(a[key], b[key], equal_nan=nan), key


def _one_error_line(result) -> str:
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert result.exit_code == 2, result.output
    assert len(lines) == 1 and lines[0].startswith("mammoth: error:"), result.output
    assert "Traceback" not in result.output
    return lines[0]


@pytest.mark.parametrize(
    "kind, chunk",
    [
        ("compare", 6),
        ("commit", 6),
        ("worth", 12),
        ("metagame", 5),
        pytest.param("ladder", 3, marks=pytest.mark.slow),
        pytest.param("advice", 3, marks=pytest.mark.slow),
    ],
)
def test_same_seed_same_numbers_on_any_workers_and_backend(tmp_path, backend, kind, chunk):
    """One process, two local processes and the Dask cluster: the same statistics and files."""
    config = _config(tmp_path, kind, chunk)
    serial = run_experiment(config, tmp_path / "serial", progress=False)
    local = run_experiment(config, tmp_path / "local", progress=False, workers=2)
    dask = run_experiment(config, tmp_path / "dask", progress=False, backend=backend)
    _same(serial, local)
    _same(serial, dask)
    files = _csvs(tmp_path / "serial")
    assert files and files == _csvs(tmp_path / "local") == _csvs(tmp_path / "dask")


def test_a_position_s_analysis_is_the_same_on_the_cluster(tmp_path, backend):
    """``mammoth analyse``'s kind on one process, two local processes and the Dask cluster:
    the same files, early stop included (the rule reads the chunks in order)."""
    from pathlib import Path

    from experiments.shared.definition import experiment_from_settings
    from sim.position import read_document

    example = Path(__file__).resolve().parents[1] / "docs" / "positions" / "example.toml"
    config = experiment_from_settings(
        {"kind": "analyse", "players": [4], "games": 240, "seed": 3, "chunk_games": 40,
         "position": read_document(example), "field": "greedy"},
        "test",
    )  # fmt: skip
    run_experiment(config, tmp_path / "serial", progress=False)
    run_experiment(config, tmp_path / "local", progress=False, workers=2)
    run_experiment(config, tmp_path / "dask", progress=False, backend=backend)
    files = _csvs(tmp_path / "serial")
    assert files and files == _csvs(tmp_path / "local") == _csvs(tmp_path / "dask")
    for name in ("analysis.json", "analysis.md"):
        first = (tmp_path / "serial" / name).read_bytes()
        assert (tmp_path / "dask" / name).read_bytes() == first


def test_killed_worker_costs_its_chunk_a_retry(tmp_path, backend):
    config = _config(tmp_path, "compare", 3)
    local = run_experiment(config, tmp_path / "local", progress=False)
    client = backend.client
    pids = client.run(os.getpid)
    killed = []
    done = threading.Event()

    def kill_a_busy_worker():  # the first worker seen in the middle of a chunk
        while not done.is_set():
            processing = client.processing().items()
            busy = {w: keys for w, keys in processing if any(k.startswith("chunk") for k in keys)}
            if busy:
                victim = sorted(busy)[0]
                os.kill(pids[victim], signal.SIGKILL)
                killed.append((victim, busy[victim]))
                return
            time.sleep(0.002)

    def transitions(dask_scheduler):
        return [(str(t[0]), t[1], t[2]) for t in dask_scheduler.transition_log]

    killer = threading.Thread(target=kill_a_busy_worker)
    killer.start()
    try:
        dask = run_experiment(config, tmp_path / "dask", progress=False, backend=backend)
    finally:
        done.set()
        killer.join()
    assert killed and killed[0][1], "a worker holding a chunk was killed"
    lost = {str(key) for key in killed[0][1]}
    log = client.run_on_scheduler(transitions)
    # the chunk ran again: killed while processing, or just done and its result lost with the
    # worker before the client gathered it (the scheduler's list of what is processing lags)
    runs = Counter(key for key, start, end in log if end == "processing")
    assert any(runs[key] >= 2 for key in lost), "the killed worker's chunk ran again"
    assert {key for key, start, end in log if start == "processing" and end == "memory"} >= lost
    assert len(list((tmp_path / "dask" / "chunks").glob("*.npz"))) == len(
        list((tmp_path / "local" / "chunks").glob("*.npz"))
    )
    _same(local, dask)
    assert _csvs(tmp_path / "local") == _csvs(tmp_path / "dask")
    client.wait_for_workers(2, timeout=120)  # the nanny restarts the killed worker


def test_worker_with_other_code_is_refused(tmp_path, backend):
    client = backend.client
    victim = sorted(client.nthreads())[0]

    def pretend_other_code():
        import sim._cache

        sim._cache.source_hash = lambda: "0" * 16

    def restore():
        import importlib

        import sim._cache

        importlib.reload(sim._cache)

    path = tmp_path / "compare.toml"
    path.write_text(TEXTS["compare"].format(chunk=5))
    client.run(pretend_other_code, workers=[victim])
    try:
        result = CliRunner().invoke(
            main,
            ["run", str(path), "--out", str(tmp_path / "o"), "--dask", cluster_address(client)],
        )
    finally:
        client.run(restore, workers=[victim])
    line = _one_error_line(result)
    assert f"refused Dask worker {victim}" in line and "0000000000000000" in line
    assert not list((tmp_path / "o").rglob("*.npz"))  # no chunk ran


def cluster_address(client) -> str:
    """The scheduler address a user would pass to ``--dask``."""
    return client.scheduler.address


def test_resume_after_an_interrupted_dask_run(tmp_path, backend, monkeypatch):
    config = _config(tmp_path, "compare", 3)
    local = run_experiment(config, tmp_path / "local", progress=False)
    total = len(list((tmp_path / "local" / "chunks").glob("*.npz")))
    save = chunk_store.save_chunk
    saved = []

    def save_then_stop(path, stats, mark, chunk):
        if len(saved) == 2:
            raise KeyboardInterrupt
        save(path, stats, mark, chunk)
        saved.append(path)

    monkeypatch.setattr(chunk_store, "save_chunk", save_then_stop)
    with pytest.raises(KeyboardInterrupt):
        run_experiment(config, tmp_path / "dask", progress=False, backend=backend)
    assert len(list((tmp_path / "dask" / "chunks").glob("*.npz"))) == 2
    assert not list((tmp_path / "dask").rglob("*.tmp"))
    monkeypatch.setattr(chunk_store, "save_chunk", save)
    submitted = []
    submit = backend.submit

    def counting(function, *args):
        submitted.append(args)
        return submit(function, *args)

    monkeypatch.setattr(backend, "submit", counting)
    resumed = run_experiment(
        config, tmp_path / "dask", resume=True, progress=False, backend=backend
    )
    assert len(submitted) == total - 2
    _same(local, resumed)
    assert _csvs(tmp_path / "local") == _csvs(tmp_path / "dask")


FINISHED = ["experiment.json", "games.parquet", "run.json"]
"""A finished simulate run's folder: its chunks went into the table."""


def test_simulate_gives_the_same_table_on_any_workers_and_backend(tmp_path, backend):
    args = ["simulate", "--games", "30", "--players", "3", "--seed", "2", "--chunk-size", "7"]
    args += ["--strategy", "greedy", "--strategy", "random", "--strategy", "greedy+never"]
    address = cluster_address(backend.client)
    runs = {
        "serial": [],
        "threads": ["--workers", "2"],
        "dask": ["--dask", address],
        "dask local:1": ["--dask", "local:1"],  # a cluster of its own, of one worker
    }
    results = {}
    for name, extra in runs.items():
        results[name] = CliRunner().invoke(main, [*args, "--out", str(tmp_path / name), *extra])
        assert results[name].exit_code == 0, results[name].output
    assert "Dask: 2 workers" in results["dask"].output
    assert "game kernel ready on 2 Dask workers" in results["dask"].output
    serial = pd.read_parquet(tmp_path / "serial" / "games.parquet")
    summary = results["serial"].output.splitlines()[-4:]
    assert "Dask: 1 worker (" in results["dask local:1"].output
    for name in ("threads", "dask", "dask local:1"):
        pd.testing.assert_frame_equal(serial, pd.read_parquet(tmp_path / name / "games.parquet"))
        assert results[name].output.splitlines()[-4:] == summary  # the summary
        assert sorted(p.name for p in (tmp_path / name).iterdir()) == FINISHED


@pytest.mark.parametrize(
    "args, message",
    [
        (["--dask", "local:0"], "local:N needs a whole number of workers"),
        (["--dask", "local:abc"], "local:N needs a whole number of workers"),
        (["--dask", "local:33"], "from 1 to 32"),
        (["--dask", "local:\u00b2"], "local:N needs a whole number of workers"),
        (["--dask", ""], "needs a scheduler address"),
        (["--dask", "tcp://127.0.0.1:9"], "cannot reach the Dask scheduler at tcp://127.0.0.1:9"),
        (["--numba-cache", "cache"], "--numba-cache is for Dask workers"),
        (["--dask", "local:2", "--workers", "2"], "give --workers or --dask, not both"),
    ],
)
def test_bad_dask_options_are_one_line(tmp_path, args, message):
    import dask

    path = tmp_path / "compare.toml"
    path.write_text(TEXTS["compare"].format(chunk=5))
    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}):
        result = CliRunner().invoke(main, ["run", str(path), "--out", str(tmp_path / "o"), *args])
    assert message in _one_error_line(result)
    assert not (tmp_path / "o").exists()


def test_dask_missing_is_one_line(tmp_path, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    out = tmp_path / "o"
    result = CliRunner().invoke(
        main, ["simulate", "--games", "5", "--out", str(out), "--dask", "local:1"]
    )
    assert "needs dask and distributed" in _one_error_line(result)
    assert not out.exists()


@pytest.mark.usefixtures("fresh_plugins")
def test_a_plugin_a_worker_lacks_stops_the_run_in_one_line(tmp_path, backend, monkeypatch):
    """Installed here (on this process's path), not on the workers: refused before any game;
    and a player registered in this process, which no worker can have."""
    import strategies.greedy
    from strategies.registry import register_strategy

    monkeypatch.syspath_prepend(str(the_page_plugin(tmp_path / "site")))
    path = tmp_path / "plugin.toml"
    path.write_text(TEXTS["compare"].format(chunk=6).replace('"random"', '"hoarder+cautious"'))
    lacks = (
        r"Dask worker \S+ cannot play 'hoarder' \(plugin mammoth-hoarder 0\.1\.0 here; "
        r"the worker lacks it\): install the plugin on every worker"
    )
    with pytest.raises(InputError, match=lacks):
        run_experiment(load_experiment(path), tmp_path / "out", progress=False, backend=backend)
    assert not list((tmp_path / "out").glob("chunks/*"))
    register_strategy("greedy-here", strategies.greedy)
    path.write_text(TEXTS["compare"].format(chunk=6).replace('"random"', '"greedy-here"'))
    with pytest.raises(InputError, match="greedy-here: registered in this process only, so no"):
        run_experiment(load_experiment(path), tmp_path / "out2", progress=False, backend=backend)


def test_train_gives_the_same_model_on_any_workers_and_backend(tmp_path, backend):
    """``mammoth train``'s chunks on two local processes or on Dask: the same model bytes."""
    args = ["train", "--games", "600", "--generations", "2", "--seed", "6"]
    address = cluster_address(backend.client)
    runs = {"serial": [], "workers": ["--workers", "2"], "dask": ["--dask", address]}
    for name, extra in runs.items():
        result = CliRunner().invoke(main, [*args, "--out", str(tmp_path / name), *extra])
        assert result.exit_code == 0, result.output
    models = {name: (tmp_path / name / "value.json").read_bytes() for name in runs}
    assert models["workers"] == models["serial"] and models["dask"] == models["serial"]
