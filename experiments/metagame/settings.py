"""The typed settings of a meta-game (the ``metagame`` kind, ``mammoth metagame``).

What its experiment file's ``[experiment]`` and ``[rules]`` hold, each setting read and checked once
(see :mod:`experiments.metagame.kind` for what they mean).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from experiments.shared.analysis_metagame import (
    REPLICATES,
)
from experiments.shared.experiment import Experiment, setting
from experiments.shared.settings import names, whole_number
from sim.errors import InputError
from strategies.registry import resolve

STRATEGIES = [
    "champion+never",
    "champion+fixed-1",
    "champion+card",
    "champion+ev",
    "champion[herd_3_4=0.6]+ev",
    "champion[herd_3_4=1]+ev",
    "champion+majority",
]
"""The herd plays of the default meta-game: the champion never committing, committing one, by
the card, by ``ev`` at its own seeking weight (0.3 at 3-4 players), at 0.6 and at 1 (as
heads-up), and by ``majority``."""
MAX_PLAYS = 10
"""The most strategies of one meta-game (10 over 4 seats: 715 profiles)."""
MAX_BOOTSTRAP = 2_000
CHUNK_GAMES = 1_000
DEFAULTS = {"strategies": list(STRATEGIES), "bootstrap": REPLICATES}
RULES = ("tiles", "mammoth_points", "tie", "resources_of_choice")
GAMES = "games per profile and player count"


@dataclass(frozen=True, kw_only=True)
class MetagameExperiment(Experiment):
    """The settings of a meta-game (see the module's docstring).

    Attributes
    ----------
    strategies : tuple of str
        The herd plays, as written (two to :data:`MAX_PLAYS`, each once under any spelling).
    bootstrap : int
        The bootstrap's replicates (10 to :data:`MAX_BOOTSTRAP`).
    """

    RULES: ClassVar[tuple[str, ...]] = RULES
    CHUNK_GAMES: ClassVar[int] = CHUNK_GAMES
    strategies: tuple[str, ...] = setting(
        lambda v, k: names(v, k, limit=MAX_PLAYS), default=tuple(STRATEGIES)
    )
    bootstrap: int = setting(
        lambda v, k: whole_number(v, k, low=10, high=MAX_BOOTSTRAP), default=REPLICATES
    )

    def check(self) -> None:
        """At least two strategies, none named twice under any spelling.

        Raises
        ------
        InputError
            Fewer than two strategies, an unknown one, or one named twice.
        """
        if len(self.strategies) < 2:
            raise InputError("strategies: a meta-game needs at least two strategies")
        resolved = [resolve(n).name for n in self.strategies]
        for name, full in zip(self.strategies, resolved, strict=True):
            if resolved.count(full) > 1:
                raise InputError(f"strategies: {name!r} is {full}, named twice")
