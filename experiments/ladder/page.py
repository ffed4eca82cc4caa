"""The strength ladder's published figures: the committed ladder, the fields' ratings that order
the answers of docs/answers.md, and the strongest player's place on it in the README
(:mod:`experiments.shared.pages`)."""

from __future__ import annotations

from pathlib import Path
from shlex import quote

from experiments.shared.document import Link, Paragraph, Strong, Table
from experiments.shared.numbers import count, in_words, plain, rated, signed
from experiments.shared.page_charts import png
from experiments.shared.pages import (
    FIELDS,
    LADDER,
    QUICK_SEARCH,
    Source,
    field_ratings,
    read,
)
from experiments.shared.report_folder import short_name
from experiments.shared.report_results import read_run_json

CHAMPION = "champion"
"""The strongest player's name."""
CHAMPION_RUNG = f"{CHAMPION}+ev"
"""Its rung, as the ladder's ratings name it."""
RUNGS = {"search": "search+search", "search[rollouts=16]": "search[rollouts=16]+search"}
"""The rungs the README names beside the strongest player."""

GENERATIONS = "generations"
"""The committed ladder of the self-play models' generations."""
GENERATION_RUNGS = (
    "greedy",
    "learned",
    "learned[model=selfplay]",
    *(f"learned[model=selfplay2-g{g}]" for g in (1, 3, 5, 7)),
    "learned[model=selfplay2]",
    "learned[model=selfplay2,herd_3_4=0.3]",
    "learned[model=selfplay2,herd_3_4=0.3,block=2,block_areas=6,gatherers=4]",
    *(f"learned[model=selfplay3-g{g}]" for g in (1, 3, 5, 7)),
    "learned[model=selfplay3]",
    CHAMPION,
)
"""Its rungs, weakest first: the first model, `selfplay`'s last generation, the generations of
`selfplay2` and `selfplay3` (the model itself is the last), and the steps from `selfplay2` to the
strongest player (less herd, then blocking and people kept back)."""

SOURCES = (
    Source(
        LADDER,
        ("mammoth ladder --games 1000 --seed 52",),
        keep=("ratings.csv", "ladder.csv", "costs.csv"),
    ),
    Source(
        GENERATIONS,
        (
            "mammoth ladder "
            + " ".join(f"--strategy {quote(rung)}" for rung in GENERATION_RUNGS)
            + " --players 2 4 --games 1000 --seed 36 --no-costs",
        ),
        keep=("ratings.csv", "ladder.csv"),
    ),
)
"""The committed ladders: the full one (its costs are measured, so they move from run to run;
its ratings do not) and the generations' (ratings only)."""


def ratings(results: Path, players: int) -> dict[str, tuple[float, float, float]]:
    """The committed ladder's ratings at one player count: player -> (rating, low, high)."""
    table = read(results, LADDER, "ratings.csv")
    table = table[table["players"] == players]
    return {
        row.player: (row.rating, row.rating_low, row.rating_high)
        for row in table.itertuples(index=False)
    }


def fields_block(results: Path) -> Paragraph:
    """The answers' introduction of the six fields, in the order of their 4-player rating."""
    four = ratings(results, 4)
    of = {name: signed(value, 0) for name, value in field_ratings(results).items()}
    presets = [f"`{rung.split('+')[0]}`" for rung in FIELDS[1].rungs]
    search = signed(four[RUNGS["search"]][0], 0)
    return Paragraph(
        [
            "Measured on the ",
            Strong("assumed"),
            " tile fronts (",
            Link("rules.md", "rules.md"),
            ' B3), so read them as "under these fronts"; paired runs (same seeds), 95% '
            "intervals. An answer depends on who else is at the table, so each is given for "
            f"{in_words(len(FIELDS))} fields, ",
            Strong("in order of the field's 4-player rating"),
            " on ",
            Link("the strength ladder", "strategies.md#the-strength-ladder"),
            f" (0 = `greedy`; its command is in docs/results/{LADDER}/run.json): ",
            Strong("`classic`"),
            f" ({of['classic']}, the first greedy player, kept unchanged as a fixed opponent), ",
            Strong("presets"),
            f" ({of['presets']} on average: a mixed field of the {', '.join(presets[:-1])} and "
            f"{presets[-1]} presets of greedy; `builder` too for the worth), ",
            Strong("`greedy`"),
            " (0, the default player), ",
            Strong("`learned`"),
            f" ({of['learned']}, the ",
            Link("learned evaluation", "strategies.md#the-learned-evaluation"),
            "), the ",
            Strong("quick search"),
            f" ({of['quick search']}, `{QUICK_SEARCH}`: `search` itself rates {search}) and ",
            Strong(f"`{CHAMPION}`"),
            f", the strongest player ({rated(*four[CHAMPION_RUNG])}), where every seat plays "
            "it: the advice card is its equilibrium of the herd decision, and its field is the "
            "first of every check of the card below.",
        ]
    )


LADDER_LINK = Link("the ladder", "#the-strength-ladder")
"""The link to the ladder from docs/strategies.md."""


def champion_block(results: Path) -> Paragraph:
    """The README's sentence on how strong the strongest player is, from the committed ladder."""
    two, four = ratings(results, 2), ratings(results, 4)
    others = " and ".join(f"`{name}` ({signed(four[rung][0], 0)})" for name, rung in RUNGS.items())
    return Paragraph(
        [
            f"It rates {rated(*four[CHAMPION_RUNG])} at 4 players and "
            f"{rated(*two[CHAMPION_RUNG])} heads-up on ",
            Link("the ladder", "docs/strategies.md#the-strength-ladder"),
            f" (its command is in docs/results/{LADDER}/run.json), above {others} at 4 players, "
            "at thousands of 4-player games a second on one core (the bench's `learned_games` "
            "row).",
        ]
    )


def table_block(results: Path) -> Table:
    """docs/strategies.md's ladder: every rung's heads-up and 4-player rating with its 95%
    interval and its measured 4-player games per second on one core (★: on the Pareto frontier
    of rating against speed at either player count)."""
    table = read(results, LADDER, "ladder.csv")
    body = []
    for row in table.to_dict("records"):
        star = " ★" if row["frontier_2p"] or row["frontier_4p"] else ""
        ratings = [rated(row[f"rating_{p}p"], row[f"low_{p}p"], row[f"high_{p}p"]) for p in (2, 4)]
        name = f"`{short_name(row['player'])}`{star}"
        body.append([name, *ratings, plain(row["games_per_s"], 0)])
    header = ["player", "heads-up rating", "4-player rating", "4-player games/s, one core"]
    return Table(header, body, aligned=False)


def _leader(results: Path, players: int) -> str:
    """The rung rated highest at one player count of the committed ladder."""
    table = ratings(results, players)
    return max(table, key=lambda player: table[player][0])


def _scales(results: Path) -> str:
    """Which of the ladder's scales (heads-up, 4-player) the strongest player tops (``tops both
    scales``)."""
    tops = [CHAMPION_RUNG == _leader(results, players) for players in (2, 4)]
    if all(tops):
        return "tops both scales"
    if any(tops):
        return f"tops the {'heads-up' if tops[0] else '4-player'} scale"
    return "tops neither scale"


def top_block(results: Path) -> Paragraph:
    """docs/strategies.md's sentence on the strongest player's place on the committed ladder."""
    two, four = ratings(results, 2), ratings(results, 4)
    return Paragraph(
        [
            "How strong: on ",
            LADDER_LINK,
            f" it {_scales(results)}, {rated(*two[CHAMPION_RUNG])} heads-up and "
            f"{rated(*four[CHAMPION_RUNG])} at 4 players.",
        ]
    )


def _times(ratio: float) -> str:
    """A ratio of speeds to one significant figure, as prose gives it (``about 10 times``)."""
    digits = len(str(int(ratio))) - 1
    return f"about {count(round(ratio, -digits))} times"


def _overlap(table, a: str, b: str, players: int) -> bool:
    rows = table.set_index("player")
    return (
        rows.loc[a, f"low_{players}p"] <= rows.loc[b, f"high_{players}p"]
        and rows.loc[b, f"low_{players}p"] <= rows.loc[a, f"high_{players}p"]
    )


def quick_block(results: Path) -> Paragraph:
    """docs/strategies.md's sentence on the quick search against `search` on the committed
    ladder: whether their ratings' intervals overlap at both table sizes, and its speed."""
    table = read(results, LADDER, "ladder.csv")
    speed = table.set_index("player")["games_per_s"]
    quick, search = f"{QUICK_SEARCH}+ev", RUNGS["search"]
    level = all(_overlap(table, quick, search, players) for players in (2, 4))
    verdict = "rates as `search`" if level else "rates apart from `search`"
    return Paragraph(
        [
            f"It {verdict} on ",
            LADDER_LINK,
            f" (their intervals {'overlap' if level else 'do not overlap'} at both table sizes) "
            f"at {_times(speed[quick] / speed[search])} its speed.",
        ]
    )


def notes_block(results: Path) -> Paragraph:
    """docs/strategies.md's note below the ladder's table on the strongest player: which scales
    it tops, and its speed in that run."""
    speed = read(results, LADDER, "ladder.csv").set_index("player")["games_per_s"]
    return Paragraph(
        [
            f"The `{CHAMPION}` {_scales(results)}, at {count(round(speed[CHAMPION_RUNG]))} "
            "4-player games a second in that run (the bench's `learned_games` row is its speed "
            "on your machine)."
        ]
    )


def ladder_png(results: Path) -> bytes:
    """``docs/strategies_ladder.png``: the committed ladder's strength against cost, as
    ``mammoth ladder`` draws it (:func:`~experiments.ladder.report.ladder_figure`)."""
    from experiments.ladder.report import ladder_figure

    table = read(results, LADDER, "ladder.csv")
    return png(ladder_figure(table), dpi=110, bbox_inches="tight")


def generations_png(results: Path) -> bytes:
    """``docs/strategies_generations.png``: rating by generation on the committed generations'
    ladder, as ``mammoth ladder`` draws it
    (:func:`~experiments.ladder.report.generations_figure`)."""
    from experiments.ladder.report import generations_figure

    figure = generations_figure(read(results, GENERATIONS, "ladder.csv"))
    if figure is None:
        raise ValueError(f"docs/results/{GENERATIONS} holds no two generations of one model")
    return png(figure, dpi=110, bbox_inches="tight")


def settled(results: Path) -> dict[str, tuple[int, int]]:
    """Each model with two or more generations on the generations' ladder -> the first of its
    generations from which on all of them lie within each other's 95% intervals at every player
    count (intervals on a line overlap pairwise when the highest low is under the lowest high),
    and its last generation (the model itself)."""
    from experiments.ladder.report import generations

    table = read(results, GENERATIONS, "ladder.csv").set_index("player")
    counts = sorted(int(c.split("_")[1][:-1]) for c in table.columns if c.startswith("rating_"))
    found = {}
    for model, rungs in generations(table.index.to_series()).groupby("model"):
        rungs = rungs.sort_values("generation")
        if len(rungs) < 2:
            continue
        for start in rungs["generation"]:
            rows = table.loc[rungs[rungs["generation"] >= start]["player"]]
            if all(rows[f"low_{p}p"].max() <= rows[f"high_{p}p"].min() for p in counts):
                found[model] = (int(start), int(rungs["generation"].max()))
                break
    return found


def settle_block(results: Path) -> Paragraph:
    """The README's and docs/strategies.md's sentence: from which generation on each self-play
    model's generations rate alike, on the committed generations' ladder."""
    (run,) = read_run_json(results / GENERATIONS)["runs"]
    found = settled(results)
    models = [f"from generation {start} on for `{model}`" for model, (start, _) in found.items()]
    listed = ", ".join(models[:-1]) + f" and {models[-1]}" if len(models) > 1 else models[0]
    lasts = {last for _, last in found.values()}
    last = f", {lasts.pop()}," if len(lasts) == 1 else ""
    return Paragraph(
        [
            "Rated on one ladder with their generations (heads-up and at 4 players, "
            f"{run['games_per_table']:,} games a table; its command is in "
            f"docs/results/{GENERATIONS}/run.json), the self-play models' ratings stop moving: "
            f"{listed}, a model's generations lie within each other's 95% intervals at both "
            f"table sizes (its last generation{last} is the model itself)."
        ]
    )


BLOCKS = {
    "ladder-fields": fields_block,
    "ladder-champion": champion_block,
    "ladder-table": table_block,
    "ladder-top": top_block,
    "ladder-quick": quick_block,
    "ladder-notes": notes_block,
    "generations-settle": settle_block,
}
"""The marked blocks this answer writes."""
WRITES = {
    "docs/strategies_ladder.png": ladder_png,
    "docs/strategies_generations.png": generations_png,
}
"""The charts of docs/strategies.md this answer draws (the README shows the generations')."""
