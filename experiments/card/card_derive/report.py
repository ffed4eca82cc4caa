"""The files of a card's derivation: the card itself, its page, and the tables that certify it.

``card.json`` is the card (:func:`strategies.taming_card.card_of_plays`) with its provenance (the
command that derives the same bytes again, the seed, the field and the tile set with the digest
of its file) and its certification (each table size's best one-seat deviation with its gain and
95% interval, rounded to 0.01 pp): nothing in it depends on the machine, the workers or the
time. ``derive.md`` says the card in plain words and shows the certification, the meta-game and
the race; ``race.csv``, ``exploit.csv`` and ``equilibrium.csv`` hold the figures, ``card.html``
the card at the table, and ``run.json`` how the run was made.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from experiments.card.card_check.analysis import EXPLOIT_LIMIT
from experiments.card.card_derive.analysis import (
    CHANGE,
    NEW_DEFAULTS,
    REFINED,
    parse_change,
    parse_person_change,
    plays_of,
)
from experiments.card.card_derive.analysis_race import Table, tables_of
from experiments.card.card_derive.settings import CardDeriveExperiment
from experiments.card.report_shipped import metagame_verdict
from experiments.shared.analysis_card_tables import field_label, rules_with_tiles, tiles_label
from experiments.shared.files import run_metadata, write_csv, write_text
from experiments.shared.numbers import count, estimate, interval, signed
from experiments.shared.report_card_page import card_page
from experiments.shared.report_card_print import print_page
from experiments.shared.report_person_words import card_words
from strategies.card_person import GATHER, PersonPlay, person_card
from strategies.taming_card import (
    COUNT,
    COUNT_BY_GAP,
    SEEK_NEVER,
    SEEK_UNLESS_THERE,
    TablePlay,
    card_of_plays,
)

FIGURES = 2
"""Decimals of the certification's figures in card.json (pp)."""


def tiles_digest(tiles: str) -> str | None:
    """The SHA-256 of a tile file's bytes (None for the assumed set)."""
    return None if tiles == "default" else file_digest(tiles)


def file_digest(path: str | None) -> str | None:
    """The SHA-256 of a file's bytes (None for no file): a table's tiles or own card, so a card
    derived against them names the very files."""
    return None if path is None else hashlib.sha256(Path(path).read_bytes()).hexdigest()


def play_words(play: TablePlay, players: int) -> str:
    """A table size's play in the words of a player at the table (one line of a phone)."""
    if play.seek == SEEK_NEVER:
        seek = "do not go out of your way for the herd"
    else:
        unless = " unless someone is on its area already" if play.seek == SEEK_UNLESS_THERE else ""
        weight = f"{100 * play.weight:.0f}%"
        seek = f"go for the herd{unless} (weigh it at {weight} of its worth when placing)"
    if play.commit == COUNT:
        commit = "commit the count worth the most points (card.html counts it)"
    elif play.commit == COUNT_BY_GAP:
        commit = (
            "commit the count worth the most points, the tile valued by your tile gap "
            "(card.html counts it)"
        )
    else:
        commit = f"commit {play.commit} figure{'s' if play.commit != 1 else ''}"
    return f"At {players} players: {seek}; {commit}."


def _people_words(value: int) -> str:
    """A person's ``~people=N`` deviation in words."""
    if value == GATHER:
        return "the card gathering there"
    if value == 0:
        return "the card staying away"
    return f"the card with {value} {'person' if value == 1 else 'people'}"


def deviation_words(deviation: str, person: bool = False) -> str:
    """A deviation as a player reads it: ``~weight=0.6`` is ``the card at weight 0.6``, a
    person's ``~people=2`` is ``the card with 2 people`` (``~people=1`` ``the card with 1
    person``), a table's own card ``its own card``, a taming policy is its name."""
    if deviation.startswith("card[file="):
        return "the table's own card"
    if not deviation.startswith(CHANGE):
        return deviation
    if person:
        key, value = parse_person_change(deviation)
        return {
            "people": _people_words(value),
            "turn": f"the card at placement {value}",
            "alone": "the card going there whoever is there" if value == 0
            else "the card going there only alone",
            "commit": "the card counting it out" if value == COUNT
            else f"the card committing {value}",
            "raise_": "the card raising over the others" if value else "the card never raising",
            "early": f"the card going early at a bonus of {value}+" if value
            else "the card never going early",
            "rich": f"the card putting one more there at a bonus of {value}+" if value
            else "the card never putting one more there",
        }[key]  # fmt: skip
    key, value = parse_change(deviation)
    if key == "weight":
        return f"the card at weight {value:g}"
    if key == "seek":
        if value == 2:
            return "the card seeking always"
        return "the card staying away when someone is there"
    if value == COUNT_BY_GAP:
        return "the card counting it out by the tile gap"
    return "the card counting it out" if value == COUNT else f"the card committing {value}"


def certificate(certified: pd.DataFrame, digits: int | None = FIGURES) -> dict:
    """Per table size, the best one-seat deviation's gain with its interval (pp, rounded to
    ``digits``; None: as measured); over several tables, the worst table's, with its index
    (``table``)."""

    def shown(x) -> float:
        return float(x) if digits is None else round(float(x), digits)

    out = {}
    for players, part in certified.groupby("players"):
        if "table" in part:
            part = part.sort_values(["gain", "table", "deviation"], ascending=[False, True, True])
            best = part.iloc[0]
            out[str(int(players))] = {
                "table": int(best["table"]),
                "best_deviation": str(best["deviation"]),
                "gain": shown(best["gain"]),
                "low": shown(best["gain_low"]),
                "high": shown(best["gain_high"]),
                "games": int(best["games"]),
            }
            continue
        best = part.sort_values(["gain", "deviation"], ascending=[False, True]).iloc[0]
        out[str(int(players))] = {
            "best_deviation": str(best["deviation"]),
            "gain": shown(best["gain"]),
            "low": shown(best["gain_low"]),
            "high": shown(best["gain_high"]),
            "games": int(best["games"]),
        }
    return out


def table_label(field, tiles: str) -> str:
    """A table as the pages name it: ``champion, default tiles``."""
    return f"{field_label(list(field))}, {tiles_label(tiles)} tiles"


def _play_record(play) -> dict:
    if isinstance(play, PersonPlay):
        record = {"people": play.people, "turn": play.turn, "alone": play.alone,
                  "commit": play.commit, "raise": play.raise_, "early": play.early}  # fmt: skip
        return {**record, "rich": play.rich} if play.rich else record
    return {"seek": play.seek, "weight": play.weight, "commit": play.commit}


def _recorded(written: Mapping) -> dict:
    """The settings as written (:attr:`~experiments.shared.experiment.Experiment.written`) in
    name order (a setting left at its default takes its place by name); the settings added with
    several tables and a person's card only where they are not their defaults, so a card
    derived before them is derived again to the same bytes."""
    return {
        k: written[k]
        for k in sorted(written)
        if k != "source" and not (k in NEW_DEFAULTS and written[k] == NEW_DEFAULTS[k])
    }


def derived_card(
    experiment: CardDeriveExperiment, plays: dict, certified: pd.DataFrame, command: str
) -> dict:
    """The card file's contents: the card, its provenance and its certification."""
    person = experiment.space == "person"
    tables = experiment.tables_played
    card = person_card(plays) if person else card_of_plays(plays)
    card["words"] = card_lines(plays, person)
    if len(tables) == 1:
        table = table_label(tables[0].field, tables[0].tiles)
        where = {
            "table": table,
            "field": list(tables[0].field),
            "tiles": tables[0].tiles,
            "tiles_sha256": tiles_digest(tables[0].tiles),
        }
    else:
        table = f"every table of {len(tables)}"
        where = {
            "table": table,
            "tables": [
                {
                    "table": table_label(t.field, t.tiles),
                    "field": list(t.field),
                    "tiles": t.tiles,
                    "tiles_sha256": tiles_digest(t.tiles),
                    "own_card": t.card,
                    "own_card_sha256": file_digest(t.card),
                }
                for t in tables
            ],
        }
    card["provenance"] = {
        "command": command,
        "seed": experiment.seed,
        **where,
        "players": sorted(int(p) for p in plays),
        "plays": {str(p): _play_record(play) for p, play in sorted(plays.items())},
        "certified": certificate(certified),
        "experiment": _recorded(experiment.written),
    }
    if len(tables) > 1:
        card["provenance"]["certified_at_every_table"] = [
            {"table": table_label(t.field, t.tiles), **certificate(part.drop(columns="table"))}
            for t, (_, part) in zip(tables, certified.groupby("table", sort=True), strict=True)
        ]

    def worst(c) -> str:
        if "table" not in c:
            return ""
        return f" at {table_label(tables[c['table']].field, tables[c['table']].tiles)}"

    card["notes"] = {
        "For": [f"a table of {table}" if len(tables) == 1 else f"every table of {len(tables)}"],
        "Exploitability": [
            f"{p} players: {deviation_words(c['best_deviation'], person)}{worst(c)} gains "
            f"{signed(c['gain'], 2)} pp {interval(c['low'], c['high'], 2, signs=True)}"
            for p, c in card["provenance"]["certified"].items()
        ],
    }
    return card


def card_lines(plays: dict, person: bool) -> list[str]:
    """The card of some plays in words: a person's card's (:func:`~experiments.card.
    report_words.card_words`), else a line per table size (:func:`play_words`)."""
    if person:
        return card_words(person_card(plays))
    return [play_words(plays[p], p) for p in sorted(plays)]


def _md_table(frame: pd.DataFrame) -> str:
    head = "| " + " | ".join(frame.columns) + " |"
    rule = "|" + "---|" * len(frame.columns)
    rows = ["| " + " | ".join(str(v) for v in row) + " |" for row in frame.itertuples(index=False)]
    return "\n".join([head, rule, *rows])


@dataclass(frozen=True)
class Wording:
    """What ``derive.md`` says of a derivation's settings.

    Attributes
    ----------
    tables : tuple of Table
        The tables the card is derived for.
    person : bool
        A person's card (``space`` ``person``).
    games, metagame_games, eta : int
        The certification's games per arm, the meta-game's per profile, and the race's
        ``eta``.
    """

    tables: tuple[Table, ...]
    person: bool
    games: int
    metagame_games: int
    eta: int

    @classmethod
    def of(cls, experiment: CardDeriveExperiment) -> Wording:
        """A derivation's, as it runs."""
        return cls(
            tuple(experiment.tables_played),
            experiment.space == "person",
            experiment.games,
            experiment.metagame_games,
            experiment.eta,
        )

    @classmethod
    def recorded(cls, settings: Mapping) -> Wording:
        """A committed derivation's, from the settings its card records
        (``provenance["experiment"]``, :data:`~experiments.card.card_derive.analysis.
        NEW_DEFAULTS` where it leaves them out)."""
        settings = {**NEW_DEFAULTS, **settings}
        return cls(
            tuple(tables_of(settings["tables"], settings["field"], settings["tiles"])),
            settings["space"] == "person",
            int(settings["games"]),
            int(settings["metagame_games"]),
            int(settings["eta"]),
        )


def derivation_markdown(
    wording: Wording,
    plays: dict,
    race: pd.DataFrame,
    certified: pd.DataFrame,
    metagames: dict,
) -> str:
    """``derive.md``: the card in words, its certification, its meta-game and its race."""
    tables, person = list(wording.tables), wording.person
    if len(tables) > 1:
        return _tables_markdown(wording, plays, race, certified, tables, person)
    table = table_label(tables[0].field, tables[0].tiles)
    lines = [f"# The card for a table of {table}", ""]
    lines += card_lines(plays, person)
    lines += [
        "",
        "## Can one player exploit a table that plays it?",
        "",
        f"Every seat plays the card; one seat, rotating, plays each deviation instead, on "
        f"{wording.games:,} fresh games per arm. Its win rate minus its win rate as a "
        f"card player, pp (95% interval); the card holds where no deviation gains more than "
        f"{EXPLOIT_LIMIT:g} pp.",
        "",
    ]
    rows = [
        {
            "players": int(players),
            "best deviation": deviation_words(best["best_deviation"], person),
            "its gain": estimate(best["gain"], best["low"], best["high"], 2),
            "holds": "yes" if best["gain"] <= EXPLOIT_LIMIT else "**no**",
            "games": count(best["games"]),
        }
        for players, best in certificate(certified, digits=None).items()
    ]
    lines += [_md_table(pd.DataFrame(rows)), ""]
    lines += ["Every deviation (exploit.csv):", ""]
    every = certified.assign(
        gain=[estimate(g, lo, hi, 2) for g, lo, hi in
              zip(certified["gain"], certified["gain_low"], certified["gain_high"], strict=True)]
    )[["players", "deviation", "gain"]]  # fmt: skip
    lines += [_md_table(every), ""]
    if metagames:
        lines += [
            "## The meta-game among the card and the deviations that gain most",
            "",
            f"Every profile of these plays over the seats, {wording.metagame_games:,} "
            "games each, seats rotated. Each play behind the best against the symmetric "
            "equilibrium (its regret, pp, 95% interval), and what that allows: a play beats the "
            "card only where the certification above shows it too.",
            "",
        ]
        rows = []
        shown = certificate(certified, digits=None)
        for players, (_names, tables) in sorted(metagames.items()):
            eq = tables["equilibrium"]
            regrets = "; ".join(
                f"{row.strategy} {estimate(row.behind_best, row.behind_low, row.behind_high, 2)}"
                for row in eq.itertuples()
            )
            verdict = metagame_verdict(shown.get(str(players), {}), eq)
            rows.append({"players": players, "regrets": regrets, "verdict": verdict})
        lines += [_md_table(pd.DataFrame(rows)), ""]
    lines += [
        "## The race",
        "",
        "Each round keeps the candidates hardest to exploit (the best one in "
        f"{wording.eta}, less any clearly worse than the best) and gives them "
        f"{wording.eta} times the games (race.csv).",
        "",
    ]
    summary = (
        race.groupby(["players", "round"])
        .agg(candidates=("candidate", "size"), games=("games", "max"), kept=("kept", "sum"))
        .reset_index()
    )
    lines += [_md_table(summary), ""]
    return "\n".join(lines)


def _tables_markdown(wording, plays, race, certified, tables, person) -> str:
    """``derive.md`` of a card derived for several tables: the card, its worst table at each
    size, every table's best deviation, and the race."""
    lines = [f"# One card for every table of {len(tables)}", ""]
    lines += card_lines(plays, person)
    lines += [
        "",
        "## Can one player exploit it at any of the tables?",
        "",
        f"At each table every seat plays the card; one seat, rotating, plays each deviation "
        f"instead (the table's own card among them), on {wording.games:,} fresh games per "
        f"arm. The best deviation's gain, pp (95% interval); the card holds at a table where "
        f"none gains more than {EXPLOIT_LIMIT:g} pp.",
        "",
    ]
    rows = []
    for t, table in enumerate(tables):
        part = certified[certified["table"] == t].drop(columns="table")
        for players, best in certificate(part, digits=None).items():
            rows.append(
                {
                    "table": table_label(table.field, table.tiles),
                    "players": int(players),
                    "best deviation": deviation_words(best["best_deviation"], person),
                    "its gain": estimate(best["gain"], best["low"], best["high"], 2),
                    "holds": "yes" if best["gain"] <= EXPLOIT_LIMIT else "**no**",
                }
            )
    worst = pd.DataFrame(rows)
    lines += [_md_table(worst), ""]
    for players, best in certificate(certified, digits=None).items():
        at = table_label(tables[best["table"]].field, tables[best["table"]].tiles)
        lines.append(
            f"- Worst table at {players} players: {at}, "
            f"{deviation_words(best['best_deviation'], person)} gains {signed(best['gain'], 2)} pp."
        )
    lines += [
        "",
        "## The race",
        "",
        "Each round meets the tables in turn and drops a candidate as soon as one table shows it "
        f"clearly exploitable; then it keeps the best one in {wording.eta} by its worst "
        f"table and gives them {wording.eta} times the games, at the tables that can "
        "still be their worst (race.csv).",
        "",
    ]
    summary = (
        race.groupby(["players", "round"])
        .agg(candidates=("candidate", "nunique"), games=("games", "max"))
        .reset_index()
    )
    kept = race[race["kept"]].groupby(["players", "round"])["candidate"].nunique()
    pairs = zip(summary["players"], summary["round"], strict=True)
    summary["kept"] = [int(kept.get((p, r), 0)) for p, r in pairs]
    lines += [_md_table(summary), ""]
    return "\n".join(lines)


def _space_words(refined: dict[int, bool], by_gap: bool) -> str:
    """``derive.md``'s word on the space searched, where the first grid did not hold (with
    ``by_gap``, the richer grid counted out by the tile gap too)."""
    said = []
    for players, kept in sorted(refined.items()):
        if kept:
            said.append(f"at {players} players the card plays the richer grid's winner")
        else:
            said.append(
                f"at {players} players its winner held no better on the certification's games, "
                "so the card keeps the first grid's play"
            )
    return (
        f"The space searched: where the first grid's card was exploitable by more than "
        f"{EXPLOIT_LIMIT:g} pp the race searched a richer grid (weights around its winner's, both "
        "ways of seeking, commitments "
        + ("counted out, by the chance of the most tiles or by the tile gap, or of" if by_gap
           else "by count or")
        + " one to three figures; race.csv's rows with space 'refined'): "
        + "; ".join(said) + ". Elsewhere: the first grid."
    )  # fmt: skip


def derivation_text(
    wording: Wording,
    plays: dict,
    race: pd.DataFrame,
    certified: pd.DataFrame,
    metagames: dict,
    refined: dict[int, bool],
) -> str:
    """``derive.md``'s text: :func:`derivation_markdown`, and the space searched where the first
    grid's card did not hold (``refined``, as :func:`write_derivation` takes it)."""
    text = derivation_markdown(wording, plays, race, certified, metagames)
    if refined:
        richer = race[race["space"] == REFINED] if "space" in race else race.iloc[:0]
        named = rf"commit_\d={COUNT_BY_GAP}\b"  # a candidate's name: card[...,commit_N=K]
        by_gap = bool(richer["candidate"].astype(str).str.contains(named).any())
        text += "\n" + _space_words(refined, by_gap) + "\n"
    return text


def derivation_page(folder: Path, card: dict) -> str:
    """``derive.md`` written anew from a derivation's committed files, without a game played.

    The card's provenance records the derivation's settings and its plays; ``race.csv``,
    ``exploit.csv`` and ``equilibrium.csv`` (where the meta-game was solved) hold its figures.
    So a change in how a derivation is worded reaches every committed one, and the text equals
    what the run itself wrote.

    Parameters
    ----------
    folder : pathlib.Path
        The derivation's folder (``race.csv``, ``exploit.csv``, maybe ``equilibrium.csv``).
    card : dict
        Its card file (``card.json``, or the shipped card it made).

    Returns
    -------
    str
    """
    folder = Path(folder)
    provenance = card["provenance"]
    wording = Wording.recorded(provenance["experiment"])
    race = pd.read_csv(folder / "race.csv")
    certified = pd.read_csv(folder / "exploit.csv")
    metagames = {}
    if (folder / "equilibrium.csv").is_file():
        eq = pd.read_csv(folder / "equilibrium.csv")
        for players, part in eq.groupby("players", sort=True):
            part = part.reset_index(drop=True)
            metagames[int(players)] = (list(part["strategy"]), {"equilibrium": part})
    kept = provenance.get("richer_grid_at", [])
    searched = provenance.get("richer_grid_searched", kept)
    refined = {int(p): p in kept for p in searched}
    return derivation_text(wording, plays_of(card), race, certified, metagames, refined)


def write_derivation(
    folder: Path,
    experiment: CardDeriveExperiment,
    plays: dict,
    race_rows: list[dict],
    certified: pd.DataFrame,
    metagames: dict,
    command: str,
    seconds: float | None = None,
    refined: dict[int, bool] | None = None,
) -> str:
    """Write every file of a derivation into ``folder``; return ``derive.md``'s text.

    ``refined``: the table sizes where the first grid's card was exploitable by more than the
    goal, so a richer grid was searched, each with whether its winner was kept."""
    folder = Path(folder)
    tables = experiment.tables_played
    rules = rules_with_tiles(experiment.rules, tables[0].tiles)
    card = derived_card(experiment, plays, certified, command)
    refined = refined or {}
    kept = [p for p, k in sorted(refined.items()) if k]
    if kept:
        card["provenance"]["richer_grid_at"] = kept
    if len(kept) < len(refined):
        card["provenance"]["richer_grid_searched"] = sorted(refined)
    write_text(folder / "card.json", json.dumps(card, indent=2) + "\n")
    race = pd.DataFrame(race_rows)
    write_csv(folder / "race.csv", race)
    write_csv(folder / "exploit.csv", certified)
    if metagames:
        eq = pd.concat([tables["equilibrium"] for _, tables in metagames.values()])
        write_csv(folder / "equilibrium.csv", eq)
    text = derivation_text(Wording.of(experiment), plays, race, certified, metagames, refined)
    write_text(folder / "derive.md", text)
    title = f"The card for {card['provenance']['table']}"
    if experiment.space == "person":
        page = print_page(card, title)
    else:
        page = card_page(card, rules.tie_rule, title=title, mammoth_points=rules.mammoth_points)
    write_text(folder / "card.html", page)
    files = ["card.json", "card.html", "derive.md", "race.csv", "exploit.csv"]
    files += ["equilibrium.csv"] if metagames else []
    meta = run_metadata(
        command,
        rules,
        kind="card_derive",
        seed=experiment.seed,
        games=experiment.games,
        files=files,
        seconds=None if seconds is None else round(seconds, 1),
    )
    write_text(folder / "run.json", json.dumps(meta, indent=2) + "\n")
    return text
