"""The settings of a ``worth`` run, read and checked once into :class:`WorthExperiment`.

Settings of ``[experiment]`` (a setting left out takes the default of the ``mammoth worth``
option): ``players``, ``games`` (per table and arm), ``seed``, ``strategies`` (at least two),
``points`` (the "on" arm, default 10), ``sensitivity`` (default true: also the variant tile sets
and both tie rules), ``chunk_games``. Settings of ``[rules]``: ``tiles`` (``"default"`` or a
file), ``tie`` (the main condition's tie rule).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar

from experiments.shared.experiment import Experiment, setting
from experiments.shared.limits import MAX_MAMMOTH_POINTS
from experiments.shared.settings import below, flag, names
from experiments.worth.analysis import DEFAULT_GAMES, DEFAULT_STRATEGIES, worth_conditions
from sim.errors import InputError
from sim.rules import Rules
from strategies.registry import resolve

CHUNK_GAMES = 5_000
DEFAULTS = {
    "players": [2, 3, 4],
    "games": DEFAULT_GAMES,
    "seed": 0,
    "strategies": list(DEFAULT_STRATEGIES),
    "points": 10,
    "sensitivity": True,
    "chunk_games": CHUNK_GAMES,
}
RULES = ("tiles", "tie")


@dataclass(frozen=True, kw_only=True)
class WorthExperiment(Experiment):
    """The settings of a worth run (see the module's docstring).

    Attributes
    ----------
    strategies : tuple of str
        At least two different strategies; every combination that fills the seats is a table.
    points : int
        The mammoth points of the "on" arm (the other arm plays 0).
    sensitivity : bool
        Also the variant tile sets and both tie rules.
    """

    RULES: ClassVar[tuple[str, ...]] = RULES
    CHUNK_GAMES: ClassVar[int] = CHUNK_GAMES
    strategies: tuple[str, ...] = setting(names)
    points: int = setting(below(MAX_MAMMOTH_POINTS))
    sensitivity: bool = setting(flag)

    def check(self) -> None:
        """Known strategies, at least two different ones; the tile files load
        (:meth:`conditions`).

        Raises
        ------
        InputError
            Unknown strategies, fewer than two different ones, a bad tile file.
        """
        resolved = self.resolved_names()
        if len(resolved) < 2 or len(set(resolved)) != len(resolved):
            raise InputError("strategies: give at least two different strategies")
        self.conditions()

    def rules_on(self) -> Rules:
        """The rules of the "on" arm (the herd on, the mammoth majority worth ``points``)."""
        return dataclasses.replace(self.rules, mammoth_points=self.points).rules(True)

    def conditions(self) -> tuple[str, dict[str, Rules]]:
        """The main condition's label and every condition, as ``mammoth worth`` builds them."""
        return worth_conditions(self.rules_on(), self.sensitivity)

    def resolved_names(self) -> list[str]:
        """The strategies, as resolved names."""
        return [resolve(n).name for n in self.strategies]
