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

from experiments.card.card_check.settings import DEFAULTS as DEFAULTS
from experiments.card.card_check.settings import GAMES as GAMES
from experiments.card.card_check.settings import CardCheckExperiment
from experiments.shared.analysis_card_check import (
    EXPLOIT_PREFIX,
    card_check,
    card_file,
    check_block,
    check_chunks,
    commit_off,
    exploit_block,
    exploit_check,
    merge_checks,
    seek_off,
)
from strategies.registry import resolve

EXPERIMENT = CardCheckExperiment


def played(experiment: CardCheckExperiment) -> list:
    """Every strategy the check seats, resolved (the workers' kernel)."""
    return [resolve(n) for n in experiment.seated]


def chunks(experiment: CardCheckExperiment) -> list[dict]:
    """One chunk per (field, tile set, player count, block of game indices), and with
    ``exploit`` as many again for the table of card players."""
    size = experiment.chunk_size
    made = check_chunks(
        experiment.fields, experiment.tiles, experiment.players, experiment.games, size
    )
    out = list(made)
    if experiment.exploit:
        out += [{**chunk, "exploit": 1} for chunk in made]
    return out


def run_chunk(experiment: CardCheckExperiment, chunk: dict) -> dict:
    """Play one block of the check (or of its exploitability check)."""
    e = experiment
    if chunk.get("exploit"):
        return exploit_block(e, e.card, e.fields, e.tiles, e.deviations, chunk)
    return check_block(e, e.card, e.fields, e.tiles, e.policies, chunk)


def merge(parts: list[dict]) -> dict:
    """The chunks' statistics added exactly."""
    return {**merge_checks(parts), **merge_checks(parts, EXPLOIT_PREFIX)}


def finish(
    experiment: CardCheckExperiment,
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

    card = experiment.card
    table = card_check(merged, card)
    gated = None
    if experiment.gate:
        gated = load_card(card_file(card))
        if seek_off(card) in experiment.policies:
            seek = gated.get("seek") or {"rules": [], "default": False}
            gated = {**gated, "seek": gate_seek(seek, table, seek_off(card))}
        if commit_off(card) in experiment.policies:
            gated = gate_commit(gated, table, commit_off(card))
    exploit = exploit_check(merged, card) if experiment.exploit else None
    tables = check_tables(table, gated, exploit)
    rules = experiment.rules_in_force
    return write_card_check(Path(folder), tables, experiment, rules, command, started)
