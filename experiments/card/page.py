"""The shipped cards' published figures (:mod:`experiments.shared.pages`): the blocks of
:mod:`~experiments.card.report_shipped`, and the committed runs of what a wrong card
costs and of each card at every card's table, with their commands.

The shipped cards' own derivations (``docs/results/derive/CARD``) are made with the card files
by their recorded ``mammoth derive-card`` commands (``mammoth cards`` lists them).
"""

from __future__ import annotations

from experiments.card.report_shipped import BLOCKS as SHIPPED
from experiments.shared.pages import Source

CARDS = "strategies/models"


def _wrong_card(card: str, field: str, tiles: str, others: tuple[str, ...]) -> str:
    """The ``mammoth check-card`` run of ``card`` at a table of its players, with each of the
    ``others`` as the deviation."""
    deviations = " ".join(f"--deviation 'card[file={CARDS}/{o}.json]'" for o in others)
    return (
        f"mammoth check-card 'card[file={CARDS}/{card}.json]' --players 2 3 4 --games 10000 "
        f"--seed 6101 --field {field} --tiles {tiles} --policy fixed-1 {deviations}"
    )


DEFAULT, GREEDY = "card_default_champion", "card_default_greedy"
RICH, FOOD_BACKS = "card_rich_champion", "card_food_backs_champion"
TILES = "experiments/tiles"
WRONG_CARD = {
    DEFAULT: _wrong_card(DEFAULT, "champion", "default", (RICH, FOOD_BACKS, GREEDY)),
    GREEDY: _wrong_card(GREEDY, "greedy", "default", (DEFAULT, RICH, FOOD_BACKS)),
    FOOD_BACKS: _wrong_card(
        FOOD_BACKS, "champion", f"{TILES}/food_backs.csv", (DEFAULT, RICH, GREEDY)
    ),
    RICH: _wrong_card(RICH, "champion", f"{TILES}/rich.csv", (DEFAULT, FOOD_BACKS, GREEDY)),
}
"""Each card's table with every other shipped card as the deviation (``mammoth check-card``)."""

SOURCES = (
    *(
        Source(f"wrong-card/{card}", (line,), keep=("exploit.csv",))
        for card, line in WRONG_CARD.items()
    ),
    Source(
        "one-card",
        ("mammoth cards --at-every-table --games 5000",),
        keep=("*__at__*.csv",),
    ),
)
"""The committed runs of the cards' pages."""

BLOCKS = SHIPPED
"""The marked blocks of the shipped cards."""
