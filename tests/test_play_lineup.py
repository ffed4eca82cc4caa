"""One way to play a lineup (:mod:`strategies.play`): a seat's slot, whole games and the same
games round by round."""

from __future__ import annotations

import numpy as np

from sim.rules import Rules
from sim.run import Run
from sim.state import RANK, SCORE
from strategies.play import lineup_rounds, play_lineup
from strategies.registry import resolve


def test_a_seat_strategy_is_its_slot():
    seat = resolve("greedy+fixed-2")
    slot = seat.slot()
    assert (slot.label, slot.base_id, slot.taming_id) == (seat.name, seat.base_id, seat.taming_id)
    assert slot.base_params is seat.base_params and slot.taming_params is seat.taming_params
    row = seat.base_params * 2
    other = seat.slot("tuned", row)
    assert other.label == "tuned" and np.array_equal(other.base_params, row)
    assert other.taming_params is seat.taming_params


def test_round_by_round_plays_the_whole_games():
    """:func:`lineup_rounds` plays the games :func:`play_lineup` plays: three strategies over
    three seats, rotated by the game index, the same final scores and ranks."""
    slots = [resolve(name).slot() for name in ("greedy", "greedy+never", "random")]
    run = Run(slots, [2, 0, 1], rules=Rules(), seed=8, first_game=5, n_games=6, rotate=True)
    whole = play_lineup(run)
    states = [st for st, _ in lineup_rounds(run)]
    assert len(states) > 6  # every game was played in several rounds
    rounds = states[-1]  # one batch, every game over and scored
    for field in (SCORE, RANK):
        assert np.array_equal(rounds.seat[:, :3, field], whole.seat[:, :3, field])
    assert len({tuple(row) for row in run.lineups()[:, :3]}) == 3  # the seats did rotate
