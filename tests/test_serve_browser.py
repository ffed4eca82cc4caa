"""The page of ``mammoth serve`` as a person uses it (issue 68), in headless Chromium against a
real server on 127.0.0.1 and a free port: the documented example entered from scratch and
analysed in the page, its table the command's; a typed value out of bounds shown beside its
field; a renamed seat renamed in every list; the problem that could not be cleared (defect 2)
gone, on the served page and the offline one; a blank page without red, the decision first; the
form using the width of a 1,280 px screen."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from experiments.shared.report_position_page import position_page
from sim.rules import Rules
from tests import serve_server, test_card_browser
from tests.position_entry import Player, enter

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "docs" / "positions" / "example.toml"
MAX_INTERACTIONS = 60
"""What entering the example may take at most (issue 68)."""
SETTINGS = {"#playouts": "40", "#seed": "5", "#field": "greedy"}
"""The analysis asked on the page (small: the light kernel, 40 play-outs per option)."""
WAIT_MS = 240_000
"""The longest wait for an analysis in the page (a cold kernel compile included)."""

browser_page = test_card_browser.browser_page  # the phone-sized Chromium page (a fixture)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with serve_server.running(tmp_path_factory.mktemp("serve") / "out") as url:
        yield url


def _open(page, url: str) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(url, wait_until="load")
    page.wait_for_function("document.getElementById('status').textContent !== ''")


def _settled(page, status: str | None = None) -> None:
    """Wait for the server's answer to the last change (and, given, for the status)."""
    page.wait_for_timeout(300)
    if status is not None:
        page.wait_for_function(
            "s => document.getElementById('status').textContent === s", arg=status
        )


@pytest.mark.heavy_kernel  # plays the light kernel's advice or analysis entry
def test_the_example_is_entered_and_analysed_in_the_page(browser_page, server, tmp_path):
    from cli_contract import invoke

    page = browser_page
    _open(page, server)
    assert page.locator(".problem").count() == 0  # a blank page: nothing red
    assert page.locator("#todo li").count() > 0  # but guidance
    player = Player(page)
    enter(player, tomllib.loads(EXAMPLE.read_text(encoding="utf-8")))
    _settled(page, "no problem found")
    entered = player.count
    assert entered <= MAX_INTERACTIONS, f"{entered} interactions"
    for selector, value in SETTINGS.items():
        player.fill(selector, value)
    player.tap("#analyse")
    page.wait_for_selector("#card-says", timeout=WAIT_MS)
    shown = page.frame_locator("#analysis-frame").locator("table").inner_text()
    said = page.inner_text("#card-says")
    assert said.startswith("What the shipped card says: ") and "greedy+card" in said
    args = ["analyse", EXAMPLE, "--playouts", 40, "--seed", 5, "--field", "greedy"]
    result = invoke(*args, "--out", tmp_path / "cli")
    assert result.exit_code == 0, result.output
    page.goto((tmp_path / "cli" / "analysis.html").resolve().as_uri(), wait_until="load")
    assert shown == page.locator("table").inner_text()  # the command's table, figure by figure


def test_a_typed_value_out_of_bounds_shows_beside_its_field(browser_page, server):
    page = browser_page
    _open(page, server)
    page.fill("#p2-people", "12")
    _settled(page)
    page.wait_for_function("document.getElementById('err-p2-people').textContent !== ''")
    assert page.inner_text("#err-p2-people") == "player 'Bob'.people must be 5 to 10, not 12"
    page.fill("#p2-goods", "food -3, wood 2.5")
    _settled(page)
    page.wait_for_function("document.getElementById('err-p2-goods').textContent !== ''")
    beside = page.inner_text("#err-p2-goods")
    assert "player 'Bob'.food must be 0 to" in beside and "not -3" in beside, beside
    assert "must be a whole number, not 2.5" in beside


def test_a_renamed_seat_is_renamed_in_every_list(browser_page, server):
    page = browser_page
    _open(page, server)
    page.fill("#p3-name", "Lea")
    for select in ("#start", "#seat"):
        texts = page.locator(f"{select} option").all_inner_texts()
        assert texts == ["Ann", "Bob", "Lea", "Dee"], (select, texts)
    assert page.inner_text("#p3-legend").startswith("Seat 3: Lea")
    page.fill("#p3-people", "11")
    _settled(page)
    page.wait_for_function("document.getElementById('err-p3-people').textContent !== ''")
    assert page.inner_text("#err-p3-people").startswith("player 'Lea'.people")


def _phantom(page) -> None:
    """Defect 2: a pending place ticked for one seat, then another seat decides."""
    page.select_option("#kind", "commitment")
    page.select_option("#tile", index=1)  # the herd on its area
    area = page.inner_text("#herd-area").removeprefix("the herd stands on the ")
    page.fill("#p1-placed", f"{area} 2, card 2")
    page.click("#pending-card-2")
    page.select_option("#seat", "1")
    page.fill("#p2-placed", f"{area} 1")


@pytest.mark.parametrize("served", [True, False], ids=["served", "offline"])
def test_a_pending_place_of_another_seat_raises_no_problem(browser_page, server, tmp_path, served):
    page = browser_page
    if served:
        _open(page, server)
    else:
        path = tmp_path / "position.html"
        path.write_text(position_page(Rules(), 4), encoding="utf-8")
        page.goto(path.resolve().as_uri(), wait_until="load")
    _phantom(page)
    _settled(page)
    every = " ".join(page.locator(".problem, #todo li").all_inner_texts())
    assert "still has to take it" not in every, every
    assert "pending = []" in page.inner_text("#toml")
    assert page.locator("#pending input").count() == 0 or not page.is_checked("#pending-card-2")


def test_a_blank_page_asks_for_the_decision_first_without_red(browser_page, server):
    page = browser_page
    _open(page, server)
    _settled(page)
    assert page.locator(".problem").count() == 0
    legends = page.locator("#form legend").all_inner_texts()
    assert legends[0] == "1. The decision"
    page.click("summary")  # how pieces are named: their ids, as the lists show them
    naming = page.inner_text("details")
    assert "C1 to C" in naming and "T1 to T" in naming and "comma-separated" in naming
    assert (
        page.locator("label[for=stack-1-left]").inner_text() == "tiles in it, the top one included"
    )
    assert page.locator("label[for=p1-points]").inner_text() == "score track"
    listed = page.locator("#todo li a").evaluate_all("els => els.map(e => e.hash.slice(1))")
    order = page.locator("#form [data-field]").evaluate_all("els => els.map(e => e.id)")
    assert listed and [order.index(i) for i in listed] == sorted(order.index(i) for i in listed)


def test_the_form_uses_a_wide_screen_and_names_the_tools_used(browser_page, server):
    page = browser_page
    _open(page, server)
    page.set_viewport_size({"width": 1280, "height": 900})
    boxes = [page.locator(f"#p{i}-legend").bounding_box() for i in (1, 2, 3)]
    assert len({round(b["y"]) for b in boxes}) == 1, boxes  # three seats side by side
    right = max(b["x"] + b["width"] for b in page.locator("fieldset").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().toJSON())"))  # fmt: skip
    assert right > 1100, f"the form ends at {right} px of 1,280"
    page.fill("#p1-tools", "7")
    labels = page.locator("#p1-slots label").all_inner_texts()
    assert [" ".join(t.split()) for t in labels] == [
        "the tool of 3 (slot 1)",
        "the tool of 2 (slot 2)",
        "the tool of 2 (slot 3)",
    ]
    page.set_viewport_size({"width": 390, "height": 844})
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the served page is {width} px wide on a 390 px phone"


def _loader_count(page) -> int:
    from sim.position_read import position_problems

    return len(position_problems(tomllib.loads(page.inner_text("#toml")))[1])


def _beside(page, box: str) -> str:
    _settled(page)
    page.wait_for_function(f"document.getElementById('{box}').textContent !== ''")
    return page.inner_text(f"#{box}")


def test_a_broken_rule_or_a_piece_named_twice_shows_beside_the_field_changed(browser_page, server):
    from sim.names import normal
    from sim.position_model import Pieces

    page = browser_page
    example = tomllib.loads(EXAMPLE.read_text(encoding="utf-8"))
    _open(page, server)
    enter(Player(page), example)
    _settled(page, "no problem found")
    # a fifth person on the forest (seven spaces): the rule, beside Cy's places just typed
    page.fill("#p3-people", "8")
    page.fill("#p3-placed", page.input_value("#p3-placed") + ", forest 1")
    said = _beside(page, "err-p3-placed")
    assert "the forest has 7 spaces" in said and "Cy" in said, said
    assert page.locator(".problem").count() + page.locator("#todo li").count() == _loader_count(
        page
    )
    page.fill("#p3-placed", page.input_value("#p3-placed").removesuffix(", forest 1"))
    page.fill("#p3-people", "7")
    _settled(page, "no problem found")
    # a stack's top named among Dee's buildings: said beside Dee's buildings, counted once
    top = example["board"]["stacks"][0]["top"]
    page.fill("#p4-buildings", Pieces(Rules()).building_ids[normal(top)])
    said = _beside(page, "err-p4-buildings")
    assert "named more often than the game has" in said and "player 'Dee'.buildings[1]" in said
    assert page.locator(".problem").count() + page.locator("#todo li").count() == _loader_count(
        page
    )


def test_the_earlier_tiles_can_be_given_as_a_count(browser_page, server):
    page = browser_page
    example = tomllib.loads(EXAMPLE.read_text(encoding="utf-8"))
    example["herd"]["out"] = len(example["herd"]["out"])  # nobody remembers which
    _open(page, server)
    enter(Player(page), example)
    _settled(page, "no problem found")
    assert f"out = {example['herd']['out']}\n" in page.inner_text("#toml")
    page.fill("#out", "3")
    said = _beside(page, "err-out")
    assert "by round 9 the herd has turned 9 tiles" in said, said
