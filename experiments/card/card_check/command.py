"""``mammoth check-card``: a card against the other taming policies, table by table.

Runs the ``card_check`` experiment kind (:mod:`experiments.card.card_check.kind`) through the
runner, so it has chunks, checkpoints, ``--resume``, ``--workers`` and ``--dask``. Writes into
``--out``: ``check.csv``, ``goals.csv``, ``exploit.csv``, ``exploit_goals.csv``, ``check.md``,
``run.json``, ``experiment.json`` and ``chunks/``;
prints ``check.md``.
"""

from __future__ import annotations

import shlex

import click

from experiments.card.card_check.settings import CardCheckExperiment
from experiments.shared.analysis_card_check import CHUNK_GAMES
from experiments.shared.command_backend import dask_options
from experiments.shared.command_options import (
    STRATEGY,
    GamePlan,
    RunSettings,
    chunk_size_option,
    command,
    field_names,
    game_plan,
    games_option,
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

DEFAULT_GAMES = 10_000


@command(name="check-card")
@click.argument("card", default="card")
@players_option()
@games_option(DEFAULT_GAMES, MAX_GAMES, "Games per arm, field, tile set and player count.")
@seed_option()
@out_option(
    "Output folder: gets check.csv, goals.csv, check.md and run.json, and the run's checkpoints "
    "(experiment.json, chunks/).",
    default="results/check-card",
)
@click.option(
    "--field",
    "field",
    multiple=True,
    help="A field (repeat): one strategy for every other seat, or names separated by commas "
    "for the seats in turn. [default: greedy, balanced,cards,farmer and champion]",
)
@click.option(
    "--tiles",
    "tiles",
    multiple=True,
    help="A tile set (repeat): default, or a tile file such as experiments/tiles/rich.csv. "
    "[default: default]",
)
@click.option(
    "--policy",
    "policy",
    multiple=True,
    type=STRATEGY,
    help="A taming policy to play against the card (repeat). "
    "[default: never, fixed-1, ev, majority, search, and CARD never seeking: CARD[seek=0]]",
)
@click.option(
    "--gate",
    is_flag=True,
    help="CARD is card[file=PATH]: also write it back with its seek part gated by these games "
    "(at a player count where seeking loses measurably in some field, stay away): card.json, "
    "card.md, card.html.",
)
@click.option(
    "--deviation",
    "deviation",
    multiple=True,
    help="A one-seat deviation from a table of card players (repeat): a taming policy, or "
    "[param=value]+TAMING to set the base's parameters too. [default: never, fixed-1, ev, "
    "majority, [herd_3_4=1]+ev]",
)
@click.option(
    "--no-exploit",
    is_flag=True,
    help="Skip the exploitability check (a table of card players against each deviation).",
)
@chunk_size_option(CHUNK_GAMES)
@workers_option(WORKERS_HELP)
@resume_option()
@dask_options
@game_plan
@run_settings
def check_card(
    card, plan: GamePlan, field, tiles, policy, gate, deviation, no_exploit, run: RunSettings
):
    """Play CARD (default: the shipped card; card[file=PATH] plays a card file of your own,
    docs/card_format.md) against the other taming policies.

    One seat, rotating, plays the field's base strategy with the card, then with each policy, on
    the same game indices; the other seats play the field. Writes into OUT the card's win rate
    minus each policy's with its 95% interval (check.csv), and per table the card against the
    best fixed policy (never, fixed-1) and the best computer policy (ev, majority, search), goals
    met or not (goals.csv, check.md); and, unless --no-exploit, at a table where every seat
    plays the card, what one seat gains by each deviation (exploit.csv, exploit_goals.csv,
    check.md). Prints check.md. Ctrl-C keeps the finished chunks (rerun with --resume).
    """
    settings = {
        "kind": "card_check",
        "name": "check-card",
        **plan.settings(),
        "chunk_games": run.chunk_size,
        "rules": {},
        "card": card,
        "gate": bool(gate),
        "exploit": not no_exploit,
    }
    if deviation:
        settings["deviations"] = list(deviation)
    if field:
        settings["fields"] = [field_names(f) for f in field]
    if tiles:
        settings["tiles"] = list(tiles)
    if policy:
        settings["policies"] = list(policy)
    experiment = experiment_from_settings(settings, "mammoth check-card")
    folder = run_command(
        experiment, run, experiment.seated, command=command_line(experiment, plan, run)
    )
    click.echo(f"wrote {folder}")


def command_line(experiment: CardCheckExperiment, plan: GamePlan, run: RunSettings) -> str:
    """The ``mammoth check-card`` command that plays the same games (run.json records it):
    the card, the sizes and seed, every field, tile set, policy and deviation, and the flags."""
    words = ["mammoth", "check-card", experiment.card, "--players", *map(str, plan.players)]
    words += ["--games", str(plan.games), "--seed", str(plan.seed)]
    for field in experiment.fields:
        words += ["--field", ",".join(field)]
    for tiles in experiment.tiles:
        words += ["--tiles", tiles]
    for policy in experiment.policies:
        words += ["--policy", policy]
    if experiment.exploit:
        for deviation in experiment.deviations:
            words += ["--deviation", deviation]
    else:
        words.append("--no-exploit")
    if experiment.gate:
        words.append("--gate")
    return " ".join(shlex.quote(word) for word in words)


__all__ = ["check_card"]


COMMAND = check_card
"""The command this module adds to ``mammoth`` (:mod:`experiments.cli` finds it)."""
