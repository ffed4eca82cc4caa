"""Civilization cards (docs/rules.md A5): every top effect, buying, and the bottoms' final
scoring."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from sim.board import take_card_bottom
from sim.constants import (
    BRICK,
    CULTURE_SYMBOLS,
    FIRST_CARD_SPACE,
    FOOD,
    GOLD,
    N_CARDS,
    STONE,
    WOOD,
    CardKind,
    Effect,
)
from sim.data import load_cards
from sim.invariants import ACTIONS, check
from sim.rules import Rules
from sim.scoring import culture_points, final_scoring
from sim.state import (
    AGRICULTURE,
    CHOICE_TOKENS,
    CULTURE,
    DISPLAY,
    FIGURES,
    GOODS,
    H_TILES_WON,
    I_DECK_POS,
    N_BUILDINGS_HELD,
    N_CARDS_HELD,
    ONE_TIME_TOOLS,
    P_CARD,
    P_CULTURE,
    P_FARMER,
    P_HUTBUILDER,
    P_RESOURCE,
    P_SHAMAN,
    P_TOOLMAKER,
    PARTS,
    PEOPLE,
    PLACED,
    SCORE,
    TOOLS,
    TOOLS_USED,
)

E = Effect
K = CardKind
SYM = {name: i for i, name in enumerate(CULTURE_SYMBOLS)}

# docs/rules.md A5, written out: (kind, symbol or figures, effect, amount, good).
RULES_CARDS = [
    (K.CULTURE, "writing", E.EXTRA_CARD, 1, 0),
    (K.CULTURE, "writing", E.DICE_FOR_EVERYONE, 1, 0),
    (K.CULTURE, "medicine", E.FOOD, 5, 0),
    (K.CULTURE, "medicine", E.RESOURCES_OF_CHOICE, 2, 0),
    (K.CULTURE, "art", E.TOOL, 1, 0),
    (K.CULTURE, "art", E.ROLL2, 2, GOLD),
    (K.CULTURE, "music", E.POINTS, 3, 0),
    (K.CULTURE, "music", E.POINTS, 3, 0),
    (K.CULTURE, "pottery", E.FOOD, 7, 0),
    (K.CULTURE, "pottery", E.DICE_FOR_EVERYONE, 1, 0),
    (K.CULTURE, "weaving", E.FOOD, 3, 0),
    (K.CULTURE, "weaving", E.FOOD, 1, 0),
    (K.CULTURE, "transport", E.RESOURCE, 2, STONE),
    (K.CULTURE, "transport", E.DICE_FOR_EVERYONE, 1, 0),
    (K.CULTURE, "time", E.AGRICULTURE, 1, 0),
    (K.CULTURE, "time", E.DICE_FOR_EVERYONE, 1, 0),
    (K.FARMER, 2, E.FOOD, 3, 0),
    (K.FARMER, 1, E.RESOURCE, 1, STONE),
    (K.FARMER, 1, E.AGRICULTURE, 1, 0),
    (K.FARMER, 1, E.DICE_FOR_EVERYONE, 1, 0),
    (K.FARMER, 2, E.DICE_FOR_EVERYONE, 1, 0),
    (K.TOOLMAKER, 1, E.ONE_TIME_TOOL, 4, 0),
    (K.TOOLMAKER, 1, E.ONE_TIME_TOOL, 3, 0),
    (K.TOOLMAKER, 2, E.ONE_TIME_TOOL, 2, 0),
    (K.TOOLMAKER, 2, E.DICE_FOR_EVERYONE, 1, 0),
    (K.TOOLMAKER, 2, E.DICE_FOR_EVERYONE, 1, 0),
    (K.HUTBUILDER, 1, E.FOOD, 4, 0),
    (K.HUTBUILDER, 2, E.FOOD, 2, 0),
    (K.HUTBUILDER, 3, E.POINTS, 3, 0),
    (K.HUTBUILDER, 1, E.DICE_FOR_EVERYONE, 1, 0),
    (K.HUTBUILDER, 2, E.DICE_FOR_EVERYONE, 1, 0),
    (K.SHAMAN, 1, E.RESOURCE, 1, STONE),
    (K.SHAMAN, 1, E.RESOURCE, 1, GOLD),
    (K.SHAMAN, 2, E.RESOURCE, 1, BRICK),
    (K.SHAMAN, 1, E.ROLL2, 2, STONE),
    (K.SHAMAN, 2, E.ROLL2, 2, WOOD),
]

SIMPLE = (E.FOOD, E.RESOURCE, E.POINTS, E.AGRICULTURE, E.TOOL, E.ONE_TIME_TOOL)
CARDS = load_cards()


def _key(row):
    kind, symbol, figures, effect, amount, good = (int(v) for v in row[:6])
    bottom = CULTURE_SYMBOLS[symbol] if kind == K.CULTURE else figures
    # the amount of a dice/extra-card effect carries no meaning
    amount = amount if effect not in (E.DICE_FOR_EVERYONE, E.EXTRA_CARD) else 1
    return kind, bottom, effect, amount, good if effect in (E.RESOURCE, E.ROLL2) else 0


def test_card_file_is_the_rules_deck():
    assert CARDS.shape[0] == N_CARDS
    have = Counter(_key(row) for row in CARDS)
    want = Counter((int(k), b, int(e), a, g) for k, b, e, a, g in RULES_CARDS)
    assert have == want


def _top(eng, st, p, card, players=4):
    streams, buf, work = eng.scratch[:3]
    ids = np.zeros(4, dtype=np.int64)
    params = np.zeros((4, 1))
    seats = (ids, ids, params, params)
    eng.mod.take_card_top(st, 0, p, card, seats, streams, players, buf, work)


@pytest.mark.parametrize(
    "card", [i for i in range(N_CARDS) if CARDS[i, 3] in SIMPLE], ids=lambda i: f"card{i}"
)
def test_simple_top_effects(sa, eng, card):
    st = sa.new(4)
    st.seat[0, 1, TOOLS : TOOLS + 3] = (2, 1, 1)
    before = st.seat.copy()
    _top(eng, st, 1, card)
    effect, amount, good = (int(v) for v in CARDS[card, 3:6])
    want = before.copy()
    seat = want[0, 1]
    if effect == E.FOOD:
        seat[GOODS + FOOD] += amount
    elif effect == E.RESOURCE:
        seat[GOODS + good] += amount
    elif effect == E.POINTS:
        seat[PARTS + P_CARD] += amount
    elif effect == E.AGRICULTURE:
        seat[AGRICULTURE] += amount
    elif effect == E.TOOL:
        seat[TOOLS + 1] += 1  # the lowest slot (first of the lowest)
    else:
        seat[ONE_TIME_TOOLS] = amount
    np.testing.assert_array_equal(st.seat, want)


def test_agriculture_card_capped_at_10_and_one_time_tools_stack(sa, eng):
    st = sa.new(2)
    st.seat[0, 0, AGRICULTURE] = 10
    _top(eng, st, 0, sa.card(K.CULTURE, E.AGRICULTURE), players=2)
    assert st.seat[0, 0, AGRICULTURE] == 10
    for value in (4, 3, 2):
        _top(eng, st, 0, sa.card(K.TOOLMAKER, E.ONE_TIME_TOOL, amount=value), players=2)
    assert list(st.seat[0, 0, ONE_TIME_TOOLS : ONE_TIME_TOOLS + 4]) == [4, 3, 2, 0]
    assert list(st.seat[0, 0, TOOLS : TOOLS + 3]) == [0, 0, 0]  # not tool slots


FACE = {1: (GOODS + WOOD, 1), 2: (GOODS + BRICK, 1), 3: (GOODS + STONE, 1), 4: (GOODS + GOLD, 1)}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_dice_for_everyone_buyer_first_then_clockwise(sa, eng, players):
    """Default take_die takes the first die left: the buyer gets die 0, the next seat die 1..."""
    streams = eng.scratch[0]
    card = sa.card(K.CULTURE, E.DICE_FOR_EVERYONE, symbol=SYM["pottery"])
    faces_seen = set()
    for key in range(40):
        buyer = key % players
        st = sa.new(players)
        st.seat[0, :players, TOOLS : TOOLS + 3] = (1, 1, 1)
        st.seat[0, :players, AGRICULTURE] = 9 if key % 5 == 0 else 0
        sa.seed(streams, sa.Purpose.CARD_DICE, 1000 + key)
        dice = sa.peek_dice(streams, sa.Purpose.CARD_DICE, players)
        before = st.seat.copy()
        _top(eng, st, buyer, card, players=players)
        want = before.copy()
        for k in range(players):
            p = (buyer + k) % players
            face = dice[k]
            faces_seen.add(face)
            if face <= 4:
                want[0, p, GOODS + face] += 1
            elif face == 5:
                want[0, p, TOOLS] += 1  # raise the lowest slot: (1,1,1) -> (2,1,1)
            else:
                want[0, p, AGRICULTURE] += 1
        np.testing.assert_array_equal(st.seat, want, err_msg=f"dice {dice} buyer {buyer}")
    assert faces_seen == {1, 2, 3, 4, 5, 6}


def test_dice_for_everyone_never_uses_tools(sa, kern):
    """With a strategy that puts tools on its rolls (random), the card's dice still take none."""
    streams, buf, work = kern.scratch[:3]
    sids = sa.ids(kern.random.base_id)
    params = sa.params()
    dice_card = sa.card(K.TOOLMAKER, E.DICE_FOR_EVERYONE)
    roll_card = sa.card(K.CULTURE, E.ROLL2, resource=GOLD)
    used_on_roll2 = 0
    for key in range(30):
        st = sa.new(3)
        st.seat[0, :3, TOOLS : TOOLS + 3] = (2, 2, 2)
        st.seat[0, :3, ONE_TIME_TOOLS] = 3
        sa.seed(streams, sa.Purpose.CARD_DICE, key)
        for p in range(3):
            sa.seed(streams, sa.Purpose.STRATEGY + p, 77 * key + p)
        dice = sa.peek_dice(streams, sa.Purpose.CARD_DICE, 3)
        before = st.seat.copy()
        kern.mod.take_card_top(
            st, 0, 0, dice_card, (sids, sids, params, params), streams, 3, buf, work
        )
        np.testing.assert_array_equal(st.seat[0, :, TOOLS_USED : TOOLS_USED + 3], 0)
        np.testing.assert_array_equal(st.seat[0, :3, ONE_TIME_TOOLS], 3)
        gained = Counter()
        for p in range(3):
            for face, col in ((1, GOODS + WOOD), (2, GOODS + BRICK), (3, GOODS + STONE)):
                gained[face] += st.seat[0, p, col] - before[0, p, col]
            gained[4] += st.seat[0, p, GOODS + GOLD] - before[0, p, GOODS + GOLD]
            gained[5] += (st.seat[0, p, TOOLS : TOOLS + 3] - before[0, p, TOOLS : TOOLS + 3]).sum()
            gained[6] += st.seat[0, p, AGRICULTURE] - before[0, p, AGRICULTURE]
        assert +gained == Counter(dice)
        # control: the same strategy does use tools on "roll 2 dice"
        kern.mod.take_card_top(
            st, 0, 1, roll_card, (sids, sids, params, params), streams, 3, buf, work
        )
        used_on_roll2 += st.seat[0, 1, TOOLS_USED : TOOLS_USED + 3].sum()
    assert used_on_roll2 > 0


@pytest.mark.parametrize("good", [GOLD, STONE, WOOD])
def test_roll_two_dice_for_a_resource_with_tools(sa, kern, good):
    streams, buf, work = kern.scratch[:3]
    sids = sa.ids(kern.random.base_id)
    params = sa.params()
    divisor = {WOOD: 3, STONE: 5, GOLD: 6}[good]
    card = sa.card(K.CULTURE if good == GOLD else K.SHAMAN, E.ROLL2, resource=good)
    with_tools = 0
    for key in range(40):
        st = sa.new(2)
        st.seat[0, 0, TOOLS : TOOLS + 3] = (3, 3, 2)
        st.seat[0, 0, TOOLS_USED] = 1  # slot 0 was used earlier this round
        st.seat[0, 0, ONE_TIME_TOOLS : ONE_TIME_TOOLS + 2] = (4, 2)
        sa.seed(streams, sa.Purpose.CARD_DICE, 500 + key)
        sa.seed(streams, sa.Purpose.STRATEGY, 900 + key)
        dice = sum(sa.peek_dice(streams, sa.Purpose.CARD_DICE, 2))
        before = st.seat[0, 0].copy()
        kern.mod.take_card_top(st, 0, 0, card, (sids, sids, params, params), streams, 2, buf, work)
        after = st.seat[0, 0]
        assert after[TOOLS_USED] == 1
        slots = (
            after[TOOLS_USED + 1 : TOOLS_USED + 3] - before[TOOLS_USED + 1 : TOOLS_USED + 3]
        ) * (before[TOOLS + 1 : TOOLS + 3])
        one_time = (
            before[ONE_TIME_TOOLS : ONE_TIME_TOOLS + 4] - after[ONE_TIME_TOOLS : ONE_TIME_TOOLS + 4]
        )
        pips = int(slots.sum() + one_time.sum())
        with_tools += pips > 0
        assert after[GOODS + good] - before[GOODS + good] == (dice + pips) // divisor
        changed = np.flatnonzero(after != before)
        allowed = {GOODS + good, TOOLS_USED + 1, TOOLS_USED + 2}
        allowed |= set(range(ONE_TIME_TOOLS, ONE_TIME_TOOLS + 4))
        assert set(changed.tolist()) <= allowed
    assert with_tools > 0


def test_roll_two_dice_default_hooks_no_tools(sa, eng):
    streams = eng.scratch[0]
    card = sa.card(K.SHAMAN, E.ROLL2, resource=WOOD)
    for key in range(10):
        st = sa.new(4)
        sa.seed(streams, sa.Purpose.CARD_DICE, key)
        dice = sum(sa.peek_dice(streams, sa.Purpose.CARD_DICE, 2))
        _top(eng, st, 2, card)
        assert st.seat[0, 2, GOODS + WOOD] == dice // 3


def test_extra_card_bottom_scores_top_ignored(sa, eng):
    writing = sa.card(K.CULTURE, E.EXTRA_CARD)
    pottery_food = sa.card(K.CULTURE, E.FOOD, amount=7)
    st = sa.new(4)
    sa.deal(st, [writing, 30, 31, 32], then=[pottery_food])
    st.seat[0, 1, GOODS + WOOD] = 1
    st.seat[0, 1, PLACED + FIRST_CARD_SPACE] = 1
    streams, buf, work = eng.scratch[:3]
    ids, params = sa.ids(), sa.params()
    eng.mod.resolve(st, 0, 1, FIRST_CARD_SPACE, (ids, ids, params, params), streams, 4, buf, work)
    seat = st.seat[0, 1]
    assert seat[GOODS + WOOD] == 0
    assert seat[GOODS + FOOD] == 12  # the extra card's top (7 food) is ignored
    assert seat[CULTURE + SYM["writing"]] == 1 and seat[CULTURE + SYM["pottery"]] == 1
    assert seat[N_CARDS_HELD] == 2
    assert st.game[0, DISPLAY] == -1
    assert st.game[0, I_DECK_POS] == 5
    assert check(st, 0, ACTIONS) == 0


def test_extra_card_from_an_empty_deck_gives_nothing(sa, eng):
    st = sa.new(4)
    st.game[0, I_DECK_POS] = N_CARDS
    before = st.seat.copy()
    _top(eng, st, 0, sa.card(K.CULTURE, E.EXTRA_CARD))
    np.testing.assert_array_equal(st.seat, before)
    assert st.game[0, I_DECK_POS] == N_CARDS


def test_resources_of_choice_immediate_and_keep(sa, eng):
    card = sa.card(K.CULTURE, E.RESOURCES_OF_CHOICE)
    st = sa.new(4)
    _top(eng, st, 3, card)
    assert st.seat[0, 3, GOODS + GOLD] == 2  # the default hook chooses gold
    assert st.seat[0, 3, CHOICE_TOKENS] == 0
    keep = sa.new(4, rules=Rules(resources_of_choice="keep"))
    _top(eng, keep, 3, card)
    assert keep.seat[0, 3, GOODS + 1 : GOODS + 5].sum() == 0
    assert keep.seat[0, 3, CHOICE_TOKENS] == 2
    # kept tokens are resources at the end (1 point each) ...
    final_scoring(keep, 0, H_TILES_WON, np.zeros(8, dtype=np.int64))
    assert keep.seat[0, 3, PARTS + P_RESOURCE] == 2
    # ... and turn into resources when a payment needs them: a 3-resource card, 1 wood held
    keep = sa.new(4, rules=Rules(resources_of_choice="keep"))
    keep.seat[0, 0, CHOICE_TOKENS] = 2
    keep.seat[0, 0, GOODS + WOOD] = 1
    keep.seat[0, 0, PLACED + FIRST_CARD_SPACE + 2] = 1
    streams, buf, work = eng.scratch[:3]
    ids, params = sa.ids(), sa.params()
    eng.mod.resolve(
        keep, 0, 0, FIRST_CARD_SPACE + 2, (ids, ids, params, params), streams, 4, buf, work
    )
    assert keep.seat[0, 0, N_CARDS_HELD] == 1
    assert keep.seat[0, 0, CHOICE_TOKENS] == 0
    assert keep.seat[0, 0, GOODS + 1 : GOODS + 5].sum() == 0


@pytest.mark.parametrize("space", [0, 1, 2, 3])
def test_buying_a_card_costs_its_space(sa, eng, space):
    music = [i for i in range(N_CARDS) if CARDS[i, 3] == E.POINTS and CARDS[i, 0] == K.CULTURE]
    others = [i for i in range(N_CARDS) if i not in music][:3]
    display = others[:space] + [music[0]] + others[space:]
    streams, buf, work = eng.scratch[:3]
    ids, params = sa.ids(), sa.params()
    area = FIRST_CARD_SPACE + space
    st = sa.new(4)
    sa.deal(st, display)
    st.seat[0, 2, GOODS + WOOD] = space + 1
    st.seat[0, 2, GOODS + GOLD] = 1
    st.seat[0, 2, PLACED + area] = 1
    eng.mod.resolve(st, 0, 2, area, (ids, ids, params, params), streams, 4, buf, work)
    seat = st.seat[0, 2]
    assert seat[GOODS + WOOD] == 0 and seat[GOODS + GOLD] == 1  # the cheapest resources
    assert seat[PARTS + P_CARD] == 3 and seat[CULTURE + SYM["music"]] == 1
    assert seat[N_CARDS_HELD] == 1
    assert st.game[0, DISPLAY + space] == -1
    assert check(st, 0, ACTIONS) == 0
    # one resource short: nothing happens
    st = sa.new(4)
    sa.deal(st, display)
    st.seat[0, 2, GOODS + WOOD] = space
    st.seat[0, 2, PLACED + area] = 1
    before = st.seat.copy()
    eng.mod.resolve(st, 0, 2, area, (ids, ids, params, params), streams, 4, buf, work)
    np.testing.assert_array_equal(st.seat, before)
    assert st.game[0, DISPLAY + space] == music[0]


# ---- bottoms ------------------------------------------------------------------------------


def _score(st):
    final_scoring(st, 0, H_TILES_WON, np.zeros(8, dtype=np.int64))
    return st.seat[0, 0]


def test_culture_sets_five_different_plus_one_duplicate_is_26(sa):
    st = sa.new(2)
    for symbol in ("writing", "medicine", "art", "music", "pottery"):
        card = next(i for i in range(N_CARDS) if CARDS[i, 0] == 0 and CARDS[i, 1] == SYM[symbol])
        take_card_bottom(st, 0, 0, card)
    dup = [i for i in range(N_CARDS) if CARDS[i, 0] == 0 and CARDS[i, 1] == SYM["music"]][1]
    take_card_bottom(st, 0, 0, dup)
    st.seat[0, 0, GOODS + FOOD] = 0
    seat = _score(st)
    assert seat[N_CARDS_HELD] == 6
    assert seat[PARTS + P_CULTURE] == 26 and seat[SCORE] == 26


@pytest.mark.parametrize(
    ("row", "want"),
    [
        ([0] * 8, 0),
        ([1] * 8, 64),
        ([2] * 8, 128),
        ([1, 1, 0, 0, 0, 0, 0, 0], 4),
        ([3, 1, 0, 0, 0, 0, 0, 0], 4 + 1 + 1),
        ([2, 2, 2, 1, 0, 0, 0, 0], 16 + 9),
    ],
)
def test_culture_points(row, want):
    assert culture_points(np.array(row, dtype=np.int16)) == want


def test_multiplier_bottoms(sa):
    st = sa.new(2)
    for kind in (K.FARMER, K.TOOLMAKER, K.HUTBUILDER, K.SHAMAN):
        for i in range(N_CARDS):
            if CARDS[i, 0] == kind:
                take_card_bottom(st, 0, 0, i)
    seat = st.seat[0, 0]
    # figures: farmer 2+1+1+1+2, tool maker 1+1+2+2+2, hut builder 1+2+3+1+2, shaman 1+1+2+1+2
    assert list(seat[FIGURES + 1 : FIGURES + 5]) == [7, 8, 9, 7]
    seat[AGRICULTURE] = 3
    seat[TOOLS : TOOLS + 3] = (2, 2, 1)
    seat[ONE_TIME_TOOLS : ONE_TIME_TOOLS + 2] = (4, 3)  # never counted by tool makers
    seat[N_BUILDINGS_HELD] = 4
    seat[PEOPLE] = 8
    seat[GOODS + FOOD] = 9  # food scores nothing
    seat[GOODS + WOOD] = 2
    seat[GOODS + GOLD] = 1
    seat = _score(st)
    assert seat[PARTS + P_FARMER] == 7 * 3
    assert seat[PARTS + P_TOOLMAKER] == 8 * 5
    assert seat[PARTS + P_HUTBUILDER] == 9 * 4
    assert seat[PARTS + P_SHAMAN] == 7 * 8
    assert seat[PARTS + P_RESOURCE] == 3
    assert seat[PARTS + P_CULTURE] == 0
    assert seat[SCORE] == 21 + 40 + 36 + 56 + 3
