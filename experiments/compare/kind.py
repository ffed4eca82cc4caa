"""The ``compare`` experiment kind: a league in chunks (see :mod:`experiments.shared.kinds`).

A chunk is one herd setting, one player count, one table of the league and one block of game
indices; its :class:`~experiments.library.league.LeagueStats` and
:class:`~experiments.compare.analysis_profile.ProfileStats` travel as plain arrays (named
``p{players}_{on|off}_...``) and merge by the runner's sum; ``finish`` writes the files of
``mammoth compare`` (:mod:`experiments.compare.report`), ``profile.csv`` included.

Its settings are read and checked once into
:class:`~experiments.compare.settings.CompareExperiment` (:mod:`experiments.compare.settings`).
"""

from __future__ import annotations

from pathlib import Path

from experiments.compare.analysis import herd_label, league_tables
from experiments.compare.analysis_profile import ProfileStats
from experiments.compare.report import summary, write_league
from experiments.compare.settings import CompareExperiment
from experiments.library.league import LeagueStats, lineups_for
from experiments.shared import seats_setup
from experiments.shared.limits import game_blocks
from experiments.shared.seats_setup import names_of
from strategies.play import play_games

FIELDS = ("seats", "wins", "score", "score_sq", "ahead", "met", "seat_wins", "seat_games")


EXPERIMENT = CompareExperiment

played = seats_setup.played
"""The league's strategies, resolved (for the kernel the workers need)."""


def chunks(experiment: CompareExperiment) -> list[dict]:
    """One chunk per (herd setting, player count, table, block of game indices)."""
    resolved = names_of(experiment)
    size = experiment.chunk_size
    out = []
    for herd in experiment.rules.herd:
        for players in experiment.players:
            for table in lineups_for(resolved, players):
                for start, n in game_blocks(experiment.games, size):
                    out.append(
                        {
                            "herd": herd,
                            "players": players,
                            "table": list(table),
                            "start": start,
                            "n": n,
                        }
                    )
    return out


def _prefix(players: int, herd: bool) -> str:
    return f"p{int(players)}_{herd_label(herd)}_"


def run_chunk(experiment: CompareExperiment, chunk: dict) -> dict:
    """Play one chunk and reduce it to the league's and the profile's sufficient statistics."""
    players, herd = chunk["players"], bool(chunk["herd"])
    resolved = names_of(experiment)
    frame = play_games(
        chunk["n"],
        players,
        chunk["table"],
        seed=experiment.seed,
        rules=experiment.rules.rules(herd),
        first_game=chunk["start"],
        rotate=True,
    )
    prefix = _prefix(players, herd)
    stats = LeagueStats.from_games(frame, resolved, players)
    out = {f"{prefix}{f}": getattr(stats, f) for f in FIELDS}
    profile = ProfileStats.from_games(frame, resolved, players, herd)
    out.update(profile.to_arrays(f"{prefix}profile_"))
    return out


def league_stats(
    experiment: CompareExperiment, merged: dict
) -> dict[tuple[int, bool], LeagueStats]:
    """The merged statistics as one :class:`LeagueStats` per (player count, herd setting)."""
    resolved = names_of(experiment)
    return {
        (p, herd): LeagueStats(resolved, p, *(merged[f"{_prefix(p, herd)}{f}"] for f in FIELDS))
        for herd in experiment.rules.herd
        for p in experiment.players
    }


def profile_stats(
    experiment: CompareExperiment, merged: dict
) -> dict[tuple[int, bool], ProfileStats]:
    """The merged behaviour profile, one :class:`ProfileStats` per (player count, herd)."""
    resolved = names_of(experiment)
    return {
        (p, herd): ProfileStats.from_arrays(
            merged, resolved, p, herd, prefix=f"{_prefix(p, herd)}profile_"
        )
        for herd in experiment.rules.herd
        for p in experiment.players
    }


def finish(
    experiment: CompareExperiment,
    merged: dict,
    folder: Path,
    command: str = "compare",
    started: float | None = None,
) -> str:
    """Write the league's tables, its profile, plot and run.json; return the league in lines
    (:func:`~experiments.compare.report.summary`: ``mammoth compare`` prints it).

    ``command`` is what run.json records; ``started`` is taken for the contract of
    :mod:`experiments.shared.kinds` only (a league's run.json records no time).
    """
    rules = experiment.rules_in_force
    tables = league_tables(
        league_stats(experiment, merged), rules.herd, profile_stats(experiment, merged)
    )
    write_league(
        Path(folder), tables, rules, seed=experiment.seed, games=experiment.games,
        command=command,
    )  # fmt: skip
    return summary(tables)
