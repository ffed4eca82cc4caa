"""The person's card prints on one A6 sheet: headless Chromium prints its page to PDF and the
PDF has one page, for the shipped card and for the longest card the format allows."""

from __future__ import annotations

import json
import os
import re

import pytest

from experiments.shared.report_card_print import print_page
from strategies.card_person import GATHER, MAX_RULES_PER_SIZE, WORTH
from strategies.taming_card import EVERY_TABLE_PATH, load_card
from tests.test_report_browser import CHROMIUM_ARGS, chromium

A6_MM = (105, 148)


def _longest_card() -> dict:
    """Four rules at every size, each with every condition a rule of its part may have."""
    place, commit = [], []
    for players in (2, 3, 4):
        size = {"feature": "players", "lo": players - 0.5, "hi": players + 0.5}
        for people in (0, 2):
            place.append({"when": [size, {"feature": "turn", "lo": 1.5, "hi": 3.5},
                                   {"feature": "rivals", "lo": None, "hi": 0.5},
                                   {"feature": "bonus", "lo": 3, "hi": None},
                                   {"feature": "tile_gap", "lo": None, "hi": -0.5},
                                   {"feature": "tiles_left", "lo": 2.5, "hi": None}],
                          "people": people})  # fmt: skip
        for k in (3, 2):
            commit.append({"when": [size, {"feature": "committed_most", "lo": 0.5, "hi": None},
                                    {"feature": "to_decide", "lo": 0.5, "hi": None},
                                    {"feature": "kmax", "lo": 2.5, "hi": None},
                                    {"feature": "bonus", "lo": 4, "hi": None}],
                           "commit": k})  # fmt: skip
    return {"worth": dict(WORTH), "place": {"rules": place, "default": GATHER},
            "rules": commit, "default": 1}  # fmt: skip


def _pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf))


@pytest.fixture(scope="module")
def printer():
    if chromium() is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is missing: .ci/run installs it (apt-get install chromium)")
        pytest.skip("no chromium here (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium(), headless=True, args=CHROMIUM_ARGS)
        try:
            yield browser.new_page()
        finally:
            browser.close()


@pytest.mark.parametrize("which", ["shipped", "longest"])
def test_a_persons_card_prints_on_one_a6_page(printer, tmp_path, which):
    card = load_card(EVERY_TABLE_PATH) if which == "shipped" else _longest_card()
    if which == "longest":
        path = tmp_path / "longest.json"
        path.write_text(json.dumps(card), encoding="utf-8")
        card = load_card(path)  # the format takes it: four rules a size
        assert len(card["rules"]) + len(card["place"]["rules"]) == 3 * MAX_RULES_PER_SIZE
    page_file = tmp_path / "card.html"
    page_file.write_text(print_page(card, "The card for every table"), encoding="utf-8")
    printer.goto(page_file.resolve().as_uri(), wait_until="load")
    # the sheet a person picks in the print dialog (the page's own @page asks for A6 too)
    pdf = printer.pdf(format="A6", prefer_css_page_size=True, print_background=False)
    assert _pages(pdf) == 1
    box = re.search(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]", pdf)
    width_mm, height_mm = (float(x) * 25.4 / 72 for x in box.groups())
    assert abs(width_mm - A6_MM[0]) < 1 and abs(height_mm - A6_MM[1]) < 1
    text = printer.inner_text("body")
    assert "%" not in text and "card.html" not in text
    for players in (2, 3, 4):
        assert f"{players} players" in text
