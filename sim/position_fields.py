"""The fields of a position file read one by one, and the problems noted on the way.

:mod:`sim.position_read` checks a whole position with these: each reader notes a problem
(:func:`note`) and goes on with a stand-in value, so one pass finds every problem it can
(:func:`sim.position_read.position_problems`); outside such a pass a problem is raised at once.
Names of pieces are matched by their text or short id, and a misspelt one gets a "did you mean"
(:func:`did_you_mean`).
"""

from __future__ import annotations

import difflib
import re
from contextvars import ContextVar

from sim.constants import FIRST_BUILDING
from sim.errors import InputError
from sim.names import AREA_NAMES, normal

NOTES: ContextVar[list[str] | None] = ContextVar("position_notes", default=None)
"""The problems found so far by the check under way (:func:`position_problems`)."""


def note(message: str) -> None:
    """Record a problem and go on checking (outside a check: raise it)."""
    notes = NOTES.get()
    if notes is None:
        raise InputError(message)
    notes.append(message)


def did_you_mean(word, choices) -> str:
    """``"; did you mean 'X'?"`` for the closest of ``choices`` to ``word`` (difflib), or ``""``."""
    if not isinstance(word, str):
        return ""
    close = difflib.get_close_matches(normal(word), [normal(c) for c in choices], n=1, cutoff=0.6)
    if not close:
        return ""
    shown = {normal(c): c for c in choices}[close[0]]
    return f"; did you mean {shown!r}?"


class Taker:
    """Hands out the copies of named pieces, each at most once; a problem noted otherwise
    (:attr:`failed` then says the pieces named cannot be counted on)."""

    def __init__(self, what: str, ids_of: dict[str, list[int]], names: tuple[str, ...] = ()):
        self.what = what
        self.ids_of = ids_of
        self.names = names
        self.taken: set[int] = set()
        self.at: dict[int, str] = {}  # the field that took each piece
        self.failed = False

    def take(self, name, where: str) -> int | None:
        if not isinstance(name, str):
            return self._fail(f"{where}: a {self.what} is named by a string, not {name!r}")
        ids = self.ids_of.get(normal(name))
        if ids is None:
            hint = did_you_mean(name, sorted(set(self.names))) or " (docs/positions.md)"
            return self._fail(f"{where}: no {self.what} is called {name!r}{hint}")
        for i in ids:
            if i not in self.taken:
                self.taken.add(i)
                self.at[i] = where
                return i
        count = f"{len(ids)} cop{'ies' if len(ids) > 1 else 'y'}"
        also = ", ".join(self.at[i] for i in ids if i in self.at)
        also = f"; also named at {also}" if also else ""
        return self._fail(
            f"{where}: {name!r} is named more often than the game has ({count}{also})"
        )

    def _fail(self, message: str) -> None:
        self.failed = True
        note(message)

    def rest(self, total: int) -> list[int]:
        return [i for i in range(total) if i not in self.taken]


def stop_if(taker: Taker) -> None:
    """Raise the last problem noted when ``taker`` failed (what follows needs its pieces)."""
    notes = NOTES.get()
    if taker.failed and notes:
        raise InputError(notes.pop())


def fields(table, allowed, where: str) -> dict:
    """The table without its unknown fields, each noted (with a "did you mean")."""
    if not isinstance(table, dict):
        raise InputError(f"{where} must be a table")
    for key in table:
        if key not in allowed:
            hint = did_you_mean(key, allowed) or f"; the fields are {', '.join(allowed)}"
            note(f"{where}: unknown field {key!r}{hint}")
    return {key: value for key, value in table.items() if key in allowed}


def whole(table: dict, key: str, where: str, low: int, high: int, default=None) -> int:
    """A whole number in ``low..high``; a problem is noted and the nearest (or the default)
    stands in for it."""
    value = table.get(key, default)
    if value is None:
        note(f"{where}: the field {key!r} is missing")
        return low
    if isinstance(value, bool) or not isinstance(value, int):
        note(f"{where}.{key} must be a whole number, not {value!r}")
        return low if default is None else default
    if not low <= value <= high:
        note(f"{where}.{key} must be {low} to {high}, not {value}")
        return min(max(value, low), high)  # the nearest: no problem follows from this one
    return value


def listed(table: dict, key: str, where: str, default=None) -> list:
    """A list; a problem is noted and an empty one stands in for it."""
    value = table.get(key, default)
    if value is None:
        note(f"{where}: the field {key!r} is missing")
        return []
    if not isinstance(value, list):
        note(f"{where}.{key} must be a list, not {value!r}")
        return []
    return value


_FIELD = re.compile(r"""^((?:player (?:'[^']*'|"[^"]*"|\d+))?[\w.\[\]]*)(: | must )""")


def problem_parts(line: str) -> tuple[str, str]:
    """A problem's line (:func:`sim.position_read.position_problems`) split into its field and
    its message: ``"player 'Ann'.people must be 5 to 10, not 12"`` gives ``("player
    'Ann'.people", "must be 5 to 10, not 12")``; a line naming no field gives ``("", line)``."""
    found = _FIELD.match(line)
    if not found or not found.group(1):
        return "", line
    rest = line[found.end() :]
    return found.group(1), rest if found.group(2) == ": " else "must " + rest


def area_of(name, where: str, players: int = 4) -> int | None:
    """An area's index; None (a problem noted) for no area, or a stack not in play."""
    if isinstance(name, str) and normal(name) in AREA_NAMES:
        area = AREA_NAMES.index(normal(name))
        if area >= FIRST_BUILDING + players:
            note(
                f"{where}: {normal(name)!r} is not in play at {players} players "
                f"(building 1 to building {players})"
            )
            return None
        return area
    note(f"{where}: {name!r} is not an area{did_you_mean(name, AREA_NAMES) or ''}")
    return None


__all__ = [
    "NOTES",
    "Taker",
    "area_of",
    "did_you_mean",
    "fields",
    "listed",
    "note",
    "problem_parts",
    "stop_if",
    "whole",
]
