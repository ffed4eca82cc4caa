"""``mammoth run``: run experiment files (TOML) in chunks, resumably; and the one door.

:func:`run_command` is how ``mammoth commit``, ``worth`` and ``compare`` run the experiment their
options make: through :func:`~experiments.shared.runner.run_experiment`, as ``mammoth run`` does, so
they share its chunks, ``--resume``, ``--workers`` and ``--dask``.
"""

from __future__ import annotations

import time
from pathlib import Path

import click

from experiments.shared.command_backend import chunk_backend, dask_options
from experiments.shared.command_options import (
    InputFile,
    RunSettings,
    announce_compile,
    command,
    games_option,
    out_option,
    resume_option,
    run_settings,
    scale_option,
    workers_option,
)
from experiments.shared.definition import load_experiment
from experiments.shared.experiment import Experiment
from experiments.shared.files import inside, writable_folder, writing_inside
from experiments.shared.kinds import games_label, kind_module, seated_names
from experiments.shared.limits import MAX_GAMES
from experiments.shared.runner import check_kind, check_paths, check_resume, run_experiment
from sim.errors import InputError

GAMES_HELP = (
    "Replace each file's games; what they count follows the kind: games per table (compare), "
    "per table and arm (worth), per arm (commit)."
)
WORKERS_HELP = "local processes, one chunk each"
"""What ``--workers`` means for every command that runs an experiment in chunks."""


@command("run")
@click.argument("files", nargs=-1, required=True, type=InputFile())
@out_option(
    "Parent folder: each experiment writes OUT/NAME/ (its tables, plots, run.json, "
    "experiment.json and chunks/).",
    default="results/run",
)
@scale_option()
@games_option(None, MAX_GAMES, GAMES_HELP)
@workers_option(WORKERS_HELP)
@resume_option()
@dask_options
@run_settings
def run_files(files, scale, games, run: RunSettings):
    """Run each experiment FILE into OUT/NAME; Ctrl-C keeps every finished chunk.

    Writes, per experiment, the files of its kind's command (tables, plots, run.json) and its
    checkpoints (experiment.json, chunks/) into OUT/NAME, NAME being the file's name setting.
    With --dask the chunks run on a Dask cluster; the files are those of a local run.
    """
    experiments = [load_experiment(f, scale=scale, games=games) for f in files]  # all checked first
    folders = experiment_folders(experiments, Path(run.out), run.resume)
    announce_compile([name for experiment in experiments for name in seated_names(experiment)])
    with (
        chunk_backend(run) as backend,
        writing_inside(run.out),
    ):
        for experiment, folder in zip(experiments, folders, strict=True):
            run_announced(experiment, folder, run.resume, run.workers, backend)
            click.echo(f"  wrote {folder}")


def experiment_folders(experiments: list[Experiment], out: Path, resume: bool) -> list[Path]:
    """The folder of each experiment, ``out/NAME``, checked before anything runs.

    Raises
    ------
    InputError
        Two experiments of one name (they would share a folder), a folder outside ``out``, or
        (with ``resume``) a folder that cannot be resumed
        (:func:`~experiments.shared.runner.check_resume`), or something that is not a file where the
        run writes one (:func:`~experiments.shared.runner.check_paths`).
    """
    folders = []
    seen: dict[str, str] = {}
    for experiment in experiments:
        name = experiment.name
        if name in seen:
            raise InputError(
                f"{experiment.source} and {seen[name]} are both named {name!r}: they would write "
                "into one folder; give one of them another name"
            )
        seen[name] = experiment.source
        folder = inside(out / name, out)
        if resume:  # several experiments: the ones not begun yet start from the beginning
            check_resume(experiment, folder, fresh_ok=len(experiments) > 1)
        else:
            check_kind(experiment, folder)
        check_paths(experiment, folder)
        folders.append(folder)
    return folders


def run_command(
    experiment: Experiment, run: RunSettings, names, command: str | None = None
) -> Path:
    """Run the experiment a command's options made into ``run.out``: the one door of every kind.

    Checks ``--resume`` before anything is written, says if the kernel compiles, opens the
    backend the options ask for (:func:`experiments.shared.command_backend.chunk_backend`) and runs
    the experiment's chunks through :func:`~experiments.shared.runner.run_experiment`, which saves
    them in ``out/chunks/`` (with ``out/experiment.json``) and has the kind write its files into
    ``out``. When the kind's ``finish`` returns a text (``metagame.md``'s, say), it is printed:
    a command prints what its kind returns, never its files read back.

    Parameters
    ----------
    experiment : experiments.shared.experiment.Experiment
        The experiment (:func:`experiments.shared.definition.experiment_from_settings`); its
        ``kind`` names the command in run.json.
    run : RunSettings
        The command's ``--out``, ``--resume``, ``--workers``, ``--dask`` and ``--numba-cache``,
        checked (:func:`experiments.shared.command_options.run_settings`).
    names : iterable of str
        The strategies the games seat, for the compile notice.
    command : str, optional
        What run.json names as the command (default: the kind's name); ``mammoth train`` gives
        its whole command line, which remakes the model.

    Returns
    -------
    pathlib.Path
        The folder written.

    Raises
    ------
    InputError
        A folder that cannot be resumed.
    """
    started = time.perf_counter()
    folder = Path(run.out)
    if run.resume:
        check_resume(experiment, folder)
    else:
        check_kind(experiment, folder)  # before the compile notice: a refusal is one line
    writable_folder(folder, keep=False)  # one line naming a folder it cannot write, early
    entries = getattr(
        kind_module(experiment), "ENTRIES", ("play",)
    )  # the kind's, first played first
    announce_compile(names, entry=entries[0])
    said: list[str] = []
    with (
        chunk_backend(run) as backend,
        writing_inside(folder),
    ):
        run_announced(
            experiment,
            folder,
            run.resume,
            run.workers,
            backend,
            command=command or experiment.kind,
            started=started,
            on_finish=lambda result: said.extend([result] if isinstance(result, str) else []),
        )
    for text in said:
        click.echo(text.rstrip())
    return folder


def run_announced(
    experiment: Experiment,
    folder: Path,
    resume: bool,
    workers: int,
    backend=None,
    command: str | None = None,
    started: float | None = None,
    on_finish=None,
) -> None:
    """Say what runs, run it into ``folder``, and on Ctrl-C say where its chunks are kept.

    Parameters
    ----------
    experiment : experiments.shared.experiment.Experiment
        The experiment (:func:`experiments.shared.definition.load_experiment`).
    folder : pathlib.Path
        Its folder, checked by :func:`experiment_folders`.
    resume : bool
        Keep the intact chunks of an interrupted run.
    workers : int
        Local processes (when no ``backend`` is given).
    backend : optional
        Where the chunks run (:func:`experiments.shared.command_backend.chunk_backend`); None: here
        or on ``workers`` local processes.
    command : str, optional
        What run.json names as the command (default: ``run`` and the experiment's file); a
        command's own run (:func:`run_command`) gives its name and says no headline.
    started : float, optional
        :func:`time.perf_counter` at the command's start, for run.json.
    on_finish : callable, optional
        Called with what the kind's ``finish`` returns
        (:func:`~experiments.shared.runner.run_experiment`).
    """
    if command is None:
        label = games_label(experiment)
        click.echo(f"{experiment.name}: {experiment.kind}, {experiment.games:,} {label}")
    try:
        run_experiment(
            experiment,
            folder,
            resume=resume,
            workers=workers,
            notice=lambda message: click.echo(f"  {message}", err=True),
            backend=backend,
            command=command,
            started=started,
            on_finish=on_finish,
        )
    except KeyboardInterrupt:
        click.echo(f"interrupted: finished chunks are kept in {folder}; rerun with --resume")
        raise


COMMAND = run_files
"""The command this module adds to ``mammoth`` (:mod:`experiments.cli` finds it)."""
