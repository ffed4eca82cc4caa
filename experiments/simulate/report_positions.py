"""Position files of simulated games' herd decisions (``mammoth simulate --positions``)."""

from __future__ import annotations

from pathlib import Path

from experiments.shared.files import write_text
from sim.position import position_text

POSITIONS = "positions"
"""The folder of an output that holds its position files."""


def write_positions(folder: Path, found) -> int:
    """Write each position (:class:`strategies.play.GamePosition`) into ``folder`` under its
    file name; return how many were written."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    for item in found:
        write_text(folder / item.file_name, position_text(item.position))
    return len(found)


__all__ = ["POSITIONS", "write_positions"]
