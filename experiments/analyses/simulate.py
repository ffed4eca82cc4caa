"""Complete games in chunks and their per-strategy summary (``mammoth simulate``)."""

from __future__ import annotations

import pandas as pd

from sim.rules import Rules
from sim.stats import mean_se, wilson_interval
from strategies.play import play_games


def summary(frame: pd.DataFrame) -> pd.DataFrame:
    """Per strategy: seats played, win rate with a 95% Wilson interval, mean score and its SE.

    A game won by several tied players counts as a win for each of them.

    Parameters
    ----------
    frame : pandas.DataFrame
        The per-seat table of :func:`strategies.play.play_games`.

    Returns
    -------
    pandas.DataFrame
        One row per strategy: ``strategy, seats, win_rate, win_low, win_high, mean_score,
        score_se``.
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
    """Play ``games`` games in chunks (a progress bar per chunk); the result is chunk-free.

    Each chunk plays the game indices that follow the previous chunk's, of the same seed.

    Parameters
    ----------
    games, players : int
        Games to play and seats at the table.
    strategy_names : list of str
        One strategy per seat.
    seed : int
        The run's seed.
    rules : Rules
        The rules in force.
    rotate : bool
        Rotate the seats by one each game.
    threads, chunk_size : int
        Threads of the kernel and games per chunk.
    debug, dice_contest : bool
        Check invariants after every phase; roll the taming dice instead of exact draws.
    progress : bool
        Show a progress bar.

    Returns
    -------
    pandas.DataFrame
        The per-seat table of :func:`strategies.play.play_games`, every chunk concatenated.
    """
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
