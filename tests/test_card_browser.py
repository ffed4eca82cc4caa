"""``card.html`` as a player uses it: headless Chromium at a phone's width, a situation entered,
the answers read back.

The page is written for a hand-written card (so the expected lines are known) and for the
shipped one; the test types into the form as a person would and reads the card's line for the
placement and the commitment, and the contest odds, which must equal the exact odds of
:func:`sim.contest_exact.odds`.
"""

from __future__ import annotations

import os

import pytest

from experiments.shared.report_card_page import card_page
from sim.contest_exact import odds
from strategies.taming_card import load_card
from tests.test_report_browser import CHROMIUM_ARGS, chromium

CARD = {
    "seek": {
        "rules": [
            {
                "when": [{"feature": "rivals", "lo": 0.5, "hi": None}],
                "seek": False,
                "text": "someone on the herd's area already",
                "effect": -0.03,
                "lo": -0.04,
                "hi": -0.02,
            },
        ],
        "default": True,
        "otherwise": {"effect": 0.01, "lo": 0.005, "hi": 0.015},
    },
    "rules": [
        {
            "when": [{"feature": "prize", "lo": 12, "hi": None}],
            "commit": 2,
            "text": "better bonus worth >= 12 points",
            "effect": 0.05,
            "lo": 0.04,
            "hi": 0.06,
        },
        {"when": [], "commit": 1, "text": "otherwise"},
    ],
    "default": 1,
    "provenance": {"command": "written by hand"},
}


@pytest.fixture(scope="module")
def browser_page():
    """A phone-sized page of headless Chromium (skipped where there is none, failed on CI)."""
    if chromium() is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is missing: .ci/run installs it (apt-get install chromium)")
        pytest.skip("no chromium here (apt-get install chromium)")
    import tempfile

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="mammoth-chromium-") as profile, sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            profile, executable_path=chromium(), headless=True, args=CHROMIUM_ARGS
        )
        try:
            page = context.new_page()
            page.set_viewport_size({"width": 390, "height": 844})
            yield page
        finally:
            context.close()


def _open(page, tmp_path, card) -> None:
    path = tmp_path / "card.html"
    path.write_text(card_page(card), encoding="utf-8")
    page.goto(path.resolve().as_uri(), wait_until="load")


def _enter(page, **values) -> None:
    for name, value in values.items():
        if name == "players":
            page.select_option("#players", str(value))
        else:
            page.fill(f"#{name}", str(value))


def test_the_card_answers_an_entered_situation(browser_page, tmp_path):
    page = browser_page
    _open(page, tmp_path, CARD)
    _enter(page, players=3, prize=14, tile_gap=0, rounds_left=5, rivals=0, kmax=4, earlier="2")
    seek = page.inner_text("#seek-answer")
    commit = page.inner_text("#commit-answer")
    assert seek.startswith("Seek the herd.") and "Rule 2 (otherwise)" in seek
    assert "+1.0 pp" in seek and "[+0.5, +1.5]" in seek
    assert commit.startswith("Commit 2.") and "better bonus worth >= 12 points" in commit
    assert "+5.0 pp" in commit and "[+4.0, +6.0]" in commit
    rows = page.locator("#odds tbody tr").all_inner_texts()
    assert len(rows) == 4  # one row per count the player could commit
    for k, row in enumerate(rows, 1):
        shown = float(row.split("\t")[-1].rstrip("%"))
        assert shown == pytest.approx(100 * float(odds((k, 2)).win[0]), abs=0.051), row
    assert "(the card)" in rows[1]

    # someone on the area already: stay away; a poor bonus and one figure to move: commit 1
    _enter(page, rivals=1, prize=5, kmax=1, earlier="", to_decide=2)
    assert page.inner_text("#seek-answer").startswith("Do not go out of your way for the herd.")
    assert "Rule 1 (someone on the herd's area already)" in page.inner_text("#seek-answer")
    assert page.inner_text("#commit-answer").startswith("Commit 1.")
    rows = page.locator("#odds tbody tr").all_inner_texts()
    shown = float(rows[0].split("\t")[-1].rstrip("%"))  # later players counted as 1 figure each
    assert shown == pytest.approx(100 * float(odds((1, 1, 1)).win[0]), abs=0.051)
    assert "each later player counted as committing 1" in page.inner_text("#odds-note")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width} px wide on a 390 px phone"


def test_the_shipped_card_page_answers_what_the_card_says(browser_page, tmp_path):
    """The shipped card's page: a 2-player table with nobody on the area follows the card's
    seek part, and the page says who made the card."""
    card = load_card()
    page = browser_page
    _open(page, tmp_path, card)
    _enter(page, players=2, prize=8, tile_gap=0, rounds_left=6, rivals=0, kmax=2)
    seek = card.get("seek") or {"rules": [], "default": False}
    features = {"players": 2, "prize": 8, "tile_gap": 0, "rounds_left": 6, "rivals": 0}
    go = seek["default"]
    for rule in seek["rules"]:
        if all(
            (c.get("lo") is None or features[c["feature"]] >= c["lo"])
            and (c.get("hi") is None or features[c["feature"]] < c["hi"])
            for c in rule["when"]
        ):
            go = rule["seek"]
            break
    said = page.inner_text("#seek-answer")
    assert said.startswith("Seek the herd." if go else "Do not go out of your way for the herd.")
    assert card["provenance"]["command"] in page.inner_text("#made-by")
    if go and seek.get("weight"):  # how hard to go: the card's own weight at this table
        assert f"at {round(100 * seek['weight']['2'])}% of its expected points" in said
    for head, lines in card.get("notes", {}).items():  # the equilibrium and the adjustments
        assert head in page.inner_text("#notes") and lines[0] in page.inner_text("#notes")


def _counted(players, prize, all_worth, cost, kmax, others, mine, tiles, left):
    """The count the card's rule "count it out" gives, in Python: exact odds, the tile by the
    majority chance (``majority``'s model), the figures at ``cost`` each (ties toward fewer)."""
    from strategies.herd_values import majority_chance
    from strategies.taming_card import MAJORITY_BOX

    rivals = [*tiles, 0, 0, 0][:3]
    tile = 10 * (
        majority_chance(mine + 1, *rivals, left, players, MAJORITY_BOX, 1)
        - majority_chance(mine, *rivals, left, players, MAJORITY_BOX, 1)
    )
    points = [0.0]
    for k in range(1, kmax + 1):
        win = float(odds((k, *others)).win[0])
        points.append(win * (max(prize, all_worth) + tile) + (1 - win) * all_worth - k * cost)
    return max(range(kmax + 1), key=lambda k: (points[k] - 1e-9 * k, -k)), points


COUNT_CASES = [
    # players, better bonus, "all" bonus, figure cost, kmax, earlier, to decide, tiles: mine,
    # others, left
    (3, 8.0, 1.0, 2.0, 3, "1", 1, 1, "2,0", 6),
    (4, 20.0, 0.0, 1.0, 3, "2", 0, 0, "0,0,0", 10),
    (3, 3.0, 2.0, 4.0, 3, "", 1, 0, "1,1", 8),
    (4, 6.0, 2.0, 1.5, 2, "1,1", 1, 2, "2,1,0", 3),
]


@pytest.mark.parametrize("case", COUNT_CASES)
def test_the_shipped_card_counts_it_out_as_the_policy_does(browser_page, tmp_path, case):
    """At 3 and 4 players the shipped card counts the commitment out: the page's count and
    each count's expected points are those of the exact odds and the majority chance."""
    players, prize, all_worth, cost, kmax, earlier, to_decide, mine, tiles, left = case
    page = browser_page
    _open(page, tmp_path, load_card())
    _enter(
        page,
        players=players,
        prize=prize,
        kmax=kmax,
        earlier=earlier,
        to_decide=to_decide,
        all_worth=all_worth,
        figure_cost=cost,
        tiles_mine=mine,
        tiles_others=tiles,
        tiles_left=left,
    )
    before = [int(x) for x in earlier.split(",") if x]
    others = [*before, *[1] * to_decide][:3]
    rivals = [int(x) for x in tiles.split(",")]
    k, points = _counted(players, prize, all_worth, cost, kmax, others, mine, rivals, left)
    said = page.inner_text("#commit-answer")
    assert said.startswith(f"Commit {k if k else 'none'}."), (said, points)
    assert "Count it out: the count with the most expected points" in said
    assert page.is_visible("#tiles_left")
    rows = page.locator("#odds tbody tr").all_inner_texts()
    for j, row in enumerate(rows, 1):
        assert float(row.split("\t")[-1]) == pytest.approx(points[j], abs=0.006), row


GAP_CASES = [
    # players, better bonus, "all" bonus, figure cost, kmax, earlier, to decide, tile gap
    (3, 8.0, 1.0, 2.0, 3, "1", 1, 1),
    (4, 20.0, 0.0, 1.0, 3, "2", 0, 0),
    (3, 3.0, 2.0, 1.0, 3, "", 1, -1),
    (2, 6.0, 2.0, 1.5, 2, "1", 0, -3),
]


@pytest.mark.parametrize("case", GAP_CASES)
def test_a_card_counting_it_out_by_the_tile_gap_counts_as_ev_does(browser_page, tmp_path, case):
    """A card that counts it out by the tile gap (``"commit": -3``): the page's count and each
    count's expected points are ``ev``'s, the tile worth ``ev``'s share of the mammoth points
    for the gap; the tiles held and left, which that count does not read, are hidden."""
    from strategies import taming_ev

    players, prize, all_worth, cost, kmax, earlier, to_decide, gap = case
    page = browser_page
    _open(page, tmp_path, {"rules": [], "default": -3})
    _enter(page, players=players, prize=prize, kmax=kmax, earlier=earlier, to_decide=to_decide,
           all_worth=all_worth, figure_cost=cost, tile_gap=gap)  # fmt: skip
    share = "ahead" if gap > 0 else "level" if gap == 0 else "behind" if gap == -1 else "far"
    tile = 10 * taming_ev.PARAMS[f"tile_{share}"]
    before = [int(x) for x in earlier.split(",") if x]
    others = [*before, *[1] * to_decide][:3]
    points = [0.0]
    for k in range(1, kmax + 1):
        win = float(odds((k, *others)).win[0])
        points.append(win * (max(prize, all_worth) + tile) + (1 - win) * all_worth - k * cost)
    k = max(range(kmax + 1), key=lambda j: (points[j] - 1e-9 * j, -j))
    said = page.inner_text("#commit-answer")
    assert said.startswith(f"Commit {k if k else 'none'}."), (said, points)
    assert "Count it out by the tile gap: the count with the most expected points" in said
    assert f"The tile is worth {tile:.1f} points" in said
    assert page.is_visible("#figure_cost") and not page.is_visible("#tiles_left")
    rows = page.locator("#odds tbody tr").all_inner_texts()
    for j, row in enumerate(rows, 1):
        assert float(row.split("\t")[-1]) == pytest.approx(points[j], abs=0.006), row


def test_the_page_offers_the_shipped_cards_and_opens_a_card_file(browser_page, tmp_path):
    """The page lists the shipped cards by the table each was derived for; picking one shows its
    command, and a card file of one's own opens from the page (a file that is not a card is
    refused in a line, the card shown stays)."""
    import json

    from strategies.taming_card import shipped_cards

    page = browser_page
    _open(page, tmp_path, CARD)
    options = page.locator("#card-choice option").all_inner_texts()
    shipped = [load_card(path) for path in shipped_cards()]
    assert options[0] == "this card" and len(options) == 1 + len(shipped)
    for i, card in enumerate(shipped, start=1):
        assert options[i] == f"for {card['provenance']['table']}"
        page.select_option("#card-choice", str(i))
        assert card["provenance"]["command"] in page.inner_text("#made-by")
    own = tmp_path / "mine.json"
    own.write_text(json.dumps({**CARD, "provenance": {"command": "mammoth mine"}}))
    page.set_input_files("#card-file", str(own))
    page.wait_for_function("document.getElementById('card-file-note').textContent !== ''")
    assert "Opened mine.json" in page.inner_text("#card-file-note")
    assert "mammoth mine" in page.inner_text("#made-by")
    _enter(page, players=4, prize=14, tile_gap=0, rounds_left=6, rivals=1, kmax=3)
    assert page.inner_text("#seek-answer").startswith("Do not go out of your way for the herd.")
    assert page.inner_text("#commit-answer").startswith("Commit 2.")  # prize >= 12
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"rules": "no"}))
    page.set_input_files("#card-file", str(bad))
    page.wait_for_function("document.getElementById('card-file-note').textContent.includes('bad')")
    assert "not a card" in page.inner_text("#card-file-note")
    assert "mammoth mine" in page.inner_text("#made-by")
