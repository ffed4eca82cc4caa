"""The ``worth`` experiment kind: :mod:`experiments.worth.analysis` in chunks.

A chunk is one player count, one condition (tile set x tie rule) and one block of game indices.
It plays every table with both arms (the mammoth points on, and at 0) for those indices: a game
index is one cluster of the statistics (all its tables and seats), so it is never split between
chunks. The chunk's :class:`~experiments.worth.analysis.WorthStats` travel as plain arrays and merge
exactly; ``finish`` writes the files of ``mammoth worth`` (:mod:`experiments.worth.report`; see
:mod:`experiments.shared.kinds` for the contract).

Settings of ``[experiment]`` (a setting left out takes the default of the ``mammoth worth``
option): ``players``, ``games`` (per table and arm), ``seed``, ``strategies`` (at least two),
``points`` (the "on" arm, default 10), ``sensitivity`` (default true: also the variant tile sets
and both tie rules), ``chunk_games``. Settings of ``[rules]``: ``tiles`` (``"default"`` or a
file), ``tie`` (the main condition's tie rule).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from experiments.shared.limits import MAX_MAMMOTH_POINTS, game_blocks
from experiments.shared.paired import GameBlock
from experiments.shared.rules_setup import rules_from_options
from experiments.shared.settings import (
    at_most,
    bool_setting,
    check_keys,
    int_setting,
    names_setting,
    players_of,
    rule_types,
    tie_setting,
)
from experiments.worth.analysis import (
    DEFAULT_GAMES,
    DEFAULT_STRATEGIES,
    WorthStats,
    worth_block,
    worth_conditions,
    worth_tables,
)
from experiments.worth.report import summary, write_worth
from sim.errors import InputError
from sim.rules import Rules
from strategies.registry import resolve

CHUNK_GAMES = 5_000
GAMES = "games per table and arm"
DEFAULTS = {
    "players": [2, 3, 4],
    "games": DEFAULT_GAMES,
    "seed": 0,
    "strategies": list(DEFAULT_STRATEGIES),
    "points": 10,
    "sensitivity": True,
    "chunk_games": CHUNK_GAMES,
}
SETTINGS = ("strategies", "points", "sensitivity")
RULES = ("tiles", "tie")


def rules_of(config: dict) -> Rules:
    """The rules of the "on" arm (the herd on, the mammoth majority worth ``points``)."""
    r = config.get("rules", {})
    tiles = r.get("tiles", "default")
    return rules_from_options(
        True,
        None if tiles == "default" else tiles,
        int(config["points"]),
        r.get("tie", "longer_wins"),
        "immediate",
    )


def conditions_of(config: dict) -> tuple[str, dict[str, Rules]]:
    """The main condition's label and every condition, as ``mammoth worth`` builds them."""
    return worth_conditions(rules_of(config), bool(config["sensitivity"]))


def names_of(config: dict) -> list[str]:
    """The strategies, as resolved names."""
    return [resolve(n).name for n in config["strategies"]]


def played(config: dict) -> list:
    """The strategies, resolved (for the kernel the workers need)."""
    return [resolve(n) for n in config["strategies"]]


def check(config: dict) -> None:
    """Check the settings before anything runs.

    Raises
    ------
    InputError
        Unknown or mistyped settings, unknown strategies, impossible numbers or tile files.
    """
    check_keys(config, SETTINGS, RULES)
    names = [resolve(n).name for n in names_setting(config, "strategies")]
    if len(names) < 2 or len(set(names)) != len(names):
        raise InputError("strategies: give at least two different strategies")
    int_setting(config, "points", low=1)
    at_most(config, "points", MAX_MAMMOTH_POINTS)
    bool_setting(config, "sensitivity")
    rule_types(config)
    tie_setting(config)
    conditions_of(config)  # the tile files load


def chunks(config: dict) -> list[dict]:
    """One chunk per (player count, condition, block of game indices)."""
    _, conditions = conditions_of(config)
    blocks = game_blocks(int(config["games"]), int(config["chunk_games"]))
    return [
        {"players": p, "condition": label, "start": start, "n": n}
        for p in players_of(config)
        for label in conditions
        for start, n in blocks
    ]


def run_chunk(config: dict, chunk: dict) -> dict[str, np.ndarray]:
    """Play every table of one chunk with both arms and reduce it to statistics."""
    _, conditions = conditions_of(config)
    stats = worth_block(
        names_of(config),
        chunk["condition"],
        conditions[chunk["condition"]],
        int(config["points"]),
        GameBlock.of_chunk(config["seed"], chunk),
    )
    return stats.to_arrays()


def merge(parts: list[dict]) -> dict[str, np.ndarray]:
    """Merge chunk statistics (their groups differ) exactly, in the given order."""
    total = WorthStats.empty()
    for part in parts:
        total = total + WorthStats.from_arrays(part)
    return total.to_arrays()


def finish(
    config: dict, merged: dict, folder: Path, command: str = "worth", started: float | None = None
) -> str:
    """Write the tables, plots and run.json of ``mammoth worth``, and return the run in lines
    (:func:`~experiments.worth.report.summary`: the command prints it)."""
    main_label, conditions = conditions_of(config)
    tables = worth_tables(WorthStats.from_arrays(merged), conditions, int(config["points"]))
    rules, names = rules_of(config), names_of(config)
    write_worth(Path(folder), tables, config, conditions, rules, names, command, started)
    return summary(config, tables, main_label, conditions)
