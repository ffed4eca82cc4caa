"""The options of ``mammoth simulate``, gathered: the games it plays and the rules in force.

Each group is a frozen object built and checked once where the command starts
(:func:`~experiments.shared.command_options.gathered`), as every command's: the games
(:class:`SimulatedGames`), the table's rules (:class:`SimulatedRules`, the shared
:class:`~experiments.shared.command_options.TableRules` with ``--herd`` and
``--resources-of-choice``) and the run (:class:`~experiments.shared.command_options.RunSettings`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import click

from experiments.shared.command_options import (
    STRATEGY,
    TableRules,
    games_option,
    gathered,
    players_option,
    seed_option,
    table_rules_options,
)
from experiments.shared.limits import MAX_POSITION_GAMES, MAX_SIMULATE_GAMES
from experiments.shared.rules_setup import rules_from_options
from sim.rules import RESOURCES_OF_CHOICE, Rules
from strategies.play import seat_names
from strategies.registry import resolve


@dataclass(frozen=True)
class SimulatedGames:
    """The games a simulate run plays (everything but the rules that decides its table).

    Built from ``--games``, ``--players``, ``--strategy``, ``--seed``, ``--rotate``,
    ``--positions``, ``--debug`` and ``--dice-contest`` (:func:`games_options`) and checked:
    one strategy for every seat or one per seat, each a known strategy.

    Attributes
    ----------
    games, players : int
        Games in total and seats at the table.
    strategy_names : tuple of str
        The ``--strategy`` values, as given.
    seed : int
        The run's seed.
    rotate : bool
        Rotate the seats by one each game.
    positions : int
        Herd decisions of the first ``positions`` games written as position files (at most
        ``games``).
    debug, dice_contest : bool
        Check invariants after every phase; roll the taming dice instead of exact draws.
    seats : tuple of str
        The strategy of each seat (resolved names), from ``strategy_names``.

    Raises
    ------
    InputError
        Neither one strategy nor one per seat, or an unknown strategy.
    """

    games: int
    players: int
    strategy_names: tuple[str, ...] = ("greedy",)
    seed: int = 0
    rotate: bool = False
    positions: int = 0
    debug: bool = False
    dice_contest: bool = False
    seats: tuple[str, ...] = field(init=False)

    def __post_init__(self):
        names = seat_names(list(self.strategy_names), self.players)
        object.__setattr__(self, "seats", tuple(resolve(n).name for n in names))
        object.__setattr__(self, "positions", min(self.positions, self.games))


def games_options(function):
    """Add ``--games --players --strategy --seed --rotate --positions --debug --dice-contest``
    to ``mammoth simulate``, handed to it as one :class:`SimulatedGames`, the argument
    ``played``."""
    function = gathered("played", SimulatedGames)(function)
    for option in (
        click.option(
            "--dice-contest", is_flag=True, help="Roll taming dice instead of exact draws."
        ),
        click.option("--debug", is_flag=True, help="Check invariants after every phase."),
        click.option(
            "--positions",
            type=click.IntRange(0, MAX_POSITION_GAMES),
            default=0,
            show_default=True,
            help="Write the position of every herd decision of the first N games into "
            "OUT/positions/ (position files, docs/positions.md).",
        ),
        click.option("--rotate/--no-rotate", default=False, help="Rotate seats by one each game."),
        seed_option(),
        click.option(
            "--strategy",
            "strategy_names",
            multiple=True,
            type=STRATEGY,
            default=("greedy",),
            show_default=True,
            help="BASE or BASE+TAMING; once for every seat or once per seat.",
        ),
        players_option(default=4, several=False),
        games_option(10_000, MAX_SIMULATE_GAMES, "Games in total, all at one table size."),
    ):
        function = option(function)
    return function


@dataclass(frozen=True)
class SimulatedRules(TableRules):
    """The rules a simulate run plays: the table's rules and ``--herd``,
    ``--resources-of-choice``, checked (the tile file read) when built.

    Attributes
    ----------
    herd : bool
        ``--herd/--no-herd``: play The Mammoth Herd.
    resources_of_choice : str
        ``--resources-of-choice`` (:data:`sim.rules.RESOURCES_OF_CHOICE`).
    in_force : Rules
        The rules in force (:func:`~experiments.shared.rules_setup.rules_from_options`; a tile
        file by its absolute path).

    Raises
    ------
    InputError
        A missing or malformed tile file.
    """

    herd: bool = True
    resources_of_choice: str = "immediate"
    in_force: Rules = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        rules = rules_from_options(
            self.herd, self.tiles, self.mammoth_points, self.tie, self.resources_of_choice
        )
        object.__setattr__(self, "in_force", rules)

    def settings(self) -> dict:
        """The experiment's ``[rules]`` settings (the tile file by its absolute path)."""
        rules = self.in_force
        return {
            "herd": rules.herd,
            "tiles": rules.tiles,
            "mammoth_points": rules.mammoth_points,
            "tie": rules.tie_rule,
            "resources_of_choice": rules.resources_of_choice,
        }


def rules_options(function):
    """Add ``--herd --tiles --mammoth-points --tie --resources-of-choice`` to ``mammoth
    simulate``, handed to it as one :class:`SimulatedRules`, the argument ``rules``."""
    function = click.option(
        "--resources-of-choice",
        type=click.Choice(RESOURCES_OF_CHOICE),
        default="immediate",
        show_default=True,
        help="The medicine card's 2 resources of choice (docs/rules.md C7): immediate, named "
        "when the card is bought; keep, held as tokens and used when needed.",
    )(function)
    function = table_rules_options(settings=SimulatedRules)(function)
    return click.option(
        "--herd/--no-herd", default=True, show_default=True, help="Play The Mammoth Herd."
    )(function)


__all__ = ["SimulatedGames", "SimulatedRules", "games_options", "rules_options"]
