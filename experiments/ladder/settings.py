"""The settings of a ladder, read and checked once into :class:`LadderExperiment`.

Settings of ``[experiment]``: ``strategies`` (the rungs in ladder order; default: the full
ladder, :func:`~experiments.ladder.analysis.default_rungs`), ``anchor`` (default ``greedy``, or
the first rung when greedy is not on the ladder), ``cost_seconds`` (CPU seconds of each rung's
timed batch, about, above 0; ``false`` skips the costs) and the common ones (``players``
default ``[2, 4]``). ``[rules]``: ``herd`` (true or false, not both), ``tiles``,
``mammoth_points``, ``tie``, ``resources_of_choice``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import ClassVar, Self

from experiments.ladder.analysis import ANCHOR, default_rungs, schedule
from experiments.shared.experiment import Experiment, setting
from experiments.shared.limits import MAX_CHUNKS, MAX_RUNGS, check_blocks
from experiments.shared.settings import names, strategy_name
from sim.errors import InputError
from strategies.registry import resolve

CHUNK_GAMES = 500
DEFAULTS = {"players": [2, 4], "cost_seconds": 2.0}
RULES = ("herd", "tiles", "mammoth_points", "tie", "resources_of_choice")
MAX_COST_SECONDS = 600.0


def _cost_seconds(value, key: str) -> float:
    if value is False:
        return 0.0
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not math.isfinite(value)
        or not 0 < value <= MAX_COST_SECONDS
    ):
        raise InputError(
            f"{key} must be above 0 and at most {MAX_COST_SECONDS:g} (false: no costs), "
            f"not {value!r}"
        )
    return float(value)


@dataclass(frozen=True, kw_only=True)
class LadderExperiment(Experiment):
    """The settings of a ladder (see the module's docstring).

    Attributes
    ----------
    strategies : tuple of str
        The rungs in ladder order, as written (:attr:`rungs`: resolved).
    anchor : str or None
        The anchor as written (None: :attr:`anchor_rung` picks it).
    cost_seconds : float
        CPU seconds of each rung's timed batch, about; 0 when the costs are off
        (``cost_seconds = false``).
    """

    RULES: ClassVar[tuple[str, ...]] = RULES
    CHUNK_GAMES: ClassVar[int] = CHUNK_GAMES
    strategies: tuple[str, ...] = setting(lambda v, k: names(v, k, MAX_RUNGS))
    anchor: str | None = setting(strategy_name, default=None)
    cost_seconds: float = setting(_cost_seconds)

    @classmethod
    def read(cls, mapping: Mapping) -> Self:
        """:meth:`Experiment.read`, the full ladder (:func:`~experiments.ladder.analysis.
        default_rungs`) written in when ``strategies`` is left out (so experiment.json names
        the rungs)."""
        if "strategies" not in mapping:
            mapping = {**mapping, "strategies": default_rungs()}
        return super().read(mapping)

    def check(self) -> None:
        """Known rungs and anchor, one herd setting, at most
        :data:`~experiments.shared.limits.MAX_CHUNKS` chunks.

        Raises
        ------
        InputError
            Unknown strategies, an anchor off the ladder, both herd settings, too many chunks.
        """
        if len(self.rules.herd) != 1:
            raise InputError("a ladder is played with one herd setting: rules.herd true or false")
        rungs, anchor = self.rungs, self.anchor_rung
        tables = sum(len(schedule(rungs, players, anchor)) for players in self.players)
        size = self.chunk_size
        blocks = check_blocks(self.games, size, "chunk size")
        if tables * blocks + len(rungs) > MAX_CHUNKS:
            raise InputError(
                f"the ladder makes {tables * blocks + len(rungs):,} chunks ({tables} tables x "
                f"{blocks:,} blocks of games, and the costs); at most {MAX_CHUNKS:,}: raise the "
                "chunk size"
            )

    @cached_property
    def rungs(self) -> list[str]:
        """The rungs, as resolved names, in ladder order."""
        return [resolve(n).name for n in self.strategies]

    @cached_property
    def anchor_rung(self) -> str:
        """The anchor's resolved name (``greedy``, or the first rung when greedy is not a
        rung)."""
        if self.anchor is not None:
            return resolve(self.anchor).name
        greedy = resolve(ANCHOR).name
        return greedy if greedy in self.rungs else self.rungs[0]

    def tables(self, players: int) -> list[tuple[str, ...]]:
        """The schedule's tables at ``players`` seats."""
        return schedule(self.rungs, int(players), self.anchor_rung)
