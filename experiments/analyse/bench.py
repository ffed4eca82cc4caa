"""Benchmark section of a position's analysis (``mammoth analyse``): the documented example.

Registered into :data:`experiments.shared.bench_core.SECTIONS` on import. The command is run as a
user runs it, in a process of its own on two workers: docs/positions/example.toml (round 9, four
players, a commitment with four options), 1,000 play-outs per option with the strongest player
(``champion``) at every seat, every play-out played (``--no-stop``). The kernel's analysis entry
is compiled before (the cold-start section counts its compile). Issue 54 asks for at most 60 s of
wall time on two cores; the ratio row is the budget over the time (at least 1: met).
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

from experiments.shared.bench_core import BenchRow, BenchSize, section

BUDGET = 60.0  # seconds of wall time for 1,000 play-outs per option at 4 players, 2 cores
EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "positions" / "example.toml"


def analyse_seconds(playouts: int, workers: int = 2) -> float:
    """Wall seconds of ``mammoth analyse`` on the example, in a fresh process."""
    with tempfile.TemporaryDirectory() as out:
        command = [
            sys.executable, "-c", "from experiments.cli import main; main()", "analyse",
            str(EXAMPLE), "--playouts",
            str(playouts), "--no-stop", "--workers", str(workers), "--out", out,
        ]  # fmt: skip
        started = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        return time.perf_counter() - started


@section
def position_analysis(size: BenchSize) -> list[BenchRow]:
    """``mammoth analyse`` on the documented example, 2 workers, champion field."""
    from sim.analysing import compile_analysis
    from strategies.registry import kernel_for, resolve

    compile_analysis(kernel_for([resolve("champion")]))  # ready, as after a first run
    playouts = 1_000 if size.games >= 20_000 else 200
    seconds = analyse_seconds(playouts)
    rows = [
        BenchRow("analyse", f"example position, 4p champion, {playouts:,} play-outs/option, "
                 "2 workers, wall s", seconds, "s"),
    ]  # fmt: skip
    if playouts == 1_000:
        rows.append(BenchRow("analyse", "60 s budget / that wall s", BUDGET / seconds, "x", 1.0))
    return rows
