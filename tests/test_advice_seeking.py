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
from experiments.shared.definition import experiment_from_settings
from experiments.shared.report_card_words import seek_lines, when_text
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


@pytest.mark.heavy_kernel  # plays the light kernel's advice or analysis entry
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
