"""The learned evaluation: features and inference against their numpy references, the training's
data against the engine's own games, and the training's determinism."""

from __future__ import annotations

import numpy as np
import pytest

from experiments.shared.backends import PoolBackend, executor
from experiments.train.analysis import (
    DIGITS,
    PAST,
    SELF,
    TrainSpec,
    _solve,
    check_spec,
    chunk_lineup,
    chunk_stats,
    fit,
    fit_model,
    phases_of,
    play_positions,
    round_model,
    round_starts,
)
from experiments.train.kind_generations import train
from experiments.train.report import write_model
from sim.errors import InputError
from sim.state import SCORE
from strategies.features import (
    F_GAME,
    F_LEAD,
    F_OTHER,
    F_OWN,
    N_FEATURES,
    SEAT_FEATURES,
    position_features,
    reference_features,
)
from strategies.play import play_games
from strategies.value_model import (
    HEAD_WIDTH,
    MODEL_WIDTH,
    head_at,
    load_model,
    model_row,
    model_text,
    own_value,
    reference_value,
    table_value,
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
        model = rng.normal(size=HEAD_WIDTH)
        at = int(rng.integers(0, 30))
        params = np.concatenate([rng.normal(size=at), model])
        features = rng.normal(size=(5, N_FEATURES)) * 10
        got = [value(params, at, f) for f in features]
        np.testing.assert_allclose(got, reference_value(model, features), rtol=1e-12)


def test_the_value_split_into_the_table_and_the_seat_is_the_value():
    """A plan values the table's part once (:func:`table_value`) and each trial's own block
    (:func:`own_value`): the same value as :func:`value` up to rounding, for rows whose lead
    block is the own block less the other seat's, times the rounds left over 10."""
    rng = np.random.default_rng(8)
    weights = np.zeros(SEAT_FEATURES)
    for _ in range(20):
        at = int(rng.integers(0, 30))
        params = rng.normal(size=at + HEAD_WIDTH)
        row = rng.normal(size=N_FEATURES) * 10
        rounds = float(rng.uniform(1.0, 20.0))
        row[F_GAME] = rounds
        row[F_LEAD:F_GAME] = (row[F_OWN:F_OTHER] - row[F_OTHER:F_LEAD]) * rounds / 10.0
        table = table_value(params, at, row, rounds, weights)
        expected = value(params, at, row)
        assert own_value(table, weights, row) == pytest.approx(expected, rel=1e-12, abs=1e-9)
        row[F_OWN] += 1.0  # another trial: only its own block changes (and so its lead)
        row[F_LEAD] += rounds / 10.0
        assert own_value(table, weights, row) == pytest.approx(
            value(params, at, row), rel=1e-12, abs=1e-9
        )


def test_shipped_model_values_real_positions_like_the_reference():
    model = load_model()
    features, margin, _, _ = play_positions(20, 4, 9, 0, model)
    params = np.concatenate([np.ones(3), model])
    got = np.array([value(params, head_at(3, 4, f), f) for f in features])
    np.testing.assert_allclose(got, reference_value(model, features, 4), rtol=1e-12, atol=1e-9)
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


def test_a_model_is_picked_by_name_or_file(tmp_path):
    """``learned[model=linear]`` plays the shipped model's games; a model file plays its own."""
    shipped = play_games(8, 2, ["learned", "greedy"], seed=3)
    named = play_games(8, 2, ["learned[model=linear]", "greedy"], seed=3)
    assert named.score.tolist() == shipped.score.tolist()
    flipped = -model_row()  # values every position the reverse way
    write_model(tmp_path, flipped, {"command": "test"})
    other = play_games(8, 2, [f"learned[model={tmp_path / 'value.json'}]", "greedy"], seed=3)
    assert other.score.tolist() != shipped.score.tolist()


def test_a_model_file_carries_the_settings_it_was_trained_with(tmp_path):
    """``learned[model=FILE]`` plays with the file's ``player`` settings unless the brackets name
    them; a setting the player does not have, or outside its limits, is refused in one line."""
    import json

    from strategies.learned import REPLAN
    from strategies.registry import resolve

    write_model(tmp_path, model_row(), {"command": "test"}, player={"replan": 1.0})
    path = tmp_path / "value.json"
    assert resolve(f"learned[model={path}]").base_params[REPLAN] == 1.0
    assert resolve(f"learned[model={path},replan=0]").base_params[REPLAN] == 0.0
    assert resolve("learned").base_params[REPLAN] == 0.0
    body = json.loads(path.read_text())
    for bad, said in (
        ({"vision": 1.0}, "sets unknown parameters: vision"),
        ({"replan": 3.0}, "replan must be"),
    ):
        path.write_text(json.dumps({**body, "player": bad}))
        with pytest.raises(InputError, match=said):
            resolve(f"learned[model={path}]")


def test_the_herd_weight_of_larger_tables_leaves_duels_alone():
    """``herd_3_4`` scales the herd's area at tables of 3 and 4 players only: heads-up the player
    plays the same games whatever it is; at 4 players, without the herd's pull (0), it commits
    fewer figures than with it."""
    seats = ["learned[model=selfplay2,herd_3_4=0]", "greedy"]
    duel = play_games(40, 2, seats, seed=3)
    assert duel.score.tolist() == play_games(40, 2, ["learned[model=selfplay2]", "greedy"],
                                             seed=3).score.tolist()  # fmt: skip
    committed = {}
    for weight in (0.0, 1.0):
        seats = [f"learned[model=selfplay2,herd_3_4={weight:g}]"] * 4
        games = play_games(40, 4, seats, seed=3)
        committed[weight] = int(games.figures_committed.sum())
    assert committed[0.0] < committed[1.0]


def test_blocking_acts_heads_up_only():
    """``block`` and ``block_areas`` change heads-up play only: at 3 and 4 players the player
    plays the same games whatever they are (the README's 4-player figures of the strongest
    player were measured without them); heads-up it plays other games."""
    plain = "learned[model=selfplay2,herd_3_4=0.3]"
    blocking = "learned[model=selfplay2,herd_3_4=0.3,block=2,block_areas=6]"
    for players in (3, 4):
        seats = [blocking, plain, "greedy", "classic"][:players]
        same = play_games(30, players, [plain, *seats[1:]], seed=3)
        assert play_games(30, players, seats, seed=3).score.tolist() == same.score.tolist()
    duel = play_games(40, 2, [blocking, "greedy"], seed=3)
    assert duel.score.tolist() != play_games(40, 2, [plain, "greedy"], seed=3).score.tolist()


def test_a_stalled_training_game_stops_where_the_engine_stops_it():
    """Hoarders (a model that never wants to spend, no endgame guard) stall the game: round by
    round, the training still cuts it off at the engine's safety stop instead of running on (a
    small training run once did, until memory ran out)."""
    from experiments.train.analysis import Lineup, _slot
    from sim.constants import MAX_ROUNDS
    from strategies.features import FEATURE_NAMES

    head = np.zeros(HEAD_WIDTH)
    for name in ("own_food", "own_wood", "own_brick", "own_stone", "own_gold"):
        head[1 + FEATURE_NAMES.index(name)] = 1.0
    for name in ("own_points", "own_buildings", "own_culture_points"):
        head[1 + FEATURE_NAMES.index(name)] = -5.0
    hoarder = _slot("learned[buy_from_round=1000]", np.tile(head, MODEL_WIDTH // HEAD_WIDTH))
    lineup = Lineup("hoarders", (hoarder,), (0, 0, 0, 0))
    starts = [g for _, g in round_starts(1, 2, 3, 0, lineup=lineup)]
    assert len(starts) == MAX_ROUNDS


def test_fit_recovers_a_linear_target():
    rng = np.random.default_rng(1)
    x = rng.normal(size=(4000, N_FEATURES))
    truth = rng.normal(size=HEAD_WIDTH)
    y = truth[0] + x @ truth[1:]
    game = np.arange(4000) // 4 + 1  # no game index divisible by 10 ... some are held out
    stats = chunk_stats(x, y, (y > 0).astype(float), game)
    np.testing.assert_allclose(fit([stats], 0.0), truth, rtol=1e-8, atol=1e-8)
    # a target linear within each phase, differently: each phase's head recovers its own
    xp = rng.normal(size=(9000, N_FEATURES))
    xp[:, F_GAME] = rng.uniform(0.0, 18.0, size=9000)
    truths = rng.normal(size=(3, HEAD_WIDTH))
    phase = phases_of(xp)
    yp = truths[phase, 0] + np.einsum("ij,ij->i", xp, truths[phase, 1:])
    phased = chunk_stats(xp, yp, (yp > 0).astype(float), np.arange(9000) + 1, players=3)
    model = fit_model([phased], 0.0, "phases").reshape(3, 3, HEAD_WIDTH)
    np.testing.assert_allclose(model[1], truths, rtol=1e-6, atol=1e-6)  # the 3-player heads
    np.testing.assert_array_equal(model[0], model[2])  # no 2 or 4 player games: pooled fit
    clipped = chunk_stats(x, y, (y > 0).astype(float), game, clip=1.0)
    kept = game % 10 != 0
    assert clipped["xty"][:, 0].sum() == pytest.approx(np.clip(y[kept], -1, 1).sum())
    np.testing.assert_array_equal(clipped["held_margin"], y[~kept])  # figures on true margins


def test_mixed_heads_value_duels_by_the_pooled_fit_and_larger_tables_by_their_own():
    """``--heads mixed``: the 3- and 4-player heads are ``players``' (each table size's own fit),
    the 2-player head is ``one``'s (every position's)."""
    rng = np.random.default_rng(3)
    stats = []
    for players in (2, 3, 4):
        x = rng.normal(size=(3000, N_FEATURES))
        y = rng.normal() + x @ rng.normal(size=N_FEATURES)  # a different target per size
        stats.append(chunk_stats(x, y, (y > 0).astype(float), np.arange(3000) + 1, players=players))
    mixed = fit_model(stats, 0.01, "mixed").reshape(3, 3, HEAD_WIDTH)
    own = fit_model(stats, 0.01, "players").reshape(3, 3, HEAD_WIDTH)
    one = fit_model(stats, 0.01, "one").reshape(3, 3, HEAD_WIDTH)
    np.testing.assert_array_equal(mixed[0], one[0])
    np.testing.assert_array_equal(mixed[1:], own[1:])
    assert not np.array_equal(own[0], one[0])  # the duels' own fit differs from the pooled one


def test_the_exact_solve_and_sums_agree_with_numpy():
    """The fit's own sums and Cholesky solve (fixed order, no BLAS or LAPACK) are the normal
    equations numpy solves, to rounding."""
    rng = np.random.default_rng(8)
    x = rng.normal(size=(300, N_FEATURES))
    x[:, F_GAME] = rng.uniform(0.0, 20.0, size=300)  # positions in every phase
    y = rng.normal(size=300)
    stats = chunk_stats(x, y, (y > 0).astype(float), np.arange(1, 301))
    kept = np.arange(1, 301) % 10 != 0
    design = np.hstack([np.ones((kept.sum(), 1)), x[kept]])
    xtx, xty = stats["xtx"].sum(axis=0), stats["xty"].sum(axis=0)  # over the phases
    np.testing.assert_allclose(xtx, design.T @ design, rtol=1e-12, atol=1e-9)
    np.testing.assert_allclose(xty, design.T @ y[kept], rtol=1e-12, atol=1e-9)
    late = design[x[kept][:, F_GAME] <= 6.0]
    np.testing.assert_allclose(stats["xtx"][0], late.T @ late, rtol=1e-12, atol=1e-9)
    assert stats["n"].tolist() == np.bincount(phases_of(x[kept]), minlength=3).tolist()
    a = xtx + np.eye(HEAD_WIDTH)
    np.testing.assert_allclose(_solve(a, xty), np.linalg.solve(a, xty), rtol=1e-9)
    with pytest.raises(InputError, match="singular"):
        _solve(np.zeros((3, 3)), np.ones(3))


def test_a_model_has_a_head_per_table_size_and_phase(tmp_path):
    """Each position is valued by the head of its table size and phase, in the kernel as in the
    reference; the file keeps every head, in the smallest of its three formats."""
    rng = np.random.default_rng(5)
    model = rng.normal(size=MODEL_WIDTH)
    write_model(tmp_path, model, {"command": "test"})
    np.testing.assert_array_equal(load_model(tmp_path / "value.json"), model)
    features = rng.normal(size=(30, N_FEATURES))
    features[:, F_GAME] = rng.choice([1.0, 6.0, 6.5, 12.0, 12.5, 20.0], size=30)
    heads = model.reshape(3, 3, HEAD_WIDTH)
    for players in (2, 3, 4):
        got = [value(model, head_at(0, players, f), f) for f in features]
        phase = [0 if r <= 6 else 1 if r <= 12 else 2 for r in features[:, F_GAME]]
        expected = [
            heads[players - 2, h, 0] + f @ heads[players - 2, h, 1:]
            for h, f in zip(phase, features, strict=True)
        ]
        np.testing.assert_allclose(got, expected, rtol=1e-12)
        np.testing.assert_allclose(got, reference_value(model, features, players), rtol=1e-12)
    one = np.tile(model[:HEAD_WIDTH], 9)
    by_size = np.repeat(model.reshape(9, HEAD_WIDTH)[::3], 3, axis=0).ravel()
    assert '"heads"' not in model_text(one)
    assert '"3"' in model_text(by_size) and '"3/mid"' in model_text(model)
    for row in (one, by_size):
        write_model(tmp_path, row, {"command": "test"})
        np.testing.assert_array_equal(load_model(tmp_path / "value.json"), row)
    assert (model_row() == model_row()[:HEAD_WIDTH].tolist() * 9).all()  # the first model


def test_a_model_is_rounded_to_its_digits():
    row = round_model(np.array([np.pi, -1e-7 / 3, 12345.678901234567, 0.0]))
    assert [float(f"{v:.{DIGITS}g}") for v in row] == row.tolist()
    assert row[0] == float(f"{np.pi:.{DIGITS}g}") and row[0] != np.pi


def test_the_lineups_of_a_generation():
    """Generation 0 is greedy's; later ones cycle self-play, each opponent and the earlier
    generations (self-play while there is none), every lineup meeting 2, 3 and 4 players."""
    spec = TrainSpec(games=6000, generations=4, seed=1, opponents=("greedy", "classic"))
    models = [np.full(MODEL_WIDTH, float(k)) for k in range(3)]
    lineup, played = chunk_lineup(spec, 0, 5, [])
    assert lineup.label == "greedy" and played == []
    labels = [chunk_lineup(spec, 1, c, models[:1])[0].label for c in range(0, 24, 3)]
    assert labels == [SELF, "greedy", "classic", SELF] * 2  # no earlier generation yet
    assert spec.lineups() == (SELF, "greedy", "classic", PAST)
    labels = [chunk_lineup(spec, 3, c, models)[0].label for c in range(0, 48, 3)]
    assert labels[1::4] == ["generation 0", "generation 1", "generation 0", "generation 1"]
    lineup, played = chunk_lineup(spec, 3, 3, models)  # the past lineup: learner v generation 0
    assert [m[0] for m in played] == [2.0, 0.0] and lineup.seats == (0, 1, 0, 1)
    for c in (4, 5):  # the same lineup at the other player counts
        assert chunk_lineup(spec, 3, c, models)[0].label == lineup.label
    learner = lineup.slots[0].base_params
    np.testing.assert_array_equal(learner[-MODEL_WIDTH:], models[2])


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"window": 0}, "--window must be 1 to"),
        ({"opponents": ("greedy", "greedy")}, "names a player twice"),
        ({"opponents": ("nobody",)}, "unknown strategy 'nobody'"),
        ({"learner": "greedy"}, "--learner must be the learned player"),
    ],
)
def test_a_bad_training_spec_is_refused(change, said):
    spec = TrainSpec(**{"games": 100, "generations": 2, "seed": 1, **change})
    with pytest.raises(InputError, match=said):
        check_spec(spec)


def test_old_positions_age_out(tmp_path):
    """With a window of one generation, the last model is fitted on its own generation's
    positions only (its chunks, as saved), not on generation 0's."""
    from experiments.shared.checkpoints import CHUNK_META

    spec = TrainSpec(games=20, generations=2, seed=4, window=1)
    model, info = train(spec, tmp_path)
    saved = sorted((tmp_path / "chunks").glob("g01-*.npz"))
    assert saved
    stats = []
    for path in saved:
        with np.load(path) as chunk:
            stats.append({name: chunk[name] for name in chunk.files if name != CHUNK_META})
    assert fit_model(stats, spec.ridge).tobytes() == model.tobytes()
    assert fit_model(stats, spec.ridge).tobytes() != info["models"][0].tobytes()


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
    assert model_text(first) == (tmp_path / "a" / "value.json").read_text()


def test_training_is_the_same_on_workers(tmp_path):
    """A generation's chunks played on two local processes give the same model bytes."""
    spec = TrainSpec(games=600, generations=2, seed=6)
    here, _ = train(spec, tmp_path / "here")
    pool = PoolBackend(executor(2), 2, own=True)
    try:
        there, _ = train(spec, tmp_path / "there", backend=pool)
    finally:
        pool.close()
    assert here.tobytes() == there.tobytes()


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
        ("--window", 0),
        ("--heads", "many"),
        ("--opponent", "nobody"),
        ("--opponent", "greedy[starve=-1]"),
        ("--learner", "greedy"),
        ("--learner", "learned[replan=2]"),
    ],
)
def test_train_command_refuses_bad_sizes(tmp_path, args):
    from cli_contract import assert_refused, invoke, snapshot

    before = snapshot(tmp_path)
    result = invoke("train", *args, "--out", tmp_path / "model")
    assert_refused(result, tmp_path, before)


def test_train_resumes_only_its_own_training(tmp_path):
    """``--resume`` refuses a folder holding another training (nothing changes); without it
    the run starts over there."""
    from cli_contract import assert_refused, invoke, snapshot

    out = tmp_path / "model"
    spec = ("--games", 10, "--generations", 1, "--out", out, "--keep-chunks")
    assert invoke("train", *spec, "--seed", 1).exit_code == 0
    before = snapshot(tmp_path)
    assert_refused(invoke("train", *spec, "--seed", 2, "--resume"), tmp_path, before)
    assert invoke("train", *spec, "--seed", 1, "--resume").exit_code == 0
    assert invoke("train", *spec, "--seed", 2).exit_code == 0
    assert '"seed": 2' in (out / "run.json").read_text()


@pytest.mark.slow  # minutes on one core each: the self-play models' own training runs
@pytest.mark.parametrize("name", ["selfplay", "selfplay2", "selfplay3"])
def test_the_shipped_model_is_what_its_command_makes(tmp_path, name):
    """``strategies/models/NAME/`` (the model and each generation's) is what the command its
    run.json records writes: the same bytes (the fit is exact and rounded, so on any machine).
    The first model (``value.json``) was made by an earlier fit; its run.json names its commit."""
    import json
    import shlex
    from pathlib import Path

    from click.testing import CliRunner

    from experiments.cli import main

    models = Path(__file__).resolve().parent.parent / "strategies" / "models" / name
    record = json.loads((models / "run.json").read_text())
    words = shlex.split(record["command"])[1:]
    at = words.index("--out")
    words[at + 1] = str(tmp_path)
    result = CliRunner().invoke(main, words, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    kept = ("run.json", "experiment.json")  # the provenance and the run's checkpoint
    shipped = sorted(p.relative_to(models) for p in models.rglob("*.json") if p.name not in kept)
    made = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*.json") if p.name not in kept)
    assert made == shipped
    for name in shipped:
        assert (tmp_path / name).read_bytes() == (models / name).read_bytes(), name


def test_a_damaged_training_chunk_is_played_again(tmp_path):
    """A training's chunks are the one checkpoint format: a damaged one is played again, said
    so, and the model is the same."""
    spec = TrainSpec(games=12, generations=2, seed=4)
    first, _ = train(spec, tmp_path)
    damaged = sorted((tmp_path / "chunks").glob("g01-*.npz"))[0]
    damaged.write_bytes(damaged.read_bytes()[:100])
    lines: list[str] = []
    again, _ = train(spec, tmp_path, progress=lines.append)
    assert again.tobytes() == first.tobytes()
    assert [line for line in lines if "computing it again" in line] == [
        f"chunk {damaged.name} unreadable (BadZipFile): computing it again"
    ]
