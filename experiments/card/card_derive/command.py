"""``mammoth derive-card``: the card whose table is hardest to exploit, for given tiles and a
given base player.

Runs the ``card_derive`` experiment kind (:mod:`experiments.card.card_derive.kind`) through the
runner, so it has chunks, checkpoints, ``--resume``, ``--workers`` and ``--dask``. Writes into
``--out``: ``card.json`` (the card, with the command that derives it again), ``card.html``,
``derive.md`` (also printed), ``race.csv``, ``exploit.csv``, ``equilibrium.csv``, ``run.json``,
``experiment.json`` and ``chunks/``.
"""

from __future__ import annotations

import click

from experiments.card.card_derive.kind import command_line, seated_names
from experiments.card.card_derive.settings import CHUNK_GAMES, DEFAULTS
from experiments.shared.command_backend import dask_options
from experiments.shared.command_options import (
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
from sim.rules import TIE_RULES
from strategies.card_person import WORTH

DEFAULT_GAMES = 10_000


@command(name="derive-card")
@players_option()
@games_option(
    DEFAULT_GAMES, MAX_GAMES, "Certification games per arm and table size (fresh game indices)."
)
@seed_option()
@out_option(
    "Output folder: gets card.json, card.html, derive.md, race.csv, exploit.csv, "
    "equilibrium.csv and run.json, and the run's checkpoints (experiment.json, chunks/).",
    default="results/derive-card",
)
@click.option(
    "--tiles",
    default="default",
    show_default=True,
    help="The tile set: default (the assumed set) or a tile file such as "
    "experiments/tiles/rich.csv.",
)
@click.option(
    "--field",
    default="champion",
    show_default=True,
    help="The table's base player: one strategy for every seat, or names separated by commas "
    "for the seats in turn.",
)
@click.option(
    "--table",
    "tables",
    multiple=True,
    help="A table to derive the card for (repeat): FIELD@TILES, or FIELD@TILES=CARD with the "
    "card derived for that table alone, which a deviating seat plays there. With several, the "
    "card is the one whose worst table is hardest to exploit. [default: --field at --tiles]",
)
@click.option(
    "--space",
    type=click.Choice(["weight", "person"]),
    default=DEFAULTS["space"],
    show_default=True,
    help="The cards tried: weight (go for the herd weighing it at a share of its worth, commit "
    "by count or by its worth) or person (people to put on the herd's area and when, figures "
    "to commit: counts a player follows without a phone).",
)
@click.option(
    "--people",
    type=click.IntRange(-1, 10),
    multiple=True,
    help="A person's card's people on the herd's area to try (repeat): -1 gathers there in "
    "place of another resource area, 0 none. [default: -1, 1, 2]",
)
@click.option(
    "--turn",
    "turns",
    type=click.IntRange(1, 10),
    multiple=True,
    help="At which of its placements a person's card puts them there (repeat). [default: 2, 3]",
)
@click.option(
    "--alone",
    type=click.IntRange(0, 1),
    multiple=True,
    help="A person's card goes there only when nobody else is (1), or whoever is (0) (repeat). "
    "[default: 0 and 1]",
)
@click.option(
    "--person-commit",
    "person_commits",
    type=click.IntRange(0, 10),
    multiple=True,
    help="A person's card's figures to commit (repeat). [default: 1, 2]",
)
@click.option(
    "--raise",
    "raises",
    type=click.IntRange(0, 1),
    multiple=True,
    help="A person's card commits one figure more when a player before it committed as many "
    "(1), or never (0) (repeat). [default: 0 and 1]",
)
@click.option(
    "--early",
    type=click.IntRange(0, 100),
    multiple=True,
    help='A person\'s card also goes before its placement when the printed "1." bonus counts '
    "this much or more (repeat; 0: never). [default: 0 and 3]",
)
@click.option(
    "--rich",
    type=click.IntRange(0, 100),
    multiple=True,
    help="A person's card puts one person more there, from its second placement at the latest, "
    'when the printed "1." bonus counts this much or more (repeat; 0: never). [default: 0]',
)
@click.option(
    "--worth",
    multiple=True,
    help="A person's card's conversion where it is not the default: NAME=N, what one food, "
    "wood, brick, stone, gold, points, tool or agriculture counts as (repeat; "
    "docs/card_format.md). [default: " + ", ".join(f"{k}={v}" for k, v in WORTH.items()) + "]",
)
@click.option(
    "--weight",
    "weights",
    type=float,
    multiple=True,
    help="A seek weight to try (repeat). [default: "
    + ", ".join(f"{w:g}" for w in DEFAULTS["weights"])
    + "]",
)
@click.option(
    "--seek",
    "seeks",
    type=click.IntRange(1, 2),
    multiple=True,
    help="Seeking to try (repeat): 1 unless someone is on the herd's area already, 2 always. "
    "[default: 1 and 2]",
)
@click.option(
    "--commit",
    "commits",
    type=click.IntRange(-3, 10),
    multiple=True,
    help="A commitment to try (repeat): -1 counts it out, -3 counts it out by the tile gap, "
    "else figures. [default: -1, 1, 2]",
)
@click.option(
    "--deviation",
    "deviations",
    multiple=True,
    help="A one-seat deviation (repeat): a taming policy (ev[weight=0.4]), or ~weight=W, "
    "~seek=S, ~commit=K for the candidate with that setting changed. [default: the set of "
    "docs/card_format.md]",
)
@click.option(
    "--first-games",
    type=click.IntRange(10, MAX_GAMES),
    default=DEFAULTS["first_games"],
    show_default=True,
    help="Games per arm of the race's first round.",
)
@click.option(
    "--eta",
    type=click.IntRange(2, 10),
    default=DEFAULTS["eta"],
    show_default=True,
    help="Each round of the race keeps one candidate in ETA and plays ETA times the games.",
)
@click.option(
    "--metagame-games",
    type=click.IntRange(0, MAX_GAMES),
    default=DEFAULTS["metagame_games"],
    show_default=True,
    help="Games per profile of the meta-game among the card and the deviations that gain most "
    "(0: no meta-game).",
)
@click.option(
    "--metagame-plays",
    type=click.IntRange(2, 6),
    default=DEFAULTS["metagame_plays"],
    show_default=True,
    help="Plays of the meta-game: the card and the deviations that gain most against it.",
)
@click.option(
    "--mammoth-points",
    type=click.IntRange(0, 100),
    default=None,
    help="What the most tiles score at the end. [default: 10]",
)
@click.option("--tie", type=click.Choice(TIE_RULES), default=None, help="The contest's tie rule.")
@chunk_size_option(CHUNK_GAMES)
@workers_option(WORKERS_HELP)
@resume_option()
@dask_options
@game_plan
@run_settings
def derive_card(
    plan: GamePlan,
    tiles,
    field,
    tables,
    space,
    people,
    turns,
    alone,
    person_commits,
    raises,
    early,
    rich,
    worth,
    weights,
    seeks,
    commits,
    deviations,
    first_games,
    eta,
    metagame_games,
    metagame_plays,
    mammoth_points,
    tie,
    run: RunSettings,
):
    """Derive the card whose table is hardest to exploit, for the tiles and the table's base
    player, at each player count.

    Every candidate (a seek weight, whether to seek when someone is on the herd's area already,
    a commitment) is played at a table where every seat plays it, against one seat, rotating,
    playing each deviation instead, on common game indices; a race of successive halving keeps
    the candidates that are hardest to exploit. The winner is certified on fresh game indices
    (exploit.csv: every deviation's gain with its 95% interval) and the meta-game among it and
    the deviations that gain most is solved (equilibrium.csv). Writes into OUT the card
    (card.json, with the command that derives the same bytes again, and card.html) and
    derive.md, which it prints. Ctrl-C keeps the finished chunks (rerun with --resume).
    """
    rules = {}
    if mammoth_points is not None:
        rules["mammoth_points"] = mammoth_points
    if tie is not None:
        rules["tie"] = tie
    settings = {
        "kind": "card_derive",
        "name": "derive-card",
        **plan.settings(),
        "chunk_games": run.chunk_size,
        "rules": rules,
        "tiles": tiles,
        "field": field_names(field),
        "first_games": first_games,
        "eta": eta,
        "metagame_games": metagame_games,
        "metagame_plays": metagame_plays,
        "space": space,
    }
    for key, values in (
        ("tables", tables),
        ("people", people),
        ("turns", turns),
        ("alone", alone),
        ("person_commits", person_commits),
        ("raises", raises),
        ("early", early),
        ("rich", rich),
        ("worth", worth),
        ("weights", weights),
        ("seeks", seeks),
        ("commits", commits),
        ("deviations", deviations),
    ):
        if values:
            settings[key] = list(values)
    experiment = experiment_from_settings(settings, "mammoth derive-card")
    folder = run_command(
        experiment, run, seated_names(experiment), command=command_line(experiment)
    )
    click.echo(f"wrote {folder}")


__all__ = ["derive_card"]


COMMAND = derive_card
"""The command this module adds to ``mammoth`` (:mod:`experiments.cli` finds it)."""
