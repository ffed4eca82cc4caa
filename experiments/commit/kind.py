"""The ``commit`` experiment kind: the sweep of :mod:`experiments.commit.analysis` in chunks.

A chunk is one player count, one condition (the tile set in force, or a herd-area tile set) and
one block of game indices; it plays the baseline arm (``BASE+never``) and every policy arm on
those indices, so a game index (one cluster of the statistics) is never split between chunks.
The chunk's :class:`~experiments.shared.paired.Moments` travel as plain arrays and merge
exactly. The solver tables (exact odds, cheap) and the rule of thumb are computed in ``finish``
(:func:`~experiments.commit.analysis_tables.commit_tables`), which then writes the files
(:mod:`experiments.commit.report`; see :mod:`experiments.shared.kinds` for the contract).
``mammoth commit`` builds this kind's experiment from its options and runs it through
:func:`experiments.shared.runner.run_experiment`, like ``mammoth run``.

Settings of ``[experiment]`` (a setting left out takes the default of the ``mammoth commit``
option): ``players``, ``games`` (per arm), ``seed``, ``base``, ``field`` (one name for every
other seat, or one per seat), ``policies``, ``herd_areas`` (true: also the controlled herd-area
tile sets), ``max_figures`` (solver tables), the solver's prize grid ``first_bonus``,
``all_bonus``, ``tile_value``, ``food_value`` (lists of points), ``chunk_games``. Settings of
``[rules]``: ``tiles`` (``"default"`` or a file), ``mammoth_points``, ``tie``.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from experiments.commit.analysis import (
    DEFAULT_BASE,
    DEFAULT_FIELD,
    DEFAULT_GAMES,
    DEFAULT_MAX_FIGURES,
    DEFAULT_POLICIES,
    PRIZE_GRID,
    commit_conditions,
    sweep_arms,
)
from experiments.commit.analysis_tables import commit_tables
from experiments.commit.report import write_commit
from experiments.shared.analysis_sweep import (
    SWEEP_KEYS,
    SWEEP_METRICS,
    arm_strategy,
    field_for,
    field_slots_for,
    sweep_block,
)
from experiments.shared.limits import MAX_MAMMOTH_POINTS, game_blocks
from experiments.shared.paired import GameBlock, Moments
from experiments.shared.rules_setup import rules_from_options
from experiments.shared.settings import (
    bool_setting,
    check_keys,
    int_setting,
    names_setting,
    numbers_setting,
    players_of,
    rule_types,
    tie_setting,
)
from sim.errors import InputError
from sim.rules import Rules
from strategies.registry import resolve

CHUNK_GAMES = 5_000
GAMES = "games per arm"
DEFAULTS = {
    "players": [2, 3, 4],
    "games": DEFAULT_GAMES,
    "seed": 0,
    "base": DEFAULT_BASE,
    "field": list(DEFAULT_FIELD),
    "policies": list(DEFAULT_POLICIES),
    "herd_areas": True,
    "max_figures": DEFAULT_MAX_FIGURES,
    **{name: list(values) for name, values in PRIZE_GRID.items()},
    "chunk_games": CHUNK_GAMES,
}
SETTINGS = ("base", "field", "policies", "herd_areas", "max_figures", *PRIZE_GRID)
RULES = ("tiles", "mammoth_points", "tie")


def rules_of(config: dict) -> Rules:
    """The rules in force (the herd on; the ``mixed`` condition)."""
    r = config.get("rules", {})
    tiles = r.get("tiles", "default")
    return rules_from_options(
        True,
        None if tiles == "default" else tiles,
        int(r.get("mammoth_points", 10)),
        r.get("tie", "longer_wins"),
        "immediate",
    )


def conditions_of(config: dict) -> dict[str, Rules]:
    """The sweep's conditions, as ``mammoth commit`` builds them."""
    return commit_conditions(rules_of(config), bool(config["herd_areas"]))


def prizes_of(config: dict) -> dict[str, tuple[float, ...]]:
    """The solver's prize grid."""
    return {name: tuple(float(v) for v in config[name]) for name in PRIZE_GRID}


def played(config: dict) -> list:
    """The focal seat's arms and the field, as kernel slots (for the kernel the workers need)."""
    baseline, arms = sweep_arms(config["base"], config["policies"])
    field = [resolve(n) for n in config["field"]]
    return [baseline.slot, *(arm.slot for arm in arms), *field]


def seated_names(config: dict) -> list[str]:
    """The focal seat's arms and the field, by name (for the compile notice)."""
    base = config["base"]
    return [arm_strategy(base, policy) for policy in config["policies"]] + list(config["field"])


def check(config: dict) -> None:
    """Check the settings before anything runs.

    Raises
    ------
    InputError
        Unknown or mistyped settings, unknown strategies or policies, a field that does not
        fill the seats, impossible numbers, bad rules or tile files.
    """
    check_keys(config, SETTINGS, RULES)
    if not isinstance(config["base"], str):
        raise InputError(f"base must be a strategy name, not {config['base']!r}")
    field = names_setting(config, "field")
    for name in field:
        resolve(name)
    for players in config["players"]:
        field_for(field, int(players))
    sweep_arms(config["base"], names_setting(config, "policies"))
    bool_setting(config, "herd_areas")
    int_setting(config, "max_figures", low=1, high=10)
    for name in PRIZE_GRID:
        numbers_setting(config, name)
    rule_types(config)
    tie_setting(config)
    points = config.get("rules", {}).get("mammoth_points", 10)
    if not 0 <= points <= MAX_MAMMOTH_POINTS:
        raise InputError(
            f"rules.mammoth_points must be a whole number from 0 to {MAX_MAMMOTH_POINTS}, "
            f"not {points!r}"
        )
    conditions_of(config)  # the tile files load


def chunks(config: dict) -> list[dict]:
    """One chunk per (player count, condition, block of game indices)."""
    conditions = conditions_of(config)
    blocks = game_blocks(int(config["games"]), int(config["chunk_games"]))
    return [
        {"players": p, "condition": label, "start": start, "n": n}
        for p in players_of(config)
        for label in conditions
        for start, n in blocks
    ]


def run_chunk(config: dict, chunk: dict) -> dict[str, np.ndarray]:
    """Play one chunk with the baseline and every policy arm and reduce it to statistics."""
    players = int(chunk["players"])
    baseline, arms = sweep_arms(config["base"], config["policies"])
    stats = sweep_block(
        baseline,
        arms,
        field_slots_for(config["field"], players),
        chunk["condition"],
        conditions_of(config)[chunk["condition"]],
        GameBlock.of_chunk(config, chunk),
    )
    return stats.to_arrays()


def _stats(arrays: dict) -> Moments:
    return Moments.from_arrays(arrays, "", SWEEP_KEYS, SWEEP_METRICS)


def merge(parts: list[dict]) -> dict[str, np.ndarray]:
    """Merge chunk statistics (their groups differ) exactly, in the given order."""
    total = Moments(SWEEP_KEYS, SWEEP_METRICS)
    for part in parts:
        total = total + _stats(part)
    return total.to_arrays()


def finish(
    config: dict, merged: dict, folder: Path, command: str = "commit", started: float | None = None
) -> str:
    """Compute the solver tables and the rule of thumb, write every file of a commit run and
    return it in lines (:func:`~experiments.commit.report.summary`: ``mammoth commit`` prints
    it).

    ``command`` and ``started`` are what run.json records
    (:func:`experiments.shared.runner.run_experiment` gives them).
    """
    conditions = conditions_of(config)
    rules = rules_of(config)
    tables = commit_tables(
        _stats(merged),
        conditions,
        players=players_of(config),
        base=config["base"],
        policies=list(config["policies"]),
        prizes=prizes_of(config),
        max_figures=int(config["max_figures"]),
        tie_rule=rules.tie_rule,
    )
    return write_commit(Path(folder), tables, config, conditions, rules, command, started)
