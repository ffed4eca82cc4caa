"""A position of a game: the :class:`Position` the loader builds, and what every part of
:mod:`sim.position` shares (the rules' pieces by name, the seats' order, the format's constants).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from sim.contest_exact import outcome_table
from sim.data import load_buildings, load_cards, load_tiles
from sim.names import (
    SHORT_PREFIXES,
    building_names,
    card_names,
    copies,
    normal,
    short_ids,
    tile_names,
)
from sim.rules import Rules
from sim.state import (
    H_TILES_WON,
    HERD_NAMES,
    I_START_PLAYER,
    PART_NAMES,
    GameState,
    new_state,
    rules_data,
)

FORMAT = 1
"""The position format's version (the file's ``format``)."""
MAX_POSITION_BYTES = 200_000
KINDS = ("placement", "commitment")
"""The decisions a position can stand at."""
MAX_GOODS = 999

PARTS_OF = {
    name.removesuffix("_points").removesuffix("_penalty"): k for k, name in enumerate(PART_NAMES)
}
HERD_STATS = {name: k for k, name in enumerate(HERD_NAMES) if k != H_TILES_WON}


@dataclass(frozen=True)
class Position:
    """One game at one herd decision, as the engine holds it.

    Attributes
    ----------
    rules : Rules
        The rules in force.
    players : tuple of str
        The players' names, in seat order (clockwise).
    game, seat : numpy.ndarray
        The game's row (``N_GAME`` int16) and its seats' rows (``(4, N_SEAT)`` int16) of
        :class:`sim.state.GameState`.
    kind : str
        ``"placement"`` (the seat's placement turn) or ``"commitment"`` (the seat has just
        gathered on the herd's area and says how many figures it moves onto the tile).
    to_act : int
        The seat deciding.
    pending : tuple of int
        A commitment's other places of the seat not resolved yet (areas; empty at a placement).
    known : bool
        Play what the seats cannot see as given (else every play-out re-deals it).
    earlier_unknown : bool
        The mammoth tiles of the earlier rounds were given as a count (``herd.out = 8``): the
        state holds a fixed deal of them, and every play-out deals them anew with the pile
        (:func:`sim.position_deal.deal_earlier`).
    """

    rules: Rules
    players: tuple[str, ...]
    game: np.ndarray
    seat: np.ndarray
    kind: str
    to_act: int
    pending: tuple[int, ...] = ()
    known: bool = False
    earlier_unknown: bool = False

    @property
    def n_players(self) -> int:
        """The player count."""
        return len(self.players)

    @property
    def order(self) -> list[int]:
        """The seats in this round's order, from the start player."""
        return action_order(self.n_players, int(self.game[I_START_PLAYER]))

    def state(self) -> GameState:
        """A one-row :class:`~sim.state.GameState` holding the position, with its rules data."""
        st = new_state(1, self.n_players, data_of(self.rules), outcome_table(self.rules.tie_rule))
        st.game[0] = self.game
        st.seat[0] = self.seat
        return st


def data_of(rules: Rules) -> np.ndarray:
    """The rules data (:func:`sim.state.rules_data`) of a position's rules."""
    return rules_data(load_cards(), load_buildings(), load_tiles(rules.tiles), rules.kernel_flags())


class Pieces:
    """The names of the rules' pieces, their short ids and the copies of each (by name or id)."""

    def __init__(self, rules: Rules):
        self.tiles = load_tiles(rules.tiles) if rules.herd else np.zeros((0, 7), dtype=np.int64)
        self.card_names = card_names(load_cards())
        self.building_names = building_names(load_buildings())
        self.tile_names = tile_names(self.tiles)
        self.card_ids = short_ids(self.card_names, SHORT_PREFIXES["civilization card"])
        self.building_ids = short_ids(self.building_names, SHORT_PREFIXES["building tile"])
        self.tile_ids = short_ids(self.tile_names, SHORT_PREFIXES["mammoth tile"])
        self.cards = _with_ids(copies(self.card_names), self.card_ids)
        self.buildings = _with_ids(copies(self.building_names), self.building_ids)
        self.tile_copies = _with_ids(copies(self.tile_names), self.tile_ids)


def _with_ids(ids_of: dict[str, list[int]], short: dict[str, str]) -> dict[str, list[int]]:
    """The copies of each name, reachable by its short id (lower case) too."""
    return {**ids_of, **{normal(short[name]): ids for name, ids in ids_of.items()}}


def action_order(players: int, start: int) -> list[int]:
    """The seats in a round's order, from the start player."""
    return [(start + k) % players for k in range(players)]


__all__ = [
    "FORMAT",
    "HERD_STATS",
    "KINDS",
    "MAX_GOODS",
    "MAX_POSITION_BYTES",
    "PARTS_OF",
    "Pieces",
    "Position",
    "action_order",
    "data_of",
]
