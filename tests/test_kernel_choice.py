"""The light kernel (without the slow-to-compile search code) plays exactly like the full one."""

from __future__ import annotations

import numpy as np
import pytest

from sim.run import Run
from sim.runner import play_state
from strategies.play import slots_for
from strategies.registry import kernel, kernel_for

pytestmark = pytest.mark.heavy_kernel  # plays search: its own tier (tasks.py test --heavy)


def test_kernel_for_picks_the_lightest_that_can_play():
    light, _ = slots_for(["greedy", "random+majority", "farmer+fixed-2"])
    heavy, _ = slots_for(["greedy", "search"])
    assert kernel_for(light) is kernel(heavy=False)
    assert kernel_for(heavy) is kernel(heavy=True)
    assert kernel(heavy=False) is not kernel(heavy=True)


def test_light_and_full_kernels_play_the_same_games():
    slots, seats = slots_for(["greedy", "random", "greedy+majority", "balanced+fixed-1"])
    states = [
        play_state(kernel(heavy=h), Run(slots, seats, seed=8, n_games=40, rotate=True))
        for h in (False, True)
    ]
    for a, b in zip(states[0][:2], states[1][:2], strict=True):
        assert np.array_equal(a, b)


def test_the_kernel_skips_the_valuation_only_for_policies_that_say_they_never_read_it():
    import importlib

    from strategies.registry import HEAVY, TAMING

    light = [path for name, path in TAMING.items() if name not in HEAVY]
    module = kernel(heavy=False)
    flags = [module.taming_reads_values(tid) for tid in range(len(light))]
    expected = [getattr(importlib.import_module(p), "READS_VALUES", True) for p in light]
    assert flags == expected
    assert not all(flags) and any(flags)  # ev and majority read it; never, fixed, random do not
