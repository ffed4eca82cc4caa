"""The ``metagame`` kind: exact statistics whatever the chunking or workers, the payoff table's
identities, and bad input refused in one line."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from cli_contract import assert_refused, invoke, snapshot

from experiments.shared.analysis_metagame import payoff_table
from experiments.shared.definition import experiment_from_settings
from experiments.shared.runner import run_experiment

STRATEGIES = ["greedy+never", "greedy+ev", "greedy+majority"]


def _config(chunk: int, games: int = 24) -> dict:
    return experiment_from_settings(
        {
            "kind": "metagame",
            "players": [2, 3],
            "games": games,
            "seed": 9,
            "chunk_games": chunk,
            "strategies": list(STRATEGIES),
            "bootstrap": 20,
        },
        "test",
    )


def _same(a: dict, b: dict) -> None:
    assert a.keys() == b.keys()
    for key in a:
        assert a[key].dtype == b[key].dtype and np.array_equal(a[key], b[key]), key


def _files(folder) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.glob("*.csv"))}


@pytest.fixture(scope="module")
def whole(tmp_path_factory):
    folder = tmp_path_factory.mktemp("whole")
    return folder, run_experiment(_config(24), folder, progress=False)


def test_chunking_and_workers_do_not_change_the_table(tmp_path, whole):
    folder, merged = whole
    many = run_experiment(_config(7), tmp_path / "many", progress=False, workers=2)
    assert len(list((tmp_path / "many" / "chunks").glob("*.npz"))) == 8
    _same(merged, many)
    assert _files(folder) and _files(folder) == _files(tmp_path / "many")


def test_the_payoff_table_adds_up(whole):
    folder, merged = whole
    for seats in (2, 3):
        stats = {k.split(".", 1)[1]: v for k, v in merged.items() if k.startswith(f"n{seats}.")}
        payoff, se, reps = payoff_table(stats, seats)
        from experiments.library.symmetric_game import profiles

        counts = profiles(len(STRATEGIES), seats)
        # the seats' shares add up to one game won in every profile, and in every replicate
        assert np.allclose((counts * payoff).sum(axis=1), 1.0)
        assert np.allclose((counts[None] * reps).sum(axis=2), 1.0)
        # a table of one strategy wins exactly its par share, with no error
        for k in range(len(STRATEGIES)):
            row = np.flatnonzero(counts[:, k] == seats)[0]
            assert payoff[row, k] == pytest.approx(1 / seats) and se[row, k] == pytest.approx(0)
    table = pd.read_csv(folder / "payoff.csv")
    assert set(table["players"]) == {2, 3} and (table["games"] == 24).all()
    eq = pd.read_csv(folder / "equilibrium.csv")
    for _, part in eq.groupby("players"):
        assert part["weight"].sum() == pytest.approx(100)
        assert part["behind_best"].max() == pytest.approx(0, abs=1e-6)
    for name in ("payoff.parquet", "deviations.csv", "equilibria.csv", "metagame.md", "run.json"):
        assert (folder / name).is_file(), name
    assert (folder / "figures" / "metagame_heatmap.png").is_file()


@pytest.mark.parametrize(
    "args, message",
    [
        (["--strategy", "greedy+ev"], "at least two"),
        (["--strategy", "greedy", "--strategy", "greedy+ev"], "named twice"),
        (["--strategy", "nobody", "--strategy", "greedy"], "unknown strategy"),
        (["--bootstrap", "5"], "bootstrap"),
        (["--players", "5"], "5"),
        (["--games", "0"], "games"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(tmp_path, args, message):
    before = snapshot(tmp_path)
    result = invoke("metagame", "--out", tmp_path / "out", "--games", "2", *args)
    line = assert_refused(result, tmp_path, before)
    assert message in line


@pytest.mark.parametrize("players, counts", [(3, (1, 2)), (4, (2, 2))])
def test_a_profile_plays_the_games_play_games_plays(tmp_path, players, counts):
    """Issue 60: a profile's payoffs are those of the same games played by
    :func:`strategies.play.play_games` (same seed, game indices and seat rotation), exactly."""
    from experiments.library.symmetric_game import profile_seats, profiles
    from experiments.shared.paired import win_twelfths
    from strategies.play import play_games

    names, games, seed = ["greedy+never", "greedy+ev"], 11, 17
    config = experiment_from_settings(
        {"kind": "metagame", "players": [players], "games": games, "seed": seed,
         "chunk_games": 4, "strategies": names, "bootstrap": 10},
        "test",
    )  # fmt: skip
    merged = run_experiment(config, tmp_path / "meta", progress=False)
    row = [tuple(c) for c in profiles(len(names), players)].index(counts)
    shares = merged[f"n{players}.share"][row]  # twelfths of a game won, summed over the games
    frame = play_games(
        games, players, [names[k] for k in profile_seats(counts)], seed=seed, rotate=True
    )
    won = win_twelfths(frame["winner"].to_numpy().reshape(games, players)).ravel()
    expected = [int(won[(frame["strategy"] == name).to_numpy()].sum()) for name in names]
    assert shares.tolist() == expected
    assert sum(expected) == 12 * games  # every game won once, ties shared
    wins = frame.groupby("strategy", observed=True)["winner"].sum()
    assert (wins > 0).all()  # both plays won games: the seats' strategies were told apart


def test_the_command_prints_what_its_kind_returns(tmp_path, monkeypatch):
    """``mammoth metagame`` prints the text its kind's ``finish`` returns (``metagame.md``'s),
    not the file read back: a file changed after the run does not reach the output."""
    from experiments.metagame import report

    written, returned = report.write_metagame, []

    def tampered(folder, *args, **kwargs):
        returned.append(written(folder, *args, **kwargs))
        (folder / "metagame.md").write_text("not what the kind returned\n", encoding="utf-8")
        return returned[-1]

    monkeypatch.setattr(report, "write_metagame", tampered)
    result = invoke(
        "metagame", "--out", tmp_path / "out", "--games", "4", "--players", "2",
        "--bootstrap", "10", "--strategy", "greedy+never", "--strategy", "greedy+ev",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert len(returned) == 1 and "| " in returned[0]
    assert returned[0].rstrip() in result.output
    assert "not what the kind returned" not in result.output
