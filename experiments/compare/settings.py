"""The settings of a league (the ``compare`` kind), read and checked once into
:class:`CompareExperiment`.

Settings of ``[experiment]``: ``strategies`` (at least two), and the common ones. Settings of
``[rules]``: ``herd`` (true, false, ``"both"`` or ``[true, false]``: every table is played with
each setting, on the same seeds), ``tiles``, ``mammoth_points``, ``tie``, ``resources_of_choice``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from experiments.library.league import lineups_for
from experiments.shared.experiment import Experiment, setting
from experiments.shared.seats_setup import names_of
from experiments.shared.settings import names
from sim.errors import InputError

CHUNK_GAMES = 5_000
RULES = ("herd", "tiles", "mammoth_points", "tie", "resources_of_choice")


@dataclass(frozen=True, kw_only=True)
class CompareExperiment(Experiment):
    """The settings of a league (see the module's docstring).

    Attributes
    ----------
    strategies : tuple of str
        The league's strategies (at least two); every combination that fills the seats is a
        table.
    """

    RULES: ClassVar[tuple[str, ...]] = RULES
    CHUNK_GAMES: ClassVar[int] = CHUNK_GAMES
    strategies: tuple[str, ...] = setting(names, default=())

    def check(self) -> None:
        """Strategies given and known, enough of them to fill a table at each player count.

        Raises
        ------
        InputError
            Missing or unknown strategies, too few for a table.
        """
        if not self.strategies:
            raise InputError("strategies is missing: name the league's, e.g. ['greedy', 'random']")
        resolved = names_of(self)
        for players in self.players:
            lineups_for(resolved, players)
