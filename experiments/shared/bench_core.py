"""The benchmark's frame: sizes, measured rows with their goals, sections and the text table.

Shared by ``mammoth bench``'s own sections (:mod:`experiments.bench`) and the questions' (each
question's ``bench.py``), which register into :data:`SECTIONS`.

The benchmark is a list of sections (:data:`SECTIONS`). A section is a function taking a
:class:`BenchSize` and returning :class:`BenchRow` rows; add one with :func:`section`. Every
kernel is compiled and warmed up before it is timed; each figure is the best of a few repeats
(``time.perf_counter``). Unless a row says otherwise, kernels run on one thread (per core).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from experiments.shared.numbers import measure, shortest


@dataclass(frozen=True)
class BenchSize:
    """How big a benchmark run is.

    Attributes
    ----------
    contests : int
        Contests per timed call of the dice kernel.
    draws : int
        Contests per timed call of the table sampler.
    repeats : int
        Timed repeats; the best is reported.
    games : int
        Complete games per timed call of the round engine.
    memory_games : int
        Games of the peak-memory run.
    chunks, chunk_games : int
        Chunks of the experiment timed on each backend, and games per chunk.
    """

    contests: int
    draws: int
    repeats: int
    games: int = 20_000
    memory_games: int = 1_000_000
    chunks: int = 24
    chunk_games: int = 2_000


FULL = BenchSize(contests=4_000_000, draws=20_000_000, repeats=5)
QUICK = BenchSize(
    contests=400_000,
    draws=2_000_000,
    repeats=3,
    games=4_000,
    memory_games=500_000,
    chunks=12,
    chunk_games=1_000,
)


class BenchRow(NamedTuple):
    """One measured figure: ``value`` in ``unit``; ``goal`` is a minimum, or None."""

    section: str
    name: str
    value: float
    unit: str
    goal: float | None = None

    @property
    def verdict(self) -> str:
        """``"ok"`` or ``"MISS"`` against the goal, empty without one."""
        if self.goal is None:
            return ""
        return "ok" if self.value >= self.goal else "MISS"


SECTIONS: list[Callable[[BenchSize], list[BenchRow]]] = []


def section(function: Callable[[BenchSize], list[BenchRow]]):
    """Register a benchmark section (a decorator); sections run in registration order."""
    SECTIONS.append(function)
    return function


def run_sections(size: BenchSize, only=None) -> list[BenchRow]:
    """Run the registered sections (``only``: those named), in registration order, and return
    all their rows."""
    rows: list[BenchRow] = []
    for run in SECTIONS:
        if only is None or run.__name__ in only:
            rows += run(size)
    return rows


def best_time(call: Callable[[], object], repeats: int) -> float:
    """Return the best wall time in seconds of ``repeats`` calls (after one warm-up call)."""
    call()
    best = float("inf")
    for _ in range(repeats):
        started = time.perf_counter()
        call()
        best = min(best, time.perf_counter() - started)
    return best


def games_rate(
    games: int,
    strategies,
    repeats: int,
    threads: int = 1,
    rules=None,
    rotate: bool = False,
) -> float:
    """4-player games per second (:func:`best_time` of ``repeats`` batches of ``games``), the
    kernel loaded by a batch of a few games first.

    Parameters
    ----------
    games : int
        Games per batch.
    strategies : str or list of str
        The seats, as for :func:`strategies.play.play_games`.
    repeats : int
        Timed batches; the best counts.
    threads : int
        Threads of the kernel.
    rules : sim.rules.Rules, optional
        The rules (default: the default rules, with the herd).
    rotate : bool
        Rotate the seats every game.
    """
    from strategies.play import play_games

    def run():
        play_games(games, 4, strategies, seed=7, rules=rules, threads=threads, rotate=rotate)

    play_games(min(games, 8), 4, strategies, seed=7, rules=rules, threads=threads)  # load
    return games / best_time(run, repeats)


def _shown(row: BenchRow) -> str:
    """The row's value as text; a ratio just under its goal gets more decimals (up to 6), so
    that it does not read as the goal itself beside a MISS (0.996 is "0.996 x", not "1.00 x")."""
    digits = 2
    while row.verdict == "MISS" and digits < 6 and round(row.value, digits) >= row.goal:
        digits += 1
    return measure(row.value, row.unit, digits)


def _goal(row: BenchRow) -> str:
    if row.goal is None:
        return ""
    if row.unit in ("1/s", "games/s"):
        return ">= " + measure(row.goal, row.unit)
    return ">= " + shortest(row.goal)


def format_rows(rows: list[BenchRow]) -> str:
    """Return the rows as one aligned text table."""
    header = ("section", "measure", "value", "goal", "")
    cells = [header] + [(r.section, r.name, _shown(r), _goal(r), r.verdict) for r in rows]
    widths = [max(len(c[i]) for c in cells) for i in range(len(header))]
    lines = []
    for i, c in enumerate(cells):
        lines.append(
            "  ".join(
                c[j].rjust(widths[j]) if j == 2 else c[j].ljust(widths[j]) for j in range(len(c))
            ).rstrip()
        )
        if i == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)
