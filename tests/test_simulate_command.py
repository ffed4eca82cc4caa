"""``mammoth simulate`` and ``mammoth strategies`` through click's CliRunner."""

from __future__ import annotations

import json

import pandas as pd
import pytest
from click.testing import CliRunner

from experiments.cli import main
from sim.state import PART_NAMES

REQUIRED = [
    "game",
    "seat",
    "strategy",
    "score",
    "rank",
    "winner",
    "rounds",
    "people",
    "agriculture",
    "tools",
    "buildings",
    "cards",
    *PART_NAMES,
    "tiles_won",
    "contests_entered",
    "figures_committed",
    "food_paid_taming",
    "resources_paid_taming",
    "first_bonuses",
    "all_bonuses",
    "tiles_boxed",
    "herd_rounds",
]


def _run(*args):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_simulate_writes_games_and_run_json(tmp_path):
    out = tmp_path / "run"
    result = _run(
        "simulate", "--games", "60", "--players", "3", "--strategy", "greedy",
        "--seed", "5", "--out", str(out), "--mammoth-points", "7", "--tie", "prefix_draw",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    frame = pd.read_parquet(out / "games.parquet")
    assert list(frame.columns[: len(REQUIRED)]) == REQUIRED or set(REQUIRED) <= set(frame.columns)
    assert len(frame) == 60 * 3
    parts = frame[list(PART_NAMES)].sum(axis=1)
    assert (parts == frame["score"]).all()
    meta = json.loads((out / "run.json").read_text())
    assert meta["seed"] == 5
    assert meta["players"] == 3
    assert meta["strategies"] == ["greedy+ev"] * 3
    assert meta["rules"]["mammoth_points"] == 7
    assert meta["rules"]["tie_rule"] == "prefix_draw"
    assert meta["rules"]["herd"] is True
    assert meta["tiles_label"] == "assumed"


def test_same_seed_same_table(tmp_path):
    args = ["simulate", "--games", "40", "--players", "4", "--seed", "11"]
    _run(*args, "--out", str(tmp_path / "a"))
    _run(*args, "--out", str(tmp_path / "b"), "--chunk-size", "7", "--workers", "2")
    a = pd.read_parquet(tmp_path / "a" / "games.parquet")
    b = pd.read_parquet(tmp_path / "b" / "games.parquet")
    pd.testing.assert_frame_equal(a, b)


def test_tile_file_and_no_herd(tmp_path):
    tiles = tmp_path / "tiles.csv"
    tiles.write_text("back,first_bonus,all_bonus\n" + "food,points:5,points:1\n" * 16)
    result = _run(
        "simulate", "--games", "20", "--players", "2", "--tiles", str(tiles),
        "--out", str(tmp_path / "t"),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    meta = json.loads((tmp_path / "t" / "run.json").read_text())
    assert meta["tiles_label"] == "user file"
    assert meta["rules"]["tiles_assumed"] is False
    result = _run("simulate", "--games", "20", "--no-herd", "--out", str(tmp_path / "n"))
    frame = pd.read_parquet(tmp_path / "n" / "games.parquet")
    assert (frame["herd_rounds"] == 0).all() and (frame["mammoth_points"] == 0).all()


@pytest.mark.parametrize(
    "args",
    [
        ["--players", "5"],
        ["--players", "1"],
        ["--games", "-4"],
        ["--seed", "-1"],
        ["--strategy", "nobody"],
        ["--strategy", "greedy+sometimes"],
        ["--strategy", "greedy", "--strategy", "random"],
        ["--mammoth-points", "-3"],
        ["--tie", "coin"],
        ["--games", "ten"],
        ["--tiles", "/no/such/file.csv"],
    ],
)
def test_bad_input_is_one_line_and_exit_2(tmp_path, args):
    out = tmp_path / "bad"
    result = CliRunner().invoke(main, ["simulate", "--out", str(out), *args])
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("mammoth: error:")
    assert "Traceback" not in result.output
    assert not out.exists()


def test_malformed_tile_file(tmp_path):
    tiles = tmp_path / "tiles.csv"
    tiles.write_text("back,first_bonus,all_bonus\nwood,tool:1,food\n")
    result = CliRunner().invoke(
        main, ["simulate", "--tiles", str(tiles), "--out", str(tmp_path / "o")]
    )
    assert result.exit_code == 2
    assert "tile 1" in result.output and "Traceback" not in result.output


def test_existing_results_survive_a_bad_run(tmp_path):
    out = tmp_path / "keep"
    _run("simulate", "--games", "10", "--out", str(out))
    before = (out / "games.parquet").read_bytes()
    CliRunner().invoke(main, ["simulate", "--games", "10", "--players", "9", "--out", str(out)])
    assert (out / "games.parquet").read_bytes() == before


def test_strategies_lists_every_registered_name():
    from strategies.registry import BASE, TAMING

    result = _run("strategies")
    assert result.exit_code == 0
    for name in list(BASE) + [n for n in TAMING if n != "fixed"] + ["fixed-K"]:
        assert name in result.output


SMALL = ["simulate", "--games", "40", "--players", "4", "--seed", "11", "--chunk-size", "7"]


def test_table_is_one_parquet_file_with_a_row_group_per_chunk(tmp_path):
    import pyarrow.dataset as ds
    import pyarrow.parquet as pq

    _run(*SMALL, "--out", str(tmp_path / "t"))
    path = tmp_path / "t" / "games.parquet"
    assert pq.ParquetFile(path).metadata.num_row_groups == 6  # 40 games in chunks of 7
    assert json.loads(pq.read_schema(path).metadata[b"mammoth"])["seed"] == 11
    table = ds.dataset(path).to_table().to_pandas()
    pd.testing.assert_frame_equal(table, pd.read_parquet(path))
    assert list(table["game"].unique()) == list(range(40))
    written = sorted(p.name for p in (tmp_path / "t").iterdir())
    assert written == ["experiment.json", "games.parquet", "run.json"]  # the chunks went


def test_a_simulate_file_runs_through_mammoth_run_to_the_same_table(tmp_path):
    """``simulate`` is a kind: ``mammoth run`` of a file plays the games the command does."""
    (tmp_path / "sim.toml").write_text(
        '[experiment]\nkind = "simulate"\nplayers = 3\ngames = 30\nseed = 4\nchunk_games = 7\n'
        'strategies = ["greedy", "random", "classic"]\nrotate = true\n[rules]\nherd = false\n'
    )
    ran = _run("run", str(tmp_path / "sim.toml"), "--out", str(tmp_path / "run"))
    assert ran.exit_code == 0, ran.output
    args = ["--games", "30", "--players", "3", "--seed", "4", "--chunk-size", "7", "--rotate"]
    args += ["--strategy", "greedy", "--strategy", "random", "--strategy", "classic", "--no-herd"]
    _run("simulate", *args, "--out", str(tmp_path / "command"))
    pd.testing.assert_frame_equal(
        pd.read_parquet(tmp_path / "run" / "sim" / "games.parquet"),
        pd.read_parquet(tmp_path / "command" / "games.parquet"),
    )
    refused = CliRunner().invoke(
        main, ["run", str(tmp_path / "sim.toml"), "--out", str(tmp_path / "x"), "--games", "0"]
    )
    assert refused.exit_code == 2
    (tmp_path / "two.toml").write_text('[experiment]\nkind = "simulate"\nplayers = [2, 3]\n')
    refused = CliRunner().invoke(
        main, ["run", str(tmp_path / "two.toml"), "--out", str(tmp_path / "y")]
    )
    assert refused.exit_code == 2 and "one count for kind simulate" in refused.output
