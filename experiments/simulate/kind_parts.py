"""A ``mammoth simulate`` run: its games in parts, on any backend, resumable, in bounded memory.

:func:`run_games` splits the run into parts of ``chunk_size`` game indices, plays each (here, or
as tasks on a backend of :mod:`experiments.shared.runner`) into a part file of
:mod:`experiments.simulate.report`, then streams the parts into ``OUT/games.parquet``. A game is a
pure function of the seed and its index, and the parts are merged in index order, so the table
is the same whatever the part size, the backend, or the interruptions along the way; with
``resume`` a run keeps the intact parts an interrupted run of the same settings left (each part
carries the run's key and a checksum: :func:`experiments.simulate.report.check_part`).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from experiments.shared.backends import run_tasks
from experiments.shared.limits import game_blocks
from experiments.simulate.analysis import Tally
from experiments.simulate.report import (
    TABLE,
    check_parts,
    merge_parts,
    open_parts,
    part_bytes,
    part_path,
    parts_folder,
    remove_parts,
    run_key,
    save_part,
)
from sim.rules import Rules


@dataclass(frozen=True)
class GameRun:
    """What a simulate run plays: everything that decides its table.

    Attributes
    ----------
    games, players : int
        Games and seats at the table.
    seats : tuple of str
        The strategy of each seat (resolved names).
    seed : int
        The run's seed.
    rules : Rules
        The rules in force.
    rotate : bool
        Rotate the seats by one each game.
    chunk_size : int
        Games per part.
    debug, dice_contest : bool
        Check invariants after every phase; roll the taming dice instead of exact draws.
    """

    games: int
    players: int
    seats: tuple[str, ...]
    seed: int
    rules: Rules
    rotate: bool = False
    chunk_size: int = 50_000
    debug: bool = False
    dice_contest: bool = False

    def blocks(self) -> list[tuple[int, int]]:
        """``(first game, games)`` of each part, in order."""
        return game_blocks(self.games, self.chunk_size)

    def fingerprint(self) -> dict:
        """The settings as a JSON-ready dict: parts resume only into a run with the same one."""
        return {
            "games": self.games,
            "players": self.players,
            "seats": list(self.seats),
            "seed": self.seed,
            "rules": self.rules.to_dict(),
            "rotate": self.rotate,
            "chunk_size": self.chunk_size,
            "debug": self.debug,
            "dice_contest": self.dice_contest,
        }

    def key(self) -> str:
        """A hash of :meth:`fingerprint`: what each of the run's parts carries."""
        return run_key(self.fingerprint())

    def check_resume(self, out: str | Path) -> None:
        """Refuse ``--resume`` into ``out`` unless its parts are this run's (changes nothing).

        Raises
        ------
        InputError
            What :func:`experiments.simulate.report.check_parts` refuses.
        """
        check_parts(parts_folder(out), self.fingerprint())


def play_part(run: GameRun, index: int, first: int, games: int, threads: int = 1) -> bytes:
    """Play one part of a run and return it as the bytes of a Parquet file.

    Parameters
    ----------
    run : GameRun
        The run.
    index : int
        The part's index.
    first, games : int
        Its first game index and its number of games.
    threads : int
        Threads of the kernel (the table does not depend on it).

    Returns
    -------
    bytes
        :func:`experiments.simulate.report.part_bytes` of the per-seat table.
    """
    from strategies.play import play_games

    frame = play_games(
        games,
        run.players,
        list(run.seats),
        seed=run.seed,
        rules=run.rules,
        first_game=first,
        rotate=run.rotate,
        threads=threads,
        debug=run.debug,
        dice_contest=run.dice_contest,
    )
    return part_bytes(frame, run.key(), index, first, games)


def run_games(
    run: GameRun,
    out: str | Path,
    meta: dict,
    resume: bool = False,
    threads: int = 1,
    backend=None,
    progress: bool = True,
    notice: Callable[[str], None] | None = None,
) -> Tally:
    """Play a run into ``out/games.parquet`` part by part and return its tally.

    Parameters
    ----------
    run : GameRun
        What to play.
    out : path-like
        The output folder.
    meta : dict
        JSON-ready metadata for the table's schema (``run.json``'s document).
    resume : bool
        Keep the parts an interrupted run of the same settings left in ``out/games.parts``.
    threads : int
        Kernel threads per part.
    backend : optional
        Where the parts are played (:mod:`experiments.shared.runner`); None: here, one after
        another.
    progress : bool
        Show a progress bar over the games.
    notice : callable, optional
        Called with a line for each saved part that is played again (default: a line on
        stderr).

    Returns
    -------
    Tally
        The per-strategy totals of every game.

    Raises
    ------
    InputError
        With ``resume``, when ``out`` holds parts of a run with other settings or a damaged
        ``parts.json`` (:func:`experiments.simulate.report.check_parts`).
    """
    from tqdm import tqdm

    from strategies.registry import resolve

    out = Path(out)
    folder = parts_folder(out)
    blocks = run.blocks()
    say = notice or (lambda message: print(f"mammoth: {message}", file=sys.stderr))
    done = open_parts(folder, run.fingerprint(), resume, blocks, say)
    todo = {i: (run, i, *blocks[i], threads) for i in range(len(blocks)) if i not in done}
    if backend is not None and todo:
        backend.prepare([resolve(name) for name in run.seats])
    finished = sum(blocks[i][1] for i in done)
    bar = tqdm(total=run.games, initial=finished, unit="game", disable=not progress, leave=False)
    with bar:

        def keep(index: int, data: bytes) -> None:
            save_part(part_path(folder, index), data)
            bar.update(blocks[index][1])

        run_tasks(play_part, todo, keep, backend)
    tally = Tally()

    def count(table) -> None:
        nonlocal tally
        tally = tally + Tally.of(table.select(list(Tally.COLUMNS)).to_pandas())

    merge_parts(folder, len(blocks), out / TABLE, meta, count)
    remove_parts(folder)
    return tally


__all__ = ["GameRun", "play_part", "run_games"]
