"""``mammoth advise`` and the ``advice`` kind: files, the card, chunking, workers, bad input."""

from __future__ import annotations

import json

import pandas as pd
import pytest
from click.testing import CliRunner

from experiments.cli import main

SMALL = ["advise", "--players", "2", "--games", "6", "--playouts", "2", "--seed", "3"]


def _run(out, *extra):
    result = CliRunner().invoke(main, [*SMALL, "--out", str(out), *extra])
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.heavy_kernel  # the card's check plays search taming
def test_advise_writes_the_decisions_the_table_and_the_card(tmp_path):
    output = _run(tmp_path / "a", "--check-games", "4")
    out = tmp_path / "a"
    for name in ("decisions.parquet", "advice.csv", "card.md", "card.json", "card.html"):
        assert (out / name).is_file(), name
    agreement = pd.read_csv(out / "agreement.csv")  # the shipped card checked on the decisions
    assert agreement["decisions"].sum() == len(pd.read_parquet(out / "decisions.parquet"))
    decisions = pd.read_parquet(out / "decisions.parquet")
    assert len(decisions) > 0 and set(decisions["players"]) == {2}
    assert "Advice card" in output and "decisions played out" in output
    card = json.loads((out / "card.json").read_text())
    assert card["rules"]
    check = pd.read_csv(out / "check.csv")
    policies = {"never", "fixed-1", "ev", "majority", "search", "card[seek=0]"}
    assert set(check["policy"]) == policies  # and the card itself never seeking
    assert set(check["field"]) == {"greedy", "presets", "champion"}  # the default fields
    assert (check["games"] == 4).all()
    assert set(check["tiles"]) == {"default"} and set(check["card"]) == {"card"}


@pytest.mark.heavy_kernel  # the card's check plays search taming
def test_the_files_do_not_depend_on_chunking_or_workers(tmp_path):
    _run(tmp_path / "whole", "--chunk-size", "6", "--check-games", "3")
    _run(tmp_path / "parts", "--chunk-size", "2", "--check-games", "3")
    _run(tmp_path / "workers", "--chunk-size", "3", "--check-games", "3", "--workers", "2")
    for name in (
        "decisions.parquet",
        "advice.csv",
        "card.json",
        "card.md",
        "check.csv",
        "agreement.csv",
    ):
        whole = (tmp_path / "whole" / name).read_bytes()
        assert whole == (tmp_path / "parts" / name).read_bytes(), name
        assert whole == (tmp_path / "workers" / name).read_bytes(), name


def test_advise_refuses_bad_input_in_one_line(tmp_path):
    for extra in (["--seat", "2"], ["--playouts", "0"], ["--field", "nobody"]):
        result = CliRunner().invoke(main, [*SMALL, "--out", str(tmp_path / "x"), *extra])
        assert result.exit_code == 2, (extra, result.output)
        assert "Traceback" not in result.output
        assert len(result.output.strip().splitlines()) == 1, result.output
    assert not (tmp_path / "x" / "decisions.parquet").exists()


def test_the_check_follows_the_games_of_a_run_or_demo():
    from experiments.shared.definition import load_experiment, suite

    path = suite()["advice"]
    full = load_experiment(path)
    assert full.check_games == 300 and full.games == 400
    assert load_experiment(path, games=40).check_games == 30
    assert load_experiment(path, scale=0.5).check_games == 150
    assert full.derive_card is False and "search" not in full.check_policies
    assert load_experiment(path, games=1).check_games == 1  # never rounded to no check


@pytest.mark.heavy_kernel  # plays the light kernel's advice or analysis entry
def test_decisions_not_played_out_are_counted_across_chunks_and_reported(tmp_path):
    """A decision met after a game's log was full is not played out: each chunk counts them,
    the merge adds the counts (and keeps them out of the decision columns), run.json says so."""
    import numpy as np

    from experiments.advice import kind as advice

    part = {"d_game": np.array([0, 1]), "d_win_0": np.array([0.5, 0.25])}
    merged = advice.merge(
        [{**part, advice.DROPPED: np.array([2])}, {**part, advice.DROPPED: np.array([3])}]
    )
    assert int(merged[advice.DROPPED].sum()) == 5
    assert list(merged["d_game"]) == [0, 1, 0, 1]
    _run(tmp_path / "r")
    meta = json.loads((tmp_path / "r" / "run.json").read_text())
    assert meta["decisions_dropped"] == 0 and meta["decisions"] > 0
