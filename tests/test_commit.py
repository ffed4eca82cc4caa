"""``mammoth commit``: solver tables, the paired in-game sweep and its CLI."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

from experiments.cli import main
from experiments.commit.analysis import (
    COMMIT,
    FIXED_COUNT,
    MIXED,
    REFERENCE_PRIZE,
    VALUE_POLICY,
    WORTH_IT,
    herd_area_conditions,
    sweep,
    sweep_tables,
)
from experiments.commit.analysis_solver import best_response_table, equilibrium_table, heatmap_grid
from experiments.commit.analysis_thumb import rule_of_thumb
from experiments.commit.report_thumb import with_words
from experiments.shared.paired import GameRange, Moments
from sim.contest_solver import best_response, sequential_equilibrium
from sim.data import load_tiles
from sim.errors import InputError
from sim.rules import Rules

SMALL = {
    "first_bonus": (3.0, 8.0),
    "all_bonus": (0.0, 1.0),
    "tile_value": (0.0, 2.5),
    "food_value": (2.0,),
}


def test_equilibrium_table_matches_the_solver():
    table = equilibrium_table((2, 3, 4), (1, 3), SMALL)
    assert len(table) == (2 + 3 + 4) * 2 * 8
    for players, figures, first, all_, tile in [(3, 3, 8.0, 1.0, 2.5), (4, 1, 3.0, 0.0, 0.0)]:
        cell = table[
            (table["players"] == players)
            & (table["figures"] == figures)
            & (table["first_bonus"] == first)
            & (table["all_bonus"] == all_)
            & (table["tile_value"] == tile)
        ].sort_values("seat")
        eq = sequential_equilibrium(
            [figures] * players, first_bonus=first, all_bonus=all_, tile_value=tile, food_value=2.0
        )
        assert tuple(cell["commitment"]) == eq.commitments
        np.testing.assert_allclose(cell["value"], eq.values)
        np.testing.assert_allclose(cell["win_probability"], eq.odds.win[:players])


def test_best_response_table_matches_the_solver():
    table = best_response_table((2, 4), (2, 4), (0, 2), SMALL, tie_rule="prefix_draw")
    row = table[
        (table["players"] == 4)
        & (table["figures"] == 4)
        & (table["others_commit"] == 2)
        & (table["first_bonus"] == 8.0)
        & (table["all_bonus"] == 1.0)
        & (table["tile_value"] == 2.5)
    ].iloc[0]
    answer = best_response(
        3, [2, 2, 2], [2, 2, 2, 4], first_bonus=8.0, all_bonus=1.0, tile_value=2.5,
        food_value=2.0, tie_rule="prefix_draw",
    )  # fmt: skip
    assert row["best_commitment"] == answer.commitment
    np.testing.assert_allclose([row[f"value_{k}"] for k in range(5)], answer.values)
    # a seat with 2 figures has no value for options 3 and 4
    two = table[table["figures"] == 2]
    assert two["value_3"].isna().all() and two["value_4"].isna().all()


def test_only_the_winner_prize_matters_and_the_heatmap_grid():
    # (first 3, tile 5) and (first 8, tile 0) give the same winner's prize: same answers
    grid = {**SMALL, "tile_value": (0.0, 5.0)}
    table = equilibrium_table((3,), (2, 3), grid)
    a = table[(table["first_bonus"] == 3.0) & (table["tile_value"] == 5.0)]
    b = table[(table["first_bonus"] == 8.0) & (table["tile_value"] == 0.0)]
    assert a["commitment"].tolist() == b["commitment"].tolist()
    cells, figures, prizes = heatmap_grid(table, 3, 0, 1.0, 2.0)
    assert figures == [2, 3] and prizes == [3.0, 8.0, 13.0]
    assert cells.shape == (2, 3)
    with pytest.raises(InputError):
        heatmap_grid(table, 3, 0, 7.0, 2.0)


def test_bad_solver_input():
    with pytest.raises(InputError):
        equilibrium_table((5,), (1,))
    with pytest.raises(InputError):
        equilibrium_table((2,), (0,))
    with pytest.raises(InputError):
        equilibrium_table((2,), (1,), {"food_value": (-1.0,)})


def test_herd_area_tile_sets_load():
    conditions = herd_area_conditions(Rules())
    assert len(conditions) == 5
    for label, rules in conditions.items():
        tiles = load_tiles(rules.tiles)
        assert len(set(tiles[:, 0])) == 1, label
        assert rules.tiles_assumed


POLICIES = ("fixed-0", "fixed-2", "ev")


@pytest.fixture(scope="module")
def sweep_stats():
    return sweep((2, 3), GameRange(40, 11, chunk=40), {MIXED: Rules()}, policies=POLICIES)


def test_sweep_is_chunk_independent(sweep_stats):
    chunked = sweep(
        (2, 3), GameRange(40, 11, chunk=7), {MIXED: Rules()}, policies=POLICIES, threads=2
    )
    assert chunked.equals(sweep_stats)
    # merging in another order gives the same statistics
    a = sweep((2, 3), GameRange(20, 11, chunk=20), {MIXED: Rules()}, policies=POLICIES)
    b = sweep(
        (2, 3), GameRange(20, 11, first_game=20, chunk=20), {MIXED: Rules()}, policies=POLICIES
    )
    assert (b + a).equals(sweep_stats)


def test_sweep_pairing(sweep_stats):
    table = sweep_stats.table
    # fixed-0 plays exactly like never: every paired difference is 0
    zero = table.xs("fixed-0", level="policy")
    for metric in ("dwin", "dscore"):
        assert (zero[metric] == 0).all() and (zero[f"{metric}__sq"] == 0).all()
    by_policy, by_seat = sweep_tables(sweep_stats)
    assert set(by_policy["policy"]) == set(POLICIES)
    assert (by_policy["clusters"] == 40).all()
    # one focal seat per game, rotated: every seat holds games / players of them
    seats = by_seat[(by_seat["players"] == 2) & (by_seat["policy"] == "ev")]
    assert seats["clusters"].tolist() == [20, 20]
    # the difference is the difference of the arms' means
    np.testing.assert_allclose(
        by_policy["dwin"], by_policy["win"] - by_policy["win_base"], atol=1e-12
    )
    # the baseline arm is shared: the same for every policy of a player count
    assert by_policy.groupby("players")["win_base"].nunique().eq(1).all()


def test_rule_of_thumb_from_numbers():
    rows = []
    for policy, d in (("fixed-1", 0.05), ("fixed-2", 0.06), ("fixed-3", -0.01), ("ev", 0.1)):
        rows.append(
            {
                "condition": MIXED,
                "players": 3,
                "policy": policy,
                "dwin": d,
                "dwin_low": d - 0.02,
                "dwin_high": d + 0.02,
                "contests": 2.0,
                "tiles": 1.0,
            }
        )
    thumb = rule_of_thumb(pd.DataFrame(rows))
    fixed = thumb[thumb["case"] == FIXED_COUNT].iloc[0]
    # fixed-1 is within noise of the best (fixed-2) and clearly above 0: the smaller count
    assert fixed["verdict"] == COMMIT and fixed["k"] == 1 and fixed["more_do_not_help"]
    assert fixed["dwin"] == pytest.approx(0.05) and fixed["dwin_low"] == pytest.approx(0.03)
    ev = thumb[(thumb["case"] == VALUE_POLICY) & (thumb["policy"] == "ev")].iloc[0]
    assert ev["verdict"] == WORTH_IT and ev["dwin_high"] == pytest.approx(0.12)
    # in words (experiments.commit.report_thumb), as rule_of_thumb.csv writes them
    worded = with_words(thumb, pd.DataFrame(rows), REFERENCE_PRIZE)
    assert worded.loc[fixed.name, "rule"] == (
        "commit 1 when your people are on the herd's area (more figures do not measurably help)"
    )
    assert worded.loc[ev.name, "rule"] == "worth it"
    assert worded.loc[fixed.name, "evidence"].startswith("fixed-1 +5.0 pp win [+3.0, +7.0]")


def test_moments_reject_float_metrics():
    frame = pd.DataFrame({"k": [1], "game": [0], "x": [0.5]})
    with pytest.raises(TypeError):
        Moments.from_units(frame, ["k"], ["x"], "game")


def _run(*args):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_commit_cli_writes_files(tmp_path):
    out = tmp_path / "commit"
    result = _run(
        "commit", "--games", "10", "--players", "2", "--players", "3", "--seed", "3",
        "--out", str(out), "--max-figures", "3", "--policy", "fixed-1", "--policy", "ev",
        "--first-bonus", "3", "--all-bonus", "1", "--tile-value", "2.5",
        "--food-value", "2",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    for name in (
        "equilibrium.csv",
        "best_response.csv",
        "sweep.csv",
        "sweep_seats.csv",
        "rule_of_thumb.csv",
        "commit_heatmap.png",
        "commit_sweep.png",
        "commit_herd_areas.png",
        "run.json",
    ):
        assert (out / name).is_file(), name
    sweep_csv = pd.read_csv(out / "sweep.csv")
    assert sweep_csv["tile_set"].str.contains("assumed").all()
    assert set(sweep_csv["condition"]) == {MIXED, *herd_area_conditions(Rules())}
    thumb = pd.read_csv(out / "rule_of_thumb.csv")
    assert thumb["caveat"].str.contains("assumed").all()
    meta = json.loads((out / "run.json").read_text())
    assert meta["seed"] == 3 and meta["baseline"] == "champion+never"  # the default base
    assert meta["tiles_label"] == "assumed"
    assert "assumed" in result.output


@pytest.mark.parametrize(
    "args",
    [
        ["--players", "5"],
        ["--games", "0"],
        ["--seed", "-2"],
        ["--policy", "sometimes"],
        ["--field", "nobody"],
        ["--field", "greedy", "--field", "greedy", "--players", "4"],
        ["--first-bonus", "-1"],
        ["--max-figures", "11"],
        ["--tiles", "/no/such/tiles.csv"],
        ["--games", "many"],
    ],
)
def test_commit_bad_input_exits_2(tmp_path, args):
    out = tmp_path / "bad"
    result = CliRunner().invoke(main, ["commit", "--out", str(out), *args])
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("mammoth: error:")
    assert "Traceback" not in result.output
    assert not out.exists()
