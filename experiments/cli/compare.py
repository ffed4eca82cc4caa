"""``mammoth compare``: a league of strategies for 2, 3 and 4 players, and their profile."""

from __future__ import annotations

from pathlib import Path

import click

from experiments.analyses.league import play_league_with_profile
from experiments.cli.options import (
    announce_compile,
    command,
    games_option,
    mammoth_points_option,
    out_option,
    players_option,
    seed_option,
    tiles_option,
    workers_option,
)
from experiments.limits import MAX_GAMES, MAX_STRATEGIES
from experiments.outputs.files import writing_inside
from experiments.outputs.league import herd_label, write_league
from experiments.rules_setup import rules_from_options
from sim.errors import InputError
from sim.rules import TIE_RULES

HERDS = {"on": (True,), "off": (False,), "both": (True, False)}
"""``--herd``: the herd settings every table is played with (on the same seeds)."""


@command()
@click.option(
    "--strategy", "names", multiple=True, required=True, help=f"Two to {MAX_STRATEGIES}; repeat."
)
@players_option()
@games_option(
    2_000,
    MAX_GAMES,
    "Games per table: every table of every player count (and herd setting) plays them.",
)
@seed_option()
@out_option(
    "Output folder: gets league.csv, pairwise.csv, ratings.csv, seats.csv, profile.csv, "
    "league.png and run.json.",
    default="results/compare",
)
@click.option(
    "--herd",
    type=click.Choice(list(HERDS)),
    default="on",
    is_flag=False,
    flag_value="on",
    show_default=True,
    help="Play with The Mammoth Herd (on), without it (off), or both: every table twice, on "
    "the same seeds (the tables' herd column says which).",
)
@click.option("--no-herd", is_flag=True, help="The same as --herd off.")
@tiles_option()
@mammoth_points_option()
@click.option("--tie", type=click.Choice(TIE_RULES), default="longer_wins", show_default=True)
@workers_option("threads sharing each chunk")
@click.pass_context
def compare(
    ctx, names, player_counts, games, seed, out, herd, no_herd, tiles, mammoth_points, tie, workers
):
    """Play every table of the league (seats rotated, the same seeds for every table).

    Writes league.csv, pairwise.csv, ratings.csv, seats.csv, profile.csv (the behaviour
    profile), league.png and run.json into OUT.
    """
    if len(names) > MAX_STRATEGIES:
        raise InputError(f"give at most {MAX_STRATEGIES} strategies, not {len(names)}")
    if no_herd and ctx.get_parameter_source("herd") is not click.core.ParameterSource.DEFAULT:
        raise InputError("give --herd or --no-herd, not both")
    herds = HERDS["off" if no_herd else herd]
    rules = {on: rules_from_options(on, tiles, mammoth_points, tie, "immediate") for on in herds}
    announce_compile(names)
    leagues, profiles = {}, {}
    for on in herds:
        for players in sorted(set(player_counts)):
            leagues[(players, on)], profiles[(players, on)] = play_league_with_profile(
                list(names), players, games, seed, rules[on], threads=workers
            )
    with writing_inside(out):
        table = write_league(
            Path(out),
            leagues,
            rules[herds[0]],
            seed=seed,
            games=games,
            command="compare",
            profiles=profiles,
        )
    both = len(herds) > 1
    for row in table.itertuples():
        herd_text = f" herd {row.herd:3s}" if both else ""
        click.echo(
            f"{row.players}p{herd_text} {row.strategy:22s} win {row.win_rate:6.1%} "
            f"[{row.win_low:.1%}, {row.win_high:.1%}]  score {row.mean_score:6.1f} "
            f"± {row.score_se:.2f}"
        )
    click.echo(f"wrote {out} (herd {', '.join(herd_label(h) for h in herds)})")
