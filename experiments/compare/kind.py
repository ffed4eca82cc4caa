"""The ``compare`` experiment kind: a league in chunks (see :mod:`experiments.shared.kinds`).

A chunk is one herd setting, one player count, one table of the league and one block of game
indices; its :class:`~experiments.library.league.LeagueStats` and
:class:`~experiments.compare.analysis_profile.ProfileStats` travel as plain arrays (named
``p{players}_{on|off}_...``) and merge by the runner's sum; ``finish`` writes the files of
``mammoth compare`` (:mod:`experiments.compare.report`), ``profile.csv`` included.

Settings of ``[experiment]``: ``strategies`` (at least two), and the common ones. Settings of
``[rules]``: ``herd`` (true, false, ``"both"`` or ``[true, false]``: every table is played with
each setting, on the same seeds), ``tiles``, ``mammoth_points``, ``tie``, ``resources_of_choice``.
"""

from __future__ import annotations

from pathlib import Path

from experiments.compare.analysis import herd_label, league_tables
from experiments.compare.analysis_profile import ProfileStats
from experiments.compare.report import summary, write_league
from experiments.library.league import LeagueStats, lineups_for
from experiments.shared import seats_setup
from experiments.shared.limits import game_blocks
from experiments.shared.rules_setup import rules_of
from experiments.shared.seats_setup import names_of
from experiments.shared.settings import check_keys, herd_setting, names_setting, rule_types
from sim.errors import InputError
from strategies.play import play_games

FIELDS = ("seats", "wins", "score", "score_sq", "ahead", "met", "seat_wins", "seat_games")
CHUNK_GAMES = 5_000
SETTINGS = ("strategies",)
RULES = ("herd", "tiles", "mammoth_points", "tie", "resources_of_choice")


played = seats_setup.played
"""The league's strategies, resolved (for the kernel the workers need)."""


def check(config: dict) -> None:
    """Check the settings before anything runs.

    Raises
    ------
    InputError
        Unknown or mistyped settings, missing or unknown strategies, bad rules.
    """
    check_keys(config, SETTINGS, RULES)
    if "strategies" not in config:
        raise InputError("strategies is missing: name the league's, e.g. ['greedy', 'random']")
    names_setting(config, "strategies")
    rule_types(config)
    rules_of(config)
    names = names_of(config)
    for players in config["players"]:
        lineups_for(names, int(players))


def chunks(config: dict) -> list[dict]:
    """One chunk per (herd setting, player count, table, block of game indices)."""
    names = names_of(config)
    size = int(config.get("chunk_games", CHUNK_GAMES))
    out = []
    for herd in herd_setting(config):
        for players in config["players"]:
            for table in lineups_for(names, int(players)):
                for start, n in game_blocks(config["games"], size):
                    out.append(
                        {
                            "herd": herd,
                            "players": int(players),
                            "table": list(table),
                            "start": start,
                            "n": n,
                        }
                    )
    return out


def _prefix(players: int, herd: bool) -> str:
    return f"p{int(players)}_{herd_label(herd)}_"


def run_chunk(config: dict, chunk: dict) -> dict:
    """Play one chunk and reduce it to the league's and the profile's sufficient statistics."""
    players, herd = chunk["players"], bool(chunk["herd"])
    names = names_of(config)
    frame = play_games(
        chunk["n"],
        players,
        chunk["table"],
        seed=int(config["seed"]),
        rules=rules_of(config, herd),
        first_game=chunk["start"],
        rotate=True,
    )
    prefix = _prefix(players, herd)
    stats = LeagueStats.from_games(frame, names, players)
    out = {f"{prefix}{f}": getattr(stats, f) for f in FIELDS}
    profile = ProfileStats.from_games(frame, names, players, herd)
    out.update(profile.to_arrays(f"{prefix}profile_"))
    return out


def league_stats(config: dict, merged: dict) -> dict[tuple[int, bool], LeagueStats]:
    """The merged statistics as one :class:`LeagueStats` per (player count, herd setting)."""
    names = names_of(config)
    return {
        (int(p), herd): LeagueStats(
            names, int(p), *(merged[f"{_prefix(p, herd)}{f}"] for f in FIELDS)
        )
        for herd in herd_setting(config)
        for p in config["players"]
    }


def profile_stats(config: dict, merged: dict) -> dict[tuple[int, bool], ProfileStats]:
    """The merged behaviour profile, one :class:`ProfileStats` per (player count, herd)."""
    names = names_of(config)
    return {
        (int(p), herd): ProfileStats.from_arrays(
            merged, names, int(p), herd, prefix=f"{_prefix(p, herd)}profile_"
        )
        for herd in herd_setting(config)
        for p in config["players"]
    }


def finish(
    config: dict, merged: dict, folder: Path, command: str = "compare", started: float | None = None
) -> str:
    """Write the league's tables, its profile, plot and run.json; return the league in lines
    (:func:`~experiments.compare.report.summary`: ``mammoth compare`` prints it).

    ``command`` is what run.json records; ``started`` is taken for the contract of
    :mod:`experiments.shared.kinds` only (a league's run.json records no time).
    """
    rules = rules_of(config)
    tables = league_tables(league_stats(config, merged), rules.herd, profile_stats(config, merged))
    write_league(
        Path(folder), tables, rules, seed=int(config["seed"]), games=config["games"],
        command=command,
    )  # fmt: skip
    return summary(tables)
