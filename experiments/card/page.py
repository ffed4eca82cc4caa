"""The shipped cards' published figures (:mod:`experiments.shared.pages`): the blocks of
:mod:`~experiments.card.report_shipped` and :mod:`~experiments.card.report_every_table`, and
the committed runs of what a wrong card costs, of each card at every card's table, of the card
for every table (and the best weight card for every table) and of the tables' own cards, with
their commands.

The shipped cards' own derivations (``docs/results/derive/CARD``) are made with the card files
by their recorded ``mammoth derive-card`` commands (``mammoth cards`` lists them).
"""

from __future__ import annotations

from experiments.card.report_every_table import (
    OWN,
    PERSON,
    EveryTable,
    every_table_card_markdown,
    price_markdown,
)
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

OWN_RUNS = {
    "card_default_learned": ("learned", "default", 6101),
    "card_rich_greedy": ("greedy", f"{TILES}/rich.csv", 6102),
    "card_food_backs_greedy": ("greedy", f"{TILES}/food_backs.csv", 6103),
    "card_lean_champion": ("champion", f"{TILES}/lean.csv", 6104),
    "card_lean_greedy": ("greedy", f"{TILES}/lean.csv", 6105),
    "card_rich_learned": ("learned", f"{TILES}/rich.csv", 6106),
    "card_food_backs_learned": ("learned", f"{TILES}/food_backs.csv", 6107),
    "card_lean_learned": ("learned", f"{TILES}/lean.csv", 6108),
}
"""The tables' own cards that are not shipped: each derived for its table alone."""


def _own(stem: str) -> str:
    return f"docs/results/{OWN}/{stem}/card.json"


EVERY_TABLES = (
    EveryTable("champion", f"{TILES}/rich.csv", f"{CARDS}/{RICH}.json"),
    EveryTable("greedy", f"{TILES}/rich.csv", _own("card_rich_greedy")),
    EveryTable("learned", f"{TILES}/rich.csv", _own("card_rich_learned")),
    EveryTable("champion", "default", f"{CARDS}/{DEFAULT}.json"),
    EveryTable("greedy", "default", f"{CARDS}/{GREEDY}.json"),
    EveryTable("learned", "default", _own("card_default_learned")),
    EveryTable("champion", f"{TILES}/food_backs.csv", f"{CARDS}/{FOOD_BACKS}.json"),
    EveryTable("greedy", f"{TILES}/food_backs.csv", _own("card_food_backs_greedy")),
    EveryTable("learned", f"{TILES}/food_backs.csv", _own("card_food_backs_learned")),
    EveryTable("champion", f"{TILES}/lean.csv", _own("card_lean_champion")),
    EveryTable("greedy", f"{TILES}/lean.csv", _own("card_lean_greedy")),
    EveryTable("learned", f"{TILES}/lean.csv", _own("card_lean_learned")),
)
"""The tables the card for every table is derived over: four tile sets (the assumed set,
``rich``, ``food_backs`` and ``lean``) times three base players, each with its own card."""
TABLE_OPTIONS = " ".join(f"--table {t.spec()}" for t in EVERY_TABLES)
EVERY_TABLE_GAMES = 10_000
PERSON_COMMAND = (
    f"mammoth derive-card {TABLE_OPTIONS} --players 2 3 4 --seed 7001 "
    f"--games {EVERY_TABLE_GAMES} --space person"
)
"""The derivation of ``strategies/models/card_every_table.json``."""
WEIGHT_COMMAND = (
    f"mammoth derive-card {TABLE_OPTIONS} --players 2 3 4 --seed 7002 --games 5000 "
    + " ".join(f"--weight {w:g}" for w in (0.15, 0.22, 0.3, 0.45, 0.65, 1))
    + " --commit -1 --commit 1"
)
"""The best weight card for every table (the price of simplicity's middle column): the weights
of the grid from 0.15 and committing by count or one figure, which every shipped card plays."""
DERIVED = ("card.json", "derive.md", "exploit.csv", "race.csv")
EVERY_KEPT = ("card.json", "derive.md", "exploit.csv")
"""What a folder of a card for every table keeps (its race, a row per candidate, table and round,
is its run's ``race.csv``; derive.md sums it up)."""
PRICE_COLUMNS = (("the person's card", PERSON),)
"""The cards for every table beside each table's own in the price of simplicity (the weight
card for every table, ``WEIGHT_COMMAND``, is not among the committed folders yet)."""

SOURCES = (
    *(
        Source(f"wrong-card/{card}", (line,), keep=("exploit.csv",))
        for card, line in WRONG_CARD.items()
    ),
    *(
        Source(
            f"{OWN}/{stem}",
            (
                f"mammoth derive-card --tiles {tiles} --field {field} --players 2 3 4 "
                f"--seed {seed} --games 10000",
            ),
            keep=(*DERIVED, "equilibrium.csv"),
        )
        for stem, (field, tiles, seed) in OWN_RUNS.items()
    ),
    Source(PERSON, (PERSON_COMMAND,), keep=EVERY_KEPT),
    Source(
        "one-card",
        ("mammoth cards --at-every-table --games 5000",),
        keep=("*__at__*.csv",),
    ),
)
"""The committed runs of the cards' pages."""

BLOCKS = {
    **SHIPPED,
    "price-of-simplicity": lambda results: price_markdown(EVERY_TABLES, results, PRICE_COLUMNS),
    "every-table-card": lambda results: every_table_card_markdown(EVERY_TABLES, results),
}
"""The marked blocks of the shipped cards and of the card for every table."""
