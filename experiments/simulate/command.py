"""``mammoth simulate``: play complete games and write the per-seat table."""

from __future__ import annotations

from pathlib import Path

import click

from experiments.shared.command_backend import chunk_backend, dask_options
from experiments.shared.command_options import (
    STRATEGY,
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
from experiments.shared.files import run_metadata, write_json, writing_inside
from experiments.shared.limits import MAX_POSITION_GAMES, MAX_SIMULATE_GAMES, check_blocks
from experiments.shared.rules_setup import rules_from_options
from experiments.simulate.kind_parts import GameRun, run_games
from experiments.simulate.report import PARTS, TABLE
from experiments.simulate.report_positions import POSITIONS, write_positions
from sim.constants import MAX_ROUNDS
from sim.rules import RESOURCES_OF_CHOICE, TIE_RULES
from strategies.play import game_positions, seat_names
from strategies.registry import resolve

POSITION_BLOCK = 100
"""Games whose positions are made and written at a time (bounded memory)."""


@command()
@games_option(10_000, MAX_SIMULATE_GAMES, "Games in total, all at one table size.")
@players_option(default=4, several=False)
@click.option(
    "--strategy",
    "strategy_names",
    multiple=True,
    type=STRATEGY,
    default=("greedy",),
    show_default=True,
    help="BASE or BASE+TAMING; once for every seat or once per seat.",
)
@seed_option()
@out_option(
    "Output folder: gets games.parquet and run.json (and games.parts while it runs).",
    default="results/simulate",
)
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
@click.option(
    "--positions",
    type=click.IntRange(0, MAX_POSITION_GAMES),
    default=0,
    show_default=True,
    help="Write the position of every herd decision of the first N games into OUT/positions/ "
    "(position files, docs/positions.md).",
)
@click.option("--debug", is_flag=True, help="Check invariants after every phase.")
@click.option("--dice-contest", is_flag=True, help="Roll taming dice instead of exact draws.")
@click.option(
    "--resume",
    is_flag=True,
    help="Keep the finished chunks an interrupted run with the same options left in "
    "OUT/games.parts (a damaged one is played again).",
)
@dask_options
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
    positions,
    debug,
    dice_contest,
    resume,
    dask,
    numba_cache,
):
    """Play complete games at one table size.

    Writes OUT/games.parquet (one row per game and seat; docs/commands.md lists the columns) and
    OUT/run.json. The table is one Parquet file with a row group per chunk of --chunk-size
    games, read as one table by pandas.read_parquet or pyarrow.dataset. While the run plays,
    each finished chunk is a file in OUT/games.parts (so memory does not grow with --games); an
    interrupted run keeps them and --resume with the same options plays only the rest, giving
    the same table. With --positions N, the position of every herd decision of the first N
    games goes into OUT/positions/ as a position file (for ``mammoth analyse``).
    """
    check_blocks(games, chunk_size, "--chunk-size")
    seats = [resolve(n).name for n in seat_names(list(strategy_names), players)]
    rules = rules_from_options(herd, tiles, mammoth_points, tie, resources_of_choice)
    announce_compile(seats)
    run = GameRun(
        games, players, tuple(seats), seed, rules, rotate, chunk_size, debug, dice_contest
    )
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
        chunk_size=chunk_size,
        files=[TABLE],
    )
    folder = Path(out)
    if resume:
        run.check_resume(folder)  # before a cluster starts: a refused --resume changes nothing
    with chunk_backend(dask, numba_cache, workers) as backend, writing_inside(folder):
        try:
            tally = run_games(
                run,
                folder,
                meta,
                resume,
                workers,
                backend,
                notice=lambda message: click.echo(f"  {message}", err=True),
            )
        except KeyboardInterrupt:
            kept = folder / PARTS
            click.echo(f"interrupted: finished games are kept in {kept}; rerun with --resume")
            raise
        positions = min(positions, games)
        if positions:
            written = 0
            for start in range(0, positions, POSITION_BLOCK):
                n = min(POSITION_BLOCK, positions - start)
                found = game_positions(
                    n, players, seats, seed, rules, first_game=start, rotate=rotate,
                    dice_contest=dice_contest,
                )  # fmt: skip
                written += write_positions(folder / POSITIONS, found)
            meta["files"] = [TABLE, f"{POSITIONS}/"]
            meta["positions"] = {"games": positions, "files": written}
        write_json(folder / "run.json", meta)
    click.echo(f"{games} games, {players} players, seed {seed} -> {folder}")
    if positions:
        click.echo(f"  {written} herd decisions of {positions} games -> "
                   f"{folder / POSITIONS}")  # fmt: skip
    for row in tally.summary().itertuples():
        click.echo(
            f"  {row.strategy:24s} win {row.win_rate:6.1%} [{row.win_low:.1%}, {row.win_high:.1%}]"
            f"  score {row.mean_score:6.1f} ± {row.score_se:.2f}"
        )
    if rules.herd:
        click.echo("  (mammoth tile fronts: " + ("assumed" if rules.tiles_assumed else tiles) + ")")
    stopped = tally.safety_stops
    if stopped:
        click.echo(f"  warning: {stopped} game(s) hit the {MAX_ROUNDS}-round safety stop", err=True)


__all__ = ["simulate"]


COMMAND = simulate
"""The command this module adds to ``mammoth`` (:mod:`experiments.cli` finds it)."""
