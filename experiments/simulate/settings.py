"""The settings of a ``simulate`` run, read and checked once into :class:`SimulateExperiment`.

Settings of ``[experiment]``: ``strategies`` (one for every seat or one per seat), ``rotate``,
``debug``, ``dice_contest``, ``positions`` (herd decisions of the first games written as position
files), one count in ``players``, and the common ones (``chunk_games``: games per chunk). Settings
of ``[rules]``: ``herd`` (true or false), ``tiles``, ``mammoth_points``, ``tie``,
``resources_of_choice``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from experiments.shared.experiment import Experiment, setting
from experiments.shared.limits import MAX_POSITION_GAMES, MAX_SIMULATE_GAMES
from experiments.shared.settings import flag, names, whole_number
from sim.errors import InputError
from strategies.play import seat_names
from strategies.registry import resolve

CHUNK_GAMES = 50_000
DEFAULTS = {
    "strategies": ["greedy"],
    "rotate": False,
    "debug": False,
    "dice_contest": False,
    "positions": 0,
}
RULES = ("herd", "tiles", "mammoth_points", "tie", "resources_of_choice")


@dataclass(frozen=True, kw_only=True)
class SimulateExperiment(Experiment):
    """The settings of a simulate run (see the module's docstring).

    Attributes
    ----------
    strategies : tuple of str
        One strategy for every seat, or one per seat.
    rotate : bool
        Rotate the seats from game to game.
    debug : bool
        Check the game's invariants as it plays (slow).
    dice_contest : bool
        Roll the taming contest's dice instead of taking its exact odds.
    positions : int
        The first games whose herd decisions are written as position files.
    """

    RULES: ClassVar[tuple[str, ...]] = RULES
    CHUNK_GAMES: ClassVar[int] = CHUNK_GAMES
    strategies: tuple[str, ...] = setting(names)
    rotate: bool = setting(flag)
    debug: bool = setting(flag)
    dice_contest: bool = setting(flag)
    positions: int = setting(lambda v, k: whole_number(v, k, low=0, high=MAX_POSITION_GAMES))

    def check(self) -> None:
        """One player count, at most :data:`~experiments.shared.limits.MAX_SIMULATE_GAMES`
        games, one herd setting; known strategies, one for every seat or one per seat.

        Raises
        ------
        InputError
            More than one player count, too many games, a herd setting that is not true or
            false, unknown strategies or not one per seat.
        """
        if len(self.players) != 1:
            raise InputError(
                f"players must be one count for kind simulate, not {list(self.players)}"
            )
        if self.games > MAX_SIMULATE_GAMES:
            raise InputError(f"games must be at most {MAX_SIMULATE_GAMES:,} for kind simulate")
        if len(self.rules.herd) != 1:
            raise InputError("rules.herd must be true or false for kind simulate")
        self.seats()

    @property
    def table_size(self) -> int:
        """The players at the table (the one count of ``players``)."""
        return self.players[0]

    def seats(self) -> list[str]:
        """The strategy of each seat, as resolved names."""
        seated = seat_names(list(self.strategies), self.table_size)
        return [resolve(n).name for n in seated]
