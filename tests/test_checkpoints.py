"""Checkpoints that defend themselves, and ``--resume`` against the wrong experiment (issue 15).

A damaged or foreign chunk file is computed again (and said so), never merged: the resumed run
writes the same CSVs as an undamaged run. ``--resume`` without an intact ``experiment.json``
refuses, changing nothing, and so does a folder standing where the run writes a file. A run
killed with SIGKILL resumes to the same CSVs.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time

import numpy as np
import pytest
from cli_contract import assert_refused, copy_folder, invoke, snapshot

from experiments.shared.checkpoints import CHUNK_META, fingerprint, load_chunk, save_chunk
from experiments.shared.definition import load_experiment
from experiments.shared.runner import check_resume, run_experiment
from sim.errors import InputError


def _csvs(folder) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.glob("*.csv"))}


def _arrays(path) -> dict:
    with np.load(path) as data:
        return {k: data[k] for k in data.files}


def _resave(path, arrays: dict) -> None:
    with open(path, "wb") as handle:
        np.savez(handle, **arrays)


def _stats_key(arrays: dict) -> str:
    return sorted(k for k in arrays if k != CHUNK_META)[0]


def _truncated(path, others):
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])


def _random_bytes(path, others):
    path.write_bytes(np.random.default_rng(0).bytes(path.stat().st_size))


def _empty(path, others):
    path.write_bytes(b"")


def _renamed_key(path, others):
    arrays = _arrays(path)
    key = _stats_key(arrays)
    arrays[key + "_renamed"] = arrays.pop(key)
    _resave(path, arrays)


def _wrong_shape(path, others):
    arrays = _arrays(path)
    key = _stats_key(arrays)
    arrays[key] = np.concatenate([arrays[key].ravel(), arrays[key].ravel()[:1]])
    _resave(path, arrays)


def _floats(path, others):
    arrays = _arrays(path)
    for key in arrays:
        if key != CHUNK_META:
            arrays[key] = arrays[key].astype(np.float32)
    _resave(path, arrays)


def _empty_arrays(path, others):
    arrays = _arrays(path)
    for key in arrays:
        if key != CHUNK_META:
            arrays[key] = arrays[key][:0]
    _resave(path, arrays)


def _changed_value(path, others):
    arrays = _arrays(path)
    key = _stats_key(arrays)
    arrays[key] = arrays[key] + 1
    _resave(path, arrays)


def _copy_of_another(path, others):
    shutil.copyfile(others[0], path)


def _without_identity(path, others):
    arrays = _arrays(path)
    del arrays[CHUNK_META]
    _resave(path, arrays)


DAMAGE = {
    "truncated": _truncated,
    "random bytes": _random_bytes,
    "0 bytes": _empty,
    "renamed key": _renamed_key,
    "wrong shape": _wrong_shape,
    "floats": _floats,
    "empty arrays": _empty_arrays,
    "changed value": _changed_value,
    "copy of another chunk": _copy_of_another,
    "no identity (an old chunk file)": _without_identity,
}


@pytest.mark.parametrize("damage", list(DAMAGE))
def test_a_damaged_chunk_is_computed_again_not_merged(tmp_path, finished_run, damage):
    folder = copy_folder(finished_run.folder, tmp_path / "league")
    chunks = sorted((folder / "chunks").glob("*.npz"))
    DAMAGE[damage](chunks[1], [c for c in chunks if c != chunks[1]])
    config = load_experiment(finished_run.toml)
    said = []
    run_experiment(config, folder, resume=True, progress=False, notice=said.append)
    assert len(said) == 1 and chunks[1].name in said[0] and "computing it again" in said[0]
    assert _csvs(folder) == _csvs(finished_run.folder)
    stats, problem = load_chunk(chunks[1], fingerprint(config.written), _key_of(chunks[1]))
    assert stats is not None and not problem  # saved again, intact


def _key_of(path) -> dict:
    with np.load(path) as data:
        return json.loads(str(data[CHUNK_META]))["chunk"]


def test_a_chunk_of_another_experiment_is_computed_again(tmp_path, finished_run):
    """Same chunk key (the file name), other seed: its fingerprint gives it away."""
    league = load_experiment(finished_run.toml)
    other = type(league).read({**league.written, "seed": 2})
    elsewhere = tmp_path / "seed2"
    run_experiment(other, elsewhere, progress=False)
    folder = copy_folder(finished_run.folder, tmp_path / "league")
    name = sorted((folder / "chunks").glob("*.npz"))[0].name
    shutil.copyfile(elsewhere / "chunks" / name, folder / "chunks" / name)
    said = []
    run_experiment(
        load_experiment(finished_run.toml), folder, resume=True, progress=False,
        notice=said.append,
    )  # fmt: skip
    assert said == [f"chunk {name} saved by a different experiment: computing it again"]
    assert _csvs(folder) == _csvs(finished_run.folder)


def test_resume_says_so_on_the_command_line(tmp_path, finished_run):
    out = tmp_path / "R"
    copy_folder(finished_run.folder, out / "league")
    _truncated(sorted((out / "league" / "chunks").glob("*.npz"))[0], [])
    result = invoke("run", finished_run.toml, "--out", out, "--resume")
    assert result.exit_code == 0, result.output
    assert "unreadable" in result.stderr and "computing it again" in result.stderr
    assert "Traceback" not in result.output
    assert _csvs(out / "league") == _csvs(finished_run.folder)


def test_chunk_files_are_plain_arrays_with_their_identity(tmp_path, finished_run):
    config = load_experiment(finished_run.toml)
    path = sorted((finished_run.folder / "chunks").glob("*.npz"))[0]
    with np.load(path, allow_pickle=False) as data:  # no pickle anywhere
        meta = json.loads(str(data[CHUNK_META]))
        assert all(data[k].dtype != object for k in data.files)
    assert meta["experiment"] == fingerprint(config.written) and meta["format"] == 1
    assert set(meta) == {"format", "experiment", "chunk", "checksum"}
    with pytest.raises(ValueError, match="reserved"):
        save_chunk(tmp_path / "x.npz", {CHUNK_META: np.zeros(1)}, "f", {})


# --------------------------------------------------------------------------------------------
# --resume against the wrong experiment


def _seed_2(tmp_path, finished_run):
    text = finished_run.toml.read_text().replace("seed = 1", "seed = 2")
    path = tmp_path / "league.toml"
    path.write_text(text)
    return path


DAMAGED_EXPERIMENT_JSON = {
    "deleted": None,
    "not JSON": b'{"kind": ',
    "UTF-16": '{"kind": "compare"}'.encode("utf-16"),
    "binary": bytes(range(256)),
    "a list": b"[1, 2]",
    "nested 100,000 deep": b"[" * 100_000 + b"]" * 100_000,
    "empty": b"",
}


@pytest.mark.parametrize("damage", list(DAMAGED_EXPERIMENT_JSON))
def test_resume_refuses_without_an_intact_experiment_json(tmp_path, finished_run, damage):
    out = tmp_path / "R"
    folder = copy_folder(finished_run.folder, out / "league")
    content = DAMAGED_EXPERIMENT_JSON[damage]
    if content is None:
        (folder / "experiment.json").unlink()
    else:
        (folder / "experiment.json").write_bytes(content)
    seed_2 = _seed_2(tmp_path, finished_run)
    before = snapshot(tmp_path)
    line = assert_refused(invoke("run", seed_2, "--out", out, "--resume"), tmp_path, before)
    assert "experiment.json" in line and "without --resume" in line


def test_resume_refuses_a_different_experiment(tmp_path, finished_run):
    out = tmp_path / "R"
    copy_folder(finished_run.folder, out / "league")
    seed_2 = _seed_2(tmp_path, finished_run)
    before = snapshot(tmp_path)
    line = assert_refused(invoke("run", seed_2, "--out", out, "--resume"), tmp_path, before)
    assert "different experiment" in line


def test_resume_checks_every_experiment_before_running_any(tmp_path, finished_run):
    """A refused second file leaves the first one's folder untouched too."""
    out = tmp_path / "R"
    copy_folder(finished_run.folder, out / "league")
    copy_folder(finished_run.folder, out / "other")
    (out / "other" / "experiment.json").unlink()
    other = tmp_path / "other.toml"
    other.write_text(finished_run.toml.read_text().replace('"league"', '"other"'))
    before = snapshot(tmp_path)
    assert_refused(
        invoke("run", finished_run.toml, other, "--out", out, "--resume"), tmp_path, before
    )


def test_resume_with_nothing_to_resume_is_refused(tmp_path, finished_run):
    with pytest.raises(InputError, match="no run to resume"):
        check_resume(load_experiment(finished_run.toml), tmp_path / "nothing")
    with pytest.raises(InputError, match="no run to resume"):
        (tmp_path / "empty").mkdir()
        check_resume(load_experiment(finished_run.toml), tmp_path / "empty")
    check_resume(load_experiment(finished_run.toml), tmp_path / "nothing", fresh_ok=True)
    with pytest.raises(InputError, match="no experiment.json"):
        folder = copy_folder(finished_run.folder, tmp_path / "league")
        (folder / "experiment.json").unlink()
        check_resume(load_experiment(finished_run.toml), folder)


# --------------------------------------------------------------------------------------------
# something that is not a file where the run writes one: refused, nothing changed (issue 22)


def _folder_in_place_of(path) -> None:
    path.unlink()
    path.mkdir()
    (path / "kept.txt").write_text("a user's file")


@pytest.mark.parametrize("resume", [True, False], ids=["resume", "fresh"])
@pytest.mark.parametrize("which", [0, 1, 2])
def test_a_folder_where_a_chunk_file_goes_is_refused_changing_nothing(
    tmp_path, finished_run, which, resume
):
    out = tmp_path / "R"
    folder = copy_folder(finished_run.folder, out / "league")
    _folder_in_place_of(sorted((folder / "chunks").glob("*.npz"))[which])
    before = snapshot(tmp_path)
    args = ["run", finished_run.toml, "--out", out] + (["--resume"] if resume else [])
    line = assert_refused(invoke(*args), tmp_path, before)
    assert "is not a file" in line and "chunks" in line and "nothing was changed" in line


def test_a_refused_second_experiment_leaves_the_first_untouched(tmp_path, finished_run):
    out = tmp_path / "R"
    copy_folder(finished_run.folder, out / "league")
    text = finished_run.toml.read_text().replace('"league"', '"other"')
    (tmp_path / "other.toml").write_text(text)
    assert invoke("run", tmp_path / "other.toml", "--out", out).exit_code == 0
    _folder_in_place_of(sorted((out / "other" / "chunks").glob("*.npz"))[2])
    before = snapshot(tmp_path)
    for resume in ([], ["--resume"]):
        args = ["run", finished_run.toml, tmp_path / "other.toml", "--out", out, *resume]
        line = assert_refused(invoke(*args), tmp_path, before)
        assert "other/chunks" in line and "is not a file" in line


@pytest.mark.parametrize("name", ["experiment.json", "chunks"])
def test_run_experiment_refuses_before_writing_anything(tmp_path, finished_run, name):
    """The library call checks too (not only the command line)."""
    folder = copy_folder(finished_run.folder, tmp_path / "league")
    target = folder / name
    if name == "chunks":
        shutil.rmtree(target)
        target.write_text("not a folder")
    else:
        _folder_in_place_of(target)
    before = snapshot(tmp_path)
    with pytest.raises(InputError, match="move it away"):
        run_experiment(load_experiment(finished_run.toml), folder, progress=False)
    assert snapshot(tmp_path) == before


# --------------------------------------------------------------------------------------------
# killed runs (true end to end: a separate process)


def _killed(args: list, chunks, at_least: int = 3) -> None:
    """Run ``mammoth ARGS`` in its own process; SIGKILL it once ``chunks`` holds chunk files."""
    process = subprocess.Popen(
        [sys.executable, "-c", "from experiments.cli import main; main()", *map(str, args)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and process.poll() is None:
        if chunks.is_dir() and len(list(chunks.glob("*.npz"))) >= at_least:
            break
        time.sleep(0.01)
    killed = process.poll() is None
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    assert killed, "the run ended before it could be killed"


@pytest.mark.heavy_kernel  # processes killed and resumed: seconds each
def test_a_run_killed_with_sigkill_resumes_to_the_same_csvs(tmp_path, finished_run):
    text = finished_run.toml.read_text().replace("games = 6", "games = 100")
    experiment = tmp_path / "league.toml"
    experiment.write_text(text.replace("chunk_games = 2", "chunk_games = 1"))
    out = tmp_path / "killed"
    _killed(["run", experiment, "--out", out], out / "league" / "chunks")
    assert not (out / "league" / "league.csv").exists()
    resumed = invoke("run", experiment, "--out", out, "--resume")
    assert resumed.exit_code == 0, resumed.output
    whole = invoke("run", experiment, "--out", tmp_path / "whole")
    assert whole.exit_code == 0, whole.output
    assert _csvs(out / "league") == _csvs(tmp_path / "whole" / "league")


COMMIT = [
    "commit", "--players", 2, "--games", 60, "--seed", 4, "--chunk-size", 1, "--no-herd-areas",
    "--policy", "fixed-1", "--policy", "ev", "--max-figures", 2, "--first-bonus", 3,
    "--all-bonus", 1, "--tile-value", 2.5, "--food-value", 2,
]  # fmt: skip


@pytest.mark.heavy_kernel  # processes killed and resumed: seconds each
def test_a_killed_commit_command_resumes_to_the_same_tables(tmp_path):
    """``mammoth commit`` goes through the runner too: killed, it resumes to the same bytes."""
    whole = invoke(*COMMIT, "--out", tmp_path / "whole")  # first: the kernel is then cached
    assert whole.exit_code == 0, whole.output
    out = tmp_path / "killed"
    _killed([*COMMIT, "--out", out], out / "chunks")
    assert not (out / "sweep.csv").exists()
    kept = len(list((out / "chunks").glob("*.npz")))
    resumed = invoke(*COMMIT, "--out", out, "--resume")
    assert resumed.exit_code == 0, resumed.output
    assert len(list((out / "chunks").glob("*.npz"))) == 60 > kept
    tables = _csvs(out)
    assert set(tables) == {
        "equilibrium.csv", "best_response.csv", "sweep.csv", "sweep_seats.csv",
        "rule_of_thumb.csv",
    }  # fmt: skip
    assert tables == _csvs(tmp_path / "whole")
    assert json.loads((out / "run.json").read_text())["seconds"] is None  # a resumed run
    assert json.loads((tmp_path / "whole" / "run.json").read_text())["seconds"] is not None


def test_a_chunk_played_by_another_engine_version_is_not_the_experiments(monkeypatch):
    """The fingerprint carries sim.ENGINE_VERSION: after a change of play, a resumed run plays
    its chunks again instead of merging the old ones."""
    from experiments.shared import checkpoints

    config = {"kind": "compare", "seed": 1, "games": 10}
    now = checkpoints.fingerprint(config)
    assert checkpoints.fingerprint(dict(config)) == now
    monkeypatch.setattr(checkpoints, "ENGINE_VERSION", checkpoints.ENGINE_VERSION + 1)
    assert checkpoints.fingerprint(config) != now


FINGERPRINTS_BEFORE_TYPED_SETTINGS = {
    "experiments/advice/advice.toml": (
        "ccac1b43c6536e07cd90fa77647d3615b4225c1b5a5564fba641f53ade5c3883"
    ),
    "experiments/commit/commit.toml": (
        "7940bbf71b17bcb2046eb8072fa6130a867437297e16e1e4f9caac85d5810ae8"
    ),
    "experiments/compare/league.toml": (
        "0a502fff4ea53018475f2c639346ac53b30a41eef7ba263e9212855b84b0cbab"
    ),
    "experiments/worth/worth.toml": (
        "c9f8ca22522dfbc0a35399b10f20f53f4007cc5e9f3ffc45c492b5177a6b78f1"
    ),
}
"""The chunk fingerprint of each suite file at ``--scale 0.01`` (named from the repository's
root), as the code before typed settings (b91ddbb, experiments read as plain mappings) computed
it: a checkpoint written then must still resume."""


@pytest.mark.parametrize("path", sorted(FINGERPRINTS_BEFORE_TYPED_SETTINGS))
def test_a_checkpoint_written_before_typed_settings_still_resumes(path, monkeypatch):
    """The typed experiment keeps the mapping it was read from, so its fingerprint (what a saved
    chunk carries) and its experiment.json are what they were (the file named as then, from the
    repository's root: ``source`` is part of the experiment)."""
    from pathlib import Path

    monkeypatch.chdir(Path(__file__).resolve().parent.parent)
    experiment = load_experiment(path, scale=0.01)
    assert fingerprint(experiment.written) == FINGERPRINTS_BEFORE_TYPED_SETTINGS[path]
    assert json.loads(json.dumps(experiment.written)) == experiment.written
