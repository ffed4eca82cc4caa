"""Does the herd change the score: the published figures (:mod:`experiments.shared.pages`).

Every seat plays one strategy, 20,000 games at each table size with the herd and again without
it; the committed folder keeps a summary of the games (``score.csv``), not the games.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from experiments.shared.document import Bullets, Paragraph, Strong
from experiments.shared.numbers import interval, percent, signed
from experiments.shared.pages import Source, read

PLAYERS = (2, 3, 4)
STRATEGIES = ("greedy", "classic")
"""The strategies whose scores the pages give, the default player first."""
LONG_GAME = 25
"""A game of more rounds than this has stalled (the pages give the share of such games)."""
Z = 1.96


def commands(strategy: str) -> tuple[str, ...]:
    """The runs of one strategy: each table size with the herd, then without it."""
    found = []
    for players in PLAYERS:
        run = (
            f"mammoth simulate --games 20000 --players {players} --seed 2026 --strategy {strategy}"
        )
        found += [run, f"{run} --no-herd"]
    return tuple(found)


def summarise(outputs: list[Path]) -> dict[str, pd.DataFrame]:
    """``score.csv`` from the runs of :func:`commands`, in that order: per table size the mean
    score per seat with and without the herd, the difference with its 95% interval (the two
    runs' per-game mean scores taken as independent samples: the herd changes every game) and
    the share of games over :data:`LONG_GAME` rounds in each."""
    rows = []
    for players, herd, plain_run in zip(PLAYERS, outputs[0::2], outputs[1::2], strict=True):
        on = pd.read_parquet(herd / "games.parquet", columns=["game", "score", "rounds"])
        off = pd.read_parquet(plain_run / "games.parquet", columns=["game", "score", "rounds"])
        mean_on = on.groupby("game")["score"].mean()
        mean_off = off.groupby("game")["score"].mean()
        diff = mean_on.mean() - mean_off.mean()
        se = np.sqrt(mean_on.var() / len(mean_on) + mean_off.var() / len(mean_off))
        rows.append(
            {
                "players": players,
                "games": len(mean_on),
                "score_herd": round(mean_on.mean(), 4),
                "score_no_herd": round(mean_off.mean(), 4),
                "difference": round(diff, 4),
                "low": round(diff - Z * se, 4),
                "high": round(diff + Z * se, 4),
                "long_games_herd": round(
                    float((on.groupby("game")["rounds"].first() > LONG_GAME).mean()), 6
                ),
                "long_games_no_herd": round(
                    float((off.groupby("game")["rounds"].first() > LONG_GAME).mean()), 6
                ),
            }
        )
    return {"score.csv": pd.DataFrame(rows)}


SOURCES = tuple(
    Source(f"score/{strategy}", commands(strategy), summarise=summarise) for strategy in STRATEGIES
)
"""The committed summaries, one per strategy."""


def score_block(results: Path) -> Paragraph:
    """The answers' paragraph: the herd's change to the mean score, per strategy."""
    greedy = read(results, "score/greedy", "score.csv").set_index("players")
    classic = read(results, "score/classic", "score.csv").set_index("players")
    cells = [
        f"{signed(row.difference)} {interval(row.low, row.high)} with {p}"
        for p, row in greedy.loc[list(PLAYERS)].iterrows()
    ]
    stalled = classic["long_games_no_herd"].idxmax()
    share = percent(classic.loc[stalled, "long_games_no_herd"])
    return Paragraph(
        [
            Strong("Does the herd change the score?"),
            " Mean score per seat with the herd minus without it, every seat the same strategy, "
            "20,000 games per cell (`mammoth simulate --games 20000 --players N --seed 2026 "
            "--strategy S`, then again with `--no-herd`; the difference of the two mean "
            f"scores): `greedy` {', '.join(cells[:-1])} and {cells[-1]} players. `classic` "
            f"gives {', '.join(signed(classic.loc[p, 'difference']) for p in PLAYERS)}: the "
            f"first greedy's games stall without the herd ({share} of its {stalled}-player "
            f"games run past {LONG_GAME} rounds, against "
            f"{percent(greedy['long_games_no_herd'].max())} of `greedy`'s), which is the "
            "artefact the new greedy removes.",
        ]
    )


def short_block(results: Path) -> Bullets:
    """The README's short answer: the herd's change to `greedy`'s mean score."""
    greedy = read(results, "score/greedy", "score.csv").set_index("players")
    first, *rest = [signed(greedy.loc[p, "difference"]) for p in PLAYERS]
    others = ", ".join(f"{value} at {p}" for value, p in zip(rest, PLAYERS[1:], strict=True))
    return Bullets(
        [
            [
                Strong("Does the herd change the score?"),
                f" Every seat `greedy`: {first} points a seat at {PLAYERS[0]} players, {others}.",
            ]
        ]
    )


BLOCKS = {"herd-score": score_block, "herd-score-short": short_block}
"""The marked blocks this answer writes."""
