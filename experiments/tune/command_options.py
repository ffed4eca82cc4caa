"""The options of ``mammoth tune``, grouped: how the search runs and the tables it plays."""

from __future__ import annotations

from dataclasses import dataclass

import click

from experiments.shared.command_groups import option_group
from experiments.shared.command_options import STRATEGY, Real, Whole, players_option
from experiments.shared.limits import MAX_ITERATIONS, MAX_POPULATION, MAX_SIGMA, MAX_STRATEGIES
from experiments.tune.analysis import OBJECTIVES, Search
from sim.errors import InputError

HERDS = {"on": (True,), "off": (False,), "both": (True, False)}
"""``--herd``: the herd settings every table is played with."""


def search_from_options(iterations, population, elite, sigma, objective, param_names) -> Search:
    """The search of the command's options, checked (the weights named, each once; none: the
    family's default, filled in by the command).

    Raises
    ------
    InputError
        An elite fraction that is not between 0 and 1.
    """
    if not 0 < elite < 1:
        raise InputError(f"--elite must be a fraction between 0 and 1, not {elite}")
    names = tuple(dict.fromkeys(param_names))
    return Search(names, iterations, population, elite, sigma, objective)


@dataclass(frozen=True)
class Field:
    """The tables a tuning run plays: its opponents, player counts and herd settings.

    Attributes
    ----------
    against : tuple of str
        The opponents, as given (cycled over the seats).
    players : tuple of int
        The player counts of the tables.
    herd : {"on", "off", "both"}
        Play every table with the herd, without it, or both.
    """

    against: tuple[str, ...]
    players: tuple[int, ...]
    herd: str = "on"

    @classmethod
    def from_options(cls, against, player_counts, herd) -> Field:
        """The field of the command's options, checked.

        Raises
        ------
        InputError
            No opponent, or more than :data:`~experiments.shared.limits.MAX_STRATEGIES`.
        """
        if len(against) > MAX_STRATEGIES:
            raise InputError(f"give --against at most {MAX_STRATEGIES} times, not {len(against)}")
        if not against:
            raise InputError("give at least one --against opponent")
        return cls(tuple(against), tuple(player_counts), herd)

    @property
    def herds(self) -> tuple[bool, ...]:
        """The herd settings every table is played with."""
        return HERDS[self.herd]


search_options = option_group(
    "search",
    [
        click.option(
            "--iterations",
            type=Whole(1, MAX_ITERATIONS, "iterations"),
            default=6,
            show_default=True,
            help="Iterations of the search.",
        ),
        click.option(
            "--population",
            type=Whole(2, MAX_POPULATION, "candidates"),
            default=12,
            show_default=True,
            help="Candidates per iteration.",
        ),
        click.option(
            "--elite",
            type=Real(0.0, 1.0, low_open=True),
            default=0.25,
            show_default=True,
            help="Elite fraction (above 0, below 1).",
        ),
        click.option(
            "--sigma",
            type=Real(0.0, MAX_SIGMA, low_open=True),
            default=0.3,
            show_default=True,
            help=f"Initial spread (log units, above 0, at most {MAX_SIGMA:g}).",
        ),
        click.option(
            "--objective", type=click.Choice(OBJECTIVES), default="win", show_default=True
        ),
        click.option(
            "--param",
            "param_names",
            multiple=True,
            help="A weight to tune (repeat) [default: every positive weight but stall_round].",
        ),
    ],
    search_from_options,
)
"""``--iterations --population --elite --sigma --objective --param`` as one
:class:`~experiments.tune.analysis.Search`, the command's ``search``."""

field_options = option_group(
    "field",
    [
        click.option(
            "--against",
            multiple=True,
            type=STRATEGY,
            required=True,
            help="Opponent (repeat: cycled over the seats).",
        ),
        players_option(default=(4,), help="Tables to play, 2 to 4 players each: --players 2 3 4."),
        click.option(
            "--herd",
            type=click.Choice(tuple(HERDS)),
            default="on",
            show_default=True,
            help="Play the tables with the herd, without it, or both (every table twice).",
        ),
    ],
    Field.from_options,
)
"""``--against --players --herd`` as one :class:`Field`, the command's ``field``."""


__all__ = ["HERDS", "Field", "field_options", "search_from_options", "search_options"]
