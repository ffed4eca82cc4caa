"""The game's pieces by name: civilization cards, building tiles, mammoth tiles and areas.

A position file (:mod:`sim.position`) names what is on the table the way a player reads it. The
names are made from the rules data, so a tile file's tiles get names too:

- a civilization card: its bottom, then its top, ``"writing: extra card"``, ``"farmer 2: food
  3"``, ``"shaman 1: roll 2 for stone"``;
- a building tile: its cost, ``"2 wood 1 brick"``, ``"4 of 2 kinds"``, ``"1 to 7 of any kinds"``;
- a mammoth tile: its back, then its "1." and its "all" bonus, ``"stone: points 3 / points 1"``;
- an area: ``"hunting grounds"``, ``"forest"`` ... ``"card 1"`` (the space that costs 1) to
  ``"card 4"``, ``"building 1"`` to ``"building 4"`` (the stacks from the left).

Identical pieces (the two ``"music: points 3"`` cards, say) share a name; a name then stands for
any copy, and :func:`copies` says how many there are. Each distinct name also has a short id
(:func:`short_ids`): ``C1``... for cards, ``B1``... for buildings, ``T1``... for tiles. Names
are matched without regard to case or to runs of spaces (:func:`normal`).
"""

from __future__ import annotations

import re

import numpy as np

from sim.constants import (
    B_COUNT,
    B_KINDS,
    B_VARIABLE,
    C_AMOUNT,
    C_EFFECT,
    C_FIGURES,
    C_KIND,
    C_RESOURCE,
    C_SYMBOL,
    CULTURE_SYMBOLS,
    N_AREAS,
    N_CARD_SPACES,
    N_STACKS,
    T_ALL_EFFECT,
    T_BACK,
    T_FIRST_EFFECT,
    Area,
    CardKind,
    Effect,
    Resource,
)

GOOD_NAMES = tuple(r.name.lower() for r in Resource)
"""food, wood, brick, stone, gold: a good's index is its name's."""


def normal(text: str) -> str:
    """A name as it is matched: lower case, single spaces, no spaces at the ends."""
    return re.sub(r"\s+", " ", str(text)).strip().lower()


def area_names() -> tuple[str, ...]:
    """Every area's name, by area index (:class:`sim.constants.Area`)."""
    names = []
    for area in Area:
        if area >= Area.CARD_1 and area < Area.BUILDING_1:
            names.append(f"card {int(area) - int(Area.CARD_1) + 1}")
        elif area >= Area.BUILDING_1:
            names.append(f"building {int(area) - int(Area.BUILDING_1) + 1}")
        else:
            names.append(area.name.lower().replace("_", " "))
    if len(names) != N_AREAS or N_CARD_SPACES != 4 or N_STACKS != 4:  # pragma: no cover
        raise RuntimeError("the area names do not cover the board")
    return tuple(names)


AREA_NAMES = area_names()


def _card_top(row) -> str:
    effect, amount, good = int(row[C_EFFECT]), int(row[C_AMOUNT]), int(row[C_RESOURCE])
    if effect == Effect.FOOD:
        return f"food {amount}"
    if effect == Effect.RESOURCE:
        return f"{GOOD_NAMES[good]} {amount}"
    if effect == Effect.POINTS:
        return f"points {amount}"
    if effect == Effect.AGRICULTURE:
        return f"agriculture {amount}"
    if effect == Effect.TOOL:
        return f"tool {amount}"
    if effect == Effect.ONE_TIME_TOOL:
        return f"one-time tool {amount}"
    if effect == Effect.DICE_FOR_EVERYONE:
        return "dice for everyone"
    if effect == Effect.ROLL2:
        return f"roll 2 for {GOOD_NAMES[good]}"
    if effect == Effect.EXTRA_CARD:
        return "extra card"
    return f"{amount} resources of choice"


def card_names(cards: np.ndarray) -> tuple[str, ...]:
    """Every civilization card's name, by card id."""
    names = []
    for row in cards:
        if int(row[C_KIND]) == CardKind.CULTURE:
            bottom = CULTURE_SYMBOLS[int(row[C_SYMBOL])]
        else:
            bottom = f"{CardKind(int(row[C_KIND])).name.lower()} {int(row[C_FIGURES])}"
        names.append(f"{bottom}: {_card_top(row)}")
    return tuple(names)


def building_names(buildings: np.ndarray) -> tuple[str, ...]:
    """Every building tile's name, by tile id."""
    names = []
    for row in buildings:
        if int(row[B_VARIABLE]) == 0:
            parts = [f"{int(row[r - 1])} {GOOD_NAMES[r]}" for r in range(1, 5) if row[r - 1] > 0]
            names.append(" ".join(parts))
        elif int(row[B_COUNT]) == 0:
            names.append("1 to 7 of any kinds")
        else:
            kinds = int(row[B_KINDS])
            names.append(f"{int(row[B_COUNT])} of {kinds} kind{'s' if kinds > 1 else ''}")
    return tuple(names)


def _tile_bonus(effect: int, amount: int, good: int) -> str:
    if effect == Effect.RESOURCE:
        return f"{GOOD_NAMES[good]} {amount}"
    return f"{Effect(effect).name.lower()} {amount}"


def tile_names(tiles: np.ndarray) -> tuple[str, ...]:
    """Every mammoth tile's name, by tile id: ``"BACK: FIRST / ALL"``."""
    names = []
    for row in tiles:
        first = _tile_bonus(*(int(v) for v in row[T_FIRST_EFFECT : T_FIRST_EFFECT + 3]))
        every = _tile_bonus(*(int(v) for v in row[T_ALL_EFFECT : T_ALL_EFFECT + 3]))
        names.append(f"{GOOD_NAMES[int(row[T_BACK])]}: {first} / {every}")
    return tuple(names)


def copies(names: tuple[str, ...]) -> dict[str, list[int]]:
    """Each distinct name (:func:`normal`) and the ids that carry it, lowest first."""
    out: dict[str, list[int]] = {}
    for i, name in enumerate(names):
        out.setdefault(normal(name), []).append(i)
    return out


SHORT_PREFIXES = {"civilization card": "C", "building tile": "B", "mammoth tile": "T"}
"""The letter of each piece's short ids (:func:`short_ids`)."""


def short_ids(names: tuple[str, ...], prefix: str) -> dict[str, str]:
    """Each distinct name's short id: ``prefix`` and the name's rank among the distinct names,
    in the order of their first ids (``C1`` is card 0's name, ``C2`` the next name not yet
    given one, ...); identical pieces share one id.

    Parameters
    ----------
    names : tuple of str
        The pieces' names, by id (:func:`card_names`, :func:`building_names`, :func:`tile_names`).
    prefix : str
        The id's letter (:data:`SHORT_PREFIXES`).

    Returns
    -------
    dict
        Normal name (:func:`normal`) -> short id, in id order.
    """
    return {name: f"{prefix}{k + 1}" for k, name in enumerate(copies(names))}


def representatives(names: tuple[str, ...]) -> np.ndarray:
    """For each id the lowest id of an identical piece (one with the same name)."""
    first = {ids[0]: ids for ids in copies(names).values()}
    out = np.arange(len(names), dtype=np.int64)
    for low, ids in first.items():
        out[ids] = low
    return out


__all__ = [
    "AREA_NAMES",
    "GOOD_NAMES",
    "SHORT_PREFIXES",
    "building_names",
    "card_names",
    "copies",
    "normal",
    "representatives",
    "short_ids",
    "tile_names",
]
