"""One set of number formatters (issue 67): :mod:`experiments.shared.numbers` writes every figure
for people, with one rule for the minus sign and for zero."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from experiments.shared.numbers import (
    DASH,
    MINUS,
    count,
    estimate,
    in_words,
    interval,
    measure,
    percent,
    plain,
    pp,
    rated,
    shortest,
    signed,
)

ROOT = Path(__file__).resolve().parent.parent
EXPERIMENTS = ROOT / "experiments"
NUMBERS = EXPERIMENTS / "shared" / "numbers.py"


# --------------------------------------------------------------------------------------------
# The rule


def test_a_negative_figure_has_the_true_minus_sign():
    assert MINUS == "\u2212"
    assert signed(-1.44) == "−1.4" and plain(-1.44) == "−1.4" and pp(-0.015) == "−1.5 pp"
    assert interval(-0.3, 4.1) == "[−0.3, 4.1]" and signed(-1250.2, 0) == "−1,250"
    assert shortest(-5) == "−5" and shortest(1e-6) == "1e-06"  # an exponent is no figure's sign
    everything = [signed(-2.5), plain(-2.5), pp(-0.025), percent(-0.025), estimate(-1, -2, -0.5)]
    everything += [interval(-2, -1, signs=True), rated(-40, -60, -20), measure(-2, "s")]
    assert all("-" not in text and MINUS in text for text in everything)


@pytest.mark.parametrize("value", [0.0, -0.0, 0.004, -0.004, 1e-12, -1e-12])
def test_a_figure_that_rounds_to_zero_has_no_sign(value):
    assert signed(value) == plain(value) == "0.0"
    assert signed(value, 2) == "0.00" and signed(value, 0) == "0"
    assert pp(value / 100) == "0.0 pp" and percent(value / 100) == "0.0%"
    assert interval(value, value, signs=True) == "[0.0, 0.0]"


def test_figures_keep_their_decimals_sign_and_separators():
    assert signed(3.25) == "+3.2" and signed(3.26) == "+3.3" and signed(0.05, 2) == "+0.05"
    assert plain(1250.04) == "1,250.0" and count(5586) == "5,586" and in_words(6) == "six"
    assert in_words(12000) == "12,000" and percent(0.071666) == "7.2%" and pp(0.0333) == "+3.3 pp"
    assert pp(0.0333, unit=False) == "+3.3" and percent(0.5, 0) == "50%"
    assert interval(0.0264, 0.041, scale=100) == "[2.6, 4.1]"
    assert rated(118.9, 95.2, 145.1) == "+119 [+95, +145]"
    assert rated(0.2, -12, 12) == "0 [−12, +12]"
    assert estimate(0.37, -0.14, 0.88, 2) == "+0.37 [−0.14, +0.88]"
    assert estimate(0.0333, 0.0264, 0.041, scale=100) == "+3.3 [+2.6, +4.1]"
    assert measure(12_345_678, "1/s") == "12.3 M/s"
    assert measure(4120.4, "games/s") == "4,120 games/s"
    assert measure(1.254, "chunks/s") == "1.25 chunks/s" and measure(0.996, "x", 3) == "0.996 x"
    assert shortest(6.0) == "6" and shortest(0.25) == "0.25"


def test_near_zero_gives_a_small_figure_its_sign_back():
    """An interval's end just short of 0 must not read as reaching it (the card's check)."""
    assert signed(-0.03, near_zero=2) == "−0.03" and signed(0.004, near_zero=2) == "0.0"
    assert signed(0.0, near_zero=2) == "0.0" and signed(-0.3, near_zero=2) == "−0.3"
    assert estimate(0.5, -0.03, 1.2, near_zero=2) == "+0.5 [−0.03, +1.2]"


def test_a_missing_figure_is_a_dash_and_a_missing_interval_empty():
    for missing in (None, float("nan")):
        assert signed(missing) == plain(missing) == percent(missing) == pp(missing) == DASH
        assert count(missing) == estimate(missing, 0, 1) == DASH
        assert interval(missing, 1) == interval(0, missing) == ""
    assert estimate(1.0, None, 2.0) == "+1.0"


def test_the_formatters_import_nothing_but_the_standard_library():
    """So that every question, and every room, may use them."""
    tree = ast.parse(NUMBERS.read_text(encoding="utf-8"))
    imported = {
        alias.name.split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    } | {
        node.module.split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module
    }
    assert imported <= set(sys.stdlib_module_names) | {"__future__"}, imported
