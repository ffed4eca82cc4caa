"""An experiment's settings as one typed object, read and checked once.

Each kind declares its settings once, as a frozen dataclass derived from :class:`Experiment` (its
``EXPERIMENT``), which lives in its question's ``settings.py`` (the settings room:
``experiments/<question>/settings.py``, beside the kind, so the question's report, page and command
import the class without importing the kind): a field per setting of ``[experiment]``, each with the
reader that checks and converts it (:func:`setting`), and the ``[rules]`` it takes (``RULES``), read
into one :class:`RuleSettings`. :meth:`Experiment.read` reads a filled mapping (an experiment file's
tables, or what a command built from its options: see
:func:`experiments.shared.definition.experiment_from_settings`) into the object, refusing an unknown
or bad setting with one line, then runs the kind's cross-setting checks (:meth:`Experiment.check`).
From there on the kind's ``chunks``, ``run_chunk`` and ``finish`` read attributes, never keys.

The object keeps the mapping it was read from (:attr:`Experiment.written`): what
``experiment.json`` holds and what the chunk files' fingerprint hashes, so a run's files are the
same bytes as they were when experiments were plain mappings, and old checkpoints still load.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, ClassVar, Self

from experiments.shared.limits import MAX_CHUNK_GAMES, MAX_GAMES, MAX_MAMMOTH_POINTS, MAX_SEED
from experiments.shared.settings import (
    RULE_TYPES,
    below,
    check_name,
    herd_value,
    short,
    text,
    tie_value,
    whole_number,
)
from sim.errors import InputError
from sim.rules import Rules

Reader = Callable[[Any, str], Any]
"""A setting's reader: ``read(value, name)`` returns the checked value or raises
:class:`~sim.errors.InputError` with one line naming ``name``."""


def setting(read: Reader, default: Any = dataclasses.MISSING) -> Any:
    """A field of an :class:`Experiment`, read from its mapping with ``read``.

    Parameters
    ----------
    read : callable
        ``read(value, name)``: the checked value (see :mod:`experiments.shared.settings`).
    default : optional
        The value when the mapping leaves the setting out (already typed; none: required).

    Returns
    -------
    dataclasses.Field
    """
    return field(default=default, metadata={"read": read})


def _name(value, key: str) -> str:
    return check_name(value)


def _players(value, key: str) -> tuple[int, ...]:
    values = value if isinstance(value, list | tuple) else [value]
    if not values:
        raise InputError(f"players must be a number or a list, not {short(value)}")
    counts = tuple(whole_number(v, "players") for v in values)
    if len(set(counts)) != len(counts):
        raise InputError(f"players must not repeat: {short(value)}")
    for players in counts:
        if not 2 <= players <= 4:
            raise InputError(f"Stone Age is played by 2 to 4 players, not {players}")
    return counts


@dataclass(frozen=True)
class RuleSettings:
    """The ``[rules]`` table of an experiment, typed: docs/rules.md's defaults for what it
    leaves out.

    Attributes
    ----------
    herd : tuple of bool
        The herd settings to play, herd on first (``"both"`` is ``(True, False)``).
    tiles : str
        ``"default"`` or a mammoth tile file.
    mammoth_points : int
        Points of the mammoth majority.
    tie : str
        The taming contest's tie rule.
    resources_of_choice : str
        When resources of choice are taken.
    """

    herd: tuple[bool, ...] = (True,)
    tiles: str = "default"
    mammoth_points: int = 10
    tie: str = "longer_wins"
    resources_of_choice: str = "immediate"

    @classmethod
    def read(cls, table: Mapping, known: Sequence[str], kind: str) -> RuleSettings:
        """Read and check a ``[rules]`` table: only the ``known`` rules, each of its type; the
        tile file loads.

        Raises
        ------
        InputError
            An unknown or mistyped rule, points out of range, a bad tie rule or tile file.
        """
        if not isinstance(table, Mapping):
            raise InputError(f"[rules] must be a table, not {short(table)}")
        values: dict[str, Any] = {}
        for key, value in table.items():
            if key not in known:
                shown = ", ".join(known) or "none"
                raise InputError(f"unknown setting rules.{key} for kind {kind}; known: {shown}")
            if key == "herd":
                values[key] = tuple(herd_value(value))
                continue
            wanted = RULE_TYPES[key]
            if not isinstance(value, wanted) or (wanted is int and isinstance(value, bool)):
                what = {bool: "true or false", str: "a string", int: "a whole number"}[wanted]
                raise InputError(f"rules.{key} must be {what}, not {short(value)}")
            values[key] = value
        rules = cls(**values)
        tie_value(rules.tie)
        if not 0 <= rules.mammoth_points <= MAX_MAMMOTH_POINTS:
            raise InputError(
                f"rules.mammoth_points must be a whole number from 0 to {MAX_MAMMOTH_POINTS}, "
                f"not {rules.mammoth_points!r}"
            )
        rules.rules()  # the tile file loads, the rest of the rules check
        return rules

    def rules(self, herd: bool | None = None) -> Rules:
        """The :class:`~sim.rules.Rules` in force.

        Parameters
        ----------
        herd : bool, optional
            Play The Mammoth Herd (default: the first of :attr:`herd`).
        """
        from experiments.shared.rules_setup import rules_from_options

        return rules_from_options(
            self.herd[0] if herd is None else bool(herd),
            None if self.tiles == "default" else self.tiles,
            self.mammoth_points,
            self.tie,
            self.resources_of_choice,
        )


@dataclass(frozen=True, kw_only=True)
class Experiment:
    """The settings every kind takes; a kind's ``EXPERIMENT`` adds its own fields.

    Attributes
    ----------
    kind, name : str
        The kind and the run's folder name.
    players : tuple of int
        The player counts, as written (:attr:`player_counts`: sorted).
    games, seed : int
        Games (after ``--scale`` or ``--games``) and the seed.
    chunk_games : int or None
        Games per chunk (None: the kind's ``CHUNK_GAMES``).
    source : str
        Where the settings came from (a file's path, or ``mammoth KIND``).
    rules : RuleSettings
        The ``[rules]`` table.
    written : dict
        The mapping the object was read from: what ``experiment.json`` holds.
    """

    RULES: ClassVar[tuple[str, ...]] = ()
    """The ``[rules]`` settings the kind takes."""
    CHUNK_GAMES: ClassVar[int] = MAX_CHUNK_GAMES
    """Games per chunk where ``chunk_games`` is left out (the kind's own size)."""

    kind: str = setting(text)
    name: str = setting(_name)
    players: tuple[int, ...] = setting(_players)
    games: int = setting(below(MAX_GAMES))
    seed: int = setting(below(MAX_SEED, low=0))
    chunk_games: int | None = setting(below(MAX_CHUNK_GAMES), default=None)
    source: str = setting(text, default="")
    rules: RuleSettings = field(default_factory=RuleSettings)
    written: dict = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def read(cls, mapping: Mapping) -> Self:
        """Read and check a filled experiment mapping.

        Parameters
        ----------
        mapping : mapping
            The settings of ``[experiment]`` (the kind's defaults filled in), with ``rules``
            (the ``[rules]`` table) and ``source``.

        Returns
        -------
        Experiment
            Of the kind's class, every setting checked.

        Raises
        ------
        InputError
            An unknown setting (naming the known ones), or the first bad one.
        """
        own = [f for f in dataclasses.fields(cls) if "read" in f.metadata]
        known = [f.name for f in own]
        kind = mapping.get("kind")
        for key in mapping:
            if key not in (*known, "rules"):
                shown = ", ".join(k for k in known if k != "source")
                raise InputError(f"unknown setting {key!r} for kind {kind}; known: {shown}")
        values = {
            f.name: f.metadata["read"](mapping[f.name], f.name) for f in own if f.name in mapping
        }
        missing = [
            f.name
            for f in own
            if f.name not in values
            and f.default is dataclasses.MISSING
            and f.default_factory is dataclasses.MISSING
        ]
        if missing:
            raise InputError(f"{missing[0]} must be set for kind {kind}")
        rules = RuleSettings.read(mapping.get("rules", {}), cls.RULES, str(kind))
        experiment = cls(**values, rules=rules, written=_plain(mapping))
        experiment.check()
        return experiment

    def check(self) -> None:
        """The kind's checks across settings (none here); raises
        :class:`~sim.errors.InputError`."""

    def with_games(self, games: int) -> Self:
        """The same experiment with ``games`` games (for counting a run's chunks per block)."""
        return dataclasses.replace(self, games=games, written={**self.written, "games": games})

    @property
    def chunk_size(self) -> int:
        """Games per chunk: ``chunk_games``, else the kind's :attr:`CHUNK_GAMES`."""
        return self.CHUNK_GAMES if self.chunk_games is None else self.chunk_games

    @cached_property
    def player_counts(self) -> list[int]:
        """The player counts, sorted, each once."""
        return sorted(set(self.players))

    @cached_property
    def rules_in_force(self) -> Rules:
        """The :class:`~sim.rules.Rules` of the first herd setting."""
        return self.rules.rules()


def _plain(mapping: Mapping) -> dict:
    """A JSON-ready copy of a mapping (nested mappings copied)."""
    return {
        key: _plain(value) if isinstance(value, Mapping) else value
        for key, value in mapping.items()
    }
