"""``mammoth contest ...`` and ``mammoth bench`` through click's CliRunner."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

from experiments.cli import main
from experiments.shared.bench_core import BenchRow, format_rows
from sim.contest_exact import odds, odds_fraction
from sim.contest_solver import sequential_equilibrium


def _run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.mark.parametrize(
    "figures, tie_rule",
    [
        ([3, 2, 2], "longer_wins"),
        ([2, 1], "prefix_draw"),
        ([0, 4, 1, 2], "prefix_draw"),
        ([5], "longer_wins"),
    ],
)
def test_odds_json_equals_exact_odds(figures, tie_rule):
    result = _run("contest", "odds", *figures, "--tie", tie_rule, "--json")
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    exact = odds_fraction(figures, tie_rule)
    assert document["commitments"] == figures
    assert document["tie_rule"] == tie_rule
    assert document["win"] == [float(p) for p in exact.win]  # the floats nearest the fractions
    assert document["draw"] == float(exact.draw)
    assert document["nobody"] == float(exact.nobody)
    np.testing.assert_allclose(document["win"], odds(figures, tie_rule).win, rtol=1e-12)
    assert "mc" not in document


def test_exact_zeros_are_zero_without_float_noise(tmp_path):
    """Impossible outcomes are 0, not 1.11e-16 (issue 14): JSON, text and the odds tables."""
    document = json.loads(_run("contest", "odds", 2, 5, "--json").stdout)
    assert document["draw"] == 0.0 and sum(document["win"]) == 1.0  # hands of different sizes
    result = _run("contest", "report", "--out", tmp_path / "r", "--max-figures", 4, "--mc", 0)
    assert result.exit_code == 0, result.output
    table = pd.read_csv(tmp_path / "r" / "contest_odds.csv")
    values = table[[f"win{s}" for s in range(4)] + ["draw", "nobody"]].to_numpy()
    assert not ((values > 0) & (values < 1e-9)).any()
    assert (table.loc[table["tie_rule"] == "longer_wins", "nobody"] == 0).all()
    solver = json.loads(
        _run(
            "contest", "commit", "--figures", 3, 1, "--first-bonus", 6, "--all-bonus", 2,
            "--tile-value", 3, "--food-value", 2, "--json",
        ).stdout
    )  # fmt: skip
    for equilibrium in [solver["sequential"], *solver["simultaneous"]]:
        assert equilibrium["draw"] == 0.0 or equilibrium["draw"] > 1e-9


def test_odds_json_with_monte_carlo():
    result = _run("contest", "odds", 2, 2, 1, "--mc", 5000, "--seed", 3, "--json")
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    mc = document["mc"]
    assert mc["n"] == 5000 and mc["seed"] == 3
    assert len(mc["win"]) == 3 and len(mc["win_interval"]) == 3
    assert sum(mc["counts"]) == 5000
    assert sum(mc["win"]) + mc["draw"] + mc["nobody"] == pytest.approx(1.0)
    for (low, high), rate in zip(mc["win_interval"], mc["win"], strict=True):
        assert low <= rate <= high
    again = json.loads(_run("contest", "odds", 2, 2, 1, "--mc", 5000, "--seed", 3, "--json").stdout)
    assert again["mc"] == mc


def test_odds_text():
    result = _run("contest", "odds", 1, 1, "--mc", 1000)
    assert result.exit_code == 0
    assert "0.416667" in result.stdout and "Wilson" in result.stdout


@pytest.mark.parametrize(
    "args",
    [
        ["contest", "odds", "-1", "2"],
        ["contest", "odds", "2.5", "1"],
        ["contest", "odds", "11"],
        ["contest", "odds", "1", "1", "1", "1", "1"],
        ["contest", "odds", "two"],
        ["contest", "odds"],
        ["contest", "odds", "1", "1", "--tie", "coin_flip"],
        ["contest", "odds", "1", "1", "--mc", "-5"],
        ["contest", "odds", "1", "1", "--mc", "many"],
        ["contest", "table", "--players", "5", "--max-figures", "3", "--out", "x"],
        ["contest", "table", "--players", "2", "--max-figures", "11", "--out", "x"],
        ["contest", "table", "--players", "2", "--max-figures", "-1", "--out", "x"],
        [
            "contest",
            "commit",
            "--figures",
            "3",
            "-2",
            "--first-bonus",
            "6",
            "--all-bonus",
            "2",
            "--tile-value",
            "3",
            "--food-value",
            "2",
        ],
        [
            "contest",
            "commit",
            "--figures",
            "3",
            "2",
            "--first-bonus",
            "6,1,1",
            "--all-bonus",
            "2",
            "--tile-value",
            "3",
            "--food-value",
            "2",
        ],
        [
            "contest",
            "commit",
            "--figures",
            "3",
            "2",
            "--first-bonus",
            "6",
            "--all-bonus",
            "2",
            "--tile-value",
            "3",
            "--food-value",
            "-2",
        ],
        ["contest", "report", "--out", "x", "--max-figures", "0"],
    ],
)
def test_bad_input_is_one_line_and_exit_code_2(args, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = _run(*args)
    assert result.exit_code == 2, (result.output, result.exception)
    assert "Traceback" not in result.output
    message = result.stderr.strip()
    assert message.startswith("mammoth: error: ")
    assert len(message.splitlines()) == 1
    assert not (tmp_path / "x").exists()


def test_table_writes_its_files(tmp_path):
    out = tmp_path / "table"
    result = _run(
        "contest", "table", "--players", 3, "--max-figures", 3, "--out", out, "--tie", "prefix_draw"
    )
    assert result.exit_code == 0, result.output
    frame = pd.read_parquet(out / "contest_odds.parquet")
    assert list(frame.columns) == ["k0", "k1", "k2", "win0", "win1", "win2", "draw", "nobody"]
    assert len(frame) == 4**3
    row = frame[(frame.k0 == 3) & (frame.k1 == 1) & (frame.k2 == 2)].iloc[0]
    exact = odds([3, 1, 2], "prefix_draw")
    np.testing.assert_allclose(row[["win0", "win1", "win2"]].to_numpy(float), exact.win)
    csv = pd.read_csv(out / "contest_odds.csv")
    np.testing.assert_allclose(csv.to_numpy(float), frame.to_numpy(float))
    assert (out / "win_heatmap_2p.png").stat().st_size > 1000
    meta = json.loads((out / "run.json").read_text())
    assert meta["rules"]["tie_rule"] == "prefix_draw" and meta["rows"] == 64
    assert not list(out.glob(".*tmp"))  # no temporary files left behind


def test_commit_json_matches_solver():
    args = ["--first-bonus", 6, "--all-bonus", 2, "--tile-value", 3, "--food-value", 2]
    result = _run("contest", "commit", "--figures", 3, 2, 2, *args, "--json")
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    solved = sequential_equilibrium(
        [3, 2, 2], first_bonus=6, all_bonus=2, tile_value=3, food_value=2
    )
    assert document["sequential"]["commitments"] == list(solved.commitments)
    assert document["sequential"]["values"] == pytest.approx(solved.values.tolist())
    assert document["winner_bonus"] == ["1.", "1.", "1."]
    assert all(len(e["commitments"]) == 3 for e in document["simultaneous"])
    text = _run("contest", "commit", "--figures", 3, 2, 2, *args)
    assert text.exit_code == 0 and "sequential" in text.stdout
    per_seat = _run(
        "contest",
        "commit",
        "--figures",
        "2,1",
        "--first-bonus",
        "1,5",
        "--all-bonus",
        3,
        "--tile-value",
        0,
        "--food-value",
        1,
        "--json",
    )
    assert json.loads(per_seat.stdout)["winner_bonus"] == ["all", "1."]


def test_contest_report_writes_its_files(tmp_path):
    out = tmp_path / "demo"
    result = _run("contest", "report", "--out", out, "--max-figures", 3, "--mc", 2000, "--seed", 1)
    assert result.exit_code == 0, result.output
    for name in ["contest_odds.parquet", "contest_odds.csv", "win_heatmap_2p.png", "report.md"]:
        assert (out / name).stat().st_size > 0
    meta = json.loads((out / "run.json").read_text())
    assert meta["rules"]["tie_rule"] == "longer_wins" and meta["rules"]["tiles_assumed"]
    assert meta["versions"]["numba"] and meta["seed"] == 1
    frame = pd.read_parquet(out / "contest_odds.parquet")
    assert set(frame.players) == {2, 3, 4}
    assert set(frame.tie_rule.astype(str)) == {"longer_wins", "prefix_draw"}
    assert len(frame) == 2 * (3**2 + 3**3 + 3**4)
    totals = frame[[f"win{s}" for s in range(4)] + ["draw", "nobody"]].sum(axis=1)
    np.testing.assert_allclose(totals, 1.0, atol=1e-12)
    report = (out / "report.md").read_text()
    assert "5/12" in report and "Dice-kernel check" in report


def test_bench_table_format():
    rows = [
        BenchRow("dice", "kernel", 2e8, "1/s"),
        BenchRow("dice", "ratio", 1.2, "x", 1.0),
        BenchRow("draws", "table", 4e7, "1/s", 5e7),
    ]
    text = format_rows(rows)
    assert "200.0 M/s" in text and "ok" in text and "MISS" in text
    assert len(text.splitlines()) == 5


def test_bench_ratio_just_under_its_goal_is_not_shown_as_the_goal():
    rows = [
        BenchRow("playouts", "under", 0.996, "x", 1.0),
        BenchRow("playouts", "far-under", 0.9, "x", 1.0),
        BenchRow("herd", "barely-under", 0.84999, "x", 0.85),
        BenchRow("playouts", "over", 1.004, "x", 1.0),
        BenchRow("playouts", "level", 1.0, "x", 1.0),
    ]
    shown = {}
    for line in format_rows(rows).splitlines()[2:]:
        cells = line.split()
        shown[cells[1]] = (cells[2], cells[-1])
    assert shown == {
        "under": ("0.996", "MISS"),
        "far-under": ("0.90", "MISS"),
        "barely-under": ("0.84999", "MISS"),
        "over": ("1.00", "ok"),
        "level": ("1.00", "ok"),
    }
