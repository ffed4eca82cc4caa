"""The placement rules a position file can break, in the rules' own words.

:func:`broken_rule` says which rule of the placement phase one player's people on an area
break, the other players' places being as they are (the engine's own test of a place is
:func:`sim.board.legal_places`; this module only words why it says no).
:func:`sim.position_read.position_problems` puts the sentence after the field of the player
who broke it: of the players on an area, the last in this round's order.
"""

from __future__ import annotations

from sim.constants import (
    FIELD,
    FIRST_BUILDING,
    FIRST_CARD_SPACE,
    HUNTING_GROUNDS,
    HUT,
    RESOURCE_AREA_SPACES,
    RIVER,
    TOOL_MAKER,
)
from sim.names import AREA_NAMES


def _names(names: list[str]) -> str:
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def broken_rule(
    player: str,
    area: int,
    people: int,
    others: list[tuple[str, int]],
    players: int,
    village_used: int,
    space_open: bool,
) -> str:
    """Why ``people`` of one player on ``area`` break the placement rules.

    Parameters
    ----------
    player : str
        The player's name.
    area : int
        The area (:data:`sim.names.AREA_NAMES`).
    people : int
        The player's people there.
    others : list of (str, int)
        The other players on the area: name and people.
    players : int
        The table's size.
    village_used : int
        The village places (tool maker, hut, field) the other players use.
    space_open : bool
        For a card space or a building: whether it holds a card or a stack's tile.

    Returns
    -------
    str
        The rule in a sentence, naming the area.
    """
    name = AREA_NAMES[area]
    there = _names([n for n, _ in others])
    everyone = _names([n for n, _ in others] + [player])
    if area == HUNTING_GROUNDS:
        return "the hunting grounds take any number of people, once per player and round"
    if area <= RIVER:
        crowd = sum(k for _, k in others)
        if players < 4 and len(others) >= players - 1:
            return (
                f"at {players} players only {players - 1} player{'s' if players > 2 else ''} "
                f"may use the {name} in a round, and {everyone} are on it"
            )
        return (
            f"the {name} has {RESOURCE_AREA_SPACES} spaces, but {there} have {crowd} people "
            f"on it and {player} {people}, {people + crowd} in all"
        )
    if TOOL_MAKER <= area <= FIELD:
        need = 2 if area == HUT else 1
        if others:
            return f"the {name} takes one player a round, and {everyone} are on it"
        if people != need:
            exactly = "exactly 2 people (the parents)" if area == HUT else "exactly 1 person"
            return f"the {name} takes {exactly}, not {people}"
        if players < 4 and village_used >= 2:
            return (
                f"at {players} players only 2 of the 3 village places (tool maker, hut, "
                "field) are used in a round"
            )
    if FIRST_CARD_SPACE <= area < FIRST_BUILDING and not space_open:
        return f"{name} holds no card at a placement turn, so nobody can stand there"
    if area >= FIRST_BUILDING and not space_open:
        return f"the stack of {name} is empty, so nobody can stand there"
    if area >= FIRST_CARD_SPACE and people > 1:
        return f"{name} takes one person, not {people}"
    return f"{people} on the {name} is not a legal place with the others' places"


__all__ = ["broken_rule"]
