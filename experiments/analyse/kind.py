"""The ``analyse`` experiment kind: every option of a position's herd decision played out
(``mammoth analyse POSITION``).

The experiment holds the position itself (``position``: the parsed file, read and checked by
:func:`sim.position.position_from_dict`), the ``field`` (the strategy of every seat, the deciding
one's play after the option included; default :data:`FIELD`, the strongest player), ``games``
(play-outs per option, at most) and ``stop`` (stop early, :data:`~experiments.analyse.analysis.
STOP_RULE`). A chunk is a block of play-out indices with every option
(:func:`experiments.analyse.analysis.chunk_stats`: sums), so the figures are the same for any
chunking, workers or backend.

The play-outs may stop early, so the kind runs its own passes (``run``): chunks go to the
backend a wave at a time (as many as it has slots), are saved under ``chunks/`` by the one chunk
store, as every kind's are (:class:`experiments.shared.chunk_store.ChunkStore`; ``--resume``
keeps them), and after each wave the rule is asked chunk by chunk in order
(:func:`experiments.analyse.analysis.stop_at`): the chunks after the stopping point are not
counted, whichever wave computed them.
"""

from __future__ import annotations

import functools
import json
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
from experiments.shared.checkpoints import fingerprint
from experiments.shared.chunk_store import ChunkStore
from experiments.shared.limits import game_blocks
from experiments.shared.settings import bool_setting, check_keys
from sim.analysing import contest_odds, options_of
from sim.errors import InputError
from sim.position import position_from_dict
from sim.position_deal import deal_earlier
from sim.runner import Slot
from strategies.play import play_out_options
from strategies.registry import resolve

FIELD = "champion"
"""The default field: the strongest player (docs/strategies.md)."""
CHUNK_GAMES = 100
DEFAULTS = {"field": FIELD, "stop": True}
SETTINGS = ("position", "field", "stop")
GAMES = "play-outs per option"


def position_of(config: dict):
    """The experiment's position (checked), parsed once per process: the command, the kind's
    check, its run and every chunk a process plays share one parse of the same document."""
    return _parsed(json.dumps(config["position"], sort_keys=True))


@functools.lru_cache(maxsize=4)
def _parsed(document: str):
    return position_from_dict(json.loads(document))


def slots_of(config: dict) -> list[Slot]:
    """The field's strategy at every seat of the position."""
    return [resolve(config["field"]).slot()] * int(config["players"][0])


def played(config: dict) -> list:
    """The strategy the analysis seats (the workers' kernel)."""
    return [resolve(config["field"])]


ENTRIES = ("analyse",)
"""The kernel entry the kind plays: its options' play-outs, no whole game."""


def seated_names(config: dict) -> list[str]:
    """The field's strategy (for the compile notice)."""
    return [config["field"]]


def check(config: dict) -> None:
    """Check the settings before anything runs.

    Raises
    ------
    InputError
        Unknown settings, an impossible position (one line naming the field), a decision with
        one option, an unknown field strategy, or ``players`` other than the position's.
    """
    check_keys(config, SETTINGS, ())
    if not isinstance(config.get("position"), dict):
        raise InputError("position: the position (a table) is missing")
    position = position_of(config)
    options_of(position)
    if not isinstance(config["field"], str):
        raise InputError(f"field must be a strategy name, not {config['field']!r}")
    resolve(config["field"])
    bool_setting(config, "stop")
    if config["players"] != [position.n_players]:
        raise InputError(f"players: the position has {position.n_players} players")


def chunks(config: dict) -> list[dict]:
    """One chunk per block of play-out indices, every option of it."""
    size = int(config.get("chunk_games", CHUNK_GAMES))
    return [{"start": start, "n": n} for start, n in game_blocks(int(config["games"]), size)]


def run_chunk(config: dict, chunk: dict) -> dict:
    """Play out one block of play-outs of every option; their sums."""
    position = position_of(config)
    slots = slots_of(config)
    start, n = int(chunk["start"]), int(chunk["n"])
    options, seed = options_of(position), int(config["seed"])
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


def _play(config: dict, chunk: dict) -> dict:
    """The task a backend runs: :func:`run_chunk`, looked up when called (so a test can stand
    in for it)."""
    return run_chunk(config, chunk)


def run(
    config: dict,
    folder: Path,
    command: str,
    backend=None,
    progress: Callable[[str], None] | None = None,
) -> str:
    """Play the chunks a wave at a time until the rule stops them or all are played, then
    write the files (:func:`experiments.analyse.report.write_analysis`); return
    ``analysis.md``'s text, which ``mammoth analyse`` prints."""
    started = time.perf_counter()
    position = position_of(config)
    options = options_of(position)
    listed = chunks(config)
    looks = looks_of([c["n"] for c in listed])
    store = ChunkStore(folder, fingerprint(config), progress)
    done = store.saved(listed)  # an interrupted run's (else none)
    reused = bool(done)
    wave = max(1, getattr(backend, "slots", 1))
    stop = None
    ready = 0  # chunks 0..ready-1 are done, in order
    while True:
        while ready < len(listed) and ready in done:
            ready += 1
        if config["stop"] and ready:
            stop = stop_at([done[i] for i in range(ready)], looks)
            if stop is not None:
                break
        if ready == len(listed):
            break
        todo = [i for i in range(ready, len(listed)) if i not in done][:wave]
        played = store.get([listed[i] for i in todo], _play, lambda c: (config, c), backend)
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
        config,
        position,
        table,
        best,
        stopped=stop is not None,
        command=command,
        seconds=None if reused else time.perf_counter() - started,
    )


__all__ = ["CHUNK_GAMES", "DEFAULTS", "FIELD", "check", "chunks", "played", "run", "run_chunk"]
