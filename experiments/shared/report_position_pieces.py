"""The pieces' short ids and names, and the seats' names, that a position file's template
(:mod:`experiments.position.report_template`) and the position page
(:mod:`experiments.shared.report_position_page`) show."""

from __future__ import annotations

from sim.position_model import Pieces

SEAT_NAMES = ("Ann", "Bob", "Cy", "Dee")
"""The players' names a template starts with."""


def piece_ids(pieces: Pieces) -> dict[str, list[tuple[str, str]]]:
    """Each kind of piece's ``(short id, name)`` pairs, in id order.

    Parameters
    ----------
    pieces : Pieces
        The rules' pieces (:class:`sim.position_model.Pieces`).

    Returns
    -------
    dict
        ``"cards"``, ``"buildings"``, ``"tiles"`` -> the pairs; identical pieces share one.
    """
    out = {}
    for key, names, ids in (
        ("cards", pieces.card_names, pieces.card_ids),
        ("buildings", pieces.building_names, pieces.building_ids),
        ("tiles", pieces.tile_names, pieces.tile_ids),
    ):
        first = {}
        for name in names:
            first.setdefault(name.lower(), name)
        out[key] = [(ids[normal], first[normal]) for normal in ids]
    return out


__all__ = ["SEAT_NAMES", "piece_ids"]
