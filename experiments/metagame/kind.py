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

from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from experiments.library.symmetric_game import profiles
from experiments.shared.analysis_metagame import (
    REPLICATES,
    block_stats,
    bootstrap_weights,
    metagame_tables,
)
from experiments.shared.analysis_metagame_play import play_profile
from experiments.shared.experiment import Experiment, setting
from experiments.shared.limits import game_blocks
from experiments.shared.settings import names, whole_number
from sim.errors import InputError
from strategies.registry import resolve

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
RULES = ("tiles", "mammoth_points", "tie", "resources_of_choice")
GAMES = "games per profile and player count"


@dataclass(frozen=True, kw_only=True)
class MetagameExperiment(Experiment):
    """The settings of a meta-game (see the module's docstring).

    Attributes
    ----------
    strategies : tuple of str
        The herd plays, as written (two to :data:`MAX_PLAYS`, each once under any spelling).
    bootstrap : int
        The bootstrap's replicates (10 to :data:`MAX_BOOTSTRAP`).
    """

    RULES: ClassVar[tuple[str, ...]] = RULES
    strategies: tuple[str, ...] = setting(
        lambda v, k: names(v, k, limit=MAX_PLAYS), default=tuple(STRATEGIES)
    )
    bootstrap: int = setting(
        lambda v, k: whole_number(v, k, low=10, high=MAX_BOOTSTRAP), default=REPLICATES
    )

    def check(self) -> None:
        """At least two strategies, none named twice under any spelling.

        Raises
        ------
        InputError
            Fewer than two strategies, an unknown one, or one named twice.
        """
        if len(self.strategies) < 2:
            raise InputError("strategies: a meta-game needs at least two strategies")
        resolved = names_of(self)
        for name, full in zip(self.strategies, resolved, strict=True):
            if resolved.count(full) > 1:
                raise InputError(f"strategies: {name!r} is {full}, named twice")


EXPERIMENT = MetagameExperiment


def played(experiment: MetagameExperiment) -> list:
    """Every strategy the meta-game seats, resolved (the workers' kernel)."""
    return [resolve(n) for n in experiment.strategies]


def names_of(experiment: MetagameExperiment) -> list[str]:
    """The strategies' full names, in their order."""
    return [seat.name for seat in played(experiment)]


def chunks(experiment: MetagameExperiment) -> list[dict]:
    """One chunk per (player count, block of game indices), every profile of it."""
    size = CHUNK_GAMES if experiment.chunk_games is None else experiment.chunk_games
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
