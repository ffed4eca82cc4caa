"""Benchmark section ``playouts``: play-outs per second beside whole games per second.

Registered into :data:`experiments.shared.bench_core.SECTIONS` on import. A play-out is what the
search and a decision's play-outs pay for each continuation: the branch primitive
(:func:`sim.engine.branch_placement`, compiled into the search's rollout kernel) copies a game,
re-deals what the seats cannot see, applies one placement and plays the game on to its end; the
bench adds the final scoring, as the search's evaluator does. Every play-out here starts at the
first placement of a 4-player game with the herd (the start player sends one person hunting),
so a play-out is a whole game's work plus the copy and the re-deal, with greedy seats and the
``ev`` policy (the default player). The rows compare it with whole ``greedy`` games.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from experiments.shared.bench_core import BenchRow, BenchSize, best_time, section
from sim.constants import HUNTING_GROUNDS, MAX_ROUNDS
from sim.jit import kernel_codegen
from sim.rules import Rules
from sim.state import I_START_PLAYER
from strategies.search_core import ROLLOUT

PLAYOUT_RATIO_GOAL = 1.0  # a play-out at least as fast as a whole game (issue 21)
_branch_placement = ROLLOUT.branch_placement
_score_game = ROLLOUT.score_game


@njit(cache=True)
def _play_outs(src, dst, n, sids, pbase, ptame, scratch):
    """``n`` play-outs of game 0 of ``src`` into row 0 of ``dst``; how many reached the end."""
    p = np.int64(src.game[0, I_START_PLAYER])
    finished = 0
    for i in range(n):
        over = _branch_placement(
            src, 0, dst, 0, (p, HUNTING_GROUNDS, 1), (np.uint64(7), i, True),
            (sids, sids, pbase, ptame), MAX_ROUNDS, scratch,
        )  # fmt: skip
        _score_game(dst, 0, scratch[2])
        finished += over
    return finished


def _first_placement(seed: int):
    """A 4-player game with the herd at its first placement, a row to copy it into, a scratch."""
    from sim.board import set_up_game
    from sim.contest_exact import outcome_table
    from sim.data import load_buildings, load_cards, load_tiles
    from sim.rng import N_PURPOSES, Purpose, seed_stream, seed_words, stream_key
    from sim.state import new_state, rules_data

    rules = Rules(herd=True)
    data = rules_data(load_cards(), load_buildings(), load_tiles(rules.tiles), rules.kernel_flags())
    odds = outcome_table(rules.tie_rule)
    src = new_state(1, 4, data, odds)
    dst = new_state(1, 4, data, odds)
    scratch = ROLLOUT.new_scratch()
    streams, work = scratch[0], scratch[2]
    words = seed_words(seed)
    for purpose in range(N_PURPOSES):
        seed_stream(streams[purpose], np.uint64(stream_key(words, 0, purpose)))
    set_up_game(src, 0, streams[Purpose.SHUFFLE], streams[Purpose.HERD_TILES], True, work[7])
    ROLLOUT.start_round(src, 0)
    return src, dst, scratch


@section
def playouts(size: BenchSize) -> list[BenchRow]:
    """Play-outs per second (one core) from a game's first placement, beside whole games."""
    from strategies.play import play_games
    from strategies.search_core import EV_DEFAULTS, GREEDY_DEFAULTS

    src, dst, scratch = _first_placement(7)
    sids = np.zeros(4, dtype=np.int64)  # greedy and ev: id 0 of the rollout kernel
    pbase = np.tile(GREEDY_DEFAULTS, (4, 1))
    ptame = np.tile(EV_DEFAULTS, (4, 1))
    n = size.games
    repeats = max(2, size.repeats - 2)
    with kernel_codegen():  # compiled as the game kernels are (sim.jit.kernel_codegen)
        _play_outs(src, dst, 8, sids, pbase, ptame, scratch)  # compile / load
    rate = n / best_time(lambda: _play_outs(src, dst, n, sids, pbase, ptame, scratch), repeats)
    rules = Rules(herd=True)
    play_games(8, 4, "greedy", seed=7, rules=rules)
    games = n / best_time(lambda: play_games(n, 4, "greedy", seed=7, rules=rules), repeats)
    return [
        BenchRow("playouts", "4p greedy play-outs from the first placement, 1 thread", rate,
                 "games/s"),
        BenchRow("playouts", "4p greedy whole games, with the herd, 1 thread", games, "games/s"),
        BenchRow("playouts", "play-outs / whole games", rate / games, "x", PLAYOUT_RATIO_GOAL),
    ]  # fmt: skip
