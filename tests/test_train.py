"""The ``train`` experiment kind: a training from an experiment file, through the runner.

It makes the model ``mammoth train`` makes with the same settings (the same bytes), on one
process or two, continues an interrupted run with ``--resume``, and refuses settings it does not
take in one line.
"""

from __future__ import annotations

import pytest
from cli_contract import assert_refused, invoke, snapshot

from experiments.shared.definition import load_experiment
from experiments.shared.runner import run_experiment

SETTINGS = 'kind = "train"\ngames = 60\ngenerations = 2\nseed = 5\nlearner = "learned[replan=1]"\n'


def _file(tmp_path, text: str = SETTINGS, name: str = "small"):
    path = tmp_path / f"{name}.toml"
    path.write_text("[experiment]\n" + text)
    return path


@pytest.mark.heavy_kernel  # trains three times: the tier of the long checks (tasks.py)
def test_a_train_file_makes_the_train_commands_model(tmp_path):
    command = ("--games", 60, "--generations", 2, "--seed", 5, "--learner", "learned[replan=1]")
    assert invoke("train", *command, "--out", tmp_path / "by_command").exit_code == 0
    made = (tmp_path / "by_command" / "value.json").read_bytes()
    path = _file(tmp_path)
    for workers in (1, 2):
        out = tmp_path / f"run{workers}"
        result = invoke("run", path, "--out", out, "--workers", workers)
        assert result.exit_code == 0, result.output
        assert (out / "small" / "value.json").read_bytes() == made
        assert (out / "small" / "generations" / "generation-1.json").read_bytes() == made
        assert not (out / "small" / "chunks").exists()


@pytest.mark.heavy_kernel  # trains three times: the tier of the long checks (tasks.py)
def test_an_interrupted_train_run_continues_with_resume(tmp_path):
    """Stopped in its second generation, the run keeps the first generation's chunks; with
    ``resume`` it plays only the rest, and the model is the uninterrupted run's."""
    config = load_experiment(_file(tmp_path, SETTINGS.replace("games = 60", "games = 600")))
    whole = tmp_path / "whole"
    run_experiment(config, whole, progress=False, notice=lambda line: None)

    def stop_in_generation_two(line: str) -> None:
        if line.startswith("generation 2/2: chunk 2/"):
            raise KeyboardInterrupt

    stopped = tmp_path / "stopped"
    with pytest.raises(KeyboardInterrupt):
        run_experiment(config, stopped, progress=False, notice=stop_in_generation_two)
    assert len(list((stopped / "chunks").glob("g00-*.npz"))) == 3  # 200 games a chunk
    assert len(list((stopped / "chunks").glob("g01-*.npz"))) == 2  # saved, then said
    lines: list[str] = []
    run_experiment(config, stopped, resume=True, progress=False, notice=lines.append)
    assert not [line for line in lines if line.startswith("generation 1/2: chunk")]
    assert len([line for line in lines if line.startswith("generation 2/2: chunk")]) == 1
    assert (stopped / "value.json").read_bytes() == (whole / "value.json").read_bytes()


@pytest.mark.parametrize(
    "line, said",
    [
        ("chunk_games = 100", "chunk_games: a training plays chunks of 200 games"),
        ("players = [4]", "players: a training plays 2, 3 and 4 players in turn"),
        ('heads = "many"', "heads must be one of"),
        ('ridge = "small"', "ridge must be a number"),
        ("generations = 0", "generations must be 1 to"),
        ('opponents = ["nobody"]', "unknown strategy 'nobody'"),
        ('learner = "greedy"', "learner must be the learned player"),
        ("rounds = 3", "unknown setting 'rounds' for kind train"),
    ],
)
def test_a_bad_train_file_is_refused_in_one_line(tmp_path, line, said):
    key = line.split(" = ")[0]
    kept = "".join(f"{s}\n" for s in SETTINGS.splitlines() if not s.startswith(key + " "))
    path = _file(tmp_path, kept + line + "\n", name="bad")
    before = snapshot(tmp_path)
    result = invoke("run", path, "--out", tmp_path / "out")
    assert_refused(result, tmp_path, before)
    assert said in result.output
