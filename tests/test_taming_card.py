"""The ``card`` taming policy: it commits what the card says, on hand-built and on played games."""

from __future__ import annotations

import json

import numpy as np
import pytest

from experiments.analyses.situations import card_lines
from sim.advising import SITUATION_COLUMNS
from sim.constants import FOREST, MAX_TILE_FIGURES, V_ALL, V_FIRST, VALUES_WIDTH
from sim.contest_exact import outcome_table
from sim.data import load_buildings, load_cards, load_tiles
from sim.rng import STREAM_WORDS
from sim.rules import Rules
from sim.situation import N_SITUATION, fill_situation
from sim.state import (
    GOODS,
    H_ON_TILE,
    H_TILES_WON,
    HERD,
    I_DECK_POS,
    I_HERD_AREA,
    I_N_TILES,
    I_PRIZE,
    I_START_PLAYER,
    I_TILE_POS,
    PEOPLE,
    PLACED,
    TILE_PILE,
    new_state,
    rules_data,
)
from strategies import taming_card as tc
from strategies.play import advise_games, play_games
from strategies.registry import resolve

RNG = np.zeros(STREAM_WORDS, dtype=np.uint64)

# a hand-written card: nobody committed and the better bonus worth >= 5: commit 2; somebody
# committed: none; two players and tiles behind by 2+: 4; otherwise 1
CARD = {
    "rules": [
        {
            "when": [
                {"feature": "committed_most", "lo": None, "hi": 0.5},
                {"feature": "prize", "lo": 5.0, "hi": None},
            ],
            "commit": 2,
        },
        {"when": [{"feature": "committed_most", "lo": 0.5, "hi": None}], "commit": 0},
        {
            "when": [
                {"feature": "players", "lo": None, "hi": 2.5},
                {"feature": "tile_gap", "lo": None, "hi": -1.5},
            ],
            "commit": 4,
        },
    ],
    "default": 1,
}
PARAMS = np.concatenate([np.array(list(tc.PARAMS.values())), tc.card_row(CARD)])


def card_answer(card, situation):
    """The card's rule read in Python from a situation (a dict of the advice's columns)."""
    feats = {
        k: float(v[0])
        for k, v in tc.feature_columns({k: np.array([v]) for k, v in situation.items()}).items()
    }
    for rule in card["rules"]:
        inside = all(
            (c["lo"] is None or feats[c["feature"]] >= c["lo"])
            and (c["hi"] is None or feats[c["feature"]] < c["hi"])
            for c in rule["when"]
        )
        if inside:
            return min(rule["commit"], int(situation["kmax"]))
    return min(card["default"], int(situation["kmax"]))


def _state(players=4, food=20, left=8):
    """The herd on the forest; seat 0 resolves last (every other seat is earlier)."""
    tiles = np.asarray(load_tiles(), dtype=np.int64)
    data = rules_data(load_cards(), load_buildings(), tiles, Rules().kernel_flags())
    st = new_state(1, players, data, outcome_table())
    n = 1 + left
    st.game[0, TILE_PILE : TILE_PILE + n] = np.arange(n)
    st.game[0, I_N_TILES] = n
    st.game[0, I_TILE_POS] = 1
    st.game[0, I_PRIZE] = 0
    st.game[0, I_HERD_AREA] = FOREST
    st.game[0, I_START_PLAYER] = 1 % players
    st.game[0, I_DECK_POS] = 4
    st.seat[0, :players, PEOPLE] = 5
    st.seat[0, :players, GOODS] = food
    return st


def _values(first, all_=0.0):
    values = np.full(VALUES_WIDTH, 1.0)
    values[V_FIRST] = first
    values[V_ALL] = all_
    return values


def _situation(st, available, values):
    out = np.zeros(N_SITUATION)
    clock = np.array(tc.CLOCK)
    fill_situation(st, 0, 0, available, values[V_FIRST], values[V_ALL], clock, out)
    return dict(zip(SITUATION_COLUMNS, out, strict=True))


CASES = {
    # name: (players, earlier commitment, available, food, first worth, tiles mine/other, expect)
    "nobody, rich prize": (4, 0, 5, 20, 8.0, (0, 0), 2),
    "nobody, rich prize, one figure": (4, 0, 1, 20, 8.0, (0, 0), 1),
    "nobody, rich prize, pays one": (4, 0, 5, 1, 8.0, (0, 0), 1),
    "somebody committed": (4, 1, 5, 20, 8.0, (0, 0), 0),
    "nobody, poor prize": (4, 0, 5, 20, 3.0, (0, 0), 1),
    "two players, far behind": (2, 0, 5, 20, 3.0, (0, 2), 4),
    "two players, far behind, rich": (2, 0, 5, 20, 9.0, (0, 2), 2),
    "three players, far behind": (3, 0, 5, 20, 3.0, (0, 2), 1),
}


@pytest.mark.parametrize("case", CASES)
def test_card_commits_what_the_card_says_on_hand_built_situations(case):
    players, earlier, available, food, first, (mine, other), expect = CASES[case]
    st = _state(players=players, food=food)
    st.seat[0, 0, PLACED + FOREST] = available
    st.seat[0, 1, HERD + H_ON_TILE] = earlier
    st.seat[0, 1, PLACED + FOREST] = earlier
    st.seat[0, 0, HERD + H_TILES_WON] = mine
    st.seat[0, 1, HERD + H_TILES_WON] = other
    values = _values(first)
    got = tc.commit_figures(st, 0, 0, PARAMS, RNG, available, values)
    assert got == expect
    assert got == card_answer(CARD, _situation(st, available, values))


def test_the_kernel_row_of_a_card_holds_its_rules():
    row = tc.card_row(CARD)
    assert row[2] == CARD["default"] and row[3] == len(CARD["rules"])
    assert row.shape[0] == 4 + len(CARD["rules"]) * tc.RULE_WIDTH
    assert np.all(np.isfinite(row))


def test_the_shipped_card_is_the_one_the_policy_reads_and_says_how_it_was_made():
    card = tc.load_card()
    # the row a seat playing the card hands the kernel, read back rule by rule against the file
    row = resolve("greedy+card").taming_params[tc.AT :]
    rules = card["rules"]
    assert row[2] == card["default"] and row[3] == len(rules)
    assert len(row) == 4 + len(rules) * tc.RULE_WIDTH
    for r, rule in enumerate(rules):
        at = 4 + r * tc.RULE_WIDTH
        assert row[at] == rule["commit"]
        bounds = row[at + 1 : at + tc.RULE_WIDTH].reshape(-1, 2)
        named = {c["feature"]: c for c in rule["when"]}
        for f, feature in enumerate(tc.FEATURES):
            lo, hi = bounds[f]
            cond = named.get(feature, {})
            assert lo == (cond["lo"] if cond.get("lo") is not None else -tc.OPEN), (r, feature)
            assert hi == (cond["hi"] if cond.get("hi") is not None else tc.OPEN), (r, feature)
    assert card["provenance"]["command"].startswith("mammoth advise ")
    assert "--seed" in card["provenance"]["command"] and card["provenance"]["decisions"] > 0
    assert 1 <= len(card["rules"]) <= 12
    assert all(0 <= r["commit"] <= MAX_TILE_FIGURES for r in card["rules"])
    for rule in card["rules"]:
        assert {c["feature"] for c in rule["when"]} <= set(tc.FEATURES)
    lines = card_lines(card)  # one screen
    assert len(lines) <= 24 and max(map(len, lines)) <= 200


@pytest.mark.parametrize("players", [2, 3, 4])
def test_card_follows_the_shipped_card_in_played_games(players):
    """Every decision of the card seat in real games: its commitment is the card's rule read
    from the situation the advice run records (the same numbers the policy reads)."""
    seats = ["greedy+card"] + ["greedy"] * (players - 1)
    decisions = advise_games(12, players, seats, playouts=1, seed=7, seat=0)
    assert len(decisions) >= 5
    card = tc.load_card()
    if players > 2:  # the shipped card's rules other than the default are met, and followed
        assert (decisions["k_field"] != card["default"]).any()
    for _, row in decisions.iterrows():
        situation = {c: row[c] for c in SITUATION_COLUMNS}
        assert row["k_field"] == card_answer(card, situation), situation


def test_greedy_with_card_plays_full_games():
    games = play_games(40, 4, ["greedy+card", "greedy", "greedy", "greedy"], seed=3, rotate=True)
    card = games[games["strategy"] == "greedy+card"]
    assert len(card) == 40 and not games["safety_stop"].any()
    assert card["figures_committed"].sum() > 0


@pytest.mark.slow  # some 4 minutes on 2 cores: the shipped card's own advice run
def test_the_shipped_card_is_what_its_command_derives(tmp_path):
    import shlex

    from click.testing import CliRunner

    from experiments.cli import main

    card = tc.load_card()
    words = shlex.split(card["provenance"]["command"])[1:]
    result = CliRunner().invoke(main, [*words, "--workers", "2", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    made = json.loads((tmp_path / "card.json").read_text())
    assert made == card
