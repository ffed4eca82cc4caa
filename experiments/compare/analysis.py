"""A league of strategies: rotated seats, common random numbers, mergeable statistics.

For each player count, every combination of strategies that fills the table plays the same game
indices of the same seed (common random numbers: the card order, stacks and tiles of game ``i``
are the same in every pairing), with the seats rotated by one every game so that every strategy
sits in every seat equally often. Each chunk of games is reduced to sufficient statistics
(:class:`~experiments.library.league.LeagueStats`: counts, sums and sums of squares) that merge
exactly, so the figures do not depend on how a run was chunked; the tables the league seats are
:func:`~experiments.library.league.lineups_for`'s.
"""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from experiments.compare.analysis_profile import ProfileStats, profile_table
from experiments.library.league import LeagueStats, lineups_for
from sim.rules import Rules
from strategies.play import play_games
from strategies.registry import resolve


def play_league(
    names: list[str],
    players: int,
    games: int,
    seed: int,
    rules: Rules | None = None,
    chunk: int = 20_000,
    threads: int = 1,
    first_game: int = 0,
) -> LeagueStats:
    """Play ``games`` games for every table of the league and return the merged statistics.

    Every table plays game indices ``first_game .. first_game + games - 1`` of the same seed
    (common random numbers) with seats rotated each game. :func:`play_league_with_profile`
    returns the behaviour profile of the same games as well.
    """
    return play_league_with_profile(names, players, games, seed, rules, chunk, threads, first_game)[
        0
    ]


def play_league_with_profile(
    names: list[str],
    players: int,
    games: int,
    seed: int,
    rules: Rules | None = None,
    chunk: int = 20_000,
    threads: int = 1,
    first_game: int = 0,
) -> tuple[LeagueStats, ProfileStats]:
    """Play the league (as :func:`play_league`) and return its statistics and behaviour profile.

    Returns
    -------
    league : LeagueStats
        Win rates, scores, pairwise results, seats.
    profile : ProfileStats
        The behaviour profile of the same games (:mod:`experiments.compare.analysis_profile`),
        labelled with the rules' herd setting.
    """
    rules = rules or Rules()
    names = [resolve(n).name for n in names]
    stats = LeagueStats(names, players)
    behaviour = ProfileStats(names, players, rules.herd)
    for table in lineups_for(names, players):
        for start in range(first_game, first_game + games, chunk):
            n = min(chunk, first_game + games - start)
            frame = play_games(
                n,
                players,
                list(table),
                seed=seed,
                rules=rules,
                first_game=start,
                rotate=True,
                threads=threads,
            )
            stats = stats + LeagueStats.from_games(frame, names, players)
            behaviour = behaviour + ProfileStats.from_games(frame, names, players, rules.herd)
    return stats, behaviour


def herd_label(herd: bool) -> str:
    """``"on"`` or ``"off"``: how the tables name a herd setting."""
    return "on" if herd else "off"


def keyed(leagues: dict, herd: bool) -> dict[tuple[int, bool], object]:
    """Statistics keyed by ``(players, herd)``; a bare player count takes the rules' herd."""
    return {k if isinstance(k, tuple) else (int(k), herd): v for k, v in leagues.items()}


def table_order(keyed_stats: dict) -> list[tuple[int, bool]]:
    """The ``(players, herd)`` keys in table order: herd on first, then by player count."""
    return sorted(keyed_stats, key=lambda k: (not k[1], k[0]))


@dataclass(frozen=True)
class LeagueTables:
    """A league's tables, every player count and herd setting in one frame each.

    Attributes
    ----------
    league, pairwise, ratings, seats : pandas.DataFrame
        Win rates and scores; the pairwise matrix; the Bradley-Terry ratings; the seats. Each
        has a ``players`` and a ``herd`` column (:func:`herd_label`).
    profile : pandas.DataFrame or None
        The behaviour profile (:func:`experiments.compare.analysis_profile.profile_table`), when its
        statistics were given.
    herds : list of str
        The herd settings played, in table order.
    """

    league: pd.DataFrame
    pairwise: pd.DataFrame
    ratings: pd.DataFrame
    seats: pd.DataFrame
    profile: pd.DataFrame | None
    herds: list


def league_tables(by_players: dict, herd: bool, profiles: dict | None = None) -> LeagueTables:
    """The tables of a league's statistics (they compute; the writer only writes).

    Parameters
    ----------
    by_players : dict
        :class:`~experiments.library.league.LeagueStats` keyed by ``(players, herd)``, or by
        the player count alone (then the herd setting is ``herd``).
    herd : bool
        The rules' herd setting, for keys without one.
    profiles : dict, optional
        :class:`~experiments.compare.analysis_profile.ProfileStats` keyed like ``by_players``.

    Returns
    -------
    LeagueTables
    """
    leagues = keyed(by_players, herd)
    tables, pairwise, ratings, seats = [], [], [], []
    for players, setting in table_order(leagues):
        stats = leagues[(players, setting)]
        label = herd_label(setting)
        tables.append(stats.table().assign(herd=label))
        frame = stats.pairwise()
        frame.insert(0, "players", players)
        frame.insert(1, "herd", label)
        pairwise.append(frame.rename_axis("strategy").reset_index())
        ratings.append(stats.ratings().assign(herd=label))
        seats.append(stats.seat_table().assign(herd=label))

    def herd_after_players(frame: pd.DataFrame) -> pd.DataFrame:
        columns = [c for c in frame.columns if c != "herd"]
        columns.insert(columns.index("players") + 1, "herd")
        return frame[columns]

    profile = None
    if profiles is not None:
        behaviour = keyed(profiles, herd)
        profile = profile_table(behaviour[k] for k in table_order(behaviour))
    return LeagueTables(
        league=herd_after_players(pd.concat(tables, ignore_index=True)),
        pairwise=pd.concat(pairwise, ignore_index=True),
        ratings=herd_after_players(pd.concat(ratings, ignore_index=True)),
        seats=herd_after_players(pd.concat(seats, ignore_index=True)),
        profile=profile,
        herds=list(dict.fromkeys(herd_label(h) for _, h in table_order(leagues))),
    )
