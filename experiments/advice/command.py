"""``mammoth advise``: the herd decisions of real games played out, and the advice card.

Runs the ``advice`` experiment kind (:mod:`experiments.advice.kind`) through the runner, so it
has chunks, checkpoints, ``--resume``, ``--workers`` and ``--dask`` like ``mammoth run``. Writes
into ``--out``: ``decisions.parquet``, ``agreement.csv``, ``advice.csv``, ``card.md``,
``card.json``, ``run.json``, ``experiment.json`` and ``chunks/`` (``seek.csv`` with
``--placements``, ``check.csv`` with ``--check-games``); prints the card (and, on stderr, how
many decisions were not played out, if any).
"""

from __future__ import annotations

from dataclasses import dataclass

import click

from experiments.advice.settings import CHUNK_GAMES, DEFAULT_PLAYOUTS
from experiments.shared.command_backend import dask_options
from experiments.shared.command_options import (
    STRATEGY,
    GamePlan,
    RunSettings,
    Whole,
    chunk_size_option,
    command,
    field_names,
    game_plan,
    games_option,
    gathered,
    out_option,
    players_option,
    resume_option,
    run_settings,
    seed_option,
    workers_option,
)
from experiments.shared.command_run import WORKERS_HELP, run_command
from experiments.shared.definition import experiment_from_settings
from experiments.shared.limits import MAX_GAMES
from sim.advising import MAX_PLAYOUTS

DEFAULT_GAMES = 2_000
DEFAULT_FIELDS = (("greedy",), ("champion",))
"""The fields ``mammoth advise`` pools without ``--field`` or ``--fields``: greedy's and the
strongest player's."""
FILES = "decisions.parquet, agreement.csv, advice.csv, card.md, card.json and run.json"


@dataclass(frozen=True)
class CardCheck:
    """The check of the shipped card an advice run may add: ``--check-games``,
    ``--check-card``, ``--check-field`` and ``--check-tiles`` (:func:`card_check_options`)."""

    check_games: int = 0
    check_card: str = "card"
    check_field: tuple[str, ...] = ()
    check_tiles: tuple[str, ...] = ()

    def settings(self) -> dict:
        """The advice experiment's settings ``check_games`` and ``check_card``, with
        ``check_fields`` and ``check_tiles`` when given."""
        settings = {"check_games": self.check_games, "check_card": self.check_card}
        if self.check_field:
            settings["check_fields"] = [field_names(f) for f in self.check_field]
        if self.check_tiles:
            settings["check_tiles"] = list(self.check_tiles)
        return settings


def card_check_options(function):
    """Add ``--check-games``, ``--check-card``, ``--check-field`` and ``--check-tiles`` to
    ``mammoth advise``, handed to it as one :class:`CardCheck`, the argument ``check``."""
    function = gathered("check", CardCheck)(function)
    for option in (
        click.option(
            "--check-tiles",
            "check_tiles",
            multiple=True,
            help="A tile set of the check (repeat): default, or a tile file such as "
            "experiments/tiles/rich.csv. [default: default]",
        ),
        click.option(
            "--check-field",
            "check_field",
            multiple=True,
            help="A field of the check (repeat): one strategy, or names separated by commas. "
            "[default: greedy, balanced,cards,farmer and champion]",
        ),
        click.option(
            "--check-card",
            default="card",
            show_default=True,
            help="The card policy the check plays: card, or card[file=PATH] for a card file of "
            "your own (docs/card_format.md), or card[seek=0].",
        ),
        games_option(
            0,
            MAX_GAMES,
            "Check the shipped card: games per arm, field, tile set and player count, one seat "
            "playing the field's base strategy with the card, then with never, fixed-1, ev, "
            "majority, search and card[seek=0] (never seeking the herd); 0: no check.",
            low=0,
            name="--check-games",
        ),
    ):
        function = option(function)
    return function


@command()
@players_option()
@games_option(
    DEFAULT_GAMES, MAX_GAMES, "Games per player count (every decision in them is played out)."
)
@seed_option()
@out_option(
    f"Output folder: gets {FILES}, and the run's checkpoints (experiment.json, chunks/).",
    default="results/advise",
)
@click.option(
    "--field",
    "field",
    multiple=True,
    type=STRATEGY,
    help="The strategy of every seat (once), or of each seat in turn (repeat). [default: the "
    "fields greedy and champion, pooled]",
)
@click.option(
    "--fields",
    "fields",
    multiple=True,
    help="Instead of --field, several fields whose decisions are pooled (repeat): each one "
    "strategy, or names separated by commas for the seats in turn (balanced,cards,farmer).",
)
@click.option(
    "--placements",
    is_flag=True,
    help="Play out the placement decisions too (seek the herd this round or stay away) and "
    "derive the card's seek part, chosen for its worst field (seek.csv).",
)
@click.option(
    "--playouts",
    type=Whole(1, MAX_PLAYOUTS),
    default=DEFAULT_PLAYOUTS,
    show_default=True,
    help="Play-outs to the end of the game per decision and commitment.",
)
@click.option(
    "--seat",
    type=Whole(-1, 3),
    default=-1,
    show_default=True,
    help="Play out only this seat's decisions (0 is the first seat); -1: every seat's.",
)
@card_check_options
@chunk_size_option(CHUNK_GAMES)
@workers_option(WORKERS_HELP)
@resume_option()
@dask_options
@game_plan
@run_settings
def advise(
    plan: GamePlan,
    field,
    fields,
    placements,
    playouts,
    seat,
    check: CardCheck,
    run: RunSettings,
):
    """Whether to seek the herd and how many figures to commit: the advice card.

    Plays GAMES games per player count with the field; at every taming decision, each
    commitment from 0 to what the seat can move and pay is played out PLAYOUTS times to the end
    of the game, on the same dice and re-deals, and the real game goes on with the seat's own
    choice (with --placements, every placement decision too: seek the herd this round or stay
    away). Groups the decisions into situation classes, writes the advice table (each
    commitment's effect on the win share, 95% intervals clustered by game, the solver's answer
    beside it) and the card, and prints the card. With --check-games, also plays the checked
    card against the other taming policies (check.csv). Ctrl-C keeps the finished chunks (rerun
    with --resume).
    """
    settings = {
        "kind": "advice",
        "name": "advise",
        **plan.settings(),
        "chunk_games": run.chunk_size,
        "rules": {},
        "placements": bool(placements),
        "playouts": playouts,
        "seat": seat,
    }
    checked = check.settings()
    settings |= {name: checked.pop(name) for name in ("check_games", "check_card")}
    if fields and field:
        raise click.UsageError("give --field or --fields, not both")
    if fields:
        settings["fields"] = [field_names(f) for f in fields]
    elif field:
        settings["field"] = list(field)
    else:
        settings["fields"] = [list(f) for f in DEFAULT_FIELDS]
    settings |= checked
    experiment = experiment_from_settings(settings, "mammoth advise")
    names = [n for f in settings.get("fields", [settings.get("field")]) for n in f]
    folder = run_command(experiment, run, names)
    click.echo(f"wrote {folder}")


__all__ = ["advise"]


COMMAND = advise
"""The command this module adds to ``mammoth`` (:mod:`experiments.cli` finds it)."""
