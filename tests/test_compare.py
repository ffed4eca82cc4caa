"""The league: chunk independence and ``mammoth compare`` (its statistics and lineups:
``tests/test_league.py``)."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
from click.testing import CliRunner

from experiments.cli import main
from experiments.compare.analysis import play_league


def _fields(stats):
    return [stats.seats, stats.wins, stats.score, stats.score_sq, stats.ahead, stats.met,
            stats.seat_wins, stats.seat_games]  # fmt: skip


def test_chunked_statistics_merge_exactly():
    names = ["greedy+ev", "random+never"]
    whole = play_league(names, 4, 60, seed=3, chunk=60)
    chunked = play_league(names, 4, 60, seed=3, chunk=17)
    for a, b in zip(_fields(whole), _fields(chunked), strict=True):
        assert np.array_equal(a, b)


def test_compare_cli(tmp_path):
    out = tmp_path / "league"
    result = CliRunner().invoke(
        main,
        ["compare", "--strategy", "greedy", "--strategy", "random", "--players", "2",
         "--players", "3", "--games", "30", "--seed", "1", "--out", str(out)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    table = pd.read_csv(out / "league.csv")
    assert set(table["players"]) == {2, 3}
    for name in ("pairwise.csv", "ratings.csv", "seats.csv", "league.png", "run.json"):
        assert (out / name).exists()
    bad = CliRunner().invoke(
        main, ["compare", "--strategy", "greedy", "--out", str(tmp_path / "x")]
    )
    assert bad.exit_code == 2 and "Traceback" not in bad.output


def test_compare_cli_plays_herd_on_and_off_and_writes_the_profile(tmp_path):
    out = tmp_path / "both"
    result = CliRunner().invoke(
        main,
        ["compare", "--strategy", "greedy", "--strategy", "random", "--players", "2",
         "--players", "3", "--games", "12", "--herd", "both", "--out", str(out)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    league = pd.read_csv(out / "league.csv")
    assert list(league.columns[:3]) == ["strategy", "players", "herd"]
    assert sorted(zip(league["players"], league["herd"], strict=True)) == sorted(
        [(p, h) for p in (2, 3) for h in ("on", "off") for _ in range(2)]
    )
    profile = pd.read_csv(out / "profile.csv")
    assert len(profile) == 2 * 2 * 2  # strategies x players x herd
    off = profile[profile["herd"] == "off"]
    assert (off["tiles_won"] == 0).all() and (off["figures_committed"] == 0).all()
    for (players, _), part in profile.groupby(["players", "herd"]):
        assert part["seats"].sum() == players * 12  # every seat of every game, once
    run = json.loads((out / "run.json").read_text())
    assert run["herd"] == ["on", "off"] and "profile.csv" in run["files"]
    off_only = CliRunner().invoke(
        main,
        ["compare", "--strategy", "greedy", "--strategy", "random", "--players", "2",
         "--games", "5", "--no-herd", "--out", str(tmp_path / "off")],
    )  # fmt: skip
    assert off_only.exit_code == 0, off_only.output
    assert set(pd.read_csv(tmp_path / "off" / "profile.csv")["herd"]) == {"off"}
