"""The learned evaluation: features and inference against their numpy references, the training's
data against the engine's own games, and the training's determinism."""

from __future__ import annotations

import numpy as np
import pytest

from experiments.analyses.train import (
    TrainSpec,
    chunk_stats,
    fit,
    play_positions,
    round_starts,
)
from experiments.outputs.train import write_model
from experiments.training import train
from sim.state import SCORE
from strategies.features import N_FEATURES, position_features, reference_features
from strategies.play import play_games
from strategies.value_model import (
    MODEL_WIDTH,
    load_model,
    model_row,
    model_text,
    reference_value,
    value,
)


@pytest.mark.parametrize(
    ("players", "seed", "model"), [(2, 5, None), (3, 6, "shipped"), (4, 7, "shipped")]
)
def test_features_match_the_reference(players, seed, model):
    model = model_row() if model else None
    row = np.zeros(N_FEATURES)
    checked = 0
    for st, g in round_starts(6, players, seed, 100, model):
        for p in range(players):
            position_features(st, g, p, row)
            expected = reference_features(st.game[g], st.seat[g], p)
            np.testing.assert_allclose(row, expected, rtol=1e-12, atol=1e-12)
            checked += 1
    assert checked > 6 * players * 8  # many mid-game positions, not just the set-up


def test_inference_matches_the_reference():
    rng = np.random.default_rng(3)
    for _ in range(20):
        model = rng.normal(size=MODEL_WIDTH)
        at = int(rng.integers(0, 30))
        params = np.concatenate([rng.normal(size=at), model])
        features = rng.normal(size=(5, N_FEATURES)) * 10
        got = [value(params, at, f) for f in features]
        np.testing.assert_allclose(got, reference_value(model, features), rtol=1e-12)


def test_shipped_model_values_real_positions_like_the_reference():
    model = load_model()
    features, margin, _, _ = play_positions(20, 4, 9, 0, model)
    params = np.concatenate([np.ones(3), model])
    got = np.array([value(params, 3, f) for f in features])
    np.testing.assert_allclose(got, reference_value(model, features), rtol=1e-12, atol=1e-9)
    # the value follows the margin it was fitted to on fresh games better than any one of its
    # features does (a model that learned nothing, or a feature's weight alone, would not)
    alone = [
        abs(np.corrcoef(features[:, f], margin)[0, 1])
        for f in range(features.shape[1])
        if features[:, f].std() > 0
    ]
    assert np.corrcoef(got, margin)[0, 1] > max(alone) + 0.1


@pytest.mark.parametrize(("names", "model"), [(["greedy"] * 3, None), (["learned", "greedy"], 1)])
def test_round_by_round_games_are_the_engines_games(names, model):
    players = len(names)
    model = model_row() if model else None
    st = [state for state, _ in round_starts(12, players, 21, 40, model)][-1]
    frame = play_games(12, players, names, seed=21, first_game=40, rotate=True)
    scores = frame.sort_values(["game", "seat"]).score.to_numpy().reshape(12, players)
    np.testing.assert_array_equal(st.seat[:, :players, SCORE], scores)


def test_fit_recovers_a_linear_target():
    rng = np.random.default_rng(1)
    x = rng.normal(size=(4000, N_FEATURES))
    truth = rng.normal(size=MODEL_WIDTH)
    y = truth[0] + x @ truth[1:]
    game = np.arange(4000) // 4 + 1  # no game index divisible by 10 ... some are held out
    stats = chunk_stats(x, y, (y > 0).astype(float), game)
    np.testing.assert_allclose(fit([stats], 0.0), truth, rtol=1e-8, atol=1e-8)
    clipped = chunk_stats(x, y, (y > 0).astype(float), game, clip=1.0)
    kept = game % 10 != 0
    assert clipped["xty"][0] == pytest.approx(np.clip(y[kept], -1, 1).sum())
    np.testing.assert_array_equal(clipped["held_margin"], y[~kept])  # figures on true margins


def test_training_is_deterministic_and_resumes(tmp_path):
    spec = TrainSpec(games=12, generations=2, seed=4)
    first, info = train(spec, tmp_path / "a")
    again, _ = train(spec, tmp_path / "b")
    assert first.tobytes() == again.tobytes()
    resumed, _ = train(spec, tmp_path / "a")  # every chunk from disk
    assert resumed.tobytes() == first.tobytes()
    assert [g["generation"] for g in info["generations"]] == [0, 1]
    write_model(tmp_path / "a", first, {"command": "test"})
    np.testing.assert_array_equal(load_model(tmp_path / "a" / "value.json"), first)
    assert model_text(first[0], first[1:]) == (tmp_path / "a" / "value.json").read_text()


@pytest.mark.slow
def test_small_model_retrains_to_the_same_bytes(tmp_path):
    from click.testing import CliRunner

    from experiments.cli import main

    texts = []
    for name in ("one", "two"):
        out = tmp_path / name
        args = ["train", "--games", "600", "--generations", "2", "--seed", "5", "--out", str(out)]
        result = CliRunner().invoke(main, args, catch_exceptions=False)
        assert result.exit_code == 0, result.output
        texts.append((out / "value.json").read_bytes())
        assert not (out / "chunks").exists()
    assert texts[0] == texts[1]


def test_train_command_writes_the_model_and_its_provenance(tmp_path):
    import json

    from cli_contract import invoke

    out = tmp_path / "model"
    result = invoke("train", "--games", 10, "--generations", 1, "--seed", 2, "--out", out)
    assert result.exit_code == 0, result.output
    run = json.loads((out / "run.json").read_text())
    assert run["command"].startswith("mammoth train --games 10 --generations 1")
    assert run["seed"] == 2 and run["games"] == 10 and run["positions"] > 10 * 2 * 8
    assert 0 < run["fit"][-1]["win_sign_accuracy"] <= 1
    assert load_model(out / "value.json").shape == (MODEL_WIDTH,)
    assert not (out / "chunks").exists()


@pytest.mark.parametrize(
    "args",
    [
        ("--games", 5),
        ("--games", 300_000),
        ("--generations", 0),
        ("--ridge", -1),
        ("--ridge", "nan"),
        ("--clip", -1),
        ("--clip", 0),  # no clipping is --no-clip
    ],
)
def test_train_command_refuses_bad_sizes(tmp_path, args):
    from cli_contract import assert_refused, invoke, snapshot

    before = snapshot(tmp_path)
    result = invoke("train", *args, "--out", tmp_path / "model")
    assert_refused(result, tmp_path, before)


def test_train_refuses_chunks_of_another_training(tmp_path):
    from cli_contract import assert_refused, invoke, snapshot

    out = tmp_path / "model"
    spec = ("--games", 10, "--generations", 1, "--out", out, "--keep-chunks")
    assert invoke("train", *spec, "--seed", 1).exit_code == 0
    before = snapshot(tmp_path)
    assert_refused(invoke("train", *spec, "--seed", 2), tmp_path, before)


@pytest.mark.slow  # some 2 minutes on 2 cores: the shipped model's own training run
def test_the_shipped_model_is_what_its_command_makes(tmp_path):
    """``strategies/models/value.json`` is what the command its run.json records writes (the
    same bytes here; issue 36 makes that hold on any machine)."""
    import json
    import shlex
    from pathlib import Path

    from click.testing import CliRunner

    from experiments.cli import main

    models = Path(__file__).resolve().parent.parent / "strategies" / "models"
    record = json.loads((models / "run.json").read_text())
    words = shlex.split(record["command"])[1:]
    at = words.index("--out")
    words[at + 1] = str(tmp_path)
    result = CliRunner().invoke(main, words, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert (tmp_path / "value.json").read_bytes() == (models / "value.json").read_bytes()
