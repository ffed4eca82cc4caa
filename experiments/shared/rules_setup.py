"""Building the :class:`~sim.rules.Rules` of a run from command options or experiment settings,
and naming its tile set in a table (:func:`tiles_label`)."""

from __future__ import annotations

from pathlib import Path

from experiments.shared.limits import MAX_MAMMOTH_POINTS
from sim.data import load_tiles
from sim.errors import InputError
from sim.rules import Rules

TILES_DIR = Path(__file__).resolve().parent.parent / "tiles"
"""Variant tile files (sensitivity and the herd-area breakdown); NOT the real tiles."""


def rules_from_options(
    herd: bool, tiles: str | None, mammoth_points: int, tie: str, resources_of_choice: str
) -> Rules:
    """Build the rules of a run from CLI options, checking the tile file and the numbers.

    The experiment kinds build their rules through this too, from their ``[rules]`` settings.

    Parameters
    ----------
    herd : bool
        Play The Mammoth Herd.
    tiles : str or None
        A mammoth tile file, or None for the packaged default set (its fronts assumed).
    mammoth_points : int
        Points of the mammoth majority (0 to :data:`~experiments.shared.limits.MAX_MAMMOTH_POINTS`).
    tie : str
        The taming contest's tie rule (one of :data:`sim.rules.TIE_RULES`).
    resources_of_choice : str
        When resources of choice are taken (one of :data:`sim.rules.RESOURCES_OF_CHOICE`).

    Returns
    -------
    Rules
        The rules, with the tile file's absolute path (or ``"default"``).

    Raises
    ------
    InputError
        Mammoth points out of range, or a missing or malformed tile file.
    """
    if not 0 <= mammoth_points <= MAX_MAMMOTH_POINTS:
        raise InputError(
            f"--mammoth-points must be from 0 to {MAX_MAMMOTH_POINTS}, not {mammoth_points}"
        )
    if tiles is not None:
        load_tiles(tiles)  # rejects a malformed file with one clear line
    return Rules(
        tie_rule=tie,
        herd=herd,
        mammoth_points=mammoth_points,
        tiles=str(Path(tiles).resolve()) if tiles else "default",
        tiles_assumed=tiles is None,
        resources_of_choice=resources_of_choice,
    )


def tiles_label(rules: Rules) -> str:
    """How a table names its tile set: always saying the fronts are assumed."""
    if rules.tiles == "default":
        return "default (assumed fronts, docs/rules.md B3)"
    name = Path(rules.tiles).name
    if Path(rules.tiles).resolve().parent == TILES_DIR:
        return f"{name} (variant for sensitivity, assumed fronts)"
    return f"{name} (user file)"
