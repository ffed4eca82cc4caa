"""``mammoth bench`` at a tiny size: every section runs end to end and gives finite rows.

The bench's figures are measured, never asserted (machines here are shared); this only holds
that no section is broken. It compiles from empty caches (the cold start) and plays the heavy
kernel: the ``slow`` tier.
"""

from __future__ import annotations

import math

import pytest

from experiments.bench import section_names
from experiments.shared.bench_core import BenchSize, run_sections

TINY = BenchSize(
    contests=20_000, draws=50_000, repeats=1, games=40, memory_games=2_000, chunks=2, chunk_games=20
)


@pytest.mark.slow
@pytest.mark.parametrize("name", section_names())
def test_every_bench_section_runs_at_a_tiny_size(name):
    rows = run_sections(TINY, [name])
    assert rows, name
    for row in rows:
        assert math.isfinite(row.value) and row.value >= 0, row
