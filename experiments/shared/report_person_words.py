"""A person's card in words: each table size's rules as a player reads them, in counts.

The words are written from the card's rules themselves (:mod:`strategies.card_person`), the
first rule that fits first, so a card says exactly what its player plays: "at your second
placement or later, unless someone else is on the herd's area, put 1 person there"; "commit 2
if a player before you committed 1 or more; else 1". The conversion that counts a bonus, where
a rule or the winner's choice needs it, is printed with the card (:func:`worth_line`).

Shared by the page that prints the card (:mod:`experiments.shared.report_card_print`) and the
card's derivation, which words the card it writes.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from strategies.card_person import GATHER, PLAYERS, WORTH_NAMES, applies_at

ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}


def _ordinal(n: int) -> str:
    return ORDINALS.get(n, f"{n}th")


def _plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _whole_bounds(cond: Mapping) -> tuple[int | None, int | None]:
    """A condition ``lo <= x < hi`` on a whole-number feature as the least and the most whole
    value it admits (None: open)."""
    lo, hi = cond.get("lo"), cond.get("hi")
    least = None if lo is None else math.ceil(lo)
    most = None if hi is None else math.ceil(hi) - 1
    return least, most


def _range(least, most) -> str:
    if least is not None and most is not None:
        return str(least) if least == most else f"{least} to {most}"
    if least is not None:
        return f"{least}+"
    return f"at most {most}" if most is not None else "any"


def condition_words(cond: Mapping) -> str | None:
    """One condition of a person's card in words (None for the table size, which the card's
    line names)."""
    feature = cond["feature"]
    least, most = _whole_bounds(cond)
    if feature == "players":
        return None
    if feature == "turn":
        if least is not None and most is None:
            return f"from your {_ordinal(least)} placement on"
        if least == most and least is not None:
            return f"at your {_ordinal(least)} placement"
        return f"at your placements {_range(least, most)}"
    if feature == "rivals":
        if most == 0 and (least is None or least <= 0):
            return "if nobody else is there"
        if least == 1 and most is None:
            return "if someone else is there"
        return f"if {_range(least, most)} other players are there"
    if feature == "bonus":
        return f'if the "1." bonus counts {_range(least, most)}'
    if feature == "tile_gap":
        if least is not None and most is None and least >= 0:
            return (
                "if nobody holds more tiles" if least == 0 else f"if you lead the tiles by {least}+"
            )
        if most is not None and least is None and most < 0:
            return f"if you trail the tile leader by {-most}+"
        return f"if your tiles minus the leader's are {_range(least, most)}"
    if feature == "tiles_left":
        return f"with {_range(least, most)} tiles left in the pile"
    if feature == "committed_most":
        if least is not None and most is None:
            return f"if a player before you committed {least}+"
        if most is not None and least is None:
            return f"if nobody before you committed more than {most}"
        return f"if the most a player before you committed is {_range(least, most)}"
    if feature == "to_decide":
        return f"with {_range(least, most)} players to decide after you"
    if feature == "kmax":
        return f"if you can commit {_range(least, most)}"
    raise ValueError(f"no words for the feature {feature!r}")


def _when(rule: Mapping) -> str:
    words = [w for w in (condition_words(c) for c in rule["when"]) if w]
    return " and ".join(words)


def place_answer(people: int) -> str:
    """A place rule's answer in words."""
    if people == 0:
        return "stay away"
    if people == GATHER:
        return "gather there, not at wood, clay, stone or gold"
    return f"put {_plural(people, 'person', 'people')} there"


def commit_answer(k: int) -> str:
    """A commitment rule's answer in words."""
    return f"commit {k}"


def _first_fit(rules: list[Mapping], default_words: str, answer) -> str:
    """Rules tried in order, then the default, as one sentence: ``A when X; else B``."""
    parts = []
    for rule in rules:
        when = _when(rule)
        parts.append(f"{answer(rule)} {when}" if when else answer(rule))
        if not when:  # a rule that always fits: nothing after it is read
            return "; else ".join(parts) if len(parts) > 1 else parts[0]
    parts.append(default_words)
    return "; else ".join(parts) if len(parts) > 1 else parts[0]


def person_lines(card: Mapping) -> dict[int, list[str]]:
    """Each table size's play in words: where to place, then what to commit.

    Parameters
    ----------
    card : mapping
        A person's card (:func:`strategies.card_person.is_person`).

    Returns
    -------
    dict
        Player count -> two lines.
    """
    out = {}
    for players in PLAYERS:
        place = [r for r in card["place"]["rules"] if applies_at(r, players)]
        commit = [r for r in card["rules"] if applies_at(r, players)]
        where = _first_fit(
            place,
            place_answer(card["place"]["default"]),
            lambda r: place_answer(r["people"]),
        )
        how = _first_fit(
            commit, commit_answer(card["default"]), lambda r: commit_answer(r["commit"])
        )
        out[players] = [f"Herd's area: {where}.", f"On the tile: {how}."]
        if not place and not commit:
            out[players][0] = f"Herd's area (no rule of this card is for {players}): {where}."
    return out


def worth_line(card: Mapping) -> str:
    """The card's conversion, printed with it: what one of each counts as."""
    worth = card["worth"]
    return "Count a bonus as: " + ", ".join(f"{name} {worth[name]}" for name in WORTH_NAMES) + "."


WINNER_LINE = (
    "Stay away: place as if there were no herd. Put people there: when the herd's area is open "
    "to you. Commit: that many figures, or all you have there and can pay if fewer. If you "
    'win, take the "1." bonus unless the "all" bonus counts more.'
)
"""How the card's answers are played, and what the winner takes (the person's card's
``take_first_bonus``)."""


def card_words(card: Mapping) -> list[str]:
    """The whole card as it is printed: a line per table size, the winner's choice and the
    conversion."""
    lines = []
    for players, (where, how) in person_lines(card).items():
        lines.append(f"At {players} players. {where} {how}")
    return [*lines, WINNER_LINE, worth_line(card)]
