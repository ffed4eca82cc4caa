"""Experiment files: chunked runs, checkpoints, --resume, workers, bad files."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

import experiments.compare.kind as compare_kind
from experiments.cli import main
from experiments.shared.definition import load_experiment
from experiments.shared.runner import run_experiment

EXPERIMENT = """
[experiment]
kind = "compare"
name = "tiny"
players = [2, 4]
games = 60
seed = 4
chunk_games = {chunk}
strategies = ["greedy", "random"]
[rules]
mammoth_points = 10
"""


HEAD = "[experiment]\nkind = 'compare'\nstrategies = ['greedy', 'random']\n"


def _config(tmp_path, chunk=25):
    path = tmp_path / f"tiny{chunk}.toml"
    path.write_text(EXPERIMENT.format(chunk=chunk))
    return load_experiment(path)


def _same(a, b):
    assert a.keys() == b.keys()
    for key in a:
        assert np.array_equal(a[key], b[key]), key


def test_chunking_does_not_change_results(tmp_path):
    one = run_experiment(_config(tmp_path, 60), tmp_path / "a", progress=False)
    many = run_experiment(_config(tmp_path, 7), tmp_path / "b", progress=False)
    _same(one, many)
    a = pd.read_csv(tmp_path / "a" / "league.csv")
    b = pd.read_csv(tmp_path / "b" / "league.csv")
    pd.testing.assert_frame_equal(a, b)


def test_resume_reuses_finished_chunks(tmp_path, monkeypatch):
    config = _config(tmp_path, 20)
    full = run_experiment(config, tmp_path / "r", progress=False)
    chunk_files = sorted((tmp_path / "r" / "chunks").glob("*.npz"))
    assert len(chunk_files) == len(compare_kind.chunks(config))
    for path in chunk_files[::2]:  # as if interrupted: half the chunks never finished
        path.unlink()
    calls = []
    original = compare_kind.run_chunk

    def counting(cfg, chunk):
        calls.append(chunk)
        return original(cfg, chunk)

    monkeypatch.setattr(compare_kind, "run_chunk", counting)
    resumed = run_experiment(config, tmp_path / "r", resume=True, progress=False)
    assert len(calls) == len(chunk_files[::2])
    _same(full, resumed)


def test_interrupted_run_keeps_finished_chunks(tmp_path, monkeypatch):
    config = _config(tmp_path, 20)
    original = compare_kind.run_chunk
    done = []

    def failing(cfg, chunk):
        if len(done) == 2:
            raise KeyboardInterrupt
        done.append(chunk)
        return original(cfg, chunk)

    monkeypatch.setattr(compare_kind, "run_chunk", failing)
    with pytest.raises(KeyboardInterrupt):
        run_experiment(config, tmp_path / "i", progress=False)
    assert len(list((tmp_path / "i" / "chunks").glob("*.npz"))) == 2
    assert not list((tmp_path / "i" / "chunks").glob("*.tmp"))
    monkeypatch.setattr(compare_kind, "run_chunk", original)
    resumed = run_experiment(config, tmp_path / "i", resume=True, progress=False)
    _same(resumed, run_experiment(config, tmp_path / "fresh", progress=False))


def test_process_workers_match_serial(tmp_path):
    config = _config(tmp_path, 30)
    serial = run_experiment(config, tmp_path / "s", progress=False)
    parallel = run_experiment(config, tmp_path / "p", progress=False, workers=2)
    _same(serial, parallel)


@pytest.mark.parametrize(
    "text, message",
    [
        ("[experiment]\nkind = 'nothing'\n", "kind must be"),
        ("[experiment\nkind=", "not valid TOML"),
        (
            "[experiment]\nkind = 'compare'\nplayers = [5]\nstrategies=['greedy','random']\n",
            "2 to 4",
        ),
        ("[experiment]\nkind = 'compare'\ngames = -2\nstrategies=['greedy','random']\n", "games"),
        ("[experiment]\nkind = 'compare'\n", "strategies is missing"),
        (HEAD + "games = 'many'\n", "games must be a whole number"),
        (HEAD + "seed = 1.5\n", "seed must be a whole number"),
        (HEAD + "players = ['two']\n", "players must be a whole number"),
        (HEAD + "players = [2, 2]\n", "must not repeat"),
        (HEAD + "chunk_games = 0\n", "chunk_games must be at least 1"),
        (HEAD + "stratgies = ['x']\n", "unknown setting 'stratgies'"),
        (HEAD + "[rules]\nmammoth_points = 'ten'\n", "rules.mammoth_points must be a whole number"),
        (HEAD + "[rules]\ntie = 'coin'\n", "rules.tie must be one of"),
        (HEAD + "[rule]\ntie = 'coin'\n", "unknown table [rule]"),
        ("[experiment]\nkind = 'compare'\nstrategies=['greedy','nobody']\n", "unknown strategy"),
    ],
)
def test_bad_experiment_files(tmp_path, text, message):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    result = CliRunner().invoke(main, ["run", str(path), "--out", str(tmp_path / "o")])
    assert result.exit_code == 2
    assert message in result.output and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_run_cli_writes_the_league(tmp_path):
    path = tmp_path / "tiny.toml"
    path.write_text(EXPERIMENT.format(chunk=30))
    result = CliRunner().invoke(
        main, ["run", str(path), "--out", str(tmp_path / "o"), "--scale", "0.5"]
    )
    assert result.exit_code == 0, result.output
    assert (tmp_path / "o" / "tiny" / "league.csv").exists()


def test_herd_both_in_an_experiment_file_and_chunking_keeps_the_profile(tmp_path):
    def config(chunk, herd):
        path = tmp_path / f"h{chunk}.toml"
        path.write_text(
            EXPERIMENT.format(chunk=chunk).replace("[rules]\n", f"[rules]\nherd = {herd}\n")
        )
        return load_experiment(path)

    run_experiment(config(30, '"both"'), tmp_path / "a", progress=False)
    run_experiment(config(13, "[false, true]"), tmp_path / "b", progress=False)
    a = pd.read_csv(tmp_path / "a" / "profile.csv")
    b = pd.read_csv(tmp_path / "b" / "profile.csv")
    pd.testing.assert_frame_equal(a, b)
    assert list(a["herd"].drop_duplicates()) == ["on", "off"]
    assert len(a) == 2 * 2 * 2  # strategies x players x herd
    for (players, _), part in a.groupby(["players", "herd"]):
        assert part["seats"].sum() == players * 60
    league = pd.read_csv(tmp_path / "a" / "league.csv")
    assert set(league["herd"]) == {"on", "off"}


@pytest.mark.parametrize("herd", ['"sometimes"', "[]", "[true, true]", "1"])
def test_bad_herd_settings_are_refused(tmp_path, herd):
    path = tmp_path / "bad.toml"
    path.write_text(HEAD + f"[rules]\nherd = {herd}\n")
    with pytest.raises(Exception, match="rules.herd"):
        load_experiment(path)


class _WorkerLost(Exception):
    """Stands for a backend's "the worker running this task died"."""


def _square(x):
    return x * x


def _lose(x):
    raise _WorkerLost(x)


class _FlakyBackend:
    """Threads, with the first ``losses[key]`` attempts of a task lost with their worker."""

    def __init__(self, losses):
        from concurrent.futures import ThreadPoolExecutor

        from experiments.shared.backends import PoolBackend

        self.pool = PoolBackend(ThreadPoolExecutor(2), 2, own=True)
        self.slots = 2
        self.losses = dict(losses)
        self.submitted = []

    def submit(self, function, x):
        self.submitted.append(x)
        if self.losses.get(x, 0) > 0:
            self.losses[x] -= 1
            return self.pool.submit(_lose, x)
        return self.pool.submit(function, x)

    def wait_any(self, futures):
        return self.pool.wait_any(futures)

    def lost(self, error):
        return isinstance(error, _WorkerLost)

    def cancel(self, futures):
        self.pool.cancel(futures)


def test_a_task_whose_worker_died_runs_again():
    from experiments.shared.backends import RETRIES, run_tasks

    backend = _FlakyBackend({3: 1, 5: RETRIES})
    results = {}
    run_tasks(_square, {x: (x,) for x in range(8)}, results.__setitem__, backend)
    assert results == {x: x * x for x in range(8)}
    assert sorted(backend.submitted) == sorted([*range(8), 3, *[5] * RETRIES])
    backend.pool.close()

    backend = _FlakyBackend({2: RETRIES + 1})  # lost every time: the run fails, nothing is kept
    results = {}
    with pytest.raises(_WorkerLost):
        run_tasks(_square, {x: (x,) for x in range(4)}, results.__setitem__, backend)
    assert backend.submitted.count(2) == RETRIES + 1 and 2 not in results
    backend.pool.close()


def test_a_task_that_fails_is_not_retried():
    from experiments.shared.backends import run_tasks

    backend = _FlakyBackend({})
    with pytest.raises(ZeroDivisionError):
        run_tasks(lambda x: 1 // (x - 2), {x: (x,) for x in range(4)}, lambda k, r: None, backend)
    assert backend.submitted.count(2) == 1
    backend.pool.close()
