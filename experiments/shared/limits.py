"""The documented upper limits of every size a user can ask for, in one place.

Every command and experiment file checks its sizes against these before anything runs, so a
hostile or careless number (``--games 2**64``, ``--scale inf``, ``games = 2**63 - 1``) gets one
line and exit code 2 instead of a hang, a ``MemoryError`` or an overflow. The limits are sized for
a machine with 24 GB of memory: what is held in memory at once is a chunk of games (at most
:data:`MAX_CHUNK_GAMES` per worker, about 1 KB a game; ``simulate`` too) or a tuning
candidate's games (:data:`MAX_TUNE_GAMES`); the rest only costs time. The "Limits" table of
docs/commands.md lists them.

The limits of the data files a user hands in live next to their readers and are repeated here:
:data:`MAX_TILES` and :data:`MAX_TILE_FILE_BYTES` (:mod:`sim.data`), :data:`MAX_PRESET_BYTES`
(:mod:`strategies.presets`) and :data:`MAX_TOML_DEPTH` (:mod:`sim.textfiles`).
"""

from __future__ import annotations

import math

from sim.data import MAX_TILE_FILE_BYTES, MAX_TILES
from sim.errors import InputError
from sim.textfiles import MAX_TOML_DEPTH
from strategies.presets import MAX_PRESET_BYTES

MAX_GAMES = 100_000_000
"""Games of a statistics run: per table (``compare``), per table and arm (``worth``), per arm
(``commit``), after ``--scale``; chunked, so only time grows with it."""

MAX_POSITION_GAMES = 1_000
"""Games of ``mammoth simulate --positions`` whose herd decisions are written as position files
(some 60 files of about 6 kB per game at 4 players)."""

MAX_SIMULATE_GAMES = 10_000_000
"""Games of ``mammoth simulate``. Its table is written a chunk at a time and streamed into one
file, so memory stays at about one chunk (about 400 MB of peak RSS at the default chunk size);
the limit bounds the file on disk and the time."""

MAX_TUNE_GAMES = 1_000_000
"""Games per candidate and fresh games of ``mammoth tune`` (each block is played at once)."""

MAX_CHUNK_GAMES = 200_000
"""Games of one chunk (``--chunk-size``, ``chunk_games``): what one worker holds at once."""

MAX_CHUNKS = 100_000
"""Chunks of one run (every table, condition and block of games): each is a checkpoint file and
a set of statistics kept until the run is merged."""

MAX_WORKERS = 32
"""Parallel workers (``--workers``): processes or threads, each holding one chunk."""

MAX_SEED = 2**63 - 1
"""The largest seed (the largest integer a TOML file can hold)."""

MAX_MAMMOTH_POINTS = 100
"""Points of the mammoth majority (the game's is 10; scores are 16-bit in the engine)."""

MAX_PRIZE_POINTS = 1_000.0
"""Largest prize value of the commitment solver (``--first-bonus``... , in points)."""

MAX_PRIZE_VALUES = 8
"""Values per prize of the solver's grid (``--first-bonus 3 5 ...``)."""

MAX_STRATEGIES = 16
"""Strategies of a league or a ``worth`` run (16 strategies make 1,820 four-player tables)."""

MAX_DEVIATIONS = 40
"""One-seat deviations of a card's check or derivation (each is one arm of games: the cost grows
with them one by one, not as a league's tables do)."""

MAX_RUNGS = 40
"""Players of a strength ladder (``mammoth ladder``): its tables grow with the rungs, not their
combinations (40 rungs make at most 77 heads-up and 37 four-player tables)."""

MAX_MC = 1_000_000_000
"""Contests rolled die by die by ``contest odds --mc`` and ``contest report --mc``."""

MAX_ITERATIONS = 1_000
"""Iterations of ``mammoth tune``."""

MAX_POPULATION = 1_000
"""Candidates per iteration of ``mammoth tune``."""

MAX_SIGMA = 10.0
"""Largest initial spread of ``mammoth tune`` (log units: e**10 is a factor of 22,000)."""

MAX_SCALE = 10_000.0
"""Largest ``--scale`` of ``run`` and ``demo`` (the scaled games must stay within
:data:`MAX_GAMES`)."""

MAX_EXPERIMENT_BYTES = 1_000_000
"""Size of an experiment file (read before parsing)."""

MAX_NAME_LENGTH = 64
"""Length of an experiment's ``name`` (a folder name; see :mod:`experiments.shared.definition`)."""

__all__ = [
    "MAX_CHUNKS",
    "MAX_CHUNK_GAMES",
    "MAX_DEVIATIONS",
    "MAX_EXPERIMENT_BYTES",
    "MAX_GAMES",
    "MAX_ITERATIONS",
    "MAX_MAMMOTH_POINTS",
    "MAX_MC",
    "MAX_NAME_LENGTH",
    "MAX_POPULATION",
    "MAX_PRESET_BYTES",
    "MAX_PRIZE_POINTS",
    "MAX_PRIZE_VALUES",
    "MAX_SCALE",
    "MAX_SEED",
    "MAX_SIGMA",
    "MAX_POSITION_GAMES",
    "MAX_SIMULATE_GAMES",
    "MAX_RUNGS",
    "MAX_STRATEGIES",
    "MAX_TILES",
    "MAX_TILE_FILE_BYTES",
    "MAX_TOML_DEPTH",
    "MAX_TUNE_GAMES",
    "MAX_WORKERS",
    "check_blocks",
]


def check_blocks(games: int, chunk_games: int, what: str = "chunk size") -> int:
    """The number of blocks of ``chunk_games`` that cover ``games``, at most :data:`MAX_CHUNKS`.

    Parameters
    ----------
    games, chunk_games : int
        Games to play and games per chunk (both checked already, at least 1).
    what : str
        How the chunk size is named in the message (``--chunk-size``, ``chunk_games``).

    Returns
    -------
    int
        ``ceil(games / chunk_games)``.

    Raises
    ------
    InputError
        When the blocks would exceed :data:`MAX_CHUNKS`.
    """
    blocks = math.ceil(games / chunk_games)
    if blocks > MAX_CHUNKS:
        raise InputError(
            f"{games:,} games in chunks of {chunk_games:,} make {blocks:,} chunks; at most "
            f"{MAX_CHUNKS:,}: raise the {what} to {math.ceil(games / MAX_CHUNKS):,} or more"
        )
    return blocks


def game_blocks(games: int, size: int) -> list[tuple[int, int]]:
    """``(start, n)`` of the blocks of at most ``size`` game indices that cover ``0..games-1``.

    A kind's chunk holds whole game indices (every table and arm of them), which is what its
    paired statistics cluster on, so chunk results merge exactly.
    """
    return [(start, min(size, games - start)) for start in range(0, games, size)]
