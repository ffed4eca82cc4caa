"""The settings of an analysis (the ``analyse`` kind), read and checked once into
:class:`AnalyseExperiment`.

Settings of ``[experiment]``: ``position`` (the position file's document, read and checked by
:func:`sim.position.position_from_dict`), ``field`` (the strategy of every seat, the deciding one's
play after the option included; default :data:`FIELD`, the strongest player), ``games`` (play-outs
per option, at most), ``stop`` (stop early, :data:`~experiments.analyse.analysis.STOP_RULE`) and the
common ones (``players``: the position's player count).
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from typing import ClassVar

from experiments.shared.experiment import Experiment, setting
from experiments.shared.settings import flag, strategy_name
from sim.analysing import options_of
from sim.errors import InputError
from sim.position import position_from_dict
from strategies.registry import resolve

FIELD = "champion"
"""The default field: the strongest player (docs/strategies.md)."""
CHUNK_GAMES = 100
DEFAULTS = {"field": FIELD, "stop": True}


def _position(value, key: str) -> dict:
    if not isinstance(value, dict):
        raise InputError(f"{key}: the position (a table) is missing")
    return value


@dataclass(frozen=True, kw_only=True)
class AnalyseExperiment(Experiment):
    """The settings of an analysis (see the module's docstring).

    Attributes
    ----------
    position : dict
        The position file's document (:func:`position_of` parses it).
    field : str
        The strategy of every seat.
    stop : bool
        Stop the play-outs early (:data:`~experiments.analyse.analysis.STOP_RULE`).
    """

    CHUNK_GAMES: ClassVar[int] = CHUNK_GAMES
    position: dict = setting(_position)
    field: str = setting(strategy_name)
    stop: bool = setting(flag)

    def check(self) -> None:
        """A possible position with a decision of several options, a known field strategy,
        the position's player count.

        Raises
        ------
        InputError
            An impossible position (one line naming the field), a decision with one option, an
            unknown field strategy, or ``players`` other than the position's.
        """
        position = self.parsed
        options_of(position)
        resolve(self.field)
        if self.players != (position.n_players,):
            raise InputError(f"players: the position has {position.n_players} players")

    @property
    def parsed(self):
        """The position, parsed (:func:`position_of`: once per process)."""
        return position_of(self.position)


def position_of(document: dict):
    """A position file's document, checked and parsed once per process: the command, the
    kind's check, its run and every chunk a process plays share one parse of the same
    document."""
    return _parsed(json.dumps(document, sort_keys=True))


@functools.lru_cache(maxsize=4)
def _parsed(document: str):
    return position_from_dict(json.loads(document))
