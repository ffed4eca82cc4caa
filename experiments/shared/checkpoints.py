"""Checkpoints: the one format of a saved chunk of an experiment, and its identity.

A chunk file (:func:`save_chunk`) is a plain ``.npz`` (no pickle) of the chunk's statistics and
:data:`CHUNK_META`, a JSON text of the format version, the experiment's :func:`fingerprint`, the
chunk's key and a :func:`checksum` of the statistics; :func:`load_chunk` checks them all, so a
truncated, damaged, foreign or misplaced chunk is never merged. It lives at
:func:`chunk_path` in the experiment's folder. The runner (:mod:`experiments.shared.runner`) saves
and loads every kind's chunks through these (``simulate``'s too: each chunk's per-seat table as
the bytes of a Parquet file, read back one at a time by :func:`read_chunks`); a kind with passes of
its own (``analyse``) too. This is the one checkpoint format: one canonical form
(:func:`canonical`) and one :func:`checksum`.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from pathlib import Path

import numpy as np

from experiments.shared.files import atomic_write
from sim import ENGINE_VERSION
from sim.errors import InputError

CHUNK_FORMAT = 1
"""Version of the chunk file layout (:func:`save_chunk`)."""

CHUNK_META = "__chunk__"
"""The array of a chunk file that says what it holds (JSON text): never a statistic's name."""


def canonical(document) -> str:
    """A document as one canonical JSON text (keys sorted, no spaces): what is hashed."""
    return json.dumps(document, sort_keys=True, separators=(",", ":"))


def fingerprint(config: dict) -> str:
    """A hash of the experiment (every setting, as JSON) and of the engine's behaviour version
    (:data:`sim.ENGINE_VERSION`): what its chunk files must carry, so a chunk played before a
    change of play is never merged into a run after it."""
    document = {"experiment": config, "engine_version": ENGINE_VERSION}
    return hashlib.sha256(canonical(document).encode()).hexdigest()


def chunk_path(folder: Path, chunk: dict) -> Path:
    """Where the chunk's file goes in the experiment's folder (named by a hash of its key)."""
    key = hashlib.sha256(json.dumps(chunk, sort_keys=True).encode()).hexdigest()[:20]
    return Path(folder) / "chunks" / f"{key}.npz"


def checksum(stats: dict) -> str:
    """A hash of a chunk's statistics: every array's name, dtype, shape and bytes, by name."""
    digest = hashlib.sha256()
    for key in sorted(stats):
        array = np.ascontiguousarray(stats[key])
        digest.update(canonical([key, array.dtype.str, list(array.shape)]).encode())
        digest.update(array.tobytes())
    return digest.hexdigest()


def save_chunk(path: Path, stats: dict, fingerprint: str, chunk: dict) -> None:
    """Save a chunk's statistics atomically, with what identifies them.

    The file is a plain ``.npz`` (no pickle): the statistics, and :data:`CHUNK_META`, a JSON
    text of the format version, the experiment's :func:`fingerprint`, the chunk's key and the
    :func:`checksum` of the statistics; :func:`load_chunk` checks them all.
    """
    if CHUNK_META in stats:
        raise ValueError(f"{CHUNK_META} is reserved for the chunk's identity")
    meta = {
        "format": CHUNK_FORMAT,
        "experiment": fingerprint,
        "chunk": chunk,
        "checksum": checksum(stats),
    }

    def write(tmp: Path) -> None:
        with open(tmp, "wb") as handle:
            np.savez(handle, **stats, **{CHUNK_META: np.array(canonical(meta))})

    atomic_write(path, write)


def load_chunk(path: Path, fingerprint: str, chunk: dict) -> tuple[dict | None, str]:
    """Load a saved chunk if it is intact and this experiment's and this chunk's.

    Returns
    -------
    stats : dict or None
        The statistics, or None when the file cannot be used.
    problem : str
        Why it cannot be used (empty when it can): unreadable, not a chunk file, another
        experiment's, another chunk's, or damaged (the checksum differs).
    """
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {k: data[k] for k in data.files}
    except Exception as exc:  # any failure to read it means a damaged file
        return None, f"unreadable ({type(exc).__name__})"
    raw = arrays.pop(CHUNK_META, None)
    try:
        meta = json.loads(str(raw.item())) if raw is not None and raw.shape == () else None
    except (ValueError, RecursionError):
        meta = None
    if not isinstance(meta, dict) or meta.get("format") != CHUNK_FORMAT:
        return None, "not a chunk file of this version (no identity)"
    if meta.get("experiment") != fingerprint:
        return None, "saved by a different experiment"
    if canonical(meta.get("chunk")) != canonical(chunk):
        return None, "holds a different chunk"
    if meta.get("checksum") != checksum(arrays):
        return None, "damaged (its checksum does not match)"
    return arrays, ""


def saved_chunks(
    folder: Path, mark: str, chunks: list[dict], say=None, load: bool = True
) -> dict[int, dict | None]:
    """The chunks an interrupted run of the experiment saved in ``folder`` that
    :func:`load_chunk` finds intact and its own, by index; ``say`` is told of every other one
    (it is computed again).

    Parameters
    ----------
    folder : pathlib.Path
        The experiment's folder.
    mark : str
        The experiment's :func:`fingerprint`.
    chunks : list of dict
        Every chunk of the run, in order.
    say : callable, optional
        Called with a line for each saved chunk that cannot be used.
    load : bool
        Keep each intact chunk's statistics; False: only check it and keep None (bounded memory:
        :func:`read_chunks` reads it again when it is used).
    """
    kept: dict[int, dict | None] = {}
    for i, chunk in enumerate(chunks):
        path = chunk_path(folder, chunk)
        if not path.exists():
            continue
        loaded, problem = load_chunk(path, mark, chunk)
        if loaded is not None:
            kept[i] = loaded if load else None
        elif say is not None:
            say(f"chunk {path.name} {problem}: computing it again")
    return kept


def read_chunks(folder: Path, mark: str, chunks: list[dict]) -> Iterator[dict]:
    """Every chunk of a finished run, read back from its file one at a time, in chunk order.

    For a kind whose chunk results are tables (:mod:`experiments.shared.kinds`, ``STREAMED``):
    memory holds one chunk at a time, however many the run has.

    Parameters
    ----------
    folder : pathlib.Path
        The experiment's folder.
    mark : str
        The experiment's :func:`fingerprint`.
    chunks : list of dict
        Every chunk of the run, in order; each saved and intact.

    Yields
    ------
    dict
        The statistics of each chunk, as :func:`load_chunk` reads them.

    Raises
    ------
    InputError
        A chunk file damaged or gone since it was saved (rerun with ``--resume``).
    """
    for chunk in chunks:
        path = chunk_path(folder, chunk)
        stats, problem = load_chunk(path, mark, chunk)
        if stats is None:
            raise InputError(
                f"chunk {path.name} {problem} since it was saved; rerun with --resume to compute "
                "it again"
            )
        yield stats


__all__ = [
    "CHUNK_FORMAT",
    "CHUNK_META",
    "canonical",
    "checksum",
    "chunk_path",
    "fingerprint",
    "load_chunk",
    "read_chunks",
    "save_chunk",
    "saved_chunks",
]
