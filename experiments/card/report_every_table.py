"""The card for every table as the pages show it: its words and its worst table, and the price
of simplicity, table by table.

Every figure comes from committed result folders (``docs/results``): the person's card's
derivation over every table (``every-table/person``), the best weight card's over the same
tables (``every-table/weight``), and each table's own derivation (a shipped card's
``derive/CARD``, the others' ``every-table/own/CARD``), so ``mammoth docs --update`` writes the
blocks from the files and a test checks that they agree.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from experiments.shared.document import Bullets, Strong, Table
from experiments.shared.numbers import DASH, interval, signed
from experiments.shared.pages import RESULTS, read_table
from strategies.taming_card import EVERY_TABLE_PATH, PLAYERS, load_card

PERSON = "every-table/person"
WEIGHT = "every-table/weight"
OWN = "every-table/own"


@dataclass(frozen=True)
class EveryTable:
    """One table of the card for every table: its base player, tile set and own card."""

    field: str
    tiles: str
    card: str  # the card derived for this table alone (a file of the repository)

    def spec(self) -> str:
        """The table as ``mammoth derive-card --table`` takes it."""
        return f"{self.field}@{self.tiles}={self.card}"

    def own_exploit(self, results: Path) -> Path:
        """The own card's certification (``exploit.csv`` of its derivation's folder)."""
        stem = Path(self.card).parent.name if self.card.endswith("/card.json") else None
        if stem is not None:
            return results / OWN / stem / "exploit.csv"
        return results / "derive" / Path(self.card).stem / "exploit.csv"

    def label(self) -> str:
        tiles = "default" if self.tiles == "default" else Path(self.tiles).stem
        return f"{self.field}, {tiles} tiles"


def _best_by_size(exploit: pd.DataFrame) -> dict[int, float]:
    return {int(p): float(g) for p, g in exploit.groupby("players")["gain"].max().items()}


def _cells(best: dict[int, float]) -> str:
    return " / ".join(signed(best[p], 2) if p in best else DASH for p in PLAYERS)


EVERY_TABLE_COLUMNS = (
    ("the best weight card for every table", WEIGHT),
    ("the person's card", PERSON),
)
"""The cards for every table the price of simplicity puts beside each table's own: their
headers and result folders."""


def price_block(
    tables: tuple[EveryTable, ...],
    results: Path = RESULTS,
    columns: tuple[tuple[str, str], ...] = EVERY_TABLE_COLUMNS,
) -> str:
    """The price of simplicity: at every table, the most one player gains by leaving a table of
    its own derived card and of each card for every table (``columns``: the weight card's, the
    person's), pp at 2 / 3 / 4 players (each card's certification), then each column's worst.

    Parameters
    ----------
    tables : tuple of EveryTable
        The tables, in the derivations' order (their ``table`` index).
    results : pathlib.Path
        The committed result folders.
    columns : tuple of (str, str)
        Each card for every table: its header and its derivation's folder under ``results``.

    Returns
    -------
    Table
        A row per table, then the worst row.
    """
    every = [read_table(results / folder / "exploit.csv") for _, folder in columns]
    rows = []
    worst = [[] for _ in range(len(columns) + 1)]
    for t, table in enumerate(tables):
        bests = [_best_by_size(read_table(table.own_exploit(results)))]
        bests += [_best_by_size(frame[frame["table"] == t]) for frame in every]
        for k, best in enumerate(bests):
            worst[k] += list(best.values())
        rows.append([table.label(), *(_cells(b) for b in bests)])
    rows.append([Strong("worst"), *(Strong(signed(max(w), 2)) for w in worst)])
    header = ["your table", "its own card", *(h for h, _ in columns)]
    return Table(header, rows, aligned=False)


def every_table_card_block(tables: tuple[EveryTable, ...], results: Path = RESULTS) -> Bullets:
    """The person's card in its words, then its worst table and figure (its certification at
    every table, from its derivation's ``exploit.csv``): an item each, nested in the page's list
    and kept on one line."""
    card = load_card(EVERY_TABLE_PATH)
    person = read_table(results / PERSON / "exploit.csv")
    best = person.sort_values(["gain", "table", "players"], ascending=[False, True, True]).iloc[0]
    table = tables[int(best["table"])]
    worst = (
        "Where everyone plays it, the most one player gains by playing the herd another way is "
        f"{signed(best['gain'], 2)} pp "
        f"{interval(best['gain_low'], best['gain_high'], 2, signs=True)}, at its worst table "
        f"({table.label()}, {int(best['players'])} players, `{best['deviation']}`)."
    )
    return Bullets([*card["words"], worst], depth=1, wrap=False)
