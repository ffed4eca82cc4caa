"""The archetype presets: loading, strength and the direction each one plays in.

Presets are parameter rows of the greedy family kept in ``strategies/presets/*.toml``; adding
one never changes the compiled kernel.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from sim.errors import InputError
from sim.stats import mean_se, wilson_interval
from strategies import classic, greedy
from strategies.play import play_games
from strategies.presets import load_preset, preset_text, write_preset
from strategies.registry import BASE, describe, kernel, presets, resolve

ARCHETYPES = ["farmer", "builder", "cards", "toolmaker", "starver", "balanced"]
ORIGINAL_GREEDY = {
    "food": 4.0,
    "food_spare": 0.3,
    "resource": 0.9,
    "agriculture": 1.5,
    "people": 1.2,
    "tools": 0.35,
    "building": 1.0,
    "culture": 1.0,
    "multiplier": 1.0,
    "card_cost": 0.7,
    "starve": 10.0,
    "cards_per_round": 2.5,
}


# --- the family and the registry -------------------------------------------------------------


def test_classic_keeps_the_old_greedy_weights_and_greedy_needs_no_stall_valve():
    names = list(classic.PARAMS)
    assert names[: len(ORIGINAL_GREEDY)] == list(ORIGINAL_GREEDY)
    assert {k: classic.PARAMS[k] for k in ORIGINAL_GREEDY} == ORIGINAL_GREEDY
    added = names[len(ORIGINAL_GREEDY) :]
    assert added == ["farmer", "toolmaker", "hutbuilder", "shaman", "herd", "stall_round", "scarce"]
    assert all(classic.PARAMS[k] == 1.0 for k in added[:5])
    assert classic.PARAMS["stall_round"] == 100.0  # only games still going then play differently
    assert classic.PARAMS["scarce"] == 0.0
    # the new greedy values resources by what the seat holds: no valve, no scarcity bonus
    assert not {"stall_round", "scarce"} & set(greedy.PARAMS)
    assert [greedy.HERD_W, greedy.HUTBUILDER_W] == [
        list(greedy.PARAMS).index("herd"),
        list(greedy.PARAMS).index("hutbuilder"),
    ]


def test_every_archetype_is_registered_with_an_intent():
    found = presets()
    for name in ARCHETYPES:
        preset = found[name]
        assert preset.base == "greedy" and preset.description and preset.params
        assert set(preset.params) <= set(greedy.PARAMS)
        seat = resolve(name)
        assert seat.name == f"{name}+ev" and seat.family == "greedy"
        assert seat.base_id == list(BASE).index("greedy")
        row = dict(zip(greedy.PARAMS, seat.base_params, strict=True))
        assert row == {**greedy.PARAMS, **preset.params}
        text = open(preset.path, encoding="utf-8").read()
        assert text.startswith("# Intent:") or name == "tuned"
    rows = {row["name"]: row for row in describe()[0]}
    assert all(rows[name]["role"] == "preset" for name in ARCHETYPES)


def test_a_preset_takes_any_taming_policy():
    seat = resolve("farmer+majority")
    assert (seat.base, seat.taming, seat.family) == ("farmer", "majority", "greedy")
    assert resolve("starver+fixed-3").taming_params[0] == 3.0


def test_a_preset_is_a_parameter_row_not_a_new_kernel(tmp_path, monkeypatch):
    before = kernel()
    write_preset(tmp_path / "plain.toml", preset_text("plain", "greedy", "ev", "no overrides", {}))
    monkeypatch.setenv("MAMMOTH_PRESETS", str(tmp_path))
    assert kernel() is before
    plain = play_games(200, 3, ["plain", "random", "greedy+majority"], seed=4, rotate=True)
    same = play_games(200, 3, ["greedy", "random", "greedy+majority"], seed=4, rotate=True)
    columns = [c for c in plain.columns if c != "strategy"]
    pd.testing.assert_frame_equal(plain[columns], same[columns])


CHAMPION = "learned[model=selfplay3,herd_3_4=0.3,block=2,block_areas=6,gatherers=3]"


def test_the_champion_is_the_strongest_player_under_one_word():
    named, spelt = resolve("champion"), resolve(CHAMPION)
    assert named.name == "champion+ev" and named.family == "learned"
    assert named.base_id == spelt.base_id and named.taming_id == spelt.taming_id
    assert np.array_equal(named.base_params, spelt.base_params)
    assert resolve("champion+card").taming == "card"
    # its settings and model stay overridable, as a preset's weights do
    eager = resolve("champion[herd_3_4=1]+majority")
    assert eager.name == "champion[herd_3_4=1]+majority"
    long = resolve(CHAMPION.replace("herd_3_4=0.3", "herd_3_4=1") + "+majority")
    assert np.array_equal(eager.base_params, long.base_params)
    other = resolve("champion[model=selfplay2]")
    assert np.array_equal(
        other.base_params, resolve(CHAMPION.replace("selfplay3", "selfplay2")).base_params
    )
    rows = {row["name"]: row for row in describe()[0]}
    assert rows["champion"]["params"]["model"] == "selfplay3"


def test_preset_text_round_trips(tmp_path):
    params = {"food": 2.5, "herd": 0.125, "starve": 0.0}
    text = preset_text(
        "roundtrip", "greedy", "majority", 'say "hi"', params, tuning={"against": ["greedy"]}
    )
    preset = load_preset(write_preset(tmp_path / "file.toml", text))
    assert (preset.name, preset.base, preset.taming) == ("roundtrip", "greedy", "majority")
    assert preset.description == 'say "hi"' and preset.params == params


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('base = "greedy"\n[params]\nnosuch = 1.0\n', "no parameter nosuch"),
        ('base = "nobody"\n', "unknown base"),
        ('base = "greedy"\ntaming = "sometimes"\n', "unknown taming"),
        ('name = "greedy"\nbase = "greedy"\n', "shadows"),
        ('base = "greedy"\n[params]\nfood = "lots"\n', "finite number"),
        ('base = "greedy"\nflavour = 1\n', "unknown keys"),
        ("base = \n", "not valid TOML"),
        ('taming = "ev"\n', "needs base"),
        ('name = "Bad Name"\nbase = "greedy"\n', "lower-case"),
        ('base = "greedy"\n[data]\nmodel = "selfplay3"\n', "no data parameter model"),
        ('base = "learned"\n[data]\nmodel = 3\n', "table of names"),
    ],
)
def test_a_bad_preset_file_is_an_input_error(tmp_path, monkeypatch, text, message):
    (tmp_path / "bad.toml").write_text(text)
    monkeypatch.setenv("MAMMOTH_PRESETS", str(tmp_path))
    with pytest.raises(InputError, match=message):
        presets()
    resolve("greedy")  # a registered base strategy never reads the preset files


def test_a_name_defined_twice_is_an_input_error(tmp_path, monkeypatch):
    (tmp_path / "farmer.toml").write_text('base = "greedy"\n')
    monkeypatch.setenv("MAMMOTH_PRESETS", str(tmp_path))
    with pytest.raises(InputError, match="defined twice"):
        resolve("farmer")


def test_unknown_names_list_the_presets():
    with pytest.raises(InputError, match="farmer"):
        resolve("gardener")


# --- strength and direction --------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(presets()))
def test_each_preset_beats_random(name):
    """2 preset + 2 random seats, rotated: as greedy, a preset loses almost never to random (its
    seats' share of the wins has a 95% lower bound above 45%, of at most 50%)."""
    frame = play_games(400, 4, [name, "random", name, "random"], seed=31, rotate=True)
    mine = frame[frame["strategy"] == resolve(name).name]
    shares = mine["winner"] / frame.groupby("game")["winner"].transform("sum")[mine.index]
    low, high = wilson_interval(float(shares.sum()), len(mine))
    assert low > 0.45, (name, low, high)


@pytest.fixture(scope="module")
def tableaus():
    """Each archetype in one seat against three greedy seats (seats rotated, same games)."""
    out = {}
    for name in ARCHETYPES:
        frame = play_games(1_500, 4, [name, "greedy", "greedy", "greedy"], seed=41, rotate=True)
        out[name] = frame[frame["strategy"] == resolve(name).name]
    return out


DIRECTIONS = [
    ("farmer", "builder", "agriculture"),
    ("farmer", "cards", "farmer_points"),
    ("builder", "cards", "buildings"),
    ("builder", "cards", "hutbuilder_points"),
    ("cards", "builder", "culture_points"),
    ("cards", "farmer", "cards"),
    ("toolmaker", "farmer", "tools"),
    ("toolmaker", "builder", "toolmaker_points"),
    ("builder", "toolmaker", "people"),
    ("balanced", "starver", "starvation_penalty"),  # the starver's penalties are more negative
    ("balanced", "starver", "agriculture"),
]


@pytest.mark.parametrize(("more", "less", "column"), DIRECTIONS)
def test_archetypes_play_in_their_direction(tableaus, more, less, column):
    """``more`` ends with more of ``column`` than ``less``, by at least 4 standard errors."""
    a = tableaus[more][column].to_numpy(dtype=np.float64)
    b = tableaus[less][column].to_numpy(dtype=np.float64)
    mean_a, se_a = mean_se(a)
    mean_b, se_b = mean_se(b)
    assert mean_a - mean_b > 4 * np.hypot(se_a, se_b), (more, less, column, mean_a, mean_b)
