"""The ``worth`` and ``commit`` experiment kinds: chunks, workers, resume, the same files."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

import experiments.commit.kind as commit_kind
import experiments.worth.kind as worth_kind
from experiments.cli import main
from experiments.commit.analysis import PRIZE_GRID
from experiments.shared.definition import load_experiment, suite
from experiments.shared.paired import Moments
from experiments.shared.runner import run_experiment


def _saved_and_loaded(arrays: dict, path) -> dict:
    np.savez(path, **arrays)
    with np.load(path) as data:  # allow_pickle is off: every array must be plain
        return {k: data[k] for k in data.files}


def test_moments_arrays_round_trip(tmp_path):
    frame = pd.DataFrame(
        {
            "condition": ["a/x", "b", "a/x", "b", "a/x"],
            "players": [2, 3, 2, 2, 4],
            "flag": [True, False, True, True, False],
            "game": [0, 0, 1, 1, 2],
            "m": [1, -2, 3, 4, 12],
        }
    )
    keys = ("condition", "players", "flag")
    stats = Moments.from_units(frame, keys, ("m",), "game")
    other = Moments.from_units(frame.assign(m=frame["m"] * 2), ("condition",), ("m",), "game")
    arrays = {**stats.to_arrays("one."), **other.to_arrays("two.")}
    assert all(a.dtype != object for a in arrays.values())
    assert arrays["one.key.players"].dtype == np.int64
    assert arrays["one.stat.m__sq"].dtype == np.int64
    loaded = _saved_and_loaded(arrays, tmp_path / "m.npz")
    back = Moments.from_arrays(loaded, "one.", keys, ("m",))
    assert back.equals(stats)
    for level in range(3):
        assert (
            back.table.index.get_level_values(level).dtype
            == stats.table.index.get_level_values(level).dtype
        )
    first = back.table.index[0]
    assert isinstance(first[0], str) and isinstance(first[1], np.integer)
    assert isinstance(first[2], np.bool_ | bool)
    assert Moments.from_arrays(loaded, "two.", ("condition",), ("m",)).equals(other)
    assert (back + stats).equals(stats + stats)
    pd.testing.assert_frame_equal(back.summary(), stats.summary())


def test_empty_moments_round_trip(tmp_path):
    empty = Moments(("condition", "players"), ("m",))
    back = Moments.from_arrays(
        _saved_and_loaded(empty.to_arrays(), tmp_path / "e.npz"), "", empty.keys, empty.metrics
    )
    assert back.equals(empty) and back.table.empty


# --------------------------------------------------------------------------------------------
# the kinds, at tiny sizes

WORTH = """
[experiment]
kind = "worth"
name = "w"
players = [2, 3]
games = 12
seed = 5
strategies = ["greedy+ev", "greedy+never", "greedy+fixed-2"]
points = 10
sensitivity = false
chunk_games = {chunk}
[rules]
tiles = "default"
tie = "longer_wins"
"""

COMMIT = """
[experiment]
kind = "commit"
name = "c"
players = [2, 3]
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
[rules]
tiles = "default"
mammoth_points = 10
tie = "longer_wins"
"""

TEXTS = {"worth": WORTH, "commit": COMMIT}
MODULES = {"worth": worth_kind, "commit": commit_kind}


def _config(tmp_path, kind, chunk):
    path = tmp_path / f"{kind}{chunk}.toml"
    path.write_text(TEXTS[kind].format(chunk=chunk))
    return load_experiment(path)


def _same(a, b):
    assert a.keys() == b.keys()
    for key in a:
        assert a[key].dtype == b[key].dtype, key
        assert np.array_equal(a[key], b[key]), key


def _csvs(folder) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.glob("*.csv"))}


@pytest.mark.heavy_kernel  # seconds each; every kind resumes in test_chunk_store
@pytest.mark.parametrize("kind", list(TEXTS))
def test_chunking_does_not_change_results(tmp_path, kind):
    one = run_experiment(_config(tmp_path, kind, 12), tmp_path / "a", progress=False)
    many = run_experiment(_config(tmp_path, kind, 5), tmp_path / "b", progress=False)
    assert len(list((tmp_path / "b" / "chunks").glob("*.npz"))) > len(
        list((tmp_path / "a" / "chunks").glob("*.npz"))
    )
    _same(one, many)
    assert _csvs(tmp_path / "a") and _csvs(tmp_path / "a") == _csvs(tmp_path / "b")


@pytest.mark.heavy_kernel  # seconds each; every kind resumes in test_chunk_store
@pytest.mark.parametrize("kind", list(TEXTS))
def test_process_workers_match_serial(tmp_path, kind):
    config = _config(tmp_path, kind, 5)
    serial = run_experiment(config, tmp_path / "s", progress=False)
    parallel = run_experiment(config, tmp_path / "p", progress=False, workers=2)
    _same(serial, parallel)
    assert _csvs(tmp_path / "s") == _csvs(tmp_path / "p")


@pytest.mark.heavy_kernel  # seconds each; every kind resumes in test_chunk_store
@pytest.mark.parametrize("kind", list(TEXTS))
def test_resume_recomputes_only_missing_chunks(tmp_path, monkeypatch, kind):
    module = MODULES[kind]
    config = _config(tmp_path, kind, 5)
    full = run_experiment(config, tmp_path / "r", progress=False)
    before = _csvs(tmp_path / "r")
    files = sorted((tmp_path / "r" / "chunks").glob("*.npz"))
    assert len(files) == len(module.chunks(config)) > 2
    for path in files[::2]:  # as if interrupted
        path.unlink()
    for path in tmp_path.joinpath("r").glob("*.csv"):
        path.unlink()
    calls = []
    original = module.run_chunk

    def counting(cfg, chunk):
        calls.append(chunk)
        return original(cfg, chunk)

    monkeypatch.setattr(module, "run_chunk", counting)
    resumed = run_experiment(config, tmp_path / "r", resume=True, progress=False)
    assert len(calls) == len(files[::2])
    _same(full, resumed)
    assert _csvs(tmp_path / "r") == before


def _invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


COMMANDS = {
    "worth": (
        """
[experiment]
kind = "worth"
players = 2
games = 6
seed = 3
strategies = ["greedy+ev", "greedy+never"]
chunk_games = 4
""",
        ["worth", "--players", "2", "--games", "6", "--seed", "3"]
        + ["--strategy", "greedy+ev", "--strategy", "greedy+never"],
    ),
    "commit": (
        """
[experiment]
kind = "commit"
players = [2]
games = 6
seed = 3
policies = ["fixed-1", "ev"]
max_figures = 2
first_bonus = [3, 5]
all_bonus = [1]
tile_value = [2.5]
food_value = [2]
chunk_games = 4
""",
        ["commit", "--players", "2", "--games", "6", "--seed", "3", "--max-figures", "2"]
        + ["--policy", "fixed-1", "--policy", "ev", "--first-bonus", "3", "--first-bonus", "5"]
        + ["--all-bonus", "1", "--tile-value", "2.5", "--food-value", "2"],
    ),
}


@pytest.mark.parametrize("kind", list(COMMANDS))
def test_kind_writes_what_the_command_writes(tmp_path, kind):
    text, args = COMMANDS[kind]
    path = tmp_path / f"{kind}.toml"
    path.write_text(text)
    ran = _invoke("run", path, "--out", tmp_path / "run")
    assert ran.exit_code == 0, ran.output
    direct = _invoke(*args, "--out", tmp_path / "direct")
    assert direct.exit_code == 0, direct.output
    folder = tmp_path / "run" / kind
    assert _csvs(folder) and _csvs(folder) == _csvs(tmp_path / "direct")
    pngs = sorted(p.name for p in folder.glob("*.png"))
    assert pngs == sorted(p.name for p in (tmp_path / "direct").glob("*.png"))
    a = json.loads((folder / "run.json").read_text())
    b = json.loads((tmp_path / "direct" / "run.json").read_text())
    assert a.keys() == b.keys()
    assert a["command"] == f"run {path}" and b["command"] == kind
    for key in set(a) - {"command", "created", "seconds"}:
        assert a[key] == b[key], key
    assert a["seconds"] is None


WORTH_HEAD = "[experiment]\nkind = 'worth'\ngames = 4\n"
COMMIT_HEAD = "[experiment]\nkind = 'commit'\n"
BAD = [
    (WORTH_HEAD + "strategies = ['greedy', 'nobody']\n", "unknown strategy"),
    (WORTH_HEAD + "strategies = 'greedy'\n", "non-empty list of names"),
    (WORTH_HEAD + "strategies = ['greedy+ev', 'greedy+ev']\n", "two different"),
    ("[experiment]\nkind = 'worth'\ngames = 0\n", "games must be at least 1"),
    ("[experiment]\nkind = 'worth'\ngames = -5\n", "games must be at least 1"),
    ("[experiment]\nkind = 'worth'\ngames = 2.5\n", "games must be a whole number"),
    (WORTH_HEAD + "players = [2, 5]\n", "2 to 4"),
    (WORTH_HEAD + "points = 0\n", "points must be at least 1"),
    (WORTH_HEAD + "points = '10'\n", "points must be a whole number"),
    (WORTH_HEAD + "sensitivity = 'yes'\n", "true or false"),
    (WORTH_HEAD + "chunk_games = -1\n", "chunk_games must be at least 1"),
    (WORTH_HEAD + "strategy = ['greedy', 'random']\n", "unknown setting 'strategy'"),
    (WORTH_HEAD + "[rules]\nmammoth_points = 10\n", "unknown setting rules.mammoth_points"),
    (WORTH_HEAD + "[rules]\ntie = 'coin'\n", "rules.tie must be one of"),
    (WORTH_HEAD + "[rules]\ntiles = '/no/such/tiles.csv'\n", "tiles.csv"),
    ("[experiment]\nname = 'w'\ngames = 4\n", "kind must be one of"),
    (COMMIT_HEAD + "policies = ['fixed-1', 'sometimes']\n", "unknown taming policy"),
    (COMMIT_HEAD + "policies = ['ev', 'ev']\n", "name each policy once"),
    (COMMIT_HEAD + "policies = []\n", "non-empty list of names"),
    (COMMIT_HEAD + "base = 'nobody'\n", "unknown strategy"),
    (COMMIT_HEAD + "base = 3\n", "base must be a strategy name"),
    (COMMIT_HEAD + "field = ['nobody']\n", "unknown strategy"),
    (COMMIT_HEAD + "field = ['greedy', 'greedy']\nplayers = 4\n", "at least 3 times"),
    (COMMIT_HEAD + "games = 0\n", "games must be at least 1"),
    (COMMIT_HEAD + "players = [1]\n", "2 to 4"),
    (COMMIT_HEAD + "max_figures = 11\n", "max_figures must be from 1 to 10"),
    (COMMIT_HEAD + "first_bonus = [-1]\n", "first_bonus values must be finite"),
    (COMMIT_HEAD + "tile_value = 2.5\n", "tile_value must be a non-empty list"),
    (COMMIT_HEAD + "herd_areas = 1\n", "herd_areas must be true or false"),
    (COMMIT_HEAD + "[rules]\nmammoth_points = -1\n", "rules.mammoth_points"),
    (COMMIT_HEAD + "[rules]\nherd = false\n", "unknown setting rules.herd"),
    (COMMIT_HEAD + "policy = ['ev']\n", "unknown setting 'policy'"),
]


@pytest.mark.parametrize("text, message", BAD)
def test_bad_settings_exit_2_with_one_line(tmp_path, text, message):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    result = _invoke("run", path, "--out", tmp_path / "o")
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("mammoth: error:"), result.output
    assert message in lines[0] and "Traceback" not in result.output
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize("kind", ["worth", "commit"])
def test_definitions_hold_the_command_defaults(kind):
    """experiments/{kind}/{kind}.toml (the demo's) runs what the command runs with its defaults."""
    command = main.commands[kind]
    experiment = load_experiment(suite()[kind])
    module = MODULES[kind]
    assert {k: experiment.written[k] for k in module.DEFAULTS} == module.DEFAULTS
    defaults = {p.name: p.default for p in command.params}
    assert experiment.games == defaults["games"] and experiment.seed == defaults["seed"]
    assert experiment.players == tuple(defaults["player_counts"])
    if kind == "worth":
        assert experiment.strategies == tuple(defaults["names"])
        assert experiment.points == defaults["mammoth_points"]
        assert experiment.sensitivity == defaults["sensitivity"]
    else:
        assert experiment.policies == tuple(defaults["policies"])
        assert experiment.field == tuple(defaults["field"])
        assert experiment.base == defaults["base"]
        assert experiment.max_figures == defaults["max_figures"]
        assert experiment.herd_areas == defaults["herd_areas"]
        for name in PRIZE_GRID:
            assert getattr(experiment, name) == tuple(defaults[name])
    assert module.CHUNK_GAMES == defaults["chunk_size"]
