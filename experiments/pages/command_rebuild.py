"""A committed result folder made anew from its commands
(:class:`~experiments.shared.pages.Source`).

Each command runs in a process of its own (``mammoth`` as a reader types it, ``--out`` a
temporary folder beside the target, ``--workers`` added when asked: no figure depends on it).
The files the folder keeps, or the summary of the outputs, and a ``run.json`` recording the
commands go to a second temporary folder, which then replaces the committed one: a failed or
interrupted rebuild leaves the committed folder as it was.

A recorded folder (:attr:`~experiments.shared.pages.Source.recorded`, a card's derivation of tens
of minutes) gets beside it the recording of every chunk its command played
(:func:`~experiments.shared.chunk_record.record`), written by the same rebuild. With ``replay``
its command runs with ``--resume`` in a folder seeded from the committed recording
(:func:`~experiments.shared.chunk_record.seed`): it plays no game, only finishes the run (its
race's decisions, its figures, its files), and the rebuild refuses a recording from which the
command had to play a chunk (a stale one).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from experiments.shared.chunk_record import record, seed
from experiments.shared.files import atomic_write, write_csv, write_json
from experiments.shared.pages import RESULTS, Source, recording_of, words
from sim import ENGINE_VERSION
from sim.errors import InputError

ENTRY = "from experiments.cli import main; main()"
"""How a command is run: ``mammoth`` of the running interpreter."""


def run_recorded(command: str, out: Path, workers: int | None, echo, resume: bool = False) -> dict:
    """Run one recorded command with ``--out OUT`` (and ``--resume``) and return the
    ``run.json`` it wrote.

    Raises
    ------
    InputError
        When the command fails (its exit code named).
    """
    args = [*words(command), "--out", str(out)]
    if workers is not None:
        args += ["--workers", str(workers)]
    if resume:
        args.append("--resume")
    echo(f"+ {command}{' --resume' if resume else ''}")
    done = subprocess.run([sys.executable, "-c", ENTRY, *args], check=False)
    if done.returncode != 0:
        raise InputError(f"{command} failed (exit code {done.returncode})")
    return json.loads((out / "run.json").read_text(encoding="utf-8"))


def stage(source: Source, outputs: list[Path], runs: list[dict], staged: Path) -> Path:
    """Write into ``staged`` what the folder of ``source`` keeps of its commands' outputs.

    Parameters
    ----------
    source : Source
        The folder and its commands.
    outputs : list of pathlib.Path
        The commands' output folders, in order.
    runs : list of dict
        Their ``run.json`` documents.
    staged : pathlib.Path
        A new folder to write: the kept files (or the summary) and ``run.json``.

    Returns
    -------
    pathlib.Path
        ``staged``.
    """
    staged.mkdir()
    if source.summarise is not None:
        for name, frame in source.summarise(outputs).items():
            write_csv(staged / name, frame)
    else:
        for pattern in source.keep:
            found = sorted(outputs[0].glob(pattern))
            if not found:
                raise InputError(f"{source.commands[0]} wrote no {pattern}")
            for path in found:
                shutil.copyfile(path, staged / path.name)
    write_json(
        staged / "run.json",
        {
            "kind": "pages",
            "folder": source.name,
            "commands": list(source.commands),
            "seeds": [run.get("seed") for run in runs],
            "engine_version": ENGINE_VERSION,
            "runs": runs,
        },
    )
    return staged


def _chunk_files(out: Path) -> dict[str, int]:
    """The chunk files of a run folder, each with when it was last written."""
    return {p.name: p.stat().st_mtime_ns for p in sorted((out / "chunks").glob("*.npz"))}


def rebuild(
    source: Source,
    workers: int | None = None,
    echo=print,
    results: Path = RESULTS,
    replay: bool = False,
    recordings: Path | None = None,
) -> Path:
    """Make the committed folder of ``source`` anew from its commands (and, for a recorded
    folder, its recording beside it).

    Parameters
    ----------
    source : Source
        The folder and its commands.
    workers : int, optional
        ``--workers`` for each command (its figures do not depend on it).
    echo : callable
        Where progress lines go.
    results : pathlib.Path
        The folder of the result folders (default: the committed ones, ``docs/results``).
    replay : bool
        Finish a recorded folder's run from its recording (the command with ``--resume``, no
        game played) instead of playing it whole.
    recordings : pathlib.Path, optional
        Where the recording replayed is read (default: ``results``).

    Returns
    -------
    pathlib.Path
        The folder written.

    Raises
    ------
    InputError
        A command that fails; with ``replay``, a folder that keeps no recording, or a recording
        from which the command had to play a chunk (stale: rebuild the folder without
        ``replay``).
    """
    target = results / source.name
    target.parent.mkdir(parents=True, exist_ok=True)
    kept = recording_of(source.name, recordings or results)
    if replay and not (source.recorded and kept.is_file()):
        raise InputError(f"--replay: docs/results/{source.name} keeps no recording of its chunks")
    with tempfile.TemporaryDirectory(prefix=f".{target.name}-", dir=target.parent) as scratch:
        scratch = Path(scratch)
        outputs, runs = [], []
        for index, command in enumerate(source.commands):
            out = scratch / f"run{index}"
            seeded = {}
            if replay:
                seed(kept.read_bytes(), out)
                seeded = _chunk_files(out)
            runs.append(run_recorded(command, out, workers, echo, resume=replay))
            if replay and _chunk_files(out) != seeded:
                raise InputError(
                    f"the recording of docs/results/{source.name} is stale: {command} played "
                    "chunks it does not hold; rebuild the folder without --replay"
                )
            outputs.append(out)
        staged = stage(source, outputs, runs, scratch / "folder")
        recording = record(outputs[0]) if source.recorded else None
        old = scratch / "old"
        if target.exists():
            target.rename(old)
        staged.rename(target)
        if recording is not None:
            mine = recording_of(source.name, results)
            atomic_write(mine, lambda tmp: tmp.write_bytes(recording))
    return target
