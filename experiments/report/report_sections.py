"""What the report says about each kind of result folder: its answer and its section.

:func:`commit_answer` and :func:`worth_answer` state the two answers in words with a small table
per player count and its intervals (:func:`league_answer` the ranking, for a report of a league
alone); :func:`section` builds a folder's section: its key chart and short tables first (at most
:data:`~experiments.report.report_folder.MAX_ROWS` rows each), then the compact "how this was
run" box and links to every file of the folder (the full data). The folder itself is read by
:class:`~experiments.report.report_folder.ResultFolder`.
"""

from __future__ import annotations

import math
import re

import numpy as np
import pandas as pd

from experiments.advice.report_section import advice_section
from experiments.commit.analysis import FIXED_COUNT, HERD_AREA, SOLVER_LAST, VALUE_POLICY
from experiments.commit.report_thumb import short_rule, solver_rule, verdict_text
from experiments.ladder.report import ladder_figure, short_name
from experiments.metagame.report import equilibrium_sentence, mix_figure
from experiments.report import report_charts as charts
from experiments.report.report_folder import (
    MAX_ROWS,
    ResultFolder,
    and_list,
    by_players,
    change_cell,
    data_links,
    estimate_cell,
    figure_block,
    generic_section,
    players_header,
    players_of,
    points_change,
    run_box,
    share_cell,
    source_line,
)
from experiments.report.report_results import read_notes
from experiments.shared.document import (
    Bullets,
    Cell,
    Heading,
    Link,
    Paragraph,
    Strong,
    Table,
    interval,
    one,
    percent,
    pp,
    whole,
)
from sim.contest_exact import MAX_FIGURES
from sim.errors import InputError

TITLES = {
    "league": "strategy comparison",
    "commit": "how many figures to commit",
    "worth": "what the mammoth scoring is worth",
    "contest": "the taming contest's exact odds",
    "ladder": "strength ladder: rating against cost",
    "advice": "how many figures to commit, situation by situation",
    "metagame": "the herd decision as a game between the seats",
    "other": "results",
}


# --------------------------------------------------------------------------------------------
# Commit: how many figures to commit


MIXED = "mixed"
FIXED = re.compile(r"^fixed-([1-9]\d*)$")


def _fixed(policies) -> list[str]:
    return sorted((p for p in policies if FIXED.match(p)), key=lambda p: int(p.split("-")[1]))


def _baseline(sweep: pd.DataFrame) -> str:
    return str(sweep["baseline"].iloc[0]) if "baseline" in sweep and len(sweep) else "never"


def _main_sweep(folder: ResultFolder) -> pd.DataFrame:
    sweep = folder.table("sweep")
    if "condition" not in sweep or not len(sweep):
        return sweep
    main = sweep[sweep["condition"] == MIXED]
    return main if len(main) else sweep[sweep["condition"] == sweep["condition"].iloc[0]]


def _thumb_rows(thumb: pd.DataFrame, case: str, **columns) -> list[dict]:
    """The rule of thumb's rows of one case (and the given column values), by their columns."""
    rows = thumb[thumb["case"].astype(str) == case]
    for name, value in columns.items():
        rows = rows[rows[name] == value]
    return rows.to_dict("records")


def _grouped(advice: dict[int, str]) -> list[tuple[list[int], str]]:
    """Player counts that share the same advice, in the order of their smallest count."""
    groups: dict[str, list[int]] = {}
    for players, text in sorted(advice.items()):
        groups.setdefault(text, []).append(players)
    return [(counts, text) for text, counts in groups.items()]


def _players_text(counts: list[int]) -> str:
    return f"{and_list(counts)} players"


def commit_answer(folder: ResultFolder, most: int = 4, count_words: bool = True) -> list:
    """The first answer: how many figures to commit, in words and one small table (commit 1 to
    ``most``, and seeking the herd); ``count_words`` False leaves out the words on the counts
    (where the advice card says them)."""
    thumb = folder.table("rule_of_thumb")
    sweep = _main_sweep(folder)
    counts = players_of(sweep["players"])
    words: list = [Strong("How many figures to commit?"), " "]
    anyway = {int(r["players"]): short_rule(r) for r in _thumb_rows(thumb, FIXED_COUNT)}
    if anyway and count_words:
        words.append(
            "With your people on the herd's area anyway: "
            + "; ".join(f"{t} ({_players_text(c)})" for c, t in _grouped(anyway))
            + ". "
        )
    seek = {
        int(r["players"]): verdict_text(r) for r in _thumb_rows(thumb, VALUE_POLICY, policy="ev")
    }
    if seek:
        words.append(
            "Going out of your way for the herd (ev): "
            + "; ".join(f"{t} with {_players_text(c)}" for c, t in _grouped(seek))
            + "."
        )
    policies = _fixed(sweep["policy"].unique())[:most]
    policies += ["ev"] if "ev" in set(sweep["policy"]) else []
    rows = []
    for policy in policies:
        part = sweep[sweep["policy"] == policy].set_index("players")
        cells = by_players(part, counts, lambda r: change_cell(r, "dwin"))
        rows.append([charts.policy_label(policy, short=True), *cells])
    caption = [
        f"Win rate minus {_baseline(sweep)}'s, percentage points (95% interval).",
        *source_line(folder),
    ]
    return [Paragraph(words, css="lead"), Table(["", *players_header(counts)], rows, caption)]


def commit_section(folder: ResultFolder) -> list:
    """The commit section: the sweep's chart and table, the rule of thumb by herd area."""
    sweep = _main_sweep(folder)
    sweep = sweep[sweep["policy"] != "fixed-0"]  # commits nothing, like never: exactly 0
    counts = players_of(sweep["players"])
    baseline = _baseline(sweep)
    blocks: list = [
        figure_block(
            folder,
            "sweep",
            charts.commit_chart(sweep, baseline),
            "win-rate change of each taming policy against never committing",
            "One seat plays the policy, then never commits, on the same seeds; seats rotated.",
        )
    ]
    rows = []
    for policy in list(dict.fromkeys(sweep["policy"]))[:MAX_ROWS]:
        part = sweep[sweep["policy"] == policy].set_index("players")
        rows.append(
            [charts.policy_label(policy)]
            + by_players(part, counts, lambda r: change_cell(r, "dwin"))
        )
    caption = f"Win rate minus {baseline}'s, percentage points (95% interval)"
    blocks.append(Table(["policy", *players_header(counts)], rows, caption))
    thumb = folder.table("rule_of_thumb")
    areas = pd.DataFrame(_thumb_rows(thumb, HERD_AREA))
    if len(areas):
        area_rows = []
        for area in list(dict.fromkeys(areas["area"]))[:MAX_ROWS]:
            part = areas[areas["area"] == area].set_index("players")
            advice = by_players(part, counts, lambda r: short_rule(r, brief=True))
            area_rows.append([area, *advice])
        caption = (
            "Rule of thumb when the herd always stands on one area (controlled tile sets): the "
            "fixed count to commit when there anyway; seeking the herd there (ev)"
        )
        blocks.append(Table(["herd on", *players_header(counts)], area_rows, caption, words=True))
    solver = _thumb_rows(thumb, SOLVER_LAST, others_commit=0)
    if solver:
        blocks.append(
            Bullets(
                [
                    [
                        f"{int(r['players'])} players, the last to decide with nobody else on the "
                        f"tile (exact odds, reference prize): {solver_rule(r)}."
                    ]
                    for r in solver
                ]
            )
        )
    return blocks


# --------------------------------------------------------------------------------------------
# Worth: what the mammoth scoring is worth


def _main_condition(folder: ResultFolder, frame: pd.DataFrame) -> pd.DataFrame:
    if "condition" not in frame or not len(frame):
        return frame
    main = folder.meta.get("main_condition")
    if not isinstance(main, str) or main not in set(frame["condition"].astype(str)):
        main = frame["condition"].iloc[0]
    return frame[frame["condition"].astype(str) == str(main)]


def _points(folder: ResultFolder) -> int:
    arms = folder.meta.get("arms")
    on = arms.get("on") if isinstance(arms, dict) else None
    if isinstance(on, int | float) and not isinstance(on, bool) and math.isfinite(on):
        return int(on)
    return 10


def _tile_value(folder: ResultFolder) -> pd.DataFrame:
    """The win-probability value of one more tile (all seats) by player count, main condition."""
    if not folder.has("sensitivity"):
        return pd.DataFrame(columns=["players", "estimate", "low", "high"]).set_index("players")
    sens = _main_condition(folder, folder.table("sensitivity"))
    tile = sens[sens["quantity"] == "win-probability value of one more tile (all seats)"]
    return tile.set_index("players")


def _tile_cell(row) -> Cell:
    """A cell of the tile's value: estimate and interval in percentage points of winning."""
    return estimate_cell(row, points_change)


def _margin(row, arm: str = "") -> str:
    median = row.get(f"margin_median{arm}", np.nan)
    mean = one(row[f"margin{arm}"])
    return mean if pd.isna(median) else f"{whole(median)} ({mean})"


def _games(folder: ResultFolder) -> pd.DataFrame:
    return _main_condition(folder, folder.table("games")).sort_values("players")


def worth_answer(folder: ResultFolder) -> list:
    """The second answer: what the mammoth scoring is worth, in words and one small table."""
    games = _games(folder)
    counts = players_of(games["players"])
    by = games.set_index("players")
    tile = _tile_value(folder)
    shares = [f"{percent(by.loc[p, 'majority_decided'])} of {p}-player" for p in counts]
    words: list = [
        Strong("What is the mammoth scoring worth?"),
        f" Its {_points(folder)} points decide who wins in {and_list(shares)} games. ",
    ]
    if "margin_median" in by:
        medians = and_list([whole(by.loc[p, "margin_median"]) for p in counts])
        words.append(f"Winning margins: median {medians} points. ")
    if len(tile):
        values = and_list([pp(tile.loc[p, "estimate"], unit=False) for p in tile.index])
        words.append(f"One more tile at the end adds {values} pp of win chance (any seat).")
    decided = by_players(by, counts, lambda r: share_cell(r, "majority_decided"))
    rows = [
        ["majority decides the winner", *decided],
        ["winning margin, median (mean)", *by_players(by, counts, _margin)],
    ]
    if len(tile):
        tile_cells = by_players(tile, counts, _tile_cell)
        rows.append(["one more tile at the end, pp", *tile_cells])
    caption = [
        f"Paired games, majority worth {_points(folder)} and 0 points (95% interval).",
        *source_line(folder),
    ]
    return [Paragraph(words, css="lead"), Table(["", *players_header(counts)], rows, caption)]


def worth_section(folder: ResultFolder) -> list:
    """The worth section: chart, headline table, win-rate change by strategy, sensitivity."""
    games = _games(folder)
    counts = players_of(games["players"])
    points = _points(folder)
    by = games.set_index("players")
    blocks: list = [
        figure_block(
            folder,
            "shares",
            charts.worth_chart(games),
            "share of games the majority decides, per player count",
            f"Every game played twice on the same seed: majority worth {points} and 0 points.",
        )
    ]
    decided = by_players(by, counts, lambda r: share_cell(r, "majority_decided"))
    changed = by_players(by, counts, lambda r: share_cell(r, "winner_changed"))
    rows = [
        ["majority decides the winner", *decided],
        ["winner differs without it", *changed],
        ["winning margin, median (mean), on", *by_players(by, counts, _margin)],
    ]
    if "margin_off" in by:
        off = by_players(by, counts, lambda r: _margin(r, "_off"))
        rows.append(["winning margin, median (mean), off", *off])
    if "dmargin" in by:

        def margin_change(r) -> Cell:
            return Cell(one(r["dmargin"]), interval(r["dmargin_low"], r["dmargin_high"], scale=1))

        change = by_players(by, counts, margin_change)
        rows.append(["margin change, on minus off", *change])
    tile = _tile_value(folder)
    if len(tile):
        tile_cells = by_players(tile, counts, _tile_cell)
        rows.append(["one more tile at the end, pp", *tile_cells])
    if "rounds" in by:
        rows.append(["rounds per game, mean", *by_players(by, counts, lambda r: one(r["rounds"]))])
    blocks.append(Table(["", *players_header(counts)], rows, "Headline figures (95% intervals)"))
    win = _main_condition(folder, folder.table("win_change"))
    win_rows = []
    for name in list(dict.fromkeys(win["strategy"]))[:MAX_ROWS]:
        part = win[win["strategy"] == name].set_index("players")
        win_rows.append([name, *by_players(part, counts, lambda r: change_cell(r, "dwin"))])
    caption = (
        f"Change in each strategy's win rate, {points} vs 0 points, percentage points "
        "(95% interval)"
    )
    blocks.append(Table(["strategy", *players_header(counts)], win_rows, caption))
    if folder.has("sensitivity"):
        sens = folder.table("sensitivity")
        share = sens[sens["quantity"] == "share of games the majority decides"]
        conditions = list(dict.fromkeys(share["condition"]))
        if len(conditions) > 1:
            sens_rows = []
            for condition in conditions[:MAX_ROWS]:
                part = share[share["condition"] == condition].set_index("players")
                sens_rows.append([str(condition), *by_players(part, counts, estimate_cell)])
            caption = (
                "Share of games the majority decides, by tile set and tie rule (rich and "
                "food_backs are variants, not the real tiles)"
            )
            blocks.append(
                Table(["tile set / tie rule", *players_header(counts)], sens_rows, caption)
            )
    return blocks


# --------------------------------------------------------------------------------------------
# League: the ranking, the win-rate chart and the behaviour profile

PROFILE_ROWS = (
    ("rounds_mean", "rounds, mean", one),
    ("rounds_p95", "rounds, 95th pct.", whole),
    ("share_over_25_rounds", "over 25 rounds", percent),
    ("share_starved", "took a −10", percent),
    ("share_starved_able", "… able to pay", percent),
    ("resources_left", "resources left", one),
    ("culture_points", "culture points", one),
    ("cards", "cards bought", one),
    ("buildings", "buildings bought", one),
    ("people", "people", one),
    ("agriculture", "agriculture", one),
    ("tools", "tools", one),
    ("tiles_won", "tiles won", one),
    ("figures_committed", "figures committed", one),
)
"""Rows of the report's profile tables: column of profile.csv, label, number format."""


def _herds(frame: pd.DataFrame) -> list[str]:
    return list(dict.fromkeys(frame["herd"].astype(str))) if "herd" in frame else ["on"]


def _of_herd(frame: pd.DataFrame, herd: str) -> pd.DataFrame:
    return frame[frame["herd"].astype(str) == herd] if "herd" in frame else frame


def ranking(league: pd.DataFrame) -> list[str]:
    """Strategies from the strongest: by win rate over the fair share, averaged over the player
    counts (ties keep the table's order)."""
    strength = (league["win_rate"] * league["players"]).groupby(league["strategy"], sort=False)
    return list(strength.mean().sort_values(ascending=False, kind="stable").index)


def ranking_tables(league: pd.DataFrame) -> list[Table]:
    """Per herd setting: strategies ranked by win rate relative to the fair share."""
    tables = []
    herds = _herds(league)
    for herd in herds:
        part = _of_herd(league, herd)
        counts = players_of(part["players"])
        order = ranking(part)[:MAX_ROWS]
        rows = []
        for rank, name in enumerate(order, start=1):
            mine = part[part["strategy"] == name].set_index("players")
            rows.append(
                [f"{rank}. {name}"]
                + [
                    Cell(
                        percent(mine.loc[p, "win_rate"]),
                        interval(mine.loc[p, "win_low"], mine.loc[p, "win_high"]),
                    )
                    if p in mine.index
                    else ""
                    for p in counts
                ]
            )
        fair = ", ".join(f"{percent(1 / p)}" for p in counts)
        herd_text = f"herd {herd}: " if len(herds) > 1 else ""
        tables.append(
            Table(
                ["strategy", *players_header(counts)],
                rows,
                caption=f"{herd_text}win rate, ties shared (95% intervals); fair share {fair}",
            )
        )
    return tables


def _columns_that_fit(names) -> int:
    """Strategy columns a phone fits: a name breaks after its "+", so its longest piece counts."""
    longest = max((len(piece) for name in names for piece in str(name).split("+")), default=0)
    return 4 if longest <= 8 else 3


def profile_tables(profile: pd.DataFrame) -> list[Table]:
    """One table per player count and herd setting: the profile's rows, strategies as columns
    (split into several tables when more strategies than a phone fits)."""
    tables = []
    for herd in _herds(profile):
        part = _of_herd(profile, herd)
        for players in players_of(part["players"]):
            rows_of = part[part["players"] == players].set_index("strategy")
            names = list(rows_of.index)
            rows = [
                [label] + [write(rows_of.loc[n, column]) for n in names]
                for column, label, write in PROFILE_ROWS
                if column in rows_of
            ]
            tables.append(
                Table(
                    ["", *names],
                    rows,
                    caption=f"{players} players, herd {herd}: per seat, means unless a share",
                    max_columns=_columns_that_fit(names),
                    dense=True,
                )
            )
    return tables


def league_answer(folder: ResultFolder) -> list:
    """For a report without commit or worth runs: the ranking, in words and as a table."""
    league = folder.table("league")
    part = _of_herd(league, _herds(league)[0])
    best = ranking(part)[0]
    counts = players_of(part["players"])
    rates = [
        percent(part[(part["strategy"] == best) & (part["players"] == p)]["win_rate"].iloc[0])
        for p in counts
    ]
    words = [
        Strong("Which strategy wins?"),
        f" {best} wins most: {and_list(rates)} of its games with {and_list(counts)} players.",
    ]
    return [Paragraph(words, css="lead"), *ranking_tables(league)]


def league_section(folder: ResultFolder) -> list:
    """The comparison: ranking, win-rate chart with intervals, behaviour profile."""
    league = folder.table("league")
    blocks: list = [*ranking_tables(league)]
    blocks.append(
        figure_block(
            folder,
            "win-rates",
            charts.league_chart(league, ranking(_of_herd(league, _herds(league)[0]))),
            "win rates with 95% intervals per player count",
            "Seats rotated; every table of the strategies plays the same seeds.",
        )
    )
    if folder.has("profile"):
        blocks.append(Heading("Behaviour profile", level=3, anchor=f"{folder.anchor}-profile"))
        blocks.append(
            Paragraph(
                "How each strategy plays, over the seats it played: the game's length, the share "
                "of seats that took a −10 for missing food (and of those that could have paid "
                "with resources), what it ends with (culture points: green cards), its herd play.",
                css="note",
            )
        )
        blocks += profile_tables(folder.table("profile"))
        blocks.append(
            Paragraph(
                [
                    "Every strategy, player count and herd setting: ",
                    Link("profile.csv", folder.href(folder.path / "profile.csv")),
                    ".",
                ],
                css="note",
            )
        )
    return blocks


# --------------------------------------------------------------------------------------------
# Contest: the exact odds


def contest_section(folder: ResultFolder) -> list:
    """The contest: seat 0's 2-player win chance (heatmap) and equal/one-more-figure odds."""
    odds = folder.table("contest_odds")
    tie_rule = "longer_wins"
    if "tie_rule" in odds:
        rules = list(dict.fromkeys(odds["tie_rule"].astype(str)))
        tie_rule = tie_rule if tie_rule in rules else rules[0]
        odds = odds[odds["tie_rule"].astype(str) == tie_rule]
    else:
        tie_rule = str(folder.meta.get("tie_rule", tie_rule))
    if "players" in odds:
        odds = odds[odds["players"] == 2]
    if "k2" in odds:
        odds = odds[odds["k2"].fillna(0) == 0]
    columns = ("k0", "k1", "win0", "draw")
    if not len(odds) or not all(c in odds for c in columns):
        return generic_section(folder)
    if not all(pd.api.types.is_numeric_dtype(odds[c]) for c in columns):
        path = folder.path / "contest_odds.csv"
        raise InputError(f"{path}: columns {', '.join(columns)} must hold numbers")
    figures = sorted(int(k) for k in set(odds["k0"]) | set(odds["k1"]) if k > 0)
    if figures and not (figures[-1] <= MAX_FIGURES and odds[["k0", "k1"]].min().min() >= 0):
        path = folder.path / "contest_odds.csv"
        raise InputError(f"{path}: figures (k0, k1) must be from 0 to {MAX_FIGURES}")
    grid = odds.set_index(["k0", "k1"])
    wins = np.array([[grid.loc[(a, b), "win0"] for b in figures] for a in figures])
    blocks: list = [
        figure_block(
            folder,
            "heatmap",
            charts.contest_chart(wins, figures, tie_rule),
            "seat 0's chance to win a 2-player taming contest",
            "Per cent; exact odds (docs/rules.md B2.4).",
        )
    ]
    rows = []
    for k in figures[:MAX_ROWS]:
        even = grid.loc[(k, k)]
        more = grid.loc[(k + 1, k), "win0"] if (k + 1, k) in grid.index else np.nan
        rows.append([str(k), percent(even["win0"]), percent(even["draw"]), percent(more)])
    blocks.append(
        Table(
            ["figures", "k vs k: each wins", "k vs k: draw", "k+1 vs k: more wins"],
            rows,
            caption=f"Two players, tie rule {tie_rule}",
        )
    )
    return blocks


# --------------------------------------------------------------------------------------------
# Ladder: every player rated and priced


def ladder_section(folder: ResultFolder) -> list:
    """The ladder: strength against cost (the Pareto frontier marked), then the ratings."""
    table = folder.table("ladder")
    counts = sorted(int(c[len("rating_") : -1]) for c in table if re.fullmatch(r"rating_\dp", c))
    anchor = folder.meta.get("anchor", "the anchor")
    blocks: list = [
        figure_block(
            folder,
            "strength-cost",
            ladder_figure(table, width=charts.WIDTH),
            "rating against games per second, log scale, Pareto frontier in red",
            f"Bradley-Terry ratings (0: {short_name(str(anchor))}) with 95% intervals against "
            "the measured games per second on one core (4 players with the herd); red: the "
            "players no other beats on both.",
        )
    ]
    first = f"rating_{counts[-1]}p" if counts else "games_per_s"
    rows = []
    for row in table.sort_values(first, ascending=False).head(MAX_ROWS).to_dict("records"):
        cells = [short_name(str(row["player"]))]
        for p in counts:
            rating, low, high = row[f"rating_{p}p"], row[f"low_{p}p"], row[f"high_{p}p"]
            cells.append(f"{rating:+.0f} [{low:+.0f}, {high:+.0f}]")
        speed = row["games_per_s"]
        cells.append(f"{speed:,.0f}" if math.isfinite(speed) else "–")
        rows.append(cells)
    blocks.append(
        Table(
            ["player", *(f"{p}p rating" for p in counts), "games/s"],
            rows,
            caption="Strongest first (the largest player count's rating); games/s measured",
        )
    )
    return blocks


# --------------------------------------------------------------------------------------------
# Metagame: the herd decision as a game


def metagame_section(folder: ResultFolder) -> list:
    """The meta-game: the equilibrium per table size in words, then each herd play's weight in
    it, its win rate against it and its exploitability."""
    eq = folder.table("equilibrium")
    names = list(dict.fromkeys(eq["strategy"].astype(str)))
    blocks: list = [
        Paragraph(equilibrium_sentence(part).replace("**", ""))
        for _, part in eq.groupby("players", sort=True)
    ]
    blocks.append(
        figure_block(
            folder,
            "mix",
            mix_figure({"equilibrium": eq}, names),
            "the equilibrium mix of herd plays per table size, as bars",
            "The share of games a seat plays each herd play in the symmetric equilibrium, with "
            "95% bootstrap intervals.",
        )
    )
    rows = []
    for r in eq.sort_values(["players", "weight"], ascending=[True, False]).to_dict("records"):
        rows.append(
            [
                str(int(r["players"])),
                short_name(str(r["strategy"])),
                Cell(f"{r['weight']:.0f}%", f"[{r['weight_low']:.0f}, {r['weight_high']:.0f}]"),
                f"{r['behind_best']:+.1f} pp",
                Cell(
                    f"{r['exploitability']:+.1f} pp",
                    f"[{r['exploitability_low']:+.1f}, {r['exploitability_high']:+.1f}]",
                ),
            ]
        )
    blocks.append(
        Table(
            [
                "players",
                "herd play",
                "in the equilibrium",
                "behind the best against it",
                "exploitability",
            ],
            rows,
            caption="Exploitability: what one seat gains by its best other play at a table of "
            "this play (0 or less: nobody gains by leaving it); 95% intervals from a bootstrap "
            "over games",
        )  # fmt: skip
    )
    return blocks


BUILDERS = {
    "league": league_section,
    "commit": commit_section,
    "worth": worth_section,
    "contest": contest_section,
    "ladder": ladder_section,
    "advice": advice_section,
    "metagame": metagame_section,
    "other": generic_section,
}


def section(folder: ResultFolder) -> list:
    """A folder's whole section: heading, its content, notes, "how this was run", data links."""
    blocks: list = [Heading(f"{folder.name}: {TITLES[folder.kind]}", 2, folder.anchor)]
    blocks += BUILDERS[folder.kind](folder)
    notes = folder.path / "notes.md"
    if notes.is_file():
        blocks.append(Paragraph(read_notes(notes).strip(), css="note"))
    blocks.append(run_box(folder))
    blocks.append(data_links(folder))
    return blocks


__all__ = [
    "MAX_ROWS",
    "ResultFolder",
    "commit_answer",
    "league_answer",
    "profile_tables",
    "ranking_tables",
    "run_box",
    "section",
    "worth_answer",
]
