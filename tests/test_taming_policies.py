"""The value-based taming policies ``ev`` and ``majority`` on hand-built states and in games."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as hst

from sim.board import tool_total
from sim.constants import (
    E_FOOD,
    E_POINTS,
    E_TOOL,
    FOREST,
    MAX_TILE_FIGURES,
    N_CARDS,
    V_ALL,
    V_FIGURES,
    V_FIRST,
    VALUES_WIDTH,
)
from sim.contest_exact import outcome_table
from sim.contest_solver import best_response
from sim.data import load_buildings, load_cards, load_tiles
from sim.rng import STREAM_WORDS
from sim.rules import Rules
from sim.state import (
    AGRICULTURE,
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
    TOOLS,
    new_state,
    rules_data,
)
from strategies import herd_values as hv
from strategies import taming_ev as ev
from strategies import taming_majority as mj
from strategies.play import play_games

RNG = np.zeros(STREAM_WORDS, dtype=np.uint64)
EV = np.array(list(ev.PARAMS.values()))
MJ = np.array(list(mj.PARAMS.values()))


def _params(module, **changes):
    values = dict(module.PARAMS)
    for name, value in changes.items():
        assert name in values, name
        values[name] = value
    return np.array(list(values.values()), dtype=np.float64)


def _values(figure=2.0, first=0.0, all_=0.0, payable=MAX_TILE_FIGURES):
    """A base strategy's valuation row: every payable figure costs ``figure`` points."""
    values = np.full(VALUES_WIDTH, -1.0)
    values[V_FIGURES : V_FIGURES + payable] = figure
    values[V_FIRST] = first
    values[V_ALL] = all_
    return values


def _classic(st, seat=0, most=MAX_TILE_FIGURES):
    """The classic valuation of the seat's first ``most`` figures and of this round's bonuses."""
    values = np.zeros(VALUES_WIDTH)
    hv.classic_values(st, 0, seat, values, most)
    return values


def _tile(first, all_, back=FOREST):
    """One tile row: back, then (effect, amount, good) of the "1." and "all" bonuses."""
    return [back, first[0], first[1], 0, all_[0], all_[1], 0]


def _state(players=4, seat=0, tiles=None, prize=0, mammoth_points=10, left=10, food=20):
    """Round with the herd on the forest: ``prize`` is this round's tile, ``left`` remain after it.

    ``seat`` resolves last (the start player is the seat after it); every seat has 5 people, no
    agriculture and ``food`` food, so with the default ``food`` every figure is paid with spare
    food (classic valuation: 2 points).
    """
    if tiles is None:
        tiles = load_tiles()
    tiles = np.asarray(tiles, dtype=np.int64)
    rules = Rules(mammoth_points=mammoth_points)
    data = rules_data(load_cards(), load_buildings(), tiles, rules.kernel_flags())
    st = new_state(1, players, data, outcome_table())
    pile = [prize] + [t for t in range(tiles.shape[0]) if t != prize]
    n = min(len(pile), 1 + left)
    st.game[0, TILE_PILE : TILE_PILE + n] = pile[:n]
    st.game[0, I_N_TILES] = n
    st.game[0, I_TILE_POS] = 1
    st.game[0, I_PRIZE] = prize
    st.game[0, I_HERD_AREA] = FOREST
    st.game[0, I_START_PLAYER] = (seat + 1) % players
    st.game[0, I_DECK_POS] = 4
    st.seat[0, :players, PEOPLE] = 5
    st.seat[0, :players, GOODS] = food
    return st


def _rounds_left(st):
    return 1.0 + (N_CARDS - st.game[0, I_DECK_POS]) / hv.CLASSIC_CARDS_PER_ROUND


# --------------------------------------------------------------------------------------------
# ev on hand-built states


def test_ev_commits_nothing_when_food_costs_more_than_any_prize():
    st = _state(prize=12)  # default set: points:3 / points:1
    st.seat[0, 0, PLACED + FOREST] = 4
    dear = _values(figure=100.0, first=3.0, all_=1.0)
    assert ev.commit_figures(st, 0, 0, EV, RNG, 4, dear) == 0
    assert ev.herd_value(st, 0, 0, EV, RNG, dear) == 0.0
    assert mj.commit_figures(st, 0, 0, MJ, RNG, 4, dear) == 0


def test_ev_commits_one_figure_when_alone_with_a_valuable_prize():
    tiles = [_tile((E_POINTS, 3), (E_POINTS, 1))]
    st = _state(tiles=tiles, left=0)
    st.seat[0, 0, PLACED + FOREST] = 3
    values = _classic(st)
    assert values[V_FIGURES] == hv.CLASSIC_FOOD  # spare food
    assert (values[V_FIRST], values[V_ALL]) == (3.0, 1.0)
    # alone, one figure wins for sure: more figures only cost food
    assert ev.commit_figures(st, 0, 0, EV, RNG, 3, values) == 1
    assert mj.commit_figures(st, 0, 0, MJ, RNG, 3, values) == 1
    # at placement: 3 points + the tile (0-0, level) - one food
    expected = 3 + 10 * ev.PARAMS["tile_level"] - hv.CLASSIC_FOOD
    assert ev.herd_value(st, 0, 0, EV, RNG, values) == pytest.approx(expected)
    # the last tile at 0-0 makes the majority: worth all 10 points to majority
    assert mj.herd_value(st, 0, 0, MJ, RNG, values) == pytest.approx(3 + 10 - hv.CLASSIC_FOOD)


def test_ev_respects_available():
    tiles = [_tile((E_POINTS, 10), (E_POINTS, 0))]
    st = _state(tiles=tiles)
    st.seat[0, 1, HERD + H_ON_TILE] = 6  # an earlier seat went big
    st.seat[0, 1, PLACED + FOREST] = 6
    st.seat[0, 0, PLACED + FOREST] = 10
    cheap = _values(figure=0.1, first=10.0)
    assert ev.commit_figures(st, 0, 0, EV, RNG, 10, cheap) > 3
    for available in range(4):
        assert ev.commit_figures(st, 0, 0, EV, RNG, available, cheap) <= available
        assert mj.commit_figures(st, 0, 0, MJ, RNG, available, cheap) <= available
    assert ev.commit_figures(st, 0, 0, EV, RNG, 0, cheap) == 0


def test_ev_stops_where_food_and_resources_run_out():
    tiles = [_tile((E_POINTS, 10), (E_POINTS, 0))]
    st = _state(tiles=tiles, food=0)
    st.seat[0, 1, HERD + H_ON_TILE] = 5
    st.seat[0, 1, PLACED + FOREST] = 5
    st.seat[0, 0, PLACED + FOREST] = 7
    st.seat[0, 0, GOODS + 1] = 2  # two wood, nothing else
    assert list(_classic(st)[V_FIGURES : V_FIGURES + 3]) == pytest.approx([2.7, 2.7, -1.0])
    cheap = _values(figure=0.01, first=10.0, payable=2)
    assert ev.commit_figures(st, 0, 0, EV, RNG, 7, cheap) == 2


def test_classic_figure_costs_rise_from_spare_food_to_needed_food_to_resources():
    st = _state(food=7)  # 5 people, no agriculture: 2 spare food
    st.seat[0, 0, GOODS + 1] = 1  # a wood
    st.seat[0, 0, GOODS + 4] = 1  # a gold
    costs = list(_classic(st)[V_FIGURES : V_FIGURES + MAX_TILE_FIGURES])
    food, needed, share = hv.CLASSIC_FOOD, hv.CLASSIC_FOOD_NEEDED, hv.CLASSIC_RESOURCE
    assert costs == pytest.approx(
        [food, food] + [needed] * 5 + [3 * share, 6 * share, -1.0]  # wood, gold, unpayable
    )


def test_later_seats_are_assumed_to_commit_later_figures():
    tiles = [_tile((E_POINTS, 4), (E_POINTS, 1))]
    st = _state(tiles=tiles, seat=0)
    st.game[0, I_START_PLAYER] = 2  # action order 2, 3, 0, 1: seats 2, 3 earlier, 1 later
    st.seat[0, 2, HERD + H_ON_TILE] = 2
    st.seat[0, 2, PLACED + FOREST] = 2
    st.seat[0, 1, PLACED + FOREST] = 3
    st.seat[0, 3, PLACED + FOREST] = 1  # earlier, committed nothing
    st.seat[0, 0, PLACED + FOREST] = 1
    for later in (0, 1, 3):
        params = _params(ev, later_figures=float(later))
        assert [hv.assumed_figures(st, 0, 0, q, params, False) for q in range(4)] == [
            0,
            min(later, 3),
            2,
            0,
        ]
        tile = 10 * ev.PARAMS["tile_level"]
        k = ev.commit_figures(st, 0, 0, params, RNG, 1, _classic(st))
        solver = best_response(
            0,
            [0, min(later, 3), 2, 0],
            [1, 3, 2, 1],
            first_bonus=4.0,
            all_bonus=1.0,
            tile_value=tile,
            food_value=hv.CLASSIC_FOOD,
        )
        assert k == solver.commitment


@settings(deadline=None, max_examples=150)
@given(
    hst.integers(2, 4),
    hst.integers(0, 10),
    hst.lists(hst.integers(0, 10), min_size=3, max_size=3),
    hst.integers(0, 10),
    hst.integers(0, 10),
    hst.floats(0, 8).map(lambda x: round(x, 2)),
    hst.integers(0, 20),
    hst.lists(hst.integers(0, 4), min_size=4, max_size=4),
    hst.booleans(),
)
def test_ev_matches_the_solver_for_the_last_seat(
    players, available, earlier, first, all_, food, points, tiles_won, tool_bonus
):
    """The last seat to act knows every commitment: ev is the solver's best response."""
    first_effect = E_TOOL if tool_bonus else E_POINTS
    tiles = [_tile((first_effect, min(first, 2) if tool_bonus else first), (E_POINTS, all_))]
    seat = players - 1
    st = _state(players=players, seat=seat, tiles=tiles, mammoth_points=points)
    others = [0] * players
    for q in range(players - 1):
        others[q] = earlier[q]
        st.seat[0, q, HERD + H_ON_TILE] = earlier[q]
        st.seat[0, q, PLACED + FOREST] = max(1, earlier[q])
        st.seat[0, q, HERD + H_TILES_WON] = tiles_won[q]
    st.seat[0, seat, HERD + H_TILES_WON] = tiles_won[3]
    st.seat[0, seat, PLACED + FOREST] = available
    gap = tiles_won[3] - max(tiles_won[: players - 1])
    share = {1: "tile_ahead", 0: "tile_level", -1: "tile_behind"}.get(max(-2, min(1, gap)))
    tile_value = points * ev.PARAMS[share or "tile_far"]
    first_value = float(first)
    if tool_bonus:
        first_value = min(first, 2) * hv.CLASSIC_TOOLS * _rounds_left(st)
    classic = _classic(st, seat)
    assert classic[V_FIRST] == pytest.approx(first_value)
    assert classic[V_ALL] == pytest.approx(float(all_))
    values = _values(figure=food, first=classic[V_FIRST], all_=classic[V_ALL])
    figures = [max(1, k) for k in others]
    figures[seat] = available
    solver = best_response(
        seat,
        others,
        figures,
        first_bonus=first_value,
        all_bonus=float(all_),
        tile_value=tile_value,
        food_value=food,
    )
    k = ev.commit_figures(st, 0, seat, EV, RNG, available, values)
    if k != solver.commitment:  # only where two options are equal to rounding
        assert solver.values[k] == pytest.approx(solver.values.max(), abs=1e-7)
    else:
        assert k == solver.commitment
    assert ev.take_first_bonus(st, 0, seat, EV, RNG, values) == (values[V_FIRST] >= values[V_ALL])


def test_herd_value_is_the_best_value_with_the_people_it_could_place():
    tiles = [_tile((E_POINTS, 6), (E_POINTS, 1))]
    st = _state(tiles=tiles)
    st.seat[0, 1, PLACED + FOREST] = 2  # another seat already there: assumed to commit 1
    st.seat[0, 2, PLACED + FOREST] = 3  # 5 of 7 spaces taken: the seat could place 2
    assert hv.placement_figures(st, 0, 0) == 2
    tile = 10 * ev.PARAMS["tile_level"]
    solver = best_response(
        0,
        [0, 1, 1, 0],
        [2, 2, 3, 0],
        first_bonus=6.0,
        all_bonus=1.0,
        tile_value=tile,
        food_value=hv.CLASSIC_FOOD,
    )
    assert ev.herd_value(st, 0, 0, EV, RNG, _classic(st)) == pytest.approx(solver.value)
    assert solver.value > 0


# --------------------------------------------------------------------------------------------
# majority


def _brute_majority(mine, others, left, players, box):
    """P(the seat shares the majority), summing over every fate of every remaining tile."""
    p = (1 - box) / players
    total = 0.0
    for fates in itertools.product(range(players + 1), repeat=left):
        counts = [mine, *others[: players - 1]]
        prob = 1.0
        for fate in fates:
            if fate == players:
                prob *= box
            else:
                prob *= p
                counts[fate] += 1
        if counts[0] >= 1 and counts[0] == max(counts):
            total += prob
    return total


@pytest.mark.parametrize(
    "mine, others, left, players, box",
    [
        (0, (0, 0, 0), 4, 4, 0.3),
        (1, (2, 0, 0), 5, 4, 0.2),
        (2, (1, 3, 0), 6, 4, 0.5),
        (0, (0, 0, 0), 5, 2, 0.1),
        (1, (1, 1, 0), 5, 3, 0.05),
        (3, (3, 3, 3), 0, 4, 0.3),
        (0, (0, 0, 0), 0, 3, 0.3),
    ],
)
def test_majority_chance_is_exact_under_its_model(mine, others, left, players, box):
    got = hv.majority_chance(mine, *others, left, players, box, 1)
    assert got == pytest.approx(_brute_majority(mine, list(others), left, players, box), abs=1e-12)


def test_majority_values_a_tile_more_one_behind_with_few_left_than_far_behind():
    st = _state(left=2)
    st.seat[0, 1, HERD + H_TILES_WON] = 3
    st.seat[0, 0, HERD + H_TILES_WON] = 2  # one behind the leader, two tiles left
    close = mj.tile_value(st, 0, 0, MJ)
    st.seat[0, 0, HERD + H_TILES_WON] = 0  # three behind
    far = mj.tile_value(st, 0, 0, MJ)
    assert close > far >= 0.0
    assert close > 3.0
    st.seat[0, 0, HERD + H_TILES_WON] = 2
    st.game[0, I_N_TILES] = 1  # no tile left after this one: the tile draws level for sure
    assert mj.tile_value(st, 0, 0, MJ) == pytest.approx(10.0)
    st_off = _state(left=2, mammoth_points=0)
    assert mj.tile_value(st_off, 0, 0, MJ) == 0.0


def test_majority_commits_more_when_the_tile_decides_the_majority():
    tiles = [_tile((E_POINTS, 0), (E_POINTS, 0))] * 3
    st = _state(tiles=tiles, left=0)
    st.seat[0, 1, HERD + H_ON_TILE] = 2
    st.seat[0, 1, PLACED + FOREST] = 2
    st.seat[0, 1, HERD + H_TILES_WON] = 1
    st.seat[0, 0, PLACED + FOREST] = 5
    # last tile, one behind: 10 points at stake, against 2 figures; a figure costs 2 points
    values = _values(figure=2.0)
    assert mj.commit_figures(st, 0, 0, MJ, RNG, 5, values) >= 2
    st.seat[0, 1, HERD + H_TILES_WON] = 3  # hopeless: the tile is worth nothing
    assert mj.commit_figures(st, 0, 0, MJ, RNG, 5, values) == 0


# --------------------------------------------------------------------------------------------
# bonus choice


def test_take_first_bonus_picks_the_bigger_bonus():
    tiles = [
        _tile((E_TOOL, 1), (E_FOOD, 1)),
        _tile((E_POINTS, 3), (E_POINTS, 1)),
        _tile((E_POINTS, 1), (E_POINTS, 2)),
    ]
    for module, params in ((ev, EV), (mj, MJ)):
        st = _state(tiles=tiles, prize=0)
        assert module.take_first_bonus(st, 0, 0, params, RNG, _classic(st))  # a tool step
        st.seat[0, 0, TOOLS : TOOLS + 3] = 4  # tools full: the step is worth nothing
        assert tool_total(st, 0, 0) == 12
        assert not module.take_first_bonus(st, 0, 0, params, RNG, _classic(st))
        st.game[0, I_PRIZE] = -1  # the engine clears the prize before asking: read the pile
        assert not module.take_first_bonus(st, 0, 0, params, RNG, _classic(st))
        st = _state(tiles=tiles, prize=1)
        assert module.take_first_bonus(st, 0, 0, params, RNG, _classic(st))
        st = _state(tiles=tiles, prize=2)
        assert not module.take_first_bonus(st, 0, 0, params, RNG, _classic(st))


def test_bonus_values():
    st = _state(food=3)  # 5 people: 2 food short of the next feeding
    st.seat[0, 0, AGRICULTURE] = 0
    rounds = _rounds_left(st)
    assert hv.bonus_value(st, 0, 0, E_FOOD, 3, 0) == pytest.approx(
        2 * hv.CLASSIC_FOOD_NEEDED + hv.CLASSIC_FOOD
    )
    assert hv.bonus_value(st, 0, 0, E_TOOL, 1, 0) == pytest.approx(hv.CLASSIC_TOOLS * rounds)
    assert hv.bonus_value(st, 0, 0, 1, 2, 4) == pytest.approx(2 * 6 * hv.CLASSIC_RESOURCE)


# --------------------------------------------------------------------------------------------
# games


@pytest.fixture(scope="session")
def games():
    """A few complete games (compiles the registry's kernel once per session)."""
    lone = play_games(6, 4, ["greedy+ev", "greedy", "greedy", "greedy"], seed=3, debug=True)
    mixed = play_games(
        6, 4, ["greedy+ev", "greedy+majority", "greedy+ev", "greedy"], seed=4, debug=True
    )
    return lone, mixed


def test_ev_enters_contests_and_games_finish(games):
    lone, _ = games
    assert (lone["rounds"] > 0).all()
    ev_rows = lone[lone["strategy"] == "greedy+ev"]
    assert ev_rows["contests_entered"].sum() > 0
    assert ev_rows["tiles_won"].sum() > 0
    assert (ev_rows["figures_committed"] >= ev_rows["contests_entered"]).all()
    others = lone[lone["strategy"] != "greedy+ev"]
    assert others["contests_entered"].sum() == 0


def test_majority_plays_in_a_mixed_game(games):
    _, mixed = games
    assert (mixed["rounds"] > 0).all()
    by = mixed.groupby("strategy", observed=True)["contests_entered"].sum()
    assert by["greedy+majority"] > 0
    assert by["greedy+ev"] > 0
    scores = mixed.groupby("game")["score"].count()
    assert (scores == 4).all()


@pytest.mark.parametrize("name", ["never", "fixed-2", "random"])
def test_a_policy_that_says_it_reads_no_valuation_answers_the_same_without_one(name):
    """``READS_VALUES = False`` lets the engine skip ``value_goods``: the policy's answers may
    not depend on the row (here: a real valuation against one full of NaN)."""
    import importlib

    from sim import hooks
    from strategies.registry import TAMING, resolve

    slot = resolve(f"greedy+{name}")
    module = importlib.import_module(list(TAMING.values())[slot.taming_id])
    assert module.READS_VALUES is False
    params = slot.taming_params

    def answers(st, seat, available, row):
        rng = np.array([1, 2, 3, 4, 0, 0], dtype=np.uint64)  # the same draws for both rows
        return (
            getattr(module, "herd_value", hooks.herd_value)(st, 0, seat, params, rng, row),
            getattr(module, "commit_figures", hooks.commit_figures)(
                st, 0, seat, params, rng, available, row
            ),
            getattr(module, "take_first_bonus", hooks.take_first_bonus)(
                st, 0, seat, params, rng, row
            ),
        )

    garbage = np.full(VALUES_WIDTH, np.nan)
    for seat, available in itertools.product(range(4), range(1, 5)):
        st = _state(seat=seat)
        real = answers(st, seat, available, _classic(st, seat))
        assert real == answers(st, seat, available, garbage.copy())
