"""The files of an advice run (``mammoth advise`` and the ``advice`` kind).

``decisions.parquet``
    One row per decision played out (:func:`sim.advising.decisions_frame`): where it was
    (``field``, ``game``, ``seat``, ``strategy``), its ``kind`` (``commit``: how many figures;
    ``place``: whether to seek the herd this round), its situation, the field's own choice
    ``k_field`` and each option's mean win share ``win_K`` and final margin ``margin_K`` over
    the play-outs (a commitment's ``K`` figures, NaN beyond ``kmax``; a placement's ``0``
    staying away and ``1`` seeking). Written in full, for slicing; the same bytes whatever the
    chunking, workers or backend.
``seek.csv``
    With placement decisions: per cell of the seek grid and field, the decisions, games and the
    effect of seeking the herd on the win share with its 95% interval clustered by game
    (:func:`experiments.advice.analysis_seeking.seek_table`).
``advice.csv``
    The advice table (:func:`experiments.advice.analysis.advice_table`): per situation class
    and commitment, the effect on the win share against committing none, with its 95% interval
    clustered by game, the best commitment and how sure it is, the solver's answer beside it.
``card.md``, ``card.json``, ``card.html``
    This run's advice card: the table as a few rules a person can follow at the table, in words
    and as data (:func:`~experiments.advice.analysis.derive_card`; its seek part, with
    placement decisions, :func:`~experiments.advice.analysis_seeking.derive_seek`; worded by
    :mod:`experiments.shared.report_card_words`), and as a self-contained page for a phone
    (:mod:`experiments.shared.report_card_page`). Written when the run
    derives its own card (``derive_card``; the demo only checks the shipped one).
``agreement.csv``
    The shipped card (``strategies/models/card_default_champion.json``) checked on this run's
    decisions
    (:func:`~experiments.advice.analysis.card_agreement`): per rule, its commitment, this
    run's best, the card's win share minus the best's with its 95% interval, and whether they
    agree.
``check.csv``
    The check of the shipped card (``strategies/models/card_default_champion.json``, the one the
    ``card`` policy
    plays; not necessarily this run's; column ``card``: the checked policy, ``card`` or a
    variant such as ``card[file=PATH]``; the checked seat plays it with the field's base
    strategy): per field, tile set, player count and policy, the card's win rate minus the
    policy's in percentage points, 95% interval clustered by game, games per arm.
    Written when the run checks the card (``check_games`` above 0).
``run.json``
    The run's settings, the decisions played out and ``decisions_dropped``: those met after a
    game's log was full (:data:`sim.situation.MAX_DECISIONS` per game), not played out.

This module writes; the tables and cards come computed
(:func:`experiments.advice.analysis_run.advice_tables`), their words from
:mod:`experiments.advice.report_words` (the ``situation`` columns) and
:mod:`experiments.shared.report_card_words` (the rules' ``text``, ``card.md``).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pandas as pd

from experiments.advice.analysis_run import AdviceTables
from experiments.advice.report_words import agreement_with_situations, with_situations
from experiments.advice.settings import AdviceExperiment
from experiments.shared.files import run_metadata, write_csv, write_json, write_parquet, write_text
from experiments.shared.report_card_page import card_page
from experiments.shared.report_card_words import card_text, worded_card
from sim.situation import MAX_DECISIONS

FILES = ("decisions.parquet", "agreement.csv", "run.json")
DERIVED = ("advice.csv", "card.md", "card.json", "card.html")
"""The files of a run that derives its own card, written after the decisions."""
SETTINGS = (
    "players",
    "games",
    "seed",
    "field",
    "fields",
    "placements",
    "playouts",
    "seat",
    "check_games",
    "check_card",
    "check_fields",
    "check_tiles",
    "check_policies",
    "derive_card",
    "rules",
)


def game_keys(decisions: pd.DataFrame) -> list[str]:
    """The columns that name one real game of a decision table (its field, if several)."""
    return [c for c in ("field", "players", "game") if c in decisions.columns]


def card_data(card) -> dict:
    """The card as JSON-ready data (a dataclass or a mapping)."""
    return dataclasses.asdict(card) if dataclasses.is_dataclass(card) else dict(card)


def reproducing_command(experiment: AdviceExperiment) -> str:
    """The ``mammoth advise`` command that plays the same decisions and derives the same card."""
    words = ["mammoth advise", "--players", *map(str, experiment.player_counts)]
    words += ["--games", str(experiment.games), "--playouts", str(experiment.playouts)]
    words += ["--seed", str(experiment.seed)]
    if experiment.placements:
        words.append("--placements")
    option = "--fields" if experiment.fields is not None else "--field"
    for field in experiment.fields or [experiment.field]:
        name = ",".join(field) if option == "--fields" else None
        for part in [name] if name else field:
            words += [option, f'"{part}"' if any(c in part for c in "[] ,+") else part]
    if experiment.seat >= 0:
        words += ["--seat", str(experiment.seat)]
    return " ".join(words)


def write_advice(
    folder: Path,
    tables: AdviceTables,
    experiment: AdviceExperiment,
    rules,
    command: str = "advise",
    started: float | None = None,
) -> str:
    """Write the advice run's files into ``folder``; return what ``mammoth advise`` prints: the
    card (``card.md``'s text, when the run derived one), how many decisions were played out,
    and how many were not (a game's log was full).

    Parameters
    ----------
    folder : pathlib.Path
        Output folder.
    tables : AdviceTables
        The run's tables (:func:`experiments.advice.analysis_run.advice_tables`, with the check
        over whole games and the decisions dropped).
    experiment : experiments.advice.settings.AdviceExperiment
        The experiment: run.json records its settings as written (:data:`SETTINGS`), and
        ``card.json`` the command that plays it again (:func:`reproducing_command`).
    rules : sim.rules.Rules
        The rules the games were played under (for run.json).
    command : str
        What produced the output, for run.json.
    started : float, optional
        ``time.perf_counter()`` when the run started (for the wall time in run.json).

    Returns
    -------
    str
        The lines printed.
    """
    import time

    decisions, card = tables.decisions, tables.card
    written = experiment.written
    settings = {key: written[key] for key in SETTINGS if key in written}
    write_parquet(folder / "decisions.parquet", decisions, {"settings": settings})
    write_csv(folder / "agreement.csv", agreement_with_situations(tables.agreement, tables.checked))
    files = list(FILES)
    if tables.seek is not None:
        write_csv(folder / "seek.csv", with_situations(tables.seek, after="cell"))
        files.insert(1, "seek.csv")
    if card is not None:
        write_csv(folder / "advice.csv", with_situations(tables.table, after="class"))
        data = worded_card(card_data(card))
        data["provenance"] = {
            "command": reproducing_command(experiment),
            "decisions": len(decisions),
            "games": len(decisions[game_keys(decisions)].drop_duplicates()),
        }
        write_json(folder / "card.json", data)
        write_text(folder / "card.md", card_text(card))
        write_text(
            folder / "card.html",
            card_page(data, rules.tie_rule, mammoth_points=rules.mammoth_points),
        )
        files[1:1] = DERIVED
    if len(tables.check):
        write_csv(folder / "check.csv", tables.check)
        files.insert(-1, "check.csv")
    extra = {"wall_seconds": round(time.perf_counter() - started, 1)} if started else {}
    meta = run_metadata(
        command,
        rules,
        kind="advice",
        settings=settings,
        players=list(experiment.players),
        games_per_player_count=experiment.games,
        seed=experiment.seed,
        field=[list(f) for f in experiment.fields]
        if experiment.fields is not None
        else list(experiment.field),
        decisions=len(decisions),
        decisions_dropped=int(tables.dropped),
        files=files,
        **extra,
    )
    write_json(folder / "run.json", meta)
    said = [card_text(card).rstrip()] if card is not None else []
    said.append(f"{len(decisions):,} decisions played out")
    if tables.dropped:
        said.append(
            f"{int(tables.dropped):,} later decisions were not played out: a game's log holds "
            f"{MAX_DECISIONS} (run.json, decisions_dropped)"
        )
    return "\n".join(said)
