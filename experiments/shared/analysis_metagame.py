"""The herd meta-game: payoff tables from games, their symmetric equilibria and regrets.

The meta-game's strategies are herd plays of one base player (``champion+never``,
``champion+card``, ``champion[herd_3_4=1]+ev``...; any strategy names). At ``N`` seats every
profile of them (:func:`experiments.library.symmetric_game.profiles`) is played on the same
game indices with the seats rotated, and a strategy's payoff in a profile is the mean win share of
its seats (a tie shared).

The statistics of one block of games (:func:`block_stats`) are integers that merge by addition:
per profile and strategy the sum over games of its seats' win share in twelfths, the sum of
squares of those per-game sums, the games played; and for a **bootstrap over games** that
merges exactly, a Poisson(1) weight per game index and replicate (:func:`bootstrap_weights`,
drawn from the run's seed and the game index alone, so the same for any chunking), the
weighted sums of the same per-game values and of the weights. One replicate weighs one game
index alike in every profile, so the profiles' common random numbers are kept in each replicate.

:func:`metagame_tables` turns the merged statistics into the payoff table, the symmetric
equilibrium of each table size, each strategy's payoff against it and its regret there, and the
one-seat deviation gains at a table of each strategy (its exploitability), every figure with a
95% interval: the payoffs' from their standard errors, the rest the 2.5 and 97.5 percentiles of
the bootstrap replicates (each replicate's game solved again from the point equilibrium).

Shared by the herd meta-game (:mod:`experiments.metagame.kind`) and the card's derivation
(:mod:`experiments.card.card_derive.kind`), which solves the meta-game among its card and its
strongest deviations; a profile's games are played by
:func:`experiments.shared.analysis_metagame_play.play_profile`.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from experiments.library.symmetric_game import SymmetricGame, profile_seats, profiles
from experiments.shared.paired import SHARE, Z95, win_twelfths

REPLICATES = 200
"""Bootstrap replicates of a meta-game by default."""
STREAM = 0x4D455441  # "META": the bootstrap weights' own stream, apart from the games' dice


def profile_label(names: list[str], counts) -> str:
    """A profile in words: ``2 x champion+ev, 1 x champion+card`` (strategy order)."""
    return ", ".join(f"{int(c)} x {names[k]}" for k, c in enumerate(counts) if c)


def bootstrap_weights(seed: int, start: int, n: int, replicates: int) -> np.ndarray:
    """Poisson(1) weights of game indices ``start .. start + n - 1``, ``(replicates, n)`` int64.

    Each game index's weights come from its own stream (the seed, the index, :data:`STREAM`),
    so a block's weights do not depend on where the block starts or ends.
    """
    out = np.empty((replicates, n), dtype=np.int64)
    for i in range(n):
        rng = np.random.default_rng([int(seed), start + i, STREAM])
        out[:, i] = rng.poisson(1.0, replicates)
    return out


def seat_shares(winner: np.ndarray, lineup: np.ndarray, strategies: int) -> np.ndarray:
    """Per game and strategy, the sum of its seats' win shares in twelfths.

    Parameters
    ----------
    winner : numpy.ndarray
        ``(n, N)`` bool, the winners of each game by seat.
    lineup : numpy.ndarray
        ``(n, N)`` int, the strategy (meta-game index) at each seat of each game.
    strategies : int
        ``K``.

    Returns
    -------
    numpy.ndarray
        ``(n, K)`` int64.
    """
    share = win_twelfths(winner)
    out = np.zeros((share.shape[0], strategies), dtype=np.int64)
    rows = np.arange(share.shape[0])
    for seat in range(share.shape[1]):
        np.add.at(out, (rows, lineup[:, seat]), share[:, seat])
    return out


def block_stats(values: list[np.ndarray], weights: np.ndarray) -> dict[str, np.ndarray]:
    """The integer statistics of one block of games over every profile.

    Parameters
    ----------
    values : list of numpy.ndarray
        Per profile (in :func:`profiles` order), :func:`seat_shares` of its games, ``(n, K)``.
    weights : numpy.ndarray
        :func:`bootstrap_weights` of the block's games.

    Returns
    -------
    dict
        ``share`` and ``share_sq`` ``(P, K)``, ``games`` ``(P,)``, ``boot`` ``(B, P, K)`` and
        ``boot_games`` ``(B,)``, all int64.
    """
    share = np.stack([v.sum(axis=0) for v in values])
    share_sq = np.stack([(v * v).sum(axis=0) for v in values])
    boot = np.stack([weights @ v for v in values], axis=1)
    n = values[0].shape[0]
    return {
        "share": share,
        "share_sq": share_sq,
        "games": np.full(len(values), n, dtype=np.int64),
        "boot": boot,
        "boot_games": weights.sum(axis=1),
    }


def payoff_table(stats: dict, seats: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The payoff table (mean win share per seat, 0 to 1), its standard errors, and the
    bootstrap replicates of it, from one table size's merged statistics.

    Returns
    -------
    tuple of numpy.ndarray
        ``payoff`` and ``se`` ``(P, K)`` (0 where the strategy is not played), ``replicates``
        ``(B, P, K)``.
    """
    k = stats["share"].shape[1]
    counts = profiles(k, seats).astype(np.float64)
    per = np.where(counts > 0, counts * SHARE, 1.0)
    n = stats["games"].astype(np.float64)[:, None]
    mean = stats["share"] / (n * per)
    second = stats["share_sq"] / (n * per * per)
    var = np.maximum(second - mean * mean, 0.0) * n / np.maximum(n - 1, 1)
    se = np.sqrt(var / n)
    boot_n = np.maximum(stats["boot_games"].astype(np.float64), 1.0)[:, None, None]
    replicates = stats["boot"] / (boot_n * per[None])
    played = counts > 0
    return np.where(played, mean, 0.0), np.where(played, se, 0.0), replicates * played[None]


def _interval(samples: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    return np.percentile(samples, 2.5, axis=0), np.percentile(samples, 97.5, axis=0)


def solve_table(payoff: np.ndarray, replicates: np.ndarray, seats: int) -> dict:
    """The equilibrium analysis of one table size, with bootstrap intervals.

    Returns
    -------
    dict
        ``mix`` (the equilibrium, :meth:`SymmetricGame.equilibrium`), ``equilibria`` (every one
        support enumeration finds), ``against`` (each strategy's payoff against the mix),
        ``gains`` (``G[k, j]``, :meth:`SymmetricGame.deviation_gains`), ``regret`` (the mix's),
        and their replicates ``mix_b``, ``against_b``, ``against_fixed_b`` (against the point
        mix held fixed), ``gains_b``, ``regret_b``.
    """
    game = SymmetricGame(payoff, seats)
    mix = game.equilibrium()
    out = {
        "mix": mix,
        "equilibria": game.support_enumeration(),
        "against": game.payoffs(mix),
        "gains": game.deviation_gains(),
        "regret": game.regret(mix),
    }
    mixes, against, fixed, gains, regret = [], [], [], [], []
    for table in replicates:
        rep = SymmetricGame(table, seats)
        m = rep.near(mix)
        mixes.append(m)
        against.append(rep.payoffs(m))
        fixed.append(rep.payoffs(mix))
        gains.append(rep.deviation_gains())
        regret.append(rep.regret(mix))
    out.update(
        mix_b=np.array(mixes),
        against_b=np.array(against),
        against_fixed_b=np.array(fixed),
        gains_b=np.array(gains),
        regret_b=np.array(regret),
    )
    return out


def metagame_tables(
    names: list[str], merged_by_players: dict[int, dict]
) -> dict[str, pd.DataFrame]:
    """Every table of a meta-game, from its merged statistics per table size.

    Parameters
    ----------
    names : list of str
        The strategies (resolved names), in the meta-game's order.
    merged_by_players : dict
        Table size -> the statistics of :func:`block_stats` summed over the run's blocks.

    Returns
    -------
    dict of pandas.DataFrame
        ``payoff`` (one row per profile and strategy played in it: win share in percent, its
        standard error and 95% interval), ``equilibrium`` (one row per table size and strategy:
        its weight in the equilibrium, its payoff against it and how far that is behind the best
        strategy's, its exploitability: what the best one-seat deviation gains at a table of it,
        and which deviation), ``deviations`` (every table and one-seat deviation: the gain in
        pp), ``equilibria`` (every symmetric equilibrium found per table size, one row each).
        Intervals are 95%; all figures in percent or percentage points.
    """
    payoff_rows, eq_rows, dev_rows, all_rows = [], [], [], []
    for seats, stats in sorted(merged_by_players.items()):
        payoff, se, reps = payoff_table(stats, seats)
        counts = profiles(len(names), seats)
        for p, row in enumerate(counts):
            label = profile_label(names, row)
            for k in np.flatnonzero(row):
                payoff_rows.append(
                    {
                        "players": seats,
                        "profile": label,
                        "strategy": names[k],
                        "seats": int(row[k]),
                        "games": int(stats["games"][p]),
                        "win": 100 * payoff[p, k],
                        "win_se": 100 * se[p, k],
                        "win_low": 100 * (payoff[p, k] - Z95 * se[p, k]),
                        "win_high": 100 * (payoff[p, k] + Z95 * se[p, k]),
                    }
                )
        solved = solve_table(payoff, reps, seats)
        mix_lo, mix_hi = _interval(solved["mix_b"])
        ag_lo, ag_hi = _interval(solved["against_fixed_b"])
        best = solved["against"].max()
        behind_b = solved["against_fixed_b"] - solved["against_fixed_b"].max(axis=1)[:, None]
        bh_lo, bh_hi = _interval(behind_b)
        expl_b = solved["gains_b"].max(axis=2)
        ex_lo, ex_hi = _interval(expl_b)
        g_lo, g_hi = _interval(solved["gains_b"])
        for k, name in enumerate(names):
            j = int(np.argmax(solved["gains"][k]))
            eq_rows.append(
                {
                    "players": seats,
                    "strategy": name,
                    "weight": 100 * solved["mix"][k],
                    "weight_low": 100 * mix_lo[k],
                    "weight_high": 100 * mix_hi[k],
                    "against_equilibrium": 100 * solved["against"][k],
                    "against_low": 100 * ag_lo[k],
                    "against_high": 100 * ag_hi[k],
                    "behind_best": 100 * (solved["against"][k] - best),
                    "behind_low": 100 * bh_lo[k],
                    "behind_high": 100 * bh_hi[k],
                    "exploitability": 100 * solved["gains"][k].max(),
                    "exploitability_low": 100 * ex_lo[k],
                    "exploitability_high": 100 * ex_hi[k],
                    "best_deviation": names[j] if solved["gains"][k, j] > 0 else "",
                    "equilibrium_regret": 100 * solved["regret"],
                }
            )
            for d, deviation in enumerate(names):
                if d == k:
                    continue
                dev_rows.append(
                    {
                        "players": seats,
                        "table": name,
                        "deviation": deviation,
                        "gain": 100 * solved["gains"][k, d],
                        "gain_low": 100 * g_lo[k, d],
                        "gain_high": 100 * g_hi[k, d],
                    }
                )
        game = SymmetricGame(payoff, seats)
        for e, mix in enumerate(solved["equilibria"]):
            all_rows.append(
                {
                    "players": seats,
                    "equilibrium": e + 1,
                    "support": ", ".join(names[k] for k in np.flatnonzero(mix > 1e-9)),
                    "mix": ", ".join(f"{100 * mix[k]:.1f}" for k in range(len(names))),
                    "value": 100 * game.value(mix),
                    "chosen": bool(np.max(np.abs(mix - solved["mix"])) < 1e-6),
                }
            )
    return {
        "payoff": pd.DataFrame(payoff_rows),
        "equilibrium": pd.DataFrame(eq_rows),
        "deviations": pd.DataFrame(dev_rows),
        "equilibria": pd.DataFrame(all_rows),
    }


def one_seat_matrix(payoff: pd.DataFrame, names: list[str], players: int) -> np.ndarray:
    """``M[k, j]``: the win share (percent) of one seat playing ``k`` when every other seat
    plays ``j`` (the diagonal: a table of ``k``), from the payoff table."""
    part = payoff[payoff["players"] == players]
    lookup = {(r.profile, r.strategy): r.win for r in part.itertuples()}
    out = np.zeros((len(names), len(names)))
    for k in range(len(names)):
        for j in range(len(names)):
            counts = np.zeros(len(names), dtype=np.int64)
            counts[j] += players - 1
            counts[k] += 1
            out[k, j] = lookup[(profile_label(names, counts), names[k])]
    return out


__all__ = [
    "REPLICATES",
    "block_stats",
    "bootstrap_weights",
    "metagame_tables",
    "one_seat_matrix",
    "payoff_table",
    "profile_label",
    "profile_seats",
    "seat_shares",
    "solve_table",
]
