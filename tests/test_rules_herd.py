"""The Mammoth Herd (docs/rules.md B1-B3): the round's prize, commitments, taming, tile
conservation."""

from __future__ import annotations

import numpy as np
import pytest

from sim.constants import (
    FOOD,
    FOREST,
    GOLD,
    HUNTING_GROUNDS,
    RIVER,
    WOOD,
    Effect,
)
from sim.contest_mc import roll_contest
from sim.data import load_tiles
from sim.invariants import TAMING, check
from sim.rules import Rules
from sim.run import Run
from sim.runner import play_state
from sim.state import (
    AGRICULTURE,
    GOODS,
    H_ALL_BONUSES,
    H_CONTESTS_ENTERED,
    H_FIGURES_COMMITTED,
    H_FIRST_BONUSES,
    H_FOOD_PAID,
    H_ON_TILE,
    H_RESOURCES_PAID,
    H_TILES_WON,
    HERD,
    I_CONTESTS,
    I_HERD_AREA,
    I_HERD_ROUNDS,
    I_N_TILES,
    I_PRIZE,
    I_TILE_POS,
    I_TILES_BOXED,
    P_HERD_BONUS,
    P_MAMMOTH,
    PARTS,
    PLACED,
    TILE_PILE,
    TOOLS,
)
from strategies.play import slots_for

TILES = load_tiles()
N_TILES = TILES.shape[0]
DRAW = 4


def _rigged(outcomes):
    """An outcome table where each listed contest (k0..k3) has one certain outcome column."""
    table = np.zeros((11, 11, 11, 11, 6))
    for k, column in outcomes.items():
        table[k + (column,)] = 1.0
    table.flags.writeable = False
    return table


RIGGED = _rigged({(2, 1, 0, 0): 1, (2, 2, 0, 0): DRAW, (1, 2, 3, 0): 2})


def test_tile_file_is_the_assumed_default_set():
    """docs/rules.md B3: backs W B S G per row; tool / agriculture / 2 of the back / 3 points."""
    assert N_TILES == 16
    for i, row in enumerate(TILES):
        back = WOOD + i % 4
        first = [
            (Effect.TOOL, 1, 0),
            (Effect.AGRICULTURE, 1, 0),
            (Effect.RESOURCE, 2, back),
            (Effect.POINTS, 3, 0),
        ][i // 4]
        every = (Effect.POINTS, 1, 0) if i >= 12 else (Effect.FOOD, 1, 0)
        assert row[0] == back
        assert tuple(row[1:4]) == first and tuple(row[4:7]) == every


def _turn_up(eng, st, tile):
    """Start a round whose prize is ``tile`` (tiles before it counted as boxed)."""
    st.game[0, I_TILE_POS] = tile
    st.game[0, I_TILES_BOXED] = tile
    eng.mod.start_round(st, 0)


def test_start_round_turns_up_the_top_tile(sa, eng):
    st = sa.new(4)
    st.game[0, TILE_PILE : TILE_PILE + N_TILES] = np.arange(N_TILES)[::-1]
    for rnd in range(N_TILES):
        tile = N_TILES - 1 - rnd
        eng.mod.start_round(st, 0)
        assert st.game[0, I_PRIZE] == tile
        assert st.game[0, I_HERD_AREA] == TILES[tile, 0]
        assert st.game[0, I_TILE_POS] == rnd + 1 and st.game[0, I_HERD_ROUNDS] == rnd + 1
        st.game[0, I_PRIZE] = -1  # nobody took part: boxed
        st.game[0, I_TILES_BOXED] += 1
    eng.mod.start_round(st, 0)  # no tiles left: the herd is gone
    assert st.game[0, I_PRIZE] == -1 and st.game[0, I_HERD_AREA] == -1
    assert st.game[0, I_HERD_ROUNDS] == N_TILES


def test_food_back_puts_the_herd_on_the_hunting_grounds(sa, eng):
    tiles = TILES.copy()
    tiles[:, 0] = FOOD
    tiles[:, 1:4] = (Effect.FOOD, 2, 0)  # a 'back' bonus needs a resource back
    st = sa.new(2, tiles=tiles)
    eng.mod.start_round(st, 0)
    assert st.game[0, I_HERD_AREA] == HUNTING_GROUNDS


def test_herd_off_no_prize(sa, eng):
    st = sa.new(2, rules=Rules(herd=False))
    assert st.game[0, I_N_TILES] == 0
    eng.mod.start_round(st, 0)
    assert st.game[0, I_PRIZE] == -1 and st.game[0, I_HERD_AREA] == -1


def _tame(module, st, scratch, players, tids=None, ptame=None, dice=False):
    streams, work = scratch[0], scratch[2]
    tids = np.zeros(4, dtype=np.int64) if tids is None else tids
    ptame = np.zeros((4, 1)) if ptame is None else ptame
    sids = np.zeros(4, dtype=np.int64)
    module.taming(st, 0, (sids, tids, np.zeros((4, 1)), ptame), streams, players, dice, work)


def _on_tile(st, figures):
    for p, k in enumerate(figures):
        st.seat[0, p, HERD + H_ON_TILE] = k


def test_unique_winner_takes_first_bonus_and_keeps_the_tile(sa, eng):
    st = sa.new(4, odds=RIGGED)
    _turn_up(eng, st, 12)  # wood back, "1." 3 points, "all" 1 point
    _on_tile(st, (2, 1, 0, 0))
    _tame(eng.mod, st, eng.scratch, 4)
    herd = st.seat[0, :4, HERD : HERD + 8]
    assert st.seat[0, :4, PARTS + P_HERD_BONUS].tolist() == [1, 3, 0, 0]
    assert herd[:, H_TILES_WON].tolist() == [0, 1, 0, 0]
    assert herd[:, H_FIRST_BONUSES].tolist() == [0, 1, 0, 0]
    assert herd[:, H_ALL_BONUSES].tolist() == [1, 0, 0, 0]
    assert not herd[:, H_ON_TILE].any()
    assert st.game[0, I_TILES_BOXED] == 12 and st.game[0, I_PRIZE] == -1
    assert st.game[0, I_CONTESTS] == 1
    assert check(st, 0, TAMING) == 0


def test_full_draw_everyone_all_bonus_tile_boxed(sa, eng):
    st = sa.new(4, odds=RIGGED)
    _turn_up(eng, st, 4)  # wood back, "1." agriculture, "all" 1 food
    _on_tile(st, (2, 2, 0, 0))
    _tame(eng.mod, st, eng.scratch, 4)
    assert st.seat[0, :4, GOODS + FOOD].tolist() == [13, 13, 12, 12]
    assert not st.seat[0, :4, AGRICULTURE].any()
    assert not st.seat[0, :4, HERD + H_TILES_WON].any()
    assert st.seat[0, :4, HERD + H_ALL_BONUSES].tolist() == [1, 1, 0, 0]
    assert st.game[0, I_TILES_BOXED] == 5 and st.game[0, I_CONTESTS] == 1
    assert check(st, 0, TAMING) == 0


def test_nobody_on_the_tile(sa, eng):
    st = sa.new(3, odds=RIGGED)
    _turn_up(eng, st, 0)
    before = st.seat.copy()
    _tame(eng.mod, st, eng.scratch, 3)
    np.testing.assert_array_equal(st.seat, before)
    assert st.game[0, I_TILES_BOXED] == 1 and st.game[0, I_CONTESTS] == 0
    assert st.game[0, I_PRIZE] == -1
    assert check(st, 0, TAMING) == 0


def test_three_participants_one_winner(sa, eng):
    st = sa.new(4, odds=RIGGED)
    _turn_up(eng, st, 11)  # gold back: "1." 2 gold
    _on_tile(st, (1, 2, 3, 0))
    _tame(eng.mod, st, eng.scratch, 4)
    assert st.seat[0, :4, GOODS + GOLD].tolist() == [0, 0, 2, 0]
    assert st.seat[0, :4, GOODS + FOOD].tolist() == [13, 13, 12, 12]
    assert st.seat[0, :4, HERD + H_TILES_WON].tolist() == [0, 0, 1, 0]


@pytest.mark.parametrize("tile", range(16))
def test_single_participant_wins_every_bonus_kind(sa, eng, tile):
    """The real outcome table: one participant wins with certainty, whatever the dice."""
    st = sa.new(3)
    st.seat[0, 1, TOOLS : TOOLS + 3] = (1, 1, 1)
    _turn_up(eng, st, tile)
    _on_tile(st, (0, 4, 0))
    before = st.seat.copy()
    _tame(eng.mod, st, eng.scratch, 3)
    want = before.copy()
    seat = want[0, 1]
    seat[HERD + H_ON_TILE] = 0
    seat[HERD + H_TILES_WON] = 1
    seat[HERD + H_FIRST_BONUSES] = 1
    kind = tile // 4
    if kind == 0:
        seat[TOOLS] = 2
    elif kind == 1:
        seat[AGRICULTURE] = 1
    elif kind == 2:
        seat[GOODS + TILES[tile, 0]] = 2
    else:
        seat[PARTS + P_HERD_BONUS] = 3
    np.testing.assert_array_equal(st.seat, want)


def test_dice_contest_matches_the_dice(sa, eng):
    """dice_contest=True rolls the taming dice from the taming stream (no tools)."""
    streams = eng.scratch[0]
    winners = set()
    for key in range(40):
        st = sa.new(3)
        st.seat[0, :3, TOOLS : TOOLS + 3] = 4
        _turn_up(eng, st, 13)
        _on_tile(st, (2, 0, 2))
        sa.seed(streams, sa.Purpose.TAMING, key)
        copy = streams[int(sa.Purpose.TAMING)].copy()
        winner = roll_contest(copy, np.array([2, 0, 2], dtype=np.int64), 0)
        _tame(eng.mod, st, eng.scratch, 3, dice=True)
        won = st.seat[0, :3, HERD + H_TILES_WON].tolist()
        assert won == [int(p == winner) for p in range(3)]
        assert st.game[0, I_TILES_BOXED] == 13 + (winner < 0)
        assert st.seat[0, :3, PARTS + P_HERD_BONUS].tolist() == [
            (3 if p == winner else 1) if p != 1 else 0 for p in range(3)
        ]
        winners.add(winner)
    assert {0, 2} <= winners


def test_winner_may_prefer_the_all_bonus(sa, kern):
    """taming policy ``random`` flips a coin; either way the winner keeps the tile."""
    streams = kern.scratch[0]
    tids = sa.ids(kern.random.taming_id)
    choices = set()
    for key in range(30):
        st = sa.new(2, odds=RIGGED)
        _turn_up(kern, st, 0)  # "1." a tool step, "all" 1 food
        _on_tile(st, (2, 1))
        sa.seed(streams, sa.Purpose.STRATEGY + 1, key)
        _tame(kern.mod, st, kern.scratch, 2, tids=tids)
        winner = st.seat[0, 1]
        assert winner[HERD + H_TILES_WON] == 1 and st.game[0, I_TILES_BOXED] == 0
        assert st.seat[0, 0, GOODS + FOOD] == 13
        if winner[HERD + H_FIRST_BONUSES]:
            assert winner[TOOLS] == 1 and winner[GOODS + FOOD] == 12
            choices.add("1.")
        else:
            assert winner[HERD + H_ALL_BONUSES] == 1
            assert winner[TOOLS] == 0 and winner[GOODS + FOOD] == 13
            choices.add("all")
        assert check(st, 0, TAMING) == 0
    assert choices == {"1.", "all"}


# ---- commitments (B2.3) -------------------------------------------------------------------


def _gather_on_herd(sa, kern, st, p, area, people, commit, key, players=2):
    """Resolve ``p``'s place on the herd's area with taming policy fixed-``commit``."""
    streams, buf, work = kern.scratch[:3]
    sids = sa.ids(kern.fixed.base_id)
    tids = sa.ids(kern.fixed.taming_id)
    ptame = sa.params(commit)
    st.seat[0, p, PLACED + area] = people
    sa.seed(streams, sa.Purpose.GATHER, key)
    sa.seed(streams, sa.Purpose.STRATEGY + p, key)
    dice = sum(sa.peek_dice(streams, sa.Purpose.GATHER, people))
    pbase = sa.params()
    kern.mod.resolve(st, 0, p, area, (sids, tids, pbase, ptame), streams, players, buf, work)
    return dice


def test_commit_pays_food_first(sa, kern):
    st = sa.new(2)
    kern.mod.start_round(st, 0)  # tile 0: the herd on the forest
    assert st.game[0, I_HERD_AREA] == FOREST
    st.seat[0, 0, GOODS + FOOD] = 5
    dice = _gather_on_herd(sa, kern, st, 0, FOREST, 3, 3, key=1)
    herd = st.seat[0, 0, HERD : HERD + 8]
    assert st.seat[0, 0, GOODS + FOOD] == 2 and st.seat[0, 0, GOODS + WOOD] == dice // 3
    assert herd[H_ON_TILE] == 3 and herd[H_FIGURES_COMMITTED] == 3
    assert herd[H_CONTESTS_ENTERED] == 1 and herd[H_FOOD_PAID] == 3
    assert herd[H_RESOURCES_PAID] == 0


def test_commit_only_people_from_the_area(sa, kern):
    st = sa.new(2)
    kern.mod.start_round(st, 0)
    _gather_on_herd(sa, kern, st, 1, FOREST, 2, 4, key=2)
    assert st.seat[0, 1, HERD + H_ON_TILE] == 2
    assert st.seat[0, 1, GOODS + FOOD] == 10


def test_commit_replaces_missing_food_with_resources(sa, kern):
    """No food: the wood just gathered pays, immediately after gathering."""
    st = sa.new(2)
    kern.mod.start_round(st, 0)
    st.seat[0, 0, GOODS + FOOD] = 1
    dice = _gather_on_herd(sa, kern, st, 0, FOREST, 3, 2, key=3)
    assert dice // 3 >= 1
    assert st.seat[0, 0, GOODS + FOOD] == 0
    assert st.seat[0, 0, GOODS + WOOD] == dice // 3 - 1
    herd = st.seat[0, 0, HERD : HERD + 8]
    assert herd[H_ON_TILE] == 2 and herd[H_FOOD_PAID] == 1 and herd[H_RESOURCES_PAID] == 1


def test_commit_is_capped_by_what_can_be_paid(sa, kern):
    st = sa.new(2)
    _turn_up(kern, st, 3)  # gold back: the herd on the river
    assert st.game[0, I_HERD_AREA] == RIVER
    outcomes = set()
    for key in range(40):
        st.seat[0, 0, GOODS : GOODS + 5] = 0
        st.seat[0, 0, HERD : HERD + 8] = 0
        dice = _gather_on_herd(sa, kern, st, 0, RIVER, 1, 1, key=key)
        gold = dice // 6
        assert st.seat[0, 0, HERD + H_ON_TILE] == gold  # a 6 pays its own way, else nobody
        assert st.seat[0, 0, GOODS + GOLD] == 0
        outcomes.add(gold)
    assert outcomes == {0, 1}


# ---- whole games --------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_tiles_conserved_over_many_games(kern, players):
    names = ["random+random", "greedy+fixed-2", "random+fixed-1", "greedy"][:players]
    slots, seats = slots_for(names)
    st = play_state(kern.mod, Run(slots, seats, seed=5, n_games=800, rotate=True, debug=True))
    won = st.seat[:, :players, HERD + H_TILES_WON].sum(axis=1)
    boxed = st.game[:, I_TILES_BOXED]
    left = st.game[:, I_N_TILES] - st.game[:, I_TILE_POS]
    assert (st.game[:, I_N_TILES] == 16).all()
    assert (st.game[:, I_PRIZE] == -1).all()
    assert (won + boxed + left == 16).all()
    assert (st.game[:, I_HERD_ROUNDS] == st.game[:, I_TILE_POS]).all()
    assert (st.game[:, I_CONTESTS] <= st.game[:, I_HERD_ROUNDS]).all()
    assert not st.seat[:, :, HERD + H_ON_TILE].any()
    assert won.sum() > 0 and boxed.sum() > 0
    entered = st.seat[:, :players, HERD + H_CONTESTS_ENTERED].sum(axis=1)
    assert (entered >= st.game[:, I_CONTESTS]).all()


def test_mammoth_points_zero_in_whole_games(kern):
    slots, seats = slots_for(["random+random", "greedy+fixed-2"])
    for points in (0, 10):
        st = play_state(
            kern.mod, Run(slots, seats, rules=Rules(mammoth_points=points), seed=8, n_games=300)
        )
        won = st.seat[:, :2, HERD + H_TILES_WON]
        mammoth = st.seat[:, :2, PARTS + P_MAMMOTH]
        assert won.sum() > 0
        if points == 0:
            assert not mammoth.any()
        else:
            most = won.max(axis=1, keepdims=True)
            assert ((mammoth == 10) == ((won == most) & (most > 0))).all()


def test_commit_pays_as_the_base_strategy_chooses(sa, kern):
    """Each food may be replaced by a resource (docs/rules.md B2.3, C5): ``greedy`` pays with the
    wood it holds more than it can spend, rather than the food its next feeding needs."""
    from strategies.registry import resolve

    st = sa.new(2)
    kern.mod.start_round(st, 0)  # the herd on the forest
    st.seat[0, 0, GOODS + FOOD] = 5  # exactly what the next feeding of 5 people takes
    st.seat[0, 0, GOODS + WOOD] = 40  # far more than it can spend: worth its left-over point
    seat = resolve("greedy+fixed-2")
    streams, buf, work = kern.scratch[:3]
    sids = sa.ids(seat.base_id)
    tids = sa.ids(seat.taming_id)
    pbase = np.tile(seat.base_params, (4, 1))
    ptame = np.tile(seat.taming_params, (4, 1))
    st.seat[0, 0, PLACED + FOREST] = 3
    sa.seed(streams, sa.Purpose.GATHER, 4)
    kern.mod.resolve(st, 0, 0, FOREST, (sids, tids, pbase, ptame), streams, 2, buf, work)
    herd = st.seat[0, 0, HERD : HERD + 8]
    assert herd[H_ON_TILE] == 2 and herd[H_FOOD_PAID] == 0 and herd[H_RESOURCES_PAID] == 2
    assert st.seat[0, 0, GOODS + FOOD] == 5
