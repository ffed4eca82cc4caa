"""Parameter overrides in strategy names: ``search[rollouts=2]`` names a variant without a file."""

from __future__ import annotations

import numpy as np
import pytest

from sim.errors import InputError
from strategies import search, search_taming
from strategies.registry import resolve


def _index(params: dict, key: str) -> int:
    return list(params).index(key)


def test_an_override_sets_one_parameter_and_names_the_variant():
    plain, two = resolve("search"), resolve("search[rollouts=2]")
    i = _index(search.PARAMS, "rollouts")
    assert plain.base_params[i] == 8.0 and two.base_params[i] == 2.0
    others = np.arange(len(search.PARAMS)) != i
    assert (plain.base_params[others] == two.base_params[others]).all()
    assert (plain.taming_params == two.taming_params).all()
    assert (two.base_id, two.taming_id) == (plain.base_id, plain.taming_id)  # same kernel
    assert two.name == "search[rollouts=2]+search"


@pytest.mark.parametrize(
    "spelling",
    [
        "search[rollouts=2]",
        " search[ rollouts = 2.0 ]",
        "search[rollouts=2]+search",
        "search[rollouts=2e0]",
    ],
)
def test_one_variant_has_one_name(spelling):
    assert resolve(spelling).name == "search[rollouts=2]+search"


PADDED = [
    ("greedy", " greedy"),
    ("greedy", "greedy\t"),
    ("greedy+ev", " greedy + ev "),
    ("champion", " champion "),
    ("learned[model=selfplay3]", " learned [ model = selfplay3 ] "),
    ("greedy[tools=1]+fixed-2", "greedy [ tools = 1 ] + fixed-2 "),
    ("search[rollouts=2,horizon=1]+ev", "search[ rollouts=2 , horizon = 1 ]+ ev"),
    ("greedy+ev[tile_far=0.2]", "greedy + ev [ tile_far = 0.2 ]"),
]
"""Names and the same names padded with whitespace around them and around their parts."""


@pytest.mark.parametrize(("plain", "padded"), PADDED)
def test_a_padded_name_is_the_name_it_pads(plain, padded):
    """Padding changes nothing: the same canonical name, kernel ids and parameters (so the same
    compiled kernel), and the CLI passes the name on as typed without the padding (so the same
    settings and experiment fingerprint, the key of the chunks and of ``--resume``)."""
    from experiments.advice.command import advise
    from experiments.shared.command_options import STRATEGY, field_names
    from strategies.registry import needs_heavy, plugins_played, tidy_name

    one, other = resolve(plain), resolve(padded)
    assert other.name == one.name and (other.base, other.taming) == (one.base, one.taming)
    assert (other.base_id, other.taming_id) == (one.base_id, one.taming_id)
    assert (other.base_params == one.base_params).all()
    assert (other.taming_params == one.taming_params).all()
    assert needs_heavy([other]) == needs_heavy([one]) and plugins_played([other]) == []
    assert tidy_name(padded) == tidy_name(plain) == plain
    assert STRATEGY.convert(padded, None, None) == plain
    assert field_names(f"{padded}, farmer ,{padded}") == [plain, "farmer", plain]
    context = advise.make_context("advise", ["--field", padded, "--field", plain])
    assert context.params["field"] == (plain, plain)


def test_overrides_apply_to_the_taming_part_and_on_top_of_presets_and_variants():
    seat = resolve("greedy+search[rollouts=1,confidence=0]")
    assert seat.name == "greedy+search[rollouts=1,confidence=0]"
    assert seat.taming_params[_index(search_taming.PARAMS, "rollouts")] == 1.0
    assert seat.taming_params[_index(search_taming.PARAMS, "confidence")] == 0.0
    # the order of the overrides is the parameters' order, whatever the spelling
    assert resolve("greedy+search[confidence=0,rollouts=1]").name == seat.name
    classic = resolve("search-classic[rollouts=16]")
    assert classic.taming_params[_index(search_taming.PARAMS, "model")] == 1.0  # variant kept
    tuned, varied = resolve("tuned"), resolve("tuned[people=2]")
    people = _index(search.PARAMS, "people")  # the greedy row comes first in search's PARAMS
    assert varied.base_params[people] == 2.0 and tuned.base_params[people] != 2.0
    changed = np.flatnonzero(tuned.base_params != varied.base_params)
    assert changed.tolist() == [people]  # the preset's other weights stay


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("search[rollouts]", "param=value"),
        ("search[rollout=2]", "no parameter 'rollout'"),
        ("search[rollouts=two]", "finite number"),
        ("search[rollouts=inf]", "finite number"),
        ("search[rollouts=1,rollouts=2]", "twice"),
        ("search[[rollouts=2]]", "not BASE"),
        ("search[rollouts=2]x", "not BASE"),
    ],
)
def test_bad_overrides_are_one_clear_input_error(name, message):
    with pytest.raises(InputError, match=message):
        resolve(name)


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("search[rollouts=-1]", "rollouts must be a whole number from 1 to 1000, not -1"),
        ("search[rollouts=0]", "rollouts must be a whole number from 1 to 1000, not 0"),
        ("greedy+search[rollouts=0]", "rollouts must be a whole number from 1 to 1000, not 0"),
        ("search[rollouts=2.5]", "rollouts must be a whole number from 1 to 1000, not 2.5"),
        ("search[horizon=-3]", "horizon must be a whole number from 0 to 200, not -3"),
        ("search[evaluator=7]", "evaluator must be one of 0, 1, not 7"),
        ("search[candidates=0]", "candidates must be a whole number from 1 to 8, not 0"),
        ("search-classic[horizon=1.5]", "horizon must be a whole number from 0 to 200"),
        ("greedy+search[max_figures=11]", "max_figures must be a whole number from 0 to 10"),
        ("greedy+search[model=2]", "model must be one of 0, 1, not 2"),
        ("greedy+fixed-1[figures=-2]", "figures must be a whole number from 0 to 10, not -2"),
        ("greedy+fixed-11", "figures must be a whole number from 0 to 10, not 11"),
        ("greedy+ev[later_figures=-5]", "later_figures must be a whole number from 0 to 10"),
        ("greedy+ev[tile_ahead=1.5]", "tile_ahead must be a number from 0 to 1, not 1.5"),
        ("greedy+card[seek=2]", "seek must be a whole number from 0 to 1, not 2"),
        ("greedy+card[file=]", "file needs a value"),
        ("greedy+card[file=/no/such/card.json]", "card file /no/such/card.json: cannot read it"),
        ("learned[model=]", "model needs a value"),
        (
            "learned[model=strong]",
            "no model 'strong': name one of linear, selfplay, selfplay2, selfplay3, selfplay-gK",
        ),
        ("learned[model=selfplay-g99]", "selfplay has no such generation"),
        ("learned[model=/no/such.json]", "cannot read the value model '/no/such.json'"),
        ("learned[model=strategies/models/card_default_champion.json]", "has no 'weights'"),
        ("greedy+majority[box=-1]", "box must be a number from 0 to 1, not -1"),
        ("greedy[starve=-1e9]", "starve must be a number of at least 0, not -1e+09"),
        ("classic[food=-4]", "food must be a number of at least 0, not -4"),
        ("learned[buy_from_round=0]", "buy_from_round must be a whole number of at least 1"),
        ("farmer[people=-1]", "people must be a number of at least 0, not -1"),
        ("search[margin_weight=inf]", "margin_weight must be a finite number"),
    ],
)
def test_a_value_outside_its_declared_limit_is_refused_in_one_line(name, said):
    with pytest.raises(InputError) as error:
        resolve(name)
    message = str(error.value)
    assert said in message and "\n" not in message, message


def test_every_parameter_declares_the_values_it_takes():
    """Every parameter of every registered base strategy and taming policy has a Limit (a type
    and a range; a weight at least a finite number): none is left to take any float."""
    import importlib

    from strategies.params import Limit
    from strategies.registry import BASE, TAMING

    modules = [path for path, _ in BASE.values()] + list(TAMING.values())
    for path in modules:
        module = importlib.import_module(path)
        limits = getattr(module, "LIMITS", {})
        assert set(limits) == set(module.PARAMS), (path, set(module.PARAMS) - set(limits))
        assert all(isinstance(limit, Limit) for limit in limits.values()), path
        for name, value in module.PARAMS.items():
            assert limits[name].fault(value) is None, (path, name, value)  # defaults fit


def test_a_preset_outside_its_limits_is_refused(tmp_path, monkeypatch):
    from strategies.registry import presets

    text = 'base = "greedy"\ndescription = "sour"\n[params]\nstarve = -3.0\n'
    (tmp_path / "sour.toml").write_text(text)
    monkeypatch.setenv("MAMMOTH_PRESETS", str(tmp_path))
    with pytest.raises(InputError, match="starve must be a number of at least 0, not -3"):
        presets()


def test_the_limits_leave_the_documented_values_alone():
    """Horizon 0 plays to the end; fixed-0 commits nothing; one rollout is the least search."""
    for name in (
        "search[rollouts=1]",
        "search[rollouts=3,horizon=1,evaluator=1]",
        "greedy+search[rollouts=1,max_figures=0]",
        "greedy+fixed-10",
        "greedy+fixed-0",
    ):
        resolve(name)  # fmt: skip


def test_a_limited_value_is_refused_by_the_cli_with_exit_code_2(tmp_path):
    from click.testing import CliRunner

    from experiments.cli import main

    args = ["simulate", "--games", "2", "--players", "2", "--out", str(tmp_path / "s")]
    result = CliRunner().invoke(main, [*args, "--strategy", "search[evaluator=7]"])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "evaluator must be one of 0, 1" in result.output
    assert len(result.output.strip().splitlines()) == 1, result.output
    assert not (tmp_path / "s").exists()
