"""What the shipped advice card says at a position: the option the ``card`` herd policy
(:mod:`strategies.taming_card`, its shipped card) takes there, on the field's base strategy.

The answer is the option the seat's own player takes in play-out 0 of
:func:`strategies.play.play_out_options` with that player at every seat: the same choice
``mammoth analyse --field BASE+card`` reports as "the field's own player would take".
"""

from __future__ import annotations

from sim.analysing import options_of
from sim.position import Position
from strategies.play import play_out_options
from strategies.registry import resolve


def card_player(field: str) -> str:
    """The player that follows the shipped card: the field's base strategy with the ``card``
    herd policy (``champion`` -> ``champion+card``, ``greedy+ev`` -> ``greedy+card``)."""
    return field.split("+", 1)[0] + "+card"


def card_says(position: Position, field: str, seed: int) -> dict:
    """The shipped card's option at the position.

    Parameters
    ----------
    position : Position
        A sound position (:func:`sim.position.position_from_dict`).
    field : str
        The analysis's field: its base strategy values the bonuses as the card reads them.
    seed : int
        The analysis's seed (the one play-out that asks the card).

    Returns
    -------
    dict
        ``player`` (the strategy that follows the card), ``option`` (the option's label, as in
        the analysis's table) and ``code`` (its code).
    """
    player = card_player(field)
    slots = [resolve(player).slot()] * position.n_players
    options = options_of(position)
    _, choice = play_out_options(position, slots, options, seed, 0, 1)
    label = next(o.label for o in options if o.code == choice)
    return {"player": player, "option": label, "code": int(choice)}


__all__ = ["card_player", "card_says"]
