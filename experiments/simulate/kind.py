"""The ``simulate`` experiment kind: complete games at one table, in chunks of game indices.

A chunk is a block of game indices; :func:`run_chunk` plays it and returns its per-seat table as
the bytes of a Parquet file (one array), which the runner (:mod:`experiments.shared.runner`)
saves as a checkpoint like any chunk. The kind is ``STREAMED``: its chunks are never held
together in memory; :func:`finish` reads them back one at a time in index order and streams them
into ``games.parquet`` (:mod:`experiments.simulate.report`), one row group per chunk, while it
tallies them (:class:`~experiments.simulate.analysis.Tally`). A game is a pure function of the
seed and its index, so the table is the same whatever the chunk size, the backend, or the
interruptions along the way. It is ``THREADED``: ``--workers`` are kernel threads sharing each
chunk.

Its settings are read and checked once into
:class:`~experiments.simulate.settings.SimulateExperiment` (:mod:`experiments.simulate.settings`).
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

import numpy as np

from experiments.shared.files import run_metadata, write_json
from experiments.shared.limits import game_blocks
from experiments.simulate.analysis import Tally
from experiments.simulate.report import TABLE, table_bytes, table_of, write_table
from experiments.simulate.report_positions import POSITIONS, write_positions
from experiments.simulate.settings import CHUNK_GAMES as CHUNK_GAMES
from experiments.simulate.settings import DEFAULTS as DEFAULTS
from experiments.simulate.settings import SimulateExperiment
from strategies.play import game_positions, play_games
from strategies.registry import resolve

STREAMED = True
THREADED = True
GAMES = "games"
"""What ``games`` counts, for messages: games in total, at one table."""
PART = "table"
"""The array of a chunk's result: its per-seat table as the bytes of a Parquet file."""
POSITION_BLOCK = 100
"""Games whose positions are made and written at a time (bounded memory)."""


EXPERIMENT = SimulateExperiment


def played(experiment: SimulateExperiment) -> list:
    """The seated strategies, resolved (for the kernel the workers need)."""
    return [resolve(n) for n in experiment.seats()]


def chunks(experiment: SimulateExperiment) -> list[dict]:
    """One chunk per block of ``chunk_games`` game indices, in order."""
    size = experiment.chunk_size
    return [{"first": first, "games": n} for first, n in game_blocks(experiment.games, size)]


def run_chunk(experiment: SimulateExperiment, chunk: dict, threads: int = 1) -> dict:
    """Play one chunk's games; its per-seat table as Parquet bytes (:func:`table_bytes`)."""
    frame = play_games(
        chunk["games"],
        experiment.table_size,
        experiment.seats(),
        seed=experiment.seed,
        rules=experiment.rules_in_force,
        first_game=chunk["first"],
        rotate=experiment.rotate,
        threads=threads,
        debug=experiment.debug,
        dice_contest=experiment.dice_contest,
    )
    return {PART: np.frombuffer(table_bytes(frame), dtype=np.uint8)}


def metadata(experiment: SimulateExperiment, command: str = "simulate") -> dict:
    """The run.json document of a run (also stored in ``games.parquet``'s schema)."""
    rules = experiment.rules_in_force
    return run_metadata(
        command,
        rules,
        kind="simulate",
        seed=experiment.seed,
        games=experiment.games,
        players=experiment.table_size,
        strategies=experiment.seats(),
        rotate=experiment.rotate,
        contest_sampling="dice" if experiment.dice_contest else "exact table",
        tiles_label="assumed" if rules.tiles_assumed else "user file",
        chunk_size=experiment.chunk_size,
        files=[TABLE],
    )


class Simulated(NamedTuple):
    """What a finished simulate run returns to its command."""

    tally: Tally
    """The per-strategy totals of every game."""
    position_files: int
    """Position files written (``--positions``)."""


def finish(
    experiment: SimulateExperiment,
    parts,
    folder: Path,
    command: str = "simulate",
    started: float | None = None,
) -> Simulated:
    """Stream the chunks into ``games.parquet``, write the positions asked for and run.json.

    Parameters
    ----------
    experiment : SimulateExperiment
        The experiment.
    parts : iterable of dict
        Every chunk's result, in index order (read back one at a time).
    folder : pathlib.Path
        The output folder.
    command : str
        What run.json records.
    started : float, optional
        Taken for the contract of :mod:`experiments.shared.kinds` only (run.json records no
        time).

    Returns
    -------
    Simulated
        The per-strategy totals of every game and the position files written.
    """
    folder = Path(folder)
    meta = metadata(experiment, command)
    tally = Tally()

    def count(table) -> None:
        nonlocal tally
        tally = tally + Tally.of(table.select(list(Tally.COLUMNS)).to_pandas())

    write_table((table_of(part[PART]) for part in parts), folder / TABLE, meta, count)
    positions = experiment.positions
    written = 0
    if positions:
        for start in range(0, positions, POSITION_BLOCK):
            found = game_positions(
                min(POSITION_BLOCK, positions - start),
                experiment.table_size,
                experiment.seats(),
                experiment.seed,
                experiment.rules_in_force,
                first_game=start,
                rotate=experiment.rotate,
                dice_contest=experiment.dice_contest,
            )
            written += write_positions(folder / POSITIONS, found)
        meta["files"] = [TABLE, f"{POSITIONS}/"]
        meta["positions"] = {"games": positions, "files": written}
    write_json(folder / "run.json", meta)
    return Simulated(tally, written)
