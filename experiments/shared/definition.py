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

The kinds are ``compare`` (:mod:`experiments.compare.kind`, a league), ``worth``
(:mod:`experiments.worth.kind`) and ``commit`` (:mod:`experiments.commit.kind`); the contract
of a kind is in :mod:`experiments.shared.kinds`, and :mod:`experiments.shared.runner` runs a checked
experiment. :func:`load_experiment` reads a file and :func:`experiment_from_settings` (which
``mammoth commit``, ``worth`` and ``compare`` call with the settings their options make) fills
the common settings and the kind's ``DEFAULTS`` and has the kind check the rest, with the setting
readers of :mod:`experiments.shared.settings`. Every size is bounded by
:mod:`experiments.shared.limits`, and the ``name`` is a folder name (:func:`check_name`), never a
path. :func:`suite` finds the default suite's files, each in its question's folder.
"""

from __future__ import annotations

import copy
import math
from pathlib import Path

from experiments.shared.experiment import Experiment
from experiments.shared.kinds import KINDS, kind_named
from experiments.shared.limits import (
    MAX_CHUNKS,
    MAX_EXPERIMENT_BYTES,
    MAX_GAMES,
    MAX_SCALE,
    check_blocks,
)
from experiments.shared.settings import below, check_name, short
from sim.errors import InputError
from sim.textfiles import read_toml

EXPERIMENTS = Path(__file__).resolve().parent.parent
"""The questions' folders (``experiments/``)."""


def suite() -> dict[str, Path]:
    """The default suite's experiment files (``mammoth demo`` runs them all), by name: each in
    its question's folder, ``experiments/QUESTION/NAME.toml`` (``compare/league.toml``,
    ``commit/commit.toml``, ``worth/worth.toml``...).

    Returns
    -------
    dict of str to pathlib.Path
        The files by their names (the file's stem), in path order.
    """
    return {path.stem: path for path in sorted(EXPERIMENTS.glob("*/*.toml"))}


def load_experiment(path: str | Path, scale: float = 1.0, games: int | None = None) -> dict:
    """Read and check an experiment file; ``scale`` multiplies its games, ``games`` replaces them.

    The file is read only if it is a regular UTF-8 file of at most
    :data:`~experiments.shared.limits.MAX_EXPERIMENT_BYTES`, nested at most
    :data:`~sim.textfiles.MAX_TOML_DEPTH` deep; then :func:`experiment_from_settings` fills and
    checks its settings (the name defaults to the file's stem).

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
    settings = dict(document.get("experiment", {}))
    settings["rules"] = dict(document.get("rules", {}))
    settings.setdefault("name", path.stem)
    return experiment_from_settings(settings, str(path), scale=scale, games=games, where=str(path))


def experiment_from_settings(
    settings: dict,
    source: str,
    scale: float = 1.0,
    games: int | None = None,
    where: str | None = None,
) -> dict:
    """The checked experiment of some settings: a file's, or those a command built from options.

    Fills the common settings and the kind's ``DEFAULTS``, checks every size against
    :mod:`experiments.shared.limits` (the games after scaling, the chunks of the run) and has the
    kind check the rest, before anything runs. ``mammoth run`` (through :func:`load_experiment`) and
    ``mammoth commit``, ``worth`` and ``compare`` all build their experiment here, so one object
    goes through :func:`experiments.shared.runner.run_experiment`.

    Parameters
    ----------
    settings : dict
        ``kind``, ``name`` and the other settings of ``[experiment]``, with ``rules`` (a dict).
    source : str
        Where the settings come from (a file's path, or ``mammoth KIND``): the ``source``
        setting, which run.json's ``command`` names for a file.
    scale : float
        Multiplies the games (``--scale``).
    games : int, optional
        Replaces the games (``--games`` of ``mammoth run``).
    where : str, optional
        Put before every error message (a file's path); None: nothing.

    Returns
    -------
    dict
        The experiment (JSON-ready): what its kind's ``chunks``, ``run_chunk`` and ``finish``
        take.

    Raises
    ------
    InputError
        An unknown kind, a name that is not a folder name, impossible sizes, or settings the
        kind's ``check`` rejects.
    """
    at = f"{where}: " if where else ""
    config = dict(settings)
    config["rules"] = dict(config.get("rules", {}))
    kind = config.get("kind")
    if not isinstance(kind, str) or kind not in KINDS:
        raise InputError(f"{at}kind must be one of {', '.join(KINDS)}, not {short(kind)}")
    module = kind_named(kind)
    for key, value in getattr(module, "DEFAULTS", {}).items():
        config.setdefault(key, copy.deepcopy(value))
    config.setdefault("name", kind)
    config.setdefault("seed", 0)
    config.setdefault("players", [4])
    config.setdefault("games", 1000)
    if isinstance(config["players"], int) and not isinstance(config["players"], bool):
        config["players"] = [config["players"]]  # written as the list it is read as
    try:
        check_name(config["name"])
        base_games = below(MAX_GAMES)(config["games"], "games")
    except InputError as exc:
        raise InputError(f"{at}{exc}") from None
    if not (math.isfinite(scale) and 0 < scale <= MAX_SCALE):
        raise InputError(f"--scale must be above 0 and at most {MAX_SCALE:g}, not {scale}")
    if games is not None and not 1 <= games <= MAX_GAMES:
        raise InputError(f"--games must be from 1 to {MAX_GAMES:,}, not {games}")
    config["games"] = int(games) if games is not None else max(1, round(base_games * scale))
    if config["games"] > MAX_GAMES:
        raise InputError(
            f"{at}--scale {scale:g} makes {config['games']:,} games; at most {MAX_GAMES:,}"
        )
    ratio = config["games"] / base_games
    for key in getattr(module, "SCALED", ()):  # other sizes that follow the games
        value = config.get(key)
        if isinstance(value, int) and not isinstance(value, bool) and value > 0:
            config[key] = max(1, round(value * ratio))
    config["source"] = source
    try:
        experiment = module.EXPERIMENT.read(config)
        _check_chunks(module, experiment)
    except InputError as exc:
        raise InputError(f"{at}{exc}") from None
    return experiment


def _check_chunks(module, experiment: Experiment) -> None:
    """At most :data:`~experiments.shared.limits.MAX_CHUNKS` chunks, counted without making them
    (a kind whose chunks do not grow with ``games`` alone counts them itself: its
    ``count_chunks``)."""
    size = experiment.chunk_size
    blocks = check_blocks(experiment.games, size, "chunk_games")
    count = getattr(module, "count_chunks", None)
    if count is not None:
        total = count(experiment)
        if total > MAX_CHUNKS:
            raise InputError(
                f"the run makes {total:,} chunks; at most {MAX_CHUNKS:,}: raise chunk_games or "
                "run fewer candidates or tables"
            )
        return
    per_block = len(module.chunks(experiment.with_games(1)))
    if per_block * blocks > MAX_CHUNKS:
        raise InputError(
            f"the run makes {per_block * blocks:,} chunks ({per_block:,} tables and conditions "
            f"x {blocks:,} blocks of games); at most {MAX_CHUNKS:,}: raise chunk_games or run "
            "fewer strategies"
        )
