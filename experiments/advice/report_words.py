"""The advice's own words: a run's verdict on a card's rule (:data:`VERDICT_WORDS`), and its
tables with their situations in words (the ``situation`` columns of ``advice.csv``, ``seek.csv``
and ``agreement.csv``: :func:`with_situations`, :func:`agreement_with_situations`).

The card's words, which the card's check and the card at the table share, are
:mod:`experiments.shared.report_card_words`'s.
"""

from __future__ import annotations

from collections.abc import Mapping

import pandas as pd

from experiments.advice.analysis import (
    AGREES,
    COUNTED,
    DISAGREES,
    LEVEL,
    NOT_MET,
    TOO_FEW_DECISIONS,
)
from experiments.shared.analysis_card import Card
from experiments.shared.report_card_words import OTHERWISE, rule_text, when_text

VERDICT_WORDS = {
    AGREES: ("agree", "agrees"),
    LEVEL: ("level", "level"),
    DISAGREES: ("worse than another count", "worse than another count"),
    TOO_FEW_DECISIONS: ("too rare to tell", "too rare to tell"),
    NOT_MET: ("not met", "not met"),
    COUNTED: ("counted out", "counted out"),
}
"""A run's verdict on a card's rule (:func:`experiments.advice.analysis.card_agreement`) in
words: ``(after a count of rules, for one rule)``."""


def with_situations(table: pd.DataFrame, after: str) -> pd.DataFrame:
    """A table with its ``situation`` column: each row's ``when`` in words, placed after the
    column ``after`` (``advice.csv``: ``class``; ``seek.csv``: ``cell``)."""
    words: dict[str, str] = {}
    situation = [
        words.setdefault(w, when_text(w)) if isinstance(w, str) else "" for w in table["when"]
    ]
    out = table.copy()
    out.insert(out.columns.get_loc(after) + 1, "situation", situation)
    return out


def agreement_with_situations(agreement: pd.DataFrame, card: Card | Mapping) -> pd.DataFrame:
    """The card checked on a run (:func:`experiments.advice.analysis.card_agreement`) with each
    rule's situation in words (the card's own ``text`` where it has one), after ``rule``."""
    rules = Card.from_dict(card).rules if isinstance(card, Mapping) else card.rules
    texts = [rule_text(rule) for rule in rules]
    situation = texts[: len(agreement)] + [OTHERWISE] * (len(agreement) - len(texts))
    out = agreement.copy()
    out.insert(out.columns.get_loc("rule") + 1, "situation", situation)
    return out


__all__ = ["VERDICT_WORDS", "agreement_with_situations", "with_situations"]
