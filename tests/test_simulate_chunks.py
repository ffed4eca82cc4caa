"""``mammoth simulate``'s chunks are the runner's checkpoints, and defend themselves (issue 53).

A run saves each chunk of games as a checkpoint file (:mod:`experiments.shared.checkpoints`) in
``OUT/chunks/`` and streams them into ``games.parquet`` at the end. A killed run resumed with
``--resume`` writes byte-identical files; a damaged, foreign or misplaced chunk is played again
(and said so), never merged; ``--resume`` into another run's folder refuses, changing nothing.
"""

from __future__ import annotations

import json
import shutil

import numpy as np
import pyarrow.parquet as pq
import pytest
from cli_contract import assert_refused, invoke, snapshot

import experiments.shared.chunk_store as chunk_store
import experiments.simulate.kind as kind
from experiments.shared.checkpoints import CHUNK_META

ARGS = ["simulate", "--games", 12, "--players", 2, "--seed", 7, "--chunk-size", 4]
ARGS += ["--strategy", "classic", "--strategy", "random", "--positions", 2]
FILES = ["experiment.json", "games.parquet", "positions", "run.json"]


@pytest.fixture(autouse=True)
def _fixed_time(monkeypatch):
    """run.json and the table's metadata without the time of day, so runs compare byte by byte."""
    real = kind.run_metadata
    monkeypatch.setattr(kind, "run_metadata", lambda *a, **k: real(*a, **k) | {"created": "-"})


@pytest.fixture(scope="module")
def interrupted(tmp_path_factory):
    """``whole``: an uninterrupted run; ``cut``: the same run stopped before its table."""
    base = tmp_path_factory.mktemp("chunks")
    real = kind.run_metadata
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(kind, "run_metadata", lambda *a, **k: real(*a, **k) | {"created": "-"})
        result = invoke(*ARGS, "--out", base / "whole")
    assert result.exit_code == 0, result.output
    assert _stopped_before_the_table(ARGS, base / "cut").exit_code == 130
    return base


def _stopped_before_the_table(args, out):
    def stop(*args, **kwargs):
        raise KeyboardInterrupt

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(kind, "write_table", stop)
        return invoke(*args, "--out", out)


def _copy(interrupted, tmp_path):
    target = tmp_path / "cut"
    shutil.copytree(interrupted / "cut", target)
    return target, _chunks(target)


def _chunks(out):
    """The chunk files of ``out`` in chunk order (their names are hashes of their keys)."""
    experiment = kind.EXPERIMENT.read(json.loads((out / "experiment.json").read_text()))
    from experiments.shared.checkpoints import chunk_path

    return [chunk_path(out, chunk) for chunk in kind.chunks(experiment)]


def _files(out):
    """Every file under ``out`` by its path there, with its bytes."""
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


def _assert_same_files(interrupted, out):
    assert sorted(p.name for p in out.iterdir()) == FILES
    assert _files(out) == _files(interrupted / "whole")


def _rewrite(path, change):
    with np.load(path) as data:
        arrays = {k: data[k] for k in data.files}
    change(arrays)
    with open(path, "wb") as handle:
        np.savez(handle, **arrays)


def _changed_byte(path, others):
    def change(arrays):
        table = arrays[kind.PART].copy()
        table[len(table) // 2] ^= 1
        arrays[kind.PART] = table

    _rewrite(path, change)


DAMAGE = {
    "truncated": lambda p, o: p.write_bytes(p.read_bytes()[: p.stat().st_size // 2]),
    "random bytes": lambda p, o: p.write_bytes(np.random.default_rng(0).bytes(p.stat().st_size)),
    "0 bytes": lambda p, o: p.write_bytes(b""),
    "changed byte": _changed_byte,
    "no identity (not a chunk file)": lambda p, o: _rewrite(p, lambda a: a.pop(CHUNK_META)),
    "copy of another chunk": lambda p, o: shutil.copyfile(o[0], p),
    "another run's chunk": lambda p, o: shutil.copyfile(o[0], p),
}


@pytest.mark.heavy_kernel  # plays the light kernel's advice or analysis entry
def test_the_cut_run_kept_its_chunks_and_wrote_no_table(interrupted):
    out = interrupted / "cut"
    assert sorted(p.name for p in out.iterdir()) == ["chunks", "experiment.json"]
    assert all(path.is_file() for path in _chunks(out))


@pytest.mark.heavy_kernel  # plays the light kernel's advice or analysis entry
@pytest.mark.parametrize("damage", list(DAMAGE))
def test_a_damaged_chunk_is_played_again_not_merged(tmp_path, interrupted, damage):
    out, chunks = _copy(interrupted, tmp_path)
    others = [chunks[0]] if damage != "another run's chunk" else [_chunk_of_another_run(tmp_path)]
    DAMAGE[damage](chunks[1], others)
    result = invoke(*ARGS, "--out", out, "--resume")
    assert result.exit_code == 0, result.output
    said = [line for line in result.stderr.splitlines() if "computing it again" in line]
    assert len(said) == 1 and chunks[1].name in said[0], result.stderr
    _assert_same_files(interrupted, out)


def _chunk_of_another_run(tmp_path):
    """Chunk 1 of another run (other strategies), stopped before its table."""
    args = [*ARGS[:-6], "--strategy", "random", "--strategy", "random"]
    assert _stopped_before_the_table(args, tmp_path / "other").exit_code == 130
    return _chunks(tmp_path / "other")[1]


@pytest.mark.heavy_kernel  # plays the light kernel's advice or analysis entry
def test_a_killed_run_resumes_to_byte_identical_files(tmp_path, interrupted, monkeypatch):
    """Killed while it writes its third chunk (a half temporary file left behind), then resumed:
    only the missing chunks are played, and every file is the uninterrupted run's."""
    from experiments.shared.files import atomic_write

    out = tmp_path / "killed"
    save, saved = chunk_store.save_chunk, []

    def save_then_die(path, stats, *rest):
        if len(saved) == 2:

            def half(tmp):
                tmp.write_bytes(b"PK\x03\x04 half a chunk")
                raise KeyboardInterrupt

            atomic_write(path, half)
        save(path, stats, *rest)
        saved.append(path)

    monkeypatch.setattr(chunk_store, "save_chunk", save_then_die)
    result = invoke(*ARGS, "--out", out)
    assert result.exit_code == 130 and "rerun with --resume" in result.output
    assert sorted(p.name for p in out.iterdir()) == ["chunks", "experiment.json"]
    assert sorted(p.name for p in (out / "chunks").glob("*.npz")) == sorted(p.name for p in saved)

    other = invoke(*ARGS, "--out", out, "--resume", "--rotate")
    assert other.exit_code == 2 and "different experiment" in other.output

    # what a SIGKILL in the middle of a write leaves: hidden temporary files, deleted on resume
    (out / "chunks" / f".{saved[0].name}.k1l2e3d4.tmp").write_bytes(b"half a chunk")
    (out / ".games.parquet.k1l2e3d4.tmp").write_bytes(b"half a table")
    monkeypatch.setattr(chunk_store, "save_chunk", save)
    played = []
    play = kind.run_chunk
    monkeypatch.setattr(
        kind, "run_chunk", lambda c, chunk, t=1: played.append(chunk) or play(c, chunk, t)
    )
    resumed = invoke(*ARGS, "--out", out, "--resume")
    assert resumed.exit_code == 0, resumed.output
    assert played == [{"first": 8, "games": 4}]
    _assert_same_files(interrupted, out)


@pytest.mark.heavy_kernel  # plays the light kernel's advice or analysis entry
def test_the_table_has_a_row_group_per_chunk_and_no_chunk_identity(interrupted):
    path = interrupted / "whole" / "games.parquet"
    assert pq.ParquetFile(path).metadata.num_row_groups == 3
    assert set(pq.read_schema(path).metadata) == {b"pandas", b"mammoth"}


@pytest.mark.heavy_kernel  # plays the light kernel's advice or analysis entry
def test_stray_chunk_files_are_left_alone(tmp_path, interrupted):
    out, chunks = _copy(interrupted, tmp_path)
    stray = out / "chunks" / "0123456789abcdef0123.npz"
    shutil.copyfile(chunks[0], stray)
    result = invoke(*ARGS, "--out", out, "--resume")
    assert result.exit_code == 0, result.output
    assert _files(out).keys() - _files(interrupted / "whole").keys() == {
        "chunks/0123456789abcdef0123.npz"
    }


def _no_experiment_json(folder):
    (folder / "experiment.json").unlink()


def _bad_json(folder):
    (folder / "experiment.json").write_text("{not json")


def _binary(folder):
    (folder / "experiment.json").write_bytes(b"\x00\xff" * 10)


def _other_settings(folder):
    document = json.loads((folder / "experiment.json").read_text())
    document["seed"] = 8
    (folder / "experiment.json").write_text(json.dumps(document))


REFUSED = {
    "no experiment.json": (_no_experiment_json, "no experiment.json"),
    "experiment.json not JSON": (_bad_json, "is damaged"),
    "experiment.json binary": (_binary, "is damaged"),
    "other settings": (_other_settings, "different experiment"),
}


@pytest.mark.heavy_kernel  # plays the light kernel's advice or analysis entry
@pytest.mark.parametrize("case", list(REFUSED))
def test_resume_refuses_chunks_it_cannot_trust(tmp_path, interrupted, case):
    out, _ = _copy(interrupted, tmp_path)
    damage, words = REFUSED[case]
    damage(out)
    before = snapshot(tmp_path)
    line = assert_refused(invoke(*ARGS, "--out", out, "--resume"), tmp_path, before)
    assert words in line


KILLED = ["simulate", "--games", 600, "--players", 2, "--seed", 3, "--chunk-size", 10]


def test_a_run_killed_by_sigkill_resumes_to_byte_identical_files(tmp_path):
    """A real kill (SIGKILL, nothing cleaned up) part way through: ``--resume`` plays the missing
    chunks only and writes the files of an uninterrupted run, byte for byte."""
    import os
    import signal
    import subprocess
    import sys
    import time

    whole = invoke(*KILLED, "--out", tmp_path / "whole")
    assert whole.exit_code == 0, whole.output
    out = tmp_path / "killed"
    script = "import sys; from experiments.cli import main; main(sys.argv[1:])"
    args = [str(a) for a in (*KILLED, "--out", out)]
    process = subprocess.Popen([sys.executable, "-c", script, *args], stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while len(list(out.glob("chunks/*.npz"))) < 3 and process.poll() is None:
            assert time.monotonic() < deadline, "the run saved no chunk in two minutes"
            time.sleep(0.01)
        os.kill(process.pid, signal.SIGKILL)
    finally:
        process.wait()
    if process.returncode != -signal.SIGKILL or (out / "games.parquet").exists():
        pytest.skip("the run finished before it could be killed")
    kept = len(list(out.glob("chunks/*.npz")))
    assert 3 <= kept < 60
    resumed = invoke(*KILLED, "--out", out, "--resume")
    assert resumed.exit_code == 0, resumed.output
    assert sorted(_files(out)) == sorted(_files(tmp_path / "whole"))
    assert _files(out) == _files(tmp_path / "whole")
