"""Deriving the card (``mammoth derive-card``): the table-size settings of the card policy, the
race's pieces, and whole small derivations (the same bytes on any workers, resumed, from their
recorded command)."""

from __future__ import annotations

import json
import shlex

import numpy as np
import pandas as pd
import pytest
from cli_contract import assert_refused, invoke, snapshot
from test_taming_card import RNG, _state, _values

from experiments.card.card_derive.analysis import (
    candidates,
    changed,
    deviation_name,
    parse_change,
    schedule,
    survivors,
)
from sim.constants import V_HERD
from sim.errors import InputError
from strategies import taming_card as tc
from strategies import taming_ev, taming_majority
from strategies.play import play_games
from strategies.registry import resolve
from strategies.taming_card import COUNT, COUNT_BY_GAP, TablePlay, card_of_plays


@pytest.mark.parametrize("policy", [taming_ev, taming_majority])
def test_a_herd_weight_makes_the_placement_weigh_the_contest_at_it(policy):
    """``ev[weight=W]`` and ``majority[weight=W]`` hand the placement their estimate times W
    over the base's own herd weight, so the base weighs it at W; -1 is the base's own."""
    own = resolve(f"greedy+{policy.__name__.split('_')[-1]}").taming_params
    for weight in (0.15, 0.4, 1.0):
        name = f"greedy+{policy.__name__.split('_')[-1]}[weight={weight:g}]"
        params = resolve(name).taming_params
        for players in (2, 3, 4):
            st = _state(players=players)
            values = _values(3.0, 1.0)
            estimate = policy.herd_value(st, 0, 0, own, RNG, values)
            assert estimate > 0
            for base_weight in (1.0, 0.866, 0.26):
                values[V_HERD] = base_weight
                got = policy.herd_value(st, 0, 0, params, RNG, values)
                assert got * base_weight == pytest.approx(estimate * weight, rel=1e-12)
                assert policy.herd_value(st, 0, 0, own, RNG, values) == estimate


def test_a_table_sizes_settings_replace_the_cards_play_at_that_size_only():
    st = _state(players=4)
    values = _values(3.0, 1.0)
    values[V_HERD] = 0.5
    estimate = taming_ev.estimate(st, 0, 0, resolve("greedy+ev").taming_params, values)
    for name, want in [
        ("card[seek_4=2,weight_4=0.3]", estimate * 0.3 / 0.5),
        ("card[seek_4=0,weight_4=0.3]", 0.0),
        ("card[seek_3=0,weight_3=0.3]", tc.herd_value(st, 0, 0, _row("card"), RNG, values)),
        ("card[weight=0.7]", estimate * 0.7 / 0.5),
        ("card[weight=0.7,weight_4=0.2]", estimate * 0.2 / 0.5),
    ]:
        assert tc.herd_value(st, 0, 0, _row(name), RNG, values) == pytest.approx(want), name
    assert tc.herd_value(st, 0, 0, _row("card"), RNG, values) == pytest.approx(
        estimate * tc.load_card()["seek"]["weight"]["4"] / 0.5
    )


def _row(taming: str) -> np.ndarray:
    return resolve(f"greedy+{taming}").taming_params


PLAYS = {
    2: TablePlay(1, 0.866, 2),
    3: TablePlay(2, 0.45, COUNT),
    4: TablePlay(1, 0.22, 1),
}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_card_file_of_some_plays_plays_them_exactly(tmp_path, players):
    """``card[file=...]`` of :func:`card_of_plays` and the card policy named with the same
    table-size settings play the same games, move for move."""
    path = tmp_path / "card.json"
    path.write_text(json.dumps(card_of_plays(PLAYS)), encoding="utf-8")
    named = f"champion+{PLAYS[players].strategy(players)}"
    filed = f"champion+card[file={path}]"
    games = {}
    for name in (named, filed):
        seats = [name] * (players - 1) + ["champion+ev"]
        frame = play_games(60, players, seats, seed=17, rotate=True)
        games[name] = frame.drop(columns=["strategy"]).reset_index(drop=True)
    assert games[named]["figures_committed"].sum() > 0
    pd.testing.assert_frame_equal(games[named], games[filed])


def test_the_sizes_a_card_of_plays_leaves_out_play_the_shipped_card(tmp_path):
    card = card_of_plays({4: PLAYS[4]})
    path = tmp_path / "card.json"
    path.write_text(json.dumps(card), encoding="utf-8")
    games = {}
    for name in ("champion+card", f"champion+card[file={path}]"):
        frame = play_games(60, 3, [name] * 3, seed=5, rotate=True)
        games[name] = frame.drop(columns=["strategy"]).reset_index(drop=True)
    assert games["champion+card"]["figures_committed"].sum() > 0
    pd.testing.assert_frame_equal(*games.values())
    assert tc.load_card(path)["seek"]["weight"]["3"] == tc.load_card()["seek"]["weight"]["3"]


def test_the_candidates_and_their_changes():
    grid = candidates([0.3, 0.1], [2, 1], [COUNT, 1])
    assert len(grid) == 8 and grid[0] == TablePlay(1, 0.1, COUNT)
    assert len({play.strategy(3) for play in grid}) == 8
    play = TablePlay(1, 0.3, COUNT)
    assert changed(play, "~weight=0.3") is None
    assert changed(play, "~seek=2") == TablePlay(2, 0.3, COUNT)
    assert changed(play, "~commit=2") == TablePlay(1, 0.3, 2)
    assert deviation_name("champion", play, 4, "~weight=1") == (
        "champion+card[seek_4=1,weight_4=1,commit_4=-1]"
    )
    assert deviation_name("champion", play, 4, "ev[weight=0.4]") == "champion+ev[weight=0.4]"
    assert changed(play, "~commit=-3") == TablePlay(1, 0.3, COUNT_BY_GAP)
    assert deviation_name("champion", play, 3, "~commit=-3") == (
        "champion+card[seek_3=1,weight_3=0.3,commit_3=-3]"
    )
    for bad in ("~weight", "~weight=-1", "~seek=0", "~seek=1.5", "~commit=-2", "~tiles=3"):
        with pytest.raises(InputError, match="deviation"):
            parse_change(bad)


def _table(rows):
    return pd.DataFrame(rows, columns=["candidate", "exploitability", "low", "high"])


def test_the_race_keeps_the_best_third_less_the_clearly_worse():
    order = ["a", "b", "c", "d", "e", "f"]
    table = _table(
        [
            ("a", 3.0, 1.0, 5.0),
            ("b", 0.5, -1.0, 2.0),
            ("c", 0.5, -0.5, 1.5),  # tied with b: the later in order goes after it
            ("d", 2.5, 2.1, 2.9),  # among the best two? no: third
            ("e", 9.0, 8.0, 10.0),
            ("f", 1.0, -2.0, 4.0),
        ]
    )
    assert survivors(table, order, 3) == ["b", "c"]
    # clearly worse than the best: its lower end above every upper end of the best
    table = _table([("a", 0.2, -0.5, 0.9), ("b", 2.0, 1.2, 2.8), ("c", 5.0, 4.0, 6.0)])
    assert survivors(table, ["a", "b", "c"], 1) == ["a"]
    assert survivors(table, ["c", "b", "a"], 2) == ["a"]


def test_the_race_schedule():
    assert schedule(42, 300, 3) == [(42, 300), (14, 900), (5, 2700), (2, 8100)]
    assert schedule(1, 100, 3) == [(1, 100)]
    assert schedule(3, 100, 3) == [(3, 100)]


DERIVE = [
    "derive-card", "--players", "3", "4", "--games", "60", "--seed", "9", "--first-games", "20",
    "--weight", "0.2", "--weight", "0.6", "--commit", "-1", "--seek", "1", "--seek", "2",
    "--metagame-games", "20", "--metagame-plays", "3", "--field", "greedy",
    "--deviation", "never", "--deviation", "ev", "--deviation", "~weight=1",
    "--chunk-size", "30",
]  # fmt: skip
OUTPUTS = ("card.json", "race.csv", "exploit.csv", "equilibrium.csv", "derive.md", "card.html")


def _derive(tmp_path, name, *extra):
    out = tmp_path / name
    result = invoke(*DERIVE, *extra, "--out", out)
    assert result.exit_code == 0, result.output
    return out


@pytest.mark.heavy_kernel  # four derivations, each racing its richer grid too: about 40 s
def test_a_derivation_is_the_same_on_any_workers_and_resumed(tmp_path, monkeypatch):
    one = _derive(tmp_path, "one")
    two = _derive(tmp_path, "two", "--workers", "2")
    for name in OUTPUTS:
        assert (one / name).read_bytes() == (two / name).read_bytes(), name
    card = tc.load_card(one / "card.json")
    provenance = card["provenance"]
    assert provenance["players"] == [3, 4] and provenance["seed"] == 9
    assert set(provenance["certified"]) == {"3", "4"}
    # every candidate of the first round, the winner certified on 60 fresh games per arm
    race = pd.read_csv(one / "race.csv")
    assert set(race[race["round"] == 1]["candidate"].str[:9]) == {"card[seek"}
    assert len(race[(race["round"] == 1) & (race["players"] == 3)]) == 4
    exploit = pd.read_csv(one / "exploit.csv")
    assert (exploit["games"] == 60).all() and set(exploit["players"]) == {3, 4}
    assert "The card for a table of greedy, default tiles" in (one / "derive.md").read_text()
    # resumed from every chunk (none played again): the same files
    import experiments.card.card_derive.kind as kind

    def played_again(*_):
        raise AssertionError("a saved chunk was played again")

    monkeypatch.setattr(kind, "run_chunk", played_again)
    again = invoke(*DERIVE, "--out", one, "--resume")
    monkeypatch.undo()
    assert again.exit_code == 0, again.output
    assert tc.load_card(one / "card.json") == card
    # the recorded command derives the same card
    words = shlex.split(provenance["command"])
    assert words[:2] == ["mammoth", "derive-card"]
    third = invoke(*words[1:], "--chunk-size", "30", "--out", tmp_path / "three")
    assert third.exit_code == 0, third.output
    assert (tmp_path / "three" / "card.json").read_bytes() == (one / "card.json").read_bytes()


@pytest.mark.parametrize(
    "extra, message",
    [
        (["--weight", "11"], "weights"),
        (["--commit", "-2"], "commits"),
        (["--deviation", "~seek=7"], "deviation"),
        (["--deviation", "nosuch"], "nosuch"),
        (["--field", "nosuch"], "nosuch"),
        (["--tiles", "no/such/tiles.csv"], "tiles"),
        (["--worth", "gold=11"], "worth"),
        (["--worth", "copper=2"], "worth"),
        (["--worth", "wood=2", "--worth", "wood=3"], "worth"),
        (["--worth", "wood=2"], "worth is a person's card's conversion"),
    ],
)
def test_a_bad_derivation_is_refused_in_one_line(tmp_path, extra, message):
    before = snapshot(tmp_path)
    line = assert_refused(invoke(*DERIVE, *extra, "--out", tmp_path / "x"), tmp_path, before)
    assert message in line


def test_check_card_flags_a_card_that_does_not_seek_at_three_players(tmp_path):
    """A card that weighs the herd at 0 at 3 players leaves the contests to whoever seeks: one
    seat gains by seeking, and the check says the card does not hold there."""
    out = tmp_path / "bad"
    result = invoke(
        "check-card", "card[weight_3=0]", "--players", "3", "--games", "1500", "--seed", "31",
        "--field", "champion", "--policy", "fixed-1", "--out", out,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    goals = pd.read_csv(out / "exploit_goals.csv")
    row = goals.iloc[0]
    assert row["players"] == 3 and not row["holds"]
    assert row["gain_low"] > 1.0, row  # exploitable beyond its noise


def test_the_shipped_cards_are_derived_cards_for_their_tiles_and_table():
    from experiments.card.card_derive.analysis import plays_of
    from strategies.taming_card import shipped_cards

    paths = shipped_cards()
    assert paths[0] == tc.CARD_PATH and len(paths) >= 4
    for path in paths:
        card = tc.load_card(path)
        made = card["provenance"]
        tiles, field = path.stem.removeprefix("card_").rsplit("_", 1)
        assert made["command"].startswith("mammoth derive-card ")
        assert made["field"] == [field]
        label = "default" if made["tiles"] == "default" else made["tiles"].rsplit("/")[-1][:-4]
        assert label == tiles, path.name
        assert sorted(plays_of(card)) == [2, 3, 4]
        assert set(made["certified"]) == {"2", "3", "4"}


def _shipped(name):
    from strategies.taming_card import shipped_cards

    return next(p for p in shipped_cards() if p.stem == name)


@pytest.mark.slow  # the whole derivation: tens of minutes on 2 cores
def test_the_default_card_is_derived_again_to_the_same_bytes(tmp_path, monkeypatch):
    """The shipped default card is its command's output: run again (on 2 workers), the same
    bytes; and its certification, measured again by that run, holds at every table size."""
    from experiments.card.card_check.analysis import EXPLOIT_LIMIT

    path = tc.CARD_PATH
    words = shlex.split(tc.load_card(path)["provenance"]["command"])
    root = path.parent.parent.parent
    monkeypatch.chdir(root)
    out = tmp_path / "again"
    result = invoke(*words[1:], "--workers", "2", "--out", out)
    assert result.exit_code == 0, result.output
    assert (out / "card.json").read_bytes() == path.read_bytes()
    exploit = pd.read_csv(out / "exploit.csv")
    best = exploit.groupby("players")["gain"].max()
    assert list(best.index) == [2, 3, 4]
    assert (best <= EXPLOIT_LIMIT).all(), best


@pytest.mark.slow  # each card: its certification again, 30,000 games per arm and table size
@pytest.mark.parametrize(
    "name", ["card_rich_champion", "card_food_backs_champion", "card_default_greedy"]
)
def test_a_shipped_card_holds_at_its_own_table(tmp_path, monkeypatch, name):
    """At a table of the card's own tiles and base player, no one-seat deviation gains more than
    the limit (point estimate), played again on the certification's games."""
    from experiments.card.card_check.analysis import EXPLOIT_LIMIT
    from experiments.card.card_derive.analysis import plays_of
    from experiments.card.card_derive.kind import certify
    from experiments.shared.backends import PoolBackend, executor
    from experiments.shared.definition import experiment_from_settings

    path = _shipped(name)
    card = tc.load_card(path)
    monkeypatch.chdir(path.parent.parent.parent)
    experiment = experiment_from_settings(card["provenance"]["experiment"], "test")
    assert experiment.games >= 30_000
    backend = PoolBackend(executor(2), 2, own=True)
    try:
        backend.prepare([resolve(n) for n in experiment.field])
        exploit = certify(experiment, plays_of(card), tmp_path, backend)
    finally:
        backend.close()
    best = exploit.groupby("players")["gain"].max()
    assert list(best.index) == [2, 3, 4]
    assert (best <= EXPLOIT_LIMIT).all(), best


def test_cards_prints_the_shipped_cards_and_refuses_a_page_without_blocks(tmp_path):
    """``mammoth cards`` prints them; ``mammoth docs --update`` writes them into the pages
    (tests/test_pages.py checks the pages)."""
    from strategies.taming_card import shipped_cards

    shown = invoke("cards")
    assert shown.exit_code == 0, shown.output
    for path in shipped_cards():
        assert tc.load_card(path)["provenance"]["command"] in shown.output
    page = tmp_path / "page.md"
    page.write_text("# nothing marked\n", encoding="utf-8")
    before = snapshot(tmp_path)
    line = assert_refused(invoke("docs", "--update", page), tmp_path, before)
    assert "marked blocks" in line


def test_every_shipped_card_is_played_at_every_other_cards_table(tmp_path):
    from strategies.taming_card import shipped_cards

    out = tmp_path / "every"
    result = invoke("cards", "--at-every-table", "--games", "3", "--out", out)
    assert result.exit_code == 0, result.output
    stems = [p.stem for p in shipped_cards()]
    want = {f"{a}__at__{b}.csv" for a in stems for b in stems if a != b}
    assert {p.name for p in out.iterdir()} == want | {"run.json"}  # no chunks left behind
    table = pd.read_csv(out / next(iter(sorted(want))))
    assert set(table["players"]) == {2, 3, 4} and (table["games"] == 3).all()


@pytest.mark.heavy_kernel  # a local Dask cluster
def test_a_derivation_on_dask_is_the_same_card(tmp_path):
    pytest.importorskip("distributed")
    here = _derive(tmp_path, "here")
    there = _derive(tmp_path, "there", "--dask", "local:2")
    for name in OUTPUTS:
        assert (here / name).read_bytes() == (there / name).read_bytes(), name
