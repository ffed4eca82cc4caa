"""The settings of an ``advice`` run, read and checked once into :class:`AdviceExperiment`.

Settings of ``[experiment]``: ``field`` (one strategy for every seat, or one per seat: the first
``players`` are seated; default ``["greedy"]``), ``fields`` (instead of ``field``: a list of fields,
each such a list; the decisions of all of them are pooled, each labelled with its field, and the
seek part is chosen for its worst field, :mod:`experiments.advice.analysis_seeking`), ``placements``
(true: play out the placement decisions too, whether to seek the herd, and derive the card's seek
part; default false), ``playouts`` (continuations per decision and commitment, default 8), ``seat``
(the seat whose decisions are played out; -1, the default, for every seat), ``check_games`` (games
per arm, field and player count of the card's check; 0 skips it; ``--scale`` and ``--games`` change
it in proportion to ``games``), ``check_card`` (the card policy checked, default ``card``; a variant
such as ``card[file=PATH]`` too), ``check_fields`` (a list of fields, each a list of the other
seats' strategies; default ``greedy`` and the preset field ``balanced, cards, farmer``; the checked
seat plays the field's own base strategy when the field is one strategy, else ``greedy``:
:func:`~experiments.shared.analysis_card_tables.check_base`), ``check_tiles`` (the tile sets the
check plays, each ``default`` or a tile file; default ``["default"]``), ``check_policies`` (default
``never``, ``fixed-1``, ``ev``, ``majority``, ``search`` and the checked card never seeking the
herd), ``derive_card`` (true, the default: derive this run's own card from its decisions; false:
only check the shipped card on them, as the demo does), and the common ones. Every run checks the
shipped card's rules on its decisions (:func:`experiments.advice.analysis.card_agreement`).
``[rules]``: ``tiles``, ``mammoth_points``, ``tie``, ``resources_of_choice`` (the herd is always on:
there is no taming without it).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, Self

from experiments.shared import analysis_card_check as checking
from experiments.shared.analysis_card_tables import field_label
from experiments.shared.experiment import Experiment, setting
from experiments.shared.limits import MAX_GAMES
from experiments.shared.settings import flag, names, whole_number
from sim.advising import MAX_PLAYOUTS
from sim.errors import InputError

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


def _fields(value, key: str) -> tuple[tuple[str, ...], ...]:
    """``fields``: a list of fields, each a list of names (each read as the ``field``
    setting)."""
    return checking.fields_setting(value, key, "names", "field")


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
    CHUNK_GAMES: ClassVar[int] = CHUNK_GAMES
    field: tuple[str, ...] | None = setting(names, default=None)
    fields: tuple[tuple[str, ...], ...] | None = setting(_fields, default=None)
    placements: bool = setting(flag)
    playouts: int = setting(lambda v, k: whole_number(v, k, 1, MAX_PLAYOUTS))
    seat: int = setting(whole_number)
    check_games: int = setting(lambda v, k: whole_number(v, k, 0, MAX_GAMES))
    check_card: str = setting(checking.card_setting)
    check_fields: tuple[tuple[str, ...], ...] = setting(checking.fields_setting)
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
        for field in self.fields_played():
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
            self.fields_checked(),
            list(self.check_tiles),
            list(self.check_policies),
            ("check_card", "check_fields", "check_tiles", "check_policies"),
        )

    def fields_played(self) -> list[list[str]]:
        """The fields whose decisions are played out: ``fields``, or the one ``field``."""
        if self.fields is not None:
            return [list(f) for f in self.fields]
        return [list(self.field or DEFAULTS["field"])]

    def fields_checked(self) -> list[list[str]]:
        """The fields the card is checked in."""
        return [list(f) for f in self.check_fields]
