"""``mammoth worth``: paired points-on/points-off runs, the tile counterfactual and the CLI."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

from experiments.cli import main
from experiments.shared.paired import GameRange, Moments, histogram_quantiles, win_twelfths
from experiments.worth.analysis import (
    WorthStats,
    paired_chunk,
    sensitivity_conditions,
    tile_counterfactual,
    tiles_label,
    winners,
    worth_run,
    worth_tables,
)
from sim.rules import Rules
from strategies.play import play_games

NAMES = ("greedy+ev", "greedy+never", "greedy+fixed-2")


def test_win_twelfths_share_ties():
    winner = np.array([[1, 0, 0, 0], [1, 1, 0, 0], [1, 1, 1, 0], [1, 1, 1, 1]], dtype=bool)
    shares = win_twelfths(winner)
    assert shares.sum(axis=1).tolist() == [12, 12, 12, 12]
    assert shares[:, 0].tolist() == [12, 6, 4, 3]


def test_winners_and_tile_counterfactual_by_hand():
    # seat 0 leads on tiles (3 vs 2 vs 0) and scores the 10 points
    score = np.array([[60, 55, 40]])
    mammoth = np.array([[10, 0, 0]])
    tiles = np.array([[3, 2, 0]])
    tie_break = np.array([[5, 9, 1]])
    assert winners(score, tie_break).tolist() == [[True, False, False]]
    d_points, d_win = tile_counterfactual(score, mammoth, tiles, tie_break, 10)
    # seat 0: already alone on top, +0; seat 1 draws level (3-3): +10 and wins 65 vs 60;
    # seat 2: 1 tile changes nothing
    assert d_points.tolist() == [[0, 10, 0]]
    assert d_win.tolist() == [[0, 12, 0]]
    # level scores: the tie-break decides, and a full tie shares the win
    assert winners(np.array([[50, 50]]), np.array([[3, 4]])).tolist() == [[False, True]]
    assert winners(np.array([[50, 50]]), np.array([[4, 4]])).tolist() == [[True, True]]
    # nobody holds a tile: one more gives the holder the majority alone
    d_points, d_win = tile_counterfactual(
        np.array([[30, 35]]), np.zeros((1, 2)), np.zeros((1, 2)), np.array([[0, 0]]), 10
    )
    assert d_points.tolist() == [[10, 10]] and d_win.tolist() == [[12, 0]]


def test_winners_reproduce_the_kernel():
    frame = play_games(300, 3, list(NAMES), seed=4, rotate=True)
    n = len(frame) // 3
    score = frame["score"].to_numpy().reshape(n, 3)
    tie_break = (frame["agriculture"] + frame["tools"] + frame["people"]).to_numpy().reshape(n, 3)
    assert (winners(score, tie_break) == frame["winner"].to_numpy().reshape(n, 3)).all()
    # one more tile never hurts its holder; it matters only one behind or level at the top
    tiles = frame["tiles_won"].to_numpy().reshape(n, 3)
    d_points, d_win = tile_counterfactual(
        score, frame["mammoth_points"].to_numpy().reshape(n, 3), tiles, tie_break, 10
    )
    others = np.stack([np.delete(tiles, s, axis=1).max(axis=1) for s in range(3)], axis=1)
    gap = tiles - others
    assert (d_points >= 0).all() and (d_win >= 0).all()
    assert (d_points[gap == -1] == 10).all()
    assert not d_points[(gap >= 1) | (gap <= -2)].any()
    assert not d_win[(gap >= 1) | (gap <= -2)].any()
    assert (d_points[(gap == 0) & (tiles > 0)] == 0).all()


def test_histogram_quantiles():
    assert histogram_quantiles([3, 1, 2], [1, 1, 2], (0.0, 0.5, 1.0)) == [1.0, 2.0, 3.0]


def test_same_points_pair_to_exact_zero():
    table = list(NAMES)
    a = play_games(60, 3, table, seed=9, rules=Rules(mammoth_points=10), rotate=True)
    b = play_games(60, 3, table, seed=9, rules=Rules(mammoth_points=10), rotate=True)
    units = paired_chunk("x", table, a, b, 3, 10)
    for column in ("dwin", "dscore", "dbase"):
        assert (units["strategy"][column] == 0).all()
    assert (units["game"]["winner_changed"] == 0).all() and (units["game"]["dmargin"] == 0).all()
    stats = Moments.from_units(units["strategy"], ("players", "strategy"), ("dwin",), "game")
    assert (stats.table["dwin"] == 0).all() and (stats.table["dwin__sq"] == 0).all()


def test_points_blind_play_differs_only_in_the_mammoth_points():
    # never and fixed-K ignore the points, so with points 10 and 0 the games are the same
    table = ["greedy+never", "greedy+fixed-2", "greedy+fixed-1"]
    on = play_games(80, 3, table, seed=2, rules=Rules(mammoth_points=10), rotate=True)
    off = play_games(80, 3, table, seed=2, rules=Rules(mammoth_points=0), rotate=True)
    scoring = {"score", "mammoth_points", "rank", "winner", "majority_decided"}
    same = [c for c in on.columns if c not in scoring]
    pd.testing.assert_frame_equal(on[same], off[same])
    assert ((on["score"] - on["mammoth_points"]) == off["score"]).all()
    assert (off["mammoth_points"] == 0).all() and on["mammoth_points"].gt(0).any()
    units = paired_chunk("x", table, on, off, 3, 10)
    assert (units["strategy"]["dbase"] == 0).all()
    assert (
        units["strategy"]["dscore"] == units["strategy"]["score"] - units["strategy"]["score_off"]
    ).all()


@pytest.fixture(scope="module")
def worth_stats():
    return worth_run(NAMES, (2, 3), GameRange(30, 5, chunk=30), {"default/longer_wins": Rules()})


def test_worth_statistics_are_chunk_independent(worth_stats):
    conditions = {"default/longer_wins": Rules()}
    chunked = worth_run(NAMES, (2, 3), GameRange(30, 5, chunk=7), conditions, threads=2)
    assert chunked.equals(worth_stats)
    first = worth_run(NAMES, (2, 3), GameRange(12, 5, chunk=12), conditions)
    rest = worth_run(NAMES, (2, 3), GameRange(18, 5, first_game=12, chunk=5), conditions)
    assert (rest + first).equals(worth_stats)
    assert (WorthStats.empty() + worth_stats).equals(worth_stats)


def test_worth_tables(worth_stats):
    conditions = {"default/longer_wins": Rules()}
    tables = worth_tables(worth_stats, conditions)
    win = tables["win_change"]
    # 2 players: 3 tables of 2 seats, each strategy in 2 of them; a game index is one cluster
    two = win[win["players"] == 2]
    assert (two["clusters"] == 30).all() and (two["units"] == 60).all()
    np.testing.assert_allclose(win["dwin"], win["win"] - win["win_off"], atol=1e-12)
    games = tables["games"]
    assert games["majority_decided"].between(0, 1).all()
    assert (games["margin_median"] >= 0).all()
    for frame in tables.values():
        assert frame["tile_set"].str.contains("assumed").all()
    held = tables["tile_value_held"]
    assert set(held["players"]) == {2, 3}
    sens = tables["sensitivity"]
    assert "share of games the majority decides" in set(sens["quantity"])


def test_sensitivity_conditions():
    conditions = sensitivity_conditions(Rules())
    assert list(conditions)[:2] == ["default/longer_wins", "default/prefix_draw"]
    assert len(conditions) == 6
    assert all("assumed" in tiles_label(r) for r in conditions.values())
    assert conditions["rich/prefix_draw"].tie_rule == "prefix_draw"


def _run(*args):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_worth_cli_writes_files(tmp_path):
    out = tmp_path / "worth"
    result = _run(
        "worth", "--games", "8", "--players", "2", "--players", "4", "--seed", "1",
        "--out", str(out), "--strategy", "greedy+ev", "--strategy", "greedy+never",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    for name in (
        "win_change.csv",
        "games.csv",
        "margins.csv",
        "tile_value.csv",
        "tile_value_held.csv",
        "tile_value_rounds.csv",
        "sensitivity.csv",
        "worth.png",
        "sensitivity.png",
        "run.json",
    ):
        assert (out / name).is_file(), name
    sens = pd.read_csv(out / "sensitivity.csv")
    assert len(set(sens["condition"])) == 6
    meta = json.loads((out / "run.json").read_text())
    assert meta["arms"] == {"on": 10, "off": 0} and meta["tiles_label"] == "assumed"
    assert "assumed" in result.output


@pytest.mark.parametrize(
    "args",
    [
        ["--players", "1"],
        ["--games", "0"],
        ["--seed", "-1"],
        ["--mammoth-points", "0"],
        ["--strategy", "greedy+ev"],
        ["--strategy", "nobody", "--strategy", "greedy"],
        ["--tiles", "/no/such/tiles.csv"],
        ["--tie", "coin"],
    ],
)
def test_worth_bad_input_exits_2(tmp_path, args):
    out = tmp_path / "bad"
    result = CliRunner().invoke(main, ["worth", "--out", str(out), *args])
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("mammoth: error:")
    assert "Traceback" not in result.output
    assert not out.exists()
