"""Final scoring (docs/rules.md A7, B2.5): parts add up, the tie-break, the mammoth majority."""

from __future__ import annotations

import numpy as np
import pytest

from sim.constants import FOOD, GOLD, STONE, WOOD
from sim.invariants import SCORING, check
from sim.rules import Rules
from sim.scoring import final_scoring
from sim.state import (
    AGRICULTURE,
    CHOICE_TOKENS,
    CULTURE,
    FIGURES,
    GOODS,
    H_TILES_WON,
    HERD,
    I_MAJORITY_CHANGED,
    I_TILE_POS,
    N_BUILDINGS_HELD,
    N_PARTS,
    ONE_TIME_TOOLS,
    P_BUILDING,
    P_CARD,
    P_CULTURE,
    P_FARMER,
    P_HERD_BONUS,
    P_HUTBUILDER,
    P_MAMMOTH,
    P_RESOURCE,
    P_SHAMAN,
    P_STARVATION,
    P_TOOLMAKER,
    PARTS,
    PEOPLE,
    RANK,
    SCORE,
    STACK_TAKEN,
    TOOLS,
)


def _score(st, players):
    final_scoring(st, 0, H_TILES_WON, np.zeros(8, dtype=np.int64))
    return st.seat[0, :players, SCORE].tolist(), st.seat[0, :players, RANK].tolist()


def test_score_parts_add_up(sa):
    st = sa.new(2)
    seat = st.seat[0, 0]
    seat[PARTS + P_BUILDING] = 57
    seat[PARTS + P_CARD] = 6
    seat[PARTS + P_STARVATION] = -20
    seat[PARTS + P_HERD_BONUS] = 4
    seat[CULTURE : CULTURE + 8] = (2, 1, 1, 0, 0, 0, 0, 1)  # 16 + 1
    seat[FIGURES + 1 : FIGURES + 5] = (2, 3, 1, 4)
    seat[AGRICULTURE] = 5
    seat[TOOLS : TOOLS + 3] = (3, 3, 2)
    seat[ONE_TIME_TOOLS] = 4
    seat[N_BUILDINGS_HELD] = 5
    seat[PEOPLE] = 7
    seat[GOODS : GOODS + 5] = (8, 1, 0, 2, 1)
    seat[CHOICE_TOKENS] = 2
    seat[HERD + H_TILES_WON] = 1
    (score, _), _ = _score(st, 2)
    parts = dict(zip(range(N_PARTS), st.seat[0, 0, PARTS : PARTS + N_PARTS].tolist(), strict=True))
    assert parts == {
        P_BUILDING: 57,
        P_CARD: 6,
        P_CULTURE: 17,
        P_FARMER: 10,
        P_TOOLMAKER: 24,
        P_HUTBUILDER: 5,
        P_SHAMAN: 28,
        P_RESOURCE: 6,
        P_STARVATION: -20,
        P_HERD_BONUS: 4,
        P_MAMMOTH: 10,
    }
    assert score == sum(parts.values()) == 147
    st.game[0, STACK_TAKEN] = 5  # make the hand-built state consistent for the invariants
    st.game[0, I_TILE_POS] = 1
    assert check(st, 0, SCORING) == 0
    st.seat[0, 0, SCORE] += 1
    assert check(st, 0, SCORING) == 8


def test_tie_break_and_shared_rank(sa):
    st = sa.new(4, rules=Rules(herd=False))
    st.seat[0, :4, PARTS + P_BUILDING] = (30, 30, 30, 12)
    st.seat[0, :4, GOODS + FOOD] = 0
    st.seat[0, 0, AGRICULTURE] = 2  # 7
    st.seat[0, 1, TOOLS : TOOLS + 3] = (1, 1, 0)  # 7
    st.seat[0, 2, PEOPLE] = 6  # 6
    st.seat[0, 3, GOODS + GOLD] = 30  # 42 points: the clear winner
    scores, ranks = _score(st, 4)
    assert scores == [30, 30, 30, 42]
    assert ranks == [2, 2, 4, 1]
    st.seat[0, 3, GOODS + GOLD] = 0
    scores, ranks = _score(st, 4)
    assert ranks == [1, 1, 3, 4]  # still tied after the tie-break: a shared win


@pytest.mark.parametrize(
    ("tiles", "mammoth"),
    [
        ((2, 2, 1, 0), (10, 10, 0, 0)),
        ((0, 3, 1, 1), (0, 10, 0, 0)),
        ((1, 1, 1, 1), (10, 10, 10, 10)),
        ((0, 0, 0, 0), (0, 0, 0, 0)),  # a majority of nothing scores nothing
    ],
)
def test_mammoth_majority(sa, tiles, mammoth):
    st = sa.new(4)
    st.seat[0, :4, HERD + H_TILES_WON] = tiles
    scores, _ = _score(st, 4)
    assert st.seat[0, :4, PARTS + P_MAMMOTH].tolist() == list(mammoth)
    assert scores == list(mammoth)  # food (12 each) scores nothing


@pytest.mark.parametrize("rules", [Rules(mammoth_points=0), Rules(herd=False)])
def test_mammoth_scoring_off(sa, rules):
    st = sa.new(3, rules=rules)
    st.seat[0, :3, HERD + H_TILES_WON] = (3, 1, 0)
    scores, _ = _score(st, 3)
    assert scores == [0, 0, 0]
    assert not st.seat[0, :3, PARTS + P_MAMMOTH].any()


def test_mammoth_points_switch(sa):
    st = sa.new(2, rules=Rules(mammoth_points=7))
    st.seat[0, :2, HERD + H_TILES_WON] = (1, 2)
    scores, _ = _score(st, 2)
    assert scores == [0, 7]


def test_majority_changed_flag(sa):
    st = sa.new(2)
    st.seat[0, 0, GOODS + STONE] = 5  # 5 points
    st.seat[0, 1, HERD + H_TILES_WON] = 1  # 10 points: the majority decides the winner
    _, ranks = _score(st, 2)
    assert ranks == [2, 1] and st.game[0, I_MAJORITY_CHANGED] == 1
    st.seat[0, 0, GOODS + WOOD] = 20
    _, ranks = _score(st, 2)
    assert ranks == [1, 2] and st.game[0, I_MAJORITY_CHANGED] == 0
