"""Debug mode: thousands of whole games keep every invariant, and a broken state is caught."""

from __future__ import annotations

from dataclasses import replace

import pytest

from sim.constants import FOOD, WOOD, Effect
from sim.data import load_tiles
from sim.invariants import ACTIONS, FEEDING, MESSAGES, SCORING, TAMING, check
from sim.rules import Rules
from sim.run import Run
from sim.runner import InvariantError, play_state
from sim.state import (
    AGRICULTURE,
    DISPLAY,
    GOODS,
    H_TILES_WON,
    HERD,
    I_ERROR_CODE,
    I_TILES_BOXED,
    N_BUILDINGS_HELD,
    PART_NAMES,
    PEOPLE,
    PLACED,
    TOOLS,
)
from strategies.play import play_games, slots_for

N_GAMES = 2000


@pytest.mark.parametrize("herd", [True, False], ids=["herd", "base"])
@pytest.mark.parametrize("strategy", ["random", "greedy"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_debug_mode_thousands_of_games(players, strategy, herd):
    df = play_games(N_GAMES, players, strategy, seed=players, rules=Rules(herd=herd), debug=True)
    assert len(df) == N_GAMES * players
    assert (df[list(PART_NAMES)].sum(axis=1) == df["score"]).all()
    assert (df.groupby("game")["rank"].min() == 1).all()
    assert df["rounds"].max() <= 200  # the engine's safety stop
    if strategy == "random":  # random buys cards: every game ends by the rules
        assert df["rounds"].max() < 200
    if not herd:
        assert (df["tiles_won"] == 0).all() and (df["herd_rounds"] == 0).all()


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize(
    "rules",
    [
        Rules(),
        Rules(tie_rule="prefix_draw", resources_of_choice="keep"),
        Rules(mammoth_points=0),
    ],
    ids=["default", "prefix-keep", "no-mammoth"],
)
def test_debug_mode_with_taming_policies(players, rules):
    names = ["random+random", "greedy+fixed-2", "greedy+random", "random+fixed-3"][:players]
    for dice in (False, True):
        df = play_games(
            N_GAMES // 2, players, names, seed=9, rules=rules, rotate=True, debug=True,
            dice_contest=dice,
        )  # fmt: skip
        assert df["contests"].sum() > 0 and df["tiles_won"].sum() > 0
        assert (df[list(PART_NAMES)].sum(axis=1) == df["score"]).all()


# ---- debug mode catches broken states -----------------------------------------------------


@pytest.mark.parametrize(
    ("breakage", "code"),
    [
        (lambda st: st.seat.__setitem__((0, 1, GOODS + FOOD), -1), 1),
        (lambda st: st.seat.__setitem__((0, 0, GOODS + WOOD), -3), 1),
        (lambda st: st.seat.__setitem__((0, 2, PEOPLE), 11), 2),
        (lambda st: st.seat.__setitem__((0, 0, AGRICULTURE), 11), 3),
        (lambda st: st.seat.__setitem__((0, 0, TOOLS), 2), 4),  # (2, 0, 0): not raise-the-lowest
        (lambda st: st.game.__setitem__((0, DISPLAY), -1), 5),
        (lambda st: st.seat.__setitem__((0, 0, N_BUILDINGS_HELD), 1), 6),
        (lambda st: st.seat.__setitem__((0, 0, HERD + H_TILES_WON), 1), 7),
        (lambda st: st.game.__setitem__((0, I_TILES_BOXED), 1), 7),
        (lambda st: st.seat.__setitem__((0, 0, PLACED), 6), 9),
    ],
)
def test_check_catches_a_broken_state(sa, breakage, code):
    st = sa.new(3)
    for phase in (ACTIONS, TAMING, FEEDING, SCORING):
        assert check(st, 0, phase) == 0
    breakage(st)
    assert check(st, 0, FEEDING) == code
    assert MESSAGES[code]


def test_runner_raises_on_a_broken_invariant(kern):
    """A (deliberately impossible) tile bonus of -1 food: debug mode stops after the taming."""
    tiles = load_tiles().copy()
    tiles[:, 1:4] = (Effect.FOOD, -1, 0)
    tiles[:, 4:7] = (Effect.FOOD, -1, 0)
    slots, seats = slots_for(["random+random", "random+fixed-2"])
    run = Run(slots, seats, seed=1, n_games=50)
    with pytest.raises(InvariantError, match=r"game \d+: after phase taming: a negative stock"):
        play_state(kern.mod, replace(run, debug=True), tiles=tiles)
    # without debug mode nothing is checked (feeding later takes the food back to 0)
    st = play_state(kern.mod, run, tiles=tiles)
    assert (st.seat[:, :2, HERD + H_TILES_WON].sum() > 0) and (st.game[:, I_ERROR_CODE] == 0).all()
