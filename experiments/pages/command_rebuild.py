"""A committed result folder made anew from its commands
(:class:`~experiments.shared.pages.Source`).

Each command runs in a process of its own (``mammoth`` as a reader types it, ``--out`` a
temporary folder beside the target, ``--workers`` added when asked: no figure depends on it).
The files the folder keeps, or the summary of the outputs, and a ``run.json`` recording the
commands go to a second temporary folder, which then replaces the committed one: a failed or
interrupted rebuild leaves the committed folder as it was.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from experiments.shared.files import write_csv, write_json
from experiments.shared.pages import RESULTS, Source, words
from sim import ENGINE_VERSION
from sim.errors import InputError

ENTRY = "from experiments.cli import main; main()"
"""How a command is run: ``mammoth`` of the running interpreter."""


def run_recorded(command: str, out: Path, workers: int | None, echo) -> dict:
    """Run one recorded command with ``--out OUT`` and return the ``run.json`` it wrote.

    Raises
    ------
    InputError
        When the command fails (its exit code named).
    """
    args = [*words(command), "--out", str(out)]
    if workers is not None:
        args += ["--workers", str(workers)]
    echo(f"+ {command}")
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


def rebuild(
    source: Source, workers: int | None = None, echo=print, results: Path = RESULTS
) -> Path:
    """Make the committed folder of ``source`` anew from its commands.

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

    Returns
    -------
    pathlib.Path
        The folder written.
    """
    target = results / source.name
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=f".{target.name}-", dir=target.parent) as scratch:
        scratch = Path(scratch)
        outputs, runs = [], []
        for index, command in enumerate(source.commands):
            out = scratch / f"run{index}"
            runs.append(run_recorded(command, out, workers, echo))
            outputs.append(out)
        staged = stage(source, outputs, runs, scratch / "folder")
        old = scratch / "old"
        if target.exists():
            target.rename(old)
        staged.rename(target)
    return target
