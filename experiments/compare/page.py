"""Head-to-head figures the README publishes: the strongest player against `search`, heads-up,
on two seeds (:mod:`experiments.shared.pages`)."""

from __future__ import annotations

from pathlib import Path
from shlex import quote

from experiments.shared.numbers import count, interval, percent
from experiments.shared.pages import Source, read

CHAMPION = "learned[model=selfplay3,herd_3_4=0.3,block=2,block_areas=6,gatherers=3]"
"""The strongest player written out (``champion`` names it), as its matches were run."""
OPPONENT = "search"
SEEDS = (3600, 4242)
"""Two seeds no other measurement used."""


def folder(seed: int) -> str:
    """The committed match of one seed (under ``docs/results``)."""
    return f"heads-up/champion-search-{seed}"


SOURCES = tuple(
    Source(
        folder(seed),
        (
            f"mammoth compare --strategy {quote(CHAMPION)} --strategy {OPPONENT} --players 2 "
            f"--games 2000 --seed {seed}",
        ),
        keep=("league.csv",),
    )
    for seed in SEEDS
)
"""The committed matches, one per seed."""


def heads_up_markdown(results: Path) -> str:
    """The README's sentence: the strongest player's win share against `search`, per seed."""
    cells, games = [], set()
    for seed in SEEDS:
        league = read(results, folder(seed), "league.csv")
        (row,) = league[~league["strategy"].str.startswith(f"{OPPONENT}+")].itertuples()
        cells.append(f"{percent(row.win_rate)} {interval(row.win_low, row.win_high, scale=100)}")
        games.add(int(row.seats))
    (played,) = games
    return (
        f"Heads-up it wins {' and '.join(cells)} of {count(played)} games against `{OPPONENT}` "
        "on two fresh seeds (95% Wilson intervals)."
    )


BLOCKS = {"champion-heads-up": heads_up_markdown}
"""The marked blocks this answer writes."""
