"""The ``compare`` experiment kind: a league in chunks (see :mod:`experiments.kinds`).

A chunk is one player count, one table of the league and one block of game indices; its
:class:`~experiments.analyses.league.LeagueStats` travel as plain arrays and merge by the runner's
sum; ``finish`` writes the files of ``mammoth compare`` (:mod:`experiments.outputs.league`).

Settings of ``[experiment]``: ``strategies`` (at least two), and the common ones. Settings of
``[rules]``: ``herd``, ``tiles``, ``mammoth_points``, ``tie``, ``resources_of_choice``.
"""

from __future__ import annotations

from pathlib import Path

from experiments.analyses.league import LeagueStats, lineups_for
from experiments.definition import check_keys, names_setting, rule_types
from experiments.kinds import game_blocks
from experiments.outputs.league import write_league
from experiments.rules_setup import rules_from_options
from sim.errors import InputError
from sim.rules import Rules
from strategies.play import play_games
from strategies.registry import resolve

FIELDS = ("seats", "wins", "score", "score_sq", "ahead", "met", "seat_wins", "seat_games")
CHUNK_GAMES = 5_000
SETTINGS = ("strategies",)
RULES = ("herd", "tiles", "mammoth_points", "tie", "resources_of_choice")


def rules_of(config: dict) -> Rules:
    """The rules an experiment file asks for (docs/rules.md defaults for what it leaves out)."""
    r = config.get("rules", {})
    return rules_from_options(
        bool(r.get("herd", True)),
        None if r.get("tiles", "default") == "default" else r["tiles"],
        int(r.get("mammoth_points", 10)),
        r.get("tie", "longer_wins"),
        r.get("resources_of_choice", "immediate"),
    )


def names_of(config: dict) -> list[str]:
    """The league's strategies, as resolved names."""
    return [resolve(n).name for n in config["strategies"]]


def played(config: dict) -> list:
    """The league's strategies, resolved (for the kernel the workers need)."""
    return [resolve(n) for n in config["strategies"]]


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
    """One chunk per (player count, table, block of game indices)."""
    names = names_of(config)
    size = int(config.get("chunk_games", CHUNK_GAMES))
    out = []
    for players in config["players"]:
        for table in lineups_for(names, int(players)):
            for start, n in game_blocks(config["games"], size):
                out.append({"players": int(players), "table": list(table), "start": start, "n": n})
    return out


def run_chunk(config: dict, chunk: dict) -> dict:
    """Play one chunk and reduce it to the league's sufficient statistics."""
    players = chunk["players"]
    frame = play_games(
        chunk["n"],
        players,
        chunk["table"],
        seed=int(config["seed"]),
        rules=rules_of(config),
        first_game=chunk["start"],
        rotate=True,
    )
    stats = LeagueStats.from_games(frame, names_of(config), players)
    return {f"p{players}_{f}": getattr(stats, f) for f in FIELDS}


def league_stats(config: dict, merged: dict) -> dict[int, LeagueStats]:
    """The merged statistics as one :class:`LeagueStats` per player count."""
    names = names_of(config)
    return {
        int(p): LeagueStats(names, int(p), *(merged[f"p{int(p)}_{f}"] for f in FIELDS))
        for p in config["players"]
    }


def finish(config: dict, merged: dict, folder: Path) -> None:
    """Write the league's tables, plot and run.json."""
    write_league(
        Path(folder),
        league_stats(config, merged),
        rules_of(config),
        seed=int(config["seed"]),
        games=config["games"],
        command=f"run {config.get('source', '')}",
    )
