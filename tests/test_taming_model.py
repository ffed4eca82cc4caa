"""The ``model`` taming policy: ``ev``'s commitment with the tile priced by the learned model.

The policy is compiled into the heavy kernel only (:data:`strategies.registry.HEAVY`), so every
check here is of the ``heavy_kernel`` tier."""

from __future__ import annotations

import numpy as np
import pytest
from test_taming_policies import RNG, _state, _values

from sim.constants import FOREST
from sim.errors import InputError
from sim.state import H_ON_TILE, H_TILES_WON, HERD, PLACED
from strategies import herd_values as hv
from strategies import taming_model as tm
from strategies.features import reference_features
from strategies.play import play_games
from strategies.registry import resolve
from strategies.value_model import load_model, model_path, reference_value


def _reference_tile(st, seat, model, players):
    """The tile's worth in numpy: the model's value with one more tile won, less now."""
    now = reference_features(st.game[0], st.seat[0], seat)
    st.seat[0, seat, HERD + H_TILES_WON] += 1
    more = reference_features(st.game[0], st.seat[0], seat)
    st.seat[0, seat, HERD + H_TILES_WON] -= 1
    values = reference_value(model, np.stack([now, more]), players)
    return max(0.0, float(values[1] - values[0]))


@pytest.mark.heavy_kernel  # compiles the policy's hooks as entries of their own
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("tiles", [(0, 0), (1, 2), (3, 1)])
@pytest.mark.parametrize("name", ["selfplay", "linear"])
def test_the_tile_is_worth_the_models_value_of_one_more_tile(players, tiles, name):
    st = _state(players=players, left=4)
    st.seat[0, 0, HERD + H_TILES_WON], st.seat[0, 1, HERD + H_TILES_WON] = tiles
    params = resolve(f"greedy+model[model={name}]").taming_params
    model = load_model(model_path(name))
    assert np.array_equal(params[tm.MODEL_AT :], model)
    worth = tm.tile_value(st, 0, 0, params)
    assert worth == pytest.approx(_reference_tile(st, 0, model, players), rel=1e-9, abs=1e-9)
    # the commitment is ev's with that worth
    st.seat[0, 0, PLACED + FOREST] = 3
    st.seat[0, 1, HERD + H_ON_TILE] = 1
    st.seat[0, 1, PLACED + FOREST] = 1
    values = _values(figure=2.0, first=4.0, all_=1.0)
    expect = hv.commitment(st, 0, 0, params, 3, values, worth)
    assert tm.commit_figures(st, 0, 0, params, RNG, 3, values) == expect


@pytest.mark.heavy_kernel
def test_a_seat_with_the_model_policy_plays_whole_games_and_enters_contests():
    seats = ["learned[model=selfplay]+model"] + ["learned[model=selfplay]"] * 3
    games = play_games(40, 4, seats, seed=5, rotate=True)
    mine = games[games["strategy"] == seats[0]]
    assert len(mine) == 40 and not games["safety_stop"].any()
    assert mine["contests_entered"].sum() > 0


def test_the_model_policy_plays_on_the_heavy_kernel_and_search_keeps_its_own():
    from strategies.registry import kernel_for

    heavy = kernel_for([resolve("search")])
    assert kernel_for([resolve("greedy+model")]) is heavy
    assert kernel_for([resolve("greedy+search")]) is heavy
    assert kernel_for([resolve("greedy+ev")]) is not heavy


def test_an_unknown_model_is_refused_in_one_line():
    with pytest.raises(InputError) as refused:
        resolve("greedy+model[model=nonesuch]")
    assert "\n" not in str(refused.value)
