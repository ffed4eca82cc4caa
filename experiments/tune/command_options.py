"""The options of ``mammoth tune``, gathered: how the search runs and the tables it plays.

Each group is a frozen object built and checked once where the command starts
(:func:`~experiments.shared.command_options.gathered`): the search (:class:`SearchSettings`) and
the field (:class:`Field`).
"""

from __future__ import annotations

from dataclasses import dataclass

import click

from experiments.shared.command_options import STRATEGY, Real, Whole, gathered, players_option
from experiments.shared.limits import MAX_ITERATIONS, MAX_POPULATION, MAX_SIGMA, MAX_STRATEGIES
from experiments.tune.analysis import OBJECTIVES, Search
from sim.errors import InputError

HERDS = {"on": (True,), "off": (False,), "both": (True, False)}
"""``--herd``: the herd settings every table is played with."""


@dataclass(frozen=True)
class SearchSettings:
    """How the search runs: ``--iterations --population --elite --sigma --objective --param``.

    Attributes
    ----------
    iterations, population : int
        Iterations and candidates per iteration.
    elite : float
        Elite fraction, between 0 and 1.
    sigma : float
        Initial spread, in log units.
    objective : str
        :data:`~experiments.tune.analysis.OBJECTIVES`.
    param_names : tuple of str
        The weights to tune, each once, in the order given (none: the family's default).

    Raises
    ------
    InputError
        An elite fraction that is not between 0 and 1.
    """

    iterations: int = 6
    population: int = 12
    elite: float = 0.25
    sigma: float = 0.3
    objective: str = "win"
    param_names: tuple[str, ...] = ()

    def __post_init__(self):
        if not 0 < self.elite < 1:
            raise InputError(f"--elite must be a fraction between 0 and 1, not {self.elite}")
        object.__setattr__(self, "param_names", tuple(dict.fromkeys(self.param_names)))

    def search(self, default_names) -> Search:
        """The :class:`~experiments.tune.analysis.Search` these settings ask for.

        Parameters
        ----------
        default_names : iterable of str
            The weights tuned when no ``--param`` is given (the family's tunable weights).

        Returns
        -------
        Search
        """
        names = self.param_names or tuple(default_names)
        return Search(
            names, self.iterations, self.population, self.elite, self.sigma, self.objective
        )


@dataclass(frozen=True)
class Field:
    """The tables a tuning run plays: its opponents, player counts and herd settings.

    Attributes
    ----------
    against : tuple of str
        The opponents, as given (cycled over the seats).
    player_counts : tuple of int
        The player counts of the tables, as given (:attr:`players`).
    herd : {"on", "off", "both"}
        Play every table with the herd, without it, or both.

    Raises
    ------
    InputError
        No opponent, or more than :data:`~experiments.shared.limits.MAX_STRATEGIES`.
    """

    against: tuple[str, ...]
    player_counts: tuple[int, ...] = (4,)
    herd: str = "on"

    def __post_init__(self):
        if len(self.against) > MAX_STRATEGIES:
            raise InputError(
                f"give --against at most {MAX_STRATEGIES} times, not {len(self.against)}"
            )
        if not self.against:
            raise InputError("give at least one --against opponent")
        object.__setattr__(self, "against", tuple(self.against))
        object.__setattr__(self, "player_counts", tuple(self.player_counts))

    @property
    def players(self) -> tuple[int, ...]:
        """The player counts of the tables, as given."""
        return self.player_counts

    @property
    def herds(self) -> tuple[bool, ...]:
        """The herd settings every table is played with."""
        return HERDS[self.herd]


def search_options(function):
    """Add ``--iterations --population --elite --sigma --objective --param`` to ``mammoth
    tune``, handed to it as one :class:`SearchSettings`, the argument ``search``."""
    function = gathered("search", SearchSettings)(function)
    for option in (
        click.option(
            "--param",
            "param_names",
            multiple=True,
            help="A weight to tune (repeat) [default: every positive weight but stall_round].",
        ),
        click.option(
            "--objective",
            type=click.Choice(OBJECTIVES),
            default="win",
            show_default=True,
            help="What a candidate is judged by: win, its seat's mean win share; margin, its "
            "mean score minus the best other seat's.",
        ),
        click.option(
            "--sigma",
            type=Real(0.0, MAX_SIGMA, low_open=True),
            default=0.3,
            show_default=True,
            help=f"Initial spread (log units, above 0, at most {MAX_SIGMA:g}).",
        ),
        click.option(
            "--elite",
            type=Real(0.0, 1.0, low_open=True),
            default=0.25,
            show_default=True,
            help="Elite fraction (above 0, below 1).",
        ),
        click.option(
            "--population",
            type=Whole(2, MAX_POPULATION, "candidates"),
            default=12,
            show_default=True,
            help="Candidates per iteration.",
        ),
        click.option(
            "--iterations",
            type=Whole(1, MAX_ITERATIONS, "iterations"),
            default=6,
            show_default=True,
            help="Iterations of the search.",
        ),
    ):
        function = option(function)
    return function


def field_options(function):
    """Add ``--against --players --herd`` to ``mammoth tune``, handed to it as one
    :class:`Field`, the argument ``field``."""
    function = gathered("field", Field)(function)
    for option in (
        click.option(
            "--herd",
            type=click.Choice(tuple(HERDS)),
            default="on",
            show_default=True,
            help="Play the tables with the herd, without it, or both (every table twice).",
        ),
        players_option(default=(4,), help="Tables to play, 2 to 4 players each: --players 2 3 4."),
        click.option(
            "--against",
            multiple=True,
            type=STRATEGY,
            required=True,
            help="Opponent (repeat: cycled over the seats).",
        ),
    ):
        function = option(function)
    return function


__all__ = ["HERDS", "Field", "SearchSettings", "field_options", "search_options"]
