"""Whether to seek the herd: the seek table and the card's seek part
(experiments.advice.analysis_seeking), on made-up placement decisions with known effects, and on a
small advice run whatever its chunking."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

from experiments.advice.analysis_seeking import (
    FIELDS_DISAGREE,
    MIN_GAMES,
    SEEKING_LOSES,
    cell_answers,
    derive_seek,
    seek_table,
)
from experiments.advice.report_words import seek_lines, when_text, worded_card
from experiments.shared.definition import experiment_from_settings
from experiments.shared.runner import run_experiment
from strategies.taming_card import card_row, load_card


def _decisions(effects: dict, games: int = 60, per_game: int = 4, seed: int = 1) -> pd.DataFrame:
    """Placement decisions: ``effects[(field, players, rivals)]`` is the true effect of seeking
    (a win share difference), or ``(effect, spread)``; each decision's win shares are 0.5 -/+
    half of it plus noise shared by both options (common random numbers) and the effect's own
    noise (standard deviation ``spread``, default 0.01)."""
    rng = np.random.default_rng(seed)
    rows = []
    for (field, players, rivals), planted in effects.items():
        effect, spread = planted if isinstance(planted, tuple) else (planted, 0.01)
        for g in range(games):
            for j in range(per_game):
                base = 0.5 + rng.normal(0, 0.1)
                noise = rng.normal(0, spread)
                rows.append(
                    {
                        "field": field,
                        "kind": "place",
                        "game": g,
                        "seat": j % players,
                        "round": j,
                        "players": players,
                        "first_worth": 4.0,
                        "all_worth": 1.0,
                        "tiles_mine": 0,
                        "tiles_leader": 0,
                        "rounds_left": 5.0,
                        "rivals": rivals,
                        "win_0": base - effect / 2,
                        "win_1": base + effect / 2 + noise,
                    }
                )
    return pd.DataFrame(rows)


def test_a_clear_effect_in_every_field_gives_the_answer_and_the_rule():
    effects = {
        ("a", 2, 0): 0.05,
        ("b", 2, 0): 0.04,
        ("a", 4, 0): 0.02,
        ("b", 4, 0): 0.02,
        ("a", 4, 1): -0.06,
        ("b", 4, 1): -0.05,
    }
    table = seek_table(_decisions(effects))
    # the effect measured in a cell and field is the one planted, within its interval
    cell = table[(table["field"] == "a") & (table["decisions"] > 0)]
    assert ((cell["lo"] <= cell["effect"]) & (cell["effect"] <= cell["hi"])).all()
    measured = sorted(cell["effect"].round(2))
    assert measured == pytest.approx(sorted([0.05, 0.02, -0.06]), abs=0.006)
    seek = derive_seek(table)
    assert seek["default"] is True  # most decisions gain by seeking
    assert len(seek["rules"]) == 1
    rule = seek["rules"][0]
    assert rule["seek"] is False
    assert rule["when"] == [{"feature": "rivals", "lo": 0.5, "hi": None}]
    assert rule["effect"] == pytest.approx(-0.055, abs=0.006)
    assert rule["lo"] < rule["effect"] < rule["hi"] < 0
    lines = seek_lines(seek)
    assert lines[0].startswith("1. someone on the herd's area already: do not go out")
    assert lines[-1].startswith("Otherwise: seek the herd")


def _three(effects: dict) -> pd.Series:
    answers = cell_answers(seek_table(_decisions(effects)))
    situation = answers["when"].map(when_text)
    three = answers[situation.str.startswith("3 players") & (answers["decisions"] > 0)]
    assert len(three) == 1
    return three.iloc[0]


def test_an_answer_that_loses_measurably_in_one_field_does_not_stand():
    """Seeking gains on average (field a: +6 pp, too noisy to tell) but loses measurably in
    field b (-2 pp): the worst case decides, stay away."""
    row = _three({("a", 3, 0): (0.06, 0.8), ("b", 3, 0): -0.02})
    assert row["effect"] > 0 and row["worst"] < 0  # the mean says seek, field b says no
    assert row["seek"] is False
    assert row["why"] == SEEKING_LOSES
    # the other way round: staying away loses measurably in b, seeking nowhere: seek
    row = _three({("a", 3, 0): (-0.06, 0.8), ("b", 3, 0): 0.02})
    assert row["effect"] < 0 and row["seek"] is True


def test_when_both_answers_lose_somewhere_the_smaller_worst_loss_wins():
    """Field a gains 6 pp by seeking, field b loses 2 (both measurable): staying away would
    cost a 6, seeking costs b 2, so the card seeks."""
    row = _three({("a", 3, 0): 0.06, ("b", 3, 0): -0.02})
    assert row["seek"] is True and row["why"] == FIELDS_DISAGREE
    row = _three({("a", 3, 0): 0.02, ("b", 3, 0): -0.06})
    assert row["seek"] is False and row["why"] == FIELDS_DISAGREE


def test_a_cell_with_too_few_games_in_a_field_takes_the_default():
    effects = {("a", 2, 0): 0.05, ("b", 2, 0): 0.05}
    few = _decisions({("a", 4, 0): -0.05}, games=MIN_GAMES - 1, seed=2)
    few = pd.concat([few, _decisions({("b", 4, 0): -0.05}, seed=3)], ignore_index=True)
    table = seek_table(pd.concat([_decisions(effects), few], ignore_index=True))
    answers = cell_answers(table)
    situation = answers["when"].map(when_text)
    four = answers[situation.str.startswith("4 players") & (answers["decisions"] > 0)]
    assert four.iloc[0]["seek"] is None
    assert derive_seek(table)["rules"] == []


def test_the_card_row_holds_the_seek_part_the_policy_reads():
    seek = derive_seek(
        seek_table(_decisions({("a", 4, 1): -0.06, ("a", 4, 0): 0.02, ("a", 2, 0): 0.03}))
    )
    card = {"rules": [], "default": 1, "seek": seek}
    row = card_row(card)
    at = 4  # no commitment rules
    assert row[at] == 1.0 and row[at + 1] == len(seek["rules"]) == 1
    assert row[at + 2] == 0.0  # the rule says: do not seek


@pytest.fixture(scope="module")
def placement_runs(tmp_path_factory):
    """The same small advice run with placements, in two fields, chunked two ways."""
    folders = []
    for chunk in (2, 5):
        settings = {
            "kind": "advice",
            "name": "seek",
            "players": [2, 4],
            "games": 6,
            "seed": 9,
            "chunk_games": chunk,
            "rules": {},
            "fields": [["greedy"], ["greedy+majority"]],
            "placements": True,
            "playouts": 2,
        }
        folder = tmp_path_factory.mktemp(f"chunks{chunk}")
        run_experiment(experiment_from_settings(settings, "test"), folder, progress=False)
        folders.append(folder)
    return folders


def test_the_pooled_card_does_not_depend_on_the_chunking(placement_runs):
    one, other = placement_runs
    for name in ("seek.csv", "card.json", "card.md", "advice.csv"):
        assert (one / name).read_bytes() == (other / name).read_bytes(), name
    decisions = pd.read_parquet(one / "decisions.parquet")
    assert set(decisions["field"]) == {"greedy", "greedy+majority"}
    assert set(decisions["kind"]) == {"commit", "place"}
    card = json.loads((one / "card.json").read_text())
    assert "seek" in card and isinstance(card["seek"]["default"], bool)
    seek = pd.read_csv(one / "seek.csv")
    assert set(seek["field"]) == {"greedy", "greedy+majority"}
    # a run's card file is a card the player can read back
    path = one / "card.json"
    assert load_card(path)["seek"] == card["seek"]


def _check(effects: dict, seek_off: str = "card[file=x.json,seek=0]") -> pd.DataFrame:
    """A card check table: ``effects[(players, field)] = (card minus the card never seeking,
    low, high)``, in pp."""
    rows = [
        {
            "card": "card[file=x.json]",
            "field": field,
            "tiles": "default",
            "players": players,
            "policy": seek_off,
            "games": 1000,
            "card_win": 30.0,
            "policy_win": 30.0 - effect,
            "card_minus": effect,
            "card_minus_low": low,
            "card_minus_high": high,
        }
        for (players, field), (effect, low, high) in effects.items()
    ]
    return pd.DataFrame(rows)


def test_the_gate_stays_away_where_seeking_loses_a_field_or_gains_in_none_over_whole_games():
    seek = {
        "rules": [
            {"when": [{"feature": "players", "lo": 2.5, "hi": None}], "seek": False},
            {"when": [{"feature": "rivals", "lo": 0.5, "hi": None}], "seek": False},
        ],
        "default": True,
    }
    check = _check(
        {
            (2, "a"): (20.0, 19.0, 21.0),
            (2, "b"): (18.0, 17.0, 19.0),
            (3, "a"): (3.0, 2.0, 4.0),
            (3, "b"): (-1.0, -1.8, -0.2),  # b loses measurably at 3 players
            (4, "a"): (-0.5, -1.5, 0.5),  # not measurably
            (4, "b"): (-2.0, -3.0, -1.0),
        }
    )
    from experiments.advice.analysis_seeking import gate_seek

    gated = gate_seek(seek, check, "card[file=x.json,seek=0]")
    assert gated["gated"] == [3, 4]
    first = gated["rules"][0]
    assert first["when"] == [{"feature": "players", "lo": 2.5, "hi": 4.5}] and not first["seek"]
    assert "text" not in first  # the words are the report's
    worded = worded_card({"rules": [], "seek": gated})["seek"]["rules"][0]
    assert worded["text"] == "3-4 players"
    assert worded["gate"]["3 players, b (default tiles)"] == [-1.0, -1.8, -0.2]
    # the rule that could only fit at 3-4 players is gone; the one without players stays
    assert gated["rules"][1:] == [seek["rules"][1]]
    assert gated["default"] is True
    lines = seek_lines(gated)
    assert "whole games" in lines[0] and "−2.00 pp [−3.00, −1.00] at 4 players, b" in lines[0]
    # a measurable gain somewhere and no measurable loss: nothing gated, the rules as they were
    kept = _check(
        {(3, "a"): (1.0, 0.2, 1.8), (3, "b"): (-0.3, -0.9, 0.3), (4, "a"): (0.9, 0.1, 1.7)}
    )
    assert gate_seek(seek, kept, "card[file=x.json,seek=0]")["rules"] == seek["rules"]
    # nothing measurable either way at 4 players: the part has not earned its place there
    calm = _check({(3, "a"): (1.0, 0.2, 1.8), (4, "a"): (-0.4, -1.4, 0.6)})
    gated = gate_seek(seek, calm, "card[file=x.json,seek=0]")
    assert gated["gated"] == [4]
    assert gated["rules"][0]["when"] == [{"feature": "players", "lo": 3.5, "hi": 4.5}]
    assert gated["rules"][1:] == seek["rules"]  # 3+ players still fits at 3


def test_the_goals_read_the_best_fixed_and_computer_policy_of_each_table():
    from experiments.card.card_check.analysis import card_goals

    rows = []
    for policy, minus, low, high in (
        ("never", 5.0, 4.0, 6.0),
        ("fixed-1", -0.2, -1.0, 0.6),  # the best fixed policy: the card's smallest lead
        ("ev", -0.4, -1.2, 0.4),
        ("majority", -0.8, -1.6, 0.0),  # the best computer policy
        ("card[seek=0]", 2.0, 1.0, 3.0),
    ):
        rows.append(
            {"card": "card", "field": "greedy", "tiles": "default", "players": 3,
             "policy": policy, "games": 500, "card_win": 30.0, "policy_win": 30.0 - minus,
             "card_minus": minus, "card_minus_low": low, "card_minus_high": high}
        )  # fmt: skip
    goals = card_goals(pd.DataFrame(rows)).iloc[0]
    assert goals["best_fixed"] == "fixed-1" and goals["vs_fixed"] == -0.2
    assert goals["fixed_goal"]  # -0.2 >= -0.3 and the interval reaches 0
    assert goals["best_computer"] == "majority" and not goals["computer_goal"]  # -0.8 < -0.5
    assert goals["vs_no_seek"] == 2.0 and goals["games"] == 500
    rows[1]["card_minus"], rows[1]["card_minus_high"] = -0.4, 0.4
    assert not card_goals(pd.DataFrame(rows)).iloc[0]["fixed_goal"]  # -0.4 < -0.3


def test_check_card_gate_writes_the_gated_card_with_its_command(tmp_path):
    """``mammoth check-card card[file=...] --gate``: check.csv, goals and the card written back,
    its provenance's ``gates`` naming the command; a card that is not a file is refused."""
    from click.testing import CliRunner

    from experiments.cli import main

    card = tmp_path / "card.json"
    card.write_text((__import__("pathlib").Path("docs") / "card_example.json").read_text())
    name = f"card[file={card}]"
    args = ["check-card", name, "--players", "2", "3", "--games", "20", "--seed", "5",
            "--field", "greedy", "--policy", f"card[file={card},seek=0]", "--gate",
            "--out", str(tmp_path / "out")]  # fmt: skip
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    out = tmp_path / "out"
    for file in ("check.csv", "goals.csv", "check.md", "card.json", "card.md", "card.html"):
        assert (out / file).is_file(), file
    gated = json.loads((out / "card.json").read_text())
    command = gated["provenance"]["gates"][-1]
    assert command.startswith(f'mammoth check-card "{name}"') and command.endswith("--gate")
    assert isinstance(gated["seek"]["gated"], list)
    assert load_card(out / "card.json")["rules"] == gated["rules"]
    refused = CliRunner().invoke(main, ["check-card", "card", "--gate", "--out", str(tmp_path)])
    assert refused.exit_code == 2 and "card[file=PATH]" in refused.output
