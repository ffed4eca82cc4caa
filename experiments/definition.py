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
``int_setting``, ``bool_setting``, ``names_setting``, ``numbers_setting``, ``rule_types``,
``herd_setting``, ``tie_setting``, ``players_of``). :data:`DEFINITIONS` holds the default suite's
files.
"""

from __future__ import annotations

import copy
import math
import tomllib
from pathlib import Path

from experiments.kinds import KINDS, kind_module
from sim.errors import InputError
from sim.rules import TIE_RULES

DEFINITIONS = Path(__file__).resolve().parent / "definitions"
"""The default suite's experiment files (``mammoth demo`` runs them all)."""

ORDER = ("league", "commit", "worth")
"""The report's order of the default experiments; other files follow in name order."""


def default_suite() -> list[Path]:
    """The experiment files of the default suite: :data:`ORDER` first, then by name."""
    files = sorted(DEFINITIONS.glob("*.toml"))
    rank = {name: i for i, name in enumerate(ORDER)}
    return sorted(files, key=lambda path: (rank.get(path.stem, len(ORDER)), path.name))


def load_experiment(path: str | Path, scale: float = 1.0, games: int | None = None) -> dict:
    """Read and check an experiment file; ``scale`` multiplies its games, ``games`` replaces them.

    Raises
    ------
    InputError
        A missing or malformed file, an unknown kind, impossible sizes, or settings the kind's
        ``check`` rejects.
    """
    path = Path(path)
    try:
        document = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError(f"experiment file {path} does not exist") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise InputError(f"experiment file {path} is not valid TOML: {exc}") from None
    unknown = sorted(set(document) - {"experiment", "rules"})
    if unknown:
        raise InputError(f"{path}: unknown table [{unknown[0]}]; use [experiment] and [rules]")
    if not all(isinstance(document.get(t, {}), dict) for t in ("experiment", "rules")):
        raise InputError(f"{path}: [experiment] and [rules] must be tables")
    config = dict(document.get("experiment", {}))
    config["rules"] = dict(document.get("rules", {}))
    kind = config.get("kind")
    if not isinstance(kind, str) or kind not in KINDS:
        raise InputError(f"{path}: kind must be one of {', '.join(KINDS)}, not {kind!r}")
    module = kind_module(config)
    for key, value in getattr(module, "DEFAULTS", {}).items():
        config.setdefault(key, copy.deepcopy(value))
    config.setdefault("name", path.stem)
    config.setdefault("seed", 0)
    config.setdefault("players", [4])
    config.setdefault("games", 1000)
    try:
        if not isinstance(config["name"], str) or not config["name"].strip():
            raise InputError(f"name must be a non-empty string, not {config['name']!r}")
        if isinstance(config["players"], int) and not isinstance(config["players"], bool):
            config["players"] = [config["players"]]
        if not isinstance(config["players"], list) or not config["players"]:
            raise InputError(f"players must be a number or a list, not {config['players']!r}")
        for i in range(len(config["players"])):
            config["players"][i] = _integer(config["players"][i], "players")
        if len(set(config["players"])) != len(config["players"]):
            raise InputError(f"players must not repeat: {config['players']}")
        base_games = _integer(config["games"], "games")
        seed = _integer(config["seed"], "seed")
        if "chunk_games" in config:
            int_setting(config, "chunk_games", low=1)
    except InputError as exc:
        raise InputError(f"{path}: {exc}") from None
    if base_games < 1:
        raise InputError(f"{path}: games must be at least 1, not {base_games}")
    if scale <= 0:
        raise InputError(f"--scale must be positive, not {scale}")
    config["games"] = int(games) if games is not None else max(1, round(base_games * scale))
    if config["games"] < 1 or seed < 0:
        raise InputError(f"{path}: games must be at least 1 and the seed 0 or more")
    for players in config["players"]:
        if not 2 <= int(players) <= 4:
            raise InputError(f"{path}: Stone Age is played by 2 to 4 players, not {players}")
    config["source"] = str(path)
    check = getattr(module, "check", None)
    if check is not None:
        try:
            check(config)
        except InputError as exc:
            raise InputError(f"{path}: {exc}") from None
    return config


def _integer(value, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(f"{name} must be a whole number, not {value!r}")
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


def bool_setting(config: dict, key: str) -> bool:
    """The true/false setting ``key``."""
    value = config[key]
    if not isinstance(value, bool):
        raise InputError(f"{key} must be true or false, not {value!r}")
    return value


def names_setting(config: dict, key: str) -> list[str]:
    """The setting ``key``: a non-empty list of names (strategies, policies...)."""
    value = config[key]
    if (
        not isinstance(value, list)
        or not value
        or not all(isinstance(v, str) and v.strip() for v in value)
    ):
        raise InputError(f"{key} must be a non-empty list of names, not {value!r}")
    return list(value)


def numbers_setting(config: dict, key: str) -> list[float]:
    """The setting ``key``: a non-empty list of finite numbers, each 0 or more."""
    value = config[key]
    if not isinstance(value, list) or not value:
        raise InputError(f"{key} must be a non-empty list of numbers, not {value!r}")
    for v in value:
        if isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v) or v < 0:
            raise InputError(f"{key} values must be finite numbers, 0 or more, not {v!r}")
    return [float(v) for v in value]


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
            raise InputError(f"rules.{key} must be {what}, not {value!r}")


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
            f'rules.herd must be true, false, "both" or a list of true/false, not {value!r}'
        )
    return sorted(values, reverse=True)


def tie_setting(config: dict) -> str:
    """The ``[rules]`` tie rule (``longer_wins`` when left out), checked."""
    tie = config.get("rules", {}).get("tie", "longer_wins")
    if tie not in TIE_RULES:
        raise InputError(f"rules.tie must be one of {', '.join(TIE_RULES)}, not {tie!r}")
    return tie


def players_of(config: dict) -> list[int]:
    """The experiment's player counts, sorted, each once."""
    return sorted({int(p) for p in config["players"]})
