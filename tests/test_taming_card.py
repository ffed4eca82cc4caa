"""The ``card`` taming policy: it commits what the card says, on hand-built and on played games."""

from __future__ import annotations

import itertools
import json

import numpy as np
import pytest

from experiments.shared.report_card_words import card_lines
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
from strategies.card_person import person_row
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
    """The card's rule read in Python from a situation (a dict of the advice's columns); None
    where the rule counts the commitment out (:data:`strategies.taming_card.COUNT`: it reads
    the figures' costs too, which the situation does not hold)."""
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
            return (
                None if rule["commit"] == tc.COUNT else min(rule["commit"], int(situation["kmax"]))
            )
    return None if card["default"] == tc.COUNT else min(card["default"], int(situation["kmax"]))


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


COUNT_CARD = {"rules": [{"when": [], "commit": tc.COUNT}], "default": tc.COUNT}


def _commit_situations(players, others):
    """Hand-built commitments ``(state, available, values)``: over earlier commitments, people
    on the area, food, the bonus and the tile standing (the seat's 0 or 2 tiles against another
    seat's ``others``)."""
    for earlier, available, food, first, all_, mine, other in itertools.product(
        (0, 1, 3), (1, 3, 5), (1, 20), (2.0, 9.0, 25.0), (0.0, 2.0), (0, 2), others
    ):
        st = _state(players=players, food=food, left=5)
        st.seat[0, 0, PLACED + FOREST] = available
        st.seat[0, 1, HERD + H_ON_TILE] = earlier
        st.seat[0, 1, PLACED + FOREST] = max(earlier, 1)
        st.seat[0, 0, HERD + H_TILES_WON] = mine
        st.seat[0, 1, HERD + H_TILES_WON] = other
        yield st, available, _values(first, all_)


@pytest.mark.parametrize("players", [3, 4])
def test_counting_it_out_is_majoritys_commitment(players):
    """A rule that counts the commitment out commits what ``majority`` (its default
    parameters) commits in the same situation: on hand-built states over earlier commitments,
    people on the area, food, the bonus and the tile standing."""
    from strategies import taming_majority as mj

    params = np.concatenate([np.array(list(tc.PARAMS.values())), tc.card_row(COUNT_CARD)])
    majority = np.array(list(mj.PARAMS.values()))
    seen = set()
    for st, available, values in _commit_situations(players, others=(1, 3)):
        got = tc.commit_figures(st, 0, 0, params, RNG, available, values)
        assert got == mj.commit_figures(st, 0, 0, majority, RNG, available, values)
        seen.add(got)
    assert len(seen) >= 3  # the count moves with the situation


@pytest.mark.parametrize("players", [2, 3, 4])
def test_counting_it_out_by_the_tile_gap_is_evs_commitment(players):
    """A rule that counts the commitment out by the tile gap commits what ``ev`` (its default
    parameters) commits in the same situation, and the count by the chance of the most tiles
    differs from it somewhere: hand-built states over earlier commitments, people on the area,
    food, the bonus and the tile standing (leading, level, one and two behind)."""
    from strategies import taming_ev as ev

    gap_card = {"rules": [], "default": tc.COUNT_BY_GAP}
    params = np.concatenate([np.array(list(tc.PARAMS.values())), tc.card_row(gap_card)])
    evs = np.array(list(ev.PARAMS.values()))
    count = np.concatenate([np.array(list(tc.PARAMS.values())), tc.card_row(COUNT_CARD)])
    seen, differs = set(), False
    for st, available, values in _commit_situations(players, others=(1, 2, 4)):
        got = tc.commit_figures(st, 0, 0, params, RNG, available, values)
        assert got == ev.commit_figures(st, 0, 0, evs, RNG, available, values)
        counted = tc.commit_figures(st, 0, 0, count, RNG, available, values)
        differs |= counted != got
        seen.add(got)
    assert len(seen) >= 3 and differs


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seeking_always_and_counting_by_the_tile_gap_plays_evs_games(players, tmp_path):
    """``card[seek_N=2,weight_N=W,commit_N=-3]`` places and commits as ``ev[weight=W]`` does:
    whole games move for move (the same scores, tiles and figures), and the card file that
    :func:`strategies.taming_card.card_of_plays` writes for it plays them too."""
    card = tc.card_of_plays({p: tc.TablePlay(2, 0.65, tc.COUNT_BY_GAP) for p in (2, 3, 4)})
    path = tmp_path / "gap.json"
    path.write_text(json.dumps(card), encoding="utf-8")
    named = f"card[seek_{players}=2,weight_{players}=0.65,commit_{players}=-3]"
    played = []
    for taming in (named, "ev[weight=0.65]", f"card[file={path}]"):
        seats = [f"greedy+{taming}"] + ["greedy+majority"] * (players - 1)
        games = play_games(30, players, seats, seed=11, rotate=True)
        played.append(games.drop(columns=["strategy"]).to_numpy())
    assert (played[0] == played[1]).all() and (played[2] == played[1]).all()


def test_the_card_format_gives_evs_shares_of_the_tile_by_the_gap():
    """docs/card_format.md's count by the tile gap names ``ev``'s shares, in its order."""
    from pathlib import Path

    from strategies import taming_ev as ev

    text = " ".join(Path("docs/card_format.md").read_text(encoding="utf-8").split())
    shares = [ev.PARAMS[f"tile_{at}"] for at in ("ahead", "level", "behind", "far")]
    said = "{:.0%} when you hold the most alone, {:.0%} when level with the most".format(*shares)
    assert said in text
    assert (
        "{:.0%} one behind (the tile draws you level) and {:.0%} two or more".format(*shares[2:])
        in text
    )


def test_the_kernel_row_of_a_card_holds_its_rules():
    row = tc.card_row(CARD)
    assert row[2] == CARD["default"] and row[3] == len(CARD["rules"])
    seek = 4 + len(CARD["rules"]) * tc.RULE_WIDTH
    # a card without a seek part: never seek, no rules; then the empty person's part
    assert row.shape[0] == seek + 2 + 4 + len(person_row(None))
    assert row[seek] == 0 and row[seek + 1] == 0
    assert np.all(row[seek + 2 : seek + 6] == 0)  # and no weight of its own
    assert list(row[seek + 6 :]) == person_row(None)  # nor a person's part
    assert np.all(np.isfinite(row))


def test_the_shipped_card_is_the_one_the_policy_reads_and_says_how_it_was_made():
    card = tc.load_card()
    # the row a seat playing the card hands the kernel, read back rule by rule against the file
    row = resolve("greedy+card").taming_params[tc.AT :]
    rules = card["rules"]
    assert row[2] == card["default"] and row[3] == len(rules)
    seek = card.get("seek") or {"rules": [], "default": False}
    at_seek = 4 + len(rules) * tc.RULE_WIDTH
    at_weight = at_seek + 2 + len(seek["rules"]) * tc.SEEK_RULE_WIDTH
    assert len(row) == at_weight + 4 + len(person_row(None))  # not a person's card
    assert row[at_seek] == float(seek["default"]) and row[at_seek + 1] == len(seek["rules"])
    weight = seek.get("weight")
    weights = [1.0, *(weight[p] for p in "234")] if weight else [0.0] * 4
    assert list(row[at_weight:]) == weights + person_row(None)
    parts = [
        (4, rules, "commit", tc.FEATURES),
        (at_seek + 2, seek["rules"], "seek", tc.SEEK_FEATURES),
    ]
    for start, part, answer, features in parts:
        width = 1 + 2 * len(features)
        for r, rule in enumerate(part):
            at = start + r * width
            assert row[at] == float(rule[answer])
            bounds = row[at + 1 : at + width].reshape(-1, 2)
            named = {c["feature"]: c for c in rule["when"]}
            for f, feature in enumerate(features):
                lo, hi = bounds[f]
                cond = named.get(feature, {})
                assert lo == (cond["lo"] if cond.get("lo") is not None else -tc.OPEN), (r, feature)
                assert hi == (cond["hi"] if cond.get("hi") is not None else tc.OPEN), (r, feature)
    provenance = card["provenance"]
    assert provenance["command"].startswith("mammoth derive-card ")
    assert "--seed" in provenance["command"]
    assert 1 <= len(card["rules"]) <= 12
    assert all(tc.COUNT <= r["commit"] <= MAX_TILE_FIGURES for r in card["rules"])
    for rule in card["rules"]:
        assert {c["feature"] for c in rule["when"]} <= set(tc.FEATURES)
    lines = card_lines(card)  # one screen
    assert len(lines) <= 24 and max(map(len, lines)) <= 200


@pytest.mark.heavy_kernel  # plays the light kernel's advice or analysis entry
@pytest.mark.parametrize("players", [2, 3, 4])
def test_card_follows_the_shipped_card_in_played_games(players):
    """Every decision of the card seat in real games: its commitment is the card's rule read
    from the situation the advice run records (the same numbers the policy reads)."""
    seats = ["greedy+card"] + ["greedy"] * (players - 1)
    # at 3-4 players the card stays away from the herd: its seat meets fewer contests
    games = 12 if players == 2 else 40
    decisions = advise_games(games, players, seats, playouts=1, seed=7, seat=0)
    assert len(decisions) >= 5
    card = tc.load_card()
    if players not in card.get("commit_gated", []):
        # the shipped card's rules other than the default are met at this size, and followed
        assert (decisions["k_field"] != card["default"]).any()
    else:  # gated over whole games: the card commits its default (or all the seat can)
        assert (decisions["k_field"] <= card["default"]).all()
    counted = 0
    for _, row in decisions.iterrows():
        situation = {c: row[c] for c in SITUATION_COLUMNS}
        answer = card_answer(card, situation)
        if answer is None:  # counted out: checked against majority's count on hand-built states
            counted += 1
            assert 0 <= row["k_field"] <= row["kmax"], situation
        else:
            assert row["k_field"] == answer, situation
    if card_answer(card, {**dict.fromkeys(SITUATION_COLUMNS, 0), "players": players}) is None:
        assert counted == len(decisions)  # the card counts every commitment out at this size


def test_greedy_with_card_plays_full_games():
    games = play_games(40, 4, ["greedy+card", "greedy", "greedy", "greedy"], seed=3, rotate=True)
    card = games[games["strategy"] == "greedy+card"]
    assert len(card) == 40 and not games["safety_stop"].any()
    assert card["figures_committed"].sum() > 0


SEEK_CARD = {
    **CARD,
    "seek": {
        "rules": [
            {"when": [{"feature": "rivals", "lo": 0.5, "hi": None}], "seek": False},
            {
                "when": [
                    {"feature": "players", "lo": 2.5, "hi": None},
                    {"feature": "prize", "lo": 6.0, "hi": 12.0},
                ],
                "seek": False,
            },
        ],
        "default": True,
    },
}
SEEK_CASES = {
    # name: (players, rival people on the forest, first worth, the card seeks)
    "nobody there, poor prize": (4, 0, 3.0, True),
    "nobody there, middling prize, 4 players": (4, 0, 8.0, False),
    "nobody there, middling prize, 2 players": (2, 0, 8.0, True),
    "nobody there, rich prize": (3, 0, 14.0, True),
    "a rival there": (3, 2, 14.0, False),
}


@pytest.fixture(scope="module")
def file_params(tmp_path_factory):
    """The parameter row of ``greedy+card[file=PATH]`` for :data:`SEEK_CARD` written to a file."""
    path = tmp_path_factory.mktemp("card") / "my card.json"
    path.write_text(json.dumps(SEEK_CARD), encoding="utf-8")
    seat = resolve(f"greedy+card[file={path}]")
    assert seat.taming == f"card[file={path}]"
    return seat.taming_params


@pytest.mark.parametrize("case", CASES)
def test_a_card_file_commits_what_it_says_on_hand_built_situations(case, file_params):
    players, earlier, available, food, first, (mine, other), expect = CASES[case]
    st = _state(players=players, food=food)
    st.seat[0, 0, PLACED + FOREST] = available
    st.seat[0, 1, HERD + H_ON_TILE] = earlier
    st.seat[0, 1, PLACED + FOREST] = earlier
    st.seat[0, 0, HERD + H_TILES_WON] = mine
    st.seat[0, 1, HERD + H_TILES_WON] = other
    assert tc.commit_figures(st, 0, 0, file_params, RNG, available, _values(first)) == expect


@pytest.mark.parametrize("case", SEEK_CASES)
def test_a_card_file_seeks_the_herd_where_it_says_on_hand_built_situations(case, file_params):
    """At placement: where the card seeks, ``ev``'s estimate of the herd (the same parameter
    row); where it does not, nothing; and ``card[seek=0]`` never seeks."""
    from strategies import taming_ev

    players, rivals, first, seeks = SEEK_CASES[case]
    st = _state(players=players)
    st.seat[0, 1, PLACED + FOREST] = rivals
    values = _values(first, 1.0)
    estimate = taming_ev.herd_value(st, 0, 0, file_params, RNG, values)
    assert estimate > 0  # the herd is worth something here: seeking is a real choice
    got = tc.herd_value(st, 0, 0, file_params, RNG, values)
    assert got == (estimate if seeks else 0.0)
    never = file_params.copy()
    never[tc.SEEK] = 0.0
    assert tc.herd_value(st, 0, 0, never, RNG, values) == 0.0


def test_a_card_file_that_is_not_a_card_is_refused_in_one_line(tmp_path):
    from sim.errors import InputError

    cases = {
        "not json": "{",
        "no default": json.dumps({"rules": []}),
        "unknown feature": json.dumps(
            {"rules": [{"when": [{"feature": "moon"}], "commit": 1}], "default": 1}
        ),
        "seek not true or false": json.dumps(
            {"rules": [], "default": 1, "seek": {"rules": [], "default": 1}}
        ),
        "commit too many": json.dumps({"rules": [{"when": [], "commit": 11}], "default": 1}),
        "commit -2": json.dumps({"rules": [{"when": [], "commit": -2}], "default": 1}),
        "default -4": json.dumps({"rules": [], "default": -4}),
    }
    for name, text in cases.items():
        path = tmp_path / f"{name}.json"
        path.write_text(text, encoding="utf-8")
        with pytest.raises(InputError) as error:
            resolve(f"greedy+card[file={path}]")
        message = str(error.value)
        assert message.startswith(f"card file {path}:") and "\n" not in message, (name, message)


def test_the_documented_card_example_is_a_card_and_its_file():
    """docs/card_format.md's example is docs/card_example.json, and the player reads it."""
    import re
    from pathlib import Path

    docs = Path(__file__).resolve().parent.parent / "docs"
    block = re.search(r"```json\n(.*?)```", (docs / "card_format.md").read_text(), re.DOTALL)
    shown = json.loads(block.group(1))
    assert shown == json.loads((docs / "card_example.json").read_text())
    card = tc.load_card(docs / "card_example.json")
    row = tc.card_row(card)
    assert row[2] == 1 and row[3] == 1  # commit 1 by default, one commitment rule
    seek_at = 4 + tc.RULE_WIDTH
    assert row[seek_at] == 1.0 and row[seek_at + 1] == 1  # seek by default, one seek rule


def test_a_seek_weight_is_the_cards_whatever_the_base_strategys_herd_weight(tmp_path):
    """With a seek ``weight``, the card hands the base ``ev``'s estimate times its weight at the
    table over the base's own herd weight (``values[V_HERD]``), so the placement weighs the
    contest by the card's weight; a base that weighs it 0 gets nothing."""
    from sim.constants import V_HERD
    from strategies import taming_ev

    card = {**SEEK_CARD, "seek": {**SEEK_CARD["seek"], "weight": {"2": 0.9, "3": 0.5, "4": 0.25}}}
    path = tmp_path / "weighted.json"
    path.write_text(json.dumps(card), encoding="utf-8")
    params = resolve(f"greedy+card[file={path}]").taming_params
    for players, weight in ((2, 0.9), (4, 0.25)):
        st = _state(players=players)
        values = _values(3.0, 1.0)
        estimate = taming_ev.herd_value(st, 0, 0, params, RNG, values)
        assert estimate > 0
        for base_weight in (1.0, 0.866, 0.26):
            values[V_HERD] = base_weight
            got = tc.herd_value(st, 0, 0, params, RNG, values)
            assert got * base_weight == pytest.approx(estimate * weight, rel=1e-12)
        values[V_HERD] = 0.0
        assert tc.herd_value(st, 0, 0, params, RNG, values) == 0.0


@pytest.mark.parametrize(
    "weight, message",
    [
        ({"2": 1.0, "3": 0.5}, "for each of"),
        ({"2": 1.0, "3": 0.5, "4": -1}, "from 0 to"),
        ({"2": 1.0, "3": True, "4": 0.2}, "from 0 to"),
        ([1, 1, 1], "for each of"),
    ],
)
def test_a_bad_seek_weight_is_refused_in_one_line(tmp_path, weight, message):
    from sim.errors import InputError

    card = {"rules": [], "default": 1, "seek": {"rules": [], "default": True, "weight": weight}}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(card), encoding="utf-8")
    with pytest.raises(InputError, match=message) as error:
        resolve(f"greedy+card[file={path}]")
    assert "\n" not in str(error.value)


@pytest.mark.parametrize("base", ["greedy", "learned", "champion"])
def test_the_base_strategy_says_how_it_weighs_the_herd(base):
    """``values[V_HERD]`` is the weight the base's placement puts on ``herd_value``: ``herd``,
    times ``herd_3_4`` at 3 and 4 players for the learned family."""
    from sim.constants import V_HERD
    from strategies import greedy_values
    from strategies.registry import BASE

    seat = resolve(base)
    names = list(__import__(seat.base_module, fromlist=["PARAMS"]).PARAMS)
    herd = seat.base_params[names.index("herd")]
    later = seat.base_params[names.index("herd_3_4")] if "herd_3_4" in names else 1.0
    module = __import__(BASE[seat.family][0], fromlist=["value_goods"])
    for players, expect in ((2, herd), (4, herd * later)):
        st = _state(players=players)
        values = np.full(VALUES_WIDTH, 1.0)
        module.value_goods(st, 0, 0, seat.base_params, RNG, values, 3)
        assert values[V_HERD] == pytest.approx(expect)
    assert greedy_values.PARAMS["herd"] == pytest.approx(0.866)
