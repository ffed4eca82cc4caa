"""The ``advice`` experiment kind: taming decisions played out (``mammoth advise``).

A chunk is one player count and one block of game indices. It plays those games with the field
(:func:`strategies.play.advise_games`): at every taming decision of the followed seats, each
commitment from 0 to what the seat can move and pay is played out ``playouts`` times to the end,
on common random numbers, and the real game goes on with the seat's own choice. The chunk's
decisions travel as one array per column (``d_COLUMN``); :func:`merge` joins them in chunk
order, so the decision table is the same whatever the chunking, workers or backend. ``finish``
groups the decisions into situation classes, derives the advice table and the card
(:mod:`experiments.analyses.situations`) and writes the files of
:mod:`experiments.outputs.situations`.

The **check** of the shipped card: chunks of ``check_games`` game indices per field and player
count, where one seat (rotating with the game index) plays ``greedy+card`` and then, on the same
indices, ``greedy+POLICY`` for every policy of ``check_policies``, against each field of
``check_fields`` (:func:`experiments.analyses.commit.sweep_block` with the card as the
baseline). Their :class:`~experiments.analyses.paired.Moments` (prefix ``c_``) merge exactly;
``finish`` turns them into the card's win rate minus each policy's with its interval
(:func:`card_check`).

Settings of ``[experiment]``: ``field`` (one strategy for every seat, or one per seat: the first
``players`` are seated; default ``["greedy"]``), ``playouts`` (continuations per decision and
commitment, default 8), ``seat`` (the seat whose decisions are played out; -1, the default, for
every seat), ``check_games`` (games per arm, field and player count of the card's check; 0
skips it; ``--scale`` and ``--games`` change it in proportion to ``games``), ``check_card``
(the card policy checked, default ``card``; a variant such as ``card[herd_weight=0]`` too),
``check_fields`` (a list of fields, each a list of the other seats' strategies; default
``greedy`` and the preset field ``balanced, cards, farmer``), ``check_policies`` (default
``never``, ``fixed-1``, ``ev``, ``majority``, ``search``), ``derive_card`` (true, the default:
derive this run's own card from its decisions; false: only check the shipped card on them, as
the demo does), and the common ones. Every run checks the shipped card's rules on its
decisions (:func:`experiments.analyses.situations.card_agreement`). ``[rules]``:
``tiles``, ``mammoth_points``, ``tie``, ``resources_of_choice`` (the herd is always on: there is
no taming without it).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from experiments.analyses.commit import (
    SWEEP_KEYS,
    SWEEP_METRICS,
    SWEEP_SCALE,
    field_for,
    field_slots_for,
    focal_arm,
    sweep_block,
)
from experiments.analyses.paired import Moments
from experiments.kinds import game_blocks
from experiments.kinds.compare import rules_of
from experiments.limits import MAX_GAMES
from experiments.settings import (
    bool_setting,
    check_keys,
    int_setting,
    names_setting,
    rule_types,
)
from sim.advising import MAX_PLAYOUTS
from sim.errors import InputError
from strategies.registry import resolve

CHUNK_GAMES = 200
CHECK_CHUNK_GAMES = 2_500
DEFAULT_PLAYOUTS = 8
CARD = "card"
CHECK_BASE = "greedy"
PRESET_FIELD = ["balanced", "cards", "farmer"]
DEFAULTS = {
    "field": ["greedy"],
    "playouts": DEFAULT_PLAYOUTS,
    "seat": -1,
    "check_games": 0,
    "check_card": CARD,
    "check_fields": [["greedy"], PRESET_FIELD],
    "check_policies": ["never", "fixed-1", "ev", "majority", "search"],
    "derive_card": True,
}
SETTINGS = (
    "field",
    "playouts",
    "seat",
    "check_games",
    "check_card",
    "check_fields",
    "check_policies",
    "derive_card",
)
RULES = ("tiles", "mammoth_points", "tie", "resources_of_choice")
GAMES = "games per player count"
SCALED = ("check_games",)  # --scale and --games change the check's games in proportion
PREFIX = "d_"
CHECK_PREFIX = "c_"
DROPPED = "n_dropped"
"""A decision chunk's count of decisions not played out (met after a game's log was full)."""


def field_of(config: dict, players: int) -> list[str]:
    """The resolved strategy of each seat at ``players`` seats."""
    field = list(config.get("field", DEFAULTS["field"]))
    names = field * players if len(field) == 1 else field[:players]
    return [resolve(n).name for n in names]


def field_label(field: list[str]) -> str:
    """A check field's label: ``presets`` for the preset field, else its names."""
    return "presets" if list(field) == PRESET_FIELD else ", ".join(field)


def check_card(config: dict) -> str:
    """The card policy checked (``card``, or a variant such as ``card[herd_weight=0]``)."""
    return str(config.get("check_card", CARD))


def check_policies(config: dict) -> list[str]:
    """The policies the card is checked against."""
    return list(config.get("check_policies", DEFAULTS["check_policies"]))


def check_fields(config: dict) -> list[list[str]]:
    """The fields the card is checked in."""
    return [list(f) for f in config.get("check_fields", DEFAULTS["check_fields"])]


def played(config: dict) -> list:
    """Every strategy of the field and of the card's check, resolved (the workers' kernel)."""
    names = list(config.get("field", DEFAULTS["field"]))
    if int(config.get("check_games", 0)) > 0:
        names += [f"{CHECK_BASE}+{p}" for p in [check_card(config), *check_policies(config)]]
        names += [n for field in check_fields(config) for n in field]
    return [resolve(n) for n in names]


def check(config: dict) -> None:
    """Check the settings before anything runs.

    Raises
    ------
    InputError
        Unknown or mistyped settings, an unknown strategy, a field too short for a player
        count, play-outs out of range, a seat not at every table, bad rules.
    """
    check_keys(config, SETTINGS, RULES)
    config.setdefault("field", list(DEFAULTS["field"]))
    names_setting(config, "field")
    field = config["field"]
    most = max(int(p) for p in config["players"])
    if len(field) != 1 and len(field) < most:
        raise InputError(
            f"field: give one strategy for every seat or one per seat ({most} for {most} "
            f"players), not {len(field)}"
        )
    config.setdefault("playouts", DEFAULT_PLAYOUTS)
    config.setdefault("seat", -1)
    int_setting(config, "playouts", 1, MAX_PLAYOUTS)
    int_setting(config, "seat", -1, min(int(p) for p in config["players"]) - 1)
    config.setdefault("check_games", 0)
    int_setting(config, "check_games", 0, MAX_GAMES)
    config.setdefault("check_fields", [list(f) for f in DEFAULTS["check_fields"]])
    fields = config["check_fields"]
    if not isinstance(fields, list) or not fields or not all(isinstance(f, list) for f in fields):
        raise InputError("check_fields must be a list of fields, each a list of strategy names")
    for index, field in enumerate(fields):
        names_setting({"check_fields": field}, "check_fields")
        for players in config["players"]:
            field_for(field, int(players))
        for name in field:
            resolve(name)
        if field_label(field) in {field_label(f) for f in fields[:index]}:
            raise InputError(f"check_fields names the field {field_label(field)!r} twice")
    config.setdefault("check_policies", list(DEFAULTS["check_policies"]))
    policies = names_setting(config, "check_policies")
    card = config.setdefault("check_card", CARD)
    if not isinstance(card, str) or not card.startswith(CARD):
        raise InputError(f"check_card must name the card policy or a variant of it, not {card!r}")
    if len(set(policies)) != len(policies) or card in policies:
        raise InputError("check_policies: name each policy once, and not the checked card")
    for policy in [card, *policies]:
        focal_arm(CHECK_BASE, policy)
    config.setdefault("derive_card", DEFAULTS["derive_card"])
    bool_setting(config, "derive_card")
    rule_types(config)
    if config.get("rules", {}).get("herd", True) is not True:
        raise InputError("advice needs the herd: leave rules.herd out (or true)")
    rules_of(config)


def chunks(config: dict) -> list[dict]:
    """One chunk per (player count, block of game indices), then per (check field, player
    count, block of game indices) of the card's check."""
    size = int(config.get("chunk_games", CHUNK_GAMES))
    counts = sorted({int(p) for p in config["players"]})
    out = [
        {"players": players, "start": start, "n": n}
        for players in counts
        for start, n in game_blocks(int(config["games"]), size)
    ]
    check = int(config.get("check_games", 0))
    if check > 0:
        out += [
            {"check": index, "players": players, "start": start, "n": n}
            for index in range(len(check_fields(config)))
            for players in counts
            for start, n in game_blocks(check, min(size * 10, CHECK_CHUNK_GAMES))
        ]
    return out


def run_chunk(config: dict, chunk: dict) -> dict:
    """Play one block of games and play out their decisions (one array per decision column),
    or one block of the card's check (its statistics)."""
    from strategies.play import advise_games

    players = int(chunk["players"])
    if "check" in chunk:
        field = check_fields(config)[int(chunk["check"])]
        stats = sweep_block(
            focal_arm(CHECK_BASE, check_card(config)),
            [focal_arm(CHECK_BASE, p) for p in check_policies(config)],
            field_slots_for(field, players),
            field_label(field),
            rules_of(config),
            players,
            int(config["seed"]),
            int(chunk["start"]),
            int(chunk["n"]),
        )
        return stats.to_arrays(CHECK_PREFIX)
    frame = advise_games(
        int(chunk["n"]),
        players,
        field_of(config, players),
        int(config["playouts"]),
        seed=int(config["seed"]),
        rules=rules_of(config),
        first_game=int(chunk["start"]),
        seat=int(config["seat"]),
    )
    dropped = int(frame.attrs.get("dropped", 0))
    frame = frame.drop(columns="strategy")
    arrays = {PREFIX + name: frame[name].to_numpy() for name in frame.columns}
    arrays[DROPPED] = np.array([dropped], dtype=np.int64)
    return arrays


def _check_stats(arrays: dict) -> Moments:
    return Moments.from_arrays(arrays, CHECK_PREFIX, SWEEP_KEYS, SWEEP_METRICS)


def merge(parts: list[dict]) -> dict:
    """The chunks' decisions joined in chunk order (player count, then game index); the card
    check's statistics added exactly."""
    decisions = [part for part in parts if any(k.startswith(PREFIX) for k in part)]
    checks = [part for part in parts if any(k.startswith(CHECK_PREFIX) for k in part)]
    merged = {}
    if decisions:
        keys = [key for key in decisions[0] if key.startswith(PREFIX)]
        merged = {key: np.concatenate([part[key] for part in decisions]) for key in keys}
        dropped = sum(int(part[DROPPED].sum()) for part in decisions if DROPPED in part)
        merged[DROPPED] = np.array([dropped], dtype=np.int64)
    if checks:
        total = Moments(SWEEP_KEYS, SWEEP_METRICS)
        for part in checks:
            total = total + _check_stats(part)
        merged.update(total.to_arrays(CHECK_PREFIX))
    return merged


def card_check(merged: dict) -> pd.DataFrame:
    """The card's check: per field, player count and policy, the card's win rate minus the
    policy's, in percentage points with its 95% interval (clustered by game index; the same
    game indices for every arm), and the games per arm.

    Returns
    -------
    pandas.DataFrame
        Columns ``field``, ``players``, ``policy``, ``games``, ``card_win``, ``policy_win``,
        ``card_minus``, ``card_minus_low``, ``card_minus_high`` (no rows without a check).
    """
    columns = ["field", "players", "policy", "games", "card_win", "policy_win"]
    columns += ["card_minus", "card_minus_low", "card_minus_high"]
    if f"{CHECK_PREFIX}stat.clusters" not in merged:
        return pd.DataFrame(columns=columns)
    stats = _check_stats(merged).collapse(["condition", "players", "policy"])
    summary = stats.summary(SWEEP_SCALE)
    return pd.DataFrame(
        {
            "field": summary["condition"],
            "players": summary["players"].astype(int),
            "policy": summary["policy"],
            "games": summary["clusters"].astype(int),
            "card_win": 100 * summary["win_base"],
            "policy_win": 100 * summary["win"],
            "card_minus": -100 * summary["dwin"],
            "card_minus_low": -100 * summary["dwin_high"],
            "card_minus_high": -100 * summary["dwin_low"],
        }
    )[columns]


def decisions_of(config: dict, merged: dict) -> pd.DataFrame:
    """The decision table of the merged chunks, with each decision's strategy."""
    frame = pd.DataFrame(
        {key[len(PREFIX) :]: value for key, value in merged.items() if key.startswith(PREFIX)}
    )
    if frame.empty:
        return frame
    strategy = [
        field_of(config, int(players))[int(seat)]
        for players, seat in zip(frame["players"], frame["seat"], strict=True)
    ]
    frame.insert(2, "strategy", strategy)
    return frame


def finish(
    config: dict, merged: dict, folder: Path, command: str = "advise", started: float | None = None
) -> None:
    """Derive the advice table and this run's card (``derive_card``), check the shipped card's
    rules on the decisions, and write the files of :mod:`experiments.outputs.situations`."""
    from experiments.analyses.situations import advice_table, card_agreement, derive_card
    from experiments.outputs.situations import write_advice
    from strategies.taming_card import load_card

    decisions = decisions_of(config, merged)
    check = card_check(merged)
    check.insert(0, "card", f"{CHECK_BASE}+{check_card(config)}")
    table = card = None
    if bool(config.get("derive_card", DEFAULTS["derive_card"])):
        table = advice_table(decisions)
        card = derive_card(table)
    agreement = card_agreement(decisions, load_card())
    dropped = int(merged[DROPPED].sum()) if DROPPED in merged else 0
    write_advice(
        Path(folder), decisions, table, card, agreement, check, config, command, started,
        rules_of(config), dropped,
    )  # fmt: skip
