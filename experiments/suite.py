"""Experiment definitions (TOML) run in chunks: checkpoints, ``--resume`` and workers.

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

The kinds are ``compare`` (:mod:`experiments.compare_kind`, a league), ``worth``
(:mod:`experiments.worth_kind`) and ``commit`` (:mod:`experiments.commit_kind`).

A kind is a module with three functions: ``chunks(config) -> list[dict]`` (independent pieces of
work, each a JSON-ready dict), ``run_chunk(config, chunk) -> dict[str, numpy.ndarray]``
(sufficient statistics: counts, sums, sums of squares; plain arrays, saved without pickle) and
``finish(config, merged, folder)`` (tables, plots and ``run.json`` from the merged statistics).
The runner saves every finished chunk atomically under ``folder/chunks/``; a rerun with
``--resume`` loads those and computes only the rest, so an interrupted run loses at most the
chunks in flight and never counts one twice. Statistics are summed key by key in chunk order, so
chunking, workers and resuming never change a figure.

Optional parts of a kind: ``DEFAULTS`` (settings a file may leave out), ``check(config)``
(raises :class:`~sim.errors.InputError` for bad settings; :func:`load_experiment` calls it, so
nothing runs with a bad file), ``merge(parts) -> dict`` (replaces the key-by-key sum, for
statistics whose groups differ between chunks; it gets the chunks in chunk order) and ``GAMES``
(what ``games`` counts, for messages; default "games per table").
"""

from __future__ import annotations

import copy
import hashlib
import importlib
import json
import math
import tomllib
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

import numpy as np

from experiments.outputs.files import atomic_write
from sim.errors import InputError
from sim.rules import TIE_RULES

KINDS = {
    "compare": "experiments.compare_kind",
    "worth": "experiments.worth_kind",
    "commit": "experiments.commit_kind",
}


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

    Raises
    ------
    InputError
        Naming the first mistyped rule.
    """
    for key, value in config.get("rules", {}).items():
        wanted = RULE_TYPES[key]
        if not isinstance(value, wanted) or (wanted is int and isinstance(value, bool)):
            what = {bool: "true or false", str: "a string", int: "a whole number"}[wanted]
            raise InputError(f"rules.{key} must be {what}, not {value!r}")


def tie_setting(config: dict) -> str:
    """The ``[rules]`` tie rule (``longer_wins`` when left out), checked."""
    tie = config.get("rules", {}).get("tie", "longer_wins")
    if tie not in TIE_RULES:
        raise InputError(f"rules.tie must be one of {', '.join(TIE_RULES)}, not {tie!r}")
    return tie


def players_of(config: dict) -> list[int]:
    """The experiment's player counts, sorted, each once."""
    return sorted({int(p) for p in config["players"]})


def game_blocks(games: int, size: int) -> list[tuple[int, int]]:
    """``(start, n)`` of the blocks of at most ``size`` game indices that cover ``0..games-1``.

    A kind's chunk holds whole game indices (every table and arm of them), which is what its
    paired statistics cluster on, so chunk results merge exactly.
    """
    return [(start, min(size, games - start)) for start in range(0, games, size)]


def kind_module(config: dict):
    """The module implementing the experiment's kind."""
    return importlib.import_module(KINDS[config["kind"]])


def games_label(config: dict) -> str:
    """What the experiment's ``games`` counts (e.g. "games per table"), for messages."""
    return getattr(kind_module(config), "GAMES", "games per table")


def _chunk_file(folder: Path, chunk: dict) -> Path:
    key = hashlib.sha256(json.dumps(chunk, sort_keys=True).encode()).hexdigest()[:20]
    return folder / "chunks" / f"{key}.npz"


def _save(path: Path, stats: dict) -> None:
    def write(tmp: Path) -> None:
        with open(tmp, "wb") as handle:
            np.savez(handle, **stats)

    atomic_write(path, write)


def _load(path: Path) -> dict:
    with np.load(path) as data:
        return {k: data[k] for k in data.files}


def _run_one(config: dict, chunk: dict) -> dict:
    return kind_module(config).run_chunk(config, chunk)


def merge(parts: list[dict]) -> dict:
    """Sum sufficient statistics key by key (in the given order)."""
    merged: dict = {}
    for part in parts:
        for key, value in part.items():
            merged[key] = merged[key] + value if key in merged else np.array(value, copy=True)
    return merged


def executor(workers: int, processes: bool = True) -> Executor | None:
    """The one seam for parallel chunks: None (serial), local processes or threads."""
    if workers <= 1:
        return None
    return ProcessPoolExecutor(workers) if processes else ThreadPoolExecutor(workers)


def run_experiment(
    config: dict,
    folder: str | Path,
    resume: bool = False,
    workers: int = 1,
    progress: bool = True,
    pool: Executor | None = None,
) -> dict:
    """Run every chunk of an experiment (reusing saved ones with ``resume``) and finish it.

    Returns
    -------
    dict
        The merged statistics.
    """
    from tqdm import tqdm

    folder = Path(folder)
    module = kind_module(config)
    chunks = module.chunks(config)
    config_file = folder / "experiment.json"
    if config_file.exists() and resume:
        saved = json.loads(config_file.read_text())
        if saved != json.loads(json.dumps(config)):
            raise InputError(f"{folder} holds a different experiment; resume needs the same one")
    elif not resume and (folder / "chunks").exists():
        for old in (folder / "chunks").glob("*.npz"):
            old.unlink()
    atomic_write(config_file, lambda tmp: tmp.write_text(json.dumps(config, indent=2)))
    results: dict[int, dict] = {}
    todo = []
    for i, chunk in enumerate(chunks):
        path = _chunk_file(folder, chunk)
        if resume and path.exists():
            results[i] = _load(path)
        else:
            todo.append(i)
    own_pool = pool is None and workers > 1
    pool = executor(workers) if own_pool else pool
    bar = tqdm(total=len(chunks), initial=len(results), unit="chunk", disable=not progress)
    try:
        if pool is None:
            for i in todo:
                results[i] = module.run_chunk(config, chunks[i])
                _save(_chunk_file(folder, chunks[i]), results[i])
                bar.update(1)
        else:
            futures = {i: pool.submit(_run_one, config, chunks[i]) for i in todo}
            for i, future in futures.items():
                results[i] = future.result()
                _save(_chunk_file(folder, chunks[i]), results[i])
                bar.update(1)
    finally:
        bar.close()
        if own_pool:
            pool.shutdown(cancel_futures=True)
    combine = getattr(module, "merge", merge)
    merged = combine([results[i] for i in range(len(chunks))])
    module.finish(config, merged, folder)
    return merged
