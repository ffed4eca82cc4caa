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
from pathlib import Path

import pandas as pd

from experiments.advice.card_check.analysis import EXPLOIT_LIMIT
from experiments.advice.card_check.analysis_tables import field_label, rules_with_tiles, tiles_label
from experiments.advice.card_derive.analysis import CHANGE, parse_change
from experiments.advice.report_card import card_page
from experiments.shared.files import run_metadata, write_csv, write_text
from strategies.taming_card import COUNT, SEEK_NEVER, SEEK_UNLESS_THERE, TablePlay, card_of_plays

FIGURES = 2
"""Decimals of the certification's figures in card.json (pp)."""


def tiles_digest(tiles: str) -> str | None:
    """The SHA-256 of a tile file's bytes (None for the assumed set)."""
    if tiles == "default":
        return None
    return hashlib.sha256(Path(tiles).read_bytes()).hexdigest()


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
    else:
        commit = f"commit {play.commit} figure{'s' if play.commit != 1 else ''}"
    return f"At {players} players: {seek}; {commit}."


def deviation_words(deviation: str) -> str:
    """A deviation as a player reads it: ``~weight=0.6`` is ``the card at weight 0.6``, a
    taming policy is its name."""
    if not deviation.startswith(CHANGE):
        return deviation
    key, value = parse_change(deviation)
    if key == "weight":
        return f"the card at weight {value:g}"
    if key == "seek":
        if value == 2:
            return "the card seeking always"
        return "the card staying away when someone is there"
    return "the card counting it out" if value == COUNT else f"the card committing {value}"


def certificate(certified: pd.DataFrame, digits: int | None = FIGURES) -> dict:
    """Per table size, the best one-seat deviation's gain with its interval (pp, rounded to
    ``digits``; None: as measured)."""

    def shown(x) -> float:
        return float(x) if digits is None else round(float(x), digits)

    out = {}
    for players, part in certified.groupby("players"):
        best = part.sort_values(["gain", "deviation"], ascending=[False, True]).iloc[0]
        out[str(int(players))] = {
            "best_deviation": str(best["deviation"]),
            "gain": shown(best["gain"]),
            "low": shown(best["gain_low"]),
            "high": shown(best["gain_high"]),
            "games": int(best["games"]),
        }
    return out


def derived_card(config: dict, plays: dict, certified: pd.DataFrame, command: str) -> dict:
    """The card file's contents: the card, its provenance and its certification."""
    card = card_of_plays(plays)
    card["words"] = [play_words(plays[p], p) for p in sorted(plays)]
    table = f"{field_label(config['field'])}, {tiles_label(config['tiles'])} tiles"
    card["provenance"] = {
        "command": command,
        "seed": int(config["seed"]),
        "table": table,
        "field": list(config["field"]),
        "tiles": config["tiles"],
        "tiles_sha256": tiles_digest(config["tiles"]),
        "players": sorted(int(p) for p in plays),
        "plays": {
            str(p): {"seek": play.seek, "weight": play.weight, "commit": play.commit}
            for p, play in sorted(plays.items())
        },
        "certified": certificate(certified),
        # the settings in name order: a setting left at its default takes its place by name
        "experiment": {k: config[k] for k in sorted(config) if k != "source"},
    }
    card["notes"] = {
        "For": [f"a table of {table}"],
        "Exploitability": [
            f"{p} players: {deviation_words(c['best_deviation'])} gains {c['gain']:+.2f} pp "
            f"[{c['low']:+.2f}, {c['high']:+.2f}]"
            for p, c in card["provenance"]["certified"].items()
        ],
    }
    return card


def _md_table(frame: pd.DataFrame) -> str:
    head = "| " + " | ".join(frame.columns) + " |"
    rule = "|" + "---|" * len(frame.columns)
    rows = ["| " + " | ".join(str(v) for v in row) + " |" for row in frame.itertuples(index=False)]
    return "\n".join([head, rule, *rows])


def _pp(value: float) -> str:
    return f"{value:+.2f}"


def derivation_markdown(
    config: dict, plays: dict, race: pd.DataFrame, certified: pd.DataFrame, metagames: dict
) -> str:
    """``derive.md``: the card in words, its certification, its meta-game and its race."""
    table = f"{field_label(config['field'])}, {tiles_label(config['tiles'])} tiles"
    lines = [f"# The card for a table of {table}", ""]
    lines += [play_words(plays[p], p) for p in sorted(plays)]
    lines += [
        "",
        "## Can one player exploit a table that plays it?",
        "",
        f"Every seat plays the card; one seat, rotating, plays each deviation instead, on "
        f"{int(config['games']):,} fresh games per arm. Its win rate minus its win rate as a "
        f"card player, pp (95% interval); the card holds where no deviation gains more than "
        f"{EXPLOIT_LIMIT:g} pp.",
        "",
    ]
    rows = [
        {
            "players": int(players),
            "best deviation": deviation_words(best["best_deviation"]),
            "its gain": f"{_pp(best['gain'])} [{_pp(best['low'])}, {_pp(best['high'])}]",
            "holds": "yes" if best["gain"] <= EXPLOIT_LIMIT else "**no**",
            "games": f"{best['games']:,}",
        }
        for players, best in certificate(certified, digits=None).items()
    ]
    lines += [_md_table(pd.DataFrame(rows)), ""]
    lines += ["Every deviation (exploit.csv):", ""]
    every = certified.assign(
        gain=[f"{_pp(g)} [{_pp(lo)}, {_pp(hi)}]" for g, lo, hi in
              zip(certified["gain"], certified["gain_low"], certified["gain_high"], strict=True)]
    )[["players", "deviation", "gain"]]  # fmt: skip
    lines += [_md_table(every), ""]
    if metagames:
        lines += [
            "## The meta-game among the card and the deviations that gain most",
            "",
            f"Every profile of these plays over the seats, {int(config['metagame_games']):,} "
            "games each, seats rotated; the symmetric equilibrium's weights (%):",
            "",
        ]
        rows = []
        for players, (names, tables) in sorted(metagames.items()):
            eq = tables["equilibrium"]
            mix = ", ".join(
                f"{row.strategy} {row.weight:.0f}" for row in eq.itertuples() if row.weight >= 0.5
            )
            rows.append({"players": players, "equilibrium": mix, "plays": len(names)})
        lines += [_md_table(pd.DataFrame(rows)), ""]
    lines += [
        "## The race",
        "",
        "Each round keeps the candidates hardest to exploit (the best one in "
        f"{int(config['eta'])}, less any clearly worse than the best) and gives them "
        f"{int(config['eta'])} times the games (race.csv).",
        "",
    ]
    summary = (
        race.groupby(["players", "round"])
        .agg(candidates=("candidate", "size"), games=("games", "max"), kept=("kept", "sum"))
        .reset_index()
    )
    lines += [_md_table(summary), ""]
    return "\n".join(lines)


def write_derivation(
    folder: Path,
    config: dict,
    plays: dict,
    race_rows: list[dict],
    certified: pd.DataFrame,
    metagames: dict,
    command: str,
    seconds: float | None = None,
) -> str:
    """Write every file of a derivation into ``folder``; return ``derive.md``'s text."""
    folder = Path(folder)
    rules = rules_with_tiles(config, config["tiles"])
    card = derived_card(config, plays, certified, command)
    write_text(folder / "card.json", json.dumps(card, indent=2) + "\n")
    race = pd.DataFrame(race_rows)
    write_csv(folder / "race.csv", race)
    write_csv(folder / "exploit.csv", certified)
    if metagames:
        eq = pd.concat([tables["equilibrium"] for _, tables in metagames.values()])
        write_csv(folder / "equilibrium.csv", eq)
    text = derivation_markdown(config, plays, race, certified, metagames)
    write_text(folder / "derive.md", text)
    title = f"The card for {card['provenance']['table']}"
    page = card_page(card, rules.tie_rule, title=title, mammoth_points=rules.mammoth_points)
    write_text(folder / "card.html", page)
    files = ["card.json", "card.html", "derive.md", "race.csv", "exploit.csv"]
    files += ["equilibrium.csv"] if metagames else []
    meta = run_metadata(
        command,
        rules,
        kind="card_derive",
        seed=int(config["seed"]),
        games=int(config["games"]),
        files=files,
        seconds=None if seconds is None else round(seconds, 1),
    )
    write_text(folder / "run.json", json.dumps(meta, indent=2) + "\n")
    return text
