"""The ``card_check`` experiment kind: a card played against the other taming policies
(``mammoth check-card``).

One seat (rotating with the game index) plays the field's base strategy with the checked card
(``card``, or ``card[file=PATH]`` for a card file of one's own), then, on the same game indices,
with each policy of ``policies``; the other seats play the field. A chunk is one field, one tile
set, one player count and one block of game indices
(:func:`experiments.commit.analysis.sweep_block` with the card as the baseline); its
:class:`~experiments.shared.paired.Moments` merge exactly, so the table is the same whatever the
chunking, workers or backend. ``finish`` turns them into the card's win rate minus each policy's
with its interval (:func:`card_check`) and writes ``check.csv``, ``check.md`` and ``run.json``
(:mod:`experiments.advice.card_check.report`).

Settings of ``[experiment]``: ``card`` (default ``card``), ``fields`` (a list of fields, each a
list of the other seats' strategies; default ``greedy``, the preset field ``balanced, cards,
farmer`` and ``champion``; the checked seat plays the field's own base strategy when the field is
one strategy, else ``greedy``: :func:`check_base`), ``tiles`` (the tile sets, each ``default`` or
a tile file; default ``["default"]``), ``policies`` (default ``never``, ``fixed-1``, ``ev``,
``majority``, ``search`` and the checked card never seeking the herd, :func:`seek_off`), ``gate``
(true: the checked card is a card file, ``card[file=PATH]``, and the run writes it back with
its seek part gated by these whole games where the policies hold the card never seeking,
:func:`experiments.advice.analysis_seeking.gate_seek`, and its commitment rules where they hold the
card always committing its default, :func:`~experiments.advice.analysis_seeking.gate_commit`;
default false), ``exploit`` (default true: the exploitability check, a table where every seat plays
the card with its own base strategy, against one seat, rotating, playing each of ``deviations``
instead: :func:`exploit_block`, :func:`exploit_check`), ``deviations`` (default
:data:`~experiments.advice.card_check.analysis.DEVIATIONS`; each a taming policy, or
``[param=value]+TAMING`` to set parameters of the base too: :func:`deviation_strategy`), and the
common ones (``games``: per arm, field, tile set and player count).
``[rules]``: ``mammoth_points``, ``tie``, ``resources_of_choice`` (the tile sets are the
``tiles`` setting).

A kind that checks the card it derives (``check_games``) plays the same chunks through these
functions.
"""

from __future__ import annotations

import re
from pathlib import Path

import pandas as pd

from experiments.advice.card_check.analysis import DEVIATIONS
from experiments.advice.card_check.analysis_tables import (
    PRESET_FIELD,
    card_table,
    check_base,
    field_deviations,
    field_label,
    rules_with_tiles,
    tiles_label,
)
from experiments.commit.analysis import (
    SWEEP_KEYS,
    SWEEP_METRICS,
    SWEEP_SCALE,
    field_for,
    field_slots_for,
    focal_arm,
    named_arm,
    sweep_block,
)
from experiments.shared.limits import game_blocks
from experiments.shared.paired import GameBlock, Moments
from experiments.shared.rules_setup import rules_of
from experiments.shared.settings import bool_setting, check_keys, names_setting, rule_types, short
from sim.errors import InputError
from strategies.registry import resolve

CHUNK_GAMES = 2_500
CARD = "card"
POLICIES = ["never", "fixed-1", "ev", "majority", "search"]
"""The policies a card is checked against, besides itself never seeking (:func:`seek_off`)."""
DEFAULTS = {
    "card": CARD,
    "fields": [["greedy"], PRESET_FIELD, ["champion"]],
    "tiles": ["default"],
    "gate": False,
    "exploit": True,
    "deviations": list(DEVIATIONS),
}
SETTINGS = ("card", "fields", "tiles", "policies", "gate", "exploit", "deviations")
RULES = ("mammoth_points", "tie", "resources_of_choice")
GAMES = "games per arm, field, tile set and player count"
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


def check_settings(
    config: dict, card: str, fields: list, tiles: list, policies: list, names: tuple[str, ...]
) -> None:
    """Check a card check's card, fields, tile sets and policies (``names``: their settings'
    names, for the messages).

    Raises
    ------
    InputError
        A card that is not the card policy, an unknown strategy or policy, a field too short for
        a player count, a field or tile set named twice, a tile file that cannot be read.
    """
    card_key, fields_key, tiles_key, policies_key = names
    if not isinstance(card, str) or not card.startswith(CARD):
        raise InputError(f"{card_key} must name the card policy or a variant of it, not {card!r}")
    if not isinstance(fields, list) or not fields or any(not isinstance(f, list) for f in fields):
        raise InputError(
            f"{fields_key} must be a list of fields, each a list of strategy names, not "
            f"{short(fields)}"
        )
    labels = []
    for field in fields:
        names_setting({fields_key: field}, fields_key)
        for players in config["players"]:
            field_for(field, int(players))
        for name in field:
            resolve(name)
        labels.append(field_label(field))
    if len(set(labels)) != len(labels):
        raise InputError(f"{fields_key} names one field twice")
    names_setting({policies_key: policies}, policies_key)
    if len(set(policies)) != len(policies) or card in policies:
        raise InputError(f"{policies_key}: name each policy once, and not the checked card")
    for field in fields:
        for policy in [card, *policies]:
            focal_arm(check_base(field), policy)
    names_setting({tiles_key: tiles}, tiles_key)
    if len({tiles_label(t) for t in tiles}) != len(tiles):
        raise InputError(f"{tiles_key} names one tile set twice")
    for t in tiles:
        rules_with_tiles(config, t)


def check(config: dict) -> None:
    """Check the settings before anything runs (:func:`check_settings`, and the rules)."""
    check_keys(config, SETTINGS, RULES)
    rule_types(config)
    rules_of(config)
    card = config.setdefault("card", CARD)
    check_settings(
        config,
        card,
        config.setdefault("fields", [list(f) for f in DEFAULTS["fields"]]),
        config.setdefault("tiles", list(DEFAULTS["tiles"])),
        config.setdefault("policies", default_policies(str(card))),
        ("card", "fields", "tiles", "policies"),
    )
    config.setdefault("gate", False)
    bool_setting(config, "gate")
    config.setdefault("exploit", True)
    bool_setting(config, "exploit")
    deviations = config.setdefault("deviations", list(DEVIATIONS))
    names_setting({"deviations": deviations}, "deviations")
    if len(set(deviations)) != len(deviations):
        raise InputError("deviations: name each deviation once")
    if config["exploit"]:
        applied = set()
        for field in config["fields"]:
            for name in card_table(field, card):
                resolve(name)
            found = field_deviations(field, deviations)
            if not found:
                raise InputError(f"deviations: none applies to the field {field_label(field)}")
            for deviation, name in found:
                resolve(name)
                applied.add(deviation)
        for deviation in deviations:
            if deviation not in applied and deviation not in DEVIATIONS:  # a default may skip
                raise InputError(
                    f"deviations: {deviation} sets a parameter no field's base strategy has"
                )
    if config["gate"]:
        if card_file(card) is None:
            raise InputError("gate: check a card file, card[file=PATH], to write it back gated")
        if not {seek_off(card), commit_off(card)} & set(config["policies"]):
            raise InputError(
                f"gate: the policies must hold the card never seeking, {seek_off(card)}, or "
                f"always committing its default, {commit_off(card)}"
            )


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


def played(config: dict) -> list:
    """Every strategy the check seats, resolved (the workers' kernel)."""
    deviations = config["deviations"] if config.get("exploit") else None
    names = played_names(config["card"], config["fields"], config["policies"], deviations)
    return [resolve(n) for n in names]


def check_chunks(fields: list, tiles: list, players: list, games: int, size: int) -> list[dict]:
    """One chunk per (field, tile set, player count, block of game indices)."""
    return [
        {"check": index, "tiles": t, "players": p, "start": start, "n": n}
        for index in range(len(fields))
        for t in range(len(tiles))
        for p in sorted({int(p) for p in players})
        for start, n in game_blocks(games, size)
    ]


def chunks(config: dict) -> list[dict]:
    """One chunk per (field, tile set, player count, block of game indices), and with
    ``exploit`` as many again for the table of card players."""
    size = int(config.get("chunk_games", CHUNK_GAMES))
    games = int(config["games"])
    out = check_chunks(config["fields"], config["tiles"], config["players"], games, size)
    if config.get("exploit"):
        out += [
            {**chunk, "exploit": 1}
            for chunk in check_chunks(
                config["fields"], config["tiles"], config["players"], games, size
            )
        ]
    return out


def _play_block(config: dict, card: str, field: list, arms: list, others: list, chunk, prefix):
    """Play one block of a check: the card's seat, then each arm's, on the same game indices,
    ``others`` at the other seats; the statistics as arrays (``prefix``)."""
    players = int(chunk["players"])
    tile_set = config["tiles"][int(chunk["tiles"])]
    stats = sweep_block(
        focal_arm(check_base(field), card),
        arms,
        field_slots_for(others, players),
        f"{field_label(field)}{TILES_MARK}{tiles_label(tile_set)}",
        rules_with_tiles(config, tile_set),
        GameBlock.of_chunk(config, chunk),
    )
    return stats.to_arrays(prefix)


def check_block(
    config: dict, card: str, fields: list, tiles: list, policies: list, chunk: dict
) -> dict:
    """Play one block of a card check: the card's arm and every policy's on the same game
    indices; the statistics as arrays (prefix ``c_``)."""
    field = fields[int(chunk["check"])]
    arms = [focal_arm(check_base(field), p) for p in policies]
    return _play_block({**config, "tiles": tiles}, card, field, arms, field, chunk, PREFIX)


def exploit_block(config: dict, card: str, fields: list, deviations: list, chunk: dict) -> dict:
    """Play one block of the exploitability check: a table where every seat plays the card,
    then, on the same game indices, one seat (rotating) playing each deviation; the statistics
    as arrays (prefix ``x_``)."""
    field = fields[int(chunk["check"])]
    arms = [named_arm(d, name) for d, name in field_deviations(field, deviations)]
    return _play_block(config, card, field, arms, card_table(field, card), chunk, EXPLOIT_PREFIX)


def run_chunk(config: dict, chunk: dict) -> dict:
    """Play one block of the check (or of its exploitability check)."""
    if chunk.get("exploit"):
        return exploit_block(config, config["card"], config["fields"], config["deviations"], chunk)
    return check_block(
        config, config["card"], config["fields"], config["tiles"], config["policies"], chunk
    )


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


def merge(parts: list[dict]) -> dict:
    """The chunks' statistics added exactly."""
    return {**merge_checks(parts), **merge_checks(parts, EXPLOIT_PREFIX)}


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


def finish(
    config: dict,
    merged: dict,
    folder: Path,
    command: str = "check-card",
    started: float | None = None,
) -> str:
    """Compute the check's table (and, with ``gate``, the gated card) and write ``check.csv``,
    ``goals.csv``, ``check.md``, ``run.json`` (and ``card.json``, ``card.md``, ``card.html``);
    return ``check.md``'s text (the command prints it)."""
    from experiments.advice.analysis_seeking import gate_commit, gate_seek
    from experiments.advice.card_check.analysis import check_tables
    from experiments.advice.card_check.report import write_card_check
    from strategies.taming_card import load_card

    table = card_check(merged, config["card"])
    gated = None
    if config.get("gate"):
        gated = load_card(card_file(config["card"]))
        if seek_off(config["card"]) in config["policies"]:
            seek = gated.get("seek") or {"rules": [], "default": False}
            gated = {**gated, "seek": gate_seek(seek, table, seek_off(config["card"]))}
        if commit_off(config["card"]) in config["policies"]:
            gated = gate_commit(gated, table, commit_off(config["card"]))
    exploit = exploit_check(merged, config["card"]) if config.get("exploit") else None
    tables = check_tables(table, gated, exploit)
    return write_card_check(Path(folder), tables, config, rules_of(config), command, started)
