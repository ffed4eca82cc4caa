"""The options that travel together reach a command as one frozen object, checked once where it
is built (issue 53): :class:`GamePlan`, :class:`TableRules`, :class:`RunSettings` and the groups of
single commands (commit's solver grid, advise's card check, train's fit, simulate's games and
rules, tune's search and field)."""

from __future__ import annotations

import dataclasses
import inspect

import pytest
from cli_contract import assert_refused, invoke, snapshot

from experiments.cli import main
from experiments.shared.command_options import GamePlan, RunSettings, TableRules
from experiments.shared.paired import GameBlock, GameRange
from sim.errors import InputError

GROUPED = (
    "advise",
    "analyse",
    "check-card",
    "commit",
    "compare",
    "ladder",
    "metagame",
    "run",
    "simulate",
    "train",
    "tune",
    "worth",
)
"""The commands whose options are grouped: none takes ten or more arguments."""


@pytest.mark.parametrize("name", GROUPED)
def test_a_grouped_command_takes_fewer_than_ten_arguments(name):
    callback = main.commands[name].callback
    assert len(inspect.signature(callback).parameters) < 10, name  # follows __wrapped__


def test_the_groups_are_frozen():
    run = RunSettings(out="o")
    with pytest.raises(dataclasses.FrozenInstanceError):
        run.workers = 2  # type: ignore[misc]


@pytest.mark.parametrize(
    "given, message",
    [
        ({"numba_cache": "cache"}, "--numba-cache is for Dask workers"),
        ({"dask": "local:2", "workers": 2}, "give --workers or --dask, not both"),
    ],
)
def test_run_settings_refuse_backend_options_that_do_not_go_together(given, message):
    with pytest.raises(InputError, match=message):
        RunSettings(out="o", **given)
    assert RunSettings(out="o", dask="local:2").workers == 1


def test_game_plan_and_table_rules_give_the_experiment_settings():
    plan = GamePlan(player_counts=(4, 2, 4), games=7, seed=3)
    assert plan.settings() == {"players": [2, 4], "games": 7, "seed": 3}
    assert TableRules().settings() == {
        "tiles": "default",
        "mammoth_points": 10,
        "tie": "longer_wins",
    }
    assert TableRules("rich.csv", 0, "prefix_draw").settings()["tiles"] == "rich.csv"


@pytest.mark.parametrize("name", ["commit", "worth", "compare", "advise", "train", "simulate"])
def test_backend_options_are_refused_before_anything_runs(name, tmp_path):
    before = snapshot(tmp_path)
    extra = ["--strategy", "greedy", "--strategy", "random"] if name == "compare" else []
    result = invoke(name, *extra, "--out", tmp_path / "o", "--numba-cache", tmp_path / "c")
    line = assert_refused(result, tmp_path, before)
    assert "--numba-cache is for Dask workers" in line


def test_a_game_range_is_checked_and_cut_into_blocks():
    blocks = GameRange(games=7, seed=2, first_game=10, chunk=3).blocks(4)
    assert blocks == [GameBlock(4, 2, 10, 3), GameBlock(4, 2, 13, 3), GameBlock(4, 2, 16, 1)]
    assert list(blocks[-1].indices) == [16]
    assert GameBlock.of_chunk(5, {"players": 3, "start": 8, "n": 2}) == GameBlock(3, 5, 8, 2)
    with pytest.raises(InputError, match="at least 1"):
        GameRange(games=0, seed=1)
    with pytest.raises(InputError, match="at least 1"):
        GameRange(games=5, seed=1, chunk=0)
    with pytest.raises(InputError, match="the seed must be 0 or more"):
        GameRange(games=5, seed=-1)


def test_simulate_rules_extend_the_table_rules():
    from experiments.simulate.command_options import SimulatedRules

    rules = SimulatedRules(herd=False, tie="prefix_draw")
    assert isinstance(rules, TableRules)
    assert (rules.in_force.herd, rules.in_force.tie_rule) == (False, "prefix_draw")
    assert rules.settings()["tiles"] == "default"
    with pytest.raises(InputError, match="does not exist"):
        SimulatedRules(tiles="no-such-tiles.csv")


def test_tune_search_settings_are_checked_once():
    from experiments.tune.command_options import SearchSettings

    with pytest.raises(InputError, match="--elite must be a fraction between 0 and 1"):
        SearchSettings(elite=1.0)
    assert SearchSettings(param_names=("hoard", "need", "hoard")).search(["x"]).names == (
        "hoard",
        "need",
    )
    assert SearchSettings().search(["x", "y"]).names == ("x", "y")
