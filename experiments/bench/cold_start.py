"""Benchmark section of the first run: what the demo and the test run (both tiers) compile.

Registered into :data:`experiments.shared.bench_core.SECTIONS` on import. Each measurement starts
from an empty numba cache (a temporary folder; the cache in use is not touched) and makes ready the
kernel entries a run plays (:data:`strategies.compiling.DEMO`, :data:`strategies.compiling.TESTS`),
each compiled in a fresh process of its own, side by side on the machine's cores, as
``mammoth demo``, ``python3 tasks.py test`` and ``mammoth cache warm`` do
(:func:`strategies.compiling.cold_start`). Rows: each entry's CPU seconds and wall seconds, and
the wall seconds until all of the run's entries were ready (what a user waits). CPU seconds barely
move with other load on the machine (a compile runs on one core); wall seconds do. Then the
kernel entry no run of a user compiles: the timed kernel's ``play_rows_timed`` (the bench's
breakdown, :func:`strategies.play.phase_cycles`), the third entry that runs the engine's one
game loop (:func:`sim.engine_entries.play_batch`) beside ``play_rows`` and ``advise_rows``. The
last row is ``mammoth train``'s one compiled function outside the kernels (the fit's exact sums,
which the default test run compiles too). Each of these two from an empty cache in a process of
its own.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile

from experiments.shared.bench_core import BenchRow, BenchSize, section

COMPILE_BUDGET = 40.0  # CPU seconds a first run may spend compiling the default kernel's games


def _rows(run: str, measured) -> list[BenchRow]:
    rows = []
    for done in measured.compiled:
        entry = done.target.label
        rows.append(BenchRow("cold_start", f"{run}: {entry}, CPU s", done.cpu or 0.0, "s"))
        rows.append(BenchRow("cold_start", f"{run}: {entry}, wall s", done.wall or 0.0, "s"))
    rows.append(BenchRow("cold_start", f"{run}: all ready, wall s", measured.wall, "s"))
    rows.append(BenchRow("cold_start", f"{run}: all compiles, CPU s", measured.cpu, "s"))
    return rows


_SUMS = (
    "import time, numpy as np\n"
    "from experiments.train.analysis import _sums\n"
    "cpu = time.process_time()\n"
    "_sums(np.zeros((2, 3)), np.zeros(2), np.zeros(2, dtype=np.int64), 3)\n"
    "print(time.process_time() - cpu)\n"
)
_TIMED = (
    "import time\n"
    "from strategies.play import phase_cycles\n"
    "cpu = time.process_time()\n"
    "phase_cycles(1, 2, 'greedy')\n"  # builds and compiles the timed kernel, plays one game
    "print(time.process_time() - cpu)\n"
)


def _cold_cpu(code: str) -> float:
    """CPU seconds that ``code`` prints, run in a process of its own with an empty numba cache."""
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache}
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
        )
    return float(done.stdout.split()[-1])


@section
def cold_start(size: BenchSize) -> list[BenchRow]:
    """The demo's and the test run's kernels, compiled side by side from an empty cache; the
    timed kernel's entry and the training's sums, each alone."""
    from strategies.compiling import DEMO, TESTS
    from strategies.compiling import cold_start as measure

    demo = measure(DEMO)
    rows = _rows("demo", demo)
    light = next(c for c in demo.compiled if c.target == DEMO[0])
    rows.append(
        BenchRow("cold_start", "40 s budget / light play CPU s", COMPILE_BUDGET / light.cpu, "x", 1)
    )
    rows += _rows("tests", measure(TESTS))
    timed = _cold_cpu(_TIMED)
    rows.append(BenchRow("cold_start", "bench: timed kernel, play_rows_timed, CPU s", timed, "s"))
    rows.append(BenchRow("cold_start", "train: the fit's exact sums, CPU s", _cold_cpu(_SUMS), "s"))
    return rows
