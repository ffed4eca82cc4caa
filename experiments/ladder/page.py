"""The strength ladder's published figures: the committed ladder, the fields' ratings that order
the answers of docs/answers.md, and the strongest player's place on it in the README
(:mod:`experiments.shared.pages`)."""

from __future__ import annotations

from pathlib import Path

from experiments.shared.numbers import in_words, plain, rated, signed
from experiments.shared.pages import (
    FIELDS,
    LADDER,
    QUICK_SEARCH,
    Source,
    field_ratings,
    read,
)
from experiments.shared.report_folder import short_name

CHAMPION = "champion"
"""The strongest player's name."""
CHAMPION_RUNG = f"{CHAMPION}+ev"
"""Its rung, as the ladder's ratings name it."""
RUNGS = {"search": "search+search", "search[rollouts=16]": "search[rollouts=16]+search"}
"""The rungs the README names beside the strongest player."""

SOURCES = (
    Source(
        LADDER,
        ("mammoth ladder --games 1000 --seed 52",),
        keep=("ratings.csv", "ladder.csv", "costs.csv"),
    ),
)
"""The committed ladder (its costs are measured, so they move from run to run; its ratings do
not)."""


def ratings(results: Path, players: int) -> dict[str, tuple[float, float, float]]:
    """The committed ladder's ratings at one player count: player -> (rating, low, high)."""
    table = read(results, LADDER, "ratings.csv")
    table = table[table["players"] == players]
    return {
        row.player: (row.rating, row.rating_low, row.rating_high)
        for row in table.itertuples(index=False)
    }


def fields_markdown(results: Path) -> str:
    """The answers' introduction of the six fields, in the order of their 4-player rating."""
    four = ratings(results, 4)
    of = {name: signed(value, 0) for name, value in field_ratings(results).items()}
    presets = [f"`{rung.split('+')[0]}`" for rung in FIELDS[1].rungs]
    search = signed(four[RUNGS["search"]][0], 0)
    return (
        "Measured on the **assumed** tile fronts ([rules.md](rules.md) B3), so read them as "
        '"under these fronts"; paired runs (same seeds), 95% intervals. An answer depends on '
        f"who else is at the table, so each is given for {in_words(len(FIELDS))} fields, **in "
        "order of the field's 4-player rating** on [the strength ladder]"
        "(strategies.md#the-strength-ladder)"
        f" (0 = `greedy`; its command is in docs/results/{LADDER}/run.json): **`classic`** "
        f"({of['classic']}, the first greedy player, kept unchanged as a fixed opponent), "
        f"**presets** ({of['presets']} on average: a mixed field of the "
        f"{', '.join(presets[:-1])} and {presets[-1]} presets of greedy; `builder` too for "
        f"the worth), **`greedy`** (0, the default player), **`learned`** ({of['learned']}, "
        "the [learned evaluation](strategies.md#the-learned-evaluation)), the **quick "
        f"search** ({of['quick search']}, `{QUICK_SEARCH}`: `search` itself rates {search}) "
        f"and **`{CHAMPION}`**, the strongest player ({rated(*four[CHAMPION_RUNG])}), where "
        "every seat plays it: the advice card is its equilibrium of the herd decision, and its "
        "field is the first of every check of the card below."
    )


def champion_markdown(results: Path) -> str:
    """The README's sentence on how strong the strongest player is, from the committed ladder."""
    two, four = ratings(results, 2), ratings(results, 4)
    others = " and ".join(f"`{name}` ({signed(four[rung][0], 0)})" for name, rung in RUNGS.items())
    return (
        f"It rates {rated(*four[CHAMPION_RUNG])} at 4 players and {rated(*two[CHAMPION_RUNG])} "
        "heads-up on [the ladder](docs/strategies.md#the-strength-ladder) (its command is in "
        f"docs/results/{LADDER}/run.json), above {others} at 4 players, at thousands of "
        "4-player games a second on one core (the bench's `learned_games` row)."
    )


def table_markdown(results: Path) -> str:
    """docs/strategies.md's ladder: every rung's heads-up and 4-player rating with its 95%
    interval and its measured 4-player games per second on one core (★: on the Pareto frontier
    of rating against speed at either player count)."""
    table = read(results, LADDER, "ladder.csv")
    lines = [
        "| player | heads-up rating | 4-player rating | 4-player games/s, one core |",
        "|---|---|---|---|",
    ]
    for row in table.to_dict("records"):
        star = " ★" if row["frontier_2p"] or row["frontier_4p"] else ""
        ratings = [rated(row[f"rating_{p}p"], row[f"low_{p}p"], row[f"high_{p}p"]) for p in (2, 4)]
        lines.append(
            f"| `{short_name(row['player'])}`{star} | {' | '.join(ratings)} | "
            f"{plain(row['games_per_s'], 0)} |"
        )
    return "\n".join(lines)


BLOCKS = {
    "ladder-fields": fields_markdown,
    "ladder-champion": champion_markdown,
    "ladder-table": table_markdown,
}
"""The marked blocks this answer writes."""
