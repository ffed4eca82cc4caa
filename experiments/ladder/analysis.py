"""The strength ladder: every player rated on one scale, and priced in games per second.

The rungs
    :func:`default_rungs`: ``random``, ``classic``, ``greedy``, every preset of greedy
    (``tuned`` last of them), ``search-classic``, ``search`` at rollout budgets 1, 2, 4, 8 (its
    default) and 16 (``search[rollouts=N]``, :mod:`strategies.registry`) with the quick search
    (:data:`strategies.search.QUICK`) between 4 and 8, then any base strategy registered
    later, then the presets of other bases (``champion``, the strongest player, last). The
    list is in rough order of strength and cost, and the schedule leans on that order.

The schedule (:func:`schedule`)
    Heads-up, every rung plays its neighbours in the list and the anchor (``greedy``); at ``p`` =
    3 or 4 players, every window of ``p`` consecutive rungs is one table (fewer rungs than seats:
    one table cycling through them, as in :func:`~experiments.library.league.lineups_for`). So a
    rung sits at a handful of tables whatever the ladder's length, and a slow rung (``search``
    plays about 30 heads-up and 10 four-player games/s) is played only where it informs the
    scale: next to players of its own strength and against the common anchor. Every table plays
    the same game indices of the run's seed (common random numbers) with the seats rotated by one
    every game.

The ratings (:func:`fit_ladder`)
    Bradley-Terry, fitted jointly over every table of one player count
    (:func:`~experiments.library.bradley_terry.bradley_terry`) on "finished ahead" counts: a
    ``p``-player game is its ``p(p-1)/2`` pairs of seats, a tie counting 1/2. Each pair of rungs
    that met gets ``prior`` virtual games split evenly (so a rung that never finishes ahead keeps
    a finite rating; pairs that never met get none). ``rating = 400 log10(s / s_anchor)``: 0 is the
    anchor, +100 means finishing ahead of it about 64% of the time. The 95% interval is
    ``rating ± 1.96 SE`` of the difference from the anchor, SE the wider of the model's (Fisher
    information) and a cluster-robust (sandwich) one whose clusters are blocks of game indices
    (:data:`CLUSTERS` of them): the pairs of one game, and the tables of one game index (common
    seeds), are not independent, and the sandwich counts that.

The cost (:func:`measure_speed`)
    Games per second on one core, 4 players with the herd, every seat the rung: batches of
    doubling size after one untimed game (which loads the kernel), until a batch takes half the
    time budget; the largest batch's games over its CPU seconds (this thread's CPU time, so
    other load on the machine barely moves it). Timing is a measurement, not a reproducible
    figure: costs live in their own table, and the rating tables are identical whatever the
    chunking, workers or backend.
"""

from __future__ import annotations

import time

import numpy as np
import pandas as pd

from experiments.library.bradley_terry import bradley_terry, bradley_terry_information
from experiments.library.league import LeagueStats, lineups_for
from sim.errors import InputError
from sim.rules import Rules
from strategies.play import play_games
from strategies.registry import BASE, presets
from strategies.search import QUICK as QUICK_SEARCH

ANCHOR = "greedy"
"""The rung every other plays heads-up, and the scale's 0."""

SEARCH_BUDGETS = (1, 2, 4, 8, 16)
"""The rollout budgets of ``search`` on the ladder (8 is its default)."""

CLUSTERS = 50
"""Blocks of game indices the cluster-robust standard error uses (fewer with fewer games)."""

COST_PLAYERS = 4
"""Players at the table where a rung's cost is measured (with the herd, every seat the rung)."""


def default_rungs() -> list[str]:
    """The full ladder, in rough order of strength: see the module docstring."""
    every = presets()
    found = sorted(name for name, preset in every.items() if preset.base == "greedy")
    tail = ["tuned"] if "tuned" in found else []
    rungs = ["random", "classic", "greedy", *[p for p in found if p != "tuned"], *tail]
    rungs.append("search-classic")
    rungs += [("search" if n == 8 else f"search[rollouts={n}]") for n in SEARCH_BUDGETS[:3]]
    rungs.append(QUICK_SEARCH)  # about as strong as search, at a tenth of its cost
    rungs += [("search" if n == 8 else f"search[rollouts={n}]") for n in SEARCH_BUDGETS[3:]]
    rungs += [name for name in BASE if name not in rungs]
    rungs += sorted(name for name, preset in every.items() if preset.base != "greedy")
    return rungs


def schedule(names: list[str], players: int, anchor: str) -> list[tuple[str, ...]]:
    """The tables the ladder plays at ``players`` seats (see the module docstring).

    Parameters
    ----------
    names : list of str
        The rungs in ladder order (resolved names, each once).
    players : int
        2, 3 or 4.
    anchor : str
        The rung every other plays heads-up (one of ``names``).

    Returns
    -------
    list of tuple of str
        One tuple of seat names per table, each table once.
    """
    if len(names) < 2:
        raise InputError("a ladder needs at least two players")
    if len(set(names)) != len(names):
        raise InputError("name each player once")
    if anchor not in names:
        raise InputError(f"the anchor {anchor!r} is not one of the ladder's players")
    if players == 2:
        tables: list[tuple[str, ...]] = []
        seen: set[frozenset] = set()
        for i, name in enumerate(names):
            for other in (names[i + 1] if i + 1 < len(names) else None, anchor):
                if other is None or other == name or frozenset((name, other)) in seen:
                    continue
                seen.add(frozenset((name, other)))
                tables.append((name, other))
        return tables
    if len(names) < players:
        return lineups_for(names, players)
    return [tuple(names[i : i + players]) for i in range(len(names) - players + 1)]


def clusters_for(games: int) -> int:
    """How many blocks of game indices a run of ``games`` games per table is clustered into."""
    return max(1, min(CLUSTERS, int(games)))


def table_stats(
    frame: pd.DataFrame, table: tuple[str, ...], players: int, games: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Reduce one table's games to "finished ahead" counts by block of game indices.

    Parameters
    ----------
    frame : pandas.DataFrame
        The games of :func:`strategies.play.play_games` (any block of game indices).
    table : tuple of str
        The table's seat names, resolved.
    players : int
        Seats at the table.
    games : int
        Games per table in the whole run (what fixes the blocks: game ``g`` is in block
        ``g * C // games``, ``C`` = :func:`clusters_for`).

    Returns
    -------
    ahead : numpy.ndarray
        ``(C, u, u)``: in block ``c``, games in which the table's ``a``-th distinct player
        finished ahead of its ``b``-th (1/2 for a tie).
    met : numpy.ndarray
        ``(C, u, u)``: games of block ``c`` in which both sat at the table.
    seats : numpy.ndarray
        ``(u,)``: seats each distinct player played.
    """
    names = list(dict.fromkeys(table))
    count = clusters_for(games)
    ahead = np.zeros((count, len(names), len(names)))
    met = np.zeros_like(ahead)
    seats = np.zeros(len(names))
    block = frame["game"].to_numpy() * count // int(games)
    for c in np.unique(block):
        stats = LeagueStats.from_games(frame[block == c], names, players)
        ahead[c] += stats.ahead
        met[c] += stats.met
        seats += stats.seats
    return ahead, met, seats


def fit_ladder(
    names: list[str],
    ahead: np.ndarray,
    met: np.ndarray,
    anchor: str,
    prior: float = 1.0,
    z: float = 1.96,
) -> pd.DataFrame:
    """Bradley-Terry ratings relative to ``anchor`` with their intervals (module docstring).

    Parameters
    ----------
    names : list of str
        The players.
    ahead, met : numpy.ndarray
        ``(C, k, k)`` "finished ahead" and "met" counts by block of game indices (``met``
        symmetric in its last two axes).
    anchor : str
        The player rated 0.
    prior : float
        Virtual games, split evenly, for every pair that met.
    z : float
        Normal quantile of the interval.

    Returns
    -------
    pandas.DataFrame
        ``player``, ``rating``, ``rating_se``, ``rating_low``, ``rating_high``, ``model_se``,
        ``robust_se`` (ratings in Elo-like points; the anchor's SE is 0).
    """
    k = len(names)
    met_total = met.sum(axis=0)
    virtual = np.where(met_total > 0, prior, 0.0) * (1.0 - np.eye(k))
    wins = ahead.sum(axis=0) + virtual / 2.0
    games = met_total + virtual
    theta = bradley_terry(wins, games)
    info = bradley_terry_information(theta, games)
    inverse = np.linalg.pinv(info)
    p = 1.0 / (1.0 + np.exp(theta[None, :] - theta[:, None]))
    scores = (ahead - met * p[None]).sum(axis=2)  # (C, k): each block's score of theta
    count = int((met.sum(axis=(1, 2)) > 0).sum())
    meat = scores.T @ scores * (count / (count - 1) if count > 1 else 1.0)
    robust = inverse @ meat @ inverse
    a = names.index(anchor)
    contrast = np.eye(k) - np.eye(k)[a][None, :]  # row i: theta_i - theta_anchor

    def se(cov: np.ndarray) -> np.ndarray:
        return np.sqrt(np.clip(np.einsum("ij,jk,ik->i", contrast, cov, contrast), 0, None))

    scale = 400.0 / np.log(10.0)
    model_se, robust_se = scale * se(inverse), scale * se(robust)
    rating = scale * (theta - theta[a])
    wide = np.maximum(model_se, robust_se)
    return pd.DataFrame(
        {
            "player": names,
            "rating": rating,
            "rating_se": wide,
            "rating_low": rating - z * wide,
            "rating_high": rating + z * wide,
            "model_se": model_se,
            "robust_se": robust_se,
        }
    )


def pareto_frontier(speed, rating) -> np.ndarray:
    """Which players no other beats at once on speed and rating (at least as good on both).

    Parameters
    ----------
    speed, rating : array-like
        Games per second and rating of each player (NaN: never on the frontier).

    Returns
    -------
    numpy.ndarray of bool
        True for the players on the frontier.
    """
    speed, rating = np.asarray(speed, dtype=float), np.asarray(rating, dtype=float)
    ok = np.isfinite(speed) & np.isfinite(rating)
    on = np.zeros(len(speed), dtype=bool)
    for i in np.flatnonzero(ok):
        better = ok & (speed >= speed[i]) & (rating >= rating[i])
        better &= (speed > speed[i]) | (rating > rating[i])
        on[i] = not better.any()
    return on


def measure_speed(
    name: str, rules: Rules, seed: int, seconds: float, players: int = COST_PLAYERS
) -> tuple[int, float]:
    """Time ``name`` in every seat: the games and CPU seconds of the largest batch.

    One untimed game first (it loads the kernel), then batches of 1, 2, 4... games (the next
    one sized for half of ``seconds`` when that is more) until a batch takes at least half of
    ``seconds`` of this thread's CPU time.

    Returns
    -------
    games : int
        Games of the largest batch.
    seconds : float
        Its CPU seconds.
    """
    play_games(1, players, name, seed=seed, rules=rules)
    n, first = 1, 1
    while True:
        start = time.thread_time()
        play_games(n, players, name, seed=seed, rules=rules, first_game=first)
        spent = time.thread_time() - start
        if spent >= seconds / 2 or n >= 1_000_000:
            return n, spent
        first += n
        n = int(max(2 * n, min(64 * n, np.ceil(n * seconds / 2 / max(spent, 1e-6)))))
