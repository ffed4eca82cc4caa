"""The ``advice`` experiment kind: taming decisions played out (``mammoth advise``).

A chunk is one player count and one block of game indices. It plays those games with the field
(:func:`strategies.play.advise_games`): at every taming decision of the followed seats, each
commitment from 0 to what the seat can move and pay is played out ``playouts`` times to the end,
on common random numbers, and the real game goes on with the seat's own choice. The chunk's
decisions travel as one array per column (``d_COLUMN``); :func:`merge` joins them in chunk
order, so the decision table is the same whatever the chunking, workers or backend. ``finish``
groups the decisions into situation classes, derives the advice table and the card
(:mod:`experiments.advice.analysis`) and writes the files of
:mod:`experiments.advice.report`.

The **check** of a card (``check_games`` above 0): the chunks of the ``card_check`` kind
(:mod:`experiments.card.card_check.kind`) with this run's ``check_card``, ``check_fields``,
``check_tiles`` and ``check_policies``: one seat (rotating with the game index) plays the field's
base strategy with the card and then, on the same indices, with every policy, against each field
under each tile set. Their statistics merge exactly; ``finish`` turns them into the card's win
rate minus each policy's with its interval (``check.csv``).

Settings of ``[experiment]``: ``field`` (one strategy for every seat, or one per seat: the first
``players`` are seated; default ``["greedy"]``), ``fields`` (instead of ``field``: a list of
fields, each such a list; the decisions of all of them are pooled, each labelled with its field,
and the seek part is chosen for its worst field, :mod:`experiments.advice.analysis_seeking`),
``placements`` (true: play out the placement decisions too, whether to seek the herd, and derive
the card's seek part; default false), ``playouts`` (continuations per decision and
commitment, default 8), ``seat`` (the seat whose decisions are played out; -1, the default, for
every seat), ``check_games`` (games per arm, field and player count of the card's check; 0
skips it; ``--scale`` and ``--games`` change it in proportion to ``games``), ``check_card``
(the card policy checked, default ``card``; a variant such as ``card[file=PATH]`` too),
``check_fields`` (a list of fields, each a list of the other seats' strategies; default
``greedy`` and the preset field ``balanced, cards, farmer``; the checked seat plays the field's
own base strategy when the field is one strategy, else ``greedy``: :func:`check_base`),
``check_tiles`` (the tile sets the check plays, each ``default`` or a tile file; default
``["default"]``), ``check_policies`` (default ``never``, ``fixed-1``, ``ev``, ``majority``,
``search`` and the checked card never seeking the herd), ``derive_card``
(true, the default: derive this run's own card from its decisions; false: only check the
shipped card on them, as the demo does), and the common ones. Every run checks the shipped
card's rules on its decisions (:func:`experiments.advice.analysis.card_agreement`). ``[rules]``:
``tiles``, ``mammoth_points``, ``tie``, ``resources_of_choice`` (the herd is always on: there is
no taming without it).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from experiments.shared import analysis_card_check as checking
from experiments.shared.analysis_card_tables import field_label
from experiments.shared.limits import MAX_GAMES, game_blocks
from experiments.shared.rules_setup import rules_of
from experiments.shared.settings import (
    bool_setting,
    check_keys,
    int_setting,
    names_setting,
    rule_types,
    short,
)
from sim.advising import MAX_PLAYOUTS
from sim.errors import InputError
from strategies.registry import resolve

CHUNK_GAMES = 200
DEFAULT_PLAYOUTS = 8
CARD = checking.CARD
DEFAULTS = {
    "field": ["greedy"],
    "placements": False,
    "playouts": DEFAULT_PLAYOUTS,
    "seat": -1,
    "check_games": 0,
    "check_card": CARD,
    "check_fields": [list(f) for f in checking.FIELDS],
    "check_tiles": list(checking.TILES),
    "derive_card": True,
}
SETTINGS = (
    "field",
    "fields",
    "placements",
    "playouts",
    "seat",
    "check_games",
    "check_card",
    "check_fields",
    "check_tiles",
    "check_policies",
    "derive_card",
)
RULES = ("tiles", "mammoth_points", "tie", "resources_of_choice")
GAMES = "games per player count"
SCALED = ("check_games",)  # --scale and --games change the check's games in proportion
PREFIX = "d_"
DROPPED = "n_dropped"
"""A decision chunk's count of decisions not played out (met after a game's log was full)."""


def fields_of(config: dict) -> list[list[str]]:
    """The fields whose decisions are played out: ``fields``, or the one ``field``."""
    if "fields" in config:
        return [list(f) for f in config["fields"]]
    return [list(config.get("field", DEFAULTS["field"]))]


def field_of(config: dict, players: int, index: int = 0) -> list[str]:
    """The resolved strategy of each seat at ``players`` seats, in field ``index``."""
    field = fields_of(config)[index]
    names = field * players if len(field) == 1 else field[:players]
    return [resolve(n).name for n in names]


def check_card(config: dict) -> str:
    """The card policy checked (``card``, or a variant such as ``card[file=PATH]``)."""
    return str(config.get("check_card", CARD))


def check_policies(config: dict) -> list[str]:
    """The policies the card is checked against."""
    return list(config.get("check_policies", checking.default_policies(check_card(config))))


def check_fields(config: dict) -> list[list[str]]:
    """The fields the card is checked in."""
    return [list(f) for f in config.get("check_fields", DEFAULTS["check_fields"])]


def played(config: dict) -> list:
    """Every strategy of the fields and of the card's check, resolved (the workers' kernel)."""
    names = [n for field in fields_of(config) for n in field]
    if int(config.get("check_games", 0)) > 0:
        names += checking.played_names(
            check_card(config), check_fields(config), check_policies(config)
        )
    return [resolve(n) for n in names]


ENTRIES = ("play", "advise")
"""The kernel entries the kind plays: whole games and the decisions' play-outs."""


def seated_names(config: dict) -> list[str]:
    """Every strategy name the fields and the card's check seat (for the compile notice)."""
    return [seat.name for seat in played(config)]


def check_tiles(config: dict) -> list[str]:
    """The tile sets the card's check plays."""
    return list(config.get("check_tiles", DEFAULTS["check_tiles"]))


def check(config: dict) -> None:
    """Check the settings before anything runs.

    Raises
    ------
    InputError
        Unknown or mistyped settings, an unknown strategy, a field too short for a player
        count, play-outs out of range, a seat not at every table, bad rules.
    """
    check_keys(config, SETTINGS, RULES)
    if "fields" in config:
        if config.get("field", DEFAULTS["field"]) != DEFAULTS["field"]:
            raise InputError("give field or fields, not both")
        config.pop("field", None)
        fields = config["fields"]
        if (
            not isinstance(fields, list)
            or not fields
            or not all(isinstance(f, list) for f in fields)
        ):
            raise InputError(
                f"fields must be a list of fields, each a list of names, not {short(fields)}"
            )
    else:
        config.setdefault("field", list(DEFAULTS["field"]))
    most = max(int(p) for p in config["players"])
    labels = []
    for field in fields_of(config):
        names_setting({"field": field}, "field")
        if len(field) != 1 and len(field) < most:
            raise InputError(
                f"field: give one strategy for every seat or one per seat ({most} for {most} "
                f"players), not {len(field)}"
            )
        labels.append(field_label(field))
    if len(set(labels)) != len(labels):
        raise InputError("fields names one field twice")
    config.setdefault("placements", DEFAULTS["placements"])
    bool_setting(config, "placements")
    config.setdefault("playouts", DEFAULT_PLAYOUTS)
    config.setdefault("seat", -1)
    int_setting(config, "playouts", 1, MAX_PLAYOUTS)
    int_setting(config, "seat", -1, min(int(p) for p in config["players"]) - 1)
    config.setdefault("check_games", 0)
    int_setting(config, "check_games", 0, MAX_GAMES)
    checking.check_settings(
        config,
        config.setdefault("check_card", CARD),
        config.setdefault("check_fields", [list(f) for f in DEFAULTS["check_fields"]]),
        config.setdefault("check_tiles", list(DEFAULTS["check_tiles"])),
        config.setdefault("check_policies", checking.default_policies(config["check_card"])),
        ("check_card", "check_fields", "check_tiles", "check_policies"),
    )
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
        {"field": index, "players": players, "start": start, "n": n}
        for index in range(len(fields_of(config)))
        for players in counts
        for start, n in game_blocks(int(config["games"]), size)
    ]
    check = int(config.get("check_games", 0))
    if check > 0:
        size = min(size * 10, checking.CHUNK_GAMES)
        out += checking.check_chunks(check_fields(config), check_tiles(config), counts, check, size)
    return out


def run_chunk(config: dict, chunk: dict) -> dict:
    """Play one block of games and play out their decisions (one array per decision column),
    or one block of the card's check (its statistics)."""
    from strategies.play import advise_games

    players = int(chunk["players"])
    if "check" in chunk:
        return checking.check_block(
            config, check_card(config), check_fields(config), check_tiles(config),
            check_policies(config), chunk,
        )  # fmt: skip
    index = int(chunk.get("field", 0))
    frame = advise_games(
        int(chunk["n"]),
        players,
        field_of(config, players, index),
        int(config["playouts"]),
        seed=int(config["seed"]),
        rules=rules_of(config),
        first_game=int(chunk["start"]),
        seat=int(config["seat"]),
        placements=bool(config.get("placements", DEFAULTS["placements"])),
    )
    dropped = int(frame.attrs.get("dropped", 0))
    frame = frame.drop(columns="strategy")
    frame["kind"] = frame["kind"].cat.codes.astype(np.int8)
    frame.insert(0, "field", np.full(len(frame), index, dtype=np.int8))
    arrays = {PREFIX + name: frame[name].to_numpy() for name in frame.columns}
    arrays[DROPPED] = np.array([dropped], dtype=np.int64)
    return arrays


def merge(parts: list[dict]) -> dict:
    """The chunks' decisions joined in chunk order (field, player count, then game index); the
    card check's statistics added exactly
    (:func:`experiments.shared.analysis_card_check.merge_checks`)."""
    decisions = [part for part in parts if any(k.startswith(PREFIX) for k in part)]
    merged = {}
    if decisions:
        keys = [key for key in decisions[0] if key.startswith(PREFIX)]
        merged = {key: np.concatenate([part[key] for part in decisions]) for key in keys}
        dropped = sum(int(part[DROPPED].sum()) for part in decisions if DROPPED in part)
        merged[DROPPED] = np.array([dropped], dtype=np.int64)
    merged.update(checking.merge_checks(parts))
    return merged


def decisions_of(config: dict, merged: dict) -> pd.DataFrame:
    """The decision table of the merged chunks: each decision's field (label), strategy and
    kind (``commit`` or ``place``)."""
    from sim.advising import KINDS

    frame = pd.DataFrame(
        {key[len(PREFIX) :]: value for key, value in merged.items() if key.startswith(PREFIX)}
    )
    if frame.empty:
        return frame
    labels = [field_label(f) for f in fields_of(config)]
    index = frame["field"].to_numpy(dtype=np.int64)
    strategy = [
        field_of(config, int(players), int(i))[int(seat)]
        for i, players, seat in zip(index, frame["players"], frame["seat"], strict=True)
    ]
    frame["field"] = pd.Categorical.from_codes(index, categories=labels)
    frame.insert(3, "strategy", strategy)
    frame["kind"] = pd.Categorical.from_codes(frame["kind"].to_numpy(), categories=list(KINDS))
    return frame


def finish(
    config: dict, merged: dict, folder: Path, command: str = "advise", started: float | None = None
) -> str:
    """Derive the advice table and this run's card (``derive_card``), check the shipped card's
    rules on the decisions, write the files of :mod:`experiments.advice.report` and return what
    the command prints (:func:`~experiments.advice.report.write_advice`)."""
    from dataclasses import replace

    from experiments.advice.analysis_run import advice_tables
    from experiments.advice.report import write_advice
    from strategies.taming_card import load_card

    derive = bool(config.get("derive_card", DEFAULTS["derive_card"]))
    tables = advice_tables(decisions_of(config, merged), load_card(), derive)
    check = checking.card_check(merged, check_card(config))
    dropped = int(merged[DROPPED].sum()) if DROPPED in merged else 0
    tables = replace(tables, check=check, dropped=dropped)
    return write_advice(Path(folder), tables, config, rules_of(config), command, started)
