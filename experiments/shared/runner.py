"""Running an experiment: its chunks, their checkpoints, ``--resume`` and parallel workers.

:func:`run_experiment` asks the experiment's kind (:mod:`experiments.shared.kinds`) for its chunks
and has the one chunk store (:class:`experiments.shared.chunk_store.ChunkStore`) play each
(serially, or on a backend: :func:`experiments.shared.backends.run_tasks` is the one seam for
parallel chunks) and save every finished chunk atomically under ``folder/chunks/``; a rerun with
``--resume`` loads those and plays only the rest, so an interrupted run loses at most the chunks
in flight and never counts one twice. Statistics are summed key by key in chunk order (or by the
kind's ``merge``), so chunking, workers, backends and resuming never change a figure. The kind's
``finish`` then writes the files. A kind whose chunk results are tables rather than sums
(``simulate``: ``STREAMED``) is not merged in memory: ``finish`` reads its chunks back one at a
time from their checkpoint files, in chunk order, and the chunk files go once it has written its
files. A kind whose chunks depend on earlier ones (``train``) runs its own passes (``run``) on the
backend the runner prepares, after the same checks of the folder, its chunks through the same
store. Every experiment goes through this one door: ``mammoth run`` with the experiments of its
files, each command of a kind (``mammoth commit``, ``worth``, ``compare``, ``train``...) with the
one its options make (:func:`experiments.shared.definition.experiment_from_settings`).

Checkpoints defend themselves (:mod:`experiments.shared.checkpoints`, the one checkpoint format): a
chunk file carries the experiment's fingerprint, the chunk's key and a checksum of its arrays,
and the store checks all three, so a truncated, damaged, foreign or misplaced chunk is computed
again (and said so), never merged. ``--resume`` needs the folder's intact
``experiment.json`` (:func:`check_resume`); a run into a folder of another kind's run is refused
(:func:`check_kind`), so a folder holds one run's files. Every path written is proven to lie
inside the folder (:func:`experiments.shared.files.inside`), and checked to be free for it before
the run writes or deletes anything (:func:`check_paths`), so a refused run changes nothing.

A backend runs tasks somewhere else (:mod:`experiments.shared.backends`: local processes, or
:class:`experiments.shared.cluster.DaskBackend` on a Dask cluster).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np

from experiments.shared.backends import PoolBackend, executor
from experiments.shared.checkpoints import chunk_path, fingerprint
from experiments.shared.chunk_store import ChunkStore
from experiments.shared.experiment import Experiment
from experiments.shared.files import atomic_write, inside, writable_folder
from experiments.shared.kinds import kind_module
from experiments.shared.limits import MAX_EXPERIMENT_BYTES
from sim.errors import InputError
from sim.textfiles import read_text


def read_saved_experiment(folder: Path) -> dict | None:
    """The experiment saved in ``folder/experiment.json``, None when there is none.

    Raises
    ------
    InputError
        When the file is damaged: not a small UTF-8 JSON object.
    """
    path = Path(folder) / "experiment.json"
    if not path.exists():
        return None
    damaged = f"{path} is damaged, so the chunks beside it cannot be trusted"
    try:
        saved = json.loads(read_text(path, "experiment.json", 4 * MAX_EXPERIMENT_BYTES))
    except InputError as exc:
        raise InputError(f"{damaged} ({exc}); rerun without --resume to start over") from None
    except (ValueError, RecursionError):
        raise InputError(f"{damaged} (not JSON); rerun without --resume to start over") from None
    if not isinstance(saved, dict):
        raise InputError(f"{damaged} (not an experiment); rerun without --resume to start over")
    return saved


def check_resume(experiment: Experiment, folder: str | Path, fresh_ok: bool = False) -> None:
    """Refuse ``--resume`` unless ``folder`` holds this experiment's intact ``experiment.json``.

    Parameters
    ----------
    experiment : experiments.shared.experiment.Experiment
        The experiment to resume.
    folder : path-like
        Its folder.
    fresh_ok : bool
        Let a folder with nothing to resume (no ``experiment.json`` and no chunk) start from the
        beginning: for a command of several experiments (``mammoth run`` of several files,
        ``mammoth demo``), where an interrupted run resumes the begun ones and starts the
        others. A command of one experiment refuses it (a mistyped ``--out`` would otherwise
        start a whole run without a word).

    Raises
    ------
    InputError
        No ``experiment.json`` (unless ``fresh_ok`` and no chunk either), a damaged one, or a
        different experiment's.
    """
    folder = Path(folder)
    saved = read_saved_experiment(folder)
    if saved is None:
        chunks = folder / "chunks"
        if chunks.is_dir() and any(chunks.glob("*.npz")):
            raise InputError(
                f"{folder} holds chunks but no experiment.json, so nothing says which experiment "
                "they belong to; rerun without --resume to start over"
            )
        if not fresh_ok:
            raise InputError(
                f"--resume: {folder} holds no experiment.json, so there is no run to resume; "
                "rerun without --resume to start one"
            )
        return
    if saved != json.loads(json.dumps(experiment.written)):
        raise InputError(f"{folder} holds a different experiment; resume needs the same one")


def check_kind(experiment: Experiment, folder: str | Path) -> None:
    """Refuse a run into a folder that holds another kind's run.

    A run replaces the files of an earlier run of its kind, but another kind writes other
    files: they would stay beside the new ones, and a folder would hold two runs' files. The
    folder's ``experiment.json`` says which kind ran there; one that cannot be read says nothing
    (the run replaces it).

    Raises
    ------
    InputError
        The folder's ``experiment.json`` is of another kind.
    """
    try:
        saved = read_saved_experiment(Path(folder))
    except InputError:
        return
    if saved is not None and saved.get("kind") != experiment.kind:
        raise InputError(
            f"{folder} holds a {saved.get('kind')!r} run, whose files a {experiment.kind!r} "
            "run would leave beside its own; choose another --out, or remove that folder first"
        )


def check_paths(experiment: Experiment, folder: str | Path) -> None:
    """Refuse a folder where the run could not write its own files, before it writes any.

    A run replaces ``experiment.json`` and the file of every chunk it computes under
    ``chunks/``, and without ``--resume`` first deletes the chunk files there. Something that is
    not a file where one of them goes (a folder, say) would stop the run halfway, with some of
    them already written or deleted; so each must be a file or free, and the folder and its
    ``chunks/`` folders or free. Nothing is read or written here.

    Raises
    ------
    InputError
        Naming the first path that is in the way.
    """
    folder = Path(folder)
    for path in (folder, folder / "chunks"):
        if path.exists() and not path.is_dir():
            raise InputError(f"{path} is not a folder; move it away, then run again")
    chunks = kind_module(experiment).chunks(experiment)
    paths = [folder / "experiment.json", *(chunk_path(folder, chunk) for chunk in chunks)]
    if (folder / "chunks").is_dir():
        paths += sorted((folder / "chunks").glob("*.npz"))  # deleted without --resume
    for path in paths:
        if path.exists() and not path.is_file():
            raise InputError(
                f"{path} is not a file but stands where the run keeps its {path.name}; move it "
                "away, then run again (nothing was changed)"
            )


def remove_leftovers(folder: Path) -> None:
    """Delete what a killed run's unfinished writes left: the hidden temporary files of
    :func:`~experiments.shared.files.atomic_write` beside ``experiment.json`` and the chunk files
    (``.NAME.XXXXXXXX.tmp``); nothing else is touched."""
    folder = Path(folder)
    leftovers = [*folder.glob(".experiment.json.*.tmp")]
    if (folder / "chunks").is_dir():
        leftovers += (folder / "chunks").glob(".*.npz.*.tmp")
    for leftover in leftovers:
        if leftover.is_file() and not leftover.is_symlink():
            inside(leftover).unlink()


def _run_one(experiment: Experiment, chunk: dict, threads: int = 1) -> dict:
    module = kind_module(experiment)
    if getattr(module, "THREADED", False):
        return module.run_chunk(experiment, chunk, threads)
    return module.run_chunk(experiment, chunk)


def merge(parts: list[dict]) -> dict:
    """Sum sufficient statistics key by key (in the given order)."""
    merged: dict = {}
    for part in parts:
        for key, value in part.items():
            merged[key] = merged[key] + value if key in merged else np.array(value, copy=True)
    return merged


def _backend(module, experiment, workers, backend, tasks: int):
    """Where ``tasks`` chunks of the experiment run, with its players prepared there, and whether
    this run made it (then it closes it): ``backend``; else ``workers`` local processes when more
    than one task runs; else None (here)."""
    own = backend is None and workers > 1 and tasks > 1
    if own:
        backend = PoolBackend(executor(workers), workers, own=True)
    if backend is not None and tasks:
        try:
            backend.prepare(getattr(module, "played", lambda _: [])(experiment))
        except BaseException:
            if own:
                backend.close()
            raise
    return backend, own


def _run_passes(module, experiment, folder, tasks, workers, backend, command, say) -> None:
    """Have a kind with passes of its own (``run``) run its ``tasks`` chunks on the backend, or
    on ``workers`` local processes; its chunks and files are its own
    (:mod:`experiments.shared.kinds`), its progress lines go to ``say``. Returns what its
    ``run`` returns."""
    backend, own = _backend(module, experiment, workers, backend, tasks)
    try:
        return module.run(
            experiment,
            folder,
            command or f"run {experiment.source}",
            backend=backend,
            progress=say,
        )
    finally:
        if own:
            backend.close()


def run_experiment(
    experiment: Experiment,
    folder: str | Path,
    resume: bool = False,
    workers: int = 1,
    progress: bool = True,
    notice: Callable[[str], None] | None = None,
    backend=None,
    command: str | None = None,
    started: float | None = None,
    on_finish: Callable[[object], None] | None = None,
) -> dict:
    """Run every chunk of an experiment (reusing saved ones with ``resume``) and finish it.

    With ``resume``, a saved chunk is used only if the chunk store
    (:class:`~experiments.shared.chunk_store.ChunkStore`) finds it intact and this experiment's;
    any other is computed again, and ``notice`` (default: a line on stderr) says so. ``resume``
    needs the folder's ``experiment.json`` (:func:`check_resume`).

    Parameters
    ----------
    experiment : experiments.shared.experiment.Experiment
        The experiment (:func:`experiments.shared.definition.load_experiment`).
    folder : path-like
        Where its chunks and files go.
    resume : bool
        Keep the chunks an earlier run of the same experiment saved there.
    workers : int
        Local processes, when no ``backend`` is given; for a ``THREADED``
        kind, the kernel threads that share each chunk instead.
    progress : bool
        Show a progress bar over the chunks.
    notice : callable, optional
        Called with a line for each saved chunk that is computed again.
    backend : optional
        Run the chunks on this backend (e.g. :class:`experiments.shared.cluster.DaskBackend`, or
        an executor of one's own in a :class:`~experiments.shared.backends.PoolBackend`); the
        caller closes it.
    command : str, optional
        What run.json says produced the files (default ``run SOURCE``: ``mammoth run`` of the
        experiment's file); ``mammoth commit``, ``worth`` and ``compare`` give their name.
    started : float, optional
        :func:`time.perf_counter` at the start of the command: run.json records the seconds
        since, unless a saved chunk was reused (then the time is not one run's).
    on_finish : callable, optional
        Called with what the kind's ``finish`` returns (a text the command prints, say), when
        the kind finishes here (a kind that runs its own passes finishes inside them).

    Returns
    -------
    dict or object
        The merged statistics; for a ``STREAMED`` kind, what its ``finish`` returns.
    """
    from tqdm import tqdm

    folder = inside(Path(folder))
    say = notice or (lambda message: print(f"mammoth: {message}", file=sys.stderr))
    module = kind_module(experiment)
    chunks = module.chunks(experiment)
    config_file = folder / "experiment.json"
    if resume:  # a command refused a run it cannot resume before (a library call starts afresh)
        check_resume(experiment, folder, fresh_ok=True)
    else:
        check_kind(experiment, folder)
    check_paths(experiment, folder)  # before anything is written or deleted
    writable_folder(folder)
    if not resume and (folder / "chunks").exists():
        for old in (folder / "chunks").glob("*.npz"):
            inside(old).unlink()
    remove_leftovers(folder)
    atomic_write(config_file, lambda tmp: tmp.write_text(json.dumps(experiment.written, indent=2)))
    if hasattr(module, "run"):  # a kind whose chunks depend on earlier ones runs its passes
        ran = _run_passes(module, experiment, folder, len(chunks), workers, backend, command, say)
        if on_finish is not None:
            on_finish(ran)
        return {}
    streamed = getattr(module, "STREAMED", False)  # chunks read back from their files at the end
    threaded = getattr(module, "THREADED", False)  # --workers: threads sharing each chunk
    store = ChunkStore(folder, fingerprint(experiment.written), say, keep=not streamed)
    reused = len(store.saved(chunks)) if resume else 0
    processes = 1 if threaded else workers
    backend, own = _backend(module, experiment, processes, backend, len(chunks) - reused)
    bar = tqdm(total=len(chunks), initial=reused, unit="chunk", disable=not progress)
    threads = workers if threaded else 1
    try:
        results = store.get(
            chunks, _run_one, lambda c: (experiment, c, threads), backend, lambda _: bar.update()
        )
    finally:
        bar.close()
        if own:
            backend.close()
    command = command or f"run {experiment.source}"
    started = started if not reused else None
    if streamed:
        written = module.finish(
            experiment, store.read(chunks), folder, command=command, started=started
        )
        if on_finish is not None:
            on_finish(written)
        store.remove(chunks)  # the files hold them now
        return written
    combine = getattr(module, "merge", merge)
    merged = combine(results)
    finished = module.finish(experiment, merged, folder, command=command, started=started)
    if on_finish is not None:
        on_finish(finished)
    return merged
