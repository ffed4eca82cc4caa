"""Benchmark section of the first run: the cold compile of the default game kernel.

Registered into :data:`experiments.bench.core.SECTIONS` on import. The compile is measured in a
fresh process with an empty numba cache (:func:`strategies.registry.cold_compile_seconds`), as
CPU seconds: a compile runs on one core, so other load on the machine barely changes it.
"""

from __future__ import annotations

from experiments.bench.core import BenchRow, BenchSize, section

COMPILE_BUDGET = 40.0  # CPU seconds a first run may spend compiling the default kernel


@section
def cold_compile(size: BenchSize) -> list[BenchRow]:
    """CPU seconds of a cold compile of the default (light) kernel, against the budget."""
    from strategies.registry import cold_compile_seconds

    seconds = cold_compile_seconds(heavy=False)
    return [
        BenchRow("compile", "default kernel cold compile, CPU s", seconds, "s"),
        BenchRow("compile", "40 s budget / cold compile", COMPILE_BUDGET / seconds, "x", 1.0),
    ]
