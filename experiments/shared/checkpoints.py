"""Checkpoints: the one format of a saved chunk of an experiment, and its identity.

A chunk file (:func:`save_chunk`) is a plain ``.npz`` (no pickle) of the chunk's statistics and
:data:`CHUNK_META`, a JSON text of the format version, the experiment's :func:`fingerprint`, the
chunk's key and a :func:`checksum` of the statistics; :func:`load_chunk` checks them all, so a
truncated, damaged, foreign or misplaced chunk is never merged. It lives at
:func:`chunk_path` in the experiment's folder. Every kind's chunks are loaded, played and saved
by the one chunk store (:class:`experiments.shared.chunk_store.ChunkStore`), the only reader and
writer of these files (``simulate``'s too: each chunk's per-seat table as the bytes of a Parquet
file). This is the one checkpoint format: one canonical form (:func:`canonical`) and one
:func:`checksum`.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np

from experiments.shared.files import atomic_write
from sim import ENGINE_VERSION

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


def saved_key(path: Path) -> dict | None:
    """The chunk a chunk file says it holds (its key), unchecked; None when it says none.

    :func:`load_chunk` then checks the file against that key (its experiment, its checksum).
    """
    try:
        with np.load(path, allow_pickle=False) as data:
            raw = data[CHUNK_META] if CHUNK_META in data.files else None
        meta = json.loads(str(raw.item())) if raw is not None and raw.shape == () else None
    except Exception:  # any failure to read it: no key
        return None
    chunk = meta.get("chunk") if isinstance(meta, dict) else None
    return chunk if isinstance(chunk, dict) else None


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


__all__ = [
    "CHUNK_FORMAT",
    "CHUNK_META",
    "canonical",
    "checksum",
    "chunk_path",
    "fingerprint",
    "load_chunk",
    "save_chunk",
    "saved_key",
]
