"""``mammoth compare``: a league of strategies for 2, 3 and 4 players, and their profile."""

from __future__ import annotations

from pathlib import Path

import click

from experiments.analyses.league import play_league_with_profile
from experiments.outputs.league import herd_label, write_league
from experiments.rules_setup import rules_from_options
from sim.errors import InputError
from sim.rules import TIE_RULES

HERDS = {"on": [True], "off": [False], "both": [True, False]}


@click.command()
@click.option("--strategy", "names", multiple=True, required=True, help="At least two.")
@click.option(
    "--players", "player_counts", multiple=True, type=int, default=(2, 3, 4), show_default=True
)
@click.option("--games", type=int, default=2_000, show_default=True, help="Games per table.")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--out", type=click.Path(file_okay=False), required=True)
@click.option(
    "--herd",
    type=click.Choice(list(HERDS)),
    default="on",
    is_flag=False,
    flag_value="on",
    show_default=True,
    help="Play with The Mammoth Herd, without it, or both (the same seeds).",
)
@click.option("--no-herd", is_flag=True, help="The same as --herd off.")
@click.option("--tiles", type=click.Path(dir_okay=False), default=None)
@click.option("--mammoth-points", type=int, default=10, show_default=True)
@click.option("--tie", type=click.Choice(TIE_RULES), default="longer_wins", show_default=True)
@click.option("--threads", type=int, default=1, show_default=True)
def compare(
    names, player_counts, games, seed, out, herd, no_herd, tiles, mammoth_points, tie, threads
):
    """Play every table of the league (seats rotated, the same seeds for every table).

    Writes the league's tables, its behaviour profile (profile.csv) and league.png to OUT.
    """
    if games < 1 or seed < 0 or threads < 1:
        raise InputError("--games and --threads must be at least 1 and --seed 0 or more")
    for players in player_counts:
        if not 2 <= players <= 4:
            raise InputError(f"Stone Age is played by 2 to 4 players, not {players}")
    if no_herd and herd != "on":
        raise InputError("give --herd or --no-herd, not both")
    herds = [False] if no_herd else HERDS[herd]
    rules = {h: rules_from_options(h, tiles, mammoth_points, tie, "immediate") for h in herds}
    leagues, profiles = {}, {}
    for on in herds:
        for players in sorted(set(player_counts)):
            leagues[(players, on)], profiles[(players, on)] = play_league_with_profile(
                list(names), players, games, seed, rules[on], threads=threads
            )
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
