"""The ``metagame`` experiment kind: the herd decision as a game between the seats
(``mammoth metagame``).

Given herd plays of one base player (``strategies``; default :data:`STRATEGIES`, the champion
with every taming policy and seeking weight worth asking about), every profile of them over the
seats (``C(K + N - 1, N)`` at ``N`` seats) is played at each player count on the same game
indices, the seats rotated by the game index. A chunk is one player count and one block of game
indices, every profile of it (:func:`experiments.shared.analysis_metagame.block_stats`: integers,
and the exact bootstrap's weighted sums), so the table is the same whatever the chunking,
workers or backend. ``finish`` solves each table size's symmetric game
(:func:`experiments.shared.analysis_metagame.metagame_tables`) and writes ``payoff.parquet``,
``payoff.csv``, ``equilibrium.csv``, ``deviations.csv``, ``equilibria.csv``, ``metagame.md``,
the heatmap and the mix's bars, and ``run.json`` (:mod:`experiments.metagame.report`).

Settings of ``[experiment]``: ``strategies`` (two to :data:`MAX_PLAYS` strategy names, each once),
``bootstrap`` (replicates, default :data:`~experiments.shared.analysis_metagame.REPLICATES`),
and the common ones (``games``: per profile and player count). ``[rules]``: ``tiles``,
``mammoth_points``, ``tie``, ``resources_of_choice``.
"""

from __future__ import annotations

from pathlib import Path

from experiments.library.symmetric_game import profiles
from experiments.shared import seats_setup
from experiments.shared.analysis_metagame import (
    REPLICATES,
    block_stats,
    bootstrap_weights,
    metagame_tables,
)
from experiments.shared.analysis_metagame_play import play_profile
from experiments.shared.limits import game_blocks
from experiments.shared.rules_setup import rules_of
from experiments.shared.seats_setup import names_of
from experiments.shared.settings import check_keys, int_setting, names_setting, rule_types
from sim.errors import InputError

STRATEGIES = [
    "champion+never",
    "champion+fixed-1",
    "champion+card",
    "champion+ev",
    "champion[herd_3_4=0.6]+ev",
    "champion[herd_3_4=1]+ev",
    "champion+majority",
]
"""The herd plays of the default meta-game: the champion never committing, committing one, by
the card, by ``ev`` at its own seeking weight (0.3 at 3-4 players), at 0.6 and at 1 (as
heads-up), and by ``majority``."""
MAX_PLAYS = 10
"""The most strategies of one meta-game (10 over 4 seats: 715 profiles)."""
MAX_BOOTSTRAP = 2_000
CHUNK_GAMES = 1_000
DEFAULTS = {"strategies": list(STRATEGIES), "bootstrap": REPLICATES}
SETTINGS = ("strategies", "bootstrap")
RULES = ("tiles", "mammoth_points", "tie", "resources_of_choice")
GAMES = "games per profile and player count"


played = seats_setup.played
"""Every strategy the meta-game seats, resolved (the workers' kernel)."""


def check(config: dict) -> None:
    """Check the settings before anything runs.

    Raises
    ------
    InputError
        Unknown or mistyped settings, fewer than two or more than :data:`MAX_PLAYS`
        strategies, an unknown strategy, one named twice (under any spelling), bad rules or a
        bootstrap outside 10 to :data:`MAX_BOOTSTRAP`.
    """
    check_keys(config, SETTINGS, RULES)
    rule_types(config)
    rules_of(config)
    names = names_setting(config, "strategies", limit=MAX_PLAYS)
    if len(names) < 2:
        raise InputError("strategies: a meta-game needs at least two strategies")
    resolved = names_of(config)
    for name, full in zip(names, resolved, strict=True):
        if resolved.count(full) > 1:
            raise InputError(f"strategies: {name!r} is {full}, named twice")
    int_setting(config, "bootstrap", low=10, high=MAX_BOOTSTRAP)


def chunks(config: dict) -> list[dict]:
    """One chunk per (player count, block of game indices), every profile of it."""
    size = int(config.get("chunk_games", CHUNK_GAMES))
    return [
        {"players": int(p), "start": start, "n": n}
        for p in sorted(int(p) for p in config["players"])
        for start, n in game_blocks(int(config["games"]), size)
    ]


def run_chunk(config: dict, chunk: dict) -> dict:
    """Play every profile of one block of games; the statistics as arrays (``n{N}.``...)."""
    players = int(chunk["players"])
    names = list(config["strategies"])
    rules = rules_of(config)
    seed, start, n = int(config["seed"]), int(chunk["start"]), int(chunk["n"])
    values = [
        play_profile(names, counts, rules, seed, start, n)
        for counts in profiles(len(names), players)
    ]
    weights = bootstrap_weights(seed, start, n, int(config["bootstrap"]))
    stats = block_stats(values, weights)
    return {f"n{players}.{key}": value for key, value in stats.items()}


def merged_by_players(merged: dict) -> dict[int, dict]:
    """The merged statistics split by player count."""
    out: dict[int, dict] = {}
    for key, value in merged.items():
        head, _, name = key.partition(".")
        if head.startswith("n") and head[1:].isdigit():
            out.setdefault(int(head[1:]), {})[name] = value
    return out


def finish(
    config: dict, merged: dict, folder: Path, command: str = "metagame", started=None
) -> str:
    """Solve every table size and write the meta-game's files; return ``metagame.md``'s text
    (what the command prints)."""
    from experiments.metagame.report import write_metagame

    names = names_of(config)
    tables = metagame_tables(names, merged_by_players(merged))
    return write_metagame(Path(folder), tables, names, config, command, started, rules_of(config))
