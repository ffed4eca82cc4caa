"""The contract every registered strategy keeps: base strategies, presets and taming policies.

Each case plays a few hundred complete games in debug mode (the kernel checks every invariant
after every phase: no negative stocks, conservation of people, cards and tiles; a broken one
raises :class:`sim.runner.InvariantError`) with the strategy under test in every seat, then
checks what the table shows: the games end, the score parts add up, the figures stay in range,
and the same seed gives the same games. The grid is read from the registry, so a new strategy,
preset or taming policy is covered without touching this file.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from sim.rules import Rules
from sim.state import HERD_NAMES, PART_NAMES
from strategies.play import play_games
from strategies.registry import base_names, needs_heavy, resolve, taming_names

GAMES = 200
SEARCH_GAMES = 4  # the searches (search, search-classic) play ~25 games/s: a few games
BASES = base_names()
TAMING = [("fixed-2" if name == "fixed-K" else name) for name in taming_names()]
PLAYERS = (2, 3, 4)


def _games(name: str) -> int:
    return SEARCH_GAMES if _search(name) else GAMES


def _play(name: str, players: int, herd: bool, seed: int) -> pd.DataFrame:
    return play_games(_games(name), players, name, seed=seed, rules=Rules(herd=herd), debug=True)


def _check_table(frame: pd.DataFrame, players: int, herd: bool) -> None:
    assert len(frame) == frame["game"].nunique() * players
    assert frame["rounds"].between(1, 199).all(), frame["rounds"].max()
    parts = frame[list(PART_NAMES)].sum(axis=1)
    assert (parts == frame["score"]).all()
    score = frame["score"].to_numpy(dtype=np.float64)
    assert np.isfinite(score).all()
    assert frame["people"].between(5, 10).all()
    assert frame["agriculture"].between(0, 10).all()
    assert frame["tools"].between(0, 12).all()
    assert frame["rank"].between(1, players).all()
    assert (frame.groupby("game")["winner"].sum() >= 1).all()
    assert (frame["starvation_penalty"] <= 0).all() and (
        frame["starvation_penalty"] % 10 == 0
    ).all()
    if not herd:
        assert (frame[list(HERD_NAMES)] == 0).all().all()
        assert (frame["herd_rounds"] == 0).all() and (frame["mammoth_points"] == 0).all()


def _search(name: str) -> bool:
    return any(part.startswith("search") for part in name.split("+"))


def _heavy(name: str) -> bool:
    """Whether the name plays on the heavy kernel (search, the model taming policy)."""
    return needs_heavy([resolve(name)])


def _params(names):
    """The names, those that play the heavy kernel marked heavy_kernel (their own tier,
    tasks.py)."""
    return [pytest.param(n, marks=pytest.mark.heavy_kernel) if _heavy(n) else n for n in names]


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("name", _params(f"{b}+{t}" for b in BASES for t in TAMING))
def test_contract_with_the_herd(name, players):
    first = _play(name, players, True, seed=17)
    _check_table(first, players, True)
    assert (first["herd_rounds"] > 0).all()
    again = _play(name, players, True, seed=17)
    pd.testing.assert_frame_equal(first, again)


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("base", _params(BASES))
def test_contract_without_the_herd(base, players):
    """Without the herd no taming hook is ever asked: the default policy stands for all."""
    first = _play(base, players, False, seed=23)
    _check_table(first, players, False)
    again = _play(base, players, False, seed=23)
    pd.testing.assert_frame_equal(first, again)


def test_every_registered_name_is_in_the_grid():
    from strategies.registry import BASE, presets

    assert set(BASE) | set(presets()) == set(BASES)
    assert {"farmer", "builder", "cards", "toolmaker", "starver", "balanced"} <= set(BASES)
