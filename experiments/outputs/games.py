"""The games table of ``mammoth simulate``: part files while it runs, one Parquet file at the end.

While a run plays, each chunk of games becomes one part file,
``OUT/games.parts/part-NNNNNN.parquet`` (written atomically: a part is there whole or not at
all), and ``OUT/games.parts/parts.json`` names the run the parts belong to. Once every part is
there, :func:`merge_parts` streams them in order into ``OUT/games.parquet``, one Parquet row
group per part (itself written atomically), and the parts folder goes. Memory stays at about one
part, however many games the run has; the file reads as one table with ``pandas.read_parquet``
or ``pyarrow.dataset.dataset``.
"""

from __future__ import annotations

import io
import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pandas as pd

from experiments.outputs.files import atomic_write, write_json

TABLE = "games.parquet"
PARTS = "games.parts"
FINGERPRINT = "parts.json"


def parts_folder(out: str | Path) -> Path:
    """The folder of a run's part files, inside its output folder."""
    return Path(out) / PARTS


def part_path(folder: Path, index: int) -> Path:
    """The file of part ``index`` (parts sort by name in index order)."""
    return Path(folder) / f"part-{index:06d}.parquet"


def part_bytes(frame: pd.DataFrame) -> bytes:
    """One part of the table, as the bytes of a Parquet file (no index).

    A worker encodes its part and sends the bytes; the client only writes them.
    """
    import pyarrow as pa
    import pyarrow.parquet as pq

    sink = io.BytesIO()
    pq.write_table(pa.Table.from_pandas(frame, preserve_index=False), sink)
    return sink.getvalue()


def save_part(path: Path, data: bytes) -> None:
    """Write a part's bytes atomically."""
    atomic_write(path, lambda tmp: tmp.write_bytes(data))


def open_parts(folder: Path, fingerprint: dict, resume: bool) -> set[int]:
    """Make ``folder`` ready for a run and return the indices of the parts already there.

    Without ``resume`` earlier parts are deleted. Leftovers of an interrupted write (hidden
    temporary files) always are.

    Raises
    ------
    InputError
        With ``resume``, when the parts there belong to a run with other settings.
    """
    from sim.errors import InputError

    folder = Path(folder)
    saved = folder / FINGERPRINT
    if resume and saved.exists():
        if json.loads(saved.read_text()) != json.loads(json.dumps(fingerprint)):
            raise InputError(
                f"{folder} holds games of a run with other settings; --resume needs the same ones"
            )
    elif folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True, exist_ok=True)
    for leftover in folder.glob(".*.tmp"):
        leftover.unlink()
    write_json(saved, fingerprint)
    return {int(path.stem.split("-")[1]) for path in folder.glob("part-*.parquet")}


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
                    schema = table.schema.with_metadata(
                        {**(table.schema.metadata or {}), b"mammoth": json.dumps(meta).encode()}
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
    shutil.rmtree(folder, ignore_errors=True)


__all__ = [
    "FINGERPRINT",
    "PARTS",
    "TABLE",
    "merge_parts",
    "open_parts",
    "part_bytes",
    "part_path",
    "parts_folder",
    "remove_parts",
    "save_part",
]
