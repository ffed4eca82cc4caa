"""The ``card_check`` experiment kind: a card played against the other taming policies
(``mammoth check-card``).

One seat (rotating with the game index) plays the field's base strategy with the checked card
(``card``, or ``card[file=PATH]`` for a card file of one's own), then, on the same game indices,
with each policy of ``policies``; the other seats play the field. A chunk is one field, one tile
set, one player count and one block of game indices
(:func:`experiments.shared.analysis_sweep.sweep_block` with the card as the baseline); its
:class:`~experiments.shared.paired.Moments` merge exactly, so the table is the same whatever the
chunking, workers or backend. ``finish`` turns them into the card's win rate minus each policy's
with its interval (:func:`card_check`) and writes ``check.csv``, ``check.md`` and ``run.json``
(:mod:`experiments.card.card_check.report`).

Settings of ``[experiment]``: ``card`` (default ``card``), ``fields`` (a list of fields, each a
list of the other seats' strategies; default ``greedy``, the preset field ``balanced, cards,
farmer`` and ``champion``; the checked seat plays the field's own base strategy when the field is
one strategy, else ``greedy``: :func:`check_base`), ``tiles`` (the tile sets, each ``default`` or
a tile file; default ``["default"]``), ``policies`` (default ``never``, ``fixed-1``, ``ev``,
``majority``, ``search`` and the checked card never seeking the herd, :func:`seek_off`), ``gate``
(true: the checked card is a card file, ``card[file=PATH]``, and the run writes it back with
its seek part gated by these whole games where the policies hold the card never seeking,
:func:`experiments.card.card_check.analysis_gate.gate_seek`, and its commitment rules where they
hold the card always committing its default,
:func:`~experiments.card.card_check.analysis_gate.gate_commit`; default false), ``exploit`` (default
true: the exploitability check, a table where every seat plays the card with its own base strategy,
against one seat, rotating, playing each of ``deviations`` instead: :func:`exploit_block`,
:func:`exploit_check`), ``deviations`` (default
:data:`~experiments.card.card_check.analysis.DEVIATIONS`; each a taming policy, or
``[param=value]+TAMING`` to set parameters of the base too: :func:`deviation_strategy`), and the
common ones (``games``: per arm, field, tile set and player count). ``[rules]``: ``mammoth_points``,
``tie``, ``resources_of_choice`` (the tile sets are the ``tiles`` setting).

The games and tables are :mod:`experiments.shared.analysis_card_check`'s, which the advice
(checking the card it derives) shares.
"""

from __future__ import annotations

from pathlib import Path

from experiments.card.card_check.analysis import DEVIATIONS
from experiments.shared.analysis_card_check import (
    CARD,
    CHUNK_GAMES,
    EXPLOIT_PREFIX,
    FIELDS,
    TILES,
    card_check,
    card_file,
    check_block,
    check_chunks,
    check_settings,
    commit_off,
    default_policies,
    exploit_block,
    exploit_check,
    merge_checks,
    played_names,
    seek_off,
)
from experiments.shared.analysis_card_tables import (
    card_table,
    field_deviations,
    field_label,
)
from experiments.shared.rules_setup import rules_of
from experiments.shared.settings import bool_setting, check_keys, names_setting, rule_types
from sim.errors import InputError
from strategies.registry import resolve

DEFAULTS = {
    "card": CARD,
    "fields": [list(f) for f in FIELDS],
    "tiles": list(TILES),
    "gate": False,
    "exploit": True,
    "deviations": list(DEVIATIONS),
}
SETTINGS = ("card", "fields", "tiles", "policies", "gate", "exploit", "deviations")
RULES = ("mammoth_points", "tie", "resources_of_choice")
GAMES = "games per arm, field, tile set and player count"


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


def played(config: dict) -> list:
    """Every strategy the check seats, resolved (the workers' kernel)."""
    deviations = config["deviations"] if config.get("exploit") else None
    names = played_names(config["card"], config["fields"], config["policies"], deviations)
    return [resolve(n) for n in names]


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


def run_chunk(config: dict, chunk: dict) -> dict:
    """Play one block of the check (or of its exploitability check)."""
    if chunk.get("exploit"):
        return exploit_block(config, config["card"], config["fields"], config["deviations"], chunk)
    return check_block(
        config, config["card"], config["fields"], config["tiles"], config["policies"], chunk
    )


def merge(parts: list[dict]) -> dict:
    """The chunks' statistics added exactly."""
    return {**merge_checks(parts), **merge_checks(parts, EXPLOIT_PREFIX)}


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
    from experiments.card.card_check.analysis import check_tables
    from experiments.card.card_check.analysis_gate import gate_commit, gate_seek
    from experiments.card.card_check.report import write_card_check
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
