"""The timed kernel (``TIMING``): the plain kernel's play, and a breakdown that adds up."""

import numpy as np
import pytest

from experiments.bench.breakdown import INSIDE, OWN, own_cycles
from sim.engine_layout import TIMER_NAMES
from sim.rules import Rules
from sim.run import Run
from sim.runner import play_state
from strategies.play import phase_cycles, slots_for
from strategies.registry import kernel_for


@pytest.mark.slow  # compiles the timed kernel (some 30 CPU s); mammoth bench runs it too
def test_timed_kernel_plays_the_same_games():
    rules = Rules(herd=True)
    slots, seats = slots_for(["greedy"] * 4)
    times = np.zeros((2, len(TIMER_NAMES)), dtype=np.int64)
    run = Run(slots, seats, rules=rules, seed=3, n_games=40)
    timed = play_state(kernel_for(slots, timed=True), run, times=times)
    plain = play_state(kernel_for(slots), run)
    assert np.array_equal(timed.game, plain.game)
    assert np.array_equal(timed.seat, plain.seat)
    assert times[1, 0] == 40  # one lap of "game" per game


@pytest.mark.slow  # compiles the timed kernel: the default run stays under 5 minutes
def test_breakdown_adds_up():
    cycles = phase_cycles(40, 4, "greedy", seed=3, rules=Rules(herd=True))
    assert list(cycles.index) == list(TIMER_NAMES)
    assert (cycles["laps"] > 0).all()  # every part is reached in 40 games with the herd
    assert cycles.loc["game", "laps"] == 40
    for part, inner in INSIDE.items():
        assert cycles.loc[part, "cycles"] >= cycles.loc[list(inner), "cycles"].sum()
    own = own_cycles(cycles)
    assert set(OWN.values()) <= set(own.index)
    assert 0 < own.sum() <= cycles.loc["game", "cycles"]
