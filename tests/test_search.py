"""The ``search`` strategy: legal answers, complete games, determinism, private rollout copies."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from sim.board import (
    OCC_WIDTH,
    legal_places,
    legal_places_from,
    occupancy,
    occupy,
    place_people,
    set_up_game,
)
from sim.constants import (
    MAX_ROUNDS,
    MEMO_WIDTH,
    N_AREAS,
    N_BUILDINGS,
    N_CARD_SPACES,
    N_CARDS,
    STACK_SIZE,
    VALUES_WIDTH,
)
from sim.contest_exact import outcome_table
from sim.data import load_buildings, load_cards, load_tiles
from sim.hidden import redeal_hidden
from sim.rng import N_PURPOSES, STREAM_WORDS, Purpose, seed_stream, seed_words, stream_key
from sim.rules import Rules
from sim.run import Run, Slot
from sim.runner import play_state, to_frame
from sim.state import (
    AGRICULTURE,
    DECK,
    DISPLAY,
    I_DECK_POS,
    I_HERD_AREA,
    I_N_STACKS,
    I_N_TILES,
    I_OVER,
    I_PLAYERS,
    I_ROUND,
    I_START_PLAYER,
    I_TILE_POS,
    PEOPLE,
    PLACED,
    SCORE,
    STACK_TAKEN,
    STACKS,
    TILE_PILE,
    TILES,
    TOOLS,
    copy_game,
    new_state,
    rules_data,
)
from sim.stats import wilson_interval
from strategies import greedy, search, search_core, search_taming, taming_ev
from strategies.play import play_games
from strategies.registry import kernel, resolve

pytestmark = pytest.mark.heavy_kernel  # plays search: its own tier (tasks.py test --heavy)

TINY = {"rollouts": 2.0, "candidates": 3.0}
TINY_TAMING = {"rollouts": 2.0, "max_figures": 2.0}


def _row(module, **changes):
    values = dict(module.PARAMS)
    for name, value in changes.items():
        assert name in values, name
        values[name] = value
    return np.array(list(values.values()), dtype=np.float64)


def _slots(base=None, taming=None):
    """Slot 0: ``search+search`` with the given parameter changes; slot 1: ``greedy``."""
    s = resolve("search")
    g = resolve("greedy")
    return [
        Slot(
            "search",
            s.base_id,
            s.taming_id,
            _row(search, **(base or TINY)),
            _row(search_taming, **(taming or TINY_TAMING)),
        ),
        Slot("greedy", g.base_id, g.taming_id, g.base_params, g.taming_params),
    ]


def _play(n, players, seed=5, threads=1, debug=False, slots=None, seats=None):
    slots = slots or _slots()
    seats = seats or [0] + [1] * (players - 1)
    run = Run(slots, seats, seed=seed, n_games=n, rotate=True, threads=threads, debug=debug)
    st = play_state(kernel(), run)
    return st, to_frame(st, run)


# --- mid-game states, built with the rollout kernel (greedy + ev everywhere) ---------------


def _game_after(players, seed, rounds):
    """A real-size game at the start of placement in round ``rounds + 1``, and its scratch."""
    rules = Rules()
    data = rules_data(load_cards(), load_buildings(), load_tiles(rules.tiles), rules.kernel_flags())
    st = new_state(1, players, data, outcome_table(rules.tie_rule))
    rollout = search_core.ROLLOUT
    streams, buf, work, notes = rollout.new_scratch()
    words = seed_words(seed)
    for purpose in range(N_PURPOSES):
        seed_stream(streams[purpose], np.uint64(stream_key(words, 0, purpose)))
    set_up_game(st, 0, streams[Purpose.SHUFFLE], streams[Purpose.HERD_TILES], True, work[7])
    sids = np.zeros(4, dtype=np.int64)
    pbase = np.tile(search_core.GREEDY_DEFAULTS, (4, 1))
    ptame = np.tile(search_core.EV_DEFAULTS, (4, 1))
    args = ((sids, sids, pbase, ptame), streams, np.int64(players))
    for _ in range(rounds):
        rollout.start_round(st, 0)
        rollout.placement(st, 0, st.game[0, I_START_PLAYER], *args, work, notes)
        rollout.actions(st, 0, 0, *args, buf, work)
        rollout.taming(st, 0, (sids, sids, pbase, ptame), streams, np.int64(players), False, work)
        rollout.feeding(st, 0, sids, pbase, streams, np.int64(players), buf)
        assert rollout.end_round(st, 0, np.int64(players))
    rollout.start_round(st, 0)
    return st


def _snapshot(st):
    return st.game.copy(), st.seat.copy()


def _unchanged(st, snap):
    return np.array_equal(st.game, snap[0]) and np.array_equal(st.seat, snap[1])


def each_turn(st, lo, hi):
    """Walk one placement phase of game 0: yield each seat at its turn, ``lo`` and ``hi`` filled
    with its legal places; the caller places its people before asking for the next turn."""
    players = int(st.game[0, I_PLAYERS])
    done = [False] * players
    p = int(st.game[0, I_START_PLAYER])
    while not all(done):
        if not done[p]:
            if legal_places(st, 0, p, lo, hi) == 0:
                done[p] = True
            else:
                yield p
        p = (p + 1) % players


def _placement_turns(st, params, rng):
    """Play one placement phase by hand: every turn asks ``search.place`` first, checks the
    answer is legal and the real game untouched, then places greedy's choice."""
    lo = np.zeros(N_AREAS, dtype=np.int64)
    hi = np.zeros(N_AREAS, dtype=np.int64)
    asked = 0
    for p in each_turn(st, lo, hi):
        snap = _snapshot(st)
        area, count = search.place(st, 0, p, params, rng, lo, hi, 1.5, np.zeros(MEMO_WIDTH))
        assert _unchanged(st, snap)
        assert 0 <= area < N_AREAS and hi[area] > 0 and lo[area] <= count <= hi[area]
        asked += 1
        area, count = greedy.place(st, 0, p, params, rng, lo, hi, 1.5, np.zeros(MEMO_WIDTH))
        place_people(st, 0, p, area, count)
    return asked


@pytest.mark.parametrize("players", [2, 3, 4])
def test_incremental_legality_matches_legal_places(players):
    """The engine's occupancy row, updated place by place, gives legal_places' answers."""
    params = search_core.GREEDY_DEFAULTS.copy()
    rng = np.zeros(STREAM_WORDS, dtype=np.uint64)
    lo, hi = np.zeros(N_AREAS, dtype=np.int64), np.zeros(N_AREAS, dtype=np.int64)
    lo2, hi2 = np.zeros(N_AREAS, dtype=np.int64), np.zeros(N_AREAS, dtype=np.int64)
    occ = np.zeros(OCC_WIDTH, dtype=np.int64)
    n = np.int64(players)
    turns = 0
    for seed in range(3):
        for rounds in (0, 3, 6):
            st = _game_after(players, seed=20 + seed, rounds=rounds)
            occupancy(st, 0, n, occ)
            done = [False] * players
            p = int(st.game[0, I_START_PLAYER])
            while not all(done):
                if not done[p]:
                    legal = legal_places(st, 0, p, lo, hi)
                    assert legal_places_from(st, 0, p, n, occ, lo2, hi2) == legal
                    assert lo2.tolist() == lo.tolist() and hi2.tolist() == hi.tolist()
                    if legal == 0:
                        done[p] = True
                    else:
                        area, count = greedy.place(
                            st, 0, p, params, rng, lo, hi, 0.0, np.zeros(MEMO_WIDTH)
                        )
                        count = int(lo[area]) + (turns % (int(hi[area]) - int(lo[area]) + 1))
                        place_people(st, 0, p, area, count)
                        occupy(occ, p, area, count)
                        turns += 1
                p = (p + 1) % players
    assert turns > 20 * players


@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_memo_changes_no_placement(players):
    """greedy keeps values in its memo between turns; every answer equals a fresh evaluation."""
    params = search_core.GREEDY_DEFAULTS.copy()
    rng = np.zeros(STREAM_WORDS, dtype=np.uint64)
    lo = np.zeros(N_AREAS, dtype=np.int64)
    hi = np.zeros(N_AREAS, dtype=np.int64)
    compared = 0
    for rounds in (0, 2, 5):
        st = _game_after(players, seed=10 + players, rounds=rounds)
        memos = np.zeros((players, MEMO_WIDTH))
        for p in each_turn(st, lo, hi):
            kept = greedy.place(st, 0, p, params, rng, lo, hi, 1.5, memos[p])
            fresh = greedy.place(st, 0, p, params, rng, lo, hi, 1.5, np.zeros(MEMO_WIDTH))
            assert kept == fresh
            compared += 1
            place_people(st, 0, p, *kept)
    assert compared >= 3 * players


@pytest.mark.parametrize("players", [2, 3, 4])
def test_answers_are_legal_and_leave_the_game_untouched(players):
    params = _row(search, **TINY)
    tparams = _row(search_taming, **TINY_TAMING)
    rng = np.zeros(STREAM_WORDS, dtype=np.uint64)
    seed_stream(rng, np.uint64(players))
    for rounds in (0, 3):
        st = _game_after(players, seed=players, rounds=rounds)
        assert _placement_turns(st, params, rng) >= players
        herd = int(st.game[0, I_HERD_AREA])
        assert herd >= 0
        for p in range(players):
            available = int(st.seat[0, p, PLACED + herd])
            if available == 0:
                continue
            snap = _snapshot(st)
            values = np.zeros(VALUES_WIDTH)
            greedy.value_goods(st, 0, p, params, rng, values, available)
            k = search_taming.commit_figures(st, 0, p, tparams, rng, available, values)
            assert _unchanged(st, snap)
            assert 0 <= k <= available


def test_the_rollout_copy_is_private():
    st = _game_after(4, seed=8, rounds=2)
    snap = _snapshot(st)
    copy = new_state(1, 4, st.data, st.odds)
    copy_game(st, 0, copy, 0)
    assert np.array_equal(copy.game, st.game) and np.array_equal(copy.seat, st.seat)
    scratch = search_core.ROLLOUT.new_scratch()
    sids = np.zeros(4, dtype=np.int64)
    pbase = np.tile(search_core.GREEDY_DEFAULTS, (4, 1))
    ptame = np.tile(search_core.EV_DEFAULTS, (4, 1))
    p = int(st.game[0, I_START_PLAYER])
    lo = np.zeros(N_AREAS, dtype=np.int64)
    hi = np.zeros(N_AREAS, dtype=np.int64)
    legal_places(copy, 0, p, lo, hi)
    area = int(np.flatnonzero(hi)[0])
    over = search_core.branch_placement(
        st,
        0,
        copy,
        0,
        (p, area, int(hi[area])),
        (np.uint64(7), 0, True),
        (sids, sids, pbase, ptame),
        MAX_ROUNDS,
        scratch,
    )
    assert over
    assert copy.game[0, I_DECK_POS] > st.game[0, I_DECK_POS]  # the copy played on
    assert _unchanged(st, snap)


def test_redeal_hidden_redeals_only_what_is_hidden():
    st = _game_after(3, seed=4, rounds=3)
    pos = int(st.game[0, I_DECK_POS])
    tile_pos = int(st.game[0, I_TILE_POS])
    n_tiles = int(st.game[0, I_N_TILES])
    decks, stacks, piles = set(), set(), set()
    for key in range(20):
        copy = new_state(1, 3, st.data, st.odds)
        copy_game(st, 0, copy, 0)
        stream = np.zeros(STREAM_WORDS, dtype=np.uint64)
        seed_stream(stream, np.uint64(key))
        redeal_hidden(copy, 0, stream, np.zeros(64, dtype=np.int64))
        game, real = copy.game[0], st.game[0]
        # seen: drawn cards, the display, the stack tops and below, tiles turned, the next back
        assert np.array_equal(game[: DECK + pos], real[: DECK + pos])
        assert np.array_equal(game[DISPLAY : DISPLAY + N_CARD_SPACES], real[DISPLAY:STACKS])
        assert sorted(game[DECK + pos : DECK + N_CARDS]) == sorted(
            real[DECK + pos : DECK + N_CARDS]
        )
        hidden = []
        for s in range(int(real[I_N_STACKS])):
            top = STACKS + s * STACK_SIZE
            taken = int(real[STACK_TAKEN + s])
            assert np.array_equal(game[top : top + taken + 1], real[top : top + taken + 1])
            hidden += list(game[top + taken + 1 : top + STACK_SIZE])
        assert len(set(hidden)) == len(hidden)
        shown = set(
            np.concatenate(
                [
                    real[
                        STACKS + s * STACK_SIZE : STACKS
                        + s * STACK_SIZE
                        + int(real[STACK_TAKEN + s])
                        + 1
                    ]
                    for s in range(int(real[I_N_STACKS]))
                ]
            )
        )
        assert not shown & set(hidden) and set(hidden) <= set(range(N_BUILDINGS))
        pile = game[TILE_PILE : TILE_PILE + n_tiles]
        assert np.array_equal(pile[:tile_pos], real[TILE_PILE : TILE_PILE + tile_pos])
        assert sorted(pile) == sorted(real[TILE_PILE : TILE_PILE + n_tiles])
        back = st.data[TILES + real[TILE_PILE + tile_pos], 0]
        assert st.data[TILES + pile[tile_pos], 0] == back
        decks.add(tuple(game[DECK + pos : DECK + N_CARDS]))
        stacks.add(tuple(hidden))
        piles.add(tuple(pile[tile_pos:]))
    assert min(len(decks), len(stacks), len(piles)) > 10  # hidden parts really re-dealt


@pytest.mark.parametrize("players", [2, 3, 4])
def test_games_complete_in_debug_mode(players):
    st, frame = _play(4, players, debug=True)
    assert (st.game[:, I_OVER] == 1).all()
    assert frame["score"].notna().all() and (frame["rank"] >= 1).all()
    assert (frame["rounds"] > 3).all()


def test_same_seed_same_games_any_thread_count():
    _, one = _play(6, 4, seed=11)
    _, again = _play(6, 4, seed=11)
    _, threaded = _play(6, 4, seed=11, threads=2)
    pd.testing.assert_frame_equal(one, again)
    pd.testing.assert_frame_equal(one, threaded)


def test_zero_budget_plays_greedy_and_ev_exactly():
    none = _slots({"rollouts": 0.0}, {"rollouts": 0.0})
    _, zero = _play(6, 3, seed=2, slots=none)
    g = resolve("greedy")
    plain = [Slot("search", g.base_id, g.taming_id, g.base_params, g.taming_params), none[1]]
    _, reference = _play(6, 3, seed=2, slots=plain)
    pd.testing.assert_frame_equal(zero, reference)
    assert len(search.PARAMS) == len(greedy.PARAMS) + 7
    assert len(search_taming.PARAMS) == len(taming_ev.PARAMS) + 8  # 5, model, horizon, evaluator


@pytest.mark.slow
def test_search_beats_greedy():
    """One default ``search`` seat against three ``greedy``, seats rotated: above the fair 25%."""
    s = resolve("search")
    slots = [Slot("search", s.base_id, s.taming_id, s.base_params, s.taming_params)] + _slots()[1:]
    _, frame = _play(400, 4, seed=31, threads=2, slots=slots)
    mine = frame[frame["strategy"] == "search"]
    low, high = wilson_interval(int(mine["winner"].sum()), len(mine))
    assert low > 0.25, (low, high)


# --- the evaluator seam and the horizon -------------------------------------------------------


def _branch(st, p, rounds, key=7):
    """Play a private copy on from seat ``p``'s first legal placement for ``rounds`` rounds."""
    copy = new_state(1, int(st.game[0, I_PLAYERS]), st.data, st.odds)
    scratch = search_core.ROLLOUT.new_scratch()
    sids = np.zeros(4, dtype=np.int64)
    pbase = np.tile(search_core.GREEDY_DEFAULTS, (4, 1))
    ptame = np.tile(search_core.EV_DEFAULTS, (4, 1))
    lo = np.zeros(N_AREAS, dtype=np.int64)
    hi = np.zeros(N_AREAS, dtype=np.int64)
    legal_places(st, 0, p, lo, hi)
    area = int(np.flatnonzero(hi)[0])
    over = search_core.branch_placement(
        st, 0, copy, 0, (p, area, int(hi[area])), (np.uint64(key), 0, True),
        (sids, sids, pbase, ptame), rounds, scratch,
    )  # fmt: skip
    return copy, bool(over), scratch[2]


def test_a_horizon_stops_the_play_out_after_that_many_rounds():
    st = _game_after(3, seed=6, rounds=2)  # placement of round 3
    p = int(st.game[0, I_START_PLAYER])
    copy, over, _ = _branch(st, p, rounds=1)
    assert not over
    assert copy.game[0, I_ROUND] == st.game[0, I_ROUND] + 1  # round 3 finished, round 4 played
    copy, over, _ = _branch(st, p, rounds=MAX_ROUNDS)
    assert over


def test_the_projected_evaluator_adds_the_growth_of_the_rounds_left():
    st = _game_after(4, seed=9, rounds=3)
    p = int(st.game[0, I_START_PLAYER])
    copy, over, work = _branch(st, p, rounds=1)
    assert not over
    weights = np.array([0.0, 1.0])
    final_copy = new_state(1, 4, st.data, st.odds)
    copy_game(copy, 0, final_copy, 0)
    final = search_core.final_outcome(final_copy, 0, p, 4, False, weights, work)
    projected = search_core.projected_outcome(copy, 0, p, 4, False, weights, work)
    # by hand: the scores as if the game ended (final_outcome scored its copy), plus the growth
    rounds = search_core.rounds_left(copy, 0, search_core.GREEDY_DEFAULTS)
    values = []
    for q in range(4):
        growth = (
            search_core.PERSON_WORTH * copy.seat[0, q, PEOPLE]
            + search_core.AGRICULTURE_WORTH * copy.seat[0, q, AGRICULTURE]
            + search_core.TOOL_WORTH * copy.seat[0, q, TOOLS : TOOLS + 3].sum()
        )
        values.append(float(final_copy.seat[0, q, SCORE]) + rounds * growth)
    others = max(v for q, v in enumerate(values) if q != p)
    assert projected == pytest.approx(values[p] - others, abs=1e-9)
    assert final == pytest.approx(final_copy.seat[0, p, SCORE] - max(
        final_copy.seat[0, q, SCORE] for q in range(4) if q != p
    ))  # fmt: skip
    # at the end of a game both evaluators are the outcome
    ended, over, work = _branch(st, p, rounds=MAX_ROUNDS)
    twin = new_state(1, 4, st.data, st.odds)
    copy_game(ended, 0, twin, 0)
    assert search_core.projected_outcome(ended, 0, p, 4, True, weights, work) == (
        search_core.final_outcome(twin, 0, p, 4, True, weights, work)
    )


def test_the_quick_search_plays_legal_complete_games():
    games = play_games(6, 4, [search.QUICK, "greedy", "greedy", "greedy"], seed=3, debug=True,
                       rotate=True)  # fmt: skip
    assert len(games) == 24 and games["strategy"].nunique() == 2
