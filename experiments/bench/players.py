"""Benchmark section of the strong players: what their strength costs in games per second.

Registered into :data:`experiments.shared.bench_core.SECTIONS` on import. ``search`` (flat Monte
Carlo, every play-out to the end) against the quick search (:data:`strategies.search.QUICK`:
play-outs cut after the next round and scored by an evaluation), each at every seat of 4-player
games with the herd, one thread, timed in the same run.
"""

from __future__ import annotations

from experiments.shared.bench_core import BenchRow, BenchSize, games_rate, section

QUICK_SPEEDUP_GOAL = 10.0  # the quick search at ten times search's games per second (issue 19)
SEARCH_GAMES = 8  # games per timed call of search (about 10 a second); the quick search plays 10x


@section
def strong_players(size: BenchSize) -> list[BenchRow]:
    """4-player games per second of ``search`` and of the quick search, and their ratio."""
    from strategies.search import QUICK

    repeats = max(2, size.repeats - 2)
    games = SEARCH_GAMES if size.repeats >= 5 else SEARCH_GAMES // 2
    search = games_rate(games, ["search"] * 4, repeats, rotate=True)
    quick = games_rate(games * 10, [QUICK] * 4, repeats, rotate=True)
    return [
        BenchRow("players", "4p search games, with the herd, 1 thread", search, "games/s"),
        BenchRow("players", "4p quick-search games, with the herd, 1 thread", quick, "games/s"),
        BenchRow("players", "quick search / search", quick / search, "x", QUICK_SPEEDUP_GOAL),
    ]
