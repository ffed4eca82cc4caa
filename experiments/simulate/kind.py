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

Settings of ``[experiment]``: ``strategies`` (one for every seat or one per seat), ``rotate``,
``debug``, ``dice_contest``, ``positions`` (herd decisions of the first games written as position
files), one count in ``players``, and the common ones (``chunk_games``: games per chunk). Settings
of ``[rules]``: ``herd`` (true or false), ``tiles``, ``mammoth_points``, ``tie``,
``resources_of_choice``. They are read and checked once, into a :class:`SimulateExperiment`
(:mod:`experiments.shared.experiment`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar, NamedTuple

import numpy as np

from experiments.shared.experiment import Experiment, setting
from experiments.shared.files import run_metadata, write_json
from experiments.shared.limits import MAX_POSITION_GAMES, MAX_SIMULATE_GAMES, game_blocks
from experiments.shared.settings import flag, names, whole_number
from experiments.simulate.analysis import Tally
from experiments.simulate.report import TABLE, table_bytes, table_of, write_table
from experiments.simulate.report_positions import POSITIONS, write_positions
from sim.errors import InputError
from strategies.play import game_positions, play_games, seat_names
from strategies.registry import resolve

STREAMED = True
THREADED = True
CHUNK_GAMES = 50_000
GAMES = "games"
"""What ``games`` counts, for messages: games in total, at one table."""
PART = "table"
"""The array of a chunk's result: its per-seat table as the bytes of a Parquet file."""
DEFAULTS = {
    "strategies": ["greedy"],
    "rotate": False,
    "debug": False,
    "dice_contest": False,
    "positions": 0,
}
RULES = ("herd", "tiles", "mammoth_points", "tie", "resources_of_choice")
POSITION_BLOCK = 100
"""Games whose positions are made and written at a time (bounded memory)."""


@dataclass(frozen=True, kw_only=True)
class SimulateExperiment(Experiment):
    """The settings of a simulate run (see the module's docstring).

    Attributes
    ----------
    strategies : tuple of str
        One strategy for every seat, or one per seat.
    rotate : bool
        Rotate the seats from game to game.
    debug : bool
        Check the game's invariants as it plays (slow).
    dice_contest : bool
        Roll the taming contest's dice instead of taking its exact odds.
    positions : int
        The first games whose herd decisions are written as position files.
    """

    RULES: ClassVar[tuple[str, ...]] = RULES
    strategies: tuple[str, ...] = setting(names)
    rotate: bool = setting(flag)
    debug: bool = setting(flag)
    dice_contest: bool = setting(flag)
    positions: int = setting(lambda v, k: whole_number(v, k, low=0, high=MAX_POSITION_GAMES))

    def check(self) -> None:
        """One player count, at most :data:`~experiments.shared.limits.MAX_SIMULATE_GAMES`
        games, one herd setting; known strategies, one for every seat or one per seat.

        Raises
        ------
        InputError
            More than one player count, too many games, a herd setting that is not true or
            false, unknown strategies or not one per seat.
        """
        if len(self.players) != 1:
            raise InputError(
                f"players must be one count for kind simulate, not {list(self.players)}"
            )
        if self.games > MAX_SIMULATE_GAMES:
            raise InputError(f"games must be at most {MAX_SIMULATE_GAMES:,} for kind simulate")
        if len(self.rules.herd) != 1:
            raise InputError("rules.herd must be true or false for kind simulate")
        seats_of(self)

    @property
    def table_size(self) -> int:
        """The players at the table (the one count of ``players``)."""
        return self.players[0]


EXPERIMENT = SimulateExperiment


def seats_of(experiment: SimulateExperiment) -> list[str]:
    """The strategy of each seat, as resolved names."""
    seated = seat_names(list(experiment.strategies), experiment.table_size)
    return [resolve(n).name for n in seated]


def played(experiment: SimulateExperiment) -> list:
    """The seated strategies, resolved (for the kernel the workers need)."""
    return [resolve(n) for n in seats_of(experiment)]


def chunks(experiment: SimulateExperiment) -> list[dict]:
    """One chunk per block of ``chunk_games`` game indices, in order."""
    size = experiment.chunk_games or CHUNK_GAMES
    return [{"first": first, "games": n} for first, n in game_blocks(experiment.games, size)]


def run_chunk(experiment: SimulateExperiment, chunk: dict, threads: int = 1) -> dict:
    """Play one chunk's games; its per-seat table as Parquet bytes (:func:`table_bytes`)."""
    frame = play_games(
        chunk["games"],
        experiment.table_size,
        seats_of(experiment),
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
        strategies=seats_of(experiment),
        rotate=experiment.rotate,
        contest_sampling="dice" if experiment.dice_contest else "exact table",
        tiles_label="assumed" if rules.tiles_assumed else "user file",
        chunk_size=experiment.chunk_games or CHUNK_GAMES,
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
                seats_of(experiment),
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
