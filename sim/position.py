"""A position of a game in the game's own words: read, checked, written, and its digest.

A position file (TOML, docs/positions.md) says what is on the table at one herd decision: the
players in seat order and the start player, the round, each player's board, the card display
and the building stacks, the herd's area and tile, what was placed this round, and the decision
at hand (a placement turn, or a commitment right after the seat gathered on the herd's area).
:func:`read_position` reads and checks one in a single pass: anything impossible raises an
:class:`~sim.errors.InputError` of one line naming the field. :func:`position_text` writes a
:class:`Position` back (so a position of any decision of a simulated game can be written:
:func:`position_of_snapshot`), and :func:`position_digest` hashes the state it stands for.

What a player cannot see (the deck's order, the buildings under the stack tops and in the box,
the mammoth pile after the next tile's back) is by default dealt in a fixed order and re-dealt
by every play-out (:func:`sim.hidden.redeal_hidden`); a file may give it in ``[hidden]`` (a
written position always does), with ``known = true`` to play it as given.

The digest hashes the state's arrays in a canonical form: identical pieces by their lowest id,
and in sorted order the parts nothing reads again (the cards drawn so far, the buildings taken,
the mammoth tiles of earlier rounds), so a written position read back has its state's digest.

The jobs live in their own modules: :mod:`sim.position_model` (the :class:`Position` and what
the others share), :mod:`sim.position_read` (read and check, field by field with
:mod:`sim.position_fields`), :mod:`sim.position_write` (write)
and :mod:`sim.position_snapshot` (a game's decision as a position, the digest), with
:mod:`sim.position_deal` (the earlier tiles of a position that gives them as a count, dealt for a
play-out); this module gathers their public names. :func:`position_problems` lists every problem
of a document at once (``mammoth position check``).
"""

from __future__ import annotations

from sim.position_model import FORMAT, KINDS, Position, action_order, data_of
from sim.position_read import (
    position_from_dict,
    position_of_document,
    position_problems,
    read_document,
    read_position,
)
from sim.position_snapshot import canonical_state, position_digest, position_of_snapshot
from sim.position_write import position_text

__all__ = [
    "FORMAT",
    "KINDS",
    "Position",
    "action_order",
    "canonical_state",
    "data_of",
    "position_digest",
    "position_from_dict",
    "position_of_document",
    "position_of_snapshot",
    "position_problems",
    "position_text",
    "read_document",
    "read_position",
]
