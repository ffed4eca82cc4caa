"""The strength ladder: its Bradley-Terry fit, frontier, schedule, kind and ``mammoth ladder``.

The runs here seat only cheap rungs (the light kernel); no test asserts a timing.
"""

from __future__ import annotations

import hashlib
import shutil

import numpy as np
import pandas as pd
import pytest
from cli_contract import assert_refused, invoke, snapshot

from experiments.ladder.analysis import (
    clusters_for,
    default_rungs,
    fit_ladder,
    pareto_frontier,
    schedule,
)
from experiments.report.report import write_report
from experiments.shared.kinds import kind_named
from experiments.shared.runner import run_experiment
from sim.errors import InputError
from strategies import search
from strategies.registry import BASE, presets, resolve

SCALE = 400.0 / np.log(10.0)


def _blocks(wins: np.ndarray, games: np.ndarray, count: int) -> tuple[np.ndarray, np.ndarray]:
    """Spread pairwise counts evenly over ``count`` blocks of game indices."""
    return np.repeat(wins[None] / count, count, axis=0), np.repeat(games[None] / count, count, 0)


def test_bradley_terry_recovers_strengths_the_counts_fit_exactly():
    # strengths 4 : 2 : 1, so P(a beats b) = 2/3, P(b beats c) = 2/3, P(a beats c) = 4/5
    games = np.array([[0, 30, 30], [30, 0, 30], [30, 30, 0]], dtype=float)
    wins = np.array([[0, 20, 24], [10, 0, 20], [6, 10, 0]], dtype=float)
    ahead, met = _blocks(wins, games, 5)
    frame = fit_ladder(["a", "b", "c"], ahead, met, anchor="c", prior=0.0)
    expected = 400 * np.log10([4.0, 2.0, 1.0])
    np.testing.assert_allclose(frame["rating"], expected, atol=1e-6)
    assert frame.loc[2, "rating_se"] == 0.0  # the anchor is the scale's 0
    # the blocks are identical: no spread between them, the model's SE is the interval's
    np.testing.assert_allclose(frame["robust_se"], 0.0, atol=1e-6)
    np.testing.assert_allclose(frame["rating_se"], frame["model_se"])
    low, high = frame["rating_low"], frame["rating_high"]
    np.testing.assert_allclose(high - frame["rating"], 1.96 * frame["rating_se"])
    np.testing.assert_allclose(frame["rating"] - low, 1.96 * frame["rating_se"])
    # the model SE of a vs c from the Fisher information, by hand: invert the 2x2 block of
    # (a, b) with c's log-strength fixed at 0
    p = {("a", "b"): 2 / 3, ("a", "c"): 4 / 5, ("b", "c"): 2 / 3}
    w = {k: 30 * v * (1 - v) for k, v in p.items()}
    info = np.array(
        [
            [w[("a", "b")] + w[("a", "c")], -w[("a", "b")]],
            [-w[("a", "b")], w[("a", "b")] + w[("b", "c")]],
        ]
    )
    se = SCALE * np.sqrt(np.diag(np.linalg.inv(info)))
    np.testing.assert_allclose(frame["model_se"][:2], se, rtol=1e-9)


def test_a_prior_keeps_a_player_who_never_finishes_ahead_finite_and_below():
    games = np.array([[0, 40], [40, 0]], dtype=float)
    wins = np.array([[0, 40], [0, 0]], dtype=float)
    ahead, met = _blocks(wins, games, 4)
    frame = fit_ladder(["strong", "weak"], ahead, met, anchor="strong", prior=1.0)
    # with one virtual game split evenly: 40.5 of 41, so 400 log10(0.5 / 40.5) for the weak
    assert frame.loc[1, "rating"] == pytest.approx(400 * np.log10(0.5 / 40.5))
    assert np.isfinite(frame["rating_high"]).all()


def test_the_robust_interval_tracks_the_spread_of_independent_games():
    """Games drawn from known strengths: the sandwich SE agrees with the model's.

    40 blocks make the sandwich's relative error about 1/sqrt(2 * 39) = 11%; a factor of 1.5 is
    four of those. The ratings lie within 4 standard errors of the truth.
    """
    rng = np.random.default_rng(5)
    theta = np.log([3.0, 1.0, 0.5, 2.0])
    k, count, per_pair = 4, 40, 30
    ahead, met = np.zeros((count, k, k)), np.zeros((count, k, k))
    for c in range(count):
        for a in range(k):
            for b in range(a + 1, k):
                won = rng.binomial(per_pair, 1 / (1 + np.exp(theta[b] - theta[a])))
                ahead[c, a, b], ahead[c, b, a] = won, per_pair - won
                met[c, a, b] = met[c, b, a] = per_pair
    frame = fit_ladder(list("abcd"), ahead, met, anchor="b", prior=0.0)
    ratio = frame["robust_se"] / frame["model_se"]
    others = frame["player"] != "b"
    assert ratio[others].between(1 / 1.5, 1.5).all(), ratio
    truth = SCALE * (theta - theta[1])
    assert (np.abs(frame["rating"] - truth)[others] < 4 * frame["rating_se"][others]).all()


def test_pareto_frontier():
    speed = [100.0, 10.0, 50.0, 1.0, 50.0, np.nan, 1000.0]
    rating = [0.0, 200.0, 100.0, 150.0, 80.0, 999.0, -50.0]
    # d (1 g/s, 150) is beaten by b (10 g/s, 200); e by c; the NaN never counts
    assert pareto_frontier(speed, rating).tolist() == [True, True, True, False, False, False, True]
    assert pareto_frontier([5.0, 5.0], [1.0, 1.0]).tolist() == [True, True]  # ties stand together


def test_schedule_neighbours_anchor_and_windows():
    names = ["r", "c", "g", "t", "s"]
    heads_up = schedule(names, 2, "g")
    assert heads_up == [("r", "c"), ("r", "g"), ("c", "g"), ("g", "t"), ("t", "s"), ("s", "g")]
    assert schedule(names, 4, "g") == [("r", "c", "g", "t"), ("c", "g", "t", "s")]
    assert schedule(["a", "b"], 4, "a") == [("a", "b", "a", "b")]
    with pytest.raises(Exception, match="anchor"):
        schedule(names, 2, "x")


def test_default_rungs_are_the_full_ladder():
    rungs = default_rungs()
    assert rungs[:3] == ["random", "classic", "greedy"]
    assert set(presets()) <= set(rungs) and set(BASE) <= set(rungs)
    assert search.QUICK in rungs  # the quick search, between the budgets 4 and 8
    budgets = [n for n in rungs if n.split("[")[0] == "search" and n != search.QUICK]
    at = list(search.PARAMS).index("rollouts")
    assert sorted(resolve(n).base_params[at] for n in budgets) == [1, 2, 4, 8, 16]
    assert len(set(resolve(n).name for n in rungs)) == len(rungs)
    assert rungs[-1] == "champion"  # the strongest player, last: its neighbours are the strong


def _config(chunk: int, games: int = 30):
    config = {
        "kind": "ladder",
        "name": "ladder",
        "players": [2, 4],
        "games": games,
        "seed": 7,
        "rules": {},
        "source": "test",
        "strategies": ["random", "classic", "greedy", "farmer", "tuned"],
        "cost_seconds": 0.02,
        "chunk_games": chunk,
    }
    return kind_named(config["kind"]).EXPERIMENT.read(config)


RATING_COLUMNS = ["player", "rating_2p", "low_2p", "high_2p", "games_2p", "rating_4p", "low_4p"]


@pytest.fixture(scope="module")
def ladder_runs(tmp_path_factory):
    """One ladder in one chunk per table, and again in chunks of 7 games on 2 processes."""
    root = tmp_path_factory.mktemp("ladder")
    run_experiment(_config(30), root / "whole", progress=False)
    run_experiment(_config(7), root / "chunked", workers=2, progress=False)
    return root


def test_ratings_do_not_depend_on_chunking_or_workers(ladder_runs):
    whole, chunked = ladder_runs / "whole", ladder_runs / "chunked"
    digest = {
        f: hashlib.sha256((f / "ratings.csv").read_bytes()).hexdigest() for f in (whole, chunked)
    }
    assert digest[whole] == digest[chunked]
    a, b = (pd.read_csv(f / "ladder.csv") for f in (whole, chunked))
    pd.testing.assert_frame_equal(a[RATING_COLUMNS], b[RATING_COLUMNS])
    ratings = pd.read_csv(whole / "ratings.csv")
    # every seat of every table is counted: heads-up, each game gives two seats
    heads_up = ratings[ratings["players"] == 2]
    tables = schedule(list(heads_up["player"]), 2, "greedy+ev")
    assert heads_up["games"].sum() == 2 * 30 * len(tables)
    assert ratings.loc[ratings["player"] == "greedy+ev", "rating"].eq(0).all()
    costs = pd.read_csv(whole / "costs.csv")
    assert (costs["timed_games"] >= 1).all() and list(costs["player"]) == list(a["player"])
    assert clusters_for(30) == 30 and clusters_for(10**6) == 50


def test_the_report_has_a_ladder_section(ladder_runs, tmp_path):
    write_report([ladder_runs / "whole"], "ladder", tmp_path)
    text = (tmp_path / "report.md").read_text()
    assert "strength ladder" in text and "| player | 2p rating | 4p rating | games/s |" in text
    assert (tmp_path / "figures" / "whole-strength-cost.png").is_file()


def test_cli_help_and_a_tiny_run(tmp_path):
    shown = invoke("ladder", "--help")
    assert shown.exit_code == 0 and "Bradley-Terry" in shown.output and "--resume" in shown.output
    out = tmp_path / "out"
    args = ["ladder", "--strategy", "random", "--strategy", "greedy", "--strategy", "classic"]
    done = invoke(*args, "--games", 8, "--players", 2, "--no-costs", "--out", out)
    assert done.exit_code == 0, done.output
    assert "greedy+ev" in done.output and "cost not measured" in done.output
    for name in ("ladder.csv", "ratings.csv", "costs.csv", "ladder.png", "run.json"):
        assert (out / name).is_file(), name
    assert list(pd.read_csv(out / "ratings.csv")["players"].unique()) == [2]


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--strategy", "random", "--strategy", "nonsense"], "unknown strategy"),
        (["--strategy", "random", "--strategy", "classic", "--anchor", "greedy"], "anchor"),
        (["--strategy", "random"], "at least two"),
        (["--strategy", "search[rollouts=x]", "--strategy", "greedy"], "finite number"),
        (["--cost-seconds", "-1"], "cost-seconds"),
        (["--cost-seconds", "0"], "above 0"),  # no costs is --no-costs
        (["--games", "100000", "--chunk-size", "1"], "at most 100,000"),
    ],
)
def test_bad_input_is_one_line_and_writes_nothing(tmp_path, extra, message):
    before = snapshot(tmp_path)
    line = assert_refused(invoke("ladder", *extra, "--out", tmp_path / "out"), tmp_path, before)
    assert message in line


def test_resume_refuses_another_ladders_folder(ladder_runs, tmp_path):
    folder = tmp_path / "done"
    shutil.copytree(ladder_runs / "whole", folder)
    before = snapshot(tmp_path)
    args = ["ladder", "--strategy", "random", "--strategy", "greedy", "--games", 5]
    line = assert_refused(invoke(*args, "--out", folder, "--resume"), tmp_path, before)
    assert "different experiment" in line


def test_an_experiment_file_turns_the_costs_off_with_false_not_zero():
    from experiments.ladder.settings import LadderExperiment

    config = {"kind": "ladder", "name": "l", "players": [2], "games": 4, "seed": 1, "rules": {}}
    off = {**config, "strategies": ["random", "greedy"], "cost_seconds": False}
    assert LadderExperiment.read(off).cost_seconds == 0.0
    with pytest.raises(InputError, match="cost_seconds must be above 0"):
        LadderExperiment.read({**config, "strategies": ["random", "greedy"], "cost_seconds": 0})


def test_generations_of_a_model_get_their_own_chart():
    """Rungs that are generations of a shipped model (``selfplay-gK``, ``selfplay`` its last)
    are found by name and charted by generation; other rungs are not generations, nor is a
    generation played with other settings; a model's lone generation is drawn as a level."""
    import pandas as pd

    from experiments.ladder.report import generations, generations_figure
    from strategies.value_model import generation_of

    last = generation_of("selfplay")[1]
    players = ["greedy+ev", "learned[model=selfplay-g1]+ev", "learned[model=selfplay]+ev",
               "learned+ev", "learned[model=linear]+ev", "search+search",
               "learned[herd_3_4=0.3,model=selfplay]+ev",
               "learned[model=selfplay2]+ev"]  # fmt: skip
    found = generations(pd.Series(players))
    assert found["player"].tolist() == [*players[1:3], players[7]]
    assert found["generation"].tolist() == [1, last, generation_of("selfplay2")[1]]
    assert found["model"].tolist() == ["selfplay", "selfplay", "selfplay2"]
    table = pd.DataFrame({"player": players})
    for column, values in (("rating", [0, 50, 90, 20, 20, 80, 95, 70]),
                           ("low", [0, 40, 80, 10, 10, 70, 85, 60]),
                           ("high", [0, 60, 100, 30, 30, 90, 105, 80])):  # fmt: skip
        table[f"{column}_4p"] = values
    figure = generations_figure(table)
    assert figure is not None
    labels = figure.axes[0].get_legend_handles_labels()[1]
    assert labels == ["selfplay, by generation"]  # selfplay2's lone generation is a level
    assert generations_figure(table.drop(index=2)) is None  # one generation each: no chart
