"""The advice card's words (:mod:`experiments.shared.report_card_words`): every feature's
conditions at the advice's thresholds in words; the card in words is checked with the advice's
card (``tests/test_advice_analysis.py``), the seek part's with the gates'."""

from __future__ import annotations

import pytest

from experiments.advice import analysis as sit
from experiments.library.situation_tree import Condition
from experiments.shared import report_card_words as words


@pytest.mark.parametrize("feature", list(sit.GRIDS))
def test_every_feature_has_words(feature):
    for t in sit.GRIDS[feature]:
        for cond in (Condition(feature, None, t), Condition(feature, t, None)):
            text = words.condition_text(cond)
            assert text and "None" not in text
