"""Reading an experiment's settings: one checked reader per type, shared by every kind.

A kind declares its settings once, as a typed object
(:class:`experiments.shared.experiment.Experiment`), each field with the reader of this module that
checks and converts it (``read(value, name)``), so every kind refuses bad values with the same
one-line messages: :func:`whole_number`, :func:`below` (a size limit), :func:`number`, :func:`flag`,
:func:`text`, :func:`strategy_name`, :func:`names`, :func:`points`; the ``[rules]`` table's
:func:`herd_value` and :func:`tie_value`; and an experiment's ``name``, :func:`check_name`.

This module imports no kind, so the kinds import it and :mod:`experiments.shared.definition` imports
the kinds without a cycle.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable

from experiments.shared.limits import (
    MAX_DEVIATIONS,
    MAX_NAME_LENGTH,
    MAX_PRIZE_POINTS,
    MAX_PRIZE_VALUES,
    MAX_STRATEGIES,
)
from sim.errors import InputError
from sim.rules import TIE_RULES


def short(value) -> str:
    """A value as a message shows it: its ``repr``, cut at 80 characters."""
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def integer(value, name: str) -> int:
    """A whole number (not a bool)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(f"{name} must be a whole number, not {short(value)}")
    return value


def whole_number(value, key: str, low: int | None = None, high: int | None = None) -> int:
    """A whole number from ``low`` to ``high`` (each optional)."""
    value = integer(value, key)
    if (low is not None and value < low) or (high is not None and value > high):
        if low is None:
            bounds = f"at most {high}"
        elif high is None:
            bounds = f"at least {low}"
        else:
            bounds = f"from {low} to {high}"
        raise InputError(f"{key} must be {bounds}, not {value}")
    return value


def below(limit: int, low: int = 1) -> Callable[[object, str], int]:
    """A reader of a whole number from ``low`` to a size limit of
    :mod:`experiments.shared.limits` (its message names the file)."""

    def read(value, key: str) -> int:
        value = whole_number(value, key, low=low)
        if value > limit:
            raise InputError(
                f"{key} must be at most {limit:,} (see experiments/shared/limits.py), not {value:,}"
            )
        return value

    return read


def number(value, key: str) -> float:
    """A finite number (whole or not)."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise InputError(f"{key} must be a number, not {short(value)}")
    return float(value)


def flag(value, key: str) -> bool:
    """True or false."""
    if not isinstance(value, bool):
        raise InputError(f"{key} must be true or false, not {short(value)}")
    return value


def text(value, key: str) -> str:
    """A string."""
    if not isinstance(value, str):
        raise InputError(f"{key} must be a string, not {short(value)}")
    return value


def strategy_name(value, key: str) -> str:
    """A strategy's name (resolved where the kind checks its strategies)."""
    if not isinstance(value, str):
        raise InputError(f"{key} must be a strategy name, not {value!r}")
    return value


def names(value, key: str, limit: int = MAX_STRATEGIES) -> tuple[str, ...]:
    """A list of 1 to ``limit`` names (default
    :data:`~experiments.shared.limits.MAX_STRATEGIES`)."""
    if (
        not isinstance(value, list | tuple)
        or not value
        or not all(isinstance(v, str) and v.strip() for v in value)
    ):
        raise InputError(f"{key} must be a non-empty list of names, not {short(value)}")
    if len(value) > limit:
        raise InputError(f"{key} holds {len(value)} names; at most {limit}")
    return tuple(value)


def deviation_names(value, key: str) -> tuple[str, ...]:
    """A list of 1 to :data:`~experiments.shared.limits.MAX_DEVIATIONS` one-seat deviations of
    a card's check or derivation, each named once."""
    found = names(value, key, limit=MAX_DEVIATIONS)
    if len(set(found)) != len(found):
        raise InputError(f"{key}: name each deviation once")
    return found


def points(value, key: str) -> tuple[float, ...]:
    """A list of 1 to :data:`~experiments.shared.limits.MAX_PRIZE_VALUES` prize points, each a
    finite number from 0 to :data:`~experiments.shared.limits.MAX_PRIZE_POINTS`."""
    if not isinstance(value, list | tuple) or not value:
        raise InputError(f"{key} must be a non-empty list of numbers, not {short(value)}")
    if len(value) > MAX_PRIZE_VALUES:
        raise InputError(f"{key} holds {len(value)} values; at most {MAX_PRIZE_VALUES}")
    for v in value:
        if (
            isinstance(v, bool)
            or not isinstance(v, int | float)
            or not math.isfinite(v)
            or not 0 <= v <= MAX_PRIZE_POINTS
        ):
            raise InputError(
                f"{key} values must be finite numbers from 0 to {MAX_PRIZE_POINTS:g}, "
                f"not {short(v)}"
            )
    return tuple(float(v) for v in value)


RULE_TYPES = {
    "herd": bool,
    "tiles": str,
    "mammoth_points": int,
    "tie": str,
    "resources_of_choice": str,
}
"""The type of each ``[rules]`` setting (``herd`` may also be ``"both"`` or a list:
:func:`herd_value`)."""

HERD_BOTH = "both"
"""``[rules] herd = "both"``: play every table with the herd and without it."""


def herd_value(value) -> list[bool]:
    """The herd settings to play of ``rules.herd``, herd on first.

    ``herd`` is true, false, ``"both"`` (the same as ``[true, false]``) or a list of true/false,
    each at most once.

    Raises
    ------
    InputError
        Any other value.
    """
    if value == HERD_BOTH:
        return [True, False]
    values = value if isinstance(value, list | tuple) else [value]
    if not values or not all(isinstance(v, bool) for v in values) or len(set(values)) < len(values):
        raise InputError(
            f'rules.herd must be true, false, "both" or a list of true/false, not {short(value)}'
        )
    return sorted(values, reverse=True)


def tie_value(value) -> str:
    """The tie rule of ``rules.tie``, checked."""
    if value not in TIE_RULES:
        raise InputError(f"rules.tie must be one of {', '.join(TIE_RULES)}, not {short(value)}")
    return value


NAME_PATTERN = re.compile(rf"^[A-Za-z0-9][A-Za-z0-9_.-]{{0,{MAX_NAME_LENGTH - 1}}}$")
"""An experiment's ``name``: it names the run's folder under ``--out``, so it is a plain folder
name: ASCII letters, digits, ``_``, ``-`` and ``.``, starting with a letter or digit (so never
``.`` or ``..``), at most :data:`~experiments.shared.limits.MAX_NAME_LENGTH` characters."""


def check_name(name) -> str:
    """An experiment's ``name``, checked against :data:`NAME_PATTERN`: never a path.

    Raises
    ------
    InputError
        For anything but a plain folder name.
    """
    if not isinstance(name, str) or not NAME_PATTERN.match(name):
        shown = repr(name) if not isinstance(name, str) or len(name) <= 80 else repr(name[:77])
        raise InputError(
            f"name must be a folder name of at most {MAX_NAME_LENGTH} ASCII letters, digits, "
            f"'_', '-' and '.', starting with a letter or digit; not {shown}"
        )
    return name
