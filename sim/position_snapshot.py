"""A position out of a game (:func:`position_of_snapshot`) and the digest of the state a
position stands for (:func:`position_digest`).

The digest hashes the state's arrays in a canonical form: identical pieces by their lowest id,
and in sorted order the parts nothing reads again (the cards drawn so far, the buildings taken,
the mammoth tiles of earlier rounds), so a written position read back has its state's digest.
"""

from __future__ import annotations

import hashlib

import numpy as np

from sim.constants import (
    N_CARD_SPACES,
    N_CARDS,
    N_STACKS,
    STACK_SIZE,
)
from sim.names import (
    representatives,
)
from sim.position_model import (
    Pieces,
    Position,
)
from sim.rules import Rules
from sim.state import (
    DECK,
    DISPLAY,
    I_DECK_POS,
    I_N_TILES,
    I_PLAYERS,
    I_PRIZE,
    I_TILE_POS,
    STACK_TAKEN,
    STACKS,
    TILE_PILE,
    GameState,
)


def position_of_snapshot(
    st: GameState, h: int, kind: str, p: int, pending, rules: Rules, names=None
) -> Position:
    """The position of a decision noted in a game: row ``h`` of ``st`` (its snapshot).

    Parameters
    ----------
    st : GameState
        A batch (an advice run's, :func:`sim.advising.advise_state`).
    h : int
        The row holding the game at the decision.
    kind : str
        ``"placement"`` or ``"commitment"``.
    p : int
        The seat deciding.
    pending : numpy.ndarray
        A commitment's places still to resolve, 1 per area (the log's ``D_PENDING`` block);
        ignored at a placement.
    rules : Rules
        The rules the game was played under.
    names : sequence of str, optional
        The players' names (default ``seat 1``, ``seat 2``...).

    Returns
    -------
    Position
    """
    players = int(st.game[h, I_PLAYERS])
    names = tuple(names) if names is not None else tuple(f"seat {q + 1}" for q in range(players))
    areas = tuple(int(a) for a in np.flatnonzero(pending)) if kind == "commitment" else ()
    return Position(rules, names, st.game[h].copy(), st.seat[h].copy(), kind, int(p), areas)


def canonical_state(position: Position) -> tuple[np.ndarray, np.ndarray]:
    """The position's arrays in canonical form (see the module docstring): ``(game, seats)``
    with only the player count's seats."""
    pieces = Pieces(position.rules)
    game = position.game.astype(np.int64)
    card = representatives(pieces.card_names)
    building = representatives(pieces.building_names)
    tile = representatives(pieces.tile_names)
    deck = game[DECK : DECK + N_CARDS]
    deck[:] = card[deck]
    drawn = int(game[I_DECK_POS])
    deck[:drawn] = np.sort(deck[:drawn])
    display = game[DISPLAY : DISPLAY + N_CARD_SPACES]
    display[display >= 0] = card[display[display >= 0]]
    stacks = game[STACKS : STACKS + N_STACKS * STACK_SIZE]
    stacks[:] = building[stacks]
    players = position.n_players
    taken_slots = [
        STACKS + s * STACK_SIZE + i
        for s in range(players)
        for i in range(int(game[STACK_TAKEN + s]))
    ]
    game[taken_slots] = np.sort(game[taken_slots])
    n_tiles = int(game[I_N_TILES])
    pile = game[TILE_PILE : TILE_PILE + n_tiles]
    pile[:] = tile[pile] if n_tiles else pile
    earlier = int(game[I_TILE_POS]) - (int(game[I_PRIZE]) >= 0)
    pile[:earlier] = np.sort(pile[:earlier])
    if game[I_PRIZE] >= 0:
        game[I_PRIZE] = tile[game[I_PRIZE]]
    return game, position.seat[:players].astype(np.int64)


def position_digest(position: Position) -> str:
    """A SHA-256 of the state the position stands for (its canonical arrays), its rules and
    the decision at hand."""
    game, seats = canonical_state(position)
    digest = hashlib.sha256()
    digest.update(
        repr(
            (
                sorted(position.rules.to_dict().items()),
                position.kind,
                position.to_act,
                position.pending,
                position.known,
                *(("earlier tiles a count",) if position.earlier_unknown else ()),
            )
        ).encode()
    )
    digest.update(game.tobytes())
    digest.update(seats.tobytes())
    return digest.hexdigest()


__all__ = ["canonical_state", "position_digest", "position_of_snapshot"]
