"""``mammoth tune`` through click's CliRunner, at tiny sizes."""

from __future__ import annotations

import tomllib

import numpy as np
import pytest
from click.testing import CliRunner

from experiments.cli import main
from strategies import greedy
from strategies.play import play_games
from strategies.registry import resolve

TINY = ["--games", "12", "--iterations", "2", "--population", "3", "--eval-games", "16"]


def _tune(*args):
    return CliRunner().invoke(main, ["tune", *args], catch_exceptions=False)


def test_tune_writes_a_preset_the_registry_loads(tmp_path, monkeypatch):
    out = tmp_path / "found.toml"
    result = _tune(
        "greedy", "--against", "greedy", "--against", "random", "--players", "3",
        "--seed", "3", "--out", str(out), "--name", "tinytune", *TINY,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "fresh games: 16" in result.output and "MAMMOTH_PRESETS" in result.output
    data = tomllib.loads(out.read_text())
    assert (data["name"], data["base"], data["taming"]) == ("tinytune", "greedy", "ev")
    assert list(data["params"]) == list(greedy.PARAMS)
    tuning = data["tuning"]
    assert tuning["tables"] == ["3p"]
    assert 0 <= tuning["3p_tuned_win_low"] <= tuning["3p_tuned_win_high"] <= 1
    monkeypatch.setenv("MAMMOTH_PRESETS", str(tmp_path))
    seat = resolve("tinytune")
    assert seat.name == "tinytune+ev" and seat.family == "greedy"
    assert np.allclose(seat.base_params, list(data["params"].values()))
    frame = play_games(20, 3, ["tinytune", "greedy", "random"], seed=1)
    assert set(frame["strategy"]) == {"tinytune+ev", "greedy+ev", "random+never"}
    # the same command again writes the same file (the search is seeded)
    again = tmp_path / "again.toml"
    _tune(
        "greedy", "--against", "greedy", "--against", "random", "--players", "3",
        "--seed", "3", "--out", str(again), "--name", "tinytune2", *TINY,
    )  # fmt: skip
    assert again.read_text().replace("tinytune2", "tinytune") == out.read_text()


def test_tune_over_tables_with_and_without_the_herd_writes_valid_toml(tmp_path):
    out = tmp_path / "both.toml"
    result = _tune(
        "greedy", "--against", "classic", "--players", "2", "--herd", "both", "--out", str(out),
        *TINY,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    tuning = tomllib.loads(out.read_text())["tuning"]
    assert tuning["tables"] == ["2p", "2p no herd"]
    assert 0 <= tuning["2p no herd_tuned_win_low"] <= tuning["2p no herd_tuned_win_high"] <= 1


def test_tune_from_a_preset_keeps_its_taming_and_untuned_weights(tmp_path):
    out = tmp_path / "farmer2.toml"
    result = _tune(
        "farmer+majority", "--against", "greedy", "--param", "agriculture", "--param", "herd",
        "--objective", "margin", "--players", "2", "--out", str(out), *TINY,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    data = tomllib.loads(out.read_text())
    assert data["name"] == "farmer2" and data["taming"] == "majority"
    start = dict(zip(greedy.PARAMS, resolve("farmer").base_params, strict=True))
    for key, value in data["params"].items():
        if key not in ("agriculture", "herd"):
            assert value == start[key], key
    assert data["tuning"]["tuned"] == ["agriculture", "herd"]


@pytest.mark.parametrize(
    "args",
    [
        ["nobody", "--against", "greedy"],
        ["random", "--against", "greedy"],
        ["greedy", "--against", "nobody"],
        ["greedy", "--against", "greedy", "--games", "-5"],
        ["greedy", "--against", "greedy", "--iterations", "0"],
        ["greedy", "--against", "greedy", "--population", "1"],
        ["greedy", "--against", "greedy", "--players", "5"],
        ["greedy", "--against", "greedy", "--elite", "1.5"],
        ["greedy", "--against", "greedy", "--seed", "-1"],
        ["greedy", "--against", "greedy", "--param", "nosuch"],
        ["greedy", "--against", "greedy", "--name", "greedy"],
        ["greedy", "--against", "greedy", "--name", "farmer"],
        ["greedy", "--against", "greedy", "--games", "ten"],
        ["greedy"],
    ],
)
def test_bad_input_is_one_line_and_exit_2(tmp_path, args):
    out = tmp_path / "bad.toml"
    result = CliRunner().invoke(main, ["tune", *TINY[2:6], *args, "--out", str(out)])
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("mammoth: error:"), result.output
    assert not out.exists()


def test_out_must_be_a_toml_file(tmp_path):
    out = tmp_path / "weights.json"
    result = CliRunner().invoke(main, ["tune", "greedy", "--against", "greedy", "--out", str(out)])
    assert result.exit_code == 2 and ".toml" in result.output
    assert not out.exists()
