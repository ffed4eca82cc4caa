"""The options of ``mammoth simulate``, grouped: the games it plays and the rules in force."""

from __future__ import annotations

from dataclasses import dataclass

import click

from experiments.shared.command_groups import option_group
from experiments.shared.command_options import (
    STRATEGY,
    games_option,
    mammoth_points_option,
    players_option,
    seed_option,
    tiles_option,
)
from experiments.shared.limits import MAX_POSITION_GAMES, MAX_SIMULATE_GAMES
from experiments.shared.rules_setup import rules_from_options
from sim.rules import RESOURCES_OF_CHOICE, TIE_RULES
from strategies.play import seat_names
from strategies.registry import resolve


@dataclass(frozen=True)
class SimulatedGames:
    """The games a simulate run plays (everything but the rules that decides its table).

    Attributes
    ----------
    games, players : int
        Games in total and seats at the table.
    seats : tuple of str
        The strategy of each seat (resolved names).
    seed : int
        The run's seed.
    rotate : bool
        Rotate the seats by one each game.
    positions : int
        Herd decisions of the first ``positions`` games written as position files.
    debug, dice_contest : bool
        Check invariants after every phase; roll the taming dice instead of exact draws.
    """

    games: int
    players: int
    seats: tuple[str, ...]
    seed: int
    rotate: bool = False
    positions: int = 0
    debug: bool = False
    dice_contest: bool = False

    @classmethod
    def from_options(
        cls, games, players, strategy_names, seed, rotate, positions, debug, dice_contest
    ) -> SimulatedGames:
        """The games of the command's options, checked: one strategy for every seat or one per
        seat, each a known strategy (raises :class:`~sim.errors.InputError`)."""
        seats = tuple(resolve(n).name for n in seat_names(list(strategy_names), players))
        return cls(games, players, seats, seed, rotate, min(positions, games), debug, dice_contest)


games_options = option_group(
    "played",
    [
        games_option(10_000, MAX_SIMULATE_GAMES, "Games in total, all at one table size."),
        players_option(default=4, several=False),
        click.option(
            "--strategy",
            "strategy_names",
            multiple=True,
            type=STRATEGY,
            default=("greedy",),
            show_default=True,
            help="BASE or BASE+TAMING; once for every seat or once per seat.",
        ),
        seed_option(),
        click.option("--rotate/--no-rotate", default=False, help="Rotate seats by one each game."),
        click.option(
            "--positions",
            type=click.IntRange(0, MAX_POSITION_GAMES),
            default=0,
            show_default=True,
            help="Write the position of every herd decision of the first N games into "
            "OUT/positions/ (position files, docs/positions.md).",
        ),
        click.option("--debug", is_flag=True, help="Check invariants after every phase."),
        click.option(
            "--dice-contest", is_flag=True, help="Roll taming dice instead of exact draws."
        ),
    ],
    SimulatedGames.from_options,
)
"""``--games --players --strategy --seed --rotate --positions --debug --dice-contest`` as one
:class:`SimulatedGames`, the command's ``played``."""

rules_options = option_group(
    "rules",
    [
        click.option(
            "--herd/--no-herd", default=True, show_default=True, help="Play The Mammoth Herd."
        ),
        tiles_option(),
        mammoth_points_option(),
        click.option(
            "--tie", type=click.Choice(TIE_RULES), default="longer_wins", show_default=True
        ),
        click.option(
            "--resources-of-choice",
            type=click.Choice(RESOURCES_OF_CHOICE),
            default="immediate",
            show_default=True,
        ),
    ],
    rules_from_options,
)
"""``--herd --tiles --mammoth-points --tie --resources-of-choice`` as one checked
:class:`~sim.rules.Rules` (:func:`~experiments.shared.rules_setup.rules_from_options`), the
command's ``rules``."""


__all__ = ["SimulatedGames", "games_options", "rules_options"]
