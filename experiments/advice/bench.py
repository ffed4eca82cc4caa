"""Benchmark section of the advice's play-outs: continuations per second on one core.

Registered into :data:`experiments.shared.bench_core.SECTIONS` on import. A play-out is one
continuation of a real game from a taming decision to its end (:func:`sim.engine.advise_rows`);
the figure counts them over an advice batch of 4-player ``greedy`` games (the real games are
part of the time), best of a few repeats. Issue 20 aims at 50,000 per second
per core with ``greedy`` fields. Beside it, the same run's whole games per second, and the ratio
of play-outs to whole games (a play-out starts mid-game, so it is shorter than a game).
"""

from __future__ import annotations

from experiments.shared.bench_core import BenchRow, BenchSize, best_time, games_rate, section
from sim.rules import Rules

PLAYOUTS_AIM = 50_000.0  # play-outs from taming decisions per second per core, greedy field
PLAYOUTS = 8  # per decision and commitment, as mammoth advise's default


def playout_rate(games: int, repeats: int, field: str = "greedy") -> float:
    """Play-outs per second of an advice batch of ``games`` 4-player games (one thread)."""
    from strategies.play import advise_games

    frame = advise_games(games, 4, field, PLAYOUTS, seed=7)  # compiles / loads; the count
    count = int((frame["kmax"] + 1).sum()) * PLAYOUTS
    return count / best_time(lambda: advise_games(games, 4, field, PLAYOUTS, seed=7), repeats)


@section
def advice_playouts(size: BenchSize) -> list[BenchRow]:
    """Play-outs per second of the advice (4 players, greedy field, the herd, one thread)."""
    repeats = max(2, size.repeats - 2)
    games = max(20, size.games // 200)
    playouts = playout_rate(games, repeats)
    whole = games_rate(size.games, "greedy", repeats, rules=Rules(herd=True))
    return [
        BenchRow("advice", "4p greedy play-outs from taming decisions, 1 thread", playouts,
                 "play-outs/s", PLAYOUTS_AIM),
        BenchRow("advice", "play-outs / whole greedy games, with the herd", playouts / whole,
                 "x"),
    ]  # fmt: skip
