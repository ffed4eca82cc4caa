"""Benchmark section of the learned player: 4-player games per second on one core.

Registered into :data:`experiments.shared.bench_core.SECTIONS` on import. The goals: issue 19's for
a player without play-outs, 5,000 complete 4-player games per second on one core with the herd,
every seat ``learned`` (the first model, valuing the places once a round); issue 36's for the
strongest self-play player (:data:`SELFPLAY`, valuing them again at every placement turn), 3,000.
"""

from __future__ import annotations

from experiments.shared.bench_core import BenchRow, BenchSize, games_rate, section
from sim.rules import Rules

LEARNED_GOAL = 5_000.0  # complete 4-player learned games with the herd per second per core
SELFPLAY_GOAL = 3_000.0  # the same for the strongest self-play player
SELFPLAY = "learned[model=selfplay3,herd_3_4=0.3,block=2,block_areas=6,gatherers=3]"


@section
def learned_games(size: BenchSize) -> list[BenchRow]:
    """4-player games per second of ``learned`` (and of the strongest self-play player) at every
    seat, with the herd, one thread."""
    repeats = max(2, size.repeats - 2)
    herd = Rules(herd=True)
    learned = games_rate(size.games, "learned", repeats, rules=herd)
    selfplay = games_rate(size.games, SELFPLAY, repeats, rules=herd)
    greedy = games_rate(size.games, "greedy", repeats, rules=herd)
    return [
        BenchRow("learned", "4p learned games, with the herd, 1 thread", learned, "games/s",
                 LEARNED_GOAL),
        BenchRow("learned", f"4p {SELFPLAY} games, with the herd, 1 thread", selfplay,
                 "games/s", SELFPLAY_GOAL),
        BenchRow("learned", "learned / greedy, with the herd", learned / greedy, "x"),
        BenchRow("learned", "self-play player / greedy, with the herd", selfplay / greedy, "x"),
    ]  # fmt: skip
