"""A finished run's chunks recorded in one compact file, and a run folder seeded from it.

A derivation of tens of minutes (``mammoth derive-card``) is not run again whole to show that its
committed folder follows from its command: ``mammoth docs --rebuild`` keeps, beside the folder, a
*recording* of every chunk the run played (:func:`record`), and ``mammoth docs --rebuild NAME
--replay`` seeds a run folder with them (:func:`seed`) and runs the recorded command with
``--resume``, so only the finish (the race's decisions, the certification's and the meta-game's
figures, the files) runs again, through the normal resume path. A test plays a sample of the
recorded chunks again from scratch and compares them with the recording
(``tests/test_derive_rebuild.py``), so the recording cannot drift from what the code plays.

The file is an ``xz`` stream (:mod:`lzma`, deterministic) of :data:`MAGIC`, the length of a JSON
header, the header and the numbers. The header holds the format (:data:`FORMAT`), the engine's
version, the experiment as its ``experiment.json`` holds it, its
:func:`~experiments.shared.checkpoints.fingerprint`, and per chunk (in the order of their keys)
its key, its :func:`~experiments.shared.checkpoints.checksum`, its arrays' names, dtypes and
shapes, and its text arrays (the statistics' group names) themselves. The numbers follow array
name by array name (every chunk's array of one name in a row, in the narrowest integer type that
holds them, their bytes shuffled by significance): sums of games compress best that way. Reading
it back (:func:`recorded`) checks every chunk's checksum, so a recording that does not give the
chunks it was made from is refused.

The chunk files themselves are read and written by the one chunk store
(:class:`~experiments.shared.chunk_store.ChunkStore`).
"""

from __future__ import annotations

import json
import lzma
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from experiments.shared.checkpoints import canonical, checksum, fingerprint
from experiments.shared.chunk_store import ChunkStore
from experiments.shared.files import atomic_write
from sim import ENGINE_VERSION
from sim.errors import InputError

FORMAT = 1
"""Version of the recording's layout."""
MAGIC = b"mammoth-chunks\n"
"""What a recording's stream starts with."""
MAX_BYTES = 256_000_000
"""The most a recording may unpack to (a damaged or foreign file is refused, not unpacked)."""
EXPERIMENT = "experiment.json"
"""The run's settings file in its folder (:func:`experiments.shared.runner.run_experiment`)."""
_INTEGERS = (np.int8, np.int16, np.int32, np.int64)


@dataclass(frozen=True)
class Recording:
    """A recording read back: the run's experiment and every chunk it played.

    Attributes
    ----------
    experiment : dict
        The experiment's settings, as its ``experiment.json`` holds them.
    mark : str
        Its :func:`~experiments.shared.checkpoints.fingerprint` (with the engine's version),
        which its chunk files carry.
    chunks : list of (dict, dict)
        ``(chunk, statistics)`` per chunk, in the order of their keys.
    """

    experiment: dict
    mark: str
    chunks: list[tuple[dict, dict]]


def _narrow(values: np.ndarray) -> np.ndarray:
    """Integers in the narrowest signed type that holds them all."""
    if values.size == 0:
        return values.astype(np.int8)
    low, high = int(values.min()), int(values.max())
    for kind in _INTEGERS:
        if np.iinfo(kind).min <= low and high <= np.iinfo(kind).max:
            return values.astype(kind)
    raise ValueError("integers beyond 64 bits")  # pragma: no cover - int64 holds every int64


def _shuffle(values: np.ndarray) -> bytes:
    """The bytes of ``values`` by significance: every first byte, then every second..."""
    raw = np.ascontiguousarray(values).view(np.uint8).reshape(-1, values.dtype.itemsize)
    return raw.T.tobytes()


def _unshuffle(data: bytes, dtype: np.dtype, count: int) -> np.ndarray:
    raw = np.frombuffer(data, dtype=np.uint8).reshape(dtype.itemsize, count)
    return np.ascontiguousarray(raw.T).view(dtype).reshape(count)


def _column(array: np.ndarray) -> str | None:
    """The column an array's numbers go to (its kind of number), or None for text."""
    kind = array.dtype.kind
    if kind in "iub":
        return "integer"
    if kind == "f":
        return array.dtype.str
    if kind == "U":
        return None
    raise ValueError(f"cannot record an array of {array.dtype}")


def pack(experiment: dict, chunks: list[tuple[dict, dict]]) -> bytes:
    """A recording of ``chunks`` of a run of ``experiment`` (:func:`recorded` reads it back).

    Parameters
    ----------
    experiment : dict
        The run's settings, as its ``experiment.json`` holds them.
    chunks : list of (dict, dict)
        ``(chunk, statistics)`` per chunk, in the order of their keys.

    Returns
    -------
    bytes
        The recording (the same bytes for the same chunks).
    """
    entries, columns = [], {}
    for chunk, stats in chunks:
        arrays, text = [], {}
        for name in sorted(stats):
            array = np.asarray(stats[name])
            arrays.append([name, array.dtype.str, list(array.shape)])
            column = _column(array)
            if column is None:
                text[name] = array.ravel().tolist()
            else:
                columns.setdefault((name, column), []).append(array.ravel())
        entries.append(
            {"chunk": chunk, "checksum": checksum(stats), "arrays": arrays, "text": text}
        )
    body, layout = [], []
    for (name, column), parts in sorted(columns.items()):
        values = np.concatenate(parts)
        values = _narrow(values.astype(np.int64)) if column == "integer" else values
        layout.append([name, column, values.dtype.str, int(values.size)])
        body.append(_shuffle(values))
    header = {
        "format": FORMAT,
        "engine_version": ENGINE_VERSION,
        "experiment": experiment,
        "mark": fingerprint(experiment),
        "chunks": entries,
        "columns": layout,
    }
    head = canonical(header).encode("utf-8")
    payload = b"".join([MAGIC, len(head).to_bytes(8, "little"), head, *body])
    return lzma.compress(payload, format=lzma.FORMAT_XZ, preset=6)


def recorded(data: bytes) -> Recording:
    """Read a recording back (:func:`pack`), every chunk checked against its checksum.

    Parameters
    ----------
    data : bytes
        The recording.

    Returns
    -------
    Recording

    Raises
    ------
    InputError
        Not a recording of this format and engine, or one whose chunks do not give back their
        checksums.
    """
    try:
        decoder = lzma.LZMADecompressor(format=lzma.FORMAT_XZ)
        payload = decoder.decompress(data, max_length=MAX_BYTES)
        whole = decoder.eof
    except lzma.LZMAError as exc:
        raise InputError(f"not a recording of chunks ({exc})") from None
    if not whole or not payload.startswith(MAGIC):
        raise InputError("not a recording of chunks (or one too large)")
    at = len(MAGIC)
    size = int.from_bytes(payload[at : at + 8], "little")
    header = json.loads(payload[at + 8 : at + 8 + size].decode("utf-8"))
    if header.get("format") != FORMAT or header.get("engine_version") != ENGINE_VERSION:
        raise InputError("a recording of another format or engine: rebuild it")
    at += 8 + size
    columns = {}
    for name, column, dtype, count in header["columns"]:
        dtype = np.dtype(dtype)
        end = at + dtype.itemsize * count
        columns[(name, column)] = [_unshuffle(payload[at:end], dtype, count), 0]
        at = end
    chunks = []
    for entry in header["chunks"]:
        stats = {}
        for name, dtype, shape in entry["arrays"]:
            dtype = np.dtype(dtype)
            if name in entry["text"]:
                stats[name] = np.array(entry["text"][name], dtype=dtype).reshape(shape)
                continue
            column = columns[(name, _column(np.empty(0, dtype)))]
            count = int(np.prod(shape, dtype=np.int64))
            values = column[0][column[1] : column[1] + count]
            column[1] += count
            stats[name] = values.astype(dtype).reshape(shape)
        if checksum(stats) != entry["checksum"]:
            raise InputError(f"the recorded chunk {canonical(entry['chunk'])} is damaged")
        chunks.append((entry["chunk"], stats))
    return Recording(header["experiment"], header["mark"], chunks)


def record(folder: str | Path) -> bytes:
    """A recording of every chunk a finished run saved in ``folder``.

    Parameters
    ----------
    folder : path-like
        The run's folder: its ``experiment.json`` and ``chunks/``.

    Returns
    -------
    bytes
        The recording (:func:`pack`).

    Raises
    ------
    InputError
        No ``experiment.json``, no chunk, or a chunk file that is not an intact chunk of the run.
    """
    folder = Path(folder)
    path = folder / EXPERIMENT
    if not path.is_file():
        raise InputError(f"{folder} holds no {EXPERIMENT}: no run to record")
    experiment = json.loads(path.read_text(encoding="utf-8"))
    chunks = ChunkStore(folder, fingerprint(experiment)).every_saved()
    if not chunks:
        raise InputError(f"{folder} holds no chunk to record")
    return pack(experiment, chunks)


def seed(data: bytes, folder: str | Path) -> Recording:
    """Make ``folder`` the run a recording was made from, but for its files: its
    ``experiment.json`` and every recorded chunk, so that the run's command with ``--resume``
    plays nothing and finishes it.

    Parameters
    ----------
    data : bytes
        The recording.
    folder : path-like
        A new or empty run folder.

    Returns
    -------
    Recording
        The recording read back.
    """
    folder = Path(folder)
    recording = recorded(data)
    text = json.dumps(recording.experiment, indent=2)
    atomic_write(folder / EXPERIMENT, lambda tmp: tmp.write_text(text, encoding="utf-8"))
    store = ChunkStore(folder, recording.mark)
    for chunk, stats in recording.chunks:
        store.put(chunk, stats)
    return recording


__all__ = ["FORMAT", "Recording", "pack", "record", "recorded", "seed"]
