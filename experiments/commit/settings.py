"""The settings of a ``commit`` sweep, read and checked once into :class:`CommitExperiment`.

Settings of ``[experiment]`` (a setting left out takes the default of the ``mammoth commit``
option): ``players``, ``games`` (per arm), ``seed``, ``base``, ``field`` (one name for every
other seat, or one per seat), ``policies``, ``herd_areas`` (true: also the controlled herd-area
tile sets), ``max_figures`` (solver tables), the solver's prize grid ``first_bonus``,
``all_bonus``, ``tile_value``, ``food_value`` (lists of points), ``chunk_games``. Settings of
``[rules]``: ``tiles`` (``"default"`` or a file), ``mammoth_points``, ``tie``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from experiments.commit.analysis import (
    DEFAULT_BASE,
    DEFAULT_FIELD,
    DEFAULT_GAMES,
    DEFAULT_MAX_FIGURES,
    DEFAULT_POLICIES,
    PRIZE_GRID,
    commit_conditions,
    sweep_arms,
)
from experiments.shared.analysis_sweep import field_for
from experiments.shared.experiment import Experiment, setting
from experiments.shared.settings import flag, names, points, strategy_name, whole_number
from sim.rules import Rules
from strategies.registry import resolve

CHUNK_GAMES = 5_000
DEFAULTS = {
    "players": [2, 3, 4],
    "games": DEFAULT_GAMES,
    "seed": 0,
    "base": DEFAULT_BASE,
    "field": list(DEFAULT_FIELD),
    "policies": list(DEFAULT_POLICIES),
    "herd_areas": True,
    "max_figures": DEFAULT_MAX_FIGURES,
    **{name: list(values) for name, values in PRIZE_GRID.items()},
    "chunk_games": CHUNK_GAMES,
}
RULES = ("tiles", "mammoth_points", "tie")


@dataclass(frozen=True, kw_only=True)
class CommitExperiment(Experiment):
    """The settings of a commit sweep (see the module's docstring).

    Attributes
    ----------
    base : str
        The focal seat's strategy.
    field : tuple of str
        One name for every other seat, or one per seat.
    policies : tuple of str
        The commit policies swept against ``base+never``.
    herd_areas : bool
        Also the controlled herd-area tile sets.
    max_figures : int
        The solver tables' largest commitment.
    first_bonus, all_bonus, tile_value, food_value : tuple of float
        The solver's prize grid.
    """

    RULES: ClassVar[tuple[str, ...]] = RULES
    CHUNK_GAMES: ClassVar[int] = CHUNK_GAMES
    base: str = setting(strategy_name)
    field: tuple[str, ...] = setting(names)
    policies: tuple[str, ...] = setting(names)
    herd_areas: bool = setting(flag)
    max_figures: int = setting(lambda v, k: whole_number(v, k, low=1, high=10))
    first_bonus: tuple[float, ...] = setting(points)
    all_bonus: tuple[float, ...] = setting(points)
    tile_value: tuple[float, ...] = setting(points)
    food_value: tuple[float, ...] = setting(points)

    def check(self) -> None:
        """Known strategies and policies, a field that fills every table; the tile files load
        (:meth:`conditions`).

        Raises
        ------
        InputError
            Unknown strategies or policies, a field that does not fill the seats.
        """
        for name in self.field:
            resolve(name)
        for players in self.players:
            field_for(self.field, players)
        sweep_arms(self.base, self.policies)
        self.conditions()

    def conditions(self) -> dict[str, Rules]:
        """The sweep's conditions, as ``mammoth commit`` builds them."""
        return commit_conditions(self.rules_in_force, self.herd_areas)

    @property
    def prizes(self) -> dict[str, tuple[float, ...]]:
        """The solver's prize grid, by name."""
        return {name: getattr(self, name) for name in PRIZE_GRID}
