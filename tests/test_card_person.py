"""The person's card: its file, its words, and the engine playing exactly what they say.

Each rule kind is tried on hand-built states: a place rule at a placement (by turn, by who is on
the herd's area, by the printed bonus), the "gather there instead" answer, a commitment rule (a
count, one more over an earlier player), the winner's choice by the printed conversion; and the
card file plays move for move as its plays named by parameters.
"""

from __future__ import annotations

import itertools
import json

import numpy as np
import pytest

from experiments.shared.report_person_words import card_words, condition_words, person_lines
from sim.constants import FOREST, HUNTING_GROUNDS, N_AREAS, QUARRY, TOOL_MAKER, VALUES_WIDTH
from sim.contest_exact import outcome_table
from sim.data import load_buildings, load_cards, load_tiles
from sim.engine import herd_place
from sim.errors import InputError
from sim.rng import STREAM_WORDS
from sim.rules import Rules
from sim.state import (
    GOODS,
    H_ON_TILE,
    H_TILES_WON,
    HERD,
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
from strategies.card_person import (
    GATHER,
    MAX_RULES_PER_SIZE,
    WORTH,
    PersonPlay,
    is_person,
    person_card,
)

RNG = np.zeros(STREAM_WORDS, dtype=np.uint64)
SIZE3 = {"feature": "players", "lo": 2.5, "hi": 3.5}
# one rule of each kind, at 3 players: stay away when someone else is there; with a "1." bonus
# counting 3 or more put 2 people there from the second placement; else gather there instead;
# commit 3 over an earlier 2, else 1
CARD = {
    "worth": dict(WORTH),
    "place": {
        "rules": [
            {"when": [SIZE3, {"feature": "rivals", "lo": 0.5, "hi": None}], "people": 0},
            {
                "when": [
                    SIZE3,
                    {"feature": "turn", "lo": 1.5, "hi": None},
                    {"feature": "bonus", "lo": 3, "hi": None},
                ],
                "people": 2,
            },
        ],
        "default": GATHER,
    },
    "rules": [
        {"when": [SIZE3, {"feature": "committed_most", "lo": 1.5, "hi": None}], "commit": 3},
    ],
    "default": 1,
}


def _params(card):
    return np.concatenate([np.array(list(tc.PARAMS.values())), tc.card_row(card)])


PARAMS = _params(CARD)


def _state(players=3, prize=0, food=20):
    """The herd on the forest with tile ``prize`` this round (default set: 0 is tool:1 /
    food:1, 12 is points:3 / points:1)."""
    tiles = np.asarray(load_tiles(), dtype=np.int64)
    data = rules_data(load_cards(), load_buildings(), tiles, Rules().kernel_flags())
    st = new_state(1, players, data, outcome_table())
    st.game[0, TILE_PILE : TILE_PILE + 16] = np.arange(16)
    st.game[0, TILE_PILE] = prize
    st.game[0, TILE_PILE + prize] = 0
    st.game[0, I_N_TILES] = 16
    st.game[0, I_TILE_POS] = 1
    st.game[0, I_PRIZE] = prize
    st.game[0, I_HERD_AREA] = FOREST
    st.game[0, I_START_PLAYER] = 1
    st.seat[0, :players, PEOPLE] = 5
    st.seat[0, :players, GOODS] = food
    return st


def _rule_answer(rules, default, feats):
    """The first rule of a part whose box holds ``feats`` (a dict), read in Python."""
    for rule in rules:
        if all(
            (c.get("lo") is None or feats[c["feature"]] >= c["lo"])
            and (c.get("hi") is None or feats[c["feature"]] < c["hi"])
            for c in rule["when"]
        ):
            return rule[list(k for k in rule if k not in ("when", "text"))[0]]
    return default


def test_a_person_card_of_plays_is_a_card_and_keeps_to_four_rules_a_size():
    plays = {
        2: PersonPlay(GATHER, 1, 0, 2, 1),
        3: PersonPlay(2, 2, 1, 1, 1),
        4: PersonPlay(0, 1, 0, 1, 0),
    }
    card = person_card(plays)
    assert is_person(card) and tc._fault(card) is None
    for players in (2, 3, 4):
        count = sum(
            r["when"][0]["lo"] < players < r["when"][0]["hi"]
            for r in [*card["place"]["rules"], *card["rules"]]
        )
        assert count <= MAX_RULES_PER_SIZE


@pytest.mark.parametrize(
    "change, message",
    [
        ({"seek": {"rules": [], "default": True}}, "no 'seek' part"),
        ({"worth": {"food": 1}}, "gives 'worth'"),
        ({"worth": {**WORTH, "gold": 2.5}}, "worth.gold"),
        ({"place": {"rules": [{"when": [], "people": 11}], "default": 0}}, "people must be"),
        ({"place": {"rules": [{"when": [], "people": -2}], "default": 0}}, "people must be"),
        (
            {"place": {"rules": [{"when": [{"feature": "prize"}], "people": 1}], "default": 0}},
            "what a player sees",
        ),
        ({"rules": [{"when": [], "commit": -1}]}, "commit must be"),
        ({"rules": [{"when": [{"feature": "rounds_left"}], "commit": 1}]}, "what a player sees"),
        ({"rules": [{"when": [SIZE3], "commit": 1}] * 3}, "keeps to 4"),
        ({"default": -1}, "default must be"),
    ],
)
def test_a_person_card_that_breaks_its_format_is_refused_in_one_line(tmp_path, change, message):
    path = tmp_path / "card.json"
    path.write_text(json.dumps({**CARD, **change}), encoding="utf-8")
    with pytest.raises(InputError) as caught:
        tc.load_card(path)
    assert message in str(caught.value) and "\n" not in str(caught.value)


PLACE_CASES = {
    # name: (turn, someone else there, prize tile, expected people)
    "first placement, rich bonus": (1, 0, 12, GATHER),
    "second placement, rich bonus": (2, 0, 12, 2),
    "third placement, rich bonus": (3, 0, 12, 2),
    "second placement, poor bonus": (2, 0, 0, GATHER),
    "someone else there": (2, 1, 12, 0),
}


@pytest.mark.parametrize("case", PLACE_CASES)
def test_the_place_rules_answer_as_they_read(case):
    """``herd_people`` gives the first place rule that fits (the printed bonus: points:3 counts
    3, tool:1 counts 2), and what the card's words say at that turn."""
    turn, rival, prize, expect = PLACE_CASES[case]
    st = _state(prize=prize)
    st.seat[0, 1, PLACED + FOREST] = rival
    got = tc.herd_people(st, 0, 0, PARAMS, RNG, turn, 5)
    assert got == expect
    bonus = {12: 3, 0: 2}[prize]
    feats = {"players": 3, "turn": turn, "rivals": rival, "bonus": bonus, "tile_gap": 0,
             "tiles_left": 15}  # fmt: skip
    assert got == _rule_answer(CARD["place"]["rules"], CARD["place"]["default"], feats)
    never = PARAMS.copy()
    never[tc.SEEK] = 0.0
    assert tc.herd_people(st, 0, 0, never, RNG, turn, 5) == 0


def test_the_engine_places_what_the_answer_says():
    """``herd_place``: a count puts that many on the herd's area (within its bounds); "gather
    there" moves a resource area's people there (as many as fit), not a village place nor the
    hunting grounds; 0 leaves the base strategy's place."""
    st = _state()
    lo = np.ones(N_AREAS, dtype=np.int64)
    hi = np.full(N_AREAS, 4, dtype=np.int64)
    hi[FOREST] = 3
    assert herd_place(st, 0, 2, -1, 0, lo, hi) == (FOREST, 2)
    assert herd_place(st, 0, 7, -1, 0, lo, hi) == (FOREST, 3)
    assert herd_place(st, 0, GATHER, QUARRY, 4, lo, hi) == (FOREST, 3)
    assert herd_place(st, 0, GATHER, QUARRY, 2, lo, hi) == (FOREST, 2)
    assert herd_place(st, 0, GATHER, TOOL_MAKER, 1, lo, hi) == (TOOL_MAKER, 1)
    assert herd_place(st, 0, GATHER, HUNTING_GROUNDS, 4, lo, hi) == (HUNTING_GROUNDS, 4)
    assert herd_place(st, 0, 0, QUARRY, 4, lo, hi) == (QUARRY, 4)


def test_the_commitment_rules_answer_as_they_read():
    """A count, one more over an earlier player, capped at what the seat can move and pay."""
    seen = set()
    for earlier, available, food in itertools.product((0, 1, 2, 3), (1, 2, 5), (1, 20)):
        st = _state(food=food)
        st.seat[0, 0, PLACED + FOREST] = available
        st.seat[0, 1, HERD + H_ON_TILE] = earlier
        st.seat[0, 1, PLACED + FOREST] = max(earlier, 1)
        st.game[0, I_START_PLAYER] = 1  # seat 1 resolves before seat 0
        got = tc.commit_figures(st, 0, 0, PARAMS, RNG, available, np.ones(VALUES_WIDTH))
        feats = {"players": 3, "committed_most": earlier}
        want = _rule_answer(CARD["rules"], CARD["default"], feats)
        assert got == min(want, available, food)
        seen.add(got)
    assert seen == {1, 2, 3}


PLAYS = [
    PersonPlay(1, 2, 1, 2, 1),
    PersonPlay(GATHER, 1, 0, 1, 0),
    PersonPlay(1, 3, 0, 2, 0, rich=3),
    PersonPlay(2, 3, 1, 1, 0, early=3, rich=3),
    PersonPlay(1, 4, 0, 1, 0, early=2, rich=3),
    PersonPlay(2, 1, 0, 1, 1, rich=2),
    PersonPlay(1, 3, 0, 2, 0, rich=4, worth=(("points", 2), ("tool", 4))),
]


@pytest.mark.parametrize("play", PLAYS, ids=[p.strategy(3) for p in PLAYS])
def test_a_plays_parameters_and_its_card_file_answer_alike(play):
    """``card[people_3=..,...]`` and the card file of that play answer every situation alike:
    at each placement, with and without another player there, on a "1." bonus counting 2
    (tool:1) and 3 (points:3)."""
    by_name = resolve_params(play.strategy(3))
    by_file = _params(person_card({3: play}))
    for turn, rival, earlier, available, prize in itertools.product(
        (1, 2, 3, 4), (0, 1), (0, 1, 2), (1, 4), (0, 12)
    ):
        st = _state(prize=prize)
        st.seat[0, 1, PLACED + FOREST] = rival
        assert tc.herd_people(st, 0, 0, by_name, RNG, turn, 5) == tc.herd_people(
            st, 0, 0, by_file, RNG, turn, 5
        )
        st.seat[0, 0, PLACED + FOREST] = available
        st.seat[0, 1, HERD + H_ON_TILE] = earlier
        st.seat[0, 1, PLACED + FOREST] = max(earlier, rival)
        values = np.ones(VALUES_WIDTH)
        assert tc.commit_figures(st, 0, 0, by_name, RNG, available, values) == tc.commit_figures(
            st, 0, 0, by_file, RNG, available, values
        )


RICH_CASES = {
    # name: (turn, prize tile, expected people) for 1 person from the 3rd placement, 2 from the
    # 2nd at a "1." bonus counting 3+
    "first placement, rich bonus": (1, 12, 0),
    "second placement, rich bonus": (2, 12, 2),
    "third placement, rich bonus": (3, 12, 2),
    "second placement, poor bonus": (2, 0, 0),
    "third placement, poor bonus": (3, 0, 1),
}


@pytest.mark.parametrize("case", RICH_CASES)
def test_a_rich_bonus_puts_one_person_more_from_the_second_placement(case):
    """``rich_N``: at a printed "1." bonus counting that much or more, one person more, from the
    second placement at the latest; as the card's words say it."""
    turn, prize, expect = RICH_CASES[case]
    play = PersonPlay(1, 3, 0, 2, 0, rich=3)
    st = _state(prize=prize)
    assert tc.herd_people(st, 0, 0, resolve_params(play.strategy(3)), RNG, turn, 5) == expect
    card = person_card({3: play})
    assert person_lines(card)[3][0] == (
        'Herd\'s area: put 2 people there from your 2nd placement on and if the "1." bonus counts '
        "3+; else put 1 person there from your 3rd placement on; else stay away."
    )
    assert play.words() == "1 at placement 3 (2 from 2 at a bonus of 3+), commit 2"


def resolve_params(taming: str) -> np.ndarray:
    from strategies.registry import resolve

    return resolve(f"greedy+{taming}").taming_params


def test_the_winner_takes_the_bonus_that_counts_more_by_the_printed_conversion():
    st = _state(prize=12)  # points:3 against points:1
    assert tc.take_first_bonus(st, 0, 0, PARAMS, RNG, np.ones(VALUES_WIDTH))
    cheap = {**CARD, "worth": {**WORTH, "points": 0}}  # both count 0: the "1." on a tie
    assert tc.take_first_bonus(st, 0, 0, _params(cheap), RNG, np.ones(VALUES_WIDTH))
    st = _state(prize=0)  # tool:1 against food:1
    food_rich = {**CARD, "worth": {**WORTH, "food": 5, "tool": 1}}
    assert not tc.take_first_bonus(st, 0, 0, _params(food_rich), RNG, np.ones(VALUES_WIDTH))


def test_a_plays_conversion_is_the_cards_and_counts_the_bonus():
    """A play's own conversion (``worth_NAME=N``) is the one its card prints, and the one it
    counts a bonus by: tool:1 counts 4 with a tool step at 4, enough for one more person at a
    bonus of 4+, and 2 by the default conversion, not enough."""
    play = PersonPlay(1, 3, 0, 2, 0, rich=4, worth=(("tool", 4),))
    card = person_card({3: play, 4: PersonPlay(GATHER, 1, 0, 1, 0, worth=play.worth)})
    assert card["worth"] == {**WORTH, "tool": 4}
    assert card_words(card)[-1].endswith("tool 4, agriculture 3.")
    assert play.strategy(3).endswith(",rich_3=4,worth_tool=4]")
    st = _state(prize=0)  # tool:1 / food:1
    assert tc.herd_people(st, 0, 0, resolve_params(play.strategy(3)), RNG, 2, 5) == 2
    plain = PersonPlay(1, 3, 0, 2, 0, rich=4)
    assert tc.herd_people(st, 0, 0, resolve_params(plain.strategy(3)), RNG, 2, 5) == 0
    with pytest.raises(ValueError, match="one conversion"):
        person_card({3: play, 4: plain})


def test_the_words_say_each_rule_in_counts():
    lines = person_lines(CARD)[3]
    assert lines[0] == (
        "Herd's area: stay away if someone else is there; else put 2 people there from your 2nd "
        'placement on and if the "1." bonus counts 3+; else gather there, not at wood, clay, '
        "stone or gold."
    )
    assert lines[1] == "On the tile: commit 3 if a player before you committed 2+; else commit 1."
    words = card_words(CARD)
    assert "%" not in " ".join(words) and "card.html" not in " ".join(words)
    assert words[-1].startswith("Count a bonus as: food 1")
    assert condition_words({"feature": "tile_gap", "lo": None, "hi": -0.5}) == (
        "if you trail the tile leader by 1+"
    )
    assert condition_words({"feature": "to_decide", "lo": 0.5, "hi": None}) == (
        "with 1+ players to decide after you"
    )


def test_tiles_held_and_tiles_left_are_read_as_the_table_shows_them():
    card = {
        "worth": dict(WORTH),
        "place": {
            "rules": [
                {"when": [{"feature": "tile_gap", "lo": None, "hi": -0.5}], "people": 3},
                {"when": [{"feature": "tiles_left", "lo": None, "hi": 5.5}], "people": 1},
            ],
            "default": 0,
        },
        "rules": [],
        "default": 1,
    }
    params = _params(card)
    st = _state()
    assert tc.herd_people(st, 0, 0, params, RNG, 1, 5) == 0  # level, 15 tiles left
    st.seat[0, 1, HERD + H_TILES_WON] = 1
    assert tc.herd_people(st, 0, 0, params, RNG, 1, 5) == 3  # trailing by one
    st.seat[0, 1, HERD + H_TILES_WON] = 0
    st.game[0, I_TILE_POS] = 11  # 5 left after this round's
    assert tc.herd_people(st, 0, 0, params, RNG, 1, 5) == 1


def test_commitment_rules_on_what_only_a_person_reads_load_and_answer(tmp_path):
    """A person's commitment rules may test the printed bonus, the rivals and the tiles left,
    which a weight card's cannot: such a card loads from its file, and commits as it reads (3
    at a "1." bonus counting 3+, 2 with another player there, 0 with 5 tiles left or fewer,
    else 1)."""
    card = {
        "worth": dict(WORTH),
        "place": {"rules": [], "default": 1},
        "rules": [
            {"when": [{"feature": "bonus", "lo": 3, "hi": None}], "commit": 3},
            {"when": [{"feature": "rivals", "lo": 0.5, "hi": None}], "commit": 2},
            {"when": [{"feature": "tiles_left", "lo": None, "hi": 5.5}], "commit": 0},
        ],
        "default": 1,
    }
    path = tmp_path / "card.json"
    path.write_text(json.dumps(card), encoding="utf-8")
    params = _params(tc.load_card(path))

    def commits(prize, rival=False, tile_pos=1):
        st = _state(prize=prize)
        st.seat[0, 0, PLACED + FOREST] = 5
        if rival:
            st.seat[0, 1, PLACED + FOREST] = 1
        st.game[0, I_TILE_POS] = tile_pos
        return tc.commit_figures(st, 0, 0, params, RNG, 5, np.ones(VALUES_WIDTH))

    assert commits(12) == 3  # points:3 counts 3
    assert commits(0) == 1  # tool:1 counts 2
    assert commits(0, rival=True) == 2
    assert commits(0, tile_pos=11) == 0  # 5 left after this round's


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_person_cards_file_plays_its_plays_move_for_move(tmp_path, players):
    """Whole games: a seat playing the card file of some plays and a seat playing the plays by
    name end every game alike, and the card's seat puts people on the herd's area."""
    from strategies.play import play_games

    plays = {2: PersonPlay(GATHER, 1, 0, 2, 0), 3: PersonPlay(1, 2, 1, 1, 1),
             4: PersonPlay(1, 3, 0, 2, 1, rich=3)}  # fmt: skip
    path = tmp_path / "person.json"
    path.write_text(json.dumps(person_card(plays)), encoding="utf-8")
    field = ["greedy"] * (players - 1)
    by_file = play_games(200, players, [f"greedy+card[file={path}]", *field], seed=4)
    by_name = play_games(200, players, [f"greedy+{plays[players].strategy(players)}", *field],
                         seed=4)  # fmt: skip
    columns = [c for c in by_file.columns if c != "strategy"]
    assert by_file[columns].equals(by_name[columns])
    assert by_file[by_file["seat"] == 0]["contests_entered"].mean() > 1
