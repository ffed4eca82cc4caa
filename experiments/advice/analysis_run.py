"""An advice run's tables, for its report: the seek table, the advice table and the run's card,
the shipped card checked on the decisions (:func:`advice_tables`). Pure pandas, no I/O, no words.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pandas as pd

from experiments.advice.analysis import advice_table, card_agreement, derive_card
from experiments.advice.analysis_seeking import derive_seek, seek_table
from experiments.shared.analysis_card import Card


@dataclass(frozen=True)
class AdviceTables:
    """What an advice run's analysis hands its report (:func:`advice_tables`).

    Attributes
    ----------
    decisions : pandas.DataFrame
        The decision table, commitments and placements.
    checked : dict
        The card checked on the decisions (the shipped one).
    agreement : pandas.DataFrame
        That card checked on the decisions
        (:func:`~experiments.advice.analysis.card_agreement`).
    table : pandas.DataFrame or None
        The advice table (:func:`~experiments.advice.analysis.advice_table`); None when the
        run derives no card.
    card : Card or None
        This run's card (:func:`~experiments.advice.analysis.derive_card`, its seek part with
        placement decisions), or None.
    seek : pandas.DataFrame or None
        The seek table (:func:`experiments.advice.analysis_seeking.seek_table`), with placement
        decisions.
    check : pandas.DataFrame
        The checked card's check over whole games
        (:func:`experiments.shared.analysis_card_check.card_check`); no rows: none.
    dropped : int
        Decisions not played out (met after a game's log was full).
    """

    decisions: pd.DataFrame
    checked: dict
    agreement: pd.DataFrame
    table: pd.DataFrame | None = None
    card: Card | None = None
    seek: pd.DataFrame | None = None
    check: pd.DataFrame = field(default_factory=pd.DataFrame)
    dropped: int = 0


def advice_tables(decisions: pd.DataFrame, checked: dict, derive: bool = True) -> AdviceTables:
    """Every table of an advice run: the seek table (with placement decisions), the advice table
    and this run's card (``derive``), and ``checked`` checked on the commitments.

    Parameters
    ----------
    decisions : pandas.DataFrame
        The decision table (``kind``: ``commit`` or ``place``).
    checked : dict
        The card checked on the decisions (the shipped one).
    derive : bool
        Derive this run's own card.

    Returns
    -------
    AdviceTables
        Without the check over whole games (the kind's to add).
    """
    commits = decisions[decisions["kind"] == "commit"] if len(decisions) else decisions
    places = decisions[decisions["kind"] == "place"] if len(decisions) else decisions
    seek = seek_table(places) if len(places) else None
    table = card = None
    if derive:
        table = advice_table(commits)
        card = derive_card(table)
        if seek is not None:
            card.seek = derive_seek(seek)
    agreement = card_agreement(commits, checked)
    return AdviceTables(decisions, checked, agreement, table, card, seek)


__all__ = ["AdviceTables", "advice_tables"]
