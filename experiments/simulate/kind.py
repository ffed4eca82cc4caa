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
``resources_of_choice``.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

import numpy as np

from experiments.shared.files import run_metadata, write_json
from experiments.shared.limits import MAX_POSITION_GAMES, MAX_SIMULATE_GAMES, game_blocks
from experiments.shared.rules_setup import rules_from_settings
from experiments.shared.settings import (
    bool_setting,
    check_keys,
    int_setting,
    names_setting,
    rule_types,
)
from experiments.simulate.analysis import Tally
from experiments.simulate.report import TABLE, table_bytes, table_of, write_table
from experiments.simulate.report_positions import POSITIONS, write_positions
from sim.errors import InputError
from sim.rules import Rules
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
SETTINGS = tuple(DEFAULTS)
RULES = ("herd", "tiles", "mammoth_points", "tie", "resources_of_choice")
POSITION_BLOCK = 100
"""Games whose positions are made and written at a time (bounded memory)."""


def rules_of(config: dict) -> Rules:
    """The rules of the experiment (docs/rules.md defaults for what it leaves out)."""
    r = config.get("rules", {})
    return rules_from_settings(r, bool(r.get("herd", True)))


def seats_of(config: dict) -> list[str]:
    """The strategy of each seat, as resolved names."""
    players = int(config["players"][0])
    return [resolve(n).name for n in seat_names(list(config["strategies"]), players)]


def played(config: dict) -> list:
    """The seated strategies, resolved (for the kernel the workers need)."""
    return [resolve(n) for n in seats_of(config)]


def check(config: dict) -> None:
    """Check the settings before anything runs.

    Raises
    ------
    InputError
        Unknown or mistyped settings, more than one player count, unknown strategies or not one
        per seat, a herd setting that is not true or false, bad rules, too many games.
    """
    check_keys(config, SETTINGS, RULES)
    if len(config["players"]) != 1:
        raise InputError(f"players must be one count for kind simulate, not {config['players']}")
    if config["games"] > MAX_SIMULATE_GAMES:
        raise InputError(f"games must be at most {MAX_SIMULATE_GAMES:,} for kind simulate")
    names_setting(config, "strategies")
    for key in ("rotate", "debug", "dice_contest"):
        bool_setting(config, key)
    int_setting(config, "positions", low=0, high=MAX_POSITION_GAMES)
    rule_types(config)
    if not isinstance(config.get("rules", {}).get("herd", True), bool):
        raise InputError("rules.herd must be true or false for kind simulate")
    rules_of(config)
    seats_of(config)


def chunks(config: dict) -> list[dict]:
    """One chunk per block of ``chunk_games`` game indices, in order."""
    size = int(config.get("chunk_games", CHUNK_GAMES))
    return [{"first": first, "games": n} for first, n in game_blocks(config["games"], size)]


def run_chunk(config: dict, chunk: dict, threads: int = 1) -> dict:
    """Play one chunk's games; its per-seat table as Parquet bytes (:func:`table_bytes`)."""
    frame = play_games(
        chunk["games"],
        int(config["players"][0]),
        seats_of(config),
        seed=int(config["seed"]),
        rules=rules_of(config),
        first_game=chunk["first"],
        rotate=bool(config["rotate"]),
        threads=threads,
        debug=bool(config["debug"]),
        dice_contest=bool(config["dice_contest"]),
    )
    return {PART: np.frombuffer(table_bytes(frame), dtype=np.uint8)}


def metadata(config: dict, command: str = "simulate") -> dict:
    """The run.json document of a run (also stored in ``games.parquet``'s schema)."""
    rules = rules_of(config)
    return run_metadata(
        command,
        rules,
        kind="simulate",
        seed=int(config["seed"]),
        games=config["games"],
        players=int(config["players"][0]),
        strategies=seats_of(config),
        rotate=bool(config["rotate"]),
        contest_sampling="dice" if config["dice_contest"] else "exact table",
        tiles_label="assumed" if rules.tiles_assumed else "user file",
        chunk_size=int(config.get("chunk_games", CHUNK_GAMES)),
        files=[TABLE],
    )


class Simulated(NamedTuple):
    """What a finished simulate run returns to its command."""

    tally: Tally
    """The per-strategy totals of every game."""
    position_files: int
    """Position files written (``--positions``)."""


def finish(
    config: dict, parts, folder: Path, command: str = "simulate", started: float | None = None
) -> Simulated:
    """Stream the chunks into ``games.parquet``, write the positions asked for and run.json.

    Parameters
    ----------
    config : dict
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
    meta = metadata(config, command)
    tally = Tally()

    def count(table) -> None:
        nonlocal tally
        tally = tally + Tally.of(table.select(list(Tally.COLUMNS)).to_pandas())

    write_table((table_of(part[PART]) for part in parts), folder / TABLE, meta, count)
    positions = int(config["positions"])
    written = 0
    if positions:
        for start in range(0, positions, POSITION_BLOCK):
            found = game_positions(
                min(POSITION_BLOCK, positions - start),
                int(config["players"][0]),
                seats_of(config),
                int(config["seed"]),
                rules_of(config),
                first_game=start,
                rotate=bool(config["rotate"]),
                dice_contest=bool(config["dice_contest"]),
            )
            written += write_positions(folder / POSITIONS, found)
        meta["files"] = [TABLE, f"{POSITIONS}/"]
        meta["positions"] = {"games": positions, "files": written}
    write_json(folder / "run.json", meta)
    return Simulated(tally, written)
