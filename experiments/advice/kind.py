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

Its settings are read and checked once into
:class:`~experiments.advice.settings.AdviceExperiment` (:mod:`experiments.advice.settings`).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from experiments.advice.settings import CHUNK_GAMES as CHUNK_GAMES
from experiments.advice.settings import DEFAULTS as DEFAULTS
from experiments.advice.settings import AdviceExperiment
from experiments.shared import analysis_card_check as checking
from experiments.shared.analysis_card_tables import field_label
from experiments.shared.limits import game_blocks
from strategies.registry import resolve

GAMES = "games per player count"
SCALED = ("check_games",)  # --scale and --games change the check's games in proportion
PREFIX = "d_"
DROPPED = "n_dropped"
"""A decision chunk's count of decisions not played out (met after a game's log was full)."""


EXPERIMENT = AdviceExperiment


def field_of(experiment: AdviceExperiment, players: int, index: int = 0) -> list[str]:
    """The resolved strategy of each seat at ``players`` seats, in field ``index``."""
    field = experiment.fields_played()[index]
    names = field * players if len(field) == 1 else field[:players]
    return [resolve(n).name for n in names]


def played(experiment: AdviceExperiment) -> list:
    """Every strategy of the fields and of the card's check, resolved (the workers' kernel)."""
    names = [n for field in experiment.fields_played() for n in field]
    if experiment.check_games > 0:
        names += checking.played_names(
            experiment.check_card, experiment.fields_checked(), list(experiment.check_policies)
        )
    return [resolve(n) for n in names]


ENTRIES = ("play", "advise")
"""The kernel entries the kind plays: whole games and the decisions' play-outs."""


def seated_names(experiment: AdviceExperiment) -> list[str]:
    """Every strategy name the fields and the card's check seat (for the compile notice)."""
    return [seat.name for seat in played(experiment)]


def chunks(experiment: AdviceExperiment) -> list[dict]:
    """One chunk per (player count, block of game indices), then per (check field, player
    count, block of game indices) of the card's check."""
    size = experiment.chunk_size
    counts = experiment.player_counts
    out = [
        {"field": index, "players": players, "start": start, "n": n}
        for index in range(len(experiment.fields_played()))
        for players in counts
        for start, n in game_blocks(experiment.games, size)
    ]
    check = experiment.check_games
    if check > 0:
        size = min(size * 10, checking.CHUNK_GAMES)
        out += checking.check_chunks(
            experiment.fields_checked(), list(experiment.check_tiles), counts, check, size
        )
    return out


def run_chunk(experiment: AdviceExperiment, chunk: dict) -> dict:
    """Play one block of games and play out their decisions (one array per decision column),
    or one block of the card's check (its statistics)."""
    from strategies.play import advise_games

    players = int(chunk["players"])
    if "check" in chunk:
        return checking.check_block(
            experiment,
            experiment.check_card,
            experiment.fields_checked(),
            list(experiment.check_tiles),
            list(experiment.check_policies),
            chunk,
        )
    index = int(chunk.get("field", 0))
    frame = advise_games(
        int(chunk["n"]),
        players,
        field_of(experiment, players, index),
        experiment.playouts,
        seed=experiment.seed,
        rules=experiment.rules_in_force,
        first_game=int(chunk["start"]),
        seat=experiment.seat,
        placements=experiment.placements,
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


def decisions_of(experiment: AdviceExperiment, merged: dict) -> pd.DataFrame:
    """The decision table of the merged chunks: each decision's field (label), strategy and
    kind (``commit`` or ``place``)."""
    from sim.advising import KINDS

    frame = pd.DataFrame(
        {key[len(PREFIX) :]: value for key, value in merged.items() if key.startswith(PREFIX)}
    )
    if frame.empty:
        return frame
    labels = [field_label(f) for f in experiment.fields_played()]
    index = frame["field"].to_numpy(dtype=np.int64)
    strategy = [
        field_of(experiment, int(players), int(i))[int(seat)]
        for i, players, seat in zip(index, frame["players"], frame["seat"], strict=True)
    ]
    frame["field"] = pd.Categorical.from_codes(index, categories=labels)
    frame.insert(3, "strategy", strategy)
    frame["kind"] = pd.Categorical.from_codes(frame["kind"].to_numpy(), categories=list(KINDS))
    return frame


def finish(
    experiment: AdviceExperiment,
    merged: dict,
    folder: Path,
    command: str = "advise",
    started: float | None = None,
) -> str:
    """Derive the advice table and this run's card (``derive_card``), check the shipped card's
    rules on the decisions, write the files of :mod:`experiments.advice.report` and return what
    the command prints (:func:`~experiments.advice.report.write_advice`)."""
    from dataclasses import replace

    from experiments.advice.analysis_run import advice_tables
    from experiments.advice.report import write_advice
    from strategies.taming_card import load_card

    tables = advice_tables(decisions_of(experiment, merged), load_card(), experiment.derive_card)
    check = checking.card_check(merged, experiment.check_card)
    dropped = int(merged[DROPPED].sum()) if DROPPED in merged else 0
    tables = replace(tables, check=check, dropped=dropped)
    rules = experiment.rules_in_force
    return write_advice(Path(folder), tables, experiment, rules, command, started)
