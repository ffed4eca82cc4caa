"""The new ``greedy``'s valuation on hand-built states, and its play in short runs."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as hst

from sim.constants import MAX_TILE_FIGURES, V_FIGURES, VALUES_WIDTH
from sim.contest_exact import outcome_table
from sim.data import load_buildings, load_cards, load_tiles
from sim.rng import STREAM_WORDS
from sim.rules import Rules
from sim.state import AGRICULTURE, GOODS, I_DECK_POS, I_N_STACKS, PEOPLE, new_state, rules_data
from strategies import greedy
from strategies import greedy_values as gv
from strategies.play import play_games

RNG = np.zeros(STREAM_WORDS, dtype=np.uint64)
PARAMS = np.array(list(gv.PARAMS.values()), dtype=np.float64)


def _state(people=5, agriculture=0, goods=(12, 0, 0, 0, 0)):
    rules = Rules()
    data = rules_data(load_cards(), load_buildings(), load_tiles(rules.tiles), rules.kernel_flags())
    st = new_state(1, 4, data, outcome_table())
    st.game[0, I_N_STACKS] = 4
    st.game[0, I_DECK_POS] = 10
    st.seat[0, 0, PEOPLE] = people
    st.seat[0, 0, AGRICULTURE] = agriculture
    st.seat[0, 0, GOODS : GOODS + 5] = goods
    return st


def _params(**changes):
    row = PARAMS.copy()
    for name, value in changes.items():
        row[list(gv.PARAMS).index(name)] = value
    return row


def _loss(view, params, food_paid, resources_paid):
    """Points lost by a payment, straight from the definition (the reference)."""
    food, need = int(view[gv.VW_FOOD]), int(view[gv.VW_NEED])
    held = int(view[gv.VW_HELD])
    if resources_paid > held or food_paid > food:
        return np.inf

    units = sorted(
        view[gv.VW_WORTH + r] for r in range(4) for _ in range(int(view[gv.VW_COUNT + r]))
    )

    def cost(n):  # the n resources worth least, every unit listed
        return sum(units[:n]) if n <= len(units) else gv.UNPAYABLE

    spare_lost = max(0, food - need) - max(0, food - food_paid - need)
    short = max(0, need - (food - food_paid))
    feeding = 0.0
    if short:
        rest = cost(resources_paid + short) - cost(resources_paid)
        feeding = min(
            params[gv.STARVE], rest if cost(resources_paid + short) < gv.UNPAYABLE else np.inf
        )
    return cost(resources_paid) + feeding + view[gv.VW_SPARE_WORTH] * spare_lost


@settings(deadline=None, max_examples=300)
@given(
    hst.integers(5, 10),
    hst.integers(0, 6),
    hst.integers(0, 14),
    hst.lists(hst.integers(0, 5), min_size=4, max_size=4),
    hst.sampled_from([0.3, 1.36, 3.0]),
    hst.sampled_from([0.0, 5.0, 15.2, 40.0]),
)
def test_figure_payment_is_the_cheapest_payment(people, agriculture, food, held, spare, starve):
    """The O(figures) payment rule equals the best of every split of food and resources."""
    st = _state(people, agriculture, (food, *held))
    params = _params(food_spare=spare, starve=starve)
    view = np.zeros(gv.VIEW_WIDTH)
    gv.fill_view(st, 0, 0, params, view)
    base = _loss(view, params, 0, 0)
    for count in range(1, MAX_TILE_FIGURES + 1):
        if count + people > gv.MAX_COSTS:
            break
        best = min(_loss(view, params, f, count - f) for f in range(0, min(count, food) + 1))
        food_paid, loss = gv.figure_payment(params, view, count)
        if not np.isfinite(best):
            assert food_paid == -1
            continue
        assert loss == pytest.approx(best - base, abs=1e-9)
        assert _loss(view, params, food_paid, count - food_paid) == pytest.approx(best, abs=1e-9)


def test_figures_cost_what_their_payment_loses_and_food_for_figures_pays_that_way():
    st = _state(people=6, goods=(7, 2, 0, 1, 0))  # one spare food, two wood, a stone
    values = np.zeros(VALUES_WIDTH)
    greedy.value_goods(st, 0, 0, PARAMS, RNG, values, 4)
    view = np.zeros(gv.VIEW_WIDTH)
    gv.fill_view(st, 0, 0, PARAMS, view)
    total = 0.0
    for k in range(1, 5):
        total += values[V_FIGURES + k - 1]
        food_paid, loss = gv.figure_payment(PARAMS, view, k)
        assert total == pytest.approx(loss)
        assert greedy.food_for_figures(st, 0, 0, PARAMS, RNG, k) == food_paid
    assert values[V_FIGURES + 4] == -1.0  # past ``most``


def test_a_starved_feeding_makes_needed_food_free_for_the_tile():
    # no resources: a shortfall means -10 whatever its size, so once starving, food is free
    st = _state(people=8, goods=(3, 0, 0, 0, 0))
    params = _params(starve=10.0)
    values = np.zeros(VALUES_WIDTH)
    greedy.value_goods(st, 0, 0, params, RNG, values, 3)
    assert list(values[V_FIGURES : V_FIGURES + 4]) == [0.0, 0.0, 0.0, -1.0]


def test_hoarded_resources_fade_to_their_left_over_point():
    few = np.zeros(gv.VIEW_WIDTH)
    many = np.zeros(gv.VIEW_WIDTH)
    gv.fill_worths(_state(goods=(12, 1, 0, 0, 0)), 0, 0, PARAMS, few)
    gv.fill_worths(_state(goods=(12, 60, 0, 0, 0)), 0, 0, PARAMS, many)
    for r in range(4):
        assert many[gv.VW_WORTH + r] < few[gv.VW_WORTH + r]
    # far past what it can spend: a unit is worth its left-over point
    assert many[gv.VW_WORTH + 3] == pytest.approx(1.0)


def test_starvation_is_taken_only_when_paying_costs_more():
    st = _state(people=5, goods=(0, 0, 0, 0, 3))  # three gold
    view = np.zeros(gv.VIEW_WIDTH)
    gv.fill_view(st, 0, 0, PARAMS, view)
    for shortfall in (1, 2, 3):
        pay = gv.payment_cost(view, 0, shortfall)
        taken = greedy.accept_starvation(st, 0, 0, PARAMS, RNG, shortfall)
        assert taken == (pay > PARAMS[gv.STARVE])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_games_end_by_the_rules(players):
    """No stalls: every game ends by the rules well before the engine's safety stop."""
    frame = play_games(300, players, "greedy", seed=9, rules=Rules(herd=False))
    assert frame["rounds"].max() <= 30
    assert not frame["safety_stop"].any()
