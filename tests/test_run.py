"""The run description (:class:`sim.run.Run`): checked once when built, passed whole to play."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, replace

import numpy as np
import pytest

from sim.errors import InputError
from sim.rules import Rules
from sim.run import Run, Slot, lineups
from strategies.play import run_for

SLOT = Slot("x", 0, 0, np.zeros(2), np.zeros(1))


def test_a_run_holds_its_checked_settings():
    run = Run([SLOT], [0, 0, 0], seed=np.int64(4), first_game=6, n_games=5, rotate=1)
    assert run.seats == (0, 0, 0) and run.slots == (SLOT,) and run.players == 3
    assert type(run.seed) is int and run.rotate is True and run.rules == Rules()
    assert np.array_equal(run.lineups(), lineups(5, 3, [0, 0, 0], True, 6))
    words, table, slots, dice_contest = run.kernel_games()
    assert words.dtype == np.uint64 and table.shape == (5, 4) and len(slots) == 4
    assert dice_contest is False
    with pytest.raises(FrozenInstanceError):
        run.seed = 1


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"seats": (0,)}, "played by 2 to 4 players, not 1"),
        ({"seats": (0,) * 5}, "played by 2 to 4 players, not 5"),
        ({"seats": (0, 1)}, "a seat's slot must be below 1"),
        ({"seats": (0, -1)}, "a seat's slot must be at least 0"),
        ({"seed": -1}, "the seed must be at least 0, not -1"),
        ({"seed": 1.5}, "the seed must be a whole number, not 1.5"),
        ({"n_games": 0}, "the number of games must be at least 1, not 0"),
        ({"n_games": True}, "the number of games must be a whole number, not True"),
        ({"first_game": -2}, "the first game's index must be at least 0, not -2"),
        ({"threads": 0}, "the number of threads must be at least 1, not 0"),
        ({"rules": "default"}, "the rules must be a sim.rules.Rules"),
        ({"slots": ()}, "a run needs at least one strategy slot"),
    ],
)
def test_a_bad_setting_is_refused_when_the_run_is_built(change, message):
    run = Run([SLOT], [0, 0])
    with pytest.raises(InputError, match=message):
        replace(run, **change)  # replace builds, and so checks, a new run


def test_run_for_builds_the_run_of_strategy_names():
    run = run_for(7, 3, ["greedy", "random", "greedy"], seed=2, first_game=4, rotate=True)
    assert run.labels == ["greedy+ev", "random+never"] and run.seats == (0, 1, 0)
    assert (run.n_games, run.first_game, run.seed, run.rotate) == (7, 4, 2, True)
    with pytest.raises(InputError, match="one per seat"):
        run_for(7, 3, ["greedy", "random"])
    with pytest.raises(TypeError, match="unexpected keyword argument 'seat'"):
        run_for(7, 3, "greedy", seat=1)  # a setting a run does not have
