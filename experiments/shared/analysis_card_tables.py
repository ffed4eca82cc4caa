"""The tables a card is checked at: a field's seats playing a card, the seat that deviates from
it, and the tile set's rules. Shared by the card's check (``mammoth check-card``, and the
advice's check of the card it derives: :mod:`experiments.shared.analysis_card_check`) and its
derivation (``mammoth derive-card``).
"""

from __future__ import annotations

import dataclasses
import importlib
from pathlib import Path
from typing import TYPE_CHECKING

from sim.errors import InputError
from strategies.registry import resolve

if TYPE_CHECKING:
    from experiments.shared.experiment import RuleSettings

BASE = "greedy"
"""The deviating seat's base strategy in a field of several strategies."""
PRESET_FIELD = ["balanced", "cards", "farmer"]
"""The preset field: its three presets, seated in turn."""


def field_label(field: list[str]) -> str:
    """A field's label: ``presets`` for the preset field (``balanced, cards, farmer``, seated in
    turn), else its names."""
    names = list(field)
    cyclic = all(n == PRESET_FIELD[i % len(PRESET_FIELD)] for i, n in enumerate(names))
    if names[: len(PRESET_FIELD)] == PRESET_FIELD and cyclic:
        return "presets"
    return ", ".join(names)


def check_base(field: list[str]) -> str:
    """The checked seat's base strategy in a field: the field's own when it is one strategy
    (``learned`` in a ``learned`` field), else ``greedy`` (the preset field's family)."""
    if len(field) == 1:
        return resolve(field[0]).base
    return BASE


def deviation_strategy(base: str, deviation: str) -> str | None:
    """The strategy a deviating seat plays: ``BASE+deviation`` for a taming policy name;
    ``[param=value,...]+TAMING`` sets parameters of the base too. None where the base has no
    such parameter (``[herd_3_4=1]`` for a base outside the learned family)."""
    deviation = deviation.strip()
    if not deviation.startswith("["):
        return f"{base}+{deviation}"
    inner, _, taming = deviation[1:].partition("]")
    taming = taming.lstrip("+").strip()
    seat = resolve(f"{base}+ev")
    known = getattr(importlib.import_module(seat.base_module), "PARAMS", {})
    keys = [item.partition("=")[0].strip() for item in inner.split(",")]
    if any(key not in known for key in keys):
        return None
    name, _, own = base.partition("[")
    items = {}
    for item in [*own.rstrip("]").split(","), *inner.split(",")]:
        key, equals, value = (part.strip() for part in item.partition("="))
        if key and equals:
            items[key] = value  # the deviation's value replaces the base's own
    settings = ",".join(f"{key}={value}" for key, value in items.items())
    return f"{name}[{settings}]+{taming}"


def card_table(field: list[str], card: str) -> list[str]:
    """A field's seats all playing the card: each seat's base strategy with ``card``."""
    return [f"{resolve(name).base}+{card}" for name in field]


def field_deviations(field: list[str], deviations: list[str]) -> list[tuple[str, str]]:
    """``(deviation, strategy)`` of each deviation that applies to the field's base."""
    base = check_base(field)
    out = []
    for deviation in deviations:
        name = deviation_strategy(base, deviation)
        if name is not None:
            out.append((deviation, name))
    return out


def tiles_label(tiles: str) -> str:
    """A tile set's label: ``default`` or the file's stem."""
    return "default" if tiles == "default" else Path(tiles).stem


def check_tile_set(tiles: str) -> None:
    """Check that a tile set of a card's run reads (``default``, or a tile file): once, when its
    settings are read, not in every chunk.

    Raises
    ------
    InputError
        A tile file that cannot be read as one.
    """
    from sim.data import load_tiles

    if tiles == "default":
        return
    try:
        load_tiles(tiles)
    except (OSError, ValueError) as exc:
        raise InputError(f"tiles: cannot read the tile file {tiles}: {exc}") from None


def rules_with_tiles(rules: RuleSettings, tiles: str):
    """The run's rules (the herd on) with the tile set ``tiles`` (``default`` or a tile file,
    checked when the settings were read: :func:`check_tile_set`).

    Parameters
    ----------
    rules : experiments.shared.experiment.RuleSettings
        The experiment's ``[rules]``.
    tiles : str
        ``default`` or a tile file.

    Returns
    -------
    sim.rules.Rules
    """
    in_force = rules.rules(herd=True)
    if tiles == "default":
        return dataclasses.replace(in_force, tiles="default", tiles_assumed=True)
    return dataclasses.replace(in_force, tiles=tiles, tiles_assumed=False)


__all__ = [
    "BASE",
    "check_tile_set",
    "PRESET_FIELD",
    "card_table",
    "check_base",
    "deviation_strategy",
    "field_deviations",
    "field_label",
    "rules_with_tiles",
    "tiles_label",
]
