"""Make the shipped advice card ``strategies/models/card.json`` (the ``card`` taming policy's data).

:func:`make_card` plays advice runs (:func:`strategies.play.advise_games`) at 2, 3 and 4 players
with a ``greedy`` field (its default ``ev`` taming), seats rotated, every seat's decisions played
out; :func:`experiments.analyses.situations.derive_card` turns the decisions into the card, and
the card keeps the call that made it. Reproduce the shipped card with::

    python -m experiments.analyses.card_model strategies/models/card.json
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import pandas as pd

from experiments.analyses.situations import Card, advice_table, derive_card
from strategies.play import advise_games

CALL = {"games": 1000, "playouts": 16, "seed": 20, "tables": (2, 3, 4), "field": "greedy"}
"""The shipped card's call: games per table, play-outs per commitment, seed, tables, field."""


def card_decisions(
    games: int, playouts: int, seed: int, tables=(2, 3, 4), field: str = "greedy"
) -> pd.DataFrame:
    """The advice runs' decisions, one table after another (seed ``seed + players``).

    Parameters
    ----------
    games, playouts, seed, tables, field
        Games per table, play-outs per commitment, base seed, player counts, field strategy.

    Returns
    -------
    pandas.DataFrame
        The per-decision tables concatenated.
    """
    parts = [
        advise_games(games, players, field, playouts=playouts, seed=seed + players, rotate=True)
        for players in tables
    ]
    return pd.concat(parts, ignore_index=True)


def make_card(
    games: int = CALL["games"],
    playouts: int = CALL["playouts"],
    seed: int = CALL["seed"],
    tables=CALL["tables"],
    field: str = CALL["field"],
) -> tuple[Card, pd.DataFrame]:
    """Play the advice runs and derive the card.

    Returns
    -------
    (Card, pandas.DataFrame)
        The card (its ``provenance`` holds the call) and the advice table it came from.
    """
    start = time.process_time()
    decisions = card_decisions(games, playouts, seed, tables, field)
    table = advice_table(decisions)
    call = (
        "experiments.analyses.card_model.make_card("
        f"games={games}, playouts={playouts}, seed={seed}, tables={tuple(tables)}, "
        f"field={field!r})"
    )
    provenance = {
        "call": call,
        "runs": [
            {
                "call": f"strategies.play.advise_games({games}, {p}, {field!r}, "
                f"playouts={playouts}, seed={seed + p}, rotate=True)",
                "decisions": int((decisions["players"] == p).sum()),
            }
            for p in tables
        ],
        "decisions": len(decisions),
        "games": games * len(tables),
        "cpu_seconds": round(time.process_time() - start, 1),
    }
    return derive_card(table, provenance), table


def main(argv: list[str]) -> int:
    """``python -m experiments.analyses.card_model OUT.json``: write the card."""
    if len(argv) != 1:
        print("usage: python -m experiments.analyses.card_model OUT.json", file=sys.stderr)
        return 2
    card, _ = make_card()
    text = json.dumps(card.to_dict(), indent=1) + "\n"
    Path(argv[0]).write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
