"""Load the rules data (cards, buildings, mammoth tiles) from files into integer arrays.

This is the one loader: the packaged CSV files in ``sim/data`` hold the rules data of docs/rules.md,
and a user's tile file (``--tiles FILE``) goes through :func:`load_tiles` with the same checks.
"""

from __future__ import annotations

import csv
from functools import lru_cache
from pathlib import Path

import numpy as np

from sim.constants import (
    CULTURE_SYMBOLS,
    N_BUILDINGS,
    N_CARDS,
    CardKind,
    Effect,
    Resource,
)
from sim.errors import InputError
from sim.textfiles import read_text

DATA = Path(__file__).resolve().parent / "data"
DEFAULT_TILE_FILE = DATA / "tiles.csv"

MAX_TILES = 64
"""Most tiles a tile file may hold."""

MAX_TILE_FILE_BYTES = 100_000
"""Largest tile file read (64 tiles with long comments fit many times over)."""

TILE_COLUMNS = ("back", "first_bonus", "all_bonus")

_GOODS = {r.name.lower(): int(r) for r in Resource}
_CARD_EFFECTS = {e.name.lower(): int(e) for e in Effect}
_TILE_EFFECTS = ("food", "wood", "brick", "stone", "gold", "points", "tool", "agriculture", "back")


def _rows(path: Path) -> list[dict]:
    return _csv_rows(path.read_text(encoding="utf-8"))


def _csv_rows(text: str) -> list[dict]:
    lines = text.splitlines()
    return list(csv.DictReader(l for l in lines if l.strip() and not l.lstrip().startswith("#")))


@lru_cache(maxsize=1)
def load_cards() -> np.ndarray:
    """Return the 36 civilization cards as an ``int64`` array (columns ``C_*``)."""
    rows = _rows(DATA / "cards.csv")
    cards = np.zeros((len(rows), 6), dtype=np.int64)
    for i, row in enumerate(rows):
        cards[i, 0] = int(CardKind[row["kind"].upper()])
        cards[i, 1] = CULTURE_SYMBOLS.index(row["symbol"]) if row["symbol"] else -1
        cards[i, 2] = int(row["figures"])
        effect = row["effect"]
        amount = int(row["amount"])
        resource = _GOODS.get(row["resource"], 0)
        if effect in ("wood", "brick", "stone", "gold"):
            effect, resource = "resource", _GOODS[effect]
        cards[i, 3] = _CARD_EFFECTS[effect]
        cards[i, 4] = amount
        cards[i, 5] = resource
    if cards.shape[0] != N_CARDS:
        raise RuntimeError(f"cards.csv holds {cards.shape[0]} cards, not {N_CARDS}")
    cards.setflags(write=False)
    return cards


@lru_cache(maxsize=1)
def load_buildings() -> np.ndarray:
    """Return the 28 building tiles as an ``int64`` array (columns ``B_*``)."""
    rows = _rows(DATA / "buildings.csv")
    buildings = np.zeros((len(rows), 7), dtype=np.int64)
    for i, row in enumerate(rows):
        for j, col in enumerate(("wood", "brick", "stone", "gold", "count", "kinds")):
            buildings[i, j] = int(row[col])
        buildings[i, 6] = int(row["kind"] == "variable")
    if buildings.shape[0] != N_BUILDINGS:
        raise RuntimeError(f"buildings.csv holds {buildings.shape[0]} tiles, not {N_BUILDINGS}")
    buildings.setflags(write=False)
    return buildings


def _tile_effect(text: str, back: int, where: str) -> tuple[int, int, int]:
    name, sep, amount_text = text.strip().partition(":")
    name = name.strip().lower()
    if not sep or name not in _TILE_EFFECTS:
        raise InputError(
            f"{where}: bonus {text!r} is not effect:amount with effect one of "
            + ", ".join(_TILE_EFFECTS)
        )
    try:
        amount = int(amount_text)
    except ValueError:
        raise InputError(f"{where}: amount in {text!r} is not a whole number") from None
    if amount < 0 or amount > 10:
        raise InputError(f"{where}: amount in {text!r} must be between 0 and 10")
    if name == "back":
        if back == 0:
            raise InputError(f"{where}: 'back' needs a resource back, not food")
        return int(Effect.RESOURCE), amount, back
    if name in ("wood", "brick", "stone", "gold"):
        return int(Effect.RESOURCE), amount, _GOODS[name]
    effect = {"food": Effect.FOOD, "points": Effect.POINTS, "tool": Effect.TOOL}.get(
        name, Effect.AGRICULTURE
    )
    return int(effect), amount, 0


def load_tiles(path: str | Path | None = None) -> np.ndarray:
    """Load a mammoth tile file into an ``int64`` array (columns ``T_*``).

    Parameters
    ----------
    path : str or Path, optional
        A CSV with the columns ``back,first_bonus,all_bonus`` (``#`` lines are comments), one row
        per tile. ``None`` or ``"default"`` loads the packaged, assumed set of docs/rules.md B3.1.

    Returns
    -------
    numpy.ndarray
        One row per tile: back good, then effect, amount and good of the "1." and "all" bonuses.

    Raises
    ------
    InputError
        If the file is missing, not a small UTF-8 text file, or malformed (a missing or unknown
        column, a row with more or fewer values than the columns, a bad bonus); the message
        names the file and row.
    """
    path = DEFAULT_TILE_FILE if path in (None, "default") else Path(path)
    text = read_text(path, "tile file", MAX_TILE_FILE_BYTES)
    try:
        rows = _csv_rows(text)
    except csv.Error as exc:
        raise InputError(f"tile file {path} is not a readable CSV: {exc}") from None
    if not rows:
        raise InputError(f"tile file {path} holds no tiles")
    columns = [c for c in rows[0] if c is not None]
    missing = set(TILE_COLUMNS) - set(columns)
    if missing:
        raise InputError(f"tile file {path} lacks the column(s) {', '.join(sorted(missing))}")
    unknown = [c for c in columns if c not in TILE_COLUMNS]
    if unknown:
        raise InputError(
            f"tile file {path}: unknown column {unknown[0]!r}; the columns are "
            + ", ".join(TILE_COLUMNS)
        )
    if len(rows) > MAX_TILES:
        raise InputError(
            f"tile file {path} holds {len(rows)} tiles; at most {MAX_TILES} are supported"
        )
    tiles = np.zeros((len(rows), 7), dtype=np.int64)
    for i, row in enumerate(rows):
        where = f"tile file {path}, tile {i + 1}"
        if None in row:
            raise InputError(
                f"{where}: {len(row[None])} value(s) more than the columns "
                + ", ".join(TILE_COLUMNS)
            )
        short = [c for c in TILE_COLUMNS if row[c] is None]
        if short:
            raise InputError(f"{where}: no value for {', '.join(short)}")
        back_name = (row["back"] or "").strip().lower()
        if back_name not in _GOODS:
            raise InputError(
                f"{where}: back {row['back']!r} is not food, wood, brick, stone or gold"
            )
        back = _GOODS[back_name]
        tiles[i, 0] = back
        tiles[i, 1:4] = _tile_effect(row["first_bonus"] or "", back, where)
        tiles[i, 4:7] = _tile_effect(row["all_bonus"] or "", back, where)
    return tiles
