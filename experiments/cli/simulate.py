"""``mammoth simulate``: play complete games and write the per-seat table."""

from __future__ import annotations

from pathlib import Path

import click

from experiments.analyses.simulate import simulate_chunks, summary
from experiments.cli.options import (
    announce_compile,
    chunk_size_option,
    command,
    games_option,
    mammoth_points_option,
    out_option,
    players_option,
    seed_option,
    tiles_option,
    workers_option,
)
from experiments.limits import MAX_SIMULATE_GAMES, check_blocks
from experiments.outputs.files import run_metadata, write_json, write_parquet, writing_inside
from experiments.rules_setup import rules_from_options
from sim.constants import MAX_ROUNDS
from sim.errors import InputError
from sim.rules import RESOURCES_OF_CHOICE, TIE_RULES
from strategies.registry import resolve


@command()
@games_option(10_000, MAX_SIMULATE_GAMES, "Games in total, all at one table size.")
@players_option(default=4, several=False)
@click.option(
    "--strategy",
    "strategy_names",
    multiple=True,
    default=("greedy",),
    show_default=True,
    help="BASE or BASE+TAMING; once for every seat or once per seat.",
)
@seed_option()
@out_option("Output folder: gets games.parquet and run.json.")
@click.option("--herd/--no-herd", default=True, show_default=True, help="Play The Mammoth Herd.")
@tiles_option()
@mammoth_points_option()
@click.option("--tie", type=click.Choice(TIE_RULES), default="longer_wins", show_default=True)
@click.option(
    "--resources-of-choice",
    type=click.Choice(RESOURCES_OF_CHOICE),
    default="immediate",
    show_default=True,
)
@click.option("--rotate/--no-rotate", default=False, help="Rotate seats by one each game.")
@workers_option("threads sharing each chunk")
@chunk_size_option(50_000)
@click.option("--debug", is_flag=True, help="Check invariants after every phase.")
@click.option("--dice-contest", is_flag=True, help="Roll taming dice instead of exact draws.")
def simulate(
    games,
    players,
    strategy_names,
    seed,
    out,
    herd,
    tiles,
    mammoth_points,
    tie,
    resources_of_choice,
    rotate,
    workers,
    chunk_size,
    debug,
    dice_contest,
):
    """Play complete games at one table size.

    Writes OUT/games.parquet (one row per game and seat) and OUT/run.json.
    """
    check_blocks(games, chunk_size, "--chunk-size")
    names = list(strategy_names)
    if len(names) not in (1, players):
        raise InputError(f"give --strategy once or {players} times, not {len(names)}")
    seats = [resolve(n).name for n in (names * players if len(names) == 1 else names)]
    rules = rules_from_options(herd, tiles, mammoth_points, tie, resources_of_choice)
    announce_compile(seats)
    frame = simulate_chunks(
        games, players, seats, seed, rules, rotate, workers, chunk_size, debug, dice_contest, True
    )
    table = summary(frame)
    meta = run_metadata(
        "simulate",
        rules,
        seed=seed,
        games=games,
        players=players,
        strategies=seats,
        rotate=rotate,
        contest_sampling="dice" if dice_contest else "exact table",
        tiles_label="assumed" if rules.tiles_assumed else "user file",
        files=["games.parquet"],
    )
    folder = Path(out)
    with writing_inside(folder):
        write_parquet(folder / "games.parquet", frame, meta)
        write_json(folder / "run.json", meta)
    click.echo(f"{games} games, {players} players, seed {seed} -> {folder}")
    for row in table.itertuples():
        click.echo(
            f"  {row.strategy:24s} win {row.win_rate:6.1%} [{row.win_low:.1%}, {row.win_high:.1%}]"
            f"  score {row.mean_score:6.1f} ± {row.score_se:.2f}"
        )
    if rules.herd:
        click.echo("  (mammoth tile fronts: " + ("assumed" if rules.tiles_assumed else tiles) + ")")
    stopped = int(frame.loc[frame["seat"] == 0, "safety_stop"].sum())
    if stopped:
        click.echo(f"  warning: {stopped} game(s) hit the {MAX_ROUNDS}-round safety stop", err=True)


__all__ = ["simulate"]
