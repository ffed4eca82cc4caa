"""The typed settings of a card check (the ``card_check`` kind, ``mammoth check-card``).

What its experiment file's ``[experiment]`` and ``[rules]`` hold, each setting read and checked once
(see :mod:`experiments.card.card_check.kind` for what they mean).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, Self

from experiments.card.card_check.analysis import DEVIATIONS
from experiments.shared.analysis_card_check import (
    CARD,
    CHUNK_GAMES,
    FIELDS,
    TILES,
    card_file,
    card_setting,
    check_settings,
    commit_off,
    default_policies,
    fields_setting,
    played_names,
    seek_off,
)
from experiments.shared.analysis_card_tables import (
    card_table,
    field_deviations,
    field_label,
)
from experiments.shared.experiment import Experiment, setting
from experiments.shared.settings import deviation_names, flag, names
from sim.errors import InputError
from strategies.card_person import is_person
from strategies.registry import resolve
from strategies.taming_card import load_card

DEFAULTS = {
    "card": CARD,
    "fields": [list(f) for f in FIELDS],
    "tiles": list(TILES),
    "gate": False,
    "exploit": True,
    "deviations": list(DEVIATIONS),
}
RULES = ("mammoth_points", "tie", "resources_of_choice")
GAMES = "games per arm, field, tile set and player count"


@dataclass(frozen=True, kw_only=True)
class CardCheckExperiment(Experiment):
    """The settings of a card check (see the module's docstring).

    Attributes
    ----------
    card : str
        The checked card (``card`` or a variant, ``card[file=PATH]``).
    fields : tuple of tuple of str
        The fields, each the other seats' strategies.
    tiles : tuple of str
        The tile sets, each ``default`` or a tile file.
    policies : tuple of str
        The policies the card is checked against (when left out: :func:`default_policies` of
        the card, which :meth:`read` writes into the experiment).
    gate : bool
        Write the checked card file back gated by the check.
    exploit : bool
        Also the exploitability check.
    deviations : tuple of str
        The exploitability check's deviations.
    """

    RULES: ClassVar[tuple[str, ...]] = RULES
    CHUNK_GAMES: ClassVar[int] = CHUNK_GAMES
    card: str = setting(card_setting, default=CARD)
    fields: tuple[tuple[str, ...], ...] = setting(
        fields_setting, default=tuple(tuple(f) for f in FIELDS)
    )
    tiles: tuple[str, ...] = setting(names, default=tuple(TILES))
    policies: tuple[str, ...] = setting(names)
    gate: bool = setting(flag, default=False)
    exploit: bool = setting(flag, default=True)
    deviations: tuple[str, ...] = setting(deviation_names, default=tuple(DEVIATIONS))

    @classmethod
    def read(cls, mapping: Mapping) -> Self:
        """Read a filled mapping (:meth:`Experiment.read`), ``policies`` first set to the card's
        default ones where left out (``experiment.json`` records them, as it always has)."""
        if "policies" not in mapping:
            card = mapping.get("card", CARD)
            mapping = {**mapping, "policies": default_policies(str(card))}
        return super().read(mapping)

    def check(self) -> None:
        """Check the card, fields, tile sets and policies (:func:`check_settings`), the
        deviations and the gate.

        Raises
        ------
        InputError
            An unknown strategy, policy or deviation, a field too short for a player count, a
            field, tile set, policy or deviation named twice, a tile file that cannot be read, a
            gate without a card file, of a person's card, or without the policies that gate it.
        """
        card = self.card
        check_settings(
            self,
            card,
            self.fields,
            self.tiles,
            self.policies,
            ("card", "fields", "tiles", "policies"),
        )
        if self.exploit:
            applied = set()
            for field in self.fields:
                for name in card_table(list(field), card):
                    resolve(name)
                found = field_deviations(list(field), list(self.deviations))
                if not found:
                    raise InputError(
                        f"deviations: none applies to the field {field_label(list(field))}"
                    )
                for deviation, name in found:
                    resolve(name)
                    applied.add(deviation)
            for deviation in self.deviations:
                if deviation not in applied and deviation not in DEVIATIONS:  # a default may skip
                    raise InputError(
                        f"deviations: {deviation} sets a parameter no field's base strategy has"
                    )
        if self.gate:
            if card_file(card) is None:
                raise InputError("gate: check a card file, card[file=PATH], to write it back gated")
            if is_person(load_card(card_file(card))):
                raise InputError(
                    "gate: a person's card (with 'place') has no seek part to gate; gate a "
                    "weight card"
                )
            if not {seek_off(card), commit_off(card)} & set(self.policies):
                raise InputError(
                    f"gate: the policies must hold the card never seeking, {seek_off(card)}, or "
                    f"always committing its default, {commit_off(card)}"
                )

    @property
    def seated(self) -> list[str]:
        """Every strategy the check seats (with ``exploit``, its exploitability check's too)."""
        deviations = list(self.deviations) if self.exploit else None
        fields = [list(f) for f in self.fields]
        return played_names(self.card, fields, list(self.policies), deviations)
