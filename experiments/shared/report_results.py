"""Reading a result folder's files defensively: for the report, and for the commands that read
their own tables back.

A result folder may have been edited, truncated or filled with something else: each reader
returns what the report needs or raises :class:`~sim.errors.InputError` with one line naming the
file, never another exception.
"""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pandas as pd

from sim.errors import InputError
from sim.textfiles import read_text

MAX_RUN_JSON_BYTES = 10_000_000
"""Largest run.json read (a run's is a few kilobytes)."""

MAX_NOTES_BYTES = 1_000_000
"""Largest notes.md read."""

MAX_TABLE_BYTES = 200_000_000
"""Largest CSV table read (the report shows its first rows)."""


def read_run_json(folder: Path) -> dict:
    """The folder's ``run.json``: a JSON object whose ``rules`` (if any) is an object and whose
    ``command``, ``commit`` and ``kind`` (if any) are strings.

    Raises
    ------
    InputError
        No ``run.json``, or one that is not such a JSON object in UTF-8.
    """
    path = Path(folder) / "run.json"
    if not path.is_file():
        raise InputError(f"{folder} is not a result folder (no run.json)")
    text = read_text(path, "run.json", MAX_RUN_JSON_BYTES)
    try:
        meta = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise InputError(f"{path} is not valid JSON: {str(exc)[:120]}") from None
    if not isinstance(meta, dict):
        raise InputError(f"{path} must hold a JSON object, not {type(meta).__name__}")
    if not isinstance(meta.get("rules", {}), dict):
        raise InputError(f"{path}: rules must be a JSON object")
    for key in ("command", "commit", "kind"):
        if meta.get(key) is not None and not isinstance(meta[key], str):
            raise InputError(f"{path}: {key} must be a string")
    return meta


def read_table(path: Path) -> pd.DataFrame:
    """A CSV table of a result folder.

    Raises
    ------
    InputError
        A file too large, not UTF-8 text, or not a CSV table.
    """
    text = read_text(path, "table", MAX_TABLE_BYTES)
    try:
        return pd.read_csv(StringIO(text))
    except (ValueError, pd.errors.ParserError, pd.errors.EmptyDataError) as exc:
        reason = " ".join(str(exc).split())[:120]
        raise InputError(f"{path} is not a CSV table: {reason}") from None


def read_notes(path: Path) -> str:
    """A result folder's ``notes.md`` (UTF-8 text).

    Raises
    ------
    InputError
        A file too large, binary or not UTF-8.
    """
    return read_text(path, "notes", MAX_NOTES_BYTES)
