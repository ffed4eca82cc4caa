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

Settings of ``[experiment]`` (read and checked once into :class:`AdviceExperiment`): ``field`` (one
strategy for every seat, or one per seat: the first ``players`` are seated; default ``["greedy"]``),
``fields`` (instead of ``field``: a list of fields, each such a list; the decisions of all of them
are pooled, each labelled with its field, and the seek part is chosen for its worst field,
:mod:`experiments.advice.analysis_seeking`), ``placements`` (true: play out the placement decisions
too, whether to seek the herd, and derive the card's seek part; default false), ``playouts``
(continuations per decision and commitment, default 8), ``seat`` (the seat whose decisions are
played out; -1, the default, for every seat), ``check_games`` (games per arm, field and player count
of the card's check; 0 skips it; ``--scale`` and ``--games`` change it in proportion to ``games``),
``check_card`` (the card policy checked, default ``card``; a variant such as ``card[file=PATH]``
too), ``check_fields`` (a list of fields, each a list of the other seats' strategies; default
``greedy`` and the preset field ``balanced, cards, farmer``; the checked seat plays the field's own
base strategy when the field is one strategy, else ``greedy``: :func:`check_base`), ``check_tiles``
(the tile sets the check plays, each ``default`` or a tile file; default ``["default"]``),
``check_policies`` (default ``never``, ``fixed-1``, ``ev``, ``majority``, ``search`` and the checked
card never seeking the herd), ``derive_card`` (true, the default: derive this run's own card from
its decisions; false: only check the shipped card on them, as the demo does), and the common ones.
Every run checks the shipped card's rules on its decisions
(:func:`experiments.advice.analysis.card_agreement`). ``[rules]``: ``tiles``, ``mammoth_points``,
``tie``, ``resources_of_choice`` (the herd is always on: there is no taming without it).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar, Self

import numpy as np
import pandas as pd

from experiments.shared import analysis_card_check as checking
from experiments.shared.analysis_card_tables import field_label
from experiments.shared.experiment import Experiment, setting
from experiments.shared.limits import MAX_GAMES, game_blocks
from experiments.shared.settings import flag, names, short, whole_number
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
RULES = ("tiles", "mammoth_points", "tie", "resources_of_choice")
GAMES = "games per player count"
SCALED = ("check_games",)  # --scale and --games change the check's games in proportion
PREFIX = "d_"
DROPPED = "n_dropped"
"""A decision chunk's count of decisions not played out (met after a game's log was full)."""


def _fields(value, key: str) -> tuple[tuple[str, ...], ...]:
    """``fields``: a list of fields, each a list of names (each read as the ``field``
    setting)."""
    return _field_list(value, key, "names", "field")


def _check_fields(value, key: str) -> tuple[tuple[str, ...], ...]:
    """``check_fields``: a list of fields, each a list of strategy names."""
    return _field_list(value, key, "strategy names", key)


def _field_list(value, key: str, what: str, each: str) -> tuple[tuple[str, ...], ...]:
    if (
        not isinstance(value, list | tuple)
        or not value
        or not all(isinstance(f, list | tuple) for f in value)
    ):
        raise InputError(
            f"{key} must be a list of fields, each a list of {what}, not {short(value)}"
        )
    return tuple(names(list(f), each) for f in value)


def _card(value, key: str) -> str:
    if not isinstance(value, str) or not value.startswith(CARD):
        raise InputError(f"{key} must name the card policy or a variant of it, not {value!r}")
    return value


@dataclass(frozen=True, kw_only=True)
class AdviceExperiment(Experiment):
    """The settings of an advice run (see the module's docstring).

    Attributes
    ----------
    field : tuple of str or None
        One strategy for every seat, or one per seat (None: ``fields`` is given).
    fields : tuple of tuple of str or None
        Several such fields, their decisions pooled (None: the one ``field``).
    placements : bool
        Also play out the placement decisions.
    playouts : int
        Continuations per decision and commitment.
    seat : int
        The seat whose decisions are played out (-1: every seat).
    check_games : int
        Games per arm, field and player count of the card's check (0: no check).
    check_card : str
        The card policy checked.
    check_fields : tuple of tuple of str
        The fields the card is checked in.
    check_tiles : tuple of str
        The tile sets the check plays.
    check_policies : tuple of str
        The policies the card is checked against.
    derive_card : bool
        Derive this run's own card from its decisions.
    """

    RULES: ClassVar[tuple[str, ...]] = RULES
    field: tuple[str, ...] | None = setting(names, default=None)
    fields: tuple[tuple[str, ...], ...] | None = setting(_fields, default=None)
    placements: bool = setting(flag)
    playouts: int = setting(lambda v, k: whole_number(v, k, 1, MAX_PLAYOUTS))
    seat: int = setting(whole_number)
    check_games: int = setting(lambda v, k: whole_number(v, k, 0, MAX_GAMES))
    check_card: str = setting(_card)
    check_fields: tuple[tuple[str, ...], ...] = setting(_check_fields)
    check_tiles: tuple[str, ...] = setting(names)
    check_policies: tuple[str, ...] = setting(names)
    derive_card: bool = setting(flag)

    @classmethod
    def read(cls, mapping: Mapping) -> Self:
        """:meth:`Experiment.read`, after the settings that follow others are written in (as
        experiment.json holds them): ``fields`` drops the default ``field``, and
        ``check_policies`` left out is the checked card's default ones
        (:func:`~experiments.shared.analysis_card_check.default_policies`).

        Raises
        ------
        InputError
            Both ``field`` and ``fields``, or what :meth:`Experiment.read` refuses.
        """
        mapping = dict(mapping)
        if "fields" in mapping:
            if mapping.get("field", DEFAULTS["field"]) != DEFAULTS["field"]:
                raise InputError("give field or fields, not both")
            mapping.pop("field", None)
        card = mapping.get("check_card", CARD)
        if "check_policies" not in mapping and isinstance(card, str):
            mapping["check_policies"] = checking.default_policies(card)
        return super().read(mapping)

    def check(self) -> None:
        """Fields that fill every table, each once; a seat at every table (-1: every seat);
        the card's check (:func:`~experiments.shared.analysis_card_check.check_settings`).

        Raises
        ------
        InputError
            A field too short for a player count, a field or tile set named twice, a seat not
            at every table, an unknown strategy or policy of the check, a tile file that cannot
            be read.
        """
        most = max(self.players)
        labels = []
        for field in fields_of(self):
            if len(field) != 1 and len(field) < most:
                raise InputError(
                    f"field: give one strategy for every seat or one per seat ({most} for {most} "
                    f"players), not {len(field)}"
                )
            labels.append(field_label(field))
        if len(set(labels)) != len(labels):
            raise InputError("fields names one field twice")
        whole_number(self.seat, "seat", -1, min(self.players) - 1)
        checking.check_settings(
            self,
            self.check_card,
            check_fields(self),
            list(self.check_tiles),
            list(self.check_policies),
            ("check_card", "check_fields", "check_tiles", "check_policies"),
        )


EXPERIMENT = AdviceExperiment


def fields_of(experiment: AdviceExperiment) -> list[list[str]]:
    """The fields whose decisions are played out: ``fields``, or the one ``field``."""
    if experiment.fields is not None:
        return [list(f) for f in experiment.fields]
    return [list(experiment.field or DEFAULTS["field"])]


def field_of(experiment: AdviceExperiment, players: int, index: int = 0) -> list[str]:
    """The resolved strategy of each seat at ``players`` seats, in field ``index``."""
    field = fields_of(experiment)[index]
    names = field * players if len(field) == 1 else field[:players]
    return [resolve(n).name for n in names]


def check_fields(experiment: AdviceExperiment) -> list[list[str]]:
    """The fields the card is checked in."""
    return [list(f) for f in experiment.check_fields]


def played(experiment: AdviceExperiment) -> list:
    """Every strategy of the fields and of the card's check, resolved (the workers' kernel)."""
    names = [n for field in fields_of(experiment) for n in field]
    if experiment.check_games > 0:
        names += checking.played_names(
            experiment.check_card, check_fields(experiment), list(experiment.check_policies)
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
    size = experiment.chunk_games or CHUNK_GAMES
    counts = experiment.player_counts
    out = [
        {"field": index, "players": players, "start": start, "n": n}
        for index in range(len(fields_of(experiment)))
        for players in counts
        for start, n in game_blocks(experiment.games, size)
    ]
    check = experiment.check_games
    if check > 0:
        size = min(size * 10, checking.CHUNK_GAMES)
        out += checking.check_chunks(
            check_fields(experiment), list(experiment.check_tiles), counts, check, size
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
            check_fields(experiment),
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
    labels = [field_label(f) for f in fields_of(experiment)]
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
