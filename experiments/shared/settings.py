"""Reading an experiment's settings: one checked reader per type, shared by every kind.

An experiment (a dict: what :func:`experiments.shared.definition.load_experiment` reads from a TOML
file, or what a command builds from its options) holds the common settings (:data:`COMMON`) and its
kind's own. Each kind's ``check`` reads its settings with these readers, so every kind refuses bad
values with the same one-line messages: :func:`check_keys` (unknown settings), :func:`int_setting`,
:func:`at_most`, :func:`bool_setting`, :func:`names_setting`, :func:`numbers_setting`,
:func:`rule_types`, :func:`herd_setting`, :func:`tie_setting`, and :func:`players_of`.

This module imports no kind, so the kinds import it and :mod:`experiments.shared.definition` imports
the kinds without a cycle.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable

from experiments.shared.limits import (
    MAX_NAME_LENGTH,
    MAX_PRIZE_POINTS,
    MAX_PRIZE_VALUES,
    MAX_STRATEGIES,
)
from sim.errors import InputError
from sim.rules import TIE_RULES


def integer(value, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(f"{name} must be a whole number, not {short(value)}")
    return value


COMMON = ("kind", "name", "players", "games", "seed", "chunk_games", "rules", "source")
"""Settings every kind takes (``source`` is set by :func:`load_experiment`)."""


def check_keys(config: dict, settings, rules) -> None:
    """Reject settings of ``[experiment]`` and ``[rules]`` that the kind does not know.

    A misspelt setting would otherwise be ignored silently, and its default used.

    Parameters
    ----------
    config : dict
        The experiment.
    settings, rules : sequence of str
        The kind's own settings (beyond :data:`COMMON`) and the ``[rules]`` it takes.

    Raises
    ------
    InputError
        Naming the first unknown setting and the known ones.
    """
    known = (*COMMON, *settings)
    for key in config:
        if key not in known:
            raise InputError(
                f"unknown setting {key!r} for kind {config['kind']}; "
                f"known: {', '.join(k for k in known if k not in ('rules', 'source'))}"
            )
    for key in config.get("rules", {}):
        if key not in rules:
            raise InputError(
                f"unknown setting rules.{key} for kind {config['kind']}; "
                f"known: {', '.join(rules) or 'none'}"
            )


def int_setting(config: dict, key: str, low: int | None = None, high: int | None = None) -> int:
    """The whole-number setting ``key``, checked against ``low <= value <= high``."""
    value = integer(config[key], key)
    if (low is not None and value < low) or (high is not None and value > high):
        bounds = f"at least {low}" if high is None else f"from {low} to {high}"
        raise InputError(f"{key} must be {bounds}, not {value}")
    return value


def number_setting(config: dict, key: str) -> float:
    """The setting ``key``: a finite number (whole or not)."""
    value = config[key]
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise InputError(f"{key} must be a number, not {short(value)}")
    return float(value)


def at_most(config: dict, key: str, limit: int) -> int:
    """The whole-number setting ``key`` (checked already), at most ``limit`` (a size limit)."""
    value = config[key]
    if value > limit:
        raise InputError(
            f"{key} must be at most {limit:,} (see experiments/shared/limits.py), not {value:,}"
        )
    return value


def bool_setting(config: dict, key: str) -> bool:
    """The true/false setting ``key``."""
    value = config[key]
    if not isinstance(value, bool):
        raise InputError(f"{key} must be true or false, not {short(value)}")
    return value


def names_setting(config: dict, key: str, limit: int = MAX_STRATEGIES) -> list[str]:
    """The setting ``key``: a list of 1 to ``limit`` names (default
    :data:`~experiments.shared.limits.MAX_STRATEGIES`)."""
    value = config[key]
    if (
        not isinstance(value, list)
        or not value
        or not all(isinstance(v, str) and v.strip() for v in value)
    ):
        raise InputError(f"{key} must be a non-empty list of names, not {short(value)}")
    if len(value) > limit:
        raise InputError(f"{key} holds {len(value)} names; at most {limit}")
    return list(value)


def numbers_setting(config: dict, key: str) -> list[float]:
    """The setting ``key``: a list of 1 to :data:`~experiments.shared.limits.MAX_PRIZE_VALUES`
    points.

    Each a finite number from 0 to :data:`~experiments.shared.limits.MAX_PRIZE_POINTS`.
    """
    value = config[key]
    if not isinstance(value, list) or not value:
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
    return [float(v) for v in value]


def short(value) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


RULE_TYPES = {
    "herd": bool,
    "tiles": str,
    "mammoth_points": int,
    "tie": str,
    "resources_of_choice": str,
}


def rule_types(config: dict) -> None:
    """Check that every ``[rules]`` setting has its type (:data:`RULE_TYPES`).

    ``herd`` may also be ``"both"`` or a list of true/false (:func:`herd_setting`).

    Raises
    ------
    InputError
        Naming the first mistyped rule.
    """
    for key, value in config.get("rules", {}).items():
        if key == "herd":
            herd_setting(config)
            continue
        wanted = RULE_TYPES[key]
        if not isinstance(value, wanted) or (wanted is int and isinstance(value, bool)):
            what = {bool: "true or false", str: "a string", int: "a whole number"}[wanted]
            raise InputError(f"rules.{key} must be {what}, not {short(value)}")


HERD_BOTH = "both"
"""``[rules] herd = "both"``: play every table with the herd and without it."""


def herd_setting(config: dict) -> list[bool]:
    """The ``[rules]`` herd settings to play, herd on first (``[True]`` when left out).

    ``herd`` is true, false, ``"both"`` (the same as ``[true, false]``) or a list of true/false,
    each at most once.

    Raises
    ------
    InputError
        Any other value.
    """
    value = config.get("rules", {}).get("herd", True)
    if value == HERD_BOTH:
        return [True, False]
    values = value if isinstance(value, list) else [value]
    if not values or not all(isinstance(v, bool) for v in values) or len(set(values)) < len(values):
        raise InputError(
            f'rules.herd must be true, false, "both" or a list of true/false, not {short(value)}'
        )
    return sorted(values, reverse=True)


def tie_setting(config: dict) -> str:
    """The ``[rules]`` tie rule (``longer_wins`` when left out), checked."""
    tie = config.get("rules", {}).get("tie", "longer_wins")
    if tie not in TIE_RULES:
        raise InputError(f"rules.tie must be one of {', '.join(TIE_RULES)}, not {short(tie)}")
    return tie


def players_of(config: dict) -> list[int]:
    """The experiment's player counts, sorted, each once."""
    return sorted({int(p) for p in config["players"]})


# Readers of one value (``read(value, name)``): the fields of a kind's typed settings
# (:func:`experiments.shared.experiment.setting`) are read with these.


def whole(value, key: str, low: int | None = None, high: int | None = None) -> int:
    """A whole number from ``low`` to ``high`` (each optional)."""
    value = integer(value, key)
    if (low is not None and value < low) or (high is not None and value > high):
        bounds = f"at least {low}" if high is None else f"from {low} to {high}"
        if low is None:
            bounds = f"at most {high:,}"
        raise InputError(f"{key} must be {bounds}, not {value}")
    return value


def below(limit: int, low: int = 1) -> Callable[[object, str], int]:
    """A reader of a whole number from ``low`` to a size limit of
    :mod:`experiments.shared.limits` (its message names the file)."""

    def read(value, key: str) -> int:
        value = whole(value, key, low=low)
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


def names(value, key: str, limit: int = MAX_STRATEGIES) -> tuple[str, ...]:
    """A list of 1 to ``limit`` names."""
    return tuple(names_setting({key: value}, key, limit))


def points(value, key: str) -> tuple[float, ...]:
    """A list of prize points (:func:`numbers_setting`)."""
    return tuple(numbers_setting({key: value}, key))


def herd_value(value) -> list[bool]:
    """The herd settings of ``rules.herd`` (:func:`herd_setting`)."""
    return herd_setting({"rules": {"herd": value}})


def tie_value(value) -> str:
    """The tie rule of ``rules.tie`` (:func:`tie_setting`)."""
    return tie_setting({"rules": {"tie": value}})


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
