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
from experiments.metagame.settings import CHUNK_GAMES as CHUNK_GAMES
from experiments.metagame.settings import DEFAULTS as DEFAULTS
from experiments.metagame.settings import GAMES as GAMES
from experiments.metagame.settings import MetagameExperiment
from experiments.shared.analysis_metagame import (
    block_stats,
    bootstrap_weights,
    metagame_tables,
)
from experiments.shared.analysis_metagame_play import play_profile
from experiments.shared.limits import game_blocks
from strategies.registry import resolve

EXPERIMENT = MetagameExperiment


def played(experiment: MetagameExperiment) -> list:
    """Every strategy the meta-game seats, resolved (the workers' kernel)."""
    return [resolve(n) for n in experiment.strategies]


def names_of(experiment: MetagameExperiment) -> list[str]:
    """The strategies' full names, in their order."""
    return [seat.name for seat in played(experiment)]


def chunks(experiment: MetagameExperiment) -> list[dict]:
    """One chunk per (player count, block of game indices), every profile of it."""
    size = experiment.chunk_size
    return [
        {"players": p, "start": start, "n": n}
        for p in sorted(experiment.players)
        for start, n in game_blocks(experiment.games, size)
    ]


def run_chunk(experiment: MetagameExperiment, chunk: dict) -> dict:
    """Play every profile of one block of games; the statistics as arrays (``n{N}.``...)."""
    players = int(chunk["players"])
    names = list(experiment.strategies)
    rules = experiment.rules_in_force
    seed, start, n = experiment.seed, int(chunk["start"]), int(chunk["n"])
    values = [
        play_profile(names, counts, rules, seed, start, n)
        for counts in profiles(len(names), players)
    ]
    weights = bootstrap_weights(seed, start, n, experiment.bootstrap)
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
    experiment: MetagameExperiment,
    merged: dict,
    folder: Path,
    command: str = "metagame",
    started: float | None = None,
) -> str:
    """Solve every table size and write the meta-game's files; return ``metagame.md``'s text
    (what the command prints)."""
    from experiments.metagame.report import write_metagame

    names = names_of(experiment)
    tables = metagame_tables(names, merged_by_players(merged))
    rules = experiment.rules_in_force
    return write_metagame(Path(folder), tables, names, experiment, command, started, rules)
