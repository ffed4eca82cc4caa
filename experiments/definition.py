"""Experiment files (TOML): reading them, checking their settings, and the default suite.

An experiment file names a ``kind`` and its settings::

    [experiment]
    kind = "compare"
    name = "league"
    players = [2, 3, 4]
    games = 2000
    seed = 1
    strategies = ["greedy", "greedy+never", "random"]

    [rules]            # optional: herd, mammoth_points, tie, tiles
    mammoth_points = 10

The kinds are ``compare`` (:mod:`experiments.kinds.compare`, a league), ``worth``
(:mod:`experiments.kinds.worth`) and ``commit`` (:mod:`experiments.kinds.commit`); the contract
of a kind is in :mod:`experiments.kinds`, and :mod:`experiments.runner` runs a checked
experiment. :func:`load_experiment` reads a file, fills the common settings and the kind's
``DEFAULTS`` and has the kind check the rest, with the setting readers below (``check_keys``,
``int_setting``, ``at_most``, ``bool_setting``, ``names_setting``, ``numbers_setting``,
``rule_types``, ``herd_setting``, ``tie_setting``, ``players_of``). Every size is bounded by
:mod:`experiments.limits`, and the ``name`` is a folder name (:func:`check_name`), never a path.
:data:`DEFINITIONS` holds the default suite's files.
"""

from __future__ import annotations

import copy
import math
import re
from pathlib import Path

from experiments.kinds import KINDS, kind_module
from experiments.limits import (
    MAX_CHUNK_GAMES,
    MAX_CHUNKS,
    MAX_EXPERIMENT_BYTES,
    MAX_GAMES,
    MAX_NAME_LENGTH,
    MAX_PRIZE_POINTS,
    MAX_PRIZE_VALUES,
    MAX_SCALE,
    MAX_SEED,
    MAX_STRATEGIES,
    check_blocks,
)
from sim.errors import InputError
from sim.rules import TIE_RULES
from sim.textfiles import read_toml

DEFINITIONS = Path(__file__).resolve().parent / "definitions"
"""The default suite's experiment files (``mammoth demo`` runs them all)."""

ORDER = ("league", "commit", "worth")
"""The report's order of the default experiments; other files follow in name order."""


def default_suite() -> list[Path]:
    """The experiment files of the default suite: :data:`ORDER` first, then by name."""
    files = sorted(DEFINITIONS.glob("*.toml"))
    rank = {name: i for i, name in enumerate(ORDER)}
    return sorted(files, key=lambda path: (rank.get(path.stem, len(ORDER)), path.name))


NAME_PATTERN = re.compile(rf"^[A-Za-z0-9][A-Za-z0-9_.-]{{0,{MAX_NAME_LENGTH - 1}}}$")
"""An experiment's ``name``: it names the run's folder under ``--out``, so it is a plain folder
name: ASCII letters, digits, ``_``, ``-`` and ``.``, starting with a letter or digit (so never
``.`` or ``..``), at most :data:`~experiments.limits.MAX_NAME_LENGTH` characters."""


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


def load_experiment(path: str | Path, scale: float = 1.0, games: int | None = None) -> dict:
    """Read and check an experiment file; ``scale`` multiplies its games, ``games`` replaces them.

    The file is read only if it is a regular UTF-8 file of at most
    :data:`~experiments.limits.MAX_EXPERIMENT_BYTES`, nested at most
    :data:`~sim.textfiles.MAX_TOML_DEPTH` deep; every size is checked against
    :mod:`experiments.limits` (the games after scaling, the chunks of the run) before anything
    runs.

    Raises
    ------
    InputError
        A missing or malformed file, an unknown kind, a name that is not a folder name,
        impossible sizes, or settings the kind's ``check`` rejects.
    """
    path = Path(path)
    document = read_toml(path, "experiment file", MAX_EXPERIMENT_BYTES)
    unknown = sorted(set(document) - {"experiment", "rules"})
    if unknown:
        raise InputError(f"{path}: unknown table [{unknown[0]}]; use [experiment] and [rules]")
    if not all(isinstance(document.get(t, {}), dict) for t in ("experiment", "rules")):
        raise InputError(f"{path}: [experiment] and [rules] must be tables")
    config = dict(document.get("experiment", {}))
    config["rules"] = dict(document.get("rules", {}))
    kind = config.get("kind")
    if not isinstance(kind, str) or kind not in KINDS:
        raise InputError(f"{path}: kind must be one of {', '.join(KINDS)}, not {_short(kind)}")
    module = kind_module(config)
    for key, value in getattr(module, "DEFAULTS", {}).items():
        config.setdefault(key, copy.deepcopy(value))
    config.setdefault("name", path.stem)
    config.setdefault("seed", 0)
    config.setdefault("players", [4])
    config.setdefault("games", 1000)
    try:
        check_name(config["name"])
        if isinstance(config["players"], int) and not isinstance(config["players"], bool):
            config["players"] = [config["players"]]
        if not isinstance(config["players"], list) or not config["players"]:
            raise InputError(f"players must be a number or a list, not {_short(config['players'])}")
        for i in range(len(config["players"])):
            config["players"][i] = _integer(config["players"][i], "players")
        if len(set(config["players"])) != len(config["players"]):
            raise InputError(f"players must not repeat: {_short(config['players'])}")
        base_games = int_setting(config, "games", low=1)
        at_most(config, "games", MAX_GAMES)
        int_setting(config, "seed", low=0)
        at_most(config, "seed", MAX_SEED)
        if "chunk_games" in config:
            int_setting(config, "chunk_games", low=1)
            at_most(config, "chunk_games", MAX_CHUNK_GAMES)
    except InputError as exc:
        raise InputError(f"{path}: {exc}") from None
    if not (math.isfinite(scale) and 0 < scale <= MAX_SCALE):
        raise InputError(f"--scale must be above 0 and at most {MAX_SCALE:g}, not {scale}")
    if games is not None and not 1 <= games <= MAX_GAMES:
        raise InputError(f"--games must be from 1 to {MAX_GAMES:,}, not {games}")
    config["games"] = int(games) if games is not None else max(1, round(base_games * scale))
    if config["games"] > MAX_GAMES:
        raise InputError(
            f"{path}: --scale {scale:g} makes {config['games']:,} games; at most {MAX_GAMES:,}"
        )
    for players in config["players"]:
        if not 2 <= int(players) <= 4:
            raise InputError(f"{path}: Stone Age is played by 2 to 4 players, not {players}")
    config["source"] = str(path)
    check = getattr(module, "check", None)
    try:
        if check is not None:
            check(config)
        _check_chunks(module, config)
    except InputError as exc:
        raise InputError(f"{path}: {exc}") from None
    return config


def _check_chunks(module, config: dict) -> None:
    """At most :data:`~experiments.limits.MAX_CHUNKS` chunks, counted without making them."""
    size = int(config.get("chunk_games", getattr(module, "CHUNK_GAMES", MAX_CHUNK_GAMES)))
    blocks = check_blocks(config["games"], size, "chunk_games")
    per_block = len(module.chunks({**config, "games": 1}))
    if per_block * blocks > MAX_CHUNKS:
        raise InputError(
            f"the run makes {per_block * blocks:,} chunks ({per_block:,} tables and conditions "
            f"x {blocks:,} blocks of games); at most {MAX_CHUNKS:,}: raise chunk_games or run "
            "fewer strategies"
        )


def _integer(value, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(f"{name} must be a whole number, not {_short(value)}")
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
    value = _integer(config[key], key)
    if (low is not None and value < low) or (high is not None and value > high):
        bounds = f"at least {low}" if high is None else f"from {low} to {high}"
        raise InputError(f"{key} must be {bounds}, not {value}")
    return value


def at_most(config: dict, key: str, limit: int) -> int:
    """The whole-number setting ``key`` (checked already), at most ``limit`` (a size limit)."""
    value = config[key]
    if value > limit:
        raise InputError(
            f"{key} must be at most {limit:,} (see experiments/limits.py), not {value:,}"
        )
    return value


def bool_setting(config: dict, key: str) -> bool:
    """The true/false setting ``key``."""
    value = config[key]
    if not isinstance(value, bool):
        raise InputError(f"{key} must be true or false, not {_short(value)}")
    return value


def names_setting(config: dict, key: str) -> list[str]:
    """The setting ``key``: a list of 1 to :data:`~experiments.limits.MAX_STRATEGIES` names."""
    value = config[key]
    if (
        not isinstance(value, list)
        or not value
        or not all(isinstance(v, str) and v.strip() for v in value)
    ):
        raise InputError(f"{key} must be a non-empty list of names, not {_short(value)}")
    if len(value) > MAX_STRATEGIES:
        raise InputError(f"{key} holds {len(value)} names; at most {MAX_STRATEGIES}")
    return list(value)


def numbers_setting(config: dict, key: str) -> list[float]:
    """The setting ``key``: a list of 1 to :data:`~experiments.limits.MAX_PRIZE_VALUES` points.

    Each a finite number from 0 to :data:`~experiments.limits.MAX_PRIZE_POINTS`.
    """
    value = config[key]
    if not isinstance(value, list) or not value:
        raise InputError(f"{key} must be a non-empty list of numbers, not {_short(value)}")
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
                f"not {_short(v)}"
            )
    return [float(v) for v in value]


def _short(value) -> str:
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
            raise InputError(f"rules.{key} must be {what}, not {_short(value)}")


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
            f'rules.herd must be true, false, "both" or a list of true/false, not {_short(value)}'
        )
    return sorted(values, reverse=True)


def tie_setting(config: dict) -> str:
    """The ``[rules]`` tie rule (``longer_wins`` when left out), checked."""
    tie = config.get("rules", {}).get("tie", "longer_wins")
    if tie not in TIE_RULES:
        raise InputError(f"rules.tie must be one of {', '.join(TIE_RULES)}, not {_short(tie)}")
    return tie


def players_of(config: dict) -> list[int]:
    """The experiment's player counts, sorted, each once."""
    return sorted({int(p) for p in config["players"]})
