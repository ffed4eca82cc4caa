"""The counterfactual play-outs of the advice (sim.situation, sim.engine.advise_rows).

Every taming decision of an advice run is noted with a snapshot, then played out once per legal
commitment on common random numbers; the real games are the games the field plays anyway.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from sim.advising import advise_state, decisions_frame
from sim.constants import MAX_ROUNDS
from sim.rng import N_PURPOSES, seed_words, stream_key
from sim.run import Run
from sim.situation import (
    D_PENDING,
    D_SEAT,
    LOG_DECISIONS,
    R_MARGIN,
    R_WIN,
    S_KMAX,
    SITUATION,
    snapshot_row,
)
from sim.state import CHOICE_TOKENS, GOODS, I_ROUND, RANK, SCORE, new_state
from strategies.play import CLOCK, advise_games, play_games, slots_for
from strategies.registry import kernel_for

FIELD = ["greedy", "greedy+fixed-1", "greedy+majority"]
SEED = 11


@pytest.fixture(scope="module")
def advised():
    """An advice batch of 6 three-player games, 2 play-outs per commitment, and its kernel."""
    slots, seats = slots_for(FIELD)
    kernel = kernel_for(slots)
    st = advise_state(kernel, Run(slots, seats, seed=SEED, n_games=6), 2, CLOCK)
    return kernel, slots, seats, st


@pytest.mark.heavy_kernel  # plays the light kernel's advice or analysis entry
def test_real_games_are_the_games_the_field_plays(advised):
    _, _, _, st = advised
    played = play_games(6, 3, FIELD, seed=SEED)
    scores = st.seat[:6, :3, SCORE].reshape(-1)
    assert np.array_equal(scores, played["score"].to_numpy())
    # every decision noted is a commitment the seat really made: k_field as in the herd stats
    frame = decisions_frame(st, Run(*advised[1:3], seed=SEED, n_games=6))
    assert len(frame) > 0
    committed = frame.groupby(["game", "seat"])["k_field"].sum()
    by_seat = played.set_index(["game", "seat"])["figures_committed"]
    assert np.array_equal(committed.to_numpy(), by_seat.loc[committed.index].to_numpy())


@pytest.mark.heavy_kernel  # compiles fork and branch_commit as entries of their own (some 15 s)
def test_branches_share_their_random_numbers(advised):
    """The k of one decision start from the same re-deal and streams (play-out i), so their
    play-outs differ only through the commitment: two play-outs of the same k are identical,
    and the snapshot-to-commitment state of every k is the same."""
    kernel, slots, seats, st = advised
    from sim.runner import pack_slots

    sids, tids, pbase, ptame = pack_slots(slots)
    words = seed_words(SEED)
    g = 0
    n = int(st.log[g, 0, LOG_DECISIONS])
    assert n > 0
    j = next(j for j in range(n) if st.log[g, 1 + j, SITUATION + S_KMAX] >= 1)
    h = snapshot_row(st, g, j)
    row = st.log[g, 1 + j]
    p = int(row[D_SEAT])
    pending = np.ascontiguousarray(row[D_PENDING : D_PENDING + 16]).astype(np.int64)
    # the decision's key typed as the engine types it (uint64: a Python int would be int64)
    key = np.uint64(stream_key(words, g, N_PURPOSES + int(st.game[h, I_ROUND]) * 4 + p))
    seat_sids = sids[seats]
    seat_tids = tids[seats]
    seat_pbase = np.ascontiguousarray(pbase[seats])
    seat_ptame = np.ascontiguousarray(ptame[seats])

    def fork(i):
        copy = new_state(1, 3, st.data, st.odds, st.log[:0])
        scratch = kernel.new_scratch()
        kernel.fork(st, h, copy, 0, key, i, True, scratch)
        return copy, scratch

    def play(k, i):
        copy = new_state(1, 3, st.data, st.odds, st.log[:0])
        scratch = kernel.new_scratch()
        kernel.branch_commit(
            st, h, copy, 0, (p, k, pending), (key, i, True),
            (seat_sids, seat_tids, seat_pbase, seat_ptame), MAX_ROUNDS, scratch,
        )  # fmt: skip
        kernel.score_game(copy, 0, scratch[2])
        return copy

    snapshot = (st.game[h].copy(), st.seat[h].copy())
    a, sa = fork(0)
    c, sc = fork(1)  # another play-out index between: no state carried from one fork to the next
    b, sb = fork(0)
    assert np.array_equal(a.game, b.game) and np.array_equal(a.seat, b.seat)
    assert np.array_equal(sa[0], sb[0])  # the same streams for every k of play-out 0
    assert not np.array_equal(sa[0], sc[0])  # another play-out index: other streams
    assert not np.array_equal(a.game, c.game)  # ... and another re-deal of the hidden cards
    # the same k played twice: the same game to the last point
    assert np.array_equal(play(1, 0).seat, play(1, 0).seat)
    # k = 0 and k = 1 differ from the commitment on: the seat's figures on the tile
    zero, one = play(0, 0), play(1, 0)
    assert not np.array_equal(zero.seat, one.seat)
    # and the snapshot, the whole of it, is untouched by the play-outs
    assert np.array_equal(st.game[h], snapshot[0]) and np.array_equal(st.seat[h], snapshot[1])

    # The recorded win shares and margins are those of these play-outs, worked out here from
    # each final board: the seat's share of first place and its score over the best other seat
    # (every seat's shares add up to 1). A wrong seat or a flipped margin would not match.
    kmax = int(row[SITUATION + S_KMAX])
    for k in range(kmax + 1):
        shares, margins = [], []
        for i in range(2):  # the advice batch played 2 play-outs per commitment
            final = play(k, i)
            rank = final.seat[0, :3, RANK].astype(int)
            score = final.seat[0, :3, SCORE].astype(float)
            share = np.where(rank == 1, 1.0 / np.sum(rank == 1), 0.0)
            assert share.sum() == pytest.approx(1.0)
            shares.append(share[p])
            margins.append(score[p] - np.delete(score, p).max())
        assert row[R_WIN + k] == pytest.approx(np.mean(shares)), k
        assert row[R_MARGIN + k] == pytest.approx(np.mean(margins)), k


@pytest.mark.heavy_kernel  # compiles play_out_decision as an entry of its own (some 15 s)
def test_a_decision_with_one_legal_k_records_one_branch(advised):
    """A seat with nothing to pay with can only commit none: one branch, the rest NaN."""
    kernel, slots, seats, st = advised
    from sim.runner import pack_slots

    sids, tids, pbase, ptame = pack_slots(slots)
    g, j = 0, 0
    h = snapshot_row(st, g, j)
    p = int(st.log[g, 1 + j, D_SEAT])
    saved = st.seat[h].copy()
    st.seat[h, p, GOODS : GOODS + 5] = 0  # no food, no resources
    st.seat[h, p, CHOICE_TOKENS] = 0  # and no resource tokens
    try:
        row = st.log[g, 1 + j].copy()
        scratch = kernel.new_scratch()
        copy = new_state(1, 3, st.data, st.odds, st.log[:0])
        salt = N_PURPOSES + int(st.game[h, I_ROUND]) * 4 + p
        key = np.uint64(stream_key(seed_words(SEED), g, salt))
        kernel.play_out_decision(
            st, g, j, key, 3,
            (sids[seats], tids[seats], np.ascontiguousarray(pbase[seats]),
             np.ascontiguousarray(ptame[seats])), np.array(CLOCK), copy, scratch,
        )  # fmt: skip
        out = st.log[g, 1 + j]
        assert out[SITUATION + S_KMAX] == 0
        assert np.isfinite(out[R_WIN])
        assert np.isnan(out[R_WIN + 1 : R_WIN + 11]).all()
    finally:
        st.seat[h] = saved
        st.log[g, 1 + j] = row


@pytest.mark.heavy_kernel  # plays the light kernel's advice or analysis entry
def test_decisions_do_not_depend_on_the_split():
    whole = advise_games(5, 2, "greedy", playouts=2, seed=4)
    parts = [
        advise_games(2, 2, "greedy", playouts=2, seed=4),
        advise_games(3, 2, "greedy", playouts=2, seed=4, first_game=2),
    ]
    joined = pd.concat(parts, ignore_index=True)
    pd.testing.assert_frame_equal(whole, joined)
    threads = advise_games(5, 2, "greedy", playouts=2, seed=4, threads=2)
    pd.testing.assert_frame_equal(whole, threads)


@pytest.mark.heavy_kernel  # plays the light kernel's advice or analysis entry
def test_win_shares_are_shares(advised):
    frame = decisions_frame(advised[3], Run(*advised[1:3], seed=SEED, n_games=6))
    wins = frame[[f"win_{k}" for k in range(11)]].to_numpy()
    finite = np.isfinite(wins)
    assert finite[:, 0].all()
    assert ((wins[finite] >= 0) & (wins[finite] <= 1)).all()
    # finite exactly for k = 0..kmax
    kmax = frame["kmax"].to_numpy()
    assert np.array_equal(finite.sum(axis=1), kmax + 1)


@pytest.fixture(scope="module")
def placed():
    """An advice batch of 4 three-player games that notes the placement decisions too."""
    slots, seats = slots_for(FIELD)
    kernel = kernel_for(slots)
    st = advise_state(kernel, Run(slots, seats, seed=SEED, n_games=4), 2, CLOCK, placements=True)
    return kernel, slots, seats, st


@pytest.mark.heavy_kernel  # plays the light kernel's advice or analysis entry
def test_placements_are_noted_where_the_seat_values_the_herd(placed):
    """A placement decision is noted at a seat's first turn with the herd's area open, only when
    its taming policy values the herd (fixed-1 never seeks it): two options, both played out;
    the commitments are those of a run that notes no placement."""
    _, slots, seats, st = placed
    run = Run(slots, seats, seed=SEED, n_games=4)
    frame = decisions_frame(st, run)
    places = frame[frame["kind"] == "place"]
    assert len(places) > 0 and (places["herd_estimate"] > 0).all()
    assert set(places["strategy"]) <= {"greedy+ev", "greedy+majority"}
    assert places[["win_0", "win_1"]].notna().all().all()
    assert places[[f"win_{k}" for k in range(2, 11)]].isna().all().all()
    assert (places["k_field"] == -1).all()
    # one placement decision per seat and round at most
    assert not places.duplicated(["game", "seat", "round"]).any()
    # the commitments: the same rows and numbers as when placements are not noted
    alone = advise_state(kernel_for(slots), run, 2, CLOCK)
    commits = frame[frame["kind"] == "commit"].reset_index(drop=True)
    pd.testing.assert_frame_equal(commits, decisions_frame(alone, run))


@pytest.mark.heavy_kernel  # compiles branch_decision as an entry of its own (some 20 s)
def test_placement_options_share_their_random_numbers(placed):
    """Staying away and seeking the herd start from the same re-deal and streams: the same
    option played twice is the same game, the recorded shares are those of these play-outs, and
    in some decision the two options lead to different games."""
    kernel, slots, seats, st = placed
    from sim.runner import pack_slots
    from sim.situation import D_KIND, PLACE_DECISION

    sids, tids, pbase, ptame = pack_slots(slots)
    words = seed_words(SEED)
    seat_args = (
        sids[seats], tids[seats], np.ascontiguousarray(pbase[seats]),
        np.ascontiguousarray(ptame[seats]),
    )  # fmt: skip
    pending = np.zeros(16, dtype=np.int64)
    differ = 0
    checked = 0
    for g in range(4):
        for j in range(int(st.log[g, 0, LOG_DECISIONS])):
            row = st.log[g, 1 + j]
            if row[D_KIND] != PLACE_DECISION:
                continue
            h = snapshot_row(st, g, j)
            p = int(row[D_SEAT])
            salt = N_PURPOSES + ((MAX_ROUNDS + 1) + int(st.game[h, I_ROUND])) * 4 + p
            key = np.uint64(stream_key(words, g, salt))

            def play(option, i, h=h, p=p, key=key):
                copy = new_state(1, 3, st.data, st.odds, st.log[:0])
                scratch = kernel.new_scratch()
                kernel.branch_decision(
                    st, h, copy, 0, (p, PLACE_DECISION, option, pending), (key, i, True),
                    seat_args, MAX_ROUNDS, scratch,
                )  # fmt: skip
                kernel.score_game(copy, 0, scratch[2])
                return copy

            finals = {(o, i): play(o, i) for o in (0, 1) for i in range(2)}
            assert np.array_equal(play(1, 0).seat, finals[1, 0].seat)
            differ += not np.array_equal(finals[0, 0].seat, finals[1, 0].seat)
            for option in (0, 1):
                shares = []
                for i in range(2):
                    rank = finals[option, i].seat[0, :3, RANK].astype(int)
                    shares.append(1.0 / np.sum(rank == 1) if rank[p] == 1 else 0.0)
                assert row[R_WIN + option] == pytest.approx(np.mean(shares))
            checked += 1
            if checked >= 6:
                break
    assert checked >= 3 and differ >= 1
