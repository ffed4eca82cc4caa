"""Benchmark sections of the round engine: games per second and peak memory.

Registered into :data:`experiments.shared.bench_core.SECTIONS` on import. Games are timed end to end
through :func:`strategies.play.play_games` (kernel plus the per-seat table).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

from experiments.shared.bench_core import BenchRow, BenchSize, games_rate, section
from sim.rules import Rules

ENGINE_GOAL = 25_000.0  # complete 4-player games of the base game per second per core (classic)
GREEDY_HERD_GOAL = 30_000.0  # complete 4-player greedy games with the herd per second per core
HERD_RATIO_GOAL = 0.85  # herd-on throughput within 15% of herd-off


@section
def engine_games(size: BenchSize) -> list[BenchRow]:
    """4-player games per second: greedy, classic and random, one core and all cores.

    Two goals. The round engine's is the base game's (docs/rules.md part A) played by
    ``classic``, the player the engine was first measured with; the default player's is
    ``greedy`` with the herd (the default rules), shown beside ``classic`` in the same run.
    """
    cores = os.cpu_count() or 1
    repeats = max(2, size.repeats - 2)
    base = Rules(herd=False)
    herd = Rules(herd=True)
    classic_base = games_rate(size.games, "classic", repeats, rules=base)
    classic_herd = games_rate(size.games, "classic", repeats, rules=herd)
    greedy_base = games_rate(size.games, "greedy", repeats, rules=base)
    greedy_herd = games_rate(size.games, "greedy", repeats, rules=herd)
    random_1 = games_rate(size.games // 2, "random", repeats, rules=base)
    greedy_all = games_rate(size.games * cores, "greedy", repeats, threads=cores, rules=herd)
    return [
        BenchRow("engine", "4p classic games, base game, 1 thread", classic_base, "games/s",
                 ENGINE_GOAL),
        BenchRow("engine", "4p classic games, with the herd, 1 thread", classic_herd, "games/s"),
        BenchRow("engine", "4p greedy games, base game, 1 thread", greedy_base, "games/s"),
        BenchRow("engine", "4p greedy games, with the herd, 1 thread", greedy_herd, "games/s",
                 GREEDY_HERD_GOAL),
        BenchRow("engine", "greedy / classic, with the herd", greedy_herd / classic_herd, "x"),
        BenchRow("engine", "4p random games, base game, 1 thread", random_1, "games/s"),
        BenchRow("engine", f"4p greedy games, with the herd, {cores} threads", greedy_all,
                 "games/s"),
        BenchRow("engine", "greedy: all cores / one core", greedy_all / greedy_herd, "x"),
    ]  # fmt: skip


@section
def herd_overhead(size: BenchSize) -> list[BenchRow]:
    """Throughput with the herd on against off, for greedy with three taming policies.

    ``greedy+never`` never commits (the engine's own herd: the herd's area, the tile pile), and
    ``greedy+fixed-1`` commits one figure whenever it can without valuing anything (the contest,
    the payment and the bonuses on top); ``greedy+ev`` is the default player, whose ratio carries
    the goal. The gap between ``fixed-1`` and ``ev`` is what ``ev``'s valuation costs.
    """
    repeats = max(2, size.repeats - 2)
    rows = []
    for name in ("greedy+never", "greedy+fixed-1", "greedy+ev"):
        on = games_rate(size.games, name, repeats, rules=Rules(herd=True))
        off = games_rate(size.games, name, repeats, rules=Rules(herd=False))
        rows.append(BenchRow("herd", f"{name}: herd on", on, "games/s"))
        rows.append(BenchRow("herd", f"{name}: herd off", off, "games/s"))
        goal = HERD_RATIO_GOAL if name == "greedy+ev" else None
        rows.append(BenchRow("herd", f"{name}: on / off", on / off, "x", goal))
    return rows


# The probe reads its own high-water mark from /proc (VmHWM: this program's memory only). Linux
# carries ru_maxrss over an exec, so the resource module would report the bench process's own
# peak whenever that was larger (it was: 930 MB after the table-draw sections, for a simulate of
# about 450); ru_maxrss is the fallback where /proc is missing.
_MEMORY_PROBE = """
import json, resource, sys, tempfile
from experiments.cli import main
with tempfile.TemporaryDirectory(prefix="mammoth-bench-") as out:
    main(["simulate", "--games", sys.argv[1], "--players", "4", "--strategy", "greedy",
          "--seed", "1", "--out", out], standalone_mode=False)
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
try:
    with open("/proc/self/status") as status:
        peak = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
except (OSError, StopIteration):
    pass
print(json.dumps({"peak_kb": peak}))
"""
MEMORY_RATIO_GOAL = 0.8  # peak memory of a fifth of the games over all of them: bounded


def _simulate_peak_mb(games: int) -> float:
    """Peak resident memory (MB) of a fresh process running ``mammoth simulate`` of ``games``."""
    out = subprocess.run(
        [sys.executable, "-c", _MEMORY_PROBE, str(games)],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])["peak_kb"] / 1024


@section
def engine_memory(size: BenchSize) -> list[BenchRow]:
    """Peak resident memory of ``mammoth simulate`` (4-player greedy games written to one Parquet
    file), at ``memory_games`` and a fifth of that (both several chunks of 50,000): the table
    streams to disk chunk by chunk, so the peak should not grow with the games."""
    _simulate_peak_mb(100)  # fills numba's cache: a compile's memory would count in the peak
    fifth = size.memory_games // 5
    small = _simulate_peak_mb(fifth)
    large = _simulate_peak_mb(size.memory_games)
    ratio = small / large
    return [
        BenchRow("memory", f"simulate peak RSS, {fifth:,} games", small, "MB"),
        BenchRow("memory", f"simulate peak RSS, {size.memory_games:,} games", large, "MB"),
        BenchRow("memory", "peak RSS, a fifth of the games / all", ratio, "x", MEMORY_RATIO_GOAL),
    ]
