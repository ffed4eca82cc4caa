"""The digest of a per-seat table that pins a strategy's play (``test_classic``,
``test_greedy_play``): a change that moves a single decision changes it."""

from __future__ import annotations

import hashlib

import numpy as np

from sim.rules import Rules
from strategies.play import play_games

COLUMNS = (
    "game seat strategy score rank winner rounds people agriculture tools buildings cards "
    "building_points card_points culture_points farmer_points toolmaker_points hutbuilder_points "
    "shaman_points resource_points starvation_penalty herd_bonus_points mammoth_points tiles_won "
    "contests_entered figures_committed food_paid_taming resources_paid_taming first_bonuses "
    "all_bonuses tiles_boxed herd_rounds contests majority_decided safety_stop"
).split()


def digest(frame) -> str:
    """A hash of the per-seat table over :data:`COLUMNS` (categories by their codes)."""
    h = hashlib.sha256()
    for name in COLUMNS:
        column = frame[name]
        values = column.cat.codes if hasattr(column, "cat") else column
        h.update(name.encode())
        h.update(np.asarray(values).astype(np.int64).tobytes())
    return h.hexdigest()[:16]


def table_digest(key: str, lineups: dict[str, list[str]], games: int = 300) -> str:
    """Play the pinned table ``key`` (``"<players>p-<herd|noherd>-<line-up>"``): ``games``
    games, seed 5, seats rotated, the line-up's first ``players`` strategies (or one for every
    seat); return its :func:`digest`."""
    players = int(key[0])
    lineup = lineups[key.rsplit("-", 1)[1]]
    names = lineup[:players] if len(lineup) > 1 else lineup
    rules = Rules(herd="-herd-" in key)
    return digest(play_games(games, players, names, seed=5, rules=rules, rotate=True))
