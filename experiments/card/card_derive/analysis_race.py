"""Deriving one card for several tables at once: the tables, and the race across them.
Pure Python and pandas, no I/O.

A **table** is a tile set and a base player (the field), with the card derived for that table
alone where there is one (its strongest known exploit: a deviation at that table, PSRO's best
response made of the best plays we know). The card for several tables minimises its **worst**
exploitability over them (the minimax of robust optimisation). The race spends games where they
decide that worst case:

- within a round the tables are met in their order, and a candidate is dropped as soon as one
  table shows it clearly exploitable: the lower end of its interval there above both the goal
  (:data:`GOAL`) and the smallest upper bound of the worst table of any candidate that has met
  every table (:func:`clearly_exploitable`); so that one has early, the first round plays the
  candidate hardest to exploit at the first table at every table before the others meet the
  second (the pilot);
- after a round the candidates are ranked by their worst table (:func:`worst_case`) and the
  race's survivors rule keeps the best of them;
- in a later round a candidate plays only the tables that can still be its worst: those whose
  interval's upper end reaches the largest lower end of its others (:func:`could_be_worst`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pandas as pd

from experiments.card.card_check.analysis import EXPLOIT_LIMIT
from sim.errors import InputError

GOAL = EXPLOIT_LIMIT
"""The exploitability a card should stay under at every table (pp)."""
AT = "@"
OWN = "="


@dataclass(frozen=True)
class Table:
    """One table a card is derived for.

    Attributes
    ----------
    field : tuple of str
        The base player, or the seats' strategies in turn.
    tiles : str
        ``default`` or a tile file.
    card : str or None
        The card derived for this table alone, played by a deviating seat (None: none).
    """

    field: tuple[str, ...]
    tiles: str
    card: str | None = None

    def spec(self) -> str:
        """The table as ``--table`` takes it: ``FIELD@TILES`` or ``FIELD@TILES=CARD``."""
        own = f"{OWN}{self.card}" if self.card else ""
        return f"{','.join(self.field)}{AT}{self.tiles}{own}"

    def own_deviation(self) -> str | None:
        """The taming policy that plays this table's own card (``card[file=CARD]``)."""
        return f"card[file={self.card}]" if self.card else None


def parse_table(text: str) -> Table:
    """A table from ``FIELD@TILES`` or ``FIELD@TILES=CARD`` (``champion@default``,
    ``greedy@experiments/tiles/rich.csv=docs/results/derive/card_rich_greedy/card.json``).

    Raises
    ------
    InputError
        Not of that form.
    """
    if not isinstance(text, str) or AT not in text:
        raise InputError(
            f"a table is FIELD@TILES or FIELD@TILES=CARD (champion@default), not {text!r}"
        )
    field, _, rest = text.partition(AT)
    tiles, _, card = rest.partition(OWN)
    names = tuple(n.strip() for n in field.split(",") if n.strip())
    if not names or not tiles.strip():
        raise InputError(f"table {text!r}: name a field and a tile set (champion@default)")
    return Table(names, tiles.strip(), card.strip() or None)


def tables_of(tables: Sequence[str], field: Sequence[str], tiles: str) -> list[Table]:
    """The tables a derivation is for: its ``tables`` (each ``FIELD@TILES`` or
    ``FIELD@TILES=CARD``), or, without any, the one of its ``field`` and ``tiles``."""
    if tables:
        return [parse_table(text) for text in tables]
    return [Table(tuple(field), tiles)]


def worst_case(per_table: pd.DataFrame) -> pd.DataFrame:
    """Per candidate, its worst table: the largest exploitability over the tables, with the
    largest lower and upper ends of the tables' intervals (the worst case's bounds), the fewest
    games and the table and deviation of the worst.

    Parameters
    ----------
    per_table : pandas.DataFrame
        ``candidate, table, games, exploitability, low, high, best_deviation`` (one table size).

    Returns
    -------
    pandas.DataFrame
        ``candidate, games, exploitability, low, high, best_deviation, worst_table``, in the
        candidates' first order.
    """
    rows = []
    for label, part in per_table.groupby("candidate", sort=False):
        worst = part.sort_values(["exploitability", "table"], ascending=[False, True]).iloc[0]
        rows.append(
            {
                "candidate": label,
                "games": int(part["games"].min()),
                "exploitability": float(worst["exploitability"]),
                "low": float(part["low"].max()),
                "high": float(part["high"].max()),
                "best_deviation": worst["best_deviation"],
                "worst_table": int(worst["table"]),
            }
        )
    return pd.DataFrame(rows)


def clearly_exploitable(
    per_table: pd.DataFrame, standing: list[str], tables: int, goal: float = GOAL
) -> set:
    """The candidates of ``standing`` that some table already shows clearly exploitable: the
    largest lower end of their intervals over the tables met lies above both ``goal`` and the
    smallest upper bound of the worst table of any candidate that has met every table (what the
    card for all of them is sure to reach). Before any candidate has met every table, none.

    Parameters
    ----------
    per_table : pandas.DataFrame
        The latest ``candidate, table, low, high`` of every candidate and table met.
    standing : list of str
        The candidates still in the race this round.
    tables : int
        How many tables there are.
    goal : float
        The exploitability a card should stay under (pp).

    Returns
    -------
    set of str
        Never every candidate of ``standing``.
    """
    met = per_table[per_table["candidate"].isin(standing)]
    if met.empty:
        return set()
    by = met.groupby("candidate")
    low, high, seen = by["low"].max(), by["high"].max(), by["table"].nunique()
    complete = high[seen == tables]
    if complete.empty:
        return set()
    bar = max(goal, float(complete.min()))
    dropped = set(low[low > bar].index)
    if dropped >= set(standing):
        dropped.discard(min(standing, key=lambda c: (float(high.get(c, 0.0)), standing.index(c))))
    return dropped


def could_be_worst(per_table: pd.DataFrame, candidate: str, table: int) -> bool:
    """Whether ``table`` can still be ``candidate``'s worst: the upper end of its interval there
    reaches the largest lower end of its other tables (a table it has not met yet can)."""
    part = per_table[per_table["candidate"] == candidate]
    here = part[part["table"] == table]
    if here.empty:
        return True
    others = part[part["table"] != table]
    if others.empty:
        return True
    return float(here["high"].iloc[0]) >= float(others["low"].max())
