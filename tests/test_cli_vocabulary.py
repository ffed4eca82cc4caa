"""One vocabulary across commands (issue 14, item 4): players, workers, games, what is written."""

from __future__ import annotations

from pathlib import PurePosixPath

import click
import pytest
from cli_contract import invoke

from experiments.cli import main
from experiments.shared.command_options import ManyOption, spread_values


def _commands(group=main, prefix=()):
    for name, command in sorted(group.commands.items()):
        if isinstance(command, click.Group):
            yield from _commands(command, (*prefix, name))
        else:
            yield " ".join((*prefix, name)), command


COMMANDS = dict(_commands())


def _option(command, name):
    return next((p for p in command.params if name in getattr(p, "opts", ())), None)


def test_players_take_several_counts_after_one_flag():
    params = [ManyOption(["--players"], type=int), ManyOption(["--first-bonus"], type=float)]
    assert spread_values(params, ["--players", "2", "3", "4", "--out", "x"]) == [
        "--players", "2", "--players", "3", "--players", "4", "--out", "x",
    ]  # fmt: skip
    assert spread_values(params, ["--first-bonus", "3", "-1", "--games", "5"]) == [
        "--first-bonus", "3", "--first-bonus", "-1", "--games", "5",
    ]  # fmt: skip
    assert spread_values(params, ["--", "--players", "2", "3"]) == ["--", "--players", "2", "3"]


def test_players_2_3_equals_players_2_players_3(tmp_path):
    args = ["compare", "--strategy", "classic", "--strategy", "random", "--games", 4]
    spread = invoke(*args, "--players", 2, 3, "--out", tmp_path / "a")
    repeated = invoke(*args, "--players", 2, "--players", 3, "--out", tmp_path / "b")
    assert spread.exit_code == 0 and repeated.exit_code == 0, spread.output + repeated.output
    a, b = (sorted((tmp_path / x).glob("*.csv")) for x in "ab")
    assert [p.read_bytes() for p in a] == [p.read_bytes() for p in b]
    assert "3p" in spread.output and "2p" in spread.output


@pytest.mark.parametrize("name", ["compare", "commit", "worth"])
def test_player_counts_are_several_where_the_readme_shows_it(name):
    option = _option(COMMANDS[name], "--players")
    assert isinstance(option, ManyOption) and option.several and option.default == (2, 3, 4)


def test_parallel_workers_have_one_name():
    parallel = {"simulate", "compare", "commit", "worth", "tune", "run", "demo", "ladder", "advise"}
    parallel.update({"check-card", "train", "metagame", "analyse", "derive-card", "cards", "docs"})
    for name, command in COMMANDS.items():
        visible = [o for p in command.params if not getattr(p, "hidden", False) for o in p.opts]
        assert "--threads" not in visible, name
        assert ("--workers" in visible) == (name in parallel), name
        if name in parallel:
            text = _option(command, "--workers").help
            assert "threads" in text or "processes" in text, name


COUNTS = {
    "simulate": "in total",
    "compare": "per table",
    "commit": "per arm",
    "worth": "per table and arm",
    "tune": "per candidate",
    "run": "per table (compare), per table and arm (worth), per arm (commit)",
    "demo": "per table (league), per arm (commit), per player count (advice), per table and arm",
    "ladder": "per table",
    "advise": "per player count",
    "check-card": "per arm, field, tile set and player count",
    "train": "per generation",
    "metagame": "per profile and player count",
    "derive-card": "per arm and table size",
    "cards": "per arm and table size",
}


def test_every_games_help_says_what_it_counts():
    with_games = {name for name, c in COMMANDS.items() if _option(c, "--games") is not None}
    assert with_games == set(COUNTS)
    for name, words in COUNTS.items():
        option = _option(COMMANDS[name], "--games")
        text = " ".join(option.help.split())
        assert words in text and f"{option.type.high:,}." in text, (name, text)  # and its limit


def test_every_help_says_what_it_writes_and_where():
    for name, command in COMMANDS.items():
        text = " ".join((command.help or "").split()).lower()
        assert "writes" in text, name
        out = _option(command, "--out")
        if out is not None:
            assert "writes nothing" not in text, name
            assert "OUT" in command.help or "FILE" in command.help or "preset" in text, name


def test_no_command_writes_into_another_commands_default_folder():
    defaults = {
        name: _option(command, "--out").default
        for name, command in COMMANDS.items()
        if _option(command, "--out") is not None
        and isinstance(_option(command, "--out").default, str)
    }
    assert defaults == {
        "commit": "results/commit",
        "compare": "results/compare",
        "derive-card": "results/derive-card",
        "cards": "results/cards",
        "contest report": "results/contest",
        "contest table": "results/contest-table",
        "demo": "results/demo",
        "ladder": "results/ladder",
        "advise": "results/advise",
        "check-card": "results/check-card",
        "run": "results/run",
        "simulate": "results/simulate",
        "train": "results/train",
        "worth": "results/worth",
        "metagame": "results/metagame",
        "analyse": "results/analyse",
        "serve": "results/serve",
    }
    folders = [PurePosixPath(folder) for folder in defaults.values()]
    for folder in folders:  # none inside another: results/run/NAME is run's alone
        assert [f for f in folders if f == folder or folder in f.parents] == [folder]


def test_every_command_that_writes_has_a_default_folder_or_writes_a_named_file():
    """``--out`` has a default, except ``tune`` (a preset FILE) and ``report`` (beside FOLDER)."""
    for name, command in COMMANDS.items():
        out = _option(command, "--out")
        if out is None:
            continue
        if name == "tune":
            assert out.required and not isinstance(out.default, str), name
        elif name != "report":
            assert not out.required and out.default.startswith("results/"), name


@pytest.mark.parametrize("name", ["compare", "commit", "worth"])
def test_every_experiment_command_has_the_doors_of_run(name):
    """One door per experiment (issue 23): each command runs through the runner, as run does."""
    text = invoke(name, "--help").output
    for option in ("--resume", "--dask", "--numba-cache", "--chunk-size", "--workers"):
        assert option in text, (name, option)
    assert (
        _option(main.commands[name], "--workers").help
        == _option(main.commands["run"], "--workers").help
    )
