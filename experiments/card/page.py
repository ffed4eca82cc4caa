"""The shipped cards' published figures (:mod:`experiments.shared.pages`): the blocks of
:mod:`~experiments.card.report_shipped` and :mod:`~experiments.card.report_every_table`, and
the committed runs of what a wrong card costs, of each card at every card's table, of the card
for every table (and the best weight card for every table) and of the tables' own cards, with
their commands.

The shipped cards' own derivations (``docs/results/derive/CARD``) are committed runs too: their
commands are the ones each card file records (``mammoth cards`` lists them). Each keeps beside it
the recording of every chunk its run played (``derive/CARD.chunks.xz``,
:mod:`experiments.shared.chunk_record`), from which ``mammoth docs --rebuild derive/CARD
--replay`` remakes it without playing its games again. Every committed
derivation's ``derive.md`` is written by ``mammoth docs`` from the folder's figures and its card
(:func:`~experiments.card.card_derive.report.derivation_page`), so its words follow the code.
"""

from __future__ import annotations

import json

from experiments.card.card_derive.report import derivation_page
from experiments.card.report_every_table import (
    OWN,
    PERSON,
    WEIGHT,
    EveryTable,
    every_table_card_block,
    price_block,
)
from experiments.card.report_shipped import BLOCKS as SHIPPED
from experiments.shared.pages import ROOT, Source

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

SHIPPED_RUNS = {
    DEFAULT: ("champion", "default", 6001),
    RICH: ("champion", f"{TILES}/rich.csv", 6002),
    FOOD_BACKS: ("champion", f"{TILES}/food_backs.csv", 6003),
    GREEDY: ("greedy", "default", 6004),
}
"""The shipped cards' derivations (``docs/results/derive/CARD``): field, tiles and seed, on
30,000 certification games per arm; the card is the file ``strategies/models/CARD.json``."""
SHIPPED_GAMES = 30_000
OWN_GAMES = 10_000


def derive_command(field: str, tiles: str, seed: int, games: int) -> str:
    """The ``mammoth derive-card`` run of a table at 2, 3 and 4 players."""
    return (
        f"mammoth derive-card --tiles {tiles} --field {field} --players 2 3 4 "
        f"--seed {seed} --games {games}"
    )


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
EVERY_TABLE_GAMES = 30_000
PERSON_WORTH = ("wood=2", "brick=2", "agriculture=4")
"""The conversion the card for every table prints where it is not the default: every resource
and tool step counts 2, food and points 1, an agriculture step 4."""
PERSON_COMMAND = (
    f"mammoth derive-card {TABLE_OPTIONS} --players 2 3 4 --seed 7003 "
    f"--games {EVERY_TABLE_GAMES} --space person --alone 0 --early 0 --rich 0 --rich 4 "
    "--rich 6 --rich 8 " + " ".join(f"--worth {w}" for w in PERSON_WORTH)
)
"""The derivation of ``strategies/models/card_every_table.json``: the person's default grid,
whoever is on the herd's area, never going early, and with one person more at a "1." bonus
counting 4+, 6+ or 8+ tried beside each count of people. By :data:`PERSON_WORTH` the tile sets'
"1." bonuses count 2 at ``lean``; 2 to 4 at the assumed tiles and ``food_backs`` (agriculture
and a tile's back 4); and 4 to 8 at ``rich`` (tools 4, points 6, agriculture and a back 8)."""
WEIGHT_COMMAND = (
    f"mammoth derive-card {TABLE_OPTIONS} --players 2 3 4 --seed 7002 --games 5000 "
    + " ".join(f"--weight {w:g}" for w in (0.15, 0.22, 0.3, 0.45, 0.65, 1))
    + " --commit -1 --commit 1"
)
"""The best weight card for every table (the price of simplicity's middle column): the weights
of the grid from 0.15 and committing by count or one figure, which every shipped card plays."""
DERIVED = ("card.json", "derive.md", "exploit.csv", "race.csv")
SHIPPED_KEPT = ("derive.md", "exploit.csv", "race.csv")
"""What a shipped card's derivation keeps: its card is the shipped file."""
EVERY_KEPT = ("card.json", "derive.md", "exploit.csv")
"""What a folder of a card for every table keeps (its race, a row per candidate, table and round,
is its run's ``race.csv``; derive.md sums it up)."""


SOURCES = (
    *(
        Source(f"wrong-card/{card}", (line,), keep=("exploit.csv",))
        for card, line in WRONG_CARD.items()
    ),
    *(
        Source(
            f"derive/{stem}",
            (derive_command(field, tiles, seed, SHIPPED_GAMES),),
            keep=(*SHIPPED_KEPT, "equilibrium.csv"),
            recorded=True,
        )
        for stem, (field, tiles, seed) in SHIPPED_RUNS.items()
    ),
    *(
        Source(
            f"{OWN}/{stem}",
            (derive_command(field, tiles, seed, OWN_GAMES),),
            keep=(*DERIVED, "equilibrium.csv"),
        )
        for stem, (field, tiles, seed) in OWN_RUNS.items()
    ),
    Source(PERSON, (PERSON_COMMAND,), keep=EVERY_KEPT),
    Source(WEIGHT, (WEIGHT_COMMAND,), keep=EVERY_KEPT),
    Source(
        "one-card",
        ("mammoth cards --at-every-table --games 5000",),
        keep=("*__at__*.csv",),
    ),
)
"""The committed runs of the cards' pages."""

BLOCKS = {
    **SHIPPED,
    "price-of-simplicity": lambda results: price_block(EVERY_TABLES, results),
    "every-table-card": lambda results: every_table_card_block(EVERY_TABLES, results),
}
"""The marked blocks of the shipped cards and of the card for every table."""


def _derivation(folder: str, card: str | None = None):
    """The writer of a committed derivation's ``derive.md`` (``card``: its card file, a shipped
    one; None: the folder's ``card.json``)."""

    def write(results):
        path = results / folder / "card.json" if card is None else ROOT / card
        return derivation_page(results / folder, json.loads(path.read_text(encoding="utf-8")))

    return write


WRITES = {
    **{
        f"docs/results/derive/{stem}/derive.md": _derivation(
            f"derive/{stem}", f"{CARDS}/{stem}.json"
        )
        for stem in SHIPPED_RUNS
    },
    **{f"docs/results/{OWN}/{stem}/derive.md": _derivation(f"{OWN}/{stem}") for stem in OWN_RUNS},
}
"""The committed derivations' ``derive.md``, written from their figures and cards (the card for
every table keeps no race, so its ``derive.md`` is the run's own)."""
