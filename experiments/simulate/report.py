"""The games table of ``mammoth simulate``: part files while it runs, one Parquet file at the end.

While a run plays, each chunk of games becomes one part file,
``OUT/games.parts/part-NNNNNN.parquet`` (written atomically: a part is there whole or not at
all), and ``OUT/games.parts/parts.json`` names the run the parts belong to. Once every part is
there, :func:`merge_parts` streams them in order into ``OUT/games.parquet``, one Parquet row
group per part (itself written atomically), and the parts folder goes. Memory stays at about one
part, however many games the run has; the file reads as one table with ``pandas.read_parquet``
or ``pyarrow.dataset.dataset``.

Parts defend themselves with the checkpoints' identity (:mod:`experiments.shared.checkpoints`: the
one fingerprint and checksum): each carries, under the schema metadata key :data:`PART_META`, the
run's key (the fingerprint of its settings), its index, its games and the checksum of its
columns (:func:`frame_checksum`). With ``--resume``, :func:`open_parts` keeps only the parts
that :func:`check_part` finds intact and this run's; any other is played again (and said so).
``parts.json`` must be intact and name the same settings (:func:`check_parts`), else
``--resume`` is refused before anything changes.
"""

from __future__ import annotations

import io
import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pandas as pd

from experiments.shared.checkpoints import canonical, checksum, fingerprint
from experiments.shared.files import atomic_write, inside, write_json
from sim.errors import InputError
from sim.textfiles import read_text

TABLE = "games.parquet"
PARTS = "games.parts"
FINGERPRINT = "parts.json"
PART_FORMAT = 1
"""Version of the part file layout (:func:`part_bytes`)."""
PART_META = b"mammoth_part"
"""The schema metadata key of a part's identity (JSON); never kept in the merged table."""
MAX_PARTS_JSON_BYTES = 1_000_000
"""Largest ``parts.json`` read (a run's is well under a kilobyte)."""
MAX_PART_BYTES = 1 << 30
"""Largest part file read back on ``--resume`` (a chunk of 200,000 games is far smaller)."""
_PART_NAME = re.compile(r"^part-([0-9]{6})\.parquet$")


def run_key(settings: dict) -> str:
    """A hash of a run's settings (:meth:`experiments.simulate.kind_parts.GameRun.fingerprint`): the
    checkpoints' :func:`~experiments.shared.checkpoints.fingerprint` of them."""
    return fingerprint(settings)


def parts_folder(out: str | Path) -> Path:
    """The folder of a run's part files, inside its output folder."""
    return Path(out) / PARTS


def part_path(folder: Path, index: int) -> Path:
    """The file of part ``index`` (parts sort by name in index order)."""
    return Path(folder) / f"part-{index:06d}.parquet"


def frame_checksum(frame: pd.DataFrame) -> str:
    """The checkpoints' checksum (:func:`experiments.shared.checkpoints.checksum`) of a table's
    columns: each column an array by its name, a categorical one as its codes beside its categories,
    so the hash is the same before a part is written and after it is read back.

    Parameters
    ----------
    frame : pandas.DataFrame
        A part of the per-seat table.

    Returns
    -------
    str
        A SHA-256 hex digest.
    """
    arrays = {}
    for k, name in enumerate(frame.columns):
        column = frame[name]
        key = f"{k:03d} {name}"  # the columns' order counts too
        if isinstance(column.dtype, pd.CategoricalDtype):
            arrays[key] = column.cat.codes.to_numpy(dtype=np.int64)
            arrays[f"{key} categories"] = np.array([str(c) for c in column.cat.categories])
        else:
            arrays[key] = column.to_numpy()
    return checksum(arrays)


def part_bytes(frame: pd.DataFrame, key: str, index: int, first: int, games: int) -> bytes:
    """One part of the table, as the bytes of a Parquet file (no index), with its identity.

    A worker encodes its part and sends the bytes; the client only writes them.

    Parameters
    ----------
    frame : pandas.DataFrame
        The part's per-seat table.
    key : str
        The run's :func:`run_key`.
    index, first, games : int
        The part's index, its first game index and its number of games.

    Returns
    -------
    bytes
        A Parquet file whose schema metadata holds :data:`PART_META`.
    """
    import pyarrow as pa
    import pyarrow.parquet as pq

    meta = {
        "format": PART_FORMAT,
        "run": key,
        "part": int(index),
        "first": int(first),
        "games": int(games),
        "rows": len(frame),
        "checksum": frame_checksum(frame),
    }
    table = pa.Table.from_pandas(frame, preserve_index=False)
    schema = dict(table.schema.metadata or {})
    schema[PART_META] = canonical(meta).encode()
    sink = io.BytesIO()
    pq.write_table(table.replace_schema_metadata(schema), sink)
    return sink.getvalue()


def save_part(path: Path, data: bytes) -> None:
    """Write a part's bytes atomically (inside the folder being written, see ``inside``)."""
    atomic_write(path, lambda tmp: tmp.write_bytes(data))


def check_part(path: Path, key: str, index: int, first: int, games: int) -> str:
    """Why the part file at ``path`` cannot be used for part ``index`` of the run (empty: it can).

    Parameters
    ----------
    path : pathlib.Path
        The part file.
    key : str
        The run's :func:`run_key`.
    index, first, games : int
        The part expected there: its index, first game and number of games.

    Returns
    -------
    str
        Empty when the part is intact and this run's; else unreadable, too large, not a part
        file of this version, another run's, another part's, or damaged (its checksum or its
        games differ).
    """
    import pyarrow.parquet as pq

    try:
        if path.stat().st_size > MAX_PART_BYTES:
            return "too large"
        table = pq.read_table(path)
        frame = table.to_pandas()
    except Exception as exc:  # any failure to read it means a damaged file
        return f"unreadable ({type(exc).__name__})"
    try:
        meta = json.loads((table.schema.metadata or {}).get(PART_META, b"null"))
    except (ValueError, RecursionError):
        meta = None
    if not isinstance(meta, dict) or meta.get("format") != PART_FORMAT:
        return "not a part file of this version (no identity)"
    if meta.get("run") != key:
        return "played by a run with other settings"
    if (meta.get("part"), meta.get("first"), meta.get("games")) != (index, first, games):
        return "holds a different part"
    if meta.get("rows") != len(frame) or meta.get("checksum") != frame_checksum(frame):
        return "damaged (its checksum does not match)"
    if "game" not in frame or not np.array_equal(
        np.unique(frame["game"].to_numpy()), np.arange(first, first + games)
    ):
        return "damaged (it holds other games)"
    return ""


def check_parts(folder: Path, fingerprint: dict) -> None:
    """Refuse ``--resume`` unless ``folder`` holds parts of this run, with an intact parts.json.

    A folder with nothing to resume (missing, or no ``parts.json`` and no part) is fine: the run
    starts from the beginning. Changes nothing.

    Parameters
    ----------
    folder : pathlib.Path
        The parts folder (:func:`parts_folder`).
    fingerprint : dict
        The run's settings (:meth:`experiments.simulate.kind_parts.GameRun.fingerprint`).

    Raises
    ------
    InputError
        Parts without ``parts.json``, a damaged ``parts.json``, another run's, or a part name
        that is not a regular file.
    """
    folder = Path(folder)
    if not folder.exists():
        return
    if folder.is_symlink() or not folder.is_dir():
        raise InputError(f"{folder} is not a folder of parts; rerun without --resume")
    saved = folder / FINGERPRINT
    parts = [p for p in folder.iterdir() if _PART_NAME.match(p.name)]
    for part in parts:
        if part.is_symlink() or not part.is_file():
            raise InputError(
                f"{part} is not a regular file, so the parts cannot be trusted; rerun without "
                "--resume to start over"
            )
    if not saved.exists():
        if parts:
            raise InputError(
                f"{folder} holds parts but no {FINGERPRINT}, so nothing says which run they "
                "belong to; rerun without --resume to start over"
            )
        return
    damaged = f"{saved} is damaged, so the parts beside it cannot be trusted"
    try:
        if saved.is_symlink() or not saved.is_file():
            raise InputError("not a regular file")
        document = json.loads(read_text(saved, FINGERPRINT, MAX_PARTS_JSON_BYTES))
    except InputError as exc:
        raise InputError(f"{damaged} ({exc}); rerun without --resume to start over") from None
    except (ValueError, RecursionError):
        raise InputError(f"{damaged} (not JSON); rerun without --resume to start over") from None
    if document != json.loads(json.dumps(fingerprint)):
        raise InputError(
            f"{folder} holds games of a run with other settings; --resume needs the same ones"
        )


def open_parts(
    folder: Path,
    fingerprint: dict,
    resume: bool,
    blocks: list[tuple[int, int]],
    say: Callable[[str], None] | None = None,
) -> set[int]:
    """Make ``folder`` ready for a run and return the indices of the intact parts already there.

    Without ``resume`` earlier parts are deleted. With it, :func:`check_parts` must pass, and a
    part that :func:`check_part` rejects is deleted, to be played again (``say`` is told).
    Leftovers of an interrupted write (hidden temporary files) are always deleted. Every path
    removed or written lies inside the folder of ``writing_inside``.

    Parameters
    ----------
    folder : pathlib.Path
        The parts folder.
    fingerprint : dict
        The run's settings.
    resume : bool
        Keep the intact parts of an interrupted run of the same settings.
    blocks : list of (int, int)
        ``(first game, games)`` of every part of the run.
    say : callable, optional
        Called with a line for each part that is played again.

    Returns
    -------
    set of int
        The indices of the parts kept.

    Raises
    ------
    InputError
        With ``resume``, what :func:`check_parts` refuses.
    """
    folder = Path(folder)
    kept: set[int] = set()
    if resume:
        check_parts(folder, fingerprint)
    if not resume and folder.exists():
        shutil.rmtree(inside(folder))
    inside(folder).mkdir(parents=True, exist_ok=True)
    for leftover in folder.glob(".*.tmp"):
        inside(leftover).unlink()
    key = run_key(fingerprint)
    for path in sorted(folder.iterdir()):
        match = _PART_NAME.match(path.name)
        if not match:
            continue
        index = int(match.group(1))
        problem = (
            check_part(path, key, index, *blocks[index])
            if index < len(blocks)
            else "beyond the run's last part"
        )
        if problem:
            if say is not None:
                say(f"part {path.name} {problem}: playing it again")
            inside(path).unlink()
        else:
            kept.add(index)
    write_json(folder / FINGERPRINT, fingerprint)
    return kept


def merge_parts(
    folder: Path,
    count: int,
    target: Path,
    meta: dict,
    each: Callable[[object], None] | None = None,
) -> Path:
    """Stream parts ``0..count-1`` into one Parquet file, one row group per part.

    Parameters
    ----------
    folder : path
        The parts folder.
    count : int
        The number of parts (all must be there).
    target : path
        The table to write (atomically).
    meta : dict
        JSON-ready metadata, stored under the key ``mammoth`` of the schema.
    each : callable, optional
        Called with every part (a ``pyarrow.Table``), in order, e.g. to tally it.

    Returns
    -------
    pathlib.Path
        ``target``.
    """
    import pyarrow.parquet as pq

    def write(tmp: Path) -> None:
        writer = None
        try:
            for index in range(count):
                table = pq.read_table(part_path(folder, index))
                if writer is None:
                    kept = {
                        k: v for k, v in (table.schema.metadata or {}).items() if k != PART_META
                    }
                    schema = table.schema.with_metadata(
                        {**kept, b"mammoth": json.dumps(meta).encode()}
                    )
                    writer = pq.ParquetWriter(tmp, schema)
                writer.write_table(table.replace_schema_metadata(schema.metadata))
                if each is not None:
                    each(table)
                del table
        finally:
            if writer is not None:
                writer.close()

    return atomic_write(target, write)


def remove_parts(folder: Path) -> None:
    """Delete the parts folder once the table holds every part."""
    shutil.rmtree(inside(folder), ignore_errors=True)


__all__ = [
    "FINGERPRINT",
    "PARTS",
    "PART_META",
    "TABLE",
    "check_part",
    "check_parts",
    "frame_checksum",
    "merge_parts",
    "open_parts",
    "part_bytes",
    "part_path",
    "parts_folder",
    "remove_parts",
    "run_key",
    "save_part",
]
