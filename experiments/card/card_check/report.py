"""The files of a card check (``mammoth check-card`` and the ``card_check`` kind).

``check.csv``
    Per field, tile set, player count and policy: the card's win rate minus the policy's, in
    percentage points, 95% interval clustered by game index, games per arm
    (:func:`experiments.shared.analysis_card_check.card_check`).
``goals.csv``
    Per table: the card against the best fixed policy (``never`` or ``fixed-1``) and the best
    computer policy (``ev``, ``majority``, ``search``), against never seeking, and whether each
    goal is met (:func:`experiments.card.card_check.analysis.card_goals`).
``exploit.csv``, ``exploit_goals.csv``
    With ``exploit`` (the default): per field, tile set, player count and deviation, what one
    seat gains by leaving the card at a table where every seat plays it (pp, 95% interval); per
    table the best deviation and whether the card holds (it gains at most
    :data:`~experiments.card.card_check.analysis.EXPLOIT_LIMIT`, point estimate).
``check.md``
    The goals as a table in words, one line per table (and the exploitability, one line per
    table).
``card.json``, ``card.md``, ``card.html``
    With ``gate``: the checked card file gated by this check
    (:func:`experiments.card.card_check.analysis_gate.gate_seek`,
    :func:`~experiments.card.card_check.analysis_gate.gate_commit`), its provenance's ``gates``
    extended by the command that gated it; in words, and as the page for a phone.
``run.json``
    The run's settings and files.

This module words and writes; the tables come computed from the kind.
"""

from __future__ import annotations

import time
from pathlib import Path

import pandas as pd

from experiments.card.card_check.analysis import (
    CLOSE,
    DEVIATIONS,
    EXPLOIT_LIMIT,
    LEVEL,
    CheckTables,
)
from experiments.card.card_check.settings import CardCheckExperiment
from experiments.shared.files import run_metadata, write_csv, write_json, write_text
from experiments.shared.numbers import estimate, signed
from experiments.shared.report_card_page import card_page
from experiments.shared.report_card_words import card_text, worded_card

FILES = ("check.csv", "goals.csv", "check.md", "run.json")
SETTINGS = (
    "players",
    "games",
    "seed",
    "card",
    "fields",
    "tiles",
    "policies",
    "gate",
    "exploit",
    "deviations",
    "rules",
)


def _met(goal) -> str:
    return "-" if goal is None or pd.isna(goal) else ("yes" if goal else "**no**")


def goals_text(goals: pd.DataFrame, card: str) -> str:
    """``check.md``: the card against the best fixed and the best computer policy, per table."""
    lines = [
        f"# {card}: the card against the best fixed and the best computer policy",
        "",
        f"Win rate of the card minus the policy's, percentage points (95% interval). Goals: level "
        f"with the best fixed policy (at least {signed(LEVEL)} pp and the interval reaching 0), "
        f"within {-CLOSE:.1f} pp of the best computer policy.",
        "",
        "| field | tiles | players | vs best fixed | goal | vs best computer | goal | "
        "vs never seeking | games |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for _, r in goals.iterrows():
        fixed = estimate(r["vs_fixed"], r["vs_fixed_low"], r["vs_fixed_high"], near_zero=2)
        fixed += f" ({r['best_fixed']})"
        computer = estimate(
            r["vs_computer"], r["vs_computer_low"], r["vs_computer_high"], near_zero=2
        )
        computer += f" ({r['best_computer']})"
        no_seek = estimate(r["vs_no_seek"], r["vs_no_seek_low"], r["vs_no_seek_high"], near_zero=2)
        lines.append(
            f"| {r['field']} | {r['tiles']} | {r['players']} | {fixed} | {_met(r['fixed_goal'])} "
            f"| {computer} | {_met(r['computer_goal'])} | {no_seek} | {int(r['games']):,} |"
        )
    return "\n".join(lines) + "\n"


def exploit_text(goals: pd.DataFrame, card: str) -> str:
    """The exploitability table of ``check.md``."""
    lines = [
        f"## A table of {card} players: what one seat gains by leaving it",
        "",
        "Every seat plays the card; one seat, rotating, plays each deviation instead, on the same "
        "game indices. Its win rate minus its win rate as a card player, pp (95% interval); the "
        f"card holds where no deviation gains more than {EXPLOIT_LIMIT:.1f} pp.",
        "",
        "| field | tiles | players | best deviation | its gain | holds | games |",
        "|---|---|---|---|---|---|---|",
    ]
    for _, r in goals.iterrows():
        lines.append(
            f"| {r['field']} | {r['tiles']} | {r['players']} | {r['best_deviation']} | "
            f"{estimate(r['gain'], r['gain_low'], r['gain_high'], near_zero=2)} | "
            f"{'yes' if r['holds'] else '**no**'} | {int(r['games']):,} |"
        )
    return "\n".join(lines) + "\n"


def reproducing_command(experiment: CardCheckExperiment) -> str:
    """The ``mammoth check-card`` command that plays the same check."""

    def quoted(word: str) -> str:
        return f'"{word}"' if any(c in word for c in "[] ,+") else word

    e = experiment
    words = ["mammoth check-card", quoted(e.card)]
    words += ["--players", *map(str, sorted(e.players))]
    words += ["--games", str(e.games), "--seed", str(e.seed)]
    for field in e.fields:
        words += ["--field", quoted(",".join(field))]
    for tiles in e.tiles:
        words += ["--tiles", quoted(tiles)]
    for policy in e.policies:
        words += ["--policy", quoted(policy)]
    if e.gate:
        words.append("--gate")
    if not e.exploit:
        words.append("--no-exploit")
    elif list(e.deviations) != DEVIATIONS:
        for deviation in e.deviations:
            words += ["--deviation", quoted(deviation)]
    return " ".join(words)


def write_card_check(
    folder: Path,
    tables: CheckTables,
    experiment: CardCheckExperiment,
    rules,
    command: str = "check-card",
    started: float | None = None,
) -> str:
    """Write the card check's files into ``folder``; return ``check.md``'s text.

    Parameters
    ----------
    folder : pathlib.Path
        Output folder.
    tables : CheckTables
        The check's tables (:func:`experiments.card.card_check.analysis.check_tables`).
    experiment : experiments.card.card_check.kind.CardCheckExperiment
        The experiment: its card, sizes and seed (run.json records the settings as written).
    rules : sim.rules.Rules
        The rules (the tile sets are the check's own).
    command : str
        What produced the output, for run.json.
    started : float, optional
        ``time.perf_counter()`` when the run started.
    """
    write_csv(folder / "check.csv", tables.check)
    write_csv(folder / "goals.csv", tables.goals)
    text = goals_text(tables.goals, experiment.card)
    files = list(FILES)
    if tables.exploit is not None:
        write_csv(folder / "exploit.csv", tables.exploit)
        write_csv(folder / "exploit_goals.csv", tables.exploit_goals)
        text += "\n" + exploit_text(tables.exploit_goals, experiment.card)
        files[2:2] = ["exploit.csv", "exploit_goals.csv"]
    write_text(folder / "check.md", text)
    gated = tables.gated
    if gated is not None:
        provenance = dict(gated.get("provenance", {}))
        provenance["gates"] = [*provenance.get("gates", []), reproducing_command(experiment)]
        card = worded_card({**gated, "provenance": provenance})
        write_json(folder / "card.json", card)
        write_text(folder / "card.md", card_text(card))
        write_text(
            folder / "card.html",
            card_page(card, rules.tie_rule, mammoth_points=rules.mammoth_points),
        )
        files[-1:-1] = ["card.json", "card.md", "card.html"]
    written = experiment.written
    settings = {key: written[key] for key in SETTINGS if key in written}
    extra = {"wall_seconds": round(time.perf_counter() - started, 1)} if started else {}
    meta = run_metadata(
        command,
        rules,
        kind="card_check",
        settings=settings,
        players=list(experiment.players),
        games_per_arm=experiment.games,
        seed=experiment.seed,
        files=files,
        **extra,
    )
    write_json(folder / "run.json", meta)
    return text


__all__ = ["FILES", "goals_text", "reproducing_command", "write_card_check"]
