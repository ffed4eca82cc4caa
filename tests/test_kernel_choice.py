"""The light kernel (without the slow-to-compile search code) plays exactly like the full one."""

from __future__ import annotations

import numpy as np

from sim.rules import Rules
from sim.runner import play_state
from strategies.play import slots_for
from strategies.registry import kernel, kernel_for


def test_kernel_for_picks_the_lightest_that_can_play():
    light, _ = slots_for(["greedy", "random+majority", "farmer+fixed-2"])
    heavy, _ = slots_for(["greedy", "search"])
    assert kernel_for(light) is kernel(heavy=False)
    assert kernel_for(heavy) is kernel(heavy=True)
    assert kernel(heavy=False) is not kernel(heavy=True)


def test_light_and_full_kernels_play_the_same_games():
    slots, seats = slots_for(["greedy", "random", "greedy+majority", "balanced+fixed-1"])
    states = [
        play_state(kernel(heavy=h), slots, seats, 40, 4, 8, Rules(), rotate=True)
        for h in (False, True)
    ]
    for a, b in zip(states[0][:2], states[1][:2], strict=True):
        assert np.array_equal(a, b)
