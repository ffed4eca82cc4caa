"""Every default and variant switch of the rules (docs/rules.md), in one frozen object.

The object serialises into the metadata of every output (:meth:`Rules.to_dict`) and packs into a
small integer array for the numba kernels (:meth:`Rules.kernel_flags`, indexed by :class:`Flag`).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from enum import IntEnum

import numpy as np

from sim.errors import InputError

TIE_RULES = ("longer_wins", "prefix_draw")
"""Taming tie rules (docs/rules.md B3). ``longer_wins``: level on every compared die, the longer
hand wins. ``prefix_draw``: compare only as many dice as the shorter hand has; level is a draw."""

RESOURCES_OF_CHOICE = ("immediate", "keep")
"""The medicine card's "2 resources of choice" (docs/rules.md A5, C7): taken at once, or kept."""

DEFAULT_TILES = "default"
"""Name of the packaged tile set: the *assumed* fronts of docs/rules.md B3.1."""


class Flag(IntEnum):
    """Positions in the integer array the kernels read the rules from."""

    TIE_RULE = 0  # index into TIE_RULES
    HERD = 1  # 1: The Mammoth Herd is played
    MAMMOTH_POINTS = 2  # points for the most tiles
    MAMMOTH_MIN_TILES = 3  # tiles needed to take part in the majority
    KEEP_RESOURCES_OF_CHOICE = 4  # 1: medicine's 2 resources may be kept
    N = 5


@dataclass(frozen=True)
class Rules:
    """The rules in force for a run: docs/rules.md defaults unless a switch is flipped.

    Parameters
    ----------
    tie_rule : str
        ``"longer_wins"`` (default) or ``"prefix_draw"``.
    herd : bool
        Play The Mammoth Herd (default True).
    mammoth_points : int
        Points for the most mammoth tiles (default 10; 0 switches the scoring off).
    mammoth_min_tiles : int
        Tiles a player needs to score the majority (fixed at 1 by docs/rules.md B3).
    tiles : str
        ``"default"`` for the packaged, assumed tile set, or the path of a tile file.
    tiles_assumed : bool
        Whether the tile fronts are assumed rather than known (true for the default set).
    resources_of_choice : str
        ``"immediate"`` (default) or ``"keep"`` for the medicine card's 2 resources.
    """

    tie_rule: str = "longer_wins"
    herd: bool = True
    mammoth_points: int = 10
    mammoth_min_tiles: int = 1
    tiles: str = DEFAULT_TILES
    tiles_assumed: bool = True
    resources_of_choice: str = "immediate"

    def __post_init__(self) -> None:
        if self.tie_rule not in TIE_RULES:
            raise InputError(
                f"unknown tie rule {self.tie_rule!r}; choose one of {', '.join(TIE_RULES)}"
            )
        if self.resources_of_choice not in RESOURCES_OF_CHOICE:
            raise InputError(
                f"unknown resources_of_choice {self.resources_of_choice!r}; "
                f"choose one of {', '.join(RESOURCES_OF_CHOICE)}"
            )
        if isinstance(self.mammoth_points, bool) or not isinstance(self.mammoth_points, int):
            raise InputError(f"mammoth points must be an integer, not {self.mammoth_points!r}")
        if self.mammoth_min_tiles != 1:
            raise InputError("the mammoth majority needs at least one tile (docs/rules.md B3)")

    def with_(self, **changes) -> Rules:
        """Return a copy with some fields changed (validated again)."""
        return replace(self, **changes)

    def to_dict(self) -> dict:
        """Return the rules as a JSON-ready dict for the metadata of an output."""
        return asdict(self)

    def kernel_flags(self) -> np.ndarray:
        """Return the rules as an ``int64`` array indexed by :class:`Flag` for the kernels."""
        flags = np.zeros(Flag.N, dtype=np.int64)
        flags[Flag.TIE_RULE] = TIE_RULES.index(self.tie_rule)
        flags[Flag.HERD] = int(self.herd)
        flags[Flag.MAMMOTH_POINTS] = self.mammoth_points
        flags[Flag.MAMMOTH_MIN_TILES] = self.mammoth_min_tiles
        flags[Flag.KEEP_RESOURCES_OF_CHOICE] = int(self.resources_of_choice == "keep")
        return flags


def tie_rule_code(tie_rule: str) -> int:
    """Return the kernel code of a tie rule name, or raise :class:`InputError`."""
    if tie_rule not in TIE_RULES:
        raise InputError(f"unknown tie rule {tie_rule!r}; choose one of {', '.join(TIE_RULES)}")
    return TIE_RULES.index(tie_rule)
