"""The games table of ``mammoth simulate``: one Parquet file, streamed chunk by chunk.

Each chunk of games travels and is saved (as the runner's checkpoint,
:mod:`experiments.shared.checkpoints`) as the bytes of a Parquet file (:func:`table_bytes`).
Once every chunk is saved, :func:`write_table` streams them in index order into
``OUT/games.parquet``, one Parquet row group per chunk (written atomically). Memory stays at
about one chunk, however many games the run has; the file reads as one table with
``pandas.read_parquet`` or ``pyarrow.dataset.dataset``.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Iterable
from pathlib import Path

import numpy as np
import pandas as pd

from experiments.shared.files import atomic_write, inside

TABLE = "games.parquet"


def table_bytes(frame: pd.DataFrame) -> bytes:
    """A chunk's per-seat table as the bytes of a Parquet file (no index).

    A worker encodes its chunk and sends the bytes; the client only saves them.
    """
    import pyarrow as pa
    import pyarrow.parquet as pq

    sink = io.BytesIO()
    pq.write_table(pa.Table.from_pandas(frame, preserve_index=False), sink)
    return sink.getvalue()


def table_of(data: np.ndarray):
    """The ``pyarrow.Table`` of a chunk's :func:`table_bytes` (as a uint8 array)."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    return pq.read_table(pa.BufferReader(pa.py_buffer(np.ascontiguousarray(data))))


def write_table(
    tables: Iterable, target: Path, meta: dict, each: Callable[[object], None] | None = None
) -> Path:
    """Stream chunk tables, in order, into one Parquet file, one row group per chunk.

    The hidden temporary files an earlier, killed write of ``target`` left beside it go first.

    Parameters
    ----------
    tables : iterable of pyarrow.Table
        The chunks' tables, in index order (each read when it is written).
    target : path
        The table to write (atomically).
    meta : dict
        JSON-ready metadata, stored under the key ``mammoth`` of the schema.
    each : callable, optional
        Called with every chunk's table, in order, e.g. to tally it.

    Returns
    -------
    pathlib.Path
        ``target``.
    """
    import pyarrow.parquet as pq

    target = Path(target)
    for leftover in target.parent.glob(f".{target.name}.*.tmp"):  # of a killed run's write
        if leftover.is_file() and not leftover.is_symlink():
            inside(leftover).unlink()

    def write(tmp: Path) -> None:
        writer = None
        try:
            for table in tables:
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


__all__ = ["TABLE", "table_bytes", "table_of", "write_table"]
