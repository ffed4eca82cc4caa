"""Benchmark section ``phase_breakdown``: where the time of a game goes, by phase and by hook.

Registered into :data:`experiments.shared.bench_core.SECTIONS` on import. Method (docs/design.md
section 13): the timed variant of the game kernel reads the processor's cycle counter around
each part of a game (:func:`strategies.play.phase_cycles`); its play is the same as the plain
kernel's. Parts nest, so a part's own cycles are its cycles less those of the parts inside it.
Each timer costs some cycles of its own: the kernel measures an empty lap (a timer around
nothing), and every part is charged that once per lap of its own and once more per lap of each
part inside it (the reads that open and close the inner part). What is left, summed over the
parts, is scaled to the plain kernel's time per game, measured in the same run.
"""

from __future__ import annotations

import pandas as pd

from experiments.shared.bench_core import BenchRow, BenchSize, best_time, section
from sim.rules import Rules

# The parts inside each part (sim.engine's timers, by TIMER_NAMES); the others have none.
INSIDE = {
    "game": (
        "set-up",
        "start of round",
        "placement",
        "actions",
        "taming",
        "feeding",
        "end of round",
        "final scoring",
    ),
    "placement": (
        "placement: legal places",
        "placement: value_goods",
        "placement: herd_value",
        "placement: place hook, first turn",
        "placement: place hook, later turns",
    ),
    "actions": (
        "actions: next_action hook",
        "actions: gathering",
        "actions: village",
        "actions: cards, buildings, herd area",
    ),
    "actions: cards, buildings, herd area": ("actions: commitment",),
    "actions: commitment": (
        "commitment: value_goods",
        "commitment: commit_figures",
        "commitment: paying for the figures",
    ),
    "taming": ("taming: winner's bonus choice",),
}
# What a part's own cycles are, once the parts inside it are taken out.
OWN = {
    "game": "engine: streams seeded, the round loop",
    "placement": "placement: engine's turn loop",
    "actions": "actions: engine's turn loop",
    "actions: cards, buildings, herd area": "actions: cards, buildings, gathering on the herd",
    "actions: commitment": "commitment: the engine's own",
    "taming": "taming: contest and bonuses",
}


def own_cycles(cycles: pd.DataFrame) -> pd.Series:
    """Each part's own cycles per game, the timers' cost taken out (see the module's notes).

    Parameters
    ----------
    cycles : pandas.DataFrame
        :func:`strategies.play.phase_cycles` of some games (one row per part).

    Returns
    -------
    pandas.Series
        Cycles by part (named as :data:`OWN` renames the parts that hold others), in the order
        of the game's parts, summing to the timed game's cycles less the timers' cost.
    """
    lap = cycles.loc["timer (calibration)", "cycles"] / cycles.loc["timer (calibration)", "laps"]
    own = {}
    for part in cycles.index:
        if part == "timer (calibration)" or cycles.loc[part, "laps"] == 0:
            continue
        value = cycles.loc[part, "cycles"] - lap * cycles.loc[part, "laps"]
        for inner in INSIDE.get(part, ()):
            value -= cycles.loc[inner, "cycles"] + lap * cycles.loc[inner, "laps"]
        own[OWN.get(part, part)] = max(0.0, value)
    return pd.Series(own)


@section
def phase_breakdown(size: BenchSize) -> list[BenchRow]:
    """Share of a 4-player ``greedy`` game with the herd (one core) spent in each phase and
    hook, from the timed kernel, with the plain kernel's time per game."""
    from strategies.play import phase_cycles, play_games

    games = size.games
    rules = Rules(herd=True)
    play_games(8, 4, "greedy", seed=7, rules=rules)  # compile / load

    def plain():
        play_games(games, 4, "greedy", seed=7, rules=rules)

    per_game = best_time(plain, max(2, size.repeats - 2)) / games
    phase_cycles(8, 4, "greedy", seed=7, rules=rules)  # compile / load the timed kernel
    own = own_cycles(phase_cycles(games, 4, "greedy", seed=7, rules=rules))
    share = own / own.sum()
    rows = [BenchRow("breakdown", "4p greedy game with the herd, plain kernel", per_game * 1e6,
                     "µs")]  # fmt: skip
    for part, value in share.items():
        rows.append(BenchRow("breakdown", part, 100.0 * value, "%"))
    return rows
