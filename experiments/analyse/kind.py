"""The ``analyse`` experiment kind: every option of a position's herd decision played out
(``mammoth analyse POSITION``).

The experiment (:class:`~experiments.analyse.settings.AnalyseExperiment`, its settings read and
checked once: :mod:`experiments.analyse.settings`) holds the position itself (``position``: the
file's document, read and checked by :func:`sim.position.position_from_dict`), the ``field`` (the
strategy of every seat, the deciding one's play after the option included; default :data:`FIELD`,
the strongest player), ``games`` (play-outs per option, at most) and ``stop`` (stop early,
:data:`~experiments.analyse.analysis.STOP_RULE`). A chunk is a block of play-out indices with every
option (:func:`experiments.analyse.analysis.chunk_stats`: sums), so the figures are the same for any
chunking, workers or backend.

The play-outs may stop early, so the kind runs its own passes (``run``): chunks go to the
backend a wave at a time (as many as it has slots), are saved under ``chunks/`` by the one chunk
store, as every kind's are (:class:`experiments.shared.chunk_store.ChunkStore`; ``--resume``
keeps them), and after each wave the rule is asked chunk by chunk in order
(:func:`experiments.analyse.analysis.stop_at`): the chunks after the stopping point are not
counted, whichever wave computed them.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from experiments.analyse.analysis import (
    chunk_stats,
    lead,
    looks_of,
    merge_stats,
    option_table,
    stop_at,
)
from experiments.analyse.report import write_analysis
from experiments.analyse.settings import CHUNK_GAMES, DEFAULTS, FIELD, AnalyseExperiment
from experiments.shared.checkpoints import fingerprint
from experiments.shared.chunk_store import ChunkStore
from experiments.shared.limits import game_blocks
from sim.analysing import contest_odds, options_of
from sim.position_deal import deal_earlier
from sim.runner import Slot
from strategies.play import play_out_options
from strategies.registry import resolve

GAMES = "play-outs per option"


EXPERIMENT = AnalyseExperiment


def slots_of(field: str, players: int) -> list[Slot]:
    """The ``field`` strategy at every one of ``players`` seats."""
    return [resolve(field).slot()] * int(players)


def played(experiment: AnalyseExperiment) -> list:
    """The strategy the analysis seats (the workers' kernel)."""
    return [resolve(experiment.field)]


ENTRIES = ("analyse",)
"""The kernel entry the kind plays: its options' play-outs, no whole game."""


def seated_names(experiment: AnalyseExperiment) -> list[str]:
    """The field's strategy (for the compile notice)."""
    return [experiment.field]


def chunks(experiment: AnalyseExperiment) -> list[dict]:
    """One chunk per block of play-out indices, every option of it."""
    size = experiment.chunk_size
    return [{"start": start, "n": n} for start, n in game_blocks(experiment.games, size)]


def run_chunk(experiment: AnalyseExperiment, chunk: dict) -> dict:
    """Play out one block of play-outs of every option; their sums."""
    position = experiment.parsed
    slots = slots_of(experiment.field, position.n_players)
    start, n = int(chunk["start"]), int(chunk["n"])
    options, seed = options_of(position), experiment.seed
    if not position.earlier_unknown:
        results, choice = play_out_options(position, slots, options, seed, start, start + n)
        return chunk_stats(results, choice)
    # the earlier tiles a count: each play-out from its own deal of them (and of the pile)
    parts = [
        play_out_options(deal_earlier(position, seed, i), slots, options, seed, i, i + 1)
        for i in range(start, start + n)
    ]
    results = np.concatenate([r for r, _ in parts], axis=2)
    return chunk_stats(results, parts[0][1])  # the own choice: play-out 0's (-1 elsewhere)


def _play(experiment: AnalyseExperiment, chunk: dict) -> dict:
    """The task a backend runs: :func:`run_chunk`, looked up when called (so a test can stand
    in for it)."""
    return run_chunk(experiment, chunk)


def run(
    experiment: AnalyseExperiment,
    folder: Path,
    command: str,
    backend=None,
    progress: Callable[[str], None] | None = None,
) -> str:
    """Play the chunks a wave at a time until the rule stops them or all are played, then
    write the files (:func:`experiments.analyse.report.write_analysis`); return
    ``analysis.md``'s text, which ``mammoth analyse`` prints."""
    started = time.perf_counter()
    position = experiment.parsed
    options = options_of(position)
    listed = chunks(experiment)
    looks = looks_of([c["n"] for c in listed])
    store = ChunkStore(folder, fingerprint(experiment.written), progress)
    done = store.saved(listed)  # an interrupted run's (else none)
    reused = bool(done)
    wave = max(1, getattr(backend, "slots", 1))
    stop = None
    ready = 0  # chunks 0..ready-1 are done, in order
    while True:
        while ready < len(listed) and ready in done:
            ready += 1
        if experiment.stop and ready:
            stop = stop_at([done[i] for i in range(ready)], looks)
            if stop is not None:
                break
        if ready == len(listed):
            break
        todo = [i for i in range(ready, len(listed)) if i not in done][:wave]
        played = store.get([listed[i] for i in todo], _play, lambda c: (experiment, c), backend)
        done.update(zip(todo, played, strict=True))
    last = stop if stop is not None else len(listed) - 1
    stats = merge_stats([done[i] for i in range(last + 1)])
    odds = [
        contest_odds(position, o.code) if position.kind == "commitment" else None for o in options
    ]
    table = option_table(stats, [o.label for o in options], [o.code for o in options], odds)
    best = lead(stats)
    return write_analysis(
        folder,
        position,
        table,
        best,
        stopped=stop is not None,
        field=experiment.field,
        seed=experiment.seed,
        stop=experiment.stop,
        command=command,
        seconds=None if reused else time.perf_counter() - started,
    )


__all__ = [
    "CHUNK_GAMES",
    "DEFAULTS",
    "EXPERIMENT",
    "FIELD",
    "AnalyseExperiment",
    "chunks",
    "played",
    "run",
    "run_chunk",
]
