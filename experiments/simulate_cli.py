"""``mammoth simulate`` and ``mammoth strategies``: play games and write the per-seat table."""

from __future__ import annotations

from pathlib import Path

import click
import pandas as pd

from experiments.outputs.files import run_metadata, write_json, write_parquet
from sim.constants import MAX_ROUNDS
from sim.data import load_tiles
from sim.errors import InputError
from sim.rules import RESOURCES_OF_CHOICE, TIE_RULES, Rules
from sim.stats import mean_se, wilson_interval
from strategies.play import play_games
from strategies.registry import describe, resolve


def rules_from_options(
    herd: bool, tiles: str | None, mammoth_points: int, tie: str, resources_of_choice: str
) -> Rules:
    """Build the rules of a run from CLI options, checking the tile file and the numbers."""
    if mammoth_points < 0:
        raise InputError(f"--mammoth-points must be 0 or more, not {mammoth_points}")
    if tiles is not None:
        load_tiles(tiles)  # rejects a malformed file with one clear line
    return Rules(
        tie_rule=tie,
        herd=herd,
        mammoth_points=mammoth_points,
        tiles=str(Path(tiles).resolve()) if tiles else "default",
        tiles_assumed=tiles is None,
        resources_of_choice=resources_of_choice,
    )


def summary(frame: pd.DataFrame) -> pd.DataFrame:
    """Per strategy: seats played, win rate with a 95% Wilson interval, mean score and its SE.

    A game won by several tied players counts as a win for each of them.
    """
    rows = []
    for name, part in frame.groupby("strategy", observed=True):
        wins = int(part["winner"].sum())
        low, high = wilson_interval(wins, len(part))
        mean, se = mean_se(part["score"].to_numpy(dtype=float))
        rows.append(
            {
                "strategy": name,
                "seats": len(part),
                "win_rate": wins / len(part),
                "win_low": low,
                "win_high": high,
                "mean_score": mean,
                "score_se": se,
            }
        )
    return pd.DataFrame(rows)


def simulate_chunks(
    games: int,
    players: int,
    strategy_names: list[str],
    seed: int,
    rules: Rules,
    rotate: bool,
    threads: int,
    chunk_size: int,
    debug: bool,
    dice_contest: bool,
    progress: bool,
) -> pd.DataFrame:
    """Play ``games`` games in chunks (a progress bar per chunk); the result is chunk-free."""
    from tqdm import tqdm

    starts = list(range(0, games, chunk_size))
    parts = []
    with tqdm(total=games, unit="game", disable=not progress, leave=False) as bar:
        for start in starts:
            n = min(chunk_size, games - start)
            parts.append(
                play_games(
                    n,
                    players,
                    strategy_names,
                    seed=seed,
                    rules=rules,
                    first_game=start,
                    rotate=rotate,
                    threads=threads,
                    debug=debug,
                    dice_contest=dice_contest,
                )
            )
            bar.update(n)
    return pd.concat(parts, ignore_index=True) if len(parts) > 1 else parts[0]


@click.command()
@click.option("--games", type=int, default=10_000, show_default=True, help="Games to play.")
@click.option("--players", type=int, default=4, show_default=True, help="2, 3 or 4.")
@click.option(
    "--strategy",
    "strategy_names",
    multiple=True,
    default=("greedy",),
    show_default=True,
    help="BASE or BASE+TAMING; once for every seat or once per seat.",
)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--out", type=click.Path(file_okay=False), required=True, help="Output folder.")
@click.option("--herd/--no-herd", default=True, show_default=True, help="Play The Mammoth Herd.")
@click.option("--tiles", type=click.Path(dir_okay=False), default=None, help="Mammoth tile file.")
@click.option("--mammoth-points", type=int, default=10, show_default=True)
@click.option("--tie", type=click.Choice(TIE_RULES), default="longer_wins", show_default=True)
@click.option(
    "--resources-of-choice",
    type=click.Choice(RESOURCES_OF_CHOICE),
    default="immediate",
    show_default=True,
)
@click.option("--rotate/--no-rotate", default=False, help="Rotate seats by one each game.")
@click.option("--threads", type=int, default=1, show_default=True)
@click.option("--chunk-size", type=int, default=50_000, show_default=True)
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
    threads,
    chunk_size,
    debug,
    dice_contest,
):
    """Play complete games and write OUT/games.parquet and OUT/run.json."""
    if games < 1:
        raise InputError(f"--games must be at least 1, not {games}")
    if threads < 1 or chunk_size < 1:
        raise InputError("--threads and --chunk-size must be at least 1")
    if seed < 0:
        raise InputError(f"--seed must be 0 or more, not {seed}")
    if not 2 <= players <= 4:
        raise InputError(f"Stone Age is played by 2 to 4 players, not {players}")
    names = list(strategy_names)
    if len(names) not in (1, players):
        raise InputError(f"give --strategy once or {players} times, not {len(names)}")
    seats = [resolve(n).name for n in (names * players if len(names) == 1 else names)]
    rules = rules_from_options(herd, tiles, mammoth_points, tie, resources_of_choice)
    frame = simulate_chunks(
        games, players, seats, seed, rules, rotate, threads, chunk_size, debug, dice_contest, True
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


@click.command("strategies")
def strategies_command():
    """List every registered strategy and taming policy with its parameters."""
    for row in describe():
        params = ", ".join(f"{k}={v:g}" for k, v in row["params"].items()) or "-"
        click.echo(f"{row['name']:10s} {row['role']:7s} {row['description']}")
        click.echo(f"{'':18s} params: {params}")


__all__ = ["simulate", "strategies_command", "summary"]
