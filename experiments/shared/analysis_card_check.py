"""Checking a card: its games and its tables, for ``mammoth check-card``
(:mod:`experiments.card.card_check.kind`) and for the advice, which checks the card it derives
(``check_games``) through the same chunks.

One seat (rotating with the game index) plays the field's base strategy with the checked card,
then, on the same game indices, with each policy; the other seats play the field
(:func:`check_block`, :func:`experiments.shared.analysis_sweep.sweep_block` with the card as the
baseline). The exploitability check seats the card everywhere against one seat, rotating,
playing each deviation instead (:func:`exploit_block`). The statistics merge exactly
(:func:`merge_checks`); :func:`card_check` and :func:`exploit_check` turn them into the card's
win rate minus each policy's, and each deviation's gain, with their intervals.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import pandas as pd

from experiments.shared.analysis_card_tables import (
    PRESET_FIELD,
    card_table,
    check_base,
    check_tile_set,
    field_deviations,
    field_label,
    rules_with_tiles,
    tiles_label,
)
from experiments.shared.analysis_sweep import (
    SWEEP_KEYS,
    SWEEP_METRICS,
    SWEEP_SCALE,
    field_for,
    field_slots_for,
    focal_arm,
    named_arm,
    sweep_block,
)
from experiments.shared.experiment import Experiment
from experiments.shared.limits import game_blocks
from experiments.shared.paired import GameBlock, Moments
from experiments.shared.settings import names as read_names
from experiments.shared.settings import short
from sim.errors import InputError
from strategies.registry import resolve

CHUNK_GAMES = 2_500
FIELDS = [["greedy"], PRESET_FIELD, ["champion"]]
"""The fields a card is checked at by default."""
TILES = ["default"]
"""The tile sets a card is checked at by default."""
CARD = "card"
POLICIES = ["never", "fixed-1", "ev", "majority", "search"]
"""The policies a card is checked against, besides itself never seeking (:func:`seek_off`)."""
PREFIX = "c_"
EXPLOIT_PREFIX = "x_"
TILES_MARK = " @ "  # joins a field's label and its tile set's in the statistics
COLUMNS = (
    "card",
    "field",
    "tiles",
    "players",
    "policy",
    "games",
    "card_win",
    "policy_win",
    "card_minus",
    "card_minus_low",
    "card_minus_high",
)


def seek_off(card: str) -> str:
    """The checked card never seeking the herd: ``card[seek=0]``, ``card[file=PATH,seek=0]``."""
    name = card.strip()
    return name[:-1] + ",seek=0]" if name.endswith("]") else name + "[seek=0]"


def commit_off(card: str) -> str:
    """The checked card always committing its default: ``card[file=PATH,commit_rules=0]``."""
    name = card.strip()
    return name[:-1] + ",commit_rules=0]" if name.endswith("]") else name + "[commit_rules=0]"


def default_policies(card: str) -> list[str]:
    """The policies a card is checked against by default: :data:`POLICIES` and the card itself
    never seeking."""
    return [*POLICIES, seek_off(card)]


def card_file(card: str) -> str | None:
    """The card file a card name plays (``card[file=PATH]``), or None."""
    match = re.search(r"file=([^,\]]+)", card)
    return match.group(1).strip() if match else None


def card_setting(value, key: str) -> str:
    """The reader of a card setting: the card policy or a variant of it (``card[...]``)."""
    if not isinstance(value, str) or not value.startswith(CARD):
        raise InputError(f"{key} must name the card policy or a variant of it, not {value!r}")
    return value


def fields_setting(
    value, key: str, what: str = "strategy names", each: str | None = None
) -> tuple[tuple[str, ...], ...]:
    """The reader of a list of fields, each a list of names (read as the setting ``each``,
    default ``key``; ``what`` names them in the message)."""
    if (
        not isinstance(value, list | tuple)
        or not value
        or not all(isinstance(f, list | tuple) for f in value)
    ):
        raise InputError(
            f"{key} must be a list of fields, each a list of {what}, not {short(value)}"
        )
    return tuple(read_names(list(f), each or key) for f in value)


def check_settings(
    experiment: Experiment,
    card: str,
    fields: Sequence,
    tiles: Sequence[str],
    policies: Sequence[str],
    names: tuple[str, ...],
) -> None:
    """Check a card check's card, fields, tile sets and policies, as their readers gave them
    (:func:`card_setting`, :func:`fields_setting`, :func:`~experiments.shared.settings.names`;
    ``names``: their settings' names, for the messages), together and for the experiment's
    player counts (its ``[rules]`` are read and checked with it).

    Raises
    ------
    InputError
        An unknown strategy or policy, a field too short for a player count, a field or tile
        set named twice, a tile file that cannot be read.
    """
    players_of = experiment.players
    _, fields_key, tiles_key, policies_key = names
    labels = []
    for field in fields:
        for players in players_of:
            field_for(list(field), int(players))
        for name in field:
            resolve(name)
        labels.append(field_label(list(field)))
    if len(set(labels)) != len(labels):
        raise InputError(f"{fields_key} names one field twice")
    if len(set(policies)) != len(policies) or card in policies:
        raise InputError(f"{policies_key}: name each policy once, and not the checked card")
    for field in fields:
        for policy in [card, *policies]:
            focal_arm(check_base(list(field)), policy)
    if len({tiles_label(t) for t in tiles}) != len(tiles):
        raise InputError(f"{tiles_key} names one tile set twice")
    for t in tiles:
        check_tile_set(t)


def played_names(
    card: str, fields: list, policies: list, deviations: list | None = None
) -> list[str]:
    """Every strategy a card check seats (with ``deviations``, its exploitability check's too)."""
    names = []
    for field in fields:
        base = check_base(field)
        names += [f"{base}+{p}" for p in [card, *policies]] + list(field)
        if deviations:
            names += card_table(field, card) + [n for _, n in field_deviations(field, deviations)]
    return names


def check_chunks(
    fields: Sequence, tiles: Sequence[str], players: Sequence[int], games: int, size: int
) -> list[dict]:
    """One chunk per (field, tile set, player count, block of game indices)."""
    return [
        {"check": index, "tiles": t, "players": p, "start": start, "n": n}
        for index in range(len(fields))
        for t in range(len(tiles))
        for p in sorted({int(p) for p in players})
        for start, n in game_blocks(games, size)
    ]


def _play_block(
    experiment: Experiment, card: str, field: list, tile_set: str, arms: list, others: list,
    chunk: dict, prefix: str,
) -> dict:  # fmt: skip
    """Play one block of a check at the tile set ``tile_set``: the card's seat, then each arm's,
    on the same game indices, ``others`` at the other seats; the statistics as arrays
    (``prefix``)."""
    players = int(chunk["players"])
    seed, rules = experiment.seed, experiment.rules
    stats = sweep_block(
        focal_arm(check_base(field), card),
        arms,
        field_slots_for(others, players),
        f"{field_label(field)}{TILES_MARK}{tiles_label(tile_set)}",
        rules_with_tiles(rules, tile_set),
        GameBlock.of_chunk(seed, chunk),
    )
    return stats.to_arrays(prefix)


def check_block(
    experiment: Experiment,
    card: str,
    fields: Sequence,
    tiles: Sequence[str],
    policies: Sequence[str],
    chunk: dict,
) -> dict:
    """Play one block of a card check: the card's arm and every policy's on the same game
    indices (the experiment's seed and rules); the statistics as arrays (prefix ``c_``)."""
    field = list(fields[int(chunk["check"])])
    arms = [focal_arm(check_base(field), p) for p in policies]
    tile_set = tiles[int(chunk["tiles"])]
    return _play_block(experiment, card, field, tile_set, arms, field, chunk, PREFIX)


def exploit_block(
    experiment: Experiment,
    card: str,
    fields: Sequence,
    tiles: Sequence[str],
    deviations: Sequence[str],
    chunk: dict,
) -> dict:
    """Play one block of the exploitability check: a table where every seat plays the card,
    then, on the same game indices, one seat (rotating) playing each deviation; the statistics
    as arrays (prefix ``x_``)."""
    field = list(fields[int(chunk["check"])])
    arms = [named_arm(d, name) for d, name in field_deviations(field, list(deviations))]
    tile_set = tiles[int(chunk["tiles"])]
    others = card_table(field, card)
    return _play_block(experiment, card, field, tile_set, arms, others, chunk, EXPLOIT_PREFIX)


def stats_of(arrays: dict, prefix: str = PREFIX) -> Moments:
    """The check's statistics from a chunk's (or the merged) arrays (``prefix``: ``c_`` for
    the check, ``x_`` for its exploitability check)."""
    return Moments.from_arrays(arrays, prefix, SWEEP_KEYS, SWEEP_METRICS)


def merge_checks(parts: list[dict], prefix: str = PREFIX) -> dict:
    """The check chunks' statistics added exactly (their groups differ between chunks)."""
    checks = [part for part in parts if any(k.startswith(prefix) for k in part)]
    if not checks:
        return {}
    total = Moments(SWEEP_KEYS, SWEEP_METRICS)
    for part in checks:
        total = total + stats_of(part, prefix)
    return total.to_arrays(prefix)


def _paired_table(merged: dict, prefix: str) -> pd.DataFrame:
    """The merged statistics of one part (``prefix``) per field, tile set, player count and arm:
    the card seat's and the arm's win rates and the arm minus the card, pp with its 95% interval
    clustered by game (empty without that part)."""
    if f"{prefix}stat.clusters" not in merged:
        return pd.DataFrame()
    stats = stats_of(merged, prefix).collapse(["condition", "players", "policy"])
    summary = stats.summary(SWEEP_SCALE)
    condition = summary["condition"].astype(str).str.split(TILES_MARK, n=1, regex=False)
    return pd.DataFrame(
        {
            "field": condition.str[0],
            "tiles": condition.str[1],
            "players": summary["players"].astype(int),
            "arm": summary["policy"],
            "games": summary["clusters"].astype(int),
            "card_win": 100 * summary["win_base"],
            "arm_win": 100 * summary["win"],
            "dwin": 100 * summary["dwin"],
            "dwin_low": 100 * summary["dwin_low"],
            "dwin_high": 100 * summary["dwin_high"],
        }
    )


def card_check(merged: dict, card: str) -> pd.DataFrame:
    """Per field, tile set, player count and policy: the card's win rate minus the policy's, in
    percentage points with its 95% interval (clustered by game index; the same game indices for
    every arm), and the games per arm.

    Returns
    -------
    pandas.DataFrame
        :data:`COLUMNS` (no rows without a check).
    """
    table = _paired_table(merged, PREFIX)
    if table.empty:
        return pd.DataFrame(columns=list(COLUMNS))
    table = table.rename(columns={"arm": "policy", "arm_win": "policy_win"})
    table["card_minus"] = -table.pop("dwin")
    table["card_minus_low"], table["card_minus_high"] = (
        -table.pop("dwin_high"),
        -table.pop("dwin_low"),
    )
    return table.assign(card=card)[list(COLUMNS)]


EXPLOIT_COLUMNS = (
    "card",
    "field",
    "tiles",
    "players",
    "deviation",
    "games",
    "card_win",
    "deviation_win",
    "gain",
    "gain_low",
    "gain_high",
)


def exploit_check(merged: dict, card: str) -> pd.DataFrame:
    """Per field, tile set, player count and deviation: what one seat gains by the deviation
    at a table where every seat plays the card (the deviation's win rate minus the same seat's
    as a card player on the same game indices), pp with its 95% interval clustered by game.

    Returns
    -------
    pandas.DataFrame
        :data:`EXPLOIT_COLUMNS` (no rows without an exploitability check).
    """
    table = _paired_table(merged, EXPLOIT_PREFIX)
    if table.empty:
        return pd.DataFrame(columns=list(EXPLOIT_COLUMNS))
    table = table.rename(
        columns={"arm": "deviation", "arm_win": "deviation_win", "dwin": "gain"}
    ).rename(columns={"dwin_low": "gain_low", "dwin_high": "gain_high"})
    return table.assign(card=card)[list(EXPLOIT_COLUMNS)]
